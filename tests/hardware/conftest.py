"""The hardware tests render the sources once per session with ``make -C hardware``.

Nothing is skipped: without WireViz (the ``hardware`` extra), graphviz or openscad (the system
packages, scripts/system-packages.txt) the build fails and so do the tests that need it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.hardware.sources import HARDWARE


@pytest.fixture(scope="session")
def rendered() -> Path:
    """``make -C hardware``: build/wiring/*.svg|png and build/enclosure/**.stl."""
    wireviz = Path(sys.executable).with_name("wireviz")
    done = subprocess.run(
        ["make", "-C", str(HARDWARE), f"WIREVIZ={wireviz}"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        raise AssertionError(f"make -C hardware failed:\n{done.stdout}\n{done.stderr}")
    return HARDWARE / "build"
