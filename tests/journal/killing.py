"""A table process to kill: ``dealer-assist run`` in a child forked from a warm fork server.

Starting Python and importing the table takes a third of a second; forking a server that has
already imported it takes milliseconds, so two hundred kills fit in a test run. The child is a
real process running the real command (``dealer-assist run``'s handler); its standard output goes
line by line through a pipe, so the test can kill it after a chosen number of lines without
sleeping. The child may run at most ``AHEAD`` lines ahead of what the test has read (a
semaphore, like a small pipe): on a slow or busy machine the kill still lands within a few lines
of the moment chosen, instead of after the table finished the shoe while the test was not
scheduled.
"""

from __future__ import annotations

import io
import multiprocessing
import signal
import sys
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

import dealer_assist.journal.simulation
import dealer_assist.odds.product
import dealer_assist.table.headless
import dealer_assist.table.runtime
from dealer_assist.cli import build_parser
from dealer_assist.journal.recovery import code_fingerprint

# Paid once in the fork server, inherited by every child: the imports `dealer-assist run` makes
# (the modules above, the subcommand modules) and the digest of the program's source.
del dealer_assist
PARSER = build_parser()
code_fingerprint()


AHEAD = 4
"""Lines the child may print before the test has read them."""


class _PipeOut(io.TextIOBase):
    def __init__(self, connection: Connection, window: Any) -> None:
        self._connection = connection
        self._window = window
        self._pending = ""

    def write(self, text: str) -> int:
        self._pending += text
        *lines, self._pending = self._pending.split("\n")
        for line in lines:
            self._window.acquire()  # released by the test for each line it reads
            self._connection.send_bytes(line.encode())
        return len(text)

    def isatty(self) -> bool:
        return False


def run_table_child(argv: Sequence[str], connection: Connection, window: Any) -> None:
    sys.stdout = _PipeOut(connection, window)
    args = PARSER.parse_args(list(argv))  # what dealer_assist.cli.main does, parser prebuilt
    status = args.handler(args)
    connection.send_bytes(f"EXIT {status}".encode())
    connection.close()
    sys.exit(status)


def context() -> Any:
    ctx = multiprocessing.get_context("forkserver")
    ctx.set_forkserver_preload([__name__])
    return ctx


def run_and_maybe_kill(
    ctx: Any, argv: Sequence[str], kill_after: int | None
) -> tuple[bool, int | None]:
    """Run the table; SIGKILL it once it has printed ``kill_after`` lines (None: let it end).
    Returns (killed, exit status); the status is None when the fork server could not tell it
    (multiprocessing then says 255), which happens now and then on a loaded machine."""
    reader, writer = ctx.Pipe(duplex=False)
    window = ctx.Semaphore(AHEAD)
    process = ctx.Process(target=run_table_child, args=(list(argv), writer, window))
    process.start()
    writer.close()
    lines = 0
    status: int | None = None
    sent_kill = False
    try:
        while status is None:
            if kill_after is not None and lines >= kill_after:
                process.kill()
                sent_kill = True
                break
            if not reader.poll(60):
                process.kill()
                raise TimeoutError(f"the table printed nothing for a minute ({argv})")
            try:
                message = reader.recv_bytes()
            except EOFError:
                break
            if message.startswith(b"EXIT "):
                status = int(message[5:])
            else:
                lines += 1
                window.release()
    finally:
        process.join()
        reader.close()
    exitcode = process.exitcode
    if status is not None:  # the table said how it ended before it exited
        return False, status
    if exitcode == -signal.SIGKILL or (sent_kill and exitcode == 255):
        return True, None
    if exitcode == 255:
        return False, None
    return False, exitcode
