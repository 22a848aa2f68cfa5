"""Drawn decks with a small index, photographed large: h-share41's set (issue 28), rebuilt.

The first ``--styles`` non-jumbo drawn styles (``random_style(default_rng(seed), jumbo=False)``)
from ``--style-seed`` up whose ``rank_height`` is under ``--rank-below``, each framed and not,
the twelve faces ``CARDS`` (``render_drawn(seed=style seed % 1000, only=CARDS)``); per style
``--photos`` photographs ``lens_scenes.photograph(photo seed + 100 * style's index + 0..,
CONDITIONS["large"] with card_px (170, 300), cards=CARDS)``; photographs without a card are
skipped. Defaults: h-share41's set (styles from 11,810,000: 004, 006, 007, 008, 009 and 012;
photos from 11,811,000; 54 photographs with cards, 130 cards each way).

Each photograph is read by ``CardDetector()`` once per run of ``--runs`` (``none``, ``share``,
``glyph``, ``both``: which of ``frame_share`` and ``FinderSettings.corner_unsure_glyph`` are
on). h-share41's count: each detection goes to the topmost card its centre lies on (the
benchmarks' ``on_cards``); exact / unsure / wrong count the detections on a card (a card's
pieces count each), twice the detections beyond one on a card, no card the detections on none,
missed the cards with none. Then the same card by card as the building check counts them
(``bench_camera_scenes.count``: each card's answer from the detection on it overlapping it most;
exact / uncertain / wrong / missed / no card / twice), and every photograph whose detections
differ between the runs.

    python scripts/vision_small_index.py [--runs none,both] [--style-seed S --photo-seed P]
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import numpy as np
from bench_camera_scenes import Count, count
from camera_misses import on_cards

from dealer_assist.cards import parse_card
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.drawn_decks import random_style, render_drawn
from dealer_assist.vision.lens_scenes import CONDITIONS, Photo, TrueCard, photograph
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.quads import FinderSettings

CARDS = [
    parse_card(c) for c in ["5S", "3H", "7D", "9C", "4S", "2D", "TC", "QH", "KS", "JD", "8H", "AC"]
]
LARGE = replace(CONDITIONS["large"], card_px=(170.0, 300.0))
RUNS = {
    "none": (False, False),
    "share": (True, False),
    "glyph": (False, True),
    "both": (True, True),
}


def by_detection(detections: list[CardDetection], truth: list[TrueCard]) -> Count:
    """h-share41's count in the benchmarks' ``Count``: exact / uncertain / wrong count the
    detections on a card (a card's pieces each), twice the detections beyond one on a card."""
    result = Count(cards=len(truth))
    on_card, nowhere = on_cards(detections, truth)
    result.no_card = len(nowhere)
    for n, card in enumerate(truth):
        found = on_card.get(n, [])
        result.missed += not found
        result.twice += max(len(found) - 1, 0)
        for _, k in found:
            said = detections[k].card
            if said is None:
                result.uncertain += 1
            elif said == card.card:
                result.exact += 1
            else:
                result.wrong += 1
                result.examples.append(f"{card.card.code} read as {said.code}")
    return result


def row(c: Count, *order: str) -> str:
    return " / ".join(str(getattr(c, name)) for name in order)


def said(detections: list[CardDetection], truth: list[TrueCard]) -> str:
    """The photograph's detections, each as its answer (``?`` and the candidate when uncertain)
    on the card under its centre (``-`` on none) and its farthest corner's distance from that
    card's nearest one (pixels), in reading order."""
    on_card, nowhere = on_cards(detections, truth)
    words: list[tuple[int, str]] = []
    for n, found in on_card.items():
        true = np.asarray(truth[n].corners, np.float64)
        for _, k in found:
            d = detections[k]
            gap = _gap(d, true)
            words.append((k, f"{truth[n].card.code}:{_answer(d)}@{gap:.0f}"))
    words += [(k, f"-:{_answer(detections[k])}") for k in nowhere]
    return " ".join(w for _, w in sorted(words)) or "(none)"


def _answer(detection: CardDetection) -> str:
    if detection.card is not None:
        return detection.card.code
    return "?" + (detection.candidate.code if detection.candidate is not None else "")


def _gap(detection: CardDetection, corners: np.ndarray) -> float:
    found = np.asarray(detection.corners, np.float64)
    apart = corners[:, None, :] - found[None, :, :]
    return float(np.hypot(apart[..., 0], apart[..., 1]).min(axis=1).max())


def small_styles(first: int, count: int, below: float) -> list[int]:
    """The first ``count`` style seeds from ``first`` whose non-jumbo style's index is under
    ``below`` of the card's height."""
    seeds: list[int] = []
    seed = first
    while len(seeds) < count:
        if random_style(np.random.default_rng(seed), jumbo=False).rank_height < below:
            seeds.append(seed)
        seed += 1
    return seeds


def photos(style_seed: int, index: int, photo_seed: int, per: int, framed: bool) -> list[Photo]:
    style = replace(random_style(np.random.default_rng(style_seed), jumbo=False), framed=framed)
    faces = render_drawn(style, seed=style_seed % 1000, only=CARDS)
    shot = (photograph(photo_seed + 100 * index + k, faces, LARGE, cards=CARDS) for k in range(per))
    return [p for p in shot if p.cards]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--style-seed", type=int, default=11_810_000)
    parser.add_argument("--photo-seed", type=int, default=11_811_000)
    parser.add_argument("--styles", type=int, default=6)
    parser.add_argument("--photos", type=int, default=10, help="per style (at most 100)")
    parser.add_argument("--rank-below", type=float, default=0.085)
    parser.add_argument("--framing", default="framed,unframed", help="of framed, unframed")
    parser.add_argument("--runs", default="none,both", help=f"of {', '.join(RUNS)}")
    args = parser.parse_args()
    one_core()
    runs = args.runs.split(",")
    styles = small_styles(args.style_seed, args.styles, args.rank_below)
    print("styles:", ", ".join(str(s) for s in styles))
    for framing in args.framing.split(","):
        tallies = {run: Count() for run in runs}
        per_card = {run: Count() for run in runs}
        changed: list[str] = []
        shown = differ = 0
        for index, style_seed in enumerate(styles):
            for photo in photos(
                style_seed, index, args.photo_seed, args.photos, framing == "framed"
            ):
                shown += 1
                answers = {}
                for run in runs:
                    share, glyph = RUNS[run]
                    finder = replace(FinderSettings(), corner_unsure_glyph=glyph)
                    detections = CardDetector(frame_share=share, finder=finder).detect(photo.image)
                    tallies[run].add(by_detection(detections, photo.cards))
                    per_card[run].add(count(detections, photo.cards, ""))
                    answers[run] = said(detections, photo.cards)
                if len(set(answers.values())) > 1:
                    differ += 1
                    changed.append(f"  {style_seed} {framing} {photo.seed}:")
                    changed += [f"    {run}: {text}" for run, text in answers.items()]
        cards = tallies[runs[0]].cards
        print(f"{framing}: {shown} photographs, {cards} cards")
        print("  run: exact / unsure / wrong / twice / no card / missed")
        for run, tally in tallies.items():
            lines = "".join(f"; {line}" for line in tally.examples)
            counted = row(tally, "exact", "uncertain", "wrong", "twice", "no_card", "missed")
            print(f"  {run}: {counted}{lines}")
        print("  card by card, run: exact / uncertain / wrong / missed / no card / twice")
        for run, c in per_card.items():
            print(f"  {run}: {row(c, 'exact', 'uncertain', 'wrong', 'missed', 'no_card', 'twice')}")
        print(f"{framing}: photographs that differ between the runs ({differ}):")
        print("\n".join(changed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
