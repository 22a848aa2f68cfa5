"""A spade read at one index corner needs the black-split reader there (issue 28, h-pip29).

On fresh building seeds (10,550,000+, session 28) anglo/table#10550001's 2C was read as the 2S,
0.985 sure, at one index corner (the other under a card): the corner network 0.74 spade and
0.21 club there, the glyph reader 0.997 spade - its lean on small, blurred clubs - and the
black-split reader undecided (0.58 spade). A spade the network reads whole at one corner only,
its spade under ``SPADE_ONE_NET`` of the black suits there, now needs the black-split reader's
spade at that corner to be at least ``SPADE_ONE_SPLIT``.
"""

from __future__ import annotations

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import CardDetector
from tests.vision.found import wrong_reads_in_scene


def test_a_blurred_club_read_as_a_spade_at_one_corner_is_uncertain(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # anglo/table#10550001 (fresh building seeds, session 28): a 2C whose other index corner
    # lies under a card, read as the 2S 0.985 sure - the network 0.74 spade and 0.21 club at
    # the one corner, the glyph reader 0.997 spade (its lean on small, blurred clubs), the
    # black-split reader 0.58 spade there.
    label = "anglo/table#10550001"
    assert wrong_reads_in_scene(check_faces, label, CardDetector(spade_one_split=0.0)) == 1
    assert wrong_reads_in_scene(check_faces, label, CardDetector()) == 0
