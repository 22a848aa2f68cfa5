"""Framing of the shoe link: sizes, COBS, CRC-16/CCITT-FALSE and the truncated HMAC tag.

Everything here follows docs/shoe-protocol.md, sections 3 to 6, which is the single
specification (the AVR firmware implements the same text in C). Nothing here knows about
message payloads: that is :mod:`.messages`.

>>> hex(crc16_ccitt_false(b"123456789"))
'0x29b1'
>>> cobs_encode(b"\\x11\\x00\\x22").hex(" ")
'02 11 02 22'
"""

from __future__ import annotations

import binascii
import hashlib
import hmac
import struct
from dataclasses import dataclass
from enum import Enum

from dealer_assist.errors import DealerAssistError

PROTOCOL_VERSION = 1
"""The version byte every frame starts with."""

KEY_SIZE = 32
"""Bytes in a shoe's pairing key."""
TAG_SIZE = 8
"""Bytes of HMAC-SHA256 kept in each frame."""
CRC_SIZE = 2
HEADER_SIZE = 11
"""version, type, epoch (u32), seq (u32), payload length."""
MAX_PAYLOAD = 64
FRAME_OVERHEAD = HEADER_SIZE + TAG_SIZE + CRC_SIZE
MIN_RAW_FRAME = FRAME_OVERHEAD
MAX_RAW_FRAME = FRAME_OVERHEAD + MAX_PAYLOAD
MIN_ENCODED_FRAME = MIN_RAW_FRAME + 1
MAX_ENCODED_FRAME = MAX_RAW_FRAME + 1
"""COBS adds one byte per started block of 254; a raw frame is shorter than one block."""
MAX_WIRE_FRAME = MAX_ENCODED_FRAME + 2
"""A frame on the wire: a 0x00, the COBS bytes, a 0x00."""
DELIMITER = 0x00

PAIRING_KEY = bytes(KEY_SIZE)
"""The public all-zero key of pairing mode: it authenticates nothing, see the spec section 12."""
ERASED_KEY = b"\xff" * KEY_SIZE
"""What an erased EEPROM reads back: never a valid pairing key."""

U8_MAX = 0xFF
U16_MAX = 0xFFFF
U32_MAX = 0xFFFF_FFFF

HEADER = struct.Struct("<BBIIB")
"""version u8, type u8, epoch u32, seq u32, payload length u8; little-endian like every field."""

DIRECTION_BIT = 0x80
"""Bit 7 of the type byte: clear from the shoe, set from the host."""


class ShoeProtocolError(DealerAssistError, ValueError):
    """A message or frame that cannot be built as asked (a field out of range, a bad key)."""


class Direction(Enum):
    """Who sends a frame. Message types carry it in bit 7 of the type byte."""

    SHOE_TO_HOST = "shoe_to_host"
    HOST_TO_SHOE = "host_to_shoe"

    @staticmethod
    def of_type_code(type_code: int) -> Direction:
        return Direction.HOST_TO_SHOE if type_code & DIRECTION_BIT else Direction.SHOE_TO_HOST


@dataclass(frozen=True, slots=True, kw_only=True)
class FrameHeader:
    """The header fields of a received frame (bytes 0-10)."""

    version: int
    type_code: int
    epoch: int
    seq: int
    payload_length: int

    @property
    def position(self) -> tuple[int, int]:
        """``(epoch, seq)``: what the replay guards order frames by."""
        return (self.epoch, self.seq)


def crc16_ccitt_false(data: bytes | bytearray | memoryview, init: int = 0xFFFF) -> int:
    """CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor.

    ``binascii.crc_hqx`` is exactly this CRC when started from 0xFFFF, and runs in C.
    """
    return binascii.crc_hqx(data, init)


def cobs_encode(data: bytes | bytearray) -> bytes:
    """Consistent Overhead Byte Stuffing: the result holds no 0x00 byte.

    Each block is a code byte ``n`` then ``n - 1`` data bytes; a code below 0xFF stands for
    a 0x00 after its block, except at the very end.
    """
    out = bytearray()
    parts = bytes(data).split(b"\x00")
    last = len(parts) - 1
    for index, part in enumerate(parts):
        full_blocks_only = index == last and len(part) > 0 and len(part) % 0xFE == 0
        while len(part) >= 0xFE:
            out.append(0xFF)
            out += part[:0xFE]
            part = part[0xFE:]
        if not full_blocks_only:
            out.append(len(part) + 1)
            out += part
    return bytes(out)


