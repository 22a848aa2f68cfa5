"""``dealer-assist shoe selftest`` against the mock shoe on a real pseudo-terminal.

The command (pyserial on the pty's name, the spec's synchronisation, SELF_TEST in the shoe's
epoch) must get from the mock shoe what the firmware answers (tests/hardware/test_selftest_sim.py
holds the firmware to the same lines): every part passed after the test's steps, the reader a
PN532; REFUSED at once while a card is in the exit slot or a CARD event waits for its ACK.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dealer_assist.drivers.shoe.mock_device import (
    DEFAULT_CAPABILITIES,
    Croupier,
    MockShoeDevice,
    ShoeTimers,
)
from dealer_assist.drivers.shoe.protocol import (
    Capability,
    CardRead,
    Indicator,
    Part,
    SelfTest,
    SelfTestFlag,
    SelfTestResult,
    SensorFlag,
    SetIndicator,
    StatusReport,
)
from tests.selftest_lines import key_file_in, run_selftest, verdicts
from tests.serial.helpers import KEY, pty_shoe
from tests.serial.test_mockshoe_device import ScriptedHost, device_on

SERIAL_NUMBER = 4242


@pytest.fixture
def key_file(tmp_path: Path) -> Path:
    return key_file_in(tmp_path, KEY, SERIAL_NUMBER)


def selftest(port: str, key_file: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    return run_selftest(port, key_file, capsys, "--timeout", "5")


def idle_croupier() -> Croupier:
    return Croupier(seed=3, auto_deal=False)


def test_every_part_passes_on_the_mock_shoe(
    tmp_path: Path, key_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pty_shoe(tmp_path, croupier=idle_croupier()) as (device, link):
        code, output = selftest(link.path, key_file, capsys)
        assert device.count("self_tests") == 1
    assert code == 0, output
    assert output.startswith(f"Shoe {SERIAL_NUMBER}, firmware 1.0.0: self-test")
    assert set(verdicts(output).values()) == {"pass"}, output
    assert "(IC 0x32, firmware 1.6)" in output
    shoe_ms = int(re.search(r"\((\d+) ms by the shoe", output)[1])  # type: ignore[index]
    assert 1200 <= shoe_ms <= 5000
    assert output.rstrip().endswith("All parts passed.")


def test_a_shoe_without_an_exit_lock_reports_it_not_fitted(
    tmp_path: Path, key_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = {
        "capabilities": DEFAULT_CAPABILITIES & ~Capability.EXIT_LOCK,
        "timers": ShoeTimers(self_test=0.2),
    }
    with pty_shoe(tmp_path, croupier=idle_croupier(), **options) as (_device, link):
        code, output = selftest(link.path, key_file, capsys)
    assert code == 0, output
    found = verdicts(output)
    del found["exit lock (solenoid)"]
    lock = next(line for line in output.splitlines() if "exit lock (solenoid)" in line)
    assert lock.rstrip().endswith("not fitted"), output
    assert set(found.values()) == {"pass"}, output


def test_refused_while_a_card_is_in_the_exit_slot_then_runs_once_it_is_taken(
    tmp_path: Path, key_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = {"timers": ShoeTimers(self_test=0.2)}
    with pty_shoe(tmp_path, croupier=idle_croupier(), **options) as (device, link):
        device.card_at_exit()
        code, output = selftest(link.path, key_file, capsys)
        assert code == 2, output
        assert "REFUSED: a card is in the exit slot" in output
        assert device.count("self_tests") == 0
        device.card_at_exit(False)
        code, output = selftest(link.path, key_file, capsys)
    assert code == 0, output
    assert "All parts passed." in output


def test_refused_while_a_card_waits_for_its_acknowledgement(
    tmp_path: Path, key_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pty_shoe(tmp_path, croupier=idle_croupier()) as (device, link):
        assert device.draw() is not None  # read, queued; no table has acknowledged it
        code, output = selftest(link.path, key_file, capsys)
        assert device.queue_depth == 1
    assert code == 2, output
    assert "REFUSED" in output


def test_the_croupier_waits_for_the_self_test_and_a_second_request_is_ignored() -> None:
    """Seen from a scripted host: the exit locked meanwhile, no card before the result."""
    device = MockShoeDevice(key=KEY, croupier=Croupier(seed=3), timers=ShoeTimers(self_test=0.3))
    with device_on("selftest", device):
        host = ScriptedHost("selftest")
        host.query()
        host.send(SelfTest())
        host.send(SetIndicator(indicator=Indicator.PLAYER_DRAWS))  # the croupier would draw
        host.send(SelfTest())  # during the test: ignored, its result is coming
        before: list[object] = []
        while not isinstance(message := host.expect(object, skip=()), SelfTestResult):
            before.append(message)
        assert not any(isinstance(m, CardRead) for m in before), before
        statuses = [m for m in before if isinstance(m, StatusReport)]
        assert any(s.sensors & SensorFlag.EXIT_LOCKED for s in statuses), statuses
        assert message.flags is SelfTestFlag.NONE and message.failed is Part.NONE
        assert message.elapsed_ms >= 300
        assert host.expect(CardRead).card == device.dealt[0]  # then he deals by the light
        host.close()
    assert device.count("self_tests") == 1 and device.count("self_tests_refused") == 0
