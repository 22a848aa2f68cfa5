"""Scoreboard roads for the players' display: Bead Plate, Big Road, the three derived roads.

The display only renders; every decision about where a bead goes is taken here, as pure data,
so that the pit sign, a replayed journal and the tests all agree. A :class:`Roads` snapshot is
built from the shoe's coup results and is never changed: appending a coup returns a new one.

Coordinates are 0-based ``(column, row)``, row 0 at the top; the reference text counts from 1.
Conventions (see ``docs/roads.md``): derived roads read the Big Road's *logical* columns (the
streak lengths, a dragon tail included); a dragon tail goes down first and right when it cannot,
then stays on its row; ties sit on the previous decisive cell, leading ties on the first.

>>> roads = Roads.build(parse_results("BBPTPB"))
>>> [(cell.column, cell.row, cell.ties) for cell in roads.big_road.cells]
[(0, 0, 0), (0, 1, 0), (1, 0, 1), (1, 1, 0), (2, 0, 0)]
>>> "".join(str(mark) for mark in roads.big_eye_boy.marks)
'RR'
>>> roads.ask_banker.big_eye_boy, roads.ask_player.small_road
(<Colour.RED: 'R'>, <Colour.BLUE: 'U'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Generic, Protocol, TypeVar

from dealer_assist.errors import DealerAssistError, InputError
from dealer_assist.rules.outcome import CoupFacts, Winner

__all__ = [
    "BIG_EYE_BOY",
    "COCKROACH_PIG",
    "DEFAULT_ROWS",
    "SMALL_ROAD",
    "AskRoad",
    "BeadCell",
    "BeadPlate",
    "BigRoad",
    "BigRoadCell",
    "Colour",
    "Counts",
    "CoupResult",
    "DerivedCell",
    "DerivedRoad",
    "ResultsParseError",
    "Roads",
    "Window",
    "Winner",
    "derived_colour",
    "parse_results",
    "visible_window",
]

DEFAULT_ROWS = 6
"""Rows of every road on the standard sign; the bead plate and the roads may differ."""

# The derived roads' cycle ``k``: how many Big Road columns back each one compares.
BIG_EYE_BOY = 1
SMALL_ROAD = 2
COCKROACH_PIG = 3

_LETTERS = {"B": Winner.BANKER, "P": Winner.PLAYER, "T": Winner.TIE}


class ResultsParseError(DealerAssistError, ValueError):
    """A compact results string that cannot be read: says where and what was expected."""

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(f"cannot read results {text!r} at position {position}: {reason}")


class Colour(Enum):
    """A derived-road mark. Red reads as "the road repeats", blue as "the road is choppy"."""

    RED = "R"
    BLUE = "U"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupResult:
    """What the scoreboard needs of one coup; the cards themselves stay with the journal."""

    winner: Winner
    player_pair: bool = False
    banker_pair: bool = False
    natural: bool = False
    player_total: int | None = None
    banker_total: int | None = None

    def __post_init__(self) -> None:
        # A sign that contradicts itself is worse than none: reject it where it is made.
        for name, total in (("player", self.player_total), ("banker", self.banker_total)):
            if total is not None and not 0 <= total <= 9:
                raise InputError(f"{name} total must be 0 to 9, got {total}")
        if self.player_total is not None and self.banker_total is not None:
            implied = CoupFacts(self.player_total, self.banker_total, 2, 2).winner
            if implied is not self.winner:
                raise InputError(
                    f"totals {self.player_total}-{self.banker_total} say {implied}, "
                    f"not {self.winner}"
                )

    @classmethod
    def from_facts(cls, facts: CoupFacts) -> CoupResult:
        """The scoreboard record of a settled Punto Banco coup, as the rules engine saw it."""
        return cls(
            winner=facts.winner,
            player_pair=facts.player_pair,
            banker_pair=facts.banker_pair,
            natural=facts.natural,
            player_total=facts.player_total,
            banker_total=facts.banker_total,
        )

    @property
    def letter(self) -> str:
        return self.winner.value[0].upper()


def parse_results(text: str) -> tuple[CoupResult, ...]:
    """Read ``"BBPTPB"``-style text, for tests and replays typed by hand.

    Upper-case ``B``/``P``/``T`` is a coup; lower-case letters right after it mark it:
    ``p`` player pair, ``b`` banker pair, ``n`` natural (``"BnTpb"``). Spaces are ignored.

    >>> [r.letter for r in parse_results("BP T")], parse_results("Pnb")[0].banker_pair
    (['B', 'P', 'T'], True)
    """
    results: list[CoupResult] = []
    flags: dict[str, bool] = {}
    winner: Winner | None = None

    def close() -> None:
        if winner is not None:
            results.append(
                CoupResult(
                    winner=winner,
                    player_pair=flags.get("p", False),
                    banker_pair=flags.get("b", False),
                    natural=flags.get("n", False),
                )
            )

    for position, char in enumerate(text):
        if char.isspace():
            continue
        if char in _LETTERS:
            close()
            winner, flags = _LETTERS[char], {}
        elif char in "pbn":
            if winner is None:
                raise ResultsParseError(text, position, f"marker {char!r} before any coup")
            if char in flags:
                raise ResultsParseError(text, position, f"marker {char!r} given twice")
            flags[char] = True
        else:
            raise ResultsParseError(text, position, f"{char!r} is not B, P, T or a p/b/n marker")
    close()
    return tuple(results)


@dataclass(frozen=True, slots=True, kw_only=True)
class BeadCell:
    column: int
    row: int
    index: int
    """Position of the coup in the shoe, from 0."""
    result: CoupResult


@dataclass(frozen=True, slots=True, kw_only=True)
class BeadPlate:
    """Every coup, ties included, in columns of ``rows`` filled top to bottom."""

    rows: int
    cells: tuple[BeadCell, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BigRoadCell:
    """One decisive coup. ``column``/``row`` are where it is drawn; ``logical_*`` are its
    place in its streak as if the road were infinitely deep, which the derived roads read."""

    column: int
    row: int
    logical_column: int
    logical_row: int
    winner: Winner
    ties: int
    """Ties shown on this cell: those after it, and for the first cell those before it too."""
    index: int
    """Position in the shoe of the coup that made the cell."""
    result: CoupResult


@dataclass(frozen=True, slots=True, kw_only=True)
class BigRoad:
    rows: int
    cells: tuple[BigRoadCell, ...]
    columns: tuple[int, ...]
    """Length of each logical column (streak), a dragon tail included."""
    pending_ties: int
    """Ties seen before any decisive coup; they move onto the first cell when it comes."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DerivedCell:
    column: int
    row: int
    logical_column: int
    logical_row: int
    colour: Colour
    source: int
    """Index in ``BigRoad.cells`` of the entry that produced this mark."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DerivedRoad:
    """Big Eye Boy (cycle 1), Small Road (2) or Cockroach Pig (3), laid out like the Big Road."""

    cycle: int
    rows: int
    marks: tuple[Colour, ...]
    cells: tuple[DerivedCell, ...]
    columns: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AskRoad:
    """The marks the derived roads would get if the next coup were ``winner``; ``None`` where
    a road would not yet mark (a tie never marks)."""

    winner: Winner
    big_eye_boy: Colour | None
    small_road: Colour | None
    cockroach_pig: Colour | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Counts:
    banker: int = 0
    player: int = 0
    tie: int = 0
    player_pairs: int = 0
    banker_pairs: int = 0
    naturals: int = 0
    total: int = 0

    def plus(self, results: Sequence[CoupResult]) -> Counts:
        def count(winner: Winner) -> int:
            return sum(1 for result in results if result.winner is winner)

        return Counts(
            banker=self.banker + count(Winner.BANKER),
            player=self.player + count(Winner.PLAYER),
            tie=self.tie + count(Winner.TIE),
            player_pairs=self.player_pairs + sum(1 for result in results if result.player_pair),
            banker_pairs=self.banker_pairs + sum(1 for result in results if result.banker_pair),
            naturals=self.naturals + sum(1 for result in results if result.natural),
            total=self.total + len(results),
        )


def derived_colour(columns: Sequence[int], cycle: int) -> Colour | None:
    """The mark earned by the newest Big Road entry, the last bead of the last logical column.

    Neatness for a new column (compare the two columns before it, ``cycle`` apart); presence or
    straight drop within a column (look ``cycle`` columns back at the same depth). ``None`` until
    the road has the columns it needs, which is what makes the start points (2,2)/(3,1) etc.
    """
    column = len(columns) - 1
    depth = columns[-1] if columns else 0
    if depth == 1:
        if column - 1 - cycle < 0:
            return None
        return Colour.RED if columns[column - 1] == columns[column - 1 - cycle] else Colour.BLUE
    if column - cycle < 0:
        return None
    # Blue only when the row above had a bead level with it and this row has none: a straight
    # drop past the end of the earlier column is regular again.
    return Colour.BLUE if depth == columns[column - cycle] + 1 else Colour.RED


_CYCLES = (BIG_EYE_BOY, SMALL_ROAD, COCKROACH_PIG)


class _Laid(Protocol):
    @property
    def column(self) -> int: ...
    @property
    def row(self) -> int: ...
    @property
    def logical_column(self) -> int: ...
    @property
    def logical_row(self) -> int: ...


class _Placer:
    """Big Road geometry, resumed from the cells a road already has: the same key continues
    down, a new key opens the column right of the previous streak's first bead. Down first,
    right when you cannot; once turned, a tail stays on its row. Lives for one call only."""

    __slots__ = (
        "column",
        "logical_column",
        "logical_row",
        "occupied",
        "row",
        "rows",
        "start",
        "turned",
    )

    def __init__(self, cells: Sequence[_Laid], rows: int) -> None:
        self.rows = rows
        self.occupied = {(cell.column, cell.row) for cell in cells}
        if cells:
            last = cells[-1]
            self.column, self.row = last.column, last.row
            self.logical_column, self.logical_row = last.logical_column, last.logical_row
            # A streak's cells are consecutive, so its first one is logical_row places back.
            self.start = cells[-1 - last.logical_row].column
            self.turned = last.column != self.start
        else:
            self.column = self.row = self.logical_column = self.logical_row = self.start = -1
            self.turned = False

    def place(self, *, continues: bool) -> tuple[int, int, int, int]:
        if not continues:
            self.start += 1
            # Only a tail on the top row (turned over five nested tails) can take the top cell;
            # the streak then opens in the first free top cell to its right.
            while (self.start, 0) in self.occupied:
                self.start += 1
            self.column, self.row, self.turned = self.start, 0, False
            self.logical_column, self.logical_row = self.logical_column + 1, 0
        else:
            self.logical_row += 1
            below = (self.column, self.row + 1)
            if not self.turned and self.row + 1 < self.rows and below not in self.occupied:
                self.row += 1
            else:
                self.turned = True
                self.column += 1
                # Cannot happen while streaks open left to right; kept so that no geometry can
                # ever put two beads in one cell.
                while (self.column, self.row) in self.occupied:
                    self.column += 1
        self.occupied.add((self.column, self.row))
        return self.column, self.row, self.logical_column, self.logical_row


class _DerivedBuilder:
    """One derived road being extended during one call."""

    __slots__ = ("cells", "columns", "marks", "placer", "road")

    def __init__(self, road: DerivedRoad) -> None:
        self.road = road
        self.placer = _Placer(road.cells, road.rows)
        self.marks = list(road.marks)
        self.cells = list(road.cells)
        self.columns = list(road.columns)

    def mark(self, big_road_columns: Sequence[int], source: int) -> None:
        colour = derived_colour(big_road_columns, self.road.cycle)
        if colour is None:
            return
        continues = bool(self.marks) and self.marks[-1] is colour
        column, row, logical_column, logical_row = self.placer.place(continues=continues)
        self.marks.append(colour)
        self.cells.append(
            DerivedCell(
                column=column,
                row=row,
                logical_column=logical_column,
                logical_row=logical_row,
                colour=colour,
                source=source,
            )
        )
        if continues:
            self.columns[-1] += 1
        else:
            self.columns.append(1)

    def done(self) -> DerivedRoad:
        return DerivedRoad(
            cycle=self.road.cycle,
            rows=self.road.rows,
            marks=tuple(self.marks),
            cells=tuple(self.cells),
            columns=tuple(self.columns),
        )


def _hypothetical_columns(columns: Sequence[int], last: Winner | None, next_: Winner) -> list[int]:
    if columns and next_ is last:
        return [*columns[:-1], columns[-1] + 1]
    return [*columns, 1]


def _ask(columns: Sequence[int], last: Winner | None, winner: Winner) -> AskRoad:
    if winner is Winner.TIE:
        return AskRoad(winner=winner, big_eye_boy=None, small_road=None, cockroach_pig=None)
    after = _hypothetical_columns(columns, last, winner)
    big_eye_boy, small_road, cockroach_pig = (derived_colour(after, cycle) for cycle in _CYCLES)
    return AskRoad(
        winner=winner,
        big_eye_boy=big_eye_boy,
        small_road=small_road,
        cockroach_pig=cockroach_pig,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Roads:
    """The whole scoreboard for one shoe, as immutable data for the display to read."""

    results: tuple[CoupResult, ...]
    bead_plate: BeadPlate
    big_road: BigRoad
    big_eye_boy: DerivedRoad
    small_road: DerivedRoad
    cockroach_pig: DerivedRoad
    ask_banker: AskRoad
    ask_player: AskRoad
    counts: Counts

    @classmethod
    def empty(cls, *, bead_rows: int = DEFAULT_ROWS, road_rows: int = DEFAULT_ROWS) -> Roads:
        """The sign of a new shoe."""
        if bead_rows < 1 or road_rows < 1:
            raise InputError(f"roads need at least one row, got {bead_rows} and {road_rows}")

        def derived(cycle: int) -> DerivedRoad:
            return DerivedRoad(cycle=cycle, rows=road_rows, marks=(), cells=(), columns=())

        return cls(
            results=(),
            bead_plate=BeadPlate(rows=bead_rows, cells=()),
            big_road=BigRoad(rows=road_rows, cells=(), columns=(), pending_ties=0),
            big_eye_boy=derived(BIG_EYE_BOY),
            small_road=derived(SMALL_ROAD),
            cockroach_pig=derived(COCKROACH_PIG),
            ask_banker=_ask((), None, Winner.BANKER),
            ask_player=_ask((), None, Winner.PLAYER),
            counts=Counts(),
        )

    @classmethod
    def build(
        cls,
        results: Iterable[CoupResult],
        *,
        bead_rows: int = DEFAULT_ROWS,
        road_rows: int = DEFAULT_ROWS,
    ) -> Roads:
        """Every road for a shoe's results, e.g. when a journal is replayed."""
        return cls.empty(bead_rows=bead_rows, road_rows=road_rows).extend(results)

    @classmethod
    def from_text(
        cls, text: str, *, bead_rows: int = DEFAULT_ROWS, road_rows: int = DEFAULT_ROWS
    ) -> Roads:
        return cls.build(parse_results(text), bead_rows=bead_rows, road_rows=road_rows)

    def append(self, result: CoupResult) -> Roads:
        """The snapshot after one more coup; this one is left as it was."""
        return self.extend((result,))

    def extend(self, results: Iterable[CoupResult]) -> Roads:
        """The snapshot after more coups. Resumes from this snapshot's cells instead of starting
        over, so that the display's update after each coup costs a few new cells, and a whole
        shoe and coup-by-coup appends share one code path (and so always agree)."""
        new = tuple(results)
        if not new:
            return self
        first_index = len(self.results)
        bead_rows = self.bead_plate.rows
        beads = self.bead_plate.cells + tuple(
            BeadCell(column=index // bead_rows, row=index % bead_rows, index=index, result=result)
            for index, result in enumerate(new, first_index)
        )
        big_road = self.big_road
        placer = _Placer(big_road.cells, big_road.rows)
        cells = list(big_road.cells)
        columns = list(big_road.columns)
        pending = big_road.pending_ties
        derived = [_DerivedBuilder(road) for road in self.derived_roads]
        for index, result in enumerate(new, first_index):
            if result.winner is Winner.TIE:
                # A tie is drawn on the decisive cell before it; ties before any decisive coup
                # wait and are carried into the first cell.
                if cells:
                    cells[-1] = replace(cells[-1], ties=cells[-1].ties + 1)
                else:
                    pending += 1
                continue
            continues = bool(cells) and cells[-1].winner is result.winner
            column, row, logical_column, logical_row = placer.place(continues=continues)
            cells.append(
                BigRoadCell(
                    column=column,
                    row=row,
                    logical_column=logical_column,
                    logical_row=logical_row,
                    winner=result.winner,
                    ties=pending,
                    index=index,
                    result=result,
                )
            )
            pending = 0
            if continues:
                columns[-1] += 1
            else:
                columns.append(1)
            for builder in derived:
                builder.mark(columns, len(cells) - 1)
        last = cells[-1].winner if cells else None
        big_eye_boy, small_road, cockroach_pig = (builder.done() for builder in derived)
        return Roads(
            results=self.results + new,
            bead_plate=BeadPlate(rows=bead_rows, cells=beads),
            big_road=BigRoad(
                rows=big_road.rows, cells=tuple(cells), columns=tuple(columns), pending_ties=pending
            ),
            big_eye_boy=big_eye_boy,
            small_road=small_road,
            cockroach_pig=cockroach_pig,
            ask_banker=_ask(columns, last, Winner.BANKER),
            ask_player=_ask(columns, last, Winner.PLAYER),
            counts=self.counts.plus(new),
        )

    def ask(self, winner: Winner) -> AskRoad:
        """What the derived roads would show if the next coup went to ``winner``."""
        last = self.big_road.cells[-1].winner if self.big_road.cells else None
        return _ask(self.big_road.columns, last, winner)

    @property
    def derived_roads(self) -> tuple[DerivedRoad, DerivedRoad, DerivedRoad]:
        return (self.big_eye_boy, self.small_road, self.cockroach_pig)


class _Placed(Protocol):
    @property
    def column(self) -> int: ...


PlacedT = TypeVar("PlacedT", bound=_Placed)


@dataclass(frozen=True, slots=True, kw_only=True)
class Window(Generic[PlacedT]):
    """The columns a display of limited width shows. Cells keep their road coordinates; draw
    a cell at ``cell.column - first_column``."""

    first_column: int
    columns: int
    cells: tuple[PlacedT, ...]


def visible_window(cells: Sequence[PlacedT], *, columns: int) -> Window[PlacedT]:
    """The last ``columns`` columns of a road, ending at its rightmost drawn cell (a dragon
    tail can reach past the newest streak). Only what is shown changes, never the road."""
    if columns < 1:
        raise InputError(f"a window needs at least one column, got {columns}")
    right = max((cell.column for cell in cells), default=-1)
    first = max(right - columns + 1, 0)
    return Window(
        first_column=first,
        columns=columns,
        cells=tuple(cell for cell in cells if cell.column >= first),
    )
