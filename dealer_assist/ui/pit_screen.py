"""The pit boss's screen: a tile per table, the pit's alerts, a table's detail, the shift report.

It reads only a :class:`~dealer_assist.pit.model.PitModel` (fed by the broker through
:class:`~dealer_assist.pit.client.PitClient`, or directly in the screenshots), and redraws when
the model says it changed (:meth:`PitModel.watch`, one queued signal however many messages came
before the screen took them; at most one refresh a frame): only the tiles of the tables that
changed, the alert list when the alerts changed, the detail when its table changed; and once a
second the tiles of the tables that fell silent (no message changes those). The tiles scroll,
each at a fixed size: Qt paints only the tiles in view, and new text repaints one label.
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_assist.pit.model import PitModel, TableView
from dealer_assist.pit.report import write_shift_report
from dealer_assist.ui import theme, wording
from dealer_assist.ui.pit_detail import (
    PitDetail,
    no_roads_text,
    side_results_text,
    side_tally_lines,
)
from dealer_assist.ui.presentation import format_money

# Who the pit's commands are from, as the tables journal them.
PIT_BOSS = "pit supervisor"
#: A table heard from less recently than this (online, but silent) is shown as silent.
SILENT_AFTER = timedelta(seconds=30)
#: How often (seconds) the screen looks for the tables that fell silent.
FULL_REDRAW_S = 1.0
#: The shortest time (seconds) between two refreshes: a display's frame (60 Hz). Messages that
#: come within a frame are drawn together, the first of them at most a frame late.
FRAME_S = 1 / 60
TILE_WIDTH = 250
TILE_SPACING = 6
WINNER_COLOURS = {"B": QColor("#C62828"), "P": QColor("#1E5BC6")}


class MiniBigRoad(QWidget):
    """The Big Road's last columns, from the summary's ``big_road``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.columns: list[list[str]] = []
        self.setMinimumHeight(6 * 10 + 4)

    def set_columns(self, columns: list[list[str]]) -> None:
        if columns != self.columns:
            self.columns = columns
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), theme.PANEL_LIGHT)
        cell = 10.0
        fits = max(1, int(self.width() // cell))
        for x, column in enumerate(self.columns[-fits:]):
            for y, mark in enumerate(column[:6]):
                painter.setPen(WINNER_COLOURS.get(mark[0], theme.TEXT))
                painter.drawEllipse(QRectF(x * cell + 2, y * cell + 2, cell - 3, cell - 3))
                if len(mark) > 1:  # ties on this cell
                    painter.setPen(theme.GOOD)
                    painter.drawLine(
                        int(x * cell + 3),
                        int(y * cell + cell - 2),
                        int(x * cell + cell - 2),
                        int(y * cell + 3),
                    )
        painter.end()


class PitTile(QFrame):
    """One table: id, game and limits, online / offline / silent since when, shoe and coup, the
    last result, a small Big Road, the open alerts (red) and hands per hour.

    A Banque table has no roads (its own scoreboard draws none): its tile says each tableau's
    result against the bank, and in the road's place this shoe's wins, losses and stand-offs of
    each tableau."""

    def __init__(self, table: str, on_click: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = table
        self._on_click = on_click
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.setSpacing(2)
        self.title = QLabel()
        self.title.setFont(theme.font(18, bold=True))
        self.game = QLabel()  # the variant's title, in the screen's language
        self.limits = QLabel()  # the main bets' (none from a table that does not say them)
        for label in (self.game, self.limits):
            label.setFont(theme.font(14))
        self.game.setWordWrap(True)
        self.state = QLabel()
        self.shoe = QLabel()
        self.last = QLabel()
        for label in (self.shoe, self.last):  # within TILE_WIDTH, as many columns as fit
            label.setWordWrap(True)
        self.road = MiniBigRoad()
        self.tableaux = QLabel()  # Banque: each tableau's tally this shoe, where the road is
        self.tableaux.setWordWrap(True)
        self.tableaux.hide()
        self.alerts = QLabel()
        self.alerts.setStyleSheet(f"color: {theme.BAD.name()};")
        self.alerts.setWordWrap(True)
        self.pace = QLabel()
        for widget in (
            self.title,
            self.game,
            self.limits,
            self.state,
            self.shoe,
            self.last,
            self.road,
            self.tableaux,
            self.alerts,
            self.pace,
        ):
            layout.addWidget(widget)
        self.view: TableView | None = None
        self.shown_state = ""
        self._width = 0  # fixed by the window's grid (fit): 0 until then

    def fit(self, width: int) -> None:
        """A fixed size, as tall as the text needs at ``width``: then a label's new text
        repaints the label alone, and no layout beyond the tile's runs again (Qt stops a size
        change at a widget of fixed size)."""
        self._width = width
        self.setFixedSize(width, self._height_for(width))

    def _wrapped(self) -> tuple[str, bool, str, str, str, bool, str, bool]:
        """What may take more or fewer lines: the wrapped labels' text, the limits shown or not;
        the alerts shown last (:meth:`render_view` compares them apart)."""
        return (
            self.game.text(),
            self.limits.isHidden(),
            self.shoe.text(),
            self.last.text(),
            self.tableaux.text(),
            self.tableaux.isHidden(),  # in the road's place, at Banque
            self.alerts.text(),
            self.alerts.isHidden(),
        )

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._width:  # fitted before it was shown: the fonts and the style as shown now
            self.fit(self._width)

    def _height_for(self, width: int) -> int:
        layout = self.layout()
        assert layout is not None  # the tile's column, made in __init__
        if layout.hasHeightForWidth():
            return layout.totalHeightForWidth(width)
        return layout.totalSizeHint().height()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._on_click(self.table)

    def _result_text(self, last: dict[str, Any]) -> str:
        banker = self.tr("Banker")
        player = self.tr("Player")
        tie = self.tr("Tie")
        names = {"banker": banker, "player": player, "tie": tie}
        hands = "  ".join(
            f"{hand[0].upper()} {' '.join(_pretty(c) for c in data['cards'])} ({data['total']})"
            for hand, data in last.get("hands", {}).items()
        )
        sides = last.get("sides")
        if last.get("winner") is None and isinstance(sides, dict) and sides:  # Banque
            return f"{side_results_text(sides)} · {hands}"
        winner = names.get(str(last.get("winner")), "-")
        return f"{winner} · {hands}"

    def _state_colour(self, colour: QColor) -> None:
        """A style sheet is costly to apply: only when the colour changes."""
        sheet = f"color: {colour.name()};"
        if self.state.styleSheet() != sheet:
            self.state.setStyleSheet(sheet)

    @staticmethod
    def state_of(view: TableView, now: datetime) -> str:
        """offline, silent (no message for :data:`SILENT_AFTER`) or online."""
        if not view.online:
            return "offline"
        if view.last_heard and now - datetime.fromisoformat(view.last_heard) > SILENT_AFTER:
            return "silent"
        return "online"

    def render_view(self, view: TableView, now: datetime) -> None:
        wrapped = self._wrapped()
        self.view = view
        self.shown_state = self.state_of(view, now)
        summary, status = view.summary, view.status
        self.title.setText(view.table)
        self.game.setText(_game_title(summary, status))
        limits = _limits_text(summary.get("limits"))
        self.limits.setText(self.tr("limits %1").replace("%1", limits) if limits else "")
        self.limits.setVisible(bool(limits))  # an older table's summary says none
        if self.shown_state == "offline":
            since = _clock(view.offline_since)
            self.state.setText(self.tr("OFFLINE since %1").replace("%1", since))
            self._state_colour(theme.BAD)
        elif self.shown_state == "silent":
            self.state.setText(self.tr("silent since %1").replace("%1", _clock(view.last_heard)))
            self._state_colour(theme.WARN)
        else:
            since = _clock(status.get("since"))
            self.state.setText(self.tr("online since %1").replace("%1", since))
            self._state_colour(theme.GOOD)
        self.shoe.setText(
            self.tr("shoe %1 · coup %2 · %3 cards left")
            .replace("%1", str(summary.get("shoe", "-")))
            .replace("%2", str(summary.get("coup", "-")))
            .replace("%3", str(summary.get("cards_left", "-")))
        )
        last = summary.get("last")
        self.last.setText(self._result_text(last) if last else self.tr("no coup yet"))
        self.road.set_columns(summary.get("big_road", []))
        banque = summary.get("game") == "banque"
        if banque:
            counts = summary.get("side_counts")
            lines = side_tally_lines(counts) if isinstance(counts, dict) else []
            self.tableaux.setText("\n".join(lines) or no_roads_text())
            self.tableaux.setToolTip(no_roads_text())
        self.road.setVisible(not banque)
        self.tableaux.setVisible(banque)
        alerts = summary.get("alerts", [])
        self.alerts.setText(
            "\n".join(f"#{a['alert']} {wording.alert_title(str(a['code']))}" for a in alerts)
        )
        self.alerts.setVisible(bool(alerts))
        pace = (summary.get("shift") or {}).get("hands_per_hour")
        self.pace.setText(
            self.tr("%1 hands/hour").replace("%1", f"{pace:.0f}")
            if pace
            else self.tr("- hands/hour")
        )
        if self._width and self._wrapped() != wrapped:  # a line more or less?
            height = self._height_for(self._width)
            if self._wrapped()[-2:] == wrapped[-2:]:  # the same alerts: never shorter (a count of
                height = max(height, self.height())  # cards left wrapping and not would move
            if height != self.height():  # every tile below it, card after card)
                self.setFixedHeight(height)


def _alert_text(alert: dict[str, Any]) -> str:
    """An open alert in the pit's list: its title and message in the screen's language."""
    code, message = str(alert.get("code", "")), str(alert.get("message", ""))
    return f"{wording.alert_title(code)}: {wording.alert_texts(code, message)[0]}"


def _game_title(summary: dict[str, Any], status: dict[str, Any]) -> str:
    """The variant's title as the croupier's screens name it, in the screen's language (the
    variant's own title for one that is not ours); the variant's name from an older table's
    summary, or from its status before the first summary."""
    variant = str(summary.get("variant") or status.get("variant") or "")
    title = summary.get("variant_title")
    if not isinstance(title, str) or not title:
        title = wording.VARIANTS.get(variant, variant)
    return wording.variant_title(variant, title)


@functools.lru_cache(maxsize=256)
def _money_range(low: str, high: str) -> str:
    try:
        return f"{format_money(Decimal(low))} – {format_money(Decimal(high))}"
    except ArithmeticError:  # not an amount: not shown rather than shown wrong
        return ""


def _limits_text(limits: object) -> str:
    """``25 – 5,000``: the summary's ``limits`` as amounts are shown elsewhere; "" without."""
    if not isinstance(limits, dict) or "min" not in limits or "max" not in limits:
        return ""
    return _money_range(str(limits["min"]), str(limits["max"]))


@functools.lru_cache(maxsize=128)
def _pretty(code: str | None) -> str:
    """A card as the screens show it (K♠), a face-down one as a back."""
    if not code:
        return "▒"
    from dealer_assist.cards import parse_card

    return parse_card(code).pretty


def _clock(text: object) -> str:
    """A time of the messages as the pit's local clock shows it."""
    if not isinstance(text, str):
        return "?"
    return _local_clock(text)


@functools.lru_cache(maxsize=1024)
def _local_clock(text: str) -> str:
    try:
        return datetime.fromisoformat(text).astimezone().strftime("%H:%M:%S")
    except ValueError:
        return "?"


class _Watcher(QObject):
    """Carries the model's "changed" from the thread of the message to the screen's thread."""

    changed = Signal()


class PitWindow(QMainWindow):
    """The pit: the tiles on the left; the alerts, the chosen table and the report on the right."""

    def __init__(
        self,
        model: PitModel,
        *,
        send: Any = None,
        verifier: Any = None,
        translations: Any = None,
    ) -> None:
        super().__init__()
        self.model = model
        self.send = send  # send(table, command): to the table's commands topic
        self.verifier = verifier  # the pit boss's PINs (ui.auth.PinVerifier); None: no PINs
        self.translations = translations
        self.tiles: dict[str, PitTile] = {}
        self.selected: str | None = None
        self._version = -1
        self._full_at = 0.0  # when every tile's state was last looked at (time.monotonic)
        self._version_forced = True  # draw everything at the next refresh
        self._alert_rows: list[tuple[str, int, str]] = []
        self._alerts_of: dict[str, list[tuple[str, int, str]]] = {}  # each table's, as drawn
        central = QWidget()
        row = QHBoxLayout(central)
        self.grid_host = QWidget()
        self.grid = QGridLayout(self.grid_host)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setSpacing(TILE_SPACING)  # the style's may be -1 ("ask each widget")
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self._columns = 0
        self._tile_width = 0
        # The grid, or one table's detail in its place (touch a tile; "All tables" goes back).
        # The tiles scroll when more tables than fit the screen (a pit of 200 tables).
        self.grid_scroll = QScrollArea()
        self.grid_scroll.setWidgetResizable(True)
        self.grid_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.grid_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.grid_scroll.setWidget(self.grid_host)
        self.grid_scroll.viewport().installEventFilter(self)  # its width sets the columns
        self.pages = QStackedWidget()
        self.pages.addWidget(self.grid_scroll)
        self.detail = PitDetail(on_back=self.show_grid, on_send=self.ask_send_message)
        self.pages.addWidget(self.detail)
        row.addWidget(self.pages, 4)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        self.alerts_title = QLabel()
        self.alerts_title.setFont(theme.font(18, bold=True))
        self.alerts = QListWidget()
        self.alerts.setWordWrap(True)  # an alert's whole message, on as many lines as it takes
        self.alerts.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        buttons = QHBoxLayout()
        self.acknowledge_button = QPushButton()
        self.acknowledge_button.clicked.connect(self.ask_acknowledge)
        buttons.addWidget(self.acknowledge_button)
        self.export = QPushButton()
        self.export.clicked.connect(self.export_report)
        buttons.addWidget(self.export)
        for widget in (self.alerts_title, self.alerts):
            side_layout.addWidget(widget)
        side_layout.addLayout(buttons)
        row.addWidget(side, 1)
        self.setCentralWidget(central)
        self._retranslate()
        self.timer = QTimer(self)  # the tables that fell silent
        self.timer.timeout.connect(self.refresh)
        self.timer.start(int(FULL_REDRAW_S * 1000))
        self._refreshed_at = 0.0  # time.monotonic() of the last refresh
        self._frame = QTimer(self)  # a refresh put off to the end of the frame
        self._frame.setSingleShot(True)
        self._frame.timeout.connect(self.refresh)
        self._watcher = _Watcher(self)
        self._watcher.changed.connect(self._on_model_changed, Qt.ConnectionType.QueuedConnection)
        model.watch(self._model_changed)
        self.refresh()

    def _on_model_changed(self) -> None:
        """Refresh now, or at the end of the frame if the last refresh was less than a frame
        ago (however many messages come, at most one refresh a frame)."""
        wait = self._refreshed_at + FRAME_S - time.monotonic()
        if wait <= 0:
            self.refresh()
        elif not self._frame.isActive():
            self._frame.start(max(1, round(wait * 1000)))

    def _model_changed(self) -> None:
        """On the thread of the message (the MQTT client's): ask for a refresh on the screen's."""
        with contextlib.suppress(RuntimeError):  # the window is gone
            self._watcher.changed.emit()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
            self._version = -1
            self._columns = 0  # the tiles' heights again, for the new language's words
            self.refresh()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.setWindowTitle(self.tr("dealer-assist · the pit"))
        self.alerts_title.setText(self.tr("Alerts across the pit"))
        self.export.setText(self.tr("Shift report (CSV)…"))
        self.acknowledge_button.setText(self.tr("Acknowledge…"))

    def select(self, table: str) -> None:
        """Show ``table``'s detail in place of the grid."""
        self.selected = table
        self.pages.setCurrentWidget(self.detail)
        self._version = -1
        self.refresh()

    def show_grid(self) -> None:
        """Back from a table's detail to every table."""
        self.selected = None
        self.pages.setCurrentWidget(self.grid_scroll)
        self._version = -1
        self.refresh()

    def refresh(self) -> None:
        """Redraw what changed (everything after :meth:`select` or a language change)."""
        self._refreshed_at = time.monotonic()
        self._version_forced = self._version_forced or self._version == -1
        full = self._version_forced or time.monotonic() - self._full_at >= FULL_REDRAW_S
        if self.model.version == self._version and not full:
            return
        self._version = self.model.version
        changed = self.model.take_changed()
        now = datetime.now(UTC)
        tables = sorted(self.model.tables)
        for table in tables:
            if table not in self.tiles:
                self.tiles[table] = PitTile(table, self.select)
                self._columns = 0  # lay the grid out again
                changed.add(table)
        if full:  # the tables that fell silent (or spoke again) with no message changing them
            self._full_at = time.monotonic()
            views = self.model.tables
            changed |= {
                table
                for table in tables
                if self.tiles[table].shown_state != PitTile.state_of(views[table], now)
            }
        everything = self._version_forced
        self._version_forced = False
        alerts_changed = False
        for table in tables if everything else sorted(changed & set(tables)):
            view = self.model.tables[table]
            self.tiles[table].render_view(view, now)
            alerts = [
                (table, int(alert["alert"]), _alert_text(alert))
                for alert in view.summary.get("alerts", [])
            ]
            if alerts != self._alerts_of.get(table, []):
                self._alerts_of[table] = alerts
                alerts_changed = True
        if not self._columns:  # new tiles (drawn, so their heights are known) or a new language
            self._lay_out()
        rows = (
            [row for table in tables for row in self._alerts_of.get(table, [])]
            if alerts_changed
            else self._alert_rows
        )
        if rows != self._alert_rows:
            self._alert_rows = rows
            self.alerts.clear()
            for table, number, text in rows:
                item = QListWidgetItem(f"{table} #{number} {text}")
                item.setForeground(theme.BAD)
                item.setData(Qt.ItemDataRole.UserRole, (table, number))
                self.alerts.addItem(item)
        self.acknowledge_button.setEnabled(self.verifier is not None and self.alerts.count() > 0)
        if everything or self.selected in changed:
            self._render_detail()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and watched is self.grid_scroll.viewport():
            self._lay_out()
        return super().eventFilter(watched, event)

    def _lay_out(self) -> None:
        """As many columns as tiles of ``TILE_WIDTH`` fit across, all as wide (the row filled);
        the tiles as tall as they need, from the top (the grid scrolls when they do not all
        fit). Each tile at a fixed size (:meth:`PitTile.fit`); on a resize, when tiles come and
        on a language change, not on every refresh."""
        if not self.tiles:
            return
        across = self.grid_scroll.viewport().width()
        fits = (across + TILE_SPACING) // (TILE_WIDTH + TILE_SPACING)  # with the gaps between
        columns = max(1, min(len(self.tiles), fits))
        width = max(TILE_WIDTH, (across - TILE_SPACING * (columns - 1)) // columns)
        if (columns, width) == (self._columns, self._tile_width):
            return
        self._columns, self._tile_width = columns, width
        for index, table in enumerate(sorted(self.tiles)):
            self.tiles[table].fit(width)
            self.grid.addWidget(  # from the top of its row: tiles of a row differ in height
                self.tiles[table], index // columns, index % columns, Qt.AlignmentFlag.AlignTop
            )

    def _render_detail(self) -> None:
        view = self.model.tables.get(self.selected or "")
        if view is None:
            self.pages.setCurrentWidget(self.grid_scroll)
            return
        tile = self.tiles.get(view.table)
        state = tile.state.text() if tile is not None else ""
        sent = [m for m in self.model.messages() if m[1] == view.table]
        self.detail.show_table(view, state, sent)
        self.detail.send_button.setEnabled(self.verifier is not None)
        self.detail.send_button.setToolTip(
            ""
            if self.verifier is not None
            else self.tr("Sending needs the pit boss's PINs (--pins and --pin-key-file)")
        )

    def ask_acknowledge(self) -> None:
        """The chosen alert (or the first), acknowledged once the pit boss's PIN is given."""
        item = self.alerts.currentItem() or self.alerts.item(0)
        if item is None or self.verifier is None:
            return
        table, alert = item.data(Qt.ItemDataRole.UserRole)
        self._ask_pin(
            lambda: self.tr("Acknowledge an alert"), lambda: self.acknowledge(table, alert)
        )

    def _ask_pin(self, prompt: Callable[[], str], then: Callable[[], object]) -> None:
        """The PIN pad for the pit boss (``prompt`` says what for); ``then()`` once the PIN is
        theirs. One gate for every action the pit sends to a table."""
        from dealer_assist.table.commands import Role
        from dealer_assist.ui.dialogs import PinDialog

        if self.verifier is None:
            return
        dialog = PinDialog(self.verifier, Role.SUPERVISOR, prompt, self)
        dialog.verified.connect(lambda _: then())
        dialog.open()

    def _is_pit_boss(self, pin: str) -> bool:
        """Whether ``pin`` is the pit boss's (False when the pit was started without PINs)."""
        from dealer_assist.table.commands import Role

        return self.verifier is not None and self.verifier.verify(Role.SUPERVISOR, pin).ok

    def acknowledge_with_pin(self, table: str, alert: int, pin: str) -> bool:
        """Acknowledge if ``pin`` is the pit boss's (what the PIN dialog does)."""
        if not self._is_pit_boss(pin):
            return False
        self.acknowledge(table, alert)
        return True

    def acknowledge(self, table: str, alert: int) -> None:
        """Journaled at the pit, then sent to the table (which journals it too)."""
        command = self.model.acknowledge(table, alert, by=PIT_BOSS)
        if self.send is not None:
            self.send(table, command)

    def message_problem(self, table: str | None, text: str) -> str:
        """Why ``text`` cannot be sent to ``table``'s croupier now ("" when it can): the table
        is offline, or the table would refuse the text (as ``MessageFromPit`` checks it)."""
        from dealer_assist.table.commands import MAX_PIT_MESSAGE

        view = self.model.tables.get(table or "")
        if view is None or PitTile.state_of(view, datetime.now(UTC)) == "offline":
            return self.tr("%1 is offline: the message was not sent").replace("%1", table or "")
        text = text.strip()
        if not text:
            return self.tr("Type the message first")
        if len(text) > MAX_PIT_MESSAGE or not text.isprintable():
            return self.tr("A message is 1 to %1 printable characters").replace(
                "%1", str(MAX_PIT_MESSAGE)
            )
        return ""

    def ask_send_message(self, text: str) -> None:
        """The detail's Send: checked first, then sent once the pit boss's PIN is given."""
        table = self.selected
        problem = self.message_problem(table, text)
        self.detail.show_error(problem)
        if problem or table is None or self.verifier is None:
            return
        self._ask_pin(
            lambda: self.tr("Send a message to the croupier"),
            lambda: self.send_message(table, text),
        )

    def send_message_with_pin(self, table: str, text: str, pin: str) -> bool:
        """Send if ``pin`` is the pit boss's (what the PIN dialog does)."""
        if not self._is_pit_boss(pin):
            return False
        return self.send_message(table, text)

    def send_message(self, table: str, text: str) -> bool:
        """Checked again (the table may have gone while the PIN was typed), recorded at the pit,
        then sent to the table, which journals it and shows it to the croupier."""
        problem = self.message_problem(table, text)
        if problem:
            self.detail.show_error(problem)
            return False
        command = self.model.message(table, text.strip(), by=PIT_BOSS)
        if self.send is not None:
            self.send(table, command)
        self.detail.message_sent()
        if table == self.selected:
            self._render_detail()
        return True

    def export_report(self, path: Path | None = None) -> Path | None:
        if not isinstance(path, Path):
            chosen, _ = QFileDialog.getSaveFileName(
                self, self.tr("Shift report"), "shift-report.csv", "CSV (*.csv)"
            )
            if not chosen:
                return None
            path = Path(chosen)
        return write_shift_report(self.model, path)


#: The demo pit's tables, in turn: variant, the main bets' limits (min, max) and seconds a coup.
DEMO_TABLES = (
    ("punto-banco", "25", "5000", 48.0),
    ("ez-baccarat", "10", "2000", 45.0),
    ("no-commission", "100", "10000", 50.0),  # gone offline
    ("punto-banco", "500", "50000", 60.0),  # a misdeal: an extra card, the alert open
    ("chemin-de-fer", "50", "5000", 90.0),
    ("banque", "50", "10000", 80.0),  # two tableaux against the bank: no roads
    ("punto-banco", "200", "20000", 52.0),  # its card shoe lost, the alert open
    ("no-commission", "5", "1000", 42.0),
)


def demo_model(
    *,
    seed: int,
    tables: int = 8,
    coups: int = 12,
    games: tuple[tuple[str, str, str, float], ...] = DEMO_TABLES,
) -> PitModel:
    """A pit holding ``tables`` seeded mock tables (the screenshots): each dealt by simulated
    players through the same messages a broker would deliver, with the games, limits and
    paces of ``games`` in turn (variant, minimum, maximum, seconds a coup; by default
    :data:`DEMO_TABLES`). Each table keeps its own clock (a croupier's pace ending about now,
    :class:`~dealer_assist.pit.feed.CoupPacedClock`), so the hands per hour are figures, the
    same for the same seed. The first table has a message from the pit, the
    third has gone offline, the fourth and the seventh have an open alert raised by the table
    itself (an extra card dealt; the card shoe lost)."""
    import json

    from dealer_assist.cards import parse_card
    from dealer_assist.config import parse_config
    from dealer_assist.drivers.base import CardRead, SourceStatus, StatusChanged
    from dealer_assist.pit.feed import CoupPacedClock, DirectFeed
    from dealer_assist.pit.summary import main_bet_limits
    from dealer_assist.pit.topics import topic
    from dealer_assist.table.commands import MessageFromPit
    from dealer_assist.ui.screenshots import play

    model = PitModel()
    now = datetime.now(UTC).replace(microsecond=0)
    for index in range(tables):
        table = f"T{index + 1:02d}"
        variant, low, high, pace = games[index % len(games)]
        config = parse_config(
            {
                "table": {"id": table, "name": f"Baccarat {index + 1}", "variant": variant},
                "sources": [f"mock://?seed={seed + index}"],
                "limits": {"default": {"min": low, "max": high}},
            },
            source="<demo pit>",
        )
        dealt = coups - index % 4
        clock = CoupPacedClock(
            start=now - timedelta(seconds=pace * (dealt + 1)),
            seconds_per_coup=pace,
            seed=seed + index,
        )
        feed = DirectFeed(
            model,
            table=table,
            variant=config.variant.name,
            journal=f"demo-{table}",
            limits=main_bet_limits(config.settlement.limits, config.variant.bets),
            clock=clock.reading,
        )

        def attach(controller: Any, feed: DirectFeed = feed, clock: CoupPacedClock = clock) -> None:
            clock.follow(controller)
            feed.attach(controller)

        controller = play(config, coups=dealt, seed=seed + index, on_controller=attach, clock=clock)
        if index == 0:  # a message from the pit, journaled by the table ("hand over after
            # this shoe": the pit boss's own words, as sent)
            text = "本靴結束後換手"
            model.message(table, text, by=PIT_BOSS)
            controller.execute(MessageFromPit(text=text, by=PIT_BOSS))
        if index == 2:
            offline = {"table": table, "online": False, "since": None}
            model.on_message(topic(table, "status"), json.dumps(offline).encode())
        source = config.sources[0]
        if index == 3:  # a card out after the coup was complete: the table says misdeal
            card = parse_card("KD")
            controller.on_source_event(CardRead(source=source, card=card, raw=b"KD"))
        if index == 6:
            lost = StatusChanged(source=source, status=SourceStatus.LOST, detail="no answer")
            controller.on_source_event(lost)
    return model


def run_pit_screen(
    model: PitModel, *, send: Any, verifier: Any, language: str, timeout: float | None
) -> None:
    """Show the pit until the window is closed (or ``timeout`` seconds passed)."""
    from dealer_assist.ui.app import application
    from dealer_assist.ui.i18n import Translations

    app = application()
    translations = Translations()
    translations.set_language(language)
    window = PitWindow(model, send=send, verifier=verifier, translations=translations)
    window.resize(1600, 900)
    window.show()
    if timeout is not None:
        QTimer.singleShot(int(timeout * 1000), app.quit)
    app.exec()
