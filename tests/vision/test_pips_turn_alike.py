"""The pips settle a rank only when laid out as a number card's pips are (issue 28, h-under26).

On fresh building seeds the pips' count settled three ranks wrongly: anglo/dim#9000003's TH
read as the 9H (nine blobs counted in a middle laid off the card: whole pips on one side, cut
ones on the other, and a fragment at the bottom), simplistic/noisy#9000005's 8H and
simplistic/noisy#9600002's 8H read as the 6H (the top row of pips cut by the middle's edge but
counted, the bottom row cut smaller and not). A number card's pips are alike when the card is
turned half round; a count whose pips are not (``middle.pips_turn_alike``) settles nothing.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.middle import MiddleSettings, pips_turn_alike
from dealer_assist.vision.pipeline import CardDetector
from tests.vision.found import answer_in_scene, wrong_reads_in_scene
from tests.vision.test_refit_measured import OFF

_OFF = replace(MiddleSettings(), turn_alike=False)  # any count settles, as before


@pytest.mark.parametrize(
    ("label", "code", "read_as"),
    [
        ("anglo/dim#9000003", "TH", "9H"),
        ("simplistic/noisy#9000005", "8H", "6H"),
    ],
)
def test_pips_not_laid_out_as_a_card_s_settle_no_rank(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str, read_as: str
) -> None:
    # The refit's outlines laid along the paper (h-outline38) off in both: the TH's read as
    # the TH there with this rule off.
    before, _ = answer_in_scene(check_faces, label, code, CardDetector(middle=_OFF, refit=OFF))
    assert before.card is not None and before.card.code == read_as
    after, _ = answer_in_scene(check_faces, label, code, CardDetector(refit=OFF))
    assert after.card is None and after.corners == before.corners
    assert wrong_reads_in_scene(check_faces, label, CardDetector()) == 0


def _middle(pips: list[tuple[float, float]], size: float = 0.09) -> np.ndarray:
    """A middle (as ``warp_middle`` makes it: 34 x 55 pixels) of white paper with black round
    pips at the given shares of its width and height."""
    middle = np.full((55, 34, 3), 235, np.uint8)
    for x, y in pips:
        centre = (round(x * 34), round(y * 55))
        cv2.circle(middle, centre, round(size * 34), (20, 20, 20), -1)
    return middle


_SIX = [(x, y) for x in (0.25, 0.75) for y in (0.15, 0.5, 0.85)]
_SEVEN = [*_SIX, (0.5, 0.32)]


def test_a_layout_alike_turned_half_round_settles() -> None:
    settings = MiddleSettings()
    assert pips_turn_alike(_middle(_SIX), settings, 6)
    assert pips_turn_alike(_middle(_SIX), settings, 6, mirrored=True)
    # A little off the card's middle (the outline off) is the same layout.
    shifted = [(x + 0.06, y - 0.04) for x, y in _SIX]
    assert pips_turn_alike(_middle(shifted), settings, 6)
    # A seven's one pip on the long axis above the middle.
    assert pips_turn_alike(_middle(_SEVEN), settings, 7)
    # The count must be the rank asked about.
    assert not pips_turn_alike(_middle(_SIX), settings, 8)


def test_a_layout_not_alike_turned_half_round_does_not() -> None:
    settings = MiddleSettings()
    # An eight's top row counted and its bottom row lost: six blobs, not laid out as a six.
    eight_cut = [(0.25, 0.05), (0.75, 0.05), (0.25, 0.5), (0.75, 0.5), (0.5, 0.27), (0.5, 0.73)]
    assert not pips_turn_alike(_middle(eight_cut), settings, 6)
    # Three pips down one side and two down the other.
    assert not pips_turn_alike(_middle(_SIX[:5]), settings, 5)
    # A seven's lone pip lies on the long axis.
    assert not pips_turn_alike(_middle([*_SIX, (0.3, 0.32)]), settings, 7)
    # Off: any count of the rank settles.
    assert pips_turn_alike(_middle(eight_cut), _OFF, 6)
