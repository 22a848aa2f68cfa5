"""Outlines that do not fit their card, on building scenes only (issue 28, h-half12).

For every card answered as *unread* (no index read in its shape), every card read unsurely on a
shape overlapping it under 0.75 (IoU; *unsure*), and every card missed with a
shape overlapping it badly (``badquad`` of ``benchmarks/camera_misses.py``), says how the shape
lies on the card: its extent in the card's own frame (x across the width, y along the height,
0..1 is the card; a half card along the height is ``y 0.00-0.50``), its area over the card's,
and its sides over the frame's sure cards' (the median short and long side of the detections
read surely). Writes each case as a JSON line to ``--cases``.

    python scripts/vision_outlines.py --styles lens,tilted,table --scenes 10 --cases FILE
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from bench_camera_scenes import count
from camera_misses import missed, missed_why
from vision_scenes import check_scenes

from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.pipeline import CardDetector

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
UNSURE_IOU = 0.75  # a card read unsurely on a shape overlapping it less than this: "unsure"


def _sides(quad: np.ndarray) -> tuple[float, float]:
    sides = np.hypot(*(np.roll(quad, -1, axis=0) - quad).T)
    a, b = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    return float(min(a, b)), float(max(a, b))


def in_card(truth: np.ndarray, quad: np.ndarray) -> list[float]:
    """The shape's extent in the card's frame: x0, x1 (across), y0, y1 (along), card = 0..1."""
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_card = cv2.getPerspectiveTransform(truth.astype(np.float32), unit)
    points = cv2.perspectiveTransform(quad.reshape(-1, 1, 2).astype(np.float32), to_card)
    points = points.reshape(-1, 2)
    return [
        round(float(points[:, 0].min()), 2),
        round(float(points[:, 0].max()), 2),
        round(float(points[:, 1].min()), 2),
        round(float(points[:, 1].max()), 2),
    ]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument("--scenes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7_900_000)
    parser.add_argument("--styles", default="lens,tilted,table")
    parser.add_argument("--cases", type=Path)
    args = parser.parse_args()
    one_core()
    detector = CardDetector(model=GlyphModel.load(), corner_model=CornerModel.load())
    cases = []
    for checked in check_scenes(args.designs, args.styles, args.scenes, args.seed, CACHE):
        name, style_name, seed = checked.design, checked.style, checked.seed
        scene, whole = checked.scene, checked.whole
        analysis = detector.analyse(scene.image)
        kept = analysis.reported
        sure = [np.asarray(d.corners, np.float64) for d in kept if d.card is not None]
        sure_sides = [_sides(q) for q in sure]
        label = f"{name}/{style_name}#{seed}"
        for card in whole:
            truth = np.asarray(card.corners, np.float64)
            one = count(kept, [card], "")
            quad = None
            kind = None
            if one.missed:
                if card in missed(kept, whole):
                    cause = missed_why(detector, scene.image, analysis.quads, card, kept)
                    if cause.startswith("badquad"):
                        ious = [polygon_iou(truth, np.asarray(q)) for q in analysis.quads]
                        quad = np.asarray(analysis.quads[int(np.argmax(ious))])
                        kind = cause
            elif one.uncertain:
                on = [
                    d
                    for d in kept
                    if cv2.pointPolygonTest(
                        truth.astype(np.float32).reshape(-1, 1, 2),
                        (float(d.center[0]), float(d.center[1])),
                        False,
                    )
                    >= 0
                ]
                best = max(on, key=lambda d: polygon_iou(truth, np.asarray(d.corners)))
                quad = np.asarray(best.corners, np.float64)
                if best.candidate is None:
                    kind = "unread"
                elif polygon_iou(truth, quad) < UNSURE_IOU:
                    kind = "unsure"
                else:
                    quad = None
            if quad is None:
                continue
            short, long = _sides(quad)
            tshort, tlong = _sides(truth)
            median = (
                (
                    float(np.median([s for s, _ in sure_sides])),
                    float(np.median([t for _, t in sure_sides])),
                )
                if sure_sides
                else None
            )
            case = {
                "label": label,
                "card": card.card.code,
                "kind": kind,
                "iou": round(polygon_iou(truth, quad), 2),
                "extent": in_card(truth, quad),
                "area": round(
                    abs(cv2.contourArea(quad.astype(np.float32)))
                    / abs(cv2.contourArea(truth.astype(np.float32))),
                    2,
                ),
                "sides": [round(short / tshort, 2), round(long / tlong, 2)],
                "sure": len(sure),
                "sure_sides": None
                if median is None
                else [round(median[0] / tshort, 2), round(median[1] / tlong, 2)],
                "true_px": round(tshort),
            }
            cases.append(case)
            print(json.dumps(case), flush=True)
    if args.cases:
        args.cases.parent.mkdir(parents=True, exist_ok=True)
        args.cases.write_text("".join(json.dumps(c) + "\n" for c in cases))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
