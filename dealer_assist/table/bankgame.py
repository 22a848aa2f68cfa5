"""Chemin de Fer and Baccarat Banque at the table: the bank's actions as commands and events.

The rules of the bank live in :mod:`dealer_assist.rules.bank`; this module names the actions the
croupier may record (``call``, ``stake``, ``no_more_bets`` …), turns their arguments from plain
JSON values into the rules' types, and carries out a recorded action on the bank table. The
controller checks an action with the table's ``verify_<action>`` before recording it, and
applying the recorded action later (live or from the journal) does exactly the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_assist.config import BankConfig
from dealer_assist.errors import RuleViolation
from dealer_assist.rules.bank import (
    BankAssignment,
    BanqueBet,
    BanqueSettings,
    BanqueTable,
    Call,
    CheminDeFerSettings,
    CheminDeFerTable,
    HouseBasis,
)
from dealer_assist.rules.coup import Game
from dealer_assist.rules.outcome import Outcome, SideResult, Winner

BankTable = CheminDeFerTable | BanqueTable

# Every action the croupier may record, with its arguments in order.
ACTIONS: Mapping[Game, Mapping[str, tuple[str, ...]]] = {
    Game.CHEMIN_DE_FER: {
        "sit": ("seat", "player"),
        "leave": ("seat",),
        "give_shoe": ("seat",),
        "put_up_bank": ("seat", "amount"),
        "decline_bank": ("seat",),
        "pass_deal": (),
        "call": ("seat", "call"),
        "withdraw_call": ("seat",),
        "close_calls": (),
        "stake": ("seat", "amount"),
        "pass_turn": ("seat",),
        "withdraw_stake": ("seat",),
        "no_more_bets": (),
        "cut_supply": ("seat",),
    },
    Game.BANQUE: {
        "sit": ("seat", "player"),
        "leave": ("seat",),
        "list_name": ("player",),
        "bid": ("bidder", "amount"),
        "close_auction": (),
        "put_up_bank": ("player", "amount"),
        "decline_bank": ("player",),
        "retire": (),
        "end_shoe": (),
        "stake": ("punter", "bet", "amount"),
        "withdraw_stake": ("punter", "bet"),
        "close_seated_stakes": (),
        "no_more_bets": (),
        "shuffle": ("by",),
        "cut": ("player",),
    },
}


def new_bank_table(
    game: Game, *, seats: int, minimum_cards: int, bank: BankConfig | None = None
) -> BankTable | None:
    """The bank table of a banking game, or None for Punto Banco (the house banks).
    ``bank`` is the configuration's ``[bank]`` section (the house settings)."""
    bank = bank or BankConfig()
    if game is Game.CHEMIN_DE_FER:
        return CheminDeFerTable(
            settings=CheminDeFerSettings(
                seats=max(2, seats),
                minimum_cards=minimum_cards,
                cagnotte_rate=bank.cagnotte_rate,
                cagnotte_rounding=bank.rounding,
                unit=bank.unit,
                minimum_stake=bank.minimum_stake,
                minimum_bank=bank.minimum_bank,
                withdraw_uncovered=bank.uncovered == "withdrawn",
            )
        )
    if game is Game.BANQUE:
        return BanqueTable(
            settings=BanqueSettings(
                minimum_cards=minimum_cards,
                assignment=BankAssignment(bank.assignment),
                house_rate=bank.house_rate,
                house_basis=HouseBasis(bank.house_basis),
                house_rounding=bank.rounding,
                unit=bank.unit,
                minimum_stake=bank.minimum_stake,
                minimum_bank=bank.minimum_bank,
            )
        )
    return None


def seat_numbers(game: Game, *, seats: int) -> tuple[int, ...]:
    """The seats of the bank table :func:`new_bank_table` makes for ``seats`` configured seats
    (Banque always has its ten, five a tableau); empty for Punto Banco."""
    if game is Game.CHEMIN_DE_FER:
        return tuple(range(1, max(2, seats) + 1))
    if game is Game.BANQUE:
        return tuple(range(1, BanqueSettings().seats + 1))
    return ()


def _member(kind: Any, value: Any, what: str) -> Any:
    """An enum member by its name (``banco_suivi``) or its value (``Banco Suivi``)."""
    text = str(value)
    for member in kind:
        if text in (member.value, member.name) or text.upper().replace(" ", "_") == member.name:
            return member
    known = ", ".join(member.name.lower() for member in kind)
    raise RuleViolation("bad_argument", f"{value!r} is not a {what} ({known})")


def _convert(name: str, value: Any) -> Any:
    if name == "seat":
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise RuleViolation("bad_argument", f"seat {value!r} is not a seat number")
        try:
            return int(value)
        except ValueError:
            raise RuleViolation("bad_argument", f"seat {value!r} is not a seat number") from None
    if name == "call":
        return _member(Call, value, "call")
    if name == "bet":
        return _member(BanqueBet, value, "bet")
    if name == "amount":
        return str(value)
    return str(value)


def arguments(game: Game, action: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``action``, converted; raises ``RuleViolation`` naming a gap."""
    table = ACTIONS.get(game, {})
    if action not in table:
        raise RuleViolation(
            "unknown_action", f"{game.value} has no action {action!r} ({', '.join(table)})"
        )
    names = table[action]
    extra = set(given) - set(names)
    if extra:
        raise RuleViolation("bad_argument", f"{action} takes {names}, not {sorted(extra)}")
    missing = [name for name in names if name not in given]
    if missing:
        raise RuleViolation("bad_argument", f"{action} needs {', '.join(missing)}")
    return {name: _convert(name, given[name]) for name in names}


def verify(table: BankTable, action: str, kwargs: Mapping[str, Any]) -> None:
    getattr(table, f"verify_{action}")(**kwargs)


def perform(table: BankTable, action: str, kwargs: Mapping[str, Any]) -> None:
    getattr(table, action)(**kwargs)


def settle_arguments(outcome: Outcome) -> dict[str, str]:
    """The recorded form of a coup's result for the bank table."""
    if outcome.game is Game.BANQUE:
        return {hand.value: result.value for hand, result in outcome.sides}
    assert outcome.winner is not None
    return {"winner": outcome.winner.value}


def settle(table: BankTable, recorded: Mapping[str, str]) -> None:
    if isinstance(table, BanqueTable):
        table.settle((SideResult(recorded["right"]), SideResult(recorded["left"])))
    else:
        table.settle(Winner(recorded["winner"]))


def is_dealing(table: BankTable) -> bool:
    phase: str = table.phase.value
    return phase == "dealing"
