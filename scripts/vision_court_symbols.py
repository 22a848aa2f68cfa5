"""Court-rich building scenes read with and without ``FinderSettings.court_symbols``, card for card.

A fresh set for h-court45's lever (issue 28): scenes of the building check's designs and
styles (``synthetic.CHECK_STYLES``) whose coups are mostly court cards (each card a court with
``--courts`` probability, drawn from ``[seed, 45]`` apart from the scene's own draw), each
frame read twice - the lever off and on (as shipped since session 46) - and counted as
``scripts/vision_tilted.py`` counts (cards partly out of the picture left out). Prints both
counts and every card answered otherwise.

    python scripts/vision_court_symbols.py [--designs anglo,ornamental,tango,simplistic]
        [--styles tilted,close,lens,overhead,noisy,harsh,wide,dim,table,tableclose]
        [--scenes 5] [--seed 12700000] [--courts 0.7] [--least 2]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import numpy as np
from bench_camera_scenes import Count, answers, count
from vision_scenes import on_any

from dealer_assist.cards import Card, Rank, one_deck
from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def court_rich(seed: int, share: float) -> list[Card]:
    """Four to six cards, each a court with probability ``share``, no card twice."""
    rng = np.random.default_rng([seed, 45])
    deck = one_deck()
    courts = [c for c in deck if c.rank in COURTS]
    others = [c for c in deck if c.rank not in COURTS]
    chosen: list[Card] = []
    for _ in range(int(rng.choice([4, 5, 6]))):
        pool = courts if rng.random() < share else others
        pool = [c for c in pool if c not in chosen]
        chosen.append(pool[int(rng.integers(len(pool)))])
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument(
        "--styles", default="tilted,close,lens,overhead,noisy,harsh,wide,dim,table,tableclose"
    )
    parser.add_argument("--scenes", type=int, default=5, help="scenes per design and style")
    parser.add_argument("--seed", type=int, default=12_700_000)
    parser.add_argument("--courts", type=float, default=0.7, help="each card's chance of a court")
    parser.add_argument(
        "--least",
        type=int,
        default=FinderSettings().court_symbols_least,
        help="court_symbols_least",
    )
    args = parser.parse_args()
    one_core()
    off = CardDetector(finder=FinderSettings(court_symbols=False))
    on = CardDetector(finder=FinderSettings(court_symbols=True, court_symbols_least=args.least))
    totals = {"off": Count(), "on": Count()}
    court_answers: dict[str, Counter[str]] = {"off": Counter(), "on": Counter()}
    changed: list[str] = []
    kinds: Counter[str] = Counter()
    for name in args.designs.split(","):
        chosen = decks.design(name)
        assert chosen.family not in decks.HELD_OUT_FAMILIES, f"{name} is held out"
        faces = decks.render_design(chosen, height=320, cache=CACHE)
        for style_name in args.styles.split(","):
            style = synthetic.CHECK_STYLES[style_name]
            for k in range(args.scenes):
                seed = args.seed + k
                scene = synthetic.random_scene(
                    seed, faces, style=style, cards=court_rich(seed, args.courts)
                )
                height, width = scene.image.shape[:2]
                whole = [
                    c
                    for c in scene.cards
                    if all(0 <= x < width and 0 <= y < height for x, y in c.corners)
                ]
                partial = [c for c in scene.cards if c not in whole]
                label = f"{name}/{style_name}#{seed}"
                said = {}
                for which, detector in (("off", off), ("on", on)):
                    detections = detector.detect(scene.image)
                    kept = [d for d in detections if not on_any(d.center, partial)]
                    counted = count(kept, whole, label)
                    totals[which].add(counted)
                    said[which] = answers(kept, whole)
                    court_answers[which].update(
                        a.split(":")[0]
                        for c, a in zip(whole, said[which], strict=True)
                        if c.card.rank in COURTS
                    )
                for card, a, b in zip(whole, said["off"], said["on"], strict=True):
                    if a != b:
                        changed.append(f"  {label}: {card.card.code} {a} -> {b}")
                        kinds[f"{a} -> {b}"] += 1
    print("| | cards | exact | uncertain | wrong | missed | no card | twice")
    for which in ("off", "on"):
        c = totals[which]
        print(
            f"all {which} | {c.cards} | {100 * c.exact / max(c.cards, 1):.1f}% | "
            f"{100 * c.uncertain / max(c.cards, 1):.1f}% | {c.wrong} | {c.missed} | "
            f"{c.no_card} | {c.twice}"
        )
    for which in ("off", "on"):
        a = court_answers[which]
        print(
            f"courts {which}: {sum(a.values())} cards, "
            + ", ".join(f"{k} {v}" for k, v in sorted(a.items()))
        )
    print("answered otherwise:", dict(kinds) or "none")
    print("\n".join(changed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
