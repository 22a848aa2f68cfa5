"""``relay_off``'s outlines read only where the corner network sees a whole index there
(issue 28, h-speed43).

``CardDetector._relaid_off`` lays an uncertain card again from its index corners and reads each
outline laid in full (``_analysis_of``: the corner network, then the glyph reader's cuts and
recuts). On the paired frame-time frames (benchmarks/paired_vision.py ``--tilted
--no-layout``) every outline at which the network read no whole index at ``NET_HOPE`` or surer
read no card at all, at 4-10 ms each. ``FinderSettings.relay_off_hope`` does not read those
outlines (the network's looks are the full read's, found once). Not proven to change no answer
(the glyph reader's looks join the network's): a lever, on by default since session 43 (the
building check, a fresh building set and the held-out set 650 answered card for card the same).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dealer_assist.vision import decks
from dealer_assist.vision.pipeline import CardDetector, FrameAnalysis, _Finding
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import tilted_coup


def test_the_hope_ships_on() -> None:
    assert FinderSettings().relay_off_hope is True
    assert CardDetector().finder.relay_off_hope is True


class _Counting(CardDetector):
    """Counts the outlines ``_relaid_choice`` reads in full."""

    def __init__(self, finder: FinderSettings) -> None:
        super().__init__(finder=finder)
        self.relaying = False
        self.reads = 0

    def _relaid_choice(self, *args: object, **kwargs: object) -> object:  # type: ignore[override]
        self.relaying = True
        try:
            return super()._relaid_choice(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            self.relaying = False

    def _analysis_of(  # type: ignore[override]
        self, frame: np.ndarray, found: _Finding, **kwargs: object
    ) -> FrameAnalysis:
        if self.relaying:
            self.reads += 1
        return super()._analysis_of(frame, found, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("seed", "off_reads", "on_reads"),
    [
        # Paired frames: 9,777,002's uncertain 8S laid again five ways, all five read (the one
        # over a reported card is within ``relay_off_overlap`` 0.15 since h-overlap43; four at
        # 0.05); the first reads it surely, the other four read nothing and show the network
        # no whole index. 9,777,017's JS: two read uncertain, two read nothing.
        (9_777_002, 5, 1),
        (9_777_017, 4, 2),
    ],
)
def test_outlines_the_network_sees_no_index_in_are_not_read(
    art_cache: Path, seed: int, off_reads: int, on_reads: int
) -> None:
    faces = decks.render_design(decks.design("kde_standard"), height=320, cache=art_cache)
    image = tilted_coup(seed, faces)
    # ``line_fit`` (on since session 46) reads its outlines through ``_relaid_choice`` too (on
    # 9,777,017 it reads the JS exactly at a fitted outline, with the hope and without): off
    # in both, so that only ``relay_off``'s outlines are counted.
    off = _Counting(FinderSettings(relay_off_hope=False, line_fit=False))
    on = _Counting(FinderSettings(relay_off_hope=True, line_fit=False))
    answers_off, answers_on = off.detect(image), on.detect(image)
    assert (off.reads, on.reads) == (off_reads, on_reads)
    # The same answers, every card, outline and confidence.
    assert repr(answers_on) == repr(answers_off)
