"""The pit boss's screen, fed by real (seeded, simulated) tables through the pit's model."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealer_assist.pit.model import PitModel
from dealer_assist.pit.topics import topic
from dealer_assist.table.commands import Role
from dealer_assist.ui.auth import DemoPinVerifier
from dealer_assist.ui.pit_screen import PitWindow, demo_model


def shown_pit(qtbot: Any, model: PitModel, *, size: tuple[int, int] | None = None) -> PitWindow:
    """The pit's window on ``model``, at ``size`` if given, shown and exposed."""
    window = PitWindow(model)
    qtbot.addWidget(window)
    if size is not None:
        window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    return window


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
    assert "T02 #7 Shoe jam: a card is stuck" in window.alerts.item(0).text()
    assert "#7 Shoe jam" in window.tiles["T02"].alerts.text()
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


def test_many_tables_scroll_and_a_message_from_another_thread_is_drawn(qtbot: object) -> None:
    """200 tables: the window keeps its size (the tiles scroll), and a message taken in on the
    MQTT client's thread reaches its tile with no one calling refresh (the model signals)."""
    import threading

    source = demo_model(seed=5, tables=1, coups=3)
    summary, status = source.tables["T01"].summary, source.tables["T01"].status
    model = PitModel()
    for index in range(200):
        table = f"T{index + 1:03d}"
        model.on_message(topic(table, "status"), json.dumps({**status, "table": table}).encode())
        model.on_message(topic(table, "summary"), json.dumps({**summary, "table": table}).encode())
    window = shown_pit(qtbot, model, size=(1600, 900))
    assert len(window.tiles) == 200 and window.size().height() == 900
    window.timer.stop()  # the once-a-second look for silent tables: not what draws this
    tile = window.tiles["T150"]
    changed = {
        **summary,
        "table": "T150",
        "cards_left": 7,
        "alerts": [{"alert": 3, "code": "cut_card", "message": "cut card out", "hold": False}],
    }
    sender = threading.Thread(
        target=model.on_message, args=(topic("T150", "summary"), json.dumps(changed).encode())
    )
    sender.start()
    sender.join()
    qtbot.waitUntil(lambda: "7 cards left" in tile.shoe.text())  # type: ignore[attr-defined]
    assert "Cut card" in tile.alerts.text() and tile.alerts.isVisible()
    assert fits(tile.alerts) and fits(tile.shoe)  # the tile grew or shrank to its text
    assert window.alerts.count() == 1


def fits(label: Any) -> bool:
    """A label of a tile has the room its text needs, inside the tile."""
    needs = label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
    inside = label.parentWidget().contentsRect().contains(label.geometry())
    return bool(label.height() >= needs and label.minimumSizeHint().width() <= label.width()) and (
        inside
    )


def test_a_tile_grows_for_more_lines_and_cuts_nothing(qtbot: object) -> None:
    """Tiles have a fixed size (new text repaints one label, no layout beyond it): one that must
    show more lines than before (three alerts, a long result) grows to them."""
    source = demo_model(seed=5, tables=1, coups=3)
    summary = dict(source.tables["T01"].summary)
    model = PitModel()
    for index in range(12):
        table = f"T{index + 1:02d}"
        model.on_message(topic(table, "summary"), json.dumps({**summary, "last": None}).encode())
    window = shown_pit(qtbot, model, size=(1024, 768))
    tile = window.tiles["T05"]
    short = tile.height()
    long_hands = {
        "player": {"cards": ["TS", "TH", "TD"], "total": 0},
        "banker": {"cards": ["QS", "QH", "QD"], "total": 0},
    }
    alerts = [
        {"alert": n, "code": code, "message": code, "hold": False}
        for n, code in enumerate(("shoe_jam", "cut_card", "reader_lost"), start=1)
    ]
    last = {"coup": 4, "winner": "tie", "hands": long_hands}
    grown = {**summary, "last": last, "alerts": alerts}
    model.on_message(topic("T05", "summary"), json.dumps(grown).encode())
    window.refresh()
    assert "10♠ 10♥ 10♦" in tile.last.text() and "Reader lost" in tile.alerts.text()
    assert fits(tile.last) and fits(tile.alerts) and fits(tile.pace)
    assert tile.height() >= short + 3 * tile.alerts.fontMetrics().height()


def test_every_column_of_tiles_fits_across(qtbot: object) -> None:
    """The tiles of a row and the gaps between them fit the width the grid has (its
    horizontal scroll bar is off: a tile past the edge could not be reached)."""
    model = demo_model(seed=5, tables=8, coups=3)
    window = PitWindow(model)
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    for width in (1024, 1280, 1366, 1920):
        window.resize(width, 800)
        window.show()
        qtbot.waitExposed(window)  # type: ignore[attr-defined]
        across = window.grid_scroll.viewport().width()
        for tile in window.tiles.values():
            assert tile.geometry().right() < across, (width, tile.table)


