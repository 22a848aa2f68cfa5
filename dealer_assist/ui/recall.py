"""The recall: the shoe's earlier coups, hand by hand, on the croupier's screen (a dialog).

Like every dialog here it only shows the snapshot it is given; it changes nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QListView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from dealer_assist.table.snapshot import CardView, CoupSummary, Snapshot
from dealer_assist.ui import theme, wording
from dealer_assist.ui.card_face import paint_card
from dealer_assist.ui.dialogs import TouchDialog, heading, touch_button
from dealer_assist.ui.models import CoupBetsModel, ItemRole, RecallModel, StepsModel, coup_title
from dealer_assist.ui.presentation import winner_tone


class RecallBanner(QWidget):
    """An unmistakable band: this is a past coup."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.setMinimumHeight(70)

    def sizeHint(self) -> QSize:
        return QSize(800, 80)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), theme.WARN)
        painter.setPen(Qt.GlobalColor.black)
        painter.setFont(theme.font(34, bold=True))
        painter.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, self.text)
        painter.end()


class RecalledHand(QWidget):
    """A past coup's hand, small: name, cards, total."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cards: tuple[CardView, ...] = ()
        self.caption = ""
        self.setMinimumSize(200, 150)

    def set_hand(self, caption: str, cards: tuple[CardView, ...]) -> None:
        self.caption, self.cards = caption, cards
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(theme.TEXT)
        painter.setFont(theme.font(22, bold=True))
        painter.drawText(QRectF(0, 0, self.width(), 30), Qt.AlignmentFlag.AlignLeft, self.caption)
        height = self.height() - 36.0
        width = height / 1.4
        for place, card in enumerate(self.cards):
            paint_card(painter, QRectF(place * (width + 8), 34, width, height), card)
        painter.end()


class RecallDialog(TouchDialog):
    """The last coups, each with its steps in order, bets, payouts and commissions."""

    def __init__(self, snapshot: Snapshot, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.coups = RecallModel()
        self.coups.update(snapshot)
        self.steps = StepsModel()
        self.bets = CoupBetsModel()
        self.coup: CoupSummary | None = None
        layout = QVBoxLayout(self)
        self.banner = RecallBanner()
        layout.addWidget(self.banner)
        body = QHBoxLayout()
        self.list = QListView()
        self.list.setModel(self.coups)
        self.list.setMinimumWidth(280)
        self.list.selectionModel().currentChanged.connect(
            lambda current, _: self.show_row(current.row())
        )
        body.addWidget(self.list, 2)
        detail = QVBoxLayout()
        self.heading = heading(30)
        detail.addWidget(self.heading)
        hands = QHBoxLayout()
        self.hands = [RecalledHand(), RecalledHand(), RecalledHand()]
        for hand in self.hands:
            hands.addWidget(hand)
        detail.addLayout(hands)
        self.steps_view = QListView()
        self.steps_view.setModel(self.steps)
        self.steps_view.setWordWrap(True)  # a long step on two lines, never cut
        self.steps_view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        detail.addWidget(self.steps_view, 2)
        self.bets_view = QTableView()
        self.bets_view.setModel(self.bets)
        self.bets_view.verticalHeader().hide()
        self.bets_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        detail.addWidget(self.bets_view, 2)
        body.addLayout(detail, 5)
        layout.addLayout(body, 1)
        row = QHBoxLayout()
        self.newer = touch_button()
        self.newer.clicked.connect(lambda: self.step(-1))
        self.older = touch_button()
        self.older.clicked.connect(lambda: self.step(+1))
        self.close_button = touch_button(tone="alert")
        self.close_button.clicked.connect(self.accept)
        row.addWidget(self.newer)
        row.addWidget(self.older)
        row.addStretch(1)
        row.addWidget(self.close_button)
        layout.addLayout(row)
        self.retranslate()
        if self.coups.rowCount():
            self.list.setCurrentIndex(self.coups.index(0, 0))
        else:
            self.show_row(-1)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Recall"))
        self.banner.text = self.tr("RECALL: PAST COUP, NOT THE CURRENT ONE")
        self.banner.update()
        self.newer.setText(self.tr("▲ Newer"))
        self.older.setText(self.tr("▼ Older"))
        self.close_button.setText(self.tr("Back to the table"))
        self.coups.retranslate()
        self.steps.retranslate()
        self.bets.retranslate()
        self.show_row(self.list.currentIndex().row())

    def step(self, by: int) -> None:
        row = self.list.currentIndex().row() + by
        if 0 <= row < self.coups.rowCount():
            self.list.setCurrentIndex(self.coups.index(row, 0))

    def show_row(self, row: int) -> None:
        coup = self.coups.index(row, 0).data(ItemRole) if row >= 0 else None
        self.coup = coup
        self.steps.set_coup(coup)
        self.bets.set_coup(coup)
        if coup is None:
            self.heading.setText(self.tr("No finished coup to recall yet"))
            for hand in self.hands:
                hand.set_hand("", ())
            return
        self.heading.setText(coup_title(coup))
        colour = theme.TONE_BRIGHT[winner_tone(coup.winner)]
        theme.set_text_colour(self.heading, colour)
        for place, widget in enumerate(self.hands):
            if place < len(coup.hands):
                hand = coup.hands[place]
                widget.set_hand(f"{wording.hand_name(hand.hand)} {hand.total}", hand.cards)
            else:
                widget.set_hand("", ())
        self.older.setEnabled(row + 1 < self.coups.rowCount())
        self.newer.setEnabled(row > 0)
