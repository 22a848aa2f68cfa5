"""SIGINT and SIGTERM stop a table in order: a flag read between two inputs, never an exception.

See dealer_assist/cli/stopping.py for why (a KeyboardInterrupt thrown into code holding the
pit publisher's lock left a table that never exited). tests/pit/test_stop_signal.py stops real
publishing tables this way many times.
"""

from __future__ import annotations

import json
import os
import signal
import threading

import pytest

from dealer_assist.cli.stopping import stop_on_signals
from dealer_assist.table.controller import TableController
from dealer_assist.table.runtime import TableRuntime
from tests.pit.conftest import dealer_assist
from tests.table.helpers import make_config


def _interrupt_self() -> None:
    os.kill(os.getpid(), signal.SIGINT)


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_sets_the_request_and_the_previous_handler_comes_back(number: int) -> None:
    before = signal.getsignal(number)
    with stop_on_signals() as stop:
        assert not stop.requested
        os.kill(os.getpid(), number)
        assert stop.wait(timeout=30)  # the handler ran: no exception, no exit
        assert stop.signal == number
    assert signal.getsignal(number) is before


def test_a_signal_while_the_table_holds_a_lock_leaves_it_free_and_stops_the_table() -> None:
    """The signal lands while the table's thread holds a lock another thread needs: the item
    finishes, the lock is released, and the table stops after it."""
    runtime = TableRuntime(TableController(make_config()), [])
    lock = threading.RLock()
    after_signal: list[int] = []

    def holding_the_lock() -> None:
        with lock:
            _interrupt_self()
            after_signal.extend(range(100))  # bytecode after the signal: its handler runs here

    with stop_on_signals() as stop:
        runtime.call(holding_the_lock)
        assert runtime.run_until(lambda: stop.requested, timeout=30)
    runtime.close()
    assert after_signal == list(range(100))  # the item ran to its end
    taken: list[bool] = []
    other = threading.Thread(target=lambda: taken.append(lock.acquire(blocking=False)))
    other.start()
    other.join()
    assert taken == [True]


def test_an_idle_table_wakes_for_a_stop_request() -> None:
    """Nothing queued: ``run_until`` still sees the flag (it asks ``done()`` every POLL). The
    signal is sent only after the table first found itself not done, so it lands while the
    table waits for input."""
    runtime = TableRuntime(TableController(make_config()), [])
    asked = threading.Event()

    def send_when_asked() -> None:
        asked.wait()
        _interrupt_self()

    with stop_on_signals() as stop:

        def done() -> bool:
            asked.set()
            return stop.requested

        sender = threading.Thread(target=send_when_asked)
        sender.start()
        finished = runtime.run_until(done, timeout=20)
        sender.join()
    runtime.close()
    assert finished


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM])
def test_dealer_assist_run_closes_in_order_on_a_signal(number: int) -> None:
    """A dealing table (a real process) stops on SIGINT or SIGTERM with exit status 0, after
    the records it dealt; nothing on standard error."""
    process = dealer_assist(["run", "--source", "mock://?seed=5&pace=0.05", "--json"])
    try:
        assert process.stdout is not None
        first = json.loads(process.stdout.readline())  # dealing has begun
        assert first["type"]
        process.send_signal(number)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    assert all("type" in line for line in lines)


def test_the_stop_request_is_not_installed_off_the_main_thread() -> None:
    """Python installs signal handlers only from the main thread: elsewhere the request is
    simply never set, and the process's handlers are left alone."""
    before = signal.getsignal(signal.SIGINT)
    seen: list[object] = []

    def elsewhere() -> None:
        with stop_on_signals() as stop:
            seen.append(signal.getsignal(signal.SIGINT))
            seen.append(stop.requested)

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen == [before, False]
