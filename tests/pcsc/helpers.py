"""Helpers for the PC/SC tests: tags, an operator following the prompts, a fake station."""

from __future__ import annotations

import io
import queue
import threading
from collections import deque
from collections.abc import Iterable

from dealer_assist.cards import Card, parse_card
from dealer_assist.tags import (
    DATA_LENGTH,
    DATA_PAGE,
    PAGE_SIZE,
    TagImage,
    TagWriteError,
    deck_position,
    encode_tag,
)
from dealer_assist.testing import ntag, pcscd
from dealer_assist.testing.ntag import VirtualNtag

KEY = bytes(range(32))
OTHER_KEY = bytes(range(100, 132))
DECK = 1001

wait_until = pcscd.wait_until
wait_reader_empty = pcscd.wait_reader_empty
wait_reader_present = pcscd.wait_reader_present
DEFAULT_READERS = pcscd.DEFAULT_READERS


def encoded_tag(
    card: str | Card,
    *,
    key: bytes = KEY,
    deck_serial: int = DECK,
    uid: bytes | None = None,
) -> VirtualNtag:
    """A virtual tag written by ``tags encode`` for ``card``."""
    card = parse_card(card) if isinstance(card, str) else card
    tag = VirtualNtag(uid)
    write_data(tag, encode_tag(tag.uid, card, deck_serial, deck_position(card), key))
    return tag


def write_data(tag: VirtualNtag, data: bytes) -> None:
    for index in range(0, len(data), PAGE_SIZE):
        tag.write(DATA_PAGE + index // PAGE_SIZE, data[index : index + PAGE_SIZE])


def tag_data(tag: VirtualNtag) -> bytes:
    return tag.read(DATA_PAGE, DATA_LENGTH)


# --- an operator that follows the prompts --------------------------------------------------


class PromptStream(io.TextIOBase):
    """An output stream that hands every complete line to a queue (and keeps them all)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.all: list[str] = []
        self._partial = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._partial += text
        while "\n" in self._partial:
            line, self._partial = self._partial.split("\n", 1)
            self.all.append(line)
            self.lines.put(line)
        return len(text)

    @property
    def text(self) -> str:
        return "\n".join(self.all)


class Operator:
    """Reads the prompts and does what they say with a list of tags, on its own thread.

    "Present ..." puts the next tag of ``tags`` on the reader (nothing when none are left);
    "Take ..." takes it away.
    """

    def __init__(
        self, reader: ntag.VirtualReader, stream: PromptStream, tags: Iterable[VirtualNtag]
    ) -> None:
        self.reader = reader
        self.stream = stream
        self.tags = deque(tags)
        self.presented: list[VirtualNtag] = []
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="operator", daemon=True)

    def __enter__(self) -> Operator:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stream.lines.put(None)
        self._thread.join(timeout=10)
        self.reader.remove()
        if self.error is not None:
            raise self.error

    def _run(self) -> None:
        try:
            while True:
                line = self.stream.lines.get(timeout=60)
                if line is None:
                    return
                if line.startswith("Present") and self.tags:
                    tag = self.tags.popleft()
                    self.presented.append(tag)
                    self.reader.present_tag(tag)
                elif line.startswith("Take"):
                    self.reader.remove()
        except BaseException as error:  # reported by __exit__
            self.error = error


# --- a station without pcscd, for the command logic --------------------------------------------


class FakeStation:
    """Tags handed over in a fixed order, with the NTAG memory rules of the virtual tag."""

    reader_name = "fake reader"

    def __init__(self, tags: Iterable[VirtualNtag]) -> None:
        self.queue = deque(tags)
        self.current: VirtualNtag | None = None
        self.presented: list[VirtualNtag] = []

    def next_tag(self, timeout: float | None = None) -> TagImage | None:
        if not self.queue:
            return None
        self.current = self.queue.popleft()
        self.presented.append(self.current)
        return TagImage(self.current.uid, tag_data(self.current))

    def wait_removed(self, timeout: float | None = None) -> bool:
        self.current = None
        return True

    def write_tag(self, uid: bytes, data: bytes, *, page: int = DATA_PAGE) -> TagImage:
        tag = self.current
        assert tag is not None and tag.uid == uid
        for index in range(0, len(data), PAGE_SIZE):
            try:
                tag.write(page + index // PAGE_SIZE, data[index : index + PAGE_SIZE])
            except ntag.TagWriteError as error:
                raise TagWriteError(str(error), uid=uid) from None
        return TagImage(uid, tag.read(page, len(data)))

    def lock_pages(self, uid: bytes, first: int, last: int) -> None:
        assert self.current is not None and self.current.uid == uid
        self.current.lock_pages(first, last)
