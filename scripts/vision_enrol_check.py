#!/usr/bin/env python3
"""Tune the enrolled deck (issue 28) without looking at the held-out designs.

Each *building* design (or a deck drawn in the fonts kept out of building) is enrolled from one
photograph of each card made by the building generator (``synthetic.random_scene`` with the card
alone), then seeded scenes of it (in turn in each of ``STYLES``: tilted, small, blurred, noisy,
harsh light, clutter, a real table, a lens, a close camera) are read three times, card for card:
without a deck (plain), with the deck's corners alone (``read_faces=False``, as before the
faces, no looks again) and with the deck as shipped; ``--looks`` adds readers with the deck and
another ``CardDetector.deck_looks`` (off: the faces alone; middle, the default; before, after),
what each changed printed card for card against the deck as shipped. Each reader's exact,
uncertain, wrong and missed cards are printed per design and per condition, exact also as a
share of the cards found (missed cards are the finder's); then what the faces changed and
every wrong read. Refuses held-out designs (their figures are the benchmark's,
benchmarks/bench_camera_scenes.py ``--enrol``).

    scripts/vision_enrol_check.py --designs anglo,tango,ornamental --drawn 2 --scenes 18
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import zlib
from dataclasses import replace
from pathlib import Path
from typing import cast

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from bench_camera_scenes import Count, answers, count  # type: ignore[import-not-found]

from dealer_assist.cards import Card
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.drawn_decks import TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.enrol import ALL_CARDS, EnrolledDeck, EnrolmentError, enrol
from dealer_assist.vision.pipeline import DECK_LOOKS, CardDetector, DeckLooks
from dealer_assist.vision.synthetic import (
    HARSH,
    NOISY,
    OVERHEAD_CLUTTER,
    TABLE,
    TILTED,
    TILTED_CLOSE,
    TILTED_LENS,
    SceneStyle,
    random_scene,
)

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
SEED = 9_100_000  # apart from the datasets', the validation's and the benchmarks' seeds
# The viewing conditions read, in turn: a tilted camera, small cards, a soft (blurred) picture,
# a grainy one, harsh light (gradient, cast, shadow, glare), chips and a hand among the cards,
# a real table (dealt overlapping, printed layouts, fingers over cards), a lens and a close
# camera.
STYLES: dict[str, SceneStyle] = {
    "tilted": TILTED,
    "small": replace(TILTED, card_px=(55.0, 80.0)),
    "blurred": replace(NOISY, blur=3.0, noise=6.0),
    "noisy": NOISY,
    "light": HARSH,
    "clutter": OVERHEAD_CLUTTER,
    "table": TABLE,
    "lens": TILTED_LENS,
    "close": TILTED_CLOSE,
}
# The house photographs each card alone, face up, the camera where it always is.
PHOTO_STYLE = SceneStyle(camera_tilt_deg=(0.0, 20.0), rotation_deg=180.0, glare=0.2)


def _enrolled(name: str, faces: dict[Card, np.ndarray], work: Path) -> EnrolledDeck:
    folder = work / name
    folder.mkdir(parents=True)
    retake = list(ALL_CARDS)
    for attempt in range(3):
        for card in retake:
            seed = SEED + 100_000 * attempt + ALL_CARDS.index(card)
            scene = random_scene(seed, faces, style=PHOTO_STYLE, cards=[card])
            cv2.imwrite(
                str(folder / f"{card.code}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90]
            )
        started = time.monotonic()
        try:
            deck = enrol(folder)
        except EnrolmentError as error:
            retake = [c for c in ALL_CARDS if any(f"{c.code}.jpg" in p for p in error.problems)]
            print(f"{name}: retaking {', '.join(c.code for c in retake)}", file=sys.stderr)
            if attempt == 2 or not retake:
                raise
            continue
        print(f"{name}: enrolled in {time.monotonic() - started:.1f} s; {deck.info}")
        corners = deck.corner_examples(CornerModel.shared())
        for head, examples in zip(
            ("glyph rank", "glyph suit", "corner rank", "corner suit"),
            (deck.rank, deck.suit, *corners),
            strict=True,
        ):
            print(
                f"  {head}: left one out {examples.right}/{examples.checked} right, boost "
                f"{examples.boost:.1f}, reach {examples.reach:.3f}, needed "
                f"{np.round(examples.needed, 3).tolist()}"
            )
        print(f"  confusions: {deck.confusions(CornerModel.shared())}")
        return deck
    raise AssertionError("unreachable")


def _line(c: Count) -> str:
    """A count as exact of all cards and of the cards found (missed cards are the finder's)."""
    found = c.cards - c.missed
    return (
        f"cards {c.cards} exact {c.exact} ({100 * c.exact / max(c.cards, 1):.1f}%; "
        f"{100 * c.exact / max(found, 1):.1f}% of {found} found) uncertain {c.uncertain} "
        f"wrong {c.wrong} missed {c.missed}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--designs", default="anglo,tango,ornamental", help="building designs")
    parser.add_argument("--drawn", type=int, default=2, help="decks drawn in the test fonts")
    parser.add_argument("--scenes", type=int, default=10, help="scenes per design")
    parser.add_argument(
        "--looks",
        default="",
        help="also read with the deck and looks again at the cards still uncertain "
        "(``CardDetector.deck_looks``: off, middle, before, after), card for card against "
        "the deck as shipped (middle)",
    )
    args = parser.parse_args()
    looks = cast(list[DeckLooks], [w for w in args.looks.split(",") if w])
    if any(w not in ("off", "middle", "before", "after") for w in looks):
        parser.error("--looks: off, middle, before, after")
    one_core()
    sources: list[tuple[str, dict[Card, np.ndarray]]] = []
    for name in filter(None, args.designs.split(",")):
        design = decks.design(name)
        if design.family in decks.HELD_OUT_FAMILIES:
            print(f"{name} is held out of building: its figures are the benchmark's")
            return 2
        sources.append((name, decks.render_design(design, height=320, cache=CACHE)))
    for k in range(args.drawn):
        style = random_style(np.random.default_rng(SEED + k), jumbo=k % 2 == 1, fonts=TEST_FONTS)
        sources.append((f"drawn-{k}{'-jumbo' if style.jumbo else ''}", render_drawn(style, seed=k)))
    plain_model = GlyphModel.load()
    # plain: no deck; corners: the deck's corners alone (as before the faces, no looks again);
    # deck: as shipped; then each of --looks.
    readers = ("plain", "corners", "deck", *looks)
    totals = {which: Count() for which in readers}
    by_style = {s: {which: Count() for which in readers} for s in STYLES}
    changes: list[str] = []
    looked: dict[str, list[str]] = {w: [] for w in looks}
    with tempfile.TemporaryDirectory(prefix="enrol-check-") as work_name:
        for name, faces in sources:
            deck = _enrolled(name, faces, Path(work_name))
            per = {which: Count() for which in readers}
            for k in range(args.scenes):
                style_name = list(STYLES)[k % len(STYLES)]
                seed = SEED + 1_000 + zlib.crc32(name.encode()) % 1_000 * 100 + k
                scene = random_scene(seed, faces, style=STYLES[style_name])
                found_answers = {}
                for which in readers:
                    model = plain_model if which == "plain" else deck
                    detector = CardDetector(
                        model=cast(GlyphModel, model),
                        read_faces=which != "corners",
                        deck_looks=which
                        if which in looks
                        else "off"
                        if which == "corners"
                        else DECK_LOOKS,
                    )
                    found = detector.detect(scene.image)
                    counted = count(found, scene.cards, f"{name}/{style_name}")
                    per[which].add(counted)
                    by_style[style_name][which].add(counted)
                    found_answers[which] = answers(found, scene.cards)
                for card, before, after in zip(
                    scene.cards, found_answers["corners"], found_answers["deck"], strict=True
                ):
                    if before != after:
                        changes.append(f"{name}/{style_name}: {card.card.code} {before} -> {after}")
                for w in looks:
                    for card, before, after in zip(
                        scene.cards, found_answers["deck"], found_answers[w], strict=True
                    ):
                        if before != after:
                            looked[w].append(
                                f"{name}/{style_name}#{seed}: {card.card.code} {before} -> {after}"
                            )
            for which in per:
                c = per[which]
                print(f"{name:24s} {which:6s} {_line(c)}")
                totals[which].add(per[which])
    for which, c in totals.items():
        print(f"{'all':24s} {which:6s} {_line(c)}")
    for style_name in STYLES:
        for which in readers:
            print(f"{style_name:24s} {which:6s} {_line(by_style[style_name][which])}")
    print("what the faces changed (the deck's corners alone -> the deck):")
    print("\n".join(changes))
    for w in looks:
        print(f"what deck_looks={w} changed (the deck as shipped -> deck_looks={w}):")
        print("\n".join(looked[w]))
    for which in readers:
        for example in totals[which].examples:
            if " read as " in example:
                print(f"{which}: {example}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
