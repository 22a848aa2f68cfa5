"""A record as a journal row, and reading rows back: encoding, sealing, hashes, files.

Shared by the writer (:mod:`.store`) and the readers (:mod:`.verify`, :mod:`.recovery`,
:mod:`.export`, :mod:`.replay`). See :mod:`.store` for the file format.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from dealer_assist.config import JournalSettings
from dealer_assist.errors import DealerAssistError
from dealer_assist.journal.keys import JournalKey
from dealer_assist.table.events import (
    AlertRaised,
    CardDealt,
    Record,
    TableEvent,
    event_from_json,
    event_to_json,
)

FORMAT = "dealer-assist journal 1"

META_KEYS = (
    "format",
    "journal_id",
    "table_id",
    "first_seq",
    "anchor",
    "previous_file",
    "chain_start_seq",
    "chain_start_anchor",
    "key_fingerprint",
    "created_at",
    "between_shoes",
)


class JournalError(DealerAssistError):
    """The journal cannot be used as it is; the message says what a technician must do."""


# --- encoding ---------------------------------------------------------------------------------


def iso(at: datetime) -> str:
    """A UTC time as the journal writes it: ISO 8601 with its offset (+00:00)."""
    if at.tzinfo is None:
        raise ValueError(f"{at!r} has no time zone: the journal keeps UTC times")
    return at.astimezone(UTC).isoformat()


def source_of(event: TableEvent) -> str:
    """The device an event came from, or the role of the person who acted; else ``table``."""
    for name in ("source", "by", "role"):
        value = getattr(event, name, "")
        if value:
            return str(value)
    return "table"


def encode_event(event: TableEvent, key: JournalKey, journal_id: str, seq: int) -> str:
    data = event_to_json(event)
    if isinstance(event, CardDealt | AlertRaised) and event.face_down:
        hidden = json.dumps({"card": data.pop("card"), "raw": data.pop("raw")}, sort_keys=True)
        data["sealed"] = key.seal(hidden.encode(), journal_id=journal_id, seq=seq)
    # Key order is kept as the event has it: a coup's hands are listed in the order dealt.
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def decode_event(
    text: str, key: JournalKey | None, journal_id: str, seq: int
) -> tuple[TableEvent, bool]:
    """The event of a row, and whether it was sealed. Without the key a sealed card cannot be
    read: :class:`JournalError`."""
    data = json.loads(text)
    sealed = data.pop("sealed", None)
    if sealed is not None:
        if key is None:
            raise JournalError(f"record {seq} holds a face-down card: the journal key is needed")
        data.update(json.loads(key.unseal(sealed, journal_id=journal_id, seq=seq)))
    return event_from_json(data), sealed is not None


def row_hash(key: JournalKey, prev: str, fields: tuple[int, str, str, str, str, str]) -> str:
    """HMAC of the previous hash and a row's fields, each length-prefixed (no ambiguity)."""
    parts = (prev, *(str(field) for field in fields))
    return key.mac("".join(f"{len(part)}:{part}" for part in parts).encode("utf-8"))


def meta_mac(key: JournalKey, meta: dict[str, str]) -> str:
    body = json.dumps({k: meta[k] for k in META_KEYS}, sort_keys=True, separators=(",", ":"))
    return key.mac(b"meta:" + body.encode("utf-8"))


def head_mac(key: JournalKey, journal_id: str, seq: int, hash_: str) -> str:
    return key.mac(f"head:{journal_id}:{seq}:{hash_}".encode())


def genesis_anchor(key: JournalKey, journal_id: str) -> str:
    return key.mac(f"genesis:{journal_id}".encode())


def checkpoint_mac(
    key: JournalKey, journal_id: str, seq: int, record_hash: str, state: bytes, modules: str
) -> str:
    digest = hashlib.sha256(state).hexdigest()
    return key.mac(f"checkpoint:{journal_id}:{seq}:{record_hash}:{digest}:{modules}".encode())


# --- files ------------------------------------------------------------------------------------


