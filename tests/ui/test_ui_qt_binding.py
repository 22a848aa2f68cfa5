"""The Qt binding itself: PySide6-Essentials 6.12.0 drops a reference to ``None`` on many
QPainter calls, and on Python 3.11 (where ``None`` is counted) a screen that has painted for a
while then aborts with "deallocating None". pyproject.toml keeps that release out; this test
catches any other release with the same fault before a croupier does."""

from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen


def test_painting_keeps_none_alive(qapp: Any) -> None:
    image = QImage(100, 100, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    rect = QRectF(5, 5, 40, 56)
    before = sys.getrefcount(None)
    for _ in range(2000):
        painter.setPen(QPen(QColor("red"), 2.0))
        painter.setBrush(QColor("white"))
        painter.drawRoundedRect(rect, 3.0, 3.0)
        painter.drawEllipse(rect)
        painter.drawLine(QPointF(0, 0), QPointF(10, 10))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "K")
    painter.end()
    assert sys.getrefcount(None) - before > -100, "this PySide6 release leaks None references"
