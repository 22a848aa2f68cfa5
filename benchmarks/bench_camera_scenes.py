"""Overhead camera on scenes from the second, independent generator (issue 28).

The photographs come from :mod:`dealer_assist.vision.lens_scenes` (a pinhole camera with lens
distortion, tilted up to 30 degrees and rolled, cards 70-260 pixels wide, eight viewing
conditions), not from the generator the reader was built on, and the card designs are the ones
held out of building. The reader runs as ``dealer-assist vision detect`` does without a layout
(no calibration), with the shipped glyph model and its default threshold.

Counted as issue 28 counts, over ALL the cards in the photographs:

- exact: the card's detection names it (an uncertain answer counts against this figure);
- uncertain: its detection leaves it to the croupier; wrong: its detection names another card;
  missed: no detection on it;
- no card: detections whose centre lies on no card;
- twice: cards with more than one detection on them (a card found twice, once per half).

A detection belongs to the card its centre lies on (the topmost such card: cards dealt later
lie on top); the card's answer is the one of its detections overlapping it most.

    python benchmarks/bench_camera_scenes.py [--scenes 40] [--designs held-out] [--deck DECK]
        [--enrol] [--why] [--first N]

``--first N``: each design's photographs are numbered from N (default 0) instead of 0; 1000-1999
only for designs whose seeds there are no other design's 0-999. Runs
until session 23 read numbers 0-39; a change prompted by a held-out result is judged on a fresh
set (``--first 500``: photographs no run had read) before it may land.

``--enrol``: each design is first enrolled as a house would (``vision enroll`` on one
photograph of each card, ``lens_scenes.photograph_one``) and its scenes read with its own deck,
then again without it: a second table gives the same photographs without the deck, and what
the deck changed card for card.

``--why``: a further table counts why the missed cards were missed (the causes of
``benchmarks/camera_misses.py``: ``nomask``, ``noquad:lone``/``:merged``, ``badquad:large``/
``:part``/``:off``, ``dropped:paper``/``:noedge``/``:other``, ``under``), per design and per
viewing condition. Counts only: nothing is listed photograph by photograph, so that the
held-out photographs are not looked at one by one (with ``--enrol``, the causes are those of
the reads with the deck).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import zlib
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2
import numpy as np
from _common import emit, machine, section
from camera_misses import causes, on_cards, table

from dealer_assist.cards import Card
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.lens_scenes import CONDITIONS, TrueCard, photograph, photograph_one
from dealer_assist.vision.pipeline import CardDetection, CardDetector

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
SEED = 28_000_000  # apart from every seed the first generator's datasets and benchmarks use


@dataclass(slots=True)
class Count:
    cards: int = 0
    exact: int = 0
    uncertain: int = 0
    wrong: int = 0
    missed: int = 0
    no_card: int = 0
    twice: int = 0
    examples: list[str] = field(default_factory=list)

    def add(self, other: Count) -> None:
        for name in ("cards", "exact", "uncertain", "wrong", "missed", "no_card", "twice"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.examples += other.examples

    def row(self, *label: str) -> list[object]:
        def share(n: int) -> str:
            return f"{100 * n / self.cards:.1f}%" if self.cards else "-"

        return [
            *label,
            self.cards,
            share(self.exact),
            share(self.uncertain),
            share(self.wrong),
            self.missed,
            self.no_card,
            self.twice,
        ]


def count(detections: list[CardDetection], truth: list[TrueCard], label: str) -> Count:
    """Each detection to the topmost true card its centre lies on; each card's answer from its
    detection overlapping it most (the first of equals)."""
    result = Count(cards=len(truth))
    on_card, nowhere = on_cards(detections, truth)
    for k in nowhere:
        centre = (float(detections[k].center[0]), float(detections[k].center[1]))
        result.no_card += 1
        result.examples.append(f"{label}: a detection where no card is at {centre}")
    for n, card in enumerate(truth):
        found = on_card.get(n, [])
        if not found:
            result.missed += 1
            continue
        if len(found) > 1:
            result.twice += 1
            result.examples.append(f"{label}: {card.card.code} reported {len(found)} times")
        answer = detections[max(found, key=lambda pair: pair[0])[1]]
        if answer.card is None:
            result.uncertain += 1
        elif answer.card == card.card:
            result.exact += 1
        else:
            result.wrong += 1
            result.examples.append(f"{label}: {card.card.code} read as {answer.card.code}")
    return result


def answers(detections: list[CardDetection], truth: list[TrueCard]) -> list[str]:
    """Per true card: "exact", "uncertain", "wrong:XX" (read as XX) or "missed", as ``count``
    decides each alone."""
    result = []
    for card in truth:
        one = count(detections, [card], "")
        if one.exact:
            result.append("exact")
        elif one.uncertain:
            result.append("uncertain")
        elif one.wrong:
            result.append("wrong:" + one.examples[-1].rsplit(" ", 1)[-1])
        else:
            result.append("missed")
    return result


def enrolled(design: decks.Design, faces: dict[Card, np.ndarray], folder: Path) -> object:
    """The design enrolled from one photograph of each card, as ``vision enroll`` does. A
    photograph refused is taken again (another placement and light), as a croupier would, up
    to twice; the seconds the last enrolment took and the retakes are printed."""
    from dealer_assist.vision.enrol import ALL_CARDS, EnrolmentError, enrol

    folder.mkdir(parents=True, exist_ok=True)
    retake = list(ALL_CARDS)
    for attempt in range(3):
        for card in retake:
            k = ALL_CARDS.index(card)
            photo = photograph_one(5_000 + 1_000 * attempt + k, faces[card], card)
            path = folder / f"{card.code}.jpg"
            cv2.imwrite(str(path), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        started = time.monotonic()
        try:
            deck = enrol(folder)
        except EnrolmentError as error:
            retake = [c for c in ALL_CARDS if any(f"{c.code}.jpg" in p for p in error.problems)]
            print(f"{design.name}: retaking {', '.join(c.code for c in retake)}", file=sys.stderr)
            if attempt == 2 or not retake:
                raise
            continue
        print(f"{design.name}: enrolled in {time.monotonic() - started:.1f} s", file=sys.stderr)
        return deck
    raise AssertionError("unreachable")


@dataclass(slots=True)
class Paired:
    """With ``--enrol``: the same photographs read without the deck, and what the deck
    changed card for card ("uncertain -> exact": without it, then with it)."""

    counts: dict[tuple[str, str], Count] = field(default_factory=lambda: defaultdict(Count))
    changes: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    examples: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)


def measure(
    designs: list[decks.Design],
    scenes: int,
    model: object,
    *,
    enrol: bool = False,
    reader: dict[str, object] | None = None,
    paired: Paired | None = None,
    why: dict[tuple[str, str], Counter[str]] | None = None,
    first: int = 0,
) -> tuple[dict[tuple[str, str], Count], float]:
    """Counts per (design, condition); and the median seconds a photograph took to read.
    ``reader``: CardDetector's reader options (the default reader without them); ``paired``
    (with ``enrol``): filled with the photographs read without the deck; ``why``: filled with
    the causes of the missed cards per (design, condition), counts only."""
    counts: dict[tuple[str, str], Count] = defaultdict(Count)
    conditions = list(CONDITIONS)
    times: list[float] = []
    plain = model
    for design in designs:
        faces = decks.render_design(design, height=320, cache=CACHE)
        if enrol:
            # A folder of this run's own: two runs sharing one (as build/vision-cache/enrolment
            # was until session 24) read each other's half-written photographs, and the same
            # code enrolled a deck that read one card differently.
            with tempfile.TemporaryDirectory(prefix=f"enrol-{design.name}-") as folder:
                model = enrolled(design, faces, Path(folder))
        for k in range(first, first + scenes):
            condition = conditions[k % len(conditions)]
            seed = SEED + zlib.crc32(design.name.encode()) % 10_000 * 1000 + k
            photo = photograph(seed, faces, condition)
            detector = CardDetector(model=model, **(reader or {}))  # type: ignore[arg-type]
            started = time.thread_time()
            analysis = detector.analyse(photo.image)
            detections = analysis.reported
            times.append(time.thread_time() - started)
            label = f"{design.name}/{condition}#{seed}"
            counts[(design.name, condition)].add(count(detections, photo.cards, label))
            if why is not None:
                why[(design.name, condition)] += causes(
                    detector, photo.image, analysis.quads, detections, photo.cards
                )
            if paired is None or not enrol:
                continue
            without = CardDetector(model=plain, **(reader or {}))  # type: ignore[arg-type]
            started = time.thread_time()
            found = without.detect(photo.image)
            paired.times.append(time.thread_time() - started)
            paired.counts[(design.name, condition)].add(count(found, photo.cards, label))
            before = answers(found, photo.cards)
            after = answers(detections, photo.cards)
            for card, was, now in zip(photo.cards, before, after, strict=True):
                if was != now:
                    change = f"{was.split(':')[0]} -> {now.split(':')[0]}"
                    paired.changes[change] += 1
                    paired.examples.append(f"{label}: {card.card.code} {was} -> {now}")
    return counts, float(np.median(times)) if times else 0.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes", type=int, default=40, help="photographs per design")
    parser.add_argument("--designs", default="held-out", help="held-out, or names, comma-separated")
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help="number of each design's first photograph (0-1999; a fresh set: photographs "
        "no run has read before, e.g. 500; 1000-1999 refused for a design whose seeds there "
        "are another design's 0-999)",
    )
    parser.add_argument("--deck", type=Path, help="an enrolled deck (vision enroll) to read with")
    parser.add_argument("--examples", type=int, default=12, help="problems to list")
    parser.add_argument("--enrol", action="store_true", help="read each design with its own deck")
    parser.add_argument(
        "--reader",
        choices=("default", "glyphs", "corners-check", "corners-unsure"),
        default="default",
        help="the reader (as the camera source's reader=); default: CardDetector's",
    )
    parser.add_argument("--corners", type=Path, help="a corner network (default: the shipped one)")
    parser.add_argument(
        "--why",
        action="store_true",
        help="count why the missed cards were missed, per design and condition (counts only)",
    )
    parser.add_argument(
        "--finder",
        action="append",
        default=[],
        metavar="NAME=on|off|NUMBER",
        help="a FinderSettings switch set (repeatable; e.g. skin_unread=on, h-nocard45's levers, "
        "or edge_support=0.15)",
    )
    args = parser.parse_args()
    if not 0 <= args.first <= 2000 - args.scenes:
        parser.error("--first: the photographs must be numbered 0-1999 within a design")
    one_core()
    if not decks.renderer_available() or not decks.all_designs():
        emit("## Overhead camera, second generator\n\nSkipped: needs the card-art packages.\n")
        return 0
    if args.designs == "held-out":
        chosen = decks.held_out_designs()
    else:
        chosen = [decks.design(name) for name in args.designs.split(",")]
    clash = _seed_clash(chosen, args.first, args.scenes)
    if clash:
        parser.error(f"--first: {clash}")
    model: object = GlyphModel.load()
    if args.deck is not None:
        from dealer_assist.vision.enrol import EnrolledDeck

        model = EnrolledDeck.load(args.deck)
    reader: dict[str, object] = {}
    if args.reader != "default":
        reader["use_corner_model"] = args.reader != "glyphs"
        if args.reader != "glyphs":
            reader["combine"] = args.reader.removeprefix("corners-")
    if args.finder:
        from dealer_assist.vision.quads import FinderSettings

        switches = dict(item.split("=", 1) for item in args.finder)
        values: dict[str, object] = {}
        for name, value in switches.items():
            if value in ("on", "off"):
                values[name] = value == "on"
                continue
            try:
                values[name] = float(value)  # a number (edge_support=0.15)
            except ValueError:
                parser.error("--finder: NAME=on, NAME=off or NAME=NUMBER")
        reader["finder"] = replace(FinderSettings(), **values)
    if args.corners is not None:
        from dealer_assist.vision.corner_model import CornerModel

        reader["corner_model"] = CornerModel.load(args.corners)
    paired = Paired()
    why: dict[tuple[str, str], Counter[str]] | None = defaultdict(Counter) if args.why else None
    counts, median_s = measure(
        chosen,
        args.scenes,
        model,
        enrol=args.enrol,
        reader=reader,
        paired=paired,
        why=why,
        first=args.first,
    )
    header = ["", "cards", "exact", "uncertain", "wrong", "missed", "no card", "twice"]
    rows, total = _rows(counts, chosen)
    command = "python benchmarks/bench_camera_scenes.py " + " ".join(sys.argv[1:])
    notes = (
        f"Machine: {machine()}. {args.scenes} photographs per design"
        + (f" (numbered from {args.first})" if args.first else "")
        + f", the conditions in turn "
        f"({', '.join(CONDITIONS)}); read without a layout"
        + (f", with the enrolled deck {args.deck}" if args.deck else "")
        + (
            ", each design enrolled (vision enroll) and read with its own deck"
            if args.enrol
            else ""
        )
        + f". Median {1000 * median_s:.0f} ms of CPU a photograph. "
        + "Problems: "
        + ("; ".join(total.examples[: args.examples]) or "none")
        + "."
    )
    emit(
        section(
            "Overhead camera: the second generator (issue 28)", command.strip(), header, rows, notes
        )
    )
    if args.enrol:
        plain_rows, _ = _rows(paired.counts, chosen)
        plain_median = float(np.median(paired.times)) if paired.times else 0.0
        changed = ", ".join(f"{n} {change}" for change, n in sorted(paired.changes.items()))
        emit(
            "\n"
            + section(
                "The same photographs without the deck",
                command.strip(),
                header,
                plain_rows,
                f"Median {1000 * plain_median:.0f} ms of CPU a photograph. What the deck "
                f"changed, card for card (without -> with): {changed or 'nothing'}. "
                + "; ".join(paired.examples[: 3 * args.examples])
                + ".",
            )
        )
    if why is not None:
        why_header, why_rows = table(why_rows_of(why, chosen))
        emit(
            "\n"
            + section(
                "Why the missed cards were missed",
                command.strip(),
                why_header,
                why_rows,
                "Counts only (benchmarks/camera_misses.py says what each cause means).",
            )
        )
    return 0


def _seeds(design: decks.Design, first: int, scenes: int) -> range:
    base = SEED + zlib.crc32(design.name.encode()) % 10_000 * 1000
    return range(base + first, base + first + scenes)


def _seed_clash(chosen: list[decks.Design], first: int, scenes: int) -> str:
    """Photographs numbered 1000 and up take the seeds of the design whose number follows:
    allowed only where no design has those seeds as its 0-999 (h-unsure47: the building designs
    anglo, tango, ornamental and simplistic have none there). Empty when there is no clash."""
    if first + scenes <= 1000:
        return ""
    for design in chosen:
        seeds = _seeds(design, first, scenes)
        for other in decks.all_designs():
            own = _seeds(other, 0, 1000)
            if other.name != design.name and max(seeds.start, own.start) < min(
                seeds.stop, own.stop
            ):
                return f"{design.name}'s photographs {first}- take {other.name}'s seeds"
    return ""


def why_rows_of(
    why: dict[tuple[str, str], Counter[str]], chosen: list[decks.Design]
) -> list[tuple[str, Counter[str]]]:
    """The causes per design, per condition and all (``--why``'s rows)."""
    by_design: dict[str, Counter[str]] = defaultdict(Counter)
    by_condition: dict[str, Counter[str]] = defaultdict(Counter)
    for (design, condition), counter in why.items():
        by_design[design] += counter
        by_condition[condition] += counter
    total: Counter[str] = sum(why.values(), Counter())
    rows = [(d.name, by_design[d.name]) for d in chosen]
    rows += [(f"*{name}*", by_condition[name]) for name in CONDITIONS if name in by_condition]
    rows.append(("**all**", total))
    return rows


def _rows(
    counts: dict[tuple[str, str], Count], chosen: list[decks.Design]
) -> tuple[list[list[object]], Count]:
    """Per design, per condition and all: the table's rows; and the whole count."""
    total = Count()
    by_design: dict[str, Count] = defaultdict(Count)
    by_condition: dict[str, Count] = defaultdict(Count)
    for (design, condition), c in counts.items():
        total.add(c)
        by_design[design].add(c)
        by_condition[condition].add(c)
    rows = [by_design[d.name].row(d.name) for d in chosen]
    rows += [by_condition[name].row(f"*{name}*") for name in CONDITIONS if name in by_condition]
    rows.append(total.row("**all**"))
    return rows, total


if __name__ == "__main__":
    raise SystemExit(main())
