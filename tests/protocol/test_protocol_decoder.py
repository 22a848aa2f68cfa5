"""The stream decoder: resynchronisation, each rejection reason, counters, replay guards."""

from __future__ import annotations

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.drivers.shoe.protocol import (
    MAX_ENCODED_FRAME,
    PAIRING_KEY,
    Accepted,
    Acknowledge,
    CardRead,
    DecodeResult,
    Direction,
    FrameDecoder,
    FrameEncoder,
    HostReplayGuard,
    LockExit,
    Pair,
    QueryStatus,
    Rejected,
    RejectReason,
    SetIndicator,
    ShoeProtocolError,
    ShoeReplayGuard,
    build_raw_frame,
    cobs_encode,
    encode_frame,
    encode_raw_frame,
    frame_to_wire,
)
from dealer_assist.drivers.shoe.protocol.golden import GOLDEN_VECTORS, NONCE
from dealer_assist.drivers.shoe.protocol.messages import Hello, Indicator

KEY = bytes(range(32))
OTHER_KEY = bytes(range(1, 33))
S2H = Direction.SHOE_TO_HOST
H2S = Direction.HOST_TO_SHOE


def _golden_hello() -> Hello:
    message = next(v.message for v in GOLDEN_VECTORS if v.name == "hello")
    assert isinstance(message, Hello)
    return message


HELLO = _golden_hello()


def card(seq: int, code: str = "QH", epoch: int = 7) -> CardRead:
    return CardRead(event_epoch=epoch, event_seq=seq, card=parse_card(code))


def card_wire(seq: int, *, frame_seq: int | None = None, epoch: int = 7, key: bytes = KEY) -> bytes:
    return encode_frame(card(seq, epoch=epoch), key=key, epoch=epoch, seq=frame_seq or seq)


def accepted(results: list[DecodeResult]) -> list[Accepted]:
    return [r for r in results if isinstance(r, Accepted)]


def reasons(results: list[DecodeResult]) -> list[RejectReason]:
    return [r.reason for r in results if isinstance(r, Rejected)]


def host_decoder(**kwargs: object) -> FrameDecoder:
    return FrameDecoder(key=KEY, receiving=S2H, **kwargs)  # type: ignore[arg-type]


def test_consecutive_frames() -> None:
    decoder = host_decoder()
    stream = b"".join(card_wire(seq) for seq in range(1, 6))
    results = decoder.feed(stream)
    assert [r.message for r in accepted(results)] == [card(seq) for seq in range(1, 6)]
    assert reasons(results) == []
    assert decoder.stats.frames_accepted == 5
    assert decoder.stats.bytes_received == len(stream)


def test_every_split_of_the_stream_gives_the_same_frames() -> None:
    stream = card_wire(1) + b"\x13\x37" + card_wire(2)
    for cut in range(len(stream) + 1):
        decoder = host_decoder()
        results = decoder.feed(stream[:cut]) + decoder.feed(stream[cut:])
        assert [r.message for r in accepted(results)] == [card(1), card(2)], cut


def test_byte_by_byte_feeding() -> None:
    decoder = host_decoder()
    results: list[DecodeResult] = []
    for byte in card_wire(1) + card_wire(2):
        results += decoder.feed(bytes([byte]))
    assert len(accepted(results)) == 2


def test_resynchronises_after_garbage() -> None:
    garbage = bytes(range(1, 200)) + b"\x00\x01\x02" + bytes(300) + b"\xff" * 500
    stream = garbage + card_wire(1) + garbage + card_wire(2) + garbage
    decoder = host_decoder()
    results = decoder.feed(stream)
    assert [r.message for r in accepted(results)] == [card(1), card(2)]
    assert decoder.stats.oversized >= 3


def test_frame_without_leading_delimiter_after_a_clean_line() -> None:
    """The leading 00 is a courtesy: a receiver at rest needs only the trailing one."""
    decoder = host_decoder()
    (result,) = decoder.feed(card_wire(1)[1:])
    assert isinstance(result, Accepted)


def test_oversized_run_is_reported_once_then_recovers() -> None:
    decoder = host_decoder()
    results = decoder.feed(b"\x01" * 1000)
    results += decoder.feed(b"\x01" * 1000)
    results += decoder.feed(b"\x00" + card_wire(1))
    assert reasons(results) == [RejectReason.OVERSIZED]
    assert len(accepted(results)) == 1


def test_just_oversized_chunk() -> None:
    decoder = host_decoder()
    assert reasons(decoder.feed(b"\x01" * (MAX_ENCODED_FRAME + 1) + b"\x00")) == [
        RejectReason.OVERSIZED
    ]
    chunk = b"\x01" * (MAX_ENCODED_FRAME + 1)
    assert reasons([decoder.decode_chunk(chunk)]) == [RejectReason.OVERSIZED]


