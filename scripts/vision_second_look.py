"""A second look at the cards the corner network is unsure of (issue 28, h-second12): building
scenes only.

``--dump FILE`` runs the building check's scenes (``scripts/vision_tilted.py``'s designs, styles
and seeds, read as ``vision detect`` reads without a layout) and writes every card answered
*uncertain* with an index read (a candidate) - its truth (code and the four true corners), the
outline it was read from, the looks it was judged from, and the frame round it (a crop with a
margin, so that its corners can be warped again) - and counts every answer. ``--all`` writes the
cards read surely too (``card`` says which were), and every record says whether the card's
middle lies in the clear of the other answers (``clear``), for the middle's looks (h-reader14).

``--replay FILE`` warps the corners of those cards again, in the ways measured (``LOOKS``),
reads them with the corner network, puts the new network looks in place of the old ones and
judges each card again through ``CardDetector._judge`` (every rule as it is: a glyph dispute, the
ink's colour, corners under another card). Prints per way: how many became exact, how many
wrong, how many stayed uncertain, by width; and the outline's distance from the true corners.

    python scripts/vision_second_look.py --dump build/second/check.pkl \\
        --styles tilted,close,lens,overhead,noisy,harsh,wide,dim,table,tableclose --scenes 10
    python scripts/vision_second_look.py --replay build/second/check.pkl
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cv2
import numpy as np
from bench_camera_scenes import Count, count
from camera_misses import on_cards
from vision_recording import RecordingDetector
from vision_scenes import check_scenes, on_any

from dealer_assist.vision import synthetic
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.geometry import (
    CANONICAL_HEIGHT,
    CANONICAL_WIDTH,
    canonical_to_image,
    portrait_orders,
)
from dealer_assist.vision.index import IndexSettings, region_size
from dealer_assist.vision.pipeline import (
    _DISPUTED,
    DEFAULT_PAPER,
    DEFAULT_PLANE,
    CardDetection,
    CardDetector,
    _best_card,
    _Reading,
    disputes,
)

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
MARGIN = 40  # frame pixels kept round a card's outline and its true corners


def _dump(args: argparse.Namespace) -> None:
    model = GlyphModel.load()
    corners = CornerModel.load()
    total = Count()
    records: list[dict[str, object]] = []
    started = time.time()
    for checked in check_scenes(args.designs, args.styles, args.scenes, args.seed, CACHE):
        name, style_name, seed = checked.design, checked.style, checked.seed
        scene, whole, partial = checked.scene, checked.whole, checked.partial
        detector = RecordingDetector(
            model=model, corner_model=corners, plane=DEFAULT_PLANE, paper=DEFAULT_PAPER
        )
        detections = detector.analyse(scene.image).reported
        if partial:
            detections = [d for d in detections if not on_any(d.center, partial)]
        label = f"{name}/{style_name}#{seed}"
        total.add(count(detections, whole, label))
        records += _uncertain(detector, scene.image, detections, whole, label, every=args.all)
    print(f"{args.designs}: {time.time() - started:.0f} s", flush=True)
    print(" | ".join(str(v) for v in total.row("all")))
    args.dump.parent.mkdir(parents=True, exist_ok=True)
    args.dump.write_bytes(pickle.dumps({"count": total.row("all"), "cards": records}))
    print(f"{len(records)} uncertain cards with a candidate written to {args.dump}")


def _uncertain(
    detector: RecordingDetector,
    frame: np.ndarray,
    detections: list[CardDetection],
    cards: list[synthetic.PlacedCard],
    label: str,
    *,
    every: bool = False,
) -> list[dict[str, object]]:
    """The uncertain answers with a candidate, matched to cards as ``count`` matches them
    (``every``: the cards read surely too). ``clear``: whether the card's middle lies in the
    clear of the other answers (``CardDetector._clear_middle``)."""
    on_card, _ = on_cards(detections, cards)
    outlines = [np.asarray(d.corners, np.float32).reshape(-1, 2) for d in detections]
    records: list[dict[str, object]] = []
    for n, found in on_card.items():
        iou, k = max(found, key=lambda pair: pair[0])
        detection = detections[k]
        judged = detector.judged.get(id(detection))
        if detection.candidate is None or judged is None:
            continue
        if detection.card is not None and not every:
            continue
        truth = np.asarray(cards[n].corners, np.float64)
        both = np.vstack([judged.quad, truth])
        x0 = max(int(both[:, 0].min()) - MARGIN, 0)
        y0 = max(int(both[:, 1].min()) - MARGIN, 0)
        x1 = min(int(both[:, 0].max()) + MARGIN, frame.shape[1])
        y1 = min(int(both[:, 1].max()) + MARGIN, frame.shape[0])
        sides = np.hypot(*(np.roll(truth, -1, axis=0) - truth).T)
        records.append(
            {
                "label": label,
                "truth": cards[n].card.code,
                "true_corners": truth - (x0, y0),
                "quad": judged.quad - (x0, y0),
                "crop": frame[y0:y1, x0:x1].copy(),
                "width": float(sides.min()),
                "iou": iou,
                "candidate": detection.candidate.code,
                "looks": ["disputed" if r is _DISPUTED else r for r in judged.readings],
                "pips": judged.pips,
                "pip_count": judged.pip_count,
                "card": None if detection.card is None else detection.card.code,
                "clear": detector._clear_middle(frame, outlines, k) is not None,
            }
        )
    return records


# --- replay ---------------------------------------------------------------------------------


def _judge_again(
    detector: CardDetector,
    record: dict[str, object],
    net: tuple[_Reading, _Reading],
) -> CardDetection | None:
    """The card judged with ``net`` in place of the network's two looks."""
    looks = [_DISPUTED if r == "disputed" else r for r in record["looks"]]  # type: ignore[attr-defined]
    old = looks[:2]
    assert all(isinstance(r, _Reading) for r in old)
    new = [replace(n, overlap=o.overlap) for n, o in zip(net, old, strict=True)]
    rest = looks[2:]
    glyphs = [r for r in rest if r is not _DISPUTED]
    if len(glyphs) == len(rest) and disputes(new, glyphs, detector.check_sureness):
        rest = [*rest, _DISPUTED]  # the glyph reader disputes the network's new card
    return detector._judge(
        np.asarray(record["quad"]),
        [*new, *rest],
        pips=bool(record["pips"]),
        pip_count=record["pip_count"],  # type: ignore[arg-type]
        printed=True,  # as the detector judges a chosen finding
    )


