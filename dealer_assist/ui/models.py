"""Qt item models over snapshot data: seats, alerts, devices, recall, a recalled coup.

Models are filled from snapshots only and never change the table. Each keeps its rows as the
snapshot's own immutable views and reports the smallest change it can (``dataChanged`` for
rows that changed, a reset when the set of rows did), so views repaint only what moved.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import Generic, TypeVar

from PySide6.QtCore import (
    QAbstractListModel,
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QBrush

from dealer_assist.table.snapshot import AlertView, BetResultView, CoupSummary, SeatView, Snapshot
from dealer_assist.ui import theme, wording
from dealer_assist.ui.presentation import format_money, seat_totals, winner_tone
from dealer_assist.ui.wording import QT_TRANSLATE_NOOP

Index = QModelIndex | QPersistentModelIndex
ROLE = Qt.ItemDataRole.UserRole
#: The snapshot view behind a row (SeatView, AlertView, CoupSummary, ...).
ItemRole = ROLE + 1
#: The immutable view a row of a model shows.
RowT = TypeVar("RowT")


def _tr(text: str) -> str:
    return QCoreApplication.translate("Models", text)


class _RowsModel(QAbstractTableModel, Generic[RowT]):
    """Rows of immutable items; subclasses say how a cell reads."""

    HEADERS: Sequence[str] = ()

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[RowT] = []

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(self.HEADERS)
        ):
            return _tr(self.HEADERS[section])
        return None

    def item(self, row: int) -> RowT:
        return self._rows[row]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        item = self._rows[index.row()]
        if role == ItemRole:
            return item
        return self.cell(item, index.column(), role)

    def cell(self, item: RowT, column: int, role: int) -> object:  # pragma: no cover - abstract
        raise NotImplementedError

    def set_rows(self, rows: Sequence[RowT], key: Callable[[RowT], object] | None = None) -> None:
        """Replace the rows: changed rows report ``dataChanged``, a new set of rows a reset."""
        new_rows = list(rows)
        keys: Callable[[RowT], object] = (lambda r: r) if key is None else key
        if [keys(a) for a in new_rows] != [keys(b) for b in self._rows]:  # lengths too
            self.beginResetModel()
            self._rows = new_rows
            self.endResetModel()
            return
        for number, (old, new) in enumerate(zip(self._rows, new_rows, strict=True)):
            if old != new:
                self._rows[number] = new
                last = max(0, self.columnCount() - 1)
                self.dataChanged.emit(self.index(number, 0), self.index(number, last))

    def retranslate(self) -> None:
        """Texts come from the translator: tell views that every cell and header changed."""
        if self._rows:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, max(0, self.columnCount() - 1))
            )
        if self.columnCount():
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, self.columnCount() - 1)


def bets_text(seat: SeatView) -> str:
    return ", ".join(f"{wording.bet_name(b.name)} {format_money(b.stake)}" for b in seat.bets)


def result_line(result: BetResultView) -> str:
    """What the croupier does for one settled bet: pay it, take it, or leave it."""
    if result.result == "win":
        template, amount = (
            QCoreApplication.translate("Models", "%1 win · pay %2"),
            format_money(result.payout),
        )
    elif result.result == "lose":
        template, amount = (
            QCoreApplication.translate("Models", "%1 lose · take %2"),
            format_money(-result.net),
        )
    else:
        template, amount = QCoreApplication.translate("Models", "%1 push"), ""
    return template.replace("%1", wording.bet_name(result.name)).replace("%2", amount)


def results_text(results: Sequence[BetResultView]) -> str:
    return ", ".join(result_line(result) for result in results)


class SeatsModel(_RowsModel[SeatView]):
    """One row a seat: bets on the layout, the last coup's payout and commission, the box."""

    HEADERS = (
        QT_TRANSLATE_NOOP("Models", "Seat"),
        QT_TRANSLATE_NOOP("Models", "Bets"),
        QT_TRANSLATE_NOOP("Models", "Result"),
        QT_TRANSLATE_NOOP("Models", "Payout"),
        QT_TRANSLATE_NOOP("Models", "Commission"),
        QT_TRANSLATE_NOOP("Models", "Box"),
    )
    SEAT, BETS, RESULT, PAYOUT, COMMISSION, BOX = range(6)

    def __init__(self, seat_numbers: Sequence[int] | None = None) -> None:
        super().__init__()
        # The bank games seat their own table (Banque always has ten seats): a row for each
        # of its seats, empty where the snapshot has no Punto Banco seat.
        self.seat_numbers = tuple(seat_numbers) if seat_numbers else None

    def update(self, snapshot: Snapshot) -> None:
        rows = snapshot.seats
        if self.seat_numbers is not None:
            known = {seat.seat: seat for seat in snapshot.seats}
            rows = tuple(
                known.get(number) or SeatView(seat=number, bets=(), results=(), box=Decimal(0))
                for number in self.seat_numbers
            )
        self.set_rows(rows, key=lambda seat: seat.seat)

    def row_of_seat(self, seat: int) -> int:
        for number, view in enumerate(self._rows):
            if view.seat == seat:
                return number
        return -1

    def cell(self, item: SeatView, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            totals = seat_totals(item)
            if column == self.SEAT:
                return str(item.seat)
            if column == self.BETS:
                return bets_text(item)
            if column == self.RESULT:
                return results_text(item.results)
            if column == self.PAYOUT:
                return format_money(totals.payout) if totals else ""
            if column == self.COMMISSION:
                return format_money(totals.commission) if totals and totals.commission else ""
            if column == self.BOX:
                return format_money(item.box)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (
            self.PAYOUT,
            self.COMMISSION,
            self.BOX,
        ):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class AlertsModel(_RowsModel[AlertView]):
    """Open alerts, oldest first; a holding alert shows in red, a note in amber."""

    HEADERS = (QT_TRANSLATE_NOOP("Models", "Alert"),)

    def update(self, snapshot: Snapshot) -> None:
        self.set_rows(snapshot.alerts, key=lambda alert: alert.alert)

    def cell(self, item: AlertView, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            message, _original = wording.alert_texts(item.code, item.message)
            return f"{wording.alert_title(item.code)}: {message}"
        if role == Qt.ItemDataRole.ForegroundRole:
            return QBrush(theme.BAD if item.hold else theme.WARN)
        return None


class DevicesModel(_RowsModel[tuple[str, str]]):
    """Every card source and its status."""

    HEADERS = (QT_TRANSLATE_NOOP("Models", "Device"), QT_TRANSLATE_NOOP("Models", "Status"))

    def update(self, snapshot: Snapshot) -> None:
        self.set_rows(snapshot.devices, key=lambda device: device[0])

    def cell(self, item: tuple[str, str], column: int, role: int) -> object:
        name, status = item
        if role == Qt.ItemDataRole.DisplayRole:
            return name if column == 0 else wording.device_status(status)
        if role == Qt.ItemDataRole.ForegroundRole and column == 1:
            colour = {"connected": theme.GOOD, "lost": theme.BAD}.get(status, theme.WARN)
            return QBrush(colour)
        return None


def coup_title(summary: CoupSummary) -> str:
    outcome = (
        QCoreApplication.translate("Models", "void")
        if summary.voided
        else wording.hand_name(summary.winner)
        if summary.winner
        else ", ".join(
            f"{wording.hand_name(hand)} {wording.result_name(result)}"
            for hand, result in summary.sides
        )
    )
    totals = " – ".join(str(hand.total) for hand in summary.hands if hand.total is not None)
    template = QCoreApplication.translate("Models", "Shoe %1, coup %2: %3 %4")
    for number, value in enumerate((str(summary.shoe), str(summary.coup), outcome, totals), 1):
        template = template.replace(f"%{number}", value)
    return template.strip()


class RecallModel(_RowsModel[CoupSummary]):
    """The last coups for recall, newest first."""

    HEADERS = (QT_TRANSLATE_NOOP("Models", "Coup"),)

    def update(self, snapshot: Snapshot) -> None:
        self.set_rows(list(reversed(snapshot.recall)), key=lambda c: (c.shoe, c.coup))

    def cell(self, item: CoupSummary, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return coup_title(item)
        if role == Qt.ItemDataRole.ForegroundRole:
            if item.voided or not item.winner:
                return QBrush(theme.TEXT_DIM)
            return QBrush(theme.TONE_BRIGHT[winner_tone(item.winner)])
        return None


class CoupBetsModel(_RowsModel[tuple[int, BetResultView]]):
    """A recalled coup's bets, in the order they were settled."""

    HEADERS = (
        QT_TRANSLATE_NOOP("Models", "Seat"),
        QT_TRANSLATE_NOOP("Models", "Bet"),
        QT_TRANSLATE_NOOP("Models", "Stake"),
        QT_TRANSLATE_NOOP("Models", "Result"),
        QT_TRANSLATE_NOOP("Models", "Payout"),
        QT_TRANSLATE_NOOP("Models", "Commission"),
        QT_TRANSLATE_NOOP("Models", "Net"),
    )

    def set_coup(self, summary: CoupSummary | None) -> None:
        self.set_rows(() if summary is None else summary.bets, key=lambda bet: bet)

    def cell(self, item: tuple[int, BetResultView], column: int, role: int) -> object:
        seat, bet = item
        if role == Qt.ItemDataRole.DisplayRole:
            values = (
                str(seat),
                wording.bet_name(bet.name),
                format_money(bet.stake),
                wording.result_name(bet.result),
                format_money(bet.payout),
                format_money(bet.commission),
                format_money(bet.net, signed=True),
            )
            return values[column]
        return None


class StepsModel(QAbstractListModel):
    """A recalled coup's steps, in their original order, numbered."""

    def __init__(self) -> None:
        super().__init__()
        self._steps: tuple[str, ...] = ()

    def set_coup(self, summary: CoupSummary | None) -> None:
        steps = () if summary is None else summary.steps
        if steps == self._steps:
            return
        self.beginResetModel()
        self._steps = steps
        self.endResetModel()

    def retranslate(self) -> None:
        self.beginResetModel()
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._steps)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._steps):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{index.row() + 1}. {wording.step(self._steps[index.row()])}"
        if role == ItemRole:
            return self._steps[index.row()]
        return None
