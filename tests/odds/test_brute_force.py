"""The fast engine against brute force, on small and depleted shoes.

Three independent checks, as baccarat.md §1.1 asks:

* the engine equals :func:`reference_enumeration` (every ordered value sequence, falling
  weights) on random small shoes, on a full deck and on depleted eight-deck shoes;
* the reference itself equals the product's own coup engine played over every ordered
  sequence of six *physical* cards of tiny shoes (the six-card convention literally);
* the engine's drawing rule equals the product's tableau, cell by cell.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.odds import (
    ALL_SIGNATURES,
    CompositionError,
    CoupSignature,
    ShoeTooSmallError,
    banker_draws,
    coup_weight_list,
    full_shoe,
    reference_enumeration,
)
from dealer_assist.rules.coup import Coup, CoupRules, Hand
from dealer_assist.rules.tableau import PUNTO_BANCO, Action


def engine_weights(counts: list[int]) -> dict[CoupSignature, int]:
    weights = coup_weight_list(counts)
    return {s: w for s, w in zip(ALL_SIGNATURES, weights, strict=True) if w}


def falling(n: int, k: int) -> int:
    result = 1
    for step in range(k):
        result *= n - step
    return result


small_shoes = st.lists(st.integers(0, 4), min_size=10, max_size=10).filter(
    lambda counts: 6 <= sum(counts) <= 20
)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(small_shoes)
def test_engine_equals_reference_on_small_shoes(counts: list[int]) -> None:
    weights = engine_weights(counts)
    assert weights == reference_enumeration(counts)
    assert sum(weights.values()) == falling(sum(counts), 6)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 12), min_size=10, max_size=10).filter(lambda c: sum(c) >= 6))
def test_engine_equals_reference_on_lopsided_shoes(counts: list[int]) -> None:
    """Few values, many of each: the corrections for repeated values get exercised."""
    counts = [count if index % 3 else 0 for index, count in enumerate(counts)]
    if sum(counts) < 6:
        counts[1] += 6
    assert engine_weights(counts) == reference_enumeration(counts)


def test_engine_equals_reference_on_one_deck() -> None:
    counts = list(full_shoe(1).value_counts)
    assert engine_weights(counts) == reference_enumeration(counts)


@pytest.mark.parametrize("seed", [1, 2])
def test_engine_equals_reference_on_depleted_eight_deck_shoes(seed: int) -> None:
    rng = random.Random(seed)
    counts = list(full_shoe(8).value_counts)
    for _ in range(rng.randrange(150, 300)):
        value = rng.choices(range(10), weights=counts)[0]
        counts[value] -= 1
    assert engine_weights(counts) == reference_enumeration(counts)


def test_engine_equals_reference_beyond_64_bit_counts() -> None:
    """Past about 31 decks the counts outgrow 64-bit slots and the engine packs wider ones."""
    counts = [16 * 40 - 3] + [4 * 40 - value for value in range(1, 10)]
    assert sum(counts) ** 6 >= 2**63
    assert engine_weights(counts) == reference_enumeration(counts)


def test_six_cards_is_the_smallest_shoe() -> None:
    assert sum(coup_weight_list([6, 0, 0, 0, 0, 0, 0, 0, 0, 0])) == falling(6, 6)
    with pytest.raises(ShoeTooSmallError, match="holds 5 cards"):
        coup_weight_list([5, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    with pytest.raises(CompositionError):
        coup_weight_list([1, 2, 3])
    with pytest.raises(CompositionError):
        coup_weight_list([-1, 7, 0, 0, 0, 0, 0, 0, 0, 0])


SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def physical_brute_force(cards: list[Card]) -> dict[CoupSignature, int]:
    """Every ordered six-card sequence of the physical cards, played by the product's coup."""
    rules = CoupRules.punto_banco()
    by_values: dict[tuple[int, ...], CoupSignature] = {}
    weights: Counter[CoupSignature] = Counter()
    for order in permutations(range(len(cards)), 6):
        values = tuple(cards[index].value for index in order)
        signature = by_values.get(values)
        if signature is None:
            coup = Coup(rules)
            for index in order:
                if coup.is_complete:
                    break
                coup.deal(cards[index])
            assert coup.is_complete
            totals = coup.totals
            signature = CoupSignature(
                totals[Hand.PLAYER],
                totals[Hand.BANKER],
                len(coup.cards(Hand.PLAYER)),
                len(coup.cards(Hand.BANKER)),
            )
            by_values[values] = signature
        weights[signature] += 1
    return dict(weights)


@pytest.mark.parametrize(
    "ranks",
    [
        (Rank.KING, Rank.QUEEN, Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.SIX, Rank.SEVEN),
        (Rank.TEN, Rank.ACE, Rank.ACE, Rank.THREE, Rank.FIVE, Rank.FIVE, Rank.EIGHT, Rank.NINE),
        (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.KING),
    ],
)
def test_reference_equals_physical_cards_played_by_the_coup_engine(ranks: tuple[Rank, ...]) -> None:
    cards = [Card(rank, SUITS[index % 4]) for index, rank in enumerate(ranks)]
    counts = [0] * 10
    for card in cards:
        counts[card.value] += 1
    brute = physical_brute_force(cards)
    assert reference_enumeration(counts) == brute
    assert engine_weights(counts) == brute


def test_banker_rule_matches_the_product_tableau() -> None:
    for (banker_total, third), action in PUNTO_BANCO.items():
        assert banker_draws(banker_total, third) == (action is Action.DRAW), (banker_total, third)
