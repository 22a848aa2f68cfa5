"""An uncertain card whose outline is off laid again from the index corner the network reads
(issue 28, h-relay42).

h-unsure41 counted 45 of the building check's 146 uncertain cards answered at an outline off the
card (too short, too long, across it), 23 of them read exactly at the true outline. Such an
outline keeps the corner whose index the corner network reads and that corner's two sides:
``FinderSettings.relay_off`` lays a card of the frame's card size (its cards read surely) from
there (``refit.from_index_corner``) and reads it alone (``CardDetector._relaid_off``). On by
default (h-on42): measured, the building check read 8 uncertain cards exactly and fresh seeds
11,860,000 5, nothing else answered otherwise; the 12 tests of other steps whose cards it read
first turn it off.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.geometry import polygon_iou, signed_area
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.refit import from_index_corner
from tests.vision.found import found_on_cards, in_view, off_partial


def test_the_relay_ships_on() -> None:
    assert FinderSettings().relay_off is True
    assert CardDetector().finder.relay_off is True


def test_a_card_laid_from_an_index_corner_along_its_two_sides() -> None:
    # An outline too short (40 x 50) with its corner 0 on the card's index corner: the card
    # (50 x 70) lies from there along the same two sides, as laid and turned.
    quad = np.array([[10.0, 20.0], [50.0, 20.0], [50.0, 70.0], [10.0, 70.0]])
    laid, turned = from_index_corner(quad, 0, (50.0, 70.0))
    assert np.allclose(laid, [[10, 20], [60, 20], [60, 90], [10, 90]])
    assert np.allclose(turned, [[10, 20], [80, 20], [80, 70], [10, 70]])
    # From corner 2 (the opposite one) the card lies back up and to the left; every shape
    # turns as the outline does.
    laid, _ = from_index_corner(quad, 2, (50.0, 70.0))
    assert np.allclose(sorted(map(tuple, laid)), sorted([(50, 70), (0, 70), (0, 0), (50, 0)]))
    for corner in range(4):
        for shape in from_index_corner(quad, corner, (50.0, 70.0)):
            assert np.sign(signed_area(shape)) == np.sign(signed_area(quad))
    # A degenerate outline lays nothing.
    flat = np.array([[0.0, 0.0], [0.0, 0.0], [5.0, 5.0], [0.0, 5.0]])
    assert from_index_corner(flat, 0, (50.0, 70.0)) == []


def _answer(detections: list[CardDetection], corners: np.ndarray) -> CardDetection:
    """The detection lying most over the card at ``corners``."""
    return max(detections, key=lambda d: polygon_iou(np.asarray(d.corners), corners))


@pytest.mark.parametrize(
    ("design", "style", "seed", "code"),
    [
        # h-relay42's fresh seeds: the 8H answered uncertain at an outline off the card, the
        # TD likewise; each read exactly at the outline laid from its index corner.
        ("simplistic", "table", 11_860_003, "8H"),
        ("anglo", "harsh", 11_860_004, "TD"),
    ],
)
def test_an_off_outline_laid_again_from_its_index_corner(
    art_cache: Path, design: str, style: str, seed: int, code: str
) -> None:
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = synthetic.random_scene(seed, faces, style=synthetic.CHECK_STYLES[style])
    cards = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in cards]
    (card,) = [c for c in cards if c.card.code == code]
    true = np.asarray(card.corners, np.float64)
    answers = {}
    for on in (False, True):
        detector = CardDetector(finder=FinderSettings(relay_off=on))
        answers[on] = off_partial(detector.detect(scene.image), partial)
    off, on = _answer(answers[False], true), _answer(answers[True], true)
    assert off.card is None and polygon_iou(np.asarray(off.corners), true) < 0.85
    assert on.card == card.card and polygon_iou(np.asarray(on.corners), true) > 0.85
    # Nothing else answered otherwise: no card added, none lost, none read as another.
    counts, nowhere, wrong = found_on_cards(answers[True], cards)
    assert (counts, nowhere, wrong) == found_on_cards(answers[False], cards)
    assert wrong == 0
    assert len(answers[True]) == len(answers[False])
    assert {d.card for d in answers[False] if d.card is not None} | {card.card} == {
        d.card for d in answers[True] if d.card is not None
    }
