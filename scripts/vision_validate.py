#!/usr/bin/env python3
"""Choose how the camera reads cards without looking at the held-out designs.

Runs the whole detector on seeded scenes of *building* designs from families that the models
given were trained without (scripts/vision_train.py --validate ..., scripts/vision_train_corners.py
--validate ...), and prints exact / wrong / uncertain / missed / phantoms per design for several
confidence thresholds and ways of combining the two readers. Refuses held-out designs.

    scripts/vision_validate.py --families paris,tigullio --glyphs build/vision/glyphs-val.npz \\
        --corners build/vision/corners-val.onnx --combine fallback,agree --scenes 40
"""

from __future__ import annotations

import argparse
import sys
import zlib
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.evaluation import match
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.synthetic import random_scene

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
VALIDATE_SEED = 7_000_000  # apart from the dataset's and the benchmark's seeds
THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.98)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--families", required=True)
    parser.add_argument("--glyphs", type=Path, help="glyph model (default: the shipped one)")
    parser.add_argument("--corners", type=Path, help="corner network (default: the shipped one)")
    parser.add_argument("--combine", default="check", help="comma-separated; 'none': glyphs")
    parser.add_argument("--scenes", type=int, default=40)
    args = parser.parse_args()
    one_core()
    try:
        designs = decks.validation_designs(args.families)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 1
    glyphs = GlyphModel.load(args.glyphs)
    corners = CornerModel.load(args.corners)
    for combine in args.combine.split(","):
        totals = np.zeros((len(THRESHOLDS), 5), int)  # exact wrong uncertain missed phantoms
        cards = 0
        wrongs: list[str] = []
        for design in designs:
            faces = decks.render_design(design, height=320, cache=CACHE)
            tally = np.zeros((len(THRESHOLDS), 5), int)
            count = 0
            for k in range(args.scenes):
                seed = VALIDATE_SEED + zlib.crc32(design.name.encode()) % 10_000 * 100 + k
                scene = random_scene(seed, faces)
                detector = CardDetector(
                    layout=scene.calibrated_layout,
                    model=glyphs,
                    corner_model=corners,
                    use_corner_model=combine != "none",
                    combine=combine if combine != "none" else "unsure",  # type: ignore[arg-type]
                )
                detections = detector.detect(scene.image)
                matched, unmatched = match(detections, scene.cards)
                count += len(scene.cards)
                tally[:, 4] += len(unmatched)
                for t, card in enumerate(scene.cards):
                    d = matched.get(t)
                    if d is None:
                        tally[:, 3] += 1
                        continue
                    found = detections[d]
                    for i, threshold in enumerate(THRESHOLDS):
                        if found.confidence < threshold:
                            tally[i, 2] += 1
                        elif found.candidate == card.card:
                            tally[i, 0] += 1
                        else:
                            tally[i, 1] += 1
                    if found.candidate != card.card and found.confidence >= 0.5:
                        wrongs.append(
                            f"{design.name}#{seed} {card.card}->{found.candidate} "
                            f"{found.confidence:.2f}"
                        )
            i = THRESHOLDS.index(0.9)
            print(
                f"{combine:9s} {design.name:28s} {count:4d} cards at 0.9: exact "
                f"{tally[i, 0] / count:.4f} wrong {tally[i, 1]} uncertain {tally[i, 2]} "
                f"missed {tally[i, 3]} phantoms {tally[i, 4]}",
                flush=True,
            )
            totals += tally
            cards += count
        for i, threshold in enumerate(THRESHOLDS):
            e, w, u, m, p = totals[i]
            print(
                f"{combine:9s} ALL at {threshold:.2f}: exact {e / cards:.4f} wrong {w} "
                f"uncertain {u} missed {m} phantoms {p} ({cards} cards)"
            )
        print("  wrong candidates (>= 0.5): " + "; ".join(wrongs[:15]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
