"""Calibration from the layout's ArUco markers, or from four corners; `camera calibrate`."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.cli import main
from dealer_assist.vision.calibration import (
    homography_from_corners,
    homography_from_markers,
    homography_shift_mm,
)
from dealer_assist.vision.layout import apply_homography, load_layout
from dealer_assist.vision.synthetic import Scene, random_scene


@pytest.fixture(scope="module")
def scene(building_faces: dict[Card, np.ndarray]) -> Scene:
    return random_scene(1, building_faces)


def true_matrix(scene: Scene) -> np.ndarray:
    matrix = np.linalg.inv(scene.table_to_image)
    return matrix / matrix[2, 2]


def test_markers_give_the_camera_homography(scene: Scene) -> None:
    fix = homography_from_markers(scene.image, scene.layout)
    assert fix is not None and len(fix.marker_ids) >= 3
    assert homography_shift_mm(true_matrix(scene), fix.image_to_table, scene.layout) < 3.0


def test_four_corners_give_it_too(scene: Scene) -> None:
    x0, y0, x1, y1 = scene.layout.region_mm
    corners = apply_homography(scene.table_to_image, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    matrix = homography_from_corners(corners, scene.layout)
    assert homography_shift_mm(true_matrix(scene), matrix, scene.layout) < 0.01
    with pytest.raises(ValueError, match="four corners"):
        homography_from_corners(corners[:3], scene.layout)


def test_no_markers_no_calibration(scene: Scene) -> None:
    blank = np.full_like(scene.image, 70)
    assert homography_from_markers(blank, scene.layout) is None


def test_camera_calibrate_writes_a_layout(
    scene: Scene, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = tmp_path / "frame.png"
    cv2.imwrite(str(image), scene.image)
    out = tmp_path / "camera.toml"
    assert main(["camera", "calibrate", "--image", str(image), "--out", str(out), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["method"] == "markers" and len(result["markers"]) >= 3
    layout = load_layout(out)
    assert layout.homography is not None
    assert homography_shift_mm(true_matrix(scene), layout.homography, layout) < 3.0
    assert [z.hand.value for z in layout.zones] == ["player", "banker"]


def test_camera_calibrate_from_corners(
    scene: Scene, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = tmp_path / "frame.png"
    cv2.imwrite(str(image), np.full_like(scene.image, 70))  # no markers in view
    out = tmp_path / "camera.toml"
    assert main(["camera", "calibrate", "--image", str(image), "--out", str(out)]) == 1
    assert "markers" in capsys.readouterr().err
    x0, y0, x1, y1 = scene.layout.region_mm
    corners = apply_homography(scene.table_to_image, [(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    text = " ".join(f"{x:.2f},{y:.2f}" for x, y in corners)
    assert (
        main(["camera", "calibrate", "--image", str(image), "--corners", text, "--out", str(out)])
        == 0
    )
    assert "four corners" in capsys.readouterr().out
    layout = load_layout(out)
    assert layout.homography is not None
    assert homography_shift_mm(true_matrix(scene), layout.homography, layout) < 0.1
