"""The service manager's end of sd_notify, for the tests: a datagram socket that collects what a
``Type=notify`` service sends to ``NOTIFY_SOCKET`` (one datagram of KEY=VALUE lines a message),
with the sender's process id, as systemd reads it (``SO_PASSCRED``)."""

from __future__ import annotations

import socket
import struct
import time
from pathlib import Path


class NotifySocket:
    """Collects (arrival time, lines) of every datagram, and the process that sent the last."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_PASSCRED, 1)
        self.sock.bind(str(path))
        path.chmod(0o666)  # a service may run as another user
        self.messages: list[tuple[float, list[str]]] = []
        self.sender: int | None = None

    def receive(self, timeout: float) -> list[str] | None:
        self.sock.settimeout(max(timeout, 0.001))
        try:
            data, ancillary, _, _ = self.sock.recvmsg(4096, socket.CMSG_SPACE(12))
        except TimeoutError:
            return None
        for level, kind, payload in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_CREDENTIALS:
                self.sender = struct.unpack("3i", payload[:12])[0]  # pid, uid, gid
        lines = data.decode().split("\n")
        self.messages.append((time.monotonic(), lines))
        return lines

    def wait_for(self, line: str, timeout: float = 10) -> float:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            lines = self.receive(deadline - time.monotonic())
            if lines is not None and line in lines:
                return self.messages[-1][0]
        raise AssertionError(f"no {line} within {timeout} s: {self.messages}")

    def close(self) -> None:
        self.sock.close()
