"""The messages of the shoe link: one frozen dataclass per message type, with its payload codec.

Payload layouts are in docs/shoe-protocol.md section 9; every integer is little-endian.
Constructors validate their fields (raising :class:`ShoeProtocolError`), so a message that
exists can always be encoded, and a decoded payload that breaks a rule never becomes a message.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from enum import IntEnum, IntFlag
from typing import Any, ClassVar, Self

from dealer_assist.cards import ALL_SUITS, Card, Rank, Suit
from dealer_assist.drivers.shoe.protocol.framing import (
    U8_MAX,
    U16_MAX,
    U32_MAX,
    Direction,
    ShoeProtocolError,
    check_key,
)

NONCE_SIZE = 8
MAX_TAG_DATA = 48
"""Bytes of raw tag data a CARD may carry (an NTAG UID is 7, a MIFARE Ultralight page read 16)."""
MAX_BUZZER_MS = 10_000
UNKNOWN = 0xFF
"""Rank and suit bytes of a card the shoe could not identify."""

_SUIT_CODE = {suit: index for index, suit in enumerate(ALL_SUITS)}


class MessageType(IntEnum):
    """The type byte. Bit 7 set: host to shoe."""

    HELLO = 0x01
    CARD = 0x02
    STATUS = 0x03
    SENSOR_FAULT = 0x04
    BUTTON = 0x05
    SELF_TEST_RESULT = 0x06
    ACK = 0x81
    SET_INDICATOR = 0x82
    BUZZER = 0x83
    QUERY_STATUS = 0x84
    RESET_SEQUENCE = 0x85
    LOCK_EXIT = 0x86
    UNLOCK_EXIT = 0x87
    PAIR = 0x88
    SELF_TEST = 0x89

    @property
    def direction(self) -> Direction:
        return Direction.of_type_code(self)


class ShoeMode(IntFlag):
    """HELLO mode bits."""

    NONE = 0
    PAIRING = 0x01
    """Pairing mode: the new-shoe button was held at power-up; only HELLO and PAIR flow."""
    UNPAIRED = 0x02
    """No key in EEPROM: the shoe can only be paired."""


class Capability(IntFlag):
    """HELLO capability bits: what this shoe has."""

    NONE = 0
    RFID_READER = 0x0001
    OPTICAL_READER = 0x0002
    EXIT_LOCK = 0x0004
    BUZZER = 0x0008
    INDICATOR = 0x0010
    LID_SENSOR = 0x0020
    PERSISTENT_QUEUE = 0x0040
    """Unacknowledged CARD events survive a reboot (kept in EEPROM or FRAM)."""


class EpochReason(IntEnum):
    """Why the shoe's current epoch began (HELLO)."""

    POWER_ON = 1
    EXTERNAL_RESET = 2
    BROWN_OUT = 3
    WATCHDOG = 4
    NEW_SHOE = 5
    """The host sent RESET_SEQUENCE."""


class ShoeState(IntEnum):
    READY = 1
    FAULT = 2
    PAIRING = 3
    UNPAIRED = 4


class Indicator(IntEnum):
    OFF = 0
    PLAYER_DRAWS = 1
    BANKER_DRAWS = 2
    STOP = 3


class SensorFlag(IntFlag):
    """STATUS sensor bits: conditions that hold now."""

    NONE = 0
    LID_OPEN = 0x0001
    CARD_AT_EXIT = 0x0002
    SHOE_EMPTY = 0x0004
    READER_FAULT = 0x0008
    EXIT_LOCKED = 0x0010
    QUEUE_FULL = 0x0020
    LINK_LOST = 0x0040
    TAMPER = 0x0080


class Sensor(IntEnum):
    EXIT_SENSOR = 1
    CARD_READER = 2
    LID_SWITCH = 3
    EXIT_LOCK = 4
    EEPROM = 5
    BUTTON = 6


class FaultCode(IntEnum):
    CLEARED = 0
    NO_RESPONSE = 1
    STUCK = 2
    OUT_OF_RANGE = 3
    CHECKSUM = 4
    JAM = 5


class Button(IntEnum):
    RESULT_CHECK = 1
    NEW_SHOE = 2


