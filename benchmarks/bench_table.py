"""Table runtime speed (issue 3): card event to snapshot published, and a whole shoe headless.

Targets: card event -> snapshot published <= 1 ms p99 in-process; a whole 8-deck mock shoe
through the headless table at full speed in under 1 s.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import emit, median, percentile, section

from dealer_assist.cards import one_deck
from dealer_assist.config import parse_config
from dealer_assist.drivers.base import CardRead
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController


def card_to_snapshot(shoes: int) -> list[float]:
    """Time from handing a card event to the controller to the snapshot reaching a listener."""
    import random

    timings: list[float] = []
    for seed in range(shoes):
        config = parse_config({"table": {"confirm_coup": False}, "sources": ["mock://"]})
        controller = TableController(config)
        published: list[float] = []
        controller.on_snapshot(lambda _snapshot, out=published: out.append(time.perf_counter()))
        controller.begin()
        cards = one_deck() * 8
        random.Random(seed).shuffle(cards)
        for card in cards:
            if controller.snapshot.phase == "shoe_ended":
                break
            if controller.snapshot.decision is not None:  # not in Punto Banco
                controller.execute(cmd.Decide(hand="player", choice="draw"))
            before = len(published)
            start = time.perf_counter()
            controller.on_source_event(CardRead(source="bench", card=card))
            timings.append((published[before] - start) * 1000)  # the first snapshot after it
    return timings


def whole_shoe(runs: int) -> list[float]:
    """A whole 8-deck mock shoe through `dealer-assist run --json` (process start excluded)."""
    seconds = []
    for seed in range(runs):
        code = (
            "import time, io, sys\n"
            "from dealer_assist.cli import main\n"
            "sys.stdout = io.StringIO()\n"
            "start = time.perf_counter()\n"
            f"main(['run', '--source', 'mock://?seed={seed}', '--json'])\n"
            "sys.stderr.write(str(time.perf_counter() - start))\n"
        )
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        seconds.append(float(result.stderr.strip().splitlines()[-1]))
    return seconds


def main() -> None:
    latency = card_to_snapshot(20)
    shoe_times = whole_shoe(5)
    rows = [
        ("card event -> snapshot published, median", f"{median(latency):.3f} ms", ""),
        (
            "card event -> snapshot published, p99",
            f"{percentile(latency, 0.99):.3f} ms",
            "<= 1 ms",
        ),
        ("card event -> snapshot published, max", f"{max(latency):.3f} ms", ""),
        (
            "whole 8-deck mock shoe, headless `run --json`, median of 5",
            f"{median(shoe_times):.3f} s",
            "< 1 s",
        ),
        ("whole 8-deck mock shoe, slowest of 5", f"{max(shoe_times):.3f} s", ""),
    ]
    emit(
        section(
            "Table runtime (issue 3)",
            "python benchmarks/bench_table.py",
            ("measure", "result", "target"),
            rows,
            f"{len(latency):,} card events over 20 seeded 8-deck shoes, in process, Punto Banco "
            "with live odds and the shuffle check on. The whole-shoe time is measured inside the "
            "process (interpreter start-up excluded): mock source thread, controller, JSON lines.",
        )
    )


if __name__ == "__main__":
    main()
