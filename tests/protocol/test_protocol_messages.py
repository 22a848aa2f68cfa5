"""Every message: field validation, payload layout, and round trips through whole frames."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.cards import ALL_RANKS, ALL_SUITS, Card, parse_card
from dealer_assist.drivers.shoe.protocol import (
    MAX_PAYLOAD,
    MAX_TAG_DATA,
    Accepted,
    Acknowledge,
    Button,
    ButtonPressed,
    BuzzerPattern,
    Capability,
    CardRead,
    Direction,
    EpochReason,
    FaultCode,
    FrameDecoder,
    Hello,
    Indicator,
    LockExit,
    Message,
    MessageType,
    Pair,
    Press,
    QueryStatus,
    ResetSequence,
    Sensor,
    SensorFault,
    SensorFlag,
    SetIndicator,
    ShoeMode,
    ShoeProtocolError,
    ShoeState,
    SoundBuzzer,
    StatusReport,
    UnlockExit,
    decode_message,
    encode_frame,
)
from dealer_assist.drivers.shoe.protocol.golden import GOLDEN_VECTORS
from dealer_assist.drivers.shoe.protocol.messages import MESSAGE_CLASSES, UNSEQUENCED_TYPES

KEY = bytes(range(32))
FAST = settings(derandomize=True, max_examples=150, deadline=None)

u8 = st.integers(0, 0xFF)
u16 = st.integers(0, 0xFFFF)
u32 = st.integers(0, 0xFFFF_FFFF)
pos32 = st.integers(1, 0xFFFF_FFFF)
nonce = st.binary(min_size=8, max_size=8).filter(lambda b: b != bytes(8))
cards = st.builds(Card, st.sampled_from(ALL_RANKS), st.sampled_from(ALL_SUITS))

card_reads = st.builds(
    CardRead,
    event_epoch=pos32,
    event_seq=pos32,
    card=st.none() | cards,
    tag_data=st.binary(max_size=MAX_TAG_DATA),
)
shoe_messages: st.SearchStrategy[Message] = st.one_of(
    st.builds(
        Hello,
        serial_number=u32,
        firmware_version=st.tuples(u8, u8, u8),
        mode=st.builds(ShoeMode, st.integers(0, 0xFF)),
        capabilities=st.builds(Capability, u16),
        boot_epoch=pos32,
        epoch_reason=st.sampled_from(EpochReason),
        host_seq_last=u32,
        nonce=st.binary(min_size=8, max_size=8),
    ),
    card_reads,
    st.builds(
        StatusReport,
        state=st.sampled_from(ShoeState),
        indicator=st.sampled_from(Indicator),
        sensors=st.builds(SensorFlag, u16),
        queue_depth=u8,
        last_event_seq=u32,
        host_seq_last=u32,
    ),
    st.builds(
        SensorFault, sensor=st.sampled_from(Sensor), fault=st.sampled_from(FaultCode), detail=u16
    ),
    st.builds(ButtonPressed, button=st.sampled_from(Button), press=st.sampled_from(Press)),
)
host_messages: st.SearchStrategy[Message] = st.one_of(
    st.builds(Acknowledge, event_epoch=pos32, event_seq=pos32),
    st.builds(SetIndicator, indicator=st.sampled_from(Indicator)),
    st.builds(
        SoundBuzzer,
        pattern=st.sampled_from([p for p in BuzzerPattern if p is not BuzzerPattern.OFF]),
        duration_ms=st.integers(1, 10_000),
    ),
    st.builds(QueryStatus, nonce=nonce),
    st.builds(ResetSequence, nonce=nonce),
    st.just(LockExit()),
    st.just(UnlockExit()),
    st.builds(
        Pair,
        serial_number=u32,
        key=st.binary(min_size=32, max_size=32).filter(
            lambda k: k not in (bytes(32), b"\xff" * 32)
        ),
        nonce=nonce,
    ),
)


def position_for(message: Message, epoch: int, seq: int) -> tuple[int, int]:
    return (0, 0) if message.TYPE in UNSEQUENCED_TYPES else (epoch, seq)


def test_every_type_has_a_class_and_a_direction() -> None:
    assert set(MESSAGE_CLASSES) == set(MessageType)
    for message_type, cls in MESSAGE_CLASSES.items():
        assert cls.TYPE is message_type
        expected = Direction.HOST_TO_SHOE if message_type >= 0x80 else Direction.SHOE_TO_HOST
        assert message_type.direction is expected


@FAST
@given(message=shoe_messages | host_messages)
def test_payload_round_trip(message: Message) -> None:
    payload = message.encode_payload()
    assert len(payload) <= MAX_PAYLOAD
    assert decode_message(message.TYPE, payload) == message


@FAST
@given(message=shoe_messages | host_messages, epoch=pos32, seq=pos32)
def test_frame_round_trip(message: Message, epoch: int, seq: int) -> None:
    epoch, seq = position_for(message, epoch, seq)
    decoder = FrameDecoder(key=KEY, receiving=message.TYPE.direction)
    (result,) = decoder.feed(encode_frame(message, key=KEY, epoch=epoch, seq=seq))
    assert isinstance(result, Accepted)
    assert result.message == message
    assert result.header.position == (epoch, seq)
    assert result.header.type_code == message.TYPE


def test_payload_sizes() -> None:
    """The sizes of the spec's section 9 table."""
    sizes = {
        MessageType.HELLO: 27,
        MessageType.STATUS: 13,
        MessageType.SENSOR_FAULT: 4,
        MessageType.BUTTON: 2,
        MessageType.ACK: 8,
        MessageType.SET_INDICATOR: 1,
        MessageType.BUZZER: 3,
        MessageType.QUERY_STATUS: 8,
        MessageType.RESET_SEQUENCE: 8,
        MessageType.LOCK_EXIT: 0,
        MessageType.UNLOCK_EXIT: 0,
        MessageType.PAIR: 44,
        MessageType.SELF_TEST: 0,
        MessageType.SELF_TEST_RESULT: 12,
    }
    for vector in GOLDEN_VECTORS:
        payload = vector.message.encode_payload()
        if isinstance(vector.message, CardRead):
            assert len(payload) == 11 + len(vector.message.tag_data)
        else:
            assert len(payload) == sizes[vector.message.TYPE], vector.name
    longest = CardRead(event_epoch=1, event_seq=1, card=None, tag_data=bytes(MAX_TAG_DATA))
    assert len(longest.encode_payload()) == 11 + MAX_TAG_DATA <= MAX_PAYLOAD


