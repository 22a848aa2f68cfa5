"""The mock shoe device: the shoe side of the link as the firmware does it, with a croupier.

:class:`MockShoeDevice` speaks docs/shoe-protocol.md from the shoe's side: HELLO at every epoch
start and in answer to QUERY_STATUS, STATUS as a heartbeat and after each command, CARD events
queued and resent every 250 ms until acknowledged, in order (the queue survives a reboot: the
device advertises PERSISTENT_QUEUE), new epochs written to its "EEPROM" (a small JSON state
file) before the first frame, RESET_SEQUENCE refused while an event waits, link loss after 3 s
without a host frame (STOP lit, exit locked until UNLOCK_EXIT), pairing mode, SELF_TEST (every
part passes after the firmware's 1.2 s; refused while a card is in the exit slot or an event
waits for its ACK).

A simulated croupier (:class:`Croupier`) deals from a seeded or stacked shoe at a dealer's pace:
one card each time the shoe's light says "Player draws", "Banker draws" or, during the burn,
nothing lit, and only after its previous card was acknowledged and a light was set after that
acknowledgement, so it never draws twice for one call. It presses the result-check button when
the light turns STOP after a coup's cards, if asked to.

Faults on request: corrupted or dropped frames, noise, an unplug at a chosen moment (even in the
middle of a frame), a reboot. The device talks through a *link*: :class:`~.mock_pty.PtyLink`
(a real pseudo-terminal) or the in-process ``mockshoe://`` pyserial handler.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import tempfile
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from dealer_assist.cards import Card, shoe_composition
from dealer_assist.drivers.base import check_number, check_whole
from dealer_assist.drivers.mock import MAX_DECKS, MAX_PACE
from dealer_assist.drivers.shoe.protocol import (
    PAIRING_KEY,
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
    FrameEncoder,
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
    ShoeReplayGuard,
    ShoeState,
    SoundBuzzer,
    StatusReport,
    UnlockExit,
)
from dealer_assist.drivers.shoe.protocol.framing import U32_MAX, ShoeProtocolError, check_key
from dealer_assist.errors import ConfigError
from dealer_assist.tags import deck_position, encode_tag

log = logging.getLogger(__name__)

QUEUE_SIZE = 16
READER_VERSION = bytes((0x32, 0x01, 0x06))
"""The reader's GetFirmwareVersion in SELF_TEST_RESULT: a PN532 (IC 0x32), firmware 1.6."""
SELF_TEST_PARTS = (
    Part.READER
    | Part.EXIT_SENSOR
    | Part.LED_PLAYER
    | Part.LED_BANKER
    | Part.LED_STOP
    | Part.BUZZER
    | Part.BUTTON_RESULT
    | Part.BUTTON_NEW_SHOE
    | Part.EEPROM
    | Part.CLOCK
)
"""What the firmware's self-test exercises; EXIT_LOCK too when the shoe has one."""
DEFAULT_CAPABILITIES = (
    Capability.RFID_READER
    | Capability.INDICATOR
    | Capability.BUZZER
    | Capability.EXIT_LOCK
    | Capability.PERSISTENT_QUEUE
)


class DeviceLink(Protocol):
    """Where the device's bytes go. ``send`` never blocks: bytes nobody takes are lost."""

    def send(self, data: bytes) -> None: ...

    def unplug(self) -> None: ...

    def replug(self) -> None: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeTimers:
    """Section 11 of the spec, seconds; tests shorten none of them but may."""

    heartbeat: float = 1.0
    resend: float = 0.25
    link_loss: float = 3.0
    pairing_window: float = 60.0
    pairing_hello: float = 1.0
    self_test: float = 1.2
    """SELF_TEST's length: the reader, then five steps of 200 ms (spec section 9.14)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UnplugPlan:
    """Unplug after a random number of bytes sent, stay unplugged a random time, repeat."""

    bytes_between: tuple[int, int] = (200, 2000)
    down_for: tuple[float, float] = (0.002, 0.02)
    times: int | None = None
    """Stop after this many unplugs (None: until cancelled)."""


class ShoeMemory:
    """The shoe's EEPROM: epoch and key, in a JSON file (or in memory only)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.epoch = 0
        self.key: bytes | None = None
        if path is not None and path.exists():
            self.epoch, self.key = _read_memory(path)

    def save(self) -> None:
        if self.path is None:
            return
        data = {"epoch": self.epoch, "key": self.key.hex() if self.key else None}
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(data, out)
        os.replace(temporary, self.path)


