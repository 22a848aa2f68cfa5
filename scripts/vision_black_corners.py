#!/usr/bin/env python3
"""Small, soft black index corners - spades and clubs only - for the black-split reader (issue 28).

The corner network's two corners and the glyph reader split some small blurred black cards
between spades and clubs (docs/benchmarks.md, "two readers' splits settled"). This builds the
corners a reader of that split alone trains and is checked on: every building design's (never a
held-out one) spades and clubs, and decks drawn from the building fonts
(:mod:`dealer_assist.vision.drawn_decks`), each seen through
``scripts/vision_build_corner_crops.py``'s camera (any turn, up to 35 degrees off vertical,
light, glare, shadow, focus and motion blur, noise, JPEG 55-95, the outline a few percent off)
at small card widths (``--widths``, log-uniform), each made into the corner network's input
(``corner_model.corner_patch``, stored as bytes). Only whole index corners: no junk, no corner
under another card. ``suit`` is 0 for spades, 1 for clubs.

    scripts/vision_black_corners.py --out build/vision/black.npz             # ~30,000 corners
    scripts/vision_black_corners.py --seed 23 --samples 16 --drawn 0 \
        --out build/vision/black-check.npz                                   # another draw

On one core about 1 ms a corner (and a few seconds a drawn deck).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision_build_corner_crops import encode, prepare, sample

from dealer_assist.cards import Suit, one_deck

BLACK = (Suit.SPADES, Suit.CLUBS)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--samples", type=int, default=40, help="corners per building face")
    parser.add_argument("--drawn-samples", type=int, default=8, help="corners per drawn face")
    parser.add_argument("--drawn", type=int, default=40, help="drawn deck styles")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--widths", default="40,120", help="card width in pixels, low,high")
    parser.add_argument("--out", type=Path, default=Path("build/vision/black.npz"))
    args = parser.parse_args()
    args.test_fonts = False  # the crop builder's faces: building designs and fonts only
    started = time.perf_counter()
    prepared = prepare(args)
    if prepared is None:
        return 1
    widths, sources = prepared
    rng = np.random.default_rng(args.seed + 1)
    x: list[np.ndarray] = []
    suit: list[int] = []
    rank: list[str] = []
    design: list[str] = []
    width: list[float] = []
    for name, faces in sources:
        cards = [card for card in one_deck() if card in faces]
        count = args.drawn_samples if name.startswith("font:") else args.samples
        for card in cards:
            if card.suit not in BLACK:
                continue
            face = faces[card]
            turned = cv2.rotate(face, cv2.ROTATE_180)
            others = [faces[cards[int(rng.integers(len(cards)))]] for _ in range(3)]
            for k in range(count):
                # The card's width drawn here, so that it is known (sample draws the same way).
                px = float(np.exp(rng.uniform(np.log(widths[0]), np.log(widths[1]))))
                patch, whole = sample(
                    rng, face if k % 2 == 0 else turned, others, widths=(px, px * 1.0001)
                )
                if not whole:
                    continue
                x.append(encode(patch))
                suit.append(BLACK.index(card.suit))
                rank.append(card.code[:-1])
                design.append(name)
                width.append(px)
        print(f"{name}: {len(x)} corners ({time.perf_counter() - started:.0f} s)", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.out,
        x=np.array(x, np.uint8),
        suit=np.array(suit, np.int64),
        rank=np.array(rank),
        design=np.array(design),
        width=np.array(width, np.float32),
    )
    print(f"wrote {args.out}: {len(x)} corners in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
