"""A table rebuilt from its journal: after a crash, a power cut or a normal restart.

:func:`open_table` opens (or creates) the journal, checks it, and returns a controller whose
state is exactly the state the table had after the last record that reached the disk: the
same shoe, coup, cards, bets, commission boxes and open alerts. Nothing the croupier saw can
be missing, because the controller shows an event only after the journal has it on disk.

Replaying months of records at every start would grow without bound, so the journal keeps
**checkpoints**: the table's state (as data, sealed and HMAC'd, tied to the hash of the record
it follows: see :mod:`.checkpoint`)
at the start of every file and every :data:`~dealer_assist.journal.store.CHECKPOINT_EVERY`
records. A restart loads the newest checkpoint and replays only what follows it. A checkpoint
is used only by the very program that wrote it (a digest of the package's source is stored
with it); after a software update the table replays the whole chain once, which is also what
``journal replay`` does. The full replay and the checkpoint give the same state: a test checks
it. Checkpoints of the older format (pickles) are never read: the records are replayed.

At each start the controller also records where it resumed (a ``journal`` device status),
the configuration when it changed since the last start (a ``configuration`` supervisor action
with its digest), and a clock that went backwards while the table was off.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import logging
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import dealer_assist
from dealer_assist.config import TableConfig
from dealer_assist.drivers.base import SourceStatus
from dealer_assist.journal.checkpoint import (
    CheckpointError,
    is_sealed_checkpoint,
    seal_state,
    unseal_state,
)
from dealer_assist.journal.clock import TableClock
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import (
    JournalError,
    Row,
    chain_files,
    checkpoint_mac,
    connect_read_only,
    read_checkpoints,
    to_record,
)
from dealer_assist.journal.store import Journal
from dealer_assist.journal.verify import walk_chain
from dealer_assist.table.controller import RecordSink, TableController
from dealer_assist.table.events import DeviceStatus, Record, SupervisorAction, TableEvent
from dealer_assist.table.state import TableState

_log = logging.getLogger(__name__)

_NOT_STATE = frozenset({"config", "variant", "rules"})  # come from the configuration


# --- the state, as a checkpoint ---------------------------------------------------------------


_code_digest: str | None = None


def code_fingerprint() -> str:
    """A digest of this program's source: a checkpoint is read only by the code that wrote it."""
    global _code_digest
    if _code_digest is None:
        package = Path(dealer_assist.__file__).parent
        digest = hashlib.sha256(dealer_assist.__version__.encode())
        for source in sorted(package.rglob("*.py")):
            digest.update(str(source.relative_to(package)).encode() + b"\0")
            digest.update(source.read_bytes())
        _code_digest = digest.hexdigest()
    return _code_digest


def dump_state(state: TableState, *, configuration: str, key: JournalKey, journal_id: str) -> bytes:
    """The table's state (without its configuration), sealed, for a checkpoint of the journal
    ``journal_id`` (:mod:`.checkpoint`)."""
    data = {k: v for k, v in vars(state).items() if k not in _NOT_STATE}
    return seal_state({"state": data, "configuration": configuration}, key, journal_id=journal_id)


def load_state(
    config: TableConfig, blob: bytes, *, key: JournalKey, journal_id: str
) -> tuple[TableState, str]:
    """The state :func:`dump_state` sealed (its MAC checked first), with ``config``."""
    data = unseal_state(blob, key, journal_id=journal_id)
    state = TableState(config)
    saved = data["state"] if isinstance(data, dict) else None
    if not isinstance(saved, dict) or set(saved) != set(vars(state)) - _NOT_STATE:
        raise JournalError("the checkpoint does not fit this program's table state")
    vars(state).update(saved)
    return state, str(data["configuration"])


