"""A pcscd of our own with virtual readers, for tests and benchmarks (needs root).

pcscd keeps its socket at the fixed path ``/run/pcscd/pcscd.comm``, so only one can run: if
another is running, :meth:`Pcscd.start` says so instead of disturbing it. The reader
configuration is ours (``pcscd -c DIR``), with two kinds of virtual reader:

* vpcd (Debian's ``vsmartcard-vpcd``): each entry (friendly name, TCP port) gives two readers,
  "NAME 00 00" on that port and "NAME 00 01" on the next. The vpcd driver keeps one table of
  slots for all its entries, so one pcscd serves one entry at a time. pcscd polls it every
  400 ms, as it does any reader whose driver has no event thread.
* the event reader (ours, ``ifd_event_reader.c``, compiled here with gcc against
  libpcsclite-dev's headers): the same wire protocol, one reader "NAME 00 00" per entry, and
  an event thread that tells pcscd about a tag the moment it arrives or leaves - the way a CCID
  reader with an interrupt endpoint does.

Both are driven by :class:`dealer_assist.testing.ntag.VirtualReader` on the entry's port.
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

from dealer_assist.errors import DealerAssistError

PCSCD_SOCKET = Path("/run/pcscd/pcscd.comm")
PCSCD_PID_FILE = Path("/run/pcscd/pcscd.pid")
VPCD_DRIVER = Path("/usr/lib/pcsc/drivers/serial/libifdvpcd.so")
DEFAULT_READERS: tuple[tuple[str, int], ...] = (("Virtual PCD", 35963),)
DEFAULT_EVENT_READERS: tuple[tuple[str, int], ...] = (("Event PCD", 35973),)
EVENT_READER_SOURCE = Path(__file__).with_name("ifd_event_reader.c")
PCSC_INCLUDE = Path("/usr/include/PCSC")
INSTALL_HINT = (
    "run scripts/bootstrap.sh (as root) to install pcscd, libpcsclite-dev and vsmartcard-vpcd "
    "from scripts/system-packages.txt, and pyscard with the pcsc extra"
)


class PcscdError(DealerAssistError, RuntimeError):
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
        pid = int(PCSCD_PID_FILE.read_text().replace("\0", "").strip())  # it ends "\n\0"
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


def wait_reader_present(reader: str, timeout: float = 3.0) -> None:
    """Wait until pcscd reports a tag on ``reader`` (SCARD_STATE_PRESENT)."""
    wait_until(lambda: bool(reader_state(reader) & 0x0020), timeout, f"a tag on {reader}")


def build_event_reader(directory: Path) -> Path:
    """Compile the event-driven virtual reader into ``directory``; the shared library's path."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        raise PcscdError(f"no C compiler to build the event reader: {INSTALL_HINT}")
    if not (PCSC_INCLUDE / "ifdhandler.h").exists():
        raise PcscdError(f"libpcsclite-dev's headers are missing: {INSTALL_HINT}")
    directory.mkdir(parents=True, exist_ok=True)
    library = directory / "libifd-da-event.so"
    command = [
        compiler,
        "-shared",
        "-fPIC",
        "-O2",
        "-Wall",
        "-Wextra",
        "-Werror",
        f"-I{PCSC_INCLUDE}",
        "-o",
        str(library),
        str(EVENT_READER_SOURCE),
        "-lpthread",
    ]
    built = subprocess.run(command, capture_output=True, text=True, check=False)
    if built.returncode != 0:
        raise PcscdError(f"building the event reader failed:\n{built.stderr}")
    return library


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
        self.event_readers: tuple[tuple[str, int], ...] = ()
        self.starts = 0
        self.exit_codes: list[int] = []
        """pcscd's exit status at each stop (0 for a clean exit after SIGTERM)."""
        self._event_library: Path | None = None

    def start(
        self,
        readers: Sequence[tuple[str, int]] = DEFAULT_READERS,
        event_readers: Sequence[tuple[str, int]] = DEFAULT_EVENT_READERS,
    ) -> None:
        """Start pcscd and wait until it lists the two vpcd readers of every ``readers`` entry
        and the event reader of every ``event_readers`` entry."""
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
        if event_readers and self._event_library is None:
            self._event_library = build_event_reader(self.workdir / "event-reader")
        for index, (name, port) in enumerate(event_readers):
            (config / f"event{index}").write_text(
                f'FRIENDLYNAME "{name}"\n'
                f"DEVICENAME   /dev/null:0x{port:04X}\n"
                f"LIBPATH      {self._event_library}\n"
                f"CHANNELID    0x{port:04X}\n"
            )
        self.readers = tuple(readers)
        self.event_readers = tuple(event_readers)
        log_path = self.log_path
        with log_path.open("wb") as log:
            self.process = subprocess.Popen(
                [self.binary, "--foreground", "--info", "-c", str(config)],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        names = [name for name, _ in readers]
        event_names = [name for name, _ in event_readers]

        def ready() -> bool:
            process = self.process
            assert process is not None
            if process.poll() is not None:
                said = log_path.read_text(errors="replace").strip().splitlines()[-1:]
                raise PcscdError(f"pcscd exited ({process.returncode}: {''.join(said)})")
            if running_pcscd_pid() != process.pid:
                # Not up yet, or another pcscd started at the same moment and ours is about to
                # give way: readers listed now could be that one's (the names are the same).
                return False
            found = list_readers()
            return all(sum(r.startswith(name + " ") for r in found) == 2 for name in names) and all(
                sum(r.startswith(name + " ") for r in found) == 1 for name in event_names
            )

        try:
            wait_until(ready, 10.0, f"pcscd to list the readers of {names + event_names}")
        except (AssertionError, PcscdError) as error:
            self.stop()
            raise PcscdError(f"pcscd did not start: {error}; see {log_path}") from None

    @property
    def log_path(self) -> Path:
        """The log of the current (or last) pcscd run."""
        return self.workdir / f"pcscd-{self.starts}.log"

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
        self.exit_codes.append(process.returncode)
        # pcscd removes its socket on a clean exit; on a slow or loaded machine give it time,
        # and once no pcscd is left, a socket it left behind is stale: remove it ourselves.
        try:
            wait_until(lambda: not PCSCD_SOCKET.exists(), 5.0, "pcscd to remove its socket")
        except AssertionError:
            if running_pcscd_pid() is not None:
                raise
            PCSCD_SOCKET.unlink(missing_ok=True)

    def restart(
        self,
        readers: Sequence[tuple[str, int]] | None = None,
        event_readers: Sequence[tuple[str, int]] | None = None,
    ) -> None:
        previous = self.readers or DEFAULT_READERS
        previous_events = self.event_readers
        self.stop()
        self.start(
            previous if readers is None else readers,
            previous_events if event_readers is None else event_readers,
        )
