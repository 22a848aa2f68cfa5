"""How a card is judged from its looks: the corner network's, the glyph reader's and the pips'.

Scenes of the building generator (`synthetic`) with the building design `anglo`, read without a
layout as `vision detect` reads them (the cases are from scripts/vision_tilted.py's building
check, docs/benchmarks.md).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit, parse_card
from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.evaluation import match
from dealer_assist.vision.middle import MiddleSettings, pip_count, warp_middle
from dealer_assist.vision.pipeline import (
    _DISPUTED,
    DEFAULT_THRESHOLD,
    NETWORK_AGREEING,
    PIP_COUNT_RANK,
    PIP_COUNT_SUIT,
    CardDetection,
    CardDetector,
    _confidence,
    _Reading,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import lying_on_felt


def _read(
    faces: dict[Card, np.ndarray],
    seed: int,
    style: synthetic.SceneStyle,
    code: str,
    detector: CardDetector | None = None,
) -> CardDetection:
    scene = synthetic.random_scene(seed, faces, style=style)
    detections = (detector or CardDetector()).detect(scene.image)
    matched, _ = match(detections, scene.cards)
    (where,) = [t for t, card in enumerate(scene.cards) if card.card == parse_card(code)]
    assert where in matched, f"{code} not found"
    return detections[matched[where]]


@pytest.mark.parametrize(
    ("seed", "style", "code"),
    [
        (7_900_001, synthetic.DIM_NOISY, "9H"),
        (7_900_003, synthetic.TILTED_LENS, "6S"),
        (7_900_009, synthetic.OVERHEAD_CLUTTER, "6H"),
    ],
)
def test_a_number_card_is_not_read_as_the_two_of_its_suit(
    building_faces: dict[Card, np.ndarray], seed: int, style: synthetic.SceneStyle, code: str
) -> None:
    # The network read the nine (or six) on both corners; the glyph reader cut a thin red rank
    # run into its suit, found no suit, and read what it cut as a 2, 0.99 sure: multiplied in,
    # that rank-only look made the card a 2 of the suit, surely. Only whole looks count now.
    found = _read(building_faces, seed, style, code)
    assert found.card == parse_card(code)


def _look(rank: Rank, rank_sureness: float, suit: Suit, suit_sureness: float) -> _Reading:
    ranks = np.full(13, (1.0 - rank_sureness) / 12)
    ranks[list(Rank).index(rank)] = rank_sureness
    suits = np.full(4, (1.0 - suit_sureness) / 3)
    suits[list(Suit).index(suit)] = suit_sureness
    return _Reading(ranks, suits)


def test_the_pips_counted_in_the_middle_are_a_look_at_a_number_card_s_rank(
    building_faces: dict[Card, np.ndarray],
) -> None:
    frame, quad = lying_on_felt(building_faces[parse_card("7D")])
    assert pip_count(warp_middle(frame, quad, MiddleSettings()), MiddleSettings()) == 7
    outlines = [quad.astype(np.float32)]
    detector = CardDetector()

    def judged(look: _Reading) -> Card | None:
        first = detector._judge(quad, [look], printed=False)
        assert first is not None and first.card is None  # the index alone is not sure
        again = detector._seconded_by_pips(frame, outlines, 0, quad, [look], first, printed=False)
        assert again is not None
        return again.card

    # A seven half sure of its rank and sure of its suit: seven pips make it sure.
    assert judged(_look(Rank.SEVEN, PIP_COUNT_RANK + 0.05, Suit.DIAMONDS, 0.99)) == parse_card("7D")
    # Another rank than the pips counted, a suit not sure on its own, a rank not half sure:
    # still uncertain.
    assert judged(_look(Rank.EIGHT, 0.9, Suit.DIAMONDS, 0.99)) is None
    # (The pips' own suit, diamonds, would second a diamond: a heart it does not.)
    assert judged(_look(Rank.SEVEN, 0.9, Suit.HEARTS, PIP_COUNT_SUIT - 0.03)) is None
    assert judged(_look(Rank.SEVEN, PIP_COUNT_RANK - 0.05, Suit.DIAMONDS, 0.99)) is None


def test_a_court_card_s_picture_counts_no_pips(building_faces: dict[Card, np.ndarray]) -> None:
    for code in ("KS", "QH", "JD"):
        frame, quad = lying_on_felt(building_faces[parse_card(code)])
        assert pip_count(warp_middle(frame, quad, MiddleSettings()), MiddleSettings()) is None


@pytest.mark.parametrize(
    ("design", "seed", "style", "code"),
    [
        ("ornamental", 7_590_404, synthetic.TILTED_LENS, "7D"),  # 66 pixels wide
        ("simplistic", 7_249_225, synthetic.NOISY, "8H"),  # 60 pixels wide, grainy
    ],
)
def test_a_small_number_card_whose_index_is_unsure_is_read_by_its_pips(
    art_cache: Path, design: str, seed: int, style: synthetic.SceneStyle, code: str
) -> None:
    # Before: uncertain (the corners alone 0.97 and 0.62 sure); the pips count the rank. The
    # finder as these cases were chosen with (before h-finder4's opened mask, felt window and
    # lone cards): h-finder4 cuts the ornamental seven so that its index alone reads it surely.
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    finder = FinderSettings(opening_reach=0, crowded_share=0, lone_size_error=0)
    found = _read(faces, seed, style, code, CardDetector(finder=finder))
    assert found.card == parse_card(code)
    assert found.confidence < DEFAULT_THRESHOLD


def test_a_glyph_look_of_another_card_is_multiplied_in_when_the_network_s_corners_agree() -> None:
    detector = CardDetector()
    quad = np.array([[0.0, 0.0], [50.0, 0.0], [50.0, 70.0], [0.0, 70.0]])
    nine = [
        replace(_look(Rank.NINE, 0.97, Suit.HEARTS, 0.99), network=True),
        replace(_look(Rank.NINE, 0.95, Suit.HEARTS, 0.99), network=True),
    ]
    six = _look(Rank.SIX, 0.6, Suit.HEARTS, 0.99)  # one glyph corner, cut badly
    judged = detector._judge(quad, [*nine, six])
    assert judged is not None and judged.card == parse_card("9H")
    # The glyph reader's looks as a whole disputing the network (``disputes``): uncertain.
    judged = detector._judge(quad, [*nine, six, _DISPUTED])
    assert judged is not None and judged.card is None
    # The network's corners not sure enough together, or one of them not the network's: the
    # disagreement stands.
    torn = np.full(13, 1e-4)
    torn[[list(Rank).index(Rank.NINE), list(Rank).index(Rank.SIX)]] = (0.6, 0.4)  # nine or six
    unsure = [replace(_look(Rank.NINE, 0.6, Suit.HEARTS, 0.99), rank=torn, network=True)] * 2
    assert _confidence(unsure)[0] < NETWORK_AGREEING
    judged = detector._judge(quad, [*unsure, six])
    assert judged is not None and judged.card is None
    judged = detector._judge(quad, [nine[0], replace(nine[1], network=False), six])
    assert judged is not None and judged.card is None


def test_the_pips_settle_two_looks_that_differ_in_the_rank_only(
    building_faces: dict[Card, np.ndarray],
) -> None:
    frame, quad = lying_on_felt(building_faces[parse_card("4C")])
    outlines = [quad.astype(np.float32)]
    detector = CardDetector()
    four = _look(Rank.FOUR, 0.95, Suit.CLUBS, 0.99)

    def judged(looks: list[_Reading]) -> Card | None:
        first = detector._judge(quad, looks, printed=False)
        assert first is not None and first.card is None  # disputed
        again = detector._seconded_by_pips(frame, outlines, 0, quad, looks, first, printed=False)
        assert again is not None
        return again.card

    # An ace of clubs beside the four of clubs: four pips say which.
    assert judged([four, _look(Rank.ACE, 0.7, Suit.CLUBS, 0.99)]) == parse_card("4C")
    # A four of spades beside it: the pips count no suit.
    assert judged([four, _look(Rank.FOUR, 0.7, Suit.SPADES, 0.99)]) is None
    # A six of clubs, read surer than the four: the product's rank is not the pips'.
    assert judged([four, _look(Rank.SIX, 0.99, Suit.CLUBS, 0.99)]) is None
