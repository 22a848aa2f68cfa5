"""Exact odds engine speed: every bet on a remaining eight-deck shoe, against the plain enumeration.

Targets (issue "Exact odds for any shoe"): all bets for an eight-deck remaining shoe in at most
5 ms median on one core, and at least 50 times faster than a straightforward exact pure-Python
enumeration (:func:`dealer_assist.odds.reference_enumeration`).

Shoes vary as they do at a table: each timed call gets a new remaining shoe, an eight-deck shoe
dealt down by a random number of random cards (0 to 300), so no result is served from a cache.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import emit, machine, median, percentile, section

from dealer_assist.odds import (
    CARD_ORDER,
    STANDARD_BETS,
    ShoeComposition,
    ShoeOdds,
    coup_weight_list,
    full_shoe,
    odds_report,
    reference_enumeration,
)


def remaining_shoes(count: int, seed: int) -> list[ShoeComposition]:
    """Eight-deck shoes, each dealt down by 0-300 random cards; all different."""
    rng = random.Random(seed)
    shoes: list[ShoeComposition] = []
    seen: set[tuple[int, ...]] = set()
    while len(shoes) < count:
        counts = list(full_shoe(8).card_counts or ())
        for _ in range(rng.randrange(0, 301)):
            index = rng.choices(range(len(CARD_ORDER)), weights=counts)[0]
            counts[index] -= 1
        shoe = ShoeComposition.of_cards(counts)
        if shoe.value_counts not in seen:
            seen.add(shoe.value_counts)
            shoes.append(shoe)
    return shoes


def timed(
    function: Callable[[ShoeComposition], object], shoes: list[ShoeComposition]
) -> list[float]:
    """Milliseconds per call, one call per shoe."""
    timings = []
    clock = time.perf_counter
    for shoe in shoes:
        start = clock()
        function(shoe)
        timings.append((clock() - start) * 1000)
    return timings


def all_bets(shoe: ShoeComposition) -> None:
    odds = ShoeOdds(shoe)
    odds.main_probabilities()
    for priced in odds.evaluate_all().values():
        _ = priced.house_edge


def main() -> None:
    runs = 400
    baseline_runs = 11
    # The paytables are judged once per process (each bet's payout per signature), then kept.
    start = time.perf_counter()
    all_bets(full_shoe(8))
    first_call = (time.perf_counter() - start) * 1000

    engine = timed(lambda shoe: coup_weight_list(shoe.value_counts), remaining_shoes(runs, 1))
    every_bet = timed(all_bets, remaining_shoes(runs, 2))
    report = timed(odds_report, remaining_shoes(runs, 3))
    baseline = timed(
        lambda shoe: reference_enumeration(shoe.value_counts), remaining_shoes(baseline_runs, 4)
    )
    ratio_engine = median(baseline) / median(engine)
    ratio_all = median(baseline) / median(every_bet)
    rows = [
        (
            "coup signature weights (engine), median",
            f"{median(engine):.2f} ms (p90 {percentile(engine, 0.9):.2f})",
            "",
        ),
        (
            f"all {len(STANDARD_BETS)} standard bets + Banker/Player/Tie, median",
            f"{median(every_bet):.2f} ms (p90 {percentile(every_bet, 0.9):.2f})",
            "≤ 5 ms",
        ),
        (
            "odds_report (all bets, JSON-ready), median",
            f"{median(report):.2f} ms (p90 {percentile(report, 0.9):.2f})",
            "",
        ),
        (
            "baseline: reference_enumeration (value sequences), median",
            f"{median(baseline):.0f} ms ({baseline_runs} shoes)",
            "",
        ),
        (
            "speed-up over the baseline",
            f"{ratio_engine:.0f}x (engine), {ratio_all:.0f}x (all bets)",
            "≥ 50x",
        ),
        ("first call in a process (judges every paytable once)", f"{first_call:.1f} ms", ""),
    ]
    emit(
        section(
            "Exact odds engine",
            "python benchmarks/bench_odds.py",
            ("measure", "result", "target"),
            rows,
            f"One core, one process, {machine()}. time.perf_counter around each call; "
            f"{runs} different remaining eight-deck shoes per row (0-300 random cards dealt).",
        )
    )


if __name__ == "__main__":
    main()
