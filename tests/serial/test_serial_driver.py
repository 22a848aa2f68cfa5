"""The serial driver's options: URLs, keys, finding the shoe by USB id, the spy log."""

from __future__ import annotations

import logging
import queue
from dataclasses import dataclass
from pathlib import Path

import pytest

from dealer_assist.drivers.base import SourceEvent, SourceStatus, StatusChanged
from dealer_assist.drivers.registry import open_source
from dealer_assist.drivers.shoe.keys import ShoeKey, save_shoe_key
from dealer_assist.drivers.shoe.mock_device import Croupier, MockShoeDevice
from dealer_assist.drivers.shoe.protocol_mockshoe import forget, plug_in
from dealer_assist.drivers.shoe.serial import (
    SHOE_USB_PID,
    SHOE_USB_VID,
    MockShoeSource,
    SerialShoe,
    find_shoe_port,
)
from dealer_assist.errors import ConfigError, DeviceNotAvailableError
from dealer_assist.table.runtime import TableRuntime
from tests.serial.helpers import ShoeTable, pty_shoe, serial_config
from tests.serial.shoe_model import KEY


def test_urls_name_the_port_the_key_and_the_options(tmp_path: Path) -> None:
    key_file = tmp_path / "shoe.key"
    save_shoe_key(key_file, ShoeKey(key=KEY, serial_number=9))
    source = open_source(f"serial:///dev/ttyACM3?baud=57600&key_file={key_file}&spy=1")
    assert isinstance(source, SerialShoe)
    assert (source.port_name, source.baudrate, source.spy) == ("/dev/ttyACM3", 57600, True)
    assert source.session.expected_serial == 9
    found = open_source(f"serial://?key={KEY.hex()}&vid=0x2341&pid=32823&usb_serial=A1")
    assert isinstance(found, SerialShoe) and found.port_name is None
    assert (found.vid, found.pid, found.usb_serial) == (0x2341, 0x8037, "A1")
    handler = open_source(f"serial://mockshoe://bench?key={KEY.hex()}")
    assert isinstance(handler, SerialShoe) and handler.port_name == "mockshoe://bench"


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("serial:///dev/ttyACM0", "key_file=PATH"),
        (f"serial:///dev/ttyACM0?key={KEY.hex()}&key_file=x", "not both"),
        (f"serial:///dev/ttyACM0?key={KEY.hex()}&speed=9600", "unknown option 'speed'"),
        (f"serial:///dev/ttyACM0?key={KEY.hex()}&baud=fast", "baud=fast is not a whole number"),
        ("serial:///dev/ttyACM0?key=00", "64 hex digits"),
        (f"serial:///dev/ttyACM0?key={'00' * 32}", "all-zero"),
    ],
)
def test_bad_urls_say_what_is_wrong(url: str, problem: str) -> None:
    with pytest.raises((ValueError, ConfigError), match=problem):
        open_source(url)


@dataclass
class FakePort:
    device: str
    vid: int | None
    pid: int | None
    serial_number: str | None = None


def test_the_shoe_is_found_by_its_usb_id(monkeypatch: pytest.MonkeyPatch) -> None:
    from serial.tools import list_ports  # type: ignore[import-untyped]

    ports = [
        FakePort("/dev/ttyS0", None, None),
        FakePort("/dev/ttyACM0", 0x2341, 0x0043),
        FakePort("/dev/ttyACM1", SHOE_USB_VID, SHOE_USB_PID, "S1"),
    ]
    monkeypatch.setattr(list_ports, "comports", lambda: ports)
    assert find_shoe_port(SHOE_USB_VID, SHOE_USB_PID) == "/dev/ttyACM1"
    ports.append(FakePort("/dev/ttyACM2", SHOE_USB_VID, SHOE_USB_PID, "S2"))
    with pytest.raises(DeviceNotAvailableError, match="2 shoes"):
        find_shoe_port(SHOE_USB_VID, SHOE_USB_PID)
    assert find_shoe_port(SHOE_USB_VID, SHOE_USB_PID, "S2") == "/dev/ttyACM2"
    with pytest.raises(DeviceNotAvailableError, match="no shoe with USB id 1209:bacc"):
        find_shoe_port(SHOE_USB_VID, SHOE_USB_PID, "S3")


