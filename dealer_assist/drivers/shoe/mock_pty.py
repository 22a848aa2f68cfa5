"""A pseudo-terminal for the mock shoe: a real serial port the driver opens like any other.

The device holds the master end; the host opens the slave (``/dev/pts/N``). Both ends are put
in raw mode at once, so nothing the device writes is echoed or line-edited before the host
configures the port. The device also keeps the slave open itself: otherwise the master reads
EIO whenever no host has the port open.

Unplugging closes both ends, which the host sees exactly as a USB shoe pulled out (EIO, then a
port that is gone); plugging in again makes a new pseudo-terminal. Its number changes, so a
stable name is offered: ``link``, a symbolic link re-pointed at each plug-in, as udev's
``/dev/serial/by-id/...`` names are for a real shoe.

Writes never block: bytes the host does not take in time are lost, as on a UART without flow
control.
"""

from __future__ import annotations

import errno
import logging
import os
import select
import threading
import tty
from pathlib import Path
from typing import Protocol

log = logging.getLogger(__name__)


class Receiver(Protocol):
    def receive(self, data: bytes) -> None: ...


class PtyLink:
    """The device end of a pseudo-terminal. ``open()`` it, ``attach`` a receiver, ``close()``."""

    def __init__(self, *, link: Path | None = None) -> None:
        self.link = link
        self._lock = threading.Lock()
        self._master: int | None = None
        self._slave: int | None = None
        self._pts: str | None = None
        self._receiver: Receiver | None = None
        self._wake_r, self._wake_w = os.pipe()
        self._closed = False
        self._thread: threading.Thread | None = None
        self.bytes_lost = 0

    @property
    def path(self) -> str:
        """What the host opens: the stable link if there is one, else the pty itself."""
        if self.link is not None:
            return str(self.link)
        if self._pts is None:
            raise RuntimeError("the pseudo-terminal is not open")
        return self._pts

    @property
    def pts(self) -> str | None:
        return self._pts

    def attach(self, receiver: Receiver) -> None:
        self._receiver = receiver

    def open(self) -> str:
        self._plug_in()
        self._thread = threading.Thread(target=self._read_loop, name="mock shoe pty", daemon=True)
        self._thread.start()
        return self.path

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self.unplug()
        os.write(self._wake_w, b"x")
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        os.close(self._wake_r)
        os.close(self._wake_w)

    # --- DeviceLink -------------------------------------------------------------------------

    def send(self, data: bytes) -> None:
        with self._lock:
            master = self._master
            if master is None:
                self.bytes_lost += len(data)
                return
            try:
                written = os.write(master, data)
            except OSError as error:
                if error.errno not in (errno.EAGAIN, errno.EIO):
                    log.debug("pty write failed: %s", error)
                written = 0
            self.bytes_lost += len(data) - written

    def unplug(self) -> None:
        with self._lock:
            master, slave = self._master, self._slave
            self._master = self._slave = None
            if self.link is not None:
                self.link.unlink(missing_ok=True)
            for fd in (master, slave):
                if fd is not None:
                    os.close(fd)
        os.write(self._wake_w, b"x")

    def replug(self) -> None:
        with self._lock:
            if self._closed or self._master is not None:
                return
        self._plug_in()
        os.write(self._wake_w, b"x")

    # --- inside -----------------------------------------------------------------------------

    def _plug_in(self) -> None:
        master, slave = os.openpty()
        tty.setraw(master)
        tty.setraw(slave)
        os.set_blocking(master, False)
        pts = os.ttyname(slave)
        with self._lock:
            self._master, self._slave, self._pts = master, slave, pts
            if self.link is not None:
                temporary = self.link.with_name(f".{self.link.name}.new")
                temporary.unlink(missing_ok=True)
                temporary.symlink_to(pts)
                os.replace(temporary, self.link)

    def _read_loop(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                master = self._master
            watched = [self._wake_r] if master is None else [self._wake_r, master]
            try:
                ready, _, _ = select.select(watched, [], [])
            except OSError:
                continue  # the master was closed between reading it and select: look again
            if self._wake_r in ready:
                os.read(self._wake_r, 4096)
                continue
            try:
                data = os.read(master, 4096) if master is not None else b""
            except OSError:
                continue  # closed under us by an unplug: the next pass sees it
            receiver = self._receiver
            if data and receiver is not None:
                receiver.receive(data)
