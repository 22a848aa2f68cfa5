"""NFC card tags through PC/SC: one reader, its tags read and written (:class:`TagReader`).

pyscard is imported only in this package. :class:`TagReader` waits for tag arrivals and removals
as pcscd reports them (``SCardGetStatusChange``, woken by the daemon, each wait at most
``WAIT_SLICE`` so that a stop request is honoured quickly), reads a tag's UID and data pages
without ever returning half a tag or data from two tags, and writes and locks pages. It is shared
by the ``pcsc://`` card source (:mod:`dealer_assist.drivers.pcsc.source`) and the
``dealer-assist tags`` commands.
"""

from __future__ import annotations

import fnmatch
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from smartcard import scard  # type: ignore[import-untyped]

from dealer_assist.errors import DeviceNotAvailableError, DeviceTimeoutError
from dealer_assist.tags import (
    DATA_PAGE,
    DATA_PAGES,
    PAGE_SIZE,
    TagGoneError,
    TagImage,
    TagIOError,
    TagWriteError,
    uid_hex,
)

log = logging.getLogger(__name__)

# PC/SC part 3 pseudo-APDUs for storage cards, and the ACR122 buzzer command.
GET_UID = bytes.fromhex("FFCA000000")
BUZZER_OFF = bytes.fromhex("FF00520000")
MAX_READ = 16  # bytes per READ BINARY: one NTAG READ returns 4 pages

WAIT_SLICE = 0.2  # seconds: the longest a wait blocks before checking for stop
PNP_NOTIFICATION = "\\\\?PnP?\\Notification"

_SERVICE_GONE = {
    0x8010001D,  # SCARD_E_NO_SERVICE: pcscd is not running
    0x8010001E,  # SCARD_E_SERVICE_STOPPED
    0x80100013,  # SCARD_F_COMM_ERROR: pcscd went away during a call
    0x80100003,  # SCARD_E_INVALID_HANDLE: a context from a pcscd that restarted
    0x80100004,  # SCARD_E_INVALID_PARAMETER (seen on a dead context)
}
_READER_GONE = {
    0x80100009,  # SCARD_E_UNKNOWN_READER
    0x80100017,  # SCARD_E_READER_UNAVAILABLE
    0x8010002E,  # SCARD_E_NO_READERS_AVAILABLE
}
_TAG_GONE = {
    0x8010000C,  # SCARD_E_NO_SMARTCARD
    0x80100069,  # SCARD_W_REMOVED_CARD
    0x80100016,  # SCARD_E_NOT_TRANSACTED: the tag left during the exchange
    0x80100066,  # SCARD_W_UNRESPONSIVE_CARD
    0x80100067,  # SCARD_W_UNPOWERED_CARD
    0x80100068,  # SCARD_W_RESET_CARD
    0x8010002F,  # SCARD_E_COMM_DATA_LOST
}
# SCARD_W_SECURITY_VIOLATION: libpcsclite's name for pcscd closing the socket on us, which it
# does while it shuts down and when its polkit check refuses the user.
_REFUSED = 0x8010006A
_TIMEOUT = 0x8010000A
_CANCELLED = 0x80100002

_STATE_CHANGED = 0x0002
_STATE_UNKNOWN = 0x0004
_STATE_UNAVAILABLE = 0x0008
_STATE_EMPTY = 0x0010
_STATE_PRESENT = 0x0020
_STATE_MUTE = 0x0200


def _code(result: int) -> int:
    return int(result) & 0xFFFFFFFF


def _message(result: int) -> str:
    try:
        text = str(scard.SCardGetErrorMessage(result))
    except Exception:  # pragma: no cover - pyscard always has it
        text = "error"
    return f"{text} ({_code(result):#010x})"


# --- errors -----------------------------------------------------------------------------------


class PcscServiceError(DeviceNotAvailableError):
    """pcscd is not running, or stopped while we used it."""


class ReaderMissingError(DeviceNotAvailableError):
    """No reader matches the pattern (not plugged in, or unplugged)."""


