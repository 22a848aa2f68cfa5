"""Paper under a lamp tinted as the felt is no glare when it ends in a sharp edge (issue 28,
h-miss31; ``quads._unedged``, ``FinderSettings.glare_edged``).

On coloured felt the card mask takes out what only looks like the felt brightened
(``_clear_glare``: a lamp's white light keeps the felt's colour, paper has none). Under a harsh
lamp tinted as the felt, cards' paper is the felt's colour brightened too, and whole hands went
as glare (``nomask`` on the building check's harsh scenes). A reflection fades out into the
felt; paper ends at its edge: a piece judged glare whose border on the felt is mostly a sharp
edge now stays.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from dealer_assist.vision import synthetic
from dealer_assist.vision.quads import FinderSettings, card_mask
from tests.vision.found import made_sure_now

OFF = replace(FinderSettings(), glare_edged=0.0)
ON = replace(FinderSettings(), glare_edged=0.5)

TEAL = np.array((110, 100, 30), np.float32)  # BGR: a teal felt, its channels far apart


def _tinted(level: float) -> np.ndarray:
    """The felt's colour brightened by ``level`` (white light added: the felt's tint kept)."""
    colour: np.ndarray = TEAL + level
    return colour


def _felt() -> np.ndarray:
    return np.tile(TEAL, (400, 600, 1))


def test_cards_tinted_as_the_felt_stay_in_the_card_mask() -> None:
    # Two cards with sharp edges, their paper the felt's colour brightened by a tinted lamp.
    frame = _felt()
    cv2.rectangle(frame, (200, 150), (260, 234), _tinted(100).tolist(), -1)
    cv2.rectangle(frame, (300, 140), (360, 224), _tinted(100).tolist(), -1)
    image = frame.astype(np.uint8)
    size = (60.0, 84.0)
    paper = [(slice(160, 225), slice(210, 250)), (slice(150, 215), slice(310, 350))]
    before = card_mask(image, size, OFF)
    after = card_mask(image, size, ON)
    # Without the rule both cards went as glare; with it their paper is card.
    assert all(np.count_nonzero(before[box]) == 0 for box in paper)
    assert all(np.count_nonzero(after[box]) == after[box].size for box in paper)


def test_a_soft_reflection_on_coloured_felt_still_goes() -> None:
    frame = _felt()
    spot = np.zeros((400, 600), np.uint8)
    cv2.ellipse(spot, (300, 200), (90, 40), 20, 0, 360, 255, -1)
    alpha = cv2.GaussianBlur(spot, (0, 0), 12).astype(np.float32)[:, :, None] / 255
    glare = (frame * (1 - alpha) + _tinted(100) * alpha).astype(np.uint8)
    assert np.count_nonzero(card_mask(glare, (60.0, 84.0), ON)[180:220, 260:340]) == 0


def test_a_hand_under_a_tinted_lamp_is_read(art_cache: Path) -> None:
    # HARSH #7900003 (anglo, the building check): three touching cards under a harsh lamp on
    # teal felt, their paper the felt's tint; the card mask took the whole hand out as glare.
    # Now the six of diamonds and the six of spades read surely. Nothing twice, where no card
    # is or read as another; no sure card lost.
    harsh = synthetic.CHECK_STYLES["harsh"]
    made_sure_now(art_cache, "anglo", harsh, 7_900_003, {"6D", "6S"}, OFF, ON)
