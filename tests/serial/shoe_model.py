"""A scripted shoe for driving :class:`HostSession` (and the driver) frame by frame in tests."""

from __future__ import annotations

from dataclasses import dataclass, field

from dealer_assist.cards import Card
from dealer_assist.drivers.base import CardRead as SourceCardRead
from dealer_assist.drivers.base import DeviceFault, Indicator, StatusChanged, Want
from dealer_assist.drivers.shoe.protocol import (
    Accepted,
    Capability,
    CardRead,
    Direction,
    EpochReason,
    FrameDecoder,
    FrameEncoder,
    Hello,
    HostMessage,
    Message,
    SensorFlag,
    ShoeMode,
    ShoeState,
    StatusReport,
)
from dealer_assist.drivers.shoe.protocol import (
    Indicator as Light,
)
from dealer_assist.drivers.shoe.session import Action, Send
from dealer_assist.rules.coup import Hand

KEY = bytes(range(32))


@dataclass
class ScriptedShoe:
    """Encodes what a shoe would send; decodes what the host sent."""

    epoch: int = 7
    key: bytes = KEY
    reason: EpochReason = EpochReason.POWER_ON
    next_event: int = 1
    encoder: FrameEncoder = field(init=False)

    def __post_init__(self) -> None:
        self.encoder = FrameEncoder(key=self.key, sending=Direction.SHOE_TO_HOST, epoch=self.epoch)

    def hello(self, nonce: bytes = bytes(8), *, host_seq_last: int = 0) -> bytes:
        return self.encoder.encode(
            Hello(
                serial_number=4242,
                firmware_version=(1, 2, 3),
                mode=ShoeMode.NONE,
                capabilities=Capability.RFID_READER,
                boot_epoch=self.epoch,
                epoch_reason=self.reason,
                host_seq_last=host_seq_last,
                nonce=nonce,
            )
        )

    def status(self, *, queue: int = 0, sensors: SensorFlag = SensorFlag.NONE) -> bytes:
        return self.encoder.encode(
            StatusReport(
                state=ShoeState.READY,
                indicator=Light.OFF,
                sensors=sensors,
                queue_depth=queue,
                last_event_seq=self.next_event - 1,
                host_seq_last=0,
            )
        )

    def event(self, card: Card | None) -> CardRead:
        event = CardRead(
            event_epoch=self.epoch, event_seq=self.next_event, card=card, tag_data=b"\x04uid123"
        )
        self.next_event += 1
        return event

    def send(self, message: Message) -> bytes:
        return self.encoder.encode(message)

    def reboot(self, reason: EpochReason = EpochReason.WATCHDOG) -> None:
        self.epoch += 1
        self.reason = reason
        self.next_event = 1
        self.encoder.restart(epoch=self.epoch)


def sent(actions: list[Action]) -> list[HostMessage]:
    return [action.message for action in actions if isinstance(action, Send)]


def cards(actions: list[Action]) -> list[SourceCardRead]:
    return [action for action in actions if isinstance(action, SourceCardRead)]


def faults(actions: list[Action]) -> list[str]:
    return [action.code for action in actions if isinstance(action, DeviceFault)]


def statuses(actions: list[Action]) -> list[str]:
    return [action.status.value for action in actions if isinstance(action, StatusChanged)]


def host_frames(actions: list[Action], key: bytes = KEY) -> list[Message]:
    """Decode the wire bytes the host sent, as the shoe would (integrity only)."""
    decoder = FrameDecoder(key=key, receiving=Direction.HOST_TO_SHOE)
    wire = b"".join(action.wire for action in actions if isinstance(action, Send))
    return [r.message for r in decoder.feed(wire) if isinstance(r, Accepted)]


def indicator(
    want: Want, hand: Hand | None = None, *, received: int = 0, shoe: int = 1, serial: int = 1
) -> Indicator:
    return Indicator(want=want, hand=hand, shoe=shoe, serial=serial, cards_received=received)
