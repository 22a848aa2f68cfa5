"""The card mask's edges and shadowed paper looked for only where they can count (issue 28,
h-speed39): ``quads._unedged`` finds the grey level's edges round the large pieces alone (the
box holding them, ``_EDGE_REACH`` wider), ``quads._add_shadowed_paper`` tests only the shaded
part's box. Both are the same answers as over the whole box and view (``_WHOLE_BOXES``, the
full path, for these tests): the same masks bit for bit, the same detections."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision import quads, synthetic
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings

# Fresh building scenes (seeds of h-speed39's range): the first's card masks add paper in a
# lamp's shadow.
FRAMES = [("anglo", "dim", 11_580_100), ("tango", "harsh", 11_580_111)]


def _calls(monkeypatch: pytest.MonkeyPatch, name: str) -> list[tuple[Any, ...]]:
    """The arguments of every call of ``quads.<name>`` from now on (copied as they came)."""
    made: list[tuple[Any, ...]] = []
    real = getattr(quads, name)

    def kept(*args: Any) -> Any:
        made.append(tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args))
        return real(*args)

    monkeypatch.setattr(quads, name, kept)
    return made


@pytest.mark.parametrize(("design", "style", "seed"), FRAMES)
def test_the_fast_path_reads_the_full_paths_detections(
    check_faces: dict[str, dict[Card, np.ndarray]],
    monkeypatch: pytest.MonkeyPatch,
    design: str,
    style: str,
    seed: int,
) -> None:
    scene = synthetic.random_scene(seed, check_faces[design], style=synthetic.CHECK_STYLES[style])
    fast = CardDetector(layout=None).detect(scene.image)
    monkeypatch.setattr(quads, "_WHOLE_BOXES", True)
    full = CardDetector(layout=None).detect(scene.image)
    assert repr(fast) == repr(full)
    assert sum(d.card is not None for d in fast) >= 4


def test_glare_pieces_are_judged_by_the_same_edges(monkeypatch: pytest.MonkeyPatch) -> None:
    # Teal felt: a card's sharp-edged paper, a reflection fading out, and a speck far off that
    # widens the box of what was judged glare beyond the large pieces' box.
    work = np.full((240, 320, 3), (70, 130, 60), np.uint8)
    mask = np.zeros((240, 320), np.uint8)
    cv2.rectangle(work, (30, 40), (89, 124), (235, 235, 235), -1)
    cv2.rectangle(mask, (30, 40), (89, 124), 255, -1)
    ys, xs = np.mgrid[0:240, 0:320]
    glow = np.exp(-(((xs - 240) / 30.0) ** 2 + ((ys - 150) / 30.0) ** 2))
    work = np.clip(work + (glow * 120)[..., None], 0, 255).astype(np.uint8)
    cv2.circle(mask, (240, 150), 40, 255, -1)
    cv2.rectangle(mask, (300, 220), (302, 222), 255, -1)
    settings = FinderSettings()
    fast = quads._unedged(mask.copy(), mask, work, settings)
    monkeypatch.setattr(quads, "_WHOLE_BOXES", True)
    full = quads._unedged(mask.copy(), mask, work, settings)
    assert np.array_equal(fast, full)
    # The card's paper is kept back (not gone), the reflection and the speck go.
    assert fast[80, 60] == 0 and fast[150, 240] == 255 and fast[221, 301] == 255


def test_the_shadowed_paper_is_the_full_paths(
    check_faces: dict[str, dict[Card, np.ndarray]], monkeypatch: pytest.MonkeyPatch
) -> None:
    design, style, seed = FRAMES[0]
    scene = synthetic.random_scene(seed, check_faces[design], style=synthetic.CHECK_STYLES[style])
    shadowed = _calls(monkeypatch, "_add_shadowed_paper")
    CardDetector(layout=None).detect(scene.image)
    monkeypatch.undo()
    added = 0
    for mask, work, distance, felt, settings in shadowed:
        fast, full = mask.copy(), mask.copy()
        quads._add_shadowed_paper(fast, work, distance, felt, settings)
        monkeypatch.setattr(quads, "_WHOLE_BOXES", True)
        quads._add_shadowed_paper(full, work, distance, felt, settings)
        monkeypatch.undo()
        assert np.array_equal(fast, full)
        added += int(np.count_nonzero(fast != mask))
    assert added > 0  # paper in a shadow was added, the same pixels either way
