"""The glyph reader does not dispute the network over the suit alone where the index's ink
settles it (issue 28, h-court37).

On building designs the reader was tuned on least (dondorf, the KDE Paris, jolly royal), a KD's
diamond at one corner is read by the colour-blind corner network as a club or a spade, surely
enough to outweigh the other corner's diamond in the network's product; the glyph reader reads
the KD at both corners in red ink and disputes, and the card is left uncertain. The ink rules
the network's suit out, and one network corner reads the KD: no dispute (``_suit_by_ink``,
``CardDetector.ink_settles_suit``); the card is judged on its looks as any other.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.vision import decks
from dealer_assist.vision.pipeline import (
    CHECK_SURENESS,
    CardDetector,
    _Reading,
    _suit_by_ink,
    disputes,
)
from tests.vision.found import answer_in_scene
from tests.vision.test_court_neighbour import _look

RED = frozenset({Suit.CLUBS, Suit.SPADES})  # the suits red ink rules out
BLACK = frozenset({Suit.HEARTS, Suit.DIAMONDS})


def _glyph(rank: Rank, suit: Suit, unlike: frozenset[Suit], overlap: float = 0.0) -> _Reading:
    """A glyph reader's whole look at one corner, its ink ruling out ``unlike``."""
    return replace(_look({rank: 0.99}, suit), network=False, unlike=unlike, overlap=overlap)


def _king(suit: Suit, share: float = 0.99) -> _Reading:
    """A network look of the king, ``suit`` at ``share`` (the rest spread evenly)."""
    look = _look({Rank.KING: 0.98}, suit)
    assert look.suit is not None
    suits = np.full(len(look.suit), (1.0 - share) / (len(look.suit) - 1))
    suits[int(np.argmax(look.suit))] = share
    return replace(look, suit=suits)


def test_a_red_king_read_a_club_at_one_network_corner_is_no_dispute() -> None:
    # dondorf/table#11390000's KD: the network's product reads the KC.
    network = [_king(Suit.DIAMONDS, 0.64), _king(Suit.CLUBS, 0.92)]
    glyphs = [_glyph(Rank.KING, Suit.DIAMONDS, RED), _glyph(Rank.KING, Suit.DIAMONDS, RED)]
    assert _suit_by_ink(network, glyphs)
    assert disputes(network, glyphs, CHECK_SURENESS)


@pytest.mark.parametrize(
    "network, glyphs",
    [
        # No network corner reads the glyph reader's card.
        (
            [_king(Suit.CLUBS), _king(Suit.SPADES)],
            [_glyph(Rank.KING, Suit.DIAMONDS, RED)],
        ),
        # The ink does not rule the network's suit out (black ink, or none measured).
        (
            [_king(Suit.DIAMONDS, 0.64), _king(Suit.CLUBS, 0.92)],
            [_glyph(Rank.KING, Suit.DIAMONDS, BLACK)],
        ),
        (
            [_king(Suit.DIAMONDS, 0.64), _king(Suit.CLUBS, 0.92)],
            [_glyph(Rank.KING, Suit.DIAMONDS, frozenset())],
        ),
        # The ink measured only at a corner under another card (it may be that card's ink).
        (
            [_king(Suit.DIAMONDS, 0.64), _king(Suit.CLUBS, 0.92)],
            [_glyph(Rank.KING, Suit.DIAMONDS, RED, overlap=0.6)],
        ),
        # The two readers differ in the rank: the court/ten confusions stay disputed.
        (
            [_look({Rank.QUEEN: 0.98}, Suit.DIAMONDS), _look({Rank.QUEEN: 0.98}, Suit.CLUBS)],
            [_glyph(Rank.KING, Suit.DIAMONDS, RED)],
        ),
        (
            [_look({Rank.TEN: 0.98}, Suit.DIAMONDS), _king(Suit.CLUBS)],
            [_glyph(Rank.KING, Suit.DIAMONDS, RED)],
        ),
    ],
)
def test_the_dispute_stands(network: list[_Reading], glyphs: list[_Reading]) -> None:
    assert not _suit_by_ink(network, glyphs)


@pytest.fixture(scope="module")
def dondorf_faces(art_cache: Path) -> dict[str, dict[Card, np.ndarray]]:
    design = decks.design("dondorf")
    assert design.family not in decks.HELD_OUT_FAMILIES
    return {"dondorf": decks.render_design(design, height=320, cache=art_cache)}


def test_a_diamond_king_disputed_over_its_suit_is_read_on_a_building_scene(
    dondorf_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # Fresh building seed: the network read the KD at one corner (0.64 diamond) and the KC at
    # the other (0.92 club), the glyph reader the KD at both in red ink, 1.0 sure.
    label, code = "dondorf/table#11390000", "KD"
    was, before = answer_in_scene(dondorf_faces, label, code, CardDetector(ink_settles_suit=False))
    now, after = answer_in_scene(dondorf_faces, label, code, CardDetector())
    assert was.card is None and was.candidate is not None and was.candidate.code == code
    assert now.card is not None and now.card.code == code
    assert all(d.card is None or d.card == truth for d, truth in after)
    others = [(t.code, d.card) for d, t in before if t.code != code]
    assert others == [(t.code, d.card) for d, t in after if t.code != code]
