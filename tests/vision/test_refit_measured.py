"""An uncertain card whose outline is a tenth off, laid again as long as the paper goes along
its sides (issue 28, h-outline38).

In noisy and dim views an uncertain card's outline is often too small or turned about one right
corner (its far index corner on the card's own pips), in a frame whose card size is itself too
small, so the repair of outlines (``CardDetector._refit``) laying it again at the finding's card
size lays the same small outline. ``RefitSettings.unsure_measured`` also lays it from each
corner as long as the paper goes along its two sides (``refit.measured``), and
``measured_other`` (off) lets those outlines read a card other than the first reading's best
guess (read surely at both index corners, borne out as every refit is), ``unsure_other`` (off)
every outline the refit lays for a shape read unsurely. The scenes are rendered as
the building check renders them (scripts/vision_tilted.py); the noisy one is from h-outline38's
own seeds.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.pipeline import DEFAULT_REFIT, CardDetector
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.refit import RefitSettings, measured
from tests.vision.found import answer_in_scene

OFF = replace(DEFAULT_REFIT, unsure_measured=False, measured_other=False, unsure_other=False)


# ``measured_other`` and ``unsure_other`` on (off by default).
OTHER = replace(DEFAULT_REFIT, unsure_measured=True, measured_other=True, unsure_other=True)


@pytest.mark.parametrize(
    ("label", "code", "candidate", "on"),
    [
        # An eight of diamonds in a noisy view, its outline 0.8 of the card's (IoU): read 8D,
        # not surely enough; laid as long as the paper goes, read surely (h-outline38's seeds;
        # ``unsure_measured``, on by default).
        ("ornamental/noisy#11480002", "8D", "8D", DEFAULT_REFIT),
        # A ten of clubs in a noisy view, its outline turned about one corner (IoU 0.69): its
        # first reading's best guess the QH; laid again from that corner along the paper, the
        # TC surely (the building check's scene; ``measured_other``).
        ("tango/noisy#7900008", "TC", "QH", OTHER),
        # A four of diamonds on a table, its outline off (IoU 0.77) and read 7C: laid upright
        # from a corner at the card size it reads 4D surely (``unsure_other``).
        ("ornamental/table#7900005", "4D", "7C", OTHER),
    ],
)
def test_an_uncertain_card_with_its_outline_off_reads_exactly_laid_along_the_paper(
    check_faces: dict[str, dict[Card, np.ndarray]],
    label: str,
    code: str,
    candidate: str,
    on: RefitSettings,
) -> None:
    # ``line_fit`` (on since session 46) reads ornamental/noisy#11480002's 8D and
    # tango/noisy#7900008's TC (a building check gain) exactly at their fitted outlines first
    # (tests/vision/test_line_fit.py): off in both, the refit's outlines under test.
    no_fit = FinderSettings(line_fit=False)
    (before, _), (after, answers) = (
        answer_in_scene(check_faces, label, code, CardDetector(refit=refit, finder=no_fit))
        for refit in (OFF, on)
    )
    assert (before.card, before.candidate) == (None, parse_card(candidate))
    assert after.card == parse_card(code)
    assert all(detection.card in (None, card) for detection, card in answers)


def test_a_measured_outline_ends_where_the_paper_ends(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """``refit.measured`` on a card's true outline cut to 0.8 of its size about one corner (an
    outline too small, one corner right): one of the outlines laid from that corner lies on the
    card (IoU 0.64 -> over 0.95), on the grey picture the refit snaps to."""
    scene = synthetic.random_scene(
        11480002, check_faces["ornamental"], style=synthetic.CHECK_STYLES["noisy"]
    )
    (card,) = [c for c in scene.cards if c.card == parse_card("8D")]
    truth = np.asarray(card.corners, np.float64)
    small = truth.copy()
    for k in (0, 1, 3):  # about corner 2, whose sides lie on the felt
        small[k] = truth[2] + 0.8 * (truth[k] - truth[2])
    gray = cv2.GaussianBlur(cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY), (0, 0), 1.0)
    shapes = measured(gray, small, RefitSettings())
    assert polygon_iou(small, truth) < 0.65
    assert max(polygon_iou(s, truth) for s in shapes) > 0.95
