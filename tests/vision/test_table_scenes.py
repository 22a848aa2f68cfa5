"""The building generator's real-table styles (issue 28, h-finder4): what they draw.

``synthetic.TABLE`` and ``TABLE_CLOSE`` draw printed layouts of several kinds with no markers,
the felts of real tables, hands dealt overlapping with the third card crosswise, chips on a
card's edge and fingers over a card, all from a generator of their own: the older styles draw
the same scenes as before.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision import synthetic
from dealer_assist.vision.layout import punto_banco_layout


def _overlap(first: synthetic.PlacedCard, second: synthetic.PlacedCard) -> float:
    a = np.array(first.corners, np.float32)
    b = np.array(second.corners, np.float32)
    area, _ = cv2.intersectConvexConvex(a, b)
    return float(area)


def test_older_styles_draw_the_same_scenes(building_faces: dict[Card, np.ndarray]) -> None:
    # The new fields at their defaults draw nothing from the generator of the older styles.
    plain = synthetic.random_scene(11, building_faces, style=synthetic.TILTED)
    again = synthetic.random_scene(
        11, building_faces, style=replace(synthetic.TILTED, layouts=(), dealt_overlap=0.0)
    )
    assert np.array_equal(plain.image, again.image)
    assert [c.corners for c in plain.cards] == [c.corners for c in again.cards]


def test_table_scenes_are_seeded(building_faces: dict[Card, np.ndarray]) -> None:
    first = synthetic.random_scene(5, building_faces, style=synthetic.TABLE)
    second = synthetic.random_scene(5, building_faces, style=synthetic.TABLE)
    assert np.array_equal(first.image, second.image)


def test_dealt_hands_overlap_and_the_third_card_lies_crosswise() -> None:
    layout = punto_banco_layout()
    style = replace(synthetic.TABLE, dealt_overlap=1.0)
    card_w = layout.card_size_mm[0]
    overlapping = 0
    for seed in range(20):
        rng = np.random.default_rng(seed)
        cards = synthetic.random_coup_cards(rng, 6)
        placements = synthetic.coup_placements(rng, cards, layout, style)
        dealt = synthetic._dealt_overlapping(
            np.random.default_rng([seed, 30]), placements, layout, 1.0
        )
        for hand in {p.hand for p in dealt}:
            first, second, third = [p for p in dealt if p.hand is hand]
            gap = float(np.hypot(*np.subtract(first.center_mm, second.center_mm)))
            assert gap <= card_w + 9  # touching or overlapping, a little higher or lower
            overlapping += gap < card_w - 2
            # The third card crosswise, below (or above) the two.
            assert abs(((third.angle_deg - first.angle_deg) % 180) - 90) < 20
    assert overlapping >= 20  # most hands overlap, some just touch


def test_table_scenes_vary_the_layout_and_the_felt(
    building_faces: dict[Card, np.ndarray],
) -> None:
    style = replace(synthetic.TABLE, edge_chips=1.0, hand_over=0.0, shadows=0.0, cast=0.0)
    touching = 0
    for seed in range(6):
        scene = synthetic.random_scene(seed, building_faces, style=style)
        assert scene.image.shape == (720, 1280, 3)
        cards = scene.cards
        touching += sum(_overlap(a, b) > 0 for i, a in enumerate(cards) for b in cards[i + 1 :])
        # No ArUco marker printed: none is found.
        dictionary = cv2.aruco.getPredefinedDictionary(
            getattr(cv2.aruco, scene.layout.aruco_dictionary)
        )
        detector = cv2.aruco.ArucoDetector(dictionary)
        _, ids, _ = detector.detectMarkers(scene.image)
        assert ids is None or len(ids) == 0
    assert touching >= 6
