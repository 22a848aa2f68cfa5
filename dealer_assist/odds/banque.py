"""Exact odds of Baccarat Banque's two tableaux, for any shoe, settled as the rules settle them.

Three hands are dealt (right, left, banker). The free choices follow
:mod:`dealer_assist.rules.strategy` (each punter draws on 5; the banker plays the Punto Banco
tableau against the side still in play, the right when both are), and each side is settled as
:func:`~dealer_assist.rules.outcome.outcome_of` settles it: a side with a natural is settled
against the banker's first two cards, the other against his final total. Every way the first
up to nine cards can come out of the shoe is counted exactly (integer weights of ordered card
sequences), so the figures are exact fractions.

>>> odds = banque_odds(ShoeComposition.of_values((2, 1, 1, 1, 1, 1, 1, 1, 1, 1)))
>>> sum(odds.joint.values())
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from dealer_assist.odds.composition import ShoeComposition
from dealer_assist.odds.engine import ShoeTooSmallError
from dealer_assist.rules.outcome import SideResult
from dealer_assist.rules.strategy import banque_banker_draws

_WIN, _LOSE, _STANDOFF = SideResult.WIN, SideResult.LOSE, SideResult.STANDOFF
_RESULTS = (_WIN, _LOSE, _STANDOFF)
#: The most cards a Banque coup uses.
BANQUE_MAX_CARDS = 9


def _result(punter: int, banker: int) -> int:
    return 0 if punter > banker else 1 if punter < banker else 2


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueOdds:
    """``joint[(right, left)]``: the chance of each pair of side results."""

    joint: Mapping[tuple[SideResult, SideResult], Fraction]

    def side(self, side: str) -> Mapping[SideResult, Fraction]:
        """One side's chances of winning, losing and standing off (``"right"``/``"left"``)."""
        index = 0 if side == "right" else 1
        totals = dict.fromkeys(_RESULTS, Fraction(0))
        for pair, chance in self.joint.items():
            totals[pair[index]] += chance
        return MappingProxyType(totals)

    def edge(self, side: str) -> Fraction:
        """The house's (the bank's) edge on a stake on ``side``, paid 1:1, stand-offs void."""
        chances = self.side(side)
        return chances[_LOSE] - chances[_WIN]

    def a_cheval_edge(self) -> Fraction:
        """The bank's edge on a stake à cheval: half on each side."""
        return (self.edge("right") + self.edge("left")) / 2

    def bank_edge(self, house_rate: Fraction) -> Fraction:
        """The bank's expected result per unit staked, equal stakes on both sides, after the
        house's ``house_rate`` of the bank's net winnings on each coup it wins (``coup_net``)."""
        sign = {_WIN: -1, _LOSE: 1, _STANDOFF: 0}
        total = Fraction(0)
        for (right, left), chance in self.joint.items():
            net = Fraction(sign[right] + sign[left])
            if net > 0:
                net *= 1 - house_rate
            total += chance * net
        return total / 2


def banque_odds(shoe: ShoeComposition) -> BanqueOdds:
    """The exact chances of each pair of side results on ``shoe`` (at least nine cards)."""
    counts = list(shoe.value_counts)
    size = sum(counts)
    if size < BANQUE_MAX_CARDS:
        raise ShoeTooSmallError(
            f"a Banque coup may use {BANQUE_MAX_CARDS} cards; the shoe holds {size}"
        )
    weights = [[0] * 9 for _ in range(BANQUE_MAX_CARDS + 1)]  # by cards used, then result pair
    pairs = [(a, b) for a in range(10) for b in range(a, 10)]
    for ra, rb in pairs:
        w_right = _take_pair(counts, ra, rb)
        if not w_right:
            _give_pair(counts, ra, rb)
            continue
        for la, lb in pairs:
            w_left = _take_pair(counts, la, lb)
            if w_left:
                for ba, bb in pairs:
                    w_banker = _take_pair(counts, ba, bb)
                    if w_banker:
                        _third_cards(
                            counts,
                            (ra + rb) % 10,
                            (la + lb) % 10,
                            (ba + bb) % 10,
                            w_right * w_left * w_banker,
                            weights,
                        )
                    _give_pair(counts, ba, bb)
            _give_pair(counts, la, lb)
        _give_pair(counts, ra, rb)
    joint = dict.fromkeys(((r, s) for r in _RESULTS for s in _RESULTS), Fraction(0))
    for used, by_result in enumerate(weights):
        if not any(by_result):
            continue
        sequences = 1
        for k in range(used):
            sequences *= size - k
        for index, weight in enumerate(by_result):
            if weight:
                joint[(_RESULTS[index // 3], _RESULTS[index % 3])] += Fraction(weight, sequences)
    return BanqueOdds(joint=MappingProxyType(joint))


def _take_pair(counts: list[int], a: int, b: int) -> int:
    """Take a two-card hand of values ``a`` <= ``b``; its weight: the ordered ways to deal it."""
    weight = counts[a]
    counts[a] -= 1
    weight *= counts[b]
    counts[b] -= 1
    if weight <= 0:
        return 0
    return weight if a == b else 2 * weight


def _give_pair(counts: list[int], a: int, b: int) -> None:
    counts[a] += 1
    counts[b] += 1


def _third_cards(
    counts: list[int], right: int, left: int, banker: int, weight: int, out: list[list[int]]
) -> None:
    if banker >= 8:  # the banker's natural: every side is settled on two cards
        out[6][3 * _result(right, banker) + _result(left, banker)] += weight
        return
    right_natural, left_natural = right >= 8, left >= 8
    right_draws = not right_natural and right <= 5
    left_draws = not left_natural and left <= 5
    for x in range(10) if right_draws else (None,):
        wx = weight
        if x is not None:
            wx *= counts[x]
            if not wx:
                continue
            counts[x] -= 1
        r_total = right if x is None else (right + x) % 10
        for y in range(10) if left_draws else (None,):
            wy = wx
            if y is not None:
                wy *= counts[y]
                if not wy:
                    continue
                counts[y] -= 1
            l_total = left if y is None else (left + y) % 10
            used = 6 + (x is not None) + (y is not None)
            against: tuple[int | None, ...] = ()
            if not right_natural:
                against += (x,)
            if not left_natural:
                against += (y,)
            row = out[used + 1]
            if against and banque_banker_draws(banker, against):
                for z in range(10):
                    wz = counts[z]
                    if wz:
                        final = (banker + z) % 10
                        r = _result(r_total, banker if right_natural else final)
                        s = _result(l_total, banker if left_natural else final)
                        row[3 * r + s] += wy * wz
            else:
                out[used][3 * _result(r_total, banker) + _result(l_total, banker)] += wy
            if y is not None:
                counts[y] += 1
        if x is not None:
            counts[x] += 1
