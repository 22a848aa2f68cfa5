"""Real Mosquitto brokers on free loopback ports, and real MQTT clients reading them."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from dealer_assist.pit.broker import Broker

REPO = Path(__file__).resolve().parents[2]

# No skip when Mosquitto is missing: `make test` installs it (scripts/system-packages.txt), and
# a test that needs the broker fails with the broker's own INSTALL_HINT.


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    with Broker.start(tmp_path / "broker") as running:
        yield running


def python_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONUNBUFFERED"] = "1"
    return env


def dealer_assist(args: Sequence[str], **options: Any) -> subprocess.Popen[str]:
    """``dealer-assist ARGS`` as a real process (the same Python, this checkout)."""
    return subprocess.Popen(
        [sys.executable, "-m", "dealer_assist.cli", *args],
        env=python_env(),
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        **options,
    )


class Lines:
    """A process's standard output, line by line, waited on with deadlines (no sleeping)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait(self, predicate: Callable[[str], bool], *, timeout: float) -> str:
        """The next line for which ``predicate`` holds (lines before it are kept)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such line within {timeout} s; last: {self.lines[-3:]}")
            try:
                line = self._queue.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"the process ended; last lines: {self.lines[-3:]}")
            self.lines.append(line)
            if predicate(line):
                return line


def end(process: subprocess.Popen[str]) -> None:
    """Kill a child process (if it still runs) and close its pipes."""
    if process.poll() is None:
        process.kill()
    process.wait(timeout=10)
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()


def mosquitto_sub(broker: Broker, *args: str) -> tuple[subprocess.Popen[str], Lines]:
    """The real ``mosquitto_sub -v -t 'dealer-assist/v1/#'`` on the broker, once subscribed."""
    process = subprocess.Popen(
        ["mosquitto_sub", "-h", "127.0.0.1", "-p", str(broker.port), "-v", "-q", "1", *args],
        text=True,
        stdout=subprocess.PIPE,
    )
    return process, Lines(process)


def topic_json(line: str) -> tuple[str, dict[str, Any]]:
    name, _, payload = line.partition(" ")
    data: dict[str, Any] = json.loads(payload)
    return name, data


#: A natural, then a card nobody called: the table sets it aside with a warning (an alert that
#: the pit may acknowledge).
STRAY_CARD_AFTER_A_NATURAL = ("AS", "KS", "KH", "2C", "3D", "4H", "5S", "6C")


class AlertWatch:
    """A pit model's ``emit``: ``alert`` is set once a table's summary shows an open alert,
    ``resolved`` once an ``alert_resolved`` event arrives."""

    def __init__(self) -> None:
        self.alert = threading.Event()
        self.resolved = threading.Event()

    def __call__(self, data: dict[str, Any]) -> None:
        if data["kind"] == "summary" and data.get("alerts"):
            self.alert.set()
        if data["kind"] == "event" and data["type"] == "alert_resolved":
            self.resolved.set()
