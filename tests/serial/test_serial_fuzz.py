"""Fuzzing the driver's parsing path: whatever the line carries, no crash and no invented card.

The codec has its own fuzz tests (tests/protocol); these feed the *driver* (the host session
the serial driver runs, then the driver itself on a real pty) a genuine shoe's frames mixed
with random bytes, truncated, bit-flipped and oversized frames, replays of earlier frames,
frames forged under another key, under the public pairing key or with a random tag, and the
host's own frames echoed back, all cut into random reads. The rules checked:

* every card the driver hands to the table is a card the genuine shoe sent, for that event,
  once, in order;
* when every genuine CARD frame got through intact at least once, the table gets exactly the
  shoe's cards, none unconfirmed.
"""

from __future__ import annotations

import itertools
import os
import queue
import random
import threading
import tty
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.cards import Card, one_deck
from dealer_assist.drivers.base import CardRead as SourceCardRead
from dealer_assist.drivers.base import DeviceFault, SourceEvent
from dealer_assist.drivers.shoe.protocol import (
    PAIRING_KEY,
    Accepted,
    CardRead,
    Direction,
    FrameDecoder,
    FrameEncoder,
    QueryStatus,
    SetIndicator,
    build_raw_frame,
    frame_to_wire,
)
from dealer_assist.drivers.shoe.protocol import Indicator as Light
from dealer_assist.drivers.shoe.protocol.messages import MessageType
from dealer_assist.drivers.shoe.session import HostSession
from tests.serial.helpers import serial_source
from tests.serial.shoe_model import KEY, ScriptedShoe, sent

FUZZ = settings(max_examples=300, deadline=None, derandomize=True)
DECK = one_deck()
OTHER_KEY = bytes(range(100, 132))

Piece = tuple[str, int, bytes]
"""(kind, a number, some bytes): what the line carries next."""

pieces = st.one_of(
    st.tuples(st.just("card"), st.integers(0, 51), st.just(b"")),
    st.tuples(st.just("lost card"), st.integers(0, 51), st.just(b"")),
    st.tuples(st.just("resend"), st.just(0), st.just(b"")),
    st.tuples(st.just("status"), st.just(0), st.just(b"")),
    st.tuples(st.just("noise"), st.just(0), st.binary(max_size=120)),
    st.tuples(st.just("truncated"), st.integers(2, 40), st.just(b"")),
    st.tuples(st.just("bit flip"), st.integers(0, 10_000), st.binary(min_size=1, max_size=1)),
    st.tuples(st.just("oversized"), st.integers(87, 400), st.just(b"")),
    st.tuples(st.just("replay"), st.integers(0, 10_000), st.just(b"")),
    st.tuples(st.just("forged"), st.integers(0, 51), st.just(b"")),
    st.tuples(st.just("pairing key"), st.integers(0, 51), st.just(b"")),
    st.tuples(st.just("random tag"), st.integers(0, 51), st.binary(min_size=8, max_size=8)),
    st.tuples(st.just("echo"), st.just(0), st.just(b"")),
)


