"""Overhead camera: reading accuracy on held-out card designs, frame time, placed-to-event latency.

Targets (issue 9): on scenes from card designs held out of building and tuning, at least 99.5%
of cards read exactly, no phantom cards, uncertain reads counted apart; a 1280x720 frame with six
cards in at most 33 ms median on one core; card placed -> card event in at most 300 ms.

Scenes are synthetic (dealer_assist.vision.synthetic) from the Debian card designs, rendered at
run time (needs gnome-cards-data, kdegames-card-data-kf5 and librsvg2-bin; the art is cached
under build/, never committed). Every scene comes from a seed.

    .venv/bin/python benchmarks/bench_vision.py [--scenes 60] [--designs held-out|building|all]
"""

from __future__ import annotations

import argparse
import difflib
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
from _common import emit, machine, median, now, percentile, section

from dealer_assist.drivers.camera import CameraSource, Frame
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.evaluation import Tally, score
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.synthetic import SceneStyle, deal_video, random_coup_cards, random_scene

CACHE = Path(__file__).resolve().parent.parent / "build" / "vision-cache"
BENCH_SEED = 9_000_000  # far from the seeds the dataset was built from


def accuracy(
    designs: list[decks.Design], scenes: int, model: GlyphModel, corners: str = "off"
) -> tuple[list[list[object]], Tally, list[str]]:
    rows: list[list[object]] = []
    total = Tally()
    examples: list[str] = []
    style = SceneStyle()
    for design in designs:
        faces = decks.render_design(design, height=320, cache=CACHE)
        tally = Tally()
        for k in range(scenes):
            seed = BENCH_SEED + zlib.crc32(design.name.encode()) % 10_000 * 100 + k
            scene = random_scene(seed, faces, style=style)
            detector = CardDetector(
                layout=scene.calibrated_layout,
                model=model,
                use_corner_model=corners != "off",
                combine="unsure" if corners == "unsure" else "check",
            )
            tally.add(score(detector.detect(scene.image), scene.cards, f"{design.name}#{seed}"))
        total.add(tally)
        examples += tally.wrong_examples
        rows.append(
            [
                design.name,
                design.family,
                tally.cards,
                f"{100 * tally.exact_rate:.2f}%",
                _answered(tally),
                tally.wrong,
                tally.uncertain,
                tally.missed,
                tally.phantoms,
            ]
        )
    return rows, total, examples


def _answered(tally: Tally) -> str:
    """Exact share of the cards not left to the croupier as uncertain."""
    answered = tally.cards - tally.uncertain
    return f"{100 * tally.exact / answered:.2f}%" if answered else "-"


REPEATS = 5  # each frame is processed this many times (the machine is shared and noisy)


def frame_time(model: GlyphModel, frames: int) -> dict[str, list[float]]:
    """Whole-frame processing time for 1280x720 frames with six cards, calibrated and not:
    wall clock, and the CPU time of the thread (what the frame costs on a machine others
    share). Every frame is processed ``REPEATS`` times, in rounds over all the frames; "best"
    keeps each frame's fastest run (what the frame costs when the neighbours are quiet)."""
    faces = decks.render_design(decks.design("kde_standard"), height=320, cache=CACHE)
    timings: dict[str, list[float]] = {
        "wall": [],
        "cpu": [],
        "cpu_best": [],
        "cpu_free": [],
    }
    work = []
    for k in range(frames):
        seed = BENCH_SEED + 777_000 + k
        cards = random_coup_cards(np.random.default_rng(seed), 6)
        scene = random_scene(seed, faces, cards=cards)
        calibrated = CardDetector(layout=scene.calibrated_layout, model=model)
        calibrated.detect(scene.image)  # warm caches
        work.append((scene.image, calibrated))
        free = CardDetector(model=model)
        free.detect(scene.image)
        cpu = time.thread_time()
        free.detect(scene.image)
        timings["cpu_free"].append((time.thread_time() - cpu) * 1000)
    runs: list[list[float]] = [[] for _ in work]
    for _ in range(REPEATS):
        for n, (image, detector) in enumerate(work):
            started, cpu = now(), time.thread_time()
            detector.detect(image)
            runs[n].append((time.thread_time() - cpu) * 1000)
            timings["wall"].append((now() - started) * 1000)
    timings["cpu"] = [t for frame in runs for t in frame]
    timings["cpu_best"] = [min(frame) for frame in runs]
    return timings


