"""Golden frames: one fixed example of each message, for byte-for-byte checks in both languages.

The files live in ``tests/data/protocol/<name>.txt``; the format is in docs/shoe-protocol.md
section 15. Tests compare the checked-in files with :func:`render_golden_file` and never
rewrite them. After a deliberate protocol change, regenerate them with::

    .venv/bin/python -c "from pathlib import Path; \\
    from dealer_assist.drivers.shoe.protocol.golden import write_golden_files; \\
    write_golden_files(Path('tests/data/protocol'))"

then review the diff, and update the firmware's copy in the same change.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path

from dealer_assist.cards import Card, parse_card
from dealer_assist.drivers.shoe.protocol.codec import encode_raw_frame
from dealer_assist.drivers.shoe.protocol.framing import (
    PAIRING_KEY,
    PROTOCOL_VERSION,
    frame_to_wire,
)
from dealer_assist.drivers.shoe.protocol.messages import (
    Acknowledge,
    Button,
    ButtonPressed,
    BuzzerPattern,
    Capability,
    CardRead,
    EpochReason,
    FaultCode,
    Hello,
    Indicator,
    LockExit,
    Message,
    Pair,
    Part,
    Press,
    QueryStatus,
    ResetSequence,
    SelfTest,
    SelfTestFlag,
    SelfTestResult,
    Sensor,
    SensorFault,
    SensorFlag,
    SetIndicator,
    ShoeMode,
    ShoeState,
    SoundBuzzer,
    StatusReport,
    UnlockExit,
    suit_code,
)

GOLDEN_KEY = bytes(range(0x20))
"""The test key 00 01 02 ... 1f. Never pair a real shoe with it."""
PAIRED_KEY = bytes(range(0xA0, 0xC0))
"""The key the golden PAIR frame installs (a0 a1 ... bf)."""
NONCE = bytes.fromhex("5a5a0123456789a5")
SERIAL = 0x0012D687  # 1234567
EPOCH = 7
_CAPS = Capability.RFID_READER | Capability.EXIT_LOCK | Capability.BUZZER | Capability.INDICATOR
_UID = bytes.fromhex("04a1b2c3d4e5f6")


@dataclass(frozen=True, slots=True, kw_only=True)
class GoldenVector:
    name: str
    description: str
    message: Message
    epoch: int
    seq: int
    key: bytes = GOLDEN_KEY

    @property
    def raw(self) -> bytes:
        return encode_raw_frame(self.message, key=self.key, epoch=self.epoch, seq=self.seq)

    @property
    def wire(self) -> bytes:
        return frame_to_wire(self.raw)


def _hello(mode: ShoeMode, nonce: bytes, host_seq_last: int) -> Hello:
    return Hello(
        serial_number=SERIAL,
        firmware_version=(1, 2, 3),
        mode=mode,
        capabilities=_CAPS,
        boot_epoch=EPOCH,
        epoch_reason=EpochReason.POWER_ON,
        host_seq_last=host_seq_last,
        nonce=nonce,
    )


GOLDEN_VECTORS: tuple[GoldenVector, ...] = (
    GoldenVector(
        name="hello",
        description="HELLO answering QUERY_STATUS (nonce echoed)",
        message=_hello(ShoeMode.NONE, NONCE, 17),
        epoch=EPOCH,
        seq=41,
    ),
    GoldenVector(
        name="hello_pairing",
        description="HELLO in pairing mode, under the all-zero pairing key",
        message=_hello(ShoeMode.PAIRING, bytes(8), 0),
        epoch=EPOCH,
        seq=1,
        key=PAIRING_KEY,
    ),
    GoldenVector(
        name="card",
        description="CARD: queen of hearts read from a 7-byte NTAG UID (the worked example)",
        message=CardRead(event_epoch=EPOCH, event_seq=3, card=parse_card("QH"), tag_data=_UID),
        epoch=EPOCH,
        seq=42,
    ),
    GoldenVector(
        name="card_unknown",
        description="CARD: a tag the shoe could not map to a card (rank and suit 0xFF)",
        message=CardRead(event_epoch=EPOCH, event_seq=4, card=None, tag_data=_UID),
        epoch=EPOCH,
        seq=43,
    ),
    GoldenVector(
        name="card_max_tag",
        description="CARD: ten of clubs with the largest tag data (48 bytes 0x00..0x2f)",
        message=CardRead(
            event_epoch=EPOCH, event_seq=5, card=parse_card("TC"), tag_data=bytes(range(48))
        ),
        epoch=EPOCH,
        seq=44,
    ),
    GoldenVector(
        name="status",
        description="STATUS: ready, banker draws, card at exit and exit locked, one event queued",
        message=StatusReport(
            state=ShoeState.READY,
            indicator=Indicator.BANKER_DRAWS,
            sensors=SensorFlag.CARD_AT_EXIT | SensorFlag.EXIT_LOCKED,
            queue_depth=1,
            last_event_seq=5,
            host_seq_last=17,
        ),
        epoch=EPOCH,
        seq=45,
    ),
    GoldenVector(
        name="sensor_fault",
        description="SENSOR_FAULT: card reader not answering, reader error 0x0102",
        message=SensorFault(sensor=Sensor.CARD_READER, fault=FaultCode.NO_RESPONSE, detail=0x0102),
        epoch=EPOCH,
        seq=46,
    ),
    GoldenVector(
        name="button",
        description="BUTTON: new-shoe button, long press",
        message=ButtonPressed(button=Button.NEW_SHOE, press=Press.LONG),
        epoch=EPOCH,
        seq=47,
    ),
    GoldenVector(
        name="ack",
        description="ACK of CARD event 7:3",
        message=Acknowledge(event_epoch=EPOCH, event_seq=3),
        epoch=EPOCH,
        seq=18,
    ),
    GoldenVector(
        name="set_indicator",
        description="SET_INDICATOR: player draws",
        message=SetIndicator(indicator=Indicator.PLAYER_DRAWS),
        epoch=EPOCH,
        seq=19,
    ),
    GoldenVector(
        name="buzzer",
        description="BUZZER: double beep for 300 ms",
        message=SoundBuzzer(pattern=BuzzerPattern.DOUBLE, duration_ms=300),
        epoch=EPOCH,
        seq=20,
    ),
    GoldenVector(
        name="query_status",
        description="QUERY_STATUS with a nonce (epoch 0, seq 0: unsequenced)",
        message=QueryStatus(nonce=NONCE),
        epoch=0,
        seq=0,
    ),
    GoldenVector(
        name="reset_sequence",
        description="RESET_SEQUENCE (new shoe) with a nonce",
        message=ResetSequence(nonce=NONCE),
        epoch=EPOCH,
        seq=21,
    ),
    GoldenVector(
        name="lock_exit",
        description="LOCK_EXIT (empty payload)",
        message=LockExit(),
        epoch=EPOCH,
        seq=22,
    ),
    GoldenVector(
        name="unlock_exit",
        description="UNLOCK_EXIT (empty payload)",
        message=UnlockExit(),
        epoch=EPOCH,
        seq=23,
    ),
    GoldenVector(
        name="pair",
        description="PAIR installing key a0..bf, under the pairing key (epoch 0, seq 0)",
        message=Pair(serial_number=SERIAL, key=PAIRED_KEY, nonce=NONCE),
        epoch=0,
        seq=0,
        key=PAIRING_KEY,
    ),
    GoldenVector(
        name="self_test",
        description="SELF_TEST (empty payload)",
        message=SelfTest(),
        epoch=EPOCH,
        seq=24,
    ),
    GoldenVector(
        name="self_test_result",
        description="SELF_TEST_RESULT: every part passed but the buzzer, PN532 firmware 1.6",
        message=SelfTestResult(
            flags=SelfTestFlag.NONE,
            passed=Part(0x07FF) & ~Part.BUZZER,
            failed=Part.BUZZER,
            reader_version=bytes([0x32, 0x01, 0x06]),
            inputs=0,
            elapsed_ms=1210,
            eeprom_dropped=0,
        ),
        epoch=EPOCH,
        seq=48,
    ),
)


def _describe(value: object) -> str:
    if isinstance(value, Card):
        return f"{value.code} (rank byte {int(value.rank)}, suit byte {suit_code(value.suit)})"
    if isinstance(value, Enum):
        return f"{value.name} ({int(value.value)})" if value.name else f"({int(value.value)})"
    if isinstance(value, bytes):
        return value.hex(" ") if value else "(none)"
    if value is None:
        return "unknown (rank byte 0xff, suit byte 0xff)"
    return str(value)


def render_golden_file(vector: GoldenVector) -> str:
    """The exact text of a golden file: ``#`` comments, then ``raw`` and ``wire`` hex lines."""
    key_name = "pairing key (32 x 00)" if vector.key == PAIRING_KEY else "test key 00 01 .. 1f"
    lines = [
        f"# dealer-assist shoe protocol v{PROTOCOL_VERSION} golden frame: {vector.name}",
        f"# {vector.description}",
        f"# type 0x{int(vector.message.TYPE):02x} {vector.message.TYPE.name}, "
        f"{vector.message.TYPE.direction.value}, epoch {vector.epoch}, seq {vector.seq}",
        f"# key: {key_name}",
    ]
    for item in fields(vector.message):
        lines.append(f"# field {item.name} = {_describe(getattr(vector.message, item.name))}")
    lines.append(f"raw {vector.raw.hex(' ')}")
    lines.append(f"wire {vector.wire.hex(' ')}")
    return "\n".join(lines) + "\n"


def read_golden_file(path: Path) -> tuple[bytes, bytes]:
    """``(raw, wire)`` from a golden file, as a C test would read it."""
    found: dict[str, bytes] = {}
    for line in path.read_text(encoding="ascii").splitlines():
        if not line or line.startswith("#"):
            continue
        label, _, hex_text = line.partition(" ")
        found[label] = bytes.fromhex(hex_text)
    return found["raw"], found["wire"]


def write_golden_files(directory: Path) -> list[Path]:
    """Regenerate every golden file in ``directory``; see the module docstring."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for vector in GOLDEN_VECTORS:
        path = directory / f"{vector.name}.txt"
        path.write_text(render_golden_file(vector), encoding="ascii", newline="\n")
        written.append(path)
    return written
