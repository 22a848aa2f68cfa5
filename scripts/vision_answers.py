"""The camera's answers on seeded building scenes, written down to compare two versions of the code.

A change meant to make the reader faster must not change what it answers. Write the answers
before the change, then after, and compare (every detection: card, confidence, corners, zone):

    .venv/bin/python scripts/vision_answers.py --out build/vision/answers-before.json
    ... change the code ...
    .venv/bin/python scripts/vision_answers.py --out build/vision/answers-after.json \\
        --compare build/vision/answers-before.json

Exits 1 when any scene's answers differ (the first few are printed). Building designs only:
the held-out designs are for measuring, never for checking changes. ``--no-layout`` reads the
scenes as ``vision detect`` does without a layout, ``--style tilted`` (or another of
``scripts/vision_tilted.py``'s styles) draws them with that generator style. ``--deck`` reads
each design as ``vision detect --deck`` does: enrolled first from the building photographs of
scripts/vision_enrol_check.py (the faces, the deck's corners and glyphs; slower: use
``--designs 3``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import cast

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dealer_assist.vision import decks, synthetic  # noqa: E402
from dealer_assist.vision.classifier import GlyphModel  # noqa: E402
from dealer_assist.vision.cores import one_core  # noqa: E402
from dealer_assist.vision.pipeline import CardDetector  # noqa: E402
from dealer_assist.vision.synthetic import SceneStyle, random_scene  # noqa: E402

sys.path.insert(0, str(ROOT / "scripts"))
from vision_enrol_check import _enrolled  # noqa: E402

CACHE = ROOT / "build" / "vision-cache"
SEED = 7_100_000


# The building check's styles (scripts/vision_tilted.py) and the plain one.
STYLES = {"default": SceneStyle(), **synthetic.CHECK_STYLES}


def answers(
    designs: int,
    scenes: int,
    *,
    layout: bool = True,
    style: SceneStyle | None = None,
    deck: bool = False,
) -> dict[str, list[dict[str, object]]]:
    plain = GlyphModel.load()
    found: dict[str, list[dict[str, object]]] = {}
    photos = Path(tempfile.mkdtemp(prefix="vision-answers-"))
    for design in decks.building_designs()[:designs]:
        faces = decks.render_design(design, height=320, cache=CACHE)
        # The deck stands in for the glyph model (as vision detect --deck passes it).
        model = cast(GlyphModel, _enrolled(design.name, faces, photos)) if deck else plain
        for k in range(scenes):
            seed = SEED + (sum(map(ord, design.name)) * 101) % 10_000 * 10 + k
            scene = random_scene(seed, faces, style=style or SceneStyle())
            detector = CardDetector(layout=scene.calibrated_layout if layout else None, model=model)
            found[f"{design.name}#{seed}"] = [d.to_json() for d in detector.detect(scene.image)]
    return found


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--compare", type=Path, help="answers written before, to compare with")
    parser.add_argument("--designs", type=int, default=10, help="the first N building designs")
    parser.add_argument("--scenes", type=int, default=12, help="scenes per design")
    parser.add_argument("--no-layout", action="store_true", help="read as vision detect does")
    parser.add_argument("--style", default="default", choices=sorted(STYLES))
    parser.add_argument(
        "--deck", action="store_true", help="read with each design enrolled (vision detect --deck)"
    )
    args = parser.parse_args()
    one_core()
    now = answers(
        args.designs,
        args.scenes,
        layout=not args.no_layout,
        style=STYLES[args.style],
        deck=args.deck,
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(now, indent=0), encoding="utf-8")
    cards = sum(len(v) for v in now.values())
    print(f"{len(now)} scenes, {cards} detections -> {args.out}")
    if args.compare is None:
        return 0
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    differing = [name for name in now if before.get(name) != now[name]]
    for name in differing[:5]:
        print(f"{name}\n  before {before.get(name)}\n  now    {now[name]}")
    print(f"scenes answered differently: {len(differing)} of {len(now)}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
