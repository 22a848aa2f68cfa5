"""The pit's view of many tables: every event once, gaps noticed, reported and filled.

Messages come from :mod:`.client` (or anything that reads the topics of :mod:`.topics`). Each
event is kept once, by ``(table, journal, seq)``, in the pit's store (SQLite; ``:memory:`` for a
pit that keeps nothing). An event whose ``prev`` the pit does not hold, or a summary naming an
event the pit does not hold, opens a **gap**; the pit reports it at once, asks the table to send
the missing events again (:meth:`PitModel.due_resends`), and reports it again when it is filled.
A restarted pit reads its store back, so what it held before is neither lost nor doubled.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dealer_assist.pit.detail import TableHistory
from dealer_assist.pit.summary import ShiftTally
from dealer_assist.pit.topics import parse_topic

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    tbl TEXT NOT NULL, journal TEXT NOT NULL, seq INTEGER NOT NULL, prev INTEGER NOT NULL,
    type TEXT NOT NULL, body TEXT NOT NULL, received TEXT NOT NULL,
    PRIMARY KEY (tbl, journal, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS gaps (
    tbl TEXT NOT NULL, journal TEXT NOT NULL, after INTEGER NOT NULL, upto INTEGER NOT NULL,
    noticed TEXT NOT NULL, filled TEXT,
    PRIMARY KEY (tbl, journal, after, upto)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS acknowledgements (
    at TEXT NOT NULL, tbl TEXT NOT NULL, alert INTEGER NOT NULL, by TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS messages (
    at TEXT NOT NULL, tbl TEXT NOT NULL, text TEXT NOT NULL, by TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS retained (
    tbl TEXT NOT NULL, kind TEXT NOT NULL, body TEXT NOT NULL, PRIMARY KEY (tbl, kind)
) WITHOUT ROWID;
"""


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(slots=True)
class Gap:
    table: str
    journal: str
    after: int  # the pit holds this event (or it is 0, the start)
    upto: int  # ... and misses this one, or one between
    noticed: str
    filled: str | None = None
    asked: float = 0.0  # monotonic time of the last resend request

    def as_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "journal": self.journal,
            "after": self.after,
            "upto": self.upto,
            "noticed": self.noticed,
            "filled": self.filled,
        }


@dataclass(slots=True)
class TableView:
    """What the pit knows of one table."""

    table: str
    status: dict[str, Any] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)
    offline_since: str | None = None
    last_heard: str | None = None
    events: int = 0
    duplicates: int = 0
    tally: ShiftTally = field(default_factory=ShiftTally)
    recent: list[dict[str, Any]] = field(default_factory=list)  # the last coups, newest last
    history: TableHistory = field(default_factory=TableHistory)  # what the detail shows

    @property
    def online(self) -> bool:
        return bool(self.status.get("online"))


