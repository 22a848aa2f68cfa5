"""The layer a croupier's dialog is drawn on, inside the window that opened it.

A kiosk compositor places every new window itself: cage (the table's kiosk, ``-m extend``)
centres a dialog over the whole output layout, so a PIN pad opened as a window of its own lands
half on the players' screen. A dialog given a parent is therefore drawn inside it, on a
:class:`DialogLayer` over the whole parent: the parent dimmed behind (as behind an alert), the
dialog centred, every touch beside the dialog dropped; the dialog takes the keys
(:class:`~dealer_assist.ui.dialogs.TouchDialog`). On the kiosk the parent is the croupier's
screen, the part of the one window on the touchscreen's output (:class:`~dealer_assist.ui.app.
KioskWindow`), so its dialogs are on that output too (docs/operations.md, "The kiosk's screens
and the croupier's dialogs").
"""

from __future__ import annotations

from PySide6.QtCore import QChildEvent, QEvent, QObject, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QWheelEvent
from PySide6.QtWidgets import QApplication, QWidget

#: Behind a dialog, its parent dims as behind an alert (the croupier's scrim).
LAYER_SCRIM = QColor(0, 0, 0, 170)
#: The dialog's edge on the layer, so it stands out of the dimmed screen.
DIALOG_EDGE = QColor("#5A6673")
EDGE_PX = 3


class DialogLayer(QWidget):
    """The layer a dialog is drawn on, over the whole of its parent (``host``): the parent
    dimmed behind, the dialog centred, every touch outside the dialog taken and dropped.

    It follows the host's size, keeps the dialog inside the host (its own size, unless the
    host is smaller), and goes when its dialog goes. :func:`raise_dialogs` puts open dialogs
    back on top when the host raises something of its own (an alert).
    """

    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.host = host
        self.dialog: QWidget | None = None
        self.setObjectName("dialogLayer")
        self.setAttribute(Qt.WidgetAttribute.WA_NoMousePropagation)
        self.hide()
        host.installEventFilter(self)

    def hold(self, dialog: QWidget) -> None:
        self.dialog = dialog
        dialog.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.host and event.type() == QEvent.Type.Resize and self.isVisible():
            self.place()
        elif watched is self.dialog and event.type() in (QEvent.Type.Resize, QEvent.Type.Move):
            self.update()  # the edge follows the dialog
            if event.type() == QEvent.Type.Resize and self.isVisible():
                self.centre()
        return False

    def place(self) -> None:
        """Over the whole host, the dialog centred on it."""
        self.setGeometry(self.host.rect())
        self.centre()

    def centre(self) -> None:
        dialog = self.dialog
        if dialog is None:
            return
        size = dialog.size().boundedTo(self.size()).expandedTo(dialog.minimumSize())
        rect = QRect(
            (self.width() - size.width()) // 2,
            (self.height() - size.height()) // 2,
            size.width(),
            size.height(),
        )
        rect.moveTo(max(0, rect.x()), max(0, rect.y()))
        if dialog.geometry() != rect:
            dialog.setGeometry(rect)

    def childEvent(self, event: QChildEvent) -> None:
        super().childEvent(event)
        if event.type() == QEvent.Type.ChildRemoved and not any(
            child.isWidgetType() for child in self.children()
        ):
            self.dialog = None
            self.host.removeEventFilter(self)
            self.deleteLater()  # its dialog was deleted (or moved): nothing left to hold

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), LAYER_SCRIM)
        if self.dialog is not None and self.dialog.isVisible():
            edge = QRectF(self.dialog.geometry()).adjusted(
                -EDGE_PX / 2, -EDGE_PX / 2, EDGE_PX / 2, EDGE_PX / 2
            )
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(QPen(DIALOG_EDGE, EDGE_PX))
            painter.drawRoundedRect(edge, 6, 6)
        painter.end()

    # A touch beside the dialog reaches nothing behind it.
    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        event.accept()

    def wheelEvent(self, event: QWheelEvent) -> None:
        event.accept()


def raise_dialogs(host: QWidget) -> None:
    """Open dialogs back over everything else of ``host`` (after it raised an alert)."""
    for layer in host.findChildren(DialogLayer, options=Qt.FindChildOption.FindDirectChildrenOnly):
        if layer.isVisible():
            layer.raise_()


def focus_within(dialog: QWidget, *, forward: bool) -> None:
    """Move the focus to the next (or previous) part of ``dialog`` that takes it by Tab,
    round from the last to the first: Tab never leaves an open dialog for the screen behind."""
    chain: list[QWidget] = []
    widget = dialog.nextInFocusChain()
    while widget is not None and widget is not dialog and len(chain) < 500:
        if (
            dialog.isAncestorOf(widget)
            and widget.isVisible()
            and widget.isEnabled()
            and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
        ):
            chain.append(widget)
        widget = widget.nextInFocusChain()
    if not chain:
        return
    focus = QApplication.focusWidget()
    here = chain.index(focus) if focus in chain else -1
    reason = Qt.FocusReason.TabFocusReason if forward else Qt.FocusReason.BacktabFocusReason
    chain[(here + (1 if forward else -1)) % len(chain)].setFocus(reason)
