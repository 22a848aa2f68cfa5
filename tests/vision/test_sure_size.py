"""Cards of a joined blob found again at the size the cards read surely show (issue 28,
h-split27; ``CardDetector._sure_sized_cards``, ``FinderSettings.sure_size_off``).

Cards dealt touching make one blob whose straight sides vote a card size 1.3-1.6 times too
large; the finding's shapes then lie across two cards each, and its blob's corners are laid at
that size. A card laid at its own size (its index corner's edges) reads surely at both index
corners; the size it shows is now tried on the finding's mask again, and the cards found there
are offered as step 13 offers its cards (the reader decides).
"""

from __future__ import annotations

from pathlib import Path

from dealer_assist.vision import synthetic
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_once_now, made_sure_now

# The step off, and step 13's offers not laid again (h-merged33, on: it reads simplistic/
# table#7900001's 7D and 9H surely first).
OFF = FinderSettings(sure_size_off=0, corner_relay=())
# The off outline laid again from its index corner (h-relay42, on) off with the step and
# without it: it reads simplistic/table#7900001's 7D and 9H surely first too. And ``line_fit``
# (on since session 46): it reads the 7D exactly at its fitted outline first
# (tests/vision/test_line_fit.py).
NO_RELAY = FinderSettings(relay_off=False, line_fit=False)


def test_cards_under_a_size_too_large_are_found_at_the_sure_cards_size(art_cache: Path) -> None:
    # JOINED #7900002 (simplistic): the finding's card width 1.6 times the cards'; the 8S laid
    # at its index corner's edges and read surely. The 6C and the 7S beside it were missed.
    for code in ("6C", "7S"):
        found_once_now(art_cache, "simplistic", synthetic.JOINED, 7_900_002, code, OFF)


def test_cards_read_unsurely_at_a_size_too_large_are_read_exactly(art_cache: Path) -> None:
    # TABLE #7900001 (simplistic): the 7D and the 9H were read unsurely in shapes of the
    # finding's size; found again at the size the sure cards show, they read exactly. Nothing
    # twice, where no card is or read as another; no card found before lost.
    made_sure_now(
        art_cache,
        "simplistic",
        synthetic.TABLE,
        7_900_001,
        {"7D", "9H"},
        FinderSettings(sure_size_off=0, corner_relay=(), relay_off=False, line_fit=False),
        NO_RELAY,
    )
