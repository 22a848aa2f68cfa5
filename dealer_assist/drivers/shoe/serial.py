"""The smart shoe on a serial line: the ``serial://`` card source.

``serial:///dev/ttyACM0?baud=115200&key_file=/etc/dealer-assist/shoe-1234.key`` opens the port
through :func:`serial.serial_for_url`, so any pyserial URL works as the port as well
(``serial://mockshoe://NAME?key=HEX`` runs the real driver against an in-process mock shoe).
Without a port (``serial://?key_file=...``) the driver looks for the shoe by its USB vendor and
product id (options ``vid``, ``pid`` and, with several shoes on one host, ``usb_serial``).

Options: ``baud`` (115200), ``key_file`` or ``key`` (64 hex digits; one of them is required:
the link is authenticated, see docs/shoe-protocol.md section 6), ``spy=1`` (log every frame in
hex on the ``dealer_assist.serial.spy`` logger), ``vid``/``pid``/``usb_serial``, and
``tag_key_file``/``uid_table`` to check each card's own tag (docs/card-tags.md) as the
``pcsc://`` source does: the shoe reads the card byte without the casino's key.

One thread owns the port: it opens it, reads with a short timeout, hands the bytes to a
:class:`~dealer_assist.drivers.shoe.session.HostSession` and carries out what the session
returns (events to the table, frames to the shoe) under one lock, which :meth:`indicate` takes
too. When the port fails (the shoe unplugged, the cable cut) the thread reports LOST, closes
it and opens it again with back-off; the session resynchronises and the shoe resends what was
not acknowledged, so no card is lost or doubled.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import serial  # type: ignore[import-untyped]

from dealer_assist.drivers.base import (
    CardSource,
    CutCardDrawn,
    Indicator,
    SourceStatus,
    SourceUrl,
    StatusChanged,
    UrlOptionList,
    choice_option,
    flag_option,
    parsed_option,
    text_option,
    whole_option,
)
from dealer_assist.drivers.mock import CARDS, CUT, DECKS, PACE, SEED
from dealer_assist.drivers.shoe.keys import ShoeKey, load_shoe_key, parse_key_hex
from dealer_assist.drivers.shoe.protocol import MAX_WIRE_FRAME
from dealer_assist.drivers.shoe.protocol.framing import KEY_SIZE
from dealer_assist.drivers.shoe.session import Action, HostSession, LinkTimers, Send, TagCheck
from dealer_assist.errors import ConfigError, DeviceNotAvailableError

log = logging.getLogger(__name__)
spy_log = logging.getLogger("dealer_assist.serial.spy")

if "dealer_assist.drivers.shoe" not in serial.protocol_handler_packages:
    serial.protocol_handler_packages.append("dealer_assist.drivers.shoe")  # mockshoe://

DEFAULT_BAUD = 115200
SHOE_USB_VID = 0x1209
"""pid.codes, the open-hardware vendor id; the product id below is the one the shoe firmware
uses (see docs/serial-shoe.md: change both here and in the firmware if it is reassigned)."""
SHOE_USB_PID = 0xBACC
MAX_BAUD = 4_000_000


def _shoe_key(text: str) -> ShoeKey:
    try:
        return ShoeKey(key=parse_key_hex(text))
    except ConfigError as error:
        raise ValueError(f"is not a shoe key: {error.problem}") from None


BAUD = whole_option("baud", default=DEFAULT_BAUD, minimum=300, maximum=MAX_BAUD)
KEY_FILE = text_option("key_file")
KEY = parsed_option(
    "key", _shoe_key, default=None, allowed=f"{KEY_SIZE * 2} hex digits (prefer key_file=)"
)
SPY = flag_option("spy")
VID = whole_option("vid", default=SHOE_USB_VID, minimum=0, maximum=0xFFFF, base=0)
PID = whole_option("pid", default=SHOE_USB_PID, minimum=0, maximum=0xFFFF, base=0)
USB_SERIAL = text_option("usb_serial")
TAG_KEY_FILE = text_option("tag_key_file")
UID_TABLE = text_option("uid_table")
RESULT_CHECK = choice_option("result_check", ("auto", "button"), default="auto")
_PORT_ERRORS = (serial.SerialException, OSError)


@dataclass(frozen=True, slots=True, kw_only=True)
class Backoff:
    """Delays between attempts to open the port: ``first``, doubling up to ``longest``."""

    first: float = 0.01
    longest: float = 2.0


def find_shoe_port(vid: int, pid: int, usb_serial: str | None = None) -> str:
    """The device path of the one plugged-in shoe with this USB id."""
    from serial.tools import list_ports  # type: ignore[import-untyped]

    matches = [
        port
        for port in list_ports.comports()
        if port.vid == vid
        and port.pid == pid
        and (usb_serial is None or port.serial_number == usb_serial)
    ]
    wanted = f"USB id {vid:04x}:{pid:04x}" + (f" serial {usb_serial}" if usb_serial else "")
    if not matches:
        raise DeviceNotAvailableError(f"no shoe with {wanted} is plugged in")
    if len(matches) > 1:
        devices = ", ".join(sorted(str(port.device) for port in matches))
        raise DeviceNotAvailableError(
            f"{len(matches)} shoes with {wanted} ({devices}): name the port, "
            "e.g. serial:///dev/ttyACM0, or add usb_serial="
        )
    return str(matches[0].device)


def _spy_hex(data: bytes, limit: int = 96) -> str:
    text = data[:limit].hex(" ")
    return text + (f" … ({len(data)} bytes)" if len(data) > limit else "")


class SerialShoe(CardSource):
    """The shoe behind a serial port. ``indicate`` may be called from any thread."""

    def __init__(
        self,
        *,
        name: str,
        key: ShoeKey,
        port: str | None,
        baudrate: int = DEFAULT_BAUD,
        vid: int = SHOE_USB_VID,
        pid: int = SHOE_USB_PID,
        usb_serial: str | None = None,
        spy: bool = False,
        timers: LinkTimers | None = None,
        tags: TagCheck | None = None,
        backoff: Backoff | None = None,
        read_tick: float = 0.05,
        write_timeout: float = 0.5,
    ) -> None:
        super().__init__(name=name)
        self.port_name = port or None
        self.baudrate = baudrate
        self.vid, self.pid, self.usb_serial = vid, pid, usb_serial
        self.spy = spy
        self.backoff = backoff or Backoff()
        self.read_tick = read_tick
        self.write_timeout = write_timeout
        self.session = HostSession(
            key=key.key, source=name, expected_serial=key.serial_number, timers=timers, tags=tags
        )
        self._io = threading.RLock()
        self._port: Any = None
        self._write_error: str | None = None
        self._thread: threading.Thread | None = None
        self._open_error: str | None = None
        self._spy_buffer = bytearray()
        self.connections = 0
        """Times the port was opened (tests and the spy log read it)."""
        if spy:
            self._enable_spy_output()

    def resume(self, recorded: Sequence[bytes]) -> None:
        self.session.resume(recorded)

    OPTIONS: ClassVar[UrlOptionList] = (
        BAUD,
        KEY_FILE,
        KEY,
        SPY,
        VID,
        PID,
        USB_SERIAL,
        TAG_KEY_FILE,
        UID_TABLE,
    )

    @classmethod
    def from_url(cls, url: SourceUrl) -> SerialShoe:
        options = url.check(cls.OPTIONS)
        key_file, key = options[KEY_FILE], options[KEY]
        if key_file and key is not None:
            raise url.fail("give key_file or key, not both", option="key")
        if key_file:
            key = load_shoe_key(key_file)
        elif key is None:
            raise url.fail(
                "the shoe link is authenticated: add key_file=PATH (written by "
                "`dealer-assist shoe pair`) or key=HEX",
                option="key_file",
            )
        tags = None
        tag_key_file, table_file = options[TAG_KEY_FILE], options[UID_TABLE]
        if tag_key_file or table_file:
            from dealer_assist.tags import UidTable, load_key

            tags = TagCheck(
                key=load_key(tag_key_file) if tag_key_file else None,
                uid_table=UidTable.load(table_file) if table_file else None,
            )
        return cls(
            name=url.redacted(),
            key=key,
            port=url.target or None,
            baudrate=options[BAUD],
            vid=options[VID],
            pid=options[PID],
            usb_serial=options[USB_SERIAL] or None,
            spy=options[SPY],
            tags=tags,
        )

    # --- the table's side -------------------------------------------------------------------

    def indicate(self, indicator: Indicator) -> None:
        with self._io:
            if self.stopped:
                return
            self._perform(self.session.indicate(indicator, time.monotonic()))

    def _start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=f"shoe {self.name}", daemon=True)
        self._thread.start()

    def _stop(self) -> None:
        port = self._port
        if port is not None:
            try:
                port.cancel_read()
            except Exception:  # a port half closed by a failure
                log.debug("cancel_read failed", exc_info=True)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    # --- the port thread --------------------------------------------------------------------

    def _run(self) -> None:
        target = self.port_name or f"USB {self.vid:04x}:{self.pid:04x}"
        self.emit(StatusChanged(source=self.name, status=SourceStatus.CONNECTING, detail=target))
        delay = self.backoff.first
        while not self.stopped:
            try:
                port = self._open()
            except (*_PORT_ERRORS, DeviceNotAvailableError, ValueError) as error:
                self._report_open_error(str(error))
            else:
                synced = self._serve(port)
                if synced:
                    delay = self.backoff.first
            if self._stopped.wait(delay):
                break
            delay = min(delay * 2, self.backoff.longest)

    def _open(self) -> Any:
        path = self.port_name or find_shoe_port(self.vid, self.pid, self.usb_serial)
        options: dict[str, Any] = {
            "baudrate": self.baudrate,
            "timeout": self.read_tick,
            "write_timeout": self.write_timeout,
        }
        if "://" not in path:
            options["exclusive"] = True  # two hosts on one shoe would fight over the ACKs
        return serial.serial_for_url(path, **options)

    def _report_open_error(self, reason: str) -> None:
        if reason == self._open_error:
            return
        self._open_error = reason
        log.info("%s: cannot open the shoe's port: %s", self.name, reason)
        if self.session.status is SourceStatus.CONNECTING:
            self.emit(
                StatusChanged(source=self.name, status=SourceStatus.CONNECTING, detail=reason)
            )

    def _serve(self, port: Any) -> bool:
        """Run one connection until the port fails or the source stops; True if it synced."""
        self._open_error = None
        self.connections += 1
        synced = False
        reason = "closed"
        with self._io:
            self._port = port
            self._write_error = None
            self._spy_buffer.clear()
            self._perform(self.session.link_opened(time.monotonic()))
        next_tick = time.monotonic() + self.read_tick
        try:
            while not self.stopped:
                waiting = port.in_waiting
                data = port.read(waiting or 1)
                if data and not waiting:
                    more = port.in_waiting
                    if more:
                        data += port.read(more)
                now = time.monotonic()
                with self._io:
                    if self._write_error is not None:
                        raise serial.SerialException(self._write_error)
                    if data:
                        if self.spy:
                            self._spy_received(data)
                        self._perform(self.session.feed(data, now))
                    if now >= next_tick:
                        next_tick = now + self.read_tick
                        self._perform(self.session.tick(now))
                    synced = synced or self.session.synced
        except _PORT_ERRORS as error:
            reason = f"the port failed: {error}"
        finally:
            with self._io:
                self._port = None
                try:
                    port.close()
                except _PORT_ERRORS:
                    log.debug("closing a failed port", exc_info=True)
                if not self.stopped:
                    log.info("%s: %s", self.name, reason)
                    self._perform(self.session.link_closed(reason))
        return synced

    def _perform(self, actions: list[Action]) -> None:
        """Carry out the session's actions in order; the caller holds ``_io``."""
        for action in actions:
            if isinstance(action, Send):
                self._write(action)
            else:
                self.emit(action)

    def _write(self, send: Send) -> None:
        port = self._port
        if port is None or self._write_error is not None:
            return
        if self.spy:
            spy_log.info("TX %s: %s", send.message.TYPE.name, _spy_hex(send.wire))
        try:
            port.write(send.wire)
        except _PORT_ERRORS as error:
            # The port thread notices on its next pass and reconnects.
            self._write_error = f"write failed: {error}"
            try:
                port.cancel_read()
            except _PORT_ERRORS:
                log.debug("cancel_read after a failed write", exc_info=True)

    # --- spy --------------------------------------------------------------------------------

    def _enable_spy_output(self) -> None:
        spy_log.setLevel(logging.INFO)
        if not logging.getLogger().hasHandlers() and not spy_log.handlers:
            handler = logging.StreamHandler()
            handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
            spy_log.addHandler(handler)

    def _spy_received(self, data: bytes) -> None:
        """Log each complete chunk between 00 delimiters, as received."""
        buffer = self._spy_buffer
        buffer += data
        *chunks, rest = bytes(buffer).split(b"\x00")
        for chunk in chunks:
            if chunk:
                kind = "frame" if len(chunk) <= MAX_WIRE_FRAME else "noise"
                spy_log.info("RX %s: 00 %s 00", kind, _spy_hex(chunk))
        buffer.clear()
        if len(rest) > 4 * MAX_WIRE_FRAME:
            spy_log.info("RX noise, no delimiter: %s", _spy_hex(rest))
        else:
            buffer += rest


