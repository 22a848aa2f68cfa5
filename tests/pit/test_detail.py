"""A table's detail on the pit boss's screen: the five roads, the last coups, the table's
advantage-play alerts, the alert history and the devices, from the messages a broker delivers."""

from __future__ import annotations

import json
import os
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealer_assist.config import default_config
from dealer_assist.pit.detail import TableHistory, coup_result
from dealer_assist.pit.feed import DirectFeed
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.topics import topic
from dealer_assist.roads import Roads
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.ui import theme
from dealer_assist.ui.pit_screen import PitWindow
from dealer_assist.ui.presentation import RoadsTracker
from dealer_assist.ui.road_views import ROAD_KEYS, RoadView
from dealer_assist.ui.screenshots import play
from tests.table.helpers import feed, make_config

# A coup of each kind, as the table publishes it: the cards and totals the winner implies.
HANDS = {
    "B": (["2S", "3H"], 5, ["9D", "KC"], 9),
    "P": (["9S", "KH"], 9, ["2D", "3C"], 5),
    "T": (["2S", "5H"], 7, ["3D", "4C"], 7),
    "Q": (["8S", "8H"], 6, ["2D", "2C"], 4),  # Player wins, a pair on each side
}
WINNER = {"B": "banker", "P": "player", "T": "tie", "Q": "player"}
# Every road's rules at work: a dragon tail of eight Bankers, ties on a cell, pairs, chops.
SEQUENCE = "BBPTPBBBBBBBBPPQTPBPBPPPBTTP"
AS_TEXT = "".join(
    {"B": "Bn", "P": "Pn", "T": "T", "Q": "Ppb"}[letter] for letter in SEQUENCE
)  # the same coups in roads.parse_results notation (a 9 against a 5 is a natural)


def road_cells(roads: Roads) -> dict[str, list[tuple[Any, ...]]]:
    """What each of the five roads draws where, and how."""
    return {
        "bead_plate": [
            (c.column, c.row, c.result.winner, c.result.player_pair, c.result.banker_pair)
            for c in roads.bead_plate.cells
        ],
        "big_road": [(c.column, c.row, c.winner, c.ties) for c in roads.big_road.cells],
        "big_eye_boy": [(c.column, c.row, c.colour) for c in roads.big_eye_boy.cells],
        "small_road": [(c.column, c.row, c.colour) for c in roads.small_road.cells],
        "cockroach_pig": [(c.column, c.row, c.colour) for c in roads.cockroach_pig.cells],
    }


class Table:
    """Event messages of one table, numbered as a publisher numbers them."""

    def __init__(self, model: PitModel, table: str = "T1") -> None:
        self.model, self.table, self.seq = model, table, 0
        self.send("status", {"table": table, "online": True, "since": "2026-12-01T10:00:00+00:00"})

    def send(self, kind: str, data: dict[str, Any]) -> None:
        self.model.on_message(topic(self.table, kind), json.dumps(data).encode())

    def event(self, kind: str, **fields: Any) -> None:
        self.seq += 1
        at = f"2026-12-01T10:{self.seq // 60:02d}:{self.seq % 60:02d}+00:00"
        message = {"table": self.table, "journal": "J1", "seq": self.seq, "prev": self.seq - 1}
        self.send("events", {**message, "at": at, "type": kind, **fields})

    def coup(self, number: int, letter: str) -> None:
        player, player_total, banker, banker_total = HANDS[letter]
        self.event(
            "coup_completed",
            coup=number,
            winner=WINNER[letter],
            natural=max(player_total, banker_total) >= 8,
            player_cards=player,
            player_total=player_total,
            banker_cards=banker,
            banker_total=banker_total,
        )


def test_the_detail_shows_the_five_roads_of_a_known_shoe(qtbot: Any) -> None:
    model = PitModel()
    table = Table(model)
    table.event("shoe_started", shoe=1, decks=8)
    for number, letter in enumerate(SEQUENCE, 1):
        table.coup(number, letter)
    window = PitWindow(model)
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    window.select("T1")
    qtbot.waitUntil(lambda: window.detail.roads.big_road.width() > 200)
    expected = Roads.from_text(AS_TEXT)
    assert road_cells(window.detail.roads.big_road.roads) == road_cells(expected)
    assert len(expected.big_road.columns) > 6 and expected.big_eye_boy.cells  # not trivial
    for key in ROAD_KEYS:
        view: RoadView[Any] = window.detail.roads.views[key]
        assert view.roads is window.detail.roads.big_road.roads
        drawn = [(p.cell.column, p.cell.row) for p in view.placed()]
        cells = road_cells(expected)[key]
        assert drawn and set(drawn) <= {cell[:2] for cell in cells}, key
        assert drawn[-1] == cells[-1][:2], f"{key}: the newest mark is on screen"
    # The last 10 coups, newest first, with their cards and totals.
    rows = [window.detail.recall.item(i).text() for i in range(window.detail.recall.count())]
    assert len(rows) == 10
    assert rows[0] == f"{len(SEQUENCE)}  Player · natural  ·  P 9♠ K♥ (9)  B 2♦ 3♣ (5)"
    assert rows[9].startswith(f"{len(SEQUENCE) - 9}  ")
    # A coup voided after it completed leaves the roads; a new shoe starts them again.
    table.event("coup_voided", coup=len(SEQUENCE), reason="misdeal", by="supervisor")
    window.refresh()
    assert road_cells(window.detail.roads.bead_plate.roads) == road_cells(
        Roads.from_text(AS_TEXT[: -len("Pn")])
    )
    table.event("shoe_started", shoe=2, decks=8)
    table.coup(1, "P")
    window.refresh()
    assert road_cells(window.detail.roads.big_road.roads) == road_cells(Roads.from_text("Pn"))


