"""Bets as data: a bet is a *kind* (code that names what happened) and a *paytable* (data).

A kind turns a coup into an ordered list of event keys, most specific first; the paytable maps
keys to payouts. The first key the paytable lists decides; a coup none of whose keys is listed
loses the bet. So a casino writes new paytables without code:

* Banker, 5% commission: ``{win = "1:1", tie = "push"}`` with ``commission = "0.05"``.
* No-commission Banker: ``{win = "1:1", win_on_6 = "1:2", tie = "push"}``.
* EZ Baccarat Banker: ``{win = "1:1", win_3_card_7 = "push", tie = "push"}``.
* Dragon 7 is a banker-kind bet paying only ``win_3_card_7 = "40:1"``.

The keys each kind produces are listed in :data:`KIND_KEYS` and in ``docs/rules-engine.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from enum import Enum

from dealer_assist.errors import InputError
from dealer_assist.rules.coup import Hand
from dealer_assist.rules.outcome import CoupFacts, Outcome, SideResult, Winner


class BetResult(Enum):
    WIN = "win"
    LOSE = "lose"
    PUSH = "push"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Payout:
    """What a key pays per unit staked: ``ratio`` > 0 wins, 0 pushes, < 0 loses that share."""

    ratio: Decimal
    text: str

    @property
    def result(self) -> BetResult:
        if self.ratio > 0:
            return BetResult.WIN
        if self.ratio < 0:
            return BetResult.LOSE
        return BetResult.PUSH


_RATIO = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(?::|to)\s*(\d+(?:\.\d+)?)\s*$")


def parse_payout(text: object) -> Payout:
    """``"11:1"``, ``"1:2"``, ``"0.54:1"``, ``"push"``, ``"lose"``, ``"-1:2"`` (lose half).

    Raises :class:`~dealer_assist.errors.InputError` (a ``ValueError``) with the reason.
    """
    if isinstance(text, bool) or not isinstance(text, str | int):
        raise InputError(f"a payout is text such as '11:1' or 'push', not {text!r}")
    if isinstance(text, int):
        return Payout(Decimal(text), f"{text}:1")
    cleaned = text.strip().lower()
    if cleaned == "push":
        return Payout(Decimal(0), "push")
    if cleaned == "lose":
        return Payout(Decimal(-1), "lose")
    match = _RATIO.match(cleaned)
    if not match:
        raise InputError(
            f"{text!r} is not a payout: write 'N:M' (such as '11:1'), 'push' or 'lose'"
        )
    try:
        numerator, denominator = Decimal(match.group(1)), Decimal(match.group(2))
    except InvalidOperation as error:  # pragma: no cover - the pattern admits only numbers
        raise InputError(f"{text!r} is not a payout") from error
    if denominator == 0:
        raise InputError(f"{text!r} divides by zero")
    ratio = numerator / denominator
    if ratio < -1:
        raise InputError(f"{text!r} would lose more than the stake")
    return Payout(ratio, cleaned)


# --- kinds ---------------------------------------------------------------------------------

KeysOf = Callable[[Outcome, Hand | None], tuple[str, ...]]


def _facts(outcome: Outcome) -> CoupFacts:
    if outcome.facts is None:
        raise InputError(f"this bet needs a Player and a Banker hand, not {outcome.game.value}")
    return outcome.facts


def main_bet_keys(facts: CoupFacts, hand: Hand) -> tuple[str, ...]:
    """Keys for a bet on ``hand`` (player or banker) winning."""
    winner = facts.winner
    if winner is Winner.TIE:
        return (f"tie_on_{facts.player_total}", "tie")
    if winner.value != hand.value:
        return ()
    total = facts.banker_total if hand is Hand.BANKER else facts.player_total
    cards = facts.banker_cards if hand is Hand.BANKER else facts.player_cards
    natural = "natural_win" if facts.natural else "drawn_win"
    return (f"win_{cards}_card_{total}", f"win_on_{total}", natural, "win")


def tie_keys(facts: CoupFacts) -> tuple[str, ...]:
    if facts.winner is not Winner.TIE:
        return ()
    return (f"tie_on_{facts.player_total}", "tie")


def pair_keys(facts: CoupFacts, hand: Hand) -> tuple[str, ...]:
    pair = facts.player_pair if hand is Hand.PLAYER else facts.banker_pair
    suited = facts.player_suited_pair if hand is Hand.PLAYER else facts.banker_suited_pair
    if suited:
        return ("suited_pair", "pair")
    return ("pair",) if pair else ()


def either_pair_keys(facts: CoupFacts) -> tuple[str, ...]:
    if facts.player_pair and facts.banker_pair:
        return ("both_pairs", "pair")
    return ("pair",) if facts.player_pair or facts.banker_pair else ()


def perfect_pair_keys(facts: CoupFacts) -> tuple[str, ...]:
    if facts.player_suited_pair and facts.banker_suited_pair:
        return ("both_suited", "suited")
    return ("suited",) if facts.player_suited_pair or facts.banker_suited_pair else ()


def dragon_bonus_keys(facts: CoupFacts, hand: Hand) -> tuple[str, ...]:
    winner = facts.winner
    if winner is Winner.TIE:
        return ("natural_tie",) if facts.natural else ("tie",)
    if winner.value != hand.value:
        return ()
    if facts.natural:
        return ("natural_win",)
    return (f"win_by_{facts.margin}",)


def cards_keys(facts: CoupFacts) -> tuple[str, ...]:
    return (f"cards_{facts.card_count}",)


def fact_keys(kind: str, facts: CoupFacts, hand: Hand | None) -> tuple[str, ...]:
    """The keys of a Player-against-Banker kind; shared by the table and the odds engine."""
    if kind == "main":
        assert hand is not None
        return main_bet_keys(facts, hand)
    if kind == "tie":
        return tie_keys(facts)
    if kind == "pair":
        assert hand is not None
        return pair_keys(facts, hand)
    if kind == "either_pair":
        return either_pair_keys(facts)
    if kind == "perfect_pair":
        return perfect_pair_keys(facts)
    if kind == "dragon_bonus":
        assert hand is not None
        return dragon_bonus_keys(facts, hand)
    if kind == "cards":
        return cards_keys(facts)
    raise InputError(f"unknown bet kind {kind!r}")


def side_keys(outcome: Outcome, hand: Hand | None) -> tuple[str, ...]:
    """Banque: a punter's bet on one tableau against the banker."""
    assert hand is not None
    result = outcome.side(hand)
    return () if result is SideResult.LOSE else (result.value,)


