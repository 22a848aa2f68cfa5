"""The choice between findings weighs a finding by the corner network alone before the glyph
reader reads it (issue 28, speed; h-speed26): a finding in fewer of whose shapes the network
reads an index than the best finding's evidence is not read fully, and the choice is the one
reading every finding made."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from dealer_assist.vision import decks
from dealer_assist.vision.pipeline import (
    CardDetector,
    FrameAnalysis,
    _Finding,
    _NetLooks,
)
from dealer_assist.vision.synthetic import CHECK_STYLES, random_scene

# Building scenes whose card size is searched long (anglo at 160 pixels): reading every
# finding reads 14, 11 and 12 of them; weighed by the network first, 7, 7 and 8.
_SEARCHED = (("table", 4_802), ("tableclose", 4_802), ("close", 4_801))


def _images() -> list[np.ndarray]:
    faces = decks.render_design(decks.design("anglo"), height=160)
    return [random_scene(seed, faces, style=CHECK_STYLES[name]).image for name, seed in _SEARCHED]


def _counting_reads(monkeypatch: pytest.MonkeyPatch, reads: list[int]) -> None:
    """Count, in ``reads``, every finding read fully for the choice (``printed`` False)."""
    original = CardDetector._analysis_of

    def analysis_of(
        self: CardDetector, frame: np.ndarray, found: _Finding, **options: Any
    ) -> FrameAnalysis:
        if not options.get("printed", True):  # its options are keywords only
            reads.append(len(found.quads))
        return original(self, frame, found, **options)

    monkeypatch.setattr(CardDetector, "_analysis_of", analysis_of)


def test_findings_the_network_gives_no_hope_are_not_read_and_the_answers_stay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    images = _images()
    cheap: list[int] = []
    full: list[int] = []
    with monkeypatch.context() as patch:
        _counting_reads(patch, cheap)
        detector = CardDetector(layout=None)
        answers = [[d.to_json() for d in detector.detect(image)] for image in images]
    with monkeypatch.context() as patch:
        _counting_reads(patch, full)
        detector = CardDetector(layout=None, cheap_choice=False)
        assert [[d.to_json() for d in detector.detect(image)] for image in images] == answers
    assert sum(1 for frame in answers for d in frame if d["card"] is not None) >= 6
    # A third fewer findings read by the glyph reader, and fewer shapes.
    assert 3 * len(cheap) <= 2 * len(full)
    assert sum(cheap) < sum(full)


def test_a_finding_weighed_then_read_is_shown_to_the_network_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The network's looks at a finding's shapes, made to weigh it (``_hope``), are the ones its
    # full read uses (``_read_looks``'s ``net``): one batch a finding, never two.
    images = _images()
    # The regions themselves are kept (an id alone could be another list's after it went).
    batches: list[object] = []
    weighed: list[object] = []
    read_net = CardDetector._read_net
    hope = CardDetector._hope

    def counted_net(
        self: CardDetector, regions: Sequence[object], *, with_deck: bool = True
    ) -> _NetLooks:
        batches.append(regions)
        return read_net(self, regions, with_deck=with_deck)  # type: ignore[arg-type]

    def counted_hope(self: CardDetector, frame: np.ndarray, found: _Finding, deck: bool) -> float:
        weighed.append(found.regions)
        return hope(self, frame, found, deck)

    monkeypatch.setattr(CardDetector, "_read_net", counted_net)
    monkeypatch.setattr(CardDetector, "_hope", counted_hope)
    detector = CardDetector(layout=None)
    for image in images:
        detector.detect(image)
    # Every finding weighed (of one shape at least) was shown to the network once, whether it
    # was read after or not.
    shown = [sum(1 for batch in batches if batch is regions) for regions in weighed if regions]
    assert shown and all(times == 1 for times in shown)
