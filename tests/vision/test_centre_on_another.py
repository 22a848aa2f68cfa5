"""A card read at one index corner with the edge of a card on top crossing it before its
centre is uncertain (issue 28, h-under26).

On fresh building seeds a card lying half under another was found whole and read at its index
corner in the clear, the card on top missed: its outline's centre lay on the card on top, or a
few pixels from it, and the card on top counted as read as the one under it
(ornamental/table#9000006: the 4D under the 4C; on the building check's joined style
ornamental/joined#7900004, the 8H over the TH).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.crossing import CrossingSettings, centre_cut_off, crossings
from dealer_assist.vision.pipeline import CardDetector
from tests.vision.found import wrong_reads_in_scene


@pytest.mark.parametrize("label", ["ornamental/table#9000006", "ornamental/joined#7900004"])
def test_a_card_under_another_read_at_its_index_is_not_read_as_the_one_on_top(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str
) -> None:
    assert wrong_reads_in_scene(check_faces, label, CardDetector(crossing=None)) == 1
    assert wrong_reads_in_scene(check_faces, label, CardDetector()) == 0


def test_an_edge_along_six_tenths_of_its_line_is_a_card_on_top(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # tango/tableclose#10605004 (fresh building seeds, h-pip29): a shape over the 2H and the 5H
    # dealt half over it, read at the 2H's index, its centre on the 5H: the 5H's edge crosses
    # it before the centre along 0.61 of its line (the share 0.7 until then).
    label = "tango/tableclose#10605004"
    before = CardDetector(crossing=CrossingSettings(share=0.7))
    assert wrong_reads_in_scene(check_faces, label, before) == 1
    assert wrong_reads_in_scene(check_faces, label, CardDetector()) == 0


def _two_cards(edge: int) -> tuple[np.ndarray, np.ndarray]:
    """A frame of felt with a card (100 x 140 pixels at 100, 100) and another on top of it from
    ``edge`` rightwards, a soft shadow along its left edge; the lower card's outline."""
    frame = np.full((400, 400, 3), 60, np.uint8)
    cv2.rectangle(frame, (100, 100), (199, 239), (232, 232, 232), -1)
    cv2.rectangle(frame, (edge - 3, 92), (edge - 1, 230), (150, 150, 150), -1)
    cv2.rectangle(frame, (edge, 90), (edge + 99, 229), (236, 236, 236), -1)
    quad = np.array([[100.0, 100.0], [200.0, 100.0], [200.0, 240.0], [100.0, 240.0]])
    return frame, quad


def test_an_edge_between_the_read_corner_and_the_centre() -> None:
    settings = CrossingSettings()
    # The card on top's edge through the lower card's centre: read at the corner in the clear
    # (the top-left one, ``looks[0]``), its centre is on the card on top.
    frame, quad = _two_cards(150)
    assert centre_cut_off(frame, quad, (True, False), settings)
    # Well before the centre, seen from the read corner: the same.
    frame, quad = _two_cards(140)
    assert centre_cut_off(frame, quad, (True, False), settings)
    # Seen from the other corner the edge lies past the centre by more than ``beyond``: its
    # centre is on its own paper.
    assert not centre_cut_off(frame, quad, (False, True), settings)
    # Far past the centre (the card on top over its far corner only): nothing.
    frame, quad = _two_cards(185)
    assert not centre_cut_off(frame, quad, (True, False), settings)


def test_a_card_in_the_clear_has_no_edge_across_it() -> None:
    frame = np.full((400, 400, 3), 60, np.uint8)
    cv2.rectangle(frame, (100, 100), (199, 239), (232, 232, 232), -1)
    cv2.circle(frame, (150, 170), 8, (30, 30, 200), -1)  # a pip in its middle
    quad = np.array([[100.0, 100.0], [200.0, 100.0], [200.0, 240.0], [100.0, 240.0]])
    assert not centre_cut_off(frame, quad, (True, False), CrossingSettings())


def test_only_lines_with_edges_enough_are_measured_and_they_measure_the_same() -> None:
    """``centre_cut_off`` asks ``crossings`` for the lines with edges along ``share`` of them
    only (h-speed27): a direction whose rows hold too few edges is not followed further, nor
    are a slope's paper and ends measured when its best line has too few; the lines kept are
    the ones all the lines held, measured the same."""
    settings = CrossingSettings()
    for edge in (120, 140, 150, 165, 185, 260):
        frame, quad = _two_cards(edge)
        every = crossings(frame, quad, settings)
        kept = crossings(frame, quad, settings, least_share=settings.share)
        assert kept == [c for c in every if c.share >= settings.share]
    frame, quad = _two_cards(150)
    assert crossings(frame, quad, settings, least_share=settings.share)  # the edge on top
    frame, quad = _two_cards(260)  # no card on top: nothing is measured
    assert crossings(frame, quad, settings, least_share=settings.share) == []
    assert len(crossings(frame, quad, settings)) == 2 * settings.tilts