class PitModel:
    """Feed :meth:`on_message`; read :attr:`tables` and :attr:`gaps`. Thread-safe."""

    def __init__(
        self,
        store: Path | str = ":memory:",
        *,
        emit: Callable[[dict[str, Any]], None] | None = None,
        clock: Callable[[], datetime] = _now,
        replay: bool = False,
    ) -> None:
        # A reader of the store (a report, a test) may hold it briefly: wait rather than fail.
        self._db = sqlite3.connect(
            str(store), isolation_level=None, check_same_thread=False, timeout=60
        )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.RLock()
        self._emit = emit or (lambda _: None)
        self._clock = clock
        self.tables: dict[str, TableView] = {}
        self._seqs: dict[tuple[str, str], dict[int, int]] = {}  # seq -> prev
        self.gaps: list[Gap] = []
        self.version = 0  # counts the messages taken in: a screen repaints when it changed
        self._changed: set[str] = set()  # the tables a message changed since take_changed()
        self._load(replay)

    def _load(self, replay: bool) -> None:
        for table, kind, body in self._db.execute("SELECT tbl, kind, body FROM retained"):
            self._retained(table, kind, json.loads(body), store=False)
        for table, journal, seq, prev, body in self._db.execute(
            "SELECT tbl, journal, seq, prev, body FROM events ORDER BY tbl, journal, seq"
        ):
            self._seqs.setdefault((table, journal), {})[seq] = prev
            event = json.loads(body)
            self._account(self._view(table), event)
            if replay:
                self._emit({"kind": "event", **event})
        for table, journal, after, upto, noticed, filled in self._db.execute(
            "SELECT tbl, journal, after, upto, noticed, filled FROM gaps ORDER BY noticed"
        ):
            self.gaps.append(Gap(table, journal, after, upto, noticed, filled))

    def _view(self, table: str) -> TableView:
        view = self.tables.get(table)
        if view is None:
            view = self.tables[table] = TableView(table)
        return view

    # --- messages ----------------------------------------------------------------------------

    def on_message(self, topic: str, payload: bytes) -> None:
        parsed = parse_topic(topic)
        if parsed is None:
            return
        table, kind = parsed
        try:
            data = json.loads(payload)
        except ValueError:
            self._emit({"kind": "bad_message", "table": table, "topic": topic})
            return
        if not isinstance(data, dict):
            return
        with self._lock:
            self.version += 1
            self._changed.add(table)
            if kind == "events":
                self._event(table, data)
            elif kind in ("status", "summary"):
                self._retained(table, kind, data, store=True)
                self._emit({"kind": kind, **data, "table": table})
                if kind == "summary":
                    self._tail(table, data)

    def _retained(self, table: str, kind: str, data: dict[str, Any], *, store: bool) -> None:
        view = self._view(table)
        now = self._clock().isoformat()
        if kind == "status":
            if data.get("online"):
                view.offline_since = None
            elif view.offline_since is None or view.status.get("online", True):
                view.offline_since = data.get("since") or now
            view.status = data
        else:
            view.summary = data
        view.last_heard = now
        if store:
            self._db.execute(
                "INSERT OR REPLACE INTO retained VALUES (?, ?, ?)", (table, kind, json.dumps(data))
            )

    def _event(self, table: str, data: dict[str, Any]) -> None:
        try:
            journal, seq, prev = str(data["journal"]), int(data["seq"]), int(data["prev"])
        except (KeyError, TypeError, ValueError):
            self._emit({"kind": "bad_message", "table": table, "topic": "events"})
            return
        view = self._view(table)
        seqs = self._seqs.setdefault((table, journal), {})
        if seq in seqs:
            view.duplicates += 1
            return
        self._db.execute(
            "INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                table,
                journal,
                seq,
                prev,
                str(data.get("type")),
                json.dumps(data),
                self._clock().isoformat(),
            ),
        )
        seqs[seq] = prev
        view.last_heard = self._clock().isoformat()
        self._account(view, data)
        self._emit({"kind": "event", **data})
        if prev and prev not in seqs:
            self._notice(table, journal, seq, prev)
        self._check_filled(table, journal)

    def _account(self, view: TableView, data: dict[str, Any]) -> None:
        view.events += 1
        view.tally.add(data)
        view.history.add(data)
        if data.get("type") == "coup_completed":
            view.recent = [*view.recent[-9:], data]

    def _tail(self, table: str, summary: dict[str, Any]) -> None:
        journal, seq = summary.get("journal"), summary.get("seq")
        if not isinstance(journal, str) or not isinstance(seq, int) or seq <= 0:
            return
        seqs = self._seqs.setdefault((table, journal), {})
        if seq not in seqs and (not seqs or seq > max(seqs)):
            self._notice(table, journal, seq + 1, seq)

    def _notice(self, table: str, journal: str, seq: int, missing: int) -> None:
        seqs = self._seqs[(table, journal)]
        below = [s for s in seqs if s < seq and s <= missing]
        after = max(below) if below else 0
        for gap in self.gaps:
            same = (gap.table, gap.journal) == (table, journal) and gap.filled is None
            if same and gap.after <= after and missing <= gap.upto:
                return  # already open
        gap = Gap(table, journal, after, missing, self._clock().isoformat())
        self.gaps.append(gap)
        self._db.execute(
            "INSERT OR IGNORE INTO gaps VALUES (?, ?, ?, ?, ?, NULL)",
            (table, journal, after, missing, gap.noticed),
        )
        self._emit({"kind": "gap", **gap.as_json()})

    def _complete(self, seqs: dict[int, int], after: int, upto: int) -> bool:
        seq = upto
        while seq != after:
            if seq == 0 or seq not in seqs:
                return seq == 0 and after == 0
            seq = seqs[seq]
        return True

    def _check_filled(self, table: str, journal: str) -> None:
        seqs = self._seqs[(table, journal)]
        for gap in self.gaps:
            if gap.filled is not None or (gap.table, gap.journal) != (table, journal):
                continue
            if self._complete(seqs, gap.after, gap.upto):
                gap.filled = self._clock().isoformat()
                self._db.execute(
                    "UPDATE gaps SET filled = ? WHERE tbl = ? AND journal = ? AND after = ? "
                    "AND upto = ?",
                    (gap.filled, table, journal, gap.after, gap.upto),
                )
                self._emit({"kind": "gap_filled", **gap.as_json()})

    # --- what the pit asks and reads -----------------------------------------------------------

    def due_resends(self, now: float, *, wait: float = 0.5) -> list[tuple[str, dict[str, Any]]]:
        """Resend requests for gaps open longer than ``wait`` seconds (again every ``wait``)."""
        due: list[tuple[str, dict[str, Any]]] = []
        with self._lock:
            for gap in self.gaps:
                if gap.filled is not None:
                    continue
                if gap.asked == 0.0:
                    gap.asked = now  # give the broker a moment to deliver it anyway
                    continue
                if now - gap.asked >= wait:
                    gap.asked = now
                    command = {
                        "type": "resend",
                        "journal": gap.journal,
                        "after": gap.after,
                        "before": gap.upto + 1,
                    }
                    due.append((gap.table, command))
        return due

    def acknowledge(self, table: str, alert: int, *, by: str) -> dict[str, Any]:
        """Record at the pit that ``by`` acknowledged a table's alert; the command to send."""
        at = self._clock().isoformat()
        with self._lock:
            self._db.execute(
                "INSERT INTO acknowledgements VALUES (?, ?, ?, ?)", (at, table, alert, by)
            )
            self.version += 1
        self._emit({"kind": "acknowledged", "table": table, "alert": alert, "by": by, "at": at})
        return {"type": "acknowledge_alert", "alert": alert, "by": by, "at": at}

    def take_changed(self) -> set[str]:
        """The tables a message changed since the last call (a screen redraws only those)."""
        with self._lock:
            changed, self._changed = self._changed, set()
        return changed

    def message(self, table: str, text: str, *, by: str) -> dict[str, Any]:
        """Record at the pit that ``by`` sent a table's croupier ``text``; the command to send
        (the table journals it as ``pit_message`` and shows it on the croupier's screen)."""
        at = self._clock().isoformat()
        with self._lock:
            self._db.execute("INSERT INTO messages VALUES (?, ?, ?, ?)", (at, table, text, by))
            self.version += 1
        self._emit({"kind": "message_sent", "table": table, "text": text, "by": by, "at": at})
        return {"type": "message", "text": text, "by": by, "at": at}

    def messages(self) -> list[tuple[str, str, str, str]]:
        """The messages sent from this pit: (at, table, text, by), oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT at, tbl, text, by FROM messages").fetchall()
        return [(str(a), str(t), str(x), str(b)) for a, t, x, b in rows]

    def acknowledgements(self) -> list[tuple[str, str, int, str]]:
        with self._lock:
            rows = self._db.execute("SELECT at, tbl, alert, by FROM acknowledgements").fetchall()
        return [(str(a), str(t), int(n), str(b)) for a, t, n, b in rows]

    def open_gaps(self) -> list[Gap]:
        with self._lock:
            return [gap for gap in self.gaps if gap.filled is None]

    def events_of(self, table: str, kind: str | None = None) -> list[dict[str, Any]]:
        """A table's events the pit holds, in journal order (all journals, oldest first)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT body FROM events AS e WHERE tbl = ? AND (? IS NULL OR type = ?) "
                "ORDER BY (SELECT MIN(received) FROM events AS f WHERE f.tbl = e.tbl "
                "AND f.journal = e.journal), journal, seq",
                (table, kind, kind),
            ).fetchall()
        return [json.loads(body) for (body,) in rows]

    def count(self, table: str, kind: str) -> int:
        with self._lock:
            row = self._db.execute(
                "SELECT COUNT(*) FROM events WHERE tbl = ? AND type = ?", (table, kind)
            ).fetchone()
        return int(row[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
