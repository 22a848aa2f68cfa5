"""A court card both network corners read as the same court, its middle a picture (in the clear,
no pips), is judged with the picture as one more look (issue 28, h-court36).

On building scenes the court cards left uncertain with a right outline are mostly cards whose
rank leaks to a number rank: the glyph reader reads a piece of a J's or a Q's index over its suit
as a 2S or a 4D (and disputes), or the network's two corners agree on the court just short of
the threshold, their rest on aces to nines. The middle shows a picture, not pips: the ranks ace
to nine keep ``COURT_PICTURE`` of their probability, the ten and the courts all of it
(``_court_by_picture``, ``CardDetector.court_picture``).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.vision.pipeline import (
    _DISPUTED,
    COURT_PICTURE,
    CardDetection,
    CardDetector,
    _best_card,
    _court_by_picture,
    _Reading,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answer_in_scene
from tests.vision.test_court_neighbour import _look
from tests.vision.test_refit_measured import OFF

_QUAD = np.array([[0.0, 0.0], [60.0, 0.0], [60.0, 84.0], [0.0, 84.0]])


def _glyph(shares: dict[Rank, float], suit: Suit) -> _Reading:
    """A glyph reader's look at one corner (``_look``'s, not the network's)."""
    return replace(_look(shares, suit), network=False)


def _others(answers: list[tuple[CardDetection, Card]], code: str) -> list[tuple[str, str]]:
    """The answers to the frame's other cards than ``code`` (uncertain: ?), sorted."""
    return sorted((t.code, d.card.code if d.card else "?") for d, t in answers if t.code != code)


def _exact_only_on(
    faces: dict[str, dict[Card, np.ndarray]],
    label: str,
    code: str,
    off: CardDetector,
    on: CardDetector | None = None,
) -> None:
    """Card ``code`` of scene ``label`` is uncertain ``off`` (its candidate right) and exact
    ``on`` (default: the default detector); the frame's other cards are answered the same, none
    wrongly."""
    was, before = answer_in_scene(faces, label, code, off)
    now, after = answer_in_scene(faces, label, code, on or CardDetector())
    assert was.card is None and was.candidate is not None and was.candidate.code == code
    assert now.card is not None and now.card.code == code
    assert all(d.card is None or d.card == truth for d, truth in after)
    assert _others(before, code) == _others(after, code)


def _judge(looks: list[_Reading]) -> Card | None:
    detection = CardDetector()._judge(_QUAD, looks)
    assert detection is not None
    return detection.card


def test_a_glyph_two_beside_two_network_corners_of_a_queen_is_left_out() -> None:
    # anglo/lens#7900006's QH, as recorded: both network corners the QH (0.98, 0.96), a glyph
    # look a 2S (a piece of the Q over its heart) disputing.
    net = [_look({Rank.QUEEN: 0.97}, Suit.HEARTS), _look({Rank.QUEEN: 0.95}, Suit.HEARTS)]
    two = _glyph({Rank.TWO: 0.95}, Suit.SPADES)
    looks = [*net, two, _DISPUTED]
    assert _judge(looks) is None
    pictured = _court_by_picture(looks, COURT_PICTURE)
    assert pictured is not None and not any(r is _DISPUTED for r in pictured)
    assert not any(r is two for r in pictured)
    assert _judge(pictured) == Card(Rank.QUEEN, Suit.HEARTS)


def test_the_picture_takes_nothing_from_the_ten_nor_between_courts() -> None:
    # A queen leaning to the ten (or the king) is judged as before: the picture moves no
    # probability from the ten, nor between the courts.
    for neighbour in (Rank.TEN, Rank.KING):
        net = [
            _look({Rank.QUEEN: 0.8, neighbour: 0.19}, Suit.SPADES),
            _look({Rank.QUEEN: 0.8, neighbour: 0.19}, Suit.SPADES),
        ]
        pictured = _court_by_picture(net, COURT_PICTURE)
        assert pictured is not None
        assert _judge(net) is None and _judge(pictured) is None


def test_a_glyph_look_of_another_court_still_disputes() -> None:
    net = [_look({Rank.JACK: 0.97}, Suit.CLUBS), _look({Rank.JACK: 0.97}, Suit.CLUBS)]
    king = _glyph({Rank.KING: 0.9}, Suit.CLUBS)
    pictured = _court_by_picture([*net, king, _DISPUTED], COURT_PICTURE)
    assert pictured is not None and any(r is _DISPUTED for r in pictured)
    assert _judge(pictured) is None


