"""Cards reported twice on the second generator's building photographs, traced (issue 28,
h-twice49).

Reads photographs of ``lens_scenes`` (building designs only) in the chosen viewing conditions
from consecutive seeds, counts them as ``benchmarks/bench_camera_scenes.py`` does, and for each
card with more than one detection on it reads the photograph again with a tracer on
``CardDetector._finished``: the line of ``_finished`` after which each of the card's outlines
first appears among the reported shapes ("choose" when the chosen finding already held it).
Prints per twice: the condition, each shape's step, reading, centre, area against the card's,
the two shapes' overlap (of the smaller), whether either's centre lies on the other, and
whether they read the same candidate.

    PYTHONPATH=$PWD:$PWD/benchmarks python scripts/vision_twice.py --designs anglo,tango \
        --conditions tilted,clutter --seed 13590000 --count 50 [--finder NAME=on|off|NUMBER]
"""

from __future__ import annotations

import argparse
import inspect
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

import cv2
import numpy as np
from camera_misses import on_cards

from dealer_assist.vision import decks, duplicates
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.lens_scenes import Photo, photograph
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.quads import FinderSettings

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
Outline = tuple[tuple[float, float], ...]


def _key(detection: CardDetection) -> Outline:
    return tuple((float(x), float(y)) for x, y in detection.corners)


class Tracer:
    """Notes, line by line of ``CardDetector._finished``, which reported outlines are new."""

    def __init__(self) -> None:
        self.code = CardDetector._finished.__code__
        self.first: dict[Outline, str] = {}
        self._seen: set[Outline] = set()
        self._line = 0
        self._lines, self._start = inspect.getsourcelines(CardDetector._finished)

    def _snapshot(self, frame: FrameType) -> set[Outline]:
        best = frame.f_locals.get("best")
        if best is None:
            return set()
        return {_key(d) for d in best.reported}

    def _local(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event in ("line", "return"):
            now = self._snapshot(frame)
            for outline in now - self._seen:
                self.first.setdefault(outline, self._step(self._line))
            self._seen = now
            self._line = frame.f_lineno
        return self._local

    def _step(self, line: int) -> str:
        if line == 0:
            return "choose"
        at = line - self._start
        # (the source read when the tracer was made: a file changed since names no line)
        text = self._lines[at].strip() if 0 <= at < len(self._lines) else "?"
        return f"L{line}:{text[:70]}"

    def _global(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "call" and frame.f_code is self.code:
            self._seen = set()
            self._line = 0
            return self._local
        return None

    def run(self, detector: CardDetector, image: np.ndarray) -> list[CardDetection]:
        sys.settrace(self._global)
        try:
            return detector.analyse(image).reported
        finally:
            sys.settrace(None)


def _area(corners: Any) -> float:
    return duplicates._area(np.asarray(corners, np.float32))


def _holds(detection: CardDetection, point: tuple[float, float]) -> bool:
    outline = np.asarray(detection.corners, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(outline, (float(point[0]), float(point[1])), False) >= 0


def _name(d: CardDetection) -> str:
    if d.card is not None:
        return d.card.code
    if d.candidate is not None:
        return "?" + d.candidate.code
    return "unread"


def twice_of(photo: Photo, reported: list[CardDetection]) -> list[tuple[int, list[int]]]:
    """Per card with more than one detection on it: its number and the detections'."""
    on_card, _ = on_cards(reported, photo.cards)
    return [(n, [k for _, k in found]) for n, found in sorted(on_card.items()) if len(found) > 1]


def describe(photo: Photo, label: str, reported: list[CardDetection], tracer: Tracer) -> None:
    for n, found in twice_of(photo, reported):
        card = photo.cards[n]
        card_area = _area(card.corners)
        print(f"  TWICE {label}: {card.card.code} ({len(found)} shapes; card area {card_area:.0f})")
        for k in found:
            d = reported[k]
            under = [
                m
                for m, other in enumerate(photo.cards)
                if m != n
                and cv2.pointPolygonTest(
                    np.asarray(other.corners, np.float32).reshape(-1, 1, 2),
                    (float(d.center[0]), float(d.center[1])),
                    False,
                )
                >= 0
            ]
            print(
                f"    #{k} {_name(d)} conf {d.confidence:.2f} corners_read {d.corners_read}"
                f" centre ({d.center[0]:.0f},{d.center[1]:.0f})"
                f" area/card {_area(d.corners) / card_area:.2f}"
                f" on other cards {[photo.cards[m].card.code for m in under]}"
                f" step {tracer.first.get(_key(d), '?')}"
            )
        for i, a in enumerate(found):
            for b in found[i + 1 :]:
                one, other = reported[a], reported[b]
                overlap = duplicates._overlap_share(one, other)
                print(
                    f"    pair #{a}/#{b}: overlap/smaller {overlap:.2f},"
                    f" centre in other {_holds(other, one.center)}/{_holds(one, other.center)},"
                    f" same candidate {one.candidate == other.candidate}"
                )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,tango,ornamental,simplistic")
    parser.add_argument("--conditions", default="tilted,clutter")
    parser.add_argument("--seed", type=int, required=True, help="first seed")
    parser.add_argument("--count", type=int, default=25, help="photographs per design, condition")
    parser.add_argument("--finder", action="append", default=[], metavar="NAME=on|off|NUMBER")
    args = parser.parse_args()
    one_core()
    values: dict[str, object] = {}
    for item in args.finder:
        name, value = item.split("=", 1)
        values[name] = value == "on" if value in ("on", "off") else float(value)
    reader: dict[str, object] = {"finder": replace(FinderSettings(), **values)} if values else {}
    model = GlyphModel.load()
    totals: Counter[str] = Counter()
    times: list[float] = []
    conditions = args.conditions.split(",")
    for d, name in enumerate(args.designs.split(",")):
        faces = decks.render_design(decks.design(name), height=320, cache=CACHE)
        for c, condition in enumerate(conditions):
            for k in range(args.count):
                seed = args.seed + (d * len(conditions) + c) * args.count + k
                photo = photograph(seed, faces, condition)
                detector = CardDetector(model=model, **reader)  # type: ignore[arg-type]
                started = time.thread_time()
                reported = detector.analyse(photo.image).reported
                times.append(time.thread_time() - started)
                label = f"{name}/{condition}#{seed}"
                totals["photographs"] += 1
                totals["cards"] += len(photo.cards)
                on_card, nowhere = on_cards(reported, photo.cards)
                totals["no card"] += len(nowhere)
                totals["missed"] += sum(1 for n in range(len(photo.cards)) if n not in on_card)
                found = twice_of(photo, reported)
                totals["twice"] += len(found)
                if found:
                    tracer = Tracer()
                    again = tracer.run(CardDetector(model=model, **reader), photo.image)  # type: ignore[arg-type]
                    describe(photo, label, again, tracer)
                print(
                    f"{label}: {len(photo.cards)} cards, tilt {photo.tilt_deg:.0f},"
                    f" card {photo.card_px:.0f} px, twice {len(found)}, no card {len(nowhere)}",
                    flush=True,
                )
    print("TOTAL", dict(totals), f"median {1000 * float(np.median(times)):.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
