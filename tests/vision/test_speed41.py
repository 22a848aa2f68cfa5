"""The plane view's first finding on a cheap mask, chosen only where it ends the search; off
(issue 28, h-speed41).

``FinderSettings.quick_plane_mask`` ("warped": the rough view's unfilled mask warped onto the
plane, ``warped_card_mask``; "half": ``half_card_mask``) makes each plane width's finding on
that cheap mask first. It is read only when the corner network reads most of its shapes'
indices surely, and chosen only when most of its shapes read surely (the plane's own rule for
ending the search) and it beats the findings before; otherwise it is let go as if never made
and the full mask's finding at that width comes next. Off (""): the full mask only, as before.
Off by default: the answers change on about half the paired frames and the building check
(docs/benchmarks.md)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision import pipeline, quads, synthetic
from dealer_assist.vision.pipeline import CardDetector, FrameAnalysis, _Finding
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import tilted_coup

QUICK = FinderSettings(quick_plane_mask="warped")


def _chosen(
    monkeypatch: pytest.MonkeyPatch, detector: CardDetector, image: np.ndarray
) -> tuple[str, bool]:
    """``detector``'s detections of ``image`` (``repr``) and whether the finding it chose was
    made on the cheap mask."""
    quick: list[bool] = []
    real = CardDetector._choose

    def spy(
        self: CardDetector, frame: np.ndarray, *, with_deck: bool
    ) -> tuple[FrameAnalysis, _Finding | None]:
        best, found = real(self, frame, with_deck=with_deck)
        quick.append(found is not None and found.quick)
        return best, found

    monkeypatch.setattr(CardDetector, "_choose", spy)
    detections = detector.detect(image)
    monkeypatch.undo()
    return repr(detections), quick[-1]


def test_the_quick_plane_mask_ships_off() -> None:
    assert FinderSettings().quick_plane_mask == ""
    assert CardDetector(layout=None).finder.quick_plane_mask == ""


@pytest.mark.parametrize("frame", [("tango", 11_790_000), ("anglo", 11_790_001)])
def test_a_finding_let_go_leaves_the_detections_as_they_were(
    check_faces: dict[str, dict[Card, np.ndarray]],
    monkeypatch: pytest.MonkeyPatch,
    frame: tuple[str, int],
) -> None:
    """tango and anglo, tilted, seeds 11,790,000 and 11,790,001: the cheap mask's finding is
    made (the warped mask asked for) but does not read surely enough, so the full mask's is
    chosen: the detections are the lever off's, bit for bit."""
    image = tilted_coup(frame[1], check_faces[frame[0]])
    made: list[tuple[int, int]] = []
    real = quads.warped_card_mask

    def spy(*args: Any) -> np.ndarray:
        made.append(args[2].shape[:2])  # the plane view's (``work``)
        return real(*args)

    monkeypatch.setattr(pipeline, "warped_card_mask", spy)
    off, off_quick = _chosen(monkeypatch, CardDetector(layout=None), image)
    assert made == []
    monkeypatch.setattr(pipeline, "warped_card_mask", spy)
    on, on_quick = _chosen(monkeypatch, CardDetector(layout=None, finder=QUICK), image)
    assert made
    assert not off_quick and not on_quick
    assert on == off


@pytest.mark.parametrize("kind", ["warped", "half"])
def test_a_quick_finding_chosen_reads_the_coup(
    check_faces: dict[str, dict[Card, np.ndarray]], monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """tango, tilted, seed 11,790,002: the cheap mask's finding reads most shapes surely and is
    chosen (the full mask never made at that width); every card of the coup is read exactly,
    as with the lever off."""
    seed = 11_790_002
    cards = synthetic.random_coup_cards(np.random.default_rng(seed), 6)
    scene = synthetic.random_scene(seed, check_faces["tango"], cards=cards, style=synthetic.TILTED)
    detector = CardDetector(layout=None, finder=replace(QUICK, quick_plane_mask=kind))
    _, quick = _chosen(monkeypatch, detector, scene.image)
    assert quick
    truth = sorted(str(c.card) for c in scene.cards)
    assert sorted(str(d.card) for d in detector.detect(scene.image)) == truth
    assert sorted(str(d.card) for d in CardDetector(layout=None).detect(scene.image)) == truth


def test_an_unknown_cheap_mask_is_refused(check_faces: dict[str, dict[Card, np.ndarray]]) -> None:
    image = tilted_coup(11_790_002, check_faces["tango"])
    with pytest.raises(ValueError, match="no such cheap plane mask"):
        CardDetector(layout=None, finder=FinderSettings(quick_plane_mask="tiny")).detect(image)
