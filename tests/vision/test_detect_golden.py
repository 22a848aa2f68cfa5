"""``vision detect``'s output, byte for byte, on a frame rendered from a seeded scene.

No card image is stored in the repository (tests/vision/conftest.py), so the frame is rendered
for the session from the building design, written losslessly (PNG) and read by the command;
the golden files are in ``tests/data/golden/`` and are regenerated with the other commands'
(``DEALER_ASSIST_GOLDEN=update``, see tests/test_cli_golden.py).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.cli import main
from dealer_assist.vision.layout import layout_to_toml
from dealer_assist.vision.synthetic import EASY, punto_banco_layout, random_scene
from tests.test_cli_golden import check_golden


@pytest.fixture(scope="module")
def frame_folder(
    tmp_path_factory: pytest.TempPathFactory, building_faces: dict[Card, np.ndarray]
) -> Path:
    folder = tmp_path_factory.mktemp("golden-frames")
    scene = random_scene(301, building_faces, style=EASY, layout=punto_banco_layout())
    cv2.imwrite(str(folder / "frame.png"), scene.image)
    (folder / "layout.toml").write_text(layout_to_toml(scene.layout), "utf-8")
    return folder


@pytest.mark.parametrize(
    "name,options",
    [
        ("vision-detect-json.txt", ("--json", "--layout", "layout.toml")),
        ("vision-detect-text.txt", ()),
    ],
)
def test_vision_detect_output_is_unchanged(
    name: str,
    options: tuple[str, ...],
    frame_folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(frame_folder)  # the image's name is part of the output
    assert main(["vision", "detect", "frame.png", *options]) == 0
    check_golden(name, capsys.readouterr().out)
