#!/usr/bin/env python3
"""Build the glyph dataset the classifier learns from, out of synthetic scenes.

Renders the Debian card designs kept for building (never the held-out ones unless asked for an
evaluation set), deals seeded coups onto synthetic felt (perspective, uneven light, glare, blur,
noise, JPEG), finds the cards with the real finder, cuts the index glyphs with the real reader,
and labels them from the scene's ground truth. A corner covered by a later card gives *junk*
samples; so do the other ink blobs of a corner (pips, pieces of pictures) for the rank network,
and each network's glyphs for the other one. The output is features and labels (numbers), under
build/ (git-ignored): the card art is never written anywhere else.

Usage:
    scripts/vision_build_dataset.py [--scenes 60] [--seed 1] [--out build/vision/glyphs.npz]
                                    [--designs a,b,...] [--images DIR]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_assist.cards import Card, Rank, Suit, one_deck
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.geometry import (
    CANONICAL_HEIGHT,
    CANONICAL_WIDTH,
    polygon_iou,
    portrait_orders,
    transform_points,
)
from dealer_assist.vision.index import CornerGlyphs, IndexSettings, region_size, segment_corner
from dealer_assist.vision.pipeline import RECUTS, CardDetector
from dealer_assist.vision.synthetic import PlacedCard, Scene, SceneStyle, random_scene

FONT_SAMPLES = 2  # corners per card and font
RANK_JUNK = len(RANK_CLASSES) - 1
SUIT_JUNK = len(SUIT_CLASSES) - 1
CACHE = Path("build/vision-cache")


def _region_polygon(card: PlacedCard, corner: int) -> np.ndarray:
    """The index region of a true card at its own corner 0 (top-left) or 2 (bottom-right)."""
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    to_image = cv2.getPerspectiveTransform(unit, np.array(card.corners, np.float32))
    if corner == 0:
        box = np.array([[0, 0], [0.3, 0], [0.3, 0.42], [0, 0.42]])
    else:
        box = np.array([[0.7, 0.58], [1, 0.58], [1, 1], [0.7, 1]])
    return transform_points(to_image, box)


def _covered(scene: Scene, index: int, corner: int) -> float:
    """Share of a card's index region covered by cards dealt after it."""
    region = _region_polygon(scene.cards[index], corner)
    area = abs(cv2.contourArea(region.astype(np.float32)))
    covered = 0.0
    for later in scene.cards[index + 1 :]:
        inter, _ = cv2.intersectConvexConvex(
            region.astype(np.float32), np.array(later.corners, np.float32)
        )
        covered += inter
    return min(1.0, covered / area) if area > 0 else 1.0


def glyph_samples(
    detector: CardDetector, scene: Scene
) -> tuple[list[np.ndarray], list[int], list[np.ndarray], list[int]]:
    rank_x: list[np.ndarray] = []
    rank_y: list[int] = []
    suit_x: list[np.ndarray] = []
    suit_y: list[int] = []
    quads, _ = detector.find(scene.image)
    for quad in quads:
        best, best_iou = -1, 0.0
        for t, card in enumerate(scene.cards):
            iou = polygon_iou(np.array(card.corners), quad)
            if iou > best_iou:
                best, best_iou = t, iou
        corners = detector.read_corners(scene.image, quad, with_others=True)
        if best < 0 or best_iou < 0.75:
            for glyphs in corners:  # not a card (or badly found): everything in it is junk
                _add_junk(glyphs, rank_x, rank_y, suit_x, suit_y)
            continue
        truth = scene.cards[best]
        orders = portrait_orders(quad)
        true_corners = np.array(truth.corners)
        for order, glyphs in zip(orders, corners, strict=True):
            nearest = int(np.argmin(np.hypot(*(true_corners - order[0]).T)))
            if nearest not in (0, 2):
                continue
            covered = _covered(scene, best, nearest)
            if covered > 0.5:
                _add_junk(glyphs, rank_x, rank_y, suit_x, suit_y)
                continue
            if covered > 0.05:
                continue  # partly covered: neither clearly readable nor clearly junk
            if glyphs.rank is None or glyphs.suit is None:
                # What the reader's second cuts make of it (pipeline.RECUTS), in their order.
                for recut in RECUTS:
                    again = recut.cut(glyphs, detector.index)
                    if again.rank is not None and again.suit is not None:
                        glyphs = again
                        break
            if glyphs.rank is not None:
                rank_x.append(glyphs.rank.vector)
                rank_y.append(RANK_CLASSES.index(truth.card.rank))
                suit_x.append(glyphs.rank.vector)
                suit_y.append(SUIT_JUNK)
            if glyphs.suit is not None:
                suit_x.append(glyphs.suit.vector)
                suit_y.append(SUIT_CLASSES.index(truth.card.suit))
                rank_x.append(glyphs.suit.vector)
                rank_y.append(RANK_JUNK)
            for other in glyphs.others:
                rank_x.append(other.vector)
                rank_y.append(RANK_JUNK)
    return rank_x, rank_y, suit_x, suit_y


