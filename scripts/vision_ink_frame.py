"""Black print as red as red print (issue 28, h-ink49): every card of tinted and untinted building
photographs, its looks' inks and the corner network's corners, recorded, and what each way of
letting the network outweigh the ink would answer, counted.

Held-out set 74's ``ink`` cards were one design's black cards whose ink measured 0.3-0.6 redder
than green and blue (``pipeline.red_excess``), beyond ``warm_black``'s 0.2-0.3, while the corner
network's two corners agreed on the right black card, 0.9-1.0 sure. This prints the building
designs' black print in such an ink (``lens_scenes.black_tinted``, scripts/vision_ink_tint.py's
tints) and reads every photograph once with the reader as set (``--finder``). For each card's
last judgement it records the looks (the corner network's two corners: card and sureness; the
glyph reader's: card, sureness, the suits its ink rules out, its red excess) and judges the
card again with every glyph look whose ink ruled the black suits out set aside (only where the
network's corners name one black card). Then, for each rule, it counts what the rule would
answer: a rule sets the looks aside when the network's corners agree on a black card, each
corner at least ``sure`` sure, and every set-aside look's red excess is under its ceiling -
a fixed one (``ceiling``), or one relative to the frame: under ``share`` of the least red
excess of any glyph look at a card the frame read surely red (no such card: not set aside).

The cost of a rule is the red cards it reads black (they must be none); its gain the black
cards it reads exactly that were uncertain.

Building designs only; seeds from 13,580,000 (session 49's, h-ink49).

    python scripts/vision_ink_frame.py --tints none,maroon:1 --warm 0,0.3 --scenes 8 \\
        [--first 0] [--seed 13580000] [--finder NAME=on] [--cards]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from bench_camera_scenes import CACHE, count
from camera_misses import on_cards
from vision_ink_tint import BUILDING, TINTS, is_red

from dealer_assist.cards import BLACK_SUITS, Card
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.lens_scenes import CONDITIONS, black_tinted, photograph
from dealer_assist.vision.pipeline import (
    _DISPUTED,
    CardDetection,
    CardDetector,
    _best_card,
    _Reading,
    _sureness,
)
from dealer_assist.vision.quads import FinderSettings

SEED = 13_580_000  # session 49's seeds (h-ink49): 13,580,000-13,589,999
SURE = (0.5, 0.7, 0.8, 0.85, 0.9, 0.95)  # each network corner at least this sure
CEILINGS = (0.3, 0.4, 0.5, 0.65, 1.01)  # a fixed ceiling on the set-aside looks' red
SHARES = (0.6, 0.7, 0.8)  # the frame's least surely-red look's red, times this


@dataclass(slots=True)
class Look:
    network: bool
    card: str
    sure: float
    black_out: bool  # its ink rules the black suits out
    red: float | None
    shadowed: bool


@dataclass(slots=True)
class Verdict:
    quad: np.ndarray
    looks: list[Look]
    rules: list[str]
    card: Card | None
    disputed: bool
    # Judged again with the glyph looks ruling the black suits out set aside (only where the
    # network's corners name one black card): the card then, and the most red of those looks.
    again: Card | None = None
    again_red: float | None = None
    net_card: str | None = None
    net_least: float = 0.0  # the less sure corner's sureness of that card


class InkDetector(CardDetector):
    """The detector, keeping every judgement's looks and a judgement without the black-ruling
    glyph looks."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.verdicts: list[Verdict] = []
        self._again = False

    def _judge(
        self, quad: np.ndarray, readings: list[_Reading], **options: Any
    ) -> CardDetection | None:
        if self._again:
            return super()._judge(quad, readings, **options)
        given: list[str] | None = options.pop("why", None)
        said = given if given is not None else []
        start = len(said)
        detection = super()._judge(quad, readings, why=said, **options)
        if detection is None:
            return detection
        plain = [r for r in readings if r is not _DISPUTED]
        looks = [
            Look(
                r.network,
                _best_card(r).code,
                _sureness(r),
                r.unlike == BLACK_SUITS,
                r.red,
                r.shadowed,
            )
            for r in plain
            if r.rank is not None and r.suit is not None
        ]
        verdict = Verdict(
            np.asarray(quad, np.float64).reshape(4, 2),
            looks,
            said[start:],
            detection.card,
            any(r is _DISPUTED for r in readings),
        )
        net = [r for r in plain if r.network and r.rank is not None and r.suit is not None]
        aside = [r for r in plain if not r.network and r.unlike == BLACK_SUITS]
        if (
            len(net) == 2
            and (card := _best_card(net[0])) == _best_card(net[1])
            and card.suit in BLACK_SUITS
        ):
            verdict.net_card = card.code
            verdict.net_least = min(_sureness(r) for r in net)
            if aside:
                kept = [r for r in readings if r is _DISPUTED or not any(r is a for a in aside)]
                options.pop("by_index", None)
                self._again = True
                try:
                    again = super()._judge(quad, kept, why=[], **options)
                finally:
                    self._again = False
                verdict.again = None if again is None else again.card
                reds = [r.red for r in aside if r.red is not None]
                verdict.again_red = max(reds) if reds else None
        self.verdicts.append(verdict)
        return detection

    def verdict_of(self, detection: CardDetection) -> Verdict | None:
        quad = np.asarray(detection.corners, np.float64).reshape(4, 2)
        for verdict in reversed(self.verdicts):
            if np.abs(verdict.quad - quad).max() < 1e-3:
                return verdict
        return None


