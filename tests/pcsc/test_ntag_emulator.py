"""The virtual NTAG behaves like the data sheet: UID pages, lock bits, OTP, the reader's APDUs."""

from __future__ import annotations

import pytest

from dealer_assist.testing.ntag import (
    NTAG213,
    NTAG215,
    SW_FAILED,
    SW_NOT_SUPPORTED,
    SW_OK,
    SW_WRONG_LENGTH,
    SW_WRONG_PARAMETERS,
    ULTRALIGHT,
    ULTRALIGHT_ATR,
    TagWriteError,
    VirtualNtag,
    answer_apdu,
    fail_reads,
    pull_after_reads,
)

UID = bytes.fromhex("04A2245A6B3C80")


def test_the_uid_lives_in_pages_0_to_2_with_its_check_bytes() -> None:
    tag = VirtualNtag(UID)
    assert tag.read(0, 12) == bytes.fromhex("04A224") + bytes([0x88 ^ 0x04 ^ 0xA2 ^ 0x24]) + (
        bytes.fromhex("5A6B3C80") + bytes([0x5A ^ 0x6B ^ 0x3C ^ 0x80, 0x48, 0, 0])
    )
    assert tag.read(3, 4) == bytes.fromhex("E1101200")
    with pytest.raises(TagWriteError, match="read-only"):
        tag.write(0, bytes(4))
    with pytest.raises(ValueError):
        VirtualNtag(b"\x04\x01")


def test_static_lock_bits_lock_pages_and_cannot_be_cleared() -> None:
    tag = VirtualNtag(UID)
    tag.write(5, b"abcd")
    tag.lock_pages(4, 5)
    assert tag.is_locked(4) and tag.is_locked(5) and not tag.is_locked(6)
    with pytest.raises(TagWriteError, match="page 5 is locked"):
        tag.write(5, b"wxyz")
    assert tag.read(5, 4) == b"abcd"
    tag.write(2, bytes(4))  # writing zeros does not clear lock bits
    assert tag.is_locked(4)
    tag.write(6, b"free")
    assert tag.read(6, 4) == b"free"


def test_dynamic_lock_bits_and_one_time_programmable_pages() -> None:
    tag = VirtualNtag(UID, model=NTAG213)
    tag.lock_pages(16, 16)  # NTAG213 locks pages in pairs above page 15
    assert tag.is_locked(16) and tag.is_locked(17) and not tag.is_locked(18)
    big = VirtualNtag(UID, model=NTAG215)
    big.lock_pages(20, 20)  # NTAG215 locks 16 pages per bit
    assert big.is_locked(16) and big.is_locked(31) and not big.is_locked(32)
    tag.write(3, bytes.fromhex("00000001"))  # the capability container only gains bits
    assert tag.read(3, 4) == bytes.fromhex("E1101201")
    assert tag.read(43, 4) == bytes(4), "the password page reads as zeros"
    ultralight = VirtualNtag(UID, model=ULTRALIGHT)
    assert ultralight.model.user_bytes == 48
    with pytest.raises(IndexError):
        ultralight.read(15, 8)


def test_the_reader_answers_the_pcsc_part_3_apdus() -> None:
    tag = VirtualNtag(UID)
    assert answer_apdu(tag, bytes.fromhex("FFCA000000")) == UID + SW_OK
    assert answer_apdu(tag, bytes.fromhex("FFD6000404") + b"wxyz") == SW_OK
    assert answer_apdu(tag, bytes.fromhex("FFB0000410")) == b"wxyz" + bytes(12) + SW_OK
    assert answer_apdu(tag, bytes.fromhex("FFB0000400")) == SW_WRONG_LENGTH
    assert answer_apdu(tag, bytes.fromhex("FFB0002D04")) == SW_WRONG_PARAMETERS
    assert answer_apdu(tag, bytes.fromhex("FFD6000408") + bytes(8)) == SW_WRONG_LENGTH
    tag.lock_pages(4, 4)
    assert answer_apdu(tag, bytes.fromhex("FFD6000404") + b"1234") == SW_FAILED
    assert answer_apdu(tag, bytes.fromhex("00A4040000")) == SW_NOT_SUPPORTED
    assert answer_apdu(tag, bytes.fromhex("FFCA010000")) == SW_NOT_SUPPORTED
    buzzer = [True]
    assert answer_apdu(tag, bytes.fromhex("FF00520000"), buzzer=buzzer) == SW_OK
    assert buzzer == [False]
    assert answer_apdu(tag, bytes.fromhex("FF00520000")) == SW_NOT_SUPPORTED  # no buzzer


def test_the_atr_is_a_pcsc_part_3_ultralight_with_a_good_check_byte() -> None:
    check = 0
    for byte in ULTRALIGHT_ATR[1:]:
        check ^= byte
    assert check == 0 and ULTRALIGHT_ATR[:2] == b"\x3b\x8f"


def test_pull_and_failure_helpers_count_reads_only() -> None:
    read, uid = bytes.fromhex("FFB0000404"), bytes.fromhex("FFCA000000")
    pull = pull_after_reads(1)
    assert [pull(uid), pull(read), pull(uid), pull(read)] == [False, False, False, True]
    fail = fail_reads(1)
    assert [fail(uid), fail(read), fail(read)] == [None, SW_FAILED, None]