class MockShoeSource(SerialShoe):
    """``mockshoe://?seed=42&decks=8&pace=0.5``: the serial driver and a mock shoe, in-process.

    The whole shoe link runs (frames, authentication, acknowledgements) without a port: the
    driver opens ``mockshoe://NAME``, the in-process handler wired to a
    :class:`~dealer_assist.drivers.shoe.mock_device.MockShoeDevice` made with a fresh random key.
    For training on a machine without pseudo-terminals, and for tests. Options: ``seed``,
    ``decks`` (8), ``cards`` (a stacked shoe), ``cut`` (14), ``pace`` (seconds per card, 0),
    ``result_check`` (``auto``: the croupier presses result check after each coup; ``button``).
    The croupier reports the cut card to the table directly: the protocol has no message for it.
    """

    OPTIONS: ClassVar[UrlOptionList] = (SEED, DECKS, CARDS, CUT, PACE, RESULT_CHECK, SPY)
    _count = 0

    def __init__(self, *, name: str, device: Any, spy: bool = False) -> None:
        from dealer_assist.drivers.shoe.protocol_mockshoe import plug_in

        MockShoeSource._count += 1
        self.device_name = f"source-{MockShoeSource._count}-{id(self):x}"
        self.device = device
        plug_in(self.device_name, device)
        key = device.memory.key
        super().__init__(
            name=name, key=ShoeKey(key=key), port=f"mockshoe://{self.device_name}", spy=spy
        )
        device.on_cut_card = self._cut_card

    @classmethod
    def from_url(cls, url: SourceUrl) -> MockShoeSource:
        import os

        from dealer_assist.drivers.shoe.mock_device import Croupier, MockShoeDevice
        from dealer_assist.drivers.shoe.session import random_nonce

        options = url.check(cls.OPTIONS)
        croupier = Croupier(
            decks=options[DECKS],
            seed=options[SEED],
            stacked=options[CARDS],
            cut_card_from_end=options[CUT],
            pace=options[PACE],
            auto_result_check=options[RESULT_CHECK] == "auto",
        )
        key = os.urandom(24) + random_nonce()  # 32 bytes, never all 00 or all ff
        device = MockShoeDevice(key=key, croupier=croupier)
        return cls(name=url.redacted(), device=device, spy=options[SPY])

    def _cut_card(self) -> None:
        self.emit(CutCardDrawn(source=self.name))

    def _start(self) -> None:
        self.device.start()
        super()._start()

    def _stop(self) -> None:
        from dealer_assist.drivers.shoe.protocol_mockshoe import forget

        super()._stop()
        self.device.stop()
        forget(self.device_name)
