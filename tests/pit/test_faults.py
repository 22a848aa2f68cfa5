"""Nothing lost, nothing doubled: real processes killed while four tables deal (issue 25, 2).

CI runs a few kills; benchmarks/bench_pit_faults.py runs the issue's 100 broker restarts and 20
pit restarts and records the outcome in docs/benchmarks.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pit.faults import run_faults


@pytest.mark.slow
def test_broker_pit_and_table_killed_while_four_tables_deal(tmp_path: Path) -> None:
    outcome = run_faults(tmp_path / "faults", tables=4, broker_kills=6, pit_kills=3, pace=0.02)
    assert outcome.broker_kills == 6 and outcome.pit_kills == 3 and outcome.table_kills == 1
    assert outcome.records > 4 * 100
    missing = len(outcome.missing)  # a count: pytest's diff of a long list takes minutes
    assert missing == 0, (
        f"{missing} events never reached the pit: {outcome.missing[:10]}\n{outcome.pit_log}"
    )
    assert outcome.duplicates_in_store == 0
    assert outcome.gaps_open == 0
    assert outcome.held == outcome.records
