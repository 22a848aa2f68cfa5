"""The index crops of dim scenes against lit ones, at the cards' true outlines (issue 28, h-diag24).

A diagnosis on the building generator only: for every card wholly in the picture, both index
corners warped at its *true* outline (so the finder's outline is not in question), the level of
the corner's paper (grey, 0-255), how dark its ink reaches once divided by the paper (the corner
network's ink channel, 0 paper, 1 black: its 99th percentile), the paper's noise in that channel
(the channel less its 3 x 3 median, on the pixels under 0.3, as a robust standard deviation), and
what the corner network and the black-split reader read there: rank right, suit right, and for
spades and clubs the suit confusions (the network's by the light of the corner's paper and the
card's width too). With
``--stretch`` the same with the ink channel stretched so that its 99th percentile is 1 (the
colour channels by the same factor): the lever "normalise the crop's contrast before the
network", replayed at the true outlines.

    python scripts/vision_dim_crops.py --styles dim,overhead --scenes 30 [--stretch]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cv2
import numpy as np
from vision_scenes import check_scenes

from dealer_assist.cards import Suit
from dealer_assist.vision import synthetic
from dealer_assist.vision.black_split import BlackSplit
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.corner_model import PAPER_SHARE, CornerModel, corner_patches
from dealer_assist.vision.pipeline import CardDetector

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
BLACK = (Suit.SPADES, Suit.CLUBS)


def stretched(patches: np.ndarray) -> np.ndarray:
    """Each patch's channels scaled so that its ink's 99th percentile is 1."""
    ink = patches[:, 0].reshape(len(patches), -1)
    top = np.maximum(np.percentile(ink, 99, axis=1), 0.05)
    scaled = patches / top[:, None, None, None]
    return np.clip(scaled, np.array([0.0, -1.0, -1.0])[None, :, None, None], 1.0).astype(np.float32)


def placed_width(placed: synthetic.PlacedCard) -> float:
    """The card's shorter side in the picture, pixels."""
    corners = np.asarray(placed.corners, np.float64)
    return float(np.hypot(*(np.roll(corners, -1, axis=0) - corners).T).min())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument("--styles", default="dim,overhead")
    parser.add_argument("--scenes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7_900_000)
    parser.add_argument("--stretch", action="store_true", help="replay the stretched crop too")
    args = parser.parse_args()
    detector = CardDetector()
    model = CornerModel.shared()
    split = BlackSplit.shared()
    stats: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    bands: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for checked in check_scenes(
        args.designs, args.styles, args.scenes, args.seed, CACHE, synthetic.CHECK_STYLES
    ):
        frame = checked.scene.image
        for placed in checked.whole:
            regions = list(detector.warp_corners(frame, np.asarray(placed.corners, np.float64)))
            patches = corner_patches(regions)
            kinds = [("plain", patches)]
            if args.stretch:
                kinds.append(("stretched", stretched(patches)))
            s = stats[checked.style]
            for region, patch in zip(regions, patches, strict=True):
                grey = region.min(axis=2).reshape(-1)
                s["paper"].append(
                    float(
                        np.partition(grey, int(PAPER_SHARE * (len(grey) - 1)))[
                            int(PAPER_SHARE * (len(grey) - 1))
                        ]
                    )
                )
                ink = patch[0].reshape(-1)
                s["ink99"].append(float(np.percentile(ink, 99)))
                # The noise: the ink channel less its 3 x 3 median, on the paper (ink under 0.3).
                rough = patch[0] - cv2.medianBlur(patch[0], 3)
                low = rough.reshape(-1)[ink < 0.3]
                s["noise"].append(float(1.4826 * np.median(np.abs(low))) if len(low) else 0.0)
            truth = placed.card
            levels = s["paper"][-2:]
            for kind, batch in kinds:
                ranks, suits = model.probabilities(batch)
                row = tally[f"{checked.style} {kind}"]
                for r, u in zip(ranks, suits, strict=True):
                    row["corners"] += 1
                    rank = RANK_CLASSES[int(np.argmax(r))]
                    suit = SUIT_CLASSES[int(np.argmax(u))]
                    row["rank right"] += int(rank == truth.rank)
                    row["suit right"] += int(suit == truth.suit)
                    row["junk"] += int(rank is None or suit is None)
                    if truth.suit in BLACK and kind == "plain":
                        light = "paper<100" if min(levels) < 100 else "paper>=100"
                        size = "width<60" if placed_width(placed) < 60 else "width>=60"
                        for band in (light, size):
                            bands[(checked.style, band)][
                                str(suit in BLACK and suit != truth.suit)
                            ] += 1
                    if truth.suit in BLACK:
                        row[f"{truth.suit.value}->{suit.value if suit else 'junk'}"] += 1
                        black = u[[SUIT_CLASSES.index(Suit.SPADES), SUIT_CLASSES.index(Suit.CLUBS)]]
                        if suit in BLACK and black.sum() > 0:
                            share = black.max() / black.sum()
                            row[f"{truth.suit.value}->{suit.value} share>=0.9"] += int(share >= 0.9)
                if truth.suit in BLACK:
                    clubs = split.club_shares(batch)
                    for c in clubs:
                        said = Suit.CLUBS if c >= 0.5 else Suit.SPADES
                        row[f"split {truth.suit.value}->{said.value}"] += 1
                        row[f"split {truth.suit.value}->{said.value} sure"] += int(
                            max(c, 1 - c) >= 0.9
                        )
    print(
        "| style | corners | paper level (median, p10) | ink 99th pct (median, p10) | "
        "paper noise (median) |"
    )
    for style, s in stats.items():
        paper, ink, noise = (np.asarray(s[k]) for k in ("paper", "ink99", "noise"))
        print(
            f"| {style} | {len(paper)} | {np.median(paper):.0f}, {np.percentile(paper, 10):.0f} | "
            f"{np.median(ink):.2f}, {np.percentile(ink, 10):.2f} | {np.median(noise):.3f} |"
        )
    print("black corners read as the other black suit by the network, by band:")
    for (style, band), row in sorted(bands.items()):
        n = row["True"] + row["False"]
        print(f"  {style} {band}: {row['True']} of {n}")
    for key, row in tally.items():
        print(f"== {key}: " + ", ".join(f"{k} {v}" for k, v in sorted(row.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
