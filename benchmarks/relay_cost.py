"""What the joined-blob lever (``FinderSettings.corner_relay``, ``CardDetector._relaid_offer``)
costs, frame by frame (issue 28, h-relay34).

Reads paired_vision.py's frames (seed 9,777,000 on, six cards, kde_standard, no layout; with
``--tilted`` a camera up to 30 degrees off vertical) with the lever on (the defaults) and off
(``corner_relay=()``), each ``--rounds`` times in alternating order on one core, and prints per
frame: the median CPU time on and off, the offers laid again, the shapes laid, the shapes read
(``_sure_alone``: in full, or since h-speed36 their looks alone when those cannot bear the
offer's card out) and the time in ``_relaid_offer``; and whether the cards read on and
off differ.

    python benchmarks/relay_cost.py --frames 20 --rounds 3 --tilted
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from _common import machine, median  # noqa: E402
from paired_vision import CACHE, SEED  # noqa: E402  (its frames)

from dealer_assist.vision import decks, pipeline  # noqa: E402
from dealer_assist.vision.classifier import GlyphModel  # noqa: E402
from dealer_assist.vision.cores import one_core  # noqa: E402
from dealer_assist.vision.pipeline import CardDetector  # noqa: E402
from dealer_assist.vision.synthetic import (  # noqa: E402
    TILTED,
    SceneStyle,
    random_coup_cards,
    random_scene,
)


class _Counts:
    """What one detector's lever did, summed over the calls since the last ``clear``."""

    def __init__(self) -> None:
        self.offers = 0
        self.laid = 0
        self.read = 0
        self.seconds = 0.0

    def clear(self) -> None:
        self.offers = self.laid = self.read = 0
        self.seconds = 0.0


def counted(detector: CardDetector) -> _Counts:
    """``detector`` with its lever's work counted (its methods wrapped on the instance, and
    ``snapped`` in the pipeline module while the lever runs: the script counts the same on a
    revision without ``CardDetector.relay_work``)."""
    counts = _Counts()
    relaid, alone = detector._relaid_offer, detector._sure_alone
    inside = [False]

    def relaid_counted(*args: Any, **kw: Any) -> Any:
        counts.offers += 1
        started = time.thread_time()
        inside[0] = True
        try:
            return relaid(*args, **kw)
        finally:
            inside[0] = False
            counts.seconds += time.thread_time() - started

    def alone_counted(*args: Any, **kw: Any) -> Any:
        if inside[0]:
            counts.read += 1
        return alone(*args, **kw)

    snap = pipeline.snapped

    def snapped_counted(*args: Any, **kw: Any) -> Any:
        if inside[0]:
            counts.laid += 1
        return snap(*args, **kw)

    pipeline.snapped = snapped_counted  # type: ignore[assignment]
    detector._relaid_offer = relaid_counted  # type: ignore[method-assign]
    detector._sure_alone = alone_counted  # type: ignore[method-assign]
    return counts


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first frame (seed offset)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tilted", action="store_true")
    args = parser.parse_args()
    one_core()
    faces = decks.render_design(decks.design("kde_standard"), height=320, cache=CACHE)
    model = GlyphModel.load()
    on = CardDetector(model=model)
    off = CardDetector(model=model, finder=replace(on.finder, corner_relay=()))
    counts = counted(on)
    totals = {"on": 0.0, "off": 0.0}
    print(f"Machine: {machine()}")
    print("| frame | on (ms) | off (ms) | offers | laid | read | in relay (ms) | same cards |")
    print("|---|---|---|---|---|---|---|---|")
    for k in range(args.first, args.first + args.frames):
        seed = SEED + k
        cards = random_coup_cards(np.random.default_rng(seed), 6)
        scene = random_scene(
            seed, faces, cards=cards, style=TILTED if args.tilted else SceneStyle()
        )
        image = scene.image
        answer_on = on.detect(image)  # warm (the view's maps)
        answer_off = off.detect(image)
        spent: dict[str, list[float]] = {"on": [], "off": []}
        for round_ in range(args.rounds):
            order = [("on", on), ("off", off)]
            for name, detector in order if round_ % 2 else order[::-1]:
                if name == "on":
                    counts.clear()
                started = time.thread_time()
                detector.detect(image)
                spent[name].append((time.thread_time() - started) * 1000)
        same = sorted(str(d.card) for d in answer_on) == sorted(str(d.card) for d in answer_off)
        t_on, t_off = median(spent["on"]), median(spent["off"])
        totals["on"] += t_on
        totals["off"] += t_off
        print(
            f"| {seed} | {t_on:.0f} | {t_off:.0f} | {counts.offers} | {counts.laid} | "
            f"{counts.read} | {counts.seconds * 1000:.0f} | {'yes' if same else 'NO'} |"
        )
    print(f"| all | {totals['on']:.0f} | {totals['off']:.0f} | | | | | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
