"""The journal's files: SQLite in WAL mode, one durable transaction per record, a hash chain.

A journal is a chain of files. The live one is at the configured path; closed ones are moved to
the archive folder, named ``<live name>.<first seq, 12 digits>``. Each file holds:

``meta``
    what the file is (format, journal and table id, first sequence number, the hash its first
    record follows, the key's fingerprint) under an HMAC, and the **head**: the last record's
    sequence number and hash, HMAC'd, rewritten in the same transaction as every append, so
    records cut off the end are detected too.
``records``
    one row per table event: ``seq`` (the table's sequence number), ``at`` (UTC, ISO 8601 with
    its offset), ``table_id``, ``source`` (the device, or the person who acted), ``type``,
    ``event`` (JSON), ``prev_hash`` and ``hash`` = HMAC(chain key, prev_hash and the row's
    fields). Triggers refuse UPDATE and DELETE: the table only appends.
``checkpoints``
    now and then, the table's whole state after a record (see :mod:`.recovery`), HMAC'd and
    tied to that record's hash, so a restart replays only the records after it.

A face-down card's value (squeeze) is stored sealed: the ``card`` and ``raw`` fields of the
event (a card dealt face down, or an alert holding one) are replaced by ``sealed``, their JSON
XORed with a keystream from the seal key, unique to this file and record. Replay and recovery
unseal it; exports show it only once turned.

Each append is its own transaction with ``synchronous=FULL``: when :meth:`Journal.append`
returns, the record is on disk (the WAL is fsynced), which is what lets the controller apply
an event only after journaling it.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from dealer_assist.config import JournalSettings
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import (
    FILE_MODE,
    FORMAT,
    JournalError,
    archive_dir_for,
    archive_name,
    chain_files,
    check_journal_file,
    check_meta,
    checkpoint_mac,
    connect_read_only,
    encode_event,
    genesis_anchor,
    head_mac,
    iso,
    meta_mac,
    read_head,
    read_meta,
    row_hash,
    source_of,
    unusable,
)
from dealer_assist.table.events import Record, ShoeEnded, ShoeStarted

CHECKPOINT_EVERY = 2000  # records between two checkpoints in one file
WAL_COMMITS = 256  # commits between two copies of the WAL into the file

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS records (
    seq INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    table_id TEXT NOT NULL,
    source TEXT NOT NULL,
    type TEXT NOT NULL,
    event TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS checkpoints (
    seq INTEGER PRIMARY KEY,
    state BLOB NOT NULL,
    modules TEXT NOT NULL,
    mac TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS records_no_update BEFORE UPDATE ON records
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS records_no_delete BEFORE DELETE ON records
BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
"""

# --- files ------------------------------------------------------------------------------------


