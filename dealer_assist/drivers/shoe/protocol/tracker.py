"""Host-side delivery check of CARD events (docs/shoe-protocol.md section 10).

The shoe numbers card events ``(epoch, seq)`` and resends each until acknowledged, in order.
:class:`CardEventTracker` takes the CARD messages the decoder accepted (and the HELLOs, which
announce epochs) and says what each one is. It never guesses: anything but NEW, DUPLICATE
and NEW_SHOE is an alert, and the card it carries is for a person to confirm, not to deal.

>>> from dealer_assist.cards import parse_card
>>> tracker = CardEventTracker()
>>> first = CardRead(event_epoch=3, event_seq=1, card=parse_card("QH"))
>>> tracker.observe_card(first).kind.name
'NEW'
>>> tracker.observe_card(first).kind.name
'DUPLICATE'
>>> tracker.observe_card(CardRead(event_epoch=3, event_seq=4, card=None)).missing
(2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dealer_assist.drivers.shoe.protocol.framing import U32_MAX, ShoeProtocolError
from dealer_assist.drivers.shoe.protocol.messages import CardRead, EpochReason, Hello

MEMORY_WINDOW = 1024
"""Recent events kept to compare duplicates byte for byte (an 8-deck shoe is 416 cards)."""
MAX_MISSING_RANGES = 64


class Verdict(Enum):
    NEW = "new"
    """The next event, in order: deal it."""
    DUPLICATE = "duplicate"
    """Seen before, identical: a resend after a lost ACK. Acknowledge again, ignore."""
    GAP = "gap"
    """Events between the last one seen and this one never arrived (``missing``)."""
    REBOOT = "reboot"
    """The shoe started a new epoch that was not asked for: events it held may be lost."""
    NEW_SHOE = "new_shoe"
    """The new epoch the host asked for with RESET_SEQUENCE."""
    OUT_OF_ORDER = "out_of_order"
    """An event older than the newest one seen, never seen itself, or an epoch going back."""
    CONFLICT = "conflict"
    """Same ``(epoch, seq)`` as an event seen before, different content."""


ALERTS = frozenset({Verdict.GAP, Verdict.REBOOT, Verdict.OUT_OF_ORDER, Verdict.CONFLICT})


@dataclass(frozen=True, slots=True, kw_only=True)
class TrackerVerdict:
    kind: Verdict
    event: CardRead | None = None
    detail: str = ""
    missing: tuple[int, int] | None = None
    """First and last event seq known missing in the event's epoch (GAP, REBOOT)."""

    @property
    def alert(self) -> bool:
        """Stop and ask a person: the sequence of cards cannot be vouched for."""
        return self.kind in ALERTS

    @property
    def acknowledge(self) -> bool:
        """Send ACK: every genuine CARD is acknowledged, as 'received', whatever the verdict;
        otherwise the shoe would resend it for ever."""
        return self.event is not None

    @property
    def deal(self) -> bool:
        """The card may go to the coup without a person confirming it."""
        return self.kind is Verdict.NEW


