"""The pit (issue 25): nothing lost, nothing doubled, with the broker killed 100 times and the
pit killed 20 times while four tables deal, and one table killed mid-coup and resumed.

Real processes: a Mosquitto child (SIGKILL, restarted on the same port with its persistence),
``dealer-assist pit --json --store`` (SIGKILL, restarted with its store) and four
``dealer-assist run`` tables with journals publishing to the broker. tests/pit/test_faults.py
runs the same scenario with a few kills.

    python benchmarks/bench_pit_faults.py [--broker-kills 100] [--pit-kills 20] [--pace 0.1]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import emit, machine, section

from tests.pit.faults import run_faults


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--broker-kills", type=int, default=100)
    parser.add_argument("--pit-kills", type=int, default=20)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--pace", type=float, default=0.1, help="seconds between cards")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        outcome = run_faults(
            Path(folder) / "faults",
            tables=args.tables,
            broker_kills=args.broker_kills,
            pit_kills=args.pit_kills,
            pace=args.pace,
        )
    rows = [
        ("tables dealing (one killed mid-coup, resumed from its journal)", outcome.tables),
        ("broker SIGKILLed and restarted", outcome.broker_kills),
        ("pit SIGKILLed and restarted", outcome.pit_kills),
        ("records published by the tables' journals", outcome.records),
        ("events the pit holds", outcome.held),
        ("events held twice", outcome.duplicates_in_store),
        ("events missing", len(outcome.missing)),
        ("gaps the pit noticed (all asked for again)", outcome.gaps),
        ("gaps still open at the end", outcome.gaps_open),
        ("wall time", f"{outcome.seconds} s"),
    ]
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    command = (
        "python benchmarks/bench_pit_faults.py"
        if argv is None or not argv
        else "python benchmarks/bench_pit_faults.py " + " ".join(argv)
    )
    emit(
        section(
            "Pit: broker and pit killed while tables deal (issue 25)",
            command,
            ("measure", "result"),
            rows,
            f"{machine()}; load average {load} at the end. A gap is a run of events the broker "
            "lost when it was killed (it had acknowledged them to the table, but had not saved "
            "or delivered them): the pit notices it from the next event's `prev` or the "
            "table's summary, says so, and asks the table, which sends them again from its "
            "journal.",
        )
    )
    ok = not outcome.missing and not outcome.duplicates_in_store and not outcome.gaps_open
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
