#!/usr/bin/env python3
"""Build the corner-patch dataset the corner network learns from, out of synthetic scenes.

Like scripts/vision_build_dataset.py it renders only the building designs (never the held-out
ones), deals seeded coups onto synthetic felt and labels from the ground truth, but it keeps the
whole index corner (``corner_model.corner_patch``: 32 x 64 pixels of ink) instead of cut glyphs:

- both index corners of every card the real finder found (labelled rank and suit; a corner
  covered by a later card is junk, a partly covered one is skipped);
- both index corners of every true card from its true outline, a little jittered (a finder
  a few pixels off), so cards the finder merged still teach;
- junk: corners of card-sized quadrilaterals shifted off a card (a picture, pips, felt, the
  printed layout), where no index region lies;
- indices drawn in free fonts (the glyph dataset's styles), on paper and against felt.

The output (build/vision/corners.npz, git-ignored) is patches and labels; the card art is never
written anywhere else.

Usage:
    scripts/vision_build_corners.py [--scenes 80] [--seed 3] [--out build/vision/corners.npz]

``--styles tilted,noisy,close,overhead,lens --no-layout`` deals the building generator's camera
styles (``synthetic.TILTED`` ...: up to 30 degrees off vertical, small and grainy cards) and
finds the cards as ``vision detect`` does without a layout, so the network learns the corners
the plane finder cuts (issue 28); ``--fonts 0`` leaves the drawn font indices out.
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from vision_build_dataset import CACHE, _covered, _region_polygon, font_corners

from dealer_assist.cards import Suit
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CHANNEL_LOW, corner_patch
from dealer_assist.vision.geometry import polygon_iou, portrait_orders
from dealer_assist.vision.index import IndexSettings, warp_corner
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.synthetic import (
    NOISY,
    OVERHEAD_CLUTTER,
    TILTED,
    TILTED_CLOSE,
    TILTED_LENS,
    Scene,
    SceneStyle,
    random_scene,
)

RANK_JUNK = len(RANK_CLASSES) - 1
SUIT_JUNK = len(SUIT_CLASSES) - 1
FONT_SAMPLES = 3  # corners per card and font
STYLES: dict[str, SceneStyle] = {
    "default": SceneStyle(),
    "tilted": TILTED,
    "close": TILTED_CLOSE,
    "lens": TILTED_LENS,
    "overhead": OVERHEAD_CLUTTER,
    "noisy": NOISY,
}


def encode(patch: np.ndarray) -> np.ndarray:
    """A patch as bytes: each channel from CHANNEL_LOW..1 to 0..255 (decode_patches undoes it)."""
    low = CHANNEL_LOW[:, None, None]
    return np.round((patch - low) / (1.0 - low) * 255).astype(np.uint8)


class Patches:
    def __init__(self) -> None:
        self.x: list[np.ndarray] = []
        self.rank: list[int] = []
        self.suit: list[int] = []
        self.design: list[str] = []
        self.kind: list[int] = []  # 0 finder, 1 true outline, 2 shifted junk, 3 font

    def add(self, patch: np.ndarray, rank: int, suit: int, design: str, kind: int) -> None:
        self.x.append(encode(patch))
        self.rank.append(rank)
        self.suit.append(suit)
        self.design.append(design)
        self.kind.append(kind)


def _index_regions(scene: Scene) -> list[np.ndarray]:
    return [_region_polygon(card, c) for card in scene.cards for c in (0, 2)]


def _overlaps_index(region: np.ndarray, indices: list[np.ndarray]) -> bool:
    area = abs(cv2.contourArea(region.astype(np.float32)))
    for other in indices:
        inter, _ = cv2.intersectConvexConvex(region.astype(np.float32), other.astype(np.float32))
        if inter > 0.02 * area:
            return True
    return False


def _corner_region_polygon(order: np.ndarray) -> np.ndarray:
    """The index region (as in _region_polygon) of a quad given in portrait order."""
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_image = cv2.getPerspectiveTransform(unit, np.asarray(order, np.float32))
    box = np.array([[0, 0], [0.3, 0], [0.3, 0.42], [0, 0.42]], np.float32).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(box, to_image).reshape(-1, 2)


def scene_patches(
    scene: Scene, detector: CardDetector, rng: np.random.Generator, out: Patches, name: str
) -> None:
    settings = IndexSettings()
    image = scene.image

    def label(index: int, corner: int) -> tuple[int, int] | None:
        covered = _covered(scene, index, corner)
        if covered > 0.5:
            return RANK_JUNK, SUIT_JUNK
        if covered > 0.05:
            return None
        card = scene.cards[index].card
        return RANK_CLASSES.index(card.rank), SUIT_CLASSES.index(card.suit)

    quads, _ = detector.find(image)
    for quad in quads:
        best, best_iou = -1, 0.0
        for t, card in enumerate(scene.cards):
            iou = polygon_iou(np.array(card.corners), quad)
            if iou > best_iou:
                best, best_iou = t, iou
        orders = portrait_orders(quad)
        if best < 0 or best_iou < 0.5:
            indices = _index_regions(scene)
            for order in orders:
                if not _overlaps_index(_corner_region_polygon(order), indices):
                    out.add(
                        corner_patch(warp_corner(image, order, settings)),
                        RANK_JUNK,
                        SUIT_JUNK,
                        name,
                        0,
                    )
            continue
        if best_iou < 0.75:
            continue  # badly found: neither clearly an index nor clearly none
        true_corners = np.array(scene.cards[best].corners)
        for order in orders:
            nearest = int(np.argmin(np.hypot(*(true_corners - order[0]).T)))
            if nearest not in (0, 2):
                continue
            found = label(best, nearest)
            if found is not None:
                patch = corner_patch(warp_corner(image, order, settings))
                out.add(patch, found[0], found[1], name, 0)
    indices = _index_regions(scene)
    for t, card in enumerate(scene.cards):
        corners = np.array(card.corners, np.float64)
        width = float(np.linalg.norm(corners[1] - corners[0]))
        for corner in (0, 2):
            found = label(t, corner)
            if found is None:
                continue
            order = np.roll(corners, -corner, axis=0)
            jitter = rng.normal(0, 0.02 * width, (4, 2)) + rng.normal(0, 0.015 * width, 2)
            patch = corner_patch(warp_corner(image, order + jitter, settings))
            out.add(patch, found[0], found[1], name, 1)
        # Junk: the card's outline shifted off it (its picture, pips, felt, a neighbour).
        for _ in range(2):
            direction = rng.normal(0, 1, 2)
            direction /= np.linalg.norm(direction) + 1e-9
            shift = direction * rng.uniform(0.25, 0.8) * width
            turned = np.roll(corners, -int(rng.integers(2)) * 2, axis=0) + shift
            region = _corner_region_polygon(turned)
            if _overlaps_index(region, indices):
                continue
            x, y = region.mean(axis=0)
            if not (0 <= x < image.shape[1] and 0 <= y < image.shape[0]):
                continue
            patch = corner_patch(warp_corner(image, turned, settings))
            out.add(patch, RANK_JUNK, SUIT_JUNK, name, 2)


def _with_felt(region: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A drawn corner with felt beyond the card's top and left edges, like a real corner."""
    settings = IndexSettings()
    out = region.copy()
    height, width = out.shape[:2]
    felt = rng.integers(10, 140, 3)
    top = round(-settings.top * height / (settings.bottom - settings.top) + rng.normal(0, 1.5))
    left = round(-settings.left * width / (settings.right - settings.left) + rng.normal(0, 1.5))
    out[: max(top, 0), :] = felt
    out[:, : max(left, 0)] = felt
    blurred: np.ndarray = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.5, 1.2))
    return blurred