def test_a_shoe_plugged_in_later_is_found_and_dealt_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No port named: the driver searches the USB ids until the shoe appears."""
    from serial.tools import list_ports

    with pty_shoe(tmp_path, croupier=Croupier(decks=2, seed=8)) as (device, link):
        ports: list[FakePort] = []
        monkeypatch.setattr(list_ports, "comports", lambda: list(ports))
        source = SerialShoe(name="serial://", key=ShoeKey(key=KEY), port=None)
        events: queue.Queue[SourceEvent] = queue.Queue()
        source.start(events.put)
        first = events.get(timeout=5)
        assert isinstance(first, StatusChanged) and first.status is SourceStatus.CONNECTING
        searching = events.get(timeout=5)
        assert isinstance(searching, StatusChanged) and "no shoe with USB id" in searching.detail
        ports.append(FakePort(link.path, SHOE_USB_VID, SHOE_USB_PID))
        connected = events.get(timeout=5)
        assert isinstance(connected, StatusChanged)
        assert connected.status is SourceStatus.CONNECTED
        source.stop()
        assert device.epoch == 1


def test_the_spy_logs_every_frame_in_hex(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="dealer_assist.serial.spy")
    with pty_shoe(tmp_path, croupier=Croupier(decks=2, seed=8)) as (device, link):
        source = SerialShoe(name="spy", key=ShoeKey(key=KEY), port=link.path, spy=True)
        table = ShoeTable(serial_config(), source, device)
        assert table.run(timeout=30)
    lines = [r.getMessage() for r in caplog.records if r.name == "dealer_assist.serial.spy"]
    assert any(line.startswith("TX QUERY_STATUS: 00 ") for line in lines)
    assert any(line.startswith("TX ACK: 00 ") for line in lines)
    assert any(line.startswith("TX SET_INDICATOR: 00 ") for line in lines)
    received = [line for line in lines if line.startswith("RX frame: 00 ")]
    assert len(received) > 2 * len(device.dealt)  # a CARD and a STATUS per card at least
    assert all(line.endswith(" 00") for line in received)


def test_mockshoe_source_runs_the_whole_link_in_process() -> None:
    source = open_source("mockshoe://?seed=12&decks=2&result_check=button")
    assert isinstance(source, MockShoeSource)
    config = serial_config()
    table = ShoeTable(config, source, source.device)
    source.device.on_cut_card = source._cut_card  # the source reports the cut card itself
    assert table.run(timeout=30), table.controller.snapshot.instruction
    assert table.table_cards() == source.device.dealt
    assert table.controller.snapshot.shoe.cut_card_out
    assert isinstance(table.runtime, TableRuntime)


def test_authentic_card_tags_end_to_end(tmp_path: Path) -> None:
    """A shoe whose cards carry tags written with the casino's key, checked by the host."""
    tag_key = bytes(range(64, 96))
    key_file = tmp_path / "tags.key"
    key_file.write_text(tag_key.hex())
    shoe_key = tmp_path / "shoe.key"
    save_shoe_key(shoe_key, ShoeKey(key=KEY))
    device = MockShoeDevice(key=KEY, croupier=Croupier(decks=2, seed=21), tag_key=tag_key)
    plug_in("tagged", device)
    device.start()
    try:
        source = open_source(
            f"serial://mockshoe://tagged?key_file={shoe_key}&tag_key_file={key_file}"
        )
        assert isinstance(source, SerialShoe)
        table = ShoeTable(serial_config(), source, device)
        assert table.run(timeout=30), table.controller.snapshot.instruction
    finally:
        device.stop()
        forget("tagged")
    assert table.table_cards() == device.dealt
    assert [a.code for a in table.alerts() if a.code != "advantage_play"] == []
