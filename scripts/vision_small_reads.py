"""Rank confusions on small cards: the second generator's photographs of building designs with
the cards drawn small (and as blurred and compressed as asked), every card counted as the bench
counts it, and for each card answered the looks it was judged from (issue 28, h-small50).

    PYTHONPATH=$PWD:$PWD/scripts:$PWD/benchmarks python scripts/vision_small_reads.py \
        --seed 13640000 --count 100 [--designs anglo,tango,ornamental,simplistic] \
        [--width 60,100] [--blur 0.8] [--motion 2.0] [--jpeg 60,90] [--noise 1.5,5.0] \
        [--finder NAME=on|off|NUMBER] [--out FILE.pkl]

Prints the counts (exact / uncertain / wrong / missed / no card / twice over all cards), every
wrong read with its looks, and the *near-wrong* reads: cards read exactly whose looks' rank
product (``_combine``) gave another rank at least ``--near`` (default 0.01), or a network
corner or glyph look whose best rank was another (with its sureness). ``--out`` keeps every
card answered (pickle: label, truth, answer, candidate, width, the looks' rank and suit
probabilities, which reader each is, and whether the answer came from ``_judge`` as recorded or
from a later step) for offline replays. Building designs only.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from camera_misses import on_cards
from vision_recording import RecordingDetector

from dealer_assist.vision import decks
from dealer_assist.vision.classifier import RANK_CLASSES, GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.lens_scenes import CONDITIONS, photograph
from dealer_assist.vision.pipeline import _DISPUTED, _combine
from dealer_assist.vision.quads import FinderSettings

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
BUILDING = ("anglo", "tango", "ornamental", "simplistic")


def pair(text: str) -> tuple[float, float]:
    low, high = (float(v) for v in text.split(","))
    return low, high


def rank_code(k: int) -> str:
    rank = RANK_CLASSES[k]
    assert rank is not None
    return rank.symbol


def look_text(look: object) -> str:
    if look is _DISPUTED or look == "disputed":
        return "DISPUTED"
    rank = getattr(look, "rank", None)
    suit = getattr(look, "suit", None)
    kind = "net" if getattr(look, "network", False) else "glyph"
    if getattr(look, "merged", False):
        kind += "(merged)"
    over = getattr(look, "overlap", 0.0)
    if rank is None:
        return f"{kind}:-"
    order = np.argsort(rank)[::-1]
    best, second = int(order[0]), int(order[1])
    suit_text = ""
    if suit is not None:
        s = int(np.argmax(suit))
        suit_text = f" suit{s}:{float(suit[s]):.2f}"
    return (
        f"{kind}:{rank_code(best)} {float(rank[best]):.2f}/{rank_code(second)} "
        f"{float(rank[second]):.2f}{suit_text}" + (f" over{over:.2f}" if over else "")
    )


def finder_of(items: list[str]) -> FinderSettings | None:
    if not items:
        return None
    values: dict[str, object] = {}
    for item in items:
        name, value = item.split("=", 1)
        if value in ("on", "off"):
            values[name] = value == "on"
        else:
            values[name] = float(value)
    return replace(FinderSettings(), **values)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--designs", default=",".join(BUILDING))
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, default=50, help="photographs per design")
    parser.add_argument("--stride", type=int, default=1000, help="seeds between designs")
    parser.add_argument("--width", type=pair, default=(60.0, 100.0), help="card px, low,high")
    parser.add_argument("--blur", type=float, default=0.8, help="largest focus blur sigma")
    parser.add_argument("--motion", type=float, default=2.0, help="longest motion streak")
    parser.add_argument("--jpeg", type=pair, default=(60.0, 90.0))
    parser.add_argument("--noise", type=pair, default=(1.5, 5.0))
    parser.add_argument("--near", type=float, default=0.01)
    parser.add_argument("--finder", action="append", default=[])
    parser.add_argument("--out", type=Path)
    parser.add_argument(
        "--ranks", default="", help="deal only cards of these ranks (e.g. KQJT), all suits"
    )
    parser.add_argument("--quiet", action="store_true", help="counts and wrong reads only")
    args = parser.parse_args()
    for name in args.designs.split(","):
        if name not in BUILDING:
            parser.error(f"{name}: building designs only")
    one_core()
    condition = replace(
        CONDITIONS["small"],
        name="smallish",
        card_px=args.width,
        focus_blur=args.blur,
        motion_blur=args.motion,
        jpeg=(int(args.jpeg[0]), int(args.jpeg[1])),
        noise=args.noise,
    )
    model = GlyphModel.load()
    finder = finder_of(args.finder)
    totals: Counter[str] = Counter()
    records: list[dict[str, object]] = []
    for d, name in enumerate(args.designs.split(",")):
        faces = decks.render_design(decks.design(name), height=320, cache=CACHE)
        for k in range(args.count):
            seed = args.seed + d * args.stride + k
            dealt = None
            if args.ranks:
                pool = [c for c in faces if c.rank.symbol in args.ranks.replace("10", "T")]
                pool.sort(key=lambda c: c.code)
                order = np.random.default_rng(seed).permutation(len(pool))[:6]
                dealt = [pool[j] for j in order]
            photo = photograph(seed, faces, condition, cards=dealt)
            detector = RecordingDetector(model=model, **({"finder": finder} if finder else {}))
            analysis = detector.analyse(photo.image)
            detections = analysis.reported
            on_card, nowhere = on_cards(detections, photo.cards)
            totals["no card"] += len(nowhere)
            label = f"{name}#{seed}"
            for n, card in enumerate(photo.cards):
                totals["cards"] += 1
                found = on_card.get(n, [])
                if not found:
                    totals["missed"] += 1
                    continue
                if len(found) > 1:
                    totals["twice"] += 1
                iou, j = max(found, key=lambda item: item[0])
                answer = detections[j]
                truth = np.asarray(card.corners, np.float64)
                width = float(np.hypot(*(np.roll(truth, -1, axis=0) - truth).T).min())
                judged = detector.judged.get(id(answer))
                looks = [] if judged is None else list(judged.readings)
                if answer.card is None:
                    verdict = "uncertain"
                elif answer.card == card.card:
                    verdict = "exact"
                else:
                    verdict = "wrong"
                totals[verdict] += 1
                whole = [
                    look
                    for look in looks
                    if look is not _DISPUTED and getattr(look, "rank", None) is not None
                ]
                product = _combine([look.rank for look in whole]) if whole else None
                truth_rank = RANK_CLASSES.index(card.card.rank)
                other = None
                if product is not None:
                    masked = product.copy()
                    masked[truth_rank] = 0.0
                    other = (rank_code(int(np.argmax(masked))), float(masked.max()))
                record = {
                    "label": label,
                    "truth": card.card.code,
                    "card": answer.card.code if answer.card is not None else None,
                    "candidate": answer.candidate.code if answer.candidate else None,
                    "confidence": answer.confidence,
                    "width": width,
                    "iou": iou,
                    "recorded": judged is not None,
                    "recorded_card": (
                        None
                        if judged is None or judged.detection.card is None
                        else judged.detection.card.code
                    ),
                    "looks": [
                        "disputed"
                        if look is _DISPUTED
                        else {
                            "rank": None if look.rank is None else np.asarray(look.rank),
                            "suit": None if look.suit is None else np.asarray(look.suit),
                            "network": look.network,
                            "merged": look.merged,
                            "overlap": look.overlap,
                            "unlike": sorted(s.value for s in look.unlike),
                        }
                        for look in looks
                    ],
                    "text": [look_text(look) for look in looks],
                    "pip_count": None if judged is None else judged.pip_count,
                    "other_rank": other,
                    "verdict": verdict,
                }
                records.append(record)
                near = (verdict == "exact" and other is not None and other[1] >= args.near) or (
                    verdict == "exact"
                    and any(
                        int(np.argmax(look.rank)) != truth_rank and float(look.rank.max()) >= 0.3
                        for look in whole
                    )
                )
                if verdict == "wrong" or (near and not args.quiet):
                    tag = "WRONG" if verdict == "wrong" else "near"
                    if verdict != "wrong":
                        totals["near"] += 1
                    print(
                        f"{tag} {label} {card.card.code} -> {record['card']} "
                        f"w{width:.0f} conf {answer.confidence:.3f} "
                        f"judge:{record['recorded_card'] if judged else 'later-step'} "
                        f"pips {record['pip_count']} other {other} | " + "; ".join(record["text"]),  # type: ignore[arg-type]
                        flush=True,
                    )
        print(f"done {name}: {dict(totals)}", flush=True)
        if args.out is not None:  # kept as each design is done: a long run read so far
            args.out.write_bytes(pickle.dumps(records))
    cards = totals["cards"]
    print(
        f"cards {cards}: exact {totals['exact']} uncertain {totals['uncertain']} wrong "
        f"{totals['wrong']} missed {totals['missed']} no card {totals['no card']} twice "
        f"{totals['twice']}; near {totals['near']}"
    )
    if args.out is not None:
        args.out.write_bytes(pickle.dumps(records))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
