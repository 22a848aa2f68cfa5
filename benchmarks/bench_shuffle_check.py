"""Measure the shuffle check: false alarms on shuffled shoes, detection on badly shuffled ones.

Good shoes are 8-deck shoes shuffled uniformly (``random.Random(seed).shuffle``, as
``Shoe.seeded`` does). Bad shoes start from 8 decks stacked in new-deck order and get one of the
imperfect shuffles of :mod:`dealer_assist.shoe.shuffles`, applied to the whole 416-card stack.
The check sees the first 104 cards, in order, with the default settings. Everything is seeded,
so a run repeats exactly.

    .venv/bin/python benchmarks/bench_shuffle_check.py            # 100,000 good shoes
    .venv/bin/python benchmarks/bench_shuffle_check.py --good 2000 --bad 200   # a quick look
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from math import exp, lgamma, log
from random import Random

from dealer_assist.cards import Card, shoe_composition
from dealer_assist.shoe.shuffle_check import (
    ShuffleCheckSettings,
    check_shuffle,
    critical_values,
)
from dealer_assist.shoe.shuffles import cut, factory_order, overhand, riffles

DECKS = 8
NEAR_FACTORS = (10, 100, 1000)
Shuffle = Callable[[list[Card], Random], list[Card]]


def _riffled(times: int) -> Shuffle:
    return lambda cards, rng: riffles(cards, times=times, rng=rng)


def _overhand_shuffles(times: int) -> Shuffle:
    def shuffle(cards: list[Card], rng: Random) -> list[Card]:
        for _ in range(times):
            cards = overhand(cards, rng=rng)
        return cards

    return shuffle


SCENARIOS: list[tuple[str, Shuffle]] = [
    ("factory order", lambda cards, rng: cards),
    ("factory order, reversed", lambda cards, rng: cards[::-1]),
    ("factory order, cut once", lambda cards, rng: cut(cards, rng=rng)),
    ("3 overhand shuffles", _overhand_shuffles(3)),
    ("10 overhand shuffles", _overhand_shuffles(10)),
    *[(f"{k} riffle{'s' if k > 1 else ''}", _riffled(k)) for k in range(1, 8)],
]


def upper_bound(alarms: int, shoes: int, confidence: float = 0.95) -> float:
    """One-sided Clopper-Pearson upper bound on a rate seen ``alarms`` times in ``shoes``."""

    def cdf(p: float) -> float:
        return sum(
            exp(
                lgamma(shoes + 1)
                - lgamma(k + 1)
                - lgamma(shoes - k + 1)
                + k * log(p)
                + (shoes - k) * log(1 - p)
            )
            for k in range(alarms + 1)
        )

    low, high = alarms / shoes, 1.0
    for _ in range(100):
        middle = (low + high) / 2
        if cdf(middle) > 1 - confidence:
            low = middle
        else:
            high = middle
    return high


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--good", type=int, default=100_000, help="shuffled shoes (false alarms)")
    parser.add_argument("--bad", type=int, default=2_000, help="shoes per bad-shuffle scenario")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)

    composition = shoe_composition(DECKS)
    settings = ShuffleCheckSettings()
    opening = settings.checkpoints[-1]
    print("## Shuffle check: false alarms and detection (issue 3)\n")
    print(f"Command: `python {' '.join(sys.argv)}`\n")
    print(
        f"Settings: checkpoints {settings.checkpoints}, target false-alarm rate "
        f"{settings.false_alarm_rate:g}, per test {settings.alpha_per_test:.3g}\n"
    )

    started = time.perf_counter()
    rng = Random(args.seed)
    alarms = 0
    fired_good: Counter[str] = Counter()
    # Calibration: shoes whose smallest p-value is within 10x, 100x, 1000x of the per-test
    # budget. Bonferroni bounds these rates by 10, 100, 1000 times the target rate when the
    # null model is right or conservative; far fewer means thresholds to spare.
    near: Counter[int] = Counter()
    cards = list(composition.elements())
    for _ in range(args.good):
        rng.shuffle(cards)
        verdict = check_shuffle(cards[:opening], composition=composition, settings=settings)
        smallest = min(f.p_value for f in verdict.findings)
        for factor in NEAR_FACTORS:
            near[factor] += smallest <= factor * settings.alpha_per_test
        if verdict.suspicious:
            alarms += 1
            fired_good.update(f"{f.test.value}@{f.cards}" for f in verdict.fired)
    good_seconds = time.perf_counter() - started

    rows = []
    fired_by_scenario: dict[str, Counter[str]] = {}
    for index, (name, shuffle) in enumerate(SCENARIOS):
        rng = Random(args.seed + 1 + index)
        hits = 0
        fired: Counter[str] = Counter()
        firsts: Counter[int] = Counter()
        for _ in range(args.bad):
            shoe = shuffle(factory_order(decks=DECKS), rng)
            verdict = check_shuffle(shoe[:opening], composition=composition, settings=settings)
            if verdict.suspicious:
                hits += 1
                firsts[min(f.cards for f in verdict.fired)] += 1
                fired.update({f.test.value for f in verdict.fired})
        rows.append((name, hits, firsts))
        fired_by_scenario[name] = fired
    seconds = time.perf_counter() - started

    points = settings.checkpoints
    first_columns = " | ".join(f"by card {p}" for p in points)
    print(f"| shoes | count | alarms | rate | 95% upper bound | {first_columns} |")
    print("|---|---:|---:|---:|---:|" + "---:|" * len(points))
    blank = " |" * len(points)
    print(
        f"| properly shuffled (false alarms) | {args.good:,} | {alarms} | "
        f"{alarms / args.good:.2e} | {upper_bound(alarms, args.good):.2e} |{blank}"
    )
    for name, hits, firsts in rows:
        cumulative = [sum(firsts[q] for q in points if q <= p) / args.bad for p in points]
        by_card = " | ".join(f"{rate:.1%}" for rate in cumulative)
        print(
            f"| {name} (detection) | {args.bad:,} | {hits} | {hits / args.bad:.1%} | | {by_card} |"
        )
    print(f"\nfalse alarms fired by: {dict(fired_good) or 'none'}")
    for factor in NEAR_FACTORS:
        allowed = factor * settings.false_alarm_rate * args.good
        print(
            f"shuffled shoes with a p-value within {factor}x of the per-test budget: "
            f"{near[factor]} (Bonferroni allows about {allowed:g})"
        )
    print("\ntests that fired, per scenario (number of shoes):")
    for name, fired in fired_by_scenario.items():
        common = ", ".join(f"{key} {count}" for key, count in fired.most_common(4))
        print(f"- {name}: {common or 'nothing'}")
    print("\nalarm thresholds (value at which each test fires):")
    for cards_at, row in critical_values(composition=composition, settings=settings).items():
        print(f"- first {cards_at} cards: " + ", ".join(f"{t.value} {v}" for t, v in row.items()))
    print(
        f"\ntime: {seconds:.0f} s in all, {good_seconds / max(args.good, 1) * 1e3:.2f} ms "
        "per shuffled shoe (shuffle and check), one core"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
