"""The pit boss's screen, fed by real (seeded, simulated) tables through the pit's model."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest

pytest.importorskip("PySide6")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealer_assist.pit.topics import topic
from dealer_assist.table.commands import Role
from dealer_assist.ui.auth import DemoPinVerifier
from dealer_assist.ui.pit_screen import PitWindow, demo_model


def test_tiles_alerts_detail_and_the_shift_report(qtbot: object, tmp_path: Path) -> None:
    model = demo_model(seed=5, tables=3, coups=4)
    sent: list[tuple[str, dict[str, object]]] = []
    window = PitWindow(
        model,
        send=lambda table, command: sent.append((table, command)),
        verifier=DemoPinVerifier({Role.SUPERVISOR: "8642"}),
    )
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    assert sorted(window.tiles) == ["T01", "T02", "T03"]
    assert window.tiles["T03"].state.text().startswith("OFFLINE since")
    assert window.tiles["T01"].state.text().startswith("online since")
    summary = dict(model.tables["T02"].summary)
    summary["alerts"] = [
        {"alert": 7, "code": "shoe_jam", "message": "a card is stuck", "hold": True}
    ]
    model.on_message(topic("T02", "summary"), json.dumps(summary).encode())
    window.refresh()
    assert window.alerts.count() == 1
    assert "T02 #7 shoe_jam" in window.alerts.item(0).text()
    assert "shoe_jam" in window.tiles["T02"].alerts.text()
    # Acknowledged with the pit boss's PIN: journaled at the pit, sent to the table.
    assert not window.acknowledge_with_pin("T02", 7, "0000")
    assert model.acknowledgements() == [] and sent == []
    assert window.acknowledge_with_pin("T02", 7, "8642")
    assert [(t, a) for _, t, a, _ in model.acknowledgements()] == [("T02", 7)]
    assert sent[0][0] == "T02" and sent[0][1]["type"] == "acknowledge_alert"
    assert sent[0][1]["alert"] == 7
    window.select("T01")
    assert window.pages.currentWidget() is window.detail
    coups = model.count("T01", "coup_completed")
    assert f"Coups {coups}" in window.detail.shift.text()
    last = model.events_of("T01", "coup_completed")[-1]
    newest = window.detail.recall.item(0).text()
    assert newest.startswith(f"{last['coup']}  {last['winner'].capitalize()}")
    window.show_grid()
    assert window.pages.currentWidget() is window.grid_scroll and window.selected is None
    path = window.export_report(tmp_path / "shift.csv")
    assert path is not None
    with path.open(encoding="utf-8") as report:
        rows = {row["table"]: row for row in csv.DictReader(report)}
    assert sorted(rows) == ["T01", "T02", "T03"]
    for table, row in rows.items():
        completed = model.events_of(table, "coup_completed")
        assert int(row["coups"]) == len(completed)
        assert int(row["banker"]) == sum(c["winner"] == "banker" for c in completed)
        assert row["house_result"] != ""  # the simulated players bet