def test_reset_forgets_a_partial_frame() -> None:
    decoder = host_decoder()
    wire = card_wire(1)
    assert decoder.feed(wire[:20]) == []
    decoder.reset()
    assert reasons(decoder.feed(wire[20:])) == [RejectReason.MALFORMED]


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        (build_raw_frame(0x02, b"", key=KEY, epoch=7, seq=1)[:-1], RejectReason.MALFORMED),
        (build_raw_frame(0x02, card(1).encode_payload(), key=KEY, epoch=7, seq=1, crc=0),
         RejectReason.BAD_CRC),
        (build_raw_frame(0x02, card(1).encode_payload(), key=KEY, epoch=7, seq=1, version=2),
         RejectReason.BAD_VERSION),
        (build_raw_frame(0x02, card(1).encode_payload(), key=KEY, epoch=7, seq=1,
                         payload_length=3), RejectReason.MALFORMED),
        (build_raw_frame(0x02, card(1).encode_payload(), key=OTHER_KEY, epoch=7, seq=1),
         RejectReason.BAD_AUTH),
        (build_raw_frame(0x02, card(1).encode_payload(), key=KEY, epoch=7, seq=1, tag=bytes(8)),
         RejectReason.BAD_AUTH),
        (build_raw_frame(0x81, Acknowledge(event_epoch=7, event_seq=1).encode_payload(), key=KEY,
                         epoch=7, seq=1), RejectReason.WRONG_DIRECTION),
        (build_raw_frame(0x02, b"\x00", key=KEY, epoch=7, seq=1), RejectReason.MALFORMED),
        (build_raw_frame(0x7E, b"", key=KEY, epoch=7, seq=1), RejectReason.MALFORMED),
        (build_raw_frame(0x02, card(1).encode_payload(), key=KEY, epoch=0, seq=1),
         RejectReason.MALFORMED),
        (build_raw_frame(0x02, card(1).encode_payload(), key=KEY, epoch=7, seq=0),
         RejectReason.MALFORMED),
        (build_raw_frame(0x02, bytes(65), key=KEY, epoch=7, seq=1), RejectReason.OVERSIZED),
    ],
    ids=[
        "truncated", "crc", "version", "length-byte", "other-key", "zero-tag", "direction",
        "payload", "unknown-type", "epoch-0", "seq-0", "payload-65",
    ],
)  # fmt: skip
def test_each_rejection(raw: bytes, reason: RejectReason) -> None:
    decoder = host_decoder()
    results = decoder.feed(frame_to_wire(raw))
    assert reasons(results) == [reason]
    assert decoder.stats.frames_rejected == 1
    assert getattr(decoder.stats, reason.value) == 1


def test_invalid_cobs_and_short_chunks_are_malformed() -> None:
    decoder = host_decoder()
    results = decoder.feed(b"\x00\x05\x01\x00" + b"\x00" + b"\x40" + b"\x01" * 30 + b"\x00")
    assert reasons(results) == [RejectReason.MALFORMED, RejectReason.MALFORMED]
    assert decoder.decode_chunk(b"\x03\x00\x01").reason is RejectReason.MALFORMED  # type: ignore[union-attr]


def test_stats_as_dict_and_totals() -> None:
    decoder = host_decoder()
    decoder.feed(b"\x01\x00" + card_wire(1) + frame_to_wire(b"\x01" * 30))
    stats = decoder.stats
    assert stats.as_dict()["frames_accepted"] == 1
    assert stats.frames_rejected == stats.malformed + stats.bad_crc == 2


# ----------------------------------------------------------------------------- pairing


def test_pairing_decoder_delivers_only_hello_and_pair() -> None:
    decoder = FrameDecoder.for_pairing(receiving=S2H)
    hello = encode_frame(HELLO, key=PAIRING_KEY, epoch=7, seq=1)
    card_under_zero_key = frame_to_wire(
        build_raw_frame(0x02, card(1).encode_payload(), key=PAIRING_KEY, epoch=7, seq=2)
    )
    results = decoder.feed(hello + card_under_zero_key + card_wire(3))
    assert [r.message for r in accepted(results)] == [HELLO]
    assert reasons(results) == [RejectReason.BAD_AUTH, RejectReason.BAD_AUTH]


def test_normal_decoder_refuses_the_pairing_key_and_its_frames() -> None:
    with pytest.raises(ShoeProtocolError):
        FrameDecoder(key=PAIRING_KEY, receiving=S2H)
    decoder = host_decoder()
    hello = encode_frame(HELLO, key=PAIRING_KEY, epoch=7, seq=1)
    assert reasons(decoder.feed(hello)) == [RejectReason.BAD_AUTH]