@dataclass
class Line:
    """Builds the bytes on the line and remembers what the genuine shoe sent."""

    shoe: ScriptedShoe = field(default_factory=ScriptedShoe)
    wire: bytearray = field(default_factory=bytearray)
    sent_cards: dict[tuple[int, int], Card] = field(default_factory=dict)
    delivered: list[tuple[int, int]] = field(default_factory=list)
    genuine_frames: list[bytes] = field(default_factory=list)
    last_event: CardRead | None = None
    host: FrameEncoder = field(
        default_factory=lambda: FrameEncoder(
            key=KEY, sending=Direction.HOST_TO_SHOE, epoch=7, next_seq=900
        )
    )

    def genuine(self, frame: bytes) -> None:
        self.genuine_frames.append(frame)
        self.wire += frame

    def forged_card(self, index: int, key: bytes, tag: bytes | None = None) -> bytes:
        epoch, seq = self.shoe.epoch, self.shoe.next_event
        event = CardRead(event_epoch=epoch, event_seq=seq, card=DECK[index])
        raw = build_raw_frame(
            MessageType.CARD,
            event.encode_payload(),
            key=key,
            epoch=epoch,
            seq=self.shoe.encoder.next_seq,
            tag=tag,
        )
        return frame_to_wire(raw)

    def add(self, piece: Piece) -> None:
        kind, number, data = piece
        if kind in ("card", "lost card"):
            event = self.shoe.event(DECK[number])
            self.sent_cards[event.event_id] = DECK[number]
            self.last_event = event
            frame = self.shoe.send(event)
            if kind == "lost card":
                self.genuine_frames.append(frame)  # the shoe sent it; the line lost it
            else:
                self.delivered.append(event.event_id)
                self.genuine(frame)
        elif kind == "resend" and self.last_event is not None:
            if self.last_event.event_id not in self.delivered:
                self.delivered.append(self.last_event.event_id)
            self.genuine(self.shoe.send(self.last_event))
        elif kind == "status":
            self.genuine(self.shoe.status())
        elif kind == "noise":
            self.wire += data
        elif kind == "truncated":
            # A STATUS cut short (at least a CRC byte): noise after it may, once in a while,
            # complete it; a genuine status is harmless, a card event would be a real card.
            frame = self.shoe.status()
            self.wire += frame[: len(frame) - max(2, number)]
        elif kind == "bit flip" and self.genuine_frames:
            frame = bytearray(self.genuine_frames[number % len(self.genuine_frames)])
            frame[number % len(frame)] ^= data[0] or 1
            self.wire += frame
        elif kind == "oversized":
            self.wire += b"\x00" + bytes((i % 255) + 1 for i in range(number)) + b"\x00"
        elif kind == "replay" and self.genuine_frames:
            self.wire += self.genuine_frames[number % len(self.genuine_frames)]
        elif kind == "forged":
            self.wire += self.forged_card(number, OTHER_KEY)
        elif kind == "pairing key":
            self.wire += self.forged_card(number, PAIRING_KEY)
        elif kind == "random tag":
            self.wire += self.forged_card(number, KEY, tag=data)
        elif kind == "echo":
            self.wire += self.host.encode(SetIndicator(indicator=Light.PLAYER_DRAWS))


def check_cards(line: Line, events: list[SourceEvent]) -> None:
    """No card invented, none twice, in order; all of them when none was lost."""
    emitted = [e for e in events if isinstance(e, SourceCardRead)]
    seen: list[tuple[int, int]] = []
    for card in emitted:
        event = CardRead.decode_payload(card.raw)
        assert event.event_id in line.sent_cards, f"{card} was never sent by the shoe"
        if card.card is not None:
            assert card.card == line.sent_cards[event.event_id]
        assert not seen or event.event_id > seen[-1], "out of order or twice"
        seen.append(event.event_id)
    if len(line.delivered) == len(line.sent_cards):  # nothing lost on the line
        assert [c.card for c in emitted] == [line.sent_cards[i] for i in line.delivered]


def split(data: bytes, cuts: list[int]) -> Iterator[bytes]:
    points = sorted({cut % (len(data) + 1) for cut in cuts} | {0, len(data)})
    for start, end in itertools.pairwise(points):
        yield data[start:end]


@FUZZ
@given(st.lists(pieces, max_size=40), st.lists(st.integers(0, 10**6), max_size=30))
def test_the_session_never_invents_a_card(script: list[Piece], cuts: list[int]) -> None:
    session = HostSession(key=KEY, source="fuzz")
    (query,) = sent(session.link_opened(0.0))
    assert isinstance(query, QueryStatus)
    line = Line()
    line.wire += line.shoe.hello(query.nonce)
    for piece in script:
        line.add(piece)
    events: list[SourceEvent] = []
    for chunk in split(bytes(line.wire), cuts):
        events += [a for a in session.feed(chunk, 1.0) if not hasattr(a, "wire")]
    check_cards(line, events)
    forged_kinds = {"forged", "pairing key", "random tag"}
    if not any(kind in forged_kinds for kind, _, _ in script):
        assert session.decoder.stats.bad_auth == 0


