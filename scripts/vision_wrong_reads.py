"""Every wrong read on building scenes, card by card, with what made it sure (issue 28, h-wrong51).

Reads the building check's generator's scenes (``vision_tilted.py``'s: ``--seed``, ``--scenes``,
``--styles``, ``--designs``) or the second generator's photographs as
``benchmarks/bench_camera_scenes.py`` numbers them (``--first N --photos M``), with main's reader
as ``vision detect`` runs it (``--finder FIELD=VALUE`` to set a lever), counts them as the two
tools count (exact / uncertain / wrong / missed / no card / twice over all cards), and for every
card read as another prints one line and its looks:

    WRONG anglo/harsh#13661001 8D -> TD w58 conf 0.991 by _judge<-_judged<-_analysis_of
          kind rank; net 2/2 T, glyph 1/1 T; pips None; black None
          net:T 0.89/8 0.07 suitD:0.97 | net:T 0.81/8 0.12 suitD:0.95 | glyph:T 0.71/8 0.20 ...

``w`` the card's short side in pixels; ``conf`` the answer's sureness; ``by`` the step whose
judgement named the wrong card last (``_judge``'s callers, innermost first), the looks that
judgement was made from (each the corner network's, the glyph reader's - ``(merged)`` a cut
across a tall blob - or the pips'; best and runner-up rank, the best suit, ``over`` the share
under another card's outline), the pips counted and the black-split reader's card; ``kind``:
whether the rank, the suit or both are wrong, and how many network and glyph looks named the
wrong rank (or suit).

    PYTHONPATH=$PWD:$PWD/scripts:$PWD/benchmarks python scripts/vision_wrong_reads.py \\
        --seed 13680000 --scenes 5 [--styles tilted,...] [--designs anglo,...] \\
        [--labels anglo/harsh#13680001,...] [--finder merged_not_sure=on]
    ... scripts/vision_wrong_reads.py --first 1272 --photos 24

Building designs only; a held-out design is refused.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from camera_misses import on_cards
from vision_recording import RecordingDetector
from vision_scenes import check_scenes, on_any

from dealer_assist.cards import Card
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES, GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.lens_scenes import CONDITIONS, photograph
from dealer_assist.vision.pipeline import _DISPUTED, CardDetection, _Reading
from dealer_assist.vision.quads import FinderSettings

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
BUILDING = ("anglo", "tango", "ornamental", "simplistic")
CHECK_STYLES = "tilted,close,lens,overhead,noisy,harsh,wide,dim,table,tableclose"
BENCH_SEED = 28_000_000  # bench_camera_scenes.SEED
CALLERS = 3  # how many of ``_judge``'s callers each judgement keeps


@dataclass(frozen=True, slots=True)
class Judgement:
    """One ``_judge`` call that named a card: where, from what, and who asked."""

    card: Card
    confidence: float
    centre: tuple[float, float]
    looks: tuple[_Reading | object, ...]
    pip_count: int | None
    black: Card | None
    callers: tuple[str, ...]


class TracingDetector(RecordingDetector):
    """``RecordingDetector``, keeping every judgement that named a card, with its callers."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.named: list[Judgement] = []

    def _judge(
        self, quad: np.ndarray, readings: list[_Reading], **kwargs: object
    ) -> CardDetection | None:  # type: ignore[override]
        detection = super()._judge(quad, readings, **kwargs)  # type: ignore[arg-type]
        if detection is not None and detection.card is not None:
            callers = []
            frame = sys._getframe(1)
            while frame is not None and len(callers) < CALLERS:
                callers.append(frame.f_code.co_name)
                frame = frame.f_back  # type: ignore[assignment]
            centre = np.asarray(quad, np.float64).reshape(-1, 2).mean(axis=0)
            self.named.append(
                Judgement(
                    detection.card,
                    float(detection.confidence),
                    (float(centre[0]), float(centre[1])),
                    tuple(readings),
                    kwargs.get("pip_count"),  # type: ignore[arg-type]
                    kwargs.get("black"),  # type: ignore[arg-type]
                    tuple(callers),
                )
            )
        return detection


@dataclass(frozen=True, slots=True)
class Scene:
    label: str
    design: str
    style: str
    seed: int
    image: np.ndarray
    cards: list  # type: ignore[type-arg]  # counted (PlacedCard or TrueCard)
    partial: list  # type: ignore[type-arg]  # detections on these count neither way


@dataclass(slots=True)
class WrongRead:
    label: str
    design: str
    style: str
    seed: int
    truth: str
    read: str
    width: float
    confidence: float
    callers: tuple[str, ...]  # () when no judgement at the card named the wrong card
    looks: list[str]
    pip_count: int | None
    black: str | None
    kind: str
    agreeing: str


