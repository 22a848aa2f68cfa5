"""PcscSource's decisions where the virtual stack cannot go: a reader unplugged while watched,
pcscd restarting under a tag that stays on the reader. The reader is scripted; no pcscd."""

from __future__ import annotations

import queue
import threading
from collections import deque
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from dealer_assist.cards import parse_card
from dealer_assist.drivers.base import CardRead, DeviceFault, SourceUrl, StatusChanged
from dealer_assist.drivers.pcsc.reader import (
    PcscServiceError,
    ReaderMissingError,
    ReaderState,
    TagReader,
    reader_matches,
)
from dealer_assist.drivers.pcsc.source import PcscSource
from dealer_assist.drivers.registry import open_source
from dealer_assist.tags import TagGoneError, TagImage, TagIOError, UidTable, encode_tag, uid_hex
from tests.pcsc.helpers import KEY

UID = bytes.fromhex("04A2245A6B3C80")
EMPTY, PRESENT = 0x10, 0x20
Step = ReaderState | Exception | None


def state(flags: int, events: int) -> ReaderState:
    return ReaderState("Fake 00 00", (events << 16) | flags)


class ScriptedReader(TagReader):
    """A reader that plays a script: what ``open`` gives, and what each wait sees."""

    def __init__(self, opens: Iterable[str | Exception], steps: Iterable[Step], now: ReaderState):
        super().__init__("fake")
        self.opens = deque(opens)
        self.steps = deque(steps)
        self.now = now
        self.images: dict[int, TagImage | Exception] = {}
        self.finished = threading.Event()

    def open(self) -> str:
        step = self.opens.popleft() if self.opens else "Fake 00 00"
        if isinstance(step, Exception):
            raise step
        self.reader_name = step
        return step

    def close(self) -> None:
        self.reader_name = None

    def wait_for_reader(self, timeout: float) -> str | None:
        return None

    def state(self) -> ReaderState:
        return self.now

    def wait_change(self, timeout: float) -> ReaderState | None:
        if not self.steps:
            self.finished.set()
            self._cancelled.wait(0.01)
            return None
        step = self.steps.popleft()
        if isinstance(step, Exception):
            raise step
        if step is not None:
            self.now = step
        return step

    def read_tag(self, arrival: ReaderState | None = None) -> TagImage:
        assert arrival is not None
        image = self.images[arrival.events]
        if isinstance(image, Exception):
            raise image
        return image


def run(reader: ScriptedReader, journal: Iterable[bytes] = ()) -> list[Any]:
    """Run the source over the script; ``journal``: the device data the table resumes from."""
    source = PcscSource(key=KEY, tag_reader=reader, backoff=(0.01,))
    source.resume(list(journal))
    events: queue.Queue[Any] = queue.Queue()
    source.start(events.put)
    assert reader.finished.wait(5.0)
    source.stop()
    found = []
    while not events.empty():
        found.append(events.get())
    return found


def kinds(events: list[Any]) -> list[str]:
    named = []
    for event in events:
        if isinstance(event, StatusChanged):
            named.append(event.status.name)
        elif isinstance(event, CardRead):
            named.append(f"card {event.card}")
        elif isinstance(event, DeviceFault):
            named.append(f"fault {event.code}")
    return named


def genuine(card: str) -> TagImage:
    return TagImage(UID, encode_tag(UID, parse_card(card), 1, 1, KEY))


def test_a_reader_unplugged_while_watched_is_lost_then_found_again() -> None:
    reader = ScriptedReader(
        opens=["Fake 00 00", ReaderMissingError("no reader matching 'fake' (readers: none)")],
        steps=[ReaderMissingError("reader 'Fake 00 00' was unplugged"), state(PRESENT, 1)],
        now=state(EMPTY, 0),
    )
    reader.images[1] = genuine("9D")
    events = run(reader)
    assert kinds(events) == [
        "CONNECTING",
        "CONNECTED",
        "LOST",
        "LOST",
        "CONNECTED",
        "card 9D",
        "CLOSED",
    ]
    assert "unplugged" in events[2].detail and "no reader matching" in events[3].detail


