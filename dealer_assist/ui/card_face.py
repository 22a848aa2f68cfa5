"""Card faces and backs, drawn by our own code with QPainter: no card art, no licences.

A face is the rank large in the centre with its suit below, and the usual corner indices, in
red or black on white: readable from across the table. A card whose ``code`` is None (face down,
squeeze) is a back, always: the snapshot never held its value.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from dealer_assist.table.snapshot import CardView
from dealer_assist.ui import theme

CARD_RATIO = 7 / 5  # height / width of a playing card
FACE = QColor("#FBFBF8")
FACE_EDGE = QColor("#8A9096")
RED_INK = QColor("#C62828")
BLACK_INK = QColor("#111111")
BACK = QColor("#7B1421")
BACK_PATTERN = QColor("#B23A49")
BACK_EDGE = QColor("#E6DCC8")  # ivory: a back never shows the white of a face
SLOT = QColor("#4A5560")


def rank_text(code: str) -> str:
    return "10" if code[0] == "T" else code[0]


def suit_symbol(card: CardView) -> str:
    return (card.pretty or "")[-1:] or "?"


def index_size(width: float, height: float) -> int:
    """The corner index's pixel size: 14 % of the card's height, smaller where a "10" would
    take more than a fifth of the card's width."""
    size = max(7, round(height * 0.14))
    while (
        size > 7
        and QFontMetricsF(theme.font(size, bold=True)).horizontalAdvance("10") > width * 0.2
    ):
        size -= 1
    return size


def card_rect(area: QRectF) -> QRectF:
    """The largest card-shaped rectangle centred in ``area``."""
    width = min(area.width(), area.height() / CARD_RATIO)
    height = width * CARD_RATIO
    return QRectF(
        area.x() + (area.width() - width) / 2,
        area.y() + (area.height() - height) / 2,
        width,
        height,
    )


def paint_slot(painter: QPainter, rect: QRectF) -> None:
    """Where a card will go: a dashed outline."""
    pen = QPen(SLOT, max(2.0, rect.width() * 0.02), Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    radius = rect.width() * 0.08
    painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), radius, radius)


def paint_back(painter: QPainter, rect: QRectF) -> None:
    radius = rect.width() * 0.08
    painter.setPen(QPen(BACK_EDGE, max(2.0, rect.width() * 0.03)))
    painter.setBrush(BACK)
    painter.drawRoundedRect(rect, radius, radius)
    inset = rect.width() * 0.09
    inner = rect.adjusted(inset, inset, -inset, -inset)
    painter.setBrush(QBrush(BACK_PATTERN, Qt.BrushStyle.DiagCrossPattern))
    painter.setPen(QPen(BACK_EDGE, max(1.5, rect.width() * 0.015)))
    painter.drawRoundedRect(inner, radius / 2, radius / 2)


def paint_face(painter: QPainter, rect: QRectF, card: CardView) -> None:
    assert card.code is not None
    radius = rect.width() * 0.08
    painter.setPen(QPen(FACE_EDGE, max(1.5, rect.width() * 0.015)))
    painter.setBrush(FACE)
    painter.drawRoundedRect(rect, radius, radius)
    ink = RED_INK if card.red else BLACK_INK
    painter.setPen(ink)
    rank, suit = rank_text(card.code), suit_symbol(card)
    w, h = rect.width(), rect.height()

    # Corner indices, top-left and (turned) bottom-right, clear of the edge: the index column
    # is as wide as a "10" at the index's size, so a ten is as whole as any other rank.
    size = index_size(w, h)
    index_font = theme.font(size, bold=True)
    column = QRectF(w * 0.07, h * 0.04, QFontMetricsF(index_font).horizontalAdvance("10"), h * 0.3)
    keep = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextDontClip
    for turned in (False, True):
        painter.save()
        if turned:
            painter.translate(rect.right(), rect.bottom())
            painter.rotate(180)
        else:
            painter.translate(rect.left(), rect.top())
        painter.setFont(index_font)
        painter.drawText(column, keep, rank)
        painter.setFont(theme.font(max(7, round(size * 0.85))))
        painter.drawText(column.adjusted(0, size * 1.2, 0, 0), keep, suit)
        painter.restore()

    # The centre: the rank large, its suit below.
    size = round(h * (0.34 if len(rank) == 1 else 0.28))
    painter.setFont(theme.font(max(10, size), bold=True))
    painter.drawText(
        QRectF(rect.left(), rect.top() + h * 0.16, w, h * 0.42),
        Qt.AlignmentFlag.AlignCenter,
        rank,
    )
    painter.setFont(theme.font(max(10, round(h * 0.26))))
    painter.drawText(
        QRectF(rect.left(), rect.top() + h * 0.52, w, h * 0.34),
        Qt.AlignmentFlag.AlignCenter,
        suit,
    )


_PICTURES: dict[tuple[str | None, int, int], QPixmap] = {}
_PICTURES_KEPT = 256


def card_picture(card: CardView, width: int, height: int) -> QPixmap:
    """A card drawn once per size and kept: a shoe holds 52 faces and one back, and drawing
    text is the slow part of a face."""
    key = (card.code, width, height)
    picture = _PICTURES.get(key)
    if picture is None:
        if len(_PICTURES) >= _PICTURES_KEPT:
            _PICTURES.clear()
        picture = QPixmap(width, height)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        area = QRectF(1, 1, width - 2, height - 2)
        if card.code is None:
            paint_back(painter, area)
        else:
            paint_face(painter, area, card)
        painter.end()
        _PICTURES[key] = picture
    return picture


def paint_card(painter: QPainter, rect: QRectF, card: CardView | None) -> None:
    """A face, a back (``card.code`` is None) or an empty slot (``card`` is None)."""
    if card is not None and rect.width() >= 4 and rect.height() >= 4:
        picture = card_picture(card, round(rect.width()), round(rect.height()))
        painter.drawPixmap(rect.topLeft().toPoint(), picture)
        return
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    if card is None:
        paint_slot(painter, rect)
    elif card.code is None:
        paint_back(painter, rect)
    else:
        paint_face(painter, rect, card)
    painter.restore()


class CardWidget(QWidget):
    """One card place of a hand."""

    painted = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card: CardView | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(50, 70)

    def sizeHint(self) -> QSize:
        return QSize(150, 210)

    @property
    def state(self) -> str:
        """``empty``, ``back`` or ``face``: what the widget draws."""
        if self.card is None:
            return "empty"
        return "back" if self.card.code is None else "face"

    def set_card(self, card: CardView | None) -> None:
        if card != self.card:
            self.card = card
            self.update()

    def face_rect(self) -> QRectF:
        return card_rect(QRectF(self.rect()).adjusted(3, 3, -3, -3))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_card(painter, self.face_rect(), self.card)
        painter.end()
        self.painted.emit()
