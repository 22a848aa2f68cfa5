#!/usr/bin/env python3
"""Why the camera does not read a card exactly, on building designs only.

Runs the whole detector (the defaults of ``CardDetector``) on seeded scenes of the designs of
the given *building* families and sorts every card that is not read exactly:

- ``noquad``: the finder found no outline near the card (best overlap under 0.3);
- ``badquad``: it found one, but too far off the card to be matched (0.3-0.8);
- ``uncertain:unread``: the outline is right, but no corner was cut into a rank over a suit
  (reported as a card for the croupier to key in);
- ``outside``: (with noquad or badquad) the card reaches past the card region by more than the
  finder allows;
- ``wrong``: read surely as another card (the worst outcome);
- ``uncertain:...``: left to the croupier, with why: ``disputed`` (two readers or two looks
  disagree), ``shadowed`` (only corners under another card read), ``veto`` (the ink's colour
  rules the suit out), ``wrongcand`` (the best guess was wrong: uncertain was right), ``rank`` /
  ``suit`` (that part below 0.975), ``looksN`` (how many corners read whole); with the corner
  network reading (the default), ``netsure`` (its two corners alone were sure: the glyph
  reader's check took it away) or ``netunsure`` (they were not), and ``glyphsure`` (the glyph
  reader's looks alone were sure) or ``glyphnone`` (it read no whole index).

Prints a line per design and the totals, and writes every case (design#seed card ...) to
``--cases`` (JSON) for a closer look. Use it with a glyph model trained without the families
(scripts/vision_train.py --validate ...): the held-out designs are refused.

    scripts/vision_diagnose.py --families dondorf,paris,simplistic,tigullio \\
        --glyphs build/vision/glyphs-val.npz --scenes 40 --cases build/vision/cases.json

Read as ``vision detect`` reads without a layout, on the building generator's tilted and grainy
styles, and on decks drawn in the fonts kept out of building (``drawn_decks.TEST_FONTS``):

    scripts/vision_diagnose.py --families anglo --drawn 6 --no-layout --styles tilted,noisy
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import zlib
from dataclasses import replace
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_assist.cards import Card
from dealer_assist.vision import decks, synthetic
from dealer_assist.vision import pipeline as reader
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.drawn_decks import TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.evaluation import match
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.layout import apply_homography
from dealer_assist.vision.pipeline import CardDetection, CardDetector, _Reading
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import Scene, SceneStyle, random_scene

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vision_recording import RecordingDetector

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
DIAGNOSE_SEED = 7_000_000  # the validation seeds (scripts/vision_validate.py)
STYLES: dict[str, SceneStyle] = {
    "default": SceneStyle(),
    "tilted": synthetic.TILTED,
    "close": synthetic.TILTED_CLOSE,
    "lens": synthetic.TILTED_LENS,
    "overhead": synthetic.OVERHEAD_CLUTTER,
    "noisy": synthetic.NOISY,
}


def _outside(corners: object, scene: Scene, detector: CardDetector) -> bool:
    """Whether a true card reaches past the card region by more than a lone card may."""
    layout = scene.calibrated_layout
    matrix = layout.homography
    assert matrix is not None
    table = np.array(apply_homography(matrix, np.asarray(corners, np.float64)))
    x0, y0, x1, y1 = layout.region_mm
    slack = detector.finder.edge_slack_cards * layout.card_size_mm[0]
    return bool(
        table[:, 0].min() < x0 - slack
        or table[:, 1].min() < y0 - slack
        or table[:, 0].max() > x1 + slack
        or table[:, 1].max() > y1 + slack
    )


def _sure(looks: list[_Reading]) -> bool:
    whole = [r for r in looks if r.rank is not None and r.suit is not None]
    return bool(whole) and reader._confidence(whole)[0] >= reader.DEFAULT_THRESHOLD


def _why_uncertain(
    found: CardDetection, looks: list[_Reading], truth: object, *, network: bool
) -> str:
    why = []
    if network:
        # The corner network's two looks come first, then the glyph reader's.
        net, glyphs = looks[:2], [r for r in looks[2:] if r is not reader._DISPUTED]
        why.append("netsure" if _sure(net) else "netunsure")
        if not any(r.rank is not None and r.suit is not None for r in glyphs):
            why.append("glyphnone")
        elif _sure(glyphs):
            why.append("glyphsure")
    whole = [
        r for r in looks if r is not reader._DISPUTED and r.rank is not None and r.suit is not None
    ]
    if any(r is reader._DISPUTED for r in looks):
        why.append("disputed")
    if whole and all(r.shadowed for r in whole):
        why.append("shadowed")
    if found.candidate is not None and any(found.candidate.suit in r.unlike for r in whole):
        why.append("veto")
    if found.candidate != truth:
        why.append("wrongcand")
    if whole:
        rank = reader._combine([r.rank for r in whole if r.rank is not None])
        suit = reader._combine([r.suit for r in whole if r.suit is not None])
        if rank.max() < 0.975:
            why.append("rank")
        if suit.max() < 0.975:
            why.append("suit")
    why.append(f"looks{len(whole)}")
    return "uncertain:" + "+".join(why)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--families", default="", help="building families")
    parser.add_argument(
        "--drawn",
        type=int,
        default=0,
        help="also this many decks drawn in the fonts kept out of building, every other one "
        "with a jumbo index (as scripts/vision_validate.py draws them)",
    )
    parser.add_argument("--glyphs", type=Path, help="glyph model (default: the shipped one)")
    parser.add_argument("--corners", type=Path, help="corner network (default: the shipped one)")
    parser.add_argument(
        "--styles", default="default", help="building scene styles: " + ", ".join(STYLES)
    )
    parser.add_argument(
        "--no-layout", action="store_true", help="read as vision detect does without a layout"
    )
    parser.add_argument("--scenes", type=int, default=40)
    parser.add_argument("--seed", type=int, default=DIAGNOSE_SEED)
    parser.add_argument("--cases", type=Path, help="write every case here (JSON)")
    parser.add_argument(
        "--confidences",
        type=Path,
        help="write every card found here (JSON: design#seed, card, best guess, confidence), "
        "to see what another threshold would do",
    )
    parser.add_argument(
        "--finder",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a finder setting other than its default (vision.quads.FinderSettings), repeatable",
    )
    args = parser.parse_args()
    try:
        designs = decks.validation_designs(args.families) if args.families else []
        styles = [STYLES[name] for name in args.styles.split(",")]
    except ValueError as error:
        parser.error(str(error))
    except KeyError as error:
        parser.error(f"no style {error}")
    one_core()
    model = GlyphModel.load(args.glyphs)
    corner_model = CornerModel.load(args.corners)
    sources: list[tuple[str, dict[Card, np.ndarray]]] = [
        (d.name, decks.render_design(d, height=320, cache=CACHE)) for d in designs
    ]
    for k in range(args.drawn):
        style = random_style(
            np.random.default_rng(DIAGNOSE_SEED + k), jumbo=k % 2 == 1, fonts=TEST_FONTS
        )
        sources.append((f"drawn-{k}{'-jumbo' if style.jumbo else ''}", render_drawn(style, seed=k)))
    try:
        finder = replace(
            FinderSettings(),
            **{name: float(value) for name, _, value in (f.partition("=") for f in args.finder)},
        )
    except (TypeError, ValueError) as error:
        parser.error(f"--finder: {error}")
    totals: collections.Counter[str] = collections.Counter()
    cases: dict[str, list[str]] = collections.defaultdict(list)
    found_cards: list[tuple[str, str, str | None, float]] = []
    for name, faces in sources:
        tally: collections.Counter[str] = collections.Counter()
        for k in range(args.scenes * len(styles)):
            seed = args.seed + zlib.crc32(name.encode()) % 10_000 * 100 + k
            scene = random_scene(seed, faces, style=styles[k % len(styles)])
            detector = RecordingDetector(
                layout=None if args.no_layout else scene.calibrated_layout,
                model=model,
                finder=finder,
                corner_model=corner_model,
            )
            analysis = detector.analyse(scene.image)
            reported = analysis.reported
            matched, unmatched = match(reported, scene.cards)
            tally["phantoms"] += len(unmatched)
            for d in unmatched:
                shape = "unread" if reported[d].candidate is None else reported[d].candidate.code
                cases["phantom"].append(f"{name}#{seed} {shape} at {reported[d].center}")
            for t, card in enumerate(scene.cards):
                tally["cards"] += 1
                where = f"{name}#{seed} {card.card.code}"
                d = matched.get(t)
                if d is not None:
                    guess = reported[d].candidate
                    found_cards.append(
                        (
                            f"{name}#{seed}",
                            card.card.code,
                            guess.code if guess is not None else None,
                            round(float(reported[d].confidence), 4),
                        )
                    )
                if d is None:
                    overlaps = [polygon_iou(np.array(card.corners), q) for q in analysis.quads]
                    best = max(overlaps, default=0.0)
                    kind = "noquad" if best < 0.3 else "badquad" if best < 0.8 else "noindex"
                    if (
                        kind != "noindex"
                        and not args.no_layout
                        and _outside(card.corners, scene, detector)
                    ):
                        kind += "+outside"
                elif reported[d].card == card.card:
                    tally["exact"] += 1
                    continue
                elif (found := reported[d]).card is not None:
                    kind = "wrong"
                    where += f" -> {found.card.code} {found.confidence:.2f}"
                elif found.candidate is None:
                    kind = "uncertain:unread"
                else:
                    kind = _why_uncertain(
                        found,
                        judged.readings if (judged := detector.judged.get(id(found))) else [],
                        card.card,
                        network=detector.use_corner_model,
                    )
                    candidate = found.candidate.code if found.candidate is not None else "-"
                    where += f" candidate {candidate} {found.confidence:.2f}"
                tally[kind] += 1
                cases[kind].append(where)
        print(name, dict(sorted(tally.items())), flush=True)
        totals.update(tally)
    print("ALL", dict(sorted(totals.items())))
    print(f"exact {totals['exact'] / max(totals['cards'], 1):.4f} of {totals['cards']} cards")
    if args.cases is not None:
        args.cases.parent.mkdir(parents=True, exist_ok=True)
        args.cases.write_text(json.dumps(cases, indent=1, sort_keys=True))
    if args.confidences is not None:
        args.confidences.parent.mkdir(parents=True, exist_ok=True)
        args.confidences.write_text(json.dumps(found_cards))
    return 0


if __name__ == "__main__":
    sys.exit(main())
