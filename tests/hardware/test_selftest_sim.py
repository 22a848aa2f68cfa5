"""``dealer-assist shoe selftest`` against the real firmware in simavr, through pyserial.

The simulator (tests/firmware/simshoe.py) runs the firmware image with its UART0 on a pty and
reports every change of the output pins; the command synchronises with the shoe, runs its
self-test and prints one line per part. Faults are made in the simulator: a dead reader, a
button held down, a card left in the exit slot.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.drivers.shoe.keys import ShoeKey, save_shoe_key
from dealer_assist.drivers.shoe.selftest import PART_NAMES
from tests.firmware.simshoe import (
    LINK_KEY,
    SIM_SERIAL,
    SimShoe,
    build,
    scripted_shoe,
    shuffled_deck,
)
from tests.selftest_lines import key_file_in, run_selftest, verdicts


@pytest.fixture(scope="module")
def firmware() -> str:
    return build("all", "sim")


@pytest.fixture
def sim(firmware: str, tmp_path: Path) -> Iterator[SimShoe]:
    shoe = SimShoe(tmp_path, scripted_shoe(shuffled_deck(7)[:4])).start()
    try:
        yield shoe
    finally:
        shoe.stop()


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    return key_file_in(tmp_path, LINK_KEY, SIM_SERIAL)


def selftest(sim: SimShoe, key_file: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    return run_selftest(sim.pty, key_file, capsys)


def test_every_part_passes_on_a_sound_shoe(
    sim: SimShoe, key_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, output = selftest(sim, key_file, capsys)
    assert code == 0, output
    assert output.startswith(f"Shoe {SIM_SERIAL}, firmware 1.0.0: self-test")
    assert set(verdicts(output).values()) == {"pass"}, output
    assert "(IC 0x32, firmware 1.6)" in output  # the emulated PN532's GetFirmwareVersion
    shoe_ms = int(re.search(r"\((\d+) ms by the shoe", output)[1])  # type: ignore[index]
    assert 1000 <= shoe_ms <= 1600
    # the pins went through the test's steps: each light alone, the buzzer, the lock released
    outs = [(e.fields["leds"], e.fields["buzzer"], e.fields["lock"]) for e in sim.of_kind("out")]
    steps = [("1", "0", "1"), ("2", "0", "1"), ("4", "0", "1"), ("0", "1", "1"), ("0", "0", "0")]
    position = 0
    for out in outs:
        if position < len(steps) and out == steps[position]:
            position += 1
    assert position == len(steps), outs


def test_a_dead_reader_fails_its_line_only(
    sim: SimShoe, key_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sim.send("reader dead")
    code, output = selftest(sim, key_file, capsys)
    assert code == 1, output
    found = verdicts(output)
    assert found.pop(PART_NAMES[next(iter(PART_NAMES))][0]) == "FAILED"
    assert set(found.values()) == {"pass"}, output
    assert "1 part(s) FAILED." in output


def test_a_held_button_fails(
    sim: SimShoe, key_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sim.send("hold result")
    code, output = selftest(sim, key_file, capsys)
    assert code == 1, output
    found = verdicts(output)
    assert found["RESULT CHECK button"] == "FAILED"
    assert found["NEW SHOE button"] == "pass"


def test_refused_while_a_card_is_in_the_exit_slot(
    sim: SimShoe, key_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sim.send("in")
    sim.wait("in", 10)
    code, output = selftest(sim, key_file, capsys)
    assert code == 2, output
    assert "REFUSED" in output


def test_wrong_key_is_no_answer(
    sim: SimShoe, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.key"
    save_shoe_key(other, ShoeKey(key=bytes(range(1, 33)), serial_number=SIM_SERIAL))
    code = main(["shoe", "selftest", "--port", sim.pty, "--key-file", str(other), "--timeout", "2"])
    assert code == 2
    assert "no answer from the shoe in 2 s" in capsys.readouterr().err
