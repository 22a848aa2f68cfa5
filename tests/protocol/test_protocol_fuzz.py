"""Hostile input: nothing escapes the decoder, and no card comes out but from a genuine frame."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_assist.cards import ALL_RANKS, ALL_SUITS, Card
from dealer_assist.drivers.shoe.protocol import (
    MAX_TAG_DATA,
    Accepted,
    CardRead,
    DecodeResult,
    Direction,
    FrameDecoder,
    HostReplayGuard,
    Message,
    Rejected,
    RejectReason,
    build_raw_frame,
    encode_frame,
    frame_to_wire,
)
from dealer_assist.drivers.shoe.protocol.golden import GOLDEN_VECTORS

KEY = bytes(range(32))
FORGER_KEY = bytes(range(100, 132))
FUZZ = settings(
    derandomize=True,
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

card_reads = st.builds(
    CardRead,
    event_epoch=st.integers(1, 50),
    event_seq=st.integers(1, 10_000),
    card=st.none() | st.builds(Card, st.sampled_from(ALL_RANKS), st.sampled_from(ALL_SUITS)),
    tag_data=st.binary(max_size=MAX_TAG_DATA),
)
shoe_golden = [
    v.message for v in GOLDEN_VECTORS if v.message.TYPE.direction.value == "shoe_to_host"
]
shoe_messages: st.SearchStrategy[Message] = card_reads | st.sampled_from(shoe_golden)


def new_decoder(guard: HostReplayGuard | None = None) -> FrameDecoder:
    return FrameDecoder(key=KEY, receiving=Direction.SHOE_TO_HOST, guard=guard)


def feed_in_pieces(decoder: FrameDecoder, stream: bytes, cuts: list[int]) -> list[DecodeResult]:
    results: list[DecodeResult] = []
    start = 0
    for cut in sorted(c % (len(stream) + 1) for c in cuts):
        results += decoder.feed(stream[start:cut])
        start = max(start, cut)
    results += decoder.feed(stream[start:])
    return results


def messages_of(results: list[DecodeResult]) -> list[Message]:
    assert all(isinstance(r, Accepted | Rejected) for r in results)
    return [r.message for r in results if isinstance(r, Accepted)]


@FUZZ
@given(noise=st.binary(max_size=4000), cuts=st.lists(st.integers(0, 4000), max_size=8))
def test_random_bytes_never_raise_and_never_decode(noise: bytes, cuts: list[int]) -> None:
    decoder = new_decoder()
    assert messages_of(feed_in_pieces(decoder, noise, cuts)) == []
    assert decoder.stats.bytes_received == len(noise)


@FUZZ
@given(chunks=st.lists(st.binary(min_size=20, max_size=90), max_size=30))
def test_random_frame_sized_chunks_never_decode(chunks: list[bytes]) -> None:
    """Chunks the size of real frames reach the COBS, CRC and tag checks."""
    decoder = new_decoder()
    stream = b"".join(frame_to_wire(chunk) for chunk in chunks)
    assert messages_of(decoder.feed(stream)) == []
    assert decoder.stats.frames_rejected == len(chunks)


@FUZZ
@given(
    frames=st.lists(st.tuples(shoe_messages, st.binary(max_size=300)), min_size=1, max_size=12),
    cuts=st.lists(st.integers(0, 10_000), max_size=10),
)
def test_garbage_between_frames_costs_nothing(
    frames: list[tuple[Message, bytes]], cuts: list[int]
) -> None:
    stream = b"".join(
        garbage + encode_frame(message, key=KEY, epoch=7, seq=index + 1)
        for index, (message, garbage) in enumerate(frames)
    )
    results = feed_in_pieces(new_decoder(), stream, cuts)
    assert messages_of(results) == [message for message, _ in frames]


@FUZZ
@given(
    messages=st.lists(shoe_messages, min_size=2, max_size=8),
    data=st.data(),
)
def test_truncated_frames_are_dropped_and_the_next_one_survives(
    messages: list[Message], data: st.DataObject
) -> None:
    stream = b""
    expected: list[Message] = []
    for index, message in enumerate(messages):
        wire = encode_frame(message, key=KEY, epoch=7, seq=index + 1)
        if data.draw(st.booleans(), label="truncate"):
            cut = data.draw(st.integers(1, len(wire) - 2), label="cut")
            stream += wire[:cut]
        else:
            stream += wire
            expected.append(message)
    # Only the next frame's leading 00 ends a truncated one; a truncated frame right before a
    # whole one therefore never swallows it.
    assert messages_of(new_decoder().feed(stream)) == expected


@FUZZ
@given(
    messages=st.lists(shoe_messages, min_size=1, max_size=6),
    flips=st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 7)), min_size=1, max_size=6),
)
def test_bit_flips_never_yield_a_changed_message(
    messages: list[Message], flips: list[tuple[int, int]]
) -> None:
    genuine = [encode_frame(m, key=KEY, epoch=7, seq=i + 1) for i, m in enumerate(messages)]
    stream = bytearray(b"".join(genuine))
    for position, bit in flips:
        stream[position % len(stream)] ^= 1 << bit
    delivered = messages_of(new_decoder().feed(bytes(stream)))
    # Whatever survives is a genuine message, in its original order.
    remaining = iter(messages)
    assert all(any(got == want for want in remaining) for got in delivered)
    assert len(delivered) < len(messages) or bytes(stream) == b"".join(genuine)


@FUZZ
@given(messages=st.lists(shoe_messages, min_size=1, max_size=8), seqs=st.data())
def test_forged_frames_are_refused(messages: list[Message], seqs: st.DataObject) -> None:
    """The same messages under another key: all BAD_AUTH, nothing delivered."""
    stream = b"".join(
        encode_frame(m, key=FORGER_KEY, epoch=7, seq=seqs.draw(st.integers(1, 2**32 - 1)))
        for m in messages
    )
    decoder = new_decoder()
    results = decoder.feed(stream)
    assert messages_of(results) == []
    assert [r.reason for r in results if isinstance(r, Rejected)] == [RejectReason.BAD_AUTH] * len(
        messages
    )


@FUZZ
@given(
    type_code=st.integers(0, 255),
    payload=st.binary(max_size=64),
    tag=st.binary(min_size=8, max_size=8),
    epoch=st.integers(0, 2**32 - 1),
    seq=st.integers(0, 2**32 - 1),
)
def test_guessed_tags_are_refused(
    type_code: int, payload: bytes, tag: bytes, epoch: int, seq: int
) -> None:
    """A correct CRC is easy; without the key the tag is a 2^-64 guess."""
    raw = build_raw_frame(type_code, payload, key=KEY, epoch=epoch, seq=seq, tag=tag)
    decoder = new_decoder()
    (result,) = decoder.feed(frame_to_wire(raw))
    assert isinstance(result, Rejected)
    assert result.reason in {RejectReason.BAD_AUTH, RejectReason.OVERSIZED}


@FUZZ
@given(
    order=st.lists(st.integers(0, 9), min_size=1, max_size=40),
    noise=st.binary(max_size=64),
)
def test_replays_in_any_order_are_delivered_at_most_once_and_in_order(
    order: list[int], noise: bytes
) -> None:
    """An attacker reorders and repeats recorded frames: the guard delivers an increasing
    subsequence of distinct frames and nothing else."""
    recorded = [
        encode_frame(
            CardRead(event_epoch=7, event_seq=i + 1, card=None), key=KEY, epoch=7, seq=i + 1
        )
        for i in range(10)
    ]
    decoder = new_decoder(HostReplayGuard(last=(7, 0)))
    results = decoder.feed(b"".join(recorded[i] + noise for i in order))
    seqs = [m.event_seq for m in messages_of(results) if isinstance(m, CardRead)]
    assert seqs == sorted(set(seqs))
    expected: list[int] = []
    for i in order:
        if not expected or i + 1 > expected[-1]:
            expected.append(i + 1)
    assert seqs == expected
    assert decoder.stats.replayed == len(order) - len(expected)


@FUZZ
@given(messages=st.lists(shoe_messages, max_size=6), noise=st.binary(max_size=200))
def test_unsynced_host_delivers_nothing(messages: list[Message], noise: bytes) -> None:
    decoder = new_decoder(HostReplayGuard())
    stream = b"".join(
        encode_frame(m, key=KEY, epoch=7, seq=i + 1) + noise for i, m in enumerate(messages)
    )
    assert messages_of(decoder.feed(stream)) == []


@FUZZ
@given(size=st.integers(87, 3000), filler=st.integers(1, 255), messages=st.lists(card_reads))
def test_oversized_runs_then_valid_frames(size: int, filler: int, messages: list[Message]) -> None:
    decoder = new_decoder()
    stream = bytes([filler]) * size + b"".join(
        encode_frame(m, key=KEY, epoch=7, seq=i + 1) for i, m in enumerate(messages)
    )
    results = decoder.feed(stream)
    assert messages_of(results) == messages
    assert decoder.stats.oversized == 1