def _read_memory(path: Path) -> tuple[int, bytes | None]:
    """The epoch and key of a state file; a file that is not one is refused at once (naming
    it), not later in the device's thread."""

    def refuse(problem: str) -> ConfigError:
        return ConfigError(
            str(path),
            "",
            f"{problem}: a mock shoe's state file is JSON like "
            '{"epoch": 3, "key": "64 hex digits" or null}; '
            "give another file, or delete this one to start a fresh shoe",
        )

    try:
        data = json.loads(path.read_text("utf-8"))
    except OSError as error:
        raise refuse(f"cannot be read ({error.strerror})") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise refuse("is not JSON") from None
    if not isinstance(data, dict):
        raise refuse("is not a JSON object")
    epoch = data.get("epoch", 0)
    if isinstance(epoch, bool) or not isinstance(epoch, int) or not 0 <= epoch <= U32_MAX:
        raise refuse(f"epoch {epoch!r} is not a whole number from 0 to {U32_MAX}")
    key_text = data.get("key")
    if key_text is None or key_text == "":
        return epoch, None
    try:
        key = check_key(bytes.fromhex(key_text)) if isinstance(key_text, str) else None
    except (ValueError, ShoeProtocolError):
        key = None
    if key is None:
        raise refuse("its key is not a shoe key")
    return epoch, key


@dataclass(kw_only=True)
class Croupier:
    """A croupier dealing from a shoe of cards by the shoe's lights."""

    decks: int = 8
    seed: int | None = None
    stacked: list[Card] | None = None
    cut_card_from_end: int = 14
    pace: float = 0.0
    auto_deal: bool = True
    auto_result_check: bool = False
    shoe_number: int = 0
    order: list[Card] = field(default_factory=list)
    position: int = 0
    dealt: list[Card] = field(default_factory=list)
    fresh: bool = False
    """A light was set after the acknowledgement of our last card."""
    coup_cards: int = 0
    cut_reported: bool = False

    def __post_init__(self) -> None:
        who = "the mock shoe's croupier"
        check_whole(who, "decks", self.decks, minimum=1, maximum=MAX_DECKS)
        check_whole(
            who, "cut_card_from_end", self.cut_card_from_end, minimum=0, maximum=MAX_DECKS * 52
        )
        check_number(who, "pace", self.pace, minimum=0.0, maximum=MAX_PACE)

    def load_next_shoe(self) -> None:
        self.shoe_number += 1
        if self.stacked is not None:
            self.order = list(self.stacked) if self.shoe_number == 1 else []
        else:
            cards = list(shoe_composition(self.decks).elements())
            rng = (
                random.SystemRandom()
                if self.seed is None
                else random.Random(self.seed + self.shoe_number - 1)
            )
            rng.shuffle(cards)
            self.order = cards
        self.position = 0
        self.cut_reported = False
        self.fresh = False
        self.coup_cards = 0

    @property
    def cut_index(self) -> int:
        return max(0, len(self.order) - self.cut_card_from_end)

    @property
    def cards_left(self) -> int:
        return len(self.order) - self.position


