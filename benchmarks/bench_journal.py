"""Journal speed (issue 5): what journaling adds to a card event, and how long a restart takes.

Targets: journaling adds at most 5 ms p99 per card event, fsync included; recovering a
10,000-coup journal takes at most 2 s.

    python benchmarks/bench_journal.py [--coups 10000] [--dir FOLDER]

``--dir`` puts the journals on the disk to be measured (default: the system's temporary
folder): the fsync of every commit is what dominates the first measure.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import emit, machine, median, percentile, section

from dealer_assist.config import TableConfig, parse_config
from dealer_assist.drivers.base import CardRead
from dealer_assist.journal import recovery
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import archive_dir_for
from dealer_assist.journal.simulation import deal_mock_table
from dealer_assist.journal.verify import walk_chain
from dealer_assist.table.controller import TableController

KEY = "benchmark key, not a secret one"


def config_for(journal: Path, **table: Any) -> TableConfig:
    return parse_config(
        {
            "table": {"shuffle_check": False, **table},
            "odds": {"advantage_alerts": False},
            "journal": {"path": str(journal), "key": KEY},
        },
        source="<bench>",
    )


class Timed:
    """Wraps the journal's append and commit, adding their time to the current card event."""

    def __init__(self, journal: Any) -> None:
        self.spent = 0.0
        for name in ("append", "commit"):
            original = getattr(journal, name)
            setattr(journal, name, self._wrap(original))

    def _wrap(self, original: Any) -> Any:
        def timed(*args: Any) -> Any:
            start = time.perf_counter()
            try:
                return original(*args)
            finally:
                self.spent += time.perf_counter() - start

        return timed


def card_events(folder: Path, coups: int) -> tuple[list[float], list[float], list[float]]:
    """Per card event: journal time (append + commit, fsync included), the whole event with a
    journal, and the whole event on a table without one."""
    journal_ms: list[float] = []
    with_ms: list[float] = []
    without_ms: list[float] = []

    def measure(controller: TableController, timed: Timed | None, out: list[float]) -> None:
        original = controller.on_source_event

        def on_source_event(event: Any) -> None:
            if timed is not None:
                timed.spent = 0.0
            start = time.perf_counter()
            original(event)
            elapsed = time.perf_counter() - start
            if isinstance(event, CardRead):
                out.append(elapsed * 1000)
                if timed is not None:
                    journal_ms.append(timed.spent * 1000)

        controller.on_source_event = on_source_event  # type: ignore[method-assign]

    config = config_for(folder / "cards.journal")
    controller, _ = recovery.open_table(config)  # durable: synchronous=FULL, fsync per commit
    measure(controller, Timed(controller.journal), with_ms)
    deal_mock_table(controller, seed=11, coups=coups, bet_seed=11)
    controller.journal.close()

    plain = TableController(config_for(folder / "unused"))
    measure(plain, None, without_ms)
    deal_mock_table(plain, seed=11, coups=coups, bet_seed=11)
    return journal_ms, with_ms, without_ms


def raw_fsync(folder: Path, count: int) -> list[float]:
    """The disk alone: append 400 bytes to a file and fsync it, ``count`` times."""
    timings = []
    handle = os.open(folder / "fsync.probe", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for _ in range(count):
            start = time.perf_counter()
            os.write(handle, b"x" * 400)
            os.fsync(handle)
            timings.append((time.perf_counter() - start) * 1000)
    finally:
        os.close(handle)
    return timings


def write_long_journal(folder: Path, coups: int) -> tuple[TableConfig, float, int]:
    config = config_for(folder / "long.journal")
    start = time.perf_counter()
    controller, _ = recovery.open_table(config, durable=False)
    deal_mock_table(controller, seed=21, coups=coups, bet_seed=21)
    records = controller.seq
    controller.journal.close()
    return config, time.perf_counter() - start, records


def restart(config: TableConfig, runs: int) -> tuple[list[float], Any]:
    timings = []
    found = None
    for _ in range(runs):
        start = time.perf_counter()
        controller, found = recovery.open_table(config)
        timings.append(time.perf_counter() - start)
        controller.journal.close()
    return timings, found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--coups", type=int, default=10_000, help="coups in the long journal")
    parser.add_argument("--card-coups", type=int, default=300, help="coups timed card by card")
    parser.add_argument("--dir", type=Path, help="where to write the journals")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-journal-", dir=args.dir))
    try:
        journal_ms, with_ms, without_ms = card_events(folder, args.card_coups)
        fsync_ms = raw_fsync(folder, len(journal_ms))
        memory = Path("/dev/shm")
        memory_ms: list[float] = []
        if memory.is_dir():
            in_memory = Path(tempfile.mkdtemp(prefix="bench-journal-", dir=memory))
            try:
                memory_ms = card_events(in_memory, args.card_coups)[0]
            finally:
                shutil.rmtree(in_memory, ignore_errors=True)
        config, write_s, records = write_long_journal(folder, args.coups)
        restarts, found = restart(config, 3)

        real = recovery.code_fingerprint
        recovery.code_fingerprint = lambda: "another program version"  # type: ignore[assignment]
        try:
            full, _ = restart(config, 1)
        finally:
            recovery.code_fingerprint = real
        assert config.journal is not None
        start = time.perf_counter()
        report = walk_chain(
            config.journal,
            JournalKey.from_text(KEY),
            archive_dir_for(config.journal, config.journal_settings),
        )
        verify_s = time.perf_counter() - start
        assert report.problem is None
    finally:
        shutil.rmtree(folder, ignore_errors=True)

    def ms(values: list[float]) -> str:
        return f"{median(values):.2f} ms median, {percentile(values, 0.99):.2f} ms p99"

    rows = [
        (
            "journal time per card event (append + commit, fsync)",
            ms(journal_ms),
            "≤ 5 ms p99",
        ),
        ("the disk alone: write 400 bytes and fsync", ms(fsync_ms), ""),
        (
            "journal time per card event on a memory file system (no disk wait)",
            ms(memory_ms) if memory_ms else "n/a",
            "",
        ),
        ("card event with the journal (whole input)", ms(with_ms), ""),
        ("card event without a journal", ms(without_ms), ""),
        (
            f"restart on a {args.coups:,}-coup journal ({records:,} records, {found.files} files)",
            f"{median(restarts):.2f} s median of 3, {found.replayed} records replayed "
            f"after the checkpoint",
            "≤ 2 s",
        ),
        ("the same without a usable checkpoint (after an update)", f"{full[0]:.2f} s", ""),
        ("journal verify of the whole chain", f"{verify_s:.2f} s", ""),
    ]
    where = args.dir or tempfile.gettempdir()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    notes = (
        f"{machine()}; load average {load} at the end (other work shares the machine and its "
        f"disk). {len(journal_ms)} card events over {args.card_coups} coups on a durable "
        f"journal (synchronous=FULL, one commit per input) in {where}; "
        f"seven seats of simulated bets. The long journal ({write_s:.0f} s to write, fsync off) "
        "rotates by shoe; a restart checks every file's description and links, the live file "
        "record by record, loads the newest checkpoint and replays what follows."
    )
    emit(
        section(
            "Journal and recovery (issue 5)",
            "python benchmarks/bench_journal.py",
            ("measure", "result", "target"),
            rows,
            notes,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
