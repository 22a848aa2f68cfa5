"""The hands and the big instruction: what the croupier reads first.

Both render one snapshot's views; neither knows a rule of the game. The instruction's colour
comes from :func:`~dealer_assist.ui.presentation.instruction_tone`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from dealer_assist.table.snapshot import HandView
from dealer_assist.ui import theme, wording
from dealer_assist.ui.card_face import CardWidget
from dealer_assist.ui.presentation import Tone, hand_tone

CARD_PLACES = 3


def fit_font_size(
    text: str, width: float, height: float, *, largest: int, smallest: int = 14
) -> int:
    """The largest pixel size at which ``text`` fits in one line of ``width`` × ``height``."""
    size = largest
    while size > smallest:
        metrics = QFontMetrics(theme.font(size, bold=True))
        if metrics.horizontalAdvance(text) <= width and metrics.height() <= height:
            break
        size -= 2
    return size


class InstructionBanner(QWidget):
    """One line, as large as fits, white on the colour of the hand it is about."""

    painted = Signal()

    def __init__(self, parent: QWidget | None = None, *, largest: int = 96) -> None:
        super().__init__(parent)
        self.text = ""
        self.tone = Tone.NEUTRAL
        self.largest = largest
        self.setMinimumHeight(90)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def sizeHint(self) -> QSize:
        return QSize(800, 130)

    def show_instruction(self, text: str, tone: Tone) -> None:
        if (text, tone) != (self.text, self.tone):
            self.text, self.tone = text, tone
            self.update()

    def font_size(self) -> int:
        return fit_font_size(self.text, self.width() - 40, self.height() - 10, largest=self.largest)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        painter.fillRect(self.rect(), theme.TONE_COLOURS[self.tone])
        painter.setPen(theme.TONE_TEXT[self.tone])
        painter.setFont(theme.font(self.font_size(), bold=True))
        painter.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, self.text)
        painter.end()
        self.painted.emit()


class HandPanel(QFrame):
    """A hand: its name on its colour, its cards (faces, backs, empty places), its total."""

    turnRequested = Signal(str)
    painted = Signal()

    def __init__(self, hand: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.hand = hand
        self.view: HandView | None = None
        self.tone = hand_tone(hand)
        self.active = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.setSpacing(6)
        head = QHBoxLayout()
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setFont(theme.font(30, bold=True))
        colour = theme.TONE_COLOURS[self.tone].name()
        self.title.setStyleSheet(
            f"background: {colour}; color: white; border-radius: 8px; padding: 2px;"
        )
        self.natural = QLabel()
        self.natural.setFont(theme.font(24, bold=True))
        self.natural.setStyleSheet(f"color: {theme.WARN.name()};")
        self.turn = QPushButton()
        self.turn.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.turn.setProperty("tone", self.tone.value)
        self.turn.clicked.connect(lambda: self.turnRequested.emit(self.hand))
        self.turn.hide()
        head.addWidget(self.title, 1)
        head.addWidget(self.natural)
        head.addWidget(self.turn)
        layout.addLayout(head)
        row = QHBoxLayout()
        row.setSpacing(10)
        self.total = QLabel()
        self.total.setFont(theme.font(72, bold=True))
        self.total.setStyleSheet(f"color: {theme.TONE_BRIGHT[self.tone].name()};")
        self.total.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.total.setMinimumWidth(70)
        row.addWidget(self.total)
        self.cards = [CardWidget(self) for _ in range(CARD_PLACES)]
        for card in self.cards:
            row.addWidget(card, 1)
        layout.addLayout(row, 1)
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(wording.hand_upper(self.hand))
        self.natural.setText(self.tr("NATURAL") if self.view and self.view.natural else "")
        self.turn.setText(self.tr("Turn"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def set_hand(self, view: HandView | None, *, squeeze: bool, active: bool) -> None:
        self.view = view
        cards = view.cards if view else ()
        for place, widget in enumerate(self.cards):
            widget.set_card(cards[place] if place < len(cards) else None)
        hidden = any(card.face_down for card in cards)
        if not cards:
            self.total.setText("")
        elif view is not None and view.total is not None:
            self.total.setText(str(view.total))
        else:
            self.total.setText("?")
        self.natural.setText(self.tr("NATURAL") if view and view.natural else "")
        self.turn.setVisible(squeeze and hidden)
        if active != self.active:
            self.active = active
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.active:
            # The hand the next card goes to, outlined in its colour (painted, not styled: a
            # style sheet per card costs more than drawing the whole card).
            painter = QPainter(self)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(theme.TONE_BRIGHT[self.tone], 4))
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(2, 2, -2, -2), 10, 10)
            painter.end()
        self.painted.emit()
