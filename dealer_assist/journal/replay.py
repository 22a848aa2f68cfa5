"""``journal replay``: play a journal's events into a fresh headless table and compare.

The recorded outcomes (each coup's result, each settlement, each commission collected, each
shoe's count at its end) were computed by the table at the time. Replay folds the journal's
events through a new :class:`~dealer_assist.table.state.TableState` (the fold the controller
itself uses), recomputes each of those outcomes with the rules engine from the cards, the
decisions and the bets alone, and reports every difference. It also reports any event the
rules refuse (a card the tableau did not call, a decision out of turn). A journal written by
this program replays with no difference; a difference means the table, its configuration
(give the one it ran with) or the journal is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dealer_assist.config import TableConfig
from dealer_assist.errors import DealerAssistError
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import Row, to_record
from dealer_assist.journal.verify import Problem, walk_chain
from dealer_assist.rules.outcome import outcome_of
from dealer_assist.rules.settlement import settle
from dealer_assist.table.events import (
    CommissionCollected,
    CoupCompleted,
    CoupSettled,
    Record,
    ShoeEnded,
)
from dealer_assist.table.settling import coup_fields, settlement_fields
from dealer_assist.table.state import TableState


@dataclass(frozen=True, slots=True)
class Difference:
    seq: int
    what: str
    recorded: str
    replayed: str

    def __str__(self) -> str:
        return f"record {self.seq}: {self.what}: recorded {self.recorded}, replayed {self.replayed}"


@dataclass(slots=True)
class ReplayReport:
    records: int = 0
    coups: int = 0
    settlements: int = 0
    collections: int = 0
    differences: list[Difference] = field(default_factory=list)
    problem: Problem | None = None  # the chain is broken: nothing was replayed


def _completed(state: TableState) -> dict[str, Any]:
    assert state.coup is not None
    fields: dict[str, Any] = _plain(coup_fields(outcome_of(state.coup)))
    return fields


def _settled(state: TableState, config: TableConfig) -> dict[str, Any]:
    assert state.coup is not None
    settlement = settle(state.variant, outcome_of(state.coup), state.all_bets(), config.settlement)
    fields: dict[str, Any] = _plain(settlement_fields(settlement))
    return fields


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def _compare(report: ReplayReport, seq: int, what: str, recorded: Any, replayed: Any) -> None:
    for name, value in replayed.items():
        was = (
            _plain(recorded[name])
            if isinstance(recorded, Mapping)
            else _plain(getattr(recorded, name))
        )
        if was != value:
            report.differences.append(Difference(seq, f"{what} {name}", repr(was), repr(value)))


def replay_records(records: list[Record], config: TableConfig) -> ReplayReport:
    report = ReplayReport()
    state = TableState(config)
    for record in records:
        event = record.event
        report.records += 1
        try:
            if isinstance(event, CoupCompleted):
                report.coups += 1
                _compare(report, record.seq, "coup", event, _completed(state))
            elif isinstance(event, CoupSettled):
                report.settlements += 1
                _compare(report, record.seq, "settlement", event, _settled(state, config))
            elif isinstance(event, CommissionCollected):
                report.collections += 1
                owed = state.boxes.balance(event.seat)
                due = config.settlement.commission_rounding.apply(owed)
                expected = {"owed": str(owed), "due": str(due)}
                _compare(report, record.seq, f"commission of seat {event.seat}", event, expected)
            elif isinstance(event, ShoeEnded) and state.shoe is not None:
                shoe = state.shoe
                expected_counts = {
                    "cards_dealt": shoe.cards_out,
                    "cards_left": shoe.cards_left,
                    "coups": shoe.coups_played,
                }
                _compare(report, record.seq, "shoe end", event, expected_counts)
            state.apply(event)
        except (DealerAssistError, AssertionError, KeyError, ValueError, TypeError) as error:
            report.differences.append(
                Difference(record.seq, f"{event.type} refused by the rules", "it", repr(error))
            )
            break
    return report


def replay_journal(
    path: Path, key: JournalKey, archive_dir: Path, config: TableConfig
) -> ReplayReport:
    """Verify the chain, then replay all of it (a pruned chain from its first kept shoe)."""
    records: list[Record] = []

    def visit(row: Row, meta: dict[str, str]) -> None:
        records.append(to_record(row, key, meta["journal_id"]))

    chain = walk_chain(path, key, archive_dir, visit=visit)
    if chain.problem is not None:
        return ReplayReport(problem=chain.problem)
    return replay_records(records, config)
