"""The shuffle check: statistics, their null tails, thresholds, verdicts, detection."""

from __future__ import annotations

from itertools import pairwise, product
from math import comb
from random import Random

import pytest

from dealer_assist.cards import Card, Rank, Suit, parse_cards, shoe_composition
from dealer_assist.errors import ConfigError
from dealer_assist.shoe import (
    RegularityTest,
    ShuffleCheckSettings,
    ShuffleStatus,
    check_shuffle,
    critical_values,
    regularity_statistics,
)
from dealer_assist.shoe.regularity import NullModel, longest_repeat
from dealer_assist.shoe.shuffles import factory_order, riffles

T = RegularityTest
EIGHT_DECKS = shoe_composition(8)


# --- statistics ------------------------------------------------------------------------------


def test_statistics_of_a_short_run() -> None:
    values = regularity_statistics(parse_cards(["AS 2S 3S 4S"]))
    assert values == {
        T.SAME_SUIT_PAIRS: 3,
        T.SAME_RANK_PAIRS: 0,
        T.RANK_STEP_PAIRS: 3,
        T.NEIGHBOUR_PAIRS: 3,
        T.LONGEST_SUIT_RUN: 4,
        T.LONGEST_RANK_STEP_RUN: 4,
        T.LONGEST_REPEAT: 0,
        T.SUIT_EXCESS: 4,
        T.RANK_EXCESS: 1,
    }


def test_statistics_of_a_mixed_sequence() -> None:
    # Ranks 5 4 3 3 4 5 4 5: steps -1 -1 0 +1 +1 -1 +1; suits H H D C S S S S.
    values = regularity_statistics(parse_cards(["5H 4H 3D 3C 4S 5S 4S 5S"]))
    assert values[T.SAME_SUIT_PAIRS] == 4  # HH, SS, SS, SS
    assert values[T.SAME_RANK_PAIRS] == 1
    assert values[T.RANK_STEP_PAIRS] == 6
    assert values[T.NEIGHBOUR_PAIRS] == 4  # 5H4H, 4S5S, 5S4S, 4S5S
    assert values[T.LONGEST_SUIT_RUN] == 4
    assert values[T.LONGEST_RANK_STEP_RUN] == 3  # 5 4 3, then 3 4 5
    assert values[T.LONGEST_REPEAT] == 2  # 4S 5S twice
    assert values[T.SUIT_EXCESS] == 4 and values[T.RANK_EXCESS] == 3


def test_longest_repeat() -> None:
    assert longest_repeat([1, 2, 3, 9, 1, 2, 3]) == 3
    assert longest_repeat([1, 1, 1]) == 2  # overlapping occurrences count
    assert longest_repeat([]) == longest_repeat([1, 2]) == 0
    assert regularity_statistics([])[T.LONGEST_SUIT_RUN] == 0


# --- the null model against brute force --------------------------------------------------------


def exact_tail(sequences: list[tuple[int, ...]], statistic, value: int) -> float:  # type: ignore[no-untyped-def]
    return sum(1 for s in sequences if statistic(s) >= value) / len(sequences)


def steps(ranks: tuple[int, ...]) -> int:
    return sum(1 for a, b in pairwise(ranks) if abs(a - b) == 1)


def longest_step_run(ranks: tuple[int, ...]) -> int:
    best = run = 1
    direction = 0
    for a, b in pairwise(ranks):
        if abs(b - a) == 1:
            run = run + 1 if b - a == direction else 2
            direction = b - a
        else:
            run, direction = 1, 0
        best = max(best, run)
    return best


def longest_same_run(items: tuple[int, ...]) -> int:
    best = run = 1
    for a, b in pairwise(items):
        run = run + 1 if a == b else 1
        best = max(best, run)
    return best


def test_rank_tails_match_enumeration() -> None:
    model = NullModel(cards=4, composition=EIGHT_DECKS)
    sequences = list(product(range(1, 14), repeat=4))
    for value in range(1, 5):
        assert model.tail(T.RANK_STEP_PAIRS, value) == pytest.approx(
            exact_tail(sequences, steps, value), abs=1e-12
        )
        assert model.tail(T.LONGEST_RANK_STEP_RUN, value) == pytest.approx(
            exact_tail(sequences, longest_step_run, value), abs=1e-12
        )
        same_rank = exact_tail(sequences, lambda s: sum(a == b for a, b in pairwise(s)), value)
        assert model.tail(T.SAME_RANK_PAIRS, value) == pytest.approx(same_rank, abs=1e-12)


def test_suit_tails_match_enumeration() -> None:
    model = NullModel(cards=7, composition=EIGHT_DECKS)
    sequences = list(product(range(4), repeat=7))
    for value in range(1, 8):
        pairs = exact_tail(sequences, lambda s: sum(a == b for a, b in pairwise(s)), value)
        assert model.tail(T.SAME_SUIT_PAIRS, value) == pytest.approx(pairs, abs=1e-12)
        run = exact_tail(sequences, longest_same_run, value)
        assert model.tail(T.LONGEST_SUIT_RUN, value) == pytest.approx(run, abs=1e-12)


def test_neighbour_tail_matches_enumeration() -> None:
    model = NullModel(cards=3, composition=EIGHT_DECKS)
    faces = list(product(range(1, 14), range(4)))
    sequences = list(product(faces, repeat=3))

    def neighbours(s: tuple[tuple[int, int], ...]) -> int:
        return sum(1 for a, b in pairwise(s) if a[1] == b[1] and abs(a[0] - b[0]) == 1)

    for value in (1, 2):
        expected = sum(1 for s in sequences if neighbours(s) >= value) / len(sequences)
        assert model.tail(T.NEIGHBOUR_PAIRS, value) == pytest.approx(expected, abs=1e-12)


