"""The application: one table (controller, runtime, sources) and its screens.

:class:`TableApp` wires a :class:`~dealer_assist.table.runtime.TableRuntime` to the windows
through one :class:`~dealer_assist.ui.adapter.TableAdapter`; the runtime runs the controller on
its own thread, so the screen never waits for a card or a command.

A table with a journal (``[journal] path``) is opened from it, as ``dealer-assist run`` opens it:
every event, and every supervisor sign-in, is journaled. The supervisor dialog checks PINs with
:func:`~dealer_assist.ui.auth.table_verifier`: the journal's authenticated PIN file when the
table has a journal key, the demo PINs only on a simulated table without one.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from functools import partial
from typing import Any, Unpack

from PySide6.QtCore import QPoint, QRect, QTimer
from PySide6.QtGui import QGuiApplication, QResizeEvent, QScreen
from PySide6.QtWidgets import QApplication, QWidget

from dealer_assist.config import TableConfig
from dealer_assist.deploy.service import attach as attach_service
from dealer_assist.errors import InputError
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import TableEvent
from dealer_assist.table.runtime import TableRuntime, build_source
from dealer_assist.ui import theme
from dealer_assist.ui.adapter import TableAdapter
from dealer_assist.ui.auth import PinVerifier, table_verifier
from dealer_assist.ui.croupier import CroupierWindow
from dealer_assist.ui.i18n import Translations
from dealer_assist.ui.presentation import chip_values, primary_bets
from dealer_assist.ui.scoreboard import ScoreboardWindow
from dealer_assist.ui.simulation import PlayerOptions, SimulatedTable, Submit

APP_NAME = "dealer-assist"

_log = logging.getLogger(__name__)


def display_available() -> bool:
    """A screen to open windows on (X11 or Wayland), or an explicit Qt platform."""
    return bool(
        os.environ.get("DISPLAY")
        or os.environ.get("WAYLAND_DISPLAY")
        or os.environ.get("QT_QPA_PLATFORM")
    )


def application(argv: Sequence[str] | None = None) -> QApplication:
    """The process's QApplication, made once, with our font and style."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(list(argv) if argv is not None else [sys.argv[0]])
    app.setApplicationName(APP_NAME)
    app.setStyle("Fusion")
    app.setFont(theme.font(18))
    return app


def simulated_players(
    config: TableConfig, submit: Submit, **options: Unpack[PlayerOptions]
) -> SimulatedTable:
    bets = primary_bets(config.variant.bets)
    chips = chip_values(config.settlement.limits, bets)
    return SimulatedTable(
        submit,
        seats=config.seats,
        bets=bets,
        chips=[str(chip) for chip in chips[:4]],
        **options,
    )


class KioskWindow(QWidget):
    """The kiosk's one window over every output, each screen in the part on its own output.

    A kiosk compositor shows one window: cage (deploy/systemd/dealer-assist-table.service, ``-m
    extend``) gives its window the whole output layout, both outputs side by side, and stacks a
    second window over the first. So the croupier's screen and the players' scoreboard are two
    parts of this one window: the first on the first screen (the touchscreen), the second on
    the second; with one screen only the first is shown.
    """

    def __init__(self, parts: Sequence[QWidget]) -> None:
        super().__init__()
        self.setWindowTitle(APP_NAME)
        self.setStyleSheet(f"background: {theme.BACKGROUND.name()};")
        self.parts = list(parts)
        for part in self.parts:
            part.setParent(self)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.screenAdded.connect(self._screens_changed)
            app.screenRemoved.connect(self._screens_changed)

    def _screens_changed(self, _screen: QScreen) -> None:
        self.place()

    def place(self) -> None:
        """Each part over its screen, in this window's coordinates."""
        screens = [screen.geometry() for screen in QGuiApplication.screens()]
        origin = _bounding(screens).topLeft() if screens else QPoint(0, 0)
        for index, part in enumerate(self.parts):
            if index < len(screens):
                part.setGeometry(screens[index].translated(-origin))
                part.show()
            elif index == 0:
                part.setGeometry(self.rect())
                part.show()
            else:
                part.hide()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.place()


def _bounding(rects: Sequence[QRect]) -> QRect:
    bounds = QRect(rects[0])
    for rect in rects[1:]:
        bounds = bounds.united(rect)
    return bounds


