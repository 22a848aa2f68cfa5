"""The plane view's card mask warped from the rough view's (issue 28, h-floor37).

``FinderSettings.warped_plane_mask`` (off): without a layout, the plane view's card mask is the
rough view's ``unfilled_mask`` (found once a frame) warped onto the plane, its soft edges
cleared and its holes filled and opened at the plane's card size, instead of a mask found
again on the plane view. It changes answers (docs/benchmarks.md, h-floor37), so it is off."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision import quads, synthetic
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_cards

SEED = 11_410_100  # a tilted six-card frame (anglo) the warped mask reads wholly


def _masks_made(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many plane-view card masks were made warped and made afresh (``card_mask`` at a
    card size), counted from now on."""
    made = {"warped": 0, "afresh": 0}
    warped, afresh = quads.warped_card_mask, quads.card_mask

    def counted_warped(*args: Any, **kwargs: Any) -> np.ndarray:
        made["warped"] += 1
        return warped(*args, **kwargs)

    def counted_afresh(work: np.ndarray, card_px: Any, *args: Any, **kwargs: Any) -> np.ndarray:
        made["afresh"] += card_px is not None
        return afresh(work, card_px, *args, **kwargs)

    monkeypatch.setattr("dealer_assist.vision.pipeline.warped_card_mask", counted_warped)
    monkeypatch.setattr("dealer_assist.vision.pipeline.card_mask", counted_afresh)
    return made


def test_the_warped_plane_mask_reads_every_card_without_a_mask_made_on_the_plane(
    building_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = synthetic.random_coup_cards(np.random.default_rng(SEED), 6)
    scene = synthetic.random_scene(SEED, building_faces, cards=cards, style=synthetic.TILTED)
    made = _masks_made(monkeypatch)
    detector = CardDetector(layout=None, finder=FinderSettings(warped_plane_mask=True))
    detections = detector.detect(scene.image)
    counts, nowhere, wrong = found_on_cards(detections, scene.cards)
    assert counts == [1] * 6 and nowhere == 0 and wrong == 0
    sure = sorted(str(d.card) for d in detections if not d.uncertain)
    assert sure == sorted(str(c) for c in cards)
    # The faster path ran: every plane view's mask warped, none made afresh there.
    assert made["warped"] > 0
    assert made["afresh"] == 0


def test_off_by_default_the_plane_views_mask_is_made_afresh(
    building_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    cards = synthetic.random_coup_cards(np.random.default_rng(SEED), 6)
    scene = synthetic.random_scene(SEED, building_faces, cards=cards, style=synthetic.TILTED)
    assert not FinderSettings().warped_plane_mask
    made = _masks_made(monkeypatch)
    CardDetector(layout=None).detect(scene.image)
    assert made["warped"] == 0
    assert made["afresh"] > 0
