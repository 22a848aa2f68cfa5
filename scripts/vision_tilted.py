"""The finder and reader without a layout on tilted synthetic scenes of building designs.

A development check for ``vision detect`` without calibration (issue 28): scenes from
:mod:`dealer_assist.vision.synthetic` with a pinhole camera up to 30 degrees off vertical
(``synthetic.TILTED``, ``TILTED_CLOSE``), read as ``vision detect`` reads them, counted as
``benchmarks/bench_camera_scenes.py`` counts. Cards not wholly in the picture are left out of
the count (a detection on one counts neither way).

    python scripts/vision_tilted.py [--designs anglo,ornamental] [--scenes 20] [--seed 7900000]
        [--no-plane] [--no-paper] [--styles tilted,close,lens,overhead,noisy,harsh,wide,dim]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import numpy as np
from bench_camera_scenes import Count, count

from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.pipeline import DEFAULT_PAPER, DEFAULT_PLANE, CardDetector

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
STYLES = {
    "tilted": synthetic.TILTED,
    "close": synthetic.TILTED_CLOSE,
    "lens": synthetic.TILTED_LENS,
    "overhead": synthetic.OVERHEAD_CLUTTER,
    "noisy": synthetic.NOISY,
    "harsh": synthetic.HARSH,
    "wide": synthetic.WIDE,
    "dim": synthetic.DIM_NOISY,
}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument("--scenes", type=int, default=20, help="scenes per design and style")
    parser.add_argument("--seed", type=int, default=7_900_000)
    parser.add_argument("--examples", type=int, default=20)
    parser.add_argument("--styles", default="tilted,close,lens", help="of " + ", ".join(STYLES))
    parser.add_argument(
        "--no-plane", action="store_true", help="the frame as it is (the finder before issue 28)"
    )
    parser.add_argument(
        "--no-paper", action="store_true", help="no paper test (the finder before it)"
    )
    args = parser.parse_args()
    one_core()
    model = GlyphModel.load()
    totals: dict[str, Count] = defaultdict(Count)
    times: list[float] = []
    for name in args.designs.split(","):
        chosen = decks.design(name)
        assert chosen.family not in decks.HELD_OUT_FAMILIES, f"{name} is held out"
        faces = decks.render_design(chosen, height=320, cache=CACHE)
        for style_name in args.styles.split(","):
            style = STYLES[style_name]
            for k in range(args.scenes):
                seed = args.seed + k
                scene = synthetic.random_scene(seed, faces, style=style)
                height, width = scene.image.shape[:2]
                whole = [
                    c
                    for c in scene.cards
                    if all(0 <= x < width and 0 <= y < height for x, y in c.corners)
                ]
                partial = [c for c in scene.cards if c not in whole]
                detector = CardDetector(
                    model=model,
                    plane=None if args.no_plane else DEFAULT_PLANE,
                    paper=None if args.no_paper else DEFAULT_PAPER,
                )
                started = time.thread_time()
                detections = detector.detect(scene.image)
                times.append(time.thread_time() - started)
                # Detections on a card partly out of the picture count neither way.
                ignored = count(detections, partial, "") if partial else None
                kept = detections
                if ignored is not None:
                    kept = [d for d in detections if not _on_any(d.center, partial)]
                label = f"{name}/{style_name}#{seed}"
                totals[f"{name}"].add(count(kept, whole, label))
                totals[f"*{style_name}*"].add(count(kept, whole, label))
    total = Count()
    for key, c in totals.items():
        if not key.startswith("*"):
            total.add(c)
    header = ["", "cards", "exact", "uncertain", "wrong", "missed", "no card", "twice"]
    print(" | ".join(header))
    for key, c in [*totals.items(), ("all", total)]:
        print(" | ".join(str(v) for v in c.row(key)))
    print(f"median {1000 * float(np.median(times)):.0f} ms CPU a scene")
    for line in total.examples[: args.examples]:
        print(" ", line)
    return 0


def _on_any(center: tuple[float, float], cards: list[synthetic.PlacedCard]) -> bool:
    import cv2

    point = (float(center[0]), float(center[1]))
    return any(
        cv2.pointPolygonTest(np.array(c.corners, np.float32).reshape(-1, 1, 2), point, False) >= 0
        for c in cards
    )


if __name__ == "__main__":
    raise SystemExit(main())
