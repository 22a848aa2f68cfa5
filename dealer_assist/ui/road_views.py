"""The scoreboard's roads, painted from :class:`~dealer_assist.roads.Roads` data.

:class:`RoadsPanel` sets the five under their titles, one panel for the players' scoreboard
and the pit's table detail, so the two cannot drift apart.

Every decision about where a mark goes was taken by :mod:`dealer_assist.roads`; these widgets
only choose the cell size from their height, show the last columns that fit (a road's
:func:`~dealer_assist.roads.visible_window`) and draw. :meth:`RoadView.placed` returns what is
drawn where, so tests compare the picture with the road without reading pixels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from dealer_assist.roads import (
    AskRoad,
    BeadCell,
    BigRoadCell,
    Colour,
    DerivedCell,
    Roads,
    Winner,
    visible_window,
)
from dealer_assist.ui import theme, wording
from dealer_assist.ui.presentation import Tone

GRID = QColor("#2C3640")
CELL_BACKGROUND = QColor("#F4F1EA")  # scoreboards are drawn on light paper
WINNER_COLOURS = {
    Winner.BANKER: theme.TONE_COLOURS[Tone.BANKER],
    Winner.PLAYER: theme.TONE_COLOURS[Tone.PLAYER],
    Winner.TIE: theme.TONE_COLOURS[Tone.TIE],
}
MARK_COLOURS = {
    Colour.RED: WINNER_COLOURS[Winner.BANKER],
    Colour.BLUE: WINNER_COLOURS[Winner.PLAYER],
}
WINNER_KEYS = {Winner.BANKER: "banker", Winner.PLAYER: "player", Winner.TIE: "tie"}
ROAD_KEYS = ("bead_plate", "big_road", "big_eye_boy", "small_road", "cockroach_pig")


class RoadCell(Protocol):
    """A road's cell as a view draws it: where it sits on the road's grid."""

    @property
    def column(self) -> int: ...

    @property
    def row(self) -> int: ...


CellT = TypeVar("CellT", bound=RoadCell)


@dataclass(frozen=True, slots=True)
class Placed(Generic[CellT]):
    """A mark as drawn: its cell on screen, and the road's own cell."""

    column: int
    row: int
    rect: QRectF
    cell: CellT