class Press(IntEnum):
    SHORT = 1
    LONG = 2


class Part(IntFlag):
    """SELF_TEST_RESULT part bits: what the self-test exercised."""

    NONE = 0
    READER = 0x0001
    """The PN532 answered GetFirmwareVersion as a PN532."""
    EXIT_SENSOR = 0x0002
    """No card seen in the locked exit slot, the sensor neither stuck nor jammed."""
    LED_PLAYER = 0x0004
    LED_BANKER = 0x0008
    LED_STOP = 0x0010
    BUZZER = 0x0020
    EXIT_LOCK = 0x0040
    """Outputs: lit (sounded, released) in turn, each pin read back at the level driven."""
    BUTTON_RESULT = 0x0080
    BUTTON_NEW_SHOE = 0x0100
    """Buttons: not held down through the test (a stuck button fails)."""
    EEPROM = 0x0200
    """Identity and key records valid, no queued record dropped at boot."""
    CLOCK = 0x0400
    """The 1 ms tick ran through the test's steps."""


class SelfTestFlag(IntFlag):
    NONE = 0
    REFUSED = 0x01
    """A card was in the exit slot or events were waiting: nothing was tested."""


class BuzzerPattern(IntEnum):
    OFF = 0
    SINGLE = 1
    DOUBLE = 2
    ALARM = 3


