"""The middle card of a hand dealt overlapping, laid between the hand's two end cards read surely
(issue 28, h-merged43).

On the second generator's small and clutter scenes most cards missed as ``noquad:merged`` are
the middle card of three dealt overlapping: it lies over the card dealt before it and under the
card dealt after it, so no corner of it lies on the blob's outline and the finder never proposes
it (h-merged42: 34 of 45 such misses had no shape near them). ``FinderSettings.hand_between``
lays it midway between two cards of the blob read surely, at their size and tilt
(``refit.hand_middle``), and offers it as step 13's cards are; uncertain only when one index
corner reads it (both readers) where no other card's index is printed. On by default since
session 43; ``hand_index`` with it since session 44: each scene is asked with the laying between
alone and with the defaults (both on), each against ``hand_between`` off.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import CardDetection
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.refit import hand_middle
from tests.vision.found import found_by_lever

# ``hand_index`` left out (off by default since session 46): the laying between alone; and the
# defaults.
ON = replace(FinderSettings(), hand_between=True, hand_index=False)
DEFAULTS = FinderSettings()
OFF = replace(FinderSettings(), hand_between=False)
BOTH = pytest.mark.parametrize("on", [ON, DEFAULTS], ids=["between alone", "defaults"])


def test_hand_between_ships_on() -> None:
    assert FinderSettings().hand_between is True
    assert FinderSettings().hand_index is False


def _rectangle(x: float, y: float, width: float, length: float) -> np.ndarray:
    return np.array([[x, y], [x + width, y], [x + width, y + length], [x, y + length]])


def test_the_middle_card_lies_midway() -> None:
    """Two cards 1.8 widths apart along their short sides: the card between them, turned as
    they are; corners listed from another corner of the second card change nothing."""
    a = _rectangle(100, 50, 80, 112)
    b = np.roll(_rectangle(244, 54, 80, 112), 2, axis=0)
    laid = hand_middle(
        a, b, (80.0, 112.0), spacing=(1.5, 2.15), offset=0.35, turn_deg=12.0, size_off=0.2
    )
    assert len(laid) == 1  # the corners' average is the sure size at the midpoint here
    assert np.allclose(laid[0], _rectangle(172, 52, 80, 112))


def test_the_middle_card_beside_a_third_card_dealt_sideways() -> None:
    """The hand's third card turned a quarter lies half a card's length less its width further
    on: the middle card lies a step from the upright one, turned as it is."""
    a = _rectangle(100, 50, 80, 112)
    third = _rectangle(244, 66, 112, 80)  # centre 300: 2 steps of 72 and (112 - 80) / 2 on
    for first, second in ((a, third), (third, a)):
        laid = hand_middle(
            first,
            second,
            (80.0, 112.0),
            spacing=(1.5, 2.15),
            offset=0.35,
            turn_deg=12.0,
            size_off=0.2,
        )
        assert laid
        assert np.allclose(laid[0], _rectangle(172, 50, 80, 112))


def test_no_middle_card_between_cards_too_far_apart_or_turned() -> None:
    a = _rectangle(100, 50, 80, 112)
    kwargs = {"spacing": (1.5, 2.15), "offset": 0.35, "turn_deg": 12.0, "size_off": 0.2}
    far = _rectangle(300, 50, 80, 112)  # 2.5 widths: a gap, not an overlapping hand
    above = _rectangle(100, 180, 80, 112)  # along the long sides
    turned = np.array([[244.0, 60.0], [319.0, 33.0], [357.0, 138.0], [282.0, 165.0]])  # 20 deg
    small = _rectangle(244, 50, 50, 70)  # not the sure cards' size
    for b in (far, above, turned, small):
        assert hand_middle(a, b, (80.0, 112.0), **kwargs) == []  # type: ignore[arg-type]


def _found(
    faces: dict[Card, np.ndarray], seed: int, condition: str, code: str, on: FinderSettings
) -> CardDetection:
    return found_by_lever(faces, seed, condition, code, off=OFF, on=on)


@BOTH
def test_a_middle_card_read_at_one_corner_is_found_uncertain(
    building_faces: dict[Card, np.ndarray],
    on: FinderSettings,
) -> None:
    """anglo/small#11910001: the 4C on the TS, the 8D dealt over its other index corner (80 px
    wide); read at its clear corner by both readers. The 8D over it is read surely as another
    rank and suit, so ``shadow_cleared`` (on since session 47) reads the 4C alone, surely and
    rightly: the premise is read with it off, and with it the card is the 4C."""
    for cleared in (False, True):
        found = found_by_lever(
            building_faces,
            11_910_001,
            "small",
            "4C",
            off=replace(OFF, shadow_cleared=cleared),
            on=replace(on, shadow_cleared=cleared),
        )
        if cleared:
            assert found.card is not None and found.card.code == "4C"
        else:
            assert found.card is None


@BOTH
def test_a_middle_card_beside_a_sideways_card_is_read_surely(
    tango_faces: dict[Card, np.ndarray],
    on: FinderSettings,
) -> None:
    """tango/small#11910318: the 4D between the 5H and the 7S dealt sideways (76 px wide),
    both its index corners bearing it out."""
    found = _found(tango_faces, 11_910_318, "small", "4D", on)
    assert found.card is not None


@BOTH
def test_a_card_read_at_its_covered_corner_is_kept_as_itself(
    ornamental_faces: dict[Card, np.ndarray],
    on: FinderSettings,
) -> None:
    """ornamental/small#11870101: the 8S between the 8C and the 5D, offered at a joined blob's
    corner, read 3C or 3S at its corner under the 5D (h-merged42's ?3C). Laid between them it
    is kept uncertain as the 8S its clear corner shows; nothing else changes."""
    found = _found(ornamental_faces, 11_870_101, "small", "8S", on)
    assert found.card is None