@FUZZ
@given(st.binary(max_size=3000), st.lists(st.integers(0, 10**6), max_size=20))
def test_random_bytes_give_no_card_and_no_crash(noise: bytes, cuts: list[int]) -> None:
    session = HostSession(key=KEY, source="fuzz")
    session.link_opened(0.0)
    events: list[object] = []
    for chunk in split(noise, cuts):
        events += session.feed(chunk, 1.0)
        events += session.tick(2.0)
    assert not any(isinstance(e, SourceCardRead) for e in events)


# --- the same over a real pseudo-terminal, through the driver's port thread ------------------


def write_all(fd: int, data: bytes) -> None:
    """Write every byte, as a shoe's UART does: a write into a pty that is filling up returns
    short when a signal interrupts it (the pytest process stopped and continued), and the
    rest is still the writer's to send."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


@contextmanager
def raw_pty() -> Iterator[tuple[int, int, str]]:
    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    try:
        yield master, slave, os.ttyname(slave)
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize("short_writes", [False, True], ids=["whole writes", "short writes"])
def test_the_driver_on_a_pty_takes_only_genuine_cards(
    short_writes: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if short_writes:  # what a stop signal does to a write into a pty that is filling up
        real_write = os.write
        monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data[:29])))
    rng = random.Random(20261129)
    kinds = [
        "card", "card", "card", "resend", "status", "noise", "truncated", "bit flip",
        "oversized", "replay", "forged", "pairing key", "random tag", "echo",
    ]  # fmt: skip
    events: queue.Queue[SourceEvent] = queue.Queue()
    with raw_pty() as (master, slave, path):
        source = serial_source(path)
        source.start(events.put)
        host = FrameDecoder(key=KEY, receiving=Direction.HOST_TO_SHOE)
        query: QueryStatus | None = None
        while query is None:  # the driver asks first
            for result in host.feed(os.read(master, 4096)):
                if isinstance(result, Accepted) and isinstance(result.message, QueryStatus):
                    query = result.message
        stop = threading.Event()

        def drain() -> None:  # take what the driver sends (ACKs, lights) off the line
            while not stop.is_set():
                try:
                    os.read(master, 4096)
                except OSError:
                    return

        drainer = threading.Thread(target=drain, daemon=True)
        drainer.start()
        line = Line()
        line.wire += line.shoe.hello(query.nonce)
        for _ in range(600):
            kind = rng.choice(kinds)
            line.add((kind, rng.randrange(52), rng.randbytes(rng.choice([1, 8, 60]))))
        wire = bytes(line.wire)
        position = 0
        while position < len(wire):
            size = rng.choice([1, 2, 7, 42, 100, 1000])
            write_all(master, wire[position : position + size])
            position += size
        received: list[SourceEvent] = []
        while sum(isinstance(e, SourceCardRead) for e in received) < len(line.delivered):
            received.append(events.get(timeout=10))
        source.stop()
        stop.set()
        os.write(slave, b"\x00")  # wake the drainer's read
        drainer.join(timeout=5)
    while not events.empty():
        received.append(events.get_nowait())
    check_cards(line, received)
    assert len(line.delivered) > 100
    codes = {e.code for e in received if isinstance(e, DeviceFault)}
    assert codes <= {"shoe_bad_auth", "shoe_replayed_frames", "shoe_line_echo"}
    stats = source.session.decoder.stats
    assert stats.bad_auth and stats.replayed and stats.wrong_direction and stats.bad_crc
