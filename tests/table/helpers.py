"""Building controllers and feeding them cards, for the table tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from dealer_assist.cards import parse_card, parse_cards
from dealer_assist.config import TableConfig, parse_config
from dealer_assist.drivers.base import CardRead
from dealer_assist.rules.coup import Hand
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import Record


class FakeClock:
    """A clock that ticks one millisecond per reading: deterministic event times."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(milliseconds=1)
        return self.now


def make_config(**sections: Any) -> TableConfig:
    document: dict[str, Any] = {
        "shoe": {"burn": "none"},
        "table": {"shuffle_check": False, "confirm_coup": False},
    }
    for key, value in sections.items():
        if isinstance(value, dict) and isinstance(document.get(key), dict):
            document[key] = {**document[key], **value}
        else:
            document[key] = value
    return parse_config(document, source="<test>")


def make_table(**sections: Any) -> tuple[TableController, list[Record]]:
    controller = TableController(make_config(**sections), clock=FakeClock())
    records: list[Record] = []
    controller.on_record(records.append)
    controller.begin()
    return controller, records


def feed(controller: TableController, cards: str, *, hand: Hand | None = None) -> None:
    for card in parse_cards([cards]):
        controller.on_source_event(CardRead(source="test", card=card, raw=b"", hand=hand))


def feed_one(controller: TableController, card: str, *, hand: Hand | None = None) -> None:
    controller.on_source_event(CardRead(source="test", card=parse_card(card), hand=hand))


def open_chemin_de_fer_bank(controller: TableController, *, bank: str = "100") -> None:
    """Three punters sit, seat 1 takes the bank, seat 2 covers 40, "no more bets"."""
    from dealer_assist.table import commands as cmd

    for action, args in [
        ("sit", {"seat": 1, "player": "Ana"}),
        ("sit", {"seat": 2, "player": "Bo"}),
        ("sit", {"seat": 3, "player": "Cy"}),
        ("give_shoe", {"seat": 1}),
        ("put_up_bank", {"seat": 1, "amount": bank}),
        ("close_calls", {}),
        ("stake", {"seat": 2, "amount": "40"}),
        ("no_more_bets", {}),
    ]:
        controller.execute(cmd.BankAction(action=action, args=args))


def types(records: list[Record]) -> list[str]:
    return [record.event.type for record in records]
