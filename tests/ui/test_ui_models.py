"""Every item model passes Qt's model tester, and reports the smallest change it can."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from dealer_assist.drivers.base import CardRead, SourceStatus, StatusChanged
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.snapshot import Snapshot
from dealer_assist.ui.models import (
    AlertsModel,
    CoupBetsModel,
    DevicesModel,
    ItemRole,
    RecallModel,
    SeatsModel,
    StepsModel,
)
from tests.table.helpers import FakeClock, feed
from tests.ui.conftest import ui_config


def busy_table(*, alerts: bool = True) -> TableController:
    """Bets on three seats, two coups played, a device lost, two alerts open."""
    table = TableController(ui_config(), clock=FakeClock())
    table.begin()
    table.execute(cmd.PlaceBet(seat=1, name="banker", amount="100"))
    table.execute(cmd.PlaceBet(seat=2, name="player", amount="50"))
    table.execute(cmd.PlaceBet(seat=2, name="tie", amount="10"))
    feed(table, "4S 3H AD KC 9H 5C")
    table.execute(cmd.CloseCoup())
    table.execute(cmd.PlaceBet(seat=3, name="player", amount="25"))
    feed(table, "9S 2H KD 5C")
    if not alerts:
        return table
    table.on_source_event(StatusChanged(source="shoe", status=SourceStatus.LOST, detail="cable"))
    table.on_source_event(CardRead(source="shoe", card=None, raw=b""))
    return table


@pytest.fixture
def snapshot() -> Snapshot:
    return busy_table().snapshot


def test_seats_model(qtmodeltester: Any) -> None:
    model = SeatsModel()
    model.update(busy_table(alerts=False).snapshot)
    qtmodeltester.check(model)
    assert model.rowCount() == 7 and model.columnCount() == 6
    assert model.index(0, SeatsModel.BOX).data() == "5"
    assert model.index(2, SeatsModel.RESULT).data() == "Player win · pay 25"
    assert model.index(2, SeatsModel.PAYOUT).data() == "25"
    assert model.headerData(SeatsModel.COMMISSION, Qt.Orientation.Horizontal) == "Commission"
    assert model.index(1, 0).data(ItemRole).seat == 2


def test_alerts_and_devices_models(qtmodeltester: Any, snapshot: Snapshot) -> None:
    alerts = AlertsModel()
    alerts.update(snapshot)
    qtmodeltester.check(alerts)
    assert alerts.rowCount() == 2
    assert alerts.index(0, 0).data() == "Device lost: shoe is lost: cable"
    assert alerts.index(1, 0).data(ItemRole).hold
    devices = DevicesModel()
    devices.update(snapshot)
    qtmodeltester.check(devices)
    assert (devices.index(0, 0).data(), devices.index(0, 1).data()) == ("shoe", "LOST")


def test_recall_models(qtmodeltester: Any, snapshot: Snapshot) -> None:
    recall = RecallModel()
    recall.update(snapshot)
    qtmodeltester.check(recall)
    assert recall.rowCount() == 2
    assert recall.index(0, 0).data() == "Shoe 1, coup 2: Player 9 – 7"  # newest first
    assert recall.index(1, 0).data() == "Shoe 1, coup 1: Banker 4 – 8"
    first = recall.index(1, 0).data(ItemRole)
    bets = CoupBetsModel()
    bets.set_coup(first)
    qtmodeltester.check(bets)
    assert [bets.index(r, 1).data() for r in range(bets.rowCount())] == [
        "Banker",
        "Player",
        "Tie",
    ]
    assert [bets.index(0, c).data() for c in range(7)] == [
        "1",
        "Banker",
        "100",
        "win",
        "100",
        "5",
        "+95",
    ]
    steps = StepsModel()
    steps.set_coup(first)
    qtmodeltester.check(steps)
    assert steps.rowCount() == len(first.steps)
    assert steps.index(1, 0).data() == f"2. {first.steps[1]}"
    for model in (bets, steps):
        model.set_coup(None)
        qtmodeltester.check(model)
        assert model.rowCount() == 0


def test_a_change_to_one_seat_repaints_one_row(qtbot: Any) -> None:
    table = TableController(ui_config(), clock=FakeClock())
    table.begin()
    model = SeatsModel()
    model.update(table.snapshot)
    table.execute(cmd.PlaceBet(seat=4, name="banker", amount="20"))
    with (
        qtbot.assertNotEmitted(model.modelReset),
        qtbot.waitSignal(model.dataChanged, check_params_cb=lambda top, bottom, *_: top.row() == 3),
    ):
        model.update(table.snapshot)
    with qtbot.assertNotEmitted(model.dataChanged):
        model.update(table.snapshot)  # nothing changed: nothing repaints
