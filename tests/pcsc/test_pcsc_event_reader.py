"""The event-driven virtual reader (dealer_assist/testing/ifd_event_reader.c) in a real pcscd.

pcscd polls vpcd every 400 ms; this reader's driver gives pcscd an event thread instead, as
a CCID reader with an interrupt endpoint does, so a tag is seen the moment it arrives. These
tests check that pcscd really uses that thread, that the reader behaves like a reader (tags in
order, a tag pulled mid-read, pcscd stopping cleanly), and deal a whole shoe through it into
the table. Timings are measured by benchmarks/bench_pcsc.py, not asserted here.
"""

from __future__ import annotations

import logging
import queue
import random
import threading
from collections.abc import Callable
from typing import Any

import pytest

from dealer_assist.cards import Card, one_deck, parse_card
from dealer_assist.drivers.base import CardRead, DeviceFault, SourceStatus, StatusChanged
from dealer_assist.drivers.pcsc.reader import ReaderState, TagReader
from dealer_assist.drivers.pcsc.source import PcscSource
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import AlertRaised, Burned, CardDealt, Record, ShoeEnded
from dealer_assist.table.runtime import TableRuntime
from dealer_assist.table.simulated import simulated_choice
from dealer_assist.tags import DATA_PAGES, decode_tag, uid_hex
from dealer_assist.testing.ntag import VirtualReader, pull_after_reads
from dealer_assist.testing.pcscd import Pcscd
from tests.pcsc.conftest import EVENT_READER
from tests.pcsc.helpers import (
    KEY,
    encoded_tag,
    tag_data,
    wait_reader_empty,
    wait_reader_present,
    wait_until,
)
from tests.pcsc.test_pcsc_stack import deal, expect, expect_status, running_source
from tests.table.helpers import FakeClock, make_config

WANTS_A_CARD = ("burn", "betting", "dealing")


def test_pcscd_uses_the_readers_own_event_thread(pcscd: Pcscd) -> None:
    log = pcscd.log_path.read_text(errors="replace")
    assert "Using the reader polling thread" in log, "pcscd took the driver's event thread"
    assert "Using the pcscd polling thread" in log, "and polls vpcd, which has none"


def test_a_tag_is_seen_without_pcscd_polling_it(event_reader: VirtualReader) -> None:
    tag = encoded_tag("KD")
    with running_source(reader=EVENT_READER) as (_source, events):
        read = deal(event_reader, tag, events, EVENT_READER)
        assert read.card == parse_card("KD")
        assert event_reader.polls == 1, "one ATR, at power-up: no presence polling"


def test_cards_in_order_and_a_tag_pulled_mid_read(event_reader: VirtualReader) -> None:
    with running_source(reader=EVENT_READER, chunk_pages=1) as (_source, events):
        for card in ["2C", "TH", "AS"]:
            assert deal(event_reader, encoded_tag(card), events, EVENT_READER).card == (
                parse_card(card)
            )
        pulled = encoded_tag("QS")
        event_reader.present_tag(pulled, pull_when=pull_after_reads(2))
        fault = expect(events, DeviceFault)
        assert fault.code == "read_incomplete" and uid_hex(pulled.uid) in fault.message
        wait_reader_empty(EVENT_READER)
        assert events.empty(), "never half a card"
        assert deal(event_reader, pulled, events, EVENT_READER).card == parse_card("QS")


def test_pcscd_stops_cleanly_and_comes_back_with_the_event_reader(
    pcscd: Pcscd, event_reader: VirtualReader
) -> None:
    with running_source(reader=EVENT_READER) as (_source, events):
        event_reader.present_tag(encoded_tag("5H"))
        assert expect(events, CardRead).card == parse_card("5H")
        pcscd.stop()  # with a tag in the field: the driver's event thread must let go
        assert pcscd.exit_codes[-1] == 0, "pcscd stopped its reader threads and exited"
        lost = expect(events, StatusChanged)
        while lost.status is not SourceStatus.LOST:
            lost = expect(events, StatusChanged)
        event_reader.remove()
        pcscd.start()
        while expect(events, StatusChanged, 10.0).status is not SourceStatus.CONNECTED:
            pass
        assert deal(event_reader, encoded_tag("8S"), events, EVENT_READER).card == (
            parse_card("8S")
        )


