"""Which stage left each uncertain card uncertain (issue 28, h-unsure41): building scenes only.

Runs ``scripts/vision_tilted.py`` (its arguments after ``--``) with ``--looks``, watching the
reader: every call of ``_judge`` (sure or not, with the rules that held: ``JUDGED_BY``) and every
guard that takes a sure reading's sureness away (``pipeline._doubted``: the calling step, e.g.
``_pictured_numbers``, ``_net_suit_against``, ``_read_where_printed``), by outline. Each card
answered uncertain gets one cause, the first that holds:

- ``hidden``: a card the scene drew later covers at least ``HIDDEN`` of it (chips and hands are
  not in the scene's truth, so a card under them counts below);
- ``outline off``: the answered outline's IoU with the true one under ``OFF_IOU``:
  ``sideways``, ``large``, ``part`` or ``shifted`` (``how_off``);
- ``guard: STEP``: the last thing done at its outline was a guard of ``STEP`` doubting a sure
  reading, or ``_judge`` leaving it uncertain with every look sure of one card (``judge:
  RULE``, the first rule of ``JUDGED_BY`` that held; ``printed`` when only the printed rules);
- else the looks' own state (``vision_unsure.cause``): the corner network's two corners
  disagreeing, agreeing but unsure, one corner read, none; the glyph reader disputing.

    python scripts/vision_unsure_stages.py build/unsure41/check.pkl -- \\
        --styles tilted,close,lens,overhead,noisy,harsh,wide,dim,table,tableclose --scenes 10
    python scripts/vision_unsure_stages.py build/unsure41/check.pkl   # the tally again, no run
    python scripts/vision_unsure_stages.py --cards build/unsure41/check.pkl   # card by card
    python scripts/vision_unsure_stages.py after.pkl --against before.pkl   # answers changed
    python scripts/vision_unsure_stages.py --offs build/relay42/check.pkl   # the off outlines
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

import cv2
import numpy as np
import vision_tilted
from vision_unsure import OFF_IOU, cause, group, looks_of

from dealer_assist.vision import pipeline
from dealer_assist.vision.geometry import portrait_orders
from dealer_assist.vision.pipeline import JUDGED_BY, CardDetection, _best_card, _sureness

HIDDEN = 0.1  # a card covered this much by later cards: "hidden"
Events = dict[bytes, list[str]]


def key(corners: object) -> bytes:
    """An outline's key (to a tenth of a pixel)."""
    return np.round(np.asarray(corners, np.float64).reshape(-1, 2), 1).tobytes()


def _caller(skip: set[str]) -> str:
    """The name of the first calling function not in ``skip``."""
    frame = sys._getframe(2)
    while frame.f_back is not None and frame.f_code.co_name in skip:
        frame = frame.f_back
    return frame.f_code.co_name


def watch(events: Events) -> None:
    """Record, by outline, each ``_judge`` and each ``_doubted`` (in order)."""
    doubted = pipeline._doubted
    judge = pipeline.CardDetector._judge

    def watched_doubted(detection: CardDetection) -> CardDetection:
        result = doubted(detection)
        if detection.card is not None:
            events.setdefault(key(detection.corners), []).append(
                "guard: " + _caller({"watched_doubted", "<listcomp>"})
            )
        return result

    def watched_judge(
        self: pipeline.CardDetector, quad: np.ndarray, readings: Any, **kw: Any
    ) -> Any:
        reasons: list[str] = kw.pop("why", None)
        said: list[str] = [] if reasons is None else reasons
        result = judge(self, quad, readings, why=said, **kw)
        if result is not None:
            where = _caller({"watched_judge", "_judge", "_judged"})
            rules = [r.split(" ")[0] for r in said if r.split(" ")[0] in JUDGED_BY]
            first = min(rules, key=JUDGED_BY.index) if rules else "printed"
            what = "sure" if result.card is not None else f"judge: {first}"
            events.setdefault(key(result.corners), []).append(f"{what} @{where}")
        return result

    pipeline._doubted = watched_doubted
    pipeline.CardDetector._judge = watched_judge  # type: ignore[method-assign]


def covered_share(corners: object, over: list[object]) -> float:
    """The share of the quad ``corners`` under the quads ``over`` (each convex; summed)."""
    mine = np.asarray(corners, np.float32).reshape(-1, 2)
    area = float(cv2.contourArea(mine))
    shared = sum(
        cv2.intersectConvexConvex(mine, np.asarray(o, np.float32).reshape(-1, 2))[0] for o in over
    )
    return float(shared) / max(area, 1.0)