@dataclass(slots=True)
class Tally:
    counts: Counter[str] = field(default_factory=Counter)
    wrong: list[WrongRead] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)  # "label code answer", a card a line


def rank_code(k: int) -> str:
    rank = RANK_CLASSES[k]
    return "-" if rank is None else rank.symbol


def suit_code(k: int) -> str:
    suit = SUIT_CLASSES[k]
    return "-" if suit is None else suit.value


def look_text(look: _Reading | object, pips: bool = False) -> str:
    """One look: reader, best and runner-up rank, best suit, the share under another card."""
    if look is _DISPUTED:
        return "DISPUTED"
    assert isinstance(look, _Reading)
    kind = "pips" if pips else "net" if look.network else "glyph"
    if look.merged:
        kind += "(merged)"
    text = kind + ":"
    if look.rank is not None:
        order = np.argsort(look.rank)[::-1]
        text += " ".join(f"{rank_code(int(k))} {float(look.rank[k]):.2f}" for k in order[:2])
    else:
        text += "-"
    if look.suit is not None:
        s = int(np.argmax(look.suit))
        text += f" suit{suit_code(s)}:{float(look.suit[s]):.2f}"
    if look.overlap >= 0.01:
        text += f" over{look.overlap:.2f}"
    return text


def agreeing_of(
    looks: Sequence[_Reading | object], read: Card, truth: Card, is_pips: object
) -> str:
    """How many network and glyph looks named the wrong rank (and the wrong suit, when the suit
    is wrong): "net 2/2 T, glyph 1/1 T"."""
    parts = []
    wrong_rank = read.rank != truth.rank
    for name, chosen in (
        ("net", [r for r in looks if isinstance(r, _Reading) and r.network]),
        (
            "glyph",
            [
                r
                for r in looks
                if isinstance(r, _Reading) and not r.network and not is_pips(r)  # type: ignore[operator]
            ],
        ),
    ):
        if wrong_rank:
            with_rank = [r for r in chosen if r.rank is not None]
            said = sum(
                1
                for r in with_rank
                if RANK_CLASSES[int(np.argmax(r.rank))] == read.rank  # type: ignore[arg-type]
            )
            parts.append(f"{name} {said}/{len(with_rank)} {read.rank.symbol}")
        else:
            with_suit = [r for r in chosen if r.suit is not None]
            said = sum(
                1
                for r in with_suit
                if SUIT_CLASSES[int(np.argmax(r.suit))] == read.suit  # type: ignore[arg-type]
            )
            parts.append(f"{name} {said}/{len(with_suit)} {read.suit.value}")
    return ", ".join(parts)


def scenes_of(args: argparse.Namespace) -> Iterator[Scene]:
    """The check generator's scenes (``--seed``), or the bench's photographs (``--first``)."""
    labels = set(args.labels.split(",")) if args.labels else None
    if args.first is not None:
        conditions = list(CONDITIONS)
        for name in args.designs.split(","):
            design = decks.design(name)
            faces = decks.render_design(design, height=320, cache=CACHE)
            for k in range(args.first, args.first + args.photos):
                condition = conditions[k % len(conditions)]
                if args.styles is not None and condition not in args.styles.split(","):
                    continue
                seed = BENCH_SEED + zlib.crc32(name.encode()) % 10_000 * 1000 + k
                label = f"{name}/{condition}#{seed}"
                if labels is not None and label not in labels:
                    continue
                photo = photograph(seed, faces, condition)
                yield Scene(label, name, condition, seed, photo.image, photo.cards, [])
        return
    styles = CHECK_STYLES if args.styles is None else args.styles
    for checked in check_scenes(args.designs, styles, args.scenes, args.seed, CACHE):
        if labels is not None and checked.label not in labels:
            continue
        yield Scene(
            checked.label,
            checked.design,
            checked.style,
            checked.seed,
            checked.scene.image,
            checked.whole,
            checked.partial,
        )


