"""A large card cut into pieces is one card (issue 28, h-halves40).

A card 170-300 pixels wide whose index is a small share of its height is taken for a card too
large, and the finding at a smaller card size cuts it into card-shaped pieces (halves or
quarters): the piece holding the index reads surely, the others do not, and each was reported
as a card. ``duplicates.pieces_of_sure`` drops the shapes not read surely that tile one
card-shaped whole with a card read surely and read no other card (``CardDetector(
pieces_of_sure=...)``). Two cards dealt touching side by side also tile a card-shaped whole:
the one whose index read unsurely as its own card is kept.

The scene is the second generator's large condition (``lens_scenes``, cards up to 300 pixels
wide) of a building-only drawn deck with a framed middle (``DrawnStyle.framed``), fixed seed.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import decks
from dealer_assist.vision.drawn_decks import random_style, render_drawn
from dealer_assist.vision.duplicates import pieces_of_sure
from dealer_assist.vision.lens_scenes import CONDITIONS, Photo, TrueCard, photograph
from dealer_assist.vision.pipeline import CardDetection, CardDetector

STYLE_SEED = 11_720_003  # h-halves40's range: the framed deck
CARDS = [parse_card(c) for c in ("5S", "3H", "7D", "9C", "4S", "2D")]  # pips: no picture drawn
LARGE = replace(CONDITIONS["large"], card_px=(170.0, 300.0))
PIECES_SEED = 11_730_114  # a 7D 268 pixels wide, found as two pieces before
TOUCHING_SEED = 11_730_110  # a 3H read surely touching a 5S read unsurely, side by side


@pytest.fixture(scope="module")
def framed_faces() -> dict[Card, np.ndarray]:
    if not decks.renderer_available():
        pytest.skip("rsvg-convert is not installed")
    style = replace(random_style(np.random.default_rng(STYLE_SEED), jumbo=False), framed=True)
    return render_drawn(style, seed=3, only=CARDS)


def _on_cards(detections: list[CardDetection], cards: list[TrueCard]) -> list[int]:
    """Per card, how many detections' centres lie on it (topmost); every detection lies on one."""
    counts = [0] * len(cards)
    for detection in detections:
        point = (float(detection.center[0]), float(detection.center[1]))
        under = [
            n
            for n, card in enumerate(cards)
            if cv2.pointPolygonTest(np.array(card.corners, np.float32), point, False) >= 0
        ]
        assert under, f"a detection where no card is at {point}"
        counts[under[-1]] += 1
    return counts


def _photo(faces: dict[Card, np.ndarray], seed: int) -> Photo:
    return photograph(seed, faces, LARGE, cards=CARDS)


def test_pieces_of_a_large_card_are_one_detection(framed_faces: dict[Card, np.ndarray]) -> None:
    photo = _photo(framed_faces, PIECES_SEED)
    assert [c.card.code for c in photo.cards] == ["7D"] and photo.card_px > 260
    before = CardDetector(pieces_of_sure=False).detect(photo.image)
    assert _on_cards(before, photo.cards) == [2]  # the card and a piece of it
    after = CardDetector(pieces_of_sure=True, grow_pieces=False).detect(photo.image)
    # One detection, read right; its outline a quarter of the card (about 132 x 187 of
    # 283 x 390: the size search takes the piece's size, session 40's diagnosis in
    # docs/benchmarks.md) ...
    assert _on_cards(after, photo.cards) == [1]
    assert after[0].card == parse_card("7D")
    assert _largest_gap(after[0], photo.cards[0]) > 100
    # ... grown back to the whole card (``CardDetector(grow_pieces=...)``, h-size41): the
    # quarter read surely lies on paper its shape grown from its index corner covers.
    grown = CardDetector(pieces_of_sure=True, grow_pieces=True).detect(photo.image)
    assert _on_cards(grown, photo.cards) == [1]
    assert grown[0].card == parse_card("7D")
    assert _largest_gap(grown[0], photo.cards[0]) < 6


def _largest_gap(detection: CardDetection, card: TrueCard) -> float:
    """The largest distance from a corner of ``card`` to the detection's nearest corner."""
    found = np.asarray(detection.corners, np.float64)
    true = np.asarray(card.corners, np.float64)
    return float(np.hypot(*(true[:, None, :] - found[None, :, :]).transpose(2, 0, 1)).min(1).max())


def test_touching_card_read_unsurely_is_kept(framed_faces: dict[Card, np.ndarray]) -> None:
    photo = _photo(framed_faces, TOUCHING_SEED)
    found = CardDetector(pieces_of_sure=True).detect(photo.image)
    on = dict(zip((c.card.code for c in photo.cards), _on_cards(found, photo.cards), strict=True))
    assert on["3H"] == 1 and on["5S"] == 1
    five = [d for d in found if d.candidate == parse_card("5S")]
    assert len(five) == 1 and five[0].card is None


def _detection(corners: np.ndarray, card: str | None, candidate: str | None) -> CardDetection:
    centre = corners.mean(axis=0)
    return CardDetection(
        parse_card(card) if card is not None else None,
        1.0 if card is not None else 0.4,
        tuple((float(x), float(y)) for x, y in corners),
        (float(centre[0]), float(centre[1])),
        candidate=parse_card(candidate) if candidate is not None else None,
        corners_read=1,
    )


def _box(x: float, y: float, w: float, h: float) -> np.ndarray:
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)


def test_quarters_of_a_card_go_other_cards_stay() -> None:
    # A card 200 x 280 cut into quarters of 100 x 140: the one at its index reads 5S surely.
    quarters = [
        _detection(_box(0, 0, 100, 140), "5S", "5S"),
        _detection(_box(100, 0, 100, 140), None, "5S"),
        _detection(_box(0, 140, 100, 140), None, None),
        _detection(_box(100, 140, 100, 140), None, None),
    ]
    assert pieces_of_sure(quarters) == quarters[:1]
    # Two cards 200 x 280 touching side by side: the other reads unsurely as another card.
    pair = [
        _detection(_box(0, 0, 200, 280), "3H", "3H"),
        _detection(_box(200, 0, 200, 280), None, "5S"),
    ]
    assert pieces_of_sure(pair) == pair
    # A card read surely beside a shape apart from it (a gap of a fifth of a card): kept.
    apart = [pair[0], _detection(_box(240, 0, 200, 280), None, None)]
    assert pieces_of_sure(apart) == apart