def _add_junk(
    glyphs: CornerGlyphs,
    rank_x: list[np.ndarray],
    rank_y: list[int],
    suit_x: list[np.ndarray],
    suit_y: list[int],
) -> None:
    for glyph in (glyphs.rank, glyphs.suit, *glyphs.others):
        if glyph is None:
            continue
        rank_x.append(glyph.vector)
        rank_y.append(RANK_JUNK)
        suit_x.append(glyph.vector)
        suit_y.append(SUIT_JUNK)


# Fonts drawn by us (free licences: fonts-dejavu-core, fonts-liberation2, fonts-freefont-ttf,
# fonts-urw-base35): more shapes of the same ranks. Suits come from the fonts that have them, or
# are drawn from random curves (lobes, points and stems of every proportion).
FONTS = [
    ("DejaVu Sans", "normal", "normal"),
    ("DejaVu Sans", "bold", "normal"),
    ("DejaVu Sans", "normal", "condensed"),
    ("DejaVu Sans", "bold", "condensed"),
    ("DejaVu Sans", "200", "normal"),
    ("DejaVu Serif", "normal", "normal"),
    ("DejaVu Serif", "bold", "normal"),
    ("DejaVu Serif", "bold", "condensed"),
    ("DejaVu Sans Mono", "normal", "normal"),
    ("Liberation Sans", "normal", "normal"),
    ("Liberation Sans", "bold", "normal"),
    ("Liberation Serif", "normal", "normal"),
    ("Liberation Serif", "bold", "normal"),
    ("FreeSans", "bold", "normal"),
    ("FreeSerif", "normal", "normal"),
    ("FreeSerif", "bold", "normal"),
    ("Nimbus Sans Narrow", "bold", "normal"),
    ("Nimbus Roman", "bold", "normal"),
    ("URW Bookman", "normal", "normal"),
    ("URW Bookman", "bold", "normal"),
    ("URW Gothic", "normal", "normal"),
    ("C059", "normal", "normal"),
    ("C059", "bold", "normal"),
    ("P052", "normal", "normal"),
]
SUIT_FONTS = ["DejaVu Sans", "DejaVu Serif", "FreeSans", "FreeSerif", "Standard Symbols PS"]
_INKS = ["#111111", "#c81e1e", "#d42a3a", "#1b2f8f", "#1d7a3a", "#222244", "#a01010", "#d8a010"]


