"""A dealt hand of three taken for a lone card squeezes every card of the plane view across
(issue 28, h-size45).

Without a layout the finder works on the table's plane, fitted to the rough mask's lone
card-shaped outlines (``plane.fit_plane``). On the second generator's small and clutter scenes a
hand of three cards dealt side by side, overlapping, often makes a blob that is nearly a
rectangle twice as long as wide; when it is the frame's only lone outline the plane is fitted to
it alone and made a pair of cards side by side (1.43 long), so every card of the view is a third
too narrow (38 x 72 where the finding's card is 50 x 70) and the cards of the hands, no card's
size there, are missed (``noquad:merged``). No card or pair of cards looks that long from any
tilt the plane allows (``max_tilt_deg``): ``PlaneSettings.lone_tilt_aspect`` drops such an
outline. It ships off.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.pipeline import DEFAULT_PLANE, CardDetector
from dealer_assist.vision.plane import PlaneSettings, _tilt_aspect, lone_outlines
from dealer_assist.vision.quads import card_mask, make_view
from tests.vision.found import on_true_card

ON = replace(DEFAULT_PLANE, lone_tilt_aspect=True)
OFF = replace(DEFAULT_PLANE, lone_tilt_aspect=False)


def test_the_lone_outlines_proportions_ship_off() -> None:
    assert PlaneSettings().lone_tilt_aspect is False
    assert DEFAULT_PLANE.lone_tilt_aspect is False


def test_a_card_or_a_pair_from_any_allowed_tilt_keeps_its_outline() -> None:
    tilt = PlaneSettings().max_tilt_deg
    shrink = float(np.cos(np.radians(tilt)))
    for across, along in (
        (50.0, 70.0),  # a card from above
        (50.0, 70.0 * shrink),  # ... seen along its length at the steepest tilt
        (50.0 * shrink, 70.0),  # ... and across it
        (100.0, 70.0),  # two side by side
        (50.0, 140.0),  # two end to end
        (50.0, 140.0 * shrink * 1.01),  # ... seen along their length
    ):
        assert _tilt_aspect(np.array([across, along, across, along]), tilt)


def test_a_blob_twice_as_long_as_wide_is_no_card_from_any_allowed_tilt() -> None:
    tilt = PlaneSettings().max_tilt_deg
    for across, along in ((71.0, 142.0), (66.0, 127.0), (84.0, 162.0), (142.0, 71.0)):
        assert not _tilt_aspect(np.array([across, along, across, along]), tilt)


def _scene(faces: dict[Card, np.ndarray]) -> tuple[np.ndarray, list[np.ndarray], np.ndarray]:
    """tango/clutter#12471312: its picture, its cards' outlines in the rough view, and the
    rough card mask."""
    photo = photograph(12_471_312, faces, "clutter")
    detector = CardDetector()
    view = make_view(photo.image, None, detector.finder)
    rough = card_mask(view.image, None, detector.finder)
    to_view = np.linalg.inv(view.to_image)
    truth = [
        cv2.perspectiveTransform(
            np.asarray(c.corners, np.float64).reshape(-1, 1, 2), to_view
        ).reshape(-1, 2)
        for c in photo.cards
    ]
    return photo.image, truth, rough


def test_a_hand_of_three_is_no_lone_outline(tango_faces: dict[Card, np.ndarray]) -> None:
    """The frame's one lone outline is a hand of three (a third of each of two cards, twice as
    long as wide); with the lever the plane has no lone outline to be fitted to."""
    _, truth, rough = _scene(tango_faces)
    (hand,) = lone_outlines(rough, OFF)
    assert max(polygon_iou(hand, card) for card in truth) < 0.4
    sides = np.hypot(*(np.roll(hand, -1, axis=0) - hand).T)
    across, along = sides[0] + sides[2], sides[1] + sides[3]
    assert max(across, along) / min(across, along) > 1.9
    assert lone_outlines(rough, ON) == []


def test_the_squeezed_hands_cards_are_found(tango_faces: dict[Card, np.ndarray]) -> None:
    """tango/clutter#12471312's 3S and QD, in hands of three, missed on the plane fitted to the
    hand (38 x 74 in a view of 50 x 70 cards), are found with the lever, never wrong; no other
    card of the frame is missed or read wrong, and each detection lies on a card."""
    photo = photograph(12_471_312, tango_faces, "clutter")
    before = CardDetector(plane=OFF).detect(photo.image)
    after = CardDetector(plane=ON).detect(photo.image)
    for code in ("3S", "QD"):
        card = next(c for c in photo.cards if c.card.code == code)
        assert on_true_card(card, before) == []
        (found,) = on_true_card(card, after)
        assert card.card in (found.card, found.candidate)
    for card in photo.cards:
        found_on = on_true_card(card, after)
        assert len(found_on) == 1
        assert found_on[0].card in (None, card.card)
    for detection in after:
        assert any(
            cv2.pointPolygonTest(np.asarray(c.corners, np.float32), detection.center, False) >= 0
            for c in photo.cards
        )