def latency(model: GlyphModel, videos: int) -> tuple[list[float], int, int, int]:
    """Card at rest in the frame -> CardRead emitted, at 30 frames per second."""
    faces = decks.render_design(decks.design("kde_penguins"), height=320, cache=CACHE)
    delays: list[float] = []
    right = 0
    extra = 0
    dealt_total = 0
    for k in range(videos):
        video = deal_video(BENCH_SEED + 555_000 + k, faces, occluders=True)
        source = CameraSource(
            name="bench", target="bench.avi", layout=video.calibrated_layout, model=model
        )
        landed_all = []
        for number, image in enumerate(video.frames):
            arrived = number / video.fps
            started = now()
            landed = source.process(Frame(image, arrived, number))
            spent = now() - started
            for card in landed:
                landed_all.append(card)
                truth = next((d for d in video.dealt if d.card == card.card), None)
                if truth is not None:
                    placed = truth.placed_frame / video.fps
                    delays.append((arrived + spent - placed) * 1000)
        dealt_total += len(video.dealt)
        # Cards that came out right (card and hand) and in dealing order; a card missing or
        # wrong costs itself only.
        truth = [(d.card, d.hand) for d in video.dealt]
        seen = [(c.card, c.zone) for c in landed_all]
        matcher = difflib.SequenceMatcher(a=truth, b=seen, autojunk=False)
        right += sum(block.size for block in matcher.get_matching_blocks())
        extra += len(seen) - sum(block.size for block in matcher.get_matching_blocks())
    return delays, right, dealt_total, extra


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes", type=int, default=60, help="scenes per design")
    parser.add_argument("--designs", choices=("held-out", "building", "all"), default="held-out")
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--videos", type=int, default=4)
    parser.add_argument("--only", choices=("accuracy", "speed"), help="run one half only")
    parser.add_argument(
        "--corners",
        choices=("off", "check", "unsure"),
        default="off",
        help="read with the corner network too (accuracy only; off by default, docs/vision.md)",
    )
    args = parser.parse_args()
    one_core()
    if not decks.renderer_available() or not decks.all_designs():
        emit(
            "## Overhead camera\n\nSkipped: needs librsvg2-bin, gnome-cards-data and "
            "kdegames-card-data-kf5.\n"
        )
        return 0
    model = GlyphModel.load()
    chosen = {
        "held-out": decks.held_out_designs(),
        "building": decks.building_designs(),
        "all": decks.all_designs(),
    }[args.designs]
    if args.only != "speed":
        report_accuracy(args, chosen, model)
    if args.only != "accuracy":
        report_speed(args, model)
    return 0


def report_accuracy(
    args: argparse.Namespace, chosen: list[decks.Design], model: GlyphModel
) -> None:
    rows, total, examples = accuracy(chosen, args.scenes, model, args.corners)
    rows.append(
        [
            "**all**",
            "",
            total.cards,
            f"**{100 * total.exact_rate:.2f}%**",
            f"**{_answered(total)}**",
            total.wrong,
            total.uncertain,
            total.missed,
            total.phantoms,
        ]
    )
    notes = (
        f"Machine: {machine()}. {args.scenes} seeded scenes per design (4-6 cards each, 1280x720, "
        "random felt, printed layout, tilt, touching/overlapping cards, third card sideways, "
        "some hands at any angle, uneven light, glare, blur, noise, JPEG 55-95), calibrated "
        "layout. Reader: the glyph reader (model/glyphs.npz)"
        + (
            f" with the corner network (model/corners.onnx, combine={args.corners})"
            if args.corners != "off"
            else ""
        )
        + ". Exact = right card, as a share of all the cards; exact, uncertain apart = the "
        "same as a share of the cards not reported uncertain; wrong = a "
        "confident wrong card; uncertain = reported for the croupier to confirm; missed = no "
        "detection; phantoms = detections where no card is."
    )
    if examples:
        notes += " Wrong reads: " + "; ".join(examples[:20]) + "."
    emit(
        section(
            f"Overhead camera: reading accuracy ({args.designs} designs)",
            f"python benchmarks/bench_vision.py --scenes {args.scenes} --designs {args.designs}",
            [
                "design",
                "family",
                "cards",
                "exact",
                "exact, uncertain apart",
                "wrong",
                "uncertain",
                "missed",
                "phantoms",
            ],
            rows,
            notes,
        )
    )


def report_speed(args: argparse.Namespace, model: GlyphModel) -> None:
    timings = frame_time(model, args.frames)
    delays, right, dealt, extra = latency(model, args.videos)
    emit(
        section(
            "Overhead camera: speed",
            f"python benchmarks/bench_vision.py --frames {args.frames} --videos {args.videos}",
            ["measure", "median", "p95", "target"],
            [
                [
                    "1280x720 frame, six cards, calibrated layout: CPU time (ms)",
                    f"{median(timings['cpu']):.1f}",
                    f"{percentile(timings['cpu'], 0.95):.1f}",
                    "<= 33",
                ],
                [
                    f"... the same, each frame's best of {REPEATS} runs (ms)",
                    f"{median(timings['cpu_best']):.1f}",
                    f"{percentile(timings['cpu_best'], 0.95):.1f}",
                    "",
                ],
                [
                    "... the same, wall clock on the shared machine (ms)",
                    f"{median(timings['wall']):.1f}",
                    f"{percentile(timings['wall'], 0.95):.1f}",
                    "",
                ],
                [
                    "1280x720 frame, six cards, no layout (vision detect): CPU time (ms)",
                    f"{median(timings['cpu_free']):.1f}",
                    f"{percentile(timings['cpu_free'], 0.95):.1f}",
                    "-",
                ],
                [
                    "card at rest -> CardRead at 30 fps (ms)",
                    f"{median(delays):.0f}" if delays else "-",
                    f"{percentile(delays, 0.95):.0f}" if delays else "-",
                    "<= 300",
                ],
                [
                    "dealt videos (penguins, held out): cards right, in order, in their zone",
                    f"{right}/{dealt}",
                    f"{extra} other events",
                    f"{dealt}/{dealt}",
                ],
            ],
            "One core (OpenCV and numpy's BLAS on one thread each, vision.cores.one_core). "
            f"{args.frames} frames, each processed {REPEATS} "
            "times in rounds (CPU time of every run; the best-of row keeps each frame's fastest "
            "run, what a frame costs when the machine's neighbours are quiet). Latency counts "
            "whole frames at 30 fps from the first frame the card lies still, plus the "
            "processing time of the frame that confirms it.",
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
