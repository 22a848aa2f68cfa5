"""Checking a journal's hash chain: every file, every link, every record.

:func:`walk_chain` is the one place that reads a chain. ``journal verify`` walks it all; a
restarting table walks the file descriptions and links of every file and every record of the
files it replays; the audit tools walk it all and decode the events. The first break stops
the walk and is reported as a :class:`Problem` naming the record and what is wrong with it:

* a record **altered** (its fields no longer give its hash),
* a record **missing** (the sequence jumps: a row was deleted),
* a record **out of place** (it does not follow the one before: rows reordered or inserted),
* records **cut off the end** (the file's head names a later record),
* a file **missing**, **altered** (its description) or **foreign** (another key, another chain),
* a **checkpoint altered** (its bytes no longer give its MAC, or it follows no record).

Every checkpoint of every file walked record by record is checked (:mod:`.checkpoint`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from dealer_assist.errors import DealerAssistError
from dealer_assist.journal.checkpoint import is_sealed_checkpoint
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import (
    JournalError,
    Row,
    chain_files,
    check_meta,
    checkpoint_mac,
    connect_read_only,
    iter_rows,
    read_checkpoints,
    read_head,
    read_meta,
    row_hash,
)

Visit = Callable[[Row, dict[str, str]], None]


@dataclass(frozen=True, slots=True)
class Problem:
    """The first thing wrong with a journal: which record (if one is to blame) and what."""

    file: Path
    seq: int | None
    reason: str

    def __str__(self) -> str:
        where = f"record {self.seq}" if self.seq is not None else "the journal"
        return f"{where}: {self.reason} ({self.file})"


@dataclass(slots=True)
class ChainReport:
    files: list[Path] = field(default_factory=list)
    pruned: list[Path] = field(default_factory=list)
    first_seq: int = 0
    last_seq: int = 0
    records_checked: int = 0
    problem: Problem | None = None
    hashes: dict[int, str] = field(default_factory=dict)  # of the records asked for
    checkpoints_checked: int = 0
    old_checkpoints: int = 0  # of the pickled format: intact, but never read

    @property
    def ok(self) -> bool:
        return self.problem is None


class _Broken(DealerAssistError):
    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def walk_chain(
    path: Path,
    key: JournalKey,
    archive_dir: Path,
    *,
    from_seq: int = 0,
    visit: Visit | None = None,
    remember: frozenset[int] = frozenset(),
) -> ChainReport:
    """Check the chain whose live file is ``path``; hand each record from ``from_seq`` on to
    ``visit`` once it is proven intact.

    Files holding only records before ``from_seq`` are checked by their description, head and
    links (cheap); the others record by record. ``from_seq=0`` checks everything. The hashes of
    the records in ``remember`` are kept in the report (a checkpoint is tied to one).
    """
    report = ChainReport()
    try:
        _walk(path, key, archive_dir, from_seq, visit, remember, report)
    except _Broken as broken:
        report.problem = broken.problem
    return report


def _walk(
    path: Path,
    key: JournalKey,
    archive_dir: Path,
    from_seq: int,
    visit: Visit | None,
    remember: frozenset[int],
    report: ChainReport,
) -> None:
    files = chain_files(path, archive_dir)
    if not path.exists():
        reason = "the live journal file is missing" if files else "there is no journal here"
        raise _Broken(Problem(path, None, reason))
    newest = _meta_of(path, key)
    start_seq = int(newest["chain_start_seq"])
    start_anchor = newest["chain_start_anchor"]
    expected_seq, expected_prev = start_seq, start_anchor
    report.first_seq = start_seq
    previous_name = ""
    started = False
    for file in files:
        meta = _meta_of(file, key)
        first = int(meta["first_seq"])
        if not started and first < start_seq and file != path:
            report.pruned.append(file)  # past retention: left over from a rotation
            continue
        started = True
        report.files.append(file)
        if first != expected_seq:
            if first > expected_seq:
                reason = f"records {expected_seq} to {first - 1} are missing (a file is gone)"
            else:
                reason = "the file repeats records of the file before it"
            raise _Broken(Problem(file, expected_seq, reason))
        if meta["anchor"] != expected_prev or (
            previous_name and meta["previous_file"] != previous_name
        ):
            raise _Broken(Problem(file, first, "the file does not follow the file before it"))
        head = read_head(meta)
        assert head is not None  # _meta_of checked it
        if head.seq < from_seq and not any(first <= seq <= head.seq for seq in remember):
            expected_seq, expected_prev = head.seq + 1, head.hash
        else:
            expected_seq, expected_prev = _walk_rows(
                file, meta, key, expected_seq, expected_prev, from_seq, visit, remember, report
            )
            if head.seq != expected_seq - 1 or head.hash != expected_prev:
                if head.seq >= expected_seq:
                    reason = f"records {expected_seq} to {head.seq} were cut off the end"
                else:
                    reason = "the file's head does not name its last record"
                raise _Broken(Problem(file, expected_seq, reason))
        previous_name = file.name
    report.last_seq = expected_seq - 1


def _meta_of(file: Path, key: JournalKey) -> dict[str, str]:
    try:
        connection = connect_read_only(file)
        try:
            meta = read_meta(connection)
        finally:
            connection.close()
        check_meta(meta, key, file)
    except (JournalError, sqlite3.DatabaseError) as error:
        raise _Broken(Problem(file, None, str(error))) from None
    return meta


def _walk_rows(
    file: Path,
    meta: dict[str, str],
    key: JournalKey,
    expected_seq: int,
    expected_prev: str,
    from_seq: int,
    visit: Visit | None,
    remember: frozenset[int],
    report: ChainReport,
) -> tuple[int, str]:
    try:
        connection = connect_read_only(file)
    except JournalError as error:
        raise _Broken(Problem(file, None, str(error))) from None
    try:
        checkpoints = _checkpoints_of(connection, file)
        for row in iter_rows(connection):
            if row.seq != expected_seq:
                if row.seq > expected_seq:
                    reason = f"missing: the next record is {row.seq} (a record was deleted)"
                else:
                    reason = "out of order"
                raise _Broken(Problem(file, expected_seq, reason))
            if row.prev_hash != expected_prev:
                raise _Broken(
                    Problem(
                        file,
                        row.seq,
                        f"out of place: it does not follow record {row.seq - 1} "
                        "(records reordered, inserted or deleted)",
                    )
                )
            if row_hash(key, row.prev_hash, row.fields) != row.hash:
                raise _Broken(Problem(file, row.seq, "altered: its contents do not match its hash"))
            report.records_checked += 1
            checkpoint = checkpoints.pop(row.seq, None)
            if checkpoint is not None:
                _check_checkpoint(file, meta, key, row, checkpoint, report)
            if row.seq in remember:
                report.hashes[row.seq] = row.hash
            if visit is not None and row.seq >= from_seq:
                visit(row, meta)
            expected_seq, expected_prev = row.seq + 1, row.hash
    except sqlite3.DatabaseError as error:
        raise _Broken(Problem(file, expected_seq, f"unreadable ({error})")) from None
    finally:
        connection.close()
    if checkpoints:
        seq = min(checkpoints)
        raise _Broken(
            Problem(file, None, f"the checkpoint after record {seq} follows no record of the file")
        )
    return expected_seq, expected_prev


_Stored = tuple[bytes, str, str]  # a checkpoint's state, program digest and MAC


def _checkpoints_of(connection: sqlite3.Connection, file: Path) -> dict[int, _Stored]:
    try:
        rows = read_checkpoints(connection, file)
    except JournalError as error:
        raise _Broken(Problem(file, None, str(error))) from None
    return {row.seq: (row.state, row.modules, row.mac) for row in rows}


def _check_checkpoint(
    file: Path,
    meta: dict[str, str],
    key: JournalKey,
    row: Row,
    checkpoint: _Stored,
    report: ChainReport,
) -> None:
    """A checkpoint must carry the MAC of its bytes, tied to the record it follows."""
    state, modules, mac = checkpoint
    if checkpoint_mac(key, meta["journal_id"], row.seq, row.hash, state, modules) != mac:
        raise _Broken(Problem(file, None, f"the checkpoint after record {row.seq} was altered"))
    report.checkpoints_checked += 1
    if not is_sealed_checkpoint(state):
        report.old_checkpoints += 1
