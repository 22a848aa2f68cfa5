#!/usr/bin/env python3
"""Shape of the index's suit glyph on black cards (issue 28, glyph9; building only).

Reads seeded building scenes with the plain detector (no deck) and, for every black card found
(by its truth or its reading), cuts both corners as the glyph reader does (``segment_corner``)
and keeps the suit glyph's ink (``CornerInk.ink`` in its box, 0-1) with the card's truth, its
reading and whether it was sure. ``--check`` reads the enrolled building check's own scenes
(scripts/vision_enrol_check.py's seeds) of one design and condition instead. The shapes are
measured offline (``shape_features``), to see whether a club can be told from a spade by its
outline where the readers cannot.

    scripts/vision_suit_shape.py --scenes 3 --out build/vision/suit-shapes.pkl
    scripts/vision_suit_shape.py --check anglo/light --designs anglo --drawn 0 --scenes 18 \\
        --out build/vision/check-anglo.pkl
    scripts/vision_suit_shape.py --measure build/vision/suit-shapes.pkl
"""

from __future__ import annotations

import argparse
import pickle
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import cast

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from vision_enrol_check import SEED as CHECK_SEED
from vision_enrol_check import STYLES

from dealer_assist.cards import Suit
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.drawn_decks import FONTS, TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.evaluation import match
from dealer_assist.vision.geometry import portrait_orders
from dealer_assist.vision.index import corner_ink, ink_map, segment_corner, warp_corner
from dealer_assist.vision.middle import MiddleSettings, shows_pips
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.synthetic import random_scene

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
SEED = 9_500_000  # black7's tuning seeds
BLACK = (Suit.SPADES, Suit.CLUBS)


Shape = tuple[float, float, int, float]  # solidity, top width, deep defects, widest row


def shape_features(glyph: np.ndarray, level: float = 0.5) -> Shape | None:
    """A suit glyph's outline at ``level`` of its darkest ink (upsampled 4 times): its solidity
    (area over the convex hull's), its width at 15% of its height (share of its widest row),
    its convexity defects deeper than 6% of its size (a club's lobes give two or three) and
    where its widest row is (share of its height). None: no ink."""
    peak = float(glyph.max()) if glyph.size else 0.0
    if peak <= 0:
        return None
    big = cv2.resize(glyph, (glyph.shape[1] * 4, glyph.shape[0] * 4), interpolation=cv2.INTER_CUBIC)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(
        (big >= level * peak).astype(np.uint8), connectivity=8
    )
    if n < 2:
        return None
    mask = (labels == 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))).astype(np.uint8)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(contours, key=cv2.contourArea)
    hull_area = cv2.contourArea(cv2.convexHull(outline))
    solidity = cv2.contourArea(outline) / hull_area if hull_area > 0 else 1.0
    rows = np.count_nonzero(mask, axis=1)
    rows = rows[rows > 0]
    top_width = float(rows[int(0.15 * len(rows))] / rows.max())
    widest = float(np.argmax(rows)) / len(rows)
    deep = 0
    try:
        defects = cv2.convexityDefects(outline, cv2.convexHull(outline, returnPoints=False))
    except cv2.error:  # a self-touching outline
        defects = None
    if defects is not None:
        size = max(len(rows), int(rows.max()))
        deep = int(np.count_nonzero(defects.reshape(-1, 4)[:, 3] / 256.0 > 0.06 * size))
    return solidity, top_width, deep, widest


RULES: dict[str, Callable[[Shape], bool]] = {
    "club-like: 2+ deep defects": lambda f: f[2] >= 2,
    "club-like: solidity < 0.92": lambda f: f[0] < 0.92,
    "club-like: both": lambda f: f[2] >= 2 and f[0] < 0.92,
    "club-like: 3+ deep defects": lambda f: f[2] >= 3,
    "club-like: 3+ deep defects, solidity < 0.9": lambda f: f[2] >= 3 and f[0] < 0.9,
    "not spade-like: top width > 0.45": lambda f: f[1] > 0.45,
    "not spade-like: widest row in the top 60%": lambda f: f[3] < 0.6,
    "shapeless: solidity >= 0.97, no deep defect": lambda f: f[0] >= 0.97 and f[2] == 0,
    "shapeless, and top width >= 0.5": lambda f: f[0] >= 0.97 and f[2] == 0 and f[1] >= 0.5,
}


