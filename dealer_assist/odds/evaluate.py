"""Price bets on a shoe: outcome probabilities, expected value and house edge, all exact.

>>> from dealer_assist.odds.composition import full_shoe
>>> odds = ShoeOdds(full_shoe(8))
>>> odds.evaluate("banker").house_edge
Fraction(114753351728, 10847218479825)
>>> round(float(odds.evaluate("player").house_edge) * 100, 4)
1.2351
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import gcd
from typing import Any

from dealer_assist.errors import DealerAssistError
from dealer_assist.odds.bets import STANDARD_BETS, OddsBet, PayoutPlan, Reads, Settle
from dealer_assist.odds.composition import CompositionError, ShoeComposition
from dealer_assist.odds.engine import coup_weight_list
from dealer_assist.odds.pairs import PairWeights, pair_weights
from dealer_assist.odds.signature import ALL_SIGNATURES, CoupSignature
from dealer_assist.rules.outcome import Winner

CONVENTION = (
    "every coup weighed as an ordered sequence of six cards drawn without replacement, unused "
    "cards included (total n(n-1)...(n-5)); pairs over the first four cards "
    "(total n(n-1)(n-2)(n-3))"
)


@dataclass(frozen=True, slots=True)
class CoupWeights:
    """Six-card-convention weights of the 400 coup signatures (index order of ALL_SIGNATURES)."""

    total: int
    weights: tuple[int, ...]

    def by_signature(self) -> dict[CoupSignature, int]:
        """The signatures that can happen, with their weights."""
        return {
            signature: weight
            for signature, weight in zip(ALL_SIGNATURES, self.weights, strict=True)
            if weight
        }

    def weight(self, predicate: Callable[[CoupSignature], bool]) -> int:
        return sum(
            weight
            for signature, weight in zip(ALL_SIGNATURES, self.weights, strict=True)
            if weight and predicate(signature)
        )

    def probability(self, predicate: Callable[[CoupSignature], bool]) -> Fraction:
        return Fraction(self.weight(predicate), self.total)


def coup_weights(shoe: ShoeComposition | Sequence[int]) -> CoupWeights:
    """Exact weights of every coup signature for a shoe (or its ten counts by value)."""
    counts = shoe.value_counts if isinstance(shoe, ShoeComposition) else tuple(shoe)
    weights = tuple(coup_weight_list(counts))
    return CoupWeights(sum(weights), weights)


@dataclass(frozen=True, slots=True)
class BetOdds:
    """A bet priced on one shoe: the weight of each payout per unit staked, out of ``total``.

    Kept as integers; fractions are built (and reduced) only when asked for.
    """

    name: str
    payouts: tuple[Fraction, ...]  # high to low
    labels: tuple[str, ...]  # the payouts as text: "win 19:20", "push", "lose"
    weights: tuple[int, ...]
    total: int
    ev_numerator: int  # EV = ev_numerator / ev_denominator, not reduced
    ev_denominator: int

    @property
    def outcomes(self) -> dict[Fraction, Fraction]:
        """Payout per unit staked -> probability, payouts high to low."""
        return {
            payout: Fraction(weight, self.total)
            for payout, weight in zip(self.payouts, self.weights, strict=True)
        }

    def probability(self, payout: Fraction) -> Fraction:
        for candidate, weight in zip(self.payouts, self.weights, strict=True):
            if candidate == payout:
                return Fraction(weight, self.total)
        return Fraction(0)

    @property
    def ev(self) -> Fraction:
        """Expected net result per unit staked."""
        return Fraction(self.ev_numerator, self.ev_denominator)

    @property
    def house_edge(self) -> Fraction:
        """Minus the EV per unit of initial wager, pushes counted (baccarat.md §1.1)."""
        return Fraction(-self.ev_numerator, self.ev_denominator)

    @property
    def edge_per_resolved_bet(self) -> Fraction:
        """The house edge per bet that did not push (e.g. "Banker excluding ties")."""
        resolved = 1 - self.probability(Fraction(0))
        if resolved == 0:
            raise ZeroDivisionError(f"bet {self.name} always pushes on this shoe")
        return self.house_edge / resolved


def _priced(name: str, plan: PayoutPlan, weights: list[int], total: int) -> BetOdds:
    return BetOdds(
        name,
        plan.payouts,
        plan.labels,
        tuple(weights),
        total,
        sum(map(operator.mul, plan.multipliers, weights)),
        plan.scale * total,
    )


BetSpec = str | OddsBet


class ShoeOdds:
    """The odds of one shoe; coup and pair weights are computed on first need and kept."""

    __slots__ = ("_coup", "_pairs", "shoe")

    def __init__(self, shoe: ShoeComposition) -> None:
        self.shoe = shoe
        self._coup: CoupWeights | None = None
        self._pairs: PairWeights | None = None

    @property
    def coup(self) -> CoupWeights:
        if self._coup is None:
            self._coup = coup_weights(self.shoe)
        return self._coup

    @property
    def pairs(self) -> PairWeights:
        if self._pairs is None:
            self._pairs = pair_weights(self.shoe)
        return self._pairs

    def main_probabilities(self) -> dict[Winner, Fraction]:
        """P(Banker wins), P(Player wins), P(Tie)."""
        getter = self.coup.weights.__getitem__
        total = self.coup.total
        banker = sum(map(getter, _BANKER_WINS))
        player = sum(map(getter, _PLAYER_WINS))
        return {
            Winner.BANKER: Fraction(banker, total),
            Winner.PLAYER: Fraction(player, total),
            Winner.TIE: Fraction(total - banker - player, total),
        }

    def evaluate(self, bet: BetSpec) -> BetOdds:
        """Price one bet (a standard bet's name, or an :class:`OddsBet`)."""
        resolved = resolve_bet(bet)
        if resolved.reads is Reads.COUP:
            return self._evaluate_coup(resolved)
        return self._evaluate_pairs(resolved)

    def evaluate_all(self, bets: Iterable[BetSpec] | None = None) -> dict[str, BetOdds]:
        """Price several bets (all standard bets by default), by name."""
        chosen = STANDARD_BETS.values() if bets is None else (resolve_bet(bet) for bet in bets)
        return {bet.name: self.evaluate(bet) for bet in chosen}

    def _evaluate_coup(self, bet: OddsBet) -> BetOdds:
        coup = self.coup
        getter = coup.weights.__getitem__
        plan = bet.coup_plan()
        largest = plan.largest
        weights = [
            0 if index == largest else sum(map(getter, group))
            for index, group in enumerate(plan.groups)
        ]
        weights[largest] = coup.total - sum(weights)
        return _priced(bet.name, plan, weights, coup.total)

    def _evaluate_pairs(self, bet: OddsBet) -> BetOdds:
        pairs = self.pairs
        plan = bet.pair_plan(suits_known=pairs.suits_known)
        getter = pairs.weights.get
        weights = [sum(getter(outcome, 0) for outcome in group) for group in plan.groups]
        return _priced(bet.name, plan, weights, pairs.total)


_BANKER_WINS = tuple(s.position for s in ALL_SIGNATURES if s.banker_total > s.player_total)
_PLAYER_WINS = tuple(s.position for s in ALL_SIGNATURES if s.player_total > s.banker_total)


class UnknownBetError(DealerAssistError, KeyError):
    """A bet name the odds engine does not price. A ``KeyError`` too: a lookup by name."""


def resolve_bet(bet: BetSpec) -> OddsBet:
    if isinstance(bet, OddsBet):
        return bet
    found = STANDARD_BETS.get(bet)
    if found is None:
        known = ", ".join(STANDARD_BETS)
        raise UnknownBetError(f"no standard bet named {bet!r}; known: {known}")
    return found


def bet_from_settle(name: str, settle: Settle, *, reads: Reads | None = None) -> OddsBet:
    """Wrap a product paytable judged on facts (``(facts) -> Fraction | None``) for pricing.

    The same (name, function) gives back the same :class:`OddsBet`, so what it reads is found,
    and its payouts judged, once per process rather than once per report.
    """
    try:
        return _wrapped(name, settle, reads)
    except TypeError:  # an unhashable callable: wrap it afresh
        return OddsBet(name, settle, reads=reads)


@lru_cache(maxsize=256)
def _wrapped(name: str, settle: Settle, reads: Reads | None) -> OddsBet:
    return OddsBet(name, settle, reads=reads)


# --- the report ----------------------------------------------------------------------------


def ratio_text(numerator: int, denominator: int) -> str:
    """``numerator/denominator`` reduced, as ``"p/q"``, without building a Fraction."""
    divisor = gcd(numerator, denominator)
    if denominator < 0:
        divisor = -divisor
    return f"{numerator // divisor}/{denominator // divisor}"


def odds_report(
    shoe: ShoeComposition,
    bets: Iterable[BetSpec] | Mapping[str, Settle] | None = None,
) -> dict[str, Any]:
    """The JSON-ready odds of ``shoe``: main probabilities and, per bet, outcomes, EV and edge.

    ``bets``: names of standard bets, :class:`OddsBet` objects, or a mapping of name to a
    ``(facts) -> Fraction | None`` function; all standard bets by default, leaving out (under
    ``"unavailable"``, with the reason) those the shoe's counts cannot price, such as pairs for a
    shoe counted by value. Bets asked for by name must be priceable, or this raises.
    """
    odds = ShoeOdds(shoe)
    chosen: list[OddsBet]
    if bets is None:
        chosen = list(STANDARD_BETS.values())
    elif isinstance(bets, Mapping):
        chosen = [bet_from_settle(name, settle) for name, settle in bets.items()]
    else:
        chosen = [resolve_bet(bet) for bet in bets]
    getter = odds.coup.weights.__getitem__
    total = odds.coup.total
    banker, player = sum(map(getter, _BANKER_WINS)), sum(map(getter, _PLAYER_WINS))
    priced: dict[str, Any] = {}
    unavailable: dict[str, str] = {}
    for bet in chosen:
        try:
            result = odds.evaluate(bet)
        except CompositionError as error:
            if bets is not None:
                raise
            unavailable[bet.name] = str(error)
            continue
        numerator, denominator = result.ev_numerator, result.ev_denominator
        priced[bet.name] = {
            "outcomes": {
                label: ratio_text(weight, result.total)
                for label, weight in zip(result.labels, result.weights, strict=True)
            },
            "ev": ratio_text(numerator, denominator),
            "ev_float": numerator / denominator,
            "house_edge": ratio_text(-numerator, denominator),
            "house_edge_float": -numerator / denominator,
        }
    report: dict[str, Any] = {
        "cards": shoe.size,
        "counted_by": "card" if shoe.has_suits else "rank" if shoe.has_ranks else "value",
        "convention": CONVENTION,
        "probabilities": {
            "banker": ratio_text(banker, total),
            "player": ratio_text(player, total),
            "tie": ratio_text(total - banker - player, total),
        },
        "bets": priced,
    }
    if unavailable:
        report["unavailable"] = unavailable
    return report
