"""PINs: salted scrypt hashes, a lockout that survives a restart, every attempt journaled."""

from __future__ import annotations

import io
import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.journal.auth import PinBook, PinError
from dealer_assist.table.commands import Role
from dealer_assist.table.events import SupervisorAction, TableEvent
from tests.journal.helpers import KEY, make_config, open_journaled, read_records

CHEAP = 2**8  # scrypt cost for tests; the file stores it, real PINs use 2**14


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def book(path: Path, clock: Clock, events: list[TableEvent]) -> PinBook:
    return PinBook(
        path,
        attempts=3,
        lockout=timedelta(minutes=15),
        clock=clock,
        record=events.append,
        cost=CHEAP,
    )


def test_pins_are_stored_as_salted_slow_hashes(tmp_path: Path) -> None:
    events: list[TableEvent] = []
    pins = book(tmp_path / "pins", Clock(), events)
    pins.set_pin(Role.SUPERVISOR, "4321", by="technician")
    pins.set_pin(Role.CROUPIER, "4321", by="technician")
    text = (tmp_path / "pins").read_text("utf-8")
    assert "4321" not in text
    stored = json.loads(text)["pins"]
    assert stored["supervisor"]["salt"] != stored["croupier"]["salt"]
    assert stored["supervisor"]["hash"] != stored["croupier"]["hash"]
    assert stored["supervisor"]["n"] == CHEAP and stored["supervisor"]["r"] == 8
    assert (tmp_path / "pins").stat().st_mode & 0o777 == 0o600
    assert pins.verify(Role.SUPERVISOR, "4321").ok
    assert not pins.verify(Role.SUPERVISOR, "1234").ok


def test_bad_pins_are_refused() -> None:
    from dealer_assist.journal.auth import check_pin_format

    for pin in ("123", "12a4", "1234567890123", "", "١٢٣٤"):
        with pytest.raises(PinError):
            check_pin_format(pin)


def test_lockout_after_repeated_failures_survives_a_restart(tmp_path: Path) -> None:
    clock = Clock()
    events: list[TableEvent] = []
    pins = book(tmp_path / "pins", clock, events)
    pins.set_pin(Role.SUPERVISOR, "2468", by="first setup")
    assert [pins.verify(Role.SUPERVISOR, "0000").reason for _ in range(3)] == [
        "wrong_pin",
        "wrong_pin",
        "locked_out",
    ]
    restarted = book(tmp_path / "pins", clock, events)
    answer = restarted.verify(Role.SUPERVISOR, "2468")  # the right PIN, but locked out
    assert not answer.ok and answer.reason == "locked_out"
    assert restarted.locked_until(Role.SUPERVISOR) == clock.now + timedelta(minutes=15)
    assert restarted.verify(Role.CROUPIER, "2468").reason == "no_pin"

    clock.now += timedelta(minutes=16)
    assert restarted.verify(Role.SUPERVISOR, "2468").ok
    assert restarted.verify(Role.SUPERVISOR, "0000").failures == 1  # the count started over


def test_every_attempt_is_recorded_without_the_pin(tmp_path: Path) -> None:
    clock = Clock()
    events: list[TableEvent] = []
    pins = book(tmp_path / "pins", clock, events)
    pins.set_pin(Role.SUPERVISOR, "97531", by="technician")
    pins.verify(Role.SUPERVISOR, "97531")
    pins.verify(Role.SUPERVISOR, "11111")
    pins.verify(Role.TECHNICIAN, "11111")
    assert all(isinstance(event, SupervisorAction) for event in events)
    details = [(e.action, e.role, e.detail) for e in events]  # type: ignore[union-attr]
    assert details == [
        ("pin_set", "supervisor", "set by technician"),
        ("sign_in", "supervisor", "accepted"),
        ("sign_in", "supervisor", "refused: wrong PIN (1 of 3)"),
        ("sign_in", "technician", "refused: no PIN is set for this role"),
    ]
    assert not any("97531" in str(event) or "11111" in str(event) for event in events)


def test_sign_ins_go_into_the_journal(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal")
    controller = open_journaled(config)
    pins = PinBook(tmp_path / "pins", record=controller.note, cost=CHEAP)
    pins.set_pin(Role.SUPERVISOR, "8642", by="technician")
    pins.verify(Role.SUPERVISOR, "8642")
    controller.journal.close()
    kinds = [r.event.action for r in read_records(config) if r.event.type == "supervisor"]  # type: ignore[union-attr]
    assert kinds[-2:] == ["pin_set", "sign_in"]


def test_pin_set_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    config_file = tmp_path / "table.toml"
    config_file.write_text(
        f'[journal]\npath = "t.journal"\nkey = "{KEY}"\npin_file = "pins.json"\n',
        encoding="utf-8",
    )

    def run(lines: str, role: str) -> int:
        monkeypatch.setattr("sys.stdin", io.StringIO(lines))
        return main(["pin", "set", "--role", role, "--config", str(config_file)])

    assert run("1357\n1357\n", "technician") == 0  # first setup: no technician PIN yet
    assert run("2468\n2468\n0000\n", "supervisor") == 1  # the technician's PIN is wrong
    assert run("2468\n2468\n1357\n", "supervisor") == 0
    assert run("2468\n2469\n", "croupier") == 1  # the two differ
    out = capsys.readouterr()
    assert "supervisor PIN set" in out.out and "differ" in out.err
    pins = json.loads((tmp_path / "pins.json").read_text("utf-8"))
    assert set(pins["pins"]) == {"technician", "supervisor"}

    raw = sqlite3.connect(tmp_path / "t.journal")
    details = [json.loads(row[0]) for row in raw.execute("SELECT event FROM records")]
    assert [(d["action"], d["role"], d["detail"]) for d in details] == [
        ("pin_set", "technician", "set by first setup"),
        ("sign_in", "technician", "refused: wrong PIN (1 of 5)"),
        ("sign_in", "technician", "accepted"),
        ("pin_set", "supervisor", "set by technician"),
    ]
