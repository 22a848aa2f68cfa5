"""The players' scoreboard: the five roads, ask-road, counts, the table's name and limits.

A second window on the table PC (or ``dealer-assist scoreboard``). It renders the same
snapshots as the croupier's screen, so a face-down card is a back here too: the snapshot never
had its value. The roads are :class:`~dealer_assist.roads.Roads` data, extended coup by coup by
:class:`~dealer_assist.ui.presentation.RoadsTracker`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from dealer_assist.config import TableConfig
from dealer_assist.roads import Roads, Winner
from dealer_assist.table.snapshot import Snapshot
from dealer_assist.ui import theme, wording
from dealer_assist.ui.adapter import TableAdapter
from dealer_assist.ui.card_face import CardWidget
from dealer_assist.ui.presentation import (
    RoadsTracker,
    hand_tone,
    limit_rows,
    primary_bets,
    winner_tone,
)
from dealer_assist.ui.road_views import AskRoadView, RoadsPanel


def _label(size: int, *, bold: bool = False) -> QLabel:
    label = QLabel()
    label.setFont(theme.font(size, bold=bold))
    return label


class CountsPanel(QWidget):
    """Banker, Player, Tie, pairs, naturals and coups so far."""

    KEYS = ("banker", "player", "tie", "banker_pairs", "player_pairs", "naturals", "total")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.values: dict[str, int] = dict.fromkeys(self.KEYS, 0)
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.names: dict[str, QLabel] = {}
        self.numbers: dict[str, QLabel] = {}
        tones = {"banker": "banker", "player": "player", "tie": "tie"}
        for column, key in enumerate(self.KEYS):
            name = _label(18, bold=True)
            number = _label(34, bold=True)
            number.setAlignment(Qt.AlignmentFlag.AlignCenter)
            name.setAlignment(Qt.AlignmentFlag.AlignCenter)
            if key in tones:
                colour = theme.TONE_BRIGHT[winner_tone(tones[key])].name()
                number.setStyleSheet(f"color: {colour};")
                name.setStyleSheet(f"color: {colour};")
            layout.addWidget(name, 0, column)
            layout.addWidget(number, 1, column)
            self.names[key] = name
            self.numbers[key] = number
        self.retranslate()

    def set_roads(self, roads: Roads) -> None:
        counts = roads.counts
        self.values = {key: getattr(counts, key) for key in self.KEYS}
        for key, value in self.values.items():
            self.numbers[key].setText(str(value))

    def retranslate(self) -> None:
        names = {
            "banker": wording.hand_name("banker"),
            "player": wording.hand_name("player"),
            "tie": wording.hand_name("tie"),
            "banker_pairs": self.tr("Banker pairs"),
            "player_pairs": self.tr("Player pairs"),
            "naturals": self.tr("Naturals"),
            "total": self.tr("Coups"),
        }
        for key, label in self.names.items():
            label.setText(names[key])


class ScoreboardWindow(QWidget):
    """The scoreboard the players see."""

    def __init__(
        self, adapter: TableAdapter, config: TableConfig, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.adapter = adapter
        self.config = config
        self.snapshot: Snapshot | None = None
        self.tracker = RoadsTracker()
        self.shown_roads: Roads | None = None
        self.setObjectName("scoreboard")
        self.setStyleSheet(theme.style_sheet())
        root = QVBoxLayout(self)
        root.setContentsMargins(12, 10, 12, 10)
        root.setSpacing(8)

        header = QHBoxLayout()
        names = QVBoxLayout()
        self.name = _label(40, bold=True)
        self.variant = _label(20)
        self.variant.setStyleSheet(f"color: {theme.TEXT_DIM.name()};")
        names.addWidget(self.name)
        names.addWidget(self.variant)
        header.addLayout(names, 2)
        self.limits = _label(20, bold=True)
        header.addWidget(self.limits, 2)
        self.hands: dict[str, list[CardWidget]] = {}
        self.hand_labels: dict[str, QLabel] = {}
        self.hands_box = QHBoxLayout()
        header.addLayout(self.hands_box, 3)
        root.addLayout(header)

        self.counts = CountsPanel()
        root.addWidget(self.counts)

        self.roads = RoadsPanel(title_size=18, spacing=8)
        root.addWidget(self.roads, 1)
        asks = QVBoxLayout()
        self.ask_title = _label(18, bold=True)
        asks.addWidget(self.ask_title)
        self.ask_banker = AskRoadView(Winner.BANKER)
        self.ask_player = AskRoadView(Winner.PLAYER)
        asks.addWidget(self.ask_banker)
        asks.addWidget(self.ask_player)
        asks.addStretch(1)
        self.roads.derived_row.addLayout(asks, 2)

        adapter.snapshotChanged.connect(self.show_snapshot)
        self.retranslate()
        if adapter.snapshot is not None:
            self.show_snapshot(adapter.snapshot)

    def show_snapshot(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        self.tracker.update(snapshot)
        if self.tracker.roads is not self.shown_roads:
            self.set_roads(self.tracker.roads)
        names = [hand.hand for hand in snapshot.hands]
        if names != list(self.hands):
            self._build_hands(names)
        for hand in snapshot.hands:
            widgets = self.hands[hand.hand]
            for place, widget in enumerate(widgets):
                widget.set_card(hand.cards[place] if place < len(hand.cards) else None)
            total = "" if not hand.cards else "?" if hand.total is None else str(hand.total)
            self.hand_labels[hand.hand].setText(f"{wording.hand_name(hand.hand)} {total}")
        self._texts()

    def set_roads(self, roads: Roads) -> None:
        self.shown_roads = roads
        self.roads.set_roads(roads)
        self.ask_banker.set_ask(roads.ask_banker)
        self.ask_player.set_ask(roads.ask_player)
        self.counts.set_roads(roads)

    def _build_hands(self, names: list[str]) -> None:
        while self.hands_box.count():
            item = self.hands_box.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.hands, self.hand_labels = {}, {}
        for name in names:
            column = QWidget()
            layout = QVBoxLayout(column)
            layout.setContentsMargins(0, 0, 0, 0)
            label = _label(20, bold=True)
            label.setStyleSheet(f"color: {theme.TONE_BRIGHT[hand_tone(name)].name()};")
            layout.addWidget(label)
            row = QHBoxLayout()
            cards = [CardWidget() for _ in range(3)]
            for card in cards:
                card.setMinimumSize(40, 56)
                row.addWidget(card)
            layout.addLayout(row)
            self.hands_box.addWidget(column)
            if self.isVisible():
                column.show()
            self.hands[name] = cards
            self.hand_labels[name] = label

    def _texts(self) -> None:
        snapshot = self.snapshot
        name = snapshot.name if snapshot else self.config.name
        self.name.setText(wording.table_name(name))
        variant = self.config.variant
        self.variant.setText(
            wording.variant_title(
                variant.name, snapshot.variant_title if snapshot else variant.title
            )
        )
        bets = primary_bets(self.config.variant.bets, count=3)
        rows = limit_rows(self.config.settlement.limits, bets)
        self.limits.setText(
            self.tr("Limits")
            + "\n"
            + "\n".join(f"{wording.bet_name(bet)}  {low} – {high}" for bet, low, high in rows)
        )

    def retranslate(self) -> None:
        self.roads.retranslate()
        self.ask_title.setText(self.tr("Ask road: next Banker / next Player"))
        self.counts.retranslate()
        self.ask_banker.update()
        self.ask_player.update()
        if self.snapshot is not None:
            self.show_snapshot(self.snapshot)
        else:
            self._texts()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
