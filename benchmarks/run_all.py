"""Run every benchmark script and write the results to docs/benchmarks.md.

    python benchmarks/run_all.py                 # all of them (several minutes)
    python benchmarks/run_all.py rules table     # only bench_rules.py and bench_table.py

Each ``bench_*.py`` prints one markdown section; sections not run this time are kept from the
previous docs/benchmarks.md, so one benchmark can be refreshed without rerunning the rest.
"""

from __future__ import annotations

import datetime
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "docs" / "benchmarks.md"
sys.path.insert(0, str(HERE))

from _common import machine  # noqa: E402

HEADER = """# Benchmarks

Measured by the scripts in `benchmarks/`; this page is written by `python benchmarks/run_all.py`
(or `make bench`). Each section names the command that produced it, and the figures are those of
the last run on the machine named below. Timings on a shared machine vary between runs; the
targets come from the issues.
"""


def sections_of(text: str) -> dict[str, str]:
    parts = re.split(r"(?m)^(?=## )", text)
    found = {}
    for part in parts:
        if part.startswith("## "):
            found[part.splitlines()[0]] = part.rstrip() + "\n"
    return found


def main(argv: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        wanted = {f"bench_{name.removeprefix('bench_').removesuffix('.py')}.py" for name in argv}
        scripts = [s for s in scripts if s.name in wanted]
    previous = sections_of(OUT.read_text("utf-8")) if OUT.exists() else {}
    order = list(previous)
    for script in scripts:
        sys.stderr.write(f"running {script.name}...\n")
        result = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, cwd=ROOT, check=False
        )
        if result.returncode != 0:
            sys.stderr.write(result.stderr)
            return result.returncode
        for title, body in sections_of(result.stdout).items():
            previous[title] = f"{body}\n_Run {datetime.date.today().isoformat()} on {machine()}._\n"
            if title not in order:
                order.append(title)
    text = HEADER + "\n" + "\n".join(previous[title] for title in order)
    OUT.write_text(text, "utf-8")
    sys.stderr.write(f"wrote {OUT}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
