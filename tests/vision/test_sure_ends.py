"""A finding read wholly surely ends the search for a card size even when it only ties the best
so far, and a choice read wholly surely is not tried at the size its indices show (issue 28,
speed, h-speed50; h-speed49's kind (c)): ``FinderSettings.sure_tie_stops`` and
``sure_not_resized``, ``CardDetector._choose``.

Off the plane, the search stops when the best finding reads every shape surely; a finding read
wholly surely whose evidence only ties a best with a card unsure or not borne out by its shape
does not stop it, and the findings after it are read (tango's paired frame 9777015: three more,
~160 ms). A choice read wholly surely is still looked at again at the card size a finding's
indices show too large (tango's paired frame 9777010: one more finding, ~55 ms)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import (
    CardDetector,
    FrameAnalysis,
    _Finding,
    _sure_cards,
    _sure_count,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import chosen_among, tilted_coup

# benchmarks/paired_vision.py's tilted frames of sessions 49 and before, in a building design.
TIE = 9_777_015  # a finding read wholly surely ties the best (5 of 6 borne out), three follow
RESIZED = 9_777_010  # the choice read wholly surely, a finding too large tried smaller after

Read = tuple[bool, int, bool, int]  # on the plane, shapes, wholly sure, cards read surely


def test_both_ship_off() -> None:
    assert FinderSettings().sure_tie_stops is False
    assert FinderSettings().sure_not_resized is False


def _read(
    detector: CardDetector, image: np.ndarray, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[Read], str]:
    """Each finding ``detector``'s choice reads in ``image`` (on the plane, its shapes, every
    shape read surely and borne out, its cards read surely), and its detections' ``repr``."""
    read: list[Read] = []

    def seen(found: _Finding, analysis: FrameAnalysis) -> None:
        wholly = bool(
            analysis.detections
            and not analysis.unread_cards
            and all(_sure_cards(analysis, geometry=True))
        )
        read.append((found.planar, len(found.quads), wholly, _sure_count(analysis)))

    detections = chosen_among(detector, image, monkeypatch, seen)
    return read, repr(detections)


def test_a_wholly_sure_finding_that_ties_the_best_ends_the_search(
    tango_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    """tango, the paired frame 9777015: off the plane, the second finding (six cards read
    surely, five borne out by their shapes) is the best; the fourth reads all six surely and
    borne out, but a hair less surely (5.99997 against 5.99999), and three more are read. With
    ``sure_tie_stops`` the search ends at the fourth, and the detections are the same, bit
    for bit."""
    image = tilted_coup(TIE, tango_faces)
    off_read, off_cards = _read(CardDetector(layout=None), image, monkeypatch)
    on = CardDetector(layout=None, finder=replace(FinderSettings(), sure_tie_stops=True))
    on_read, on_cards = _read(on, image, monkeypatch)
    assert len(off_read) == 7
    assert [planar for planar, *_ in off_read[1:4]] == [False] * 3
    assert not off_read[1][2] and off_read[3][2]  # the best not wholly sure, the fourth is
    assert off_read[3][3] == off_read[1][3] == 6  # ... and only ties it
    assert on_read == off_read[:4]
    assert on_cards == off_cards


def test_a_tie_that_is_not_wholly_sure_does_not_end_it(
    tango_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lever on a frame whose findings never read every shape surely off the plane
    (tango, the paired frame 9777011: the plane's first, then paper alone's, chosen): the
    same findings read as with it off."""
    image = tilted_coup(9_777_011, tango_faces)
    off_read, off_cards = _read(CardDetector(layout=None), image, monkeypatch)
    on = CardDetector(layout=None, finder=replace(FinderSettings(), sure_tie_stops=True))
    on_read, on_cards = _read(on, image, monkeypatch)
    assert len(off_read) >= 2 and not any(wholly for _, _, wholly, _ in off_read)
    assert on_read == off_read
    assert on_cards == off_cards


def test_a_wholly_sure_choice_is_not_tried_at_the_size_its_indices_show(
    tango_faces: dict[Card, np.ndarray], monkeypatch: pytest.MonkeyPatch
) -> None:
    """tango, the paired frame 9777010: the frame as it is reads all six shapes surely and is
    chosen; off, the plane's first finding (nine shapes, its indices saying the size is too
    large) is then made smaller and read (twelve shapes, a 55 ms read). With
    ``sure_not_resized`` it is not, and the detections are the same, bit for bit."""
    image = tilted_coup(RESIZED, tango_faces)
    off_read, off_cards = _read(CardDetector(layout=None), image, monkeypatch)
    on = CardDetector(layout=None, finder=replace(FinderSettings(), sure_not_resized=True))
    on_read, on_cards = _read(on, image, monkeypatch)
    assert [shapes for _, shapes, _, _ in off_read] == [9, 6, 6, 12]
    assert off_read[2][2] and not off_read[2][0]  # the frame as it is, wholly sure
    assert on_read == off_read[:3]
    assert on_cards == off_cards