@dataclass(slots=True)
class Card1:
    """One dealt card as answered, with its last judgement."""

    label: str
    true: Card
    answer: Card | None
    candidate: str
    verdict: Verdict | None
    frame_red: list[float] = field(default_factory=list)  # the frame's surely-red looks' red


def read_photographs(
    faces_of: dict[str, dict[Card, np.ndarray]],
    warm: float,
    seed0: int,
    first: int,
    scenes: int,
    finder: FinderSettings,
    model: GlyphModel,
    totals: Counter[str],
    wrong: list[str],
) -> list[Card1]:
    conditions = list(CONDITIONS)
    found: list[Card1] = []
    for name, faces in faces_of.items():
        for k in range(first, first + scenes):
            condition = replace(CONDITIONS[conditions[k % len(conditions)]], warm=warm)
            seed = seed0 + BUILDING.index(name) * 1000 + k
            photo = photograph(seed, faces, condition)
            detector = InkDetector(model=model, finder=finder)
            detections = detector.analyse(photo.image).reported
            label = f"{name}/{condition.name}#{seed}"
            tally = count(detections, photo.cards, label)
            for f in ("cards", "exact", "uncertain", "wrong", "missed", "no_card", "twice"):
                totals[f] += getattr(tally, f)
            wrong += tally.examples
            frame_red = [
                look.red
                for d in detections
                if d.card is not None and d.card.suit not in BLACK_SUITS
                for v in [detector.verdict_of(d)]
                if v is not None
                for look in v.looks
                if not look.network and not look.shadowed and look.red is not None
            ]
            on_card, _ = on_cards(detections, photo.cards)
            for n, true in enumerate(photo.cards):
                if n not in on_card:
                    continue
                _, at = max(on_card[n], key=lambda pair: pair[0])
                d = detections[at]
                candidate = d.candidate.code if d.candidate is not None else "-"
                found.append(
                    Card1(label, true.card, d.card, candidate, detector.verdict_of(d), frame_red)
                )
    return found


def fires(c: Card1, sure: float, ceiling: float | None, share: float | None) -> bool:
    """Whether the rule sets the card's black-ruling glyph looks aside."""
    v = c.verdict
    if v is None or v.net_card is None or v.again_red is None or v.net_least < sure:
        return False
    if ceiling is not None:
        return v.again_red < ceiling
    assert share is not None
    return bool(c.frame_red) and v.again_red < share * min(c.frame_red)


def answered(c: Card1, on: bool) -> Card | None:
    v = c.verdict
    if not on or v is None:
        return c.answer
    # Only the last judgement is judged again; a card a later step made uncertain stays so.
    return v.again if c.answer is None and v.card is None else c.answer


