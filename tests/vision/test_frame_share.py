"""A small-index deck's cards are read at their true size (issue 28, h-share41).

``_share_fits`` took an index under ``SHARE_LOW`` (0.165 of the card's height, measured on the
Debian designs) to mean a card shape too large, and weighed a card read surely in it at nothing
(``_weights``): on drawn decks whose index is 0.12-0.16 of the card the true size scored 0 and a
finding of pieces won (``_choose``). ``CardDetector(frame_share=True)`` lets the finding's own
cards read surely, agreeing on one share (``_frame_share_low``), set the bound. It ships off.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import parse_card
from dealer_assist.vision import decks
from dealer_assist.vision.drawn_decks import random_style, render_drawn
from dealer_assist.vision.lens_scenes import CONDITIONS, photograph
from dealer_assist.vision.pipeline import (
    SHARE_LOW,
    CardDetection,
    CardDetector,
    FrameAnalysis,
    _frame_share_low,
)
from dealer_assist.vision.quads import FinderSettings

STYLE_SEED = 11_810_008  # h-share41's range: a framed deck, rank 0.070 of the card
PHOTO_SEED = 11_811_300  # 5S, 3H, 9C, 290 x 410 px
CARDS = [
    parse_card(c) for c in ["5S", "3H", "7D", "9C", "4S", "2D", "TC", "QH", "KS", "JD", "8H", "AC"]
]
LARGE = replace(CONDITIONS["large"], card_px=(170.0, 300.0))


def _gap(detection: CardDetection, corners: np.ndarray) -> float:
    """The farthest of ``corners`` from the detection's nearest corner (pixels)."""
    found = np.asarray(detection.corners, np.float64)
    apart = corners[:, None, :] - found[None, :, :]
    return float(np.hypot(apart[..., 0], apart[..., 1]).min(axis=1).max())


def test_the_frame_share_ships_off() -> None:
    assert CardDetector(layout=None).frame_share is False


def test_small_index_cards_at_their_true_size() -> None:
    if not decks.renderer_available():
        pytest.skip("rsvg-convert is not installed")
    style = replace(random_style(np.random.default_rng(STYLE_SEED), jumbo=False), framed=True)
    faces = render_drawn(style, seed=STYLE_SEED % 1000, only=CARDS)
    photo = photograph(PHOTO_SEED, faces, LARGE, cards=CARDS)
    assert sorted(c.card.code for c in photo.cards) == ["3H", "5S", "9C"]
    for on, pieces in ((False, 2), (True, 0)):
        detections = CardDetector(frame_share=on).detect(photo.image)
        assert len(detections) == 3 + pieces  # off: the 5S and the 3H twice, in pieces
        for card in photo.cards:
            true = np.asarray(card.corners, np.float64)
            on_it = [
                d
                for d in detections
                if cv2.pointPolygonTest(true.astype(np.float32), d.center, False) >= 0
            ]
            if not on:
                continue
            assert len(on_it) == 1
            assert card.card in (on_it[0].card, on_it[0].candidate)  # never another card
            assert _gap(on_it[0], true) < 30  # the whole outline (a piece's lie 180-230 off)


def test_the_glyph_readers_look_ships_off() -> None:
    assert FinderSettings().corner_unsure_glyph is False


def test_a_card_dealt_on_another_kept_by_the_glyph_readers_look() -> None:
    """h-glyph41: photo 11,811,204's 9C, dealt on the 7D with the 4S on its right edge, is offered
    at its true outline (``_corner_cards``) and read ?9C: the glyph reader reads 9C surely, the
    network J-of-something unsurely at both its shadowed corners. ``_one_corner_shows`` (the
    network's looks only) refuses it: missed. ``corner_unsure_glyph`` keeps it uncertain."""
    if not decks.renderer_available():
        pytest.skip("rsvg-convert is not installed")
    style_seed = 11_810_007  # h-share41's range: a framed deck, rank 0.071 of the card
    style = replace(random_style(np.random.default_rng(style_seed), jumbo=False), framed=True)
    faces = render_drawn(style, seed=style_seed % 1000, only=CARDS)
    photo = photograph(11_811_204, faces, LARGE, cards=CARDS)
    nine = next(c for c in photo.cards if c.card.code == "9C")
    true = np.asarray(nine.corners, np.float64)
    for on in (False, True):
        finder = replace(FinderSettings(), corner_unsure_glyph=on)
        detections = CardDetector(frame_share=True, finder=finder).detect(photo.image)
        assert len(detections) == (4 if on else 3)  # the 5S, ?7D and ?4S both ways
        named = [d for d in detections if nine.card in (d.card, d.candidate)]
        assert len(named) == (1 if on else 0)  # off: missed
        assert all(_gap(d, true) < 30 for d in named)  # its true outline (measured 11 px)


def _analysis(shares: list[float | None], agree: list[bool]) -> FrameAnalysis:
    card = parse_card("5S")
    detections = [CardDetection(card, 1.0, (), (0.0, 0.0), candidate=card) for _ in shares]
    return FrameAnalysis(detections, [], shares=shares, corners_agree=agree, frame_share=True)


def test_the_share_that_fits_comes_from_agreeing_cards() -> None:
    # Two cards within 10% of each other: their share fits.
    assert _frame_share_low(_analysis([0.136, 0.143], [False, False])) == 0.136
    # One card: only when both its corners show it.
    assert _frame_share_low(_analysis([0.136], [False])) == SHARE_LOW
    assert _frame_share_low(_analysis([0.136], [True])) == 0.136
    # Shares that disagree, or none measured: the Debian-measured bound.
    assert _frame_share_low(_analysis([0.12, 0.2], [True, True])) == SHARE_LOW
    assert _frame_share_low(_analysis([None], [True])) == SHARE_LOW
    # Never under the floor, never above SHARE_LOW.
    assert _frame_share_low(_analysis([0.08, 0.085], [True, True])) == 0.11
    assert _frame_share_low(_analysis([0.2, 0.21], [True, True])) == SHARE_LOW
