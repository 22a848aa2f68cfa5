"""A number card read surely as another rank by weak index looks, its pips saying another
number, is uncertain (``FinderSettings.rank_pips_against`` and ``rank_pips_few``, both off;
issue 28, h-rank52). Fresh building seeds read small dim cards as another rank, the index's
looks agreeing (h-wrong51's traces): tango/dim#13680000's 8S as the TC and
ornamental/dim#13683001's 6H as the 8H, their pips counted by their mirror images eight and
six; anglo/harsh#13661001's 8D as the TD and tango/dim#13683003's 2D as the 8D, four and two
pip-like blobs seen."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answer_in_scene

OFF = replace(FinderSettings(), rank_pips_against=0.0, rank_pips_few=0.0)
MANY = replace(OFF, rank_pips_against=0.8)
FEW = replace(OFF, rank_pips_few=0.7)


def test_rank_pips_few_is_on_and_rank_pips_against_off() -> None:
    """``rank_pips_few`` on at 0.7 since session 52; ``rank_pips_against`` costs three exact
    cards of the building check and ships off."""
    assert FinderSettings().rank_pips_against == 0
    assert FinderSettings().rank_pips_few == 0.7


@pytest.mark.parametrize(
    ("label", "code", "read", "on"),
    [
        ("tango/dim#13680000", "8S", "TC", MANY),  # eight pips mirrored
        ("ornamental/dim#13683001", "6H", "8H", MANY),  # six mirrored
        ("anglo/harsh#13661001", "8D", "TD", FEW),  # four seen, no count
        ("tango/dim#13683003", "2D", "8D", FEW),  # two seen, three counted
    ],
)
def test_a_dim_card_whose_pips_are_another_number_is_uncertain(
    check_faces: dict[str, dict[Card, np.ndarray]],
    label: str,
    code: str,
    read: str,
    on: FinderSettings,
) -> None:
    off, _ = answer_in_scene(check_faces, label, code, CardDetector(finder=OFF))
    assert off.card is not None and off.card.code == read  # the wrong read, off
    found, answers = answer_in_scene(check_faces, label, code, CardDetector(finder=on))
    assert found.card is None and found.candidate is not None and found.candidate.code == read
    assert all(d.card is None or d.card == truth for d, truth in answers)
