"""An uncertain card whose outline is off, laid again with its sides on the straight edges near
them (issue 28, h-outline45; ``FinderSettings.line_fit``, off).

The finder's outline of an uncertain card is often a tenth too small with one corner right (the
card size of a finding where the view's cards differ in size); ``refit.snapped`` moves each point
of a side onto its own strongest edge within a fifth of the shorter side, and a pip or an index
pulls it inwards. ``refit.side_lines`` looks for the strongest *straight* edge along the whole
side instead (the card's edge onto the felt, the seam to a touching card), and the card is read
again where four such sides make a card of the frame's sure card size.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.refit import LineFit, RefitSettings, lines_quad, side_lines, snapped
from tests.vision.found import answer_in_scene

ON = FinderSettings(line_fit=True)


def test_the_line_fit_ships_off() -> None:
    assert not FinderSettings().line_fit


def test_sides_find_the_card_s_straight_edges(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """The building check's tango/tilted#7900008 ten of clubs, its true outline cut to 0.8
    about one corner (as the finder laid it there, one corner right): the strongest straight
    edge near each side brings the outline onto the card (IoU over 0.9); each point snapped
    onto its own strongest edge, as the refit snaps, stays off (a fifth of the shorter side
    reaches no further than the pips)."""
    scene = synthetic.random_scene(
        7900008, check_faces["tango"], style=synthetic.CHECK_STYLES["tilted"]
    )
    (card,) = [c for c in scene.cards if c.card == parse_card("TC")]
    truth = np.asarray(card.corners, np.float64).reshape(4, 2)
    small = truth.copy()
    for k in (0, 1, 3):
        small[k] = truth[2] + 0.8 * (truth[k] - truth[2])
    assert polygon_iou(small, truth) < 0.7
    gray = cv2.GaussianBlur(cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY), (0, 0), 1.0)
    lines = side_lines(gray, small, LineFit())
    fitted = lines_quad([(point, direction) for _, point, direction in (s[0] for s in lines)])
    assert fitted is not None
    assert polygon_iou(fitted, truth) > 0.9
    assert polygon_iou(snapped(gray, small, RefitSettings())[0], truth) < 0.75


@pytest.mark.parametrize(
    ("label", "code"),
    [("tango/tilted#7900008", "TC"), ("simplistic/dim#7900008", "8D")],
)
def test_an_outline_off_card_reads_exactly_with_its_sides_fitted(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    # Building check cards answered uncertain at an outline a tenth off (IoU 0.76 with the
    # card, one corner within 2 pixels, the card read exactly alone at its true outline): with
    # the lever on, read exactly; nothing in the scene is read wrong.
    (before, _), (after, answers) = (
        answer_in_scene(check_faces, label, code, CardDetector(finder=finder))
        for finder in (FinderSettings(), ON)
    )
    assert before.card is None
    assert after.card == parse_card(code)
    assert all(detection.card in (None, card) for detection, card in answers)
