"""An uncertain card read again at the outline about its corners that reads it most surely
(issue 28, h-unsure23).

Once the finding is chosen and every other look again has been made, a card still uncertain and
not disputed is read at its outline scaled by a few factors about each of its corners; the
outline whose two index corners read one card most surely is looked at again as the second look
looks (each corner at a few shifts and scales, averaged), and the card is judged again with
every rule: sure only when both corners then read one card and the glyph reader does not
dispute it, and the card read is the candidate the finder's outline read (the search seconds a
reading, never makes another). The scenes are the building generator's, seeds and styles of
scripts/vision_tilted.py's building check.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.refit import RefitSettings
from dealer_assist.vision.second_look import SEARCH_SCALES, searched_outlines
from tests.vision.found import answer_in_scene, read_on_a_later_look


@pytest.mark.parametrize(
    ("label", "code"),
    [
        # A six of spades 104 pixels wide, dealt touching another card: the finder's outline
        # is a card a tenth too small, so one index corner shows the felt and the other reads
        # the 6S 0.89 sure. About its corners, an outline 1.15 times as large reads the 6S at
        # both corners.
        ("ornamental/wide#7900003", "6S"),
        # A queen of clubs 72 pixels wide on grainy dark felt: one corner read 0.92 sure, the
        # other shown to the network as junk (the outline's far corner a few pixels off).
        ("simplistic/noisy#7900001", "QC"),
    ],
)
def test_a_card_whose_outline_is_off_is_read_at_the_outline_about_its_corners(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    # The refit of uncertain cards in every frame (h-outline32, on) reads the QC first, and
    # step 13's offers laid again (h-merged33, on) the 6S: the searched look alone is under test.
    # ``line_fit`` (on since session 46) reads the QC exactly at its fitted outline first
    # (tests/vision/test_line_fit.py), and the court's suit symbols (``court_symbols``,
    # h-court45, on since session 46) read it at the finder's outline, rightly (simplistic's
    # large clubs beside the index): both off in both.
    alone = RefitSettings(unsure_alone=False)
    relay_off = FinderSettings(corner_relay=(), line_fit=False, court_symbols=False)
    if code[0] in "JQK":
        symbols = FinderSettings(corner_relay=(), line_fit=False)
        read, _ = answer_in_scene(
            check_faces,
            label,
            code,
            CardDetector(search_outline=False, refit=alone, finder=symbols),
        )
        assert read.card == parse_card(code)
    read_on_a_later_look(
        check_faces,
        label,
        code,
        CardDetector(search_outline=False, refit=alone, finder=relay_off),
        CardDetector(refit=alone, finder=relay_off),
    )


@pytest.mark.parametrize(
    ("label", "code"),
    [
        # A small ace of clubs (52 pixels): the outline whose two corners read one card most
        # surely reads the AS at both (the glyph reader read spades too); looked at again, the
        # two corners read the AC and the AS. It stays uncertain.
        ("simplistic/lens#7900009", "AC"),
        # An eight of hearts whose corners the network reads as a 6H and an 8H: an outline 0.95
        # times as large reads the 6H at both, 0.98 sure; looked at again, not one card.
        ("simplistic/overhead#7900003", "8H"),
        # A ten of clubs whose outline is off: the finder's outline read it unsurely as the QH
        # at one corner. The surest outline about its corners reads the TC at both, rightly -
        # but the search only seconds the card the finder's outline read, never another (a
        # held-out queen was read as a ten without that rule), so it stays uncertain.
        ("tango/noisy#7900008", "TC"),
    ],
)
def test_a_card_the_search_must_not_read_stays_uncertain(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    # ``black_pips`` (on since session 44) reads simplistic/lens#7900009's AC by its one pip,
    # rightly: off on both sides, so the search is what is tested. ``line_fit`` (on since
    # session 46) reads tango/noisy#7900008's TC exactly at its fitted outline (a building
    # check gain, tests/vision/test_line_fit.py): off on both sides too.
    pips_off = FinderSettings(black_pips=False, line_fit=False)
    before, _ = answer_in_scene(
        check_faces, label, code, CardDetector(search_outline=False, finder=pips_off)
    )
    assert before.card is None
    after, answers = answer_in_scene(check_faces, label, code, CardDetector(finder=pips_off))
    assert after.card is None
    for detection, truth in answers:
        assert detection.card in (None, truth)


def test_the_outlines_searched_keep_a_corner_and_the_sides_directions() -> None:
    quad = np.array([[10.0, 20.0], [70.0, 25.0], [64.0, 110.0], [4.0, 105.0]])
    outlines = searched_outlines(quad)
    assert len(outlines) == 4 * len(SEARCH_SCALES)
    sides = np.roll(quad, -1, axis=0) - quad
    for n, outline in enumerate(outlines):
        corner, scale = divmod(n, len(SEARCH_SCALES))
        assert np.allclose(outline[corner], quad[corner])  # the corner it is scaled about
        assert np.allclose(np.roll(outline, -1, axis=0) - outline, SEARCH_SCALES[scale] * sides)
