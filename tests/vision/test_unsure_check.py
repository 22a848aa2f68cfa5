"""Why the building check's uncertain cards are uncertain (scripts/vision_tilted.py --unsure,
issue 28, h-unsure50): each card answered uncertain named with vision_unsure_bench.py's reason
tag, its short side and how much of it lies under later cards; ``--labels`` reads only the
scenes named."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import numpy as np
from vision_tilted import unsure_of, unsure_table
from vision_unsure_bench import WhyDetector

from dealer_assist.cards import Card
from dealer_assist.vision import synthetic

SEED = 7_900_007  # the check's anglo/dim#7900007: three cards uncertain, none off its outline


def test_the_checks_uncertain_cards_are_named_with_their_reason(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    scene = synthetic.random_scene(SEED, check_faces["anglo"], style=synthetic.CHECK_STYLES["dim"])
    height, width = scene.image.shape[:2]
    whole = [
        c for c in scene.cards if all(0 <= x < width and 0 <= y < height for x, y in c.corners)
    ]
    detector = WhyDetector()
    detections = detector.analyse(scene.image).reported
    found = unsure_of(detector, detections, whole, scene.cards, "anglo/dim#7900007")
    lines = {line.split()[1]: (line, tag) for line, tag in found}
    assert sorted(lines) == ["2D", "QH", "TC"]
    assert lines["QH"][1] == "product: net corners agree"
    assert lines["2D"][1] == "product: net corners disagree (suit)"
    assert lines["TC"][1] == "product: net reads one corner"
    assert " cand 8C " in lines["TC"][0]  # the candidate a rank off
    # The TC's index corner lies under a later card (0.93 of the corner's area).
    assert lines["TC"][0].endswith("side 84 under 0.16/0.93/0.00")
    table = unsure_table(
        [line for line, _ in found],
        Counter({(tag, s): 1 for _, tag in found for s in ("dim", "anglo")}),
        "dim",
        "anglo",
    )
    assert "| product: net corners agree | 1 | 1 | 1 |" in table
    assert table.splitlines()[-1] == "| **uncertain** | 3 | 3 | 3 |"