def test_the_pit_draws_the_roads_the_tables_scoreboard_draws() -> None:
    """A seeded table dealt by simulated players: the pit's roads, from the published events,
    are the croupier's scoreboard's, from the table's snapshot."""
    model = PitModel()
    config = default_config(source="mock://?seed=11")
    feed_ = DirectFeed(model, table="T1", variant=config.variant.name, journal="J1")
    controller = play(config, coups=40, seed=11, on_controller=feed_.attach)
    scoreboard = RoadsTracker()
    scoreboard.update(controller.snapshot)
    pit = model.tables["T1"].history.roads()
    assert len(pit.results) >= 39
    assert road_cells(pit) == road_cells(scoreboard.roads)


def test_coup_results_the_roads_cannot_show_are_left_out() -> None:
    assert coup_result({"winner": "right"}) is None  # a Banque coup
    assert coup_result({"winner": "banker", "player_total": 9, "banker_total": 2}) is None
    result = coup_result({"winner": "tie", "player_cards": ["QS", "QH", None]})
    assert result is not None and result.player_pair and not result.banker_pair
    history = TableHistory()
    history.add({"type": "alert", "alert": "x"})  # not a number: ignored, nothing raised
    assert history.alerts == ()


def test_an_advantage_alert_for_a_rigged_shoe_appears_in_the_detail(qtbot: Any) -> None:
    """A one-deck shoe whose fours to sevens were all dealt first: the table's odds engine finds
    bets that favour the players, journals an alert for each, and the pit shows them live."""
    model = PitModel()
    config = make_config(shoe={"decks": 1})
    controller = TableController(config)
    DirectFeed(model, table="T1", variant=config.variant.name, journal="J1").attach(controller)
    controller.begin()
    window = PitWindow(model)
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    window.select("T1")
    assert window.detail.advantage.item(0).text() == "No bet favours the players in this shoe"
    feed(controller, " ".join(f"{rank}{suit}" for rank in "4567" for suit in "SHDC"))
    raised = [a for a in controller.snapshot.alerts if a.code == "advantage_play"]
    assert raised, "the rigged shoe raised no advantage alert at the table"
    window.refresh()
    rows = [window.detail.advantage.item(i) for i in range(window.detail.advantage.count())]
    texts = [row.text() for row in rows]
    assert len(texts) == len(raised)
    pair = next(text for text in texts if "Player Pair" in text)
    assert "+2.86% · 36 cards left  ·  open" in pair
    assert all(row.foreground().color() == theme.BAD for row in rows)  # open: in red
    # The tile and the pit's alert list show them too, in red.
    assert f"#{raised[0].alert} Bet favours the players" in window.tiles["T1"].alerts.text()
    assert window.alerts.count() == len(raised)
    assert "Bet favours the players: " in window.alerts.item(0).text()
    # Acknowledged at the table: still in this shoe's list, no longer open; in the history.
    first = raised[0]
    controller.execute(cmd.ResolveAlert(alert=first.alert, option="acknowledge"))
    window.refresh()
    history = [window.detail.alerts.item(i).text() for i in range(window.detail.alerts.count())]
    assert len(history) == len(raised)
    assert sum("acknowledged" in text for text in history) == 1
    assert sum(text.endswith("open") for text in window_rows(window)) == len(raised) - 1


def window_rows(window: PitWindow) -> list[str]:
    advantage = window.detail.advantage
    return [advantage.item(i).text() for i in range(advantage.count())]


def test_a_restarted_pit_shows_the_same_detail(tmp_path: Any) -> None:
    store = tmp_path / "pit.sqlite"
    model = PitModel(store)
    table = Table(model)
    table.event("shoe_started", shoe=1, decks=8)
    for number, letter in enumerate(SEQUENCE[:12], 1):
        table.coup(number, letter)
    message = "small now favours the players: +1.01% per unit staked with 48 cards left"
    table.event("alert", alert=1, code="advantage_play", source="odds:small", message=message)
    table.event("device", source="mock://?seed=1", status="lost", detail="")
    before = model.tables["T1"].history
    model.close()
    again = PitModel(store).tables["T1"].history
    assert road_cells(again.roads()) == road_cells(before.roads())
    assert again.advantage() == before.advantage() and len(again.advantage()) == 1
    assert again.advantage()[0].edge() == ("small", 1.01, 48)
    assert again.devices["mock://?seed=1"].losses == 1
