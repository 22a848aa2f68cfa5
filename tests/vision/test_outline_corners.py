"""A card laid at its true outline from its index corner's edges (issue 28, h-outline18).

Step 13 of docs/vision.md's "Without a layout": in a blob of cards touching or dealt over each
other, a card whose index shows in the clear but at whose corners no shape was laid was missed
(``noquad:merged``); laid from the index's ink at the finding's card size (``index_cards``,
off) it lay 1.2-1.45 times off. Now the index only chooses the corner, the card's two sides
are the paper's straight edges beside it and its size what they say
(``joined.outline_cards``, ``FinderSettings.corner_outline``), the reader deciding.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_cards, found_once_now, in_view, off_partial

# The step's lever off, and the laying again of step 13's offers (h-merged33, on): it finds
# simplistic/table#7900001's JH first.
OFF = FinderSettings(corner_outline=False, corner_relay=())
# ``hand_index`` (on since session 44) lays anglo's and simplistic's table#7900008 6S from its
# index corner first: off on both sides there, the test is of the laying from the edges.
OFF_HAND = FinderSettings(corner_outline=False, corner_relay=(), hand_index=False)
ON_HAND = FinderSettings(hand_index=False)


@pytest.mark.parametrize("design", ["anglo", "simplistic"])
def test_a_card_under_another_is_laid_from_its_index_corners_edges(
    art_cache: Path, design: str
) -> None:
    # TABLE #7900008: the 6S under the AH and a croupier's fingers, its index corner in the
    # clear with both its edges; the finding's size 1.13 times the card's. Missed before.
    assert (
        found_once_now(art_cache, design, synthetic.TABLE, 7_900_008, "6S", OFF_HAND, ON_HAND)
        == "6S"
    )


def test_a_card_of_a_frame_whose_size_is_off_is_laid_at_its_edges_length(
    art_cache: Path,
) -> None:
    # TABLE #7900001 (simplistic): the JH in a frame whose card size is 1.31 times the JH's.
    assert found_once_now(art_cache, "simplistic", synthetic.TABLE, 7_900_001, "JH", OFF) == "JH"


@pytest.mark.parametrize("design", ["ornamental", "tango"])
def test_a_calibration_marker_laid_as_a_card_is_not_reported(art_cache: Path, design: str) -> None:
    # TILTED #7900000: a calibration marker's white square beside the cards, laid as a card
    # from its edges, showed a card's index at one corner; reported uncertain at one corner it
    # was a detection where no card is. Cards laid from the edges are added only when read
    # surely at both corners.
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = synthetic.random_scene(7_900_000, faces, style=synthetic.TILTED)
    cards = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in cards]
    detections = off_partial(CardDetector().detect(scene.image), partial)
    counts, nowhere, wrong = found_on_cards(detections, cards)
    assert nowhere == 0 and wrong == 0 and max(counts) == 1