def test_a_tag_that_stays_while_pcscd_restarts_is_one_card() -> None:
    reader = ScriptedReader(
        opens=["Fake 00 00", "Fake 00 00"],
        steps=[
            PcscServiceError("pcscd is not available (watching the reader)"),
            state(EMPTY, 2),
            state(PRESENT, 3),
        ],
        now=state(PRESENT, 1),
    )
    reader.images[1] = genuine("5C")  # the first pcscd's presentation 1 and the new one's
    reader.images[3] = genuine("5C")
    events = run(reader)
    assert kinds(events) == [
        "CONNECTING",
        "CONNECTED",
        "card 5C",
        "LOST",
        "CONNECTED",
        "card 5C",
        "CLOSED",
    ]
    assert events[3].detail.startswith("pcscd is not available")


OTHER_UID = bytes.fromhex("04A2245A6B3C81")


def test_the_journals_tag_found_on_a_reader_that_has_just_started_is_not_a_second_card() -> None:
    # The table restarts with pcscd (or the reader) just started: pcscd reports the reader empty
    # with its event count still 0 (it has not found the tag yet) and the tag a moment later.
    last = genuine("7S")
    reader = ScriptedReader(
        opens=[], steps=[state(PRESENT, 1), state(EMPTY, 2), state(PRESENT, 3)], now=state(EMPTY, 0)
    )
    reader.images[1] = last
    reader.images[3] = TagImage(OTHER_UID, encode_tag(OTHER_UID, parse_card("2D"), 1, 2, KEY))
    events = run(reader, journal=[last.uid + last.data])
    assert kinds(events) == ["CONNECTING", "CONNECTED", "card 2D", "CLOSED"]


def test_the_journals_tag_seen_leaving_and_presented_again_is_read_again() -> None:
    # pcscd has seen tags come and go (count 4): the empty reader is news, the tag has left.
    last = genuine("7S")
    reader = ScriptedReader(opens=[], steps=[state(PRESENT, 5)], now=state(EMPTY, 4))
    reader.images[5] = last
    events = run(reader, journal=[last.uid + last.data])
    assert kinds(events) == ["CONNECTING", "CONNECTED", "card 7S", "CLOSED"]


def test_an_arrival_pcscd_reports_twice_is_one_card() -> None:
    # pcscd publishes a new reader state before it counts the event (eventhandler.c, no lock):
    # a client asking in between sees the tag present with the count of the removal before it
    # (2), then present again with its own count (3). One tag, one presentation.
    reader = ScriptedReader(
        opens=[],
        steps=[state(EMPTY, 2), state(PRESENT, 2), state(PRESENT, 3), state(EMPTY, 4)],
        now=state(PRESENT, 1),
    )
    reader.images[1] = TagImage(OTHER_UID, encode_tag(OTHER_UID, parse_card("2D"), 1, 2, KEY))
    reader.images[2] = genuine("9D")
    reader.images[3] = genuine("9D")
    events = run(reader)
    assert kinds(events) == ["CONNECTING", "CONNECTED", "card 2D", "card 9D", "CLOSED"]


def test_a_tag_reported_with_the_empty_readers_count_is_not_looked_at_again() -> None:
    # As a whole shoe dealt through the event reader caught it: the tag present with the count
    # of the empty reader before it (0x220), then with its own (0x221); the croupier took the
    # card away as soon as the table had it, so looking at it again found no tag to connect to
    # (no UID: a read_incomplete alert). The count of the empty reader seen says it is counted.
    reader = ScriptedReader(
        opens=[],
        steps=[
            state(EMPTY, 0x220),
            state(PRESENT, 0x220),
            state(PRESENT, 0x221),
            state(EMPTY, 0x222),
            state(PRESENT, 0x223),
        ],
        now=state(PRESENT, 0x21F),
    )
    reader.images[0x21F] = TagImage(OTHER_UID, encode_tag(OTHER_UID, parse_card("2D"), 1, 2, KEY))
    reader.images[0x220] = genuine("9D")
    reader.images[0x221] = TagGoneError(
        "the tag left the reader (connecting to the tag: No smart card inserted.)"
    )
    reader.images[0x223] = genuine("9D")  # taken away (seen), presented again: read again
    events = run(reader)
    assert kinds(events) == ["CONNECTING", "CONNECTED", "card 2D", "card 9D", "card 9D", "CLOSED"]


