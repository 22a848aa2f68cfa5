"""The camera's frame time against an earlier revision's, measured in pairs on the same frames.

This host's own speed moves by a fifth or more within minutes (docs/benchmarks.md), more than
most changes to the reader; one run of bench_vision.py before and one after cannot tell them
apart. This script loads both revisions' camera pipelines into one process (the earlier one
from ``git archive``, its package renamed), and processes every frame with each in turn, in
alternating order, so both meet the same host. It prints each one's median CPU time and the
median of the per-run ratios (new / earlier), which is what to quote for a change.

    .venv/bin/python benchmarks/paired_vision.py --against HEAD~3 [--frames 30] [--rounds 7]

The frames are six cards at 1280x720 in the building designs anglo, tango, ornamental and
simplistic in turn (``--designs``; seeds from ``BUILDING_SEED``): anything whose answers are
read (the detections compared, a lever's share chosen) is read on building designs only. Until
session 50 the default was kde_standard, a held-out design (seeds from ``SEED``, the frames of
bench_vision.py's frame-time measure); ``--designs kde_standard`` still draws those frames, for
timing continuity with earlier figures only: never read or tune answers off them.
``--styles table,tableclose`` draws the frames in turn with those building styles of
``synthetic.CHECK_STYLES`` (the hard frames: many card sizes tried) instead of the camera's
frame. Besides the medians it prints
each one's p95 and total CPU, the ratio of the totals (what the hard frames cost), and on how
many frames the two revisions' detections are the same (their ``repr``: a change meant to give
the same answers shows every frame).

Not run by run_all.py (it compares two revisions, not the code against a target).
"""

from __future__ import annotations

import argparse
import importlib
import io
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from _common import emit, machine, median, percentile, section  # noqa: E402

from dealer_assist.cards import Card  # noqa: E402
from dealer_assist.vision import decks  # noqa: E402
from dealer_assist.vision.classifier import GlyphModel  # noqa: E402
from dealer_assist.vision.cores import one_core  # noqa: E402
from dealer_assist.vision.pipeline import CardDetector  # noqa: E402
from dealer_assist.vision.quads import FinderSettings  # noqa: E402
from dealer_assist.vision.synthetic import (  # noqa: E402
    CHECK_STYLES,
    TILTED,
    SceneStyle,
    random_coup_cards,
    random_scene,
)

CACHE = ROOT / "build" / "vision-cache"
SEED = 9_777_000  # the frames of bench_vision.py's frame-time measure (kde_standard's, held out)
# The building frames' seeds (session 50, h-speed50's range 13,660,000-13,669,999).
BUILDING_SEED = 13_660_000
# The designs the project builds and tunes on (docs/benchmarks.md, issue 28's rules).
BUILDING_DESIGNS = ("anglo", "tango", "ornamental", "simplistic")


def frame_designs(text: str) -> tuple[list[str], bool]:
    """The frames' designs named in ``text`` (comma-separated), and whether any is held out
    (``decks.HELD_OUT_FAMILIES``: those frames are for timing only, their answers never read)."""
    names = [name for name in text.split(",") if name]
    return names, any(decks.design(name).family in decks.HELD_OUT_FAMILIES for name in names)


def frame_seed(held_out: bool, seed: int | None) -> int:
    """The first frame's seed: ``seed`` if given, else ``SEED`` for frames with a held-out
    design (the frames of earlier sessions' figures), else ``BUILDING_SEED``."""
    if seed is not None:
        return seed
    return SEED if held_out else BUILDING_SEED


RENAMED = "dealer_assist_then"


