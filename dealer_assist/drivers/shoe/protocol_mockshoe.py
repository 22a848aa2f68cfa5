"""The ``mockshoe://NAME`` pyserial URL handler: a port wired to an in-process mock shoe.

``serial.serial_for_url("mockshoe://table7")`` returns a port connected to the
:class:`~dealer_assist.drivers.shoe.mock_device.MockShoeDevice` registered as ``table7`` with
:func:`plug_in`, so unit tests run the real serial driver against the simulated device without
a pseudo-terminal. pyserial finds this module because :mod:`dealer_assist.drivers.shoe.serial`
adds ``dealer_assist.drivers.shoe`` to ``serial.protocol_handler_packages``.

Like a USB shoe: while the device is unplugged, reads and writes fail and the port cannot be
opened; bytes the device sends while no port is open are lost.
"""

from __future__ import annotations

import threading
import time
from typing import Any
from urllib.parse import urlsplit

from serial.serialutil import (  # type: ignore[import-untyped]
    PortNotOpenError,
    SerialBase,
    SerialException,
)

from dealer_assist.drivers.shoe.mock_device import MockShoeDevice

_links: dict[str, HandlerLink] = {}
_registry_lock = threading.Lock()


class _Connection:
    __slots__ = ("broken", "buffer", "cancelled")

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.broken = False
        self.cancelled = False


class HandlerLink:
    """The device's end of the in-process port (a :class:`DeviceLink`)."""

    def __init__(self, device: MockShoeDevice) -> None:
        self.device = device
        self.cond = threading.Condition()
        self.plugged = True
        self.connection: _Connection | None = None

    def send(self, data: bytes) -> None:
        with self.cond:
            if self.connection is not None and self.plugged:
                self.connection.buffer += data
                self.cond.notify_all()

    def unplug(self) -> None:
        with self.cond:
            self.plugged = False
            if self.connection is not None:
                self.connection.broken = True
            self.connection = None
            self.cond.notify_all()

    def replug(self) -> None:
        with self.cond:
            self.plugged = True

    def connect(self) -> _Connection:
        with self.cond:
            if not self.plugged:
                raise SerialException("the mock shoe is unplugged")
            if self.connection is not None:
                self.connection.broken = True
            self.connection = _Connection()
            self.cond.notify_all()
            return self.connection

    def disconnect(self, connection: _Connection) -> None:
        with self.cond:
            if self.connection is connection:
                self.connection = None
            connection.broken = True
            self.cond.notify_all()


def plug_in(name: str, device: MockShoeDevice) -> HandlerLink:
    """Make ``device`` reachable as ``mockshoe://name``."""
    link = HandlerLink(device)
    device.attach(link)
    with _registry_lock:
        _links[name] = link
    return link


def forget(name: str) -> None:
    with _registry_lock:
        _links.pop(name, None)


class Serial(SerialBase):  # type: ignore[misc]
    """pyserial's port interface over a :class:`HandlerLink`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._link: HandlerLink | None = None
        self._connection: _Connection | None = None
        self.is_open: bool = False
        super().__init__(*args, **kwargs)

    def open(self) -> None:
        if self.is_open:
            raise SerialException("Port is already open.")
        parts = urlsplit(self.portstr)
        if parts.scheme != "mockshoe":
            raise SerialException(f"expected mockshoe://NAME, not {self.portstr!r}")
        name = parts.netloc or parts.path.lstrip("/")
        with _registry_lock:
            link = _links.get(name)
        if link is None:
            raise SerialException(f"no mock shoe called {name!r} is plugged in")
        self._link = link
        self._connection = link.connect()
        self.is_open = True

    def close(self) -> None:
        if self._link is not None and self._connection is not None:
            self._link.disconnect(self._connection)
        self._connection = None
        self.is_open = False

    def _reconfigure_port(self, force_update: bool = False) -> None:
        """Baud rate and framing mean nothing here."""

    def _usable(self) -> tuple[HandlerLink, _Connection]:
        if not self.is_open or self._link is None or self._connection is None:
            raise PortNotOpenError()
        if self._connection.broken:
            raise SerialException("the mock shoe was unplugged")
        return self._link, self._connection

    @property
    def in_waiting(self) -> int:
        link, connection = self._usable()
        with link.cond:
            return len(connection.buffer)

    def read(self, size: int = 1) -> bytes:
        link, connection = self._usable()
        deadline = None if self._timeout is None else time.monotonic() + self._timeout
        with link.cond:
            while not connection.buffer and not connection.broken and not connection.cancelled:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    break
                link.cond.wait(left)
            connection.cancelled = False
            if connection.broken:
                raise SerialException("the mock shoe was unplugged")
            data = bytes(connection.buffer[:size])
            del connection.buffer[:size]
            return data

    def write(self, data: bytes) -> int:
        link, _ = self._usable()
        payload = bytes(data)
        link.device.receive(payload)
        return len(payload)

    def cancel_read(self) -> None:
        if self._link is not None and self._connection is not None:
            with self._link.cond:
                self._connection.cancelled = True
                self._link.cond.notify_all()

    def reset_input_buffer(self) -> None:
        link, connection = self._usable()
        with link.cond:
            connection.buffer.clear()

    def reset_output_buffer(self) -> None:
        """Nothing is buffered on the way out."""

    @property
    def out_waiting(self) -> int:
        return 0