def test_excess_and_repeat_tails_are_bounds_that_shrink() -> None:
    model = NullModel(cards=104, composition=EIGHT_DECKS)
    for test in T:
        tails = [model.tail(test, value) for value in range(0, 60)]
        assert tails[0] == 1.0
        assert all(b <= a for a, b in pairwise(tails)), test
    # Union bound over four suits of a hypergeometric tail: all 104 cards of one suit.
    assert model.tail(T.SUIT_EXCESS, 104) == pytest.approx(4 / comb(416, 104), rel=1e-9)
    with pytest.raises(ValueError, match="opening cards"):
        NullModel(cards=500, composition=EIGHT_DECKS)


# --- thresholds ------------------------------------------------------------------------------


def test_critical_values_sit_where_the_tail_crosses_alpha() -> None:
    settings = ShuffleCheckSettings()
    alpha = settings.alpha_per_test
    assert alpha == pytest.approx(1e-4 / 27)
    table = critical_values(composition=EIGHT_DECKS, settings=settings)
    assert sorted(table) == [26, 52, 104]
    for cards, row in table.items():
        model = NullModel(cards=cards, composition=EIGHT_DECKS)
        for test, critical in row.items():
            assert model.tail(test, critical) <= alpha < model.tail(test, critical - 1)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"checkpoints": ()},
        {"checkpoints": (52, 26)},
        {"checkpoints": (4,)},
        {"false_alarm_rate": 0.0},
        {"false_alarm_rate": 1.0},
        {"tests": ()},
    ],
)
def test_settings_refuse_impossible_values(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        ShuffleCheckSettings(**kwargs)  # type: ignore[arg-type]


def test_checkpoints_beyond_the_shoe_are_refused() -> None:
    with pytest.raises(ConfigError, match="more than the shoe's 52"):
        check_shuffle(factory_order(decks=1), composition=shoe_composition(1))


# --- verdicts ----------------------------------------------------------------------------------


def good_shoe(seed: int) -> list[Card]:
    cards = list(EIGHT_DECKS.elements())
    Random(seed).shuffle(cards)
    return cards


def test_verdict_is_pending_then_clean_for_a_shuffled_shoe() -> None:
    cards = good_shoe(1)
    early = check_shuffle(cards[:25], composition=EIGHT_DECKS)
    assert early.status is ShuffleStatus.PENDING and early.findings == ()
    middle = check_shuffle(cards[:60], composition=EIGHT_DECKS)
    assert middle.status is ShuffleStatus.PENDING
    assert {f.cards for f in middle.findings} == {26, 52} and not middle.fired
    done = check_shuffle(cards, composition=EIGHT_DECKS)
    assert done.status is ShuffleStatus.CLEAN and not done.suspicious
    assert len(done.findings) == 27 and "look shuffled" in done.message


def test_the_check_is_a_pure_function() -> None:
    cards = factory_order(decks=8)[:104]
    copy = list(cards)
    assert check_shuffle(cards, composition=EIGHT_DECKS) == check_shuffle(
        cards, composition=EIGHT_DECKS
    )
    assert cards == copy


@pytest.mark.parametrize("reverse", [False, True])
def test_factory_order_fires_within_26_cards(reverse: bool) -> None:
    cards = factory_order(decks=8)
    if reverse:
        cards.reverse()
    verdict = check_shuffle(cards[:26], composition=EIGHT_DECKS)
    assert verdict.suspicious
    fired = {f.test for f in verdict.fired}
    assert {T.SAME_SUIT_PAIRS, T.NEIGHBOUR_PAIRS, T.LONGEST_RANK_STEP_RUN} <= fired
    assert all(f.p_value <= verdict.alpha_per_test for f in verdict.fired)
    assert "unshuffled" in verdict.message and "first 26 cards" in verdict.message


def test_a_repeated_deck_fires_the_repeat_test() -> None:
    verdict = check_shuffle(factory_order(decks=8)[:104], composition=EIGHT_DECKS)
    repeat = [f for f in verdict.fired if f.test is T.LONGEST_REPEAT and f.cards == 104]
    assert repeat and repeat[0].value == 52


@pytest.mark.parametrize("times", [1, 2])
def test_one_or_two_riffles_are_caught(times: int) -> None:
    rng = Random(times)
    for _ in range(20):
        shoe = riffles(factory_order(decks=8), times=times, rng=rng)
        assert check_shuffle(shoe[:104], composition=EIGHT_DECKS).suspicious


def test_shuffled_shoes_do_not_raise_the_alarm() -> None:
    settings = ShuffleCheckSettings()
    rng = Random(2024)
    cards = list(EIGHT_DECKS.elements())
    for _ in range(300):
        rng.shuffle(cards)
        verdict = check_shuffle(cards[:104], composition=EIGHT_DECKS, settings=settings)
        assert verdict.status is ShuffleStatus.CLEAN, verdict.message


def test_a_composition_with_cards_removed_is_judged_against_itself() -> None:
    composition = shoe_composition(8)
    for rank in Rank:
        composition[Card(rank, Suit.CLUBS)] = 0  # no clubs at all in this shoe
    cards = [card for card in good_shoe(3) if card.suit is not Suit.CLUBS]
    assert check_shuffle(cards[:104], composition=composition).status is ShuffleStatus.CLEAN