def _fsync_dir(directory: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform lets a folder be fsynced
        handle = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(handle)
        finally:
            os.close(handle)


def _connect(path: Path, *, durable: bool) -> sqlite3.Connection:
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute(f"PRAGMA synchronous={'FULL' if durable else 'OFF'}")
    # The WAL is copied back into the file by :meth:`Journal.tidy`, after the table has shown
    # what it committed, not by the commit that happens to fill it (that would add a second
    # fsync to a card's wait).
    connection.execute("PRAGMA wal_autocheckpoint=0")
    connection.executescript(SCHEMA)
    return connection


def file_mode_for(path: Path) -> int:
    """The mode of a new file of the chain whose live file is ``path``: 0600, or what a
    technician gave the live file (e.g. 0640 with a group for the auditors), never more."""
    try:
        return path.stat().st_mode & 0o640 | 0o600
    except OSError:
        return FILE_MODE


def _new_file(path: Path, mode: int, group: int | None) -> None:
    """An empty file with ``mode`` (SQLite gives its -wal and -shm the same mode)."""
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        os.fchmod(handle, mode)  # whatever the umask
        if group is not None:
            with contextlib.suppress(OSError):  # a group this user is not in: keep its own
                os.fchown(handle, -1, group)
    finally:
        os.close(handle)


def _create_file(
    path: Path, key: JournalKey, meta: dict[str, str], *, durable: bool, like: Path
) -> None:
    """Write a new journal file at ``path`` (through a temporary name: a crash leaves no
    half-made file there), with the mode and group of ``like`` (see :func:`file_mode_for`)."""
    temporary = path.with_name(path.name + ".new")
    for leftover in _with_sidecars(temporary):
        leftover.unlink(missing_ok=True)
    try:
        group: int | None = like.stat().st_gid
    except OSError:
        group = None
    _new_file(temporary, file_mode_for(like), group)
    meta = dict(meta)
    meta["mac"] = meta_mac(key, meta)
    previous = int(meta["first_seq"]) - 1
    head = {
        "seq": previous,
        "hash": meta["anchor"],
        "mac": head_mac(key, meta["journal_id"], previous, meta["anchor"]),
    }
    meta["head"] = json.dumps(head, sort_keys=True)
    connection = _connect(temporary, durable=durable)
    try:
        connection.execute("BEGIN IMMEDIATE")
        connection.executemany("INSERT INTO meta (key, value) VALUES (?, ?)", meta.items())
        connection.execute("COMMIT")
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    os.replace(temporary, path)
    _fsync_dir(path.parent)


def _with_sidecars(path: Path) -> list[Path]:
    return [path, *(path.with_name(path.name + end) for end in ("-wal", "-shm", "-journal"))]


class _FileLock:
    """One table process per journal: a second one would fork the chain."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: Any = None

    def acquire(self) -> None:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - not POSIX: no lock
            return
        descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_APPEND, FILE_MODE)
        handle = os.fdopen(descriptor, "a+b")  # held for the journal's lifetime
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise JournalError(
                f"{self.path.with_suffix('')} is in use by another dealer-assist process: "
                "stop that table first (one table writes one journal)"
            ) from None
        self._handle = handle

    def release(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


# --- the writer -------------------------------------------------------------------------------


def _utc_now() -> datetime:
    return datetime.now(UTC)


class Journal:
    """The live journal of one table. Open with :meth:`open`; append with :meth:`append`.

    With ``autocommit`` each record is its own durable transaction. The table controller
    turns it off and calls :meth:`commit` once per input (a card read, a command), before it
    shows anything: all the records an input caused reach the disk together or not at all,
    so a crash never leaves half an input (a coup dealt but not settled) in the journal.
    """

    def __init__(
        self,
        path: Path,
        key: JournalKey,
        *,
        table_id: str,
        settings: JournalSettings,
        clock: Callable[[], datetime],
        durable: bool,
        autocommit: bool,
    ) -> None:
        self.path = path
        self.key = key
        self.table_id = table_id
        self.settings = settings
        self.archive_dir = archive_dir_for(path, settings)
        self.autocommit = autocommit
        self._clock = clock
        self._durable = durable
        self._lock = _FileLock(lock_path(path))
        self._connection: sqlite3.Connection | None = None
        self._in_transaction = False
        self._commits_since_tidy = 0
        self.meta: dict[str, str] = {}
        self.last_seq = 0
        self.last_hash = ""
        self.last_at: datetime | None = None
        self._file = _FileCounts()
        self._committed: tuple[int, str, datetime | None, _FileCounts] = (0, "", None, self._file)
        self._last_checkpoint = 0
        self.rotations = 0

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        key: JournalKey,
        table_id: str,
        settings: JournalSettings | None = None,
        clock: Callable[[], datetime] = _utc_now,
        durable: bool = True,
        autocommit: bool = True,
    ) -> Journal:
        """Open the live file (creating the chain if there is none) and lock it.

        ``durable=False`` turns off fsync: only for building test and benchmark journals.
        """
        journal = cls(
            path,
            key,
            table_id=table_id,
            settings=settings or JournalSettings(),
            clock=clock,
            durable=durable,
            autocommit=autocommit,
        )
        if path.is_dir():
            raise JournalError(
                f"{path} is a folder: give the journal's file, e.g. {path}/T1.journal"
            )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise unusable(path, error) from None
        if path.exists():
            check_journal_file(path)  # not a journal: refused before anything is written
        journal._lock.acquire()
        try:
            journal._open_live()
        except sqlite3.Error as error:
            journal._drop_connection()
            journal._lock.release()
            raise unusable(path, error) from None
        except BaseException:
            journal._drop_connection()
            journal._lock.release()
            raise
        return journal

    def _drop_connection(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self._connection.close()
            self._connection = None

    @property
    def connection(self) -> sqlite3.Connection:
        if self._connection is None:
            raise JournalError(f"the journal {self.path} is closed")
        return self._connection

    @property
    def journal_id(self) -> str:
        return self.meta["journal_id"]

    def _next_path(self) -> Path:
        return self.path.with_name(self.path.name + ".next")

    def _open_live(self) -> None:
        following = self._next_path()
        if not self.path.exists() and following.exists():
            os.replace(following, self.path)  # a rotation stopped just before its last step
            _fsync_dir(self.path.parent)
        elif following.exists():
            following.unlink()  # a rotation stopped before it archived anything: redo it later
        if not self.path.exists():
            archived = chain_files(self.path, self.archive_dir)
            if archived:
                raise JournalError(
                    f"the live journal {self.path} is missing but {archived[-1]} is archived: "
                    "restore the live file from a copy; a person must clear this before play"
                )
            journal_id = secrets.token_hex(16)
            anchor = genesis_anchor(self.key, journal_id)
            _create_file(
                self.path,
                self.key,
                {
                    "format": FORMAT,
                    "journal_id": journal_id,
                    "table_id": self.table_id,
                    "first_seq": "1",
                    "anchor": anchor,
                    "previous_file": "",
                    "chain_start_seq": "1",
                    "chain_start_anchor": anchor,
                    "key_fingerprint": self.key.fingerprint,
                    "created_at": iso(self._clock()),
                    "between_shoes": "1",
                },
                durable=self._durable,
                like=self.path,
            )
        check_journal_file(self.path)  # before anything writes to it
        self._connection = _connect(self.path, durable=self._durable)
        self._load_file_state()

    def _load_file_state(self) -> None:
        connection = self.connection
        meta = read_meta(connection)
        check_meta(meta, self.key, self.path)
        if meta["table_id"] != self.table_id:
            raise JournalError(
                f"{self.path} is table {meta['table_id']}'s journal, not {self.table_id}'s"
            )
        self.meta = meta
        head = read_head(meta)
        assert head is not None  # check_meta verified it
        self.last_seq, self.last_hash = head.seq, head.hash
        row = connection.execute(
            "SELECT COUNT(*), COALESCE(SUM(LENGTH(event)), 0), MIN(at), MAX(at) FROM records"
        ).fetchone()
        shoes = connection.execute(
            "SELECT type FROM records WHERE type IN (?, ?) ORDER BY seq DESC",
            (ShoeStarted.type, ShoeEnded.type),
        ).fetchall()
        self._file = _FileCounts(
            records=int(row[0]),
            bytes=int(row[1]) + _ROW_OVERHEAD * int(row[0]),
            first_at=self._time(row[2]),
            shoes=sum(1 for (kind,) in shoes if kind == ShoeStarted.type),
            shoe_open=bool(shoes) and shoes[0][0] == ShoeStarted.type,
        )
        self.last_at = self._time(row[3])
        point = connection.execute("SELECT MAX(seq) FROM checkpoints").fetchone()[0]
        self._last_checkpoint = int(point) if point is not None else 0
        self._committed = (self.last_seq, self.last_hash, self.last_at, self._file)

    def _time(self, text: object) -> datetime | None:
        if text is None:
            return None
        try:
            return datetime.fromisoformat(str(text))
        except ValueError:
            raise JournalError(
                f"the journal is damaged: {self.path} holds a record time {text!r}; run "
                "dealer-assist journal verify. Play stops until a supervisor has checked it"
            ) from None

    # --- appending -----------------------------------------------------------------------

    def append(self, record: Record) -> None:
        """Write ``record`` (the table controller's journal sink); durable at once with
        ``autocommit``, else at the next :meth:`commit`."""
        if record.seq != self.last_seq + 1:
            raise JournalError(
                f"record {record.seq} cannot follow record {self.last_seq} in {self.path}"
            )
        if not self._in_transaction:
            try:
                if self._rotation_due(record):
                    self._rotate(record)
                self.connection.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                raise unusable(self.path, error, writing=True) from None
            self._in_transaction = True
        journal_id = self.journal_id
        text = encode_event(record.event, self.key, journal_id, record.seq)
        fields = (
            record.seq,
            iso(record.at),
            record.table,
            source_of(record.event),
            record.event.type,
            text,
        )
        hash_ = row_hash(self.key, self.last_hash, fields)
        head = json.dumps(
            {
                "hash": hash_,
                "mac": head_mac(self.key, journal_id, record.seq, hash_),
                "seq": record.seq,
            },
            sort_keys=True,
        )
        try:
            self.connection.execute(
                "INSERT INTO records (seq, at, table_id, source, type, event, prev_hash, hash) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (*fields, self.last_hash, hash_),
            )
            self.connection.execute("UPDATE meta SET value = ? WHERE key = 'head'", (head,))
        except sqlite3.Error as error:
            self.rollback()
            raise unusable(self.path, error, writing=True) from None
        except BaseException:
            self.rollback()
            raise
        self.last_seq, self.last_hash, self.last_at = record.seq, hash_, record.at
        self._file = self._file.after(record, len(text))
        if self.autocommit:
            self.commit()

    def commit(self) -> None:
        """Make every record appended since the last commit durable, in one transaction."""
        if not self._in_transaction:
            return
        try:
            self.connection.execute("COMMIT")
        except sqlite3.Error as error:
            self.rollback()
            raise unusable(self.path, error, writing=True) from None
        except BaseException:
            self.rollback()
            raise
        self._in_transaction = False
        self._committed = (self.last_seq, self.last_hash, self.last_at, self._file)
        self._commits_since_tidy += 1

    def tidy(self) -> None:
        """Copy the WAL back into the file now and then (call it when the table is idle)."""
        if self._in_transaction or self._commits_since_tidy < WAL_COMMITS:
            return
        self.connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        self._commits_since_tidy = 0

    def rollback(self) -> None:
        """Forget the records appended since the last commit (as a crash would)."""
        if self._in_transaction:
            with contextlib.suppress(sqlite3.Error):
                self.connection.execute("ROLLBACK")
            self._in_transaction = False
        self.last_seq, self.last_hash, self.last_at, self._file = self._committed

    def _rotation_due(self, record: Record) -> bool:
        """Checked at the first record of a transaction, so an input never spans two files."""
        counts = self._file
        if counts.records == 0:
            return False
        if counts.bytes >= self.settings.max_file_bytes:
            return True
        rotate = self.settings.rotate
        if rotate == "shoe":  # a new file once the file's shoe has ended
            return counts.shoes > 0 and not counts.shoe_open
        if rotate == "day" and counts.first_at is not None:
            return record.at.astimezone(UTC).date() != counts.first_at.astimezone(UTC).date()
        return False

    # --- checkpoints ---------------------------------------------------------------------

    def checkpoint_due(self) -> bool:
        """No checkpoint yet in the live file, or many records since the last one."""
        if self.last_seq == 0 or self._in_transaction:
            return False
        first = int(self.meta["first_seq"])
        if self._last_checkpoint < first:
            return self.last_seq >= first
        return self.last_seq - self._last_checkpoint >= CHECKPOINT_EVERY

    def write_checkpoint(self, seq: int, state: bytes, modules: str) -> None:
        """Store the table's state after record ``seq`` (the last one committed)."""
        if seq != self.last_seq or self._in_transaction:
            raise JournalError(f"a checkpoint at {seq} while the journal is at {self.last_seq}")
        mac = checkpoint_mac(self.key, self.journal_id, seq, self.last_hash, state, modules)
        connection = self.connection
        connection.execute("BEGIN IMMEDIATE")
        try:
            connection.execute(
                "INSERT OR REPLACE INTO checkpoints (seq, state, modules, mac) VALUES (?, ?, ?, ?)",
                (seq, state, modules, mac),
            )
            connection.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            raise
        self._last_checkpoint = seq

    def skip_checkpoint(self) -> None:
        """No checkpoint could be written now: try again after :data:`CHECKPOINT_EVERY` more
        records (a restart replays the records meanwhile)."""
        self._last_checkpoint = self.last_seq

    # --- rotation ------------------------------------------------------------------------

    def _rotate(self, record: Record) -> None:
        """Close the live file into the archive and start a new one with ``record``.

        Steps, each safe to stop after (see :meth:`_open_live`): write the new file beside the
        live one as ``.next``; move the live file to the archive; remove files past retention;
        move ``.next`` into place.
        """
        archive = self.archive_dir
        archive.mkdir(parents=True, exist_ok=True)
        name = archive_name(self.path, int(self.meta["first_seq"]))
        pruned, start_seq, start_anchor = self._prune_plan()
        following = self._next_path()
        if following.exists():
            following.unlink()
        _create_file(
            following,
            self.key,
            {
                "format": FORMAT,
                "journal_id": secrets.token_hex(16),
                "table_id": self.table_id,
                "first_seq": str(record.seq),
                "anchor": self.last_hash,
                "previous_file": name,
                "chain_start_seq": str(start_seq),
                "chain_start_anchor": start_anchor,
                "key_fingerprint": self.key.fingerprint,
                "created_at": iso(record.at),
                "between_shoes": "0" if self._file.shoe_open else "1",
            },
            durable=self._durable,
            like=self.path,
        )
        connection = self.connection
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.execute("PRAGMA journal_mode=DELETE")  # one self-contained file to archive
        connection.close()
        self._connection = None
        with contextlib.suppress(OSError):  # a closed file is for no one else either
            os.chmod(self.path, file_mode_for(self.path))
        os.replace(self.path, archive / name)
        _fsync_dir(archive)
        for old in pruned:
            old.unlink()
        os.replace(following, self.path)
        _fsync_dir(self.path.parent)
        self._connection = _connect(self.path, durable=self._durable)
        self._load_file_state()
        self.rotations += 1

    def _prune_plan(self) -> tuple[list[Path], int, str]:
        """Archived files past retention that may go, and where the chain then starts.

        A file goes only when all its records are older than ``retention_days`` and the file
        after it began between two shoes, so what is kept can be replayed from its start.
        """
        start_seq = int(self.meta["chain_start_seq"])
        start_anchor = self.meta["chain_start_anchor"]
        cutoff = self._clock() - timedelta(days=self.settings.retention_days)
        files = [p for p in chain_files(self.path, self.archive_dir) if p != self.path]
        pruned: list[Path] = []
        for index, old in enumerate(files):
            info = _file_summary(old)
            if info is None or info.first_seq < start_seq:
                continue  # already outside the chain
            if info.last_at is None or info.last_at >= cutoff:
                break
            if index + 1 < len(files):
                after = _file_summary(files[index + 1])
                if after is None:
                    break
                between, first_seq, anchor = after.between_shoes, after.first_seq, after.anchor
            else:
                between = self.meta["between_shoes"] == "1"
                first_seq, anchor = int(self.meta["first_seq"]), self.meta["anchor"]
            if not between:
                break
            pruned.append(old)
            start_seq, start_anchor = first_seq, anchor
        return pruned, start_seq, start_anchor

    # --- closing -------------------------------------------------------------------------

    def close(self) -> None:
        """Close the file; records not committed are forgotten, as in a crash."""
        if self._connection is not None:
            self.rollback()
            with contextlib.suppress(sqlite3.Error):
                self._connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._connection.close()
            self._connection = None
        self._lock.release()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_ROW_OVERHEAD = 200  # bytes a row takes besides its event text, roughly


@dataclass(frozen=True, slots=True)
class _FileCounts:
    """What rotation needs to know about the live file."""

    records: int = 0
    bytes: int = 0
    first_at: datetime | None = None
    shoes: int = 0
    shoe_open: bool = False

    def after(self, record: Record, size: int) -> _FileCounts:
        event = record.event
        started = isinstance(event, ShoeStarted)
        return _FileCounts(
            records=self.records + 1,
            bytes=self.bytes + size + _ROW_OVERHEAD,
            first_at=self.first_at or record.at,
            shoes=self.shoes + started,
            shoe_open=True
            if started
            else (False if isinstance(event, ShoeEnded) else self.shoe_open),
        )


@dataclass(frozen=True, slots=True)
class _Summary:
    first_seq: int
    anchor: str
    between_shoes: bool
    last_at: datetime | None


def _file_summary(path: Path) -> _Summary | None:
    try:
        connection = connect_read_only(path)
    except JournalError:
        return None
    try:
        meta = read_meta(connection)
        last = connection.execute("SELECT MAX(at) FROM records").fetchone()
    finally:
        connection.close()
    return _Summary(
        first_seq=int(meta["first_seq"]),
        anchor=meta["anchor"],
        between_shoes=meta.get("between_shoes") == "1",
        last_at=datetime.fromisoformat(last[0]) if last and last[0] else None,
    )
