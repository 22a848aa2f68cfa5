"""The scoreboard draws the roads of baccarat.md §3.3 where the roads module puts them."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QColor

from dealer_assist.roads import Roads, Winner
from dealer_assist.ui.road_views import MARK_COLOURS, WINNER_COLOURS, RoadView
from dealer_assist.ui.scoreboard import ScoreboardWindow
from tests.ui.conftest import Screen

# The worked examples of baccarat.md §3.3, grids as printed there: rows top to bottom, `R` red,
# `U` blue, Big Road `B`/`P` with lower case where a tie is marked on the cell.
EXAMPLES: dict[str, dict[str, list[str]]] = {
    "BBPTPB": {"big_road": ["BpB", "BP."], "big_eye_boy": ["R", "R"]},
    "BBBPPBPPPPBBTBPBBBB": {
        "big_road": ["BPBPBPB", "BP.Pb.B", "B..PB.B", "...P..B"],
        "big_eye_boy": ["RURURUR", ".UR.RUR", ".U...U."],
        "small_road": ["URURURURU", "....U.UR."],
        "cockroach_pig": ["RURUR", "RU.UR", "....R", "....R"],
    },
    "B" * 9 + "P" * 10: {
        "big_road": ["BP.....", "BP.....", "BP.....", "BP.....", "BPPPPPP", "BBBB..."],
        "big_eye_boy": ["RU.", "R..", "R..", "R..", "R..", "RRR"],
    },
}


def grid_cells(rows: list[str]) -> set[tuple[int, int, str]]:
    return {
        (column, row, letter)
        for row, line in enumerate(rows)
        for column, letter in enumerate(line)
        if letter != "."
    }


def drawn(view: RoadView) -> set[tuple[int, int, str]]:
    cells = set()
    for placed in view.placed():
        cell = placed.cell
        if hasattr(cell, "colour"):
            letter = str(cell.colour)
        else:
            letter = cell.winner.value[0].upper()
            if getattr(cell, "ties", 0):
                letter = letter.lower()
        cells.add((placed.column, placed.row, letter))
    return cells


@pytest.fixture
def board(qtbot: Any, make_screen: Any) -> ScoreboardWindow:
    screen: Screen = make_screen()
    window = ScoreboardWindow(screen.adapter, screen.controller.config)
    qtbot.addWidget(window)
    window.resize(1920, 1080)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.mark.parametrize("text", list(EXAMPLES))
def test_roads_are_drawn_as_in_the_worked_examples(board: ScoreboardWindow, text: str) -> None:
    roads = Roads.from_text(text)
    board.set_roads(roads)
    views = board.roads.views
    for name, rows in EXAMPLES[text].items():
        assert drawn(views[name]) == grid_cells(rows), name
    for name in ("small_road", "cockroach_pig"):
        if name not in EXAMPLES[text]:
            assert views[name].placed() == []
    beads = board.roads.bead_plate.placed()
    assert [(p.column, p.row) for p in beads] == [(i // 6, i % 6) for i in range(len(text))]
    assert "".join(p.cell.result.letter for p in beads) == text


def colour_near(image: Any, x: float, y: float, expected: QColor) -> bool:
    found = image.pixelColor(round(x), round(y))
    return all(
        abs(a - b) <= 40 for a, b in zip(found.getRgb()[:3], expected.getRgb()[:3], strict=True)
    )


def test_the_marks_are_painted_in_their_colours(board: ScoreboardWindow) -> None:
    board.set_roads(Roads.from_text("BBBPPBPPPPBBTBPBBBB"))
    big_road = board.roads.big_road
    image = big_road.grab().toImage()
    placed = big_road.placed()
    assert placed
    for cell in placed:
        rect = cell.rect.adjusted(2, 2, -2, -2)
        # the ring's left edge, half way down
        x = rect.left() + rect.width() * 0.07
        assert colour_near(image, x, rect.center().y(), WINNER_COLOURS[cell.cell.winner])
    bead_image = board.roads.bead_plate.grab().toImage()
    for cell in board.roads.bead_plate.placed():
        rect = cell.rect.adjusted(2, 2, -2, -2)
        x, y = rect.center().x(), rect.top() + rect.height() * 0.12  # disc, clear of the letter
        assert colour_near(bead_image, x, y, WINNER_COLOURS[cell.cell.result.winner])
    small = board.roads.small_road
    small_image = small.grab().toImage()
    for cell in small.placed():
        centre = cell.rect.center()
        assert colour_near(small_image, centre.x(), centre.y(), MARK_COLOURS[cell.cell.colour])


def test_ask_road_and_counts(board: ScoreboardWindow) -> None:
    roads = Roads.from_text("BBBPPBPPPPBBTBPBBBB")
    board.set_roads(roads)
    assert [str(m) for m in board.ask_banker.marks()] == ["R", "R", "U"]
    assert [str(m) for m in board.ask_player.marks()] == ["U", "U", "R"]
    assert board.ask_banker.ask == roads.ask(Winner.BANKER)
    numbers = {key: label.text() for key, label in board.counts.numbers.items()}
    assert numbers["banker"] == "11" and numbers["player"] == "7" and numbers["tie"] == "1"
    assert numbers["total"] == "19"


def test_a_long_shoe_shows_its_newest_columns(board: ScoreboardWindow) -> None:
    board.resize(1280, 720)
    roads = Roads.from_text("BP" * 40)
    board.set_roads(roads)
    view = board.roads.big_road
    placed = view.placed()
    assert len(placed) == view.columns() < 80
    assert placed[-1].cell == roads.big_road.cells[-1]
    assert all(view.rect().contains(p.rect.toRect()) for p in placed)


def test_the_scoreboard_follows_the_table(qtbot: Any, make_screen: Any) -> None:
    screen: Screen = make_screen()
    board = ScoreboardWindow(screen.adapter, screen.controller.config)
    qtbot.addWidget(board)
    board.show()
    assert board.name.text() == "Baccarat"
    assert "Banker  10 – 5,000" in board.limits.text()
    for cards in ("9S 2H KD 5C", "4S 3H AD KC 9H 5C", "4D 3C 3S 4H"):  # Player, Banker, Tie
        screen.feed(cards)
        screen.window.next_coup.click()
    beads = board.roads.bead_plate.placed()
    assert [p.cell.result.letter for p in beads] == ["P", "B", "T"]
    assert beads[0].cell.result.natural
    assert drawn(board.roads.big_road) == {(0, 0, "P"), (1, 0, "b")}
    assert board.counts.numbers["naturals"].text() == "1"
    assert [c.state for c in board.hands["banker"]] == ["face", "face", "empty"]