class ReaderTable:
    """A table fed by the PC/SC source; the simulated people close coups and decide."""

    def __init__(self) -> None:
        self.config = make_config(shoe={"decks": 8, "burn": "none"})
        self.source = PcscSource(reader=EVENT_READER, key=KEY)
        self.controller = TableController(self.config, clock=FakeClock())
        self.records: list[Record] = []
        self.controller.on_record(self.records.append)
        self.runtime = TableRuntime(self.controller, [self.source])
        self.changed = threading.Condition()
        self.snapshot: Any = None
        self.handled: set[tuple[Any, ...]] = set()
        self.controller.on_snapshot(self._on_snapshot)

    def _on_snapshot(self, snapshot: Any) -> None:
        if snapshot.phase == "complete" and ("close", snapshot.coup) not in self.handled:
            self.handled.add(("close", snapshot.coup))
            self.runtime.submit(cmd.CloseCoup())
        choice = simulated_choice(snapshot)
        if choice and ("decide", snapshot.seq) not in self.handled:
            self.handled.add(("decide", snapshot.seq))
            self.runtime.submit(cmd.Decide(hand=snapshot.decision.hand, choice=choice))
        with self.changed:
            self.snapshot = snapshot
            self.changed.notify_all()

    def wait_for(self, condition: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
        with self.changed:
            if not self.changed.wait_for(condition, timeout):
                raise AssertionError(f"timed out waiting for {what}: {self.snapshot!r}")

    def cards(self) -> list[Card]:
        return [r.event.card for r in self.records if isinstance(r.event, CardDealt | Burned)]

    def connected(self) -> bool:
        return any(
            r.event.status == "connected"
            for r in self.records
            if r.event.__class__.__name__ == "DeviceStatus"
        )


def test_a_whole_shoe_dealt_through_the_event_reader_into_the_table(
    event_reader: VirtualReader, caplog: pytest.LogCaptureFixture
) -> None:
    # The driver's every arrival and failed attempt, to say what happened if an alert is raised.
    caplog.set_level(logging.DEBUG, logger="dealer_assist.drivers.pcsc")
    tags = [encoded_tag(card, deck_serial=1000 + n) for n in range(8) for card in one_deck()]
    random.Random(20261129).shuffle(tags)
    table = ReaderTable()
    table.runtime.start()
    try:
        table.wait_for(table.connected, "the reader")
        for index, tag in enumerate(tags):
            table.wait_for(
                lambda: (
                    table.snapshot is not None
                    and (
                        table.snapshot.phase in WANTS_A_CARD or table.snapshot.phase == "shoe_ended"
                    )
                ),
                "the table to want a card",
            )
            if table.snapshot.phase == "shoe_ended":
                break
            event_reader.present_tag(tag)
            table.wait_for(lambda n=index + 1: len(table.cards()) == n, f"card {index + 1}")
            event_reader.remove()
            wait_reader_empty(EVENT_READER)
        table.wait_for(lambda: table.snapshot.phase == "shoe_ended", "the end of the shoe")
    finally:
        table.runtime.close()
    dealt = table.cards()
    shoe = [decode_tag(tag.uid, tag_data(tag), KEY).card for tag in tags]
    assert dealt == shoe[: len(dealt)], "every card, in order, once"
    ended = [r.event for r in table.records if isinstance(r.event, ShoeEnded)]
    assert len(ended) == 1 and ended[0].cards_left == len(shoe) - len(dealt)
    assert ended[0].cards_left < table.config.shoe.min_cards_to_deal
    alerts = [
        (r.event.code, r.event.message)
        for r in table.records
        if isinstance(r.event, AlertRaised) and r.event.code != "advantage_play"
    ]
    assert alerts == [], f"no alert; the driver's log:\n{caplog.text[-6000:]}"


class WatchedReader(TagReader):
    """The driver's reader, telling the test when the driver has first looked at it."""

    def __init__(self) -> None:
        super().__init__(EVENT_READER, data_pages=DATA_PAGES)
        self.looked = threading.Event()

    def state(self) -> ReaderState:
        state = super().state()
        self.looked.set()
        return state


@pytest.mark.parametrize("pcscd_restarted", [False, True], ids=["pcscd_running", "pcscd_restarted"])
def test_a_tag_left_on_the_reader_over_a_restart_is_not_a_second_card(
    pcscd: Pcscd,
    event_reader: VirtualReader,
    caplog: pytest.LogCaptureFixture,
    pcscd_restarted: bool,
) -> None:
    left = encoded_tag("9C")
    if pcscd_restarted:
        # pcscd (and the reader) start again with the table: the reader reports no tag at
        # first (its event count still 0) and the tag lying on it only after the driver has
        # started, as a contactless reader does once its field is up
        pcscd.restart()
    else:
        # on the reader when the table stopped, and pcscd knows it before the table starts (a
        # tag that arrives at a long-running pcscd after the start is a new presentation, read
        # as a card: CI once started the driver before pcscd saw the tag)
        event_reader.present_tag(left)
        wait_reader_present(EVENT_READER)
    reader = WatchedReader()
    source = PcscSource(key=KEY, tag_reader=reader)
    # The table restarts from a journal whose last read from this reader is that tag.
    source.resume([b"\x04\x01", left.uid + tag_data(left)])
    events: queue.Queue[Any] = queue.Queue()
    with caplog.at_level(logging.INFO, logger="dealer_assist.drivers.pcsc.source"):
        source.start(events.put)
        try:
            expect_status(events, SourceStatus.CONNECTED)
            if pcscd_restarted:
                assert reader.looked.wait(5.0), "the driver looks at the reader at start"
                event_reader.present_tag(left)  # found once the driver has seen it empty
            try:
                wait_until(
                    lambda: "is still on the reader; not read twice" in caplog.text,
                    5.0,
                    "the driver to look at the tag left on the reader",
                )
            except AssertionError as error:  # say what the driver did instead (CI saw it once)
                seen = []
                while not events.empty():
                    seen.append(events.get_nowait())
                raise AssertionError(f"{error}; events: {seen}; log: {caplog.text}") from None
            event_reader.remove()
            wait_reader_empty(EVENT_READER)
            event_reader.present_tag(encoded_tag("2H"))
            assert expect(events, CardRead).card == parse_card("2H"), "the next card is next"
        finally:
            source.stop()


def test_without_the_journal_a_tag_on_the_reader_at_start_is_read(
    event_reader: VirtualReader,
) -> None:
    event_reader.present_tag(encoded_tag("9C"))
    with running_source(reader=EVENT_READER) as (_source, events):
        assert expect(events, CardRead).card == parse_card("9C")