def _suit_path(rng: np.random.Generator, suit: Suit, size: float) -> str:
    """An SVG path of a suit symbol about ``size`` tall, of random proportions, at (0, 0)."""
    w = size * rng.uniform(0.8, 1.05)
    h = size
    if suit is Suit.DIAMONDS:
        w = size * rng.uniform(0.62, 0.85)
        bulge = rng.uniform(-0.12, 0.08) * w
        cx = w / 2
        return (
            f"M {cx:.2f} 0 Q {w / 2 + w / 4 + bulge:.2f} {h / 4 - bulge:.2f} {w:.2f} {h / 2:.2f} "
            f"Q {w * 0.75 + bulge:.2f} {h * 0.75 + bulge:.2f} {cx:.2f} {h:.2f} "
            f"Q {w / 4 - bulge:.2f} {h * 0.75 + bulge:.2f} 0 {h / 2:.2f} "
            f"Q {w / 4 - bulge:.2f} {h / 4 - bulge:.2f} {cx:.2f} 0 Z"
        )
    if suit is Suit.HEARTS or suit is Suit.SPADES:
        # A heart with its point at the bottom; the spade is one turned over, with a stem.
        body = h if suit is Suit.HEARTS else h * rng.uniform(0.72, 0.85)
        dip = body * rng.uniform(0.12, 0.3)
        lobe = body * rng.uniform(0.3, 0.42)
        point = body
        c1 = rng.uniform(0.5, 0.85)
        path = (
            f"M {w / 2:.2f} {dip:.2f} "
            f"C {w / 2 + w * 0.1:.2f} {-lobe * 0.3:.2f} {w * 1.05:.2f} {-lobe * 0.1:.2f} "
            f"{w:.2f} {lobe:.2f} "
            f"C {w * 0.98:.2f} {lobe + (point - lobe) * c1 * 0.6:.2f} {w * 0.6:.2f} "
            f"{point * 0.8:.2f} {w / 2:.2f} {point:.2f} "
            f"C {w * 0.4:.2f} {point * 0.8:.2f} {w * 0.02:.2f} "
            f"{lobe + (point - lobe) * c1 * 0.6:.2f} 0 {lobe:.2f} "
            f"C {-w * 0.05:.2f} {-lobe * 0.1:.2f} {w / 2 - w * 0.1:.2f} {-lobe * 0.3:.2f} "
            f"{w / 2:.2f} {dip:.2f} Z"
        )
        if suit is Suit.HEARTS:
            return path
        stem_w = w * rng.uniform(0.08, 0.3)
        flare = w * rng.uniform(0.15, 0.45)
        flipped = f'<g transform="translate(0 {body:.2f}) scale(1 -1)"><path d="{path}"/></g>'
        stem = (
            f'<path d="M {w / 2 - stem_w / 2:.2f} {body * 0.7:.2f} L {w / 2 + stem_w / 2:.2f} '
            f"{body * 0.7:.2f} L {w / 2 + flare / 2:.2f} {h:.2f} L {w / 2 - flare / 2:.2f} "
            f'{h:.2f} Z"/>'
        )
        return "GROUP:" + flipped + stem
    # Clubs: three round lobes and a stem.
    r = w * rng.uniform(0.2, 0.28)
    spread = w / 2 - r
    top = r
    side_y = top + r * rng.uniform(1.1, 1.6)
    stem_w = w * rng.uniform(0.08, 0.25)
    flare = w * rng.uniform(0.15, 0.45)
    return "GROUP:" + "".join(
        [
            f'<circle cx="{w / 2:.2f}" cy="{top:.2f}" r="{r:.2f}"/>',
            f'<circle cx="{w / 2 - spread:.2f}" cy="{side_y:.2f}" r="{r:.2f}"/>',
            f'<circle cx="{w / 2 + spread:.2f}" cy="{side_y:.2f}" r="{r:.2f}"/>',
            f'<circle cx="{w / 2:.2f}" cy="{(top + side_y) / 2:.2f}" r="{r * 0.8:.2f}"/>',
            f'<path d="M {w / 2 - stem_w / 2:.2f} {side_y:.2f} L {w / 2 + stem_w / 2:.2f} '
            f"{side_y:.2f} L {w / 2 + flare / 2:.2f} {h:.2f} L {w / 2 - flare / 2:.2f} "
            f'{h:.2f} Z"/>',
        ]
    )