def rules_table(cards: list[Card1]) -> list[str]:
    rows = [
        "| rule | sure | fires black | fires red | black uncertain -> exact | red made black |"
        " red -> other |",
        "|---" * 7 + "|",
    ]
    rules: list[tuple[str, float | None, float | None]] = [
        (f"ceiling {c}", c, None) for c in CEILINGS
    ] + [(f"frame x{s}", None, s) for s in SHARES]
    for sure in SURE:
        for name, ceiling, share in rules:
            counts: Counter[str] = Counter()
            for c in cards:
                if not fires(c, sure, ceiling, share):
                    continue
                colour = "red" if is_red(c.true) else "black"
                counts[f"fires {colour}"] += 1
                after = answered(c, True)
                if colour == "black" and c.answer is None and after == c.true:
                    counts["gain"] += 1
                if colour == "red" and after is not None and after.suit in BLACK_SUITS:
                    counts["cost"] += 1
                if colour == "red" and after != c.answer:
                    counts["red changed"] += 1
            rows.append(
                f"| {name} | {sure} | {counts['fires black']} | {counts['fires red']} | "
                f"{counts['gain']} | {counts['cost']} | {counts['red changed']} |"
            )
    return rows


def describe(c: Card1) -> str:
    v = c.verdict
    if v is None:
        return f"{c.label} {c.true.code} cand {c.candidate} [no verdict]"
    looks = " ".join(
        f"{'N' if k.network else 'g'}:{k.card}:{k.sure:.2f}"
        + (f":r{k.red:.2f}" if k.red is not None else "")
        + (":B" if k.black_out else "")
        + (":sh" if k.shadowed else "")
        for k in v.looks
    )
    again = "-" if v.again is None else v.again.code
    red = "-" if v.again_red is None else f"{v.again_red:.2f}"
    frame = "-" if not c.frame_red else f"{min(c.frame_red):.2f}"
    return (
        f"{c.label} {c.true.code} cand {c.candidate} rules {','.join(v.rules) or '-'} "
        f"net {v.net_card} {v.net_least:.3f} again {again} aside-red {red} frame-red {frame} "
        f"| {looks}"
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default=",".join(BUILDING))
    parser.add_argument("--tints", default="none,maroon:1")
    parser.add_argument("--warm", default="0,0.3")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--scenes", type=int, default=8)
    parser.add_argument("--cards", action="store_true", help="list the uncertain black cards")
    parser.add_argument("--finder", action="append", default=[], metavar="NAME=on|off|NUMBER")
    args = parser.parse_args()
    names = args.designs.split(",")
    if set(names) - set(BUILDING):
        parser.error("building designs only")
    if not (args.seed >= 13_580_000 and args.seed + 3000 + args.first + args.scenes <= 13_590_000):
        parser.error("seeds 13,580,000-13,589,999 only (h-ink49's)")
    values: dict[str, object] = {}
    for item in args.finder:
        key, value = item.split("=", 1)
        values[key] = value == "on" if value in ("on", "off") else float(value)
    finder = replace(FinderSettings(), **values)
    one_core()
    model = GlyphModel.load()
    plain = {n: decks.render_design(decks.design(n), height=320, cache=CACHE) for n in names}
    every: list[Card1] = []
    for item in args.tints.split(","):
        tint, _, strength = item.partition(":")
        faces_of = (
            plain
            if tint == "none"
            else {n: black_tinted(f, TINTS[tint], float(strength)) for n, f in plain.items()}
        )
        for warm in (float(w) for w in args.warm.split(",")):
            totals: Counter[str] = Counter()
            wrong: list[str] = []
            cards = read_photographs(
                faces_of, warm, args.seed, args.first, args.scenes, finder, model, totals, wrong
            )
            every += cards
            black = [c for c in cards if not is_red(c.true)]
            ink = [c for c in black if c.answer is None and c.verdict and "ink" in c.verdict.rules]
            print(
                f"## {item} warm {warm}: {totals['cards']} cards, exact {totals['exact']} "
                f"uncertain {totals['uncertain']} wrong {totals['wrong']} missed "
                f"{totals['missed']} no card {totals['no_card']} twice {totals['twice']}; "
                f"black uncertain {sum(c.answer is None for c in black)}, by ink {len(ink)}",
                flush=True,
            )
            for line in wrong:
                print("   wrong:", line, flush=True)
            if args.cards:
                for c in cards:
                    if c.answer is None or (
                        c.verdict is not None and c.verdict.again_red is not None
                    ):
                        print("   ", describe(c), flush=True)
            print("\n".join(rules_table(cards)), flush=True)
    print("## all sets")
    print("\n".join(rules_table(every)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
