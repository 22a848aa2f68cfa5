"""The bench's outline-off uncertain cards, measured (issue 28, h-outline49): building designs only.

Reads the photographs ``benchmarks/bench_camera_scenes.py`` reads (``lens_scenes.photograph``,
the same seeds for ``--designs``/``--first``/``--scenes``) with the default reader and, for
every card answered uncertain whose detection's outline overlaps the card under ``OFF_IOU``
(``vision_unsure_bench.py``'s "outline off"), prints what is off and what lies there:

- ``w``: the card's true short side (pixels); ``size``: the answered outline's sides against
  the true ones (short, long);
- ``corners``: each true corner's distance from the answered outline's nearest corner, in
  shares of the short side (the true face's top-left, top-right, bottom-right, bottom-left:
  the index corners are the first and the third);
- ``under``: the share of the card's area that cards dealt after it cover (the generator's
  cards lie in dealing order, the later on top); ``vis``: the answered outline's IoU with the
  card's visible part (the card less the cards over it): an outline that found only the
  visible part of a card dealt under another scores high here and low against the card;
- ``near``: the closest other card's gap (pixels, negative: overlapping);
- ``true``: the card read alone at its true outline (the judge's looks, no later step; the
  other answered outlines lying over it), "?" uncertain, "-" nothing read.

Then the counts by condition and by kind (``kind``: "under" when the card lies a tenth or more
under a later card, "large"/"small" when the outline is a tenth larger or smaller than the card,
else "turned/shifted").

    PYTHONPATH=$PWD:$PWD/benchmarks python scripts/vision_outline_off_bench.py \\
        --designs anglo,tango,ornamental,simplistic --first 1370 --scenes 16 [--finder X=on]
        [--seed 13610000 --conditions light,clutter]   # fresh seeds: --first counts from 0
        [--trait framed:0.035 | bordered:0.09]   # a border trait printed on the faces

``--trait`` (h-relaid50): the building faces with a frame line printed inside the card's edge
(``lens_scenes.framed``) or a wide plain margin (``lens_scenes.bordered``), traits some decks
have that the building designs lack.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import cv2
import numpy as np
from bench_camera_scenes import CACHE, SEED
from camera_misses import _alone_missed, missed_why, on_cards
from vision_tilted import read_alone
from vision_unsure_bench import OFF_IOU, WhyDetector, reason

from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.lens_scenes import CONDITIONS, bordered, framed, photograph
from dealer_assist.vision.pipeline import _network_index_corners, _still_uncertain, _sure_sides
from dealer_assist.vision.quads import FinderSettings


class TracedDetector(WhyDetector):
    """``WhyDetector`` recording each outline ``_relaid_off`` (step "relay") and
    ``_line_refit`` (step "line") lay for an uncertain card, with ``_relaid_look``'s verdict."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.step = ""
        self.laid: list[tuple[str, np.ndarray, np.ndarray, str]] = []
        self.at_refit: list[tuple[np.ndarray, int]] = []  # uncertain then: outline, index corners
        self.sized = False  # a card read surely when the refits ran
        self.offers: list[np.ndarray] = []  # the cards offered at corners, added uncertain

    def _relaid_off(
        self, frame: np.ndarray, analysis: Any, found: Any, records: Any = None
    ) -> None:
        self.step = "relay" if records is None else "corner relay"
        if records is None:
            self.sized = _sure_sides(analysis) is not None
        for _, record in _still_uncertain(analysis) if records is None else []:
            quad = np.asarray(record.quad, np.float64).reshape(4, 2)
            self.at_refit.append((quad, len(_network_index_corners(quad, record.looks))))
        super()._relaid_off(frame, analysis, found, records)
        self.step = ""

    def _line_refit(
        self, frame: np.ndarray, analysis: Any, found: Any, records: Any = None
    ) -> None:
        self.step = "line" if records is None else "corner line"
        super()._line_refit(frame, analysis, found, records)
        self.step = ""

    def _unsure_corners(self, frame: np.ndarray, analysis: Any, unsure: Any) -> None:
        super()._unsure_corners(frame, analysis, unsure)
        self.offers += [np.asarray(d.corners, np.float64).reshape(4, 2) for d in unsure]

    def _relaid_look(
        self, frame: np.ndarray, found: Any, detection: Any, *rest: Any, **named: Any
    ) -> Any:
        look = super()._relaid_look(frame, found, detection, *rest, **named)
        outline = np.asarray(rest[1], np.float64).reshape(4, 2)
        corners = np.asarray(detection.corners, np.float64).reshape(4, 2)
        read = look.read.card.code if look.read is not None and look.read.card else "?"
        self.laid.append((self.step, corners, outline, f"{look.why}:{read}"))
        return look

    def laid_for(self, detection: Any, truth: np.ndarray) -> str:
        """The outlines laid for ``detection`` (its corners as reported), each step's as
        IoU-with-the-truth/verdict."""
        quad = np.asarray(detection.corners, np.float64).reshape(4, 2)
        cells = [
            f"{step}:{polygon_iou(outline, truth):.2f}/{why}"
            for step, corners, outline, why in self.laid
            if np.abs(corners - quad).max() < 1e-3
        ]
        if cells:
            return " ".join(cells)
        for corners, indices in self.at_refit:
            if np.abs(corners - quad).max() < 1e-3:
                return (
                    f"none (uncertain at the refits, {indices} index corners, "
                    f"sure size {self.sized})"
                )
        if any(np.abs(corners - quad).max() < 1e-3 for corners in self.offers):
            return "none (a corner offer added uncertain after the refits)"
        return "none (not uncertain at the refits: judged sure, or laid later)"


