"""Detections where no card is, on the second generator's photographs of building designs
(issue 28, h-large42).

Photographs the building designs (``decks.building_designs()``: none held out) and decks drawn
by ``drawn_decks.random_style`` at the given seeds with ``lens_scenes.photograph`` under the
chosen conditions, reads each with the default ``CardDetector`` (``analyse(...).reported``, as
``benchmarks/bench_camera_scenes.py`` does) and counts the detections whose centre lies on no
card (``camera_misses.on_cards``, the benchmark's rule). Per such detection it prints:

- the photograph (source/condition#seed) and the outline (frame pixels);
- its size (short x long side) against the true cards' (median), and its largest overlap with a
  true card (share of the detection's area);
- what it read (the card, or ``?`` with the candidate), its confidence and whole indices seen;
- what lies under it: the share of its area on a printed layout, chips, a hand or glare
  (each painted by ``lens_scenes`` and caught here by watching the painter; glare where it adds
  over 30 levels, a generous reach: near a spot it covers everything), else felt;
- the stage that produced it: the reader's steps watched as ``vision_unsure_stages.py`` does
  (``_judge``'s caller, ``sure @STEP`` / ``judge: RULE @STEP``, and guards), or ``unread`` for
  a card shape in which no index was seen (``FrameAnalysis.unread_cards``).

Seeds: photograph ``k`` of a source is ``--seed + 200 * source + k``; drawn decks are
``random_style(default_rng(s))`` drawn with ``render_drawn(style, seed=s)`` for ``s`` from
``--drawn-seed``. h-large42's range is 11,890,000-11,899,999, h-glare43's 11,920,000-11,929,999
(``--seed 11920000``; the drawn decks then default to 11,929,000+): photographs in the first
9,000 seeds of a range, drawn decks in the last 1,000.

    OMP_NUM_THREADS=1 python scripts/vision_no_card.py --conditions large,tilted,light \\
        --photos 4 --drawn 6
    python scripts/vision_no_card.py --only light:tango:11893001   # one photograph (a glare spot)
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import cv2
import numpy as np
from camera_misses import on_cards
from vision_unsure_stages import Events, key, watch

from dealer_assist.cards import Card
from dealer_assist.vision import decks, drawn_decks, lens_scenes
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.edge_support import face_ink, side_support
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.quads import FinderSettings

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
SEED = 11_890_000
RANGES = {11_890_000: "h-large42", 11_920_000: "h-glare43"}  # each 10,000 seeds
PAINTED = ("printed", "chips", "hand")
Masks = dict[str, Any]


def watch_painters(masks: Masks) -> None:
    """Record, per photograph, where ``lens_scenes`` painted a printed layout, chips, a hand and
    glare (before the lens's distortion: ``distort`` maps them as the photograph is mapped)."""

    def painter(name: str, paint: Callable[..., None]) -> Callable[..., None]:
        def watched(rng: np.random.Generator, *args: Any) -> None:
            image = args[-2] if name == "chips" or name == "hand" else args[-1]
            if name == "printed":
                masks.clear()
                masks["lens"] = args[0]
            before = image.copy()
            paint(rng, *args)
            masks[name] = np.abs(image - before).max(axis=2) > 8

        return watched

    light = lens_scenes._light

    def watched_light(
        rng: np.random.Generator, condition: lens_scenes.Condition, image: np.ndarray
    ) -> None:
        twin = np.random.default_rng()
        twin.bit_generator.state = rng.bit_generator.state
        dark = np.zeros_like(image)
        light(twin, condition, dark)  # gains times nothing: only the glare remains
        masks["glare"] = dark.max(axis=2) > 30
        light(rng, condition, image)

    lens_scenes._printed = painter("printed", lens_scenes._printed)
    lens_scenes._chips = painter("chips", lens_scenes._chips)
    lens_scenes._hand = painter("hand", lens_scenes._hand)
    lens_scenes._light = watched_light


def distort(masks: Masks) -> Masks:
    """The painted masks as the photograph shows them (through the lens's distortion)."""
    lens = masks.get("lens")
    if lens is None:
        return {}
    map_x, map_y = lens.distortion_maps()
    out = {}
    for name in (*PAINTED, "glare"):
        if name in masks:
            m = masks[name].astype(np.uint8) * 255
            out[name] = cv2.remap(m, map_x, map_y, cv2.INTER_NEAREST) > 0
    return out


def sides(quad: object) -> tuple[float, float]:
    q = np.asarray(quad, np.float64).reshape(4, 2)
    s = np.hypot(*(np.roll(q, -1, axis=0) - q).T)
    short, long = sorted(((s[0] + s[2]) / 2, (s[1] + s[3]) / 2))
    return float(short), float(long)


def polygon_mask(quad: object, shape: tuple[int, ...]) -> np.ndarray:
    mask = np.zeros(shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.asarray(quad, np.float64).reshape(-1, 2).astype(np.int32), 1)
    return mask > 0


def under(detection: CardDetection, painted: Masks, shape: tuple[int, ...]) -> str:
    """The share of the detection's area on each painted thing; ``felt`` when none."""
    area = polygon_mask(detection.corners, shape)
    n = max(int(area.sum()), 1)
    parts = [f"{name} {int((area & m).sum()) / n:.2f}" for name, m in painted.items()]
    parts = [p for p in parts if not p.endswith(" 0.00")]
    return ", ".join(parts) or "felt"


def card_overlap(detection: CardDetection, truth: list[lens_scenes.TrueCard]) -> float:
    mine = np.asarray(detection.corners, np.float32).reshape(-1, 2)
    area = max(float(cv2.contourArea(mine)), 1.0)
    shares = [
        cv2.intersectConvexConvex(mine, np.asarray(c.corners, np.float32).reshape(-1, 2))[0]
        for c in truth
    ]
    return float(max(shares, default=0.0)) / area


def features(
    photo: lens_scenes.Photo,
    detections: list[CardDetection],
    lost: list[int],
    name: str,
    dropped: set[int],
) -> list[dict[str, Any]]:
    """Per reported shape: whether it lies on no card, how it was read, and its sides' edge
    support (``edge_support.side_support``)."""
    rows = []
    for k, d in enumerate(detections):
        quad = np.asarray(d.corners, np.float64)
        rows.append(
            {
                "photo": name,
                "nowhere": k in lost,
                "sure": d.card is not None,
                "card": d.card.code if d.card else None,
                "candidate": d.candidate.code if d.candidate else None,
                "confidence": d.confidence,
                "indices": d.corners_read,
                "corners": quad,
                "support": side_support(photo.image, quad),
                "overlap": card_overlap(d, photo.cards),
                "dropped": id(d) in dropped,
                "ink": face_ink(photo.image, quad),
                "card_under": under_card(d, photo.cards),
            }
        )
    return rows


def under_card(detection: CardDetection, cards: list[lens_scenes.TrueCard]) -> int | None:
    """The topmost card under ``detection``'s centre (the benchmark's rule), or None."""
    centre = (float(detection.center[0]), float(detection.center[1]))
    under = [
        n
        for n, c in enumerate(cards)
        if cv2.pointPolygonTest(np.asarray(c.corners, np.float32), centre, False) >= 0
    ]
    return under[-1] if under else None


def sources(args: argparse.Namespace) -> list[tuple[str, dict[Card, np.ndarray]]]:
    names = [d.name for d in decks.building_designs()]
    if args.designs:
        names = [n for n in names if n in args.designs.split(",")]
    chosen = [(n, decks.render_design(decks.design(n), height=320, cache=CACHE)) for n in names]
    for s in range(args.drawn_seed, args.drawn_seed + args.drawn):
        style = drawn_decks.random_style(np.random.default_rng(s))
        chosen.append((f"drawn{s}", drawn_decks.render_drawn(style, seed=s)))
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--conditions", default="large,tilted,light")
    parser.add_argument("--photos", type=int, default=4, help="photographs per source, condition")
    parser.add_argument("--designs", default="", help="building designs (default: all)")
    parser.add_argument("--drawn", type=int, default=6, help="drawn decks")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--drawn-seed", type=int, default=0, help="default: the range's 9,000th")
    parser.add_argument("--only", default="", help="condition:source:seed, one photograph")
    parser.add_argument(
        "--edge-support",
        type=float,
        default=FinderSettings().edge_support,
        help="FinderSettings(edge_support=...) (h-glare43's lever; 0: off)",
    )
    parser.add_argument(
        "--judge",
        type=float,
        default=0.15,
        help="with --features: what FinderSettings(edge_support=...) would drop, per shape",
    )
    parser.add_argument(
        "--features",
        default="",
        help="pickle every reported shape's edge support, ink, and whether --judge drops it",
    )
    args = parser.parse_args()
    painted: Masks = {}
    watch_painters(painted)
    events: Events = {}
    watch(events)
    model = GlyphModel.load()
    jobs: list[tuple[str, str, int]] = []
    if args.only:
        condition, name, seed = args.only.split(":")
        if name.startswith("drawn"):
            args.drawn_seed, args.drawn, args.designs = int(name[5:]), 1, "-"
        else:
            args.drawn, args.designs = 0, name
        jobs = [(condition, name, int(seed))]
    base = args.seed - args.seed % 10_000
    if base not in RANGES:
        parser.error(f"seeds are one of {sorted(RANGES)} + 0-9,999")
    args.drawn_seed = args.drawn_seed or base + 9_000
    last = args.seed + 200 * (len(decks.building_designs()) + args.drawn) + args.photos
    if not args.only and not (last <= base + 9_000 and args.photos <= 200):
        parser.error(f"{RANGES[base]}'s photographs are {base:,}-{base + 8_999:,}")
    if (
        args.drawn
        and not args.only
        and not base + 9_000 <= args.drawn_seed <= base + 10_000 - args.drawn
    ):
        parser.error(f"{RANGES[base]}'s drawn decks are {base + 9_000:,}-{base + 9_999:,}")
    chosen = sources(args)
    if not args.only:
        for k in range(args.photos):  # conditions and sources interleaved: a partial run
            for i, (name, _) in enumerate(chosen):  # covers them all
                for condition in args.conditions.split(","):
                    jobs.append((condition, name, args.seed + 200 * i + k))
    faces_of = dict(chosen)
    photos: Counter[str] = Counter()
    nowhere: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    rows: list[dict[str, Any]] = []
    judge = CardDetector(model=model, finder=FinderSettings(edge_support=args.judge))
    for condition, name, seed in jobs:
        photo = lens_scenes.photograph(seed, faces_of[name], condition)
        masks = distort(painted)
        events.clear()
        finder = FinderSettings(edge_support=args.edge_support)
        analysis = CardDetector(model=model, finder=finder).analyse(photo.image)
        detections = analysis.reported
        photos[condition] += 1
        _, lost = on_cards(detections, photo.cards)
        if args.features:
            # What h-glare43's lever would drop of these (its own code, on this analysis).
            kept = judge._unedged_unsure(photo.image, analysis)
            dropped = {id(d) for d in detections} - {id(d) for d in [*kept[0], *kept[1]]}
            rows.extend(features(photo, detections, lost, f"{name}/{condition}#{seed}", dropped))
            with open(args.features, "wb") as out:  # after each photograph: a partial run
                pickle.dump({"photos": dict(photos), "rows": rows}, out)
        true_sides = np.median(np.array([sides(c.corners) for c in photo.cards]), axis=0)
        unread = {key(d.corners) for d in analysis.unread_cards}
        for k in lost:
            d = detections[k]
            nowhere[condition] += 1
            said = d.card.code if d.card else f"? cand {d.candidate.code if d.candidate else '-'}"
            stage = (
                "unread"
                if key(d.corners) in unread
                else " ; ".join(events.get(key(d.corners), [])[-3:])
            )
            lies = under(d, masks, photo.image.shape)
            causes[max(lies.split(", "), key=lambda p: p.split(" ")[-1]).split(" ")[0]] += 1
            outline = " ".join(f"{x:.0f},{y:.0f}" for x, y in d.corners)
            size = "{:.0f}x{:.0f}".format(*sides(d.corners))
            print(
                f"{name}/{condition}#{seed}: [{outline}] {size}"
                f" vs cards {'{:.0f}x{:.0f}'.format(*true_sides)} on a card "
                f"{card_overlap(d, photo.cards):.2f} | read {said} {d.confidence:.2f} "
                f"idx {d.corners_read} | on {lies} | stage {stage or '-'}",
                flush=True,
            )
    for condition in photos:
        print(f"{condition}: {nowhere[condition]} no-card detections in {photos[condition]} photos")
    print("under them (largest first painted thing):", dict(causes))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
