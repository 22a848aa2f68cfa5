"""The bench's photograph numbers 1000-1999 (``bench_camera_scenes --first``, issue 28): a
design's numbers 1000 and up take the seeds of the design whose number (crc32 of its name,
modulo 10,000) is one more, so they are refused where a design has those seeds as its 0-999."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_camera_scenes

from dealer_assist.vision import decks

BUILDING = ("anglo", "tango", "ornamental", "simplistic")


def test_the_building_designs_may_be_read_past_999() -> None:
    chosen = [decks.design(name) for name in BUILDING]
    assert bench_camera_scenes._seed_clash(chosen, 1000, 1000) == ""
    assert bench_camera_scenes._seed_clash(chosen, 0, 1000) == ""


def test_numbers_that_are_another_designs_seeds_are_refused() -> None:
    """A design named so that its number is one less than anglo's: its photographs 1000 and
    up are anglo's 0-999, refused with both names; its 0-999 are its own."""
    anglo = decks.design("anglo")
    twin = replace(anglo, name="clash4060")
    assert bench_camera_scenes._seeds(twin, 1000, 1) == bench_camera_scenes._seeds(anglo, 0, 1)
    said = bench_camera_scenes._seed_clash([twin], 1990, 10)
    assert "clash4060" in said and "anglo" in said
    assert bench_camera_scenes._seed_clash([twin], 990, 10) == ""
    assert bench_camera_scenes._seed_clash([twin], 991, 10) != ""
