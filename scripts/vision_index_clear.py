"""How many missed joined cards show a whole index in the clear (issue 28, h-index17).

Lever (c) of h-fingers16's diagnosis lays a card from a whole index (rank over suit) seen in
the clear where no reported card covers it. Whatever finds the index, the card it lays can
read no better than the card's **true** outline does. This reads each missed
``noquad:merged`` card of the building scenes at its true outline, beside the cards reported
(their outlines cover corners, as step 13 reads its offered cards), and says what step 13's
rules would make of it:

- ``card``: read as the true card surely, both index corners bearing it out (a card);
- ``unsure``: one index corner shows the true card whole at least ``corner_unsure`` surely and
  the other no other card (``corner_unsure``: uncertain), and it lies apart from the cards
  reported (no centre on one, no card of its name reported);
- ``kept out``: as ``unsure`` but not apart from the cards reported;
- ``wrong``: read surely or shown at a corner as another card;
- ``none``: no index corner shows it whole (fingers, a chip or a card over both indices).

    python scripts/vision_index_clear.py [--styles joined] [--scenes 10] [--designs ...]

An upper bound for the lever: it counts what the reader makes of a card laid exactly.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import numpy as np
from bench_camera_scenes import count
from camera_misses import missed, missed_why
from vision_scenes import check_scenes, on_any

from dealer_assist.vision import synthetic
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.pipeline import (
    DEFAULT_PAPER,
    DEFAULT_PLANE,
    CardDetector,
    FrameAnalysis,
    _apart_from_reported,
    _best_card,
    _Finding,
    _one_corner_shows,
    _Reading,
)

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument("--styles", default="joined")
    parser.add_argument("--scenes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7_900_000)
    args = parser.parse_args()
    one_core()
    model, corners = GlyphModel.load(), CornerModel.load(None)
    kinds: Counter[str] = Counter()
    lines: list[str] = []
    for checked in check_scenes(
        args.designs, args.styles, args.scenes, args.seed, CACHE, synthetic.CHECK_STYLES
    ):
        scene, whole, partial = checked.scene, checked.whole, checked.partial
        detector = CardDetector(
            model=model, corner_model=corners, plane=DEFAULT_PLANE, paper=DEFAULT_PAPER
        )
        analysis = detector.analyse(scene.image)
        kept = [d for d in analysis.reported if not on_any(d.center, partial)]
        for card in missed(kept, whole):
            if not count(kept, [card], "").missed:
                continue
            cause = missed_why(detector, scene.image, analysis.quads, card, kept)
            if cause != "noquad:merged":
                continue
            kind = _read_at_truth(detector, scene.image, analysis, card)
            kinds[kind] += 1
            label = f"{checked.design}/{checked.style}#{checked.seed}"
            lines.append(f"{label}: {card.card.code} {kind}")
    for line in lines:
        print(" ", line)
    print("noquad:merged cards read at their true outline:", dict(kinds))
    return 0


def _read_at_truth(
    detector: CardDetector, frame: np.ndarray, analysis: FrameAnalysis, card: synthetic.PlacedCard
) -> str:
    """What step 13's rules make of ``card`` laid at its true outline (module docstring)."""
    quad = np.asarray(card.corners, np.float64)
    reported = analysis.reported
    looks: list[list[_Reading]] = []
    read = detector._analysis_of(
        frame,
        _Finding([quad], analysis.card_px, analysis.foreground, [False]),
        with_deck=False,
        covering=[np.asarray(d.corners) for d in reported],
        looks_of=looks,
    )
    if not read.detections:
        return "none"
    detection, agree, pair = read.detections[0], read.corners_agree[0], looks[0]
    if detection.card is not None and agree:
        return "card" if detection.card == card.card else "wrong"
    if _one_corner_shows(pair, card.card, detector.finder.corner_unsure):
        unsure = replace(detection, card=None, candidate=card.card)
        return "unsure" if _apart_from_reported(unsure, reported) else "kept out"
    shown = [
        look.rank is not None and look.suit is not None and _best_card(look) != card.card
        for look in pair[:2]
    ]
    return "wrong" if any(shown) else "none"


if __name__ == "__main__":
    raise SystemExit(main())