def _check_int(name: str, value: int, top: int, bottom: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not bottom <= value <= top:
        raise ShoeProtocolError(f"{name} must be an integer in {bottom}..{top}, not {value!r}")


def _check_enum(name: str, value: object, kind: type[IntEnum] | type[IntFlag]) -> None:
    if not isinstance(value, kind):
        raise ShoeProtocolError(f"{name} must be a {kind.__name__}, not {value!r}")


def _check_nonce(name: str, value: bytes, *, allow_zero: bool) -> None:
    if not isinstance(value, bytes) or len(value) != NONCE_SIZE:
        raise ShoeProtocolError(f"{name} is exactly {NONCE_SIZE} bytes")
    if not allow_zero and value == bytes(NONCE_SIZE):
        raise ShoeProtocolError(f"{name} must not be all zero (that means 'no nonce')")


def _unpack(layout: struct.Struct, payload: bytes, what: str) -> tuple[Any, ...]:
    if len(payload) != layout.size:
        raise ShoeProtocolError(f"{what} payload is {layout.size} bytes, got {len(payload)}")
    return layout.unpack(payload)


class ProtocolMessage:
    """Base of every message: its type and its payload codec."""

    __slots__ = ()
    TYPE: ClassVar[MessageType]

    def encode_payload(self) -> bytes:
        raise NotImplementedError

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        raise NotImplementedError


# ----------------------------------------------------------------------------- shoe to host


@dataclass(frozen=True, slots=True, kw_only=True)
class Hello(ProtocolMessage):
    """Who the shoe is and which epoch it is in; sent at each epoch start and on QUERY_STATUS."""

    TYPE: ClassVar[MessageType] = MessageType.HELLO
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<IBBBBHIBI8s")

    serial_number: int
    firmware_version: tuple[int, int, int]
    mode: ShoeMode
    capabilities: Capability
    boot_epoch: int
    epoch_reason: EpochReason
    host_seq_last: int
    """The last host frame sequence the shoe accepted in this epoch (0: none yet)."""
    nonce: bytes = bytes(NONCE_SIZE)
    """The nonce of the QUERY_STATUS, RESET_SEQUENCE or PAIR answered; zeros if unsolicited."""

    def __post_init__(self) -> None:
        _check_int("serial_number", self.serial_number, U32_MAX)
        if not isinstance(self.firmware_version, tuple) or len(self.firmware_version) != 3:
            raise ShoeProtocolError("firmware_version is (major, minor, patch)")
        for part in self.firmware_version:
            _check_int("firmware_version part", part, U8_MAX)
        _check_enum("mode", self.mode, ShoeMode)
        _check_int("mode", int(self.mode), U8_MAX)
        _check_enum("capabilities", self.capabilities, Capability)
        _check_int("capabilities", int(self.capabilities), U16_MAX)
        _check_int("boot_epoch", self.boot_epoch, U32_MAX, 1)
        _check_enum("epoch_reason", self.epoch_reason, EpochReason)
        _check_int("host_seq_last", self.host_seq_last, U32_MAX)
        _check_nonce("nonce", self.nonce, allow_zero=True)

    def encode_payload(self) -> bytes:
        major, minor, patch = self.firmware_version
        return self._LAYOUT.pack(
            self.serial_number,
            major,
            minor,
            patch,
            self.mode,
            self.capabilities,
            self.boot_epoch,
            self.epoch_reason,
            self.host_seq_last,
            self.nonce,
        )

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        serial, major, minor, patch, mode, caps, epoch, reason, host_seq, nonce = _unpack(
            cls._LAYOUT, payload, "HELLO"
        )
        assert isinstance(nonce, bytes)
        return cls(
            serial_number=int(serial),
            firmware_version=(int(major), int(minor), int(patch)),
            mode=ShoeMode(mode),
            capabilities=Capability(caps),
            boot_epoch=int(epoch),
            epoch_reason=EpochReason(reason),
            host_seq_last=int(host_seq),
            nonce=nonce,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class CardRead(ProtocolMessage):
    """One card out of the shoe: the event the host must acknowledge. ``card`` None: unknown."""

    TYPE: ClassVar[MessageType] = MessageType.CARD
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<IIBBB")

    event_epoch: int
    event_seq: int
    card: Card | None
    tag_data: bytes = b""

    def __post_init__(self) -> None:
        _check_int("event_epoch", self.event_epoch, U32_MAX, 1)
        _check_int("event_seq", self.event_seq, U32_MAX, 1)
        if self.card is not None and not isinstance(self.card, Card):
            raise ShoeProtocolError(f"card must be a Card or None, not {self.card!r}")
        if not isinstance(self.tag_data, bytes) or len(self.tag_data) > MAX_TAG_DATA:
            raise ShoeProtocolError(f"tag_data is bytes, at most {MAX_TAG_DATA} of them")

    @property
    def event_id(self) -> tuple[int, int]:
        """``(event_epoch, event_seq)``: what ACK names and what duplicates share."""
        return (self.event_epoch, self.event_seq)

    def encode_payload(self) -> bytes:
        if self.card is None:
            rank, suit = UNKNOWN, UNKNOWN
        else:
            rank, suit = int(self.card.rank), _SUIT_CODE[self.card.suit]
        head = self._LAYOUT.pack(self.event_epoch, self.event_seq, rank, suit, len(self.tag_data))
        return head + self.tag_data

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        size = cls._LAYOUT.size
        if len(payload) < size:
            raise ShoeProtocolError(f"CARD payload is at least {size} bytes, got {len(payload)}")
        epoch, seq, rank, suit, tag_length = cls._LAYOUT.unpack_from(payload)
        if len(payload) != size + tag_length:
            raise ShoeProtocolError(f"CARD says {tag_length} tag bytes, carries a different count")
        card: Card | None
        if rank == UNKNOWN and suit == UNKNOWN:
            card = None
        elif 1 <= rank <= 13 and 0 <= suit < len(ALL_SUITS):
            card = Card(Rank(rank), ALL_SUITS[suit])
        else:
            raise ShoeProtocolError(f"CARD rank {rank} suit {suit} is neither a card nor unknown")
        return cls(event_epoch=epoch, event_seq=seq, card=card, tag_data=payload[size:])


@dataclass(frozen=True, slots=True, kw_only=True)
class StatusReport(ProtocolMessage):
    """The heartbeat: sent every second, and after each host command but ACK."""

    TYPE: ClassVar[MessageType] = MessageType.STATUS
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<BBHBII")

    state: ShoeState
    indicator: Indicator
    sensors: SensorFlag
    queue_depth: int
    """CARD events waiting for an ACK."""
    last_event_seq: int
    """The highest CARD event sequence issued in this epoch (0: none yet)."""
    host_seq_last: int

    def __post_init__(self) -> None:
        _check_enum("state", self.state, ShoeState)
        _check_enum("indicator", self.indicator, Indicator)
        _check_enum("sensors", self.sensors, SensorFlag)
        _check_int("sensors", int(self.sensors), U16_MAX)
        _check_int("queue_depth", self.queue_depth, U8_MAX)
        _check_int("last_event_seq", self.last_event_seq, U32_MAX)
        _check_int("host_seq_last", self.host_seq_last, U32_MAX)

    def encode_payload(self) -> bytes:
        return self._LAYOUT.pack(
            self.state,
            self.indicator,
            self.sensors,
            self.queue_depth,
            self.last_event_seq,
            self.host_seq_last,
        )

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        state, indicator, sensors, depth, last_event, host_seq = _unpack(
            cls._LAYOUT, payload, "STATUS"
        )
        return cls(
            state=ShoeState(state),
            indicator=Indicator(indicator),
            sensors=SensorFlag(sensors),
            queue_depth=int(depth),
            last_event_seq=int(last_event),
            host_seq_last=int(host_seq),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class SensorFault(ProtocolMessage):
    """A sensor failed (or recovered: ``fault`` CLEARED). STATUS repeats the condition."""

    TYPE: ClassVar[MessageType] = MessageType.SENSOR_FAULT
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<BBH")

    sensor: Sensor
    fault: FaultCode
    detail: int = 0
    """Sensor-specific, e.g. the reader's error code."""

    def __post_init__(self) -> None:
        _check_enum("sensor", self.sensor, Sensor)
        _check_enum("fault", self.fault, FaultCode)
        _check_int("detail", self.detail, U16_MAX)

    def encode_payload(self) -> bytes:
        return self._LAYOUT.pack(self.sensor, self.fault, self.detail)

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        sensor, fault, detail = _unpack(cls._LAYOUT, payload, "SENSOR_FAULT")
        return cls(sensor=Sensor(sensor), fault=FaultCode(fault), detail=int(detail))


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonPressed(ProtocolMessage):
    TYPE: ClassVar[MessageType] = MessageType.BUTTON
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<BB")

    button: Button
    press: Press = Press.SHORT

    def __post_init__(self) -> None:
        _check_enum("button", self.button, Button)
        _check_enum("press", self.press, Press)

    def encode_payload(self) -> bytes:
        return self._LAYOUT.pack(self.button, self.press)

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        button, press = _unpack(cls._LAYOUT, payload, "BUTTON")
        return cls(button=Button(button), press=Press(press))


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfTestResult(ProtocolMessage):
    """The outcome of SELF_TEST: each part passed, failed, or (in neither) not fitted."""

    TYPE: ClassVar[MessageType] = MessageType.SELF_TEST_RESULT
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<BHH3sBHB")

    flags: SelfTestFlag
    passed: Part
    failed: Part
    reader_version: bytes = bytes(3)
    """The PN532's GetFirmwareVersion: IC (0x32), version, revision; zeros without an answer."""
    inputs: int = 0
    """At the end: bit 0 a card in the exit slot, bit 1 RESULT_CHECK held, bit 2 NEW_SHOE held."""
    elapsed_ms: int = 0
    """The test's length by the shoe's own clock."""
    eeprom_dropped: int = 0
    """Queued records whose CRC failed at boot."""

    def __post_init__(self) -> None:
        _check_enum("flags", self.flags, SelfTestFlag)
        _check_int("flags", int(self.flags), U8_MAX)
        for name in ("passed", "failed"):
            _check_enum(name, getattr(self, name), Part)
            _check_int(name, int(getattr(self, name)), U16_MAX)
        if self.passed & self.failed:
            raise ShoeProtocolError(f"parts both passed and failed: {self.passed & self.failed!r}")
        if not isinstance(self.reader_version, bytes) or len(self.reader_version) != 3:
            raise ShoeProtocolError("reader_version is exactly 3 bytes")
        _check_int("inputs", self.inputs, U8_MAX)
        _check_int("elapsed_ms", self.elapsed_ms, U16_MAX)
        _check_int("eeprom_dropped", self.eeprom_dropped, U8_MAX)

    def encode_payload(self) -> bytes:
        return self._LAYOUT.pack(
            self.flags,
            self.passed,
            self.failed,
            self.reader_version,
            self.inputs,
            self.elapsed_ms,
            self.eeprom_dropped,
        )

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        flags, passed, failed, reader, inputs, elapsed, dropped = _unpack(
            cls._LAYOUT, payload, "SELF_TEST_RESULT"
        )
        assert isinstance(reader, bytes)
        return cls(
            flags=SelfTestFlag(flags),
            passed=Part(passed),
            failed=Part(failed),
            reader_version=reader,
            inputs=int(inputs),
            elapsed_ms=int(elapsed),
            eeprom_dropped=int(dropped),
        )


# ----------------------------------------------------------------------------- host to shoe


@dataclass(frozen=True, slots=True, kw_only=True)
class Acknowledge(ProtocolMessage):
    """The host holds CARD event ``(event_epoch, event_seq)``: stop resending it."""

    TYPE: ClassVar[MessageType] = MessageType.ACK
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<II")

    event_epoch: int
    event_seq: int

    def __post_init__(self) -> None:
        _check_int("event_epoch", self.event_epoch, U32_MAX, 1)
        _check_int("event_seq", self.event_seq, U32_MAX, 1)

    @classmethod
    def of(cls, card: CardRead) -> Acknowledge:
        return cls(event_epoch=card.event_epoch, event_seq=card.event_seq)

    def encode_payload(self) -> bytes:
        return self._LAYOUT.pack(self.event_epoch, self.event_seq)

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        epoch, seq = _unpack(cls._LAYOUT, payload, "ACK")
        return cls(event_epoch=int(epoch), event_seq=int(seq))


@dataclass(frozen=True, slots=True, kw_only=True)
class SetIndicator(ProtocolMessage):
    """Light the shoe's draw indicator; also the host's keepalive (sent at least every second)."""

    TYPE: ClassVar[MessageType] = MessageType.SET_INDICATOR
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<B")

    indicator: Indicator

    def __post_init__(self) -> None:
        _check_enum("indicator", self.indicator, Indicator)

    def encode_payload(self) -> bytes:
        return self._LAYOUT.pack(self.indicator)

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        (indicator,) = _unpack(cls._LAYOUT, payload, "SET_INDICATOR")
        return cls(indicator=Indicator(indicator))


@dataclass(frozen=True, slots=True, kw_only=True)
class SoundBuzzer(ProtocolMessage):
    """Sound a pattern for ``duration_ms`` (1..10000); OFF with 0 silences the buzzer."""

    TYPE: ClassVar[MessageType] = MessageType.BUZZER
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<BH")

    pattern: BuzzerPattern
    duration_ms: int

    def __post_init__(self) -> None:
        _check_enum("pattern", self.pattern, BuzzerPattern)
        if self.pattern is BuzzerPattern.OFF:
            _check_int("duration_ms with pattern OFF", self.duration_ms, 0)
        else:
            _check_int("duration_ms", self.duration_ms, MAX_BUZZER_MS, 1)

    def encode_payload(self) -> bytes:
        return self._LAYOUT.pack(self.pattern, self.duration_ms)

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        pattern, duration = _unpack(cls._LAYOUT, payload, "BUZZER")
        return cls(pattern=BuzzerPattern(pattern), duration_ms=int(duration))


@dataclass(frozen=True, slots=True, kw_only=True)
class _NonceMessage(ProtocolMessage):
    """A host message whose payload is a fresh nonce the shoe's HELLO echoes."""

    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<8s")

    nonce: bytes

    def __post_init__(self) -> None:
        _check_nonce("nonce", self.nonce, allow_zero=False)

    def encode_payload(self) -> bytes:
        return self.nonce

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        (nonce,) = _unpack(cls._LAYOUT, payload, cls.TYPE.name)
        assert isinstance(nonce, bytes)
        return cls(nonce=nonce)


@dataclass(frozen=True, slots=True, kw_only=True)
class QueryStatus(_NonceMessage):
    """Ask for HELLO (echoing ``nonce``) then STATUS. Exempt from sequencing: see spec 7.4."""

    TYPE: ClassVar[MessageType] = MessageType.QUERY_STATUS


@dataclass(frozen=True, slots=True, kw_only=True)
class ResetSequence(_NonceMessage):
    """New shoe: start a new epoch (event numbering restarts at 1) if no event is unacknowledged."""

    TYPE: ClassVar[MessageType] = MessageType.RESET_SEQUENCE


class _NoPayload(ProtocolMessage):
    """A host message with no payload."""

    __slots__ = ()

    def encode_payload(self) -> bytes:
        return b""

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        if payload:
            raise ShoeProtocolError(f"{cls.TYPE.name} has no payload")
        return cls()


@dataclass(frozen=True, slots=True, kw_only=True)
class LockExit(_NoPayload):
    """Engage the exit lock, if the shoe has one: no card can be drawn."""

    TYPE: ClassVar[MessageType] = MessageType.LOCK_EXIT


@dataclass(frozen=True, slots=True, kw_only=True)
class UnlockExit(_NoPayload):
    TYPE: ClassVar[MessageType] = MessageType.UNLOCK_EXIT


@dataclass(frozen=True, slots=True, kw_only=True)
class Pair(ProtocolMessage):
    """Install ``key`` in the shoe numbered ``serial_number``; only honoured in pairing mode."""

    TYPE: ClassVar[MessageType] = MessageType.PAIR
    _LAYOUT: ClassVar[struct.Struct] = struct.Struct("<I32s8s")

    serial_number: int
    key: bytes = field(repr=False)
    nonce: bytes

    def __post_init__(self) -> None:
        _check_int("serial_number", self.serial_number, U32_MAX)
        check_key(self.key)
        _check_nonce("nonce", self.nonce, allow_zero=False)

    def encode_payload(self) -> bytes:
        return self._LAYOUT.pack(self.serial_number, self.key, self.nonce)

    @classmethod
    def decode_payload(cls, payload: bytes) -> Self:
        serial, key, nonce = _unpack(cls._LAYOUT, payload, "PAIR")
        assert isinstance(key, bytes) and isinstance(nonce, bytes)
        return cls(serial_number=int(serial), key=key, nonce=nonce)


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfTest(_NoPayload):
    """Run the self-test: every part in turn, about 1.2 s; SELF_TEST_RESULT follows."""

    TYPE: ClassVar[MessageType] = MessageType.SELF_TEST


ShoeMessage = Hello | CardRead | StatusReport | SensorFault | ButtonPressed | SelfTestResult
HostMessage = (
    Acknowledge
    | SetIndicator
    | SoundBuzzer
    | QueryStatus
    | ResetSequence
    | LockExit
    | UnlockExit
    | Pair
    | SelfTest
)
Message = ShoeMessage | HostMessage

MESSAGE_CLASSES: dict[MessageType, type[Message]] = {
    cls.TYPE: cls
    for cls in (
        Hello,
        CardRead,
        StatusReport,
        SensorFault,
        ButtonPressed,
        SelfTestResult,
        Acknowledge,
        SetIndicator,
        SoundBuzzer,
        QueryStatus,
        ResetSequence,
        LockExit,
        UnlockExit,
        Pair,
        SelfTest,
    )
}
"""Every message class by its type byte."""

UNSEQUENCED_TYPES = frozenset({MessageType.QUERY_STATUS, MessageType.PAIR})
"""Host frames sent with epoch 0 and seq 0 and exempt from the shoe's replay check (spec 7.4)."""
PAIRING_TYPES = frozenset({MessageType.HELLO, MessageType.PAIR})
"""The only types a frame under the public pairing key may carry."""


def decode_message(type_code: int, payload: bytes) -> Message:
    """The message of a type byte and payload; :class:`ShoeProtocolError` if it breaks a rule."""
    try:
        cls = MESSAGE_CLASSES[MessageType(type_code)]
    except ValueError:
        raise ShoeProtocolError(f"unknown message type 0x{type_code:02x}") from None
    try:
        return cls.decode_payload(payload)
    except ShoeProtocolError:
        raise
    except (ValueError, struct.error) as exc:  # an enum byte out of range
        raise ShoeProtocolError(f"{cls.TYPE.name}: {exc}") from None


def suit_code(suit: Suit) -> int:
    """The suit byte: 0 spades, 1 hearts, 2 diamonds, 3 clubs (new-deck order)."""
    return _SUIT_CODE[suit]