def config_digest(config: TableConfig) -> str:
    """What the table was told to do, as one digest (the journal key and paths left out)."""
    plain = dataclasses.replace(config, journal=None, journal_key="", source_file="")
    text = json.dumps(_canonical(plain), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _canonical(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted(json.dumps(_canonical(v), sort_keys=True) for v in value)
    if isinstance(value, tuple | list):
        return [_canonical(v) for v in value]
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Decimal | Path | float):
        return str(value)
    return repr(value)


# --- the controller ---------------------------------------------------------------------------


class ResumableController(TableController):
    """A table controller that can start part-way through a journal (see
    :meth:`TableController.resume`) and remembers the configuration the journal last recorded."""

    configuration = ""  # digest of the configuration last recorded

    def resume(self, *, seq: int, state: TableState | None, records: Iterable[Record]) -> None:
        records = list(records)
        for record in records:
            self._note_configuration(record.event)
        super().resume(seq=seq, state=state, records=records)

    def _note_configuration(self, event: TableEvent) -> None:
        if isinstance(event, SupervisorAction) and event.action == "configuration":
            self.configuration = event.detail.split()[0].removeprefix("sha256:")


class JournaledController(ResumableController):
    """A table controller writing to a journal, one transaction per input.

    Every record an input causes (a card read: the card, the coup's result, its settlement,
    the shoe's end) is written before it is applied, as in the base class, and the
    transaction is committed before anything is published: before the snapshot, the draw
    indicator and the record listeners (the JSON stream) see it. A crash therefore loses at
    most an input nobody has seen, never part of one. It also records clock steps, and after
    publishing writes a checkpoint when one is due and copies the WAL back into the file now
    and then (so the croupier never waits for either). It uses the base class's extension
    points only (``_recording``, ``_make_durable``, ``_published``).
    """

    def __init__(self, config: TableConfig, *, journal: Journal, clock: TableClock) -> None:
        super().__init__(config, clock=clock.now, journal=journal.append)
        journal.autocommit = False
        self.journal = journal
        self.table_clock = clock
        self._unpublished: list[Record] = []
        self._durable_listeners: list[RecordSink] = []
        super().on_record(self._unpublished.append)

    def on_record(self, listener: RecordSink) -> None:
        """``listener`` gets each record once it is durable."""
        self._durable_listeners.append(listener)

    def note(self, event: TableEvent) -> None:
        """Record an event from outside the game (a sign-in, a start). Table thread only."""
        self._record(event)
        self._publish()

    def _recording(self, event: TableEvent) -> Iterable[TableEvent]:
        self._note_configuration(event)
        step = self.table_clock.check()
        return () if step is None else (step,)

    def _make_durable(self) -> None:
        self.journal.commit()
        while self._unpublished:
            records, self._unpublished[:] = list(self._unpublished), []
            for record in records:
                for listener in self._durable_listeners:
                    listener(record)

    def _published(self) -> None:
        self._make_durable()
        journal = self.journal
        if journal.checkpoint_due():
            try:
                state = dump_state(
                    self.state,
                    configuration=self.configuration,
                    key=journal.key,
                    journal_id=journal.journal_id,
                )
            except CheckpointError as error:
                # A restart then replays the records instead: slower, still exact.
                _log.error("no checkpoint after record %s: %s", self.seq, error)
                journal.skip_checkpoint()
            else:
                journal.write_checkpoint(self.seq, state, code_fingerprint())
        journal.tidy()


@dataclass(frozen=True, slots=True)
class Recovery:
    """What a start found: how far the journal goes and how the state was rebuilt."""

    last_seq: int
    checkpoint: int | None  # the record the checkpoint followed, if one was used
    replayed: int  # records replayed after it (or from the chain's start)
    files: int

    @property
    def fresh(self) -> bool:
        return self.last_seq == 0


@dataclass(frozen=True, slots=True)
class _Checkpoint:
    seq: int
    state: bytes
    modules: str
    mac: str
    journal_id: str


def _latest_checkpoint(files: list[Path]) -> _Checkpoint | None:
    """The newest checkpoint this program wrote. One of an older format (a pickle, before
    checkpoints were sealed) is never read: the records are replayed instead."""
    fingerprint = code_fingerprint()
    for file in reversed(files):
        connection = connect_read_only(file)
        try:
            journal_id = dict(connection.execute("SELECT key, value FROM meta"))["journal_id"]
            rows = read_checkpoints(connection, file)
        except (sqlite3.DatabaseError, KeyError) as error:
            raise JournalError(f"{file}: the checkpoints cannot be read ({error})") from None
        finally:
            connection.close()
        for row in rows:
            if row.modules == fingerprint and is_sealed_checkpoint(row.state):
                return _Checkpoint(row.seq, row.state, row.modules, row.mac, str(journal_id))
    return None


def recover(controller: JournaledController, journal: Journal) -> Recovery:
    """Rebuild ``controller`` from ``journal``: the newest usable checkpoint, then the rest."""
    key = journal.key
    files = chain_files(journal.path, journal.archive_dir)
    checkpoint = _latest_checkpoint(files)
    records: list[Record] = []

    def visit(row: Row, meta: dict[str, str]) -> None:
        records.append(to_record(row, key, meta["journal_id"]))

    start = 0 if checkpoint is None else checkpoint.seq + 1
    remember = frozenset() if checkpoint is None else frozenset({checkpoint.seq})
    report = walk_chain(
        journal.path, key, journal.archive_dir, from_seq=start, visit=visit, remember=remember
    )
    if report.problem is not None:
        raise JournalError(
            f"the journal is damaged: {report.problem}. Play stops until a supervisor has "
            "checked it (dealer-assist journal verify) and restored the files"
        )
    if checkpoint is None:
        controller.resume(seq=report.first_seq - 1, state=None, records=records)
        return Recovery(report.last_seq, None, len(records), len(report.files))
    expected = checkpoint_mac(
        key,
        checkpoint.journal_id,
        checkpoint.seq,
        report.hashes.get(checkpoint.seq, ""),
        checkpoint.state,
        checkpoint.modules,
    )
    if expected != checkpoint.mac:
        raise JournalError(
            f"the checkpoint after record {checkpoint.seq} was altered: play stops until a "
            "supervisor has checked the journal (dealer-assist journal verify)"
        )
    state, configuration = load_state(
        controller.config, checkpoint.state, key=key, journal_id=checkpoint.journal_id
    )
    controller.configuration = configuration
    controller.resume(seq=checkpoint.seq, state=state, records=records)
    return Recovery(report.last_seq, checkpoint.seq, len(records), len(report.files))


def open_table(
    config: TableConfig,
    *,
    clock: TableClock | None = None,
    durable: bool = True,
) -> tuple[JournaledController, Recovery]:
    """The table of ``config``, rebuilt from its journal (``config.journal``, created if there
    is none). Close ``controller.journal`` when the table stops."""
    if config.journal is None:
        raise JournalError("no journal path: give --journal PATH or set [journal] path")
    key = JournalKey.from_text(config.journal_key)
    settings = config.journal_settings
    clock = clock or TableClock(forward_limit=timedelta(seconds=settings.clock_step_seconds))
    journal = Journal.open(
        config.journal,
        key=key,
        table_id=config.table_id,
        settings=settings,
        clock=clock.now,
        durable=durable,
        autocommit=False,
    )
    try:
        controller = JournaledController(config, journal=journal, clock=clock)
        recovery = recover(controller, journal)
        step = clock.check_restart(journal.last_at)
        if step is not None:
            controller.note(step)
        detail = (
            "new journal"
            if recovery.fresh
            else f"resumed after record {recovery.last_seq}"
            + (f" from the checkpoint at {recovery.checkpoint}" if recovery.checkpoint else "")
            + f", {recovery.replayed} records replayed"
        )
        controller.note(DeviceStatus(source="journal", status=SourceStatus.OPEN, detail=detail))
        digest = config_digest(config)
        if digest != controller.configuration:
            controller.note(
                SupervisorAction(
                    action="configuration",
                    role="technician",
                    detail=f"sha256:{digest} {config.source_file}",
                )
            )
    except BaseException:
        journal.close()
        raise
    return controller, recovery
