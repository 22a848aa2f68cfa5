"""The commands: ``dealer-assist mockshoe --pty`` against ``dealer-assist run``, and pairing.

These run the real programs as subprocesses on a real pseudo-terminal, as a trainee or a
technician would.
"""

from __future__ import annotations

import io
import json
import os
import selectors
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import dealer_assist.drivers.shoe.serial  # noqa: F401 - registers mockshoe:// with pyserial
from dealer_assist.drivers.shoe.keys import ShoeKey, load_shoe_key, save_shoe_key
from dealer_assist.drivers.shoe.mock_device import Croupier, MockShoeDevice
from dealer_assist.drivers.shoe.pairing import PairingError, pair_shoe
from dealer_assist.drivers.shoe.protocol_mockshoe import forget, plug_in
from tests.serial.shoe_model import KEY

COMMAND = [sys.executable, "-m", "dealer_assist.cli"]
ROOT = Path(__file__).resolve().parents[2]


def first_line(process: subprocess.Popen[bytes], timeout: float = 20) -> str:
    assert process.stdout is not None
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    line = b""
    while not line.endswith(b"\n"):
        assert selector.select(timeout), "mockshoe printed no path"
        chunk = os.read(process.stdout.fileno(), 1)
        assert chunk, "mockshoe exited before printing its path"
        line += chunk
    return line.decode().strip()


@contextmanager
def mockshoe(tmp_path: Path, *options: str) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    log = (tmp_path / "mockshoe.log").open("wb")
    process = subprocess.Popen(
        [*COMMAND, "mockshoe", "--pty", "--state-file", str(tmp_path / "eeprom.json"), *options],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=log,
        cwd=ROOT,
    )
    try:
        yield process, first_line(process)
    finally:
        stop(process)
        log.close()


def stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    process.wait(timeout=10)
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            stream.close()


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT, check=False
    )


def test_run_deals_correctly_against_mockshoe_on_a_pty(tmp_path: Path) -> None:
    key_file = tmp_path / "shoe.key"
    save_shoe_key(key_file, ShoeKey(key=KEY, serial_number=4242))
    with mockshoe(tmp_path, "--seed", "17", "--pace", "0", "--key-file", str(key_file)) as (
        process,
        path,
    ):
        assert path.startswith("/dev/pts/")
        result = run(
            "run", "--source", f"serial://{path}?key_file={key_file}", "--coups", "12", "--json",
            "--timeout", "50",
        )  # fmt: skip
        assert process.poll() is None, "the mock shoe must serve until killed"
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    cards: list[str] = []
    for line in lines:
        if line["type"] == "burned":
            cards += line["cards"]
        elif line["type"] == "card":
            cards.append(line["card"])
    expected = Croupier(decks=8, seed=17)
    expected.load_next_shoe()
    assert cards == [card.code for card in expected.order[: len(cards)]]
    settled = [line for line in lines if line["type"] == "coup_settled"]
    assert len(settled) == 12
    completed = [line for line in lines if line["type"] == "coup_completed"]
    for coup in completed:
        totals = [coup["player_total"], coup["banker_total"]]
        assert all(0 <= total <= 9 for total in totals)
    devices = [line["status"] for line in lines if line["type"] == "device"]
    assert devices[:2] == ["connecting", "connected"]
    closes = {line["by"] for line in lines if line["type"] == "coup_closed"}
    assert closes == {"croupier"}  # the shoe's result-check button
    alerts = [line["code"] for line in lines if line["type"] == "alert"]
    assert set(alerts) <= {"advantage_play"}


def test_keys_on_the_mock_shoe_reach_the_table(tmp_path: Path) -> None:
    """``b`` reboots the shoe (an alert at the table), ``n`` and ``r`` are its buttons."""
    key_file = tmp_path / "shoe.key"
    save_shoe_key(key_file, ShoeKey(key=KEY))
    options = ("--seed", "5", "--pace", "0.05", "--key-file", str(key_file), "--manual")
    with mockshoe(tmp_path, *options) as (process, path):
        assert process.stdin is not None
        table = subprocess.Popen(
            [*COMMAND, "run", "--source", f"serial://{path}?key_file={key_file}", "--json"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        try:
            seen: list[dict[str, object]] = []

            def until(kind: str, **fields: object) -> None:
                while True:
                    line = json.loads(first_line(table))  # type: ignore[arg-type]
                    seen.append(line)
                    if line["type"] == kind and all(line.get(k) == v for k, v in fields.items()):
                        return

            until("device", status="connected")
            process.stdin.write(b"b")
            process.stdin.flush()
            until("alert", code="shoe_restarted")
            process.stdin.write(b"n")
            process.stdin.flush()
            until("supervisor", action="button:new_shoe")
            process.stdin.write(b"r")
            process.stdin.flush()
            until("supervisor", action="button:result_check")
        finally:
            stop(table)


def test_pairing_a_mock_shoe_then_dealing_with_the_new_key(tmp_path: Path) -> None:
    key_file = tmp_path / "paired.key"
    with mockshoe(tmp_path, "--pairing", "--seed", "2", "--pace", "0", "--serial-number", "31") as (
        _,
        path,
    ):
        paired = run("shoe", "pair", "--port", path, "--key-file", str(key_file), "--serial", "31")
        assert paired.returncode == 0, paired.stderr
        assert "confirmed the new key" in paired.stdout
        key = load_shoe_key(key_file)
        assert key.serial_number == 31 and key.key != KEY
        assert key_file.stat().st_mode & 0o777 == 0o600
        again = run("shoe", "pair", "--port", path, "--key-file", str(key_file), "--serial", "31")
        assert again.returncode == 1 and "--force" in again.stderr
        dealt = run(
            "run", "--source", f"serial://{path}?key_file={key_file}", "--coups", "2", "--json",
            "--timeout", "30",
        )  # fmt: skip
    assert dealt.returncode == 0, dealt.stderr
    assert (
        sum(json.loads(line)["type"] == "coup_settled" for line in dealt.stdout.splitlines()) == 2
    )


def test_pairing_recovers_a_lost_answer_and_refuses_the_wrong_shoe() -> None:
    device = MockShoeDevice(pairing=True, serial_number=12, croupier=Croupier(auto_deal=False))
    plug_in("pairing", device)
    device.start()
    try:
        import serial  # type: ignore[import-untyped]

        port = serial.serial_for_url("mockshoe://pairing", timeout=0.1, write_timeout=1)
        with pytest.raises(PairingError, match="not 99"):
            pair_shoe(port, confirm=lambda n: True, out=io.StringIO(), expected_serial=99)
        out = io.StringIO()

        def confirm(serial_number: int) -> bool:
            device.drop_next()  # the shoe's proof (HELLO under the new key) will be lost
            return serial_number == 12

        key = pair_shoe(port, confirm=confirm, out=out, timeout=10)
        assert key.serial_number == 12 and device.memory.key == key.key
        assert "confirmed" in out.getvalue()
        assert device.count("frames_dropped") == 1
        port.close()
    finally:
        device.stop()
        forget("pairing")