def test_card_bytes() -> None:
    read = CardRead(event_epoch=2, event_seq=9, card=parse_card("AS"), tag_data=b"\x01\x02")
    assert read.encode_payload() == bytes.fromhex(
        "02000000 09000000 01 00 02 0102".replace(" ", "")
    )
    unknown = CardRead(event_epoch=2, event_seq=9, card=None)
    assert unknown.encode_payload()[8:] == b"\xff\xff\x00"
    assert read.event_id == (2, 9)
    for code, suit_byte in (("KS", 0), ("KH", 1), ("KD", 2), ("KC", 3)):
        message = CardRead(event_epoch=1, event_seq=1, card=parse_card(code))
        assert message.encode_payload()[8:10] == bytes([13, suit_byte])


@pytest.mark.parametrize(
    "payload",
    [
        bytes.fromhex("0100000001000000 00 00 00"),  # rank 0
        bytes.fromhex("0100000001000000 0e 00 00"),  # rank 14
        bytes.fromhex("0100000001000000 01 04 00"),  # suit 4
        bytes.fromhex("0100000001000000 ff 00 00"),  # half unknown
        bytes.fromhex("0100000001000000 01 ff 00"),  # half unknown
        bytes.fromhex("0100000001000000 01 00 02 aa"),  # tag shorter than its length
        bytes.fromhex("0100000001000000 01 00 00 aa"),  # tag longer than its length
        bytes.fromhex("0100000001000000 01 00"),  # truncated
        bytes.fromhex("0000000001000000 01 00 00"),  # epoch 0
        bytes.fromhex("0100000000000000 01 00 00"),  # event seq 0
        bytes.fromhex("0100000001000000 01 00 31") + bytes(49),  # tag too long
    ],
)
def test_bad_card_payloads_are_refused(payload: bytes) -> None:
    with pytest.raises(ShoeProtocolError):
        decode_message(MessageType.CARD, payload)


