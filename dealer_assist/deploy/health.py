"""The table PC's health: a synchronised clock, room on the journal's disk, watchdog restarts.

Each check returns the problems it found as ``(problem, detail)``; the problem names are the
table's alert codes (``HEALTH_PROBLEMS`` in table/controller.py), raised and journaled by the
table (:class:`~dealer_assist.table.commands.ReportHealth`).

* **Clock**: the kernel's own flag, what ``timedatectl`` shows as "System clock synchronized"
  and chrony or systemd-timesyncd set: ``adjtimex`` answers ``TIME_ERROR`` while unsynchronised.
* **Disk**: the journal's file system has less than ``min_free_fraction`` (10 %) or
  ``min_free_bytes`` (1 GiB) free.
* **Watchdog restart**: the table unit's ``ExecStopPost=`` leaves ``watchdog-restart`` in the
  state folder when systemd stopped the table for its watchdog (``SERVICE_RESULT=watchdog``);
  the restarted table reports it once and removes it.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

TIME_ERROR = 5
WATCHDOG_MARKER = "watchdog-restart"

Problem = tuple[str, str]


def kernel_clock_synchronised() -> bool | None:
    """True when the kernel says the clock is synchronised, False when not, None if unknown."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    libc = ctypes.CDLL(name, use_errno=True)
    timex = ctypes.create_string_buffer(512)  # struct timex, modes = 0: read only
    state = libc.adjtimex(timex)
    if state < 0:
        return None
    return bool(state != TIME_ERROR)


@dataclass(frozen=True, slots=True, kw_only=True)
class DiskUsage:
    total: int
    free: int


def disk_usage(path: Path) -> DiskUsage:
    usage = shutil.disk_usage(path)
    return DiskUsage(total=usage.total, free=usage.free)


class HealthMonitor:
    """The checks, with what they read injected (tests give their own)."""

    def __init__(
        self,
        *,
        journal_dir: Path | None,
        state_dir: Path | None,
        clock_synchronised: Callable[[], bool | None] = kernel_clock_synchronised,
        usage: Callable[[Path], DiskUsage] = disk_usage,
        min_free_fraction: float = 0.10,
        min_free_bytes: int = 1 << 30,
    ) -> None:
        self.journal_dir = journal_dir
        self.state_dir = state_dir
        self._clock_synchronised = clock_synchronised
        self._usage = usage
        self.min_free_fraction = min_free_fraction
        self.min_free_bytes = min_free_bytes

    def check(self) -> list[Problem]:
        problems: list[Problem] = []
        if self._clock_synchronised() is False:
            problems.append(
                (
                    "clock_unsynchronised",
                    "the system clock is not synchronised (NTP): check chrony or "
                    "systemd-timesyncd and the network to the time server",
                )
            )
        if self.journal_dir is not None:
            usage = self._usage(self.journal_dir)
            if (
                usage.free < self.min_free_bytes
                or usage.free < usage.total * self.min_free_fraction
            ):
                problems.append(
                    (
                        "journal_disk_full",
                        f"the journal's disk ({self.journal_dir}) has "
                        f"{usage.free // (1 << 20)} MiB free of {usage.total // (1 << 20)} MiB: "
                        "archive old journals "
                        "(dealer-assist-archive) or add space",
                    )
                )
        return problems

    def restarted_by_watchdog(self) -> list[Problem]:
        """Once after a watchdog restart: the marker the unit left, then removed."""
        if self.state_dir is None:
            return []
        marker = self.state_dir / WATCHDOG_MARKER
        try:
            when = marker.read_text(encoding="utf-8").strip()
        except OSError:
            return []
        marker.unlink(missing_ok=True)
        return [
            (
                "watchdog_restart",
                f"the table stopped answering and the service manager restarted it ({when})",
            )
        ]
