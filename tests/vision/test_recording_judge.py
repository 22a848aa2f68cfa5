"""The development scripts' recording detectors take every argument ``CardDetector._judge``
takes (scripts/vision_recording.py's ``RecordingDetector``, which vision_tilted.py --looks,
vision_unsure.py and vision_unsure_bench.py build on): session 48 gave ``_judge`` a
``by_index`` argument and vision_unsure_bench.py stopped on its first card, untested."""

from __future__ import annotations

import inspect
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import numpy as np
from vision_recording import RecordingDetector

from dealer_assist.cards import Card
from dealer_assist.vision import synthetic
from dealer_assist.vision.pipeline import CardDetector


def test_the_recording_judge_takes_what_the_detectors_judge_takes() -> None:
    ours = inspect.signature(RecordingDetector._judge).parameters
    theirs = inspect.signature(CardDetector._judge).parameters
    assert list(ours) == list(theirs)
    for name, parameter in theirs.items():
        assert ours[name].kind == parameter.kind, name
        assert ours[name].default == parameter.default, name


def test_a_recording_detector_reads_a_scene_as_the_detector_does(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    scene = synthetic.random_scene(
        13_570_000, check_faces["anglo"], style=synthetic.CHECK_STYLES["tilted"]
    )
    recording = RecordingDetector()
    read = recording.detect(scene.image)
    plain = CardDetector().detect(scene.image)
    assert [(d.card, d.candidate) for d in read] == [(d.card, d.candidate) for d in plain]
    assert read
    assert recording.judged  # every judgement went through the recording _judge
