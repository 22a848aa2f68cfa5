"""Fixtures for the PC/SC tests: one pcscd per session with the virtual readers.

The stack is real (pcscd, libpcsclite, pyscard, the vpcd reader driver and our event-driven
reader driver); only the tag is ours (:mod:`dealer_assist.testing.ntag`). Nothing is skipped:
without pcscd, vpcd, pyscard or a C compiler the fixture fails and says how to install them.
The virtual readers are on fixed ports, so these tests must not run in parallel with each
other or with another pcscd.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_assist.testing.ntag import VirtualReader
from dealer_assist.testing.pcscd import (
    DEFAULT_EVENT_READERS,
    DEFAULT_READERS,
    INSTALL_HINT,
    Pcscd,
    PcscdError,
    wait_reader_empty,
)

SOURCE_READER = "Virtual PCD 00 00"  # the driver tests: port 35963
COMMAND_READER = "Virtual PCD 00 01"  # the command tests: port 35964
EVENT_READER = "Event PCD 00 00"  # the event-driven reader: port 35973


@pytest.fixture(scope="session")
def pcscd(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pcscd]:
    try:
        import smartcard.scard  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        pytest.fail(f"pyscard is not installed: {INSTALL_HINT}", pytrace=False)
    try:
        daemon = Pcscd(Path(tmp_path_factory.mktemp("pcscd")))
        daemon.start()
    except PcscdError as error:
        pytest.fail(str(error), pytrace=False)
    yield daemon
    daemon.stop()


def _virtual_reader(daemon: Pcscd, name: str, port: int) -> Iterator[VirtualReader]:
    reader = VirtualReader(port)
    yield reader
    reader.remove()
    if (
        daemon.process is None
        or daemon.readers != DEFAULT_READERS
        or daemon.event_readers != DEFAULT_EVENT_READERS
    ):
        daemon.restart(DEFAULT_READERS, DEFAULT_EVENT_READERS)  # a test changed the readers
    wait_reader_empty(name)


@pytest.fixture
def source_reader(pcscd: Pcscd) -> Iterator[VirtualReader]:
    """The virtual reader the card source watches ("Virtual PCD 00 00")."""
    yield from _virtual_reader(pcscd, SOURCE_READER, 35963)


@pytest.fixture
def command_reader(pcscd: Pcscd) -> Iterator[VirtualReader]:
    """The virtual reader the ``tags`` commands use ("Virtual PCD 00 01")."""
    yield from _virtual_reader(pcscd, COMMAND_READER, 35964)


@pytest.fixture
def event_reader(pcscd: Pcscd) -> Iterator[VirtualReader]:
    """The event-driven virtual reader ("Event PCD 00 00")."""
    yield from _virtual_reader(pcscd, EVENT_READER, DEFAULT_EVENT_READERS[0][1])
