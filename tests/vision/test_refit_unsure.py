"""An uncertain card's outline laid again in a frame where every other shape read an index
(issue 28, h-outline31).

The repair of outlines that do not fit their card (``CardDetector._refit``, docs/vision.md step
14) lays a shape read unsurely again from its corners at the finding's card size, its sides
snapped to the paper's edges, and takes it when read surely as the shape's own candidate at
both index corners. It ran only in frames where some shape read no index at all; a card whose
outline was a tenth of its width or more too small (its far index corner on its own pips) in a
frame whose other shapes all read stayed uncertain. ``RefitSettings.unsure_alone`` lays such
cards again in any frame. It is off by default: it read the test suite's drawn queen of
clubs (drawn-0 9150910, tests/vision/test_black_suits.py) surely as its candidate, the QD, as
h-outline18's cards laid over a shape read unsurely did (the last test here). The scenes are
the building check's (scripts/vision_tilted.py).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.refit import RefitSettings
from tests.vision.found import answer_in_scene
from tests.vision.test_black_suits import SMALL, _drawn_0


def _corner_error(quad: np.ndarray, truth: np.ndarray) -> float:
    """The largest distance from an outline corner to the nearest true corner."""
    return float(max(np.hypot(*(truth - p).T).min() for p in quad))


@pytest.mark.parametrize(
    ("label", "code"),
    [
        # A five of hearts in a noisy view, its outline 0.94 of the card's size and a seventh of
        # its width off at one corner: both corners read 5H, not surely enough.
        ("tango/noisy#7900002", "5H"),
        # An ace of clubs in a lamp's shadow, its outline 0.9 of the card's size: one corner
        # read AC, the other on the pips.
        ("ornamental/dim#7900000", "AC"),
    ],
)
def test_an_uncertain_card_is_laid_again_in_a_frame_with_no_unread_shape(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    design, rest = label.split("/")
    style, seed = rest.split("#")
    scene = synthetic.random_scene(
        int(seed), check_faces[design], style=synthetic.CHECK_STYLES[style]
    )
    (truth,) = [np.asarray(c.corners) for c in scene.cards if c.card == parse_card(code)]
    before, _ = answer_in_scene(check_faces, label, code, CardDetector())  # off by default
    assert before.card is None and before.candidate == parse_card(code)
    after, answers = answer_in_scene(
        check_faces, label, code, CardDetector(refit=RefitSettings(unsure_alone=True))
    )
    assert after.card == parse_card(code)
    # Laid again closer to the card's true corners.
    off_before = _corner_error(np.asarray(before.corners, np.float64), truth)
    off_after = _corner_error(np.asarray(after.corners, np.float64), truth)
    assert off_after < off_before
    for detection, card in answers:
        assert detection.card in (None, card)


def test_the_drawn_queen_of_clubs_read_unsurely_is_read_as_its_candidate_with_it_on() -> None:
    """Why the lever is off: the drawn deck's queen of clubs, read unsurely as the QD (both
    readers' best guess), is laid again in a frame with no unread shape and read QD surely at
    both index corners. With the lever off it stays uncertain."""
    scene = synthetic.random_scene(9150910, _drawn_0(), style=SMALL)
    (queen,) = [c for c in scene.cards if c.card == parse_card("QC")]
    outline = np.array(queen.corners, np.float32).reshape(-1, 1, 2)

    def on_queen(detector: CardDetector) -> list[CardDetection]:
        return [
            d
            for d in detector.detect(scene.image)
            if cv2.pointPolygonTest(outline, d.center, False) >= 0
        ]

    (off,) = on_queen(CardDetector())
    assert off.card is None and off.candidate == parse_card("QD")
    (on,) = on_queen(CardDetector(refit=RefitSettings(unsure_alone=True)))
    assert on.card == parse_card("QD")
