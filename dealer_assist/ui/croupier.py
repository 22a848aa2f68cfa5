"""The croupier's touchscreen: hands, the instruction, seats and bets, shoe and devices, alerts.

Built from snapshots only: :meth:`CroupierWindow.render` shows one snapshot, and every touch
becomes a command sent through the :class:`~dealer_assist.ui.adapter.TableAdapter`. What the
window keeps is the screen's own state (the seat and bet selected, which dialog is open), never
the table's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_assist.cards import Card
from dealer_assist.config import TableConfig
from dealer_assist.table import bankgame
from dealer_assist.table import commands as cmd
from dealer_assist.table.snapshot import AlertView, Snapshot
from dealer_assist.ui import theme, wording
from dealer_assist.ui.adapter import TableAdapter
from dealer_assist.ui.auth import PinVerifier
from dealer_assist.ui.bank_controls import Control, due_seat, seat_states
from dealer_assist.ui.bank_panel import BankPanel
from dealer_assist.ui.dialog_layer import raise_dialogs
from dealer_assist.ui.dialogs import (
    AlertPanel,
    BetKeypadDialog,
    CardPickerDialog,
    CorrectCardDialog,
    NameDialog,
    PinDialog,
    SupervisorDialog,
)
from dealer_assist.ui.fit import FitLabel
from dealer_assist.ui.hands import HandPanel, InstructionBanner
from dealer_assist.ui.i18n import LANGUAGE_NAMES, Translations
from dealer_assist.ui.models import AlertsModel, DevicesModel, ItemRole, SeatsModel
from dealer_assist.ui.presentation import (
    boxes_total,
    chip_values,
    format_money,
    hand_tone,
    hands_to_turn,
    instruction_tone,
    primary_bets,
)
from dealer_assist.ui.recall import RecallDialog
from dealer_assist.ui.seats import BetPanel, SeatStrip, touch_button

IN_COUP = ("dealing", "decision", "reveal")


def short_device_name(name: str) -> str:
    """``serial:///dev/ttyACM0?baud=9600`` → ``serial ttyACM0``: the status bar is narrow; the
    full name is in the alert when a device is lost."""
    scheme, separator, rest = name.partition("://")
    if not separator:
        return name
    tail = rest.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    return f"{scheme} {tail}".strip()


class DevicesBar(QWidget):
    """Each source and its status, in its colour (green connected, red lost)."""

    def __init__(self, model: DevicesModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.labels: list[QLabel] = []
        # Two to a column: a table with a shoe, a camera and a reader still fits the top bar.
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setVerticalSpacing(0)
        model.modelReset.connect(self.refresh)
        model.dataChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        while len(self.labels) < self.model.rowCount():
            label = QLabel()
            label.setFont(theme.font(17, bold=True))
            place = len(self.labels)
            self._layout.addWidget(label, place % 2, place // 2)
            self.labels.append(label)
        for row, label in enumerate(self.labels):
            if row >= self.model.rowCount():
                label.hide()
                continue
            name = short_device_name(str(self.model.index(row, 0).data()))
            status = self.model.index(row, 1).data()
            colour = self.model.index(row, 1).data(Qt.ItemDataRole.ForegroundRole).color()
            label.setText(f"● {name}: {status}")
            theme.set_text_colour(label, colour)
            label.show()


class CroupierWindow(QWidget):
    """The croupier's screen."""

    scoreboardRequested = Signal()

    def __init__(
        self,
        adapter: TableAdapter,
        config: TableConfig,
        verifier: PinVerifier,
        *,
        translations: Translations | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.adapter = adapter
        self.config = config
        self.verifier = verifier
        self.translations = translations or Translations()
        self.snapshot: Snapshot | None = None
        self.message_text = ""
        self.pit_message_shown = 0  # the number of the pit's last message shown
        self.dialog: QDialog | None = None
        self.setObjectName("croupier")
        self.setStyleSheet(theme.style_sheet())
        # Chemin de Fer and Banque: the seats of the bank table, and no Punto Banco bets.
        self.bank_seats = bankgame.seat_numbers(config.variant.game, seats=len(config.seats))
        self.due_seat: int | None = None
        self.seats_model = SeatsModel(self.bank_seats or None)
        self.alerts_model = AlertsModel()
        self.devices_model = DevicesModel()
        bets = primary_bets(config.variant.bets)
        self.all_bets = tuple(config.variant.bets)

        root = QVBoxLayout(self)
        root.setContentsMargins(10, 8, 10, 8)
        root.setSpacing(6)

        top = QHBoxLayout()
        # The table's name over the shoe's status: the first things to give way on a narrow
        # screen (a smaller font, then two lines), the buttons never do.
        names = QVBoxLayout()
        names.setSpacing(0)
        self.title = FitLabel(largest=22, smallest=15)
        self.shoe_status = FitLabel(largest=19, smallest=14)
        names.addWidget(self.title)
        names.addWidget(self.shoe_status)
        self.devices = DevicesBar(self.devices_model)
        self.language = touch_button()
        self.language.clicked.connect(self.cycle_language)
        self.recall = touch_button()
        self.recall.clicked.connect(self.open_recall)
        self.supervisor = touch_button()
        self.supervisor.clicked.connect(self.open_supervisor)
        self.scoreboard = touch_button()
        self.scoreboard.clicked.connect(self.scoreboardRequested)
        top.addLayout(names, 1)
        top.addSpacing(10)
        top.addWidget(self.devices)
        for button in (self.language, self.recall, self.scoreboard, self.supervisor):
            button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
            top.addWidget(button)
        root.addLayout(top)

        self.hands_row = QHBoxLayout()
        self.hands_row.setSpacing(10)
        self.hand_panels: dict[str, HandPanel] = {}
        root.addLayout(self.hands_row, 5)

        self.banner = InstructionBanner()
        root.addWidget(self.banner, 2)

        actions = QHBoxLayout()
        self.call = FitLabel(largest=30, smallest=18)
        actions.addWidget(self.call, 1)
        self.draw = touch_button()
        self.draw.clicked.connect(lambda: self.decide("draw"))
        self.stand = touch_button()
        self.stand.clicked.connect(lambda: self.decide("stand"))
        self.next_coup = touch_button(tone="tie")
        self.next_coup.clicked.connect(lambda: self.send(cmd.CloseCoup()))
        self.new_shoe = touch_button(tone="tie")
        self.new_shoe.clicked.connect(lambda: self.send(cmd.NewShoe()))
        self.cut_card = touch_button()
        self.cut_card.clicked.connect(lambda: self.send(cmd.ReportCutCard()))
        self.exposed = touch_button()
        self.exposed.clicked.connect(lambda: self.send(cmd.ReportExposedCard()))
        for button in (
            self.draw,
            self.stand,
            self.next_coup,
            self.new_shoe,
            self.cut_card,
            self.exposed,
        ):
            button.setMinimumWidth(150)
            actions.addWidget(button)
        root.addLayout(actions)

        message_row = QHBoxLayout()
        self.message = QLabel()
        self.message.setFont(theme.font(20, bold=True))
        self.message.setMinimumHeight(28)
        self.message.setWordWrap(True)
        message_row.addWidget(self.message, 1)
        self.boxes = QLabel()
        self.boxes.setFont(theme.font(18, bold=True))
        message_row.addWidget(self.boxes)
        root.addLayout(message_row)

        self.seats = SeatStrip(self.seats_model)
        self.seats.seatSelected.connect(self._seat_selected)
        self.seats.collectRequested.connect(
            lambda seat: self.send(cmd.CollectCommission(seat=seat))
        )
        root.addWidget(self.seats, 2)

        self.bet_panel = BetPanel(bets, chip_values(config.settlement.limits, bets))
        self.bet_panel.chipPressed.connect(self.place_chip)
        self.bet_panel.keypadRequested.connect(self.open_keypad)
        self.bet_panel.repeatRequested.connect(self.repeat_bets)
        self.bet_panel.clearRequested.connect(self.clear_bets)
        root.addWidget(self.bet_panel)
        self.bank_panel = BankPanel()
        self.bank_panel.controlChosen.connect(self.bank_control)
        root.addWidget(self.bank_panel)
        self.bet_panel.setVisible(not self.bank_seats)
        self.bank_panel.setVisible(bool(self.bank_seats))

        # Behind an alert the table dims and takes no touch until the alert is answered.
        self.scrim = QWidget(self)
        self.scrim.setObjectName("scrim")
        self.scrim.setStyleSheet("QWidget#scrim { background: rgba(0, 0, 0, 170); }")
        self.scrim.hide()
        self.alert_panel = AlertPanel(self)
        self.alert_panel.optionChosen.connect(self.answer_alert)
        self.alerts_model.modelReset.connect(self._show_alert)
        self.alerts_model.dataChanged.connect(self._show_alert)

        adapter.snapshotChanged.connect(self.show_snapshot)
        adapter.commandRejected.connect(self._rejected)
        adapter.commandAccepted.connect(self._accepted)
        self._shortcuts()
        self.retranslate()
        seats = self.bank_seats or config.seats
        if seats:
            self.seats.select(seats[0])
        if adapter.snapshot is not None:
            self.show_snapshot(adapter.snapshot)

    # --- rendering -------------------------------------------------------------------------

    def show_snapshot(self, snapshot: Snapshot) -> None:
        """Show ``snapshot``: the only way anything on this screen changes with the table."""
        self.snapshot = snapshot
        names = [hand.hand for hand in snapshot.hands]
        if names != list(self.hand_panels):
            self._build_hands(names)
        active = snapshot.next_hand or (snapshot.decision.hand if snapshot.decision else None)
        for hand in snapshot.hands:
            self.hand_panels[hand.hand].set_hand(
                hand, squeeze=snapshot.squeeze, active=hand.hand == active
            )
        self.banner.show_instruction(
            wording.instruction(snapshot.instruction), instruction_tone(snapshot)
        )
        call = wording.call(snapshot.call)
        by = snapshot.decision.by if snapshot.decision is not None else None
        if by:
            template = self.tr("Seat %1 decides") if by.isdigit() else self.tr("%1 decides")
            call = template.replace("%1", by)
        self.call.setText(call)
        decision = snapshot.decision
        for button, choice in ((self.draw, "draw"), (self.stand, "stand")):
            due = decision is not None and choice in decision.options
            button.setVisible(due)
            if decision is not None:
                button.setProperty("tone", hand_tone(decision.hand).value)
                button.style().unpolish(button)
                button.style().polish(button)
        phase = snapshot.phase
        self.next_coup.setVisible(phase == "complete")
        self.new_shoe.setVisible(phase == "shoe_ended")
        self.cut_card.setVisible(not snapshot.shoe.cut_card_out and phase != "shoe_ended")
        self.exposed.setVisible(phase in IN_COUP)
        self.seats_model.update(snapshot)
        if self.bank_seats:
            self._show_bank(snapshot)
        self.alerts_model.update(snapshot)
        self.devices_model.update(snapshot)
        self._texts()
        message = snapshot.pit_message
        if message is not None and message.number != self.pit_message_shown:
            self.pit_message_shown = message.number
            self.show_message(wording.pit_message(message.text, message.by), error=False)

    def _show_bank(self, snapshot: Snapshot) -> None:
        self.seats.set_bank(seat_states(snapshot, self.bank_seats))
        due = due_seat(snapshot)
        if due != self.due_seat:
            # The seat offered the shoe, or whose turn it is to cover, comes up by itself.
            self.due_seat = due
            if due is not None and due in self.bank_seats:
                self.seats.select(due)
        self.bank_panel.show_snapshot(snapshot, self.selected_seat)

    def _build_hands(self, names: list[str]) -> None:
        for panel in self.hand_panels.values():
            panel.deleteLater()
        self.hand_panels = {}
        for name in names:
            panel = HandPanel(name)
            panel.turnRequested.connect(lambda hand: self.send(cmd.RevealHand(hand=hand)))
            self.hands_row.addWidget(panel, 1)
            if self.isVisible():
                panel.show()  # at once, not at the next turn of the event loop
            self.hand_panels[name] = panel

    def _texts(self) -> None:
        """Texts that depend on both the snapshot and the language."""
        snapshot = self.snapshot
        if snapshot is None:
            return
        title = wording.variant_title(snapshot.variant, snapshot.variant_title)
        self.title.setText(f"{wording.table_name(snapshot.name)} · {title}")
        shoe = snapshot.shoe
        parts = [
            self.tr("Shoe %1").replace("%1", str(shoe.shoe)),
            self.tr("Coup %1").replace("%1", str(snapshot.coup)),
            self.tr("%1 cards left").replace("%1", str(shoe.cards_left)),
        ]
        if shoe.cut_card_out:
            template = (
                self.tr("LAST COUP (%1)")
                if shoe.is_last_coup
                else self.tr("Cut card out: last coup %1")
            )
            parts.append(template.replace("%1", str(shoe.last_coup)))
        self.shoe_status.setText("  ·  ".join(parts))
        colour = theme.WARN if shoe.cut_card_out else theme.TEXT
        theme.set_text_colour(self.shoe_status, colour)
        if snapshot.decision is not None:
            hand = wording.hand_upper(snapshot.decision.hand)
            self.draw.setText(self.tr("%1 DRAWS").replace("%1", hand))
            self.stand.setText(self.tr("%1 STANDS").replace("%1", hand))
        bank = snapshot.bank
        if bank is not None:
            if snapshot.game == "chemin_de_fer":
                template = self.tr("Cagnotte: %1")
            else:
                template = self.tr("House: %1")
            self.boxes.setText(template.replace("%1", format_money(bank.money.house)))
        else:
            self.boxes.setText(
                self.tr("Commission boxes: %1").replace("%1", format_money(boxes_total(snapshot)))
            )

    def retranslate(self) -> None:
        self.language.setText(LANGUAGE_NAMES[self.translations.next_language()])
        self.recall.setText(self.tr("Recall"))
        self.supervisor.setText(self.tr("Supervisor"))
        self.scoreboard.setText(self.tr("Scoreboard"))
        for button in (self.language, self.recall, self.scoreboard, self.supervisor):
            button.setMinimumWidth(button.sizeHint().width())  # never cut a label
        self.next_coup.setText(self.tr("Next coup"))
        self.new_shoe.setText(self.tr("New shoe"))
        self.cut_card.setText(self.tr("Cut card out"))
        self.exposed.setText(self.tr("Exposed card"))
        self.seats_model.retranslate()
        self.devices_model.retranslate()
        if self.snapshot is not None:
            self.show_snapshot(self.snapshot)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_alert()

    # --- messages --------------------------------------------------------------------------

    def show_message(self, text: str, *, error: bool) -> None:
        self.message_text = text
        self.message.setText(text)
        colour = theme.BAD if error else theme.GOOD
        theme.set_text_colour(self.message, colour)

    def _rejected(self, command: object, code: str, message: str) -> None:
        self.show_message(wording.rejection(code, message), error=True)

    def _accepted(self, command: object) -> None:
        if self.message_text:
            self.show_message("", error=False)

    # --- commands from touches -------------------------------------------------------------

    def send(self, command: cmd.Command) -> None:
        self.adapter.submit(command)

    def decide(self, choice: str) -> None:
        snapshot = self.snapshot
        if snapshot is not None and snapshot.decision is not None:
            self.send(cmd.Decide(hand=snapshot.decision.hand, choice=choice))

    def turn(self) -> None:
        if self.snapshot is not None:
            for hand in hands_to_turn(self.snapshot):
                self.send(cmd.RevealHand(hand=hand))
                return

    def _seat_selected(self, seat: int) -> None:
        self.bet_panel.set_seat(seat)
        if self.bank_seats:
            self.bank_panel.set_seat(seat)

    @property
    def selected_seat(self) -> int | None:
        return self.seats.selected

    def place_chip(self, amount: str) -> None:
        if self.bank_seats:
            return  # no chips in the bank games: stakes go through the bank panel
        seat = self.selected_seat
        if seat is None:
            self.show_message(self.tr("Touch a seat first"), error=True)
            return
        self.send(cmd.PlaceBet(seat=seat, name=self.bet_panel.bet, amount=amount))

    def repeat_bets(self) -> None:
        if self.selected_seat is not None and not self.bank_seats:
            self.send(cmd.RepeatBets(seat=self.selected_seat))

    def clear_bets(self) -> None:
        if self.selected_seat is not None and not self.bank_seats:
            self.send(cmd.ClearBets(seat=self.selected_seat))

    # --- the bank (Chemin de Fer, Banque) ---------------------------------------------------

    def bank_control(self, control: Control) -> None:
        """A bank button: ask for what it needs (a name, an amount, a bet), then send the
        :class:`~dealer_assist.table.commands.BankAction`. The controller checks it; a refusal
        comes back as the rules' message."""
        self._bank_step(control, dict(control.args), control.needs)

    def _bank_step(self, control: Control, args: dict[str, object], needs: tuple[str, ...]) -> None:
        if not needs:
            self.send(cmd.BankAction(action=control.action, args=args))
            return
        need, rest = needs[0], needs[1:]
        if need in ("player", "bidder", "punter"):
            suggested = ""
            if control.key == "sit":
                suggested = f"Punter {args.get('seat')}"  # a name, not a word to translate
            title = {
                "player": self.tr("The player's name"),
                "bidder": self.tr("Who bids for the bank?"),
                "punter": self.tr("The bystander's name"),
            }[need]
            if control.key == "sit":
                title = self.tr("Seat %1: the player's name").replace("%1", str(args.get("seat")))
            names = NameDialog(title, suggested, self)
            names.nameEntered.connect(
                lambda name: self._bank_step(control, {**args, need: name}, rest)
            )
            self._open(names)
            return
        # "bet" and "amount" are asked together, on the keypad.
        bets = control.bets if need == "bet" else ()
        remaining = tuple(n for n in rest if n != "amount")
        keypad = BetKeypadDialog(
            int(str(args.get("seat", 0))),
            bets,
            bets[0] if bets else "",
            self,
            title=self._amount_title(control, args),
            ok_text=self.tr("OK"),
        )

        def entered(_seat: int, bet: str, amount: str) -> None:
            given = {**args, "amount": amount}
            if need == "bet":
                given["bet"] = bet
            self._bank_step(control, given, remaining)

        keypad.betEntered.connect(entered)
        self._open(keypad)

    def _amount_title(self, control: Control, args: dict[str, object]) -> str:
        who = (
            self.tr("Seat %1").replace("%1", str(args["seat"]))
            if "seat" in args
            else str(args.get("punter") or args.get("bidder") or args.get("player") or "")
        )
        templates = {
            "put_up_bank": self.tr("%1 puts up a bank of:"),
            "list_put_up_bank": self.tr("%1 puts up a bank of:"),
            "bid": self.tr("%1 will risk for the bank:"),
            "bid_name": self.tr("%1 will risk for the bank:"),
        }
        template = templates.get(control.key, self.tr("%1 stakes:"))
        return template.replace("%1", who)

    # --- dialogs ---------------------------------------------------------------------------

    def _open(self, dialog: QDialog) -> None:
        self.dialog = dialog
        dialog.finished.connect(lambda _result: self._closed(dialog))
        dialog.open()

    def _closed(self, dialog: QDialog) -> None:
        if self.dialog is dialog:
            self.dialog = None
        dialog.deleteLater()

    def open_keypad(self) -> None:
        if self.bank_seats:
            return
        seat = self.selected_seat
        if seat is None:
            self.show_message(self.tr("Touch a seat first"), error=True)
            return
        dialog = BetKeypadDialog(seat, self.all_bets, self.bet_panel.bet, self)
        dialog.betEntered.connect(
            lambda s, name, amount: self.send(cmd.PlaceBet(seat=s, name=name, amount=amount))
        )
        self._open(dialog)

    def open_recall(self) -> None:
        if self.snapshot is not None:
            dialog = RecallDialog(self.snapshot, self)
            dialog.resize(self.size() * 0.95)
            self._open(dialog)

    def ask_pin(
        self, action: str, then: Callable[[cmd.Role], None], role: cmd.Role = cmd.Role.SUPERVISOR
    ) -> None:
        """A supervisor's PIN (or ``role``'s), then ``then(role)``."""
        dialog = PinDialog(self.verifier, role, action, self, config_file=self.config.source_file)
        dialog.verified.connect(then)
        self._open(dialog)

    def open_supervisor(self) -> None:
        self.ask_pin(self.tr("Supervisor actions"), lambda _role: self._supervisor_actions())

    def _supervisor_actions(self) -> None:
        if self.snapshot is None:
            return
        dialog = SupervisorDialog(self.snapshot, self)
        dialog.commandRequested.connect(self.send)
        dialog.correctRequested.connect(self._correct_card)
        self._open(dialog)

    def _correct_card(self) -> None:
        if self.snapshot is None:
            return
        dialog = CorrectCardDialog(self.snapshot, self)
        dialog.positionChosen.connect(self._correct_position)
        self._open(dialog)

    def _correct_position(self, position: int, shown: str) -> None:
        picker = CardPickerDialog(
            self.tr("Card %1 (read as %2) is really:")
            .replace("%1", str(position + 1))
            .replace("%2", shown),
            self,
        )
        picker.cardChosen.connect(
            lambda card: self.send(
                cmd.CorrectCard(position=position, card=card, role=cmd.Role.SUPERVISOR)
            )
        )
        self._open(picker)

    # --- alerts ----------------------------------------------------------------------------

    def _show_alert(self) -> None:
        count = self.alerts_model.rowCount()
        first = self.alerts_model.index(0, 0).data(ItemRole) if count else None
        # A holding alert comes first: it is the one stopping the game.
        for row in range(count):
            alert = self.alerts_model.index(row, 0).data(ItemRole)
            if alert.hold:
                first = alert
                break
        self.alert_panel.set_alert(first, max(0, count - 1))
        self.scrim.setVisible(first is not None)
        self._place_alert()

    def _place_alert(self) -> None:
        self.scrim.setGeometry(self.rect())
        self.scrim.raise_()
        self.alert_panel.raise_()
        raise_dialogs(self)  # an open dialog (a PIN for the alert) stays over the alert
        width = min(self.width() - 40, 1100)
        height = min(self.height() - 40, 560)
        self.alert_panel.setGeometry(
            (self.width() - width) // 2, (self.height() - height) // 2, width, height
        )

    def answer_alert(self, alert: AlertView, option: str) -> None:
        if option not in cmd.SUPERVISOR_OPTIONS:
            self.send(cmd.ResolveAlert(alert=alert.alert, option=option))
            return

        def proven(role: cmd.Role) -> None:
            if option == "enter_card":
                picker = CardPickerDialog(self.tr("Key in the card"), self)
                picker.cardChosen.connect(lambda card: self._resolve_with_card(alert, card, role))
                self._open(picker)
            else:
                self.send(cmd.ResolveAlert(alert=alert.alert, option=option, role=role))

        needed = cmd.Role.TECHNICIAN if option in cmd.TECHNICIAN_OPTIONS else cmd.Role.SUPERVISOR
        self.ask_pin(wording.option_label(option), proven, needed)

    def _resolve_with_card(self, alert: AlertView, card: Card, role: cmd.Role) -> None:
        self.send(cmd.ResolveAlert(alert=alert.alert, option="enter_card", role=role, card=card))

    def acknowledge(self) -> None:
        alert = self.alert_panel.alert
        if alert is None:
            return
        for option in alert.options:
            if option not in cmd.SUPERVISOR_OPTIONS:
                self.answer_alert(alert, option)
                return

    # --- language --------------------------------------------------------------------------

    def cycle_language(self) -> None:
        self.translations.set_language(self.translations.next_language())

    # --- keyboard, for training ------------------------------------------------------------

    def _shortcuts(self) -> None:
        def key(sequence: str, action: Callable[[], None]) -> None:
            shortcut = QShortcut(QKeySequence(sequence), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(action)

        def if_visible(button: QWidget, action: Callable[[], None]) -> Callable[[], None]:
            return lambda: action() if button.isVisible() else None

        key("Return", if_visible(self.next_coup, lambda: self.send(cmd.CloseCoup())))
        key("Space", if_visible(self.next_coup, lambda: self.send(cmd.CloseCoup())))
        key("D", lambda: self.decide("draw"))
        key("S", lambda: self.decide("stand"))
        key("T", self.turn)
        key("A", self.acknowledge)
        key("R", self.repeat_bets)
        key("C", self.clear_bets)
        key("Delete", self.clear_bets)
        key("K", self.open_keypad)
        key("H", self.open_recall)
        key("V", self.open_supervisor)
        key("L", self.cycle_language)
        key("X", lambda: self.send(cmd.ReportCutCard()))
        for letter, bet in (("B", "banker"), ("P", "player"), ("E", "tie")):
            if bet in self.bet_panel.bet_buttons:
                key(letter, partial(self.bet_panel.choose, bet))
        for number, seat in enumerate((self.bank_seats or self.config.seats)[:9], 1):
            key(str(number), partial(self.seats.select, seat))
        for number, value in enumerate(self.bet_panel.chips, 1):
            key(f"F{number}", partial(self.place_chip, str(value)))