class MockShoeDevice:
    """One simulated shoe. Every public method is thread-safe."""

    def __init__(
        self,
        *,
        serial_number: int = 4242,
        key: bytes | None = None,
        state_file: Path | None = None,
        croupier: Croupier | None = None,
        pairing: bool = False,
        capabilities: Capability = DEFAULT_CAPABILITIES,
        firmware_version: tuple[int, int, int] = (1, 0, 0),
        timers: ShoeTimers | None = None,
        fault_seed: int | None = None,
        tag_key: bytes | None = None,
    ) -> None:
        who = "the mock shoe"
        self.serial_number = check_whole(
            who, "serial_number", serial_number, minimum=0, maximum=U32_MAX
        )
        if key is not None:
            try:
                check_key(key)
            except ShoeProtocolError as error:
                raise ConfigError(who, "key", f"{error}: pair it, or give another key") from None
        if len(firmware_version) != 3:
            raise ConfigError(who, "firmware_version", "is three numbers: major, minor, patch")
        for part in firmware_version:
            check_whole(who, "firmware_version", part, minimum=0, maximum=255)
        self.tag_key = tag_key
        """The casino's card-tag key: with it, each card's tag data carries its pages 4-7."""
        self.capabilities = capabilities
        self.firmware_version = firmware_version
        self.timers = timers or ShoeTimers()
        self.memory = ShoeMemory(state_file)
        if key is not None:
            self.memory.key = key
        self.croupier = croupier or Croupier()
        self._rng = random.Random(fault_seed)
        self._cond = threading.Condition(threading.RLock())
        self._changed = threading.Condition(threading.Lock())
        self._inbox: list[bytes] = []
        self._link: DeviceLink | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._pairing = pairing
        self._pairing_until = 0.0
        self._queue: deque[CardRead] = deque()
        self._event_seq = 0
        self._epoch_reason = EpochReason.POWER_ON
        self._light = Indicator.STOP
        self._sensors = SensorFlag.NONE
        self._exit_locked = False
        self._last_host_frame = 0.0
        self._heartbeat_at = 0.0
        self._resend_at = 0.0
        self._hello_at = 0.0
        self._draw_at: float | None = None
        self._result_check_at: float | None = None
        self._replug_at: float | None = None
        self._self_test_started: float | None = None
        self._corrupt_next = 0
        self._drop_next = 0
        self.corrupt_rate = 0.0
        self.drop_rate = 0.0
        self._unplug_plan: UnplugPlan | None = None
        self._bytes_to_unplug: int | None = None
        self._unplugged = False
        self.on_cut_card: Callable[[], None] | None = None
        self.on_card_drawn: Callable[[Card | None], None] | None = None
        self.counters: dict[str, int] = {}
        self._guard = ShoeReplayGuard(boot_epoch=1)
        self._decoder: FrameDecoder | None = None
        self._encoder: FrameEncoder | None = None

    # --- life -------------------------------------------------------------------------------

    def attach(self, link: DeviceLink) -> None:
        with self._cond:
            self._link = link

    def start(self) -> None:
        """Power on: a new epoch (written before the first frame), HELLO, then serve."""
        with self._cond:
            if self.croupier.shoe_number == 0:
                self.croupier.load_next_shoe()
            self._boot(EpochReason.POWER_ON)
        self._thread = threading.Thread(target=self._run, name="mock shoe", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def receive(self, data: bytes) -> None:
        """Bytes from the host (called by the link's reader)."""
        with self._cond:
            self._inbox.append(bytes(data))
            self._cond.notify_all()

    # --- what a test or the keyboard can do -----------------------------------------------

    def press(self, button: Button, press: Press = Press.SHORT) -> None:
        with self._cond:
            self._send(ButtonPressed(button=button, press=press))
        self._notify_changed()

    def draw(self) -> Card | None:
        """The croupier draws one card now, whatever the light says."""
        with self._cond:
            card = self._draw_card(time.monotonic())
        self._notify_changed()
        return card

    def set_auto_deal(self, on: bool) -> None:
        with self._cond:
            self.croupier.auto_deal = on
            self._cond.notify_all()

    def corrupt_next(self, frames: int = 1) -> None:
        with self._cond:
            self._corrupt_next += frames

    def drop_next(self, frames: int = 1) -> None:
        with self._cond:
            self._drop_next += frames

    def send_noise(self, data: bytes) -> None:
        with self._cond:
            self._transmit(data)

    def unplug(self, down_for: float | None = None) -> None:
        """Pull the cable; put it back after ``down_for`` seconds (None: wait for replug)."""
        with self._cond:
            self._do_unplug(time.monotonic(), down_for)
        self._notify_changed()

    def replug(self) -> None:
        with self._cond:
            self._do_replug()
        self._notify_changed()

    def plan_unplugs(self, plan: UnplugPlan | None) -> None:
        with self._cond:
            self._unplug_plan = plan
            self._bytes_to_unplug = None if plan is None else self._rng.randint(*plan.bytes_between)

    def reboot(self, reason: EpochReason = EpochReason.WATCHDOG) -> None:
        """A reset: RAM is lost but the persistent queue is kept; a new epoch begins."""
        with self._cond:
            self._boot(reason)
            self._cond.notify_all()
        self._notify_changed()

    def card_at_exit(self, present: bool = True) -> None:
        """A card stays in the exit slot (the croupier's hand on it) until ``present`` is
        False: the croupier draws nothing meanwhile and SELF_TEST is refused."""
        with self._cond:
            if present:
                self._sensors |= SensorFlag.CARD_AT_EXIT
            else:
                self._sensors &= ~SensorFlag.CARD_AT_EXIT
            self._send(self._status())
            self._cond.notify_all()
        self._notify_changed()

    def sensor_fault(self, sensor: Sensor, fault: FaultCode, detail: int = 0) -> None:
        with self._cond:
            self._send(SensorFault(sensor=sensor, fault=fault, detail=detail))

    # --- what a test can see ----------------------------------------------------------------

    @property
    def epoch(self) -> int:
        return self.memory.epoch

    @property
    def light(self) -> Indicator:
        return self._light

    @property
    def queue_depth(self) -> int:
        return len(self._queue)

    @property
    def dealt(self) -> list[Card]:
        with self._cond:
            return list(self.croupier.dealt)

    @property
    def card_held_at_exit(self) -> bool:
        return bool(self._sensors & SensorFlag.CARD_AT_EXIT)

    @property
    def paired(self) -> bool:
        return self.memory.key is not None

    @property
    def in_pairing_mode(self) -> bool:
        return self._pairing

    def count(self, name: str) -> int:
        return self.counters.get(name, 0)

    def wait_until(self, predicate: Callable[[], bool], timeout: float) -> bool:
        """Wait (no polling) until ``predicate()`` holds after some change in the device."""
        with self._changed:
            return self._changed.wait_for(predicate, timeout)

    def _notify_changed(self) -> None:
        with self._changed:
            self._changed.notify_all()

    def _bump(self, name: str) -> None:
        self.counters[name] = self.counters.get(name, 0) + 1

    # --- the firmware -----------------------------------------------------------------------

    def _boot(self, reason: EpochReason, nonce: bytes = bytes(8)) -> None:
        now = time.monotonic()
        if self.memory.epoch >= U32_MAX:
            raise RuntimeError("epochs exhausted: pair the shoe again")
        self.memory.epoch += 1
        self.memory.save()  # before the first frame of the epoch
        self._epoch_reason = reason
        self._event_seq = 0
        self._guard.start_epoch(self.memory.epoch)
        self._light = Indicator.STOP
        self._sensors &= ~(SensorFlag.LINK_LOST | SensorFlag.QUEUE_FULL)
        self._self_test_started = None  # a reset ends a self-test unanswered
        self.croupier.fresh = False
        self._last_host_frame = now
        self._heartbeat_at = now + self.timers.heartbeat
        self._resend_at = now
        if reason is not EpochReason.NEW_SHOE:
            self._bump("boots")
            if not self.capabilities & Capability.PERSISTENT_QUEUE:
                self._queue.clear()
        if self._pairing:
            self._pairing_until = now + self.timers.pairing_window
        self._set_keys()
        self._hello_at = now
        if not self._pairing and self.memory.key is not None:
            self._send(self._hello(nonce))

    def _set_keys(self) -> None:
        epoch = self.memory.epoch
        if self._pairing or self.memory.key is None:
            self._encoder = FrameEncoder(
                key=PAIRING_KEY, sending=Direction.SHOE_TO_HOST, epoch=epoch, pairing=True
            )
            self._decoder = FrameDecoder.for_pairing(receiving=Direction.HOST_TO_SHOE)
        else:
            key = self.memory.key
            self._encoder = FrameEncoder(key=key, sending=Direction.SHOE_TO_HOST, epoch=epoch)
            self._decoder = FrameDecoder(
                key=key, receiving=Direction.HOST_TO_SHOE, guard=self._guard
            )

    @property
    def _mode(self) -> ShoeMode:
        if self._pairing:
            return ShoeMode.PAIRING
        return ShoeMode.UNPAIRED if self.memory.key is None else ShoeMode.NONE

    def _hello(self, nonce: bytes) -> Hello:
        return Hello(
            serial_number=self.serial_number,
            firmware_version=self.firmware_version,
            mode=self._mode,
            capabilities=self.capabilities,
            boot_epoch=self.memory.epoch,
            epoch_reason=self._epoch_reason,
            host_seq_last=self._guard.host_seq_last,
            nonce=nonce,
        )

    def _status(self) -> StatusReport:
        sensors = self._sensors
        if self._exit_locked or self._testing_lock:
            sensors |= SensorFlag.EXIT_LOCKED
        if self.croupier.cards_left == 0:
            sensors |= SensorFlag.SHOE_EMPTY
        return StatusReport(
            state=ShoeState.READY,
            indicator=self._light,
            sensors=sensors,
            queue_depth=min(len(self._queue), 255),
            last_event_seq=self._event_seq,
            host_seq_last=self._guard.host_seq_last,
        )

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._stopping:
                    return
                timeout = max(0.0, self._next_deadline() - time.monotonic())
                if not self._inbox:
                    self._cond.wait(timeout)
                if self._stopping:
                    return
                inbox, self._inbox = self._inbox, []
                now = time.monotonic()
                for data in inbox:
                    self._handle_bytes(data, now)
                self._timers(time.monotonic())
            self._notify_changed()

    def _next_deadline(self) -> float:
        self._schedule_croupier(time.monotonic())
        deadlines: list[float] = []
        if self._pairing or self.memory.key is None:
            deadlines.append(self._hello_at)
            if self._pairing:
                deadlines.append(self._pairing_until)
        else:
            deadlines.append(self._heartbeat_at)
            if not self._sensors & SensorFlag.LINK_LOST:
                deadlines.append(self._last_host_frame + self.timers.link_loss)
            if self._queue:
                deadlines.append(self._resend_at)
        if self._self_test_started is not None:
            deadlines.append(self._self_test_started + self.timers.self_test)
        for moment in (self._draw_at, self._result_check_at, self._replug_at):
            if moment is not None:
                deadlines.append(moment)
        return min(deadlines)

    def _timers(self, now: float) -> None:
        if self._replug_at is not None and now >= self._replug_at:
            self._do_replug()
        if self._pairing and now >= self._pairing_until:
            self._pairing = False
            log.info("mock shoe: pairing window closed")
            self._set_keys()
        if self._pairing or self.memory.key is None:
            if now >= self._hello_at:
                self._hello_at = now + self.timers.pairing_hello
                self._send(self._hello(bytes(8)))
            return
        lost = now - self._last_host_frame >= self.timers.link_loss
        if lost and not self._sensors & SensorFlag.LINK_LOST:
            self._sensors |= SensorFlag.LINK_LOST
            self._light = Indicator.STOP
            if self.capabilities & Capability.EXIT_LOCK:
                self._exit_locked = True
            self._bump("link_losses")
        if self._queue and now >= self._resend_at:
            self._send_head(now)
        started = self._self_test_started
        if started is not None and now >= started + self.timers.self_test:
            self._self_test_started = None
            self._send(self._self_test_result(now - started))
        if now >= self._heartbeat_at:
            self._send(self._status())
        self._schedule_croupier(now)
        if self._draw_at is not None and now >= self._draw_at:
            self._draw_at = None
            if self._may_draw():
                self._draw_card(now)
        if self._result_check_at is not None and now >= self._result_check_at:
            self._result_check_at = None
            if self._light is Indicator.STOP and self.croupier.fresh:
                self.croupier.coup_cards = 0
                self._send(ButtonPressed(button=Button.RESULT_CHECK))

    # --- frames in --------------------------------------------------------------------------

    def _handle_bytes(self, data: bytes, now: float) -> None:
        # One frame at a time, as the firmware's UART parser does: a frame is checked against
        # the epoch the frame before it left behind. A RESET_SEQUENCE starts a new epoch, so a
        # second one in the same read must be judged in the new epoch (and refused as stale),
        # not accepted with the first and skip a whole shoe.
        start = 0
        while start < len(data):
            end = data.find(b"\x00", start)
            end = len(data) if end < 0 else end + 1
            decoder = self._decoder
            if decoder is None:
                return
            for result in decoder.feed(data[start:end]):
                if isinstance(result, Accepted):
                    self._handle(result.message, now)
                else:
                    self._bump(f"rx_{result.reason.value}")
            start = end

    def _handle(self, message: Message, now: float) -> None:
        if isinstance(message, Pair):
            self._on_pair(message)
            return
        if isinstance(message, QueryStatus):
            self._send(self._hello(message.nonce))
            self._send(self._status())
            if self._queue:
                self._send_head(now)  # a host just (re)connected: no need to wait 250 ms
            return
        if self._pairing or self.memory.key is None:
            return
        self._last_host_frame = now  # a sequenced frame accepted: the link is alive
        if self._sensors & SensorFlag.LINK_LOST:
            self._sensors &= ~SensorFlag.LINK_LOST
        if isinstance(message, Acknowledge):
            if self._queue and self._queue[0].event_id == (message.event_epoch, message.event_seq):
                self._queue.popleft()
                self.croupier.fresh = False  # wait for the light set after this ACK
                if len(self._queue) < QUEUE_SIZE:
                    self._sensors &= ~SensorFlag.QUEUE_FULL
                if self._queue:
                    self._send_head(now)
            return
        if isinstance(message, SetIndicator):
            self._light = message.indicator
            if not self._queue:
                self.croupier.fresh = True
        elif isinstance(message, ResetSequence):
            if self._queue:
                self._send(self._status())
                return
            self.croupier.load_next_shoe()
            self._boot(EpochReason.NEW_SHOE, message.nonce)
            return
        elif isinstance(message, SelfTest):
            self._on_self_test(now)
            return  # SELF_TEST_RESULT, when it is done, is the answer
        elif isinstance(message, LockExit):
            self._exit_locked = bool(self.capabilities & Capability.EXIT_LOCK)
        elif isinstance(message, UnlockExit):
            self._exit_locked = False
        elif isinstance(message, SoundBuzzer) and message.pattern is not BuzzerPattern.OFF:
            self._bump("buzzer")
        self._send(self._status())

    def _on_pair(self, pair: Pair) -> None:
        if not self._pairing or pair.serial_number != self.serial_number:
            self._bump("pair_ignored")
            return
        self.memory.key = pair.key
        self.memory.save()
        self._pairing = False
        self._set_keys()
        log.info("mock shoe: paired")
        self._send(self._hello(pair.nonce))

    # --- the self-test (spec section 9.14) ---------------------------------------------------

    @property
    def _testing_lock(self) -> bool:
        """The exit is locked through a self-test (on a shoe that has the lock)."""
        return self._self_test_started is not None and bool(
            self.capabilities & Capability.EXIT_LOCK
        )

    def _on_self_test(self, now: float) -> None:
        if self._self_test_started is not None:
            return  # its result is coming
        if self._queue or self._sensors & SensorFlag.CARD_AT_EXIT:
            self._bump("self_tests_refused")
            self._send(
                SelfTestResult(flags=SelfTestFlag.REFUSED, passed=Part.NONE, failed=Part.NONE)
            )
            return
        self._bump("self_tests")
        self._self_test_started = now  # no card is drawn until it is done

    def _self_test_result(self, elapsed: float) -> SelfTestResult:
        """Every part passes but the exit sensor if a card came into the locked slot."""
        parts = SELF_TEST_PARTS
        if self.capabilities & Capability.EXIT_LOCK:
            parts |= Part.EXIT_LOCK
        card_at_exit = bool(self._sensors & SensorFlag.CARD_AT_EXIT)
        failed = Part.EXIT_SENSOR if card_at_exit else Part.NONE
        return SelfTestResult(
            flags=SelfTestFlag.NONE,
            passed=parts & ~failed,
            failed=failed,
            reader_version=READER_VERSION,
            inputs=int(card_at_exit),
            elapsed_ms=min(round(elapsed * 1000), 0xFFFF),
        )

    # --- the croupier -----------------------------------------------------------------------

    def _may_draw(self) -> bool:
        croupier = self.croupier
        return (
            croupier.auto_deal
            and croupier.fresh
            and not self._queue
            and not self._pairing
            and self.memory.key is not None
            and not self._exit_locked
            and self._self_test_started is None
            and not self._sensors & (SensorFlag.LINK_LOST | SensorFlag.CARD_AT_EXIT)
            and self._light is not Indicator.STOP
            and croupier.cards_left > 0
        )

    def _schedule_croupier(self, now: float) -> None:
        croupier = self.croupier
        if self._draw_at is None and self._may_draw():
            self._draw_at = now + croupier.pace
        if (
            self._result_check_at is None
            and croupier.auto_result_check
            and croupier.fresh
            and self._light is Indicator.STOP
            and croupier.coup_cards >= 4
            and not self._queue
        ):
            self._result_check_at = now + croupier.pace

    def _draw_card(self, now: float) -> Card | None:
        croupier = self.croupier
        if croupier.cards_left <= 0:
            self._sensors |= SensorFlag.SHOE_EMPTY
            self._send(self._status())
            return None
        if (
            not croupier.cut_reported
            and croupier.cut_card_from_end
            and croupier.position >= croupier.cut_index
        ):
            croupier.cut_reported = True
            if self.on_cut_card is not None:
                self.on_cut_card()
        card = croupier.order[croupier.position]
        croupier.position += 1
        croupier.dealt.append(card)
        croupier.fresh = False
        if self._light in (Indicator.PLAYER_DRAWS, Indicator.BANKER_DRAWS):
            croupier.coup_cards += 1
        if self.on_card_drawn is not None:
            self.on_card_drawn(card)
        self._read_card(card, now)
        return card

    def _read_card(self, card: Card | None, now: float) -> None:
        """The reader saw a card leave: queue its event (or lose it if the queue is full)."""
        self._event_seq += 1
        if len(self._queue) >= QUEUE_SIZE:
            self._sensors |= SensorFlag.QUEUE_FULL
            self._light = Indicator.STOP
            self._exit_locked = bool(self.capabilities & Capability.EXIT_LOCK)
            self._bump("events_dropped")
            self._send(self._status())
            return
        croupier = self.croupier
        seed = f"{self.serial_number}:{croupier.shoe_number}:{croupier.position}".encode()
        uid = b"\x04" + hashlib.sha256(seed).digest()[:6]  # an NTAG's 7-byte UID
        tag_data = uid
        if self.tag_key is not None and card is not None:
            deck = croupier.order[: croupier.position - 1].count(card) + 1
            tag_data += encode_tag(uid, card, deck, deck_position(card), self.tag_key)
        event = CardRead(
            event_epoch=self.memory.epoch,
            event_seq=self._event_seq,
            card=card,
            tag_data=tag_data,
        )
        self._queue.append(event)
        if len(self._queue) == 1:
            self._send_head(now)

    # --- frames out -------------------------------------------------------------------------

    def _send_head(self, now: float) -> None:
        self._resend_at = now + self.timers.resend
        self._send(self._queue[0])

    def _send(self, message: Message) -> None:
        encoder = self._encoder
        if encoder is None:
            return
        if isinstance(message, StatusReport):
            self._heartbeat_at = time.monotonic() + self.timers.heartbeat
        if encoder.next_seq > U32_MAX:
            self._boot(EpochReason.EXTERNAL_RESET)  # pragma: no cover - 4 billion frames
            encoder = self._encoder
            assert encoder is not None
        wire = encoder.encode(message)
        self._bump("frames_sent")
        if self._drop_next or (self.drop_rate and self._rng.random() < self.drop_rate):
            self._drop_next = max(0, self._drop_next - 1)
            self._bump("frames_dropped")
            return
        if self._corrupt_next or (self.corrupt_rate and self._rng.random() < self.corrupt_rate):
            self._corrupt_next = max(0, self._corrupt_next - 1)
            self._bump("frames_corrupted")
            data = bytearray(wire)
            index = self._rng.randrange(1, len(data) - 1)
            data[index] ^= self._rng.randrange(1, 256)
            wire = bytes(data)
        self._transmit(wire)

    def _transmit(self, data: bytes) -> None:
        link = self._link
        if link is None or self._unplugged:
            return
        left = self._bytes_to_unplug
        if left is not None and left <= len(data):
            link.send(data[:left])
            plan = self._unplug_plan
            assert plan is not None
            self._do_unplug(time.monotonic(), self._rng.uniform(*plan.down_for))
            return
        if left is not None:
            self._bytes_to_unplug = left - len(data)
        link.send(data)

    def _do_unplug(self, now: float, down_for: float | None) -> None:
        if self._unplugged:
            return
        self._unplugged = True
        self._bump("unplugs")
        self._bytes_to_unplug = None
        if self._decoder is not None:
            self._decoder.reset()
        if self._link is not None:
            self._link.unplug()
        self._replug_at = None if down_for is None else now + down_for
        self._cond.notify_all()

    def _do_replug(self) -> None:
        self._replug_at = None
        if not self._unplugged:
            return
        self._unplugged = False
        if self._link is not None:
            self._link.replug()
        plan = self._unplug_plan
        if plan is not None:
            if plan.times is not None and self.count("unplugs") >= plan.times:
                self._unplug_plan = None
            else:
                self._bytes_to_unplug = self._rng.randint(*plan.bytes_between)
