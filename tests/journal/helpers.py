"""Journaled tables for the journal tests: configurations, tables, and what a journal tells."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from dealer_assist.config import TableConfig, parse_config
from dealer_assist.journal.clock import TableClock
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.recovery import JournaledController, open_table
from dealer_assist.journal.rows import Row, archive_dir_for, to_record
from dealer_assist.journal.verify import walk_chain
from dealer_assist.table.events import Record

KEY = "0123456789abcdef0123456789abcdef"


class SteppingClock:
    """Wall and monotonic clocks that tick 1 ms per reading, and can be stepped."""

    def __init__(self, start: datetime | None = None) -> None:
        self.wall = start or datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
        self.ticks = 0.0

    def read_wall(self) -> datetime:
        self.wall += timedelta(milliseconds=1)
        self.ticks += 0.001
        return self.wall

    def read_ticks(self) -> float:
        return self.ticks

    def step(self, delta: timedelta) -> None:
        self.wall += delta

    def table_clock(self, *, forward_limit: timedelta = timedelta(seconds=60)) -> TableClock:
        return TableClock(
            wall=self.read_wall, monotonic=self.read_ticks, forward_limit=forward_limit
        )


def make_config(journal: Path, /, **sections: Any) -> TableConfig:
    document: dict[str, Any] = {
        "table": {"shuffle_check": False},
        "odds": {"advantage_alerts": False},
        "shoe": {"decks": 1},
        "journal": {"path": str(journal), "key": KEY},
    }
    for name, values in sections.items():
        merge = isinstance(values, dict)
        document[name] = {**document.get(name, {}), **values} if merge else values
    return parse_config(document, source="<test>", base_dir=journal.parent)


def open_journaled(config: TableConfig, clock: SteppingClock | None = None) -> JournaledController:
    table_clock = (clock or SteppingClock()).table_clock()
    controller, _ = open_table(config, clock=table_clock, durable=False)
    return controller


def read_records(config: TableConfig) -> list[Record]:
    """Every record of the chain, checked."""
    assert config.journal is not None
    key = JournalKey.from_text(config.journal_key)
    records: list[Record] = []

    def visit(row: Row, meta: dict[str, str]) -> None:
        records.append(to_record(row, key, meta["journal_id"]))

    report = walk_chain(
        config.journal,
        key,
        archive_dir_for(config.journal, config.journal_settings),
        visit=visit,
    )
    assert report.problem is None, str(report.problem)
    return records


@dataclass(frozen=True)
class Story:
    """What a journal says happened at the table: the parts a restart must not change."""

    cards: list[tuple[str, ...]]
    bets: list[tuple[Any, ...]]
    coups: list[tuple[Any, ...]]
    settlements: list[tuple[Any, ...]]
    commissions: list[tuple[Any, ...]]
    alerts: list[str]


def story(records: list[Record]) -> Story:
    cards: list[tuple[str, ...]] = []
    bets: list[tuple[Any, ...]] = []
    coups: list[tuple[Any, ...]] = []
    settlements: list[tuple[Any, ...]] = []
    commissions: list[tuple[Any, ...]] = []
    alerts: list[str] = []
    shoe = 0
    for record in records:
        event: Any = record.event
        kind = event.type
        if kind == "shoe_started":
            shoe = event.shoe
        elif kind == "burned":
            cards.append(("burned", event.card.code, event.reason))
        elif kind == "card":
            cards.append(("card", event.card.code, event.hand))
        elif kind == "bet_placed":
            bets.append((shoe, event.seat, event.name, event.stake))
        elif kind == "coup_completed":
            hands = tuple((hand, tuple(codes)) for hand, codes in event.hands.items())
            coups.append((shoe, event.coup, hands, event.winner))
        elif kind == "coup_settled":
            settled = tuple(tuple(sorted(bet.items())) for bet in event.bets)
            boxes = tuple(sorted(event.commission_to_boxes.items()))
            settlements.append((shoe, event.coup, settled, boxes))
        elif kind == "commission_collected":
            commissions.append((shoe, event.seat, event.owed, event.due, event.reason))
        elif kind == "alert":
            alerts.append(event.code)
    return Story(cards, bets, coups, settlements, commissions, alerts)
