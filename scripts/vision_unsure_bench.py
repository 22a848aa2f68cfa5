"""Why the uncertain cards of a bench photo set are uncertain (issue 28, h-unsure47).

Reads the photographs ``benchmarks/bench_camera_scenes.py`` reads (the second generator,
``lens_scenes.photograph``, the same seeds for ``--designs``/``--first``/``--scenes``) with the
default reader and, for every card answered uncertain (as the bench counts it), names why: one
reason tag, the first that holds of

- ``outline off``: its detection's outline overlaps the card under ``OFF_IOU`` (IoU);
- ``no look``: no judgement of the outline (a shape no corner showed a whole index in, or one a
  step after the judge laid);
- ``after judge: sure``: the judge read it surely and a step after it (read where printed, the
  deck's checks, a corner step) made it uncertain;
- ``<rule>: <looks>``: the first of the judge's rules that kept it uncertain (``JUDGED_BY``:
  ``glyph`` the glyph reader disputes, ``two`` two looks fairly sure of two cards, ``court`` pips
  under a court rank, ``ink`` the index's ink of the other colour, ``shadowed`` only corners
  under another card read, ``network`` not read by the index where printed, ``product`` the
  looks' product under the threshold), with what the looks say (h-dim34's causes of
  ``vision_unsure.py``: the corner network's two corners disagree in the suit / rank / both, agree
  but unsure, read one corner, none).

Prints the uncertain cards one a line (``--cards``), the counts by reason and by condition, and
whether the candidate was right. Building designs only (it lists photographs one by one).

    python scripts/vision_unsure_bench.py --designs anglo,tango,ornamental,simplistic \\
        --scenes 48 --first 1000 [--cards] [--finder NAME=on]
"""

from __future__ import annotations

import argparse
import sys
import zlib
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from bench_camera_scenes import CACHE, SEED
from camera_misses import on_cards
from vision_recording import RecordingDetector

from dealer_assist.cards import Card
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.lens_scenes import CONDITIONS, photograph
from dealer_assist.vision.pipeline import (
    _DISPUTED,
    JUDGED_BY,
    CardDetection,
    _best_card,
    _Reading,
)
from dealer_assist.vision.quads import FinderSettings

OFF_IOU = 0.85  # as vision_unsure.py's: an answered outline under this IoU is "outline off"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A judgement of an outline: its looks, the rules that disputed it, the card it gave."""

    quad: np.ndarray
    readings: list[_Reading]
    rules: list[str]
    card: Card | None


class WhyDetector(RecordingDetector):
    """The detector, keeping every judgement's rules (``CardDetector._judge``'s ``why``)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.verdicts: list[Verdict] = []

    def _judge(
        self, quad: np.ndarray, readings: list[_Reading], **options: Any
    ) -> CardDetection | None:
        given: list[str] | None = options.pop("why", None)
        said = given if given is not None else []  # the caller's list, when it gave one
        start = len(said)
        detection = super()._judge(quad, readings, why=said, **options)
        if detection is not None:
            self.verdicts.append(
                Verdict(
                    np.asarray(quad, np.float64).reshape(4, 2),
                    list(readings),
                    said[start:],
                    detection.card,
                )
            )
        return detection

    def verdict_of(self, detection: CardDetection) -> Verdict | None:
        """The last judgement of the detection's outline (None: never judged)."""
        quad = np.asarray(detection.corners, np.float64).reshape(4, 2)
        for verdict in reversed(self.verdicts):
            if np.abs(verdict.quad - quad).max() < 1e-3:
                return verdict
        return None


def looks_say(readings: list[_Reading]) -> str:
    """What the corner network's two corner looks say (h-dim34's causes, the glyph reader's
    dispute first)."""
    if any(r is _DISPUTED for r in readings):
        return "glyph disputes"
    plain = [r for r in readings if r is not _DISPUTED]
    net = [r for r in plain[:2] if r.network and r.rank is not None and r.suit is not None]
    if len(net) == 2:
        a, b = _best_card(net[0]), _best_card(net[1])
        if a != b:
            part = "suit" if a.rank is b.rank else "rank" if a.suit is b.suit else "both"
            return f"net corners disagree ({part})"
        return "net corners agree"
    return f"net reads {'one corner' if net else 'no corner'}"


def first_rule(rules: list[str]) -> str:
    """The first of ``JUDGED_BY`` among ``rules`` ("none" when none)."""
    known = [r for r in rules if r in JUDGED_BY]
    return min(known, key=JUDGED_BY.index) if known else "none"


def reason(detector: WhyDetector, detection: CardDetection, iou: float) -> str:
    """The reason tag of an uncertain card's detection (module docstring)."""
    if iou < OFF_IOU:
        return "outline off"
    verdict = detector.verdict_of(detection)
    if verdict is None:
        return "no look"
    if verdict.card is not None:
        return "after judge: sure"
    return f"{first_rule(verdict.rules)}: {looks_say(verdict.readings)}"


@dataclass(slots=True)
class Unsure:
    label: str
    design: str
    condition: str
    truth: Card
    candidate: Card | None
    reason: str
    rules: str
    iou: float


