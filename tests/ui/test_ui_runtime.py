"""The real thing: a mock shoe on its own thread, the table on another, the screens on the GUI
thread, joined by the adapter's queued signals."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from dealer_assist.table import commands as cmd
from dealer_assist.ui import wording
from dealer_assist.ui.app import TableApp
from tests.ui.conftest import ui_config


@pytest.fixture
def running(qtbot: Any, translations: Any) -> Any:
    config = replace(ui_config(), sources=("mock://?seed=3",))
    table = TableApp(config, autoplay=True)
    croupier, board = table.croupier_window(), table.scoreboard_window()
    for window in (croupier, board):
        qtbot.addWidget(window)
        window.resize(1280, 800)
        window.show()
    yield table
    table.close()


def test_coups_dealt_by_a_mock_shoe_reach_both_screens(qtbot: Any, running: TableApp) -> None:
    published: list[Any] = []
    running.controller.on_snapshot(published.append)
    with qtbot.waitSignal(running.adapter.snapshotChanged, timeout=5000):
        running.start()
    croupier, board = running.croupier, running.scoreboard
    assert croupier is not None and board is not None

    def ten_coups() -> bool:
        snapshot = croupier.snapshot
        return snapshot is not None and len(snapshot.history) >= 10

    qtbot.waitUntil(ten_coups, timeout=30_000)
    running.runtime.close()  # stop the table; what was published is on its way
    qtbot.waitUntil(lambda: croupier.snapshot is published[-1], timeout=5000)
    snapshot = croupier.snapshot
    assert croupier.banner.text == wording.instruction(snapshot.instruction)
    decided = [coup for coup in snapshot.history if not coup.voided and coup.winner]
    # The bead plate shows its last columns: six coups a column, the newest column maybe part
    # full (a busy machine lets the table deal many more coups than the plate holds).
    first_shown = max((len(decided) - 1) // 6 - board.roads.bead_plate.columns() + 1, 0)
    assert len(board.roads.bead_plate.placed()) == len(decided) - first_shown * 6
    assert board.counts.numbers["total"].text() == str(len(decided))
    assert any(seat.results or seat.box for seat in snapshot.seats)  # the players bet
    # A slow screen gets the newest snapshot, never a backlog of old ones.
    assert running.adapter.delivered <= len(published)


def test_a_refused_command_comes_back_on_the_gui_thread(qtbot: Any, running: TableApp) -> None:
    running.start()
    with qtbot.waitSignal(running.adapter.commandRejected, timeout=5000) as refused:
        running.adapter.submit(cmd.PlaceBet(seat=99, name="banker", amount="100"))
    assert refused.args[1:] == ["bad_seat", "there is no seat 99"]
    croupier = running.croupier
    assert croupier is not None
    qtbot.waitUntil(lambda: croupier.message.text() == "there is no seat 99")


def test_a_chemin_de_fer_coup_by_touch_on_a_running_table(qtbot: Any, translations: Any) -> None:
    """The bank worked by touch while a mock shoe on its own thread waits for "no more bets",
    then deals the coup by itself."""
    from PySide6.QtCore import Qt

    from dealer_assist.ui.dialogs import BetKeypadDialog, NameDialog

    config = replace(ui_config(table={"variant": "chemin-de-fer"}), sources=("mock://?seed=5",))
    table = TableApp(config)
    croupier = table.croupier_window()
    qtbot.addWidget(croupier)
    croupier.resize(1280, 800)
    croupier.show()
    panel = croupier.bank_panel
    try:
        with qtbot.waitSignal(table.adapter.snapshotChanged, timeout=5000):
            table.start()

        def touch(key: str) -> None:
            button = panel.buttons[key]
            qtbot.waitUntil(lambda: button.isVisible() and button.isEnabled(), timeout=5000)
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

        def answer_dialog() -> None:
            """OK on the suggested name, or 100 on the keypad."""
            qtbot.waitUntil(lambda: croupier.dialog is not None, timeout=5000)
            dialog = croupier.dialog
            if isinstance(dialog, BetKeypadDialog):
                for key in "100":
                    qtbot.mouseClick(dialog.keys[key], Qt.MouseButton.LeftButton)
            assert isinstance(dialog, BetKeypadDialog | NameDialog)
            qtbot.mouseClick(dialog.ok, Qt.MouseButton.LeftButton)

        for seat in (1, 2):
            croupier.seats.select(seat)
            touch("sit")
            answer_dialog()
        croupier.seats.select(1)
        touch("give_shoe")
        touch("put_up_bank")
        answer_dialog()
        qtbot.waitUntil(lambda: panel.headline.text() == "BANK 100 · held by seat 1 Punter 1")
        touch("close_calls")
        touch("cover")  # seat 2 covers the whole bank on its turn
        touch("no_more_bets")

        def settled() -> bool:
            decision = croupier.snapshot.decision if croupier.snapshot else None
            if decision is not None and croupier.stand.isVisible():
                qtbot.mouseClick(croupier.stand, Qt.MouseButton.LeftButton)
            return panel.settlement.text().startswith("Last coup: ")

        qtbot.waitUntil(settled, timeout=15_000)
        assert croupier.snapshot.phase == "complete"
        assert "seat 2 " in panel.settlement.text()
    finally:
        table.close()
