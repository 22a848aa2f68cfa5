"""The table refuses to deal after a failed program verification, until a technician re-verifies."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))

from helpers import feed, make_table, types
from test_program import make_installation

from dealer_assist.cli import main
from dealer_assist.deploy import program
from dealer_assist.deploy.service import installation_check
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import PROGRAM_FAILED
from dealer_assist.table.events import AlertRaised, AlertResolved, SupervisorAction


@pytest.fixture()
def installed(tmp_path: Path) -> tuple[Path, Path]:
    prefix = tmp_path / "opt"
    make_installation(prefix)
    private, public = tmp_path / "release.key", tmp_path / "release.pub"
    assert main(["release", "keygen", "--private", str(private), "--public", str(public)]) == 0
    assert main(["release", "sign", "--prefix", str(prefix), "--key", str(private)]) == 0
    return prefix, public


def change_one_byte(prefix: Path, name: str) -> Path:
    path = {each.name: each.path for each in program.installed_program(prefix)}[name]
    data = bytearray(path.read_bytes())
    data[0] ^= 0x20
    path.write_bytes(bytes(data))
    return path


def test_a_verified_program_deals_and_is_journaled(installed: tuple[Path, Path]) -> None:
    controller, records = make_table()
    controller.check_program_with(installation_check(*installed))
    controller.execute(cmd.VerifyProgram())
    assert records[-1].event == SupervisorAction(
        action="program_verified",
        role="table",
        detail=records[-1].event.detail,  # type: ignore[union-attr]
    )
    assert "program verified" in records[-1].event.detail  # type: ignore[union-attr]
    feed(controller, "9H 8C KD KS")
    assert types(records).count("card") == 4 and types(records)[-1] == "coup_closed"


def test_a_changed_byte_holds_the_table_until_the_technician_reverifies(
    installed: tuple[Path, Path],
) -> None:
    prefix, _ = installed
    controller, records = make_table()
    controller.check_program_with(installation_check(*installed))
    changed = change_one_byte(prefix, "site/dealer_assist/rules/coup.py")
    controller.execute(cmd.VerifyProgram())
    alert = records[-1].event
    assert isinstance(alert, AlertRaised)
    assert alert.code == PROGRAM_FAILED and alert.hold and alert.options == ("reverify",)
    assert "program verification failed" in alert.message
    assert "site/dealer_assist/rules/coup.py differs from the signed manifest" in alert.message
    assert records[-2].event.action == "program_check_failed"  # type: ignore[union-attr]

    # The table refuses to deal: every card is set aside.
    feed(controller, "9H 2C")
    assert "card" not in types(records)
    assert controller.snapshot.coup == 0
    # The hourly check fails again: journaled, no second alert.
    controller.execute(cmd.VerifyProgram())
    assert sum(1 for r in records if getattr(r.event, "code", "") == PROGRAM_FAILED) == 1
    # Voiding does not lift it; a supervisor cannot; the technician cannot while it differs.
    with pytest.raises(cmd.CommandRejected) as refused:
        controller.execute(
            cmd.ResolveAlert(alert=alert.alert, option="reverify", role=cmd.Role.SUPERVISOR)
        )
    assert refused.value.code == "technician_required"
    with pytest.raises(cmd.CommandRejected) as refused:
        controller.execute(
            cmd.ResolveAlert(alert=alert.alert, option="reverify", role=cmd.Role.TECHNICIAN)
        )
    assert refused.value.code == PROGRAM_FAILED
    assert controller.state.holding

    # The file restored: a passing hourly check does not lift the hold either, the technician does.
    data = bytearray(changed.read_bytes())
    data[0] ^= 0x20
    changed.write_bytes(bytes(data))
    controller.execute(cmd.VerifyProgram())
    assert controller.state.holding
    controller.execute(
        cmd.ResolveAlert(alert=alert.alert, option="reverify", role=cmd.Role.TECHNICIAN)
    )
    assert isinstance(records[-1].event, AlertResolved)
    assert records[-1].event.by == "technician"
    assert records[-2].event.action == "program_verified"  # type: ignore[union-attr]
    assert not controller.state.holding
    feed(controller, "9H 8C KD KS")
    assert types(records).count("card") == 4 and types(records)[-1] == "coup_closed"


def test_voiding_a_coup_leaves_the_lock(installed: tuple[Path, Path]) -> None:
    prefix, _ = installed
    controller, _records = make_table()
    controller.check_program_with(installation_check(*installed))
    feed(controller, "9H 2C")  # a coup in play
    change_one_byte(prefix, "firmware/shoe.hex")
    controller.execute(cmd.VerifyProgram())
    controller.execute(cmd.VoidCoup(reason="test", role=cmd.Role.SUPERVISOR))
    assert [a.code for a in controller.state.alerts.values()] == [PROGRAM_FAILED]


def test_a_table_without_a_check_says_so() -> None:
    controller, _ = make_table()
    with pytest.raises(cmd.CommandRejected) as refused:
        controller.execute(cmd.VerifyProgram())
    assert refused.value.code == "no_program_check"


def test_every_new_alert_has_a_title_and_fix() -> None:
    from dealer_assist.table.controller import HEALTH_PROBLEMS
    from dealer_assist.ui import wording

    for code in (PROGRAM_FAILED, *HEALTH_PROBLEMS):
        assert code in wording.ALERTS
    for fix in HEALTH_PROBLEMS.values():
        assert fix in wording.FIXES
    assert "reverify" in wording.OPTIONS
