"""Every command fed nonsense, many more cases than CI runs: no traceback, hang or exit 0.

    python benchmarks/bench_fuzz_commands.py [CASES_PER_COMMAND]    # default 1000

Runs tests/test_cli_fuzz.py with ``DEALER_ASSIST_FUZZ_EXAMPLES`` set (fresh random cases each
run, not the fixed CI ones) and reports the cases, the time and any failure.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _common import emit, now, section  # noqa: E402

ROOT = HERE.parent
FUZZ = "tests/test_cli_fuzz.py"


def main(argv: list[str]) -> int:
    per_test = int(argv[0]) if argv else 1000
    environment = {**os.environ, "DEALER_ASSIST_FUZZ_EXAMPLES": str(per_test)}
    started = now()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", FUZZ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment,
        check=False,
    )
    elapsed = now() - started
    tail = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""
    tests = sum(int(word) for word, kind in _counts(tail) if kind in ("passed", "failed"))
    cases = tests * per_test
    failures = [line for line in result.stdout.splitlines() if line.startswith("FAILED")]
    emit(
        section(
            "Command fuzzing: nonsense arguments to every command (issue 23)",
            f"python benchmarks/bench_fuzz_commands.py {per_test}",
            ["cases", "commands and soups", "time", "cases per second", "result"],
            [
                [
                    f"{cases:,}",
                    tests,
                    f"{elapsed:.0f} s",
                    f"{cases / elapsed:.0f}",
                    "no traceback, hang or exit 0" if result.returncode == 0 else tail,
                ]
            ],
            "Each case is one command line run in-process by `dealer_assist.cli.main` under a "
            "30 s guard; CI runs the same test with a fixed, smaller set of cases."
            + ("\n\n" + "\n".join(failures) if failures else ""),
        )
    )
    if result.returncode != 0:
        sys.stderr.write(result.stdout[-5000:])
    return result.returncode


def _counts(line: str) -> list[tuple[str, str]]:
    words = line.replace(",", " ").split()
    return [(words[i], words[i + 1]) for i in range(len(words) - 1) if words[i].isdigit()]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