def _pips(
    detector: CardDetector, frame: np.ndarray, outlines: list[np.ndarray], quad: np.ndarray
) -> list[np.ndarray]:
    """The ink (0-1) of the card's three largest whole pips, when its middle is in the clear
    and shows pips (the components ``middle.pip_glyphs`` reads)."""
    if not outlines:
        return []
    n = min(range(len(outlines)), key=lambda k: float(np.abs(outlines[k] - quad).sum()))
    middle = detector._clear_middle(frame, outlines, n)
    if middle is None or not shows_pips(middle, detector.middle):
        return []
    return whole_pips(middle, detector.middle)


def whole_pips(middle: np.ndarray, settings: MiddleSettings, most: int = 3) -> list[np.ndarray]:
    """The ink (0-1) of a warped middle's ``most`` largest whole pips (the components
    ``middle.pip_glyphs`` reads: not cut by the middle's edge, at least ``min_blob``)."""
    ink = ink_map(middle)
    binary = (ink > settings.ink).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    height, width = binary.shape
    whole = []
    for label in range(1, count):
        x, y, w, h, area = stats[label].tolist()
        if x == 0 or y == 0 or x + w >= width or y + h >= height:
            continue
        if area >= settings.min_blob * binary.size:
            whole.append((area, label, x, y, w, h))
    whole.sort(reverse=True)
    return [
        np.where(labels[y : y + h, x : x + w] == label, ink[y : y + h, x : x + w], 0.0).astype(
            np.float32
        )
        for _, label, x, y, w, h in whole[:most]
    ]


