"""Cards under a croupier's fingers found at the paper's own edges (issue 28, h-fingers16).

Step 13 of docs/vision.md's "Without a layout" offers cards where two of the paper's straight
edges in the picture meet square, each ending within a fifth of a card's width of the corner.
Where a finger's edge runs on in line with the card's side, the line segment detector finds one
segment past the corner and no card was laid there (``FinderSettings.corner_overshoot``); and a
card offered at one corner that shares more than half a card with one offered with more edge
was shut out, though that one read as nothing (``FinderSettings.corner_shut_out``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.vision import synthetic
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_joined, found_once_now


@pytest.mark.parametrize("design", ["anglo", "simplistic"])
def test_a_card_under_fingers_is_found_where_a_finger_runs_past_its_corner(
    art_cache: Path, design: str
) -> None:
    # TABLE #7900008: the KC under the AH and a croupier's fingers, its bottom edge running
    # on along a finger past its corner. Missed before; now read exactly. (Since h-merge23 the
    # card laid at its index corner, whose edges may end further from it, finds it too: that
    # reach is kept at h-outline18's to see this lever alone.) ``hand_index`` (on since
    # session 44) lays the KC from its index corner first: off on both sides, for the same.
    off = FinderSettings(corner_overshoot=0, corner_outline_reach=0.2, hand_index=False)
    on = FinderSettings(hand_index=False)
    assert found_once_now(art_cache, design, synthetic.TABLE, 7_900_008, "KC", off, on) == "KC"


def test_a_card_shut_out_by_another_offered_is_read_on_its_own(art_cache: Path) -> None:
    # TABLE_CLOSE #7900005 (anglo): the 6D's card shared more than half a card with one
    # offered with more edge, which read as nothing. Missed before; now read exactly.
    off = FinderSettings(corner_shut_out=False)
    assert found_once_now(art_cache, "anglo", synthetic.TABLE_CLOSE, 7_900_005, "6D", off) == "6D"


def test_a_joined_card_shut_out_is_reported_uncertain(art_cache: Path) -> None:
    # JOINED #7900007 (simplistic): the 6C, fingers over one index corner, read at the other.
    # ``corner_relaid`` (h-outline49) off in both: it lays the 6C offered here again from its
    # index corner and reads it surely, rightly (tests/vision/test_corner_relaid.py), so the
    # shut-out alone is seen with it off.
    _, _, detections = found_on_joined(
        art_cache,
        "simplistic",
        7_900_007,
        ("6C",),
        CardDetector(finder=FinderSettings(corner_shut_out=False, corner_relaid=False)),
        CardDetector(finder=FinderSettings(corner_relaid=False)),
    )
    assert any(
        d.card is None and d.candidate is not None and d.candidate.code == "6C" for d in detections
    )
