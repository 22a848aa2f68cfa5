"""Evaluate a written coup: tokens (cards and decisions) in deal order, plus bets, to a report.

This is the engine behind ``dealer-assist coup``; it returns plain data ready for JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from dealer_assist.cards import parse_card
from dealer_assist.errors import BetError, CardParseError, CodedError, RuleViolation
from dealer_assist.rules.calls import call, instruction
from dealer_assist.rules.coup import Choice, Coup, DealTo, DecisionDue, Game, Hand
from dealer_assist.rules.outcome import outcome_of
from dealer_assist.rules.settlement import Bet, SettlementRules, money, settle, verify_bet
from dealer_assist.rules.variants import Variant

_CHOICE_WORDS = {
    "draw": Choice.DRAW,
    "carte": Choice.DRAW,
    "d": Choice.DRAW,
    "stand": Choice.STAND,
    "non": Choice.STAND,
    "s": Choice.STAND,
}


class CoupInputError(CodedError):
    """A coup that cannot be evaluated; ``code`` and ``message`` go into the JSON error."""


def split_tokens(texts: Iterable[str]) -> list[str]:
    return [part for text in texts for part in text.replace(",", " ").split()]


def parse_bets(specs: Sequence[str], *, seat: int = 1) -> list[Bet]:
    """``NAME=AMOUNT`` (or ``SEAT:NAME=AMOUNT``) specs to bets."""
    bets = []
    for spec in specs:
        name, sep, amount_text = spec.partition("=")
        if not sep or not name.strip():
            raise CoupInputError("bad_bet", f"bet {spec!r}: write NAME=AMOUNT, e.g. banker=100")
        bet_seat = seat
        if ":" in name:
            seat_text, _, name = name.partition(":")
            if not seat_text.strip().isdigit():
                raise CoupInputError("bad_bet", f"bet {spec!r}: the seat must be a number")
            bet_seat = int(seat_text)
        try:
            stake = money(amount_text.strip(), what=f"bet {spec!r}:")
        except BetError as error:
            raise CoupInputError(error.code, error.message) from None
        bets.append(Bet(seat=bet_seat, name=name.strip(), stake=stake))
    return bets


def play_tokens(variant: Variant, tokens: Sequence[str]) -> Coup:
    """Deal the tokens in order; raise :class:`CoupInputError` at the first bad one."""
    coup = Coup(variant.rules)
    for position, token in enumerate(tokens, start=1):
        choice = _CHOICE_WORDS.get(token.lower())
        if choice is not None and not token[:1].isdigit():
            step = coup.next_step
            hand = step.hand if isinstance(step, DecisionDue) else _nominal_hand(coup)
            try:
                coup.decide(hand, choice)
            except RuleViolation as violation:
                raise CoupInputError(
                    violation.code, f"{token!r} at position {position}: {violation.message}"
                ) from None
            continue
        try:
            card = parse_card(token)
        except CardParseError as error:
            raise CoupInputError("bad_card", f"card {position} {token!r}: {error.reason}") from None
        try:
            coup.deal(card)
        except RuleViolation as violation:
            raise CoupInputError(
                violation.code, f"card {position} ({card}): {violation.message}"
            ) from None
    return coup


def _nominal_hand(coup: Coup) -> Hand:
    step = coup.next_step
    return step.hand if isinstance(step, DealTo) else coup.rules.hands[0]


def money_text(amount: Decimal) -> str:
    """Money as text with at least two decimals; exact amounts keep every digit."""
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and exponent > -2:
        amount = amount.quantize(Decimal("0.01"))
    return f"{amount:f}"


def report(
    variant: Variant, tokens: Sequence[str], bets: Sequence[Bet], rules: SettlementRules
) -> dict[str, Any]:
    """The JSON-ready report of a coup, or raise :class:`CoupInputError`."""
    for bet in bets:
        try:
            verify_bet(variant, bet, rules.limits)
        except BetError as error:
            raise CoupInputError(error.code, error.message) from None
    coup = play_tokens(variant, tokens)
    step = coup.next_step
    hands = coup.hands
    totals = coup.totals
    data: dict[str, Any] = {
        "variant": variant.name,
        "complete": coup.is_complete,
        "next": step.hand.value if isinstance(step, DealTo) else None,
        "instruction": instruction(coup),
    }
    if isinstance(step, DecisionDue):
        data["decision"] = {
            "hand": step.hand.value,
            "options": [option.value for option in step.options],
            "reason": step.reason,
        }
    for hand, cards in hands.items():
        data[f"{hand.value}_cards"] = [card.code for card in cards]
        data[f"{hand.value}_total"] = totals[hand]
    data["decisions"] = {hand.value: choice.value for hand, choice in coup.decisions.items()}
    data["winner"] = None
    data["natural"] = None
    data["player_pair"] = None
    data["banker_pair"] = None
    data["bets"] = []
    if not coup.is_complete:
        return data
    outcome = outcome_of(coup)
    data["call"] = call(coup)
    data["natural"] = outcome.natural
    data["card_count"] = outcome.card_count
    if outcome.game is Game.BANQUE:
        data["sides"] = {hand.value: result.value for hand, result in outcome.sides}
    else:
        assert outcome.facts is not None and outcome.winner is not None
        facts = outcome.facts
        data["winner"] = outcome.winner.value
        data["margin"] = outcome.margin
        data["player_pair"] = facts.player_pair
        data["banker_pair"] = facts.banker_pair
        data["player_suited_pair"] = facts.player_suited_pair
        data["banker_suited_pair"] = facts.banker_suited_pair
    try:
        settlement = settle(variant, outcome, bets, rules)
    except BetError as error:
        raise CoupInputError(error.code, error.message) from None
    data["bets"] = [
        {
            "seat": bet.seat,
            "name": bet.name,
            "stake": money_text(bet.stake),
            "result": bet.result.value,
            "odds": bet.odds,
            "payout": money_text(bet.payout),
            "commission": money_text(bet.commission),
            "net": money_text(bet.net),
            "returned": money_text(bet.returned),
            "commission_to_box": money_text(bet.commission_to_box),
        }
        for bet in settlement.bets
    ]
    return data