def record_answers(events: Events) -> None:
    """``vision_tilted``'s records, each with ``hidden`` (its share under later cards) and
    ``events`` (what was done at its outline)."""
    answered: Callable[..., list[dict[str, object]]] = vision_tilted._Recording.answered

    def with_stages(self: Any, frame: Any, detections: Any, cards: Any, label: str) -> Any:
        seen = {k: list(v) for k, v in events.items()}  # before the records' own reads
        records = answered(self, frame, detections, cards, label)
        codes = [c.card.code for c in cards]
        for r in records:
            n = codes.index(r["truth"])
            r["hidden"] = covered_share(cards[n].corners, [c.corners for c in cards[n + 1 :]])
            r["true"] = np.asarray(cards[n].corners, np.float64)
            r["events"] = seen.get(key(r["outline"]), [])
        events.clear()  # one scene at a time
        return records

    vision_tilted._Recording.answered = with_stages  # type: ignore[method-assign]


def long_side(quad: object) -> np.ndarray:
    """A quad's longer middle line (from the middle of one short side to the other's)."""
    q = np.asarray(quad, np.float64).reshape(4, 2)
    across, down = (q[1] - q[0] + q[2] - q[3]) / 2, (q[3] - q[0] + q[2] - q[1]) / 2
    longer: np.ndarray = across if np.hypot(*across) > np.hypot(*down) else down
    return longer


def how_off(record: dict[str, Any]) -> str:
    """An off outline against the true one: ``sideways`` (its long side across the card's),
    ``large`` (a fifth larger or more: over a neighbour), ``part`` (a fifth smaller or more),
    else ``shifted``."""
    if "true" not in record:
        return "?"
    a, t = long_side(record["outline"]), long_side(record["true"])
    if abs(float(a @ t)) < np.hypot(*a) * np.hypot(*t) * np.cos(np.pi / 4):
        return "sideways"
    ratio = cv2.contourArea(np.asarray(record["outline"], np.float32).reshape(-1, 2)) / max(
        cv2.contourArea(np.asarray(record["true"], np.float32).reshape(-1, 2)), 1.0
    )
    return "large" if ratio >= 1.2 else "part" if ratio <= 0.8 else "shifted"


def stage(record: dict[str, Any]) -> str:
    """The cause of an uncertain card (the module's list, the first that holds)."""
    if record["hidden"] >= HIDDEN:
        return "hidden"
    if float(record["iou"]) < OFF_IOU:
        return "outline off: " + how_off(record)
    last = record["events"][-1] if record["events"] else ""
    if last.startswith("guard"):
        return last
    sure = record["looks"] is not None and group(looks_of(record)) == "both sure"
    if last.startswith("judge") and sure:
        return "guard: " + last
    if last.startswith("sure"):
        return "sure, then unsure unseen"  # replaced without _doubted
    return cause(record).split(" (")[0]


def tally(records: list[dict[str, Any]], *, cards: bool) -> None:
    unsure = [r for r in records if r["card"] is None]
    designs = sorted({str(r["label"]).split("/")[0] for r in unsure})
    styles = sorted({str(r["label"]).split("/")[1].split("#")[0] for r in unsure})
    counts: Counter[tuple[str, str]] = Counter()
    right: Counter[str] = Counter()
    alone: Counter[str] = Counter()  # read exactly alone at the true outline (h-outline38)
    for r in unsure:
        c = stage(r)
        design, style = str(r["label"]).split("#")[0].split("/")
        counts[(c, design)] += 1
        counts[(c, style)] += 1
        right[c] += int(r["candidate"] == r["truth"])
        alone[c] += int(r["at_true"] == r["truth"])
        if cards:
            print(
                f"  {r['label']} {r['truth']} cand {r['candidate']} iou {r['iou']:.2f} "
                f"hidden {r['hidden']:.2f} | {c} | {' ; '.join(r['events'][-3:])}"
            )
    print(f"{len(records)} cards answered, {len(unsure)} uncertain")
    columns = [*designs, *styles]
    print(
        "| cause | all | candidate right | exact at the true outline | "
        + " | ".join(columns)
        + " |"
    )
    print("|---" * (len(columns) + 4) + "|")
    for c in sorted(right, key=lambda c: -sum(counts[(c, d)] for d in designs)):
        n = sum(counts[(c, d)] for d in designs)
        cells = " | ".join(str(counts[(c, x)]) for x in columns)
        print(f"| {c} | {n} | {right[c]} | {alone[c]} | {cells} |")


