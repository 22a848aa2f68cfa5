"""SIGINT and SIGTERM as a request to stop, read where the command is ready to stop.

By default Python turns SIGINT into a ``KeyboardInterrupt`` raised wherever the main thread
happens to be. A table's main thread runs the controller and its hooks, which take locks other
threads share (the pit publisher's, paho-mqtt's). An exception that lands just after a lock is
taken and before the ``with`` that would release it is set up leaves the lock held for good
(CPython, bpo-29988): the command's clean-up then waits for it, and the process never exits.
A table closed at that moment would stop reporting to the pit and hang until killed. Under load
the moment is not rare: a thread that has just taken a lock may have to hand the interpreter to
another thread, and a signal that arrives while it waits to get it back is raised as soon as it
does, before the ``with`` is set up (seen once in CI: a table's main thread held the publisher's
lock; paho-mqtt's thread waited for it while holding its own, which the close then needed).

So the commands that run until stopped install :func:`stop_on_signals`: the handler only sets a
flag (plain assignments, safe at any point), and the command's loop reads it between two steps
and closes in order. The handler never takes a lock or puts into a queue: it runs on the main
thread, which may hold that very lock.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

POLL = 0.1  # seconds between two looks at the flag while a command waits with nothing to do


class StopRequest:
    """Set by SIGINT or SIGTERM; the command looks at :attr:`requested` between two steps."""

    def __init__(self) -> None:
        self.requested = False
        self.signal: int | None = None

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.signal = signum
        self.requested = True

    def wait(self, timeout: float | None) -> bool:
        """Wait until a stop is requested (True) or ``timeout`` seconds pass (False)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.requested:
            left = POLL if deadline is None else min(POLL, deadline - time.monotonic())
            if left <= 0:
                return False
            time.sleep(left)  # the handler runs during the sleep; the loop sees its flag after
        return True


@contextmanager
def stop_on_signals(
    signals: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGTERM),
) -> Iterator[StopRequest]:
    """Within the block, ``signals`` set the returned request instead of raising or ending the
    process; the previous handlers come back after it. Off the main thread (where Python
    cannot install handlers) the request is simply never set."""
    request = StopRequest()
    if threading.current_thread() is not threading.main_thread():
        yield request
        return
    previous = {number: signal.signal(number, request) for number in signals}
    try:
        yield request
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
