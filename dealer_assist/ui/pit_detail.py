"""A table's detail on the pit boss's screen: the five roads, the last 10 coups with their
cards, the live advantage-play alerts, the alert history, the devices' health and a message to
the croupier.

It renders a :class:`~dealer_assist.pit.model.TableView` (its summary, tally, last coups and
:class:`~dealer_assist.pit.detail.TableHistory`); the roads are the scoreboard's own panel
(:class:`~.road_views.RoadsPanel`) drawn from :class:`~dealer_assist.roads.Roads` data. Sending
a message is the window's business (the PIN, the table being offline, the broker): this widget
hands the typed text to ``on_send`` and shows the answer (:meth:`PitDetail.show_error`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_assist.pit.detail import AlertEntry, TableHistory
from dealer_assist.pit.model import TableView
from dealer_assist.table.commands import MAX_PIT_MESSAGE
from dealer_assist.ui import theme, wording
from dealer_assist.ui.croupier import short_device_name
from dealer_assist.ui.road_views import RoadsPanel

# How many past coups the detail recalls.
RECALL = 10
# The hands a recalled coup shows, in the croupier's order: Banque's tableaux before the bank.
RECALL_HANDS = ("player", "right", "left", "banker")


def time_text(text: object) -> str:
    """A message's time as the pit's local clock shows it (``?`` when there is none)."""
    if not isinstance(text, str):
        return "?"
    try:
        return datetime.fromisoformat(text).astimezone().strftime("%H:%M:%S")
    except ValueError:
        return "?"


def side_results_text(sides: Mapping[str, str]) -> str:
    """A Banque coup's result as the croupier's screens say it: each tableau against the bank,
    the right first ("Right wins · Left loses"); ``""`` for a game without sides."""
    texts = []
    for side in sorted(sides, key=_side_order):
        result = str(sides[side])
        if result == "win":
            template = QCoreApplication.translate("PitDetail", "%1 wins")
        elif result == "lose":
            template = QCoreApplication.translate("PitDetail", "%1 loses")
        elif result == "standoff":
            template = QCoreApplication.translate("PitDetail", "%1 stands off")
        else:  # a result this screen does not know: as the table sent it
            template = f"%1 {wording.result_name(result)}"
        texts.append(template.replace("%1", wording.hand_name(side)))
    return " · ".join(texts)


def side_tally_lines(counts: Mapping[str, Mapping[str, int]]) -> list[str]:
    """Each tableau's wins, losses and stand-offs against the bank (the summary's
    ``side_counts`` or the shift's ``sides``), one line a side, the right first."""
    template = QCoreApplication.translate("PitDetail", "%1: won %2 · lost %3 · stood off %4")
    return [
        template.replace("%1", wording.hand_name(side))
        .replace("%2", str(counts[side].get("win", 0)))
        .replace("%3", str(counts[side].get("lose", 0)))
        .replace("%4", str(counts[side].get("standoff", 0)))
        for side in sorted(counts, key=_side_order)
    ]


def no_roads_text() -> str:
    """Why a Banque table has no roads: its own scoreboard draws none (a coup has two results,
    one a tableau), so neither does the pit."""
    return QCoreApplication.translate(
        "PitDetail", "No roads at Banque: roads are for Punto Banco and Chemin de Fer"
    )


def _side_order(side: str) -> tuple[int, str]:
    return (("right", "left").index(side) if side in ("right", "left") else 2, side)


def card_text(code: object) -> str:
    """A card as the screens show it (K♠); a face-down one as a back."""
    if not isinstance(code, str) or not code:
        return "▒"
    from dealer_assist.cards import parse_card

    return parse_card(code).pretty


def _list(name: str, height: int) -> QListWidget:
    view = QListWidget()
    view.setObjectName(name)
    view.setMinimumHeight(height)
    view.setWordWrap(True)
    view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return view


# A list's row: its text, colour (None: the list's own) and tooltip.
Row = tuple[str, QColor | None, str]