def _sides(quad: object) -> tuple[float, float]:
    """A quad's short and long side (each pair of opposite sides averaged), frame pixels."""
    q = np.asarray(quad, np.float64).reshape(4, 2)
    s = np.hypot(*(np.roll(q, -1, axis=0) - q).T)
    short, long = sorted(((s[0] + s[2]) / 2, (s[1] + s[3]) / 2))
    return float(short), float(long)


def _net_corner(record: dict[str, Any], side: int) -> str:
    """What the corner network read at the answered outline's index corner ``side`` (portrait
    order ``side``'s first corner): its best card and sureness, and how far that corner lies
    from the nearest true corner (pixels)."""
    looks = record["looks"]
    if looks is None or len(looks) <= side or looks[side] == "disputed":
        return "-"
    look = looks[side]
    if not look.network or look.rank is None or look.suit is None:
        return "none"
    corner = portrait_orders(np.asarray(record["outline"], np.float64).reshape(4, 2))[side][0]
    true = np.asarray(record["true"], np.float64).reshape(4, 2)
    away = float(np.hypot(*(true - corner).T).min())
    return f"{_best_card(look).code} {_sureness(look):.2f} @{away:.0f}px"


def offs(records: list[dict[str, Any]]) -> None:
    """The uncertain cards whose answered outline is off (``stage`` "outline off"), card by
    card: how off, the network's reading at each index corner of the answered outline (its
    surer corner first) and that corner's distance from a true corner, the answered outline's
    and the true card's sides and the sides of the scene's cards read surely (median)."""
    sure: dict[str, list[tuple[float, float]]] = {}
    for r in records:
        if r["card"] is not None:
            sure.setdefault(str(r["label"]), []).append(_sides(r["outline"]))
    n = 0
    for r in records:
        if r["card"] is not None or not stage(r).startswith("outline off"):
            continue
        n += 1
        sizes = sure.get(str(r["label"]), [])
        size = (
            "{:.0f}x{:.0f} ({})".format(*np.median(np.array(sizes), axis=0), len(sizes))
            if sizes
            else "none"
        )
        print(
            f"  {r['label']} {r['truth']} cand {r['candidate']} {how_off(r)} iou {r['iou']:.2f}"
            f" at_true {r['at_true']} | corner 0: {_net_corner(r, 0)} | corner 1: "
            f"{_net_corner(r, 1)} | answered {'{:.0f}x{:.0f}'.format(*_sides(r['outline']))}"
            f" true {'{:.0f}x{:.0f}'.format(*_sides(r['true']))} sure {size}"
        )
    print(f"{n} off outlines")


def changed(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> None:
    """Card for card: each card answered otherwise in ``after`` (? uncertain, - not answered)."""

    def answers(records: list[dict[str, Any]]) -> dict[tuple[str, str], str]:
        return {(str(r["label"]), str(r["truth"])): r["card"] or "?" for r in records}

    was, now = answers(before), answers(after)
    moves: Counter[str] = Counter()
    for label, truth in sorted(set(was) | set(now)):
        a, b = was.get((label, truth), "-"), now.get((label, truth), "-")
        if a != b:
            kinds = ["exact" if x == truth else x if x in "?-" else "WRONG" for x in (a, b)]
            moves[" -> ".join(kinds)] += 1
            print(f"  {label} {truth}: {a} -> {b}")
    print(dict(moves) or "no card answered otherwise")


def main() -> int:
    argv = sys.argv[1:]
    rest = argv[argv.index("--") + 1 :] if "--" in argv else None
    parser = argparse.ArgumentParser()
    parser.add_argument("looks", type=Path, help="the records (written when arguments follow --)")
    parser.add_argument("--cards", action="store_true", help="card by card")
    parser.add_argument("--against", type=Path, help="records before: the cards answered otherwise")
    parser.add_argument(
        "--offs", action="store_true", help="the off outlines card by card (h-relay42)"
    )
    args = parser.parse_args(argv[: argv.index("--")] if rest is not None else argv)
    if rest is not None:
        events: Events = {}
        watch(events)
        record_answers(events)
        sys.argv = ["vision_tilted.py", *rest, "--looks", str(args.looks)]
        vision_tilted.main()
    records = pickle.loads(args.looks.read_bytes())
    tally(records, cards=args.cards)
    if args.offs:
        offs(records)
    if args.against is not None:
        changed(pickle.loads(args.against.read_bytes()), records)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
