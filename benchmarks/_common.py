"""Shared helpers for the benchmark scripts: machine description and markdown output.

Every script prints one markdown section (a heading, the command, a table); ``run_all.py``
gathers them into ``docs/benchmarks.md``.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence


def machine() -> str:
    """The host, named closely enough to tell two hosts of one brand apart: the virtual machines
    here report "AMD EPYC" for processors three times apart in speed, so the CPU family and
    model numbers go with the name."""
    cpu = platform.processor() or platform.machine()
    fields: dict[str, str] = {}
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if not line.strip():
                    break  # the first processor's block is enough
                key, _, value = line.partition(":")
                fields[key.strip()] = value.strip()
    except OSError:
        pass
    cpu = fields.get("model name", cpu)
    if "cpu family" in fields and "model" in fields:
        cpu += f" (family {fields['cpu family']}, model {fields['model']})"
    return (
        f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.system()} {platform.release()}"
    )


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def now() -> float:
    return time.perf_counter()


def section(
    title: str,
    command: str,
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    notes: str = "",
) -> str:
    lines = [f"## {title}", "", f"Command: `{command}`", ""]
    lines.append("| " + " | ".join(header) + " |")
    lines.append("|" + "---|" * len(header))
    for row in rows:
        lines.append("| " + " | ".join(str(cell) for cell in row) + " |")
    if notes:
        lines += ["", notes]
    return "\n".join(lines) + "\n"


def emit(text: str) -> None:
    sys.stdout.write(text)
    sys.stdout.flush()
