"""The corner network: what it is given, how it runs (OpenCV only), and what it adds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.corner_model import (
    CHANNELS,
    PATCH_HEIGHT,
    PATCH_WIDTH,
    RANK_OUTPUTS,
    SUIT_OUTPUTS,
    CornerModel,
    corner_model_available,
    corner_patch,
)
from dealer_assist.vision.evaluation import Tally, score
from dealer_assist.vision.geometry import portrait_orders
from dealer_assist.vision.index import IndexSettings, region_size, warp_corner
from dealer_assist.vision.pipeline import (
    CHECK_SURENESS,
    CardDetector,
    Combine,
    _Reading,
    disputes,
)
from dealer_assist.vision.synthetic import EASY, SceneStyle, random_scene

MODEL = Path(__file__).resolve().parents[2] / "dealer_assist/vision/model/corners.onnx"


def test_the_network_ships_small_with_the_package() -> None:
    assert corner_model_available()
    assert MODEL.stat().st_size <= 5 * 1024 * 1024


def test_a_corner_patch_is_ink_and_its_colour_at_a_fixed_size() -> None:
    width, height = region_size(IndexSettings())
    region = np.full((height, width, 3), (200, 225, 230), np.uint8)  # warm paper
    region[20:50, 10:30] = (30, 30, 200)  # a red stroke
    region[80:110, 10:30] = (20, 20, 20)  # a black one
    patch = corner_patch(region)
    assert patch.shape == (CHANNELS, PATCH_HEIGHT, PATCH_WIDTH)
    assert patch.dtype == np.float32
    ink, red_green, yellow_blue = patch
    assert float(ink.min()) >= 0.0 and float(ink.max()) <= 1.0
    # The paper is white whatever its tint; red ink is red, black ink has no colour.
    assert float(ink[50, 25]) == 0.0 and abs(float(red_green[50, 25])) < 0.02
    assert float(ink[15, 10]) > 0.5 and float(red_green[15, 10]) > 0.5
    assert float(ink[44, 10]) > 0.8 and abs(float(red_green[44, 10])) < 0.05
    assert abs(float(yellow_blue[44, 10])) < 0.05


def test_blank_paper_and_felt_are_junk() -> None:
    model = CornerModel.load()
    paper = np.zeros((CHANNELS, PATCH_HEIGHT, PATCH_WIDTH), np.float32)
    noise = paper.copy()
    noise[0] = np.random.default_rng(1).random((PATCH_HEIGHT, PATCH_WIDTH))
    rank_p, suit_p = model.probabilities(np.stack([paper, noise]))
    assert rank_p.shape == (2, RANK_OUTPUTS) and suit_p.shape == (2, SUIT_OUTPUTS)
    assert np.allclose(rank_p.sum(axis=1), 1, atol=1e-4)
    assert (rank_p.argmax(axis=1) == RANK_OUTPUTS - 1).all()


def test_the_network_reads_the_true_corners_of_a_building_design(
    building_faces: dict[Card, np.ndarray],
) -> None:
    model = CornerModel.load()
    settings = IndexSettings()
    right = total = 0
    for seed in range(3):
        scene = random_scene(600 + seed, building_faces, style=EASY)
        for card in scene.cards:
            for order in portrait_orders(np.array(card.corners)):
                patch = corner_patch(warp_corner(scene.image, order, settings))
                rank_p, suit_p = model.probabilities(patch[None])
                total += 1
                right += int(
                    RANK_CLASSES[int(rank_p[0].argmax())] == card.card.rank
                    and SUIT_CLASSES[int(suit_p[0].argmax())] == card.card.suit
                )
    assert right >= 0.8 * total, (right, total)


def test_the_network_reads_unless_turned_off() -> None:
    assert CardDetector().use_corner_model
    assert not CardDetector(use_corner_model=False).use_corner_model


@pytest.mark.parametrize("combine", ["check", "unsure"])
def test_with_the_network_easy_scenes_read_exactly(
    building_faces: dict[Card, np.ndarray], combine: Combine
) -> None:
    total = Tally()
    for seed in range(3):
        scene = random_scene(100 + seed, building_faces, style=EASY)
        detector = CardDetector(
            layout=scene.calibrated_layout, use_corner_model=True, combine=combine
        )
        total.add(score(detector.detect(scene.image), scene.cards))
    assert total.phantoms == 0 and total.wrong == 0
    assert total.exact >= 0.9 * total.cards, total.as_dict()


def test_with_the_network_hard_scenes_read_without_a_wrong_card(
    building_faces: dict[Card, np.ndarray],
) -> None:
    # Hard scenes (blur, glare, touching cards) of a building design: with the network nearly
    # every card is read, none wrongly, and the network never costs more than a card or two
    # against the glyph reader alone.
    with_net, glyphs_only = Tally(), Tally()
    for seed in range(6):
        scene = random_scene(700 + seed, building_faces, style=SceneStyle())
        for detector, tally in (
            (CardDetector(layout=scene.calibrated_layout, use_corner_model=True), with_net),
            (CardDetector(layout=scene.calibrated_layout, use_corner_model=False), glyphs_only),
        ):
            tally.add(score(detector.detect(scene.image), scene.cards))
    assert with_net.exact >= 0.9 * with_net.cards, with_net.as_dict()
    assert with_net.exact >= glyphs_only.exact - 2, (with_net.as_dict(), glyphs_only.as_dict())
    assert with_net.wrong == 0 and with_net.phantoms == 0


def test_reading_needs_no_torch() -> None:
    code = (
        "import sys, numpy as np\n"
        "from dealer_assist.vision.corner_model import CornerModel\n"
        "CornerModel.load().probabilities(np.zeros((2, 3, 64, 32), np.float32))\n"
        "assert 'torch' not in sys.modules and 'onnx' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def _look(card: str, sureness: float) -> _Reading:
    """A look as sure as ``sureness`` of ``card`` (rank and suit alike), the rest spread."""
    wanted = parse_card(card)
    ranks, suits = len(RANK_CLASSES) - 1, len(SUIT_CLASSES) - 1
    share = float(np.sqrt(sureness))
    rank = np.full(ranks, (1 - share) / (ranks - 1))
    rank[RANK_CLASSES.index(wanted.rank)] = share
    suit = np.full(suits, (1 - share) / (suits - 1))
    suit[SUIT_CLASSES.index(wanted.suit)] = share
    return _Reading(rank, suit)


def test_the_glyph_reader_disputes_the_network_only_when_sure_of_another_card() -> None:
    network = [_look("TS", 0.97), _look("TS", 0.95)]
    unsure_other = [_look("KS", 0.3), _Reading(None, None)]
    sure_other = [_look("KS", 0.8)]
    assert not disputes(network, unsure_other, CHECK_SURENESS)
    assert disputes(network, unsure_other, 0.0)  # the rule before: any other card
    assert disputes(network, sure_other, CHECK_SURENESS)
    assert not disputes(network, [_look("TS", 0.99)], CHECK_SURENESS)
    assert not disputes(network, [_Reading(None, None)], 0.0)  # no whole index read
