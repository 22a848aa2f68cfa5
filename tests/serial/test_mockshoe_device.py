"""The mock shoe as the firmware would behave, seen from a scripted host on mockshoe://."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import serial  # type: ignore[import-untyped]

import dealer_assist.drivers.shoe.serial  # noqa: F401 - registers mockshoe:// with pyserial
from dealer_assist.cards import parse_cards
from dealer_assist.drivers.shoe.mock_device import Croupier, MockShoeDevice, ShoeTimers
from dealer_assist.drivers.shoe.protocol import (
    PAIRING_KEY,
    Accepted,
    Acknowledge,
    Button,
    ButtonPressed,
    CardRead,
    Direction,
    EpochReason,
    FrameDecoder,
    FrameEncoder,
    Hello,
    Indicator,
    Message,
    Pair,
    QueryStatus,
    ResetSequence,
    SensorFlag,
    SetIndicator,
    ShoeMode,
    StatusReport,
    UnlockExit,
    encode_frame,
)
from dealer_assist.drivers.shoe.protocol_mockshoe import forget, plug_in
from dealer_assist.errors import ConfigError
from tests.serial.shoe_model import KEY

NONCE = bytes(range(1, 9))


class ScriptedHost:
    """Talks to the device through the mockshoe:// port, one frame at a time."""

    def __init__(self, name: str, key: bytes = KEY) -> None:
        self.port = serial.serial_for_url(f"mockshoe://{name}", timeout=2, write_timeout=1)
        self.decoder = (
            FrameDecoder.for_pairing(receiving=Direction.SHOE_TO_HOST)
            if key == PAIRING_KEY
            else FrameDecoder(key=key, receiving=Direction.SHOE_TO_HOST)
        )
        self.key = key
        self.encoder: FrameEncoder | None = None
        self.pending: list[Message] = []

    def query(self) -> Hello:
        self.port.write(encode_frame(QueryStatus(nonce=NONCE), key=self.key, epoch=0, seq=0))
        hello = self.expect(Hello)
        assert hello.nonce == NONCE
        self.encoder = FrameEncoder(
            key=self.key,
            sending=Direction.HOST_TO_SHOE,
            epoch=hello.boot_epoch,
            next_seq=hello.host_seq_last + 1,
        )
        return hello

    def send(self, message: Message) -> None:
        assert self.encoder is not None
        self.port.write(self.encoder.encode(message))

    def expect(self, kind: type[Any], *, skip: tuple[type[Any], ...] = (StatusReport,)) -> Any:
        """The next message of ``kind``, passing over ``skip`` (heartbeats)."""
        while True:
            while not self.pending:
                data = self.port.read(self.port.in_waiting or 1)
                assert data, f"no {kind.__name__} from the shoe"
                self.pending += [
                    r.message for r in self.decoder.feed(data) if isinstance(r, Accepted)
                ]
            message = self.pending.pop(0)
            if isinstance(message, kind):
                return message
            assert isinstance(message, skip), f"expected {kind.__name__}, got {message}"

    def close(self) -> None:
        self.port.close()


@contextmanager
def device_on(name: str, device: MockShoeDevice) -> Iterator[MockShoeDevice]:
    plug_in(name, device)
    device.start()
    try:
        yield device
    finally:
        device.stop()
        forget(name)


def stacked(cards: str, **options: Any) -> Croupier:
    options.setdefault("auto_deal", False)
    return Croupier(stacked=parse_cards([cards]), **options)


def test_the_epoch_is_written_before_the_first_frame_and_grows_at_each_boot(
    tmp_path: Path,
) -> None:
    state = tmp_path / "eeprom.json"
    for expected in (1, 2, 3):
        device = MockShoeDevice(key=KEY, state_file=state, croupier=stacked("AS"))
        with device_on("epochs", device):
            assert json.loads(state.read_text())["epoch"] == expected
            host = ScriptedHost("epochs")
            assert host.query().boot_epoch == expected
            host.close()
    assert json.loads(state.read_text())["key"] == KEY.hex()


def test_cards_are_resent_until_acknowledged_then_the_next_follows() -> None:
    device = MockShoeDevice(key=KEY, croupier=stacked("AS KD 9H"))
    with device_on("resend", device):
        host = ScriptedHost("resend")
        host.query()
        device.draw()
        device.draw()
        first = host.expect(CardRead)
        assert first.card == parse_cards(["AS"])[0] and first.event_seq == 1
        assert host.expect(CardRead) == first  # 250 ms later, the same event again
        assert device.count("frames_sent") >= 3
        host.send(Acknowledge.of(first))
        second = host.expect(CardRead)
        assert (second.event_seq, str(second.card)) == (2, "KD")
        host.send(Acknowledge(event_epoch=second.event_epoch, event_seq=99))  # not the head
        assert host.expect(CardRead) == second
        host.close()


