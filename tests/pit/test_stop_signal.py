"""A publishing table stopped by SIGINT at any moment exits, and the pit holds all it dealt.

The fault test once found a table (``dealer-assist run``, publishing) that never exited after
its SIGINT: the KeyboardInterrupt had landed on the main thread just after it took the
publisher's lock, the lock stayed held, and the close waited for paho-mqtt, which waited for
that lock. SIGINT is now a stop request the table reads between two inputs
(dealer_assist/cli/stopping.py). Here four real tables on a real broker are stopped many times,
each at a random moment of its dealing, and resumed from their journals.
"""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from dealer_assist.pit.simulate import Simulation, table_id
from tests.pit.faults import journal_seqs, wait_until

TABLES = 4
ROUNDS = 5
SEED = 2029
DEADLINE = 300.0


def _held(store: Path, table: str) -> int:
    """How many of ``table``'s events the pit's store holds (read beside the pit, cheaply)."""
    with sqlite3.connect(f"{store.as_uri()}?mode=ro", uri=True) as db:
        return int(db.execute("SELECT COUNT(*) FROM events WHERE tbl = ?", (table,)).fetchone()[0])


@pytest.mark.slow
def test_tables_stopped_by_sigint_at_random_moments_exit_and_the_pit_holds_all(
    tmp_path: Path,
) -> None:
    rng = random.Random(SEED)
    folder = tmp_path / "stop"
    simulation = Simulation(folder=folder, tables=TABLES, coups=None, pace=0.02)
    deadline = time.monotonic() + DEADLINE
    stops = 0
    try:
        simulation.start()
        model = simulation.model
        assert model is not None
        store = folder / "pit.sqlite"
        for round_ in range(ROUNDS):
            # Each table is stopped once a random number more of its events reached the pit:
            # a moment of its dealing no two rounds share (cards, bets, snapshots, sends).
            for index, process in enumerate(simulation.processes):
                table = table_id(index)
                target = _held(store, table) + rng.randint(1, 60)
                wait_until(
                    lambda t=table, n=target: _held(store, t) >= n,
                    f"{table} to publish {target} events (round {round_})",
                    deadline,
                )
                process.send_signal(signal.SIGINT)
                stops += 1
            for index, process in enumerate(simulation.processes):
                try:
                    process.wait(timeout=max(1.0, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    raise AssertionError(
                        f"{table_id(index)} never exited after SIGINT (round {round_})"
                    ) from None
                err = process.stderr.read().decode() if process.stderr else ""
                assert process.returncode == 0, f"{table_id(index)}: {err}"
                if process.stderr is not None:
                    process.stderr.close()
                if round_ < ROUNDS - 1:
                    simulation.start_table(index)  # resumed from its journal
        expected = {table_id(i): journal_seqs(folder, table_id(i)) for i in range(TABLES)}

        def missing() -> list[tuple[str, int]]:
            held = {
                (table, event["journal"], event["seq"])
                for table in expected
                for event in model.events_of(table)
            }
            return [
                (table, seq)
                for table, (journal, seqs) in expected.items()
                for seq in sorted(seqs)
                if (table, journal, seq) not in held
            ]

        # Each table sent its last records before it exited; the pit's subscription delivers
        # what the broker acknowledged to the table, a moment later at most.
        wait_until(lambda: not missing() and not model.open_gaps(), "the pit to hold all", deadline)
        assert stops == TABLES * ROUNDS
        assert sum(len(seqs) for _, seqs in expected.values()) > TABLES * ROUNDS * 10
        for table in expected:
            assert len(model.events_of(table)) == len(expected[table][1])  # none twice
    finally:
        simulation.close()  # the tables, the pit, the broker