def test_a_tag_read_once_that_leaves_while_looked_at_again_is_no_fault() -> None:
    # The same double report when the source did not see the reader empty (its count unknown):
    # the tag is looked at again, and it leaves as it is read, its UID read first.
    reader = ScriptedReader(
        opens=[],
        steps=[state(PRESENT, 2), state(PRESENT, 3), state(EMPTY, 4), state(PRESENT, 5)],
        now=state(PRESENT, 1),
    )
    reader.images[1] = TagImage(OTHER_UID, encode_tag(OTHER_UID, parse_card("2D"), 1, 2, KEY))
    reader.images[2] = genuine("9D")
    reader.images[3] = TagGoneError(f"tag {uid_hex(UID)} left the reader", uid=UID)
    reader.images[5] = genuine("9D")  # taken away (seen), presented again: read again
    events = run(reader)
    assert kinds(events) == ["CONNECTING", "CONNECTED", "card 2D", "card 9D", "card 9D", "CLOSED"]


def test_another_tag_in_a_second_arrival_is_read_and_a_tag_cut_off_unnamed_is_a_fault() -> None:
    # Two arrivals without an empty reader seen between them: a different tag is a new card,
    # and a tag that left before its UID could be read may be a card passing unread.
    reader = ScriptedReader(
        opens=[],
        steps=[state(PRESENT, 2), state(PRESENT, 4), state(PRESENT, 6)],
        now=state(EMPTY, 1),
    )
    reader.images[2] = genuine("9D")
    reader.images[4] = TagImage(OTHER_UID, encode_tag(OTHER_UID, parse_card("2D"), 1, 2, KEY))
    reader.images[6] = TagGoneError("a tag left the reader before it was read completely")
    events = run(reader)
    assert kinds(events) == [
        "CONNECTING",
        "CONNECTED",
        "card 9D",
        "card 2D",
        "fault read_incomplete",
        "CLOSED",
    ]


def test_a_read_that_keeps_failing_is_a_fault_not_a_card() -> None:
    reader = ScriptedReader(opens=[], steps=[state(PRESENT, 1)], now=state(EMPTY, 0))
    reader.images[1] = TagIOError("could not read tag after 3 attempts", uid=UID)
    events = run(reader)
    assert kinds(events) == ["CONNECTING", "CONNECTED", "fault read_failed", "CLOSED"]
    assert events[2].raw == UID


def table_file(folder: Path) -> Path:
    path = folder / "uids.json"
    UidTable().save(path)
    return path


def test_urls_and_reader_patterns(tmp_path: Path) -> None:
    key_file = tmp_path / "tags.key"
    key_file.write_text(KEY.hex())
    source = PcscSource.from_url(
        SourceUrl.parse(f"pcsc://?reader=ACR122&key_file={key_file}&chunk_pages=1&name=exit")
    )
    assert (source.name, source.reader.pattern, source.key, source.reader.chunk_pages) == (
        "exit",
        "ACR122",
        KEY,
        1,
    )
    for bad in (
        "pcsc://?reader=x",
        f"pcsc://?key_file={key_file}&colour=red",
        f"pcsc://?key_file={key_file}&chunk_pages=many",
    ):
        try:
            PcscSource.from_url(SourceUrl.parse(bad))
        except ValueError as error:
            assert "pcsc://" in str(error)
        else:
            raise AssertionError(f"{bad} was accepted")
    opened = open_source(f"pcsc://?uid_table={table_file(tmp_path)}")
    assert isinstance(opened, PcscSource) and opened.key is None and opened.uid_table is not None
    assert opened.reader.data_pages == 0, "with only a UID table, only the UID is read"
    assert reader_matches("ACS ACR122U PICC Interface 00 00", "acr122")
    assert reader_matches("Virtual PCD 00 01", "virtual*01")
    assert not reader_matches("Virtual PCD 00 01", "virtual*00")
    assert reader_matches("anything", "")
