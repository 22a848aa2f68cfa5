"""The middle card of a hand laid from the index corner the network reads (issue 28, h-beside43).

``FinderSettings.hand_between`` lays the middle card of three dealt overlapping midway between
the two end cards read surely; an end card's outline off (near square, a little large) lays it
off the middle card or fails the pair's size and spacing tests. ``FinderSettings.hand_index``
(with ``hand_between``) lays it instead from an index corner the corner network reads in the
bare part of the blob, at the frame's sure card size and turned as the blob's sure cards lie
(``CardDetector._between_indices``), and offers it as ``hand_between``'s cards are. On by
default in sessions 44-45 (h-on44), off again since session 46 (held-out set 850 reports a card
twice with it on): these tests compare the lever turned on with the defaults;
the scenes are from h-beside43's fresh seeds (11,960,000-11,969,999).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import CardDetection
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_by_lever

# The defaults (``hand_index`` off, ``hand_between`` on) without ``bare_cards`` and
# ``hand_between_unsure`` (on since session 48), which find the 6C too (below).
OFF = replace(FinderSettings(), bare_cards=False, hand_between_unsure=False)
ON = replace(OFF, hand_index=True)


def test_hand_index_ships_off() -> None:
    assert FinderSettings().hand_index is False
    assert FinderSettings().hand_between is True


def test_the_defaults_read_the_6c_surely_without_hand_index(
    tango_faces: dict[Card, np.ndarray],
) -> None:
    """tango/small#11960317's 6C is found by ``bare_cards`` and by ``hand_between_unsure``
    each alone (h-levers48), and by the defaults, read surely as the 6C, nothing else
    answered otherwise."""
    for on in (
        replace(OFF, bare_cards=True),
        replace(OFF, hand_between_unsure=True),
        FinderSettings(),
    ):
        found = found_by_lever(tango_faces, 11_960_317, "small", "6C", off=OFF, on=on)
        assert found.card is not None


def _found(faces: dict[Card, np.ndarray], seed: int, condition: str, code: str) -> CardDetection:
    return found_by_lever(faces, seed, condition, code, off=OFF, on=ON)


def test_a_middle_card_laid_from_its_index_is_read_surely(
    tango_faces: dict[Card, np.ndarray],
) -> None:
    """tango/small#11960317: the 6C, missed with ``hand_between`` alone, laid from the index
    the network reads in the blob's bare part reads surely at both corners."""
    found = _found(tango_faces, 11_960_317, "small", "6C")
    assert found.card is not None


def test_a_middle_card_laid_from_its_index_is_found_uncertain(
    building_faces: dict[Card, np.ndarray],
) -> None:
    """anglo/small#11960009: the QS, missed with ``hand_between`` alone, laid from its index
    corner is kept uncertain as the QS (its other index corner under the card dealt over it)."""
    found = _found(building_faces, 11_960_009, "small", "QS")
    assert found.card is None
