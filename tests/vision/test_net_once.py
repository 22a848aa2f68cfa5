"""The corner network reads each corner of a frame once (issue 28, speed; h-speed27): a card's
corner regions (``_CornerRegions``) keep its patches and the network's probabilities, so a
stage reading the same shapes again (``_exchange``'s and ``_corner_cards``' cards, read by the
network first and then in full) runs the network on the corners not read yet only - and reads
each corner as it would in any batch. A card's middle is warped and its pips counted once a
frame too."""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.vision import decks, pipeline
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.middle import MiddleSettings
from dealer_assist.vision.middle import pip_count as original_count
from dealer_assist.vision.middle import warp_middle as original_warp
from dealer_assist.vision.pipeline import CardDetector, _CornerRegions, _NetLooks
from dealer_assist.vision.synthetic import TILTED, random_coup_cards, random_scene


def _values(looks: _NetLooks) -> list[list[object]]:
    """The network's looks as plain numbers (each corner: rank and suit probabilities)."""
    return [
        [
            None if r.rank is None or r.suit is None else (r.rank.tolist(), r.suit.tolist())
            for r in pair
        ]
        for pair in looks[0]
    ]


def _frame_and_quads() -> tuple[np.ndarray, list[np.ndarray]]:
    faces = decks.render_design(decks.design("anglo"), height=160)
    seed = 10_400_001
    scene = random_scene(
        seed, faces, cards=random_coup_cards(np.random.default_rng(seed), 6), style=TILTED
    )
    quads = [
        np.asarray(d.corners, np.float64) for d in CardDetector(layout=None).detect(scene.image)
    ]
    assert len(quads) >= 4
    return scene.image, quads


def test_corners_read_already_are_not_read_again_and_read_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frame, quads = _frame_and_quads()
    detector = CardDetector(layout=None)
    read: list[int] = []
    original = CornerModel.probabilities

    def probabilities(self: CornerModel, patches: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        read.append(len(patches))
        return original(self, patches)

    monkeypatch.setattr(CornerModel, "probabilities", probabilities)
    regions = [_CornerRegions(frame, quad, detector.index) for quad in quads]
    first = detector._read_net(regions[:2])
    again = detector._read_net(regions[:2])
    assert read == [4]  # two cards' corners, read once
    assert _values(again) == _values(first)
    mixed = detector._read_net([regions[2], regions[0], regions[3]])
    assert read == [4, 4]  # the two new cards only
    # The same looks as a fresh reading of the whole batch at once.
    fresh = [_CornerRegions(frame, quads[n], detector.index) for n in (2, 0, 3)]
    whole = detector._read_net(fresh)
    assert read == [4, 4, 6]
    assert _values(mixed) == _values(whole)


def test_a_cards_middle_is_warped_and_its_pips_counted_once_a_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The choice's reading and ``_read_where_printed`` look at a card's middle alike: it is
    warped, and its pips counted and coloured, once a frame (``_FrameKept``)."""
    frame, _ = _frame_and_quads()
    warped: list[bytes] = []
    counted: list[int] = []

    def warp_middle(image: np.ndarray, quad: np.ndarray, settings: MiddleSettings) -> np.ndarray:
        # The middle at the reader's own settings (the one kept); the suit looks warp it again
        # at the glyphs' scale (``_read_looks``), which is not kept.
        if settings == MiddleSettings():
            warped.append(np.asarray(quad).tobytes())
        return original_warp(image, quad, settings)

    def pip_count(middle: np.ndarray, settings: MiddleSettings) -> int | None:
        counted.append(id(middle))
        return original_count(middle, settings)

    monkeypatch.setattr(pipeline, "warp_middle", warp_middle)
    monkeypatch.setattr(pipeline, "pip_count", pip_count)
    detector = CardDetector(layout=None)
    answers = [d.to_json() for d in detector.detect(frame)]
    assert warped
    assert len(set(warped)) == len(warped)
    assert counted
    assert len(set(counted)) == len(counted)
    assert detector._kept is None  # nothing kept from one frame to the next
    assert [d.to_json() for d in detector.detect(frame)] == answers