def test_a_new_sequence_is_refused_while_a_card_waits() -> None:
    device = MockShoeDevice(key=KEY, croupier=stacked("AS KD"))
    with device_on("reset", device):
        host = ScriptedHost("reset")
        hello = host.query()
        card = device.draw()
        event = host.expect(CardRead)
        host.send(ResetSequence(nonce=NONCE))
        refused = host.expect(StatusReport, skip=(CardRead,))
        assert refused.queue_depth == 1 and device.epoch == hello.boot_epoch
        host.send(Acknowledge.of(event))
        host.send(ResetSequence(nonce=bytes(range(9, 17))))
        new = host.expect(Hello, skip=(StatusReport, CardRead))
        assert new.epoch_reason is EpochReason.NEW_SHOE and new.boot_epoch == hello.boot_epoch + 1
        assert new.nonce == bytes(range(9, 17)) and new.host_seq_last == 0
        assert card is not None and device.croupier.shoe_number == 2
        host.close()


def test_two_new_sequence_requests_in_one_read_start_one_epoch_not_two() -> None:
    """A host that asked twice (a retry crossing the answer) must not skip a whole shoe: the
    second request carries the old epoch, and the shoe judges it after taking the first."""
    device = MockShoeDevice(key=KEY, croupier=stacked("AS KD"))
    with device_on("reset-twice", device):
        host = ScriptedHost("reset-twice")
        hello = host.query()
        assert host.encoder is not None
        both = host.encoder.encode(ResetSequence(nonce=NONCE)) + host.encoder.encode(
            ResetSequence(nonce=bytes(range(9, 17)))
        )
        host.port.write(both)  # one write, one read on the shoe's side
        new = host.expect(Hello)
        assert (new.boot_epoch, new.nonce) == (hello.boot_epoch + 1, NONCE)
        assert device.wait_until(lambda: device.count("rx_replayed") == 1, timeout=2)
        assert device.epoch == hello.boot_epoch + 1 and device.croupier.shoe_number == 2
        host.close()


def test_the_croupier_draws_once_per_light_after_the_last_ack() -> None:
    device = MockShoeDevice(key=KEY, croupier=stacked("AS KD 9H 2C", auto_deal=True))
    with device_on("croupier", device):
        host = ScriptedHost("croupier")
        host.query()
        host.send(SetIndicator(indicator=Indicator.PLAYER_DRAWS))
        first = host.expect(CardRead)
        host.send(SetIndicator(indicator=Indicator.BANKER_DRAWS))  # before the ACK: no draw
        host.send(Acknowledge.of(first))
        assert device.wait_until(lambda: device.queue_depth == 0, 2)
        assert device.dealt == parse_cards(["AS"])
        host.send(SetIndicator(indicator=Indicator.STOP))  # after the ACK, but STOP
        host.send(SetIndicator(indicator=Indicator.BANKER_DRAWS))
        second = host.expect(CardRead)
        assert str(second.card) == "KD"
        host.close()


def test_the_croupier_presses_result_check_when_a_coup_stops() -> None:
    croupier = stacked("AS KD 9H 2C 3C", auto_deal=True, auto_result_check=True)
    device = MockShoeDevice(key=KEY, croupier=croupier)
    with device_on("result", device):
        host = ScriptedHost("result")
        host.query()
        for light in (Indicator.PLAYER_DRAWS, Indicator.BANKER_DRAWS) * 2:
            host.send(SetIndicator(indicator=light))
            host.send(Acknowledge.of(host.expect(CardRead)))
        host.send(SetIndicator(indicator=Indicator.STOP))
        press = host.expect(ButtonPressed)
        assert press.button is Button.RESULT_CHECK
        host.close()


def test_link_loss_lights_stop_and_locks_the_exit_until_unlocked() -> None:
    timers = ShoeTimers(link_loss=0.2)
    device = MockShoeDevice(key=KEY, croupier=stacked("AS KD", auto_deal=True), timers=timers)
    with device_on("loss", device):
        host = ScriptedHost("loss")
        host.query()
        host.send(SetIndicator(indicator=Indicator.PLAYER_DRAWS))
        host.send(Acknowledge.of(host.expect(CardRead)))
        status = host.expect(StatusReport, skip=())
        while not status.sensors & SensorFlag.LINK_LOST:
            status = host.expect(StatusReport, skip=())
        assert status.indicator is Indicator.STOP and status.sensors & SensorFlag.EXIT_LOCKED
        host.send(SetIndicator(indicator=Indicator.BANKER_DRAWS))
        back = host.expect(StatusReport, skip=())
        assert not back.sensors & SensorFlag.LINK_LOST and back.sensors & SensorFlag.EXIT_LOCKED
        assert device.dealt == parse_cards(["AS"])  # locked: the croupier cannot draw
        host.send(UnlockExit())
        assert str(host.expect(CardRead).card) == "KD"
        host.close()


