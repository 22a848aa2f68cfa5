"""Helpers shared by the odds tests."""

from __future__ import annotations

from fractions import Fraction

import pytest

from dealer_assist.odds import CoupWeights, ShoeOdds, full_shoe

DECKS = (1, 2, 4, 6, 8)


def percent4(value: Fraction) -> str:
    """A fraction as a percentage with 4 decimals, rounded half up (as baccarat.md prints)."""
    scaled = value * 1_000_000
    rounded = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)
    return f"{rounded // 10_000}.{rounded % 10_000:04d}"


def number(text: str) -> int:
    return int(text.replace(",", ""))


@pytest.fixture(scope="session")
def odds_by_decks() -> dict[int, ShoeOdds]:
    return {decks: ShoeOdds(full_shoe(decks)) for decks in DECKS}


@pytest.fixture(scope="session")
def weights_by_decks(odds_by_decks: dict[int, ShoeOdds]) -> dict[int, CoupWeights]:
    return {decks: odds.coup for decks, odds in odds_by_decks.items()}
