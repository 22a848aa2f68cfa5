"""A card uncertain only by its looks' product, read surely by the corner network at one index
corner, its other corner showing no index (issue 28, h-unsure30).

Once every look again has been made, such a card - no glyph dispute, no two looks of two cards,
no court card's pips, no ink against its suit, its read corner in the clear - is read as the
card the network's corner reads when that corner reads it at least ``LONE_CORNER`` surely and it
is the card's candidate. Its other index lies under a chip, or off its outline (a card dealt
touching another, found a tenth or more too large or too small). The scenes are the building
generator's, seeds and styles of scripts/vision_tilted.py's building check and of fresh
building seeds (10,750,000+).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.pipeline import LONE_CORNER, CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answer_in_scene, read_on_a_later_look


@pytest.mark.parametrize(
    ("label", "code"),
    [
        # A king of clubs 57 pixels wide in harsh light: a chip over one index corner (the
        # outline a tenth of the width off at most), the other read KC 0.98 / 0.99 by the
        # network; the glyph reader, cutting the same corner, only 0.39 sure of the king.
        ("anglo/harsh#7900006", "KC"),
        # A ten of clubs 86 pixels wide: one corner read TC 0.97 / 1.00, the other shows the
        # network no index; the glyph reader cut nothing whole there.
        ("ornamental/overhead#7900007", "TC"),
    ],
)
def test_a_card_read_surely_at_one_corner_the_other_showing_no_index_is_read(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    # The re-lay's overlap at h-relay42's 0.05: at h-overlap43's 0.15 it reads
    # ornamental/overhead#7900007's TC exactly before the lone-corner look.
    relay = FinderSettings(relay_off_overlap=0.05)
    read_on_a_later_look(
        check_faces,
        label,
        code,
        CardDetector(lone_corner=0.0, finder=relay),
        CardDetector(finder=relay),
    )


def test_a_lone_corner_with_a_card_on_top_between_it_and_the_centre_is_not_read(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # Fresh building seeds: ornamental/table#10750000's TD lies under the 3S, and its outline
    # is read at the 3S's index - the network 3S 0.98 / 0.83 at one corner (0.82 sure), the
    # glyph reader 3S there too, the other corner no index. The edge of the 3S crosses it
    # between that corner and its centre (``_centre_on_another``): it stays uncertain however
    # low the lone corner's floor; without that rule a floor of 0.8 would read it as the 3S.
    label = "ornamental/table#10750000"
    assert LONE_CORNER > 0.82
    # The TD as the finder found it before h-miss31's edged glare (which finds its outline
    # better: then its candidate is its own card, and nothing here is asked).
    finder = FinderSettings(glare_edged=0.0)
    for detector in (CardDetector(lone_corner=0.5, finder=finder), CardDetector(finder=finder)):
        answer, _ = answer_in_scene(check_faces, label, "TD", detector)
        assert answer.card is None and answer.candidate == parse_card("3S")
    # Unguarded, the TD is read as the 3S - with ``pips_beyond`` off (on by default since
    # h-on47, it finds the TD's ten pips in its middle, four or more beyond a three's, and
    # leaves the card uncertain, its candidate the 3S).
    unguarded, _ = answer_in_scene(
        check_faces,
        label,
        "TD",
        CardDetector(lone_corner=0.8, crossing=None, finder=replace(finder, pips_beyond=False)),
    )
    assert unguarded.card == parse_card("3S")
    unguarded, _ = answer_in_scene(
        check_faces, label, "TD", CardDetector(lone_corner=0.8, crossing=None, finder=finder)
    )
    assert unguarded.card is None and unguarded.candidate == parse_card("3S")
    before, _ = answer_in_scene(
        check_faces, label, "TD", CardDetector(lone_corner=0.0, crossing=None, finder=finder)
    )
    assert before.card is None