def test_cannot_encode_a_card_under_the_pairing_key() -> None:
    with pytest.raises(ShoeProtocolError):
        encode_raw_frame(card(1), key=PAIRING_KEY, epoch=7, seq=1)
    encoder = FrameEncoder(key=PAIRING_KEY, sending=S2H, epoch=7, pairing=True)
    with pytest.raises(ShoeProtocolError):
        encoder.encode(card(1))


def test_pair_round_trip_on_the_shoe_side() -> None:
    pair = Pair(serial_number=HELLO.serial_number, key=OTHER_KEY, nonce=NONCE)
    host = FrameEncoder(key=PAIRING_KEY, sending=H2S, epoch=7, pairing=True)
    shoe = FrameDecoder.for_pairing(receiving=H2S, guard=ShoeReplayGuard(boot_epoch=7))
    (result,) = shoe.feed(host.encode(pair))
    assert isinstance(result, Accepted) and result.message == pair
    assert result.header.position == (0, 0)


# ----------------------------------------------------------------------------- encoder


def test_encoder_numbers_frames_and_skips_unsequenced() -> None:
    encoder = FrameEncoder(key=KEY, sending=H2S, epoch=7, next_seq=18)
    decoder = FrameDecoder(key=KEY, receiving=H2S)
    stream = (
        encoder.encode(Acknowledge(event_epoch=7, event_seq=3))
        + encoder.encode(QueryStatus(nonce=NONCE))
        + encoder.encode(LockExit())
    )
    positions = [r.header.position for r in accepted(decoder.feed(stream))]
    assert positions == [(7, 18), (0, 0), (7, 19)]
    assert encoder.next_seq == 20
    encoder.restart(epoch=8)
    assert (encoder.epoch, encoder.next_seq) == (8, 1)


def test_encoder_refuses_the_wrong_direction_and_bad_positions() -> None:
    encoder = FrameEncoder(key=KEY, sending=S2H, epoch=7)
    with pytest.raises(ShoeProtocolError):
        encoder.encode(LockExit())
    with pytest.raises(ShoeProtocolError):
        FrameEncoder(key=KEY, sending=S2H, epoch=0)
    with pytest.raises(ShoeProtocolError):
        encode_raw_frame(QueryStatus(nonce=NONCE), key=KEY, epoch=7, seq=1)
    with pytest.raises(ShoeProtocolError):
        encode_raw_frame(card(1), key=KEY, epoch=7, seq=0)
    with pytest.raises(ShoeProtocolError):
        encode_raw_frame(card(1), key=bytes(5), epoch=7, seq=1)
    last = FrameEncoder(key=KEY, sending=S2H, epoch=7, next_seq=2**32 - 1)
    last.encode(card(1))
    with pytest.raises(ShoeProtocolError):
        last.encode(card(2))


# ----------------------------------------------------------------------------- host guard


def hello_wire(seq: int, nonce: bytes, *, epoch: int = 7) -> bytes:
    message = Hello(
        serial_number=HELLO.serial_number,
        firmware_version=HELLO.firmware_version,
        mode=HELLO.mode,
        capabilities=HELLO.capabilities,
        boot_epoch=epoch,
        epoch_reason=HELLO.epoch_reason,
        host_seq_last=0,
        nonce=nonce,
    )
    return encode_frame(message, key=KEY, epoch=epoch, seq=seq)


def test_unsynced_host_accepts_nothing_until_its_challenge_is_answered() -> None:
    guard = HostReplayGuard()
    decoder = host_decoder(guard=guard)
    assert reasons(decoder.feed(card_wire(1) + hello_wire(2, bytes(8)))) == [
        RejectReason.UNSYNCED,
        RejectReason.UNSYNCED,
    ]
    guard.challenge(NONCE)
    stale_answer = hello_wire(3, b"\x99" * 8)
    assert reasons(decoder.feed(stale_answer)) == [RejectReason.UNSYNCED]
    results = decoder.feed(hello_wire(4, NONCE) + card_wire(1, frame_seq=5))
    assert len(accepted(results)) == 2
    assert guard.synced and guard.last == (7, 5) and guard.pending_challenge is None
    assert decoder.stats.unsynced == 3


