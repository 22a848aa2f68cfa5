"""A croupier's forearm over touching cards no longer makes their paper glare (issue 28,
h-miss30; ``quads._grey_bounded``, ``FinderSettings.soft_colour_split``).

On grey, black and dull felt the card mask takes out the pieces bounded by no sharp edge
(a lamp's reflection fades out, paper ends in an edge). A forearm lying across two or three
touching cards, its outline soft on the felt, joined their paper into one piece with it; the
piece's outline was mostly the forearm's soft one, and the cards went with it as glare. A piece
judged so that holds colour now keeps its near-grey parts that, judged alone, are bounded by
edges.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from dealer_assist.vision import synthetic
from dealer_assist.vision.quads import FinderSettings, card_mask
from tests.vision.found import made_sure_now

OFF = replace(FinderSettings(), soft_colour_split=0.0)
ON = replace(FinderSettings(), soft_colour_split=0.3)


def _forearm_over_two_cards() -> np.ndarray:
    """Dark grey felt, two grey cards (sharp edges) and a skin-coloured forearm with a soft
    outline lying across both and far over the felt."""
    felt = np.full((400, 600, 3), 30, np.float32)
    cv2.rectangle(felt, (260, 140), (320, 224), (150, 150, 150), -1)
    cv2.rectangle(felt, (330, 130), (390, 214), (150, 150, 150), -1)
    arm = np.zeros((400, 600), np.uint8)
    cv2.rectangle(arm, (0, 170), (600, 215), 255, -1)
    alpha = cv2.GaussianBlur(arm, (0, 0), 6).astype(np.float32)[:, :, None] / 255
    skin = np.array((90, 120, 170), np.float32)
    frame: np.ndarray = (felt * (1 - alpha) + skin * alpha).astype(np.uint8)
    return frame


def test_cards_under_a_soft_forearm_stay_in_the_card_mask() -> None:
    frame = _forearm_over_two_cards()
    size = (60.0, 84.0)
    paper = [(slice(145, 160), slice(265, 315)), (slice(135, 160), slice(335, 385))]
    arm_on_felt = (slice(185, 200), slice(50, 200))
    before = card_mask(frame, size, OFF)
    after = card_mask(frame, size, ON)
    # Without the rule both cards went with the forearm as glare.
    assert all(np.count_nonzero(before[box]) == 0 for box in paper)
    # With it the cards' paper is card; the forearm on the felt is still not.
    assert all(np.count_nonzero(after[box]) == after[box].size for box in paper)
    assert np.count_nonzero(after[arm_on_felt]) == 0


def test_glare_without_colour_still_goes() -> None:
    # A soft reflection alone on grey felt (no colour in its piece) is glare as before.
    frame = np.full((400, 600, 3), 30, np.float32)
    spot = np.zeros((400, 600), np.uint8)
    cv2.ellipse(spot, (300, 200), (90, 40), 20, 0, 360, 255, -1)
    alpha = cv2.GaussianBlur(spot, (0, 0), 12).astype(np.float32)[:, :, None] / 255
    glare = (frame * (1 - alpha) + 200 * alpha).astype(np.uint8)
    assert np.count_nonzero(card_mask(glare, (60.0, 84.0), ON)[180:220, 260:340]) == 0


def test_the_ten_under_a_forearm_is_read(art_cache: Path) -> None:
    # TABLE #10725000 (anglo, a fresh building seed of h-miss30): a croupier's forearm across
    # a hand of three touching cards in a shadow on dark grey felt. The card mask lost the
    # ten of hearts with the forearm (the piece's soft outline); now it reads surely. Nothing
    # twice, where no card is or read as another; no sure card lost.
    made_sure_now(art_cache, "anglo", synthetic.CHECK_STYLES["table"], 10_725_000, {"TH"}, OFF, ON)
