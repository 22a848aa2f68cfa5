"""A black card the pips' count alone makes sure needs the black-split reader (issue 28, h-pip29).

On fresh building seeds (10,550,000+, session 28) tango/noisy#10550001's 8S was read as the 8C,
0.97 sure: its corners split (the network 0.43 spade at one, 0.60 club at the other; the glyph
reader club 0.85 and 0.92), eight pips counted the rank and the index looks passed
``PIP_COUNT_SUIT`` (0.97) for the club. The black-split reader says spade (the club's share
0.04 over both corners), but the corners (32 and 35 legible) were just over the dark corners'
limit (``BLACK_LEGIBLE``). Now a spade or club the pip count alone makes sure must be given at
least ``PIP_BLACK`` of the black suits by the black-split reader.
"""

from __future__ import annotations

import numpy as np

from dealer_assist.cards import Card, Rank, Suit, parse_card
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.pipeline import DEFAULT_THRESHOLD, PIP_BLACK, CardDetector, _Reading
from tests.vision.found import wrong_reads_in_scene


def _look(rank: dict[Rank, float], suit: dict[Suit, float], *, network: bool) -> _Reading:
    ranks = np.array([rank.get(r, 1e-3) for r in RANK_CLASSES if r is not None])
    suits = np.array([suit.get(s, 1e-3) for s in SUIT_CLASSES if s is not None])
    return _Reading(ranks / ranks.sum(), suits / suits.sum(), network=network)


# tango/noisy#10550001's 8S as its looks read it (rounded): the network's two corners split
# between spades and clubs, the glyph reader's two looks clubs.
EIGHT = [
    _look(
        {Rank.EIGHT: 0.40, Rank.NINE: 0.51},
        {Suit.SPADES: 0.43, Suit.DIAMONDS: 0.29, Suit.CLUBS: 0.27},
        network=True,
    ),
    _look(
        {Rank.EIGHT: 0.84, Rank.SIX: 0.07, Rank.TEN: 0.07},
        {Suit.SPADES: 0.28, Suit.DIAMONDS: 0.10, Suit.CLUBS: 0.60},
        network=True,
    ),
    _look({Rank.EIGHT: 0.61, Rank.TEN: 0.19}, {Suit.SPADES: 0.04, Suit.CLUBS: 0.85}, network=False),
    _look(
        {Rank.EIGHT: 0.83, Rank.THREE: 0.10}, {Suit.SPADES: 0.08, Suit.CLUBS: 0.92}, network=False
    ),
]
QUAD = np.array([[0.0, 0.0], [50.0, 0.0], [50.0, 70.0], [0.0, 70.0]])


def test_a_black_card_sure_by_its_pips_alone_needs_the_black_split_readers_suit() -> None:
    detector = CardDetector()
    # The looks alone: not sure (their product under the threshold).
    alone = detector._judge(QUAD, EIGHT)
    assert alone is not None and alone.card is None and alone.confidence < DEFAULT_THRESHOLD
    # Eight pips counted: the club is sure by the count, unless the black-split reader gives
    # the club less than ``PIP_BLACK`` of the black suits.
    asked: list[bool] = []

    def spade() -> float:
        asked.append(True)
        return 0.04  # the club's share

    counted = detector._judge(QUAD, EIGHT, pip_count=8, printed=False)
    assert counted is not None and counted.card == parse_card("8C")
    doubted = detector._judge(QUAD, EIGHT, pip_count=8, printed=False, black_share=spade)
    assert doubted is not None and doubted.card is None and doubted.candidate == parse_card("8C")
    assert asked
    borne = detector._judge(QUAD, EIGHT, pip_count=8, printed=False, black_share=lambda: 0.9)
    assert borne is not None and borne.card == parse_card("8C")
    assert 0.04 < PIP_BLACK < 0.9
    # Off: as before.
    off = CardDetector(pip_black=0.0)._judge(
        QUAD, EIGHT, pip_count=8, printed=False, black_share=spade
    )
    assert off is not None and off.card == parse_card("8C")


def test_the_black_split_reader_is_not_asked_of_a_card_its_looks_make_sure() -> None:
    # A card whose looks' product reaches the threshold is sure without the count: the
    # black-split reader is not asked, and a red card never.
    def never() -> float:
        raise AssertionError("asked")

    sure = [
        _look({Rank.EIGHT: 0.999}, {Suit.CLUBS: 0.999}, network=True),
        _look({Rank.EIGHT: 0.999}, {Suit.CLUBS: 0.999}, network=True),
    ]
    judged = CardDetector()._judge(QUAD, sure, pip_count=8, printed=False, black_share=never)
    assert judged is not None and judged.card == Card(Rank.EIGHT, Suit.CLUBS)
    red = [
        _look({Rank.EIGHT: 0.84}, {Suit.HEARTS: 0.99}, network=True),
        _look({Rank.EIGHT: 0.83}, {Suit.HEARTS: 0.99}, network=True),
    ]
    judged = CardDetector()._judge(QUAD, red, pip_count=8, printed=False, black_share=never)
    assert judged is not None and judged.card == Card(Rank.EIGHT, Suit.HEARTS)


def test_a_noisy_eight_of_spades_is_not_read_as_the_eight_of_clubs(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    label = "tango/noisy#10550001"
    # h-wrong34's share rule off too: the black-split reader's club share 0.04 holds it as well.
    before = CardDetector(pip_black=0.0, black_against=0.0)
    assert wrong_reads_in_scene(check_faces, label, before) == 1
    assert wrong_reads_in_scene(check_faces, label, CardDetector()) == 0
