"""The PC/SC stack for real: pcscd, the vpcd virtual reader, pyscard, our virtual NTAG.

Every test here talks to the session's pcscd (see conftest.py); they run one after another
in this one module. Waits are on events and conditions, never on fixed sleeps.
"""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest

from dealer_assist.cards import parse_card, parse_cards
from dealer_assist.drivers.base import CardRead, DeviceFault, SourceStatus, StatusChanged
from dealer_assist.drivers.pcsc.reader import TagReader
from dealer_assist.drivers.pcsc.source import PcscSource
from dealer_assist.tag_decks import check_shoe, encode_deck, enroll_deck
from dealer_assist.tags import UidTable, decode_tag, uid_hex
from dealer_assist.testing.ntag import VirtualNtag, VirtualReader, fail_reads, pull_after_reads
from dealer_assist.testing.pcscd import Pcscd, PcscdError, running_pcscd_pid
from tests.pcsc.conftest import COMMAND_READER, SOURCE_READER
from tests.pcsc.helpers import (
    DECK,
    DEFAULT_READERS,
    KEY,
    OTHER_KEY,
    Operator,
    PromptStream,
    encoded_tag,
    tag_data,
    wait_reader_empty,
    write_data,
)

Event = TypeVar("Event")
SMALL_DECK = parse_cards(["AS", "9H", "TD", "KC", "5S", "QH"])


def expect(events: queue.Queue[Any], kind: type[Event], timeout: float = 3.0) -> Event:
    event = events.get(timeout=timeout)
    assert isinstance(event, kind), f"expected a {kind.__name__}, got {event!r}"
    return event


def expect_status(
    events: queue.Queue[Any], status: SourceStatus, timeout: float = 10.0
) -> StatusChanged:
    """The next status change to ``status``; only CONNECTING and LOST may come before it."""
    deadline = time.monotonic() + timeout
    while True:
        event = expect(events, StatusChanged, max(0.01, deadline - time.monotonic()))
        if event.status is status:
            return event
        assert event.status in (SourceStatus.CONNECTING, SourceStatus.LOST), event


@contextmanager
def running_source(**options: Any) -> Iterator[tuple[PcscSource, queue.Queue[Any]]]:
    options.setdefault("reader", SOURCE_READER)
    options.setdefault("key", KEY)
    source = PcscSource(**options)
    events: queue.Queue[Any] = queue.Queue()
    source.start(events.put)
    try:
        assert expect(events, StatusChanged).status is SourceStatus.CONNECTING
        expect_status(events, SourceStatus.CONNECTED)
        yield source, events
    finally:
        source.stop()


def deal(
    reader: VirtualReader, tag: VirtualNtag, events: queue.Queue[Any], name: str = SOURCE_READER
) -> CardRead:
    """Present ``tag``, take its card event, take the tag away, wait for pcscd to see it go."""
    reader.present_tag(tag)
    read = expect(events, CardRead)
    reader.remove()
    wait_reader_empty(name)
    return read


# --- dealing through the card source ----------------------------------------------------------


def test_cards_dealt_through_the_reader_arrive_in_order(source_reader: VirtualReader) -> None:
    cards = ["AS", "9H", "TD", "KC", "QH"]
    with running_source() as (_source, events):
        for card in cards:
            tag = encoded_tag(card)
            read = deal(source_reader, tag, events)
            assert read.card == parse_card(card)
            assert read.raw == tag.uid + tag_data(tag)
            assert uid_hex(tag.uid) in read.detail
        assert events.empty()
    assert expect(events, StatusChanged).status is SourceStatus.CLOSED
    assert not source_reader.buzzer_on, "the driver silences the reader's buzzer"


def test_a_tag_left_on_the_reader_is_one_card_and_presenting_it_again_is_another(
    source_reader: VirtualReader,
) -> None:
    tag = encoded_tag("7D")
    with running_source() as (_source, events):
        source_reader.present_tag(tag)
        assert expect(events, CardRead).card == parse_card("7D")
        assert source_reader.wait_polls(3, timeout=3.0), "pcscd keeps checking the tag"
        assert events.empty(), "a tag that stays is read once"
        source_reader.remove()
        wait_reader_empty(SOURCE_READER)
        source_reader.present_tag(tag)
        # A second presentation is a second read: the table's card accounting flags it.
        assert expect(events, CardRead).card == parse_card("7D")