def _raise_for(result: int, what: str, *, uid: bytes = b"") -> None:
    code = _code(result)
    if code == 0:
        return
    if code in _SERVICE_GONE:
        raise PcscServiceError(f"pcscd is not available ({what}: {_message(result)})")
    if code == _REFUSED:
        raise PcscServiceError(
            f"pcscd closed the connection: it is stopping, or it refuses this user (polkit) "
            f"({what}: {_message(result)})"
        )
    if code in _READER_GONE:
        raise ReaderMissingError(f"the reader went away ({what}: {_message(result)})")
    if code in _TAG_GONE:
        raise TagGoneError(f"the tag left the reader ({what}: {_message(result)})", uid=uid)
    if code == _TIMEOUT:
        raise DeviceTimeoutError(f"{what}: timed out")
    raise TagIOError(f"{what} failed: {_message(result)}", uid=uid)


# --- reader states ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ReaderState:
    """One reader's state as pcscd reports it."""

    reader: str
    raw: int  # dwEventState: pcsc-lite keeps an event counter in the high 16 bits
    atr: bytes = b""

    @property
    def present(self) -> bool:
        return bool(self.raw & _STATE_PRESENT) and not self.raw & _STATE_MUTE

    @property
    def empty(self) -> bool:
        return bool(self.raw & _STATE_EMPTY)

    @property
    def gone(self) -> bool:
        """The reader itself is no longer there."""
        return bool(self.raw & (_STATE_UNKNOWN | _STATE_UNAVAILABLE))

    @property
    def events(self) -> int:
        """pcscd's count of arrivals and removals on this reader (changes with every tag)."""
        return (self.raw >> 16) & 0xFFFF

    @property
    def presence(self) -> tuple[bool, int]:
        return (self.present, self.events)


def reader_matches(name: str, pattern: str) -> bool:
    """Case-insensitive: a glob when the pattern has ``*?[``, else a substring."""
    if not pattern:
        return True
    if any(ch in pattern for ch in "*?["):
        return fnmatch.fnmatch(name.lower(), pattern.lower())
    return pattern.lower() in name.lower()


# --- the low level: one context, one connection -------------------------------------------