class PitDetail(QWidget):
    """One table in full. ``on_back()`` returns to the grid; ``on_send(text)`` asks the window
    to send ``text`` to the croupier."""

    def __init__(
        self,
        *,
        on_back: Callable[[], None],
        on_send: Callable[[str], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.table: str | None = None
        self._on_send = on_send
        self._last: tuple[TableView, str, Sequence[tuple[str, str, str, str]]] | None = None
        self._rows: dict[str, list[Row]] = {}  # what each list shows: redrawn only on a change
        # What each list was made from: a list whose sources are the same objects (the history
        # replaces, never changes, what it holds) is not made again (a card event changes none).
        self._sources: dict[str, tuple[object, ...]] = {}
        root = QVBoxLayout(self)
        root.setContentsMargins(0, 0, 0, 0)
        root.setSpacing(4)

        header = QHBoxLayout()
        self.back = QPushButton()
        self.back.clicked.connect(on_back)
        header.addWidget(self.back)
        self.title = QLabel()
        self.title.setFont(theme.font(22, bold=True))
        header.addWidget(self.title)
        self.state = QLabel()
        header.addWidget(self.state, 1)
        root.addLayout(header)
        self.shift = QLabel()
        self.shift.setWordWrap(True)
        root.addWidget(self.shift)

        self.titles: dict[str, QLabel] = {}
        # The roads, or at Banque (no roads: its scoreboard draws none) each tableau's tally.
        self.roads = RoadsPanel(title_size=16, rows=(3, 2))
        for view in self.roads.views.values():
            view.setMinimumSize(80, 48)
        root.addWidget(self.roads, 5)
        self.tableaux = QLabel()
        self.tableaux.setFont(theme.font(18))
        self.tableaux.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.tableaux.setWordWrap(True)
        self.tableaux.hide()
        root.addWidget(self.tableaux, 5)

        columns = QHBoxLayout()
        self.recall = _list("recall", 80)
        columns.addLayout(self._titled("recall", self.recall), 3)
        middle = QVBoxLayout()
        self.advantage = _list("advantage", 40)
        self.alerts = _list("alerts", 40)
        middle.addLayout(self._titled("advantage", self.advantage), 1)
        middle.addLayout(self._titled("alerts", self.alerts), 1)
        columns.addLayout(middle, 3)
        right = QVBoxLayout()
        self.devices = _list("devices", 30)
        right.addLayout(self._titled("devices", self.devices), 1)
        self.message_title = QLabel()
        self.message_title.setFont(theme.font(16, bold=True))
        right.addWidget(self.message_title)
        entry = QHBoxLayout()
        self.entry = QLineEdit()
        self.entry.setMaxLength(MAX_PIT_MESSAGE)
        self.entry.returnPressed.connect(self._send)
        entry.addWidget(self.entry, 1)
        self.send_button = QPushButton()
        self.send_button.clicked.connect(self._send)
        entry.addWidget(self.send_button)
        right.addLayout(entry)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {theme.BAD.name()};")
        self.error.hide()
        right.addWidget(self.error)
        self.sent = _list("sent", 30)
        right.addWidget(self.sent, 1)
        columns.addLayout(right, 3)
        root.addLayout(columns, 4)
        self.retranslate()

    def _titled(self, key: str, view: QWidget) -> QVBoxLayout:
        box = QVBoxLayout()
        box.setSpacing(2)
        title = QLabel()
        title.setFont(theme.font(16, bold=True))
        self.titles[key] = title
        box.addWidget(title)
        box.addWidget(view, 1)
        return box

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        titles = {
            "recall": self.tr("Last %1 coups").replace("%1", str(RECALL)),
            "advantage": self.tr("Advantage play this shoe"),
            "alerts": self.tr("Alert history"),
            "devices": self.tr("Devices"),
        }
        for key, label in self.titles.items():
            label.setText(titles[key])
        self.back.setText(self.tr("◀ All tables"))
        self.message_title.setText(self.tr("Message to the croupier"))
        self.entry.setPlaceholderText(self.tr("Type a message"))
        self.send_button.setText(self.tr("Send…"))
        self.roads.retranslate()
        if self._last is not None:
            self._sources.clear()  # every list again, in the new language
            self.show_table(*self._last)

    # --- what the window asks -------------------------------------------------------------------

    def show_table(
        self, view: TableView, state: str, messages: Sequence[tuple[str, str, str, str]]
    ) -> None:
        """Render ``view``; ``state`` is the tile's text for it (online / OFFLINE / silent since
        when); ``messages``: the pit's sent messages to this table, (at, table, text, by)."""
        if view.table != self.table:
            self.table = view.table
            self._sources.clear()
            self.entry.clear()
            self.show_error("")
        self._last = (view, state, messages)
        history = view.history
        self.title.setText(view.table)
        self.state.setText(state)
        self._shift(view)
        banque = view.summary.get("game") == "banque"
        self.roads.setVisible(not banque)
        self.tableaux.setVisible(banque)
        if banque:
            counts = view.summary.get("side_counts")
            lines = side_tally_lines(counts) if isinstance(counts, dict) else []
            shoe = self.tr("This shoe") if lines else ""
            self.tableaux.setText("\n".join([no_roads_text(), "", shoe, *lines]).strip())
        self.roads.set_roads(history.roads())
        if self._changed("recall", view.recent):
            self._recall(view.recent[-RECALL:])
        if self._changed("alerts", history.alerts, history.shoe):
            self._advantage(history.advantage())
            self._alerts(history)
        if self._changed("devices", view.summary.get("devices"), history.devices):
            self._devices(view, history)
        if self._changed("sent", history.messages, *messages):
            self._sent(messages, history)

    def _changed(self, part: str, *sources: object) -> bool:
        """Whether ``part``'s sources are other objects than when it was last made."""
        last = self._sources.get(part)
        same = last is not None and len(last) == len(sources)
        if same and all(a is b or a == b for a, b in zip(last or (), sources, strict=True)):
            return False
        self._sources[part] = sources
        return True

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))

    def message_sent(self) -> None:
        """The message went: empty the field for the next one."""
        self.entry.clear()
        self.show_error("")

    def _send(self) -> None:
        self._on_send(self.entry.text())

    def _set_rows(self, view: QListWidget, rows: list[Row]) -> None:
        """Fill ``view`` with ``rows`` unless it shows them already."""
        key = view.objectName()
        if self._rows.get(key) == rows:
            return
        self._rows[key] = rows
        view.clear()
        for text, colour, tip in rows:
            item = QListWidgetItem(text)
            if colour is not None:
                item.setForeground(colour)
            if tip:
                item.setToolTip(tip)
            view.addItem(item)

    # --- the parts ----------------------------------------------------------------------------

    def _shift(self, view: TableView) -> None:
        shift = view.tally.as_json()
        if shift["sides"]:  # Banque: each tableau against the bank
            parts = [
                self.tr("Coups %1").replace("%1", str(shift["coups"])),
                *side_tally_lines(shift["sides"]),
            ]
        else:
            parts = [
                self.tr("Coups %1 · Banker %2 · Player %3 · Tie %4")
                .replace("%1", str(shift["coups"]))
                .replace("%2", str(shift["banker"]))
                .replace("%3", str(shift["player"]))
                .replace("%4", str(shift["tie"]))
            ]
        if shift["hands_per_hour"]:
            parts.append(self.tr("%1 hands/hour").replace("%1", f"{shift['hands_per_hour']:.0f}"))
        if shift["house_result"] is not None:
            parts.append(
                self.tr("House result %1 · commission %2")
                .replace("%1", shift["house_result"])
                .replace("%2", shift["commission"] or "0")
            )
        self.shift.setText(" · ".join(parts))

    def _recall(self, coups: Sequence[dict[str, Any]]) -> None:
        rows: list[Row] = []
        natural_word = self.tr("natural")
        for coup in reversed(coups):
            present = [hand for hand in RECALL_HANDS if f"{hand}_cards" in coup]
            hands = "  ".join(
                f"{wording.hand_initial(hand)} "
                f"{' '.join(card_text(c) for c in coup.get(f'{hand}_cards') or [])} "
                f"({coup.get(f'{hand}_total', '?')})"
                for hand in present or ("player", "banker")
            )
            winner = str(coup.get("winner") or "")
            sides = coup.get("sides")
            if not winner and isinstance(sides, dict) and sides:  # Banque
                outcome = side_results_text(sides)
            else:
                outcome = wording.hand_name(winner)
            natural = f" · {natural_word}" if coup.get("natural") else ""
            text = f"{coup.get('coup')}  {outcome}{natural}  ·  {hands}"
            rows.append((text, None, time_text(coup.get("at"))))
        if not coups:
            rows.append((self.tr("no coup yet"), theme.TEXT_DIM, ""))
        self._set_rows(self.recall, rows)

    def _advantage(self, alerts: Sequence[AlertEntry]) -> None:
        rows: list[Row] = []
        for alert in reversed(alerts):
            what = self._edge(alert) or wording.alert_texts(alert.code, alert.message)[0]
            text = f"{time_text(alert.at)}  {what}  ·  {self._resolution(alert)}"
            rows.append((text, theme.BAD if alert.is_open else theme.WARN, alert.message))
        if not alerts:
            rows.append((self.tr("No bet favours the players in this shoe"), theme.TEXT_DIM, ""))
        self._set_rows(self.advantage, rows)

    def _edge(self, alert: AlertEntry) -> str:
        """An advantage-play alert as the pit boss reads it: the bet, the player's edge and the
        cards left ("" for another alert, or a message this screen cannot read)."""
        edge = alert.edge()
        if edge is None:
            return ""
        bet, percent, left = edge
        cards_left = self.tr("%1 cards left").replace("%1", str(left))
        return f"{wording.bet_name(bet)} {percent:+.2f}% · {cards_left}"

    def _resolution(self, alert: AlertEntry) -> str:
        if alert.is_open:
            return self.tr("open")
        when = time_text(alert.resolved_at)
        if alert.resolution == "acknowledge":
            return self.tr("acknowledged %1").replace("%1", when)
        option = wording.option_label(alert.resolution or "")
        return self.tr("resolved (%1) %2").replace("%1", option).replace("%2", when)

    def _alerts(self, history: TableHistory) -> None:
        rows: list[Row] = []
        for alert in reversed(history.alerts):
            message, original = wording.alert_texts(alert.code, alert.message)
            message = self._edge(alert) or message
            text = (
                f"{time_text(alert.at)}  #{alert.alert} {wording.alert_title(alert.code)}: "
                f"{message}  ·  {self._resolution(alert)}"
            )
            tip = original or alert.message
            if alert.resolved_by:
                tip = f"{tip}\n{alert.resolution} ({alert.resolved_by})"
            rows.append((text, theme.BAD if alert.is_open else None, tip))
        if not history.alerts:
            rows.append((self.tr("No alert this shift"), theme.TEXT_DIM, ""))
        self._set_rows(self.alerts, rows)

    def _devices(self, view: TableView, history: TableHistory) -> None:
        rows: list[Row] = []
        states: dict[str, str] = dict(view.summary.get("devices") or {})
        for source in sorted(set(states) | set(history.devices)):
            entry = history.devices.get(source)
            status = states.get(source) or (entry.status if entry else "")
            text = f"{short_device_name(source)}: {wording.device_status(status)}"
            if entry is not None and entry.status == status:
                text += " " + self.tr("since %1").replace("%1", time_text(entry.since))
            if entry is not None and entry.losses:
                losses = self.tr("lost %1 times this shift").replace("%1", str(entry.losses))
                text += f" · {losses}"
            colour = {"connected": theme.GOOD, "lost": theme.BAD}.get(status, theme.WARN)
            rows.append((text, colour, source))
        if not rows:
            rows.append((self.tr("No device reported"), theme.TEXT_DIM, ""))
        self._set_rows(self.devices, rows)

    def _sent(self, messages: Sequence[tuple[str, str, str, str]], history: TableHistory) -> None:
        """The pit's messages to this table, newest first: journaled by the table, or sent
        and not yet heard back."""
        journaled = [(m.text, m.by) for m in history.messages]
        marks = []
        for at, _table, text, by in messages:
            received = (text, by) in journaled
            if received:  # each journaled message answers one sent message
                journaled.remove((text, by))
            marks.append((at, text, by, received))
        rows: list[Row] = []
        for at, text, by, received in reversed(marks):
            state = self.tr("journaled by the table") if received else self.tr("sent")
            rows.append(
                (f"{time_text(at)}  {text}  ·  {state}", theme.GOOD if received else theme.WARN, by)
            )
        self._set_rows(self.sent, rows)
