"""The trainee report's plots (PNG, drawn with QPainter) and its PDF (the same HTML, printed by
QTextDocument to a QPdfWriter). The data and the HTML are dealer_assist/training/report.py."""

from __future__ import annotations

import itertools
import os
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QMarginsF, QPointF, QRectF, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextDocument,
)
from PySide6.QtWidgets import QApplication

from dealer_assist.training.items import BANKER_TOTALS, PLAYER_TOTALS, THIRD_CARDS
from dealer_assist.training.report import (
    HEATMAP_PNG,
    PROGRESS_PNG,
    CellStats,
    TrainingReport,
    report_html,
)

NOT_ASKED = QColor(200, 200, 200)
_CELL = 64
_LABEL = 90


def accuracy_colour(stats: CellStats | None) -> QColor:
    """Red (all wrong) through yellow to green (all right); grey when never asked."""
    if stats is None or not stats.asked:
        return NOT_ASKED
    share = float(stats.accuracy)
    if share < 0.5:
        return QColor(220, round(60 + 340 * share), 60)
    return QColor(round(220 - 340 * (share - 0.5)), 200, 60)


def heatmap_image(report: TrainingReport) -> QImage:
    columns = len(THIRD_CARDS)
    rows = len(BANKER_TOTALS) + 1
    image = QImage(_LABEL + columns * _CELL, 30 + rows * _CELL + 10, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setFont(QFont("DejaVu Sans", 9))
    for column, third in enumerate(THIRD_CARDS):
        rect = QRectF(_LABEL + column * _CELL, 0, _CELL, 30)
        painter.drawText(
            rect, Qt.AlignmentFlag.AlignCenter, "stood" if third is None else str(third)
        )

    def cell(row: int, column: int, label: str, stats: CellStats | None) -> None:
        rect = QRectF(_LABEL + column * _CELL, 30 + row * _CELL, _CELL, _CELL)
        painter.fillRect(rect, accuracy_colour(stats))
        painter.setPen(QPen(QColor("white"), 2))
        painter.drawRect(rect)
        painter.setPen(QColor("black"))
        if stats is not None and stats.asked:
            text = (
                f"{round(stats.accuracy * 100)}%\n{stats.mean_seconds.quantize(Decimal('0.1'))} s"
            )
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.drawText(
            QRectF(0, 30 + row * _CELL, _LABEL - 4, _CELL),
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            label,
        )

    for row, total in enumerate(BANKER_TOTALS):
        for column, third in enumerate(THIRD_CARDS):
            cell(row, column, f"Banker {total}", report.banker_cells.get((total, third)))
    for column, total in enumerate(PLAYER_TOTALS):
        cell(len(BANKER_TOTALS), column + 1, "Player 0-7", report.player_cells.get(total))
    painter.end()
    return image


def progress_image(report: TrainingReport) -> QImage:
    """Accuracy (green, left axis 0-100%) and pace (blue, hands per hour) per session."""
    width, height, margin = 640, 320, 50
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setFont(QFont("DejaVu Sans", 9))
    plot = QRectF(margin, 20, width - 2 * margin, height - 20 - margin)
    painter.setPen(QColor("black"))
    painter.drawRect(plot)
    painter.drawText(QRectF(0, height - 30, width, 30), Qt.AlignmentFlag.AlignCenter, "session")
    painter.drawText(QRectF(0, 0, margin, 20), Qt.AlignmentFlag.AlignCenter, "100%")
    sessions = report.sessions
    if sessions:
        fastest = max((s.hands_per_hour for s in sessions), default=Decimal(1)) or Decimal(1)
        painter.drawText(
            QRectF(width - margin, 0, margin, 20), Qt.AlignmentFlag.AlignCenter, f"{fastest}/h"
        )
        step = plot.width() / max(len(sessions) - 1, 1)

        def line(values: list[float], colour: QColor) -> None:
            painter.setPen(QPen(colour, 3))
            points = [
                QPointF(plot.left() + index * step, plot.bottom() - value * plot.height())
                for index, value in enumerate(values)
            ]
            for a, b in itertools.pairwise(points):
                painter.drawLine(a, b)
            for point in points:
                painter.drawEllipse(point, 4, 4)

        line([float(s.stats.accuracy) for s in sessions], QColor(40, 160, 60))
        line([float(s.hands_per_hour / fastest) for s in sessions], QColor(40, 80, 200))
    painter.end()
    return image


def _application() -> QGuiApplication:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        return app
    # A QApplication, not a bare QGuiApplication: it is the process's one application, and
    # the screens (widgets) the same process may show later need the widgets' kind.
    return QApplication([])


def write_report(report: TrainingReport, folder: Path) -> list[Path]:
    """Write report.html, report.pdf and the two PNG plots into ``folder`` (made if missing)."""
    _application()
    folder.mkdir(parents=True, exist_ok=True)
    images = {HEATMAP_PNG: heatmap_image(report), PROGRESS_PNG: progress_image(report)}
    written = []
    for name, image in images.items():
        path = folder / name
        if not image.save(str(path)):
            raise OSError(f"could not write {path}")
        written.append(path)
    page = report_html(report)
    html_path = folder / "report.html"
    html_path.write_text(page, encoding="utf-8")
    written.append(html_path)
    document = QTextDocument()
    for name, image in images.items():
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    document.setHtml(page)
    pdf_path = folder / "report.pdf"
    writer = QPdfWriter(str(pdf_path))
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(15, 15, 15, 15),
        )
    )
    writer.setTitle(f"Training report: {report.trainee}")
    document.print_(writer)
    written.append(pdf_path)
    return written
