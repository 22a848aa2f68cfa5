"""Regularity statistics of a card sequence and their tails under a well-shuffled shoe.

For the statistics about neighbouring cards (pairs, runs, repeats) the null model treats each
card as drawn independently from the shoe's faces, suits and ranks equally likely. A real shoe
is drawn without replacement, which makes a card a little less likely to match the one before
it and the counts a little less spread out, so these tails are slightly larger than the true
ones: thresholds set from them err towards fewer false alarms. The suit and rank counts use the
exact without-replacement (hypergeometric) law of the shoe's own composition.
``benchmarks/bench_shuffle_check.py`` measures the resulting false-alarm rate on 8-deck shoes.

Every tail is exact for its model (a binomial, or dynamic programming over a Markov chain),
except two union bounds: the longest repeated sequence (the expected number of matching pairs
of positions) and the largest suit or rank count (the sum of the classes' tails).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from functools import lru_cache
from math import comb, exp, lgamma, log

from dealer_assist.cards import ALL_RANKS, ALL_SUITS, Card
from dealer_assist.errors import InputError

_SUITS = 4
_RANKS = 13


class RegularityTest(Enum):
    """One statistic; each fires when its value reaches a threshold computed from its tail."""

    SAME_SUIT_PAIRS = "same_suit_pairs"
    SAME_RANK_PAIRS = "same_rank_pairs"
    RANK_STEP_PAIRS = "rank_step_pairs"
    NEIGHBOUR_PAIRS = "neighbour_pairs"
    LONGEST_SUIT_RUN = "longest_suit_run"
    LONGEST_RANK_STEP_RUN = "longest_rank_step_run"
    LONGEST_REPEAT = "longest_repeat"
    SUIT_EXCESS = "suit_excess"
    RANK_EXCESS = "rank_excess"

    @property
    def description(self) -> str:
        return _DESCRIPTIONS[self]


_DESCRIPTIONS = {
    RegularityTest.SAME_SUIT_PAIRS: "adjacent cards of the same suit",
    RegularityTest.SAME_RANK_PAIRS: "adjacent cards of the same rank",
    RegularityTest.RANK_STEP_PAIRS: "adjacent cards whose ranks differ by one",
    RegularityTest.NEIGHBOUR_PAIRS: "adjacent cards next to each other in a new deck",
    RegularityTest.LONGEST_SUIT_RUN: "longest run of one suit",
    RegularityTest.LONGEST_RANK_STEP_RUN: "longest run of ranks stepping by one",
    RegularityTest.LONGEST_REPEAT: "longest card sequence seen twice",
    RegularityTest.SUIT_EXCESS: "most cards of one suit",
    RegularityTest.RANK_EXCESS: "most cards of one rank",
}


# --- statistics ----------------------------------------------------------------------------


def regularity_statistics(cards: Sequence[Card]) -> dict[RegularityTest, int]:
    """The value of every statistic over ``cards`` (in the order they left the shoe)."""
    ranks = [int(card.rank) for card in cards]
    suits = [card.suit.value for card in cards]
    faces = [(card.suit.value, int(card.rank)) for card in cards]
    same_suit = same_rank = steps = neighbours = 0
    suit_run = longest_suit = 1 if cards else 0
    step_run = longest_step = 1 if cards else 0
    direction = 0
    for i in range(1, len(cards)):
        rank, previous = ranks[i], ranks[i - 1]
        suited = suits[i] == suits[i - 1]
        step = rank - previous
        same_suit += suited
        same_rank += step == 0
        if step in (1, -1):
            steps += 1
            neighbours += suited
            step_run = step_run + 1 if step == direction else 2
            direction = step
        else:
            step_run, direction = 1, 0
        suit_run = suit_run + 1 if suited else 1
        longest_suit = max(longest_suit, suit_run)
        longest_step = max(longest_step, step_run)
    return {
        RegularityTest.SAME_SUIT_PAIRS: same_suit,
        RegularityTest.SAME_RANK_PAIRS: same_rank,
        RegularityTest.RANK_STEP_PAIRS: steps,
        RegularityTest.NEIGHBOUR_PAIRS: neighbours,
        RegularityTest.LONGEST_SUIT_RUN: longest_suit,
        RegularityTest.LONGEST_RANK_STEP_RUN: longest_step,
        RegularityTest.LONGEST_REPEAT: longest_repeat(faces),
        RegularityTest.SUIT_EXCESS: max((suits.count(s) for s in set(suits)), default=0),
        RegularityTest.RANK_EXCESS: max((ranks.count(r) for r in set(ranks)), default=0),
    }


def longest_repeat(items: Sequence[object]) -> int:
    """Length of the longest run of items that occurs at two places (overlaps allowed)."""
    length = 0
    while True:
        size = length + 1
        seen: set[tuple[object, ...]] = set()
        found = False
        for start in range(len(items) - size + 1):
            window = tuple(items[start : start + size])
            if window in seen:
                found = True
                break
            seen.add(window)
        if not found:
            return length
        length = size


# --- tails under the null model --------------------------------------------------------------


class NullModel:
    """Tail probabilities for the ``cards`` opening cards of a shoe of ``composition``."""

    __slots__ = ("_collision", "_rank_sizes", "_suit_sizes", "_total", "cards")

    def __init__(self, *, cards: int, composition: Mapping[Card, int]) -> None:
        total = sum(composition.values())
        if cards < 2 or cards > total:
            raise InputError(f"cannot test {cards} opening cards of a {total}-card shoe")
        self.cards = cards
        self._total = total
        self._suit_sizes = tuple(
            sum(n for card, n in composition.items() if card.suit is suit) for suit in ALL_SUITS
        )
        self._rank_sizes = tuple(
            sum(n for card, n in composition.items() if card.rank is rank) for rank in ALL_RANKS
        )
        # The chance two independent cards show the same face.
        self._collision = sum((n / total) ** 2 for n in composition.values())

    def tail(self, test: RegularityTest, value: int) -> float:
        """P(statistic >= value) for a well-shuffled shoe (an upper bound for two tests)."""
        n = self.cards
        if value <= 0:
            return 1.0
        if test is RegularityTest.SAME_SUIT_PAIRS:
            return _at(_binomial_tail(n - 1, 1 / _SUITS), value)
        if test is RegularityTest.SAME_RANK_PAIRS:
            return _at(_binomial_tail(n - 1, 1 / _RANKS), value)
        if test is RegularityTest.RANK_STEP_PAIRS:
            return _at(_rank_chain_tail(n, 1.0), value)
        if test is RegularityTest.NEIGHBOUR_PAIRS:
            return _at(_rank_chain_tail(n, 1 / _SUITS), value)
        if test is RegularityTest.LONGEST_SUIT_RUN:
            return _suit_run_tail(n, value)
        if test is RegularityTest.LONGEST_RANK_STEP_RUN:
            return _rank_run_tail(n, value)
        if test is RegularityTest.LONGEST_REPEAT:
            pairs = comb(n - value + 1, 2)
            return min(1.0, exp(log(pairs) + value * log(self._collision))) if pairs else 0.0
        sizes = self._suit_sizes if test is RegularityTest.SUIT_EXCESS else self._rank_sizes
        return min(1.0, sum(_hypergeometric_tail(self._total, size, n, value) for size in sizes))

    def critical_value(self, test: RegularityTest, alpha: float) -> int:
        """The smallest value whose tail is at most ``alpha`` (n + 1 if none: never fires)."""
        # Tails fall as the value rises. Gallop up from 1 first: the thresholds are small next
        # to the card count, and the run-length tails cost a dynamic programme per value that
        # grows with the value, so probing the middle of 0..cards first would be slow.
        low, high = 0, 1
        while high <= self.cards and self.tail(test, high) > alpha:
            low, high = high + 1, high * 2
        high = min(high, self.cards + 1)
        while low < high:
            middle = (low + high) // 2
            if self.tail(test, middle) <= alpha:
                high = middle
            else:
                low = middle + 1
        return low


_NEGLIGIBLE = 1e-30


def _at(tail: tuple[float, ...], value: int) -> float:
    return tail[value] if value < len(tail) else 0.0


@lru_cache(maxsize=64)
def _binomial_tail(trials: int, p: float) -> tuple[float, ...]:
    """Indicators of a match with the previous card are independent when suits (or ranks) are
    equally likely, so their count is binomial."""
    pmf = [
        exp(lgamma(trials + 1) - lgamma(k + 1) - lgamma(trials - k + 1))
        * p**k
        * (1 - p) ** (trials - k)
        for k in range(trials + 1)
    ]
    return _tails(pmf)


def _tails(pmf: Sequence[float]) -> tuple[float, ...]:
    tails = [0.0] * (len(pmf) + 1)
    for k in range(len(pmf) - 1, -1, -1):
        tails[k] = tails[k + 1] + pmf[k]
    return tuple(min(1.0, t) for t in tails)


@lru_cache(maxsize=64)
def _rank_chain_tail(cards: int, suit_factor: float) -> tuple[float, ...]:
    """Count of adjacent pairs whose ranks differ by one (and, with ``suit_factor`` 1/4, whose
    suits match), over a chain of uniform ranks: the count depends on the boundary ranks (an
    ace or king has one neighbour), so it is not binomial and is computed by DP."""
    hit = suit_factor / _RANKS
    # mass[r][c]: the current card has rank r and c pairs have matched so far. Counts whose
    # whole mass is below _NEGLIGIBLE are not followed further (they lie far beyond any
    # threshold: dropping them changes a tail by less than cards x _NEGLIGIBLE).
    mass = [[1 / _RANKS] for _ in range(_RANKS)]
    for _ in range(cards - 1):
        width = len(mass[0])
        totals = [sum(mass[r][c] for r in range(_RANKS)) for c in range(width)]
        grow = totals[-1] > _NEGLIGIBLE
        new = [[0.0] * (width + grow) for _ in range(_RANKS)]
        for r in range(_RANKS):
            below = mass[r - 1] if r > 0 else None
            above = mass[r + 1] if r < _RANKS - 1 else None
            row = new[r]
            for c in range(width):
                adjacent = (below[c] if below else 0.0) + (above[c] if above else 0.0)
                row[c] += totals[c] / _RANKS - adjacent * hit
                if grow or c + 1 < width:
                    row[c + 1] += adjacent * hit
        mass = new
    pmf = [sum(mass[r][c] for r in range(_RANKS)) for c in range(len(mass[0]))]
    return _tails(pmf)


@lru_cache(maxsize=1024)
def _suit_run_tail(cards: int, length: int) -> float:
    """P(some run of one suit is at least ``length`` cards long)."""
    if length <= 1:
        return 1.0
    same = 1 / _SUITS
    runs = [0.0] * (length + 1)  # runs[l]: the current run is l cards long (l < length)
    runs[1] = 1.0
    reached = 0.0
    for _ in range(cards - 1):
        alive = sum(runs)
        new = [0.0] * (length + 1)
        new[1] = alive * (1 - same)
        for run in range(1, length):
            new[run + 1] += runs[run] * same
        reached += new[length]
        new[length] = 0.0
        runs = new
    return min(1.0, reached)


@lru_cache(maxsize=1024)
def _rank_run_tail(cards: int, length: int) -> float:
    """P(some run of ranks stepping by +1 each time, or by -1 each time, is ``length`` long)."""
    if length <= 1:
        return 1.0
    p = 1 / _RANKS
    fresh = [p] * _RANKS  # the current card starts no step run
    # up[r][l]: the card of rank r ends a rising run of l cards (2 <= l < length); down alike.
    up = [[0.0] * length for _ in range(_RANKS)]
    down = [[0.0] * length for _ in range(_RANKS)]
    reached = 0.0
    for _ in range(cards - 1):
        by_rank = [fresh[r] + sum(up[r]) + sum(down[r]) for r in range(_RANKS)]
        total = sum(by_rank)
        new_fresh = [0.0] * _RANKS
        new_up = [[0.0] * length for _ in range(_RANKS)]
        new_down = [[0.0] * length for _ in range(_RANKS)]
        for r in range(_RANKS):
            # From every rank but r - 1 and r + 1, the next card r starts nothing.
            new_fresh[r] = (
                total - (by_rank[r - 1] if r > 0 else 0.0) - (by_rank[r + 1] if r < 12 else 0.0)
            ) * p
            if r > 0:  # from r - 1, stepping up
                source = r - 1
                start = (fresh[source] + sum(down[source])) * p
                reached += _extend(new_up[r], up[source], start, length, p)
            if r < _RANKS - 1:  # from r + 1, stepping down
                source = r + 1
                start = (fresh[source] + sum(up[source])) * p
                reached += _extend(new_down[r], down[source], start, length, p)
        fresh, up, down = new_fresh, new_up, new_down
    return min(1.0, reached)


def _extend(target: list[float], runs: list[float], start: float, length: int, p: float) -> float:
    """Lengthen every run in ``runs`` by one card into ``target``; return the mass that reached
    ``length`` (those runs stop being tracked: the event has happened)."""
    reached = 0.0
    if length == 2:
        reached += start
    else:
        target[2] += start
    for run in range(2, length):
        moved = runs[run] * p
        if run + 1 >= length:
            reached += moved
        else:
            target[run + 1] += moved
    return reached


@lru_cache(maxsize=4096)
def _hypergeometric_tail(total: int, size: int, drawn: int, value: int) -> float:
    """P(at least ``value`` of ``drawn`` cards come from a class of ``size`` in ``total``)."""
    top = min(size, drawn)
    if value > top:
        return 0.0
    ways = sum(comb(size, k) * comb(total - size, drawn - k) for k in range(value, top + 1))
    return min(1.0, ways / comb(total, drawn))