def _mask(shape: tuple[int, int], quad: np.ndarray) -> np.ndarray:
    mask = np.zeros(shape, np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
    return mask.astype(bool)


def _sides(quad: np.ndarray) -> tuple[float, float]:
    lengths = np.hypot(*(np.roll(quad, -1, axis=0) - quad).T)
    pairs = sorted([(lengths[0] + lengths[2]) / 2, (lengths[1] + lengths[3]) / 2])
    return float(pairs[0]), float(pairs[1])


def _gap(a: np.ndarray, b: np.ndarray) -> float:
    """The gap between two convex quads (pixels; negative: they overlap, by the depth)."""
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), b.astype(np.float32))
    if area > 0:
        return -float(np.sqrt(area))
    dists = [
        abs(
            cv2.pointPolygonTest(b.reshape(-1, 1, 2).astype(np.float32), tuple(map(float, p)), True)
        )
        for p in a
    ] + [
        abs(
            cv2.pointPolygonTest(a.reshape(-1, 1, 2).astype(np.float32), tuple(map(float, p)), True)
        )
        for p in b
    ]
    return float(min(dists))


def describe_off(
    detector: TracedDetector,
    image: np.ndarray,
    detections: list[Any],
    at: int,
    trues: list[np.ndarray],
    n: int,
    code: str,
    iou: float,
    step: str = "",
) -> tuple[str, str]:
    """The module docstring's line for card ``n`` (true outlines ``trues``, in dealing order)
    answered uncertain by ``detections[at]`` at ``iou`` under ``OFF_IOU``, and its kind; with
    ``on``: the share of the answered outline lying on other cards (``on``/``felt``: on no
    card) and ``step`` (the step that first reported it, ``vision_twice.Tracer``) when given."""
    size = image.shape[:2]
    outlines = [np.asarray(d.corners, np.float64).reshape(4, 2) for d in detections]
    detection = detections[at]
    truth, quad = trues[n], outlines[at]
    whole = _mask(size, truth)
    over = np.zeros(size, bool)
    for later in trues[n + 1 :]:
        over |= _mask(size, later)
    others = np.zeros(size, bool)
    for m, other in enumerate(trues):
        if m != n:
            others |= _mask(size, other)
    visible = whole & ~over
    found = _mask(size, quad)
    under = float((whole & over).sum() / max(1, whole.sum()))
    vis = float((visible & found).sum() / max(1, (visible | found).sum()))
    on = float((found & others & ~visible).sum() / max(1, found.sum()))
    felt = float((found & ~others & ~whole).sum() / max(1, found.sum()))
    w, h = _sides(truth)
    fw, fh = _sides(quad)
    errs = [float(np.min(np.hypot(*(quad - p).T))) / w for p in truth]
    near = min((_gap(truth, t) for m, t in enumerate(trues) if m != n), default=float("inf"))
    covering = [o for m, o in enumerate(outlines) if m != at]
    at_true = read_alone(detector, image, truth, covering)
    why = reason(detector, detection, iou)
    verdict = detector.verdict_of(detection)
    rules = "+".join(verdict.rules) if verdict is not None else "-"
    if verdict is not None and verdict.card is not None:
        rules += f" (judged {verdict.card.code})"
    if under >= 0.1:
        kind = "under"
    elif (fw * fh) / (w * h) > 1.1:
        kind = "large"
    elif (fw * fh) / (w * h) < 0.9:
        kind = "small"
    else:
        kind = "turned/shifted"
    candidate = detection.candidate.code if detection.candidate else "-"
    line = (
        f"{code} cand {candidate} iou {iou:.2f} "
        f"w {w:.0f} size {fw / w:.2f} {fh / h:.2f} corners "
        + " ".join(f"{e:.2f}" for e in errs)
        + f" under {under:.2f} vis {vis:.2f} on {on:.2f} felt {felt:.2f} near {near:.0f} "
        f"kind {kind} true {at_true or '-'} [{why}] rules {rules} | laid "
        + detector.laid_for(detection, truth)
        + (f" | step {step}" if step else "")
    )
    return line, kind


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,tango,ornamental,simplistic")
    parser.add_argument("--first", type=int, default=1370)
    parser.add_argument("--scenes", type=int, default=16)
    parser.add_argument("--finder", action="append", default=[], metavar="NAME=on|off|NUMBER")
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="photographs from these seeds instead of the bench's (each design 1000 apart)",
    )
    parser.add_argument("--conditions", default="", help="with --seed: these, in turn")
    parser.add_argument(
        "--answers", type=Path, help="write every card's answer here, one a line (card for card)"
    )
    parser.add_argument(
        "--trait",
        default="",
        help="print a border trait on the faces: framed:INSET (a frame line INSET of the width "
        "inside the edge, lens_scenes.framed) or bordered:SHARE (a plain margin, "
        "lens_scenes.bordered)",
    )
    args = parser.parse_args()
    held = {d.name for d in decks.held_out_designs()}
    names = args.designs.split(",")
    if held & set(names):
        parser.error("building designs only: it lists photographs one by one")
    values: dict[str, object] = {}
    for item in args.finder:
        key, value = item.split("=", 1)
        values[key] = value == "on" if value in ("on", "off") else float(value)
    finder = replace(FinderSettings(), **values)  # type: ignore[arg-type]
    one_core()
    model = GlyphModel.load()
    conditions = args.conditions.split(",") if args.seed and args.conditions else list(CONDITIONS)
    tally: Counter[str] = Counter()
    answers: list[str] = []
    for place, name in enumerate(names):
        faces = decks.render_design(decks.design(name), height=320, cache=CACHE)
        if args.trait:
            trait, share = args.trait.split(":")
            faces = (framed if trait == "framed" else bordered)(faces, float(share))
        for k in range(args.first, args.first + args.scenes):
            condition = conditions[k % len(conditions)]
            seed = SEED + zlib.crc32(name.encode()) % 10_000 * 1000 + k
            if args.seed:
                seed = args.seed + place * 1000 + k
            photo = photograph(seed, faces, condition)
            detector = TracedDetector(model=model, finder=finder)
            analysis = detector.analyse(photo.image)
            detections = analysis.reported
            on_card, nowhere = on_cards(detections, photo.cards)
            label = f"{name}/{condition}#{seed}"
            answers += [f"{label} no card" for _ in nowhere]
            for n, card in enumerate(photo.cards):
                mine = on_card.get(n, [])
                if not mine:
                    why = (
                        missed_why(detector, photo.image, analysis.quads, card, detections)
                        if _alone_missed(detections, card)
                        else "under"
                    )
                    answers.append(f"{label} {card.card.code} missed {why}")
                    continue
                best = detections[max(mine, key=lambda pair: pair[0])[1]]
                got = best.card if best.card is not None else best.candidate
                kind = (
                    "uncertain" if best.card is None else "exact" if got == card.card else "wrong"
                )
                cand = got.code if got is not None else "-"
                twice = " twice" if len(mine) > 1 else ""
                answers.append(f"{label} {card.card.code} {kind} {cand}{twice}")
            trues = [np.asarray(c.corners, np.float64).reshape(4, 2) for c in photo.cards]
            tally[f"cards {condition}"] += len(photo.cards)
            for n, card in enumerate(photo.cards):
                if n not in on_card:
                    continue
                iou, at = max(on_card[n], key=lambda pair: pair[0])
                detection = detections[at]
                if detection.card is not None:
                    continue
                tally[f"uncertain {condition}"] += 1
                if iou >= OFF_IOU:
                    continue
                line, kind = describe_off(
                    detector, photo.image, detections, at, trues, n, card.card.code, iou
                )
                tally[f"off {condition}"] += 1
                tally[f"kind {kind}"] += 1
                tally[f"kind {kind} {condition}"] += 1
                at_true = line.split(" true ")[1].split()[0]
                tally[f"true {'exact' if at_true == card.card.code else at_true}"] += 1
                print(f"{name}/{condition}#{seed} {line}", flush=True)
    if args.answers is not None:
        args.answers.write_text("\n".join(answers) + "\n")
        kinds = Counter(line.split()[2] if "no card" not in line else "no card" for line in answers)
        twice = sum(line.endswith(" twice") for line in answers)
        print(
            "exact / uncertain / wrong / missed / no card / twice: "
            + " / ".join(
                str(kinds[k]) for k in ("exact", "uncertain", "wrong", "missed", "no card")
            )
            + f" / {twice} of {sum(kinds.values()) - kinds['no card']} cards"
        )
    print()
    for key, value in sorted(tally.items()):
        print(key, value)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