class TableApp:
    """One table and its screens, from a configuration."""

    def __init__(
        self,
        config: TableConfig,
        *,
        verifier: PinVerifier | None = None,
        language: str | None = None,
        autoplay: bool = False,
        publish: str | None = None,
    ) -> None:
        self.config = config
        self.journal: Any = None  # the Journal, when the configuration names one
        self._note: Callable[[TableEvent], None] | None = None
        controller: TableController
        if config.journal is not None:
            from dealer_assist.journal.recovery import open_table

            journaled, _ = open_table(config)  # rebuilt from the journal when it exists
            controller, self.journal, self._note = journaled, journaled.journal, journaled.note
        else:
            controller = TableController(config)
        self.controller = controller
        try:
            sources = [build_source(url, config) for url in config.sources]
            self.verifier = verifier or table_verifier(
                config, record=self._journal_sign_in if self._note is not None else None
            )
        except BaseException:
            self._close_journal()
            raise
        self.runtime = TableRuntime(self.controller, sources)
        # The pit (docs/pit.md): ``--publish URL`` or the configuration's ``[publish]``, attached
        # as ``dealer-assist run`` attaches it; the pit's commands reach the table's thread.
        self.publisher: Any = None
        if publish is not None or config.publish is not None:
            from dealer_assist.pit.publisher import publish_runtime

            try:
                self.publisher = publish_runtime(self.runtime, config, publish)
            except BaseException:
                self._close_journal()
                raise
        # Installed as a service (issue 27): program check, health, watchdog (deploy/service.py).
        self.service = attach_service(self.runtime, journal=config.journal)
        self.adapter = TableAdapter.for_runtime(self.runtime)
        self.translations = Translations()
        self.translations.set_language(language or config.language)
        self.simulation: SimulatedTable | None = None
        if autoplay:
            self.simulation = simulated_players(config, self.runtime.submit)
            self.controller.on_snapshot(self.simulation.on_snapshot)
        self.croupier: CroupierWindow | None = None
        self.scoreboard: ScoreboardWindow | None = None
        self.kiosk: KioskWindow | None = None

    def croupier_window(self) -> CroupierWindow:
        if self.croupier is None:
            self.croupier = CroupierWindow(
                self.adapter, self.config, self.verifier, translations=self.translations
            )
            self.croupier.setWindowTitle(f"{self.config.name}: croupier")
            self.croupier.scoreboardRequested.connect(self.show_scoreboard)
        return self.croupier

    def scoreboard_window(self) -> ScoreboardWindow:
        if self.scoreboard is None:
            self.scoreboard = ScoreboardWindow(self.adapter, self.config)
            self.scoreboard.setWindowTitle(f"{self.config.name}: scoreboard")
        return self.scoreboard

    def kiosk_window(self, parts: Sequence[QWidget]) -> KioskWindow:
        """The kiosk's one window, with these screens in it (:class:`KioskWindow`)."""
        if self.kiosk is None:
            self.kiosk = KioskWindow(parts)
        return self.kiosk

    def show_scoreboard(self) -> None:
        if self.kiosk is not None and self.scoreboard in self.kiosk.parts:
            self.kiosk.place()  # already on the second screen, when there is one
            return
        window = self.scoreboard_window()
        screens = QGuiApplication.screens()
        if len(screens) > 1:
            # The players' screen is the second one: full screen there.
            window.setGeometry(screens[1].geometry())
            window.showFullScreen()
        else:
            window.resize(1280, 720)
            window.show()
        window.raise_()

    def _journal_sign_in(self, event: TableEvent) -> None:
        """A sign-in of the PIN file (GUI thread): journaled on the table's thread, before the
        command it allows, which is queued after it."""
        assert self._note is not None  # only given to a journaled table's verifier
        done = self.runtime.call(partial(self._note, event))
        done.add_done_callback(_log_failure)

    def start(self) -> None:
        self.runtime.start()
        self.service.start()

    def close(self) -> None:
        self.service.close()
        self.runtime.close()
        if self.publisher is not None:
            self.publisher.close()
            self.publisher = None
        self._close_journal()

    def _close_journal(self) -> None:
        if self.journal is not None:
            self.journal.close()
            self.journal = None


def _log_failure(done: Future[None]) -> None:
    error = done.exception()
    if error is not None:
        _log.error("a sign-in could not be journaled: %s", error)


def parse_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        raise InputError(f"size {text!r}: write WIDTHxHEIGHT, e.g. 1920x1080") from None
    if min(size) < 200:
        raise InputError(f"size {text!r} is too small")
    return size


def run(
    config: TableConfig,
    *,
    screens: Sequence[str] = ("croupier",),
    kiosk: bool = False,
    size: tuple[int, int] | None = None,
    language: str | None = None,
    autoplay: bool = False,
    verifier: PinVerifier | None = None,
    quit_after_first_frame: bool = False,
    open_at_start: str | None = None,
    publish: str | None = None,
) -> int:
    """Open the screens and run until the croupier's window is closed; ``publish`` is a
    broker's URL the table publishes to (docs/pit.md); ``open_at_start="supervisor"`` opens the
    supervisor's PIN pad at once, for the kiosk's test (tests/deploy/test_kiosk.py)."""
    app = application()
    table = TableApp(
        config, verifier=verifier, language=language, autoplay=autoplay, publish=publish
    )
    windows: list[QWidget] = []
    if "croupier" in screens:
        windows.append(table.croupier_window())
    if "scoreboard" in screens:
        windows.append(table.scoreboard_window())
    if kiosk and len(windows) > 1:
        table.kiosk_window(windows).showFullScreen()  # one window, a part on each output
    for window in windows if table.kiosk is None else ():
        if kiosk:
            window.showFullScreen()
        else:
            window.resize(*(size or (1280, 800)))
            window.show()
    if open_at_start == "supervisor" and table.croupier is not None:
        table.croupier.open_supervisor()  # the PIN pad, as the Supervisor key opens it
    if quit_after_first_frame:
        first = windows[0]
        if isinstance(first, ScoreboardWindow):
            painted: object = first.roads.bead_plate
        else:
            painted = getattr(first, "banner", None)
        if painted is not None and hasattr(painted, "painted"):
            painted.painted.connect(lambda: QTimer.singleShot(0, app.quit))
        else:  # pragma: no cover - every window has a painted signal
            QTimer.singleShot(0, app.quit)
    table.start()
    try:
        return app.exec()
    finally:
        table.close()
