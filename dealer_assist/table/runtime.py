"""Threads and queues around the controller: sources in, commands in, one thread applies them.

Sources emit from their own threads into one queue; commands from a screen or the terminal go
into the same queue with a future for their answer. One thread (the caller of :meth:`run_until`
or the thread :meth:`start` creates) takes items off the queue and hands them to the controller,
so the controller is never entered from two threads.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from pathlib import Path

from dealer_assist.config import TableConfig
from dealer_assist.drivers.base import CardSource, Indicator, SourceEvent, SourceUrl
from dealer_assist.drivers.mock import MockShoe
from dealer_assist.drivers.registry import open_source, source_class
from dealer_assist.table.commands import Command
from dealer_assist.table.controller import TableController

_STOP = object()
POLL = 0.1  # seconds: run_until asks done() again when nothing arrived for this long


def build_source(url: str, config: TableConfig) -> CardSource:
    """Open a source; a mock shoe takes the table's decks and cut card unless its URL says; a
    camera without ``layout=`` takes the configuration's ``[camera]`` section, and under squeeze
    (cards dealt face down show no index) does not report card shapes it cannot read."""
    parsed = SourceUrl.parse(url)
    if parsed.scheme == "camera":
        return _build_camera(parsed, config)
    if issubclass(source_class(parsed.scheme, url=url), MockShoe) and parsed.scheme == "mock":
        source = MockShoe.from_url(parsed)
        _check_decks(parsed, source.decks, config)
        if "decks" not in parsed.options:
            source.decks = config.shoe.decks
        if "cut" not in parsed.options:
            source.cut_card_from_end = config.shoe.cut_card_from_end
        return source
    opened = open_source(url)
    if parsed.scheme == "mockshoe":
        _check_decks(parsed, int(parsed.options.get("decks") or 0), config)
    return opened


def _check_decks(parsed: SourceUrl, decks: int, config: TableConfig) -> None:
    """A simulated shoe that names its decks must hold the table's: a table counting 8 decks
    would take the cards of a bigger shoe for duplicates, and never see a smaller one end."""
    if "decks" in parsed.options and parsed.options["decks"] and decks != config.shoe.decks:
        raise parsed.fail(
            f"decks={decks} disagrees with the table's shoe of {config.shoe.decks} decks "
            f"(shoe.decks in {config.source_file}): drop decks= from the URL to deal the "
            "table's shoe, or change the table's",
            option="decks",
        )


def _build_camera(parsed: SourceUrl, config: TableConfig) -> CardSource:
    from dealer_assist.drivers.camera import CameraSource  # OpenCV: only when a camera is used

    source = source_class(parsed.scheme).from_url(parsed)
    if not isinstance(source, CameraSource):
        return source  # a camera:// driver of the casino's own
    if "layout" not in parsed.options and config.camera is not None:
        source.use_layout_document(config.camera.as_document(), source=config.source_file)
    if config.camera is not None and config.camera.deck is not None:
        source.use_deck(Path(config.camera.deck))
    if config.squeeze and "unread" not in parsed.options:
        source.unread.after_s = 0.0
    return source


def _device_data(recorded: Sequence[str]) -> list[bytes]:
    data = []
    for raw in recorded:
        try:
            data.append(bytes.fromhex(raw))
        except ValueError:
            continue  # not a device's bytes: nothing to resume from
    return data


class TableRuntime:
    """Runs one controller with its sources."""

    def __init__(self, controller: TableController, sources: Sequence[CardSource]) -> None:
        self.controller = controller
        self.sources = list(sources)
        self._queue: queue.Queue[object] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._started = False
        self._idle_hooks: list[Callable[[], None]] = []
        controller.on_indicator(self._indicate)

    def _indicate(self, indicator: Indicator) -> None:
        for source in self.sources:
            source.indicate(indicator)

    # --- feeding ---------------------------------------------------------------------------

    def post_event(self, event: SourceEvent) -> None:
        self._queue.put(event)

    def submit(self, command: Command) -> Future[None]:
        """Queue a command; the future raises :class:`CommandRejected` if the table refuses."""
        future: Future[None] = Future()
        self._queue.put((command, future))
        return future

    def call(self, function: Callable[[], object]) -> Future[None]:
        """Run ``function`` on the table's thread between two inputs, in the order of the queue
        (a screen's sign-in, to be journaled before the command it allows)."""
        future: Future[None] = Future()
        self._queue.put((function, future))
        return future

    # --- running ---------------------------------------------------------------------------

    def open(self) -> None:
        """Start the sources and show them the current indicator."""
        if self._started:
            return
        self._started = True
        self.controller.begin()
        recorded = self.controller.state.device_data
        for source in self.sources:
            source.resume(_device_data(recorded.get(source.name, ())))
            source.start(self.post_event)
        self._indicate(self.controller.indicator)

    def _handle(self, item: object) -> None:
        if isinstance(item, tuple):
            command, future = item
            if not future.set_running_or_notify_cancel():
                return
            try:
                if callable(command):
                    command()
                else:
                    self.controller.execute(command)
            except Exception as error:
                future.set_exception(error)
            else:
                future.set_result(None)
        else:
            self.controller.on_source_event(item)  # type: ignore[arg-type]

    def run_until(self, done: Callable[[], bool], *, timeout: float | None = None) -> bool:
        """Process items in this thread until ``done()``; False if ``timeout`` ran out first.

        ``done()`` is checked before the first item, after each one, and every :data:`POLL`
        seconds while none arrives (a stop flag a signal handler sets on this thread is seen
        there: dealer_assist/cli/stopping.py), never in the middle of an item. Beyond such a
        flag it must depend on what this thread changes (the controller's state), not on
        another thread's (a device's), which may change after the last item and never be seen.
        """
        self.open()
        deadline = None if timeout is None else time.monotonic() + timeout
        while not done():
            wait = POLL
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                wait = min(wait, left)
            try:
                item = self._queue.get(timeout=wait)
            except queue.Empty:
                continue
            if item is _STOP:
                return done()
            self._handle(item)
        return True

    def start(self) -> None:
        """Process items on a thread of its own (the screens use this)."""
        self.open()
        self._thread = threading.Thread(target=self._loop, name="table", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                return
            self._handle(item)

    def close(self) -> None:
        for source in self.sources:
            source.stop()
        self._queue.put(_STOP)
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> TableRuntime:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
