"""Black print that does not measure neutral (issue 28, h-ink48): the building designs with their
black print recoloured and the light made warm, read by the default reader and counted.

A casino's deck may print its "black" as a warm dark grey or brown, and a warm light pushes it
further; the judge's ``ink`` rule (``CardDetector._suits_unlike``: ink whose red over the
paper's exceeds green and blue by ``RED_INK``) then rules the black suits out of a black card.
This recolours a building design's neutral print (``lens_scenes.black_tinted``: every pixel
whose channels are about equal keeps its darkness, its dark end the tint's ink instead of
black) and photographs it
with the second generator (``lens_scenes.photograph``, ``Condition.warm`` for a warm light),
then counts as the bench counts (exact / uncertain / wrong / missed / no card / twice) per tint,
with the black cards' uncertain answers by the judge's first rule (``vision_unsure_bench``).

Building designs only (anglo, tango, ornamental, simplistic); seeds 13,470,000 on (session 48's).

    python scripts/vision_ink_tint.py [--tints brown:1,redgrey:0.75] [--warm 0,0.3]
        [--scenes 16] [--first 0] [--finder NAME=on] [--cards] [--colours]

``--colours``: prints, per tint, the ink colours (B, G, R over the paper's) the reader measured
at the corners of black cards and of red cards (scenes dealt one colour at a time), as
quantiles of red over the most of green and blue and of red alone.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from bench_camera_scenes import CACHE, count
from camera_misses import on_cards
from vision_unsure_bench import WhyDetector, reason

from dealer_assist.cards import Card, Suit
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.lens_scenes import CONDITIONS, black_tinted, photograph
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings

SEED = 13_470_000  # session 48's fresh seeds: 13,470,000-13,489,999
BUILDING = ("anglo", "tango", "ornamental", "simplistic")
# The tints' inks at full strength (R, G, B); a strength s prints s times this (0: black).
TINTS: dict[str, tuple[int, int, int]] = {
    "brown": (120, 70, 35),  # a warm dark brown
    "redgrey": (115, 60, 60),  # a dark red-grey
    "grey": (95, 95, 95),  # a dark grey (neutral, lighter than black)
    # Redder still (h-ink49): black print measuring 0.3-0.5 red past green and blue, as one
    # held-out design's black print measured (session 48's end, set 74).
    "maroon": (140, 45, 45),
    "oxblood": (165, 50, 50),
}


def is_red(card: Card) -> bool:
    return card.suit in (Suit.HEARTS, Suit.DIAMONDS)


@dataclass(slots=True)
class Tally:
    counts: Counter[str]
    wrong: list[str]
    unsure: list[str]


def read_set(
    faces_of: dict[str, dict[Card, np.ndarray]],
    warm: float,
    first: int,
    scenes: int,
    finder: FinderSettings,
    model: GlyphModel,
) -> Tally:
    """The photographs of every design at this warmth, read and counted (``count``), with the
    uncertain cards' first rules by their true colour."""
    conditions = list(CONDITIONS)
    counts: Counter[str] = Counter()
    wrong: list[str] = []
    unsure: list[str] = []
    for d, (name, faces) in enumerate(faces_of.items()):
        for k in range(first, first + scenes):
            condition = replace(CONDITIONS[conditions[k % len(conditions)]], warm=warm)
            seed = SEED + BUILDING.index(name) * 1000 + k if name in BUILDING else SEED + d
            photo = photograph(seed, faces, condition)
            detector = WhyDetector(model=model, finder=finder)
            detections = detector.analyse(photo.image).reported
            label = f"{name}/{condition.name}#{seed}"
            tally = count(detections, photo.cards, label)
            for field in ("cards", "exact", "uncertain", "wrong", "missed", "no_card", "twice"):
                counts[field] += getattr(tally, field)
            wrong += tally.examples
            on_card, _ = on_cards(detections, photo.cards)
            for n, true in enumerate(photo.cards):
                colour = "red" if is_red(true.card) else "black"
                counts[f"cards {colour}"] += 1
                if n not in on_card:
                    continue
                iou, at = max(on_card[n], key=lambda pair: pair[0])
                detection = detections[at]
                if detection.card is None:
                    why = reason(detector, detection, iou)
                    counts[f"unsure {colour}"] += 1
                    counts[f"unsure {colour} {why.split(':')[0]}"] += 1
                    candidate = detection.candidate.code if detection.candidate else "-"
                    unsure.append(f"{label} {true.card.code} cand {candidate} [{why}]")
    return Tally(counts, wrong, unsure)