@pytest.mark.parametrize(
    ("type_code", "payload"),
    [
        (0x7F, b""),  # unknown type
        (MessageType.STATUS, bytes.fromhex("09 00 0000 00 00000000 00000000")),  # state 9
        (MessageType.SET_INDICATOR, b"\x04"),
        (MessageType.SET_INDICATOR, b""),
        (MessageType.BUZZER, bytes.fromhex("00 0100")),  # OFF with a duration
        (MessageType.BUZZER, bytes.fromhex("01 0000")),  # a beep of 0 ms
        (MessageType.BUZZER, bytes.fromhex("01 1127")),  # 10001 ms
        (MessageType.QUERY_STATUS, bytes(8)),  # zero nonce
        (MessageType.LOCK_EXIT, b"\x00"),
        (MessageType.UNLOCK_EXIT, b"\x00"),
        (MessageType.PAIR, bytes(4) + bytes(32) + b"\x01" * 8),  # all-zero key
        (MessageType.BUTTON, b"\x03\x01"),
        (MessageType.SENSOR_FAULT, b"\x00\x00\x00\x00"),
        (MessageType.HELLO, bytes(27)),  # boot epoch 0, reason 0
        (MessageType.ACK, bytes(8)),
    ],
)
def test_bad_payloads_are_refused(type_code: int, payload: bytes) -> None:
    with pytest.raises(ShoeProtocolError):
        decode_message(type_code, payload)


def test_constructors_validate() -> None:
    with pytest.raises(ShoeProtocolError):
        CardRead(event_epoch=0, event_seq=1, card=None)
    with pytest.raises(ShoeProtocolError):
        CardRead(event_epoch=1, event_seq=1, card=None, tag_data=bytes(49))
    with pytest.raises(ShoeProtocolError):
        CardRead(event_epoch=1, event_seq=1, card="AS")  # type: ignore[arg-type]
    with pytest.raises(ShoeProtocolError):
        SetIndicator(indicator=1)  # type: ignore[arg-type]
    with pytest.raises(ShoeProtocolError):
        Acknowledge(event_epoch=1, event_seq=2**32)
    with pytest.raises(ShoeProtocolError):
        StatusReport(
            state=ShoeState.READY,
            indicator=Indicator.OFF,
            sensors=SensorFlag.NONE,
            queue_depth=256,
            last_event_seq=0,
            host_seq_last=0,
        )
    with pytest.raises(ShoeProtocolError):
        QueryStatus(nonce=bytes(8))
    with pytest.raises(ShoeProtocolError):
        Pair(serial_number=1, key=b"\xff" * 32, nonce=b"\x01" * 8)
    with pytest.raises(ShoeProtocolError):
        Hello(
            serial_number=1,
            firmware_version=(1, 2),  # type: ignore[arg-type]
            mode=ShoeMode.NONE,
            capabilities=Capability.NONE,
            boot_epoch=1,
            epoch_reason=EpochReason.POWER_ON,
            host_seq_last=0,
        )
    with pytest.raises(ShoeProtocolError):
        SoundBuzzer(pattern=BuzzerPattern.OFF, duration_ms=5)


def test_pair_key_is_not_in_repr() -> None:
    pair = Pair(serial_number=1, key=bytes(range(1, 33)), nonce=b"\x01" * 8)
    assert bytes(range(1, 33)).hex() not in repr(pair)
    assert "key" not in repr(pair)


def test_unknown_flag_bits_survive() -> None:
    """Receivers ignore flag bits they do not know; they must not turn the frame away."""
    status = StatusReport(
        state=ShoeState.READY,
        indicator=Indicator.OFF,
        sensors=SensorFlag(0x8100),
        queue_depth=0,
        last_event_seq=0,
        host_seq_last=0,
    )
    assert decode_message(MessageType.STATUS, status.encode_payload()) == status


def test_acknowledge_of_card() -> None:
    read = CardRead(event_epoch=5, event_seq=6, card=None)
    assert Acknowledge.of(read) == Acknowledge(event_epoch=5, event_seq=6)
