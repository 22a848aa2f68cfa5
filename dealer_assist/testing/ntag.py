"""A virtual NTAG21x / MIFARE Ultralight tag on a virtual PC/SC reader, for tests and benchmarks.

Two parts, standard library only:

* :class:`VirtualNtag`: the tag. A memory image of 4-byte pages with a 7-byte UID in pages 0-2,
  static lock bits (page 2), a capability container (page 3, one-time programmable), user memory
  from page 4, and dynamic lock bits, all behaving like the NXP NTAG213/215/216 data sheet says
  for READ and WRITE: UID pages are read-only, lock and OTP bits can only be set, a locked page
  refuses writes.
* :class:`VirtualReader`: one slot of the ``vsmartcard-vpcd`` virtual reader that pcscd loads.
  vpcd listens on a TCP port (35963 for "Virtual PCD 00 00", 35964 for "... 00 01"); connecting
  to it inserts a card and closing the connection removes it. The wire format is a 2-byte
  big-endian length and a payload: one byte is a control code (0 power off, 1 power on,
  2 reset, 4 send the ATR), longer is a command APDU, answered with the response APDU.
  The reader answers the PC/SC part-3 pseudo-APDUs a contactless reader implements for these
  tags (GET DATA for the UID, READ BINARY and UPDATE BINARY of pages) and the ACR122-style
  buzzer command, as the firmware of a real reader would.

A test can present a tag, remove it, and remove it in the middle of a read (``pull_when``) to
check that a driver never reports half a card.
"""

from __future__ import annotations

import contextlib
import os
import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from dealer_assist.errors import DealerAssistError

PAGE_SIZE = 4
USER_START_PAGE = 4
DEFAULT_HOST = "127.0.0.1"
VPCD_PORTS = (35963, 35964)

# PC/SC part 3, storage card, ISO 14443 A part 3, card name 00 03 (MIFARE Ultralight class,
# which is what readers report for NTAG21x too). The last byte is the XOR check byte.
ULTRALIGHT_ATR = bytes.fromhex("3B8F8001804F0CA0000003060300030000000068")

SW_OK = b"\x90\x00"
SW_FAILED = b"\x63\x00"  # the tag did not acknowledge (locked page, write failure)
SW_WRONG_LENGTH = b"\x67\x00"
SW_WRONG_PARAMETERS = b"\x6b\x00"  # address outside the tag's memory
SW_NOT_SUPPORTED = b"\x6a\x81"

BUZZER_OFF = bytes.fromhex("FF00520000")


@dataclass(frozen=True, slots=True)
class TagModel:
    """The memory map of one tag type."""

    name: str
    pages: int  # total pages, 0 to pages - 1
    user_end: int  # last page of user memory
    capability: bytes  # factory content of page 3
    dynamic_lock_page: int | None  # page holding the dynamic lock bytes, if any
    dynamic_lock_pages_per_bit: int

    @property
    def user_bytes(self) -> int:
        return (self.user_end - USER_START_PAGE + 1) * PAGE_SIZE


NTAG213 = TagModel("NTAG213", 45, 39, bytes.fromhex("E1101200"), 40, 2)
NTAG215 = TagModel("NTAG215", 135, 129, bytes.fromhex("E1103E00"), 130, 16)
NTAG216 = TagModel("NTAG216", 231, 225, bytes.fromhex("E1106D00"), 226, 16)
ULTRALIGHT = TagModel("MIFARE Ultralight", 16, 15, bytes(4), None, 0)


class TagWriteError(DealerAssistError):
    """The tag refused a write (it NAKs on the air; the reader answers 63 00)."""


def random_uid() -> bytes:
    """A 7-byte UID with NXP's manufacturer code (0x04) first, as NTAGs have."""
    return b"\x04" + os.urandom(6)


