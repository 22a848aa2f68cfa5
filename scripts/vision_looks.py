#!/usr/bin/env python3
"""Every look at every card found, kept to choose how a card is judged from them (building only).

Runs the whole detector (``CardDetector``'s defaults, without a layout) on seeded scenes of
building designs and of decks drawn in the fonts kept out of building (``drawn_decks.TEST_FONTS``)
and writes, for every card found, its true card, its width in pixels, the looks it was judged
from (the corner network's two corners, the glyph reader's, the pips') and the corner network's
answers for each corner read again from slightly moved and rescaled corner regions (``VARIANTS``).
``--judge`` then replays the judgement offline with other rules and prints the trade-off of
uncertain against wrong reads, without reading the scenes again (the looks a card would get
when the network is surer - the glyph reader checks one corner instead of two - are not
replayed: the frame-level numbers come from scripts/vision_validate.py).

    scripts/vision_looks.py --families anglo,simplistic --drawn 6 --scenes 3 \\
        --styles tilted,noisy,close,overhead --out build/vision/looks.pkl
"""

from __future__ import annotations

import argparse
import pickle
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_assist.cards import Card
from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel, corner_patch
from dealer_assist.vision.drawn_decks import TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.evaluation import match
from dealer_assist.vision.geometry import portrait_orders
from dealer_assist.vision.index import IndexSettings, ink_map, warp_corner
from dealer_assist.vision.middle import pip_glyphs, shows_pips
from dealer_assist.vision.pipeline import _DISPUTED, CardDetector, _Reading

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vision_recording import RecordingDetector

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
SEED = 7_000_000  # the validation seeds (scripts/vision_validate.py)
STYLES = synthetic.CHECK_STYLES
# The corner region read again: (x shift, y shift) in frame pixels, and a scale about the
# card's centre.
VARIANTS: tuple[tuple[float, float, float], ...] = (
    (0.0, 0.0, 1.0),
    (-0.5, 0.0, 1.0),
    (0.5, 0.0, 1.0),
    (0.0, -0.5, 1.0),
    (0.0, 0.5, 1.0),
    (0.0, 0.0, 0.97),
    (0.0, 0.0, 1.03),
)


def _variant_patches(frame: np.ndarray, quad: np.ndarray, index: IndexSettings) -> np.ndarray:
    """Both corners' network inputs for every variant: (variants, 2, C, H, W)."""
    points = np.asarray(quad, np.float64).reshape(4, 2)
    centre = points.mean(axis=0)
    patches = []
    for dx, dy, scale in VARIANTS:
        moved = (points - centre) * scale + centre + np.array([dx, dy])
        orders = portrait_orders(moved)
        patches.append([corner_patch(warp_corner(frame, order, index)) for order in orders])
    return np.array(patches, np.float32)


def _middle(
    detector: CardDetector, frame: np.ndarray, outlines: list[np.ndarray], quad: np.ndarray
) -> tuple[int, bool, np.ndarray | None] | None:
    """The card's middle, when in the clear: its blobs of ink (pip-sized or larger), whether it
    shows pips, and the pips' suit probabilities (mean over its whole pips, as ``_pip_look``)."""
    n = min(range(len(outlines)), key=lambda k: float(np.abs(outlines[k] - quad).sum()))
    middle = detector._clear_middle(frame, outlines, n)
    if middle is None:
        return None
    settings = detector.middle
    binary = (ink_map(middle) > settings.ink).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    areas = stats[1:, cv2.CC_STAT_AREA] / float(binary.size)
    blobs = int(np.count_nonzero(areas >= settings.min_blob))
    pips = shows_pips(middle, settings)
    suit = None
    vectors = pip_glyphs(middle, settings) if pips else []
    if vectors:
        p = detector.model.suit_probabilities(np.array(vectors))
        p = p[p[:, -1] < detector.junk_limit]
        if len(p):
            suit = (p[:, :-1] / p[:, :-1].sum(axis=1, keepdims=True)).mean(axis=0)
    return blobs, pips, suit