# Ink as printed decks colour their suits: two colours, or four (hearts red, diamonds blue or
# orange, clubs green). The glyph dataset draws fonts in any colour; here colour is a cue.
_BLACKS = [(17, 17, 17), (40, 30, 30), (60, 20, 20)]  # BGR
_REDS = [(30, 30, 200), (58, 42, 212), (16, 16, 160), (40, 20, 220)]
_FOUR = {Suit.DIAMONDS: [(160, 60, 20), (30, 120, 230)], Suit.CLUBS: [(40, 130, 30), (60, 110, 20)]}


def _recolour(region: np.ndarray, suit: Suit, rng: np.random.Generator) -> np.ndarray:
    if rng.random() < 0.2 and suit in _FOUR:
        options = _FOUR[suit]
    elif suit in (Suit.HEARTS, Suit.DIAMONDS):
        options = _REDS
    else:
        options = _BLACKS
    colour = np.array(options[int(rng.integers(len(options)))], np.float32)
    grey = region.min(axis=2).astype(np.float32)
    paper = float(np.percentile(grey, 92))
    ink = np.clip((paper - grey) / max(paper, 1.0), 0, 1)[:, :, None]
    paper_colour = np.percentile(region.reshape(-1, 3), 92, axis=0).astype(np.float32)
    out = paper_colour * (1 - ink) + colour * ink
    return np.clip(out + rng.normal(0, 2, out.shape), 0, 255).astype(np.uint8)