class VirtualNtag:
    """The memory and the READ / WRITE behaviour of one tag."""

    def __init__(self, uid: bytes | None = None, *, model: TagModel = NTAG213) -> None:
        uid = random_uid() if uid is None else bytes(uid)
        if len(uid) != 7:
            raise ValueError(f"an NTAG UID has 7 bytes, not {len(uid)}")
        self.model = model
        self._uid = uid
        self._lock = threading.Lock()
        memory = bytearray(model.pages * PAGE_SIZE)
        bcc0 = 0x88 ^ uid[0] ^ uid[1] ^ uid[2]
        bcc1 = uid[3] ^ uid[4] ^ uid[5] ^ uid[6]
        memory[0:4] = bytes([uid[0], uid[1], uid[2], bcc0])
        memory[4:8] = uid[3:7]
        memory[8:12] = bytes([bcc1, 0x48, 0x00, 0x00])
        memory[12:16] = model.capability
        if model.dynamic_lock_page is not None:
            config = model.dynamic_lock_page + 1
            # CFG0: no mirror, AUTH0 = 0xFF (no password protection); CFG1: ACCESS 0.
            memory[config * 4 : config * 4 + 4] = bytes([0x04, 0x00, 0x00, 0xFF])
        self._memory = memory

    @property
    def uid(self) -> bytes:
        return self._uid

    def __repr__(self) -> str:
        return f"VirtualNtag(uid={self._uid.hex().upper()}, model={self.model.name})"

    # --- what the tag answers -------------------------------------------------------------

    def read(self, page: int, length: int) -> bytes:
        """``length`` bytes from ``page`` on (an NTAG READ returns 16; readers trim it)."""
        with self._lock:
            end = page * PAGE_SIZE + length
            if page < 0 or length < 0 or end > len(self._memory):
                raise IndexError(f"page {page} + {length} bytes is outside {self.model.name}")
            data = bytearray(self._memory[page * PAGE_SIZE : end])
        password = self._password_page()
        if password is not None:  # PWD and PACK always read as zeros
            for index in range(len(data)):
                if page * PAGE_SIZE + index >= password * PAGE_SIZE:
                    data[index] = 0
        return bytes(data)

    def write(self, page: int, data: bytes) -> None:
        """One NTAG WRITE: 4 bytes to one page, honouring UID, lock and OTP rules."""
        if len(data) != PAGE_SIZE:
            raise ValueError("an NTAG WRITE writes exactly 4 bytes")
        with self._lock:
            if not 0 <= page < self.model.pages:
                raise IndexError(f"page {page} is outside {self.model.name}")
            if page < 2:
                raise TagWriteError(f"page {page} holds the UID and is read-only")
            offset = page * PAGE_SIZE
            if page == 2:  # only the two static lock bytes are writable, and only set bits
                self._memory[offset + 2] |= data[2]
                self._memory[offset + 3] |= data[3]
                return
            if self._locked(page):
                raise TagWriteError(f"page {page} is locked")
            if page == 3 or page == self.model.dynamic_lock_page:  # one-time programmable
                for index in range(PAGE_SIZE):
                    self._memory[offset + index] |= data[index]
                return
            self._memory[offset : offset + PAGE_SIZE] = data

    def lock_pages(self, first: int, last: int) -> None:
        """Set the lock bits covering pages ``first`` to ``last`` (irreversible, like a tag)."""
        for page in range(first, last + 1):
            self.write(*self._lock_bit_page_write(page))

    def is_locked(self, page: int) -> bool:
        with self._lock:
            return page < 2 or self._locked(page)

    # --- lock bits ------------------------------------------------------------------------

    def _locked(self, page: int) -> bool:
        lock0, lock1 = self._memory[10], self._memory[11]
        if page == 3:
            return bool(lock0 & 0x08)
        if 4 <= page <= 7:
            return bool(lock0 & (0x10 << (page - 4)))
        if 8 <= page <= 15:
            return bool(lock1 & (1 << (page - 8)))
        dynamic = self.model.dynamic_lock_page
        if dynamic is None or page > self.model.user_end:
            return False
        bit = (page - 16) // self.model.dynamic_lock_pages_per_bit
        byte = self._memory[dynamic * PAGE_SIZE + bit // 8]
        return bool(byte & (1 << (bit % 8)))

    def _lock_bit_page_write(self, page: int) -> tuple[int, bytes]:
        if page == 3:
            return 2, bytes([0, 0, 0x08, 0])
        if 4 <= page <= 7:
            return 2, bytes([0, 0, 0x10 << (page - 4), 0])
        if 8 <= page <= 15:
            return 2, bytes([0, 0, 0, 1 << (page - 8)])
        dynamic = self.model.dynamic_lock_page
        if dynamic is None or page > self.model.user_end:
            raise ValueError(f"page {page} has no lock bit on {self.model.name}")
        bit = (page - 16) // self.model.dynamic_lock_pages_per_bit
        value = bytearray(4)
        value[bit // 8] = 1 << (bit % 8)
        return dynamic, bytes(value)

    def _password_page(self) -> int | None:
        dynamic = self.model.dynamic_lock_page
        return None if dynamic is None else dynamic + 3


# --------------------------------------------------------------------------------------------


def answer_apdu(tag: VirtualNtag, apdu: bytes, *, buzzer: list[bool] | None = None) -> bytes:
    """What a PC/SC contactless reader answers to ``apdu`` with ``tag`` in its field."""
    if len(apdu) < 5 or apdu[0] != 0xFF:
        return SW_NOT_SUPPORTED
    ins, p1, p2, p3 = apdu[1], apdu[2], apdu[3], apdu[4]
    if ins == 0xCA and p1 == 0x00 and p2 == 0x00:  # GET DATA: the UID
        if p3 not in (0, len(tag.uid)) and p3 < len(tag.uid):
            return bytes([0x6C, len(tag.uid)])
        return tag.uid + SW_OK
    if ins == 0xB0:  # READ BINARY: P1 P2 = page (P1 is 00 for these tags), Le = bytes
        page = (p1 << 8) | p2
        if not 1 <= p3 <= 16:
            return SW_WRONG_LENGTH
        try:
            return tag.read(page, p3) + SW_OK
        except IndexError:
            return SW_WRONG_PARAMETERS
    if ins == 0xD6:  # UPDATE BINARY: one page of 4 bytes
        page = (p1 << 8) | p2
        data = apdu[5:]
        if p3 != PAGE_SIZE or len(data) != PAGE_SIZE:
            return SW_WRONG_LENGTH
        try:
            tag.write(page, data)
        except IndexError:
            return SW_WRONG_PARAMETERS
        except TagWriteError:
            return SW_FAILED
        return SW_OK
    if apdu[:4] == BUZZER_OFF[:4] and buzzer is not None:  # ACR122: buzzer on card detection
        buzzer[0] = p2 != 0x00
        return SW_OK
    return SW_NOT_SUPPORTED


PullWhen = Callable[[bytes], bool]
Interfere = Callable[[bytes], bytes | None]


def pull_after_reads(reads: int) -> PullWhen:
    """A ``pull_when`` that answers ``reads`` READ BINARY commands and pulls the tag on the next."""
    remaining = [reads]

    def pull(apdu: bytes) -> bool:
        if len(apdu) >= 2 and apdu[0] == 0xFF and apdu[1] == 0xB0:
            if remaining[0] <= 0:
                return True
            remaining[0] -= 1
        return False

    return pull


def fail_reads(count: int, status: bytes = SW_FAILED) -> Interfere:
    """An ``interfere`` that answers the first ``count`` READ BINARY commands with ``status``
    (a tag that did not answer over the air, the tag staying in the field)."""
    remaining = [count]

    def interfere(apdu: bytes) -> bytes | None:
        if len(apdu) >= 2 and apdu[0] == 0xFF and apdu[1] == 0xB0 and remaining[0] > 0:
            remaining[0] -= 1
            return status
        return None

    return interfere


class VirtualReader:
    """One vpcd slot: present a tag (connect), remove it (disconnect), watch what pcscd sent.

    ``buzzer_on`` starts True and turns False when the reader receives the ACR122 command that
    silences it (``FF 00 52 00 00``), if ``supports_buzzer_command``. ``apdus`` keeps every
    command APDU received while a tag was presented; ``polls`` counts pcscd's presence checks
    (it asks for the ATR at every poll), which lets a test wait for "pcscd has looked again".
    """

    def __init__(
        self,
        port: int = VPCD_PORTS[0],
        *,
        host: str = DEFAULT_HOST,
        atr: bytes = ULTRALIGHT_ATR,
        supports_buzzer_command: bool = True,
    ) -> None:
        self.host = host
        self.port = port
        self.atr = atr
        self.supports_buzzer_command = supports_buzzer_command
        self._buzzer = [True]
        self.apdus: list[bytes] = []
        self.tag: VirtualNtag | None = None
        self.presented_at: float | None = None  # time.perf_counter() of the connection
        self.first_contact_at: float | None = None  # when pcscd first spoke to the tag
        self._socket: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._contact = threading.Event()
        self._gone = threading.Event()
        self._gone.set()
        self._pull_when: PullWhen | None = None
        self._interfere: Interfere | None = None
        self._polls = 0
        self._polled = threading.Condition()
        self._guard = threading.Lock()

    @property
    def buzzer_on(self) -> bool:
        return self._buzzer[0]

    @property
    def present(self) -> bool:
        return not self._gone.is_set()

    def present_tag(
        self,
        tag: VirtualNtag,
        *,
        pull_when: PullWhen | None = None,
        interfere: Interfere | None = None,
        connect_timeout: float = 5.0,
    ) -> None:
        """Bring ``tag`` into the field. Retries the connection until vpcd listens (pcscd may be
        starting) for up to ``connect_timeout`` seconds.

        ``pull_when(apdu)`` returning True takes the tag away before it answers that APDU;
        ``interfere(apdu)`` returning bytes answers them instead of the tag."""
        self.remove()
        deadline = time.monotonic() + connect_timeout
        while True:
            try:
                sock = socket.create_connection((self.host, self.port), timeout=1.0)
                break
            except OSError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.02)  # vpcd not listening yet: pcscd is (re)starting
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.settimeout(None)
        with self._guard:
            self.tag = tag
            self._socket = sock
            self._pull_when = pull_when
            self._interfere = interfere
            self._contact.clear()
            self._gone.clear()
            self.presented_at = time.perf_counter()
            self.first_contact_at = None
            self._thread = threading.Thread(
                target=self._serve, args=(sock, tag), name=f"vpcd-{self.port}", daemon=True
            )
            self._thread.start()

    def remove(self) -> None:
        """Take the tag out of the field (close the connection). Safe when nothing is there."""
        with self._guard:
            sock, thread = self._socket, self._thread
            self._socket = None
            self._thread = None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5.0)
        self._gone.set()

    def wait_contact(self, timeout: float) -> bool:
        """Wait until pcscd has noticed the presented tag (asked for its ATR or powered it)."""
        return self._contact.wait(timeout)

    @property
    def polls(self) -> int:
        with self._polled:
            return self._polls

    def wait_polls(self, count: int, timeout: float) -> bool:
        """Wait until pcscd has checked the present tag ``count`` more times."""
        with self._polled:
            target = self._polls + count
            return (
                self._polled.wait_for(lambda: self._polls >= target or self._gone.is_set(), timeout)
                and self._polls >= target
            )

    def wait_gone(self, timeout: float) -> bool:
        """Wait until the tag left the field (removed, pulled, or pcscd closed the link)."""
        return self._gone.wait(timeout)

    # --- the vpcd link ----------------------------------------------------------------------

    def _serve(self, sock: socket.socket, tag: VirtualNtag) -> None:
        try:
            while True:
                header = _receive(sock, 2)
                if header is None:
                    return
                (length,) = struct.unpack(">H", header)
                payload = _receive(sock, length) if length else b""
                if payload is None:
                    return
                if self.first_contact_at is None:
                    self.first_contact_at = time.perf_counter()
                    self._contact.set()
                if len(payload) == 1:
                    if payload[0] == 4:  # send the ATR
                        _send(sock, self.atr)
                        with self._polled:
                            self._polls += 1
                            self._polled.notify_all()
                    continue  # power off / on / reset: no answer
                pull_when = self._pull_when
                if pull_when is not None and pull_when(payload):
                    return  # the tag left the field before it could answer
                self.apdus.append(payload)
                interfere = self._interfere
                answer = interfere(payload) if interfere is not None else None
                if answer is None:
                    buzzer = self._buzzer if self.supports_buzzer_command else None
                    answer = answer_apdu(tag, payload, buzzer=buzzer)
                _send(sock, answer)
        except OSError:
            return
        finally:
            with self._guard:
                if self._socket is sock:  # pulled, or pcscd went away: not by remove()
                    self._socket = None
                    self._thread = None
                    self._gone.set()
            with contextlib.suppress(OSError):
                sock.close()
            with self._polled:
                self._polled.notify_all()


def _receive(sock: socket.socket, count: int) -> bytes | None:
    chunks = bytearray()
    while len(chunks) < count:
        # vpcd writes the length and the payload separately, and does not turn Nagle off: its
        # payload waits for our ACK of the length. Acknowledge at once (Linux forgets this flag
        # after each read), or every exchange costs the 40 ms of a delayed ACK, which a reader
        # on USB does not.
        _quick_ack(sock)
        chunk = sock.recv(count - len(chunks))
        if not chunk:
            return None
        chunks += chunk
    return bytes(chunks)


def _quick_ack(sock: socket.socket) -> None:
    quick_ack = getattr(socket, "TCP_QUICKACK", None)
    if quick_ack is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, quick_ack, 1)


def _send(sock: socket.socket, payload: bytes) -> None:
    sock.sendall(struct.pack(">H", len(payload)) + payload)
