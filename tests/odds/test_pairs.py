"""Pair weights in closed form against brute force over ordered four-card sequences."""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.odds import (
    CARD_ORDER,
    CompositionError,
    PairKind,
    PairOutcome,
    ShoeComposition,
    full_shoe,
    pair_weights,
)


def kind(first: int, second: int, *, suits: bool) -> PairKind:
    """Kinds of a hand from two indices into CARD_ORDER (4 per rank)."""
    if first // 4 != second // 4:
        return PairKind.NONE
    if suits and first == second:
        return PairKind.SUITED
    return PairKind.PAIR


def brute_force(counts: list[int], *, suits: bool) -> dict[PairOutcome, int]:
    """Every ordered (P1, B1, P2, B2) of card kinds, weighed by falling counts."""
    present = [index for index, count in enumerate(counts) if count]
    weights: Counter[PairOutcome] = Counter()
    for p1, b1, p2, b2 in product(present, repeat=4):
        left = list(counts)
        weight = 1
        for index in (p1, b1, p2, b2):
            weight *= left[index]
            left[index] -= 1
        if weight:
            outcome = PairOutcome(kind(p1, p2, suits=suits), kind(b1, b2, suits=suits))
            weights[outcome] += weight
    return {outcome: weight for outcome, weight in weights.items() if weight}


small_card_shoes = st.dictionaries(
    st.sampled_from(range(12)), st.integers(0, 4), min_size=1, max_size=9
).filter(lambda counts: sum(counts.values()) >= 4)


def expand(chosen: dict[int, int]) -> list[int]:
    """Spread the chosen kinds over three ranks (A, 2, 3), four suits each."""
    counts = [0] * 52
    for index, count in chosen.items():
        counts[index] = count
    return counts


@settings(max_examples=60, deadline=None, derandomize=True)
@given(small_card_shoes)
def test_pairs_by_card_equal_brute_force(chosen: dict[int, int]) -> None:
    counts = expand(chosen)
    weights = pair_weights(ShoeComposition.of_cards(counts))
    nonzero = {outcome: weight for outcome, weight in weights.weights.items() if weight}
    assert nonzero == brute_force(counts, suits=True)
    assert weights.total == sum(brute_force(counts, suits=True).values())


@settings(max_examples=40, deadline=None, derandomize=True)
@given(small_card_shoes)
def test_pairs_by_rank_equal_brute_force(chosen: dict[int, int]) -> None:
    counts = expand(chosen)
    ranks = [sum(counts[4 * rank : 4 * rank + 4]) for rank in range(13)]
    weights = pair_weights(ShoeComposition.of_ranks(ranks))
    assert not weights.suits_known
    nonzero = {outcome: weight for outcome, weight in weights.weights.items() if weight}
    assert nonzero == brute_force(counts, suits=False)


def test_one_deck_has_no_suited_pair_and_two_decks_match_brute_force_marginals() -> None:
    one = pair_weights(full_shoe(1))
    assert one.weight(player={PairKind.SUITED}) == 0
    two = pair_weights(full_shoe(2))
    # A suited pair in one hand: 52 cards x 2 x 1 ordered, times the other two cards.
    assert two.weight(player={PairKind.SUITED}) == 52 * 2 * 102 * 101
    assert len(CARD_ORDER) == 52


def test_pairs_need_ranks() -> None:
    with pytest.raises(CompositionError, match="counted by rank"):
        pair_weights(ShoeComposition.of_values([16, 4, 4, 4, 4, 4, 4, 4, 4, 4]))
