"""A sure card's shape is not grown over a card lying on it (issue 28, h-gate42).

``CardDetector._grow_pieces`` (h-size41) grows a card read surely from one of its corners over
paper and over no shape reported, taking it for a piece of a larger card. Paper alone cannot
tell a card's own paper from a card dealt over it that was not found: ornamental/joined
#7900004's 8H, read surely at its own outline beside the TH dealt over it (the TH not found),
grew over the TH with h-under26's edge rule off. ``grown_crossing`` refuses a grown shape that a
straight edge crosses (``crossing.edge_across``): the edge of the card on top, or of the cloth.
It ships off.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from dealer_assist.vision import decks
from dealer_assist.vision.crossing import edge_across
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.pipeline import GROWN_CROSSING, GROWN_EDGE, CardDetector
from dealer_assist.vision.synthetic import JOINED, random_scene


def test_a_sure_card_is_not_grown_over_the_card_dealt_on_it(art_cache: Path) -> None:
    faces = decks.render_design(decks.design("ornamental"), height=320, cache=art_cache)
    scene = random_scene(7_900_004, faces, style=JOINED)
    eight = next(c for c in scene.cards if c.card.code == "8H")
    ten = next(c for c in scene.cards if c.card.code == "TH")
    for edged in (None, GROWN_EDGE):
        # h-under26's edge rule off: the 8H is read surely at its own outline (the diagnosis in
        # test_wrong_reads.py); the TH on it is not found either way.
        detector = CardDetector(crossing=None, grown_crossing=edged)
        read = [d for d in detector.detect(scene.image) if d.card == eight.card]
        assert len(read) == 1
        outline = np.asarray(read[0].corners, np.float64)
        on_eight = polygon_iou(outline, np.asarray(eight.corners, np.float64))
        on_ten = polygon_iou(outline, np.asarray(ten.corners, np.float64))
        if edged is None:
            # Grown over the TH's paper (and the cloth beyond), its centre on the TH.
            assert on_eight < 0.6 and on_ten > 0.3
            assert (
                cv2.pointPolygonTest(
                    np.asarray(ten.corners, np.float32).reshape(-1, 1, 2), read[0].center, False
                )
                > 0
            )
        else:
            assert on_eight > 0.8 and on_ten < 0.5  # kept at its own outline


def test_an_edge_across_a_shape() -> None:
    paper = np.full((400, 300, 3), 230, np.uint8)
    quad = np.array([[50, 50], [250, 50], [250, 330], [50, 330]], np.float64)
    assert not edge_across(paper, quad, GROWN_EDGE)
    # A card's edge across it, a little off its centre, with cloth beyond: an edge.
    clothed = paper.copy()
    clothed[:, 170:] = (40, 90, 30)
    assert edge_across(clothed, quad, GROWN_EDGE)
    # Paper against paper a little darker (a card on a card): an edge too.
    carded = paper.copy()
    carded[210:, :] = 200
    cv2.line(carded, (0, 210), (299, 210), (120, 120, 120), 2)
    assert edge_across(carded, quad, GROWN_EDGE)


def test_the_grown_shapes_edge_test_ships_off() -> None:
    # Off: at reach 0.3 a framed deck's frame line counted and a fresh framed 9C stayed in
    # two pieces; at 0.2 no card of the gates changed, the suite not yet run with it on
    # (docs/benchmarks.md, h-gate42).
    assert GROWN_CROSSING is None
    assert CardDetector(layout=None).grown_crossing is None
