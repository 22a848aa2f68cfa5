"""The first finding read on the plane ends the search when enough of its shapes read surely
(issue 28, speed, h-speed49): ``FinderSettings.first_enough``, ``CardDetector._choose``.

A frame whose first finding on the plane reads two thirds of its shapes surely, but not the
plane's ``sure_share`` (three quarters), goes on to read the plane's other findings and the
frame as it is (40-380 ms on a slow tilted frame); with the lever on, the first finding is
chosen and the cards it leaves are ``_finished``'s to find. Off by default."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import CardDetector, FrameAnalysis, _Finding, _sure_share
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import tilted_coup

SEED = 9_777_003  # benchmarks/paired_vision.py --tilted's frame, in a building design


def test_it_ships_off() -> None:
    assert FinderSettings().first_enough == 0.0


def _read(
    detector: CardDetector, image: np.ndarray, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[tuple[bool, float]], list[tuple[str, str | None]]]:
    """Each finding ``detector``'s choice reads in ``image`` (on the plane or not, the share of
    its shapes read surely), and the cards it reports (sure, or ``?`` and the candidate)."""
    read: list[tuple[bool, float]] = []
    original = CardDetector._analysis_of
    choosing = False
    original_choose = CardDetector._choose

    def choose(self: CardDetector, *args: Any, **kwargs: Any) -> Any:
        nonlocal choosing
        choosing = True
        try:
            return original_choose(self, *args, **kwargs)
        finally:
            choosing = False

    def analysis_of(
        self: CardDetector, frame: np.ndarray, found: _Finding, **kwargs: Any
    ) -> FrameAnalysis:
        analysis = original(self, frame, found, **kwargs)
        if choosing:
            read.append((found.planar, _sure_share(analysis)))
        return analysis

    with monkeypatch.context() as patch:
        patch.setattr(CardDetector, "_analysis_of", analysis_of)
        patch.setattr(CardDetector, "_choose", choose)
        detections = detector.detect(image)
    cards = sorted(
        (f"{d.card}" if d.card is not None else "?", f"{d.candidate}" if d.candidate else None)
        for d in detections
    )
    return read, cards


def test_the_first_finding_two_thirds_sure_ends_the_search_with_the_same_cards(
    tango_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    """tango, the paired frame 9777003: the plane's first finding reads 4 of its 6 shapes
    surely; off, the plane's four other findings and the frame as it is are read too (the
    frame as it is chosen); on at 0.66, only the first, and the same six cards are read
    surely."""
    image = tilted_coup(SEED, tango_faces)
    off_read, off_cards = _read(CardDetector(layout=None), image, monkeypatch)
    on = CardDetector(layout=None, finder=replace(FinderSettings(), first_enough=0.66))
    on_read, on_cards = _read(on, image, monkeypatch)
    assert off_read[0] == (True, pytest.approx(4 / 6))
    assert len(off_read) >= 3 and any(not planar for planar, _ in off_read)
    assert on_read == off_read[:1]
    assert on_cards == off_cards
    assert len(on_cards) == 6 and all(card != "?" for card, _ in on_cards)


def test_a_first_finding_under_the_share_does_not_end_it(
    tango_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same frame with the share set above the first finding's (0.7): the search goes on
    as with the lever off."""
    image = tilted_coup(SEED, tango_faces)
    off_read, _ = _read(CardDetector(layout=None), image, monkeypatch)
    above = CardDetector(layout=None, finder=replace(FinderSettings(), first_enough=0.7))
    above_read, _ = _read(above, image, monkeypatch)
    assert above_read == off_read
