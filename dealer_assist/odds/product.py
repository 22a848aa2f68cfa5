"""The product's own paytables priced by the odds engine, and the live advantage check.

A variant's bets are judged on :class:`~dealer_assist.rules.outcome.CoupFacts` both at the table
and here, so the edge the pit sees is the edge of the paytable the croupier pays.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from dealer_assist.cards import Card
from dealer_assist.odds.bets import OddsBet, Reads
from dealer_assist.odds.composition import ShoeComposition
from dealer_assist.odds.engine import ShoeTooSmallError
from dealer_assist.odds.evaluate import ShoeOdds
from dealer_assist.rules.bets import FACT_KINDS, BetDefinition
from dealer_assist.rules.outcome import CoupFacts
from dealer_assist.rules.variants import Variant

_PAIR_KINDS = frozenset({"pair", "either_pair", "perfect_pair"})
_CACHE: dict[tuple[str, int], tuple[OddsBet, ...]] = {}


def odds_bet(definition: BetDefinition) -> OddsBet:
    """One product bet as the odds engine's bet: its payout per unit, commission deducted."""
    commission = Fraction(definition.commission)

    def settle(facts: CoupFacts) -> Fraction:
        ratio = Fraction(definition.judge_facts(facts).ratio)
        if ratio > 0 and commission:
            ratio *= 1 - commission
        return ratio

    reads = Reads.PAIRS if definition.kind in _PAIR_KINDS else Reads.COUP
    return OddsBet(definition.name, settle, reads=reads)


def odds_bets(variant: Variant) -> tuple[OddsBet, ...]:
    """The variant's Player-against-Banker bets, built once per variant (their payouts are
    judged on first use and kept)."""
    key = (variant.name, id(variant))
    bets = _CACHE.get(key)
    if bets is None:
        bets = tuple(
            odds_bet(definition)
            for definition in variant.bets.values()
            if definition.kind in FACT_KINDS
        )
        _CACHE[key] = bets
    return bets


@dataclass(frozen=True, slots=True, kw_only=True)
class Advantage:
    """A bet that favours the players on the shoe that is left."""

    bet: str
    ev: Fraction  # expected value per unit staked, for the player

    @property
    def percent(self) -> float:
        return float(self.ev) * 100


def advantages(
    variant: Variant, remaining: Mapping[Card, int], *, threshold: Fraction = Fraction(0)
) -> tuple[Advantage, ...]:
    """Bets whose expected value for the player is above ``threshold`` on ``remaining``."""
    if sum(remaining.values()) < 6:
        return ()
    try:
        odds = ShoeOdds(ShoeComposition.of_cards(remaining))
    except ShoeTooSmallError:
        return ()
    found = []
    for bet in odds_bets(variant):
        ev = odds.evaluate(bet).ev
        if ev > threshold:
            found.append(Advantage(bet=bet.name, ev=ev))
    return tuple(found)
