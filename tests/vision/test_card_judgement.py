"""How a card is judged from its looks: the corner network's, the glyph reader's and the pips'.

Scenes of the building generator (`synthetic`) with the building design `anglo`, read without a
layout as `vision detect` reads them (the cases are from scripts/vision_tilted.py's building
check, docs/benchmarks.md).
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.evaluation import match
from dealer_assist.vision.pipeline import CardDetection, CardDetector


def _read(
    faces: dict[Card, np.ndarray], seed: int, style: synthetic.SceneStyle, code: str
) -> CardDetection:
    scene = synthetic.random_scene(seed, faces, style=style)
    detections = CardDetector().detect(scene.image)
    matched, _ = match(detections, scene.cards)
    (where,) = [t for t, card in enumerate(scene.cards) if card.card == parse_card(code)]
    assert where in matched, f"{code} not found"
    return detections[matched[where]]


@pytest.mark.parametrize(
    ("seed", "style", "code"),
    [
        (7_900_001, synthetic.DIM_NOISY, "9H"),
        (7_900_003, synthetic.TILTED_LENS, "6S"),
        (7_900_009, synthetic.OVERHEAD_CLUTTER, "6H"),
    ],
)
def test_a_number_card_is_not_read_as_the_two_of_its_suit(
    building_faces: dict[Card, np.ndarray], seed: int, style: synthetic.SceneStyle, code: str
) -> None:
    # The network read the nine (or six) on both corners; the glyph reader cut a thin red rank
    # run into its suit, found no suit, and read what it cut as a 2, 0.99 sure: multiplied in,
    # that rank-only look made the card a 2 of the suit, surely. Only whole looks count now.
    found = _read(building_faces, seed, style, code)
    assert found.card == parse_card(code)
