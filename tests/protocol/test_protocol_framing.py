"""Framing primitives: CRC-16/CCITT-FALSE, COBS, the raw frame layout, keys."""

from __future__ import annotations

import hashlib
import hmac

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.drivers.shoe.protocol import (
    FRAME_OVERHEAD,
    MAX_ENCODED_FRAME,
    MAX_PAYLOAD,
    MAX_RAW_FRAME,
    MAX_WIRE_FRAME,
    PAIRING_KEY,
    ShoeProtocolError,
    build_raw_frame,
    cobs_decode,
    cobs_encode,
    compute_tag,
    crc16_ccitt_false,
    frame_to_wire,
)
from dealer_assist.drivers.shoe.protocol.framing import check_key

KEY = bytes(range(32))
FAST = settings(derandomize=True, max_examples=200, deadline=None)


def crc_bitwise(data: bytes) -> int:
    """The textbook bit-at-a-time CRC the firmware uses: an independent reference."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc


def test_crc_check_value() -> None:
    assert crc16_ccitt_false(b"123456789") == 0x29B1
    assert crc_bitwise(b"123456789") == 0x29B1
    assert crc16_ccitt_false(b"") == 0xFFFF


@FAST
@given(st.binary(max_size=300))
def test_crc_matches_bitwise_reference(data: bytes) -> None:
    assert crc16_ccitt_false(data) == crc_bitwise(data)


@pytest.mark.parametrize(
    ("plain", "encoded"),
    [
        (b"\x00", b"\x01\x01"),
        (b"\x00\x00", b"\x01\x01\x01"),
        (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
        (b"\x11\x22\x33\x44", b"\x05\x11\x22\x33\x44"),
        (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
        (b"", b"\x01"),
        (bytes(range(1, 255)), b"\xff" + bytes(range(1, 255))),
        (bytes(range(255)), b"\x01\xff" + bytes(range(1, 255))),
        (bytes(range(1, 256)), b"\xff" + bytes(range(1, 255)) + b"\x02\xff"),
    ],
)
def test_cobs_known_vectors(plain: bytes, encoded: bytes) -> None:
    """The examples of Cheshire and Baker's paper (as listed on Wikipedia)."""
    assert cobs_encode(plain) == encoded
    assert cobs_decode(encoded) == plain


@FAST
@given(st.binary(max_size=700))
def test_cobs_round_trip_and_no_zero(data: bytes) -> None:
    encoded = cobs_encode(data)
    assert 0 not in encoded
    assert len(encoded) <= len(data) + 1 + len(data) // 254
    assert cobs_decode(encoded) == data


@pytest.mark.parametrize("bad", [b"", b"\x05\x11", b"\x02\x00", b"\x03\x11\x22\x05"])
def test_cobs_rejects_invalid(bad: bytes) -> None:
    with pytest.raises(ShoeProtocolError):
        cobs_decode(bad)


def test_cobs_decoder_accepts_the_non_canonical_trailing_block() -> None:
    """Some encoders end a full 254-byte block with an extra 0x01; both forms decode the same."""
    assert cobs_decode(b"\xff" + bytes(range(1, 255)) + b"\x01") == bytes(range(1, 255))


def test_size_constants() -> None:
    assert FRAME_OVERHEAD == 21
    assert MAX_PAYLOAD == 64
    assert MAX_RAW_FRAME == 85
    assert MAX_ENCODED_FRAME == 86
    assert MAX_WIRE_FRAME == 88


def test_raw_frame_layout_is_little_endian_with_tag_and_crc() -> None:
    raw = build_raw_frame(0x02, b"\xaa\xbb", key=KEY, epoch=0x01020304, seq=0x0A0B0C0D)
    assert raw[:11] == bytes.fromhex("01 02 04030201 0d0c0b0a 02".replace(" ", ""))
    assert raw[11:13] == b"\xaa\xbb"
    body = raw[:13]
    assert raw[13:21] == hmac.new(KEY, body, hashlib.sha256).digest()[:8]
    assert raw[13:21] == compute_tag(KEY, body)
    assert raw[21:] == crc_bitwise(raw[:21]).to_bytes(2, "little")
    assert len(raw) == FRAME_OVERHEAD + 2


def test_wire_form_has_a_delimiter_on_each_side() -> None:
    raw = build_raw_frame(0x86, b"", key=KEY, epoch=1, seq=1)
    wire = frame_to_wire(raw)
    assert wire[0] == 0 and wire[-1] == 0 and 0 not in wire[1:-1]
    assert cobs_decode(wire[1:-1]) == raw


def test_build_raw_frame_overrides() -> None:
    raw = build_raw_frame(
        0x02, b"x", key=KEY, epoch=1, seq=1, version=9, payload_length=7, tag=bytes(8), crc=0x1234
    )
    assert raw[0] == 9 and raw[10] == 7 and raw[12:20] == bytes(8) and raw[-2:] == b"\x34\x12"
    with pytest.raises(ShoeProtocolError):
        build_raw_frame(0x02, b"", key=KEY, epoch=2**32, seq=1)
    with pytest.raises(ShoeProtocolError):
        build_raw_frame(0x02, bytes(256), key=KEY, epoch=1, seq=1)


def test_keys() -> None:
    assert check_key(KEY) == KEY
    assert check_key(PAIRING_KEY, pairing=True) == PAIRING_KEY
    for bad in (PAIRING_KEY, b"\xff" * 32, bytes(31), bytes(33)):
        with pytest.raises(ShoeProtocolError):
            check_key(bad)
    with pytest.raises(ShoeProtocolError):
        check_key(KEY, pairing=True)
