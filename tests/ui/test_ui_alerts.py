"""Every alert the table can raise, on the croupier's screen in Chinese: its title, message and
fix translated, none cut, at the smallest screen (tests/ui/test_ui_walk.py's checks).

The codes and fixes are read from the table's code (every ``code=``/``fix=`` it writes, the
device and health fixes), so a new alert fails here until the screens can say it. A message no
pattern knows (a device's words) shows its code's meaning, with the original beneath for IT."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from dealer_assist.table import controller
from dealer_assist.table.controller import DEVICE_FAULT_FIXES, HEALTH_PROBLEMS
from dealer_assist.table.snapshot import AlertView
from dealer_assist.ui import wording
from dealer_assist.ui.dialogs import AlertPanel
from dealer_assist.ui.i18n import Translations
from tests.ui.test_ui_walk import CHINESE, cut_texts, english_left, texts

TABLE = Path(wording.__file__).resolve().parent.parent / "table"
# Codes raised from values, not literals: the card account's, the tableau's misdeals.
RAISED_FROM_VALUES = {"duplicate", "foreign", "wrong_hand", "hand_stands", "unknown_hand"}


def raised_alerts() -> dict[str, str]:
    """Every alert code the table's code raises, with the fix it gives ("" when none is
    written as a sentence: ``FIX_FROM_CARDS`` when the fix is worded from the cards)."""
    found: dict[str, str] = {}
    for path in sorted(TABLE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            keywords = {k.arg: k.value for k in node.keywords if k.arg}
            code, fix = keywords.get("code"), keywords.get("fix")
            if isinstance(node.func, ast.Attribute) and node.func.attr == "_alert":
                code = node.args[0] if node.args else code
                fix = node.args[2] if len(node.args) > 2 else fix
            if isinstance(code, ast.Name):  # a constant of the module, e.g. PROGRAM_FAILED
                code = ast.Constant(getattr(controller, code.id, None))
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                continue
            if isinstance(fix, ast.Constant):
                found.setdefault(code.value, fix.value)
            elif isinstance(fix, ast.JoinedStr):
                found.setdefault(code.value, FIX_FROM_CARDS)
            else:
                found.setdefault(code.value, "")
    found.update(HEALTH_PROBLEMS)
    found.update(DEVICE_FAULT_FIXES)
    for code in RAISED_FROM_VALUES:
        found.setdefault(code, "")
    return found


FIX_FROM_CARDS = "Move 7♥ to Banker, then acknowledge; or a supervisor voids the coup"
ALERTS = raised_alerts()


def test_every_alert_is_found_with_its_fix() -> None:
    assert {"unreadable_card", "card_misplaced", "bets_open", "card_before_turn"} <= set(ALERTS)
    assert {"program_verification_failed", "watchdog_restart", "camera_moved"} <= set(ALERTS)
    for code, fix in ALERTS.items():
        assert code in wording.ALERTS and code in wording.SUMMARIES, code
        if fix == FIX_FROM_CARDS:
            assert code in wording.CODE_FIXES, code
        elif fix:
            assert fix in wording.FIXES, (code, fix)


@pytest.fixture(scope="module")
def translations(qapp: Any) -> Any:
    found = Translations()
    yield found
    found.set_language("en")


@pytest.mark.parametrize("language", CHINESE)
def test_every_alert_is_said_in_chinese_and_fits(translations: Any, language: str) -> None:
    window = QWidget()
    window.resize(1024, 768)
    panel = AlertPanel(window)
    window.show()
    problems: list[str] = []
    # A message no pattern knows, an unknown code (a refused command from the shoe's button).
    for code, fix in {**ALERTS, "coup_in_progress": ""}.items():
        alert = AlertView(
            alert=1,
            code=code,
            message="the device says something new about card 7H",
            fix=fix,
            hold=True,
            options=("acknowledge", "set_aside", "accept_card", "void_coup"),
        )
        translations.set_language(language)
        panel.set_alert(alert, 2)
        panel.setGeometry(20, 20, 984, 728)
        for _ in range(3):
            QApplication.processEvents()
        problems += [f"{code}: {cut}" for cut in cut_texts(panel, (1024, 768))]
        problems += [
            f"{code}: {where} {text!r}"
            for where, text in texts(panel).values()
            if english_left(text)
        ]
        assert panel.original.isVisible() and "card 7H" in panel.original.text()
        translations.set_language("en")
        panel.retranslate()
        assert panel.message.text() == alert.message and not panel.original.isVisible()
    window.close()
    assert problems == []
