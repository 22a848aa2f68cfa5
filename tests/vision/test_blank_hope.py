"""The choice's hope for a finding counts a shape the corner network names nothing in as nothing
(issue 28, speed, h-speed52): ``FinderSettings.blank_hope``, ``CardDetector._hope``.

On paired_vision.py's slow building frames most of the reading time goes to findings that are
not chosen (79% over the 20 frames), many of them of 14-25 shapes most of which read as nothing.
Off, each shape the network reads no index in surely enough may still add an uncertain card's
most to the finding (0.48); on, one in neither of whose corners it names a rank or a suit (junk,
or no index) adds nothing, so such findings are weighed as losing and not read fully."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import (
    CardDetector,
    FrameAnalysis,
    _Finding,
    _Reading,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import tilted_coup

ON = replace(FinderSettings(), blank_hope=True)
# benchmarks/paired_vision.py's building frame 13,660,016 (anglo): two findings of 14 shapes, most
# of them named nothing in by the network, are read fully for the choice with the lever off.
SLOW = 13_660_016


def test_it_ships_off() -> None:
    assert FinderSettings().blank_hope is False
    assert CardDetector().finder.blank_hope is False


def _sure() -> _Reading:
    rank = np.zeros(13)
    rank[0] = 1.0
    suit = np.zeros(4)
    suit[1] = 1.0
    return _Reading(rank, suit, network=True)


def _hope(finder: FinderSettings) -> float:
    """``_hope`` of a finding of four shapes whose network looks are given: one read surely at
    both corners, one junk at both, one with no index at both, one junk at one corner and read
    surely at the other (read, not blank)."""
    quads = [np.zeros((4, 2), np.float32) for _ in range(4)]
    found = _Finding(quads, (80.0, 112.0), 0.0, [False] * 4)
    found.regions[:] = [object() for _ in quads]  # type: ignore[list-item]  # made already
    junk = _Reading(None, None, junk=True)
    nothing = _Reading(None, None)
    looks = [(_sure(), _sure()), (junk, junk), (nothing, nothing), (junk, _sure())]
    found.nets[False] = (looks, looks, set())
    detector = CardDetector(layout=None, finder=finder)
    return detector._hope(np.zeros((8, 8, 3), np.uint8), found, False)


def test_a_shape_the_network_names_nothing_in_adds_nothing_to_the_hope() -> None:
    share = CardDetector().threshold - 0.5  # an uncertain card's most
    # Off: two shapes read whole (1 each), the two blank ones an uncertain card's most each.
    assert _hope(FinderSettings()) == pytest.approx(2 + 2 * share)
    # On: the blank ones add nothing.
    assert _hope(ON) == pytest.approx(2.0)


def _reads(finder: FinderSettings, image: np.ndarray, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The shapes of each finding read fully for the choice, and the detections' ``repr``."""
    reads: list[int] = []
    original = CardDetector._analysis_of

    def analysis_of(
        self: CardDetector, frame: np.ndarray, found: _Finding, **options: Any
    ) -> FrameAnalysis:
        if not options.get("printed", True):
            reads.append(len(found.quads))
        return original(self, frame, found, **options)

    with monkeypatch.context() as patch:
        patch.setattr(CardDetector, "_analysis_of", analysis_of)
        detections = CardDetector(layout=None, finder=finder).detect(image)
    return reads, repr(detections)


def test_a_slow_frame_reads_fewer_findings_and_answers_the_same(
    check_faces: dict[str, dict[Card, np.ndarray]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """anglo, the paired frame 13660016: off, four findings are read fully for the choice, two
    of them of 14 shapes (ten and eleven of them blank to the network); on, neither of those
    is read (weighed as losing), and the detections are the same, bit for bit."""
    image = tilted_coup(SLOW, check_faces["anglo"])
    off_reads, off_cards = _reads(FinderSettings(), image, monkeypatch)
    on_reads, on_cards = _reads(ON, image, monkeypatch)
    assert off_reads == [6, 14, 6, 14]
    assert on_reads == [6, 6]
    assert on_cards == off_cards
    assert off_cards.count("card=Card(") >= 4
