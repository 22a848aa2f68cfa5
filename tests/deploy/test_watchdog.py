"""The watchdog: WATCHDOG=1 to a notify socket only while the table's thread answers.

The service manager is a test double: a datagram socket speaking sd_notify's protocol (one
datagram of KEY=VALUE lines per message), given to the table as systemd gives it.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))

from helpers import make_config

from dealer_assist.deploy.health import WATCHDOG_MARKER, DiskUsage, HealthMonitor
from dealer_assist.deploy.service import ServiceSettings, TableService
from dealer_assist.table.controller import TableController
from dealer_assist.table.runtime import TableRuntime
from tests.deploy.notify_double import NotifySocket

INTERVAL = 0.4  # WATCHDOG_USEC=400000


@pytest.fixture()
def manager(tmp_path: Path) -> Iterator[NotifySocket]:
    double = NotifySocket(tmp_path / "notify")
    yield double
    double.close()


def start_table(manager: NotifySocket, tmp_path: Path) -> tuple[TableRuntime, TableService]:
    environ = {
        "NOTIFY_SOCKET": str(manager.path),
        "WATCHDOG_USEC": str(int(INTERVAL * 1_000_000)),
        "DEALER_ASSIST_RELEASE_KEY": str(tmp_path / "no-key"),  # no program check here
    }
    runtime = TableRuntime(TableController(make_config()), [])
    settings = ServiceSettings.from_environment(environ, journal=None)
    quiet = HealthMonitor(journal_dir=None, state_dir=None, clock_synchronised=lambda: True)
    service = TableService(runtime, settings, health=quiet)
    runtime.start()
    service.start()
    return runtime, service


def test_the_watchdog_stops_within_the_interval_when_the_table_thread_hangs(
    manager: NotifySocket, tmp_path: Path
) -> None:
    runtime, service = start_table(manager, tmp_path)
    release = threading.Event()
    try:
        manager.wait_for("READY=1")
        for _ in range(3):
            manager.wait_for("WATCHDOG=1")
        entered = threading.Event()

        def hang() -> None:
            entered.set()
            release.wait()

        runtime.call(hang)  # the controller's thread is stuck from here
        assert entered.wait(10)
        hung_at = time.monotonic()
        # Listen for three intervals: WATCHDOG=1 may come once more (a heartbeat that ran just
        # before the hang), never later than one interval after it began.
        while (lines := manager.receive(3 * INTERVAL)) is not None:
            assert "WATCHDOG=1" not in lines or manager.messages[-1][0] - hung_at < INTERVAL, (
                f"WATCHDOG=1 {manager.messages[-1][0] - hung_at:.3f} s into the hang"
            )
        last_beat = max(at for at, lines in manager.messages if "WATCHDOG=1" in lines)
        assert last_beat - hung_at < INTERVAL
        # The thread answers again: so does the watchdog.
        release.set()
        manager.wait_for("WATCHDOG=1")
    finally:
        release.set()
        service.close()
        runtime.close()


def test_health_problems_are_found_once_each(tmp_path: Path) -> None:
    (tmp_path / WATCHDOG_MARKER).write_text("2026-12-02T15:00:00Z\n")
    monitor = HealthMonitor(
        journal_dir=tmp_path,
        state_dir=tmp_path,
        clock_synchronised=lambda: False,
        usage=lambda path: DiskUsage(total=100 << 30, free=5 << 30),
    )
    assert [problem for problem, _ in monitor.check()] == [
        "clock_unsynchronised",
        "journal_disk_full",
    ]
    assert [p for p, _ in monitor.restarted_by_watchdog()] == ["watchdog_restart"]
    assert monitor.restarted_by_watchdog() == []  # reported once
    healthy = HealthMonitor(
        journal_dir=tmp_path,
        state_dir=tmp_path,
        clock_synchronised=lambda: True,
        usage=lambda path: DiskUsage(total=100 << 30, free=50 << 30),
    )
    assert healthy.check() == []


def test_health_alerts_are_raised_and_journaled(manager: NotifySocket, tmp_path: Path) -> None:
    from dealer_assist.table.events import AlertRaised

    (tmp_path / WATCHDOG_MARKER).write_text("2026-12-02T15:00:00Z\n")
    runtime = TableRuntime(TableController(make_config()), [])
    records: list[object] = []
    runtime.controller.on_record(lambda record: records.append(record.event))
    environ = {
        "NOTIFY_SOCKET": str(manager.path),
        "STATE_DIRECTORY": str(tmp_path),
        "DEALER_ASSIST_RELEASE_KEY": str(tmp_path / "no-key"),
    }
    monitor = HealthMonitor(
        journal_dir=tmp_path,
        state_dir=tmp_path,
        clock_synchronised=lambda: False,
        usage=lambda path: DiskUsage(total=100 << 30, free=1 << 20),
    )
    service = TableService(
        runtime,
        ServiceSettings.from_environment(environ, journal=None),
        health=monitor,
        health_every=0.05,
    )
    runtime.start()
    service.start()
    try:
        manager.wait_for("READY=1")
        deadline = time.monotonic() + 10
        codes: set[str] = set()
        while time.monotonic() < deadline and len(codes) < 3:
            codes = {e.code for e in list(records) if isinstance(e, AlertRaised)}
            manager.receive(0.05)
        assert codes == {"watchdog_restart", "clock_unsynchronised", "journal_disk_full"}
        # Checked again and again, raised once each while open.
        assert runtime.call(lambda: None).result(10) is None
        raised = [e.code for e in list(records) if isinstance(e, AlertRaised)]
        assert sorted(raised) == sorted(codes)
    finally:
        service.close()
        runtime.close()