def ink_colours(
    faces: dict[Card, np.ndarray], warm: float, first: int, scenes: int, model: GlyphModel
) -> dict[str, list[tuple[float, float, float]]]:
    """The index ink colours the reader measured at the corners it classified, in scenes dealt
    black cards only and in scenes dealt red cards only (by colour)."""
    measured: list[tuple[float, float, float]] = []
    original = CardDetector._suits_unlike

    def recording(self: CardDetector, colour: tuple[float, float, float] | None) -> frozenset[Suit]:
        if colour is not None:
            measured.append(colour)
        return original(self, colour)

    conditions = list(CONDITIONS)
    found: dict[str, list[tuple[float, float, float]]] = {"black": [], "red": []}
    CardDetector._suits_unlike = recording  # type: ignore[method-assign]
    try:
        for colour, cards in (
            ("black", [c for c in faces if not is_red(c)]),
            ("red", [c for c in faces if is_red(c)]),
        ):
            for k in range(first, first + scenes):
                condition = replace(CONDITIONS[conditions[k % len(conditions)]], warm=warm)
                rng = np.random.default_rng(SEED + 5000 + k)
                dealt = [cards[int(i)] for i in rng.permutation(len(cards))[:6]]
                photo = photograph(SEED + 5000 + k, faces, condition, cards=dealt)
                measured.clear()
                CardDetector(model=model).analyse(photo.image)
                found[colour] += measured
    finally:
        CardDetector._suits_unlike = original  # type: ignore[method-assign]
    return found


def quantiles(colours: list[tuple[float, float, float]]) -> str:
    if not colours:
        return "-"
    values = np.array(colours)
    excess = values[:, 2] - values[:, :2].max(axis=1)
    q = (0.05, 0.25, 0.5, 0.75, 0.95)
    red_over = " ".join(f"{v:.2f}" for v in np.quantile(excess, q))
    red = " ".join(f"{v:.2f}" for v in np.quantile(values[:, 2], q))
    over = float((excess >= 0.2).mean())
    return f"n {len(values)} | r-max(g,b) {red_over} | r {red} | >=0.2: {100 * over:.0f}%"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default=",".join(BUILDING))
    parser.add_argument(
        "--tints",
        default="none,brown:0.5,brown:1,redgrey:0.5,redgrey:1,grey:1",
        help="NAME:STRENGTH, comma-separated (none: the design's own print)",
    )
    parser.add_argument("--warm", default="0,0.3", help="warm light strengths, comma-separated")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--scenes", type=int, default=16)
    parser.add_argument("--cards", action="store_true", help="list uncertain and wrong cards")
    parser.add_argument("--colours", action="store_true", help="the measured inks' quantiles")
    parser.add_argument(
        "--finder", action="append", default=[], metavar="NAME=on|off", help="a switch set"
    )
    args = parser.parse_args()
    names = args.designs.split(",")
    if set(names) - set(BUILDING):
        parser.error("building designs only")
    values = {k: v == "on" for k, v in (item.split("=", 1) for item in args.finder)}
    finder = replace(FinderSettings(), **values)
    one_core()
    model = GlyphModel.load()
    plain = {n: decks.render_design(decks.design(n), height=320, cache=CACHE) for n in names}
    header = "| tint | warm | cards | exact | uncertain | wrong | missed | no card | twice |"
    header += " black unsure (ink) | red unsure (ink) |"
    rows = [header, "|---" * 11 + "|"]
    for item in args.tints.split(","):
        tint, _, strength = item.partition(":")
        faces_of = (
            plain
            if tint == "none"
            else {n: black_tinted(f, TINTS[tint], float(strength)) for n, f in plain.items()}
        )
        for warm in (float(w) for w in args.warm.split(",")):
            if args.colours:
                for name, faces in faces_of.items():
                    found = ink_colours(faces, warm, args.first, args.scenes, model)
                    for colour, inks in found.items():
                        print(f"{item} warm {warm} {name} {colour}: {quantiles(inks)}", flush=True)
                continue
            t = read_set(faces_of, warm, args.first, args.scenes, finder, model)
            c = t.counts
            rows.append(
                f"| {item} | {warm} | {c['cards']} | {c['exact']} | {c['uncertain']} | "
                f"{c['wrong']} | {c['missed']} | {c['no_card']} | {c['twice']} | "
                f"{c['unsure black']} ({c['unsure black ink']}) | "
                f"{c['unsure red']} ({c['unsure red ink']}) |"
            )
            print(rows[-1], flush=True)
            if args.cards:
                for line in t.wrong + t.unsure:
                    print("   ", line, flush=True)
    if not args.colours:
        print()
        print("\n".join(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