def measure(paths: list[Path], key: str = "glyphs") -> int:
    """How often each rule fires on the shapes under ``key`` (the corners' suit glyphs, or the
    pips) of right sure spades and clubs, and of every black card read surely as the other
    black suit (a card fires if any of its shapes does; also counted: if every one does)."""
    records = [r for path in paths for r in pickle.loads(path.read_bytes())]
    groups: dict[str, list[list[Shape]]] = {
        "right sure S": [],
        "right sure C": [],
        "wrong sure": [],
    }
    for r in records:
        truth, read = str(r["truth"]), r["read"]
        if not r["sure"] or read is None or str(read)[-1] not in "SC" or truth[-1] not in "SC":
            continue
        cut = cast(list[np.ndarray | None], r.get(key, []))
        shapes = [f for f in (shape_features(g) for g in cut if g is not None) if f]
        if read == truth:
            groups[f"right sure {truth[-1]}"].append(shapes)
        elif truth[-1] != str(read)[-1]:
            groups["wrong sure"].append(shapes)
            print(
                "wrong:",
                r["where"],
                truth,
                "read",
                read,
                [tuple(round(x, 2) for x in f) for f in shapes],
            )
    for name, cards in groups.items():
        glyphs = [f for shapes in cards for f in shapes]
        blind = sum(1 for s in cards if not s)
        print(f"{name}: {len(cards)} cards, {blind} with no suit glyph cut, {len(glyphs)} glyphs")
        if glyphs:
            a = np.array(glyphs, np.float64)
            spans = [
                f"{label} {a[:, i].min():.2f}-{a[:, i].max():.2f} (median {np.median(a[:, i]):.2f})"
                for i, label in ((0, "solidity"), (1, "top width"), (3, "widest at"))
            ]
            deep = [int(np.count_nonzero(a[:, 2] == k)) for k in (0, 1, 2)]
            deep.append(int(np.count_nonzero(a[:, 2] >= 3)))
            print("  " + ", ".join(spans) + ", deep defects 0/1/2/3+: " + "/".join(map(str, deep)))
        for rule, fires in RULES.items():
            hit = sum(1 for s in cards if any(fires(f) for f in s))
            every = sum(1 for s in cards if s and all(fires(f) for f in s))
            print(f"  {rule}: {hit} of {len(cards)} cards (every shape: {every})")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--designs", default="anglo,tango,ornamental,simplistic")
    parser.add_argument("--drawn", type=int, default=4, help="decks drawn in building fonts")
    parser.add_argument("--first-drawn", type=int, default=10, help="the first drawn deck's number")
    parser.add_argument(
        "--test-fonts",
        action="store_true",
        help="draw in the fonts kept out of building (the check's)",
    )
    parser.add_argument("--scenes", type=int, default=3, help="scenes per design and condition")
    parser.add_argument("--check", default="", help="design/condition of the enrolled check")
    parser.add_argument("--out", type=Path, help="where the shapes are written")
    parser.add_argument("--measure", type=Path, nargs="*", help="shapes written before: measure")
    args = parser.parse_args()
    if args.measure:
        print("The index's suit glyphs (both corners)")
        measure(args.measure)
        print("The pips (the three largest whole ones, number cards in the clear)")
        return measure(args.measure, "pips")
    if args.out is None:
        parser.error("--out or --measure")
    one_core()
    sources = []
    for name in filter(None, args.designs.split(",")):
        design = decks.design(name)
        if design.family in decks.HELD_OUT_FAMILIES:
            parser.error(f"{name} is held out")
        sources.append((name, decks.render_design(design, height=320, cache=CACHE)))
    fonts = TEST_FONTS if args.test_fonts else FONTS
    for k in range(args.first_drawn, args.first_drawn + args.drawn):
        style = random_style(np.random.default_rng(CHECK_SEED + k), jumbo=k % 2 == 1, fonts=fonts)
        sources.append((f"drawn-{k}{'-jumbo' if style.jumbo else ''}", render_drawn(style, seed=k)))
    model = GlyphModel.load()
    corners = CornerModel.load()
    names = list(STYLES)
    records: list[dict[str, object]] = []
    want_design, _, want_style = args.check.partition("/")
    for name, faces in sources:
        if want_design and name != want_design:
            continue
        for k in range(args.scenes * len(names)):
            style_name = names[k % len(names)]
            if want_style:
                if style_name != want_style:
                    continue
                seed = CHECK_SEED + 1_000 + zlib.crc32(name.encode()) % 1_000 * 100 + k
            else:
                seed = SEED + zlib.crc32(name.encode()) % 10_000 * 100 + k
            scene = random_scene(seed, faces, style=STYLES[style_name])
            detector = CardDetector(model=model, corner_model=corners)
            analysis = detector.analyse(scene.image)
            reported = analysis.reported
            outlines = [np.asarray(q, np.float32).reshape(-1, 2) for q in analysis.quads]
            matched, _ = match(reported, scene.cards)
            for t, card in enumerate(scene.cards):
                d = matched.get(t)
                if d is None:
                    continue
                found = reported[d]
                read = found.candidate
                if card.card.suit not in BLACK and (read is None or read.suit not in BLACK):
                    continue
                quad = np.asarray(found.corners, np.float64)
                glyphs: list[np.ndarray | None] = []
                for order in portrait_orders(quad):
                    region = warp_corner(scene.image, order, detector.index)
                    ink = corner_ink(region, detector.index)
                    cut = segment_corner(region, detector.index, prepared=ink)
                    if cut.suit is None:
                        glyphs.append(None)
                        continue
                    x, y, w, h = cut.suit.box
                    glyphs.append(ink.ink[y : y + h, x : x + w].astype(np.float32))
                sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
                records.append(
                    {
                        "where": f"{name}/{style_name}#{seed}",
                        "truth": card.card.code,
                        "read": read.code if read is not None else None,
                        "sure": found.card is not None,
                        "suits": found.suits,
                        "width": float(min(sides[0] + sides[2], sides[1] + sides[3]) / 2),
                        "glyphs": glyphs,
                        "pips": _pips(detector, scene.image, outlines, quad),
                    }
                )
        print(name, len(records), flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("wb") as handle:
        pickle.dump(records, handle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
