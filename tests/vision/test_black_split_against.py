"""A spade read as a club that the black-split reader does not bear out (issue 28, h-wrong34).

On fresh building seeds (11,000,000+, 11,075,000+, 11,080,000+) black cards were read in the
other black suit 0.99-1.00 sure, every reader agreeing but the black-split reader:
ornamental/dim#11000006's 6S and ornamental/noisy#11075009's AS at one network corner only
(the black-split reader 0.66 and 0.64 club there: ``club_one_split``), tango/dim#11075002's TS
at both (its corners 0.27 and 0.16 club, the club's share 0.07, one corner legible enough for
``_black_in_the_dark``'s dark rule: ``black_against``). Both levers are on; with them off
(``club_one_split=0``, ``black_against=0``) each scene reads its card wrongly, as main did.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.pipeline import CardDetector
from tests.vision.found import answer_in_scene, wrong_reads_in_scene


@pytest.mark.parametrize(
    ("label", "code"), [("ornamental/dim#11000006", "6S"), ("ornamental/noisy#11075009", "AS")]
)
def test_a_spade_read_as_a_club_at_one_corner_is_uncertain(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    off = CardDetector(club_one_split=0.0, black_against=0.0)
    assert wrong_reads_in_scene(check_faces, label, off) == 1
    detection, _ = answer_in_scene(check_faces, label, code, CardDetector())
    assert detection.card is None
    assert detection.candidate == parse_card(code[:-1] + "C")


def test_a_spade_the_black_split_reader_gives_at_both_corners_is_no_longer_a_club(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    label = "tango/dim#11075002"
    assert wrong_reads_in_scene(check_faces, label, CardDetector(black_against=0.0)) == 1
    detection, _ = answer_in_scene(check_faces, label, "TS", CardDetector())
    assert detection.card is None
