"""A card the pips' count alone makes sure, a network corner reading the other colour
(issue 28, h-wrong35).

On fresh building seeds (11,000,000+) simplistic/dim#11000001's 2D was read as the 2C, 0.976
sure: one corner network look 0.93 red (diamond 0.53, heart 0.40), the other 0.90 club, the
glyph reader club, the index's ink not measured, and two pips counted - sure by the pips'
count, its suit's product over ``PIP_COUNT_SUIT``. A corner network look of the index, whole
and in the clear, giving the other colour at least ``pip_colour_against`` now keeps the count
from making the card sure (``CardDetector.pip_colour_against``; 0: off).
"""

from __future__ import annotations

import numpy as np

from dealer_assist.cards import Card, Suit, parse_card
from dealer_assist.vision.classifier import SUIT_CLASSES
from dealer_assist.vision.pipeline import CardDetector, _other_colour, _Reading
from tests.vision.found import uncertain_by_a_rule


def test_a_2d_read_as_a_club_by_its_pips_count_is_uncertain(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    label, off = "simplistic/dim#11000001", CardDetector(pip_colour_against=0.0)
    detection, answers = uncertain_by_a_rule(check_faces, label, "2D", off, CardDetector())
    assert detection.candidate == parse_card("2C")
    assert all(d.card in (None, truth) for d, truth in answers)


def _suits(**odds: float) -> np.ndarray:
    suits = np.zeros(len(SUIT_CLASSES) - 1)
    for name, p in odds.items():
        suits[SUIT_CLASSES.index(Suit[name.upper()])] = p
    return suits


def test_only_whole_network_looks_in_the_clear_count() -> None:
    rank = np.ones(13) / 13
    red = _suits(diamonds=0.53, hearts=0.40, clubs=0.07)
    assert _other_colour([_Reading(rank, red, network=True)], Suit.CLUBS) > 0.9
    assert _other_colour([_Reading(rank, red, network=True)], Suit.DIAMONDS) < 0.1
    # The glyph reader's look, a corner under another card and a corner without a rank do not.
    assert _other_colour([_Reading(rank, red)], Suit.CLUBS) == 0.0
    assert _other_colour([_Reading(rank, red, network=True, overlap=0.9)], Suit.CLUBS) == 0.0
    assert _other_colour([_Reading(None, red, network=True)], Suit.CLUBS) == 0.0
