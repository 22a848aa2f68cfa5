"""The whole protocol between a model shoe and a model host over a lossy, hostile line.

The two models below follow docs/shoe-protocol.md sections 7 and 10 with this package's
pieces only (encoders, decoders, guards, tracker). They are what the mock shoe and the serial
driver will do around a real port; here the "port" is a list of frames a test may drop,
duplicate or record for replay.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.cards import Card, one_deck
from dealer_assist.drivers.shoe.protocol import (
    Accepted,
    Acknowledge,
    Capability,
    CardEventTracker,
    CardRead,
    Direction,
    EpochReason,
    FrameDecoder,
    FrameEncoder,
    Hello,
    HostReplayGuard,
    Indicator,
    QueryStatus,
    ResetSequence,
    SensorFlag,
    SetIndicator,
    ShoeMode,
    ShoeReplayGuard,
    ShoeState,
    StatusReport,
    TrackerVerdict,
    Verdict,
)

KEY = bytes(range(32))
SESSION = settings(derandomize=True, max_examples=150, deadline=None)


class ModelShoe:
    """Stop-and-wait: the oldest unacknowledged CARD is (re)sent on every tick."""

    def __init__(self, epoch: int = 7) -> None:
        self.epoch = epoch
        self.queue: deque[CardRead] = deque()
        self.next_event = 1
        self.guard = ShoeReplayGuard(boot_epoch=epoch)
        self.decoder = FrameDecoder(key=KEY, receiving=Direction.HOST_TO_SHOE, guard=self.guard)
        self.encoder = FrameEncoder(key=KEY, sending=Direction.SHOE_TO_HOST, epoch=epoch)
        self.reason = EpochReason.POWER_ON

    def hello(self, nonce: bytes = bytes(8)) -> bytes:
        return self.encoder.encode(
            Hello(
                serial_number=42,
                firmware_version=(1, 0, 0),
                mode=ShoeMode.NONE,
                capabilities=Capability.RFID_READER,
                boot_epoch=self.epoch,
                epoch_reason=self.reason,
                host_seq_last=self.guard.host_seq_last,
                nonce=nonce,
            )
        )

    def status(self) -> bytes:
        return self.encoder.encode(
            StatusReport(
                state=ShoeState.READY,
                indicator=Indicator.OFF,
                sensors=SensorFlag.NONE,
                queue_depth=len(self.queue),
                last_event_seq=self.next_event - 1,
                host_seq_last=self.guard.host_seq_last,
            )
        )

    def draw(self, card: Card) -> None:
        self.queue.append(CardRead(event_epoch=self.epoch, event_seq=self.next_event, card=card))
        self.next_event += 1

    def tick(self) -> list[bytes]:
        return [self.encoder.encode(self.queue[0])] if self.queue else [self.status()]

    def new_epoch(self, reason: EpochReason) -> None:
        self.epoch += 1
        self.reason = reason
        self.next_event = 1
        self.guard.start_epoch(self.epoch)
        self.encoder.restart(epoch=self.epoch)

    def reboot(self) -> list[bytes]:
        self.queue.clear()  # RAM is gone
        self.decoder.reset()
        self.new_epoch(EpochReason.POWER_ON)
        return [self.hello()]

    def receive(self, data: bytes) -> list[bytes]:
        out: list[bytes] = []
        for result in self.decoder.feed(data):
            if not isinstance(result, Accepted):
                continue
            message = result.message
            if isinstance(message, Acknowledge):
                if self.queue and self.queue[0].event_id == (
                    message.event_epoch,
                    message.event_seq,
                ):
                    self.queue.popleft()
            elif isinstance(message, QueryStatus):
                out += [self.hello(message.nonce), self.status()]
            elif isinstance(message, ResetSequence):
                if self.queue:
                    out.append(self.status())
                else:
                    self.new_epoch(EpochReason.NEW_SHOE)
                    out.append(self.hello(message.nonce))
            else:
                out.append(self.status())
        return out


@dataclass
class ModelHost:
    rng: random.Random
    tracker: CardEventTracker = field(default_factory=CardEventTracker)
    guard: HostReplayGuard = field(default_factory=HostReplayGuard)
    verdicts: list[TrackerVerdict] = field(default_factory=list)
    encoder: FrameEncoder | None = None

    def __post_init__(self) -> None:
        self.decoder = FrameDecoder(key=KEY, receiving=Direction.SHOE_TO_HOST, guard=self.guard)

    def nonce(self) -> bytes:
        return self.rng.randbytes(7) + b"\x01"

    def challenge(self) -> list[bytes]:
        nonce = self.nonce()
        self.guard.challenge(nonce)
        return [FrameEncoder(key=KEY, sending=Direction.HOST_TO_SHOE, epoch=1).encode(
            QueryStatus(nonce=nonce)
        )]  # fmt: skip

    def send(self, message: Acknowledge | SetIndicator | ResetSequence) -> list[bytes]:
        return [] if self.encoder is None else [self.encoder.encode(message)]

    def receive(self, data: bytes) -> list[bytes]:
        out: list[bytes] = []
        for result in self.decoder.feed(data):
            if not isinstance(result, Accepted):
                continue
            message = result.message
            if isinstance(message, Hello):
                self.encoder = FrameEncoder(
                    key=KEY,
                    sending=Direction.HOST_TO_SHOE,
                    epoch=message.boot_epoch,
                    next_seq=message.host_seq_last + 1,
                )
                verdict = self.tracker.observe_hello(message)
                if verdict is not None:
                    self.verdicts.append(verdict)
            elif isinstance(message, CardRead):
                verdict = self.tracker.observe_card(message)
                self.verdicts.append(verdict)
                if verdict.acknowledge:
                    out += self.send(Acknowledge.of(message))
        return out

    def dealt(self) -> list[Card | None]:
        return [v.event.card for v in self.verdicts if v.deal and v.event is not None]

    def alerts(self) -> list[Verdict]:
        return [v.kind for v in self.verdicts if v.alert]


class Line:
    """Carries frames, losing each with probability ``loss``; records everything it saw."""

    def __init__(self, loss: float = 0.0, seed: int = 0) -> None:
        self.loss = loss
        self.rng = random.Random(seed)
        self.recorded: list[bytes] = []

    def carry(self, frames: list[bytes]) -> bytes:
        self.recorded += frames
        return b"".join(f for f in frames if self.rng.random() >= self.loss)


def run(shoe: ModelShoe, host: ModelHost, up: Line, down: Line, ticks: int) -> None:
    for _ in range(ticks):
        if ticks > 10 and not shoe.queue:
            return
        to_shoe = host.send(SetIndicator(indicator=Indicator.OFF))  # keepalive
        to_host = shoe.receive(down.carry(to_shoe)) + shoe.tick()
        shoe.receive(down.carry(host.receive(up.carry(to_host))))


def connect(shoe: ModelShoe, host: ModelHost, up: Line, down: Line) -> None:
    for _ in range(200):
        if host.guard.synced:
            return
        replies = shoe.receive(down.carry(host.challenge()))
        shoe.receive(down.carry(host.receive(up.carry(replies))))
    raise AssertionError("never synchronised")


@SESSION
@given(
    up=st.floats(0.0, 0.5),
    down=st.floats(0.0, 0.5),
    count=st.integers(1, 30),
    seed=st.integers(0, 2**32),
)
def test_every_card_arrives_once_in_order_over_a_lossy_line(
    up: float, down: float, count: int, seed: int
) -> None:
    rng = random.Random(seed)
    deck = one_deck()
    rng.shuffle(deck)
    shoe, host = ModelShoe(), ModelHost(rng)
    up_line, down_line = Line(up, seed), Line(down, seed + 1)
    connect(shoe, host, up_line, down_line)
    for card in deck[:count]:
        shoe.draw(card)
        run(shoe, host, up_line, down_line, rng.randint(0, 3))
    run(shoe, host, up_line, down_line, 400)
    assert not shoe.queue
    assert host.dealt() == deck[:count]
    assert host.alerts() == []


def test_reboot_with_unacknowledged_cards_raises_an_alert() -> None:
    shoe, host = ModelShoe(), ModelHost(random.Random(1))
    up, down = Line(), Line()
    connect(shoe, host, up, down)
    shoe.draw(one_deck()[0])
    run(shoe, host, up, down, 2)
    dead = Line(1.0)  # the link goes down: the next card never leaves the shoe
    shoe.draw(one_deck()[1])
    run(shoe, host, dead, down, 3)
    assert shoe.queue
    host.receive(up.carry(shoe.reboot()))  # power cut: the queued card is lost
    assert host.alerts() == [Verdict.REBOOT]
    shoe.draw(one_deck()[2])
    run(shoe, host, up, down, 3)
    assert host.dealt() == [one_deck()[0], one_deck()[2]]


def test_new_shoe_starts_a_new_epoch_without_alert() -> None:
    shoe, host = ModelShoe(), ModelHost(random.Random(2))
    up, down = Line(), Line()
    connect(shoe, host, up, down)
    shoe.draw(one_deck()[0])
    run(shoe, host, up, down, 3)
    nonce = host.nonce()
    replies = shoe.receive(down.carry(host.send(ResetSequence(nonce=nonce))))
    assert shoe.epoch == 8
    host.receive(up.carry(replies))
    assert [v.kind for v in host.verdicts][-1] is Verdict.NEW_SHOE
    shoe.draw(one_deck()[1])
    run(shoe, host, up, down, 3)
    assert host.dealt() == one_deck()[:2]
    assert host.alerts() == []


def test_reset_sequence_is_refused_while_a_card_is_unacknowledged() -> None:
    shoe, host = ModelShoe(), ModelHost(random.Random(3))
    up, down = Line(), Line()
    connect(shoe, host, up, down)
    shoe.draw(one_deck()[0])
    replies = shoe.receive(down.carry(host.send(ResetSequence(nonce=host.nonce()))))
    assert shoe.epoch == 7 and len(replies) == 1  # a STATUS showing queue_depth 1


def test_restarted_host_resynchronises_and_ignores_a_replayed_recording() -> None:
    shoe, host = ModelShoe(), ModelHost(random.Random(4))
    up, down = Line(), Line()
    connect(shoe, host, up, down)
    for card in one_deck()[:5]:
        shoe.draw(card)
        run(shoe, host, up, down, 2)
    recording = b"".join(up.recorded)

    restarted = ModelHost(
        random.Random(5),
        tracker=CardEventTracker(epoch=host.tracker.epoch, last_seq=host.tracker.last_seq),
    )
    restarted.receive(recording)  # an attacker plays yesterday's traffic into the new process
    assert restarted.verdicts == [] and restarted.decoder.stats.unsynced > 0
    connect(shoe, restarted, up, down)
    restarted.receive(recording)  # and again once synchronised: all replayed
    assert restarted.verdicts == []
    shoe.draw(one_deck()[5])
    run(shoe, restarted, up, down, 3)
    assert restarted.dealt() == [one_deck()[5]]
    assert restarted.alerts() == []
    # The host continued the shoe's host sequence, so its keepalives were accepted.
    assert shoe.decoder.stats.replayed == 0