def font_patches(per_card: int, seed: int, out: Patches) -> None:
    rng = np.random.default_rng(seed)
    for label, card, drawn in font_corners(rng, per_card):
        region = _recolour(drawn, card.suit, rng)
        if rng.random() < 0.7:
            region = _with_felt(region, rng)
        out.add(
            corner_patch(region),
            RANK_CLASSES.index(card.rank),
            SUIT_CLASSES.index(card.suit),
            label,
            3,
        )
    print(f"fonts: {len(out.x)} patches", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scenes", type=int, default=80, help="scenes per design")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--fonts", type=int, default=FONT_SAMPLES, help="corners per card, font")
    parser.add_argument("--out", type=Path, default=Path("build/vision/corners.npz"))
    parser.add_argument(
        "--styles", default="default", help="scene styles, taken in turn: " + ", ".join(STYLES)
    )
    parser.add_argument(
        "--no-layout", action="store_true", help="find the cards as vision detect does without one"
    )
    args = parser.parse_args()
    try:
        styles = [STYLES[name] for name in args.styles.split(",")]
    except KeyError as error:
        parser.error(f"no style {error}")
    one_core()
    if not decks.renderer_available():
        print("rsvg-convert is missing: apt-get install librsvg2-bin", file=sys.stderr)
        return 1
    designs = decks.building_designs()
    if not designs:
        print("no card designs installed", file=sys.stderr)
        return 1
    out = Patches()
    rng = np.random.default_rng(args.seed)
    for design in designs:
        started = time.perf_counter()
        faces = decks.render_design(design, height=320, cache=CACHE)
        for k in range(args.scenes):
            seed = args.seed * 1_000_000 + k * 41 + zlib.crc32(design.name.encode()) % 1000
            scene = random_scene(seed, faces, style=styles[k % len(styles)])
            detector = CardDetector(layout=None if args.no_layout else scene.calibrated_layout)
            scene_patches(scene, detector, rng, out, design.name)
        print(
            f"{design.name}: {len(out.x)} patches so far ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    if args.fonts > 0:
        font_patches(args.fonts, args.seed, out)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        x=np.array(out.x, np.uint8),
        rank=np.array(out.rank, np.int64),
        suit=np.array(out.suit, np.int64),
        design=np.array(out.design),
        kind=np.array(out.kind, np.int64),
    )
    print(f"wrote {args.out}: {len(out.x)} patches")
    return 0


if __name__ == "__main__":
    sys.exit(main())