def archive_dir_for(path: Path, settings: JournalSettings) -> Path:
    return settings.archive_dir if settings.archive_dir is not None else path.parent / "archive"


def archive_name(path: Path, first_seq: int) -> str:
    return f"{path.name}.{first_seq:012d}"


def chain_files(path: Path, archive_dir: Path) -> list[Path]:
    """The chain's files, oldest first: the archived ones, then the live one if it exists."""
    prefix = path.name + "."
    archived: list[Path] = []
    if archive_dir.is_dir():
        for entry in archive_dir.iterdir():
            suffix = entry.name[len(prefix) :]
            if entry.name.startswith(prefix) and len(suffix) == 12 and suffix.isdigit():
                archived.append(entry)
    archived.sort(key=lambda entry: entry.name)
    return archived + ([path] if path.exists() else [])


SQLITE_HEADER = b"SQLite format 3\x00"
FILE_MODE = 0o600  # a journal file, its -wal and -shm (SQLite gives them the file's mode)


def unusable(
    path: Path, error: sqlite3.Error | OSError | UnicodeDecodeError, *, writing: bool = False
) -> JournalError:
    """The error for a file that cannot be used as a journal: what it is and what to do.

    A :class:`UnicodeDecodeError` is SQLite's report about a damaged file that quotes the
    file's broken bytes (Python cannot even decode the message): the file is damaged."""
    if isinstance(error, UnicodeDecodeError):
        return JournalError(
            f"the journal {path} is damaged (SQLite reports bytes that are not text): play "
            "stops until a supervisor has checked it (dealer-assist journal verify) and "
            "restored it from a backup"
        )
    name = getattr(error, "sqlite_errorname", "")
    if name == "SQLITE_NOTADB":
        return JournalError(
            f"{path} is not a dealer-assist journal (not a database file): give the journal's "
            "path, or restore the journal from a backup"
        )
    if name.startswith("SQLITE_CORRUPT"):
        return JournalError(
            f"the journal {path} is damaged ({error}): play stops until a supervisor has "
            "checked it (dealer-assist journal verify) and restored it from a backup"
        )
    reason = error.strerror if isinstance(error, OSError) else str(error)
    if writing:
        return JournalError(
            f"the journal {path} cannot be written ({reason}): play stops; check the disk "
            "(space, errors) and the file's permissions, then start the table again"
        )
    return JournalError(
        f"the journal {path} cannot be opened ({reason}): check that the file and its folder "
        "exist and that this user may read them (and write them, to run a table)"
    )


def check_journal_file(path: Path) -> None:
    """``path`` looks like a journal: an SQLite file with a journal's description (``meta``).
    Else :class:`JournalError` saying what it is. Reads only; run before writing to a file."""
    try:
        with path.open("rb") as handle:
            header = handle.read(len(SQLITE_HEADER))
    except OSError as error:
        raise unusable(path, error) from None
    if header != SQLITE_HEADER:
        raise JournalError(
            f"{path} is not a dealer-assist journal (it is not a database file"
            + (", it is empty" if not header else "")
            + "): give the journal's path, or restore the journal from a backup"
        )
    connection = connect_read_only(path)
    try:
        found = connection.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    except sqlite3.Error as error:
        raise unusable(path, error) from None
    finally:
        connection.close()
    if found is None or found[0] != FORMAT:
        raise JournalError(
            f"{path} is a database but not a dealer-assist journal: give the journal's path"
        )


def connect_read_only(path: Path) -> sqlite3.Connection:
    """Open a journal file without changing it (an auditor's copy, or a running table's).

    Nothing is created beside it and no write permission is needed: a file with no ``-wal``
    beside it (an archived file, or a live one at rest: every record is in the file) is opened
    ``immutable``; a live file with a ``-wal`` (a table is running, or stopped without closing)
    is read through it, read-only.
    """
    if not path.exists():
        raise JournalError(f"no journal file at {path}")
    wal = path.with_name(path.name + "-wal")
    mode = "mode=ro" if wal.exists() else "mode=ro&immutable=1"
    try:
        connection = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True)
    except sqlite3.Error as error:
        raise unusable(path, error) from None
    try:
        connection.execute("SELECT 1 FROM meta LIMIT 1")  # SQLite reads the schema here
    except (sqlite3.Error, UnicodeDecodeError) as error:
        connection.close()
        if getattr(error, "sqlite_errorname", "") == "SQLITE_ERROR":  # no such table
            raise JournalError(
                f"{path} is not a dealer-assist journal (it has no journal description): "
                "give the journal's path, or restore the journal from a backup"
            ) from None
        raise unusable(path, error) from None
    return connection


