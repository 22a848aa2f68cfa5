"""The service manager's notify protocol (sd_notify) and a watchdog fed by the table's thread.

systemd gives a ``Type=notify`` service ``NOTIFY_SOCKET`` (a datagram socket: a path, or ``@``
for an abstract name) and, with ``WatchdogSec=``, ``WATCHDOG_USEC`` (and ``WATCHDOG_PID``). The
service sends newline-separated ``KEY=VALUE`` lines in one datagram: ``READY=1`` once, then
``WATCHDOG=1`` more often than every ``WATCHDOG_USEC``; when they stop, systemd kills the
service and restarts it (``Restart=``).

:class:`Watchdog` sends ``WATCHDOG=1`` only when a heartbeat it queued on the table's thread has
run since the last one: a table thread that hangs or has died stops the watchdog within one
interval, whatever the other threads (the screens, the sources) are doing.
"""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future


class Notifier:
    """Sends sd_notify messages to one socket."""

    def __init__(self, address: str) -> None:
        self.address = "\0" + address[1:] if address.startswith("@") else address

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> Notifier | None:
        address = environ.get("NOTIFY_SOCKET", "")
        return cls(address) if address else None

    def send(self, *lines: str) -> None:
        message = "\n".join(lines).encode("utf-8")
        # OSError: the service manager is gone (stopping the service): nothing to tell.
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock, contextlib.suppress(OSError):
            sock.sendto(message, self.address)


def watchdog_interval(environ: Mapping[str, str] = os.environ) -> float | None:
    """The watchdog's interval in seconds, when the service manager set one.

    ``WATCHDOG_PID`` is not checked: in the kiosk the service's main process is the compositor
    (cage) and the table runs as its child, which the unit allows with ``NotifyAccess=all``.
    """
    usec = environ.get("WATCHDOG_USEC", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    return int(usec) / 1_000_000


Heartbeat = Callable[[Callable[[], object]], "Future[None]"]


class Watchdog:
    """Every half interval (systemd's advice), ``WATCHDOG=1`` if the table's thread ran the last
    heartbeat (``call`` queues a function on it: :meth:`TableRuntime.call`)."""

    def __init__(self, *, notifier: Notifier, interval: float, call: Heartbeat) -> None:
        self._notifier = notifier
        self._period = interval / 2
        self._call = call
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="watchdog", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _loop(self) -> None:
        pending: Future[None] = self._call(_beat)
        while not self._stop.wait(self._period):
            if not pending.done():
                continue  # the table's thread has not come round to it: no WATCHDOG=1
            if pending.exception() is None:
                self._notifier.send("WATCHDOG=1")
            pending = self._call(_beat)

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)


def _beat() -> None:
    """Runs on the table's thread: that it ran at all is the heartbeat."""