def _font_corner(
    rng: np.random.Generator, card: Card, font: tuple[str, str, str], work: Path
) -> np.ndarray | None:
    """A card corner with the index drawn in a font, seen by a camera (blur, noise, JPEG)."""
    settings = IndexSettings()
    width, height = region_size(settings)
    oversample = 3
    family, weight, stretch = font
    rank_height = rng.uniform(0.055, 0.13) * CANONICAL_HEIGHT
    size = rank_height / 0.73
    x = (rng.uniform(0.035, 0.09) - settings.left) * CANONICAL_WIDTH
    y = (rng.uniform(0.03, 0.07) - settings.top) * CANONICAL_HEIGHT + rank_height
    suit_size = size * rng.uniform(0.6, 1.05)
    suit_y = y + rng.uniform(0.18, 0.45) * rank_height + suit_size * 0.8
    ink = _INKS[int(rng.integers(len(_INKS)))]
    rank_text = "10" if card.rank is Rank.TEN else card.rank.symbol
    spacing = rng.uniform(-0.2, -0.06) * size
    paper = int(rng.integers(225, 256))
    suit_x = x + rng.uniform(-0.1, 0.2) * size
    if rng.random() < 0.5:
        suit_font = SUIT_FONTS[int(rng.integers(len(SUIT_FONTS)))]
        suit_svg = (
            f'<text x="{suit_x:.1f}" y="{suit_y:.1f}" font-family="{suit_font}" '
            f'font-size="{suit_size:.1f}" fill="{ink}">{card.suit.symbol}</text>'
        )
    else:
        drawn_height = suit_size * 0.75
        shape = _suit_path(rng, card.suit, drawn_height)
        body = shape[6:] if shape.startswith("GROUP:") else f'<path d="{shape}"/>'
        top = suit_y - drawn_height
        suit_svg = f'<g transform="translate({suit_x:.2f} {top:.2f})" fill="{ink}">{body}</g>'
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * oversample}" '
        f'height="{height * oversample}" viewBox="0 0 {width} {height}">'
        f'<rect width="{width}" height="{height}" fill="rgb({paper},{paper},{paper - 6})"/>'
        f'<text x="{x:.1f}" y="{y:.1f}" font-family="{family}" font-weight="{weight}" '
        f'font-stretch="{stretch}" font-size="{size:.1f}" letter-spacing="{spacing:.2f}" '
        f'fill="{ink}">{rank_text}</text>'
        f"{suit_svg}</svg>"
    )
    source = work / "corner.svg"
    target = work / "corner.png"
    source.write_text(svg, "utf-8")
    subprocess.run(
        ["rsvg-convert", "-o", str(target), str(source)], check=True, capture_output=True
    )
    image = cv2.imread(str(target), cv2.IMREAD_COLOR)
    if image is None:
        return None
    # The camera: the card is 70-140 pixels wide in the frame, then warped back up.
    factor = rng.uniform(70, 140) / CANONICAL_WIDTH / oversample
    small = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.0))
    noisy = small.astype(np.float32) * rng.uniform(0.6, 1.05)
    noisy += rng.normal(0, rng.uniform(1, 6), small.shape)
    quality = int(rng.integers(55, 95))
    ok, data = cv2.imencode(
        ".jpg", np.clip(noisy, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality]
    )
    seen = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
    if seen is None:
        return None
    result: np.ndarray = cv2.resize(seen, (width, height), interpolation=cv2.INTER_LINEAR)
    return result


def font_corners(rng: np.random.Generator, per_card: int) -> Iterator[tuple[str, Card, np.ndarray]]:
    """Index corners drawn in the fonts, ``per_card`` of every card in each: (the font's
    label, the card, the corner region). The caller may draw from ``rng`` between corners."""
    with tempfile.TemporaryDirectory(prefix="dealer-assist-fonts-") as name:
        work = Path(name)
        for font in FONTS:
            label = "font:" + " ".join(font)
            for card in one_deck():
                for _ in range(per_card):
                    region = _font_corner(rng, card, font, work)
                    if region is not None:
                        yield label, card, region
            print(f"{label} drawn", flush=True)


