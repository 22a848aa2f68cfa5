"""The camera's speed-ups of issue 28's h-speed24 change no answer: each shortcut against the
longer way it replaces, on the same inputs, equal to the last bit."""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.vision import decks, pipeline, synthetic
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.components import compact_components
from dealer_assist.vision.geometry import signed_area, transform_points
from dealer_assist.vision.joined import DEFAULT_ANCHOR, _index_glyphs
from dealer_assist.vision.pipeline import SHADOW_SHARE, CardDetection, CardDetector, _Reading
from dealer_assist.vision.plane import (
    _LOG_PAIR,
    _LOG_SHAPES,
    SHAPES,
    SQUARE,
    PlaneSettings,
    _homogeneous,
    _residuals,
)
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.second_look import _weakest


def _shoelace_as_it_was(points: np.ndarray) -> float:
    x, y = points[:, 0], points[:, 1]
    x_next = np.concatenate([x[1:], x[:1]])
    y_next = np.concatenate([y[1:], y[:1]])
    return float(0.5 * (np.dot(x, y_next) - np.dot(y, x_next)))


def test_the_area_of_a_quadrilateral_is_the_shoelace_as_it_was() -> None:
    rng = np.random.default_rng(24)
    for n in range(3000):
        scale = (1.0, 100.0, 1000.0)[n % 3]
        quad = rng.normal(size=(4, 2)) * scale + rng.normal(size=2) * 500
        for points in (quad, quad.astype(np.float32), np.rint(quad).astype(np.int32)):
            assert signed_area(points) == _shoelace_as_it_was(points)
    triangle = rng.normal(size=(3, 2))
    assert signed_area(triangle) == _shoelace_as_it_was(triangle)


def test_the_weakest_channel_is_numpys_minimum_over_the_channels() -> None:
    rng = np.random.default_rng(7)
    frame = rng.integers(0, 256, (90, 130, 3), np.uint8)
    window = frame[11:80, 7:111]  # a window of the frame, as refine_outline smooths
    expected = cv2.GaussianBlur(window.min(axis=2).astype(np.float32), (0, 0), 0.7)
    assert np.array_equal(_weakest(window), expected)
    grey = frame[..., 1]
    assert np.array_equal(_weakest(grey), cv2.GaussianBlur(grey.astype(np.float32), (0, 0), 0.7))


def test_the_plane_residuals_with_the_outlines_made_homogeneous_once_are_the_same() -> None:
    assert np.array_equal(_LOG_SHAPES, np.log(np.array((*SHAPES, SQUARE))))
    assert 0.5 * math.log(2.0) == _LOG_PAIR
    settings = PlaneSettings()
    rng = np.random.default_rng(3)
    for count in range(1, 9):
        quads = rng.normal(0, 0.4, (count, 4, 2))
        for params in (rng.normal(0, 0.3, 5), rng.normal(0, 0.3, (5, 5))):
            given = _residuals(params, quads, settings, _homogeneous(quads))
            assert np.array_equal(given, _residuals(params, quads, settings))


def _glyphs_measured_one_by_one(
    mask: np.ndarray,
    frame: np.ndarray,
    to_image: np.ndarray,
    card_w: float,
) -> dict[int, np.ndarray]:
    """``_index_glyphs``' glyphs with every piece of ink measured (none passed over first)."""
    in_frame = cv2.warpPerspective(
        mask, to_image, (frame.shape[1], frame.shape[0]), flags=cv2.INTER_NEAREST
    )
    x, y, w, h = cv2.boundingRect(in_frame)
    region = in_frame[y : y + h, x : x + w] > 0
    part = frame[y : y + h, x : x + w]
    grey = part.min(axis=2)
    paper = float(np.percentile(grey[region], 90))
    ink = ((grey < DEFAULT_ANCHOR.ink_level * paper) & region).astype(np.uint8)
    count, labels, _ = compact_components(ink, connectivity=8)
    to_view = np.linalg.inv(to_image)
    boxes = {}
    low, high = DEFAULT_ANCHOR.min_glyph * card_w, DEFAULT_ANCHOR.max_glyph * card_w
    for n in range(1, count):  # every piece, its pixels found in the whole picture
        ys, xs = np.nonzero(labels == n)
        box = transform_points(to_view, np.stack([xs + x, ys + y], axis=1).astype(np.float64))
        if low <= float(np.ptp(box, axis=0).max()) <= high:
            boxes[n] = box
    return boxes