@dataclass(frozen=True, slots=True)
class StoredCheckpoint:
    """A row of a file's ``checkpoints`` table, as stored (nothing checked yet)."""

    seq: int
    state: bytes
    modules: str
    mac: str


def read_checkpoints(connection: sqlite3.Connection, path: Path) -> list[StoredCheckpoint]:
    """Every checkpoint of the file, newest first; :class:`JournalError` if they cannot be
    read (a damaged page, or a damaged schema that leaves a column empty)."""
    try:
        rows = connection.execute(
            "SELECT seq, CAST(state AS BLOB), CAST(modules AS TEXT), CAST(mac AS TEXT) "
            "FROM checkpoints ORDER BY seq DESC"
        ).fetchall()
        return [
            StoredCheckpoint(int(seq), bytes(state), str(modules), str(mac))
            for seq, state, modules, mac in rows
        ]
    except (sqlite3.DatabaseError, TypeError, ValueError) as error:
        raise JournalError(f"{path}: the checkpoints cannot be read ({error})") from None


def read_meta(connection: sqlite3.Connection) -> dict[str, str]:
    return {str(k): str(v) for k, v in connection.execute("SELECT key, value FROM meta")}


@dataclass(frozen=True, slots=True)
class Head:
    seq: int
    hash: str
    mac: str


def read_head(meta: dict[str, str]) -> Head | None:
    text = meta.get("head")
    if text is None:
        return None
    try:
        data = json.loads(text)
        return Head(seq=int(data["seq"]), hash=str(data["hash"]), mac=str(data["mac"]))
    except (ValueError, KeyError, TypeError):
        return None


def check_meta(meta: dict[str, str], key: JournalKey, path: Path) -> None:
    """The file's description is intact and made with this key, else :class:`JournalError`."""
    if meta.get("format") != FORMAT:
        raise JournalError(f"{path} is not a dealer-assist journal ({meta.get('format')!r})")
    if meta.get("key_fingerprint") != key.fingerprint:
        raise JournalError(
            f"{path} was written with another journal key: use the key in force when it was "
            "written ([journal] key)"
        )
    missing = [k for k in (*META_KEYS, "mac", "head") if k not in meta]
    if missing or meta["mac"] != meta_mac(key, meta):
        raise JournalError(f"{path}: the file's description (meta) was altered")
    head = read_head(meta)
    if head is None or head.mac != head_mac(key, meta["journal_id"], head.seq, head.hash):
        raise JournalError(f"{path}: the file's head (its last record) was altered")


@dataclass(frozen=True, slots=True)
class Row:
    seq: int
    at: str
    table_id: str
    source: str
    type: str
    event: str
    prev_hash: str
    hash: str

    @property
    def fields(self) -> tuple[int, str, str, str, str, str]:
        return (self.seq, self.at, self.table_id, self.source, self.type, self.event)


def iter_rows(connection: sqlite3.Connection, *, after: int = 0) -> Iterator[Row]:
    cursor = connection.execute(
        "SELECT seq, at, table_id, source, type, event, prev_hash, hash FROM records "
        "WHERE seq > ? ORDER BY seq",
        (after,),
    )
    while True:
        batch = cursor.fetchmany(4096)
        if not batch:
            return
        for values in batch:
            yield Row(*values)


def to_record(row: Row, key: JournalKey | None, journal_id: str) -> Record:
    event, _ = decode_event(row.event, key, journal_id, row.seq)
    return Record(seq=row.seq, at=datetime.fromisoformat(row.at), table=row.table_id, event=event)