def read_scene(scene: Scene, model: GlyphModel, finder: FinderSettings, tally: Tally) -> None:
    """Read one scene, count it and keep its wrong reads with their judgements."""
    detector = TracingDetector(model=model, finder=finder)
    detections = detector.analyse(scene.image).reported
    if scene.partial:
        detections = [d for d in detections if not on_any(d.center, scene.partial)]
    on_card, nowhere = on_cards(detections, scene.cards)
    tally.counts["no card"] += len(nowhere)
    tally.answers += [f"{scene.label} a detection where no card is" for _ in nowhere]
    for n, card in enumerate(scene.cards):
        tally.counts["cards"] += 1
        found = on_card.get(n, [])
        said = f"{scene.label} {card.card.code}"
        if not found:
            tally.counts["missed"] += 1
            tally.answers.append(f"{said} missed")
            continue
        if len(found) > 1:
            tally.counts["twice"] += 1
            tally.answers.append(f"{said} reported {len(found)} times")
        answer = detections[max(found, key=lambda pair: pair[0])[1]]
        if answer.card is None:
            tally.counts["uncertain"] += 1
            tally.answers.append(f"{said} uncertain")
            continue
        if answer.card == card.card:
            tally.counts["exact"] += 1
            tally.answers.append(f"{said} exact")
            continue
        tally.counts["wrong"] += 1
        tally.answers.append(f"{said} wrong:{answer.card.code}")
        tally.wrong.append(wrong_read(scene, card, answer, detector))


def wrong_read(
    scene: Scene, card: object, answer: CardDetection, detector: TracingDetector
) -> WrongRead:
    truth: Card = card.card  # type: ignore[attr-defined]
    corners = np.asarray(card.corners, np.float64)  # type: ignore[attr-defined]
    width = float(np.hypot(*(np.roll(corners, -1, axis=0) - corners).T).min())
    assert answer.card is not None
    polygon = corners.astype(np.float32).reshape(-1, 1, 2)
    naming = [
        j
        for j in detector.named
        if j.card == answer.card and cv2.pointPolygonTest(polygon, j.centre, False) >= 0
    ]
    last = naming[-1] if naming else None
    looks = list(last.looks) if last else []
    kind = (
        "both"
        if answer.card.rank != truth.rank and answer.card.suit != truth.suit
        else "rank"
        if answer.card.rank != truth.rank
        else "suit"
    )
    return WrongRead(
        scene.label,
        scene.design,
        scene.style,
        scene.seed,
        truth.code,
        answer.card.code,
        width,
        float(answer.confidence),
        last.callers if last else (),
        [look_text(r, isinstance(r, _Reading) and detector.is_pip_look(r)) for r in looks],
        last.pip_count if last else None,
        None if last is None or last.black is None else last.black.code,
        kind,
        agreeing_of(looks, answer.card, truth, detector.is_pip_look) if last else "",
    )


def describe(w: WrongRead) -> str:
    by = "<-".join(w.callers) if w.callers else "no judgement named it"
    return (
        f"WRONG {w.label} {w.truth} -> {w.read} w{w.width:.0f} conf {w.confidence:.3f} by {by}\n"
        f"      kind {w.kind}; {w.agreeing}; pips {w.pip_count}; black {w.black}\n"
        f"      " + " | ".join(w.looks)
    )


def finder_of(items: list[str]) -> FinderSettings:
    finder = FinderSettings()
    for item in items:
        key, value = item.split("=", 1)
        was = getattr(finder, key)
        finder = replace(
            finder, **{key: value == "on" if value in ("on", "off") else type(was)(value)}
        )
    return finder


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--designs", default=",".join(BUILDING))
    p.add_argument(
        "--styles",
        help=f"the check generator's styles (default {CHECK_STYLES}); with --first, conditions",
    )
    p.add_argument("--seed", type=int, default=7_900_000, help="the check generator's first seed")
    p.add_argument("--scenes", type=int, default=10, help="scenes per design and style")
    p.add_argument(
        "--first", type=int, help="read the bench's photographs numbered from this instead"
    )
    p.add_argument("--photos", type=int, default=24, help="with --first: photographs a design")
    p.add_argument("--labels", default="", help="only these scenes (labels, comma-separated)")
    p.add_argument("--finder", action="append", default=[], metavar="FIELD=VALUE")
    p.add_argument("--answers", type=Path, help="write every card's answer here, one a line")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    for name in args.designs.split(","):
        if name not in BUILDING:
            raise SystemExit(f"{name}: building designs only")
    one_core()
    model = GlyphModel.load()
    finder = finder_of(args.finder)
    tally = Tally()
    for scene in scenes_of(args):
        seen = len(tally.wrong)
        read_scene(scene, model, finder, tally)
        for w in tally.wrong[seen:]:
            print(describe(w), flush=True)
    if args.answers is not None:
        args.answers.write_text("".join(f"{line}\n" for line in tally.answers))
    c = tally.counts
    total = c["cards"]
    share = (lambda n: f"{100 * n / total:.1f}%") if total else (lambda n: "-")
    print(
        f"cards {total}: exact {c['exact']} ({share(c['exact'])}) uncertain {c['uncertain']} "
        f"({share(c['uncertain'])}) wrong {c['wrong']} ({share(c['wrong'])}) missed "
        f"{c['missed']} no card {c['no card']} twice {c['twice']}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
