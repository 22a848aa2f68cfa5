"""``[journal]``: the tamper-evident record, its key, rotation, retention, PINs and clock watch
(docs/journal.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealer_assist.config.reader import Section

MIB = 1024 * 1024
ROTATIONS = ("shoe", "day", "none")
KEYS = (
    "path",
    "key",
    "rotate",
    "max_file_mb",
    "retention_days",
    "archive_dir",
    "pin_file",
    "pin_attempts",
    "lockout_minutes",
    "clock_step_seconds",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class JournalSettings:
    """The journal's rotation, retention, PIN file and clock watch (docs/journal.md)."""

    rotate: str = "shoe"  # a new file for each "shoe", each UTC "day", or "none"
    max_file_bytes: int = 64 * MIB  # a file this big is closed at once, mid-shoe
    retention_days: int = 90  # closed files younger than this are never removed
    archive_dir: Path | None = None  # closed files; None: "archive" beside the journal
    pin_file: Path | None = None  # None: the journal's path with ".pins" added
    pin_attempts: int = 5  # wrong PINs in a row before the role is locked out
    lockout_minutes: int = 15
    clock_step_seconds: int = 60  # a forward jump larger than this is a clock step


@dataclass(frozen=True, slots=True, kw_only=True)
class JournalSection:
    """What ``[journal]`` says: the file, its key and its settings."""

    path: Path | None
    key: str
    settings: JournalSettings


def read_journal(document: Mapping[str, Any], base: Path, source: str) -> JournalSection:
    section = Section.of(document, "journal", source)
    section.check_keys(KEYS)
    defaults = JournalSettings()
    path = None if section.raw("path") == "" else section.path("path")  # "": no journal
    key = section.raw("key", "")
    if not isinstance(key, str) or len(key) > 1024 or "\x00" in key:
        raise section.fail("key", "must be text (a hex key or a passphrase)")
    archive_dir, pin_file = section.path("archive_dir"), section.path("pin_file")
    settings = JournalSettings(
        rotate=section.choice("rotate", defaults.rotate, ROTATIONS),
        max_file_bytes=MIB
        * section.whole(
            "max_file_mb", defaults.max_file_bytes // MIB, low=1, high=4096, unit=" MiB"
        ),
        retention_days=section.whole(
            "retention_days", defaults.retention_days, low=90, high=36_500, unit=" days"
        ),
        archive_dir=base / archive_dir if archive_dir else None,
        pin_file=base / pin_file if pin_file else None,
        pin_attempts=section.whole("pin_attempts", defaults.pin_attempts, low=1, high=100),
        lockout_minutes=section.whole(
            "lockout_minutes", defaults.lockout_minutes, low=1, high=7 * 24 * 60, unit=" minutes"
        ),
        clock_step_seconds=section.whole(
            "clock_step_seconds", defaults.clock_step_seconds, low=1, high=86_400, unit=" seconds"
        ),
    )
    return JournalSection(path=base / path if path else None, key=key, settings=settings)