def test_the_glyphs_in_the_clear_are_those_of_every_piece_measured() -> None:
    """Specks passed over at once, all together: the glyphs kept are those measuring every
    piece of ink finds (blots of every size on paper, seen through a tilted view)."""
    rng = np.random.default_rng(11)
    frame = np.full((360, 480, 3), 230, np.uint8)
    for _ in range(400):  # ink from single pixels to glyph-sized blots
        cx, cy = int(rng.integers(20, 460)), int(rng.integers(20, 340))
        radius = int(rng.choice([0, 1, 2, 4, 7, 10]))
        cv2.circle(frame, (cx, cy), radius, (20, 20, 20), -1)
    mask = np.zeros((300, 400), np.uint8)
    mask[20:280, 30:370] = 255
    to_image = np.array([[1.1, 0.05, 5.0], [0.02, 1.05, 8.0], [1e-4, 5e-5, 1.0]])
    card_w = 60.0
    settings = FinderSettings()
    found = _index_glyphs(
        mask, [], frame, to_image, (card_w, card_w * 1.4), settings, DEFAULT_ANCHOR
    )
    assert found is not None
    _, _, boxes = found
    expected = _glyphs_measured_one_by_one(mask, frame, to_image, card_w)
    assert boxes  # some blots are glyph-sized
    assert list(boxes) == list(expected)
    for n, box in boxes.items():
        assert np.array_equal(box, expected[n])


def _answers(detections: list[CardDetection]) -> list[tuple[object, ...]]:
    return [
        (d.card, d.candidate, d.confidence, np.round(np.asarray(d.corners), 6).tolist())
        for d in detections
    ]


def test_an_exchange_the_network_refuses_is_not_read_and_the_answers_stay(
    art_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``_exchange`` reads the cards a card gives way to only when the corner network's looks
    at their corners (the full read's own) could bear every one out: anglo/table#7900002
    offers an exchange the network refuses, and the answers are those of reading it in full."""
    faces = decks.render_design(decks.design("anglo"), height=320, cache=art_cache)
    scene = synthetic.random_scene(7_900_002, faces, style=synthetic.TABLE)
    refused: list[bool] = []
    judge = pipeline._looks_may_agree

    def counted(network: Sequence[_Reading], shares: tuple[float, float]) -> bool:
        result = judge(network, shares)
        if sys._getframe(1).f_code.co_name == "_exchange":
            refused.append(not result)
        return result

    with monkeypatch.context() as patched:
        patched.setattr(pipeline, "_looks_may_agree", counted)
        detections = CardDetector().detect(scene.image)
    assert any(refused)
    with monkeypatch.context() as patched:
        patched.setattr(pipeline, "_looks_may_agree", lambda *_: True)  # every card read
        every = CardDetector().detect(scene.image)
    assert _answers(detections) == _answers(every)


def test_looks_that_may_bear_a_card_out() -> None:
    six, ace = Card(Rank.SIX, Suit.SPADES), Card(Rank.ACE, Suit.HEARTS)

    def look(card: Card | None) -> _Reading:
        if card is None:
            return _Reading(None, None, network=True)
        rank = np.full(len(RANK_CLASSES) - 1, 0.01)
        suit = np.full(len(SUIT_CLASSES) - 1, 0.01)
        rank[RANK_CLASSES.index(card.rank)] = 0.9
        suit[SUIT_CLASSES.index(card.suit)] = 0.9
        return _Reading(rank, suit, network=True)

    clear = (0.0, 0.0)
    assert pipeline._looks_may_agree((look(six), look(six)), clear)
    assert not pipeline._looks_may_agree((look(six), look(ace)), clear)
    assert not pipeline._looks_may_agree((look(None), look(six)), clear)
    # A corner under another card may hide its index.
    assert pipeline._looks_may_agree((look(None), look(six)), (SHADOW_SHARE, 0.0))
    assert pipeline._looks_may_agree((look(ace), look(six)), (SHADOW_SHARE, 0.0))
