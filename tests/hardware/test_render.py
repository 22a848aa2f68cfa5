"""``make -C hardware`` renders every wiring source and exports every enclosure part."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import yaml  # type: ignore[import-untyped]

from tests.hardware.sources import HARDWARE


def test_every_harness_is_drawn(rendered: Path) -> None:
    sources = sorted((HARDWARE / "wiring").glob("*.yaml"))
    assert {p.stem for p in sources} >= {"shoe", "station"}
    for source in sources:
        svg = (rendered / "wiring" / f"{source.stem}.svg").read_text()
        png = (rendered / "wiring" / f"{source.stem}.png").read_bytes()
        assert png.startswith(b"\x89PNG") and len(png) > 10_000
        harness = yaml.safe_load(source.read_text())
        for name in [*harness["connectors"], *harness["cables"]]:
            assert re.search(rf">{re.escape(name)}<", svg), f"{name} is not in {source.stem}.svg"


def test_every_part_is_exported(rendered: Path) -> None:
    for part in ("bay", "reader_mount", "base"):
        assert (rendered / "enclosure" / f"{part}.stl").stat().st_size > 1000
    for dummy in ("card", "board", "pn532", "sensor", "leds"):
        assert (rendered / "enclosure" / "fit" / f"{dummy}.stl").stat().st_size > 500


def test_nothing_rendered_is_committed() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "hardware"],
        cwd=HARDWARE.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert tracked and not [p for p in tracked if p.endswith((".svg", ".png", ".stl"))]
