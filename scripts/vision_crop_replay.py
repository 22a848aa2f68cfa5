"""The readers replayed on recorded index corners with each crop prepared another way (issue 28,
h-dim34, a diagnosis): does normalising a dim corner's contrast, or smoothing its noise, read
more cards exactly?

Reads the files ``scripts/vision_tilted.py --looks FILE`` writes (every answered card with its
two index corners as warped at the answered outline) and, for each way of preparing a corner
(``WAYS``), reads both corners again - the corner network and the glyph reader as the detector
reads them (``CardDetector._read_looks``), or the network alone (``--network-only``: the glyph
reader sees the corner as it was) - and judges the card from those looks (``_judge``, the
printed rules). Then the glyph reader's ink split (``IndexSettings``) set otherwise
(``SETTINGS``). Not replayed: the looks again, the middle and the finder's choice (the plain
row is the reading stage alone, below the detector's own count). Building scenes only.

    python scripts/vision_crop_replay.py build/dim/dim10-looks.pkl [--ways plain,clahe2,...]
        [--network-only] [--settings] [--corners build/vision/candidate.onnx]

``--corners``: another corner network read in the shipped one's place (h-net35: a candidate
network judged on the recorded corners before a scene is run).
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest.mock import patch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2
import numpy as np

import dealer_assist.vision.pipeline as pipeline
from dealer_assist.vision.corner_model import CornerModel, corner_patches
from dealer_assist.vision.pipeline import CardDetector

Way = Callable[[np.ndarray], np.ndarray]


def _clahe(clip: float) -> Way:
    equalise = cv2.createCLAHE(clipLimit=clip, tileGridSize=(2, 4))

    def way(region: np.ndarray) -> np.ndarray:
        lab = cv2.cvtColor(region, cv2.COLOR_BGR2LAB)
        lab[..., 0] = equalise.apply(np.ascontiguousarray(lab[..., 0]))
        result: np.ndarray = cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)
        return result

    return way


def _stretch(region: np.ndarray) -> np.ndarray:
    """The crop's 1st to 99th percentile stretched over 0-255."""
    low, high = np.percentile(region, 1), np.percentile(region, 99)
    if high - low < 1:
        return region
    scaled = (region.astype(np.float32) - low) * (255.0 / (high - low))
    stretched: np.ndarray = np.clip(scaled, 0, 255).astype(np.uint8)
    return stretched


def _blur(sigma: float) -> Way:
    return lambda region: cv2.GaussianBlur(region, (0, 0), sigma)


WAYS: dict[str, Way] = {
    "plain": lambda region: region,
    "stretch": _stretch,
    "clahe2": _clahe(2.0),
    "clahe4": _clahe(4.0),
    "blur0.8": _blur(0.8),
    "blur1.5": _blur(1.5),
    "median5": lambda region: cv2.medianBlur(region, 5),
    "nlmeans10": lambda region: cv2.fastNlMeansDenoisingColored(region, None, 10, 10, 5, 11),
}

# The glyph reader's ink split set otherwise (``IndexSettings``), the crops as recorded.
SETTINGS: dict[str, dict[str, float]] = {
    "min_ink 0.12": {"min_ink": 0.12},
    "min_ink 0.25": {"min_ink": 0.25},
    "min_ink 0.4": {"min_ink": 0.4},
    "min_weak_ink 0.18": {"min_weak_ink": 0.18},
    "min_glyph_px 50": {"min_glyph_px": 50.0},
    "no glyph reader (min_glyph_px 500)": {"min_glyph_px": 500.0},
}


def _replay(
    records: list[dict[str, Any]], detector: CardDetector, way: Way, network_only: bool
) -> dict[int, str]:
    """Each record's answer (card code, ``?`` uncertain) with its corners prepared by ``way``."""
    # The pipeline's own name for the network's patches (``corner_patches``), replaced for the
    # replay: the network alone sees the prepared corners.
    prepared: AbstractContextManager[object] = (
        patch.object(
            pipeline,
            "corner_patches",
            lambda regions: corner_patches([way(region) for region in regions]),
        )
        if network_only
        else nullcontext()
    )
    answers = {}
    with prepared:
        for n, record in enumerate(records):
            first, second = record["regions"]
            if not network_only:
                first, second = way(first), way(second)
            looks, _ = detector._read_looks([(first, second)])
            judged = detector._judge(np.asarray(record["outline"], float), looks[0], printed=True)
            answers[n] = "?" if judged is None or judged.card is None else judged.card.code
    return answers


def _report(name: str, records: list[dict[str, Any]], answers: dict[int, str]) -> None:
    counts: Counter[str] = Counter()
    for n, record in enumerate(records):
        answer = answers[n]
        counts["?" if answer == "?" else "exact" if answer == record["truth"] else "wrong"] += 1
    print(f"| {name} | {counts['exact']} | {counts['?']} | {counts['wrong']} |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--ways", default=",".join(WAYS))
    parser.add_argument("--network-only", action="store_true")
    parser.add_argument("--settings", action="store_true", help="the ink split's settings too")
    parser.add_argument("--corners", type=Path, help="corner network (default: the shipped one)")
    args = parser.parse_args()
    network = CornerModel.load(args.corners)
    records: list[dict[str, Any]] = []
    for path in args.files:
        records += pickle.loads(path.read_bytes())
    print(f"{len(records)} cards answered; the reading stage replayed")
    print("| way | exact | uncertain | wrong |")
    print("|---|---|---|---|")
    for name in args.ways.split(","):
        detector = CardDetector(corner_model=network)
        _report(name, records, _replay(records, detector, WAYS[name], args.network_only))
    if args.settings:
        for name, changed in SETTINGS.items():
            detector = CardDetector(corner_model=network)
            detector.index = replace(detector.index, **changed)
            _report(name, records, _replay(records, detector, WAYS["plain"], False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