def a_cheval_keys(outcome: Outcome, hand: Hand | None) -> tuple[str, ...]:
    """Banque: half the stake on each tableau; the key names the pair of results."""
    results = sorted(outcome.side(side).value for side in (Hand.RIGHT, Hand.LEFT))
    return ("_".join(results),)


#: Kinds that read the Player and Banker facts, and the hand each needs.
FACT_KINDS: Mapping[str, bool] = {
    "main": True,
    "tie": False,
    "pair": True,
    "either_pair": False,
    "perfect_pair": False,
    "dragon_bonus": True,
    "cards": False,
}

#: Kinds for Baccarat Banque, which read the sides.
SIDE_KINDS: Mapping[str, tuple[KeysOf, bool]] = {
    "side": (side_keys, True),
    "a_cheval": (a_cheval_keys, False),
}

#: Every key each kind can produce (for validating paytables and for the docs).
KIND_KEYS: Mapping[str, frozenset[str]] = {
    "main": frozenset(
        {f"win_{n}_card_{t}" for n in (2, 3) for t in range(10)}
        | {f"win_on_{t}" for t in range(10)}
        | {f"tie_on_{t}" for t in range(10)}
        | {"natural_win", "drawn_win", "win", "tie"}
    ),
    "tie": frozenset({f"tie_on_{t}" for t in range(10)} | {"tie"}),
    "pair": frozenset({"suited_pair", "pair"}),
    "either_pair": frozenset({"both_pairs", "pair"}),
    "perfect_pair": frozenset({"both_suited", "suited"}),
    "dragon_bonus": frozenset(
        {f"win_by_{m}" for m in range(1, 10)} | {"natural_win", "natural_tie", "tie"}
    ),
    "cards": frozenset({f"cards_{n}" for n in range(4, 7)}),
    "side": frozenset({"win", "standoff"}),
    "a_cheval": frozenset(
        {
            "_".join(sorted((a, b)))
            for a in ("win", "lose", "standoff")
            for b in ("win", "lose", "standoff")
        }
    ),
}

ALL_KINDS: frozenset[str] = frozenset(KIND_KEYS)


@dataclass(frozen=True, slots=True, kw_only=True)
class BetDefinition:
    """One bet a variant offers: its kind, the hand it is on, its paytable and commission."""

    name: str
    kind: str
    hand: Hand | None
    pays: Mapping[str, Payout]
    commission: Decimal = Decimal(0)
    title: str = ""
    source: str = field(default="", compare=False)

    def keys(self, outcome: Outcome) -> tuple[str, ...]:
        if self.kind in FACT_KINDS:
            return fact_keys(self.kind, _facts(outcome), self.hand)
        keys_of, _ = SIDE_KINDS[self.kind]
        return keys_of(outcome, self.hand)

    def payout_for_keys(self, keys: tuple[str, ...]) -> Payout:
        for key in keys:
            payout = self.pays.get(key)
            if payout is not None:
                return payout
        return _LOSE

    def judge(self, outcome: Outcome) -> Payout:
        """The payout per unit staked for this coup."""
        return self.payout_for_keys(self.keys(outcome))

    def judge_facts(self, facts: CoupFacts) -> Payout:
        """The same judgement from facts alone (Player-against-Banker kinds; the odds engine)."""
        return self.payout_for_keys(fact_keys(self.kind, facts, self.hand))


_LOSE = Payout(Decimal(-1), "lose")
