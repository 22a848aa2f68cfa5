"""Scoreboard roads: the worked examples of baccarat.md §3.3, the start points, and properties.

Grids are compared as text in the reference's notation (rows top to bottom, ``.`` empty; Big
Road ``B``/``P``, lower case when a tie is marked on the cell; derived roads ``R``/``U``) so
that a failure shows the picture the pit would see. The reference counts from 1; the code
from 0.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence
from typing import Protocol

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist import roads as roads_module
from dealer_assist.roads import (
    AskRoad,
    BigRoadCell,
    Colour,
    Counts,
    CoupResult,
    DerivedCell,
    DerivedRoad,
    ResultsParseError,
    Roads,
    Winner,
    parse_results,
    visible_window,
)
from dealer_assist.rules.outcome import CoupFacts

SEEDED = settings(derandomize=True, database=None, deadline=None, max_examples=200)
R, U = Colour.RED, Colour.BLUE


class _Cell(Protocol):
    @property
    def column(self) -> int: ...
    @property
    def row(self) -> int: ...


def grid(cells: Sequence[_Cell], symbols: Sequence[str]) -> list[str]:
    width = max((cell.column for cell in cells), default=-1) + 1
    height = max((cell.row for cell in cells), default=-1) + 1
    rows = [["."] * width for _ in range(height)]
    for cell, symbol in zip(cells, symbols, strict=True):
        assert rows[cell.row][cell.column] == ".", f"two beads at {cell.column, cell.row}"
        rows[cell.row][cell.column] = symbol
    return ["".join(row) for row in rows]


def big_road_grid(roads: Roads) -> list[str]:
    symbols = [
        cell.winner.value[0].lower() if cell.ties else cell.winner.value[0].upper()
        for cell in roads.big_road.cells
    ]
    return grid(roads.big_road.cells, symbols)


def derived_grid(road: DerivedRoad) -> list[str]:
    return grid(road.cells, [str(cell.colour) for cell in road.cells])


def marks(road: DerivedRoad) -> str:
    return "".join(str(mark) for mark in road.marks)


def block(text: str) -> list[str]:
    return text.split()


def ask(colours: str) -> tuple[Colour | None, ...]:
    return tuple({"R": R, "U": U, "-": None}[c] for c in colours)


def asked(prediction: AskRoad) -> tuple[Colour | None, ...]:
    return (prediction.big_eye_boy, prediction.small_road, prediction.cockroach_pig)


# --- worked examples (baccarat.md §3.3) -------------------------------------------------------


def test_example_a_big_road_ties_and_big_eye_boy() -> None:
    roads = Roads.from_text("BBPTPB")
    assert big_road_grid(roads) == block("BpB BP.")
    assert [(c.column + 1, c.row + 1, c.ties) for c in roads.big_road.cells] == [
        (1, 1, 0),
        (1, 2, 0),
        (2, 1, 1),
        (2, 2, 0),
        (3, 1, 0),
    ]
    assert marks(roads.big_eye_boy) == "RR"
    assert derived_grid(roads.big_eye_boy) == block("R R")
    assert roads.small_road.marks == roads.cockroach_pig.marks == ()
    assert asked(roads.ask_banker) == ask("RR-")
    assert asked(roads.ask_player) == ask("UU-")


def test_example_b_all_three_derived_roads() -> None:
    roads = Roads.from_text("BBBPPBPPPPBBTBPBBBB")
    assert roads.big_road.columns == (3, 2, 1, 4, 3, 1, 4)
    assert big_road_grid(roads) == block("BPBPBPB BP.Pb.B B..PB.B ...P..B")
    tie_cell = next(cell for cell in roads.big_road.cells if cell.ties)
    assert (tie_cell.column + 1, tie_cell.row + 1, tie_cell.ties) == (5, 2, 1)
    assert marks(roads.big_eye_boy) == "RUUURRURRUUURR"
    assert marks(roads.small_road) == "URURUURUURRU"
    assert marks(roads.cockroach_pig) == "RRUURUURRRR"
    assert derived_grid(roads.big_eye_boy) == block("RURURUR .UR.RUR .U...U.")
    assert derived_grid(roads.small_road) == block("URURURURU ....U.UR.")
    assert derived_grid(roads.cockroach_pig) == block("RURUR RU.UR ....R ....R")
    assert asked(roads.ask_banker) == ask("RRU")
    assert asked(roads.ask_player) == ask("UUR")


def test_example_b_hand_checked_marks() -> None:
    roads = Roads.from_text("BBBPPBPPPPBBTBPBBBB")

    def mark_for(road: DerivedRoad, column: int, row: int) -> Colour:
        """The mark produced by the Big Road entry at 1-based (column, row)."""
        cells = roads.big_road.cells
        source = next(i for i, c in enumerate(cells) if (c.column + 1, c.row + 1) == (column, row))
        return next(cell.colour for cell in road.cells if cell.source == source)

    assert mark_for(roads.big_eye_boy, 2, 2) is R
    assert mark_for(roads.big_eye_boy, 3, 1) is U
    assert mark_for(roads.big_eye_boy, 4, 2) is U
    assert mark_for(roads.big_eye_boy, 4, 3) is R  # straight drop
    assert mark_for(roads.small_road, 4, 3) is U
    assert mark_for(roads.cockroach_pig, 7, 1) is R


def test_example_c_double_dragon_tail() -> None:
    roads = Roads.from_text("B" * 9 + "P" * 10)
    assert big_road_grid(roads) == block("BP..... BP..... BP..... BP..... BPPPPPP BBBB...")
    positions = [(c.column + 1, c.row + 1) for c in roads.big_road.cells]
    assert positions[9:] == [(2, r) for r in range(1, 6)] + [(c, 5) for c in range(3, 8)]
    assert roads.big_road.columns == (9, 10)
    assert [c.logical_row + 1 for c in roads.big_road.cells[9:]] == list(range(1, 11))
    assert marks(roads.big_eye_boy) == "RRRRRRRRU"
    assert derived_grid(roads.big_eye_boy) == block("RU. R.. R.. R.. R.. RRR")


def test_example_d_late_start_points() -> None:
    roads = Roads.from_text("BPBBPPPB")
    assert marks(roads.big_eye_boy) == "RUURUU"
    assert marks(roads.small_road) == "UUURU"
    assert marks(roads.cockroach_pig) == "URU"
    # Big Eye Boy starts at (3,1) because column 2 has one entry. Columns 3 and 4 have two and
    # three, so by the start-point rule of §3.1 Small Road starts at (3,2) and Cockroach Pig at
    # (4,2): the sequences above need exactly that (5 and 3 marks). The "(4,1)" and "(5,1)"
    # written next to example D in the reference contradict its own sequences and rule.
    cells = roads.big_road.cells
    firsts = [cells[road.cells[0].source] for road in roads.derived_roads]
    assert [(c.logical_column + 1, c.logical_row + 1) for c in firsts] == [(3, 1), (3, 2), (4, 2)]


def test_example_e_leading_ties_carried_into_first_cell() -> None:
    roads = Roads.from_text("TTBPPTTTB")
    assert [(c.winner, c.ties) for c in roads.big_road.cells] == [
        (Winner.BANKER, 2),
        (Winner.PLAYER, 0),
        (Winner.PLAYER, 3),
        (Winner.BANKER, 0),
    ]
    assert big_road_grid(roads) == block("bPB .p.")
    assert marks(roads.big_eye_boy) == "UU"


def test_ties_before_any_decisive_coup_wait() -> None:
    roads = Roads.from_text("TTT")
    assert roads.big_road.cells == ()
    assert roads.big_road.pending_ties == 3
    assert roads.append(CoupResult(winner=Winner.PLAYER)).big_road.cells[0].ties == 3


def test_example_f_logical_columns_regression() -> None:
    """Convention 1 of §3.2: a drawn-grid engine would end with U, the logical rule with R."""
    roads = Roads.from_text("BPPPPPPPP")
    assert marks(roads.big_eye_boy) == "URRRRRR"
    assert big_road_grid(roads) == block("BP.. .P.. .P.. .P.. .P.. .PPP")


# --- start points --------------------------------------------------------------------------


def expected_start(columns: Sequence[int], cycle: int) -> tuple[int, int] | None:
    """(2,2) else (3,1) for Big Eye Boy, one column later per cycle (0-based here)."""
    if len(columns) > cycle and columns[cycle] >= 2:
        return (cycle, 1)
    if len(columns) > cycle + 1:
        return (cycle + 1, 0)
    return None


def every_banker_player_shoe(length: int) -> Iterator[Roads]:
    """All 2**(length+1) - 1 shoes of up to ``length`` decisive coups, each built by one append
    onto its parent, so that the tree costs one append per shoe."""
    stack = [Roads.empty()]
    while stack:
        roads = stack.pop()
        yield roads
        if len(roads.results) < length:
            stack.extend(roads.append(CoupResult(winner=w)) for w in (Winner.BANKER, Winner.PLAYER))


def test_start_points_for_every_banker_player_string_up_to_12() -> None:
    shoes = 0
    for roads in every_banker_player_shoe(12):
        shoes += 1
        cells = roads.big_road.cells
        for road in roads.derived_roads:
            start = expected_start(roads.big_road.columns, road.cycle)
            if start is None:
                assert road.marks == ()
                continue
            first = next(
                i for i, c in enumerate(cells) if (c.logical_column, c.logical_row) == start
            )
            # From the start point on, every Big Road entry marks the road once.
            assert [cell.source for cell in road.cells] == list(range(first, len(cells)))
    assert shoes == 2**13 - 1


def test_derived_colour_rules() -> None:
    colour = roads_module.derived_colour
    assert colour([2, 2, 1], 1) is R  # new column: 2 == 2
    assert colour([3, 2, 1], 1) is U  # new column: 2 != 3
    assert colour([3, 2], 1) is R  # row 2 <= 3
    assert colour([1, 2], 1) is U  # row 2 == 1 + 1
    assert colour([1, 3], 1) is R  # straight drop
    assert colour([5, 1], 2) is None
    assert colour([], 1) is None


# --- properties ------------------------------------------------------------------------------

runs = st.lists(st.tuples(st.sampled_from("BPT"), st.integers(1, 14)), max_size=25).map(
    lambda pairs: "".join(letter * count for letter, count in pairs)
)
shoes = st.one_of(st.text(alphabet="BPT", max_size=90), runs)


@SEEDED
@given(text=shoes, rows=st.integers(1, 7))
def test_ask_road_equals_what_appending_produces(text: str, rows: int) -> None:
    roads = Roads.from_text(text, road_rows=rows)
    for winner in Winner:
        after = roads.append(CoupResult(winner=winner))
        produced = []
        for before, now in zip(roads.derived_roads, after.derived_roads, strict=True):
            assert now.marks[: len(before.marks)] == before.marks
            assert len(now.marks) - len(before.marks) <= 1
            produced.append(now.marks[-1] if len(now.marks) > len(before.marks) else None)
        assert asked(roads.ask(winner)) == tuple(produced)
    assert roads.ask(Winner.BANKER) == roads.ask_banker
    assert roads.ask(Winner.PLAYER) == roads.ask_player


@SEEDED
@given(text=shoes, rows=st.integers(1, 7))
def test_big_road_invariants(text: str, rows: int) -> None:
    roads = Roads.from_text(text, road_rows=rows)
    cells = roads.big_road.cells
    decisive = [i for i, letter in enumerate(text) if letter != "T"]
    assert [cell.index for cell in cells] == decisive
    assert [cell.winner.value[0].upper() for cell in cells] == [text[i] for i in decisive]
    assert len({(cell.column, cell.row) for cell in cells}) == len(cells)
    assert all(0 <= cell.row < rows and cell.column >= cell.logical_column for cell in cells)
    assert sum(cell.ties for cell in cells) + roads.big_road.pending_ties == text.count("T")
    streaks = [len(list(group)) for _, group in itertools.groupby(text.replace("T", ""))]
    assert list(roads.big_road.columns) == streaks
    for road in roads.derived_roads:
        assert len({(cell.column, cell.row) for cell in road.cells}) == len(road.cells)
        assert all(0 <= cell.row < rows for cell in road.cells)
        assert sum(road.columns) == len(road.marks) == len(road.cells)


@SEEDED
@given(text=shoes, cut=st.integers(0, 90))
def test_coup_by_coup_appends_equal_one_build(text: str, cut: int) -> None:
    results = parse_results(text)
    whole = Roads.build(results)
    stepped = Roads.empty()
    for result in results:
        stepped = stepped.append(result)
    assert stepped == whole
    assert Roads.build(results[:cut]).extend(results[cut:]) == whole


@SEEDED
@given(text=shoes, rows=st.integers(1, 8))
def test_bead_plate_has_every_coup_in_order(text: str, rows: int) -> None:
    plate = Roads.from_text(text, bead_rows=rows).bead_plate
    assert [(c.column, c.row) for c in plate.cells] == [divmod(i, rows) for i in range(len(text))]
    assert "".join(cell.result.letter for cell in plate.cells) == text


# --- geometry conventions ----------------------------------------------------------------------


def test_tail_stays_on_its_row_after_passing_the_earlier_tail() -> None:
    """Convention 2 of §3.2: P keeps row 5 past the end of the B tail (not jconradi's drop)."""
    roads = Roads.from_text("B" * 9 + "P" * 10)
    last = roads.big_road.cells[-1]
    assert (last.column + 1, last.row + 1) == (7, 5)


def test_nested_tails_down_to_the_top_row() -> None:
    """Six nested tails: the sixth turns at once on row 1, and the next streak opens in the
    first free top cell instead of on top of it."""
    roads = Roads.from_text("".join(w * 20 for w in "BPBPBP") + "BBB")
    cells = roads.big_road.cells
    sixth = [c for c in cells if c.logical_column == 5]
    assert [(c.column, c.row) for c in sixth] == [(5 + i, 0) for i in range(20)]
    assert [(c.column, c.row) for c in cells if c.logical_column == 6] == [
        (25, 0),
        (25, 1),
        (25, 2),
    ]
    assert [cells[i * 20 + 19].row for i in range(6)] == [5, 4, 3, 2, 1, 0]


def test_derived_roads_have_dragon_tails_too() -> None:
    roads = Roads.from_text("BP" + "P" * 20)
    assert marks(roads.big_eye_boy) == "U" + "R" * 19
    assert derived_grid(roads.big_eye_boy)[-1] == "." + "R" * 14


# --- records, counts, window -------------------------------------------------------------------


def test_parse_results_markers_and_errors() -> None:
    first, second, third = parse_results("Bn Pp  Tbpn")
    assert (first.winner, first.natural, first.player_pair) == (Winner.BANKER, True, False)
    assert (second.winner, second.player_pair) == (Winner.PLAYER, True)
    assert (third.winner, third.banker_pair, third.player_pair, third.natural) == (
        Winner.TIE,
        True,
        True,
        True,
    )
    assert parse_results("") == ()
    for bad, position in (("BX", 1), ("pB", 0), ("Bnn", 2), ("b", 0)):
        with pytest.raises(ResultsParseError) as caught:
            parse_results(bad)
        assert caught.value.position == position


def test_coup_result_checks_its_totals() -> None:
    assert CoupResult(winner=Winner.PLAYER, player_total=8, banker_total=3).natural is False
    with pytest.raises(ValueError, match="say banker"):
        CoupResult(winner=Winner.PLAYER, player_total=3, banker_total=8)
    with pytest.raises(ValueError, match="0 to 9"):
        CoupResult(winner=Winner.TIE, banker_total=10)


def test_coup_result_from_rules_facts() -> None:
    facts = CoupFacts(
        player_total=9, banker_total=9, player_cards=2, banker_cards=2, banker_pair=True
    )
    result = CoupResult.from_facts(facts)
    assert result == CoupResult(
        winner=Winner.TIE,
        banker_pair=True,
        natural=True,
        player_total=9,
        banker_total=9,
    )


def test_counts() -> None:
    roads = Roads.from_text("BnPpTbBPbpnT")
    assert roads.counts == Counts(
        banker=2, player=2, tie=2, player_pairs=2, banker_pairs=2, naturals=2, total=6
    )
    assert roads.bead_plate.cells[1].result.player_pair


def test_snapshots_are_immutable() -> None:
    roads = Roads.from_text("BPB")
    after = roads.append(CoupResult(winner=Winner.BANKER))
    assert roads == Roads.from_text("BPB")
    assert len(after.results) == 4
    assert isinstance(roads.big_road.cells, tuple)
    with pytest.raises(dataclasses.FrozenInstanceError):
        roads.big_road.cells[0].ties = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        CoupResult(Winner.BANKER)  # type: ignore[call-arg]


def test_rows_must_be_positive() -> None:
    with pytest.raises(ValueError, match="at least one row"):
        Roads.empty(road_rows=0)


def test_visible_window_keeps_the_last_columns() -> None:
    roads = Roads.from_text("BP" * 20)
    window = visible_window(roads.big_road.cells, columns=12)
    assert window.first_column == 28
    assert [c.column - window.first_column for c in window.cells] == list(range(12))
    assert visible_window(roads.big_road.cells, columns=100).cells == roads.big_road.cells
    tail = visible_window(Roads.from_text("B" * 12 + "P").big_road.cells, columns=3)
    assert [(c.column, c.row) for c in tail.cells] == [(4, 5), (5, 5), (6, 5)]
    beads = visible_window(roads.bead_plate.cells, columns=1)
    assert [c.index for c in beads.cells] == [36, 37, 38, 39]
    assert visible_window((), columns=5).cells == ()
    with pytest.raises(ValueError, match="at least one column"):
        visible_window(roads.big_road.cells, columns=0)


def test_derived_cells_point_back_at_their_big_road_entry() -> None:
    roads = Roads.from_text("BBBPPBPPPPBBTBPBBBB")
    for road in roads.derived_roads:
        for cell in road.cells:
            assert isinstance(cell, DerivedCell)
            assert isinstance(roads.big_road.cells[cell.source], BigRoadCell)
