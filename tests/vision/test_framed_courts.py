"""A number card read surely as a court beside a printed frame is uncertain (issue 28, h-framed41).

A deck that prints a heavy frame round its pips (``DrawnStyle.framed``, building only) puts the
frame's corner beside the index in the corner crop, and the corner network reads the small
index and the frame's corner as a court: both corners, 0.98-1.00 sure (a 9S read QS, a 9C QC,
an AH KH). The frame's line is one blob larger than a pip, so ``pip_count`` is None and the
reader's court rule (pips in the middle) does not see the pips. ``CardDetector._pipped_courts``
(``court_mirror``, on) doubts a court read surely whose middle is as alike to its mirror image
as pips are (a court's picture is turned half round, not mirrored), or nearly so while showing
five pip-like blobs or more. A right court of the same deck stays sure.

The scenes are the second generator's (``lens_scenes``), fixed seeds of h-framed41's range.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision import decks
from dealer_assist.vision.drawn_decks import random_style, render_drawn
from dealer_assist.vision.lens_scenes import CONDITIONS, Condition, Photo, photograph
from dealer_assist.vision.pipeline import CardDetection, CardDetector

STYLE_SEED = 11_780_004  # a framed drawn deck, small index (rank 0.08 of the card's height)
LARGE = replace(CONDITIONS["large"], card_px=(170.0, 300.0))


@pytest.fixture(scope="module")
def framed_faces() -> dict[Card, np.ndarray]:
    if not decks.renderer_available():
        pytest.skip("rsvg-convert is not installed")
    style = replace(random_style(np.random.default_rng(STYLE_SEED), jumbo=False), framed=True)
    return render_drawn(style, seed=STYLE_SEED % 1000)  # the whole deck: the seed deals from it


def _answers(photo: Photo, detections: list[CardDetection]) -> dict[str, str]:
    """Each true card's answer: its code read surely, ``?`` and the candidate when uncertain,
    ``missed``; no card is found twice."""
    answers: dict[str, str] = {}
    for truth in photo.cards:
        outline = np.array(truth.corners, np.float32)
        on = [
            d
            for d in detections
            if cv2.pointPolygonTest(outline, (float(d.center[0]), float(d.center[1])), False) >= 0
        ]
        assert len(on) <= 1, f"{truth.card.code}: {len(on)} detections"
        if not on:
            answers[truth.card.code] = "missed"
            continue
        d = on[0]
        said = d.card if d.card is not None else d.candidate
        assert said is not None
        answers[truth.card.code] = ("" if d.card is not None else "?") + said.code
    return answers


@pytest.mark.parametrize(
    ("condition", "seed", "card", "court"),
    [
        (CONDITIONS["overhead"], 11_785_102, "9C", "QC"),  # 132 px, mirror 1.00
        (CONDITIONS["small"], 11_785_003, "AH", "KH"),  # 78 px: one pip, mirror 1.00
        (LARGE, 11_785_302, "9S", "QS"),  # 194 px: mirror 0.92, seven pip-like blobs
    ],
)
def test_number_read_as_court_is_uncertain(
    framed_faces: dict[Card, np.ndarray], condition: Condition, seed: int, card: str, court: str
) -> None:
    photo = photograph(seed, framed_faces, condition)
    before = _answers(photo, CardDetector(court_mirror=0).detect(photo.image))
    assert before[card] == court  # read surely wrong
    after = _answers(photo, CardDetector().detect(photo.image))
    assert after[card] == "?" + court  # uncertain, the candidate kept
    # Nothing else changed.
    assert {k: v for k, v in after.items() if k != card} == {
        k: v for k, v in before.items() if k != card
    }


def test_right_courts_stay_sure(framed_faces: dict[Card, np.ndarray]) -> None:
    # The same photograph as the AH's: a JC (mirror 0.04, six pip-like blobs) and a QD (0.19).
    photo = photograph(11_785_003, framed_faces, CONDITIONS["small"])
    after = _answers(photo, CardDetector().detect(photo.image))
    assert after["JC"] == "JC" and after["QD"] == "QD"
    assert CardDetector().court_mirror > 0  # on by default


def test_courts_without_a_picture_stay_sure() -> None:
    # A jumbo framed deck (four indices) whose courts' middles are plain paper: as alike to
    # their mirror images as pips (0.99, 0.98), but no ink (``COURT_INK``).
    if not decks.renderer_available():
        pytest.skip("rsvg-convert is not installed")
    seed = 11_780_008
    style = replace(random_style(np.random.default_rng(seed), jumbo=True), framed=True)
    faces = render_drawn(style, seed=seed % 1000)
    photo = photograph(11_789_102, faces, CONDITIONS["overhead"])
    after = _answers(photo, CardDetector().detect(photo.image))
    assert after["KS"] == "KS" and after["JH"] == "JH"
