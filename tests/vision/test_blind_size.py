"""Cards of a frame that reads nothing surely found again at smaller card sizes (issue 28,
h-miss29; ``CardDetector._blind_sized_cards``, ``FinderSettings.blind_ratios``).

Touching cards beside a layout's printed boxes make blobs whose straight sides vote a card
size 1.5-4 times too large: no shape of any finding tried fits a card, nothing reads surely
and nothing is reported. The chosen finding's mask is looked into again at its card size times
each ratio in turn, as at the size sure cards show (cards added only when read surely at both
index corners); the first card read so shows the size the others are then looked for at.
"""

from __future__ import annotations

from pathlib import Path

from dealer_assist.vision import synthetic
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import made_sure_now

OFF = FinderSettings(blind_ratios=())
ON = FinderSettings(blind_ratios=(0.7, 0.5, 0.35))


def test_touching_cards_beside_printed_boxes_are_found_at_a_smaller_size(
    art_cache: Path,
) -> None:
    # TABLECLOSE #10650004 (tango, a fresh building seed of h-miss29): three cards in two
    # touching pairs against the lines of printed boxes; the finding chosen is about three
    # times the cards' size and nothing was reported. At half and a third of it the 8C and the
    # 6S read surely at both corners. Nothing twice, where no card is or read as another.
    made_sure_now(
        art_cache, "tango", synthetic.CHECK_STYLES["tableclose"], 10_650_004, {"8C", "6S"}, OFF, ON
    )
