"""Three touching banker cards cut apart at the wrong size: the plane fitted to a few lone
cards judged by the blobs' corners (issue 28, h-joined39).

Without a layout the finder works on the table's plane, fitted to the lone cards' outlines
(``plane.fit_plane``). In the building check's scene #7900007 the three lone player cards lie
together on one side; the plane fitted to them alone is extrapolated to the banker's joined
blob (TC, 2C and 2D touching), where it makes the cards 1.3 times too wide and no card's shape,
so the finder cuts the blob into card-sized pieces that lie across the cards (IoU 0.4-0.6) and
they read uncertain. The tilt that squares the blobs' corners (``plane.tilt_plane``) makes all
six cards card-shaped there. ``PlaneSettings.tilt_judges`` (on at 0.5 since h-tilton39) takes it
when it squares the corners at least twice as well and by ``tilt_gain`` (several corners), and
the lone outlines still agree on one card width.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import pipeline, synthetic
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.pipeline import DEFAULT_PLANE, CardDetector
from dealer_assist.vision.plane import Plane, PlaneSettings, _shape_error, find_plane
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answer_in_scene

TILT = replace(DEFAULT_PLANE, tilt_judges=0.5)
PLAIN = replace(DEFAULT_PLANE, tilt_judges=0.0)  # main before it
BANKER = ("TC", "2C", "2D")


def test_the_tilt_judge_ships_on() -> None:
    # Nine banker cards of scene #7900007 exact and its 2D no longer reported twice on the
    # building check, nothing worse there (h-joined39). The earlier tests it disturbed (their
    # premise two phantom markers or an unread shape, gone with it) judge on the lone
    # outlines' plane (h-tilton39).
    assert DEFAULT_PLANE == TILT


def test_touching_banker_cards_are_split_at_their_outlines(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """anglo/lens#7900007: the TC and the 2D uncertain (outlines 0.59 and 0.50 of the
    card), all three banker cards read exactly with the tilt judging the plane, each outline
    over 0.9 of its card; nothing read wrong."""
    label = "anglo/lens#7900007"
    scene = synthetic.random_scene(
        7900007, check_faces["anglo"], style=synthetic.CHECK_STYLES["lens"]
    )
    truth = {c.card: np.asarray(c.corners, np.float64).reshape(4, 2) for c in scene.cards}
    # The shape left unread under the lone outlines' plane is the premise: read with
    # ``unread_relaid`` off (on, it lays the 2D again from its corners and reads it).
    unrelaid = FinderSettings(unread_relaid=False)
    off = [
        answer_in_scene(check_faces, label, code, CardDetector(plane=PLAIN, finder=unrelaid))
        for code in BANKER
    ]
    assert [d.card for d, _ in off] == [None, parse_card("2C"), None]
    on = [answer_in_scene(check_faces, label, code, CardDetector(plane=TILT)) for code in BANKER]
    assert [d.card for d, _ in on] == [parse_card(code) for code in BANKER]
    for detection, _ in on:
        assert detection.card is not None
        corners = np.asarray(detection.corners, np.float64).reshape(4, 2)
        assert polygon_iou(corners, truth[detection.card]) > 0.9
    assert all(d.card in (None, card) for d, card in on[0][1])


@pytest.mark.parametrize("design", ["tango", "anglo"])
def test_the_banker_cards_are_card_shaped_on_the_judged_plane(
    check_faces: dict[str, dict[Card, np.ndarray]], design: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tango/noisy and anglo/noisy #7900007, the first rough mask the detector looks for the
    plane in: on the lone outlines' plane the banker cards' proportions are 0.15 or more (log)
    off a card's; on the plane the corners judge, under 0.05, and every card is a card's shape
    (the lone player cards within the plane's 0.12: the tilt is one of a grid's)."""
    scene = synthetic.random_scene(
        7900007, check_faces[design], style=synthetic.CHECK_STYLES["noisy"]
    )
    masks: list[np.ndarray] = []

    def spy(mask: np.ndarray, settings: PlaneSettings) -> Plane | None:
        masks.append(mask.copy())
        return find_plane(mask, settings)

    monkeypatch.setattr(pipeline, "find_plane", spy)
    CardDetector(plane=PLAIN).detect(scene.image)
    mask = masks[0]
    scale = mask.shape[1] / scene.image.shape[1]
    plain, judged = find_plane(mask, PLAIN), find_plane(mask, TILT)
    assert plain is not None and judged is not None
    for placed in scene.cards:
        quad = np.asarray(placed.corners, np.float64).reshape(4, 2) * scale
        judged_aspect = _shape_error(quad, judged.to_plane)[1]
        # A card on the plane (``PlaneSettings.max_aspect_error``): the tilt is a grid's.
        assert judged_aspect < DEFAULT_PLANE.max_aspect_error, placed.card
        if placed.card.code in BANKER:
            assert judged_aspect < 0.05, placed.card
            assert _shape_error(quad, plain.to_plane)[1] > 0.15, placed.card


def test_a_plane_the_corners_bear_out_is_kept(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """anglo/lens 11,620,003 (this helper's seed): the lone outlines' plane squares the blobs'
    corners nearly as well as the tilt (cost 0.066 against 0.020) and every card is a card's
    shape on it; taken on the ratio alone, the tilt's plane lost the JC (found by nothing).
    With ``tilt_gain`` the plane is kept and the JC read exactly."""
    for plane in (PLAIN, TILT):
        found, answers = answer_in_scene(
            check_faces, "anglo/lens#11620003", "JC", CardDetector(plane=plane)
        )
        assert found.card == parse_card("JC")
        assert all(d.card in (None, card) for d, card in answers)
