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
    assert len(board.bead_plate.placed()) == min(len(decided), board.bead_plate.columns() * 6)
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