def cobs_decode_or_none(data: bytes | bytearray) -> bytes | None:
    """Undo :func:`cobs_encode`; ``None`` when ``data`` is not a valid COBS encoding.

    Invalid: empty, a 0x00 byte inside, or a code byte that points past the end.
    """
    n = len(data)
    if n == 0 or data.find(0) >= 0:
        return None
    out = bytearray()
    i = 0
    while i < n:
        code = data[i]
        end = i + code
        if end > n:
            return None
        out += data[i + 1 : end]
        i = end
        if code != 0xFF and i < n:
            out.append(0)
    return bytes(out)


def cobs_decode(data: bytes | bytearray) -> bytes:
    """Undo :func:`cobs_encode`; raises :class:`ShoeProtocolError` on an invalid encoding."""
    decoded = cobs_decode_or_none(data)
    if decoded is None:
        raise ShoeProtocolError(f"not a valid COBS encoding: {bytes(data).hex(' ')}")
    return decoded


def check_key(key: bytes, *, pairing: bool = False) -> bytes:
    """Validate a pairing key; the all-zero key is reserved for pairing mode."""
    if not isinstance(key, bytes | bytearray) or len(key) != KEY_SIZE:
        raise ShoeProtocolError(f"a shoe key is exactly {KEY_SIZE} bytes")
    key = bytes(key)
    if pairing:
        if key != PAIRING_KEY:
            raise ShoeProtocolError("pairing mode uses only the all-zero pairing key")
    elif key in (PAIRING_KEY, ERASED_KEY):
        raise ShoeProtocolError("the all-zero and all-0xFF keys cannot be a shoe's key")
    return key


class TagComputer:
    """HMAC-SHA256 truncated to :data:`TAG_SIZE` bytes, with the key's pads hashed once.

    The firmware does the same: it keeps the SHA-256 states after the 64-byte ipad and opad
    blocks, so each frame costs three compressions instead of five.
    """

    __slots__ = ("_base",)

    def __init__(self, key: bytes) -> None:
        self._base = hmac.new(key, digestmod=hashlib.sha256)

    def tag(self, data: bytes | bytearray | memoryview) -> bytes:
        mac = self._base.copy()
        mac.update(data)
        return mac.digest()[:TAG_SIZE]


def compute_tag(key: bytes, data: bytes | bytearray | memoryview) -> bytes:
    """The 8-byte tag of a frame: HMAC-SHA256(key, header and payload), first 8 bytes."""
    return hmac.new(key, data, hashlib.sha256).digest()[:TAG_SIZE]


def build_raw_frame(
    type_code: int,
    payload: bytes,
    *,
    key: bytes,
    epoch: int,
    seq: int,
    version: int = PROTOCOL_VERSION,
    payload_length: int | None = None,
    tag: bytes | None = None,
    crc: int | None = None,
) -> bytes:
    """A raw (un-stuffed) frame with every field under the caller's control.

    For tests and tools: ``version``, ``payload_length``, ``tag`` and ``crc`` may be forced to
    wrong values to build frames a receiver must reject. The production path is
    :func:`dealer_assist.drivers.shoe.protocol.encode_raw_frame`.
    """
    for name, value, top in (
        ("type_code", type_code, U8_MAX),
        ("epoch", epoch, U32_MAX),
        ("seq", seq, U32_MAX),
        ("version", version, U8_MAX),
    ):
        if not 0 <= value <= top:
            raise ShoeProtocolError(f"{name} {value} does not fit its field")
    if len(payload) > U8_MAX:
        raise ShoeProtocolError(f"payload of {len(payload)} bytes does not fit the length byte")
    length = len(payload) if payload_length is None else payload_length
    if not 0 <= length <= U8_MAX:
        raise ShoeProtocolError(f"payload_length {length} does not fit its field")
    body = HEADER.pack(version, type_code, epoch, seq, length) + bytes(payload)
    if tag is None:
        tag = compute_tag(key, body)
    body += tag
    if crc is None:
        crc = crc16_ccitt_false(body)
    return body + crc.to_bytes(CRC_SIZE, "little")


def frame_to_wire(raw: bytes) -> bytes:
    """The bytes to transmit: ``00``, COBS(raw), ``00``."""
    return b"\x00" + cobs_encode(raw) + b"\x00"
