"""A Baccarat Banque table in the pit: each tableau's result against the bank on its tile, in
its detail and in the shift report (Banque has no Banker/Player/Tie result and no roads)."""

from __future__ import annotations

import csv
import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("PySide6")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealer_assist.pit.model import PitModel
from dealer_assist.pit.report import COLUMNS, shift_csv
from dealer_assist.pit.topics import topic
from dealer_assist.ui.pit_screen import PitWindow, demo_model

#: A Banque table and a Chemin de Fer table (the two bank games), dealt from seeded shoes.
GAMES = (("banque", "50", "5000", 90.0), ("chemin-de-fer", "50", "5000", 90.0))
SIDE_COLUMNS = [f"{s}_{r}" for s in ("right", "left") for r in ("win", "lose", "standoff")]


@pytest.fixture(scope="module")
def model() -> PitModel:
    return demo_model(seed=42, tables=2, coups=6, games=GAMES)


def side_tally(coups: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    counts = Counter((side, result) for coup in coups for side, result in coup["sides"].items())
    return {
        side: {result: counts[side, result] for result in ("win", "lose", "standoff")}
        for side in ("right", "left")
    }


def test_the_summary_says_each_tableau_s_result_and_tally(model: PitModel) -> None:
    summary = model.tables["T01"].summary
    completed = model.events_of("T01", "coup_completed")
    assert summary["game"] == "banque" and len(completed) == 5
    last = summary["last"]
    assert last["winner"] is None  # no Banker/Player result at Banque
    assert last["sides"] == completed[-1]["sides"] == {"right": "lose", "left": "lose"}
    assert last["hands"] == {
        "right": {"cards": ["3C", "7D"], "total": 0},
        "left": {"cards": ["5H", "5S"], "total": 0},
        "banker": {"cards": ["JS", "9C"], "total": 9},
    }
    assert summary["side_counts"] == side_tally(completed)  # one shoe: the shoe's and the shift's
    assert summary["shift"]["sides"] == side_tally(completed)
    assert summary["side_counts"]["right"] == {"win": 3, "lose": 1, "standoff": 1}
    assert summary["big_road"] == [] and summary["counts"] == {"banker": 0, "player": 0, "tie": 0}


def test_other_games_summaries_keep_their_shape(model: PitModel) -> None:
    summary = model.tables["T02"].summary
    completed = model.events_of("T02", "coup_completed")
    assert summary["last"]["winner"] == completed[-1]["winner"] in ("banker", "player", "tie")
    assert summary["last"]["sides"] == {} and summary["side_counts"] == {}
    assert summary["shift"]["sides"] == {}
    assert sum(summary["counts"].values()) == len(completed)
    assert summary["big_road"]  # Chemin de Fer has its roads


def test_the_tile_and_the_detail_show_each_tableau(qtbot: object, model: PitModel) -> None:
    window = PitWindow(model, send=lambda table, command: None)
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    tile = window.tiles["T01"]
    assert tile.last.text() == ("Right loses · Left loses · R 3♣ 7♦ (0)  L 5♥ 5♠ (0)  B J♠ 9♣ (9)")
    assert tile.road.isHidden() and not tile.tableaux.isHidden()
    assert tile.tableaux.text().splitlines() == [
        "Right: won 3 · lost 1 · stood off 1",
        "Left: won 2 · lost 3 · stood off 0",
    ]
    other = window.tiles["T02"]
    assert other.last.text().startswith(("Banker · P ", "Player · P ", "Tie · P "))
    assert not other.road.isHidden() and other.tableaux.isHidden()

    window.select("T01")
    detail = window.detail
    assert detail.roads.isHidden() and not detail.tableaux.isHidden()
    assert detail.tableaux.text().startswith(
        "No roads at Banque: roads are for Punto Banco and Chemin de Fer"
    )
    assert "Right: won 3 · lost 1 · stood off 1" in detail.tableaux.text()
    assert detail.shift.text().startswith(
        "Coups 5 · Right: won 3 · lost 1 · stood off 1 · Left: won 2 · lost 3 · stood off 0"
    )
    completed = model.events_of("T01", "coup_completed")
    assert detail.recall.count() == len(completed)
    assert detail.recall.item(0).text() == (
        "5  Right loses · Left loses · natural  ·  R 3♣ 7♦ (0)  L 5♥ 5♠ (0)  B J♠ 9♣ (9)"
    )
    for row, coup in enumerate(reversed(completed)):
        text = detail.recall.item(row).text()
        assert text.startswith(f"{coup['coup']}  Right ")
        assert all(f"{initial} " in text for initial in ("R", "L", "B"))

    window.select("T02")  # Chemin de Fer: its roads, as before
    assert not detail.roads.isHidden() and detail.tableaux.isHidden()
    assert detail.shift.text().startswith("Coups 4 · Banker ")


def test_the_tile_in_chinese(qtbot: object, model: PitModel) -> None:
    from dealer_assist.ui.i18n import Translations

    translations = Translations()
    window = PitWindow(model, send=lambda table, command: None)
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    tile = window.tiles["T01"]
    wait = qtbot.waitUntil  # type: ignore[attr-defined]
    try:
        translations.set_language("zh_TW")  # every widget is told of the change
        wait(lambda: tile.last.text().startswith("右門輸 · 左門輸 · "))
        assert tile.tableaux.text().splitlines()[0] == "右門：贏 3 · 輸 1 · 和 1"
        window.select("T01")
        assert window.detail.tableaux.text().startswith("銀行百家樂不畫路單")
        assert window.detail.recall.item(0).text().startswith("5  右門輸 · 左門輸")
        translations.set_language("zh_CN")
        wait(lambda: tile.last.text().startswith("右门输 · 左门输 · "))
    finally:
        translations.set_language("en")


def test_an_older_banque_summary_says_no_roads(qtbot: object, model: PitModel) -> None:
    """A table of an earlier version sends no ``sides`` or ``side_counts``: its tile says why
    there is no road, and its last result as before ("-")."""
    summary = dict(model.tables["T01"].summary)
    del summary["side_counts"]
    summary["last"] = {k: v for k, v in summary["last"].items() if k != "sides"}
    pit = PitModel()
    pit.on_message(topic("T01", "summary"), json.dumps(summary).encode())
    window = PitWindow(pit, send=lambda table, command: None)
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    tile = window.tiles["T01"]
    assert tile.last.text().startswith("- · R 3♣ 7♦ (0)")
    assert tile.tableaux.text() == (
        "No roads at Banque: roads are for Punto Banco and Chemin de Fer"
    )


def test_the_shift_report_counts_each_tableau(model: PitModel, tmp_path: Path) -> None:
    assert list(COLUMNS[-6:]) == SIDE_COLUMNS  # after the earlier columns, which stay in place
    assert COLUMNS[:9] == (
        "table", "coups", "banker", "player", "tie", "hands_per_hour", "commission",
        "house_result", "alerts",
    )  # fmt: skip
    path = tmp_path / "shift.csv"
    path.write_text(shift_csv(model), "utf-8")
    with path.open(encoding="utf-8") as report:
        rows = {row["table"]: row for row in csv.DictReader(report)}
    banque = model.events_of("T01", "coup_completed")
    tally = side_tally(banque)
    assert rows["T01"]["coups"] == str(len(banque))
    assert {c: rows["T01"][c] for c in SIDE_COLUMNS} == {
        f"{s}_{r}": str(tally[s][r]) for s in ("right", "left") for r in tally[s]
    }
    assert [rows["T01"][c] for c in SIDE_COLUMNS] == ["3", "1", "1", "2", "3", "0"]
    assert (rows["T01"]["banker"], rows["T01"]["player"], rows["T01"]["tie"]) == ("0", "0", "0")
    chemin = model.events_of("T02", "coup_completed")
    assert rows["T02"]["banker"] == str(sum(c["winner"] == "banker" for c in chemin))
    assert rows["T02"]["player"] == str(sum(c["winner"] == "player" for c in chemin))
    assert [rows["T02"][c] for c in SIDE_COLUMNS] == [""] * 6  # not a game of tableaux


def test_the_demo_pit_has_a_banque_table(qtbot: object) -> None:
    """The README's demo pit (eight tables) shows a Banque table's tableaux in place of a road."""
    window = PitWindow(demo_model(seed=42, tables=8, coups=12))
    qtbot.addWidget(window)  # type: ignore[attr-defined]
    tile = window.tiles["T06"]
    assert tile.game.text() == "Baccarat Banque (à deux tableaux)"
    assert tile.last.text().startswith("Right ") and " · R " in tile.last.text()
    assert tile.tableaux.text().splitlines()[1].startswith("Left: won ")
    assert tile.road.isHidden() and not window.tiles["T05"].road.isHidden()
