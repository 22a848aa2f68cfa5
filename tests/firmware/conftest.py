"""The firmware tests build the image and the simulator once per session, with make.

Nothing is skipped: without avr-gcc, avr-libc or libsimavr the build fails and the tests fail
with make's output (scripts/bootstrap.sh installs them: scripts/system-packages.txt).
"""

from __future__ import annotations

import pytest

from tests.firmware.simshoe import build


@pytest.fixture(scope="session")
def firmware() -> str:
    """``make -C firmware all sim``: the image (with its size report) and the simulator."""
    return build("all", "sim")
