"""The touchscreen's PINs: the journal's authenticated PIN file on a production table, demo PINs
only on a simulated table without a journal key, and a real table without a PIN file refusing
every supervisor action with the way to set the PINs."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QAbstractButton

from dealer_assist.cli import main
from dealer_assist.config import TableConfig, load_config
from dealer_assist.journal.auth import PinBook
from dealer_assist.table import commands as cmd
from dealer_assist.table.events import SupervisorAction
from dealer_assist.ui.app import TableApp
from dealer_assist.ui.auth import DemoPinVerifier, NoPinStore, table_verifier
from dealer_assist.ui.dialogs import PinDialog, SupervisorDialog
from tests.journal.helpers import KEY, read_records
from tests.ui.conftest import ui_config

SHOE = "serial:///dev/ttyUSB7?key=" + "5a" * 32  # a real smart shoe (never opened here)
SLOW_MOCK = "mock://?pace=60"  # deals nothing while a test runs


def click(qtbot: Any, button: QAbstractButton) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def enter_pin(qtbot: Any, dialog: PinDialog, digits: str) -> None:
    for digit in digits:
        click(qtbot, dialog.keys[digit])
    click(qtbot, dialog.ok)


def ask_supervisor(qtbot: Any, table: TableApp, digits: str) -> PinDialog:
    """Touch Supervisor and enter ``digits``; the PIN dialog."""
    window = table.croupier_window()
    click(qtbot, window.supervisor)
    dialog = window.dialog
    assert isinstance(dialog, PinDialog)
    enter_pin(qtbot, dialog, digits)
    return dialog


@pytest.fixture
def tables(qtbot: Any, translations: Any) -> Iterator[Any]:
    """Opens TableApps with their croupier's window shown; closes them afterwards."""
    opened: list[TableApp] = []

    def open_table(config: TableConfig, *, start: bool = False) -> TableApp:
        table = TableApp(config)
        opened.append(table)
        window = table.croupier_window()
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        if start:
            with qtbot.waitSignal(table.adapter.snapshotChanged, timeout=5000):
                table.start()
        return table

    yield open_table
    for table in opened:
        table.close()


def journaled_table(folder: Path, *, attempts: int = 5) -> Path:
    """A production table's configuration file: a journal, its key and a PIN file."""
    path = folder / "table.toml"
    path.write_text(
        f'sources = ["{SLOW_MOCK}"]\n'
        "[table]\nshuffle_check = false\n[odds]\nadvantage_alerts = false\n"
        f'[journal]\npath = "t.journal"\nkey = "{KEY}"\npin_file = "pins.json"\n'
        f"pin_attempts = {attempts}\n",
        encoding="utf-8",
    )
    return path


def pin_set(monkeypatch: pytest.MonkeyPatch, config_file: Path, role: str, lines: str) -> int:
    """``dealer-assist pin set`` as IT runs it, the PINs on standard input."""
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    return main(["pin", "set", "--role", role, "--config", str(config_file)])


def supervisor_records(config: TableConfig) -> list[tuple[str, str, str]]:
    """The journal's supervisor actions (but the configuration the table started with)."""
    return [
        (r.event.action, r.event.role, r.event.detail)
        for r in read_records(config)
        if isinstance(r.event, SupervisorAction) and r.event.action != "configuration"
    ]


# --- which verifier a table gets ------------------------------------------------------------


def test_demo_pins_only_on_a_simulated_table_without_a_journal_key(tmp_path: Path) -> None:
    for sources in (("mock://",), ("mockshoe://?seed=1",), ("mock://", "replay:///x.jsonl")):
        assert isinstance(table_verifier(replace(ui_config(), sources=sources)), DemoPinVerifier)
    for sources in ((SHOE,), ("mock://", "pcsc://"), ("camera://0",), ()):
        assert isinstance(table_verifier(replace(ui_config(), sources=sources)), NoPinStore)
    keyed = replace(
        ui_config(), sources=("mock://",), journal=tmp_path / "t.journal", journal_key=KEY
    )
    book = table_verifier(keyed)
    assert isinstance(book, PinBook) and book.path == tmp_path / "t.journal.pins"
    # A key but nowhere to keep the PINs: refused, never the demo PINs.
    assert isinstance(table_verifier(replace(keyed, journal=None)), NoPinStore)


# --- a real table without a PIN file -------------------------------------------------------------


def test_a_real_source_table_refuses_the_demo_pins(qtbot: Any, tables: Any) -> None:
    table = tables(replace(ui_config(), sources=(SHOE,)))
    dialog = ask_supervisor(qtbot, table, "2468")
    window = table.croupier
    assert window.dialog is dialog and dialog.isVisible()  # no supervisor actions
    assert not isinstance(window.dialog, SupervisorDialog)
    assert dialog.error.text() == (
        "This table deals real cards and has no PIN file: supervisor actions are refused. "
        "IT gives the table a journal key ([journal] key) and sets the PINs with: "
        "dealer-assist pin set --role supervisor --config TABLE.toml"
    )
    error, key = dialog.error, dialog.keys["1"]

    def shown_in_full() -> bool:  # the dialog grew: the whole text, above the keys
        whole = error.height() >= error.heightForWidth(error.width())
        return whole and error.geometry().bottom() < key.geometry().top()

    qtbot.waitUntil(shown_in_full, timeout=2000)
    enter_pin(qtbot, dialog, "1357")  # nor the technician's demo PIN
    assert dialog.isVisible() and "has no PIN file" in dialog.error.text()