def test_a_tile_shows_the_game_the_limits_its_alerts_in_red_and_the_pace(qtbot: object) -> None:
    """The demo pit's tables (mixed games and limits, dealt at a croupier's pace on their own
    seeded clocks): each tile names its game as the croupier's screens do, its main bets'
    limits as amounts are shown, hands per hour as a figure; the alerts the tables raised
    themselves (an extra card, a lost card shoe) are red on their tiles and in the pit's list."""
    import re

    from dealer_assist.ui import theme

    model = demo_model(seed=5, tables=8, coups=6)
    window = shown_pit(qtbot, model, size=(1600, 900))
    tiles = window.tiles
    games = {table: tile.game.text() for table, tile in tiles.items()}
    assert games["T01"] == "Punto Banco (5% commission)"
    assert games["T02"] == "EZ Baccarat (a three-card Banker 7 pushes Banker bets)"
    assert games["T03"] == "No-commission Punto Banco (a Banker win on 6 pays half)"
    assert games["T05"] == "Chemin de Fer"
    assert tiles["T01"].limits.text() == "limits 25 – 5,000"
    assert tiles["T04"].limits.text() == "limits 500 – 50,000"
    assert tiles["T08"].limits.text() == "limits 5 – 1,000"
    assert tiles["T03"].limits.text() == "limits 100 – 10,000"  # offline: its last summary
    # The alerts: raised by the tables' controllers, red on the tile and in the list.
    red = theme.BAD.name()
    assert tiles["T04"].alerts.text() == "#1 Extra card" and tiles["T04"].alerts.isVisible()
    assert tiles["T07"].alerts.text() == "#1 Device lost" and tiles["T07"].alerts.isVisible()
    assert red in tiles["T04"].alerts.styleSheet()
    assert not tiles["T01"].alerts.isVisible()
    rows = [window.alerts.item(row) for row in range(window.alerts.count())]
    assert [row.text() for row in rows][1:] == [
        "T07 #1 Device lost: mock://?seed=11 is lost: no answer"
    ]
    assert rows[0].text().startswith("T04 #1 Extra card: KD ")  # after a natural, or a third card
    assert all(row.foreground().color() == theme.BAD for row in rows)
    # Hands per hour: a figure, the table's own (its summary's shift), on every tile that
    # dealt two coups a minute apart.
    for table in ("T01", "T02", "T05", "T06"):
        pace = model.tables[table].summary["shift"]["hands_per_hour"]
        assert 30 <= pace <= 100, (table, pace)
        assert tiles[table].pace.text() == f"{pace:.0f} hands/hour"
        assert re.fullmatch(r"\d+ hands/hour", tiles[table].pace.text())
    chemin_de_fer = model.tables["T05"].summary["shift"]["hands_per_hour"]
    punto_banco = model.tables["T01"].summary["shift"]["hands_per_hour"]
    assert chemin_de_fer < punto_banco  # a slower game, a slower pace
    for tile in tiles.values():
        assert fits(tile.game) and fits(tile.limits) and fits(tile.pace), tile.table
    # The same seed, the same pit.
    again = demo_model(seed=5, tables=8, coups=6)
    assert {t: v.summary["shift"] for t, v in again.tables.items()} == {
        t: v.summary["shift"] for t, v in model.tables.items()
    }


def test_an_older_tables_summary_without_limits_shows_none(qtbot: object) -> None:
    """A table of an earlier version publishes no ``limits`` nor ``variant_title``: its tile
    shows no limits (nothing guessed) and names the game from the variant; a summary that
    says them later shows them."""
    source = demo_model(seed=5, tables=1, coups=3)
    summary = dict(source.tables["T01"].summary)
    older = {k: v for k, v in summary.items() if k not in ("limits", "variant_title")}
    older["variant"] = "no-commission"
    model = PitModel()
    model.on_message(topic("T01", "summary"), json.dumps(older).encode())
    window = shown_pit(qtbot, model)
    tile = window.tiles["T01"]
    assert tile.game.text() == "No-commission Punto Banco (a Banker win on 6 pays half)"
    assert tile.limits.isHidden() and tile.limits.text() == ""
    model.on_message(topic("T01", "summary"), json.dumps(summary).encode())
    window.refresh()
    assert tile.limits.text() == "limits 25 – 5,000" and not tile.limits.isHidden()
    assert tile.game.text() == "Punto Banco (5% commission)"
    assert fits(tile.limits) and fits(tile.pace)  # the tile grew a line for them
