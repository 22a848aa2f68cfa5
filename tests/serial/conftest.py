"""Each serial test leaves no driver behind, even when it fails half way."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.serial.helpers import OPEN_SOURCES


@pytest.fixture(autouse=True)
def _stop_serial_sources() -> Iterator[None]:
    yield
    while OPEN_SOURCES:
        OPEN_SOURCES.pop().stop()
