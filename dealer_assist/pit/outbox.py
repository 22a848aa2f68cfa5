"""The journal as the outbox: the publisher reads what to send from here, by sequence number.

A record becomes sendable once the table has made it durable (the controller publishes a
snapshot only after its journal commit). The recent records are kept in memory; older ones
(after a long outage, a restart, or a pit asking to fill a gap) are read back from the journal's
files. A table without a journal keeps its records in memory for the life of the process.

The publisher's progress (the last record the broker acknowledged) is kept beside the journal,
in ``<journal>.published``, so that a table restarted after a crash sends what was never
acknowledged, in order.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import uuid
from collections import deque
from pathlib import Path
from typing import Protocol

from dealer_assist.table.events import Record


class Outbox(Protocol):
    journal_id: str

    def note(self, record: Record) -> None: ...

    def release(self, seq: int) -> None: ...

    def last_seq(self) -> int: ...

    def settle(self) -> None: ...

    def after(self, seq: int, limit: int) -> list[Record]: ...


class MemoryOutbox:
    """For a table without a journal: every record since the process started."""

    def __init__(self, *, journal_id: str | None = None, first_seq: int = 0) -> None:
        self.journal_id = journal_id or f"memory-{uuid.uuid4().hex[:12]}"
        self._lock = threading.Lock()
        self._records: list[Record] = []
        self._first = first_seq  # records start after this one
        self._released = first_seq

    def note(self, record: Record) -> None:
        with self._lock:
            if not self._records and record.seq != self._first + 1:
                self._first = record.seq - 1
                self._released = self._first
            self._records.append(record)

    def release(self, seq: int) -> None:
        with self._lock:
            self._released = max(self._released, seq)

    def last_seq(self) -> int:
        with self._lock:
            return self._released

    def settle(self) -> None:
        """The table has stopped: everything it recorded may go."""
        with self._lock:
            if self._records:
                self._released = self._records[-1].seq

    def after(self, seq: int, limit: int) -> list[Record]:
        with self._lock:
            start = max(0, seq - self._first)
            return [r for r in self._records[start : start + limit] if r.seq <= self._released]


class JournalOutbox:
    """For a table with a journal: recent records in memory, older ones from the files."""

    def __init__(self, journal: object, *, keep: int = 4096) -> None:
        from dealer_assist.journal.store import Journal

        assert isinstance(journal, Journal)
        self.journal_id = journal.journal_id
        self._path = journal.path
        self._archive = journal.archive_dir
        self._key = journal.key
        self._lock = threading.Lock()
        self._recent: deque[Record] = deque(maxlen=keep)
        self._released = journal.last_seq

    def note(self, record: Record) -> None:
        with self._lock:
            if self._recent and record.seq != self._recent[-1].seq + 1:
                self._recent.clear()
            self._recent.append(record)

    def release(self, seq: int) -> None:
        with self._lock:
            self._released = max(self._released, seq)

    def last_seq(self) -> int:
        with self._lock:
            return self._released

    def settle(self) -> None:
        """The table has stopped: what is on disk may go (a record written just before an
        interruption reached the disk without a snapshot after it)."""
        from dealer_assist.journal.rows import connect_read_only

        connection = connect_read_only(self._path)
        try:
            (last,) = connection.execute("SELECT COALESCE(MAX(seq), 0) FROM records").fetchone()
        finally:
            connection.close()
        self.release(int(last))

    def after(self, seq: int, limit: int) -> list[Record]:
        with self._lock:
            released = self._released
            picked: list[Record] = []
            if self._recent and self._recent[0].seq <= seq + 1:
                start = seq + 1 - self._recent[0].seq
                picked = [r for r in list(self._recent)[start : start + limit] if r.seq <= released]
        last = picked[-1].seq if picked else seq
        if len(picked) < limit and last < released:
            # Not in memory: older, or written but never handed to the listeners (the table
            # was interrupted between its journal's commit and them).
            more = self._read_files(last, limit - len(picked))
            picked += [r for r in more if r.seq <= released]
        return picked

    def _read_files(self, seq: int, limit: int) -> list[Record]:
        from dealer_assist.journal.rows import (
            chain_files,
            connect_read_only,
            iter_rows,
            to_record,
        )

        found: list[Record] = []
        for path in chain_files(self._path, self._archive):
            connection = connect_read_only(path)
            try:
                for row in iter_rows(connection, after=seq):
                    found.append(to_record(row, self._key, self.journal_id))
                    if len(found) >= limit:
                        return found
            finally:
                connection.close()
            if found:
                seq = found[-1].seq
        return found


class Progress:
    """The publisher's cursor, kept in a small file beside the journal (or nowhere)."""

    def __init__(self, path: Path | None, *, journal_id: str, start: int) -> None:
        self.path = path
        self.journal_id = journal_id
        self.first = start  # the publisher sends the records after this one
        self.acked = start
        if path is not None and path.exists():
            with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
                data = json.loads(path.read_text("utf-8"))
                if data["journal"] == journal_id:
                    self.first = int(data["first"])
                    self.acked = int(data["acked"])
        self._saved = -1

    def save(self) -> None:
        if self.path is None or self._saved == self.acked:
            return
        text = json.dumps({"journal": self.journal_id, "first": self.first, "acked": self.acked})
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(text, "utf-8")
        os.replace(temporary, self.path)
        self._saved = self.acked


def progress_path(journal_path: Path) -> Path:
    return journal_path.with_name(journal_path.name + ".published")
