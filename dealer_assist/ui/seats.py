"""Seats and bets on the croupier's screen: tiles over :class:`SeatsModel`, and the bet panel.

The tiles read the model (bets, last coup's result, commission box) and never the table; the
bet panel only says what was touched. The window turns touches into commands.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_assist.table.snapshot import SeatView
from dealer_assist.ui import theme, wording
from dealer_assist.ui.bank_controls import SeatState
from dealer_assist.ui.models import ItemRole, SeatsModel, bets_text, results_text
from dealer_assist.ui.presentation import format_money, hand_tone, seat_totals


def touch_button(text: str = "", *, tone: str | None = None) -> QPushButton:
    button = QPushButton(text)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys go to the window's shortcuts
    if tone is not None:
        button.setProperty("tone", tone)
    return button


class SeatTile(QFrame):
    """One seat: touch it to bet for it (in the bank games, to act for it on the bank)."""

    pressed = Signal(int)
    collectRequested = Signal(int)

    def __init__(self, seat: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seat")
        self.seat = seat
        self.view: SeatView | None = None
        self.bank: SeatState | None = None
        self.setProperty("selected", False)
        self.setProperty("due", False)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(theme.TOUCH_PX * 2)
        layout = QVBoxLayout(self)
        self.tile_layout = layout
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(2)
        top = QHBoxLayout()
        self.number = QLabel(str(seat))
        self.number.setFont(theme.font(30, bold=True))
        self.bets = QLabel()
        self.bets.setFont(theme.font(17, bold=True))
        self.bets.setWordWrap(True)
        top.addWidget(self.number)
        top.addWidget(self.bets, 1)
        layout.addLayout(top)
        self.result = QLabel()
        self.result.setFont(theme.font(16))
        self.result.setWordWrap(True)
        layout.addWidget(self.result)
        # The bank games: the seat's stake or call, what it may still stake (instead of bets).
        self.status = QLabel()
        self.status.setFont(theme.font(17, bold=True))
        self.status.setWordWrap(True)
        self.status.hide()
        layout.addWidget(self.status)
        # The commission box and its collect action are one target: the amount owed, on a
        # button that collects it (disabled while the box is empty).
        self.collect = touch_button()
        self.collect.setFont(theme.font(17, bold=True))
        self.collect.clicked.connect(lambda: self.collectRequested.emit(self.seat))
        layout.addWidget(self.collect)
        self.retranslate()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.pressed.emit(self.seat)
        super().mousePressEvent(event)

    def set_selected(self, selected: bool) -> None:
        if self.property("selected") != selected:
            self.setProperty("selected", selected)
            self.style().unpolish(self)
            self.style().polish(self)

    def set_view(self, view: SeatView) -> None:
        self.view = view
        self.retranslate()

    def set_bank(self, state: SeatState | None) -> None:
        """Chemin de Fer and Banque: show the seat's part in the bank game, no bets or box."""
        if state == self.bank:
            return
        self.bank = state
        if state is not None:
            self.setMinimumWidth(theme.TOUCH_PX + 20)  # ten seats fit a 1024 px screen
            self.tile_layout.setContentsMargins(5, 6, 5, 6)
        due = state is not None and state.due
        if self.property("due") != due:
            self.setProperty("due", due)
            self.style().unpolish(self)
            self.style().polish(self)
        self.retranslate()

    def retranslate(self) -> None:
        if self.bank is not None:
            self._bank_texts(self.bank)
            return
        view = self.view
        if view is None:
            return
        self.bets.setText(bets_text(view))
        totals = seat_totals(view)
        if totals is None:
            self.result.setText("")
        else:
            text = results_text(view.results)
            if totals.commission:
                text += "  " + self.tr("comm. %1").replace("%1", format_money(totals.commission))
            self.result.setText(text)
            colour = theme.GOOD if totals.net > 0 else theme.BAD if totals.net < 0 else theme.TEXT
            theme.set_text_colour(self.result, colour)
        owed = format_money(view.box)
        if view.box > 0:
            self.collect.setText(self.tr("Collect\n%1").replace("%1", owed))
        else:
            self.collect.setText(self.tr("Box %1").replace("%1", owed))
        self.collect.setEnabled(view.box > 0)

    def _bank_texts(self, state: SeatState) -> None:
        self.collect.hide()
        self.bets.setText(state.player or self.tr("empty"))
        theme.set_text_colour(self.bets, theme.TEXT if state.player else theme.TEXT_DIM)
        lines: list[str] = []
        if state.side is not None and not state.stakes:
            lines.append(wording.bet_name(state.side))
        if state.banker:
            lines.append(self.tr("BANKER"))
        if state.offered:
            lines.append(self.tr("offered the shoe"))
        if state.call is not None:
            lines.append(wording.call_name(state.call))
        for bet, amount in state.stakes:
            name = self.tr("stake") if bet == "stake" else wording.bet_name(bet)
            lines.append(f"{name} {format_money(amount)}")
        if state.suivi and state.call is None:
            lines.append(self.tr("may follow (Suivi)"))
        if state.turn:
            lines.append(self.tr("TURN"))
        if state.may_stake > 0 and state.player is not None:
            lines.append(self.tr("may stake %1").replace("%1", format_money(state.may_stake)))
        if state.holds_hand is not None and not state.banker:
            hands = ", ".join(wording.hand_name(h) for h in state.holds_hand.split(", "))
            lines.append(self.tr("plays %1").replace("%1", hands))
        self.status.setText("\n".join(lines))
        self.status.setVisible(bool(lines))
        theme.set_text_colour(self.status, theme.BANK if state.banker else theme.TEXT)
        if state.result is None:
            self.result.setText("")
        else:
            self.result.setText(format_money(state.result, signed=True))
            colour = (
                theme.GOOD if state.result > 0 else theme.BAD if state.result < 0 else theme.TEXT
            )
            theme.set_text_colour(self.result, colour)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class SeatStrip(QWidget):
    """A tile per row of a :class:`SeatsModel`, kept in step with the model's signals."""

    seatSelected = Signal(int)
    collectRequested = Signal(int)

    def __init__(self, model: SeatsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.tiles: list[SeatTile] = []
        self.selected: int | None = None
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(8)
        model.modelReset.connect(self._rebuild)
        model.dataChanged.connect(self._changed)
        self._rebuild()

    def _rebuild(self) -> None:
        for tile in self.tiles:
            tile.deleteLater()
        self.tiles = []
        for row in range(self.model.rowCount()):
            view = self.model.index(row, 0).data(ItemRole)
            tile = SeatTile(view.seat, self)
            tile.set_view(view)
            tile.pressed.connect(self.select)
            tile.collectRequested.connect(self.collectRequested)
            tile.set_selected(view.seat == self.selected)
            self._layout.addWidget(tile)
            if self.isVisible():
                tile.show()  # at once, not at the next turn of the event loop
            self.tiles.append(tile)

    def _changed(
        self, top: QModelIndex | QPersistentModelIndex, bottom: QModelIndex | QPersistentModelIndex
    ) -> None:
        for row in range(top.row(), bottom.row() + 1):
            if 0 <= row < len(self.tiles):
                self.tiles[row].set_view(self.model.index(row, 0).data(ItemRole))

    def tile(self, seat: int) -> SeatTile:
        return next(tile for tile in self.tiles if tile.seat == seat)

    def set_bank(self, states: dict[int, SeatState]) -> None:
        """Chemin de Fer and Banque: each seat's part in the bank game."""
        for tile in self.tiles:
            tile.set_bank(states.get(tile.seat))

    def select(self, seat: int) -> None:
        self.selected = seat
        for tile in self.tiles:
            tile.set_selected(tile.seat == seat)
        self.seatSelected.emit(seat)


class BetPanel(QWidget):
    """Bet buttons, chips, and keypad / repeat / clear for the selected seat."""

    betChosen = Signal(str)
    chipPressed = Signal(str)
    keypadRequested = Signal()
    repeatRequested = Signal()
    clearRequested = Signal()

    def __init__(
        self, bets: Sequence[str], chips: Sequence[Decimal], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.bets = tuple(bets)
        self.chips = tuple(chips)
        self.bet = self.bets[0] if self.bets else ""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        first = QHBoxLayout()
        self.seat_label = QLabel()
        self.seat_label.setFont(theme.font(22, bold=True))
        self.seat_label.setMinimumWidth(120)
        first.addWidget(self.seat_label)
        self.group = QButtonGroup(self)
        self.bet_buttons: dict[str, QPushButton] = {}
        for name in self.bets:
            button = touch_button(tone=hand_tone(name).value if name != "tie" else "tie")
            button.setCheckable(True)
            button.setChecked(name == self.bet)
            button.clicked.connect(lambda _=False, n=name: self.choose(n))
            self.group.addButton(button)
            self.bet_buttons[name] = button
            first.addWidget(button, 1)
        self.keypad = touch_button()
        self.keypad.clicked.connect(self.keypadRequested)
        self.repeat = touch_button()
        self.repeat.clicked.connect(self.repeatRequested)
        self.clear = touch_button()
        self.clear.clicked.connect(self.clearRequested)
        layout.addLayout(first)
        # The chips, then keypad, repeat and clear: the bets' row keeps its width for the bets.
        second = QHBoxLayout()
        self.chip_buttons: dict[Decimal, QPushButton] = {}
        for value in self.chips:
            chip = touch_button(format_money(value))
            chip.setObjectName("chip")
            chip.clicked.connect(lambda _=False, v=value: self.chipPressed.emit(str(v)))
            self.chip_buttons[value] = chip
            second.addWidget(chip, 1)
        for button in (self.keypad, self.repeat, self.clear):
            second.addWidget(button)
        layout.addLayout(second)
        self.seat: int | None = None
        self.retranslate()

    def choose(self, name: str) -> None:
        self.bet = name
        self.bet_buttons[name].setChecked(True)
        self.betChosen.emit(name)

    def set_seat(self, seat: int | None) -> None:
        self.seat = seat
        self.retranslate()

    def retranslate(self) -> None:
        self.seat_label.setText(
            self.tr("Seat %1").replace("%1", str(self.seat))
            if self.seat is not None
            else self.tr("Touch a seat")
        )
        for name, button in self.bet_buttons.items():
            button.setText(wording.bet_name(name))
        self.keypad.setText(self.tr("Keypad"))
        self.repeat.setText(self.tr("Repeat"))
        self.clear.setText(self.tr("Clear"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