def test_an_answer_crossing_the_retry_still_synchronises_but_an_old_nonce_does_not() -> None:
    nonces = [bytes([n]) * 8 for n in range(1, 7)]
    guard = HostReplayGuard()
    for nonce in nonces:  # six queries, each retried before the answer came
        guard.challenge(nonce)
    decoder = host_decoder(guard=guard)
    too_old = nonces[-HostReplayGuard.OUTSTANDING - 1]
    assert reasons(decoder.feed(hello_wire(2, too_old))) == [RejectReason.UNSYNCED]
    assert not guard.synced
    results = decoder.feed(hello_wire(3, nonces[-HostReplayGuard.OUTSTANDING]))
    assert len(accepted(results)) == 1 and guard.last == (7, 3)
    assert guard.pending_challenge is None  # every outstanding nonce is spent at once
    assert reasons(decoder.feed(hello_wire(3, nonces[-1]))) == [RejectReason.REPLAYED]


def test_synced_host_rejects_replays_and_accepts_a_new_epoch() -> None:
    guard = HostReplayGuard(last=(7, 10))
    decoder = host_decoder(guard=guard)
    old = card_wire(1, frame_seq=10)
    fresh = card_wire(2, frame_seq=11)
    results = decoder.feed(old + fresh + fresh + card_wire(1, frame_seq=12, epoch=6))
    assert [r.message for r in accepted(results)] == [card(2)]
    assert reasons(results) == [RejectReason.REPLAYED] * 3
    (after_reboot,) = decoder.feed(card_wire(1, epoch=8))
    assert isinstance(after_reboot, Accepted)
    assert guard.last == (8, 1)


def test_malformed_genuine_frame_does_not_move_the_guard() -> None:
    guard = HostReplayGuard(last=(7, 10))
    decoder = host_decoder(guard=guard)
    raw = build_raw_frame(0x02, b"\x01", key=KEY, epoch=7, seq=50)
    assert reasons(decoder.feed(frame_to_wire(raw))) == [RejectReason.MALFORMED]
    assert guard.last == (7, 10)


def test_host_guard_validation() -> None:
    with pytest.raises(ShoeProtocolError):
        HostReplayGuard(last=(2**32, 0))
    with pytest.raises(ShoeProtocolError):
        HostReplayGuard().challenge(bytes(8))


# ----------------------------------------------------------------------------- shoe guard


def test_shoe_guard_pins_the_epoch_and_orders_host_frames() -> None:
    guard = ShoeReplayGuard(boot_epoch=7)
    shoe = FrameDecoder(key=KEY, receiving=H2S, guard=guard)
    host = FrameEncoder(key=KEY, sending=H2S, epoch=7)
    first = host.encode(SetIndicator(indicator=Indicator.STOP))
    second = host.encode(LockExit())
    query = host.encode(QueryStatus(nonce=NONCE))
    wrong_epoch = encode_frame(LockExit(), key=KEY, epoch=6, seq=99)
    results = shoe.feed(first + second + first + query + query + wrong_epoch)
    assert [type(r.message).__name__ for r in accepted(results)] == [
        "SetIndicator",
        "LockExit",
        "QueryStatus",
        "QueryStatus",
    ]
    assert reasons(results) == [RejectReason.REPLAYED, RejectReason.REPLAYED]
    assert guard.host_seq_last == 2
    guard.start_epoch(8)
    assert guard.boot_epoch == 8 and guard.host_seq_last == 0
    assert reasons(shoe.feed(encode_frame(LockExit(), key=KEY, epoch=7, seq=3))) == [
        RejectReason.REPLAYED
    ]
    with pytest.raises(ShoeProtocolError):
        guard.start_epoch(0)


def test_host_echo_of_its_own_frames_is_wrong_direction() -> None:
    """A line that echoes (a loopback plug, a pty with echo on) must not confuse the host."""
    host = FrameEncoder(key=KEY, sending=H2S, epoch=7)
    decoder = host_decoder()
    assert reasons(decoder.feed(host.encode(LockExit()))) == [RejectReason.WRONG_DIRECTION]


def test_memoryview_and_bytearray_input() -> None:
    decoder = host_decoder()
    wire = card_wire(1) + card_wire(2)
    assert len(accepted(decoder.feed(memoryview(wire)))) == 2
    assert len(accepted(decoder.feed(bytearray(card_wire(3))))) == 1


def test_decode_chunk_of_one_frame() -> None:
    decoder = host_decoder()
    result = decoder.decode_chunk(cobs_encode(encode_raw_frame(card(1), key=KEY, epoch=7, seq=1)))
    assert isinstance(result, Accepted) and result.message == card(1)


def test_decode_raw_bounds() -> None:
    decoder = host_decoder()
    too_long = build_raw_frame(0x02, bytes(65), key=KEY, epoch=7, seq=1)
    assert decoder.decode_raw(too_long) == Rejected(RejectReason.MALFORMED, "raw frame of 86 bytes")
    assert isinstance(
        decoder.decode_raw(encode_raw_frame(card(1), key=KEY, epoch=7, seq=1)), Accepted
    )