def font_samples(per_card: int, seed: int) -> dict[str, list[object]]:
    """Labelled glyphs from corners drawn in the fonts, cut by the real reader."""
    rng = np.random.default_rng(seed)
    settings = IndexSettings()
    keys = ("rank_x", "rank_y", "rank_design", "suit_x", "suit_y", "suit_design")
    out: dict[str, list[object]] = {k: [] for k in keys}
    for label, card, region in font_corners(rng, per_card):
        glyphs = segment_corner(region, settings)
        if glyphs.rank is None or glyphs.suit is None:
            continue
        _, _, w, h = glyphs.rank.box
        if (card.rank is Rank.TEN) != (w >= 0.75 * h):
            continue  # the two digits of a ten not taken together, or the like
        out["rank_x"].append(glyphs.rank.vector)
        out["rank_y"].append(RANK_CLASSES.index(card.rank))
        out["rank_design"].append(label)
        out["suit_x"].append(glyphs.suit.vector)
        out["suit_y"].append(SUIT_CLASSES.index(card.suit))
        out["suit_design"].append(label)
    print(f"fonts: {len(out['rank_y'])} rank / {len(out['suit_y'])} suit glyphs")
    return out


def build(
    designs: list[decks.Design], scenes: int, seed: int, images: Path | None
) -> dict[str, np.ndarray]:
    rank_x: list[np.ndarray] = []
    rank_y: list[int] = []
    suit_x: list[np.ndarray] = []
    suit_y: list[int] = []
    rank_design: list[str] = []
    suit_design: list[str] = []
    style = SceneStyle()
    for design in designs:
        started = time.perf_counter()
        faces = decks.render_design(design, height=320, cache=CACHE)
        for k in range(scenes):
            scene = random_scene(
                seed * 100_000 + k * 37 + zlib.crc32(design.name.encode()) % 1000,
                faces,
                style=style,
            )
            detector = CardDetector(layout=scene.calibrated_layout)
            rx, ry, sx, sy = glyph_samples(detector, scene)
            rank_x += rx
            rank_y += ry
            suit_x += sx
            suit_y += sy
            rank_design += [design.name] * len(rx)
            suit_design += [design.name] * len(sx)
            if images is not None and k < 3:
                images.mkdir(parents=True, exist_ok=True)
                cv2.imwrite(str(images / f"{design.name}-{k}.jpg"), scene.image)
        print(
            f"{design.name}: {len(rank_design)} rank / {len(suit_design)} suit samples so far "
            f"({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    fonts = font_samples(FONT_SAMPLES, seed)
    rank_x += fonts["rank_x"]  # type: ignore[arg-type]
    rank_y += fonts["rank_y"]  # type: ignore[arg-type]
    rank_design += fonts["rank_design"]  # type: ignore[arg-type]
    suit_x += fonts["suit_x"]  # type: ignore[arg-type]
    suit_y += fonts["suit_y"]  # type: ignore[arg-type]
    suit_design += fonts["suit_design"]  # type: ignore[arg-type]
    return {
        "rank_x": np.array(rank_x, np.float32),
        "rank_y": np.array(rank_y, np.int64),
        "rank_design": np.array(rank_design),
        "suit_x": np.array(suit_x, np.float32),
        "suit_y": np.array(suit_y, np.int64),
        "suit_design": np.array(suit_design),
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--scenes", type=int, default=60, help="scenes per design")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("build/vision/glyphs.npz"))
    parser.add_argument(
        "--designs", help="comma-separated design names (default: the building set)"
    )
    parser.add_argument(
        "--images", type=Path, help="also write a few scenes here (never commit them)"
    )
    args = parser.parse_args()
    one_core()
    if not decks.renderer_available():
        print("rsvg-convert is missing: apt-get install librsvg2-bin", file=sys.stderr)
        return 1
    if args.designs:
        chosen = [decks.design(name) for name in args.designs.split(",")]
    else:
        chosen = decks.building_designs()
    if not chosen:
        print(
            "no card designs installed: apt-get install gnome-cards-data kdegames-card-data-kf5",
            file=sys.stderr,
        )
        return 1
    data = build(chosen, args.scenes, args.seed, args.images)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, **data)  # type: ignore[arg-type]
    print(f"wrote {args.out}: {len(data['rank_y'])} rank and {len(data['suit_y'])} suit glyphs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
