"""The host side of the shoe link, without I/O: bytes and the table's indicator in, actions out.

:class:`HostSession` is what the serial driver runs around a port (docs/shoe-protocol.md
sections 7 to 11): it resynchronises with QUERY_STATUS on every (re)connection, acknowledges
every genuine CARD, classifies card events with :class:`CardEventTracker`, turns the table's
draw indicator into SET_INDICATOR, asks for a new epoch (RESET_SEQUENCE) when the table starts a
new shoe, keeps the link alive and watches it. It returns *actions* in the order they must
happen: source events to emit and frames to send. It has no thread, no clock and no port, so
the fuzz tests drive it directly and the driver only has to do the I/O.

Rules it keeps:

* a card goes to the table only from a frame that passed CRC, tag and replay checks, and only
  when the tracker says NEW; a card after a gap, a reboot or out of order goes to the table as
  an unreadable card (``card=None``, the shoe's reading in ``detail``) so that a person confirms
  it, with a :class:`DeviceFault` saying why;
* the ACK of a card is sent right after the card is emitted, in the same action list, so the
  shoe never hears a SET_INDICATOR between the two (the mock shoe's croupier relies on it);
* the light shown is the table's, except STOP while the table has not yet taken a card this
  session emitted (an indicator computed before that card is stale);
* ``bad_auth``, ``wrong_direction`` and ``replayed`` frames are counted and raised as alerts, at
  most one per kind per :attr:`LinkTimers.alert_interval`.
"""

from __future__ import annotations

import logging
import os
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dealer_assist.cards import Card
from dealer_assist.drivers.base import (
    Button,
    ButtonPressed,
    CardRead,
    DeviceFault,
    Indicator,
    SourceEvent,
    SourceStatus,
    StatusChanged,
    Want,
)
from dealer_assist.drivers.shoe.protocol import (
    Accepted,
    Acknowledge,
    CardEventTracker,
    Direction,
    FaultCode,
    FrameDecoder,
    FrameEncoder,
    Hello,
    HostMessage,
    HostReplayGuard,
    QueryStatus,
    Rejected,
    RejectReason,
    ResetSequence,
    SensorFault,
    SensorFlag,
    SetIndicator,
    ShoeMode,
    ShoeProtocolError,
    StatusReport,
    UnlockExit,
    Verdict,
    encode_frame,
)
from dealer_assist.drivers.shoe.protocol import (
    ButtonPressed as ShoeButtonPressed,
)
from dealer_assist.drivers.shoe.protocol import (
    CardRead as ShoeCardRead,
)
from dealer_assist.drivers.shoe.protocol import (
    Indicator as Light,
)
from dealer_assist.drivers.shoe.protocol.framing import U32_MAX
from dealer_assist.drivers.shoe.protocol.messages import NONCE_SIZE
from dealer_assist.drivers.shoe.protocol.messages import Button as ShoeButton
from dealer_assist.rules.coup import Hand
from dealer_assist.tags import (
    DATA_LENGTH,
    UID_LENGTHS,
    TagError,
    UidTable,
    identify_tag,
    uid_hex,
)

log = logging.getLogger(__name__)