def uncertain_cards(
    designs: list[str], first: int, scenes: int, finder: FinderSettings
) -> tuple[list[Unsure], Counter[str]]:
    """Every uncertain card of the photo set, and the set's counts (cards, uncertain)."""
    model = GlyphModel.load()
    conditions = list(CONDITIONS)
    found: list[Unsure] = []
    totals: Counter[str] = Counter()
    for name in designs:
        faces = decks.render_design(decks.design(name), height=320, cache=CACHE)
        for k in range(first, first + scenes):
            condition = conditions[k % len(conditions)]
            seed = SEED + zlib.crc32(name.encode()) % 10_000 * 1000 + k
            photo = photograph(seed, faces, condition)
            detector = WhyDetector(model=model, finder=finder)
            detections = detector.analyse(photo.image).reported
            on_card, _ = on_cards(detections, photo.cards)
            totals["cards"] += len(photo.cards)
            totals[f"cards {condition}"] += len(photo.cards)
            totals[f"cards {name}"] += len(photo.cards)
            for n, true in enumerate(photo.cards):
                if n not in on_card:
                    continue
                iou, at = max(on_card[n], key=lambda pair: pair[0])
                detection = detections[at]
                if detection.card is not None:
                    continue
                verdict = detector.verdict_of(detection)
                found.append(
                    Unsure(
                        f"{name}/{condition}#{seed}",
                        name,
                        condition,
                        true.card,
                        detection.candidate,
                        reason(detector, detection, iou),
                        "+".join(verdict.rules) if verdict is not None else "-",
                        iou,
                    )
                )
    return found, totals


def tables(found: list[Unsure], totals: Counter[str], by_design: bool = False) -> str:
    """The counts by reason (rows) and condition (columns; designs with ``by_design``), with
    the candidates right and the true cards' colours."""
    if by_design:
        conditions = [k[6:] for k in totals if k.startswith("cards ") and k[6:] not in CONDITIONS]
        by = Counter((u.reason, u.design) for u in found)
    else:
        conditions = [c for c in CONDITIONS if totals[f"cards {c}"]]
        by = Counter((u.reason, u.condition) for u in found)
    reasons = Counter(u.reason for u in found)
    right = Counter(u.reason for u in found if u.candidate == u.truth)
    lines = [
        "| reason | all | candidate right | " + " | ".join(conditions) + " |",
        "|---|---|---|" + "---|" * len(conditions),
    ]
    for name, n in reasons.most_common():
        cells = " | ".join(str(by[(name, c)]) for c in conditions)
        lines.append(f"| {name} | {n} | {right[name]} | {cells} |")
    per = " | ".join(str(sum(by[(r, c)] for r in reasons)) for c in conditions)
    lines.append(f"| **uncertain** | {len(found)} | {sum(right.values())} | {per} |")
    cards = " | ".join(str(totals[f"cards {c}"]) for c in conditions)
    lines.append(f"| cards | {totals['cards']} | | {cards} |")
    rules = Counter(u.reason.split(":")[0] for u in found)
    colours = Counter(
        (u.reason.split(":")[0], "red" if u.truth.suit.value in "HD" else "black") for u in found
    )
    lines.append("")
    lines.append(
        "True colour by the first rule: "
        + ", ".join(
            f"{r} {colours[(r, 'red')]} red / {colours[(r, 'black')]} black"
            for r, _ in rules.most_common()
        )
    )
    lines.append("")
    lines.append(
        "By the first rule alone: " + ", ".join(f"{r} {n}" for r, n in rules.most_common())
    )
    # The judge's rules whatever the outline (an outline off judged too): the outline's last
    # judgement's rules joined, "sure" when it was read surely, "-" never judged.
    judged = Counter(u.rules or "sure" for u in found)
    every = ", ".join(f"{r} {n}" for r, n in judged.most_common())
    lines.append(f"By the judge's rules, outlines off too: {every}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,tango,ornamental,simplistic")
    parser.add_argument("--first", type=int, default=1000)
    parser.add_argument("--scenes", type=int, default=48)
    parser.add_argument("--cards", action="store_true", help="list every uncertain card")
    parser.add_argument(
        "--by-design", action="store_true", help="columns by design, not by condition"
    )
    parser.add_argument(
        "--finder", action="append", default=[], metavar="NAME=on|off", help="a switch set"
    )
    args = parser.parse_args()
    held = {d.name for d in decks.held_out_designs()}
    names = args.designs.split(",")
    if held & set(names) and args.cards:
        # Held-out designs are counted, never looked at: the tables only, no card listed.
        parser.error("--cards lists photographs one by one: building designs only")
    values = {k: v == "on" for k, v in (item.split("=", 1) for item in args.finder)}
    finder = replace(FinderSettings(), **values)
    one_core()
    found, totals = uncertain_cards(names, args.first, args.scenes, finder)
    if args.cards:
        for u in found:
            candidate = u.candidate.code if u.candidate is not None else "-"
            print(
                f"{u.label} {u.truth.code} cand {candidate} iou {u.iou:.2f} "
                f"[{u.reason}] rules {u.rules}"
            )
        print()
    print(tables(found, totals, by_design=args.by_design))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
