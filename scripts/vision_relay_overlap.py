"""Which cards ``relay_off`` re-lays and refuses only for the overlap with a card reported, and
what the overlap allowed (``FinderSettings.relay_off_overlap``) would change (issue 28,
h-overlap43).

    OMP_NUM_THREADS=1 python scripts/vision_relay_overlap.py [--styles ...] [--scenes 10]
        [--seed 7900000] [--limits 0.05,0.10,0.15,0.20,0.25] [--answers PREFIX]

Each scene of the building designs (``vision_scenes.check_scenes``, the building check's by
default) is read with the largest limit, every ``CardDetector._relaid_choice`` call traced: per
outline laid whose overlap with a card reported is over the smallest limit, the overlap share, the
outline's IoU with the true card it lies on most, what it reads alone there with any overlap
allowed (and the first of ``_relaid_choice``'s tests it fails, "taken" when none: the reader's own
``CardDetector._relaid_look`` and ``pipeline.relaid_settled``, so "no index seen" where
``relay_off_hope`` passes it over), the card it overlaps (as reported, and the true card under it,
drawn above or below ours), and the share of the overlap lying on that card's index corners
(``INDEX_BOX`` of its sides at each index corner). An outline read surely past its other index
corner is the only one the limit decides on, so a scene with none between the smallest and the
largest limit reads the same at every limit; a scene with one is read again at each limit. Each
limit's answers are counted (``bench_camera_scenes.count``) and, with ``--answers``, written one
card a line as ``vision_tilted.py --answers`` writes them (``PREFIX-<limit>.txt``).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import cv2
import numpy as np
from bench_camera_scenes import Count, answers, count
from vision_scenes import check_scenes, on_any

from dealer_assist.vision import synthetic
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.geometry import portrait_orders
from dealer_assist.vision.pipeline import (
    RELAID_PASSED_OVER,
    CardDetection,
    CardDetector,
    FrameAnalysis,
    _Finding,
    _Unsure,
    relaid_settled,
)
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.refit import overlap_share, polygon_iou

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
INDEX_BOX = (0.22, 0.30)  # an index corner's area: this share of the short and the long side


def index_boxes(quad: np.ndarray) -> list[np.ndarray]:
    """The two index areas of the card outlined by ``quad`` (frame pixels)."""
    boxes = []
    for order in portrait_orders(quad):
        corner, right, _, down = (np.asarray(p, np.float64) for p in order)
        across = (right - corner) * INDEX_BOX[0]
        along = (down - corner) * INDEX_BOX[1]
        boxes.append(np.array([corner, corner + across, corner + across + along, corner + along]))
    return boxes


def on_index(outline: np.ndarray, other: np.ndarray, shape: tuple[int, int]) -> float:
    """The share of the area ``outline`` and ``other`` share that lies on ``other``'s index
    areas (0 when they share none)."""
    shared = np.zeros(shape, np.uint8)
    cv2.fillConvexPoly(shared, np.round(outline).astype(np.int32), 1)
    mask = np.zeros(shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(other).astype(np.int32), 1)
    shared &= mask
    boxes = np.zeros(shape, np.uint8)
    for box in index_boxes(other):
        cv2.fillConvexPoly(boxes, np.round(box).astype(np.int32), 1)
    area = int(shared.sum())
    return float((shared & boxes).sum()) / area if area else 0.0


class Traced(CardDetector):
    """A ``CardDetector`` that keeps, per ``_relaid_choice`` call, the outlines laid that
    overlap a card reported by more than ``floor``, and what each reads alone there."""

    floor = 0.05
    calls: list[dict[str, object]]

    def _relaid_choice(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        detection: CardDetection,
        record: _Unsure,
        laid: list[np.ndarray],
        with_deck: bool,
    ) -> CardDetection | None:
        chosen = super()._relaid_choice(frame, analysis, found, detection, record, laid, with_deck)
        others = [d for d in analysis.reported if d is not detection]
        rows = []
        for outline in laid:
            shares = [(overlap_share(outline, np.asarray(o.corners)), o) for o in others]
            if not shares:
                continue
            share, other = max(shares, key=lambda pair: pair[0])
            if share <= self.floor:
                continue
            alone, why = self._alone(frame, analysis, found, detection, record, outline, with_deck)
            rows.append(
                {
                    "outline": np.asarray(outline, np.float64).copy(),
                    "share": share,
                    "other": np.asarray(other.corners, np.float64),
                    "other_card": other.card,
                    "read": alone,
                    "why": why,
                    "on_index": on_index(
                        np.asarray(outline), np.asarray(other.corners), frame.shape[:2]
                    ),
                }
            )
        self.calls.append(
            {
                "candidate": detection.candidate,
                "quad": np.asarray(record.quad, np.float64).reshape(4, 2),
                "chosen": None if chosen is None else chosen.card,
                "rows": rows,
            }
        )
        return chosen

    def _alone(
        self,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        found: _Finding,
        detection: CardDetection,
        record: _Unsure,
        outline: np.ndarray,
        with_deck: bool,
    ) -> tuple[object, str]:
        """What ``outline`` reads alone as ``_relaid_choice`` reads it with any overlap allowed,
        and the first of its tests it fails ("taken" when none): the reader's own
        ``_relaid_look`` and ``relaid_settled``."""
        others = [d for d in analysis.reported if d is not detection]
        lit = self._relaid_light(frame, others)  # any overlap allowed: 1.0
        look = self._relaid_look(frame, found, detection, others, outline, with_deck, lit, 1.0)
        if look.read is None:
            return None, look.why
        if look.why == "unsure":
            return None, f"unsure ({look.read.candidate})"
        return look.read.card, relaid_settled(record, look)


def detector(
    limit: float, finder: FinderSettings, model: GlyphModel, corners: CornerModel
) -> Traced:
    traced = Traced(
        model=model, corner_model=corners, finder=replace(finder, relay_off_overlap=limit)
    )
    traced.calls = []
    return traced


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument(
        "--styles", default="tilted,close,lens,overhead,noisy,harsh,wide,dim,table,tableclose"
    )
    parser.add_argument("--scenes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7_900_000)
    parser.add_argument("--limits", default="0.05,0.10,0.15,0.20,0.25")
    parser.add_argument("--answers", help="write each limit's answers to PREFIX-<limit>.txt")
    args = parser.parse_args()
    one_core()
    limits = [float(v) for v in args.limits.split(",")]
    top = max(limits)
    model, corners = GlyphModel.load(), CornerModel.load(None)
    finder = FinderSettings()
    totals = {limit: Count() for limit in limits}
    lines: dict[float, list[str]] = {limit: [] for limit in limits}
    changed: list[str] = []
    for checked in check_scenes(
        args.designs, args.styles, args.scenes, args.seed, CACHE, synthetic.CHECK_STYLES
    ):
        image, whole, partial = checked.scene.image, checked.whole, checked.partial
        cards = checked.scene.cards
        label = checked.label
        first = detector(top, finder, model, corners)
        first.floor = min(limits)
        reads = {top: first.analyse(image).reported}
        # An outline that fails a test ``_relaid_choice`` passes over (``continue``) changes
        # nothing at any limit: only one that reads a card past its other index corner may.
        between = [
            r
            for c in first.calls
            for r in c["rows"]  # type: ignore[attr-defined]
            if r["share"] <= top and not str(r["why"]).startswith(RELAID_PASSED_OVER)
        ]
        for limit in limits:
            if limit != top:
                reads[limit] = (
                    detector(limit, finder, model, corners).analyse(image).reported
                    if between
                    else reads[top]
                )
        said: dict[float, list[str]] = {}
        for limit in limits:
            kept = (
                [d for d in reads[limit] if not on_any(d.center, partial)]
                if partial
                else reads[limit]
            )
            counted = count(kept, whole, label)
            totals[limit].add(counted)
            said[limit] = answers(kept, whole)
            lines[limit] += [
                f"{label} {card.card.code} {a}" for card, a in zip(whole, said[limit], strict=True)
            ]
            lines[limit] += counted.examples
        for n, card in enumerate(whole):
            row = [said[limit][n] for limit in limits]
            if len(set(row)) > 1:
                changed.append(
                    f"{label} {card.card.code}: "
                    + ", ".join(f"{limit:.2f} {a}" for limit, a in zip(limits, row, strict=True))
                )
        for call in first.calls:
            for r in call["rows"]:  # type: ignore[attr-defined]
                outline = r["outline"]
                ious = [polygon_iou(outline, np.asarray(c.corners, np.float64)) for c in cards]
                k = int(np.argmax(ious))
                under = [polygon_iou(r["other"], np.asarray(c.corners, np.float64)) for c in cards]
                j = int(np.argmax(under))
                place = "above" if j > k else "below" if j < k else "same"
                other_card = r["other_card"].code if r["other_card"] is not None else "?"
                read = f"{r['read'].code if r['read'] is not None else '-'} ({r['why']})"
                print(
                    f"{label} truth {cards[k].card.code} iou {ious[k]:.2f} "
                    f"candidate {call['candidate'].code if call['candidate'] else '?'} "  # type: ignore[attr-defined]
                    f"read {read} share {r['share']:.3f} over {other_card} "
                    f"(true {cards[j].card.code}, {place}, iou {under[j]:.2f}) "
                    f"on its index {r['on_index']:.2f} "
                    f"chosen {call['chosen'].code if call['chosen'] else '-'}",  # type: ignore[attr-defined]
                    flush=True,
                )
    header = ["limit", "cards", "exact", "uncertain", "wrong", "missed", "no card", "twice"]
    print(" | ".join(header))
    for limit in limits:
        print(" | ".join(str(v) for v in totals[limit].row(f"{limit:.2f}")))
        for example in totals[limit].examples:
            if "no card" in example or "times" in example or "read as" in example:
                print("   ", example)
    print("cards answered otherwise between the limits:")
    print("\n".join(changed))
    if args.answers:
        for limit in limits:
            Path(f"{args.answers}-{limit:.2f}.txt").write_text(
                "".join(f"{line}\n" for line in lines[limit])
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