def earlier_package(revision: str, into: Path) -> ModuleType:
    """The ``dealer_assist`` package of ``revision``, extracted under ``into`` and importable
    as ``dealer_assist_then`` (every reference to the package renamed)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "dealer_assist"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    package = into / RENAMED
    (into / "dealer_assist").rename(package)
    for source in package.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        source.write_text(re.sub(r"\bdealer_assist\b", RENAMED, text), encoding="utf-8")
    sys.path.insert(0, str(into))
    return importlib.import_module(RENAMED)


def _decks(faces: dict[Card, np.ndarray], photos: Path, name: str) -> tuple[object, object]:
    """The design enrolled by this revision and by the earlier one, from the same photographs
    (the building generator's, as scripts/vision_enrol_check.py takes them)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from vision_enrol_check import _enrolled  # type: ignore[import-not-found]

    now = _enrolled(name, faces, photos)
    then_enrol = importlib.import_module(f"{RENAMED}.vision.enrol")
    return now, then_enrol.enrol(photos / name)


def arguments() -> argparse.ArgumentParser:
    """The command's options (their defaults: the building frames)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", required=True, help="the earlier revision (git)")
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=7, help="runs of each frame by each")
    parser.add_argument(
        "--no-layout", action="store_true", help="read as vision detect does without a layout"
    )
    parser.add_argument(
        "--tilted", action="store_true", help="a camera up to 30 degrees off vertical (TILTED)"
    )
    parser.add_argument(
        "--designs",
        "--design",
        dest="designs",
        default=",".join(BUILDING_DESIGNS),
        help="the frames' card designs, in turn (default: the building designs "
        + ",".join(BUILDING_DESIGNS)
        + "). kde_standard, the default until session 50, is a held-out design: it is kept "
        "only for timing continuity with earlier sessions' figures (its frames from seed "
        f"{SEED}); never read or tune answers off it",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help=f"the first frame's seed (default {BUILDING_SEED} for building designs, {SEED} "
        "with a held-out one)",
    )
    parser.add_argument(
        "--styles",
        default="",
        help="building styles in turn (of " + ", ".join(CHECK_STYLES) + "), not the camera's",
    )
    parser.add_argument(
        "--deck",
        action="store_true",
        help="read as vision detect --deck does: each revision enrols the design (building "
        "photographs, scripts/vision_enrol_check.py) with its own code and reads with that deck",
    )
    parser.add_argument(
        "--quick-plane-mask",
        default="",
        choices=("", "warped", "half"),
        help="the working tree reads with FinderSettings.quick_plane_mask (h-speed41's lever, off)",
    )
    parser.add_argument(
        "--relay-off-hope",
        choices=("on", "off"),
        default="on" if FinderSettings().relay_off_hope else "off",
        help="the working tree reads with FinderSettings.relay_off_hope (h-speed43's lever, on)",
    )
    parser.add_argument(
        "--line-fit",
        choices=("on", "off"),
        default="on" if FinderSettings().line_fit else "off",
        help="the working tree reads with FinderSettings.line_fit (h-outline45's lever, on "
        "since session 46)",
    )
    parser.add_argument(
        "--line-fit-overlap",
        type=float,
        default=FinderSettings().line_fit_overlap,
        help="... and FinderSettings.line_fit_overlap",
    )
    parser.add_argument(
        "--finder",
        action="append",
        default=[],
        metavar="NAME=on|off|NUMBER",
        help="a FinderSettings field the working tree reads with (repeatable; after the flags "
        "above), e.g. corner_relaid=on (h-outline49)",
    )
    return parser


def main() -> int:
    parser = arguments()
    args = parser.parse_args()
    fields: dict[str, object] = {}
    for item in args.finder:
        key, value = item.split("=", 1)
        fields[key] = value == "on" if value in ("on", "off") else float(value)
    designs, held_out = frame_designs(args.designs)
    first_seed = frame_seed(held_out, args.seed)
    if held_out:
        print(
            "paired_vision: a held-out design: these frames are for timing only, never read or "
            "tune answers off them",
            file=sys.stderr,
        )
    styles = [CHECK_STYLES[name] for name in args.styles.split(",") if name]
    if args.deck and len(designs) > 1:
        parser.error("--deck reads one design")
    one_core()
    with tempfile.TemporaryDirectory() as folder:
        earlier_package(args.against, Path(folder))
        then_classifier = importlib.import_module(f"{RENAMED}.vision.classifier")
        then_pipeline = importlib.import_module(f"{RENAMED}.vision.pipeline")
        all_faces = [
            decks.render_design(decks.design(name), height=320, cache=CACHE) for name in designs
        ]
        model_now, model_then = GlyphModel.load(), then_classifier.GlyphModel.load()
        if args.deck:
            model_now, model_then = _decks(all_faces[0], Path(folder) / "photos", designs[0])
        work = []
        same = 0  # frames whose detections (``repr``: every card, outline and confidence) match
        for k in range(args.frames):
            seed = first_seed + k
            faces = all_faces[k % len(all_faces)]
            if styles:
                style = styles[(k // len(all_faces)) % len(styles)]
                scene = random_scene(seed, faces, style=style)
            else:
                cards = random_coup_cards(np.random.default_rng(seed), 6)
                scene = random_scene(
                    seed, faces, cards=cards, style=TILTED if args.tilted else SceneStyle()
                )
            layout = None if args.no_layout else scene.calibrated_layout
            now = CardDetector(
                layout=layout,
                model=model_now,
                finder=replace(
                    FinderSettings(
                        quick_plane_mask=args.quick_plane_mask,
                        relay_off_hope=args.relay_off_hope == "on",
                        line_fit=args.line_fit == "on",
                        line_fit_overlap=args.line_fit_overlap,
                    ),
                    **fields,  # type: ignore[arg-type]
                ),
            )
            then = then_pipeline.CardDetector(layout=layout, model=model_then)
            # Warm caches (the view's maps); each frame's detections compared as they print.
            if repr(now.detect(scene.image)) == repr(then.detect(scene.image)):
                same += 1
            work.append((scene.image, then, now))
        times: dict[str, list[float]] = {"then": [], "now": []}
        ratios: list[float] = []
        for round_ in range(args.rounds):
            for n, (image, then, now) in enumerate(work):
                spent = {}
                order = (("then", then), ("now", now))
                for name, detector in order if (round_ + n) % 2 else order[::-1]:
                    started = time.thread_time()
                    detector.detect(image)
                    spent[name] = (time.thread_time() - started) * 1000
                    times[name].append(spent[name])
                ratios.append(spent["now"] / spent["then"])
    emit(
        section(
            f"Overhead camera: frame time against {args.against}",
            f"python benchmarks/paired_vision.py --against {args.against} "
            f"--frames {args.frames} --rounds {args.rounds}"
            + (" --no-layout" if args.no_layout else "")
            + (" --tilted" if args.tilted else "")
            + f" --designs {args.designs}"
            + (f" --seed {args.seed}" if args.seed is not None else "")
            + (f" --styles {args.styles}" if styles else "")
            + (" --deck" if args.deck else "")
            + (f" --quick-plane-mask {args.quick_plane_mask}" if args.quick_plane_mask else "")
            + f" --relay-off-hope {args.relay_off_hope}"
            + (
                f" --line-fit on --line-fit-overlap {args.line_fit_overlap}"
                if args.line_fit == "on"
                else ""
            )
            + "".join(f" --finder {item}" for item in args.finder),
            ["code", "median CPU time (ms)", "p95", "total CPU (s)"],
            [
                [
                    label,
                    f"{median(times[key]):.1f}",
                    f"{percentile(times[key], 0.95):.1f}",
                    f"{sum(times[key]) / 1000:.2f}",
                ]
                for label, key in ((args.against, "then"), ("working tree", "now"))
            ]
            + [
                [
                    "ratio (working tree / earlier: median per run, p95 per run, totals)",
                    f"{median(ratios):.3f}",
                    f"{percentile(ratios, 0.95):.3f}",
                    f"{sum(times['now']) / sum(times['then']):.3f}",
                ]
            ],
            f"Machine: {machine()}. 1280x720 frames "
            + (f"of the building styles {args.styles}" if styles else "with six cards")
            + f" ({args.designs}, seeds from {first_seed}, "
            + ("held out: timing only, " if held_out else "")
            + ("no layout" if args.no_layout else "calibrated layout")
            + (", a camera up to 30 degrees off vertical" if args.tilted and not styles else "")
            + (", read with the design enrolled" if args.deck else "")
            + f"), each processed {args.rounds} times by each revision in alternating order. "
            f"Detections the same (repr of each frame's, every card, outline and confidence): "
            f"{same}/{args.frames} frames.",
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