class _Connection:
    """One connection to the tag in the field; APDUs with their status words checked."""

    def __init__(self, handle: Any, protocol: Any) -> None:
        self._handle = handle
        self._protocol = protocol
        self.uid = b""

    def transmit(self, apdu: bytes, what: str) -> tuple[bytes, bytes]:
        result, response = scard.SCardTransmit(self._handle, self._protocol, list(apdu))
        _raise_for(result, what, uid=self.uid)
        answer = bytes(response)
        if len(answer) < 2:
            # vpcd, and some readers, answer nothing when the tag left mid-exchange.
            raise TagGoneError(f"the tag left the reader ({what}: no answer)", uid=self.uid)
        return answer[:-2], answer[-2:]

    def exchange(self, apdu: bytes, what: str, *, length: int | None = None) -> bytes:
        data, status = self.transmit(apdu, what)
        if status != b"\x90\x00":
            raise TagIOError(f"{what} failed: status {status.hex(' ').upper()}", uid=self.uid)
        if length is not None and len(data) != length:
            raise TagGoneError(
                f"{what}: {len(data)} bytes instead of {length} (tag leaving?)", uid=self.uid
            )
        return data

    def read_uid(self) -> bytes:
        uid = self.exchange(GET_UID, "reading the UID")
        if len(uid) not in (4, 7, 10):
            raise TagIOError(f"reading the UID: {len(uid)} bytes is not a UID")
        self.uid = uid
        return uid

    def read_pages(self, page: int, count: int, *, chunk_pages: int) -> bytes:
        data = bytearray()
        while count > 0:
            pages = min(count, chunk_pages, MAX_READ // PAGE_SIZE)
            length = pages * PAGE_SIZE
            apdu = bytes([0xFF, 0xB0, (page >> 8) & 0xFF, page & 0xFF, length])
            data += self.exchange(apdu, f"reading page {page}", length=length)
            page += pages
            count -= pages
        return bytes(data)

    def write_page(self, page: int, value: bytes) -> None:
        apdu = bytes([0xFF, 0xD6, (page >> 8) & 0xFF, page & 0xFF, PAGE_SIZE]) + value
        _data, status = self.transmit(apdu, f"writing page {page}")
        if status != b"\x90\x00":
            raise TagWriteError(
                f"the tag refused page {page} (status {status.hex(' ').upper()}): "
                "the page is locked, or the write failed",
                uid=self.uid,
                status=status,
            )


class TagReader:
    """One PC/SC reader, chosen by name pattern: waits for tags, reads and writes them.

    Blocking calls for one thread; :meth:`cancel` may be called from another thread to end a
    wait at once. Every wait blocks at most ``WAIT_SLICE`` at a time inside pcscd, so Ctrl-C
    and stop requests are seen quickly. ``attempts`` bounds the retries of a read while the tag
    stays; ``settle`` is how long to wait for pcscd to say whether a tag that stopped answering
    is still there.
    """

    def __init__(
        self,
        pattern: str = "",
        *,
        data_pages: int = DATA_PAGES,
        chunk_pages: int = MAX_READ // PAGE_SIZE,
        attempts: int = 3,
        settle: float = 0.6,
        silence_buzzer: bool = True,
    ) -> None:
        if not 1 <= chunk_pages <= MAX_READ // PAGE_SIZE:
            raise ValueError(f"chunk_pages must be 1-{MAX_READ // PAGE_SIZE}, not {chunk_pages}")
        if attempts < 1:
            raise ValueError("attempts must be at least 1")
        self.pattern = pattern
        self.data_pages = data_pages
        self.chunk_pages = chunk_pages
        self.attempts = attempts
        self.settle = settle
        self.silence_buzzer = silence_buzzer
        self.reader_name: str | None = None
        self.buzzer_silenced: bool | None = None  # None: not tried yet on this reader
        self._context: Any = None
        self._state: ReaderState | None = None
        self._consumed: tuple[bool, int] | None = None  # the presence the last tag came from
        self._guard = threading.Lock()
        self._cancelled = threading.Event()

    # --- context and reader -----------------------------------------------------------------

    @property
    def is_open(self) -> bool:
        return self._context is not None

    def open(self) -> str:
        """Connect to pcscd and find the reader; returns its name."""
        if self._context is None:
            result, context = scard.SCardEstablishContext(scard.SCARD_SCOPE_USER)
            if _code(result) != 0:
                raise PcscServiceError(
                    f"pcscd is not running ({_message(result)}); start it "
                    "(systemctl start pcscd.socket, or run pcscd)"
                )
            with self._guard:
                self._context = context
            self.buzzer_silenced = None  # a reader plugged in again has its buzzer back on
        return self.find_reader()

    def close(self) -> None:
        """Release the context. Safe to call twice."""
        with self._guard:
            context, self._context = self._context, None
        self.reader_name = None
        self._state = None
        if context is not None:
            try:
                scard.SCardReleaseContext(context)
            except Exception:  # pragma: no cover - a dead pcscd may refuse; nothing to do
                log.debug("releasing the PC/SC context failed", exc_info=True)

    def cancel(self) -> None:
        """End the wait in progress and make later waits return at once (from another thread).

        Used to stop; :meth:`open` does not undo it."""
        self._cancelled.set()
        with self._guard:
            context = self._context
        if context is not None:
            try:
                scard.SCardCancel(context)
            except Exception:  # pragma: no cover
                log.debug("SCardCancel failed", exc_info=True)

    def __enter__(self) -> TagReader:
        self.open()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _ctx(self) -> Any:
        if self._context is None:
            raise PcscServiceError("not connected to pcscd (call open() first)")
        return self._context

    def readers(self) -> list[str]:
        result, names = scard.SCardListReaders(self._ctx(), [])
        code = _code(result)
        if code in _READER_GONE:
            return []
        _raise_for(result, "listing readers")
        return [str(name) for name in names]

    def find_reader(self) -> str:
        names = self.readers()
        for name in names:
            if reader_matches(name, self.pattern):
                if name != self.reader_name:
                    self.buzzer_silenced = None
                    self._state = None
                self.reader_name = name
                return name
        self.reader_name = None
        wanted = f"matching {self.pattern!r}" if self.pattern else "at all"
        found = ", ".join(repr(name) for name in names) or "none"
        raise ReaderMissingError(f"no reader {wanted} (readers: {found}); plug it in")

    def wait_for_reader(self, timeout: float) -> str | None:
        """Wait up to ``timeout`` for a matching reader to appear; its name or None."""
        deadline = time.monotonic() + timeout
        while not self._cancelled.is_set():
            try:
                return self.find_reader()
            except ReaderMissingError:
                pass
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            # pcscd wakes this when a reader is plugged in or out.
            began = time.monotonic()
            slice_s = min(remaining, WAIT_SLICE)
            result, _ = scard.SCardGetStatusChange(
                self._ctx(), int(slice_s * 1000), [(PNP_NOTIFICATION, scard.SCARD_STATE_UNAWARE)]
            )
            if _code(result) in _SERVICE_GONE:
                _raise_for(result, "waiting for a reader")
            # A stack without PnP notification answers at once: do not spin on it.
            self._cancelled.wait(max(0.0, slice_s - (time.monotonic() - began)))
        return None

    # --- states -----------------------------------------------------------------------------

    def _reader(self) -> str:
        if self.reader_name is None:
            self.find_reader()
        assert self.reader_name is not None
        return self.reader_name

    def state(self) -> ReaderState:
        """The reader's state now."""
        new = self._status_change(scard.SCARD_STATE_UNAWARE, 0)
        assert new is not None
        return new

    def _status_change(self, current: int, timeout_ms: int) -> ReaderState | None:
        reader = self._reader()
        result, states = scard.SCardGetStatusChange(self._ctx(), timeout_ms, [(reader, current)])
        code = _code(result)
        if code in (_TIMEOUT, _CANCELLED):
            return None
        _raise_for(result, "watching the reader")
        name, event_state, atr = states[0]
        new = ReaderState(str(name), int(event_state) & ~_STATE_CHANGED, bytes(atr))
        if new.gone:
            self.reader_name = None
            raise ReaderMissingError(f"reader {reader!r} was unplugged")
        self._state = new
        return new

    def wait_change(self, timeout: float) -> ReaderState | None:
        """Wait up to ``timeout`` (at most ``WAIT_SLICE`` per call) for the state to change."""
        if self._cancelled.is_set():
            return None
        if self._state is None:
            return self.state()
        # A cancel that lands just before pcscd starts waiting is lost: the slice bounds it.
        slice_ms = int(max(0.0, min(timeout, WAIT_SLICE)) * 1000)
        return self._status_change(self._state.raw, slice_ms)

    def current(self) -> ReaderState:
        """The last state seen (reading it now if none was)."""
        return self._state if self._state is not None else self.state()

    # --- presentations (used by the commands) -----------------------------------------------

    def _wait_for(
        self, wanted: Callable[[ReaderState], bool], timeout: float | None
    ) -> ReaderState | None:
        """The first state ``wanted`` accepts; None on timeout or when cancelled."""
        deadline = None if timeout is None else time.monotonic() + timeout
        state = self.current()
        while not wanted(state):
            if self._cancelled.is_set():
                return None
            remaining = WAIT_SLICE if deadline is None else deadline - time.monotonic()
            if remaining <= 0:
                return None
            new = self.wait_change(remaining)
            state = new if new is not None else state
        return state

    def wait_removed(self, timeout: float | None = None) -> bool:
        """Wait until no tag is on the reader; False on timeout."""
        return self._wait_for(lambda state: not state.present, timeout) is not None

    def wait_arrival(self, timeout: float | None = None) -> ReaderState | None:
        """Wait for a tag not read yet (one presentation is handed out once)."""
        return self._wait_for(
            lambda state: state.present and state.presence != self._consumed, timeout
        )

    def next_tag(self, timeout: float | None = None) -> TagImage | None:
        """Wait for the next presentation and read it; None on timeout."""
        arrival = self.wait_arrival(timeout)
        if arrival is None:
            return None
        self._consumed = arrival.presence
        return self.read_tag(arrival)

    def mark_read(self, arrival: ReaderState) -> None:
        self._consumed = arrival.presence

    # --- reading and writing ----------------------------------------------------------------

    @contextmanager
    def _connected(self, *, exclusive: bool = False) -> Iterator[_Connection]:
        share = scard.SCARD_SHARE_EXCLUSIVE if exclusive else scard.SCARD_SHARE_SHARED
        protocols = scard.SCARD_PROTOCOL_T0 | scard.SCARD_PROTOCOL_T1
        result, handle, protocol = scard.SCardConnect(self._ctx(), self._reader(), share, protocols)
        _raise_for(result, "connecting to the tag")
        connection = _Connection(handle, protocol)
        try:
            if self.silence_buzzer and self.buzzer_silenced is None:
                self._silence_buzzer(connection)
            yield connection
        finally:
            try:
                scard.SCardDisconnect(handle, scard.SCARD_LEAVE_CARD)
            except Exception:  # pragma: no cover
                log.debug("SCardDisconnect failed", exc_info=True)

    def _silence_buzzer(self, connection: _Connection) -> None:
        """ACR122-style readers beep on every tag, and people pull the card at the beep."""
        try:
            _, status = connection.transmit(BUZZER_OFF, "silencing the buzzer")
        except (TagIOError, TagGoneError):
            return  # try again with the next tag
        self.buzzer_silenced = status == b"\x90\x00"
        if not self.buzzer_silenced:
            log.info("reader %s does not take the buzzer command", self.reader_name)

    def _still_there(self, arrival: ReaderState) -> bool:
        """Has pcscd seen the tag of ``arrival`` leave? Waits up to ``settle`` to find out."""
        deadline = time.monotonic() + self.settle
        state = self.current()
        while True:
            if state.presence != arrival.presence:
                return False
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return True
            new = self.wait_change(remaining)
            state = new if new is not None else state

    def read_tag(self, arrival: ReaderState | None = None) -> TagImage:
        """Read the UID and the data pages of the tag of ``arrival`` (default: the one there).

        Retries while the tag stays; never returns data from two tags or half a tag. Raises
        :class:`TagGoneError` when the tag left, :class:`TagIOError` when it kept failing.
        """
        arrival = arrival if arrival is not None else self.state()
        uid = b""
        last: TagIOError | TagGoneError | None = None
        for attempt in range(1, self.attempts + 1):
            try:
                with self._connected() as connection:
                    read_uid = connection.read_uid()
                    if uid and read_uid != uid:
                        raise TagGoneError(
                            f"tag {uid_hex(uid)} was replaced by {uid_hex(read_uid)}", uid=uid
                        )
                    uid = read_uid
                    data = b""
                    if self.data_pages:
                        data = connection.read_pages(
                            DATA_PAGE, self.data_pages, chunk_pages=self.chunk_pages
                        )
                return TagImage(uid, data)
            except (TagGoneError, TagIOError) as error:
                last = error
                uid = uid or error.uid
                log.debug("read attempt %d failed: %s", attempt, error)
                # A second failure in a row: ask pcscd whether the tag is still there.
                retry_now = attempt == 1 and not isinstance(error, TagGoneError)
                if not retry_now and not self._still_there(arrival):
                    raise TagGoneError(_left_message(uid), uid=uid) from error
        assert last is not None
        name = f"tag {uid_hex(uid)}" if uid else "the tag"
        raise TagIOError(
            f"could not read {name} after {self.attempts} attempts ({last}); present it again",
            uid=uid,
        )

    def write_tag(self, uid: bytes, data: bytes, *, page: int = DATA_PAGE) -> TagImage:
        """Write ``data`` (whole pages) from ``page`` on the tag ``uid``, then read it back.

        Raises :class:`TagWriteError` if the tag refuses a page or reads back other bytes,
        :class:`TagGoneError` if it left (or another tag is there).
        """
        if len(data) % PAGE_SIZE:
            raise ValueError("tag data is written in whole pages of 4 bytes")
        with self._connected(exclusive=True) as connection:
            found = connection.read_uid()
            if found != uid:
                raise TagGoneError(
                    f"expected tag {uid_hex(uid)} but {uid_hex(found)} is on the reader", uid=uid
                )
            for index in range(0, len(data), PAGE_SIZE):
                connection.write_page(page + index // PAGE_SIZE, data[index : index + PAGE_SIZE])
            back = connection.read_pages(page, len(data) // PAGE_SIZE, chunk_pages=self.chunk_pages)
        if back != data:
            raise TagWriteError(
                f"tag {uid_hex(uid)} reads back {back.hex().upper()} instead of "
                f"{data.hex().upper()}",
                uid=uid,
            )
        return TagImage(uid, back)

    def lock_pages(self, uid: bytes, first: int, last: int) -> None:
        """Set the static lock bits of pages ``first``-``last`` (3-15): irreversible."""
        if not 3 <= first <= last <= 15:
            raise ValueError("static lock bits cover pages 3-15")
        lock0 = 0
        lock1 = 0
        for page in range(first, last + 1):
            if page == 3:
                lock0 |= 0x08
            elif page <= 7:
                lock0 |= 0x10 << (page - 4)
            else:
                lock1 |= 1 << (page - 8)
        with self._connected(exclusive=True) as connection:
            if connection.read_uid() != uid:
                raise TagGoneError(f"tag {uid_hex(uid)} is no longer on the reader", uid=uid)
            connection.write_page(2, bytes([0, 0, lock0, lock1]))


def _left_message(uid: bytes) -> str:
    name = f"tag {uid_hex(uid)}" if uid else "a tag"
    return f"{name} left the reader before it was read completely; present it again"
