"""A large card found in pieces is one card at its size (issue 28, h-size41).

On a drawn deck with a framed middle (``DrawnStyle.framed``) and cards up to 300 pixels wide
(the second generator's large condition, ``lens_scenes``), the card size search can take a card
too small and cut a card into card-shaped pieces: halves side by side, or two pieces at its
index corners overlapping in its middle (``duplicates.diagonal_pieces``). Pieces naming no two
cards are joined into the card and read again (``CardDetector(join_pieces=...)``).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import decks
from dealer_assist.vision.drawn_decks import random_style, render_drawn
from dealer_assist.vision.duplicates import diagonal_pieces
from dealer_assist.vision.lens_scenes import CONDITIONS, photograph
from dealer_assist.vision.pipeline import CardDetection, CardDetector

STYLE_SEED = 11_770_002  # h-size41's range: a framed deck whose index is 0.15 of its card
CARDS = [
    parse_card(c) for c in ["5S", "3H", "7D", "9C", "4S", "2D", "TC", "QH", "KS", "JD", "8H", "AC"]
]
LARGE = replace(CONDITIONS["large"], card_px=(170.0, 300.0))
HALVES_SEED = 11_772_001  # a 7D 276 x 395 found as two halves, both guessed JC


@pytest.fixture(scope="module")
def framed_faces() -> dict[Card, np.ndarray]:
    if not decks.renderer_available():
        pytest.skip("rsvg-convert is not installed")
    style = replace(random_style(np.random.default_rng(STYLE_SEED), jumbo=False), framed=True)
    return render_drawn(style, seed=STYLE_SEED % 1000, only=CARDS)


def _on(detections: list[CardDetection], corners: np.ndarray) -> list[CardDetection]:
    return [
        d
        for d in detections
        if cv2.pointPolygonTest(corners.astype(np.float32), d.center, False) >= 0
    ]


def test_halves_of_a_large_card_are_one_card(framed_faces: dict[Card, np.ndarray]) -> None:
    photo = photograph(HALVES_SEED, framed_faces, LARGE, cards=CARDS)
    seven = next(c for c in photo.cards if c.card == parse_card("7D"))
    true = np.asarray(seven.corners, np.float64)
    before = _on(CardDetector(join_pieces=False).detect(photo.image), true)
    assert len(before) == 2 and all(d.card is None for d in before)  # two halves
    after = _on(CardDetector(join_pieces=True).detect(photo.image), true)
    assert len(after) == 1
    assert after[0].card is None and after[0].candidate == parse_card("7D")
    found = np.asarray(after[0].corners, np.float64)
    gaps = np.hypot(*(true[:, None, :] - found[None, :, :]).transpose(2, 0, 1)).min(axis=1)
    assert gaps.max() < 25  # the card's own outline (276 x 395; a half's corners lie ~200 off)


def _box(x: float, y: float, w: float, h: float) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)


def test_diagonal_pieces_make_the_card() -> None:
    # A card 200 x 280 cut into two pieces 0.65 of it at its two index corners.
    one, other = _box(0, 0, 130, 182), _box(70, 98, 130, 182)
    found = diagonal_pieces(one, other)
    assert found is not None
    whole, free = found
    assert np.allclose(np.sort(whole, axis=0), np.sort(_box(0, 0, 200, 280), axis=0))
    # The two corners neither piece lies at (top right, bottom left): paper on a card, felt
    # between two cards dealt overlapping, which the caller looks at.
    assert sorted(tuple(whole[n]) for n in free) == [(0.0, 280.0), (200.0, 0.0)]
    # Side by side, apart, or one in the other: not a card's diagonal pieces.
    assert diagonal_pieces(_box(0, 0, 130, 182), _box(130, 0, 130, 182)) is None
    assert diagonal_pieces(_box(0, 0, 130, 182), _box(140, 190, 130, 182)) is None
    assert diagonal_pieces(_box(0, 0, 200, 280), _box(20, 20, 130, 182)) is None
