"""The corner network's crops cut from whole scenes (scripts/vision_build_corner_crops.py
--scenes, issue 28, h-net51): each card's index corners that nothing covers, labelled with the
card, and junk corners labelled junk."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import numpy as np
from vision_build_corner_crops import _clean_regions, _scene, _scene_style, scene_corners

from dealer_assist.cards import Card

SEED = 13_709_990  # anglo, the table style, cards 50-100 px: four cards dealt overlapping


def test_only_the_uncovered_index_corners_are_cut_with_their_card(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    faces = check_faces["anglo"]
    kind, style = _scene_style("table", (50.0, 100.0))
    image, cards = _scene(kind, style, SEED, faces)
    assert [str(card) for card, _ in cards] == ["6C", "KC", "3C", "4D"]
    clean = _clean_regions(faces)
    rng = np.random.default_rng(0)
    cut = scene_corners(rng, image, cards, clean, jittered=0, junk=0, widths=(50.0, 100.0))
    # The hands overlap as dealt: 6C's lower corner, KC's and 4D's upper ones lie under a card.
    assert [str(card) for _, card in cut] == ["6C", "KC", "3C", "3C", "4D"]
    assert all(patch.shape == (3, 64, 32) for patch, _ in cut)
    jittered = scene_corners(rng, image, cards, clean, jittered=2, junk=4, widths=(50.0, 100.0))
    labels = [None if card is None else str(card) for _, card in jittered]
    assert labels[:15] == ["6C"] * 3 + ["KC"] * 3 + ["3C"] * 6 + ["4D"] * 3
    assert labels[15:] == [None] * 4


def test_a_camera_condition_is_the_second_generators() -> None:
    kind, style = _scene_style("camera:small", (50.0, 100.0))
    assert kind == "camera"
    assert style.card_px == (50.0, 100.0)  # type: ignore[attr-defined]
    assert _scene_style("dim", (50.0, 100.0))[0] == "check"
