"""Golden frames: the checked-in files are the contract with the firmware. Tests read them,
compare them with what the code encodes today, and never rewrite them."""

from __future__ import annotations

import hashlib
import hmac
from pathlib import Path

import pytest

from dealer_assist.drivers.shoe.protocol import (
    PAIRING_KEY,
    Accepted,
    FrameDecoder,
    cobs_decode,
)
from dealer_assist.drivers.shoe.protocol.golden import (
    GOLDEN_KEY,
    GOLDEN_VECTORS,
    GoldenVector,
    read_golden_file,
    render_golden_file,
    write_golden_files,
)

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "data" / "protocol"
SPEC = ROOT / "docs" / "shoe-protocol.md"
BY_NAME = {vector.name: vector for vector in GOLDEN_VECTORS}


def crc_bitwise(data: bytes) -> int:
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = (((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)) & 0xFFFF
    return crc


def test_the_directory_holds_exactly_the_vectors() -> None:
    assert sorted(p.stem for p in GOLDEN_DIR.glob("*.txt")) == sorted(BY_NAME)
    assert len(BY_NAME) == len(GOLDEN_VECTORS)


@pytest.mark.parametrize("vector", GOLDEN_VECTORS, ids=lambda v: v.name)
def test_encoding_reproduces_the_file_exactly(vector: GoldenVector) -> None:
    path = GOLDEN_DIR / f"{vector.name}.txt"
    assert path.read_text(encoding="ascii") == render_golden_file(vector)
    raw, wire = read_golden_file(path)
    assert raw == vector.raw and wire == vector.wire


@pytest.mark.parametrize("vector", GOLDEN_VECTORS, ids=lambda v: v.name)
def test_decoding_reads_the_file_back(vector: GoldenVector) -> None:
    raw, wire = read_golden_file(GOLDEN_DIR / f"{vector.name}.txt")
    direction = vector.message.TYPE.direction
    if vector.key == PAIRING_KEY:
        decoder = FrameDecoder.for_pairing(receiving=direction)
    else:
        decoder = FrameDecoder(key=vector.key, receiving=direction)
    (result,) = decoder.feed(wire)
    assert isinstance(result, Accepted)
    assert result.message == vector.message
    assert result.header.position == (vector.epoch, vector.seq)
    assert cobs_decode(wire[1:-1]) == raw


@pytest.mark.parametrize("vector", GOLDEN_VECTORS, ids=lambda v: v.name)
def test_files_check_out_with_independent_crc_and_hmac(vector: GoldenVector) -> None:
    """What a C test does with the file: recompute the tag and the CRC from the raw bytes."""
    raw, _ = read_golden_file(GOLDEN_DIR / f"{vector.name}.txt")
    body, tag, crc = raw[:-10], raw[-10:-2], raw[-2:]
    assert tag == hmac.new(vector.key, body, hashlib.sha256).digest()[:8]
    assert int.from_bytes(crc, "little") == crc_bitwise(raw[:-2])
    assert raw[10] == len(body) - 11


def test_golden_key_is_the_documented_one() -> None:
    assert GOLDEN_KEY.hex() == "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"


def test_regeneration_function_writes_the_same_files(tmp_path: Path) -> None:
    written = write_golden_files(tmp_path / "golden")
    assert len(written) == len(GOLDEN_VECTORS)
    for path in written:
        assert path.read_bytes() == (GOLDEN_DIR / path.name).read_bytes()


def test_the_spec_shows_the_worked_example_byte_for_byte() -> None:
    spec = SPEC.read_text(encoding="utf-8")
    card = BY_NAME["card"]
    assert card.wire.hex(" ") in spec
    assert card.raw.hex(" ") in spec
    assert "0x29B1" in spec
