"""benchmarks/paired_vision.py's frames are building designs by default (session 50): its
detections are compared, and levers' shares were read off them; until session 50 they were
kde_standard, a held-out design, kept for timing continuity only (issue 28's rules)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import paired_vision

from dealer_assist.vision import decks


def _default_designs() -> str:
    designs = paired_vision.arguments().parse_args(["--against", "main"]).designs
    assert isinstance(designs, str)
    return designs


def test_the_default_frames_are_the_building_designs() -> None:
    names, held_out = paired_vision.frame_designs(_default_designs())
    assert names == ["anglo", "tango", "ornamental", "simplistic"]
    assert not held_out
    assert all(decks.design(n).family not in decks.HELD_OUT_FAMILIES for n in names)
    assert paired_vision.frame_seed(held_out, None) == 13_660_000


def test_kde_standard_is_held_out_and_keeps_its_seeds() -> None:
    names, held_out = paired_vision.frame_designs("kde_standard")
    assert names == ["kde_standard"] and held_out
    assert paired_vision.frame_seed(held_out, None) == 9_777_000
    assert paired_vision.frame_designs("tango,kde_standard")[1]
    assert paired_vision.frame_seed(False, 9_777_010) == 9_777_010
    # The old option's name still reads the same field.
    old = paired_vision.arguments().parse_args(["--against", "main", "--design", "kde_standard"])
    assert old.designs == "kde_standard"