class CardEventTracker:
    """Classifies CARD events by ``(epoch, seq)``. Pure: no I/O, no clock.

    Restore ``epoch`` and ``last_seq`` from the journal after a host restart; a fresh tracker
    accepts an epoch's event 1 as NEW and reports any later first event as a GAP.
    """

    __slots__ = ("_epoch", "_epoch_last", "_last_seq", "_missing", "_recent")

    def __init__(self, *, epoch: int | None = None, last_seq: int = 0) -> None:
        if epoch is not None and not 1 <= epoch <= U32_MAX:
            raise ShoeProtocolError(f"epoch {epoch} is not 1..2^32-1")
        if not 0 <= last_seq <= U32_MAX or (epoch is None and last_seq):
            raise ShoeProtocolError("last_seq is 0..2^32-1, and needs an epoch")
        self._epoch = epoch
        self._last_seq = last_seq
        self._epoch_last: dict[int, int] = {} if epoch is None else {epoch: last_seq}
        self._recent: dict[tuple[int, int], CardRead] = {}
        self._missing: list[tuple[int, int, int]] = []  # (epoch, first, last)

    @property
    def epoch(self) -> int | None:
        return self._epoch

    @property
    def last_seq(self) -> int:
        """The highest event seq seen in :attr:`epoch` (0: none)."""
        return self._last_seq

    @property
    def missing(self) -> tuple[tuple[int, int, int], ...]:
        """Known holes, as ``(epoch, first seq, last seq)``."""
        return tuple(self._missing)

    def observe_hello(self, hello: Hello) -> TrackerVerdict | None:
        """Note the shoe's epoch; a verdict only when it changed."""
        new = hello.boot_epoch
        if self._epoch is None:
            self._start_epoch(new)
            return None
        old, old_last = self._epoch, self._last_seq
        if new == old:
            return None
        if new < old:
            return TrackerVerdict(
                kind=Verdict.OUT_OF_ORDER,
                detail=f"shoe epoch went back from {old} to {new}: EEPROM reset or another shoe",
            )
        self._start_epoch(new)
        where = f"epoch {old} (last event seen {old}:{old_last}) to epoch {new}"
        if hello.epoch_reason is EpochReason.NEW_SHOE and new == old + 1:
            return TrackerVerdict(kind=Verdict.NEW_SHOE, detail=f"new shoe: {where}")
        skipped = f"; epochs {old + 1}..{new - 1} never seen" if new > old + 1 else ""
        return TrackerVerdict(
            kind=Verdict.REBOOT,
            detail=f"shoe restarted ({hello.epoch_reason.name}): {where}{skipped}; "
            "cards read but not acknowledged before it may be lost",
        )

    def observe_card(self, event: CardRead) -> TrackerVerdict:
        """Classify one genuine CARD event."""
        epoch, seq = event.event_id
        if self._epoch is None:
            self._start_epoch(epoch)
        current = self._epoch
        assert current is not None
        if epoch > current:
            return self._card_from_new_epoch(event, current)
        if epoch < current or seq <= self._last_seq:
            return self._card_from_the_past(event)
        self._remember(event)
        previous, self._last_seq = self._last_seq, seq
        self._epoch_last[epoch] = seq
        if seq == previous + 1:
            return TrackerVerdict(kind=Verdict.NEW, event=event)
        hole = (previous + 1, seq - 1)
        self._note_missing(epoch, hole)
        return TrackerVerdict(
            kind=Verdict.GAP,
            event=event,
            missing=hole,
            detail=f"events {epoch}:{hole[0]}..{hole[1]} never arrived before {epoch}:{seq}",
        )

    def _card_from_new_epoch(self, event: CardRead, old: int) -> TrackerVerdict:
        epoch, seq = event.event_id
        old_last = self._last_seq
        self._start_epoch(epoch)
        self._remember(event)
        self._last_seq = seq
        self._epoch_last[epoch] = seq
        hole = (1, seq - 1) if seq > 1 else None
        if hole is not None:
            self._note_missing(epoch, hole)
        lost = f"; events {epoch}:1..{seq - 1} never arrived" if hole else ""
        return TrackerVerdict(
            kind=Verdict.REBOOT,
            event=event,
            missing=hole,
            detail=f"card of epoch {epoch} after epoch {old} (last event seen {old}:{old_last}) "
            f"with no HELLO{lost}",
        )

    def _card_from_the_past(self, event: CardRead) -> TrackerVerdict:
        epoch, seq = event.event_id
        known = self._recent.get((epoch, seq))
        if known is not None:
            if known == event:
                return TrackerVerdict(kind=Verdict.DUPLICATE, event=event)
            return TrackerVerdict(
                kind=Verdict.CONFLICT,
                event=event,
                detail=f"event {epoch}:{seq} arrived again with different content",
            )
        if self._fill_missing(epoch, seq):
            self._remember(event)
            return TrackerVerdict(
                kind=Verdict.OUT_OF_ORDER,
                event=event,
                detail=f"event {epoch}:{seq} arrived after later events",
            )
        highest = self._epoch_last.get(epoch)
        if highest is None or seq > highest:
            self._remember(event)
            self._epoch_last[epoch] = seq
            return TrackerVerdict(
                kind=Verdict.OUT_OF_ORDER,
                event=event,
                detail=f"event {epoch}:{seq} of an earlier epoch, never seen",
            )
        return TrackerVerdict(
            kind=Verdict.DUPLICATE,
            event=event,
            detail="older than the memory window: content not compared",
        )

    def _start_epoch(self, epoch: int) -> None:
        self._epoch = epoch
        self._last_seq = self._epoch_last.setdefault(epoch, 0)

    def _remember(self, event: CardRead) -> None:
        self._recent[event.event_id] = event
        if len(self._recent) > MEMORY_WINDOW:
            del self._recent[next(iter(self._recent))]

    def _note_missing(self, epoch: int, hole: tuple[int, int]) -> None:
        self._missing.append((epoch, *hole))
        del self._missing[:-MAX_MISSING_RANGES]

    def _fill_missing(self, epoch: int, seq: int) -> bool:
        for index, (hole_epoch, first, last) in enumerate(self._missing):
            if hole_epoch == epoch and first <= seq <= last:
                pieces = [(epoch, first, seq - 1), (epoch, seq + 1, last)]
                self._missing[index : index + 1] = [p for p in pieces if p[1] <= p[2]]
                return True
        return False
