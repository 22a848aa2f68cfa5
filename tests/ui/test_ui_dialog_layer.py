"""The croupier's dialogs are drawn inside the croupier's screen, never as windows of their own:
a kiosk compositor would place those itself (cage centres them over both outputs, the players'
screen included). tests/deploy/test_kiosk.py sees it under cage; here, what makes it so."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPoint, QRect, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from dealer_assist.drivers.base import CardRead
from dealer_assist.table.commands import Role
from dealer_assist.ui.app import KioskWindow
from dealer_assist.ui.auth import DemoPinVerifier
from dealer_assist.ui.dialog_layer import DialogLayer
from dealer_assist.ui.dialogs import PinDialog, TouchDialog
from dealer_assist.ui.recall import RecallDialog
from tests.ui.conftest import Screen

PLAYER_WINS = "9S 2H 10D 3C"  # Player 9, Banker 5: a coup to recall


def windows_shown() -> list[QWidget]:
    return [widget for widget in QApplication.topLevelWidgets() if widget.isVisible()]


def global_rect(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(QPoint(0, 0)), widget.size())


def touch(window: QWidget, where: QPoint) -> None:
    """A press and release at ``where`` on the window, as the screen sends it."""
    handle = window.windowHandle()
    QTest.mouseClick(handle, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, where)


def open_each_dialog(screen: Screen) -> list[QDialog]:
    """Every dialog the croupier's screen opens without a PIN, then the PIN pad and, behind
    it, the supervisor's actions, the card chooser and the card picker."""
    window = screen.window
    opened: list[QDialog] = []

    def opened_now() -> QDialog:
        dialog = window.dialog
        assert isinstance(dialog, TouchDialog) and dialog.isVisible()
        opened.append(dialog)
        return dialog

    screen.feed("9S 2H")
    for opener in (window.open_keypad, window.open_recall):
        opener()
        opened_now().reject()
    window.open_supervisor()
    pin = opened_now()
    assert isinstance(pin, PinDialog)
    for digit in "2468":
        pin.press(digit)
    pin.check()
    actions = opened_now()
    actions.correct.click()  # type: ignore[attr-defined]
    chooser = opened_now()
    chooser.buttons[0].click()  # type: ignore[attr-defined]
    opened_now().reject()
    return opened


