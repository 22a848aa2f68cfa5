"""The ``tags`` commands' logic on full decks and shoes, with a station that needs no pcscd."""

from __future__ import annotations

import argparse
import io
import random
from pathlib import Path

import pytest

from dealer_assist.cards import one_deck, parse_card
from dealer_assist.cli.tags import add_parser
from dealer_assist.tag_decks import check_shoe, encode_deck, enroll_deck
from dealer_assist.tags import UidTable, decode_tag
from dealer_assist.testing.ntag import VirtualNtag
from tests.pcsc.helpers import (
    DECK,
    KEY,
    OTHER_KEY,
    FakeStation,
    encoded_tag,
    tag_data,
    write_data,
)


def prompts(out: io.StringIO) -> list[str]:
    return [line for line in out.getvalue().splitlines() if line.startswith("Present")]


def test_encode_writes_a_whole_deck_in_new_deck_order() -> None:
    tags = [VirtualNtag() for _ in range(52)]
    out = io.StringIO()
    assert encode_deck(FakeStation(tags), deck_serial=DECK, key=KEY, out=out) is True
    for position, (tag, card) in enumerate(zip(tags, one_deck(), strict=True), start=1):
        info = decode_tag(tag.uid, tag_data(tag), KEY)
        assert (info.card, info.deck_serial, info.card_serial) == (card, DECK, position)
    assert prompts(out)[0] == f"Present the tag of A♠ (1/52, deck {DECK} card 1)."
    assert prompts(out)[-1] == f"Present the tag of K♣ (52/52, deck {DECK} card 52)."
    assert out.getvalue().count("Take the tag away.") == 52


def test_encode_says_what_went_wrong_and_asks_again() -> None:
    cards = [parse_card("AS"), parse_card("2S")]
    locked = VirtualNtag()
    locked.lock_pages(4, 7)
    first, second = VirtualNtag(), VirtualNtag()
    other_deck = encoded_tag("2S", deck_serial=9)
    other_key = encoded_tag("2S", key=OTHER_KEY)
    king = encoded_tag("KS")  # this deck's K♠, from an earlier run
    # locked -> refused; first -> A♠; first again -> just written as A♠; the K♠ -> wrong tag;
    # another deck's and another key's tags -> refused without --overwrite; second -> 2♠.
    station = FakeStation([locked, first, first, king, other_deck, other_key, second])
    out = io.StringIO()
    assert encode_deck(station, deck_serial=DECK, key=KEY, out=out, cards=cards) is True
    text = out.getvalue()
    assert "WRITE FAILED" in text and "use another tag for A♠" in text
    assert f"DUPLICATE: tag {first.uid.hex().upper()} was just written as A♠" in text
    assert f"WRONG TAG: tag {king.uid.hex().upper()} is already K♠ of deck {DECK}" in text
    assert "is 2♠ of deck 9; use --overwrite" in text
    assert "written with another key" in text
    assert tag_data(locked) == bytes(16)
    assert decode_tag(second.uid, tag_data(second), KEY).card == parse_card("2S")
    assert len(prompts(out)) == 7


def test_encode_overwrite_lock_and_a_repeated_run() -> None:
    tag = encoded_tag("AS", deck_serial=9)
    out = io.StringIO()
    station = FakeStation([tag])
    done = encode_deck(
        station,
        deck_serial=DECK,
        key=KEY,
        out=out,
        cards=[parse_card("AS")],
        overwrite=True,
        lock=True,
    )
    assert done and "written and verified, locked" in out.getvalue()
    assert decode_tag(tag.uid, tag_data(tag), KEY).deck_serial == DECK
    assert all(tag.is_locked(page) for page in range(4, 8))
    again = io.StringIO()  # the same deck again: verified as it is, nothing to write
    assert (
        encode_deck(
            FakeStation([tag]), deck_serial=DECK, key=KEY, out=again, cards=[parse_card("AS")]
        )
        is True
    )


def test_encode_stops_when_no_tag_comes() -> None:
    out = io.StringIO()
    done = encode_deck(FakeStation([VirtualNtag()]), deck_serial=DECK, key=KEY, out=out, timeout=2)
    assert done is False
    assert out.getvalue().splitlines()[-1] == "Stopped (no tag within 2 s) after 1 of 52 tags."


