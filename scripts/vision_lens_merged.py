"""The second generator's ``noquad:merged`` misses on building designs, sorted (h-merged42).

Photographs the building designs (``lens_scenes.photograph``, drawn decks of the design's own
faces) under the chosen conditions at seeds of the caller's range, reads them with the default
``CardDetector``, counts exact / uncertain / wrong / missed / no card / twice as
``benchmarks/bench_camera_scenes.py`` does, tallies the misses by cause
(``benchmarks/camera_misses.py``) and, for every ``noquad:merged`` card, says what joins its
blob (the other cards in it, the share of the blob no card covers: a hand, chips or a printed
box), the card's width, whether a card is drawn over it, the best shape of the chosen finding
on it (IoU), and what the card reads at its true outline alone (h-outline38's oracle: its code,
"?" uncertain, "-" nothing).

    python scripts/vision_lens_merged.py --designs anglo,tango --conditions small,clutter \
        --scenes 12 --seed 11870000 [--json OUT] [--answers FILE] [--finder FIELD=VALUE]

``--bench-first N`` photographs as ``benchmarks/bench_camera_scenes.py`` does instead (its
seeds, each design's photographs N to N + scenes - 1, its conditions in turn; ``--seed`` and
``--conditions`` unused): the bench's own scenes on building designs, numbered past its 0-999
(h-merged47: ``--bench-first 1200 --scenes 48``).

Building designs only: a held-out design is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections import Counter
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cv2
import numpy as np
from bench_camera_scenes import CACHE, SEED, Count, answers, count
from camera_misses import missed, missed_why, rough_view
from vision_tilted import read_alone

from dealer_assist.vision import decks
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.lens_scenes import CONDITIONS, TrueCard, photograph
from dealer_assist.vision.pipeline import DEFAULT_PLANE, CardDetector
from dealer_assist.vision.quads import FinderSettings


def joined_by(
    detector: CardDetector, frame: np.ndarray, card: TrueCard, cards: list[TrueCard]
) -> dict[str, object]:
    """The card's blob in the rough mask (as ``missed_why`` finds it): its area in cards, the
    other cards with a tenth of their area in it, and the share of it no card covers."""
    rough, to_view = rough_view(detector, frame)

    def filled(c: TrueCard) -> np.ndarray:
        points = cv2.perspectiveTransform(
            np.asarray(c.corners, np.float64).reshape(-1, 1, 2), to_view
        ).reshape(-1, 2)
        inside = np.zeros(rough.shape, np.uint8)
        cv2.fillConvexPoly(inside, np.round(points).astype(np.int32), 1)
        return inside

    own = filled(card)
    _, labels = cv2.connectedComponents(rough, connectivity=8)
    under = labels[(own > 0) & (rough > 0)]
    blob = labels == int(np.bincount(under).argmax())
    area = max(int(own.sum()), 1)
    covered = np.zeros(rough.shape, bool)
    others = []
    for other in cards:
        inside = filled(other) > 0
        covered |= inside
        if other is not card and (inside & blob).sum() > 0.1 * max(int(inside.sum()), 1):
            others.append(other.card.code)
    bare = blob & ~covered
    return {
        "blob_cards": round(float(blob.sum()) / area, 2),
        "neighbours": others,
        "no_card_share": round(float(bare.sum()) / max(float(blob.sum()), 1.0), 2),
    }


def scenes_of(
    place: int,
    name: str,
    conditions: list[str],
    first_seed: int,
    scenes: int,
    bench_first: int | None,
) -> list[tuple[int, str]]:
    """The (seed, condition) of each photograph of one design: ``scenes`` per condition from
    ``first_seed`` (the design's ``place`` in ``--designs`` the hundreds), or with ``bench_first``
    the bench's photographs ``bench_first`` on (``bench_camera_scenes.measure``'s seeds)."""
    if bench_first is not None:
        every = list(CONDITIONS)
        base = SEED + zlib.crc32(name.encode()) % 10_000 * 1000
        return [(base + k, every[k % len(every)]) for k in range(bench_first, bench_first + scenes)]
    return [
        (first_seed + 1000 * c + 100 * place + k, condition)
        for c, condition in enumerate(conditions)
        for k in range(scenes)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--designs", default="anglo,ornamental,simplistic,tango")
    parser.add_argument("--conditions", default="small,clutter")
    parser.add_argument(
        "--scenes", type=int, default=12, help="photographs per design and condition"
    )
    parser.add_argument("--seed", type=int, default=0, help="the first seed of your range")
    parser.add_argument(
        "--bench-first",
        type=int,
        help="the bench's photographs of each design numbered from this (its seeds and "
        "conditions in turn) instead of --seed and --conditions",
    )
    parser.add_argument("--json", type=Path, help="write each noquad:merged card's record here")
    parser.add_argument(
        "--answers",
        type=Path,
        help="write every card's answer here (label, card, as bench_camera_scenes.answers), "
        "to compare two runs card for card",
    )
    parser.add_argument(
        "--finder",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a FinderSettings field set (on/off, a number), e.g. corner_unsure_glyph=on",
    )
    parser.add_argument(
        "--plane",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a PlaneSettings field set (on/off, a number), e.g. lone_tilt_aspect=on",
    )
    args = parser.parse_args()
    held = {d.name for d in decks.held_out_designs()}
    names = args.designs.split(",")
    if held & set(names):
        parser.error("held-out designs are for the coordinator's counts only")
    conditions = args.conditions.split(",")
    if args.bench_first is None and not args.seed:
        parser.error("--seed or --bench-first")
    finder = FinderSettings()
    for pair in args.finder:
        key, value = pair.split("=", 1)
        was = getattr(finder, key)
        new: object = value == "on" if value in ("on", "off") else type(was)(value)
        finder = replace(finder, **{key: new})
    plane = DEFAULT_PLANE
    for pair in args.plane:
        key, value = pair.split("=", 1)
        was = getattr(plane, key)
        new = value == "on" if value in ("on", "off") else type(was)(value)
        plane = replace(plane, **{key: new})
    total = Count()
    why: Counter[str] = Counter()
    records: list[dict[str, object]] = []
    said: list[str] = []
    for d, name in enumerate(names):
        faces = decks.render_design(decks.design(name), height=320, cache=CACHE)
        for seed, condition in scenes_of(
            d, name, conditions, args.seed, args.scenes, args.bench_first
        ):
            photo = photograph(seed, faces, condition)
            detector = CardDetector(finder=finder, plane=plane)
            analysis = detector.analyse(photo.image)
            found = analysis.reported
            label = f"{name}/{condition}#{seed}"
            one = count(found, photo.cards, label)
            said += [
                f"{label} {card.card.code} {answer}"
                for card, answer in zip(photo.cards, answers(found, photo.cards), strict=True)
            ]
            total.add(one)
            outlines = [np.asarray(f.corners, np.float64).reshape(4, 2) for f in found]
            for card in missed(found, photo.cards):
                cause = missed_why(detector, photo.image, analysis.quads, card, found)
                why[cause] += 1
                if cause != "noquad:merged":
                    continue
                truth = np.asarray(card.corners, np.float64)
                ious = [polygon_iou(truth, np.asarray(q, np.float64)) for q in analysis.quads]
                n = photo.cards.index(card)
                over = [
                    o.card.code
                    for o in photo.cards[n + 1 :]
                    if polygon_iou(truth, np.asarray(o.corners, np.float64)) > 0.02
                ]
                record = {
                    "label": label,
                    "card": card.card.code,
                    "card_px": round(photo.card_px, 1),
                    "tilt": round(photo.tilt_deg, 1),
                    "over_it": over,
                    "best_quad_iou": round(max(ious), 2) if ious else 0.0,
                    "at_true": read_alone(detector, photo.image, truth, outlines) or "-",
                    **joined_by(detector, photo.image, card, photo.cards),
                }
                records.append(record)
                print(json.dumps(record), flush=True)
    print(
        f"cards {total.cards}: exact {total.exact} uncertain {total.uncertain} wrong "
        f"{total.wrong} missed {total.missed} no card {total.no_card} twice {total.twice}"
    )
    print("missed, why:", dict(sorted(why.items())))
    for line in total.examples:
        print(" ", line)
    if args.answers is not None:
        args.answers.write_text("\n".join(said) + "\n")
    if args.json is not None:
        args.json.write_text(json.dumps(records, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
