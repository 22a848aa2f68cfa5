"""Speed, the same answers (issue 28, h-speed36).

A joined-blob offer's shapes laid again (``CardDetector._relaid_offer``) that can read only the
offer's card are judged only when their looks bear that card out (``_relay_worth``): the same
answer as judging every one. A piece of the bare part that a calibration marker fills is left
out of step 13's outlines (``FinderSettings.outline_markers``, ``joined.marker_piece``)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.joined import marker_piece
from dealer_assist.vision.layout import DEFAULT_DICTIONARY, punto_banco_layout
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import tilted_coup

SEED = 11_340_021  # a tilted six-card frame (anglo) with offers whose reading was disputed


def test_relaid_shapes_judged_only_when_their_looks_bear_the_card_out(
    building_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    image = tilted_coup(SEED, building_faces)
    bounded = CardDetector(layout=None)
    found = bounded.detect(image)
    every = CardDetector(layout=None)

    def judged(self: CardDetector, before: object, card: object, after: object) -> bool:
        self.relay_work.read += 1
        return True

    with monkeypatch.context() as patch:
        # Every shape judged in full, as before h-speed36.
        patch.setattr(CardDetector, "_relay_worth", judged)
        found_every = every.detect(image)
    assert repr(found) == repr(found_every)
    assert bounded.relay_work.looked > 0
    assert bounded.relay_work.read + bounded.relay_work.looked == every.relay_work.read
    assert every.relay_work.looked == 0


def _marker_frame() -> tuple[np.ndarray, np.ndarray]:
    """A felt with a marker on its white square (the square 1.5 times the marker's side) and a
    card's paper beside it; the mask of both."""
    frame = np.full((240, 320, 3), (40, 110, 30), np.uint8)
    square = (40, 40, 120, 120)  # x0, y0, x1, y1: the white square
    cv2.rectangle(frame, square[:2], (square[2] - 1, square[3] - 1), (245, 245, 245), -1)
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    tag = cv2.aruco.generateImageMarker(dictionary, 3, 54)
    frame[53:107, 53:107] = cv2.cvtColor(tag, cv2.COLOR_GRAY2BGR)
    mask = np.zeros(frame.shape[:2], np.uint8)
    mask[40:120, 40:120] = 1
    return frame, mask


def test_a_piece_a_marker_fills_is_the_markers_and_one_with_paper_beside_it_is_not() -> None:
    frame, mask = _marker_frame()
    identity = np.eye(3)
    assert marker_piece(mask[40:120, 40:120] > 0, (40, 40, 80, 80), frame, identity, "DICT_4X4_50")
    # The same square with a card's paper joined to it: partly outside the marker's square.
    frame[40:200, 120:230] = (245, 245, 245)
    mask[40:200, 120:230] = 1
    piece = mask[40:200, 40:230] > 0
    assert not marker_piece(piece, (40, 40, 190, 160), frame, identity, "DICT_4X4_50")
    # A white square with no marker on it.
    blank = np.full_like(frame, (40, 110, 30))
    blank[40:120, 40:120] = 245
    assert not marker_piece(
        mask[40:120, 40:120] > 0, (40, 40, 80, 80), blank, identity, "DICT_4X4_50"
    )


def test_the_markers_left_out_are_the_layouts_own_dictionary() -> None:
    # Without a layout, step 13 leaves out markers of the project's layouts' dictionary; with a
    # layout printed with another, that one's, also when the layout changes while running; off
    # stays off.
    detector = CardDetector(layout=None)
    assert detector.marker_finder().outline_markers == DEFAULT_DICTIONARY
    detector.layout = replace(punto_banco_layout(), aruco_dictionary="DICT_5X5_100")
    assert detector.marker_finder().outline_markers == "DICT_5X5_100"
    assert detector.marker_finder().on_top == detector.finder.on_top
    off = CardDetector(layout=punto_banco_layout(), finder=FinderSettings(outline_markers=None))
    assert off.marker_finder().outline_markers is None