class RoadView(QWidget, Generic[CellT]):
    """A grid of ``rows`` square cells as tall as the widget; the newest columns on screen."""

    painted = Signal()

    def __init__(self, rows: int = 6, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows = rows
        self.roads = Roads.empty()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(120, 60)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def sizeHint(self) -> QSize:
        return QSize(600, 180)

    def set_roads(self, roads: Roads) -> None:
        self.roads = roads
        self.update()

    def road_cells(self) -> Sequence[CellT]:  # pragma: no cover - abstract
        raise NotImplementedError

    def cell_size(self) -> float:
        return max(4.0, float(self.height() // self.rows))

    def columns(self) -> int:
        return max(1, int(self.width() // self.cell_size()))

    def placed(self) -> list[Placed[CellT]]:
        """What this widget draws at its current size, cell by cell."""
        size = self.cell_size()
        window = visible_window(self.road_cells(), columns=self.columns())
        result = []
        for cell in window.cells:
            column = cell.column - window.first_column
            result.append(
                Placed(column, cell.row, QRectF(column * size, cell.row * size, size, size), cell)
            )
        return result

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), theme.BACKGROUND)
        size = self.cell_size()
        columns = self.columns()
        painter.fillRect(QRectF(0, 0, columns * size, self.rows * size), CELL_BACKGROUND)
        painter.setPen(QPen(GRID, 1))
        for column in range(columns + 1):
            painter.drawLine(QPointF(column * size, 0), QPointF(column * size, self.rows * size))
        for row in range(self.rows + 1):
            painter.drawLine(QPointF(0, row * size), QPointF(columns * size, row * size))
        for placed in self.placed():
            self.paint_cell(painter, placed.rect.adjusted(2, 2, -2, -2), placed.cell)
        painter.end()
        self.painted.emit()

    def paint_cell(self, painter: QPainter, rect: QRectF, cell: CellT) -> None:  # pragma: no cover
        raise NotImplementedError


def paint_pairs(painter: QPainter, rect: QRectF, banker_pair: bool, player_pair: bool) -> None:
    """Red dot top-left for a Banker pair, blue dot bottom-right for a Player pair."""
    dot = max(3.0, rect.width() * 0.26)
    painter.setPen(QPen(QColor("white"), 1))
    if banker_pair:
        painter.setBrush(WINNER_COLOURS[Winner.BANKER])
        painter.drawEllipse(QRectF(rect.left(), rect.top(), dot, dot))
    if player_pair:
        painter.setBrush(WINNER_COLOURS[Winner.PLAYER])
        painter.drawEllipse(QRectF(rect.right() - dot, rect.bottom() - dot, dot, dot))


class BeadPlateView(RoadView[BeadCell]):
    """Every coup, ties included: a filled disc with the winner's initial."""

    def road_cells(self) -> Sequence[BeadCell]:
        return self.roads.bead_plate.cells

    def paint_cell(self, painter: QPainter, rect: QRectF, cell: BeadCell) -> None:
        result = cell.result
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(WINNER_COLOURS[result.winner])
        painter.drawEllipse(rect)
        painter.setPen(QColor("white"))
        painter.setFont(theme.font(max(6, round(rect.height() * 0.55)), bold=True))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, initial(result.winner))
        paint_pairs(painter, rect, result.banker_pair, result.player_pair)


def initial(winner: Winner) -> str:
    """The one character a bead shows: B, P, T in English; 莊, 閒, 和 in Chinese."""
    return wording.hand_initial(WINNER_KEYS[winner])


class BigRoadView(RoadView[BigRoadCell]):
    """Rings in the winner's colour; a tie is a green slash on the cell before it."""

    def road_cells(self) -> Sequence[BigRoadCell]:
        return self.roads.big_road.cells

    def paint_cell(self, painter: QPainter, rect: QRectF, cell: BigRoadCell) -> None:
        width = max(2.0, rect.width() * 0.14)
        ring = rect.adjusted(width / 2, width / 2, -width / 2, -width / 2)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(WINNER_COLOURS[cell.winner], width))
        painter.drawEllipse(ring)
        if cell.ties:
            tie = WINNER_COLOURS[Winner.TIE]
            painter.setPen(QPen(tie, max(2.0, rect.width() * 0.12)))
            painter.drawLine(rect.bottomLeft(), rect.topRight())
            if cell.ties > 1:
                painter.setPen(QColor("#0A5A2A"))
                painter.setFont(theme.font(max(6, round(rect.height() * 0.5)), bold=True))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(cell.ties))
        paint_pairs(painter, rect, cell.result.banker_pair, cell.result.player_pair)


class DerivedRoadView(RoadView[DerivedCell]):
    """Big Eye Boy (rings), Small Road (discs) or Cockroach Pig (slashes) in red or blue."""

    STYLES = ("ring", "disc", "slash")

    def __init__(self, cycle: int, rows: int = 6, parent: QWidget | None = None) -> None:
        super().__init__(rows, parent)
        self.cycle = cycle
        self.style_name = self.STYLES[cycle - 1]

    def road_cells(self) -> Sequence[DerivedCell]:
        return self.roads.derived_roads[self.cycle - 1].cells

    def paint_cell(self, painter: QPainter, rect: QRectF, cell: DerivedCell) -> None:
        paint_mark(painter, rect, self.style_name, MARK_COLOURS[cell.colour])


def paint_mark(painter: QPainter, rect: QRectF, style: str, colour: QColor) -> None:
    width = max(2.0, rect.width() * 0.16)
    if style == "ring":
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colour, width))
        painter.drawEllipse(rect.adjusted(width / 2, width / 2, -width / 2, -width / 2))
    elif style == "disc":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(rect)
    else:
        pen = QPen(colour, max(2.0, rect.width() * 0.2))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        inset = rect.width() * 0.12
        inner = rect.adjusted(inset, inset, -inset, -inset)
        painter.drawLine(inner.bottomLeft(), inner.topRight())


