"""Rules engine speed: per-card validation latency and complete coups per second.

Targets (issue 2): per-card validation under 50 µs median; at least 50,000 complete Punto
Banco coups per second on one core through the public engine API, operations recorded.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import emit, median, percentile, section

from dealer_assist.cards import one_deck
from dealer_assist.rules.coup import Coup, CoupRules
from dealer_assist.rules.outcome import outcome_of


def shoe(seed: int) -> list:  # type: ignore[type-arg]
    cards = one_deck() * 8
    random.Random(seed).shuffle(cards)
    return cards


def per_card_latency(samples: int) -> list[float]:
    rules = CoupRules.punto_banco()
    timings: list[float] = []
    cards = shoe(1)
    position = 0
    clock = time.perf_counter_ns
    while len(timings) < samples:
        if position > len(cards) - 6:
            cards = shoe(len(timings))
            position = 0
        coup = Coup(rules)
        while not coup.is_complete:
            card = cards[position]
            position += 1
            start = clock()
            coup.deal(card)
            timings.append((clock() - start) / 1000)
    return timings


def coups_per_second(seconds: float) -> tuple[float, int, int]:
    rules = CoupRules.punto_banco()
    shoes = [shoe(seed) for seed in range(20)]
    coups = 0
    operations = 0
    start = time.perf_counter()
    deadline = start + seconds
    index = 0
    while time.perf_counter() < deadline:
        cards = shoes[index % len(shoes)]
        index += 1
        position = 0
        limit = len(cards) - 6
        while position < limit:
            coup = Coup(rules)
            while not coup.is_complete:
                coup.deal(cards[position])
                position += 1
            outcome_of(coup)
            operations += len(coup.operations)
            coups += 1
    elapsed = time.perf_counter() - start
    return coups / elapsed, coups, operations


def main() -> None:
    latency = per_card_latency(200_000)
    rate, coups, operations = coups_per_second(3.0)
    rows = [
        ("per-card validation (Coup.deal), median", f"{median(latency):.2f} µs", "< 50 µs"),
        ("per-card validation, p99", f"{percentile(latency, 0.99):.2f} µs", ""),
        (
            "complete Punto Banco coups per second (deal + outcome, operations recorded)",
            f"{rate:,.0f} /s ({coups:,} coups, {operations:,} operations)",
            "≥ 50,000 /s",
        ),
    ]
    emit(
        section(
            "Rules engine (issue 2)",
            "python benchmarks/bench_rules.py",
            ("measure", "result", "target"),
            rows,
            "One core, one process; 200,000 cards timed one by one with perf_counter_ns "
            "(the timer's own cost is included).",
        )
    )


if __name__ == "__main__":
    main()
