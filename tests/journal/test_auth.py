"""PINs: salted keyed scrypt hashes in an authenticated file, a lockout that survives a restart
and an edit of the file, every attempt journaled."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from dealer_assist.cli import main
from dealer_assist.config import load_config
from dealer_assist.journal.auth import PinBook, PinError, pin_file_path
from dealer_assist.journal.keys import JournalKey
from dealer_assist.table.commands import Role
from dealer_assist.table.events import SupervisorAction, TableEvent
from dealer_assist.ui.auth import table_verifier
from tests.journal.helpers import KEY, make_config, open_journaled, read_records

CHEAP = 2**8  # scrypt cost for tests; the file stores it, real PINs use 2**15
JOURNAL_KEY = JournalKey.from_text(KEY)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def book(path: Path, clock: Clock, events: list[TableEvent]) -> PinBook:
    return PinBook(
        path,
        key=JOURNAL_KEY,
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
    pins = PinBook(tmp_path / "pins", key=JOURNAL_KEY, record=controller.note, cost=CHEAP)
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
    assert "6 or more digits are advised" in capsys.readouterr().err
    assert run("2468\n2468\n0000\n", "supervisor") == 1  # the technician's PIN is wrong
    assert run("2468\n2468\n1357\n", "supervisor") == 0
    assert run("2468\n2469\n", "croupier") == 1  # the two differ
    out = capsys.readouterr()
    assert "supervisor PIN set" in out.out and "differ" in out.err
    assert run("864213\n864213\n1357\n", "croupier") == 0
    assert "advised" not in capsys.readouterr().err
    pins = json.loads((tmp_path / "pins.json").read_text("utf-8"))
    assert set(pins["pins"]) == {"technician", "supervisor", "croupier"}

    raw = sqlite3.connect(tmp_path / "t.journal")
    details = [json.loads(row[0]) for row in raw.execute("SELECT event FROM records")]
    assert [(d["action"], d["role"], d["detail"]) for d in details] == [
        ("pin_set", "technician", "set by first setup"),
        ("sign_in", "technician", "refused: wrong PIN (1 of 5)"),
        ("sign_in", "technician", "accepted"),
        ("pin_set", "supervisor", "set by technician"),
        ("sign_in", "technician", "accepted"),
        ("pin_set", "croupier", "set by technician"),
    ]


def test_pin_set_and_the_screens_use_one_pin_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without [journal] pin_file, the journal's path with ``.pins``: where ``pin set`` writes
    is where the touchscreen's verifier reads; with neither, ``pin set`` refuses (exit 2)."""
    config_file = tmp_path / "table.toml"
    config_file.write_text(f'[journal]\npath = "t.journal"\nkey = "{KEY}"\n', encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("135791\n135791\n"))
    assert main(["pin", "set", "--role", "technician", "--config", str(config_file)]) == 0
    written = tmp_path / "t.journal.pins"
    assert f"technician PIN set in {written}" in capsys.readouterr().out
    config = load_config(config_file)
    assert pin_file_path(config) == written
    verifier = table_verifier(config)
    assert isinstance(verifier, PinBook) and verifier.path == written
    assert verifier.verify(Role.TECHNICIAN, "135791").ok
    assert pin_file_path(replace(config, journal=None)) is None
    no_journal = tmp_path / "bare.toml"
    no_journal.write_text(f'[journal]\nkey = "{KEY}"\n', encoding="utf-8")
    assert main(["pin", "set", "--role", "technician", "--config", str(no_journal)]) == 2
    assert "give --pin-file" in capsys.readouterr().err


def edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """What someone with write access to the PIN file (but not the journal key) can do."""
    data = json.loads(path.read_text("utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_removing_the_failure_count_does_not_lift_a_lockout(tmp_path: Path) -> None:
    clock = Clock()
    events: list[TableEvent] = []
    pins = book(tmp_path / "pins", clock, events)
    pins.set_pin(Role.SUPERVISOR, "2468", by="first setup")
    assert [pins.verify(Role.SUPERVISOR, "0000").reason for _ in range(3)][-1] == "locked_out"
    edit(tmp_path / "pins", lambda data: data["failures"].clear())
    for reader in (pins, book(tmp_path / "pins", clock, events)):  # running, and restarted
        answer = reader.verify(Role.SUPERVISOR, "2468")
        assert not answer.ok and answer.reason == "pin_file_altered"
    assert events[-1].detail.startswith("refused: the PIN file")  # type: ignore[attr-defined]
    assert "was altered" in events[-1].detail  # type: ignore[attr-defined]
    with pytest.raises(PinError, match="was altered"):
        pins.set_pin(Role.SUPERVISOR, "1111", by="technician")


def test_replacing_a_hash_does_not_set_a_pin(tmp_path: Path) -> None:
    pins = book(tmp_path / "pins", Clock(), [])
    pins.set_pin(Role.TECHNICIAN, "13579", by="first setup")
    pins.set_pin(Role.SUPERVISOR, "24680", by="technician")
    stored = json.loads((tmp_path / "pins").read_text("utf-8"))["pins"]

    def chosen(data: dict[str, Any]) -> None:  # a hash of "0000" made as the old file's were
        salt = bytes(16)
        plain = hashlib.scrypt(b"0000", salt=salt, n=CHEAP, r=8, p=1, dklen=32)
        data["pins"]["technician"].update(salt=salt.hex(), hash=plain.hex())

    edit(tmp_path / "pins", chosen)
    assert book(tmp_path / "pins", Clock(), []).verify(Role.TECHNICIAN, "0000").reason == (
        "pin_file_altered"
    )
    # The supervisor's entry copied to the technician: refused too.
    edit(tmp_path / "pins", lambda data: data["pins"].update(technician=stored["supervisor"]))
    assert not book(tmp_path / "pins", Clock(), []).verify(Role.TECHNICIAN, "24680").ok


def test_an_older_copy_put_back_is_refused(tmp_path: Path) -> None:
    clock = Clock()
    pins = book(tmp_path / "pins", clock, [])
    pins.set_pin(Role.SUPERVISOR, "2468", by="first setup")
    shutil.copy(tmp_path / "pins", tmp_path / "saved")
    pins.verify(Role.SUPERVISOR, "0000")
    pins.verify(Role.SUPERVISOR, "0000")
    shutil.copy(tmp_path / "saved", tmp_path / "pins")  # two failures forgotten
    assert pins.verify(Role.SUPERVISOR, "2468").reason == "pin_file_altered"


def test_the_file_alone_allows_no_offline_search(tmp_path: Path) -> None:
    pins = book(tmp_path / "pins", Clock(), [])
    pins.set_pin(Role.SUPERVISOR, "4321", by="technician")
    entry = json.loads((tmp_path / "pins").read_text("utf-8"))["pins"]["supervisor"]
    salt = bytes.fromhex(entry["salt"])
    # The search that broke a 4-digit PIN in 68 s: scrypt of each candidate with the stored
    # salt and parameters. Even the right PIN no longer gives the stored hash without the key.
    plain = hashlib.scrypt(b"4321", salt=salt, n=entry["n"], r=entry["r"], p=entry["p"], dklen=32)
    assert plain.hex() != entry["hash"]
    other_key = PinBook(tmp_path / "pins", key=JournalKey.from_text("another key, 16 chars+"))
    assert other_key.verify(Role.SUPERVISOR, "4321").reason == "pin_file_altered"


def test_a_file_of_the_old_format_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pins").write_text(
        json.dumps({"format": "dealer-assist pins 1", "pins": {}, "failures": {}}), "utf-8"
    )
    with pytest.raises(PinError, match="old format"):
        book(tmp_path / "pins", Clock(), []).has_pin(Role.TECHNICIAN)