def test_the_refusal_names_the_tables_configuration(
    qtbot: Any, tables: Any, tmp_path: Path
) -> None:
    config_file = tmp_path / "table.toml"
    config_file.write_text(f'sources = ["{SHOE}"]\n', encoding="utf-8")
    table = tables(load_config(config_file))
    dialog = ask_supervisor(qtbot, table, "2468")
    assert dialog.error.text().endswith(
        f"dealer-assist pin set --role supervisor --config {config_file}"
    )


# --- a production table: the journal's PIN file -------------------------------------------------


def test_the_pin_set_with_pin_set_opens_the_supervisor_actions_and_both_are_journaled(
    qtbot: Any, tables: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config_file = journaled_table(tmp_path)
    assert pin_set(monkeypatch, config_file, "supervisor", "864213\n864213\n") == 0
    config = load_config(config_file)
    table = tables(config, start=True)
    window = table.croupier
    dialog = ask_supervisor(qtbot, table, "2468")  # the demo PIN is nobody's here
    assert dialog.isVisible() and dialog.error.text() == "Wrong PIN"
    enter_pin(qtbot, dialog, "864213")
    actions = window.dialog
    assert isinstance(actions, SupervisorDialog) and not dialog.isVisible()
    with qtbot.waitSignal(table.adapter.commandAccepted, timeout=5000) as accepted:
        click(qtbot, actions.end_shoe)
    assert accepted.args == [cmd.EndShoe(reason="supervisor", role=cmd.Role.SUPERVISOR)]
    table.close()
    assert supervisor_records(config) == [
        ("pin_set", "supervisor", "set by first setup"),
        ("sign_in", "supervisor", "refused: wrong PIN (1 of 5)"),
        ("sign_in", "supervisor", "accepted"),
        ("end_shoe", "supervisor", "supervisor"),
    ]


def test_a_locked_out_role_is_refused_and_the_croupier_sees_until_when(
    qtbot: Any, tables: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config_file = journaled_table(tmp_path, attempts=2)
    assert pin_set(monkeypatch, config_file, "supervisor", "864213\n864213\n") == 0
    config = load_config(config_file)
    table = tables(config, start=True)
    dialog = ask_supervisor(qtbot, table, "1111")
    assert dialog.error.text() == "Wrong PIN"
    enter_pin(qtbot, dialog, "2222")
    locked = dialog.error.text()
    assert locked.startswith("Too many wrong PINs: this role is locked until ")
    enter_pin(qtbot, dialog, "864213")  # the right PIN, but locked out
    assert dialog.isVisible() and dialog.error.text() == locked
    assert not isinstance(table.croupier.dialog, SupervisorDialog)
    table.close()
    details = [detail for action, _, detail in supervisor_records(config)[-3:]]
    assert details[0] == "refused: wrong PIN (1 of 2)"
    assert details[1].startswith("refused: wrong PIN (2 of 2), locked out until ")
    assert details[2].startswith("refused: locked out until ")


def test_a_tampered_pin_file_refuses_every_pin_and_the_croupier_sees_why(
    qtbot: Any,
    tables: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    translations: Any,
) -> None:
    config_file = journaled_table(tmp_path)
    assert pin_set(monkeypatch, config_file, "supervisor", "864213\n864213\n") == 0
    pins = tmp_path / "pins.json"
    data = json.loads(pins.read_text("utf-8"))
    data["pins"]["supervisor"]["set_at"] = "2020-01-01T00:00:00+00:00"  # any edit at all
    pins.write_text(json.dumps(data), encoding="utf-8")
    config = load_config(config_file)
    table = tables(config, start=True)
    dialog = ask_supervisor(qtbot, table, "864213")  # the right PIN
    assert dialog.isVisible() and not isinstance(table.croupier.dialog, SupervisorDialog)
    english = (
        "The PIN file was changed outside the table or cannot be read: every PIN is refused. "
        "Call a technician: restore the PIN file from the backup, or set the PINs again."
    )
    assert dialog.error.text() == english
    translations.set_language("zh_TW")
    expected = QCoreApplication.translate("PinDialog", english)
    assert expected != english
    qtbot.waitUntil(lambda: dialog.error.text() == expected)  # LanguageChange is posted
    table.close()
    action, role, detail = supervisor_records(config)[-1]
    assert (action, role) == ("sign_in", "supervisor")
    assert detail.startswith(f"refused: the PIN file {pins} was altered")


def test_a_pin_file_without_the_role_says_how_to_set_it(
    qtbot: Any, tables: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config_file = journaled_table(tmp_path)
    assert pin_set(monkeypatch, config_file, "technician", "975310\n975310\n") == 0
    table = tables(load_config(config_file))
    dialog = ask_supervisor(qtbot, table, "975310")
    assert dialog.error.text() == (
        "No PIN is set for this role. IT sets it with: "
        f"dealer-assist pin set --role supervisor --config {config_file}"
    )