def test_pairing_installs_the_key_and_proves_it_with_the_nonce(tmp_path: Path) -> None:
    state = tmp_path / "eeprom.json"
    device = MockShoeDevice(state_file=state, pairing=True, serial_number=77)
    with device_on("pair", device):
        host = ScriptedHost("pair", key=PAIRING_KEY)
        hello = host.expect(Hello)
        assert hello.mode is ShoeMode.PAIRING and hello.serial_number == 77
        new_key = bytes(range(40, 72))
        wrong = Pair(serial_number=78, key=new_key, nonce=NONCE)
        host.port.write(encode_frame(wrong, key=PAIRING_KEY, epoch=0, seq=0))
        right = Pair(serial_number=77, key=new_key, nonce=NONCE)
        host.port.write(encode_frame(right, key=PAIRING_KEY, epoch=0, seq=0))
        host.decoder = FrameDecoder(key=new_key, receiving=Direction.SHOE_TO_HOST)
        host.pending.clear()
        proof = host.expect(Hello)
        assert proof.nonce == NONCE and proof.mode is ShoeMode.NONE
        assert device.count("pair_ignored") == 1 and not device.in_pairing_mode
        host.close()
    assert json.loads(state.read_text())["key"] == new_key.hex()


def test_an_unplugged_shoe_fails_reads_and_cannot_be_opened() -> None:
    device = MockShoeDevice(key=KEY, croupier=stacked("AS"))
    with device_on("plug", device):
        host = ScriptedHost("plug")
        host.query()
        device.unplug()
        with pytest.raises(serial.SerialException):
            host.port.read(1)
        with pytest.raises(serial.SerialException):
            serial.serial_for_url("mockshoe://plug")
        device.replug()
        again = ScriptedHost("plug")
        again.query()
        again.close()
    with pytest.raises(serial.SerialException, match="no mock shoe"):
        serial.serial_for_url("mockshoe://nobody")


@pytest.mark.parametrize(
    ("build", "problem"),
    [
        (lambda: Croupier(decks=0), "decks: 0 is not allowed: a whole number from 1 to 16"),
        (lambda: Croupier(decks=1000), "decks: 1000 is not allowed"),
        (lambda: Croupier(pace=float("nan")), "pace: nan is not allowed"),
        (lambda: Croupier(cut_card_from_end=-1), "cut_card_from_end: -1 is not allowed"),
        (lambda: MockShoeDevice(serial_number=-5), "serial_number: -5 is not allowed"),
        (lambda: MockShoeDevice(serial_number=2**32), "from 0 to 4294967295"),
        (lambda: MockShoeDevice(key=b"\x00" * 32), "key: the all-zero and all-0xFF keys"),
        (lambda: MockShoeDevice(key=b"short"), "key: a shoe key is exactly 32 bytes"),
        (lambda: MockShoeDevice(firmware_version=(1, 300, 0)), "firmware_version: 300"),
    ],
)
def test_the_device_refuses_bad_parameters_when_it_is_made(build: Any, problem: str) -> None:
    """Not later, in the device's thread, where nobody sees the error."""
    with pytest.raises(ConfigError, match=problem):
        build()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("not json at all", "is not JSON"),
        ("[1, 2]", "is not a JSON object"),
        ('{"epoch": -1}', "epoch -1 is not a whole number"),
        ('{"epoch": "three"}', "epoch 'three' is not a whole number"),
        ('{"epoch": 1, "key": "zz"}', "its key is not a shoe key"),
        ('{"epoch": 1, "key": "' + "00" * 32 + '"}', "its key is not a shoe key"),
    ],
)
def test_a_state_file_that_is_not_one_is_refused_naming_it(
    tmp_path: Path, content: str, problem: str
) -> None:
    state = tmp_path / "eeprom.json"
    state.write_text(content)
    with pytest.raises(ConfigError, match=problem) as caught:
        MockShoeDevice(key=KEY, state_file=state)
    assert str(state) in str(caught.value)
    state.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ConfigError, match="is not JSON"):
        MockShoeDevice(state_file=state)