class AskRoadView(QWidget):
    """What the three derived roads would show after a next Banker or a next Player."""

    def __init__(self, winner: Winner, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.winner = winner
        self.ask: AskRoad | None = None
        self.setMinimumSize(200, 60)

    def sizeHint(self) -> QSize:
        return QSize(280, 70)

    def set_ask(self, ask: AskRoad) -> None:
        self.ask = ask
        self.update()

    def marks(self) -> tuple[Colour | None, Colour | None, Colour | None]:
        if self.ask is None:
            return (None, None, None)
        return (self.ask.big_eye_boy, self.ask.small_road, self.ask.cockroach_pig)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), theme.PANEL)
        size = min(self.height() - 10.0, self.width() / 4.6)
        top = (self.height() - size) / 2
        head = QRectF(5, top, size, size)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(WINNER_COLOURS[self.winner])
        painter.drawEllipse(head)
        painter.setPen(QColor("white"))
        painter.setFont(theme.font(max(6, round(size * 0.55)), bold=True))
        painter.drawText(head, Qt.AlignmentFlag.AlignCenter, initial(self.winner) + "?")
        for place, (style, colour) in enumerate(
            zip(DerivedRoadView.STYLES, self.marks(), strict=True), 1
        ):
            rect = QRectF(5 + place * size * 1.2, top, size, size).adjusted(
                size * 0.15, size * 0.15, -size * 0.15, -size * 0.15
            )
            if colour is None:
                painter.setPen(QPen(theme.TEXT_DIM, 1, Qt.PenStyle.DotLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect)
            else:
                paint_mark(painter, rect, style, MARK_COLOURS[colour])
        painter.end()


class RoadsPanel(QWidget):
    """The five roads under their titles: the Bead Plate and the Big Road above, the three
    derived roads below. The scoreboard adds its ask roads to the end of :attr:`derived_row`.

    ``title_size`` is the titles' point size (the scoreboard's 18 is read across the room, the
    pit's 16 beside a table's other parts); ``rows`` the stretch of the upper and lower rows.
    """

    def __init__(
        self,
        *,
        title_size: int,
        rows: tuple[int, int] = (5, 3),
        spacing: int = -1,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.title_size = title_size
        self.titles: dict[str, QLabel] = {}
        self.bead_plate = BeadPlateView()
        self.big_road = BigRoadView()
        self.big_eye_boy = DerivedRoadView(1)
        self.small_road = DerivedRoadView(2)
        self.cockroach_pig = DerivedRoadView(3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(spacing)
        upper = QHBoxLayout()
        upper.addLayout(self._titled("bead_plate", self.bead_plate), 2)
        upper.addLayout(self._titled("big_road", self.big_road), 5)
        layout.addLayout(upper, rows[0])
        self.derived_row = QHBoxLayout()
        for key in ("big_eye_boy", "small_road", "cockroach_pig"):
            self.derived_row.addLayout(self._titled(key, self.views[key]), 3)
        layout.addLayout(self.derived_row, rows[1])
        self.retranslate()

    def _titled(self, key: str, view: QWidget) -> QVBoxLayout:
        box = QVBoxLayout()
        box.setSpacing(2)
        title = QLabel()
        title.setFont(theme.font(self.title_size, bold=True))
        self.titles[key] = title
        box.addWidget(title)
        box.addWidget(view, 1)
        return box

    @property
    def views(self) -> dict[str, BeadPlateView | BigRoadView | DerivedRoadView]:
        """The five roads by their keys (:data:`ROAD_KEYS`)."""
        return {
            "bead_plate": self.bead_plate,
            "big_road": self.big_road,
            "big_eye_boy": self.big_eye_boy,
            "small_road": self.small_road,
            "cockroach_pig": self.cockroach_pig,
        }

    def set_roads(self, roads: Roads) -> None:
        """Draw ``roads``; a road already drawing these very roads is not repainted."""
        for view in self.views.values():
            if view.roads is not roads:
                view.set_roads(roads)

    def retranslate(self) -> None:
        """The titles in the current language (its owner calls this on a language change)."""
        titles = {
            "bead_plate": self.tr("Bead Plate"),
            "big_road": self.tr("Big Road"),
            "big_eye_boy": self.tr("Big Eye Boy"),
            "small_road": self.tr("Small Road"),
            "cockroach_pig": self.tr("Cockroach Pig"),
        }
        for key, label in self.titles.items():
            label.setText(titles[key])
        for view in self.views.values():
            view.update()  # bead initials are translated
