"""``FinderSettings.black_pip_against`` (issue 28, h-wrong52): a black two to ten read surely
whose whole pips, read upright, name the other black suit is made uncertain. A fresh building
seed's anglo/overhead#13683004 2S (57 px) was read surely as the 2C: both network corners and
the glyph reader club at the index; its second pip is cut by the middle's edge, so
``_pips_against`` (two pips) does not judge it, and its one whole pip reads a spade upright,
1.00 sure. The same scene's 8C, its three whole pips clubs upright, stays sure."""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card, Suit
from dealer_assist.vision import synthetic
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import card_signature, read_with


def _read(image: np.ndarray, on: bool) -> list[CardDetection]:
    return read_with(image, black_pip_against=on)


@pytest.fixture(scope="module")
def overhead_two(check_faces: dict[str, dict[Card, np.ndarray]]) -> np.ndarray:
    scene = synthetic.random_scene(
        13_683_004, check_faces["anglo"], style=synthetic.CHECK_STYLES["overhead"]
    )
    assert sorted(c.card.code for c in scene.cards) == ["2S", "4H", "8C", "AC"]
    return scene.image


def test_it_is_on_by_default() -> None:
    """On since session 52: the vision suite with it on failing only the check that it was off
    and test_middle_unlike's premise, which now names it off."""
    assert FinderSettings().black_pip_against is True


def test_off_the_spade_two_is_read_surely_as_the_club_two(overhead_two: np.ndarray) -> None:
    assert card_signature(_read(overhead_two, on=False)) == [
        ("2C", "2C"),
        ("4H", "4H"),
        ("8C", "8C"),
        ("AC", "AC"),
    ]


def test_on_the_spade_two_is_uncertain_and_nothing_else_changes(
    overhead_two: np.ndarray,
) -> None:
    assert card_signature(_read(overhead_two, on=True)) == [
        ("4H", "4H"),
        ("8C", "8C"),
        ("?", "2C"),
        ("AC", "AC"),
    ]


def test_the_pips_name_each_black_card_its_own_suit(overhead_two: np.ndarray) -> None:
    # The 2S's one whole pip reads a spade and the 8C's three whole pips clubs (upright, each
    # at least BLACK_PIP_SURE): the evidence the lever weighs, at each card's outline as read.
    detector = CardDetector()
    found = {d.candidate.code: d for d in _read(overhead_two, on=False) if d.candidate}
    two = np.asarray(found["2C"].corners, np.float32)
    eight = np.asarray(found["8C"].corners, np.float32)
    assert detector._black_pip_suit(overhead_two, two) is Suit.SPADES
    assert detector._black_pip_suit(overhead_two, eight) is Suit.CLUBS
