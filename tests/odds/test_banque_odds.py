"""Baccarat Banque's odds: the exact engine against every coup the rules engine deals."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from dealer_assist.odds.banque import banque_odds
from dealer_assist.odds.composition import ShoeComposition
from dealer_assist.odds.engine import ShoeTooSmallError
from dealer_assist.rules.coup import Coup, CoupRules, DecisionDue, Hand
from dealer_assist.rules.outcome import SideResult, outcome_of
from dealer_assist.rules.strategy import choice_for
from tests.rules.conftest import card_of


def dealt(values: list[int]) -> Coup:
    """The coup the rules engine deals from ``values``, choices by the strategy."""
    coup = Coup(CoupRules.banque())
    for value in values:
        while isinstance(coup.next_step, DecisionDue):
            coup.decide(coup.next_step.hand, choice_for(coup, coup.next_step))
        coup.deal(card_of(value))
    while isinstance(coup.next_step, DecisionDue):
        coup.decide(coup.next_step.hand, choice_for(coup, coup.next_step))
    return coup


def brute_force(counts: dict[int, int]) -> Counter[tuple[SideResult, SideResult]]:
    """Every order the cards can come out in, each coup dealt and settled by the rules."""
    size = sum(counts.values())
    chances: Counter[tuple[SideResult, SideResult]] = Counter()

    def walk(values: list[int], left: dict[int, int], weight: int) -> None:
        coup = dealt(values)
        if coup.is_complete:
            outcome = outcome_of(coup)
            sequences = 1
            for k in range(len(values)):
                sequences *= size - k
            pair = (outcome.side(Hand.RIGHT), outcome.side(Hand.LEFT))
            chances[pair] += Fraction(weight, sequences)  # type: ignore[assignment]
            return
        for value, count in left.items():
            if count:
                walk([*values, value], {**left, value: count - 1}, weight * count)

    walk([], counts, 1)
    return chances


@pytest.mark.parametrize(
    "counts",
    [
        {0: 4, 3: 4, 5: 4},  # naturals (3 + 5), the option on 5, banker rows 0, 3, 5, 6
        {0: 3, 4: 3, 8: 3},  # the banker's naturals, one side natural and the other drawing
    ],
)
def test_the_exact_odds_are_the_rules_engine_s_coups(counts: dict[int, int]) -> None:
    shoe = ShoeComposition.of_values(tuple(counts.get(value, 0) for value in range(10)))
    odds = banque_odds(shoe)
    expected = brute_force(counts)
    assert {pair: chance for pair, chance in odds.joint.items() if chance} == dict(expected)
    assert sum(odds.joint.values()) == 1


def test_edges_and_a_cheval() -> None:
    odds = banque_odds(ShoeComposition.of_values((4, 0, 0, 4, 0, 4, 0, 0, 0, 0)))
    for side in ("right", "left"):
        chances = odds.side(side)
        assert odds.edge(side) == chances[SideResult.LOSE] - chances[SideResult.WIN]
    assert odds.a_cheval_edge() == (odds.edge("right") + odds.edge("left")) / 2
    assert odds.bank_edge(Fraction(0)) == odds.a_cheval_edge()


def test_a_shoe_too_small_for_a_coup_is_refused() -> None:
    with pytest.raises(ShoeTooSmallError):
        banque_odds(ShoeComposition.of_values((8, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
