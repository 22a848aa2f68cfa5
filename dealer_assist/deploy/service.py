"""What runs beside an installed table: the program check, the health checks, the watchdog.

:func:`attach` is called with the table's runtime before it starts. Each part switches itself on
from the environment the installation gives (deploy/systemd/dealer-assist-table.service):

* the program check when the release's public key is there (``DEALER_ASSIST_RELEASE_KEY``,
  default ``/etc/dealer-assist/release.pub``): at start, before the first card, then every hour;
* the watchdog and ``READY=1`` when the service manager gave a ``NOTIFY_SOCKET``;
* the health checks (every minute) under the service manager too.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from dealer_assist.deploy.health import HealthMonitor
from dealer_assist.deploy.program import (
    DEFAULT_PREFIX,
    DEFAULT_PUBLIC_KEY,
    verify_installation,
)
from dealer_assist.deploy.watchdog import Notifier, Watchdog, watchdog_interval
from dealer_assist.errors import DealerAssistError
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import ProgramCheck, TableController

VERIFY_EVERY = 3600.0
HEALTH_EVERY = 60.0


class Runtime(Protocol):
    controller: TableController

    def submit(self, command: cmd.Command) -> Future[None]: ...

    def call(self, function: Callable[[], object]) -> Future[None]: ...


def installation_check(prefix: Path, public_key: Path) -> ProgramCheck:
    def check() -> tuple[bool, str]:
        try:
            result = verify_installation(prefix, public_key=public_key)
        except DealerAssistError as error:
            return False, str(error)
        return result.ok, result.summary()

    return check


@dataclass(frozen=True, slots=True, kw_only=True)
class ServiceSettings:
    prefix: Path
    public_key: Path
    notify: Notifier | None
    watchdog: float | None
    state_dir: Path | None
    journal_dir: Path | None

    @classmethod
    def from_environment(
        cls, environ: Mapping[str, str], *, journal: Path | None
    ) -> ServiceSettings:
        state = environ.get("STATE_DIRECTORY", "").split(":")[0]
        return cls(
            prefix=Path(environ.get("DEALER_ASSIST_PREFIX", str(DEFAULT_PREFIX))),
            public_key=Path(environ.get("DEALER_ASSIST_RELEASE_KEY", str(DEFAULT_PUBLIC_KEY))),
            notify=Notifier.from_environment(environ),
            watchdog=watchdog_interval(environ),
            state_dir=Path(state) if state else None,
            journal_dir=journal.parent if journal is not None else None,
        )


class TableService:
    """The periodic checks and the watchdog of one table; :meth:`close` stops them."""

    def __init__(
        self,
        runtime: Runtime,
        settings: ServiceSettings,
        *,
        health: HealthMonitor | None = None,
        verify_every: float = VERIFY_EVERY,
        health_every: float = HEALTH_EVERY,
    ) -> None:
        self._runtime = runtime
        self._settings = settings
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._watchdog: Watchdog | None = None
        self.verifying = settings.public_key.exists()
        if self.verifying:
            runtime.controller.check_program_with(
                installation_check(settings.prefix, settings.public_key)
            )
            runtime.submit(cmd.VerifyProgram())  # queued before any card
            self._every(verify_every, lambda: runtime.submit(cmd.VerifyProgram()), "verify")
        if settings.notify is not None:
            monitor = health or HealthMonitor(
                journal_dir=settings.journal_dir, state_dir=settings.state_dir
            )
            for problem, detail in monitor.restarted_by_watchdog():
                runtime.submit(cmd.ReportHealth(problem=problem, detail=detail))
            self._every(health_every, lambda: self._report(monitor), "health", now=True)
            if settings.watchdog is not None:
                self._watchdog = Watchdog(
                    notifier=settings.notify, interval=settings.watchdog, call=runtime.call
                )

    def _report(self, monitor: HealthMonitor) -> None:
        for problem, detail in monitor.check():
            self._runtime.submit(cmd.ReportHealth(problem=problem, detail=detail))

    def _every(
        self, seconds: float, action: Callable[[], object], name: str, *, now: bool = False
    ) -> None:
        def loop() -> None:
            if now:
                action()
            while not self._stop.wait(seconds):
                action()

        self._threads.append(threading.Thread(target=loop, name=name, daemon=True))

    def start(self) -> None:
        """Once the table's thread runs: the timers, the watchdog, and ``READY=1``."""
        for thread in self._threads:
            thread.start()
        if self._watchdog is not None:
            self._watchdog.start()
        if self._settings.notify is not None:
            self._settings.notify.send("READY=1", "STATUS=table open")

    def close(self) -> None:
        self._stop.set()
        if self._watchdog is not None:
            self._watchdog.close()
        for thread in self._threads:
            if thread.is_alive():
                thread.join(timeout=5)


def attach(runtime: Runtime, *, journal: Path | None) -> TableService:
    """The service parts for a table about to start, as the environment sets them."""
    return TableService(runtime, ServiceSettings.from_environment(os.environ, journal=journal))