def test_enroll_a_deck_refusing_a_tag_twice(tmp_path: Path) -> None:
    tags = [VirtualNtag() for _ in range(52)]
    presented = [*tags[:10], tags[3], *tags[10:]]
    table = UidTable()
    saved: list[int] = []
    out = io.StringIO()
    done = enroll_deck(
        FakeStation(presented),
        deck_serial=5,
        table=table,
        out=out,
        save=lambda current: saved.append(len(current)),
    )
    assert done is True
    assert [table[tag.uid].card for tag in tags] == one_deck()
    assert [table[tag.uid].card_serial for tag in tags] == list(range(1, 53))
    assert "DUPLICATE: tag" in out.getvalue() and "already enrolled as 4♠" in out.getvalue()
    assert saved == list(range(1, 53)), "saved after every card"


def shoe(decks: int, *, seed: int = 3) -> list[VirtualNtag]:
    tags = [encoded_tag(card, deck_serial=100 + d) for d in range(decks) for card in one_deck()]
    random.Random(seed).shuffle(tags)
    return tags


def test_check_accepts_a_good_eight_deck_shoe() -> None:
    out = io.StringIO()
    result = check_shoe(FakeStation(shoe(8)), decks=8, out=out, key=KEY)
    assert result.ok and len(result.accepted) == 416 == result.presented
    assert result.deck_serials() == list(range(100, 108))
    assert (
        out.getvalue()
        .rstrip()
        .endswith("SHOE OK: every one of the 416 cards once, nothing foreign.")
    )


def test_check_reports_missing_duplicate_and_foreign_cards() -> None:
    tags = shoe(2)
    missing = tags.pop(5)
    copy = VirtualNtag()
    write_data(copy, tag_data(tags[0]))  # a copy on another UID: its MAC fails
    presented = [*tags[:20], tags[7], copy, *tags[20:], encoded_tag("AS", deck_serial=999)]
    out = io.StringIO()
    result = check_shoe(FakeStation(presented), decks=2, out=out, key=KEY)
    info = decode_tag(missing.uid, tag_data(missing), KEY)
    assert result.missing == [f"deck {info.deck_serial}: 1 missing: {info.card.pretty}"]
    assert len(result.duplicates) == 1 and "presented twice" in result.duplicates[0]
    assert len(result.foreign) == 2
    assert "one deck too many" in result.foreign[1]
    assert "SHOE NOT OK: 1 missing, 1 duplicate, 2 foreign." in out.getvalue()


def test_check_with_named_decks_and_two_tags_claiming_one_card() -> None:
    table = UidTable()
    first, twin = VirtualNtag(), VirtualNtag()
    table.add(first.uid, parse_card("AS"), deck_serial=1, card_serial=1)
    table.add(twin.uid, parse_card("AS"), deck_serial=1, card_serial=1)
    stranger = encoded_tag("KH", deck_serial=3)
    out = io.StringIO()
    result = check_shoe(
        FakeStation([first, twin, stranger]),
        decks=2,
        out=out,
        key=KEY,
        uid_table=table,
        deck_serials=[1, 2],
    )
    assert result.duplicates == [
        f"A♠ of deck 1: tags {first.uid.hex().upper()} and {twin.uid.hex().upper()}"
    ]
    assert result.foreign == [
        f"tag {stranger.uid.hex().upper()}: K♥ of deck 3, a deck not in this shoe"
    ]
    assert result.missing[0] == "deck 1: 51 missing: " + " ".join(
        card.pretty for card in one_deck()[1:]
    )
    assert result.missing[1] == "deck 2: never presented (52 cards)"


def test_the_tags_subcommands_parse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the key and the UID table must exist to be named
    Path("k").write_text("key\n", "utf-8")
    Path("t.json").write_text("{}", "utf-8")
    parser = argparse.ArgumentParser(prog="dealer-assist")
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["tags", "encode", "--deck-serial", "7", "--key-file", "k", "--lock"])
    assert (args.deck_serial, args.key_file, args.lock, args.reader) == (7, Path("k"), True, "")
    args = parser.parse_args(
        [
            "tags",
            "check",
            "--decks",
            "6",
            "--deck-serial",
            "1",
            "--deck-serial",
            "2",
            "--uid-table",
            "t.json",
        ]
    )
    assert (args.decks, args.deck_serials, args.idle) == (6, [1, 2], 30.0)
    args = parser.parse_args(["tags", "enroll", "--out", "t.json", "--deck-serial", "3"])
    assert args.handler.__name__ == "cmd_tags_enroll"
    with pytest.raises(SystemExit):
        parser.parse_args(["tags"])