def test_forged_copied_edited_and_unknown_tags_are_refused(source_reader: VirtualReader) -> None:
    genuine = encoded_tag("AS")
    copied = VirtualNtag()
    write_data(copied, tag_data(genuine))
    edited = encoded_tag("2C")
    data = bytearray(tag_data(edited))
    data[1] = 0xD0  # 2C -> KS, the MAC left as it was
    write_data(edited, bytes(data))
    foreign = VirtualNtag()
    write_data(foreign, bytes.fromhex("0303D00000FE") + bytes(10))  # an NDEF tag
    cases = [
        (encoded_tag("KD", key=OTHER_KEY), "forged_tag"),
        (copied, "forged_tag"),
        (edited, "forged_tag"),
        (VirtualNtag(), "unknown_tag"),
        (foreign, "unknown_tag"),
    ]
    with running_source() as (_source, events):
        for tag, code in cases:
            source_reader.present_tag(tag)
            read = expect(events, CardRead)
            fault = expect(events, DeviceFault)
            assert read.card is None and read.raw == tag.uid + tag_data(tag)
            assert read.detail.startswith(code)
            assert fault.code == code, fault
            assert uid_hex(tag.uid) in fault.message
            source_reader.remove()
            wait_reader_empty(SOURCE_READER)
        assert deal(source_reader, genuine, events).card == parse_card("AS")


def test_tags_that_cannot_be_written_are_read_from_the_uid_table(
    source_reader: VirtualReader,
) -> None:
    enrolled, stranger = VirtualNtag(), VirtualNtag()
    table = UidTable()
    table.add(enrolled.uid, parse_card("JH"), deck_serial=7, card_serial=24)
    with running_source(key=None, uid_table=table) as (_source, events):
        read = deal(source_reader, enrolled, events)
        assert read.card == parse_card("JH") and read.raw == enrolled.uid
        source_reader.present_tag(stranger)
        assert expect(events, CardRead).card is None
        fault = expect(events, DeviceFault)
        assert fault.code == "unknown_tag" and uid_hex(stranger.uid) in fault.message


def test_a_tag_pulled_in_the_middle_of_a_read_gives_no_card(
    source_reader: VirtualReader,
) -> None:
    tag = encoded_tag("QS")
    # One page per READ BINARY: four reads; the tag leaves after answering two.
    with running_source(chunk_pages=1) as (_source, events):
        source_reader.present_tag(tag, pull_when=pull_after_reads(2))
        fault = expect(events, DeviceFault)
        assert fault.code == "read_incomplete" and uid_hex(tag.uid) in fault.message
        wait_reader_empty(SOURCE_READER)
        assert events.empty(), "never half a card"
        source_reader.present_tag(tag)
        assert expect(events, CardRead).card == parse_card("QS")


def test_a_read_that_fails_while_the_tag_stays_is_retried(source_reader: VirtualReader) -> None:
    tag = encoded_tag("4H")
    with running_source() as (_source, events):
        source_reader.present_tag(tag, interfere=fail_reads(1))
        assert expect(events, CardRead).card == parse_card("4H")
        assert source_reader.wait_polls(2, timeout=3.0)
        assert events.empty()
    reads = [apdu for apdu in source_reader.apdus if apdu[:2] == b"\xff\xb0"]
    assert len(reads) == 2


def test_stop_is_honoured_quickly(source_reader: VirtualReader) -> None:
    source = PcscSource(reader=SOURCE_READER, key=KEY)
    events: queue.Queue[Any] = queue.Queue()
    source.start(events.put)
    expect_status(events, SourceStatus.CONNECTED)
    began = time.monotonic()
    source.stop()
    assert time.monotonic() - began < 0.3
    assert expect(events, StatusChanged).status is SourceStatus.CLOSED


# --- pcscd and the reader coming and going ----------------------------------------------------


def test_pcscd_stopped_and_restarted(pcscd: Pcscd, source_reader: VirtualReader) -> None:
    with running_source() as (_source, events):
        pcscd.stop()
        lost = expect_status(events, SourceStatus.LOST)
        assert "pcscd" in lost.detail
        pcscd.start()
        connected = expect_status(events, SourceStatus.CONNECTED)
        assert SOURCE_READER in connected.detail
        assert deal(source_reader, encoded_tag("8C"), events).card == parse_card("8C")