def _agree(net: tuple[_Reading, _Reading]) -> bool:
    """Both corners read a whole index, the same card (each its best guess)."""
    whole = all(r.rank is not None and r.suit is not None for r in net)
    return whole and _best_card(net[0]) == _best_card(net[1])


def _corner_error(record: dict[str, object], quad: np.ndarray) -> float:
    """The largest distance (pixels) from an outline corner to the nearest true corner."""
    truth = np.asarray(record["true_corners"])
    return float(max(np.hypot(*(truth - p).T).min() for p in quad))


def _warp_with(
    frame: np.ndarray, ordered: np.ndarray, settings: IndexSettings, flag: int
) -> np.ndarray:
    """``warp_corner`` with another interpolation."""
    s = settings.scale
    to_region = np.array(
        [
            [1 / s, 0, settings.left * CANONICAL_WIDTH],
            [0, 1 / s, settings.top * CANONICAL_HEIGHT],
            [0, 0, 1],
        ]
    )
    return cv2.warpPerspective(
        frame,
        canonical_to_image(ordered) @ to_region,
        region_size(settings),
        flags=flag | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


Way = Callable[[np.ndarray, np.ndarray, IndexSettings], list[np.ndarray]]


def _ways() -> dict[str, Way]:
    """The ways of looking again measured: the crop, the outline and the settings to both index
    corners' regions, look by look."""
    from dealer_assist.vision import second_look as second

    def looks(step: float, scale: float) -> tuple[tuple[tuple[float, float], float], ...]:
        return (
            ((0.0, 0.0), 1.0),
            ((step, 0.0), 1.0),
            ((-step, 0.0), 1.0),
            ((0.0, step), 1.0),
            ((0.0, -step), 1.0),
            ((0.0, 0.0), 1.0 + scale),
            ((0.0, 0.0), 1.0 - scale),
        )

    def interpolated(flag: int, scale: float = 1.0) -> Way:
        wider = IndexSettings(scale=scale)

        def way(crop: np.ndarray, quad: np.ndarray, settings: IndexSettings) -> list[np.ndarray]:
            chosen = settings if scale == 1.0 else wider
            return [_warp_with(crop, ordered, chosen, flag) for ordered in portrait_orders(quad)]

        return way

    def refined(then: Way) -> Way:
        return lambda crop, quad, settings: then(crop, second.refine_outline(crop, quad), settings)

    def looked(step: float, scale: float) -> Way:
        return lambda crop, quad, settings: second.corner_regions(
            crop, quad, settings, looks(step, scale)
        )

    plain: Way = second.corner_regions
    return {
        "plain": plain,
        "cubic": interpolated(cv2.INTER_CUBIC),
        "lanczos": interpolated(cv2.INTER_LANCZOS4),
        "scale2-cubic": interpolated(cv2.INTER_CUBIC, 2.0),
        "refined": refined(plain),
        "refined-cubic": refined(interpolated(cv2.INTER_CUBIC)),
        "looks0.5": looked(0.5, 0.02),
        "looks1": looked(1.0, 0.04),
        "looks2": looked(2.0, 0.04),
        "refined-looks1": refined(looked(1.0, 0.04)),
        "refined-looks2": refined(looked(2.0, 0.04)),
        "looks2-8": looked(2.0, 0.08),
        "refined-shifts2": refined(
            lambda crop, quad, settings: second.corner_regions(
                crop, quad, settings, looks(2.0, 0.04)[:5]
            )
        ),
        "refined-scales": refined(
            lambda crop, quad, settings: second.corner_regions(
                crop, quad, settings, (looks(2.0, 0.04)[0], *looks(2.0, 0.04)[5:])
            )
        ),
        "refined-diagonal": refined(
            lambda crop, quad, settings: second.corner_regions(
                crop,
                quad,
                settings,
                (
                    ((0.0, 0.0), 1.0),
                    ((1.5, 1.5), 1.0),
                    ((-1.5, -1.5), 1.0),
                    ((1.5, -1.5), 1.0),
                    ((-1.5, 1.5), 1.0),
                ),
            )
        ),
    }


def _replay(args: argparse.Namespace) -> None:
    from dealer_assist.vision import second_look as second

    data = pickle.loads(args.replay.read_bytes())
    records: list[dict[str, object]] = data["cards"]
    print("check:", data["count"])
    detector = CardDetector(plane=DEFAULT_PLANE, paper=DEFAULT_PAPER)
    model = detector.corner_model
    settings = detector.index
    widths = np.array([float(r["width"]) for r in records])  # type: ignore[arg-type]
    is_small = (widths >= 50) & (widths <= 65)
    disputed = sum("disputed" in r["looks"] for r in records)  # type: ignore[operator]
    print(
        f"{len(records)} uncertain with a candidate; {int(is_small.sum())} 50-65 px wide; "
        f"{disputed} disputed by the glyph reader"
    )
    errors = np.array([_corner_error(r, np.asarray(r["quad"])) for r in records])
    refined = np.array(
        [
            _corner_error(r, second.refine_outline(np.asarray(r["crop"]), np.asarray(r["quad"])))
            for r in records
        ]
    )
    for name, v in (("outline", errors), ("refined", refined)):
        print(
            f"{name}: largest corner error px median {np.median(v):.2f}, p90 "
            f"{np.percentile(v, 90):.2f}; share of width median {np.median(v / widths):.3f}; "
            f"small cards median {np.median(v[is_small]):.2f} px"
        )
    ways = _ways()
    print("way | exact | wrong | uncertain | small exact | small wrong | ms a card")
    for name in args.ways.split(","):
        oracle = name.startswith("truth:")
        warp = ways[name.removeprefix("truth:")]
        exact = wrong = left = small_exact = small_wrong = 0
        spent = 0.0
        examples: list[str] = []
        for record, small in zip(records, is_small, strict=True):
            started = time.thread_time()
            quad = _true_quad(record) if oracle else np.asarray(record["quad"])
            regions = warp(np.asarray(record["crop"]), quad, settings)
            rank, suit = second.averaged_probabilities(model, regions)
            net = detector._net_readings(rank, suit)[0]
            detection = _judge_again(detector, record, net)
            if args.agree and detection is not None and not _agree(net):
                detection = None  # the two corners' second looks read two cards
            if args.strict and detection is not None and detection.card is not None:
                glyphs = [r for r in record["looks"][2:] if isinstance(r, _Reading)]  # type: ignore[index]
                whole = [r for r in glyphs if r.rank is not None and r.suit is not None]
                if any(_best_card(r) != detection.card for r in whole):
                    detection = None  # a glyph look read another card, however unsure
            spent += time.thread_time() - started
            if detection is None or detection.card is None:
                left += 1
            elif detection.card.code == record["truth"]:
                exact += 1
                small_exact += int(small)
            else:
                wrong += 1
                small_wrong += int(small)
                examples.append(
                    f"{record['label']} {record['truth']} as {detection.card.code} "
                    f"(first {record['candidate']}) "
                    f"({detection.confidence:.3f}, {float(record['width']):.0f} px)"  # type: ignore[arg-type]
                )
        print(
            f"{name} | {exact} | {wrong} | {left} | {small_exact} | {small_wrong} | "
            f"{1000 * spent / max(len(records), 1):.1f}",
            flush=True,
        )
        for line in examples:
            print("   wrong:", line)


def _true_quad(record: dict[str, object]) -> np.ndarray:
    """The true corners in the outline's order (each outline corner's nearest true one)."""
    truth = np.asarray(record["true_corners"])
    quad = np.asarray(record["quad"])
    return np.array([truth[int(np.argmin(np.hypot(*(truth - p).T)))] for p in quad])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dump", type=Path)
    parser.add_argument("--replay", type=Path)
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument("--styles", default=",".join(synthetic.CHECK_STYLES))
    parser.add_argument("--scenes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7_900_000)
    parser.add_argument("--ways", default="plain")
    parser.add_argument(
        "--all", action="store_true", help="--dump: the cards read surely too (for the middle)"
    )
    parser.add_argument(
        "--agree", action="store_true", help="a card read again must have both corners agree"
    )
    parser.add_argument(
        "--strict", action="store_true", help="... and every whole glyph look read that card"
    )
    args = parser.parse_args()
    one_core()
    if args.dump:
        _dump(args)
    if args.replay:
        _replay(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
