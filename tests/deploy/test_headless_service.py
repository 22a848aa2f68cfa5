"""``dealer-assist run`` (a table without a screen) gets the service parts the touchscreen gets,
through the same function (dealer_assist/deploy/service.py ``attach``): the program check before
the first card, ``READY=1`` and ``WATCHDOG=1`` to the service manager (a test double of the
notify socket), the health checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.cli.common import EXIT_ERROR, EXIT_OK
from dealer_assist.deploy import program
from tests.deploy.notify_double import NotifySocket
from tests.deploy.test_program import make_installation


@pytest.fixture()
def service_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[Path, NotifySocket]:
    """A signed installation and the environment the unit gives the table."""
    prefix = tmp_path / "opt"
    make_installation(prefix)
    private, public = tmp_path / "release.key", tmp_path / "release.pub"
    assert main(["release", "keygen", "--private", str(private), "--public", str(public)]) == 0
    assert main(["release", "sign", "--prefix", str(prefix), "--key", str(private)]) == 0
    manager = NotifySocket(tmp_path / "notify")
    monkeypatch.setenv("NOTIFY_SOCKET", str(manager.path))
    monkeypatch.setenv("WATCHDOG_USEC", "200000")
    monkeypatch.setenv("DEALER_ASSIST_PREFIX", str(prefix))
    monkeypatch.setenv("DEALER_ASSIST_RELEASE_KEY", str(public))
    return prefix, manager


def run_table(
    capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[int, list[dict[str, object]]]:
    capsys.readouterr()
    code = main(["run", "--source", "mock://?seed=7", "--json", *extra])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return code, records


def kinds(records: list[dict[str, object]]) -> list[object]:
    return [record.get("type") for record in records]


def test_a_verified_headless_table_deals_and_tells_the_service_manager(
    service_environment: tuple[Path, NotifySocket], capsys: pytest.CaptureFixture[str]
) -> None:
    _, manager = service_environment
    try:
        code, records = run_table(capsys, "--coups", "2", "--timeout", "60")
        assert code == EXIT_OK
        verified = [r for r in records if r.get("action") == "program_verified"]
        assert len(verified) == 1
        assert records.index(verified[0]) < kinds(records).index("card")  # before the first card
        assert "coup_closed" in kinds(records)  # it deals
        manager.wait_for("READY=1")
    finally:
        manager.close()


def test_a_changed_program_file_stops_the_headless_table_dealing(
    service_environment: tuple[Path, NotifySocket], capsys: pytest.CaptureFixture[str]
) -> None:
    prefix, manager = service_environment
    path = {each.name: each.path for each in program.installed_program(prefix)}[
        "site/dealer_assist/rules/coup.py"
    ]
    data = bytearray(path.read_bytes())
    data[0] ^= 0x20
    path.write_bytes(bytes(data))
    try:
        # The mock shoe deals on; the table sets every card aside until a technician re-verifies.
        code, records = run_table(capsys, "--coups", "1", "--timeout", "2")
        assert code == EXIT_ERROR
        alerts = [r for r in records if r.get("code") == "program_verification_failed"]
        assert len(alerts) == 1 and alerts[0]["hold"] is True
        assert "site/dealer_assist/rules/coup.py" in str(alerts[0]["message"])
        assert "card" not in kinds(records) and "coup_closed" not in kinds(records)
        manager.wait_for("READY=1")
    finally:
        manager.close()
