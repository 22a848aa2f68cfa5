"""Labels that fit their text: the font shrinks, down to a smallest size, until the text fits
the label's width on one line; below that the text wraps. Nothing is cut or elided, on any
screen size and in any language (tests/ui/test_ui_walk.py measures every label)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QFontMetricsF, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from dealer_assist.ui import theme


class FitLabel(QLabel):
    """One line of text, as large as fits between ``smallest`` and ``largest`` pixels; wrapped
    at ``smallest`` when even that is too wide. It takes the width its layout gives it."""

    def __init__(
        self,
        *,
        largest: int,
        smallest: int = 14,
        bold: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.largest, self.smallest, self.bold = largest, smallest, bold
        self.setFont(theme.font(largest, bold=bold))
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def setText(self, text: str) -> None:
        if text != self.text():
            super().setText(text)
            self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def fitting_size(self, width: float) -> int:
        """The largest pixel size at which the text's widest line fits ``width``."""
        lines = self.text().split("\n")
        for size in range(self.largest, self.smallest, -1):
            metrics = QFontMetricsF(theme.font(size, bold=self.bold))
            if max(metrics.horizontalAdvance(line) for line in lines) <= width:
                return size
        return self.smallest

    def _fit(self) -> None:
        width = self.contentsRect().width() - 2 * self.margin()
        size = self.fitting_size(width)
        metrics = QFontMetricsF(theme.font(size, bold=self.bold))
        wrap = max(metrics.horizontalAdvance(line) for line in self.text().split("\n")) > width
        if self.font().pixelSize() != size:
            self.setFont(theme.font(size, bold=self.bold))
        if self.wordWrap() != wrap:
            self.setWordWrap(wrap)

    def minimumSizeHint(self) -> QSize:
        metrics = QFontMetricsF(theme.font(self.smallest, bold=self.bold))
        return QSize(60, round(metrics.height()))
