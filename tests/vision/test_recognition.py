"""Finding and reading cards in stored frames.

The exact tests use a design the recogniser was built from (they check the pipeline: the right
cards, where they are, in which zone, through the command line too). The generalisation test
uses a design held out of building, with the figures measured by benchmarks/bench_vision.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.cli import main
from dealer_assist.vision import decks
from dealer_assist.vision.evaluation import Tally, score
from dealer_assist.vision.layout import layout_to_toml
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.synthetic import (
    EASY,
    SceneStyle,
    compose,
    punto_banco_layout,
    random_scene,
    scene_base,
)


def test_scenes_are_reproducible(building_faces: dict[Card, np.ndarray]) -> None:
    first = random_scene(5, building_faces)
    again = random_scene(5, building_faces)
    assert np.array_equal(first.image, again.image)
    assert [c.card for c in first.cards] == [c.card for c in again.cards]


def test_easy_scenes_read_exactly_into_their_zones(building_faces: dict[Card, np.ndarray]) -> None:
    for seed in range(4):
        scene = random_scene(100 + seed, building_faces, style=EASY)
        detector = CardDetector(layout=scene.calibrated_layout)
        detections = detector.detect(scene.image)
        tally = score(detections, scene.cards)
        assert (tally.exact, tally.phantoms) == (tally.cards, 0), seed
        by_card = {d.card: d.zone for d in detections}
        assert by_card == {c.card: c.hand for c in scene.cards}


def test_hard_scenes_are_read_or_left_to_the_croupier(
    building_faces: dict[Card, np.ndarray],
) -> None:
    # Glare, tilt, touching and overlapping cards, any angle, blur, noise, JPEG: a card may be
    # uncertain (the croupier confirms it), never wrong, and nothing is made up.
    total = Tally()
    for seed in range(8):
        scene = random_scene(200 + seed, building_faces, style=SceneStyle())
        detector = CardDetector(layout=scene.calibrated_layout)
        total.add(score(detector.detect(scene.image), scene.cards))
    assert total.wrong == 0, total.wrong_examples
    assert total.phantoms == 0
    assert total.exact >= 0.9 * total.cards, total.as_dict()


def test_a_design_held_out_of_building(held_out_faces: dict[Card, np.ndarray]) -> None:
    # The figures benchmarks/bench_vision.py measures on this design, with a margin: most cards
    # read, the rest uncertain or missed, nothing made up.
    total = Tally()
    for seed in range(8):
        scene = random_scene(400 + seed, held_out_faces, style=EASY)
        detector = CardDetector(layout=scene.calibrated_layout)
        total.add(score(detector.detect(scene.image), scene.cards))
    assert total.phantoms == 0
    assert total.wrong <= 1, total.wrong_examples
    assert total.exact >= 0.75 * total.cards, total.as_dict()


def test_empty_felt_with_glare_chips_and_a_hand_has_no_card(
    building_faces: dict[Card, np.ndarray],
) -> None:
    rng = np.random.default_rng(3)
    layout = punto_banco_layout()
    base = scene_base(rng, layout, SceneStyle(glare=1.0))
    image, _ = compose(
        base,
        building_faces,
        [],
        rng,
        occluders=[("hand", (150.0, 170.0)), ("chip", (420.0, 150.0)), ("chip", (470.0, 200.0))],
    )
    calibrated = layout.with_homography(np.linalg.inv(base.camera))
    assert CardDetector(layout=calibrated).detect(image) == []
    assert CardDetector().detect(image) == []


@pytest.fixture(scope="module")
def stored_frames(
    tmp_path_factory: pytest.TempPathFactory, building_faces: dict[Card, np.ndarray]
) -> tuple[list[Path], list[list[Card]], Path]:
    folder = tmp_path_factory.mktemp("frames")
    paths, truths = [], []
    layout_file = folder / "layout.toml"
    for k in range(3):
        scene = random_scene(300 + k, building_faces, style=EASY, layout=punto_banco_layout())
        path = folder / f"frame{k}.jpg"
        cv2.imwrite(str(path), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        paths.append(path)
        truths.append([c.card for c in scene.cards])
        # The layout without a homography: `vision detect` calibrates each frame from its markers.
        layout_file.write_text(layout_to_toml(scene.layout), "utf-8")
    return paths, truths, layout_file


def test_vision_detect_prints_one_json_line_per_image(
    stored_frames: tuple[list[Path], list[list[Card]], Path],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    paths, truths, layout_file = stored_frames
    missing = tmp_path / "missing.png"
    status = main(
        [
            "vision",
            "detect",
            *map(str, paths),
            str(missing),
            "--json",
            "--layout",
            str(layout_file),
            "--annotate",
            str(tmp_path / "out"),
        ]
    )
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 1  # one image could not be read
    assert [line["image"] for line in lines] == [*map(str, paths), str(missing)]
    assert "error" in lines[-1]
    for line, truth in zip(lines, truths, strict=False):
        cards = line["cards"]
        read = sorted((parse_card(c["card"]) for c in cards), key=lambda c: c.sort_key)
        assert read == sorted(truth, key=lambda c: c.sort_key)
        for card in cards:
            assert card["zone"] in ("player", "banker")
            assert len(card["corners"]) == 4 and len(card["center"]) == 2
            assert 0.9 <= card["confidence"] <= 1.0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        f"frame{k}.annotated.png" for k in range(3)
    ]


def test_vision_detect_without_a_layout_still_reads_the_cards(
    stored_frames: tuple[list[Path], list[list[Card]], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    paths, truths, _ = stored_frames
    assert main(["vision", "detect", str(paths[0])]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"{paths[0]}: ")
    assert "zone" not in text
    read = [c for c in truths[0] if c.pretty in text]
    assert len(read) >= len(truths[0]) - 1  # without a layout the card size is only estimated


def test_choices_are_made_on_building_families_only(art_cache: Path) -> None:
    designs = decks.validation_designs("paris,tigullio")
    assert designs and {d.family for d in designs} == {"paris", "tigullio"}
    with pytest.raises(ValueError, match="held-out families"):
        decks.validation_designs("paris,penguins")


def test_one_core_limits_opencv_and_the_blas_to_one_thread_each() -> None:
    from threadpoolctl import threadpool_info

    from dealer_assist.vision.cores import one_core

    one_core()
    assert cv2.getNumThreads() == 1
    blas = [pool for pool in threadpool_info() if pool["user_api"] == "blas"]
    assert blas and all(pool["num_threads"] == 1 for pool in blas)


def test_the_work_view_is_the_warp_of_the_frame_by_maps_kept_between_frames(
    building_faces: dict[Card, np.ndarray],
) -> None:
    from dealer_assist.vision import quads

    scene = random_scene(11, building_faces, style=EASY)
    layout = scene.calibrated_layout
    settings = quads.FinderSettings()
    warped = quads.make_view(scene.image, layout, settings)  # warped afresh
    kept: quads.ViewMaps = {}
    view = quads.make_view(scene.image, layout, settings, kept)
    # The same bilinear warp; its coordinates rounded a little differently.
    difference = cv2.absdiff(view.image, warped.image)
    assert difference.max() <= 6 and float(difference.mean()) < 0.2
    assert np.allclose(view.to_image, warped.to_image)
    [maps] = kept.values()
    again = quads.make_view(scene.image, layout, settings, kept)  # the next frame
    assert np.array_equal(again.image, view.image)
    assert len(kept) == 1 and next(iter(kept.values())) is maps
    # A detector keeps its own maps.
    detector = CardDetector(layout=layout)
    detector.detect(scene.image)
    assert len(detector._view_maps) == 1


def test_vision_detect_help_states_the_cameras_threshold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from dealer_assist.vision.pipeline import DEFAULT_THRESHOLD

    with pytest.raises(SystemExit):
        main(["vision", "detect", "--help"])
    assert f"default {DEFAULT_THRESHOLD}" in " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("count", [7, 256, 300])
def test_label_mask_marks_the_chosen_labels_however_many_there_are(count: int) -> None:
    from dealer_assist.vision.quads import label_mask

    rng = np.random.default_rng(count)
    labels = rng.integers(0, count, (40, 60)).astype(np.int32)
    chosen = rng.random(count) < 0.3
    chosen[count - 1] = True  # the last label too (the edge of the 8-bit table)
    mask = label_mask(labels, chosen)
    assert mask.dtype == np.uint8 and mask.shape == labels.shape
    assert np.array_equal(mask > 0, chosen[labels])
    assert set(np.unique(mask).tolist()) <= {0, 255}


def test_a_card_read_surely_from_one_corner_has_its_other_corner_never_warped(
    building_faces: dict[Card, np.ndarray],
) -> None:
    scene = random_scene(100, building_faces, style=EASY)
    # The glyph reader alone (the corner network, the default, warps both corners for itself).
    detector = CardDetector(layout=scene.calibrated_layout, use_corner_model=False)
    analysis = detector.analyse(scene.image)
    looked = [(a.region is not None, b.region is not None) for a, b in analysis.corners]
    assert all(a or b for a, b in looked)  # one corner of each card at least was read
    one_only = [n for n, (a, b) in enumerate(looked) if a != b]
    assert one_only, "in an easy scene some card is read surely from one corner"
    for n in one_only:
        shown = analysis.corners[n][0] if looked[n][0] else analysis.corners[n][1]
        assert shown.rank is not None and shown.suit is not None
        assert analysis.detections[n].card is not None
    # ... and the cards are read exactly all the same.
    tally = score(analysis.reported, scene.cards)
    assert (tally.exact, tally.phantoms) == (tally.cards, 0)
