"""The tag format of docs/card-tags.md: encoding, every rejection, the key and the UID table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_assist.cards import one_deck, parse_card
from dealer_assist.errors import ConfigError
from dealer_assist.tags import (
    DATA_LENGTH,
    TagError,
    UidTable,
    card_byte,
    card_from_byte,
    deck_position,
    decode_tag,
    encode_tag,
    identify_tag,
    load_key,
    parse_key,
)

KEY = bytes(range(32))
UID = bytes.fromhex("04A2245A6B3C80")
QH = parse_card("QH")
DOC = Path(__file__).resolve().parents[2] / "docs" / "card-tags.md"


def test_the_worked_example_of_the_specification() -> None:
    data = encode_tag(UID, QH, deck_serial=1001, card_serial=25, key=KEY)
    assert data.hex(" ").upper() == "01 C1 00 00 03 E9 00 19 2B DD 24 E0 7D 5F 5C 9C"
    text = DOC.read_text(encoding="utf-8")
    assert "01 C1 00 00 03 E9 00 19 2B DD 24 E0 7D 5F 5C 9C" in text, "the doc shows the bytes"


def test_every_card_of_a_deck_round_trips_with_its_position() -> None:
    for position, card in enumerate(one_deck(), start=1):
        assert deck_position(card) == position
        assert card_from_byte(card_byte(card)) == card
        data = encode_tag(UID, card, deck_serial=7, card_serial=position, key=KEY)
        assert len(data) == DATA_LENGTH
        info = decode_tag(UID, data, KEY)
        assert (info.card, info.deck_serial, info.card_serial, info.uid) == (card, 7, position, UID)


@given(
    uid=st.binary(min_size=7, max_size=7),
    card=st.sampled_from(one_deck()),
    deck=st.integers(0, 0xFFFF_FFFF),
    serial=st.integers(0, 0xFFFF),
    flip=st.integers(0, DATA_LENGTH * 8 - 1),
)
def test_any_single_bit_flip_is_refused(
    uid: bytes, card: object, deck: int, serial: int, flip: int
) -> None:
    data = bytearray(encode_tag(uid, card, deck, serial, KEY))  # type: ignore[arg-type]
    assert decode_tag(uid, bytes(data), KEY).card == card
    data[flip // 8] ^= 1 << (flip % 8)
    with pytest.raises(TagError) as refused:
        decode_tag(uid, bytes(data), KEY)
    assert refused.value.code in ("bad_mac", "bad_version", "blank")


def test_a_copy_on_another_uid_and_another_key_are_forgeries() -> None:
    data = encode_tag(UID, QH, 1001, 25, KEY)
    other_uid = bytes.fromhex("04000000000001")
    for uid, key in ((other_uid, KEY), (UID, bytes(32))):
        with pytest.raises(TagError) as refused:
            decode_tag(uid, data, key)
        assert refused.value.code == "bad_mac"
        assert uid.hex().upper() in refused.value.message


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (bytes(16), "blank"),
        (b"\xff" * 16, "blank"),
        (bytes.fromhex("0300FE") + bytes(13), "blank"),
        (b"\x01\x10", "blank"),  # too short: nothing usable was written
        (bytes.fromhex("0303D00000FE") + bytes(10), "bad_version"),  # an NDEF tag
        (b"\x02" + bytes(15), "bad_version"),
    ],
)
def test_blank_and_foreign_tags(data: bytes, code: str) -> None:
    with pytest.raises(TagError) as refused:
        decode_tag(UID, data, KEY)
    assert refused.value.code == code


def test_authentic_bytes_that_name_no_card() -> None:
    from dealer_assist.tags import tag_mac

    payload = bytes([1, 0xE0, 0, 0, 0, 1, 0, 1])  # rank 14
    with pytest.raises(TagError) as refused:
        decode_tag(UID, payload + tag_mac(UID, payload, KEY), KEY)
    assert refused.value.code == "bad_card"


def test_encode_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="4, 7 or 10"):
        encode_tag(b"\x04\x01", QH, 1, 1, KEY)
    with pytest.raises(ValueError, match="32 bytes"):
        encode_tag(UID, QH, 1, 1, b"short")
    with pytest.raises(ValueError, match="deck serial"):
        encode_tag(UID, QH, 1 << 32, 1, KEY)
    with pytest.raises(ValueError, match="card serial"):
        encode_tag(UID, QH, 1, 1 << 16, KEY)


def test_keys_from_hex_or_raw_files(tmp_path: Path) -> None:
    hex_file = tmp_path / "tags.key"
    hex_file.write_text("# no comments allowed\n")
    with pytest.raises(ConfigError):
        load_key(hex_file)
    hex_file.write_text(KEY.hex().upper()[:32] + "\n" + KEY.hex()[32:] + "\n")
    assert load_key(hex_file) == KEY
    raw_file = tmp_path / "tags.bin"
    raw_file.write_bytes(bytes(range(200, 232)))
    assert load_key(raw_file) == bytes(range(200, 232))
    assert parse_key(":".join(f"{b:02x}" for b in KEY)) == KEY
    with pytest.raises(ConfigError, match="32 bytes"):
        parse_key("00" * 16)
    with pytest.raises(ConfigError, match="cannot read"):
        load_key(tmp_path / "missing.key")


def test_the_uid_table_round_trips_through_json(tmp_path: Path) -> None:
    table = UidTable()
    table.add(UID, QH, deck_serial=1001, card_serial=25)
    table.add(bytes.fromhex("04112233445566"), parse_card("AS"), deck_serial=1001, card_serial=1)
    path = tmp_path / "uids.json"
    table.save(path)
    document = json.loads(path.read_text())
    assert document["format"] == "dealer-assist-uid-table" and document["version"] == 1
    assert list(document["tags"]) == ["04112233445566", "04A2245A6B3C80"]  # deck order
    assert document["tags"]["04A2245A6B3C80"] == {
        "card": "QH",
        "deck_serial": 1001,
        "card_serial": 25,
    }
    loaded = UidTable.load(path)
    assert loaded[UID].card == QH and loaded[UID].enrolled and len(loaded) == 2
    assert not list(tmp_path.glob(".*.tmp")), "the atomic write leaves no temporary file"


def test_the_uid_table_refuses_duplicates_and_bad_entries() -> None:
    table = UidTable()
    table.add(UID, QH, deck_serial=1, card_serial=25)
    with pytest.raises(TagError, match="already enrolled as Q♥") as refused:
        table.add(UID, parse_card("AS"), deck_serial=1, card_serial=1)
    assert refused.value.code == "duplicate"
    with pytest.raises(TagError) as missing:
        table.lookup(bytes.fromhex("04000000000000"))
    assert missing.value.code == "not_enrolled"
    bad = [
        "[]",
        '{"format": "dealer-assist-uid-table", "version": 2, "tags": {}}',
        '{"format": "dealer-assist-uid-table", "version": 1, "tags": {"zz": {}}}',
        '{"format": "dealer-assist-uid-table", "version": 1, "tags": {"04A2245A6B3C80": '
        '{"card": "XX", "deck_serial": 1}}}',
        "not json",
    ]
    for text in bad:
        with pytest.raises(ConfigError):
            UidTable.from_json(text, source="t.json")


def test_identify_prefers_authentic_data_and_never_overrules_a_forgery() -> None:
    table = UidTable()
    table.add(UID, QH, deck_serial=1001, card_serial=25)
    genuine = encode_tag(UID, QH, 1001, 25, KEY)
    assert not identify_tag(UID, genuine, key=KEY, uid_table=table).enrolled
    assert identify_tag(UID, bytes(16), key=KEY, uid_table=table).enrolled  # blank: the table
    assert identify_tag(UID, b"", key=None, uid_table=table).card == QH
    forged = encode_tag(UID, QH, 1001, 25, bytes(32))
    with pytest.raises(TagError) as refused:
        identify_tag(UID, forged, key=KEY, uid_table=table)
    assert refused.value.code == "bad_mac"
    disagreeing = encode_tag(UID, parse_card("KS"), 1001, 52, KEY)
    with pytest.raises(TagError, match="UID table says Q♥"):
        identify_tag(UID, disagreeing, key=KEY, uid_table=table)
    stranger = bytes.fromhex("04000000000009")
    with pytest.raises(TagError) as unknown:
        identify_tag(stranger, bytes.fromhex("0303D00000FE") + bytes(10), key=KEY, uid_table=table)
    assert unknown.value.code == "not_enrolled" and re.search(
        "not in the UID table", str(unknown.value)
    )
    with pytest.raises(ValueError):
        identify_tag(UID, genuine, key=None, uid_table=None)
