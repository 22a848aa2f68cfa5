"""Courts and tens only, small, blurred, light and tilted, on building designs: which courts are
read surely as tens (and tens as courts), and how the middles of the tens read surely look.

The held-out sets' commonest sure wrong read is a court read as a ten of the same suit (issue 28,
session 40). Every scene here deals courts and tens alone, 70-100 pixels wide, in four of the
check's styles made smaller; the designs are building ones (Debian's and decks drawn with
``drawn_decks``' building fonts), the seeds the caller's::

    python scripts/vision_court_tens.py --designs anglo,tango --drawn 4 --scenes 10 \
        --seed 11660000 --out courts.pkl

Prints every sure court->ten and ten->court read with the card's width and the middle's looks
(``picture_signs``); ``--out`` keeps, for every card read surely as a ten or a court, its truth,
answer, width, whether its middle lies in the clear and those signs (pickle), to set a guard's
threshold on.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.drawn_decks import random_style, render_drawn
from dealer_assist.vision.middle import COURT_RANKS, MiddleSettings, pip_count, warp_middle
from dealer_assist.vision.pipeline import CardDetector

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
SMALL = (70.0, 100.0)
STYLES: dict[str, synthetic.SceneStyle] = {
    "tilted": replace(synthetic.TILTED, card_px=SMALL, blur=2.0),
    "noisy": replace(synthetic.NOISY, card_px=SMALL),
    "dim": replace(synthetic.DIM_NOISY, card_px=SMALL),
    "harsh": replace(synthetic.HARSH, card_px=SMALL, blur=2.0),
    "light": replace(synthetic.TILTED, card_px=SMALL, light=(1.0, 1.3), blur=2.2, glare=0.9),
}
CARDS = [Card(r, s) for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING) for s in Suit]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default="anglo,ornamental,tango,simplistic")
    parser.add_argument("--drawn", type=int, default=0, help="drawn decks (building fonts)")
    parser.add_argument(
        "--lines", action="store_true", help="the drawn decks' courts as fine line drawings"
    )
    parser.add_argument("--styles", default=",".join(STYLES))
    parser.add_argument("--scenes", type=int, default=10)
    parser.add_argument("--seed", type=int, default=11_660_000)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    one_core()
    detector = CardDetector(model=GlyphModel.load(), corner_model=CornerModel.load())
    middle = MiddleSettings()
    sources: list[tuple[str, dict[Card, np.ndarray]]] = []
    for name in [n for n in args.designs.split(",") if n]:
        chosen = decks.design(name)
        assert chosen.family not in decks.HELD_OUT_FAMILIES, f"{name} is held out"
        sources.append((name, decks.render_design(chosen, height=320, cache=CACHE)))
    for k in range(args.drawn):
        style = random_style(np.random.default_rng([args.seed, k]), jumbo=False)
        if args.lines:
            style = replace(style, picture="lines")
        sources.append((f"drawn{k}", render_drawn(style, seed=args.seed + k)))
    records: list[dict[str, object]] = []
    tally: dict[str, int] = {}
    for name, faces in sources:
        for style_name in args.styles.split(","):
            for j in range(args.scenes):
                seed = args.seed + j
                rng = np.random.default_rng([seed, 40])
                dealt = [CARDS[i] for i in rng.permutation(len(CARDS))[:6]]
                scene = synthetic.random_scene(seed, faces, style=STYLES[style_name], cards=dealt)
                h, w = scene.image.shape[:2]
                reported = detector.analyse(scene.image).reported
                for truth in scene.cards:
                    if not all(0 <= x < w and 0 <= y < h for x, y in truth.corners):
                        continue
                    poly = np.array(truth.corners, np.float32).reshape(-1, 1, 2)
                    on = [
                        d
                        for d in reported
                        if cv2.pointPolygonTest(
                            poly, (float(d.center[0]), float(d.center[1])), False
                        )
                        >= 0
                    ]
                    if len(on) != 1:
                        continue
                    d = on[0]
                    width = float(np.linalg.norm(np.subtract(truth.corners[1], truth.corners[0])))
                    said = d.card
                    kind = (
                        "none"
                        if said is None
                        else "exact"
                        if said == truth.card
                        else f"wrong:{said.code}"
                    )
                    key = f"{truth.card.rank.symbol}->{'?' if said is None else said.rank.symbol}"
                    tally[key] = tally.get(key, 0) + 1
                    if said is None or (said.rank is not Rank.TEN and said.rank not in COURT_RANKS):
                        continue
                    quad = np.asarray(d.corners, np.float32)
                    mid = warp_middle(scene.image, quad, middle)
                    record = {
                        "label": f"{name}/{style_name}#{seed}",
                        "truth": truth.card.code,
                        "said": said.code,
                        "kind": kind,
                        "width": width,
                        "pips": pip_count(mid, middle),
                        "middle": mid,
                    }
                    records.append(record)
                    court_ten = truth.card.rank in COURT_RANKS and said.rank is Rank.TEN
                    ten_court = truth.card.rank is Rank.TEN and said.rank in COURT_RANKS
                    if court_ten or ten_court:
                        print(
                            f"{record['label']} {truth.card.code} read {said.code} "
                            f"{d.confidence:.3f} width {width:.0f} pips {record['pips']}",
                            flush=True,
                        )
        print(f"{name} done: {sum(tally.values())} cards so far", flush=True)
    for key in sorted(tally):
        print(key, tally[key])
    if args.out:
        with args.out.open("wb") as f:
            pickle.dump(records, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
