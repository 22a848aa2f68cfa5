"""The one seam between the table and Qt: snapshots in as signals, commands out as futures.

The controller publishes snapshots on the table's thread; :class:`TableAdapter` hands them to
the GUI thread through a queued signal, keeping only the newest when the screen falls behind
(a fast shoe never builds a queue of stale frames). Commands go to the table through the
runtime's ``submit`` and their outcome comes back as a signal on the GUI thread, so no widget
ever waits for the table.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future

from PySide6.QtCore import QObject, Signal

from dealer_assist.table.commands import Command, CommandRejected
from dealer_assist.table.controller import TableController
from dealer_assist.table.runtime import TableRuntime
from dealer_assist.table.snapshot import Snapshot

Submit = Callable[[Command], "Future[None]"]


def direct_submit(controller: TableController) -> Submit:
    """Run commands at once on the calling thread (tests, screenshots: one thread in all)."""

    def submit(command: Command) -> Future[None]:
        future: Future[None] = Future()
        try:
            controller.execute(command)
        except Exception as error:
            future.set_exception(error)
        else:
            future.set_result(None)
        return future

    return submit


class TableAdapter(QObject):
    """Snapshots and command results as Qt signals, always delivered on the GUI thread."""

    snapshotChanged = Signal(object)  # Snapshot
    commandAccepted = Signal(object)  # the command
    commandRejected = Signal(object, str, str)  # the command, code, message
    _arrived = Signal()
    _finished = Signal(object, object)

    def __init__(self, submit: Submit, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._submit = submit
        self._lock = threading.Lock()
        self._pending: Snapshot | None = None
        self._latest: Snapshot | None = None
        self._delivering = False
        self.delivered = 0
        # Auto connections: queued when emitted from the table's thread, direct on this one.
        self._arrived.connect(self._deliver)
        self._finished.connect(self._on_finished)

    @classmethod
    def for_runtime(cls, runtime: TableRuntime, parent: QObject | None = None) -> TableAdapter:
        """Listen to a runtime's controller; call before ``runtime.start()``."""
        adapter = cls(runtime.submit, parent)
        runtime.controller.on_snapshot(adapter.on_snapshot)
        return adapter

    @classmethod
    def for_controller(
        cls, controller: TableController, parent: QObject | None = None
    ) -> TableAdapter:
        """Drive a controller on the GUI thread itself (tests, screenshots)."""
        adapter = cls(direct_submit(controller), parent)
        controller.on_snapshot(adapter.on_snapshot)
        return adapter

    @property
    def snapshot(self) -> Snapshot | None:
        """The last snapshot delivered to the screens."""
        return self._latest

    # --- snapshots: any thread in, GUI thread out ----------------------------------------------

    def on_snapshot(self, snapshot: Snapshot) -> None:
        """The controller's listener; runs on the table's thread."""
        with self._lock:
            signal_needed = self._pending is None
            self._pending = snapshot
        if signal_needed:
            self._arrived.emit()

    def _deliver(self) -> None:
        if self._delivering:
            return  # a slot caused a newer snapshot; the loop below delivers it next
        self._delivering = True
        try:
            while True:
                with self._lock:
                    snapshot, self._pending = self._pending, None
                if snapshot is None:
                    return
                self._latest = snapshot
                self.delivered += 1
                self.snapshotChanged.emit(snapshot)
        finally:
            self._delivering = False

    # --- commands --------------------------------------------------------------------------

    def submit(self, command: Command) -> Future[None]:
        """Send a command; its result arrives as ``commandAccepted`` or ``commandRejected``."""
        future = self._submit(command)
        future.add_done_callback(lambda done: self._finished.emit(command, done.exception()))
        return future

    def _on_finished(self, command: Command, error: BaseException | None) -> None:
        if error is None:
            self.commandAccepted.emit(command)
        elif isinstance(error, CommandRejected):
            self.commandRejected.emit(command, error.code, error.message)
        else:
            self.commandRejected.emit(command, "error", str(error))