@pytest.mark.parametrize(
    "first, second",
    [
        (Card(Rank.QUEEN, Suit.DIAMONDS), Card(Rank.FOUR, Suit.DIAMONDS)),  # corners disagree
        (Card(Rank.FOUR, Suit.DIAMONDS), Card(Rank.FOUR, Suit.DIAMONDS)),  # not a court
        (Card(Rank.TEN, Suit.DIAMONDS), Card(Rank.TEN, Suit.DIAMONDS)),
    ],
)
def test_only_two_network_corners_of_one_court(first: Card, second: Card) -> None:
    looks = [_look({first.rank: 0.9}, first.suit), _look({second.rank: 0.9}, second.suit)]
    assert [_best_card(r) for r in looks] == [first, second]
    assert _court_by_picture(looks, COURT_PICTURE) is None


def test_a_network_four_beside_a_queen_the_glyph_reader_reads_is_set_aside() -> None:
    # set B's simplistic/wide#11310003 QH, as recorded: one network corner 4H (0.70 four), the
    # other QH (0.85), the glyph reader QH at both corners; uncertain, and so without
    # ``aside``, sure with it. Not when a glyph look reads the four, nor with no glyph look,
    # nor for a ten.
    four, queen = _look({Rank.FOUR: 0.70}, Suit.HEARTS), _look({Rank.QUEEN: 0.85}, Suit.HEARTS)
    glyphs = [_glyph({Rank.QUEEN: 0.99}, Suit.HEARTS), _glyph({Rank.QUEEN: 0.99}, Suit.HEARTS)]
    looks = [four, queen, *glyphs, _DISPUTED]
    assert _judge(looks) is None
    assert _court_by_picture(looks, COURT_PICTURE) is None
    pictured = _court_by_picture(looks, COURT_PICTURE, aside=True)
    assert pictured is not None and _judge(pictured) == Card(Rank.QUEEN, Suit.HEARTS)
    against = [four, queen, glyphs[0], _glyph({Rank.FOUR: 0.9}, Suit.HEARTS), _DISPUTED]
    assert _court_by_picture(against, COURT_PICTURE, aside=True) is None  # a glyph four
    assert _court_by_picture([four, queen], COURT_PICTURE, aside=True) is None  # no glyph look
    ten = _look({Rank.TEN: 0.70}, Suit.HEARTS)  # a ten is never set aside
    assert _court_by_picture([ten, queen, *glyphs], COURT_PICTURE, aside=True) is None


@pytest.mark.parametrize(
    "label, code",
    [
        # Fresh building seeds (this branch's range): the QD's glyph reader read 4D at both
        # corners (0.60 four) and disputed, the network QD at both (0.72 queen); the KH's two
        # network corners 0.58 and 0.69 king, their product 0.96.
        ("simplistic/noisy#11300002", "QD"),
        ("simplistic/noisy#11310001", "KH"),
    ],
)
def test_a_court_read_by_its_picture_on_a_building_scene(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    # Uncertain with the picture off (its candidate right), exact with it on.
    _exact_only_on(check_faces, label, code, CardDetector(court_picture=0))


@pytest.mark.parametrize(
    "label, code",
    [
        # Fresh building seeds: one network corner read the 4H (0.70 four), the other the QH
        # (0.85), the glyph reader the QH at both corners, 1.0 sure; the QD likewise (network
        # 4D 0.29 and QD 0.81, the glyph reader QD twice).
        ("simplistic/wide#11310003", "QH"),
        ("simplistic/close#11310000", "QD"),
    ],
)
def test_a_court_read_as_a_four_at_one_corner_set_aside_on_a_building_scene(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    # Uncertain with ``picture_sets_aside`` off, its candidate right; exact with it on. The
    # refit's outlines laid along the paper (h-outline38) off in both: they read the QD too;
    # and the off outline laid again from its index corner (h-relay42, on): it reads both
    # courts surely first. ``line_fit`` (on since session 46) reads simplistic/wide#11310003's
    # QH exactly at its fitted outline first (tests/vision/test_line_fit.py): off in both too.
    no_relay = FinderSettings(relay_off=False, line_fit=False)
    off = CardDetector(picture_sets_aside=False, refit=OFF, finder=no_relay)
    on = CardDetector(refit=OFF, finder=no_relay)
    _exact_only_on(check_faces, label, code, off, on)