def test_every_dialog_is_drawn_inside_the_croupiers_screen(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    window = screen.window
    before = windows_shown()
    for dialog in open_each_dialog(screen):
        assert not dialog.isWindow() and dialog.window() is window
        assert window.rect().contains(QRect(dialog.mapTo(window, QPoint(0, 0)), dialog.size()))
        assert isinstance(dialog.parentWidget(), DialogLayer)
    assert windows_shown() == before  # no window of its own, ever
    # Each closed dialog took its layer with it: nothing dims the screen now.
    qtbot.waitUntil(lambda: not window.findChildren(DialogLayer))


def test_an_open_dialog_dims_the_screen_and_takes_its_touches(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    window = screen.window
    window.open_supervisor()
    pin = window.dialog
    assert isinstance(pin, PinDialog) and pin.layer is not None
    assert pin.layer.geometry() == window.rect() and pin.layer.isVisible()
    # Centred on the screen.
    middle = QRect(pin.mapTo(window, QPoint(0, 0)), pin.size()).center()
    assert abs(middle.x() - window.width() // 2) <= 1
    assert abs(middle.y() - window.height() // 2) <= 1
    # A touch on the Recall key behind the layer reaches the layer, not the key (the touch
    # goes to the window, which hands it to the widget on top there, as on the screen).
    recall = window.recall.mapTo(window, window.recall.rect().center())
    assert window.childAt(recall) is pin.layer
    touch(window, recall)
    assert window.dialog is pin
    # The dialog follows the screen's size.
    window.resize(1024, 768)
    qtbot.waitUntil(lambda: pin.layer is not None and pin.layer.size() == window.size())
    middle = QRect(pin.mapTo(window, QPoint(0, 0)), pin.size()).center()
    assert abs(middle.x() - 512) <= 1 and abs(middle.y() - 384) <= 1
    pin.reject()
    # Closed, the same touch opens the recall.
    screen.feed(PLAYER_WINS)
    touch(window, window.recall.mapTo(window, window.recall.rect().center()))
    assert isinstance(window.dialog, RecallDialog)


def test_the_keys_are_the_open_dialogs(qtbot: Any, make_screen: Any) -> None:
    """Digits go to the PIN pad, not to the screen's shortcuts (a digit chooses a seat there,
    C clears its bets); Escape cancels it, as in a window of its own."""
    screen = make_screen()
    window = screen.window
    window.seats.select(1)
    window.open_supervisor()
    pin = window.dialog
    assert isinstance(pin, PinDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is pin)
    for key in (Qt.Key.Key_2, Qt.Key.Key_4, Qt.Key.Key_6, Qt.Key.Key_C):
        qtbot.keyClick(pin, key)
    assert pin.pin == "246" and window.selected_seat == 1
    qtbot.keyClick(pin, Qt.Key.Key_8)
    qtbot.keyClick(pin, Qt.Key.Key_Return)
    actions = window.dialog
    assert actions is not pin and actions is not None and actions.isVisible()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is actions)
    qtbot.keyClick(actions, Qt.Key.Key_Escape)
    assert window.dialog is None
    qtbot.keyClick(window, Qt.Key.Key_3)  # the screen's shortcuts are back
    assert window.selected_seat == 3


def test_a_dialog_stays_over_an_alert_raised_behind_it(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    window = screen.window
    window.open_supervisor()
    pin = window.dialog
    assert isinstance(pin, PinDialog)
    screen.feed("4S")
    screen.controller.on_source_event(CardRead(source="shoe", card=None, raw=b"\x7f"))
    assert window.alert_panel.isVisible()
    middle = QRect(pin.mapTo(window, QPoint(0, 0)), pin.size()).center()
    hit = window.childAt(middle)
    assert hit is pin or pin.isAncestorOf(hit)


def test_exec_waits_for_the_answer_in_the_window(qtbot: Any, make_screen: Any) -> None:
    """The QDialog API stays: ``exec()`` runs until the dialog is answered."""
    screen = make_screen()
    pin = PinDialog(DemoPinVerifier(), Role.SUPERVISOR, "test", screen.window)
    seen: list[bool] = []

    def answer() -> None:
        seen.append(pin.isVisible() and not pin.isWindow())
        pin.accept()

    QTimer.singleShot(0, answer)
    assert pin.exec() == QDialog.DialogCode.Accepted
    assert seen == [True] and not pin.isVisible()


def test_in_the_kiosk_window_a_dialog_is_on_the_croupiers_part_only(
    qtbot: Any, make_screen: Any
) -> None:
    """The kiosk's one window spans both outputs; a dialog of the croupier's screen stays on
    the croupier's part (the touchscreen's output), none of it on the players' part."""
    screen = make_screen()
    players = QWidget()
    kiosk = KioskWindow([screen.window, players])
    try:
        kiosk.resize(2560, 720)
        kiosk.show()
        qtbot.waitExposed(kiosk)
        # Two outputs side by side, as cage lays them out (the offscreen platform has one).
        screen.window.setGeometry(0, 0, 1280, 720)
        players.setGeometry(1280, 0, 1280, 720)
        screen.window.open_supervisor()
        pin = screen.window.dialog
        assert isinstance(pin, PinDialog) and pin.isVisible() and pin.window() is kiosk
        assert global_rect(screen.window).contains(global_rect(pin))
        assert not global_rect(players).intersects(global_rect(pin))
        assert pin.layer is not None
        assert not global_rect(players).intersects(global_rect(pin.layer))
        pin.reject()
    finally:
        screen.window.setParent(None)  # the fixture's window again, closed by the fixture
        kiosk.close()
        kiosk.deleteLater()


def test_the_pits_pin_dialog_is_inside_the_pit_window(qtbot: Any) -> None:
    from dealer_assist.ui.pit_screen import PitWindow, demo_model

    pit = PitWindow(demo_model(seed=3), verifier=DemoPinVerifier())
    qtbot.addWidget(pit)
    pit.resize(1280, 800)
    pit.show()
    qtbot.waitExposed(pit)
    before = windows_shown()
    pit.ask_acknowledge()
    (dialog,) = [d for d in pit.findChildren(PinDialog) if d.isVisible()]
    assert dialog.window() is pit and windows_shown() == before
    dialog.reject()


def test_tab_stays_in_the_open_dialog(qtbot: Any, make_screen: Any) -> None:
    """The recall's list and table take the focus in turn; Tab never reaches the screen behind."""
    screen = make_screen()
    screen.feed(PLAYER_WINS)
    window = screen.window
    window.open_recall()
    recall = window.dialog
    assert isinstance(recall, RecallDialog)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is recall)
    seen = []
    for key in (Qt.Key.Key_Tab,) * 4 + (Qt.Key.Key_Backtab,) * 2:
        target = QApplication.focusWidget()
        assert target is not None
        qtbot.keyClick(target, key)
        focus = QApplication.focusWidget()
        assert focus is not None and recall.isAncestorOf(focus), focus
        seen.append(focus)
    assert set(seen) == {recall.list, recall.steps_view, recall.bets_view}