_PROBLEM_SENSORS = (
    SensorFlag.LID_OPEN,
    SensorFlag.READER_FAULT,
    SensorFlag.QUEUE_FULL,
    SensorFlag.TAMPER,
    SensorFlag.SHOE_EMPTY,
)
_SECURITY = {
    RejectReason.BAD_AUTH: (
        "shoe_bad_auth",
        "frames failed authentication: the shoe speaks another key (re-paired elsewhere, "
        "or another device on the line). Check the shoe and the cable; pair again if needed",
    ),
    RejectReason.WRONG_DIRECTION: (
        "shoe_line_echo",
        "the line returned the host's own frames: a loop-back or a tampered cable",
    ),
    RejectReason.REPLAYED: (
        "shoe_replayed_frames",
        "old frames were replayed on the line: possible tampering with the cable",
    ),
}
BAD_AUTH_BEFORE_SYNC = 3
"""bad_auth frames before synchronisation that make an alert (a wrong key, an unpaired shoe)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LinkTimers:
    """Timers of docs/shoe-protocol.md section 11, in seconds."""

    query_retry: float = 0.5
    keepalive: float = 0.5
    link_loss: float = 3.0
    reset_retry: float = 0.5
    reset_alert: float = 5.0
    alert_interval: float = 30.0


@dataclass(frozen=True, slots=True)
class Send:
    """Write ``wire`` to the port; ``message`` is for the spy log."""

    wire: bytes
    message: HostMessage


Action = SourceEvent | Send


_TAG_FAULTS = {"bad_mac": "forged_tag", "bad_card": "forged_tag"}


@dataclass(frozen=True, slots=True, kw_only=True)
class TagCheck:
    """Check each card's tag (docs/card-tags.md): the shoe reads the card byte without the
    casino's key, so the host checks the tag's MAC (``key``) or looks the UID up (``uid_table``).

    The firmware sends the UID (4, 7 or 10 bytes), then the tag's pages 4-7 (16 bytes).
    """

    key: bytes | None = None
    uid_table: UidTable | None = None

    def check(self, event: ShoeCardRead) -> tuple[Card | None, tuple[str, str] | None]:
        """The card to deal, or a problem ``(fault code, message)``."""
        data = event.tag_data
        uid, pages = data, b""
        if len(data) - DATA_LENGTH in UID_LENGTHS:
            uid, pages = data[:-DATA_LENGTH], data[-DATA_LENGTH:]
        if len(uid) not in UID_LENGTHS:
            return None, ("unknown_tag", f"the shoe sent {len(data)} bytes of tag data, no UID")
        try:
            info = identify_tag(uid, pages, key=self.key, uid_table=self.uid_table)
        except TagError as error:
            return None, (_TAG_FAULTS.get(error.code, "unknown_tag"), error.message)
        if event.card is not None and info.card != event.card:
            return None, (
                "tag_mismatch",
                f"the shoe read {event.card} but tag {uid_hex(uid)} says {info.card}",
            )
        return info.card, None


def random_nonce() -> bytes:
    while True:
        nonce = os.urandom(NONCE_SIZE)
        if any(nonce):
            return nonce


def light_for(indicator: Indicator | None) -> Light:
    """The shoe's lights for the table's indicator.

    The protocol has no burn light: during the burn nothing is lit (OFF: no hand to deal to,
    follow the burn procedure). With no shoe in play, or no word from the table yet, STOP.
    """
    if indicator is None:
        return Light.STOP
    if indicator.want is Want.CARD:
        return Light.BANKER_DRAWS if indicator.hand is Hand.BANKER else Light.PLAYER_DRAWS
    if indicator.want is Want.BURN:
        return Light.OFF
    return Light.STOP


class HostSession:
    """One shoe as the host sees it, across reconnections. Not thread-safe: one caller."""

    def __init__(
        self,
        *,
        key: bytes,
        source: str,
        expected_serial: int | None = None,
        timers: LinkTimers | None = None,
        nonces: Callable[[], bytes] = random_nonce,
        tags: TagCheck | None = None,
    ) -> None:
        self.source = source
        self.tags = tags
        self._key = key
        self.expected_serial = expected_serial
        self.timers = timers or LinkTimers()
        self._nonces = nonces
        self.guard = HostReplayGuard()
        self.decoder = FrameDecoder(key=key, receiving=Direction.SHOE_TO_HOST, guard=self.guard)
        self._pairing_decoder = FrameDecoder.for_pairing(receiving=Direction.SHOE_TO_HOST)
        self.tracker = CardEventTracker()
        self._encoder: FrameEncoder | None = None
        self.hello: Hello | None = None
        self.shoe_status: StatusReport | None = None
        self.status = SourceStatus.CONNECTING
        self._link_up = False
        self._synced = False
        self._ever_synced = False
        self._my_nonces: list[bytes] = []
        self._query_at = float("-inf")
        self._last_accepted = float("-inf")
        self._last_sent = float("-inf")
        self._indicator: Indicator | None = None
        self._shoe_seen: int | None = None
        self._reset_wanted = False
        self._reset_since: float | None = None
        self._reset_epoch: int | None = None
        self._reset_at = float("-inf")
        self._reset_nonce = bytes(NONCE_SIZE)
        self._unlock_at = float("-inf")
        self._alerted_at: dict[str, float] = {}
        self._unreported: dict[RejectReason, int] = {}
        self._sensors = SensorFlag.NONE
        self.cards_emitted = 0
        self.counters: dict[str, int] = {}

    # --- what the driver tells the session ------------------------------------------------

    def resume(self, recorded: Sequence[bytes]) -> bool:
        """Pick the card events up where the table's journal left off (before the link opens):
        the newest recorded CARD becomes the tracker's last event, so a resend of it is a
        duplicate and the shoe's next event is new, not a gap. True if one was found."""
        for raw in reversed(recorded):
            try:
                event = ShoeCardRead.decode_payload(raw)
            except (ShoeProtocolError, ValueError, struct.error):
                continue  # a fault's data, not a card event
            if not 1 <= event.event_epoch <= U32_MAX or event.event_seq < 1:
                continue
            tracker = CardEventTracker(epoch=event.event_epoch, last_seq=event.event_seq - 1)
            tracker.observe_card(event)
            self.tracker = tracker
            log.info(
                "%s: resuming after card event %d:%d, the last the table recorded",
                self.source,
                event.event_epoch,
                event.event_seq,
            )
            return True
        return False

    @property
    def synced(self) -> bool:
        """A HELLO answered our QUERY_STATUS on this connection."""
        return self._synced

    @property
    def light(self) -> Light | None:
        """What the shoe's lights should show now; None while the table has not taken the last
        card this session gave it (its indicator predates that card, so nothing is sent)."""
        indicator = self._indicator
        if indicator is not None and indicator.cards_received < self.cards_emitted:
            return None
        if self._reset_since is not None:
            return Light.STOP  # no card of the new shoe before the shoe starts its new epoch
        return light_for(indicator)

    def link_opened(self, now: float) -> list[Action]:
        """The port is open: forget half a frame, resynchronise."""
        self.decoder.reset()
        self._pairing_decoder.reset()
        self._link_up = True
        self._synced = False
        self._last_accepted = now
        actions: list[Action] = []
        if self.status is not SourceStatus.CONNECTING:
            self._set_status(actions, SourceStatus.RECOVERING, "port open again, resynchronising")
        self._query(actions, now)
        return actions

    def link_closed(self, reason: str) -> list[Action]:
        self._link_up = False
        self._synced = False
        self._my_nonces.clear()
        actions: list[Action] = []
        if self.status is SourceStatus.CONNECTING:
            return actions
        self._set_status(actions, SourceStatus.LOST, reason)
        return actions

    def indicate(self, indicator: Indicator, now: float) -> list[Action]:
        """The table's indicator changed: light the shoe; a new shoe needs a new epoch."""
        self._indicator = indicator
        if self._shoe_seen is not None and indicator.shoe > self._shoe_seen:
            self._reset_wanted = True
            self._reset_at = float("-inf")
            self._reset_since = now
        if self._shoe_seen is None or indicator.shoe > self._shoe_seen:
            self._shoe_seen = indicator.shoe
        actions: list[Action] = []
        if self._reset_wanted:
            self._send_reset(actions, now)
        self._send_light(actions, now)
        return actions

    def tick(self, now: float) -> list[Action]:
        """Timers: QUERY_STATUS retries, keepalive, link loss, RESET_SEQUENCE retries."""
        actions: list[Action] = []
        if not self._link_up:
            return actions
        timers = self.timers
        if self.status is SourceStatus.CONNECTED and now - self._last_accepted >= timers.link_loss:
            self._synced = False
            self._set_status(
                actions,
                SourceStatus.LOST,
                f"no frame from the shoe for {timers.link_loss:g} s",
            )
        if not self._synced:
            if now - self._query_at >= timers.query_retry:
                self._query(actions, now)
            return actions
        if self._reset_wanted and now - self._reset_at >= timers.reset_retry:
            self._send_reset(actions, now)
            since = self._reset_since
            if since is not None and now - since >= timers.reset_alert:
                self._fault(
                    actions,
                    now,
                    "shoe_reset_refused",
                    f"the shoe has not started the new shoe's numbering for {now - since:.0f} s "
                    "(RESET_SEQUENCE refused or lost): its light stays on STOP",
                )
        if now - self._last_sent >= timers.keepalive:
            self._send_light(actions, now)
        return actions

    def feed(self, data: bytes, now: float) -> list[Action]:
        """Bytes from the port: every complete frame in them, checked and handled."""
        actions: list[Action] = []
        for result in self.decoder.feed(data):
            if isinstance(result, Accepted):
                self._last_accepted = now
                self._accepted(result, actions, now)
            elif result.reason in _SECURITY:
                self._rejected(result, actions, now)
            # else: line noise, counted by the decoder (DecodeStats); noise can come fast
        if not self._synced and self.guard.last is None:
            self._diagnose_pairing(data, actions, now)
        return actions

    # --- frames in --------------------------------------------------------------------------

    def _count(self, name: str) -> None:
        self.counters[name] = self.counters.get(name, 0) + 1

    def _accepted(self, result: Accepted, actions: list[Action], now: float) -> None:
        message, header = result.message, result.header
        encoder = self._encoder
        if encoder is not None and header.epoch != encoder.epoch and not isinstance(message, Hello):
            # A new epoch with no HELLO seen: follow it, and ask the shoe who it is (spec 7.3).
            self._learn_epoch(header.epoch, None)
            self._query(actions, now)
        if isinstance(message, Hello):
            self._on_hello(message, actions, now)
        elif isinstance(message, ShoeCardRead):
            self._on_card(message, actions, now)
        elif isinstance(message, StatusReport):
            self._on_status(message, actions, now)
        elif isinstance(message, SensorFault):
            self._on_sensor_fault(message, actions)
        elif isinstance(message, ShoeButtonPressed):
            button = (
                Button.RESULT_CHECK
                if message.button is ShoeButton.RESULT_CHECK
                else Button.NEW_SHOE
            )
            actions.append(ButtonPressed(source=self.source, button=button))

    def _on_hello(self, hello: Hello, actions: list[Action], now: float) -> None:
        self.hello = hello
        if hello.mode is not ShoeMode.NONE:
            self._fault(actions, now, "shoe_mode", f"the shoe reports mode {hello.mode!r}")
        if self.expected_serial is not None and hello.serial_number != self.expected_serial:
            self._fault(
                actions,
                now,
                "wrong_shoe",
                f"shoe serial {hello.serial_number} answered, the key file is for "
                f"{self.expected_serial}",
            )
        verdict = self.tracker.observe_hello(hello)
        if verdict is not None:
            if verdict.kind is Verdict.NEW_SHOE:
                log.info("%s: %s", self.source, verdict.detail)
                self._reset_done()
            elif verdict.kind is Verdict.REBOOT:
                self._fault(actions, now, "shoe_restarted", verdict.detail, limit=False)
            else:
                self._fault(actions, now, "shoe_epoch_back", verdict.detail, limit=False)
        if hello.nonce != bytes(NONCE_SIZE) and hello.nonce == self._reset_nonce:
            self._reset_done()
        if self._reset_wanted and hello.boot_epoch != self._reset_epoch:
            self._reset_epoch = None  # a new epoch that is not the new shoe's: ask again in it
        self._learn_epoch(hello.boot_epoch, hello.host_seq_last)
        if hello.nonce in self._my_nonces:
            self._my_nonces.clear()
            self._synced = True
            self._ever_synced = True
            firmware = ".".join(str(part) for part in hello.firmware_version)
            self._set_status(
                actions,
                SourceStatus.CONNECTED,
                f"shoe {hello.serial_number}, firmware {firmware}, epoch {hello.boot_epoch}",
            )
        if self._reset_wanted:
            self._send_reset(actions, now)
        self._send_light(actions, now)

    def _on_card(self, event: ShoeCardRead, actions: list[Action], now: float) -> None:
        verdict = self.tracker.observe_card(event)
        epoch, seq = event.event_id
        raw = event.encode_payload()
        where = f"event {epoch}:{seq}"
        kind = verdict.kind
        if kind is Verdict.NEW:
            card, problem = event.card, None
            if self.tags is not None:
                card, problem = self.tags.check(event)
            if problem is not None:
                code, text = problem
                self._fault(actions, now, code, f"{text} ({where})", raw=raw, limit=False)
                detail = f"{code}: {text} ({where})"
                actions.append(CardRead(source=self.source, card=None, raw=raw, detail=detail))
            elif card is None:
                detail = f"the shoe could not identify the card ({where})"
                actions.append(CardRead(source=self.source, card=None, raw=raw, detail=detail))
            else:
                self._check_light(event, actions, now)
                actions.append(CardRead(source=self.source, card=card, raw=raw, detail=where))
            self.cards_emitted += 1
        elif kind is Verdict.DUPLICATE:
            self._count("duplicate_cards")
        elif kind is Verdict.CONFLICT:
            self._fault(actions, now, "card_conflict", verdict.detail, raw=raw, limit=False)
        else:
            name = "an unknown card" if event.card is None else str(event.card)
            self._fault(
                actions,
                now,
                f"card_{kind.value}",
                f"{verdict.detail} ({name})",
                raw=raw,
                limit=False,
            )
            detail = (
                f"the shoe reports {name} as {where}, but {verdict.detail}: "
                "confirm the card by hand"
            )
            actions.append(CardRead(source=self.source, card=None, raw=raw, detail=detail))
            self.cards_emitted += 1
        if verdict.acknowledge:
            self._send(actions, now, Acknowledge.of(event))
        if kind is Verdict.DUPLICATE:
            # The first ACK was lost; the shoe's croupier waits for a light after the ACK.
            self._send_light(actions, now)

    def _check_light(self, event: ShoeCardRead, actions: list[Action], now: float) -> None:
        indicator = self._indicator
        if indicator is None or indicator.cards_received < self.cards_emitted:
            return  # the table has not caught up: it judges the card itself
        if light_for(indicator) is Light.STOP:
            self._fault(
                actions,
                now,
                "card_while_stop",
                f"{event.card} left the shoe while its light said STOP",
                raw=event.encode_payload(),
                limit=False,
            )

    def _on_status(self, status: StatusReport, actions: list[Action], now: float) -> None:
        self.shoe_status = status
        rising = status.sensors & ~self._sensors
        self._sensors = status.sensors
        for flag in _PROBLEM_SENSORS:
            if rising & flag:
                name = (flag.name or "sensor").lower()
                self._fault(actions, now, f"shoe_{name}", f"the shoe reports {name}", limit=False)
        if self._reset_wanted and status.queue_depth == 0 and now - self._reset_at >= 0.05:
            self._send_reset(actions, now)
        if (
            SensorFlag.EXIT_LOCKED in status.sensors
            and SensorFlag.QUEUE_FULL not in status.sensors
            and self._synced
            and now - self._unlock_at >= self.timers.reset_retry
        ):
            # The shoe locks its exit when it loses the link; the link is back.
            self._unlock_at = now
            self._send(actions, now, UnlockExit())

    def _on_sensor_fault(self, fault: SensorFault, actions: list[Action]) -> None:
        text = f"{fault.sensor.name.lower()} {fault.fault.name.lower()} (detail {fault.detail})"
        if fault.fault is FaultCode.CLEARED:
            log.info("%s: sensor cleared: %s", self.source, text)
            return
        actions.append(
            DeviceFault(
                source=self.source,
                code=f"sensor_{fault.sensor.name.lower()}",
                message=f"shoe sensor fault: {text}",
                raw=fault.encode_payload(),
            )
        )

    def _rejected(self, result: Rejected, actions: list[Action], now: float) -> None:
        reason = result.reason
        self._unreported[reason] = count = self._unreported.get(reason, 0) + 1
        early = reason is RejectReason.BAD_AUTH and not self._ever_synced
        if early and count < BAD_AUTH_BEFORE_SYNC:
            return
        code, text = _SECURITY[reason]
        if self._fault(actions, now, code, f"{count} frame(s): {text}"):
            self._unreported[reason] = 0

    def _diagnose_pairing(self, data: bytes, actions: list[Action], now: float) -> None:
        """Before synchronisation, say so when the shoe is unpaired or in pairing mode."""
        for result in self._pairing_decoder.feed(data):
            if isinstance(result, Accepted) and isinstance(result.message, Hello):
                mode = result.message.mode
                what = "in pairing mode" if mode & ShoeMode.PAIRING else "not paired"
                self._fault(
                    actions,
                    now,
                    "shoe_unpaired",
                    f"shoe {result.message.serial_number} is {what}: pair it with "
                    "`dealer-assist shoe pair` (docs/serial-shoe.md)",
                )

    # --- frames out -------------------------------------------------------------------------

    def _learn_epoch(self, epoch: int, host_seq_last: int | None) -> None:
        floor = 1 if host_seq_last is None else host_seq_last + 1
        encoder = self._encoder
        if encoder is None:
            self._encoder = FrameEncoder(
                key=self._key, sending=Direction.HOST_TO_SHOE, epoch=epoch, next_seq=floor
            )
            return
        # Our seq only ever grows, across epochs too: strictly increasing in every epoch.
        encoder.restart(epoch=epoch, next_seq=max(encoder.next_seq, floor))

    def _reset_done(self) -> None:
        self._reset_wanted = False
        self._reset_since = None
        self._reset_epoch = None

    def _send(self, actions: list[Action], now: float, message: HostMessage) -> None:
        encoder = self._encoder
        if encoder is None or not self._link_up:
            return
        actions.append(Send(encoder.encode(message), message))
        self._last_sent = now

    def _send_light(self, actions: list[Action], now: float) -> None:
        light = self.light
        if light is not None:
            self._send(actions, now, SetIndicator(indicator=light))

    def _send_reset(self, actions: list[Action], now: float) -> None:
        encoder = self._encoder
        if not self._synced or encoder is None:
            return
        if self._reset_epoch is not None and encoder.epoch != self._reset_epoch:
            # The shoe changed epoch since we asked: perhaps it took the reset and its HELLO
            # was lost. Asking again would start yet another epoch: ask who it is instead.
            self._reset_at = now
            self._query(actions, now)
            return
        self._reset_epoch = encoder.epoch
        self._reset_nonce = self._nonces()
        self._reset_at = now
        self._send(actions, now, ResetSequence(nonce=self._reset_nonce))

    def _query(self, actions: list[Action], now: float) -> None:
        if not self._link_up:
            return
        nonce = self._nonces()
        self._my_nonces = [*self._my_nonces[1 - HostReplayGuard.OUTSTANDING :], nonce]
        if not self.guard.synced:
            self.guard.challenge(nonce)
        message = QueryStatus(nonce=nonce)
        actions.append(Send(encode_frame(message, key=self._key, epoch=0, seq=0), message))
        self._query_at = now

    # --- events out -------------------------------------------------------------------------

    def _set_status(self, actions: list[Action], status: SourceStatus, detail: str) -> None:
        if status is self.status:
            return
        self.status = status
        actions.append(StatusChanged(source=self.source, status=status, detail=detail))

    def _fault(
        self,
        actions: list[Action],
        now: float,
        code: str,
        message: str,
        *,
        raw: bytes = b"",
        limit: bool = True,
    ) -> bool:
        """Raise a fault; with ``limit``, at most one per code per alert interval."""
        if limit:
            last = self._alerted_at.get(code)
            if last is not None and now - last < self.timers.alert_interval:
                return False
            self._alerted_at[code] = now
        log.warning("%s: %s: %s", self.source, code, message)
        actions.append(DeviceFault(source=self.source, code=code, message=message, raw=raw))
        return True