def test_reader_unplugged_and_plugged_back(pcscd: Pcscd, source_reader: VirtualReader) -> None:
    # vpcd readers cannot be hot-plugged, and one pcscd serves one vpcd entry: pcscd restarts
    # with the "Shoe Exit" reader on the first vpcd port (plugged) or without it (unplugged).
    shoe_exit = [("Shoe Exit", 35963)]
    source = PcscSource(reader="shoe exit*00", key=KEY)
    events: queue.Queue[Any] = queue.Queue()
    source.start(events.put)
    try:
        lost = expect_status(events, SourceStatus.LOST)
        assert "no reader matching 'shoe exit*00'" in lost.detail
        assert "Virtual PCD 00 00" in lost.detail, "the detail lists the readers there are"
        pcscd.restart(shoe_exit)
        connected = expect_status(events, SourceStatus.CONNECTED)
        assert "Shoe Exit 00 00" in connected.detail
        assert deal(source_reader, encoded_tag("3S"), events, "Shoe Exit 00 00").card == (
            parse_card("3S")
        )
        pcscd.restart(DEFAULT_READERS)  # unplugged
        lost = expect_status(events, SourceStatus.LOST)
        while "no reader matching" not in lost.detail:
            lost = expect_status(events, SourceStatus.LOST)
        pcscd.restart(shoe_exit)  # plugged back
        expect_status(events, SourceStatus.CONNECTED)
        source_reader.present_tag(encoded_tag("6D"))
        assert expect(events, CardRead).card == parse_card("6D")
    finally:
        source.stop()


# --- the tags commands on the real stack ----------------------------------------------------


@pytest.fixture
def station(command_reader: VirtualReader) -> Iterator[TagReader]:
    reader = TagReader(COMMAND_READER)
    reader.open()
    yield reader
    reader.close()


def test_encode_writes_a_deck_and_refuses_a_locked_tag(
    station: TagReader, command_reader: VirtualReader
) -> None:
    locked = VirtualNtag()
    locked.lock_pages(4, 7)
    blanks = [VirtualNtag() for _ in SMALL_DECK]
    out = PromptStream()
    with Operator(command_reader, out, [locked, *blanks]):
        done = encode_deck(station, deck_serial=DECK, key=KEY, out=out, cards=SMALL_DECK, timeout=5)
    assert done, out.text
    assert "WRITE FAILED" in out.text
    assert tag_data(locked) == bytes(16), "a locked tag stays as it was"
    for tag, card in zip(blanks, SMALL_DECK, strict=True):
        info = decode_tag(tag.uid, tag_data(tag), KEY)
        assert (info.card, info.deck_serial) == (card, DECK)
    assert out.all[-1] == f"Deck {DECK}: 6 tags written and verified."


def test_check_finds_duplicate_and_foreign_cards(
    station: TagReader, command_reader: VirtualReader
) -> None:
    deck = [encoded_tag(card) for card in SMALL_DECK]
    shoe = [*deck[:3], deck[1], encoded_tag("AS", key=OTHER_KEY), *deck[3:]]
    out = PromptStream()
    with Operator(command_reader, out, shoe):
        result = check_shoe(
            station, decks=1, out=out, key=KEY, deck_cards=SMALL_DECK, idle_timeout=5
        )
    assert len(result.accepted) == 6 and result.presented == 8
    assert len(result.duplicates) == 1 and len(result.foreign) == 1 and not result.missing
    assert "SHOE NOT OK: 1 duplicate, 1 foreign." in out.text


def test_enroll_then_check_with_the_uid_table(
    station: TagReader, command_reader: VirtualReader, tmp_path: Path
) -> None:
    plain = [VirtualNtag() for _ in SMALL_DECK]
    table_file = tmp_path / "uids.json"
    out = PromptStream()
    with Operator(command_reader, out, plain):
        done = enroll_deck(
            station,
            deck_serial=2002,
            table=UidTable(),
            out=out,
            cards=SMALL_DECK,
            save=lambda table: table.save(table_file),
            timeout=5,
        )
    assert done, out.text
    table = UidTable.load(table_file)
    assert [table[tag.uid].card for tag in plain] == SMALL_DECK
    out = PromptStream()
    random.Random(7).shuffle(plain)
    with Operator(command_reader, out, plain[:-1]):
        result = check_shoe(
            station, decks=1, out=out, uid_table=table, deck_cards=SMALL_DECK, idle_timeout=1.0
        )
    missing = table[plain[-1].uid].card.pretty
    assert result.missing == [f"deck 2002: 1 missing: {missing}"]
    assert "SHOE NOT OK: 1 missing." in out.text


def test_a_second_pcscd_is_refused_while_ours_runs(pcscd: Pcscd, tmp_path: Path) -> None:
    # pcscd ends its pid file with "\n\0": read as no pid, the check let a second pcscd start
    # (another test run on the same machine), which gave way at once, and that run's fixture
    # took the first one's readers, named like its own, for its own
    assert pcscd.process is not None
    assert running_pcscd_pid() == pcscd.process.pid
    with pytest.raises(PcscdError, match="another pcscd"):
        Pcscd(tmp_path).start()
