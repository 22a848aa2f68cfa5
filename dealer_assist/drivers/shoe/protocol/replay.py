"""Replay guards, one per direction (docs/shoe-protocol.md section 7).

A guard sees a frame only after its CRC and tag checked out, so everything it judges is
genuine: its job is freshness. ``check`` says whether a frame may be delivered; ``commit``
records it once it has been. The two are split so that a frame whose payload turns out to be
malformed never moves the guard.
"""

from __future__ import annotations

from typing import Protocol

from dealer_assist.drivers.shoe.protocol.framing import (
    U32_MAX,
    FrameHeader,
    ShoeProtocolError,
)
from dealer_assist.drivers.shoe.protocol.messages import (
    NONCE_SIZE,
    UNSEQUENCED_TYPES,
    Hello,
    Message,
)
from dealer_assist.drivers.shoe.protocol.results import Rejected, RejectReason


class ReplayGuard(Protocol):
    """What :class:`~.codec.FrameDecoder` asks of a guard."""

    def check(self, header: FrameHeader, message: Message) -> Rejected | None:
        """``None`` to accept; otherwise a REPLAYED or UNSYNCED rejection."""
        ...

    def commit(self, header: FrameHeader, message: Message) -> None:
        """Record a frame that ``check`` accepted and that was delivered."""
        ...


class HostReplayGuard:
    """On the host: frames from the shoe must come in strictly increasing ``(epoch, seq)``.

    A new guard is *unsynchronised*: it has no proof that anything it sees is fresh (a
    recording of yesterday's traffic has valid tags too). It accepts nothing until a HELLO
    echoes a nonce the host sent in QUERY_STATUS (:meth:`challenge`), and then orders every
    frame after that HELLO's position. The last :data:`OUTSTANDING` nonces all count: a host
    retries every 500 ms with a new one, and an answer to the previous query that crosses the
    retry on a slow line is just as fresh (with one nonce only, a shoe that always answers
    after the retry would never be heard). A host that persisted :attr:`last` may pass it back
    in to start synchronised.
    """

    OUTSTANDING = 4

    __slots__ = ("_challenges", "_last")

    def __init__(self, *, last: tuple[int, int] | None = None) -> None:
        if last is not None:
            epoch, seq = last
            if not (0 <= epoch <= U32_MAX and 0 <= seq <= U32_MAX):
                raise ShoeProtocolError(f"replay position {last} is out of range")
        self._last = last
        self._challenges: list[bytes] = []

    @property
    def last(self) -> tuple[int, int] | None:
        """The ``(epoch, seq)`` of the last frame accepted, or None while unsynchronised."""
        return self._last

    @property
    def synced(self) -> bool:
        return self._last is not None

    @property
    def pending_challenge(self) -> bytes | None:
        """The newest nonce still waiting for its HELLO."""
        return self._challenges[-1] if self._challenges else None

    def challenge(self, nonce: bytes) -> None:
        """Remember the nonce of the QUERY_STATUS (or RESET_SEQUENCE, PAIR) just sent."""
        if len(nonce) != NONCE_SIZE or nonce == bytes(NONCE_SIZE):
            raise ShoeProtocolError("a challenge is 8 bytes, not all zero")
        self._challenges = [*self._challenges[1 - self.OUTSTANDING :], bytes(nonce)]

    def _answers_challenge(self, message: Message) -> bool:
        return isinstance(message, Hello) and message.nonce in self._challenges

    def check(self, header: FrameHeader, message: Message) -> Rejected | None:
        if self._last is None:
            if self._answers_challenge(message):
                return None
            return Rejected(RejectReason.UNSYNCED, "waiting for a HELLO answering QUERY_STATUS")
        if header.position <= self._last:
            return Rejected(
                RejectReason.REPLAYED, f"frame {header.position} is not after {self._last}"
            )
        return None

    def commit(self, header: FrameHeader, message: Message) -> None:
        self._last = header.position
        if self._answers_challenge(message):
            self._challenges = []


class ShoeReplayGuard:
    """On the shoe (the mock shoe, and the firmware's model): host frames must carry the
    shoe's current epoch and a sequence above the last one accepted in that epoch.

    QUERY_STATUS and PAIR are exempt: they carry epoch 0 and seq 0, a replay of them only
    makes the shoe say HELLO again (echoing a nonce nobody waits for), and PAIR is honoured
    only in pairing mode.
    """

    __slots__ = ("_epoch", "_host_seq_last")

    def __init__(self, *, boot_epoch: int, host_seq_last: int = 0) -> None:
        self._epoch = 0
        self._host_seq_last = 0
        self.start_epoch(boot_epoch, host_seq_last=host_seq_last)

    @property
    def boot_epoch(self) -> int:
        return self._epoch

    @property
    def host_seq_last(self) -> int:
        """What the shoe reports in HELLO and STATUS."""
        return self._host_seq_last

    def start_epoch(self, boot_epoch: int, *, host_seq_last: int = 0) -> None:
        """A boot or a RESET_SEQUENCE: host frames of earlier epochs are dead from now on."""
        if not 1 <= boot_epoch <= U32_MAX or not 0 <= host_seq_last <= U32_MAX:
            raise ShoeProtocolError("boot_epoch is 1..2^32-1 and host_seq_last 0..2^32-1")
        self._epoch = boot_epoch
        self._host_seq_last = host_seq_last

    def check(self, header: FrameHeader, message: Message) -> Rejected | None:
        if message.TYPE in UNSEQUENCED_TYPES:
            return None
        if header.epoch != self._epoch:
            return Rejected(
                RejectReason.REPLAYED,
                f"host frame for epoch {header.epoch}, the shoe is in epoch {self._epoch}",
            )
        if header.seq <= self._host_seq_last:
            return Rejected(
                RejectReason.REPLAYED,
                f"host seq {header.seq} is not after {self._host_seq_last}",
            )
        return None

    def commit(self, header: FrameHeader, message: Message) -> None:
        if message.TYPE not in UNSEQUENCED_TYPES:
            self._host_seq_last = header.seq
