"""The fault scenario with real processes: a broker killed and restarted while tables deal, the
pit killed and restarted, a table killed mid-coup and resumed from its journal.

At the end the pit's store must hold every published record of every table's journal exactly
once, with every gap it noticed filled. tests/pit/test_faults.py runs it with a few kills;
benchmarks/bench_pit_faults.py with the issue's 100 broker and 20 pit restarts.
"""

from __future__ import annotations

import contextlib
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from dealer_assist.journal.rows import chain_files, connect_read_only, iter_rows, read_meta
from dealer_assist.pit.simulate import Simulation, table_id
from dealer_assist.pit.topics import NOT_PUBLISHED
from tests.pit.conftest import end, python_env

DEADLINE = 600.0


@dataclass
class Outcome:
    tables: int
    records: int  # published records in the journals
    held: int  # events in the pit's store
    duplicates_in_store: int
    missing: list[tuple[str, int]] = field(default_factory=list)
    gaps: int = 0
    gaps_open: int = 0
    broker_kills: int = 0
    pit_kills: int = 0
    table_kills: int = 0
    seconds: float = 0.0
    pit_log: str = ""


def _store_count(store: Path) -> int:
    if not store.exists():
        return 0
    try:
        with sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True) as db:
            return int(db.execute("SELECT COUNT(*) FROM events").fetchone()[0])
    except sqlite3.Error:
        return 0


def _missing(store: Path, expected: dict[str, tuple[str, set[int]]]) -> int:
    """How many of ``expected``'s events the pit's store lacks (-1: not readable now)."""
    try:
        with sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True) as db:
            held = set(db.execute("SELECT tbl, journal, seq FROM events").fetchall())
    except sqlite3.Error:
        return -1
    return sum(
        (table, journal, seq) not in held
        for table, (journal, seqs) in expected.items()
        for seq in seqs
    )


def _open_gaps(store: Path) -> int:
    try:
        with sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True) as db:
            return int(db.execute("SELECT COUNT(*) FROM gaps WHERE filled IS NULL").fetchone()[0])
    except sqlite3.Error:
        return -1


def journal_seqs(folder: Path, table: str) -> tuple[str, set[int]]:
    """The journal id and the sequence numbers of the records a table publishes."""
    path = folder / f"{table}.journal"
    seqs: set[int] = set()
    journal = ""
    for file in chain_files(path, folder / "archive"):
        connection = connect_read_only(file)
        try:
            journal = read_meta(connection)["journal_id"]
            seqs |= {row.seq for row in iter_rows(connection) if row.type not in NOT_PUBLISHED}
        finally:
            connection.close()
    return journal, seqs


def wait_until(condition: object, what: str, deadline: float) -> None:
    """Look at ``condition`` until it holds; an AssertionError naming ``what`` past ``deadline``."""
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting: {what}")
        time.sleep(0.02)


def run_faults(
    folder: Path, *, tables: int, broker_kills: int, pit_kills: int, pace: float
) -> Outcome:
    """Tables deal (a whole shoe at most) while the broker and the pit are killed in turns."""
    started = time.monotonic()
    deadline = started + DEADLINE
    simulation = Simulation(folder=folder, tables=tables, coups=None, pace=pace)
    folder.mkdir(parents=True, exist_ok=True)
    broker = simulation.start_broker()
    store = folder / "pit.sqlite"
    pit_log = (folder / "pit.log").open("a")  # what each pit process said, for a failure

    def start_pit() -> subprocess.Popen[str]:
        """The pit as a real process, its store kept across restarts."""
        return subprocess.Popen(
            [
                sys.executable,
                "-m",
                "dealer_assist.cli",
                "pit",
                "--broker",
                broker.url,
                "--json",
                "--store",
                str(store),
                "--name",
                "faults",
            ],
            stdout=subprocess.DEVNULL,
            stderr=pit_log,
            text=True,
            env=python_env(),
        )

    pit = start_pit()
    outcome = Outcome(tables=tables, records=0, held=0, duplicates_in_store=0)
    try:
        for index in range(tables):
            simulation.start_table(index)
        # A table killed mid-coup (SIGKILL) and resumed from its journal.
        first = simulation.processes[0]
        wait_until(lambda: _store_count(store) > 20, "the first events in the pit", deadline)
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        if first.stderr is not None:
            first.stderr.close()
        simulation.start_table(0)
        outcome.table_kills = 1
        kills = max(broker_kills, pit_kills)
        for round_ in range(kills):
            before = _store_count(store)
            wait_until(
                lambda n=before: _store_count(store) > n, "the pit to hold more events", deadline
            )
            if round_ < broker_kills:
                broker.kill()
                broker.run()
                outcome.broker_kills += 1
            if round_ < pit_kills:
                pit.send_signal(signal.SIGKILL)
                end(pit)
                pit = start_pit()
                outcome.pit_kills += 1
        # The faults are over. A loss shows only when a later message of that table arrives:
        # wait until the pit holds everything the journals held a moment ago (and has no gap
        # open), so every loss of the faults was seen and filled while the tables run. Then
        # they stop (as a croupier closes a table: SIGINT) and their last events arrive on a
        # steady broker.
        running = {table_id(i): journal_seqs(folder, table_id(i)) for i in range(tables)}
        wait_until(
            lambda: not _missing(store, running) and _open_gaps(store) == 0,
            "the pit to hold what the journals held once the faults ended",
            deadline,
        )
        for process in simulation.processes:
            process.send_signal(signal.SIGINT)
        for process in simulation.processes:
            process.wait(timeout=max(1.0, deadline - time.monotonic()))
            assert process.returncode == 0, process.stderr.read() if process.stderr else ""
        expected = {table_id(i): journal_seqs(folder, table_id(i)) for i in range(tables)}
        outcome.records = sum(len(seqs) for _, seqs in expected.values())

        def complete() -> bool:
            with sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True) as db:
                rows = db.execute("SELECT tbl, journal, seq FROM events").fetchall()
                open_gaps = db.execute("SELECT COUNT(*) FROM gaps WHERE filled IS NULL")
                still_open = int(open_gaps.fetchone()[0])
            held = Counter(rows)
            outcome.held = len(rows)
            outcome.duplicates_in_store = sum(n - 1 for n in held.values())
            outcome.missing = [
                (table, seq)
                for table, (journal, seqs) in expected.items()
                for seq in sorted(seqs)
                if (table, journal, seq) not in held
            ]
            outcome.gaps_open = still_open
            return not outcome.missing and not still_open

        if pit.poll() is not None:
            outcome.pit_log += f"the pit exited with {pit.returncode}\n"
        with contextlib.suppress(AssertionError):  # the outcome says what is missing
            wait_until(
                complete, "the pit to hold every event", min(deadline, time.monotonic() + 60)
            )
        with sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True) as db:
            outcome.gaps = int(db.execute("SELECT COUNT(*) FROM gaps").fetchone()[0])
    finally:
        end(pit)
        pit_log.close()
        simulation.close()
        broker.stop()
    outcome.pit_log += (folder / "pit.log").read_text("utf-8")[-2000:]
    outcome.seconds = round(time.monotonic() - started, 1)
    return outcome
