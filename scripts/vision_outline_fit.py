"""The outline-off uncertain cards and the sides fitted to straight edges (issue 28, h-outline45).

For each scene of the building check's designs and the styles given, each card answered
uncertain whose outline's IoU with the true card is under ``OFF_IOU``: how its outline is off
(each corner's distance from the true one, its size against the true card's and the frame's
sure cards'), the card read alone at the true outline, what ``CardDetector._relaid_off`` lays
for it (IoU with the truth and ``_relaid_look``'s verdict), and the outlines
``CardDetector._line_fitted`` lays (each side on a straight edge near it,
``refit.side_lines``; and the frame's sure card size from the corners where the network reads
an index, on the fitted sides), each with its IoU and verdict. Building scenes only.

    python scripts/vision_outline_fit.py --styles dim,table --scenes 10 [--seed S] \
        [--designs D] [--looks FILE]   # FILE: a vision_tilted.py --looks file: its scenes only
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from vision_outline_off import DESIGNS, OFF_IOU, kind, off_cards, read_alone

from dealer_assist.vision.cores import one_core
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.pipeline import (
    _Finding,
    _network_index_corners,
    _still_uncertain,
    _sure_sides,
    relaid_settled,
)
from dealer_assist.vision.refit import from_index_corner


def _off_labels(path: Path) -> set[str]:
    """The scenes of a ``--looks`` file with an uncertain card whose outline is off."""
    records = pickle.loads(path.read_bytes())
    return {
        str(r["label"])
        for r in records
        if r.get("card") is None and float(r.get("iou", 1.0)) < OFF_IOU
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default=DESIGNS)
    parser.add_argument("--styles", default="dim,noisy,table")
    parser.add_argument("--scenes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7900000)
    parser.add_argument("--looks", type=Path, default=None)
    args = parser.parse_args()
    one_core()
    only = _off_labels(args.looks) if args.looks else None
    tally: Counter[str] = Counter()
    for off in off_cards(args.designs, args.styles, args.scenes, args.seed, only):
        checked, detector, analysis, d = off.checked, off.detector, off.analysis, off.detection
        frame, truth, quad, covering = checked.scene.image, off.truth, off.quad, off.covering
        iou, errs, code = off.iou, off.errs, off.code
        records = {id(analysis.detections[k]): r for k, r in _still_uncertain(analysis)}
        sides = _sure_sides(analysis)
        found = _Finding([], analysis.card_px, analysis.foreground, [])
        ts = off.true_sides
        tsize = sorted(((ts[0] + ts[2]) / 2, (ts[1] + ts[3]) / 2))
        ratio = (off.sides.min() + off.sides.max()) / (ts.min() + ts.max())
        sure = "-" if sides is None else f"{(sides[0] + sides[1]) / (tsize[0] + tsize[1]):.2f}"
        at_true = read_alone(detector, frame, truth, covering)
        others = [x for x in analysis.reported if x is not d]
        lit = detector._relaid_light(frame, others)
        record = records.get(id(d))
        cells: dict[str, list[str]] = {}

        corners: list[int] = []
        laid: list[tuple[str, np.ndarray]] = []
        if record is not None:
            corners = _network_index_corners(quad, record.looks)
            if sides is not None:
                for c in corners:
                    laid += [("relay", shape) for shape in from_index_corner(quad, c, sides)]
            laid += [("fit", o) for o in detector._line_fitted(frame, quad, record, sides)]
        for name, outline in laid:
            assert record is not None
            look = detector._relaid_look(
                frame, found, d, others, outline, False, lit, detector.finder.relay_off_overlap
            )
            why = relaid_settled(record, look)
            got = look.read.card.code if look.read and look.read.card else "?"
            cells.setdefault(name, []).append(
                f"{polygon_iou(outline, truth):.2f}/{why}" + (f":{got}" if why == "taken" else "")
            )
            if why == "taken":
                tally[f"{name} taken {kind(got, code)}"] += 1
        tally[f"true {kind(at_true, code)}"] += 1
        tally["cards"] += 1
        for name, row in cells.items():
            if any(c.endswith(":" + code) for c in row):
                tally[f"{name} cards exact"] += 1
        print(
            f"{checked.label} {code} cand {d.candidate.code if d.candidate else None} "
            f"iou {iou:.2f} corners {' '.join(f'{e:.0f}' for e in errs)} size {ratio:.2f} "
            f"sure/true {sure} true:{at_true} net {corners} | "
            + " | ".join(f"{name}: " + " ".join(row) for name, row in cells.items()),
            flush=True,
        )
    for key, value in sorted(tally.items()):
        print(key, value)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
