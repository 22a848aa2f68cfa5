"""``journal export``: the coups, cards and payouts of a journal, for surveillance.

One row per thing that happened at the table, in journal order: a shoe started or ended, a
card burned or dealt, a decision, a coup's result, each bet's settlement, a commission
collected, a correction, a void, an alert and how it was resolved, an action on the bank
(Chemin de Fer, Banque), and the overhead camera's verdict on each card it saw beside the shoe.
Times are UTC with their offset (``+00:00``). The chain is verified first: a broken journal is
not exported.

``--output FILE`` is checked before anything is read (:func:`export_target`): never a journal
file, its archive, the configuration, the key file or the PIN file, never a database, never a
folder or a file in a missing folder; an existing file only if it is an earlier export (its
first line is this export's CSV header or JSON line) or empty. The file is replaced only once
the export is complete.

A face-down card (squeeze) appears without its value until it is turned: once its hand is
turned (or the coup is complete) its row shows the card. A coup voided before the cards were
turned keeps them hidden. Alerts and camera verdicts raised while a face-down card is unturned
may name it, so their text is withheld the same way until every card of the coup is turned.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from dealer_assist.cards import Card
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import Row, chain_files, decode_event
from dealer_assist.journal.verify import Problem, walk_chain
from dealer_assist.output_files import OutputFile
from dealer_assist.table.events import (
    AlertRaised,
    AlertResolved,
    BankActed,
    Burned,
    CardCorrected,
    CardDealt,
    CardRevealed,
    CardWithdrawn,
    CardWitnessed,
    CommissionCollected,
    CoupCompleted,
    CoupSettled,
    CoupStarted,
    CoupVoided,
    CutCardOut,
    HandDecided,
    PitMessage,
    ShoeEnded,
    ShoeStarted,
    TableEvent,
)

COLUMNS = (
    "seq",
    "at",
    "table",
    "shoe",
    "coup",
    "kind",
    "hand",
    "card",
    "seat",
    "bet",
    "stake",
    "result",
    "payout",
    "commission",
    "net",
    "detail",
)


WITHHELD = "withheld until the face-down cards are turned"


@dataclass(slots=True)
class _Folder:
    """Follows shoe and coup numbers and holds face-down card rows until they are turned."""

    shoe: int = 0
    coup: int = 0
    hidden: list[tuple[dict[str, Any], str, str]] = field(default_factory=list)
    # rows whose text may name a face-down card: (row, its fields once every card is turned)
    withheld: list[tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=list)

    def rows(self, row: Row, event: TableEvent, sealed: bool) -> Iterator[dict[str, Any]]:
        if isinstance(event, ShoeStarted):
            self.shoe, self.coup, self.hidden, self.withheld = event.shoe, 0, [], []
        elif isinstance(event, CoupStarted):
            self.coup, self.hidden, self.withheld = event.coup, [], []
        base: dict[str, Any] = {
            "seq": row.seq,
            "at": row.at,
            "table": row.table_id,
            "shoe": self.shoe,
            "coup": self.coup,
        }
        if isinstance(event, ShoeStarted):
            yield {
                **base,
                "kind": "shoe_started",
                "detail": f"{event.decks} decks, cut card {event.cut_card_from_end} from the end",
            }
        elif isinstance(event, Burned):
            yield {**base, "kind": "burn", "card": event.card.code, "detail": event.reason}
        elif isinstance(event, CardDealt):
            line = {**base, "kind": "card", "hand": event.hand, "card": event.card.code}
            if event.face_down:
                line["detail"] = "face down"
                line["card"] = ""
                self.hidden.append((line, event.hand, event.card.code))
            yield line
        elif isinstance(event, CardRevealed):
            self._turn(event.hand)
        elif isinstance(event, HandDecided):
            yield {**base, "kind": "decision", "hand": event.hand, "detail": event.choice}
        elif isinstance(event, CoupCompleted):
            self._turn(None)
            hands = ", ".join(
                f"{hand} {' '.join(codes)} ({event.totals[hand]})"
                for hand, codes in event.hands.items()
            )
            result = event.winner or " ".join(f"{h}:{r}" for h, r in event.sides.items())
            natural = ", natural" if event.natural else ""
            yield {**base, "kind": "coup", "result": result, "detail": hands + natural}
        elif isinstance(event, CoupSettled):
            for bet in event.bets:
                yield {
                    **base,
                    "kind": "bet",
                    "seat": bet["seat"],
                    "bet": bet["name"],
                    "stake": bet["stake"],
                    "result": bet["result"],
                    "payout": bet["payout"],
                    "commission": bet["commission"],
                    "net": bet["net"],
                    "detail": f"commission to box {bet.get('commission_to_box', '0')}",
                }
        elif isinstance(event, CommissionCollected):
            yield {
                **base,
                "kind": "commission",
                "seat": event.seat,
                "commission": event.due,
                "detail": f"box {event.owed} collected ({event.reason})",
            }
        elif isinstance(event, CardCorrected):
            yield {
                **base,
                "kind": "correction",
                "card": event.corrected.code,
                "detail": f"card {event.position + 1}: {event.original.code} read, "
                f"{event.corrected.code} dealt; by the {event.by}",
            }
        elif isinstance(event, CardWithdrawn):
            yield {**base, "kind": "withdrawn", "card": event.card.code, "detail": event.reason}
        elif isinstance(event, CoupVoided):
            self.hidden, self.withheld = [], []
            yield {**base, "kind": "void", "detail": f"{event.reason}; by the {event.by}"}
        elif isinstance(event, AlertRaised):
            hold = "holds the table" if event.hold else "warning"
            yield self._guarded(
                {**base, "kind": "alert", "result": event.code},
                {
                    "detail": f"#{event.alert} ({hold}): {event.message}",
                    # a card held face down: its own row (dealt, or set aside) names it
                    "card": "" if event.face_down else _code(event.card),
                },
            )
        elif isinstance(event, AlertResolved):
            detail = f"#{event.alert}: {event.resolution}; by the {event.by}"
            yield self._guarded(
                {**base, "kind": "alert_resolved", "result": event.resolution},
                {"detail": detail + (f" ({event.detail})" if event.detail else "")},
            )
        elif isinstance(event, BankActed):
            args = ", ".join(f"{name}={value}" for name, value in event.args.items())
            yield {
                **base,
                "kind": "bank",
                "seat": event.args.get("seat", ""),
                "stake": event.args.get("amount", ""),
                "result": event.action,
                "detail": f"{event.action}({args}); by {event.by}",
            }
        elif isinstance(event, CardWitnessed):
            expected = (
                f"the shoe dealt {event.expected} to {event.expected_hand}"
                if event.expected
                else "no card of the shoe"
            )
            yield self._guarded(
                {**base, "kind": "camera", "hand": event.hand or "", "result": event.verdict},
                {
                    "card": _code(event.card),
                    "detail": f"card {event.position + 1} seen by {event.source}: {expected}",
                },
            )
        elif isinstance(event, CutCardOut):
            yield {**base, "kind": "cut_card", "detail": f"last coup {event.last_coup}"}
        elif isinstance(event, PitMessage):
            yield {**base, "kind": "pit_message", "detail": f"{event.text} (from {event.by})"}
        elif isinstance(event, ShoeEnded):
            yield {
                **base,
                "kind": "shoe_ended",
                "detail": f"{event.cards_dealt} cards dealt, {event.cards_left} left, "
                f"{event.coups} coups: {event.reason}",
            }

    def _guarded(self, line: dict[str, Any], text: dict[str, Any]) -> dict[str, Any]:
        """``line`` with ``text``, or with ``text`` withheld while a face-down card is unturned."""
        if self.hidden:
            line["detail"] = WITHHELD
            self.withheld.append((line, text))
        else:
            line.update(text)
        return line

    def _turn(self, hand: str | None) -> None:
        kept = []
        for line, owner, code in self.hidden:
            if hand is None or owner == hand:
                line["card"] = code
                line["detail"] = "face down, turned"
            else:
                kept.append((line, owner, code))
        self.hidden = kept
        if not self.hidden:
            for line, text in self.withheld:
                line.update(text)
            self.withheld = []


def _code(card: Card | None) -> str:
    return card.code if card is not None else ""


def export_rows(
    path: Path, key: JournalKey, archive_dir: Path, *, shoe: int | None = None
) -> tuple[list[dict[str, Any]], Problem | None]:
    """The export's rows, or the problem that stopped the chain's check (then no rows)."""
    folder = _Folder()
    rows: list[dict[str, Any]] = []

    def visit(row: Row, meta: dict[str, str]) -> None:
        event, sealed = decode_event(row.event, key, meta["journal_id"], row.seq)
        rows.extend(folder.rows(row, event, sealed))

    report = walk_chain(path, key, archive_dir, visit=visit)
    if report.problem is not None:
        return [], report.problem
    if shoe is not None:
        rows = [row for row in rows if row["shoe"] == shoe]
    return rows, None


def write_csv(rows: list[dict[str, Any]], out: TextIO) -> None:
    writer = csv.DictWriter(out, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({column: row.get(column, "") for column in COLUMNS})


def write_jsonl(rows: list[dict[str, Any]], out: TextIO) -> None:
    for row in rows:
        data = {column: row[column] for column in COLUMNS if row.get(column, "") != ""}
        out.write(json.dumps(data, ensure_ascii=False) + "\n")


def is_earlier_export(head: bytes) -> bool:
    """``head`` (a file's first bytes) begins an export: the CSV header, or a JSON line of one."""
    first = head.split(b"\n", 1)[0].decode("utf-8", "replace").strip()
    if first == ",".join(COLUMNS):
        return True
    try:
        data = json.loads(first)
    except ValueError:
        return False
    return isinstance(data, dict) and {"seq", "kind"} <= set(data) <= set(COLUMNS)


def export_target(
    output: Path,
    *,
    journal: Path,
    archive_dir: Path,
    config_file: Path | None = None,
    key_file: Path | None = None,
    pin_file: Path | None = None,
) -> OutputFile:
    """Where ``--output`` may write, or :class:`~dealer_assist.output_files.OutputFileError`."""
    protected: dict[Path, str] = {}
    for file in (journal, *chain_files(journal, archive_dir)):
        protected[file] = "a file of the journal"
        for end, what in (("-wal", "the journal's log"), ("-shm", "the journal's index")):
            protected[file.with_name(file.name + end)] = what
    protected[journal.with_name(journal.name + ".lock")] = "the journal's lock"
    protected[journal.with_name(journal.name + ".next")] = "a file of the journal"
    protected[journal.with_name(journal.name + ".pins")] = "the PIN file"
    if pin_file is not None:
        protected[pin_file] = "the PIN file"
    if config_file is not None:
        protected[config_file] = "the configuration in use (it holds the journal key)"
    if key_file is not None:
        protected[key_file] = "the journal key file"
    return OutputFile.checked(
        output, protected=protected, replaceable=is_earlier_export, what="export"
    )
