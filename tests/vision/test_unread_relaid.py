"""An unread shape laid again at the frame's card size from each of its corners
(``FinderSettings.unread_relaid``; issue 28, h-outline51).

A shape no corner showed a whole index in is reported uncertain with no candidate, and no refit
lays it again (``relay_off`` and ``line_fit`` lay the cards judged from looks). On the building
check a third of the uncertain cards whose outline is off the card are such shapes, most of them
an outline short inside the card that keeps one of the card's corners (found at a seam or at the
corner with no index). Laid from each corner along its two sides at the frame's sure card size,
or a tenth to three tenths larger or a tenth smaller (a card nearer the camera is larger), and
judged as ``relay_off`` judges its outlines - with no candidate, the card must show whole at both
index corners - the card is read.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import read_by_lever_alone

ON = FinderSettings(unread_relaid=True)
OFF = FinderSettings(unread_relaid=False)


def test_ships_on() -> None:
    """On (session 51): the building check +3, two fresh sets card for card the same, paired
    0.996; the vision suite with it on failed, besides this file's, only two premises read off
    by the default (test_plane_tilt_judges's 2D, test_refit's unread 2C), which now read with
    it off (h-outline51)."""
    assert FinderSettings().unread_relaid is True


@pytest.mark.parametrize(
    ("label", "code"),
    [
        ("ornamental/lens#7900007", "2C"),  # the outline a right part of the card, IoU 0.42
        ("tango/lens#7900007", "2D"),  # the outline 0.78 by 0.63 of the card, IoU 0.49
    ],
)
def test_an_unread_shape_short_inside_the_card_is_read_when_laid_again(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    was = read_by_lever_alone(check_faces, label, code, OFF, ON)
    assert was.card is None and was.candidate is None  # unread: no corner showed an index
