"""A pcscd of our own with vpcd virtual readers, for tests and benchmarks (needs root).

pcscd keeps its socket at the fixed path ``/run/pcscd/pcscd.comm``, so only one can run: if
another is running, :meth:`Pcscd.start` says so instead of disturbing it. The reader
configuration is ours (``pcscd -c DIR``): each entry (friendly name, TCP port) gives two vpcd
readers, "NAME 00 00" on that port and "NAME 00 01" on the next. The vpcd driver keeps one
table of slots for all its entries, so one pcscd serves one entry at a time.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

PCSCD_SOCKET = Path("/run/pcscd/pcscd.comm")
PCSCD_PID_FILE = Path("/run/pcscd/pcscd.pid")
VPCD_DRIVER = Path("/usr/lib/pcsc/drivers/serial/libifdvpcd.so")
DEFAULT_READERS: tuple[tuple[str, int], ...] = (("Virtual PCD", 35963),)
INSTALL_HINT = (
    "run scripts/bootstrap.sh (as root) to install pcscd, libpcsclite-dev and vsmartcard-vpcd "
    "from scripts/system-packages.txt, and pyscard with the pcsc extra"
)


class PcscdError(RuntimeError):
    """pcscd cannot be started (not installed, another one running, or it failed)."""


def wait_until(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    """Check ``predicate`` every 10 ms until it holds; AssertionError naming ``what`` if not."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not predicate():
        if time.monotonic() >= deadline:
            raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")
        pause.wait(0.01)


def pcscd_binary() -> str | None:
    found = shutil.which("pcscd")
    if found:
        return found
    for candidate in ("/usr/sbin/pcscd", "/sbin/pcscd"):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def running_pcscd_pid() -> int | None:
    """The pid of a pcscd that is running now, from its pid file."""
    try:
        pid = int(PCSCD_PID_FILE.read_text().strip())
    except (OSError, ValueError):
        return None
    try:
        os.kill(pid, 0)
    except OSError:
        return None
    return pid


def list_readers() -> list[str]:
    """The readers pcscd lists now (empty when it is not running)."""
    if not PCSCD_SOCKET.exists():
        return []
    from smartcard import scard  # type: ignore[import-untyped]

    result, context = scard.SCardEstablishContext(scard.SCARD_SCOPE_USER)
    if result != 0:
        return []
    try:
        result, names = scard.SCardListReaders(context, [])
        return [str(name) for name in names] if result == 0 else []
    finally:
        scard.SCardReleaseContext(context)


def reader_state(reader: str) -> int:
    """pcscd's state word for ``reader`` now (0 if pcscd cannot say)."""
    from smartcard import scard

    result, context = scard.SCardEstablishContext(scard.SCARD_SCOPE_USER)
    if result != 0:
        return 0
    try:
        result, states = scard.SCardGetStatusChange(
            context, 0, [(reader, scard.SCARD_STATE_UNAWARE)]
        )
        return int(states[0][1]) if result == 0 else 0
    finally:
        scard.SCardReleaseContext(context)


def wait_reader_empty(reader: str, timeout: float = 3.0) -> None:
    """Wait until pcscd reports no tag on ``reader`` (SCARD_STATE_EMPTY)."""
    wait_until(lambda: bool(reader_state(reader) & 0x0010), timeout, f"{reader} to be empty")


class Pcscd:
    """Start, stop and restart pcscd in the foreground, logging to files in ``workdir``."""

    def __init__(self, workdir: Path) -> None:
        binary = pcscd_binary()
        if binary is None:
            raise PcscdError(f"pcscd is not installed: {INSTALL_HINT}")
        if not VPCD_DRIVER.exists():
            raise PcscdError(f"the vpcd virtual reader is not installed: {INSTALL_HINT}")
        self.binary = binary
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None
        self.readers: tuple[tuple[str, int], ...] = ()
        self.starts = 0

    def start(self, readers: Sequence[tuple[str, int]] = DEFAULT_READERS) -> None:
        """Start pcscd and wait until it lists the two readers of every entry."""
        if self.process is not None:
            raise PcscdError("pcscd is already running")
        other = running_pcscd_pid()
        if other is not None:
            raise PcscdError(
                f"another pcscd (pid {other}) is running; tests and benchmarks start their own "
                "with the virtual reader: stop it first (systemctl stop pcscd pcscd.socket)"
            )
        self.starts += 1
        config = self.workdir / f"reader.conf.d-{self.starts}"
        config.mkdir(parents=True)
        for index, (name, port) in enumerate(readers):
            (config / f"reader{index}").write_text(
                f'FRIENDLYNAME "{name}"\n'
                f"DEVICENAME   /dev/null:0x{port:04X}\n"
                f"LIBPATH      {VPCD_DRIVER}\n"
                f"CHANNELID    0x{port:04X}\n"
            )
        self.readers = tuple(readers)
        log_path = self.workdir / f"pcscd-{self.starts}.log"
        with log_path.open("wb") as log:
            self.process = subprocess.Popen(
                [self.binary, "--foreground", "--info", "-c", str(config)],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        names = [name for name, _ in readers]

        def ready() -> bool:
            if self.process is not None and self.process.poll() is not None:
                raise PcscdError(f"pcscd exited ({self.process.returncode}); see {log_path}")
            found = list_readers()
            return all(sum(r.startswith(name + " ") for r in found) == 2 for name in names)

        try:
            wait_until(ready, 10.0, f"pcscd to list the readers of {names}")
        except (AssertionError, PcscdError) as error:
            self.stop()
            raise PcscdError(f"pcscd did not start: {error}; see {log_path}") from None

    def stop(self) -> None:
        """Stop pcscd (SIGTERM) and wait until it has removed its socket."""
        process, self.process = self.process, None
        if process is None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)
        # pcscd removes its socket on a clean exit; on a slow or loaded machine give it time,
        # and once no pcscd is left, a socket it left behind is stale: remove it ourselves.
        try:
            wait_until(lambda: not PCSCD_SOCKET.exists(), 5.0, "pcscd to remove its socket")
        except AssertionError:
            if running_pcscd_pid() is not None:
                raise
            PCSCD_SOCKET.unlink(missing_ok=True)

    def restart(self, readers: Sequence[tuple[str, int]] | None = None) -> None:
        previous = self.readers or DEFAULT_READERS
        self.stop()
        self.start(previous if readers is None else readers)
