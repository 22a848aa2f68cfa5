"""Files a command writes (an export, a report): never over a journal, a key or a configuration.

:meth:`OutputFile.checked` refuses, before any work is done:

* a folder (``--output DIR``), and a file in a folder that does not exist;
* a **protected** file the command names (the journal and its ``-wal``, ``-shm``, lock and
  archived files, the configuration in use, the key file, the PIN file), whatever it holds;
* any database (an SQLite file or an SQLite write-ahead log: a journal of another table);
* any other existing file, unless the command's ``replaceable`` says it is one of its own
  earlier outputs (e.g. an earlier export) or it is empty. There is no ``--force``: to write
  over something else, the person deletes it first.

A character device or a pipe (``/dev/stdout``, ``/dev/null``, a FIFO) is written in place. A
file is written to a temporary file beside it and moved over the old one only when complete,
so an interrupted command leaves the earlier file as it was.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from dealer_assist.errors import DealerAssistError

SQLITE_HEADER = b"SQLite format 3\x00"
WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
_SNIFF = 4096


class OutputFileError(DealerAssistError):
    """A file a command was asked to write that it must not or cannot write."""


def _never(head: bytes) -> bool:
    return False


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return a.resolve() == b.resolve()


@dataclass(frozen=True, slots=True)
class OutputFile:
    """A checked place to write. Build with :meth:`checked`; write with :meth:`open`."""

    path: Path
    protected: Mapping[Path, str] = field(default_factory=dict)
    replaceable: Callable[[bytes], bool] = _never
    what: str = "output"

    @classmethod
    def checked(
        cls,
        path: Path,
        *,
        protected: Mapping[Path, str] | None = None,
        replaceable: Callable[[bytes], bool] = _never,
        what: str = "output",
    ) -> OutputFile:
        """``path`` if a command may write there, else :class:`OutputFileError`.

        ``protected`` maps files that must never be written to what they are (for the
        message); ``replaceable`` tells, from a file's first bytes, whether it is an earlier
        ``what`` that may be replaced.
        """
        output = cls(path, dict(protected or {}), replaceable, what)
        output.check()
        return output

    def check(self) -> None:
        path = self.path
        if path.is_dir():
            raise OutputFileError(
                f"--output {path} is a folder: give a file name in it, e.g. {path / 'export.csv'}"
            )
        parent = path.parent
        if not parent.is_dir():
            raise OutputFileError(
                f"--output {path}: the folder {parent} does not exist: create it first, or "
                "give a file in an existing folder"
            )
        for other, what in self.protected.items():
            if (path.exists() and other.exists() and _same(path, other)) or _is(path, other):
                raise OutputFileError(
                    f"--output {path} is {what}: it is never written over; give another file"
                )
        if not path.exists():
            return
        mode = path.stat().st_mode
        if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
            return  # /dev/stdout, /dev/null, a pipe
        if not stat.S_ISREG(mode):
            raise OutputFileError(f"--output {path} is not a file: give a file name")
        try:
            with path.open("rb") as handle:
                head = handle.read(_SNIFF)
        except OSError as error:
            raise OutputFileError(f"--output {path}: cannot read it ({error.strerror})") from None
        if head.startswith(SQLITE_HEADER) or head[:4] in WAL_MAGIC:
            raise OutputFileError(
                f"--output {path} is a database (a journal?): it is never written over; "
                "give another file"
            )
        if head and not self.replaceable(head):
            raise OutputFileError(
                f"--output {path} exists and is not an earlier {self.what}: it is not written "
                "over; give another file, or delete it first if it may go"
            )

    @contextlib.contextmanager
    def open(self) -> Iterator[TextIO]:
        """The file for writing text (checked again first); complete, or unchanged."""
        self.check()
        path = self.path
        if path.exists() and not path.is_file():  # a device or a pipe: in place
            with path.open("w", encoding="utf-8", newline="") as out:
                yield out
            return
        target = Path(os.path.realpath(path))  # through a link: the file it names
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            mode: int | None = stat.S_IMODE(target.stat().st_mode)  # the earlier file's
        except OSError:
            mode = None  # a new file: as the umask says
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            if mode is not None:
                os.fchmod(handle, mode)
            with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
                yield out
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, target)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise


def _is(path: Path, other: Path) -> bool:
    """The same name once resolved (for a protected file that does not exist yet)."""
    return path.resolve() == other.resolve()
