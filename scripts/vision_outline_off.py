"""The uncertain cards whose outline is a tenth off (issue 28, h-outline38): building scenes only.

For each scene of the building check's designs and the styles given, the detector's answers;
for each card answered uncertain whose outline's IoU with the true card is under ``OFF_IOU``:
how its outline is off (each corner's distance from the true one, its size against the true
one's), the card read alone at the true outline, and read alone at each outline
``refit.measured`` lays from it (snapped as the refit snaps), with each outline's IoU before and
after the snap: as main lays them and with h-seam39's levers (``VARIANTS``: each side to the
first seam, from the index corners only, both).

    python scripts/vision_outline_off.py --styles dim,noisy,table --scenes 10 \
        [--seed S] [--designs D]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from camera_misses import on_cards
from vision_scenes import CheckScene, check_scenes, on_any
from vision_tilted import read_alone as _read_alone

from dealer_assist.vision.cores import one_core
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.pipeline import (
    DEFAULT_PAPER,
    DEFAULT_PLANE,
    CardDetection,
    CardDetector,
    FrameAnalysis,
    _index_corners,
)
from dealer_assist.vision.refit import RefitSettings, measured, snapped

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
DESIGNS = "anglo,ornamental,tango,simplistic"
OFF_IOU = 0.85
# ``refit.measured`` as main lays it and with h-seam39's levers.
VARIANTS = {
    "main": RefitSettings(),
    "seam": RefitSettings(measure_seam=True),
    "index": RefitSettings(measured_index=True),
    "seam+index": RefitSettings(measure_seam=True, measured_index=True),
}


def read_alone(
    detector: CardDetector, frame: np.ndarray, quad: np.ndarray, covering: list[np.ndarray]
) -> str:
    """``vision_tilted.read_alone``, "-" for nothing read."""
    return _read_alone(detector, frame, quad, covering) or "-"


def kind(got: str, code: str) -> str:
    """exact, wrong, ? (uncertain) or - (nothing read)."""
    return "exact" if got == code else "wrong" if got not in "?-" else got


@dataclass
class OffCard:
    """An uncertain card whose outline's IoU with the true card is under ``OFF_IOU``."""

    checked: CheckScene
    detector: CardDetector
    analysis: FrameAnalysis
    detection: CardDetection
    iou: float
    truth: np.ndarray  # its true outline, frame pixels
    quad: np.ndarray  # its answered outline
    covering: list[np.ndarray]  # the other outlines answered
    errs: list[float]  # each answered corner's distance from the nearest true corner
    sides: np.ndarray  # the answered outline's sides
    true_sides: np.ndarray  # the true outline's

    @property
    def code(self) -> str:
        return self.checked.whole[self.n].card.code

    n: int = 0  # the card's place among the scene's whole cards


def off_cards(
    designs: str, styles: str, scenes: int, seed: int, only: set[str] | None = None
) -> Iterator[OffCard]:
    """The outline-off uncertain cards of the check's scenes (those labelled in ``only``)."""
    for checked in check_scenes(designs, styles, scenes, seed, CACHE):
        if only is not None and checked.label not in only:
            continue
        frame = checked.scene.image
        detector = CardDetector(plane=DEFAULT_PLANE, paper=DEFAULT_PAPER)
        analysis = detector.analyse(frame)
        detections = analysis.reported
        if checked.partial:
            detections = [d for d in detections if not on_any(d.center, checked.partial)]
        on_card, _ = on_cards(detections, checked.whole)
        outlines = [np.asarray(d.corners, np.float64).reshape(4, 2) for d in detections]
        for n, found in on_card.items():
            iou, k = max(found, key=lambda pair: pair[0])
            d = detections[k]
            if d.card is not None or iou >= OFF_IOU:
                continue
            truth = np.asarray(checked.whole[n].corners, np.float64).reshape(4, 2)
            quad = outlines[k]
            yield OffCard(
                checked,
                detector,
                analysis,
                d,
                iou,
                truth,
                quad,
                [o for m, o in enumerate(outlines) if m != k],
                [float(np.min(np.hypot(*(truth - p).T))) for p in quad],
                np.hypot(*(np.roll(quad, -1, axis=0) - quad).T),
                np.hypot(*(np.roll(truth, -1, axis=0) - truth).T),
                n,
            )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default=DESIGNS)
    parser.add_argument("--styles", default="dim,noisy,table")
    parser.add_argument("--scenes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7900000)
    args = parser.parse_args()
    one_core()
    tally: Counter[str] = Counter()
    for off in off_cards(args.designs, args.styles, args.scenes, args.seed):
        checked, detector, analysis, d = off.checked, off.detector, off.analysis, off.detection
        frame, truth, quad, covering = checked.scene.image, off.truth, off.quad, off.covering
        iou, errs, tsides = off.iou, off.errs, off.true_sides
        gray = detector._snap_gray(frame)
        ratio = (off.sides.min() + off.sides.max()) / (tsides.min() + tsides.max())
        at_true = read_alone(detector, frame, truth, covering)
        code = off.code
        looked: dict[str, list[str]] = {}
        for name, settings in VARIANTS.items():
            corners = _index_corners(analysis.unsure.get(id(d)), settings)
            cells = looked[name] = []
            for shape in measured(
                gray,
                quad,
                settings,
                corners=None
                if corners is None
                else [int(np.argmin(np.hypot(*(quad - p).T))) for p in corners],
            ):
                q, _ = snapped(gray, shape, settings)
                got = read_alone(detector, frame, q, covering)
                cells.append(f"{polygon_iou(shape, truth):.2f}>{polygon_iou(q, truth):.2f}/{got}")
                tally[f"{name} outlines {kind(got, code)}"] += 1
            if any(c.endswith("/" + code) for c in cells):
                tally[f"{name} cards exact alone"] += 1
                if at_true == code:
                    tally[f"{name} cards exact alone, of those exact at the true outline"] += 1
        tally[f"true {kind(at_true, code)}"] += 1
        tally["cards"] += 1
        print(
            f"{checked.label} {code} cand {d.candidate.code if d.candidate else None} "
            f"iou {iou:.2f} w {tsides.min():.0f} corners {' '.join(f'{e:.0f}' for e in errs)} "
            f"size {ratio:.2f} true:{at_true} | "
            + " | ".join(f"{name}: " + " ".join(cells) for name, cells in looked.items()),
            flush=True,
        )
    for key, value in sorted(tally.items()):
        print(key, value)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
