"""The practice screen (issue 26, point 3): offscreen, driven by touches, no sleeps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt

from dealer_assist.config import default_config
from dealer_assist.training.practice import PracticeTable, mock_practice
from dealer_assist.training.records import TrainingRecords
from dealer_assist.ui.training import TrainingWindow, rule_text


@pytest.fixture
def screen(qtbot: Any, translations: Any, tmp_path: Path) -> Iterator[TrainingWindow]:
    clock = [0.0]
    with TrainingRecords(path=tmp_path / "training.sqlite3") as records:
        _, practice = mock_practice(
            config=default_config(), records=records, trainee="Ana", seed=11, clock=lambda: clock[0]
        )
        window = TrainingWindow(practice, translations=translations)
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
        qtbot.waitExposed(window)
        yield window


def _expected(practice: PracticeTable) -> str:
    assert practice.task is not None
    return str(practice.task.prompt.expected_json())


def test_the_draw_and_the_totals_are_hidden_until_the_trainee_acts(
    qtbot: Any, screen: TrainingWindow
) -> None:
    practice = screen.practice
    assert practice.task is not None and practice.task.question == "player"
    assert screen.question.text() == "Does the Player draw?"
    assert [hand.total.text() for hand in screen.hands.values()] == ["?", "?"]
    assert screen.buttons["draw"].isVisible() and not screen.buttons["banker"].isVisible()
    while practice.task is not None and practice.task.question != "winner":
        qtbot.mouseClick(screen.buttons[_expected(practice)], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: screen.question.text() == "Call the coup: who wins?")
    assert [hand.total.text() for hand in screen.hands.values()] == ["?", "?"]
    winner = _expected(practice)
    qtbot.mouseClick(screen.buttons[winner], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: screen.verdict.text().startswith("Right"))
    # Called: the totals show (or the next coup's cards are out and hidden again).
    assert practice.judgements[-1].task.question == "winner"


def test_a_mistake_shows_the_rule_in_the_screens_language(
    qtbot: Any, screen: TrainingWindow, translations: Any
) -> None:
    practice = screen.practice
    wrong = "stand" if _expected(practice) == "draw" else "draw"
    qtbot.mouseClick(screen.buttons[wrong], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: screen.verdict.text().startswith("Wrong"))
    assert "Player draws on 0-5 and stands on 6 or 7." in screen.verdict.text()
    translations.set_language("zh_TW")
    qtbot.waitUntil(lambda: screen.verdict.text().startswith("錯誤"))
    assert "閒家 0-5 點補牌" in screen.verdict.text()
    assert (
        rule_text(
            "Banker 3: draws against a Player's third card of 0-7, 9; when the Player "
            "stands, the Banker draws."
        )
        == "莊家 3 點：對閒家第三張牌為 0-7, 9補牌；閒家停牌時，莊家補牌。"
    )
    translations.set_language("en")


def test_a_payout_is_keyed_in_and_the_pace_shown(qtbot: Any, screen: TrainingWindow) -> None:
    practice = screen.practice
    for _ in range(200):
        task = practice.task
        assert task is not None
        if task.question == "pay":
            break
        practice.act(_expected(practice))
    else:
        pytest.fail("no payout in 200 answers")
    qtbot.waitUntil(screen.keypad.isVisible)
    for key in _expected(practice):
        qtbot.mouseClick(screen.keypad.keys[key], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(screen.keypad.ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: practice.judgements[-1].task.question == "pay")
    assert practice.judgements[-1].correct
    assert "hands an hour · target 60" in screen.pace.text()
