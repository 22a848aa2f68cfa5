"""Fuzz the configuration loader far beyond the test suite's 2,000 derandomized files.

Each run draws fresh files (valid keys with wrong types and values, unknown keys and sections,
NaN and infinities, huge numbers, deep nesting, bytes that are not UTF-8, cut-short files: see
``tests/table/config_fuzz.py``) and loads each one; every file must give a configuration or a
``ConfigError`` naming the key, within 10 s. A failure prints the smallest file hypothesis finds.

    .venv/bin/python benchmarks/bench_fuzz_config.py                  # 20,000 files
    .venv/bin/python benchmarks/bench_fuzz_config.py --files 5000 --seed 7
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from dealer_assist.errors import ConfigError  # noqa: E402
from tests.table.config_fuzz import check_file, files  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=20_000, help="how many files to load")
    parser.add_argument("--seed", type=int, default=None, help="default: a fresh one")
    args = parser.parse_args(argv)
    run_seed = random.SystemRandom().randrange(2**32) if args.seed is None else args.seed
    outcomes: Counter[str] = Counter()
    slowest = 0.0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.toml"

        @seed(run_seed)
        @settings(
            max_examples=args.files,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(files())
        def load(data: bytes) -> None:
            nonlocal slowest
            started = time.perf_counter()
            result = check_file(path, data)
            slowest = max(slowest, time.perf_counter() - started)
            if isinstance(result, ConfigError) and "unknown section" in result.problem:
                outcomes["(an unknown section)"] += 1
            elif isinstance(result, ConfigError):
                outcomes[result.field.split(".")[0].split("[")[0] or "(the file)"] += 1
            else:
                outcomes["accepted"] += 1

        started = time.perf_counter()
        load()
        elapsed = time.perf_counter() - started
    total = sum(outcomes.values())
    print("## Configuration fuzz (issue 23)\n")
    print(f"Command: `python {' '.join(sys.argv)}` (seed {run_seed})\n")
    print(
        f"{total:,} files loaded in {elapsed:.0f} s ({elapsed / total * 1000:.1f} ms a file, "
        f"the slowest {slowest * 1000:.0f} ms): no traceback, no hang; every refusal is a "
        "ConfigError naming the file and the key.\n"
    )
    print("| outcome | files |")
    print("|---|---:|")
    for name, count in sorted(outcomes.items(), key=lambda item: -item[1]):
        label = name if name.startswith(("accepted", "(")) else f"refused: `{name}`"
        label = f"refused: {label}" if label.startswith("(") else label
        print(f"| {label} | {count:,} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
