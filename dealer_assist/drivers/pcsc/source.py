"""The ``pcsc://`` card source: NFC card tags read at the shoe exit through pcscd.

``pcsc://?reader=PATTERN&key_file=PATH&uid_table=PATH`` watches one reader (a
:class:`~dealer_assist.drivers.pcsc.reader.TagReader`). On each tag arrival the source reads the
UID and the tag's data pages, checks them (:mod:`dealer_assist.tags`) and emits one
:class:`CardRead`. Rules it keeps:

* one presentation, one read: a tag left on the reader is read once, even across a pcscd
  restart, and even when pcscd reports its arrival twice (see below); a tag seen taken away
  and presented again is read again (the table's card accounting flags the duplicate);
* never half a card: a read interrupted by the tag leaving emits no card, only a
  ``read_incomplete`` fault; transient errors are retried while the tag stays. A tag already
  read that leaves while it is being looked at again is not a fault: its card was given;
* an unknown or forged tag gives ``CardRead(card=None)`` and a ``unknown_tag`` / ``forged_tag``
  fault naming the UID;
* pcscd stopped, or the reader unplugged: status LOST with the reason, retried with back-off,
  CONNECTED again when it is back.

pcscd (1.9.9 to 2.x, ``eventhandler.c``) publishes a reader's new state before it counts the
event, without a lock, so a client that asks in between sees a tag "present" with the count of
its predecessor's removal, then present again with the new count: two arrivals of one tag. The
source takes a tag reported present with the count of the empty reader it last saw as counted
already (the next count is the same presentation, not read again); and a tag it has read and
never seen leave is the same presentation when it reads it again (same UID), whatever the
count says (for when it did not see the reader empty).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from dealer_assist.drivers.base import (
    CardRead,
    CardSource,
    DeviceFault,
    SourceStatus,
    SourceUrl,
    StatusChanged,
    UrlOptionList,
    text_option,
    whole_option,
)
from dealer_assist.drivers.pcsc.reader import (
    MAX_READ,
    WAIT_SLICE,
    PcscServiceError,
    ReaderMissingError,
    ReaderState,
    TagReader,
)
from dealer_assist.tags import (
    DATA_PAGES,
    PAGE_SIZE,
    TagError,
    TagGoneError,
    TagInfo,
    TagIOError,
    UidTable,
    identify_tag,
    load_key,
    uid_hex,
)

log = logging.getLogger(__name__)

_FAULT_FOR: dict[str, str] = {
    "bad_mac": "forged_tag",
    "bad_card": "forged_tag",
    "blank": "unknown_tag",
    "bad_version": "unknown_tag",
    "not_enrolled": "unknown_tag",
}

MAX_ATTEMPTS = 10
READER = text_option("reader")
KEY_FILE = text_option("key_file")
UID_TABLE = text_option("uid_table")
CHUNK_PAGES = whole_option(
    "chunk_pages", default=MAX_READ // PAGE_SIZE, minimum=1, maximum=MAX_READ // PAGE_SIZE
)
NAME = text_option("name", default="pcsc")
ATTEMPTS = whole_option("attempts", default=3, minimum=1, maximum=MAX_ATTEMPTS)


class PcscSource(CardSource):
    """Cards from NFC tags read through pcscd (see the module text)."""

    def __init__(
        self,
        *,
        name: str = "pcsc",
        reader: str = "",
        key: bytes | None = None,
        uid_table: UidTable | None = None,
        chunk_pages: int = MAX_READ // PAGE_SIZE,
        attempts: int = 3,
        tag_reader: TagReader | None = None,
        backoff: Sequence[float] = (0.2, 0.5, 1.0, 2.0),
    ) -> None:
        super().__init__(name=name)
        if key is None and uid_table is None:
            raise ValueError("a pcsc source needs the tag key, a UID table, or both")
        self.key = key
        self.uid_table = uid_table
        self.reader = tag_reader or TagReader(
            reader,
            data_pages=DATA_PAGES if key is not None else 0,
            chunk_pages=chunk_pages,
            attempts=attempts,
        )
        self._backoff = tuple(backoff)
        self._thread: threading.Thread | None = None
        self._status: tuple[SourceStatus, str] | None = None
        # The UID of the last tag read that was not seen leaving: read again (after a pcscd
        # restart, or an arrival pcscd reported twice) it is the same presentation, not a
        # second card. pcscd's event counter tells other presentations apart.
        self._held: bytes | None = None

    OPTIONS: ClassVar[UrlOptionList] = (READER, KEY_FILE, UID_TABLE, CHUNK_PAGES, NAME, ATTEMPTS)

    @classmethod
    def from_url(cls, url: SourceUrl) -> PcscSource:
        options = url.check(cls.OPTIONS)
        key_file, table_file = options[KEY_FILE], options[UID_TABLE]
        if not key_file and not table_file:
            raise url.fail("give key_file=PATH, uid_table=PATH, or both", option="key_file")
        return cls(
            name=options[NAME],
            reader=options[READER] or url.target,
            key=load_key(Path(key_file)) if key_file else None,
            uid_table=UidTable.load(Path(table_file)) if table_file else None,
            chunk_pages=options[CHUNK_PAGES],
            attempts=options[ATTEMPTS],
        )

    def resume(self, recorded: Sequence[bytes]) -> None:
        """A table restarting from its journal: a tag still on the reader at start that is the
        last one the journal recorded from this reader is that card, not a second one."""
        data = self.reader.data_pages * PAGE_SIZE
        for raw in reversed(recorded):
            if len(raw) > data:  # a whole read (a fault's data may be the UID alone)
                self._held = raw[: len(raw) - data] if data else raw
                return

    # --- lifecycle --------------------------------------------------------------------------

    def _start(self) -> None:
        self._set_status(SourceStatus.CONNECTING, f"looking for reader {self.reader.pattern!r}")
        self._thread = threading.Thread(target=self._run, name=f"{self.name}-reader", daemon=True)
        self._thread.start()

    def _stop(self) -> None:
        self.reader.cancel()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2.0)

    def _set_status(self, status: SourceStatus, detail: str) -> None:
        if self._status == (status, detail) or self.stopped:
            return
        self._status = (status, detail)
        self.emit(StatusChanged(source=self.name, status=status, detail=detail))

    # --- the reader thread ------------------------------------------------------------------

    def _run(self) -> None:
        failures = 0
        while not self.stopped:
            try:
                name = self.reader.open()
                failures = 0
                self._set_status(SourceStatus.CONNECTED, f"reader {name!r}")
                self._watch()
            except ReaderMissingError as error:
                self._set_status(SourceStatus.LOST, str(error))
                try:
                    self.reader.wait_for_reader(WAIT_SLICE)
                except PcscServiceError:
                    self.reader.close()
            except PcscServiceError as error:
                self.reader.close()
                self._set_status(SourceStatus.LOST, str(error))
                delay = self._backoff[min(failures, len(self._backoff) - 1)]
                failures += 1
                self._stopped.wait(delay)
            except Exception as error:  # never let the thread die silently
                log.exception("pcsc source failed")
                self.reader.close()
                self._set_status(SourceStatus.LOST, f"unexpected error: {error}")
                self._stopped.wait(self._backoff[-1])
        self.reader.close()

    def _watch(self) -> None:
        state = self.reader.state()
        # The count of the last empty reader seen: a tag reported present with that count is
        # one pcscd has published before counting it (see the module text); its count is
        # one more, and seeing it so is no second arrival.
        emptied = None if state.present else state.events
        if state.present:
            self._on_arrival(state)
        elif state.empty and state.events:
            self._held = None  # (see below: a count of 0 says pcscd has seen no tag here yet)
        while not self.stopped:
            new = self.reader.wait_change(WAIT_SLICE)
            if new is None:
                continue
            if new.present and new.presence != state.presence:
                state = new
                if new.events == emptied:
                    log.debug("tag reported before pcscd counted it (state %#010x)", new.raw)
                    state = _counted(new)
                self._on_arrival(new)
            else:
                if not new.present:
                    emptied = new.events
                # A tag seen leaving is gone. An empty reader whose event count is still 0 is
                # one pcscd (or the reader) has just started and not yet found a tag on: the
                # tag read before the restart may be lying there still (a contactless reader
                # finds it once its field is up), so it stays the same presentation.
                if not new.present and new.events:
                    self._held = None
                state = new

    def _on_arrival(self, arrival: ReaderState) -> None:
        log.debug("tag arrival: reader state %#010x", arrival.raw)
        try:
            image = self.reader.read_tag(arrival)
        except TagGoneError as error:
            if error.uid and error.uid == self._held:
                # The tag read before, never seen leaving, left while looked at again (pcscd
                # reported its arrival twice): its card was given once; nothing is lost.
                log.info("tag %s left while read again; it was read before", uid_hex(error.uid))
                self._held = None
                return
            self._fault("read_incomplete", str(error), error.uid)
            return
        except TagIOError as error:
            self._fault("read_failed", str(error), error.uid)
            return
        finally:
            self.reader.mark_read(arrival)
        if self.stopped:
            return
        held, self._held = self._held, image.uid
        if held == image.uid:
            # The tag was never seen leaving (pcscd restarted under it, or reported its arrival
            # twice): the same presentation.
            log.info("tag %s is still on the reader; not read twice", uid_hex(image.uid))
            return
        try:
            info = identify_tag(image.uid, image.data, key=self.key, uid_table=self.uid_table)
        except TagError as error:
            code = _FAULT_FOR.get(error.code, "unknown_tag")
            detail = f"{code}: {error.message}"
            self.emit(CardRead(source=self.name, card=None, raw=image.raw, detail=detail))
            self._fault(code, error.message, image.uid, raw=image.raw)
            return
        self.emit(CardRead(source=self.name, card=info.card, raw=image.raw, detail=_describe(info)))

    def _fault(self, code: str, message: str, uid: bytes, *, raw: bytes = b"") -> None:
        if self.stopped:
            return
        self.emit(DeviceFault(source=self.name, code=code, message=message, raw=raw or uid))


def _counted(state: ReaderState) -> ReaderState:
    """``state`` with pcscd's event count one more (it wraps after 0xFFFF, as pcscd's does)."""
    count = (state.events + 1) & 0xFFFF
    return ReaderState(state.reader, (state.raw & 0xFFFF) | (count << 16), state.atr)


def _describe(info: TagInfo) -> str:
    how = "enrolled" if info.enrolled else "tag"
    return f"{how} {info.uid_hex} deck {info.deck_serial} card {info.card_serial}"