def _pack(reading: _Reading) -> tuple[object, ...]:
    return (
        reading.rank,
        reading.suit,
        sorted(s.value for s in reading.unlike),
        reading.overlap,
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--families", default="", help="building families")
    parser.add_argument("--designs", default="", help="building designs by name")
    parser.add_argument("--drawn", type=int, default=0, help="decks drawn in the test fonts")
    parser.add_argument("--styles", default="tilted,noisy,close,overhead")
    parser.add_argument("--scenes", type=int, default=3, help="scenes per design and style")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--corners", type=Path, help="corner network (default: the shipped one)")
    args = parser.parse_args()
    one_core()
    designs = decks.validation_designs(args.families) if args.families else []
    for name in filter(None, args.designs.split(",")):
        design = decks.design(name)
        if design.family in decks.HELD_OUT_FAMILIES:
            parser.error(f"{name} is held out")
        designs.append(design)
    sources: list[tuple[str, dict[Card, np.ndarray]]] = [
        (d.name, decks.render_design(d, height=320, cache=CACHE)) for d in designs
    ]
    for k in range(args.drawn):
        style = random_style(np.random.default_rng(SEED + k), jumbo=k % 2 == 1, fonts=TEST_FONTS)
        sources.append((f"drawn-{k}{'-jumbo' if style.jumbo else ''}", render_drawn(style, seed=k)))
    styles = args.styles.split(",")
    model = GlyphModel.load()
    corners = CornerModel.load(args.corners)
    records: list[dict[str, object]] = []
    missed = phantoms = cards = 0
    for name, faces in sources:
        for k in range(args.scenes * len(styles)):
            seed = args.seed + zlib.crc32(name.encode()) % 10_000 * 100 + k
            style_name = styles[k % len(styles)]
            scene = synthetic.random_scene(seed, faces, style=STYLES[style_name])
            detector = RecordingDetector(model=model, corner_model=corners)
            analysis = detector.analyse(scene.image)
            reported = analysis.reported
            outlines = [np.asarray(q, np.float32).reshape(-1, 2) for q in analysis.quads]
            matched, unmatched = match(reported, scene.cards)
            phantoms += len(unmatched)
            for t, card in enumerate(scene.cards):
                cards += 1
                d = matched.get(t)
                if d is None:
                    missed += 1
                    continue
                found = reported[d]
                kept = detector.judged.get(id(found))
                record: dict[str, object] = {
                    "where": f"{name}#{seed}",
                    "design": name,
                    "style": style_name,
                    "truth": card.card.code,
                    "candidate": found.candidate.code if found.candidate is not None else None,
                    "confidence": found.confidence,
                    "sure": found.card is not None,
                }
                if kept is not None:
                    looks, quad, pips = kept.readings, kept.quad, kept.pips
                    sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
                    record["width"] = float(min(sides[0] + sides[2], sides[1] + sides[3]) / 2)
                    record["looks"] = [
                        "disputed"
                        if r is _DISPUTED
                        else ("pip", *_pack(r))
                        if detector.is_pip_look(r)
                        else _pack(r)
                        for r in looks
                    ]
                    record["pips"] = pips
                    record["middle"] = _middle(detector, scene.image, outlines, quad)
                    patches = _variant_patches(scene.image, quad, detector.index)
                    rank_p, suit_p = corners.probabilities(patches.reshape(-1, *patches.shape[2:]))
                    record["variants"] = (
                        rank_p.reshape(len(VARIANTS), 2, -1),
                        suit_p.reshape(len(VARIANTS), 2, -1),
                    )
                records.append(record)
        print(name, len(records), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("wb") as handle:
        pickle.dump(
            {"records": records, "cards": cards, "missed": missed, "phantoms": phantoms}, handle
        )
    print(f"{cards} cards, {len(records)} found, {missed} missed, {phantoms} phantoms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
