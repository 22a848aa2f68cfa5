"""``[journal]``: the tamper-evident record, its key, rotation, retention, PINs and clock watch
(docs/journal.md)."""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dealer_assist.config.reader import Section
from dealer_assist.errors import ConfigError

MIB = 1024 * 1024
MAX_KEY = 1024  # characters of a key, inline or in its file
ROTATIONS = ("shoe", "day", "none")
KEYS = (
    "path",
    "key",
    "key_file",
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
    key_file: Path | None = None  # where the key came from, when not written inline


def read_journal(document: Mapping[str, Any], base: Path, source: str) -> JournalSection:
    section = Section.of(document, "journal", source)
    section.check_keys(KEYS)
    defaults = JournalSettings()
    path = None if section.raw("path") == "" else section.path("path")  # "": no journal
    key = section.raw("key", "")
    if not isinstance(key, str) or len(key) > MAX_KEY or "\x00" in key:
        raise section.fail("key", "must be text (a hex key or a passphrase)")
    key_path = section.path("key_file")
    key_file = base / key_path if key_path else None
    if key_file is not None:
        if key:
            raise section.fail("key_file", "give the key inline (key) or in a file, not both")
        key = read_key_file(key_file, source=source, where=section.where("key_file"))
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
    return JournalSection(
        path=base / path if path else None, key=key, settings=settings, key_file=key_file
    )


def read_key_file(path: Path, *, source: str, where: str) -> str:
    """The journal key in ``path``: its first line, without the line's end.

    The file exists only to hold the key, so unlike a configuration file that holds one (which
    is read with a warning), a key file the group or others may read is refused: the table does
    not start on a key that may have leaked. deploy/install.sh places it with mode 0600.
    """

    def refuse(problem: str) -> ConfigError:
        return ConfigError(source, where, f"{path}: {problem}")

    try:
        with path.open("rb") as file:
            info = os.fstat(file.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise refuse("not a regular file: give the journal key's file")
            data = file.read(MAX_KEY + 2)
    except OSError as error:
        raise refuse(
            f"cannot read the journal key ({error.strerror}): place it there, readable by the "
            "table's user only (deploy/install.sh --journal-key FILE)"
        ) from None
    mode = stat.S_IMODE(info.st_mode)
    if os.name == "posix" and mode & 0o077:
        raise refuse(
            f"the group or others may read the journal key (mode {mode:04o}): run chmod 600 {path}"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise refuse("not text: the journal key is a hex key or a passphrase") from None
    key = text.split("\n", 1)[0].removesuffix("\r")
    if not key or len(key) > MAX_KEY or "\x00" in key:
        raise refuse(f"the first line must be the journal key (1 to {MAX_KEY} characters)")
    return key
