"""The pit's view of many tables: every event once, gaps noticed, reported and filled.

Messages come from :mod:`.client` (or anything that reads the topics of :mod:`.topics`). Each
event is kept once, by ``(table, journal, seq)``, in the pit's store (SQLite; ``""`` for a
private temporary file, ``:memory:`` for a short test), and in memory only what a screen shows
(the tables' views, bounded) and what drops duplicates (:class:`HeldEvents`, bounded by the
disorder). An event whose ``prev`` the pit does not hold, or a summary naming an event the pit
does not hold, opens a **gap**; the pit reports it at once, asks the table to send the missing
events again (:meth:`PitModel.due_resends`), and reports it again when it is filled. A
restarted pit reads its store back, so what it held before is neither lost nor doubled.
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


class HeldEvents:
    """The sequence numbers the pit holds of one journal, in memory bounded by the disorder, not
    by the length of the shift: ``upto``, below which the pit holds every event (each event's
    ``prev`` chain from ``upto`` down to the start is complete), and the events held above it
    (``seq -> prev``), which a gap left there until it is filled.

    >>> held = HeldEvents()
    >>> held.add(1, 0); held.add(5, 3); held.upto, 5 in held, 3 in held
    (1, True, False)
    >>> held.add(3, 1); held.upto, held.above
    (5, {})
    """

    __slots__ = ("_after", "above", "upto")

    def __init__(self) -> None:
        self.upto = 0
        self.above: dict[int, int] = {}  # seq -> prev, for the events above upto
        self._after: dict[int, int] = {}  # prev -> seq, for the same

    def __contains__(self, seq: int) -> bool:
        return 0 < seq <= self.upto or seq in self.above

    def __bool__(self) -> bool:
        return self.upto > 0 or bool(self.above)

    def last(self) -> int:
        """The highest sequence number held (0: none)."""
        return max(self.above, default=self.upto) if self.above else self.upto

    def add(self, seq: int, prev: int) -> None:
        if prev <= self.upto < seq:  # the chain goes on from upto
            self.upto = seq
            while self.upto in self._after:  # ... and on through what waited above it
                self.upto = self._after.pop(self.upto)
                del self.above[self.upto]
        elif seq > self.upto:
            self.above[seq] = prev
            self._after[prev] = seq

    def held_at_or_below(self, seq: int) -> int:
        """The highest sequence number held at or below ``seq`` (0: none). Below ``upto`` only
        ``upto`` is known, so ``seq`` itself when it is below it (a gap at ``seq`` is closed)."""
        if seq <= self.upto:
            return seq
        return max((s for s in self.above if s <= seq), default=self.upto)

    def complete(self, after: int, upto: int) -> bool:
        """Whether the pit holds every event from ``after`` (excluded) to ``upto``."""
        seq = upto
        while seq != after:
            if 0 < seq <= self.upto:
                return True  # the rest of the chain is below upto: held
            if seq == 0 or seq not in self.above:
                return seq == 0 and after == 0
            seq = self.above[seq]
        return True


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
        self._emitting = emit is not None  # else no message is built for it
        self._clock = clock
        self.tables: dict[str, TableView] = {}
        self._held: dict[tuple[str, str], HeldEvents] = {}
        self.gaps: list[Gap] = []  # every gap noticed, filled or not, oldest first
        self._open: dict[tuple[str, str], list[Gap]] = {}  # the open ones, by table and journal
        self.version = 0  # counts the messages taken in: a screen repaints when it changed
        self._changed: set[str] = set()  # the tables a message changed since take_changed()
        self._watchers: list[Callable[[], None]] = []
        self._load(replay)

    def _load(self, replay: bool) -> None:
        for table, kind, body in self._db.execute("SELECT tbl, kind, body FROM retained"):
            self._retained(table, kind, json.loads(body), store=None)
        for table, journal, seq, prev, body in self._db.execute(
            "SELECT tbl, journal, seq, prev, body FROM events ORDER BY tbl, journal, seq"
        ):
            self._held_of(table, journal).add(seq, prev)
            event = json.loads(body)
            self._account(self._view(table), event)
            if replay:
                self._emit({"kind": "event", **event})
        for table, journal, after, upto, noticed, filled in self._db.execute(
            "SELECT tbl, journal, after, upto, noticed, filled FROM gaps ORDER BY noticed"
        ):
            gap = Gap(table, journal, after, upto, noticed, filled)
            self.gaps.append(gap)
            if filled is None:
                self._open.setdefault((table, journal), []).append(gap)
        for table, journal in list(self._open):  # filled just before the pit stopped
            if (table, journal) in self._held:
                self._check_filled(table, journal)

    def _held_of(self, table: str, journal: str) -> HeldEvents:
        held = self._held.get((table, journal))
        if held is None:
            held = self._held[(table, journal)] = HeldEvents()
        return held

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
            text = payload.decode()  # stored as it came: parsed once, never written again
            data = json.loads(text)
        except ValueError:  # UnicodeDecodeError too
            self._emit({"kind": "bad_message", "table": table, "topic": topic})
            return
        if not isinstance(data, dict):
            return
        with self._lock:
            self.version += 1
            first = not self._changed
            self._changed.add(table)
            if kind == "events":
                self._event(table, data, text)
            elif kind in ("status", "summary"):
                self._retained(table, kind, data, store=text)
                if self._emitting:
                    self._emit({"kind": kind, **data, "table": table})
                if kind == "summary":
                    self._tail(table, data)
        if first:
            for watcher in self._watchers:
                watcher()

    def _retained(self, table: str, kind: str, data: dict[str, Any], *, store: str | None) -> None:
        """``store``: the message's text to keep (None: it came from the store)."""
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
        if store is not None:
            self._db.execute(
                "INSERT OR REPLACE INTO retained VALUES (?, ?, ?)", (table, kind, store)
            )

    def _event(self, table: str, data: dict[str, Any], text: str) -> None:
        try:
            journal, seq, prev = str(data["journal"]), int(data["seq"]), int(data["prev"])
        except (KeyError, TypeError, ValueError):
            self._emit({"kind": "bad_message", "table": table, "topic": "events"})
            return
        view = self._view(table)
        held = self._held_of(table, journal)
        if seq in held:
            view.duplicates += 1
            return
        now = self._clock().isoformat()
        self._db.execute(
            "INSERT OR IGNORE INTO events VALUES (?, ?, ?, ?, ?, ?, ?)",
            (table, journal, seq, prev, str(data.get("type")), text, now),
        )
        held.add(seq, prev)
        view.last_heard = now
        self._account(view, data)
        if self._emitting:
            self._emit({"kind": "event", **data})
        if prev and prev not in held:
            self._notice(table, journal, seq, prev)
        if (table, journal) in self._open:
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
        held = self._held_of(table, journal)
        if seq not in held and seq > held.last():
            self._notice(table, journal, seq + 1, seq)

    def _notice(self, table: str, journal: str, seq: int, missing: int) -> None:
        after = self._held[(table, journal)].held_at_or_below(min(seq - 1, missing))
        opened = self._open.setdefault((table, journal), [])
        for gap in opened:
            if gap.after <= after and missing <= gap.upto:
                return  # already open
        gap = Gap(table, journal, after, missing, self._clock().isoformat())
        self.gaps.append(gap)
        opened.append(gap)
        self._db.execute(
            "INSERT OR IGNORE INTO gaps VALUES (?, ?, ?, ?, ?, NULL)",
            (table, journal, after, missing, gap.noticed),
        )
        self._emit({"kind": "gap", **gap.as_json()})

    def _check_filled(self, table: str, journal: str) -> None:
        held = self._held[(table, journal)]
        opened = self._open[(table, journal)]
        for gap in list(opened):
            if held.complete(gap.after, gap.upto):
                opened.remove(gap)
                gap.filled = self._clock().isoformat()
                self._db.execute(
                    "UPDATE gaps SET filled = ? WHERE tbl = ? AND journal = ? AND after = ? "
                    "AND upto = ?",
                    (gap.filled, table, journal, gap.after, gap.upto),
                )
                self._emit({"kind": "gap_filled", **gap.as_json()})
        if not opened:
            del self._open[(table, journal)]

    # --- what the pit asks and reads -----------------------------------------------------------

    def due_resends(self, now: float, *, wait: float = 0.5) -> list[tuple[str, dict[str, Any]]]:
        """Resend requests for gaps open longer than ``wait`` seconds (again every ``wait``)."""
        due: list[tuple[str, dict[str, Any]]] = []
        with self._lock:
            for gap in (gap for opened in self._open.values() for gap in opened):
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

    def watch(self, watcher: Callable[[], None]) -> None:
        """Call ``watcher()`` (on the thread of the message, outside the model's lock) when a
        message changes a table and no change is waiting for :meth:`take_changed`: one call per
        batch of changes, however many messages come before the screen takes them."""
        with self._lock:
            self._watchers.append(watcher)

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
            return [gap for gap in self.gaps if gap.filled is None]  # oldest first

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
