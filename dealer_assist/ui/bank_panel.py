"""The bank on the croupier's screen (Chemin de Fer, Banque): what it shows and its buttons.

:class:`BankPanel` reads the snapshot's bank view and says, in words, who holds the bank and
for how much, whose call or turn it is and what each seat may stake, the calls heard, the
coverage and what is left uncovered, who makes the coup's decisions, and the last coup's
settlement. Its buttons are :mod:`~dealer_assist.ui.bank_controls` controls: a touch only
emits ``controlChosen``; the window asks for any amount or name and sends the command.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_assist.rules.bank import (
    BankAssignment,
    BanquePhase,
    BanqueStake,
    BanqueView,
    CheminDeFerPhase,
    CheminDeFerView,
)
from dealer_assist.rules.coup import Hand
from dealer_assist.table.snapshot import Snapshot
from dealer_assist.ui import theme, wording
from dealer_assist.ui.bank_controls import Control, seat_controls, table_controls
from dealer_assist.ui.dialogs import two_lines
from dealer_assist.ui.presentation import format_money
from dealer_assist.ui.seats import touch_button

# Every button the panel may show, in a fixed order: the selected seat's, then the table's.
SEAT_KEYS = (
    "sit",
    "leave",
    "give_shoe",
    "put_up_bank",
    "take_bank",
    "decline_bank",
    "banco",
    "banco_suivi",
    "suivi",
    "withdraw_call",
    "stake",
    "cover",
    "pass_turn",
    "bid",
    "list_name",
    "stake_right",
    "stake_left",
    "stake_a_cheval",
    "withdraw_stake",
    "cut_supply",
    "shuffle_seat",
)
TABLE_KEYS = (
    "shuffle_croupier",
    "shuffle_banker",
    "cut",
    "close_calls",
    "bid_name",
    "close_auction",
    "list_other",
    "list_put_up_bank",
    "list_decline_bank",
    "close_seated_stakes",
    "bystander_stake",
    "withdraw_bystander",
    "no_more_bets",
    "pass_deal",
    "retire",
)
# Buttons in the colour of what they do: a whole-bank call red, the croupier's close green.
TONES = {
    "banco": "banker",
    "banco_suivi": "banker",
    "suivi": "banker",
    "take_bank": "banker",
    "no_more_bets": "tie",
    "close_calls": "tie",
    "close_auction": "tie",
    "close_seated_stakes": "tie",
}


def _fill(template: str, *values: str) -> str:
    for number, value in enumerate(values, 1):
        template = template.replace(f"%{number}", value)
    return template


def money(amount: Decimal) -> str:
    return format_money(amount)


class BankPanel(QFrame):
    """The bank's state in words, and the bank actions for the selected seat and the table."""

    controlChosen = Signal(object)  # Control

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("panel")
        self.snapshot: Snapshot | None = None
        self.seat: int | None = None
        self.controls: dict[str, Control] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(12)

        info = QVBoxLayout()
        info.setSpacing(1)
        self.headline = QLabel()
        self.headline.setFont(theme.font(24, bold=True))
        theme.set_text_colour(self.headline, theme.BANK)
        self.status = QLabel()
        self.calls = QLabel()
        self.coverage = QLabel()
        self.decisions = QLabel()
        self.settlement = QLabel()
        self.lines = (self.status, self.calls, self.coverage, self.decisions, self.settlement)
        for label in (self.headline, *self.lines):
            label.setWordWrap(True)
            # The words give way to the buttons on a narrow screen (they wrap), never the
            # other way round.
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            info.addWidget(label)
        self._narrow = False
        for label in self.lines:
            label.setFont(theme.font(17, bold=label is self.status))
        info.addStretch(1)
        layout.addLayout(info, 1)

        rows = QVBoxLayout()
        rows.setSpacing(4)
        self.seat_label = QLabel()
        self.seat_label.setFont(theme.font(18, bold=True))
        rows.addWidget(self.seat_label)
        seat_row = QHBoxLayout()
        seat_row.addStretch(1)
        table_row = QHBoxLayout()
        table_row.addStretch(1)
        self.buttons: dict[str, QPushButton] = {}
        for keys, row in ((SEAT_KEYS, seat_row), (TABLE_KEYS, table_row)):
            for key in keys:
                button = touch_button(tone=TONES.get(key))
                button.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)
                button.clicked.connect(lambda _=False, k=key: self._chosen(k))
                button.hide()
                self.buttons[key] = button
                row.addWidget(button)
        rows.addLayout(seat_row)
        rows.addLayout(table_row)
        layout.addLayout(rows)

    # Below this width the buttons' long labels take two lines, the words a smaller font, and
    # Banque's stakes line lists only the bystanders' (the tiles show each seat's stake).
    NARROW = 1150

    @property
    def narrow(self) -> bool:
        """Laid out narrower than ``NARROW`` (False until the panel is first laid out)."""
        return self._narrow

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        narrow = event.size().width() < self.NARROW
        if narrow != self._narrow:
            self._narrow = narrow
            for label in self.lines:
                label.setFont(theme.font(15 if narrow else 17, bold=label is self.status))
            self.retranslate()

    # --- what it shows ----------------------------------------------------------------------

    def show_snapshot(self, snapshot: Snapshot, seat: int | None) -> None:
        self.snapshot = snapshot
        self.seat = seat
        self.retranslate()

    def set_seat(self, seat: int | None) -> None:
        self.seat = seat
        self.retranslate()

    def retranslate(self) -> None:
        snapshot = self.snapshot
        if snapshot is None:
            return
        bank = snapshot.bank
        if isinstance(bank, CheminDeFerView):
            texts = self._chemin_de_fer(bank)
        elif isinstance(bank, BanqueView):
            texts = self._banque(bank)
        else:
            texts = ("",) * 6
        for label, text in zip((self.headline, *self.lines), texts, strict=True):
            label.setText(text)
            label.setVisible(bool(text))
        self._buttons(snapshot)

    def _buttons(self, snapshot: Snapshot) -> None:
        controls = seat_controls(snapshot, self.seat) + table_controls(snapshot)
        self.controls = {control.key: control for control in controls}
        for key, button in self.buttons.items():
            control = self.controls.get(key)
            if control is None:
                button.hide()
                continue
            text = self.button_text(control)
            # A narrow screen (1024 px): long labels on two lines, so the words keep room.
            button.setText(two_lines(text) if self.width() < self.NARROW else text)
            button.setEnabled(control.enabled)
            button.setMinimumWidth(button.sizeHint().width())  # never cut a label
            button.show()
        if self.seat is None:
            self.seat_label.setText(self.tr("Touch a seat"))
            return
        player = self._player(self.seat)
        self.seat_label.setText(
            _fill(self.tr("Seat %1 · %2"), str(self.seat), player)
            if player
            else _fill(self.tr("Seat %1 · empty"), str(self.seat))
        )

    def _player(self, seat: int) -> str | None:
        bank = self.snapshot.bank if self.snapshot is not None else None
        if isinstance(bank, CheminDeFerView | BanqueView):
            return bank.players.get(seat)
        return None

    def _chosen(self, key: str) -> None:
        control = self.controls.get(key)
        if control is not None and control.enabled:
            self.controlChosen.emit(control)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # --- button labels ----------------------------------------------------------------------

    def button_text(self, control: Control) -> str:
        key = control.key
        amount = money(control.amount) if control.amount is not None else ""
        args = control.args
        fixed = {
            "sit": self.tr("Sit a player…"),
            "leave": self.tr("Leaves"),
            "give_shoe": self.tr("Give the shoe"),
            "put_up_bank": self.tr("Put up the bank…"),
            "decline_bank": self.tr("Declines the bank"),
            "banco": self.tr("Banco"),
            "banco_suivi": self.tr("Banco Suivi"),
            "suivi": self.tr("Suivi"),
            "withdraw_call": self.tr("Withdraws the call"),
            "stake": self.tr("Stake…"),
            "pass_turn": self.tr("Passes"),
            "bid": self.tr("Bids…"),
            "list_name": self.tr("Name on the list"),
            "stake_right": self.tr("Right…"),
            "stake_left": self.tr("Left…"),
            "stake_a_cheval": self.tr("À cheval…"),
            "close_calls": self.tr("Close the calls"),
            "bid_name": self.tr("Bid by name…"),
            "close_auction": self.tr("Close the auction"),
            "list_other": self.tr("Add a name…"),
            "close_seated_stakes": self.tr("Seated stakes closed"),
            "bystander_stake": self.tr("Bystander stakes…"),
            "pass_deal": self.tr("I pass the deal"),
            "retire": self.tr("Banker retires"),
        }
        if key == "shuffle_croupier":
            return self.tr("Shuffled by the croupier")
        if key in ("shuffle_seat", "shuffle_banker"):
            return _fill(self.tr("Shuffled by %1"), str(args.get("by") or ""))
        if key == "cut":
            return self.tr("Cut by… (the banker names)")
        if key == "cut_supply":
            return self.tr("Cut the fresh supply")
        if key == "take_bank":
            return _fill(self.tr("Takes the bank at %1"), amount)
        if key == "cover":
            return _fill(self.tr("Covers %1"), amount)
        if key == "no_more_bets":
            if control.amount and control.kept:
                return _fill(self.tr("No more bets · %1 stays in the bank"), amount)
            if control.amount:
                return _fill(self.tr("No more bets · banker withdraws %1"), amount)
            return self.tr("No more bets")
        if key == "list_put_up_bank":
            return _fill(self.tr("%1 takes the bank…"), str(args.get("player") or "—"))
        if key == "list_decline_bank":
            return _fill(self.tr("%1 declines"), str(args.get("player") or "—"))
        if key == "withdraw_stake" and control.bets:
            return _fill(self.tr("Withdraw %1 %2"), wording.bet_name(control.bets[0]), amount)
        if key == "withdraw_stake":
            return self.tr("Withdraws stake")
        if key == "withdraw_bystander":
            if control.bets:
                return _fill(self.tr("Withdraw %1 %2"), str(args.get("punter")), amount)
            return self.tr("Withdraw a bystander")
        return fixed.get(key, key)

    # --- Chemin de Fer ----------------------------------------------------------------------

    def _seat_name(self, seat: int, players: dict[int, str] | None = None) -> str:
        name = (players or {}).get(seat)
        if name:
            return _fill(self.tr("seat %1 %2"), str(seat), name)
        return _fill(self.tr("seat %1"), str(seat))

    def _chemin_de_fer(self, bank: CheminDeFerView) -> tuple[str, ...]:
        players = dict(bank.players)
        phase = bank.phase
        # Who holds the bank, or who is asked to.
        if bank.banker is not None:
            headline = _fill(
                self.tr("BANK %1 · held by %2"),
                money(bank.bank),
                self._seat_name(bank.banker, players),
            )
        elif bank.offered_to is not None and bank.same_amount is not None:
            headline = _fill(
                self.tr("No bank · %1 may take it at %2 (the deal was passed)"),
                self._seat_name(bank.offered_to, players),
                money(bank.same_amount),
            )
        elif bank.offered_to is not None:
            headline = _fill(
                self.tr("No bank · the shoe is offered to %1"),
                self._seat_name(bank.offered_to, players),
            )
        else:
            headline = self.tr("No bank · the croupier gives the shoe to a seat")
        # Whose call or turn it is.
        if phase is CheminDeFerPhase.AWAITING_BANK:
            status = (
                _fill(
                    self.tr("%1 puts up the bank, or declines it"),
                    self._seat_name(bank.offered_to, players),
                )
                if bank.offered_to is not None
                else self.tr("Seat the players, then give the shoe")
            )
        elif phase is CheminDeFerPhase.CALLS:
            seats = ", ".join(str(seat) for seat in bank.to_act)
            if bank.suivi is not None:
                status = _fill(
                    self.tr("Calls: %1 may follow first (Banco Suivi); Banco %2 from seats %3"),
                    self._seat_name(bank.suivi, players),
                    money(bank.bank),
                    seats,
                )
            else:
                status = _fill(
                    self.tr("Calls: Banco %1 from seats %2; then close the calls"),
                    money(bank.bank),
                    seats or "—",
                )
        elif phase is CheminDeFerPhase.COVERAGE and bank.banco is not None:
            seat, call = bank.banco
            status = _fill(
                self.tr("%1 holds the whole bank (%2): no more bets"),
                self._seat_name(seat, players),
                wording.call_name(call.value),
            )
        elif phase is CheminDeFerPhase.COVERAGE and bank.turn is not None:
            status = _fill(
                self.tr("Coverage from the banker's right: %1's turn, up to %2"),
                self._seat_name(bank.turn, players),
                money(bank.uncovered),
            )
        elif phase is CheminDeFerPhase.COVERAGE and bank.uncovered > 0:
            status = _fill(self.tr("Coverage: any punter may add up to %1"), money(bank.uncovered))
        elif phase is CheminDeFerPhase.COVERAGE:
            status = self.tr("The bank is covered: no more bets")
        else:
            status = self.tr("No more bets: deal the coup")
        calls = _fill(
            self.tr("Calls: %1"),
            ", ".join(
                f"{self._seat_name(seat)} {wording.call_name(call.value)}"
                for seat, call in bank.calls
            )
            or self.tr("none"),
        )
        coverage = ""
        if bank.banker is not None:
            coverage = _fill(
                self.tr("Coverage: %1 · covered %2 · uncovered %3"),
                ", ".join(
                    f"{self._seat_name(seat)} {money(stake)}" for seat, stake in bank.coverage
                )
                or self.tr("none"),
                money(bank.covered),
                money(bank.uncovered),
            )
        makers = bank.decision_makers
        if makers:
            decisions = _fill(
                self.tr("Decisions: Player hand, %1 (largest stake) · Banker, %2 (the banker)"),
                self._seat_name(makers[Hand.PLAYER], players),
                self._seat_name(makers[Hand.BANKER], players),
            )
        else:
            may = [(seat, amount) for seat, amount in bank.may_stake.items() if amount > 0]
            decisions = (
                _fill(
                    self.tr("May stake now: %1"),
                    ", ".join(f"{self._seat_name(seat)} {money(amount)}" for seat, amount in may),
                )
                if may
                else ""
            )
        return headline, status, calls, coverage, decisions, self._chemin_de_fer_settled(bank)

    def _chemin_de_fer_settled(self, bank: CheminDeFerView) -> str:
        settled = bank.last_settlement
        if settled is None:
            return ""
        winner = {
            "player": self.tr("the punters win"),
            "banker": self.tr("the bank wins"),
            "tie": self.tr("stand-off, stakes returned"),
        }[settled.winner.value]
        punters = ", ".join(
            f"{self._seat_name(punter.seat)} {format_money(punter.net, signed=True)}"
            for punter in settled.punters
        )
        text = _fill(
            self.tr("Last coup: %1 · %2 · bank %3 → %4 · cagnotte %5"),
            winner,
            punters or "—",
            money(settled.bank_before),
            money(settled.bank_after),
            money(settled.cagnotte),
        )
        if settled.bank_passes:
            text += " · " + self.tr("the bank passes")
        return text

    # --- Banque -----------------------------------------------------------------------------

    def _banque(self, bank: BanqueView) -> tuple[str, ...]:
        phase = bank.phase
        auction = bank.assignment is BankAssignment.AUCTION
        if bank.banker is not None:
            headline = _fill(self.tr("BANK %1 · held by %2"), money(bank.bank), bank.banker)
        elif auction and bank.bids:
            bidder, amount = bank.bids[-1]
            headline = _fill(self.tr("No bank · highest bid %1 by %2"), money(amount), bidder)
        elif auction:
            headline = self.tr("No bank · auction: who will risk the most?")
        elif bank.offered_to is not None:
            headline = _fill(self.tr("No bank · offered to %1, first on the list"), bank.offered_to)
        else:
            headline = self.tr("No bank · put names on the list")
        if phase is BanquePhase.ASSIGNING and auction:
            status = _fill(
                self.tr("Auction · bids: %1"),
                ", ".join(f"{bidder} {money(amount)}" for bidder, amount in bank.bids)
                or self.tr("none"),
            )
        elif phase is BanquePhase.ASSIGNING:
            status = _fill(self.tr("List: %1"), ", ".join(bank.names_listed) or self.tr("none"))
        elif phase is BanquePhase.STAKING:
            status = _fill(
                self.tr("Seated punters stake on their tableau or à cheval, up to %1"),
                money(bank.uncovered),
            )
        elif phase is BanquePhase.BYSTANDERS:
            status = _fill(
                self.tr("Bystanders may stake up to %1, on either side or à cheval"),
                money(bank.bystanders_may_stake),
            )
        else:
            status = self.tr("No more bets: deal the coup")
        stakes = ""
        coverage = ""
        if bank.banker is not None and self.narrow:
            # A narrow screen has no height for every stake: the seated ones are on the tiles.
            stakes = _fill(
                self.tr("Bystander stakes: %1"),
                ", ".join(
                    self._banque_stake(stake, seated=False)
                    for stake in bank.stakes
                    if stake.seat is None
                )
                or self.tr("none"),
            )
        elif bank.banker is not None:
            stakes = _fill(
                self.tr("Stakes: %1"),
                ", ".join(self._banque_stake(stake) for stake in bank.stakes) or self.tr("none"),
            )
        if bank.banker is not None:
            coverage = _fill(
                self.tr("Right %1 · Left %2 · covered %3 · uncovered %4"),
                money(bank.on_side.get(Hand.RIGHT, Decimal(0))),
                money(bank.on_side.get(Hand.LEFT, Decimal(0))),
                money(bank.covered),
                money(bank.uncovered),
            )
        makers = bank.decision_makers
        decisions = ""
        if makers:
            croupier = self.tr("the croupier")
            decisions = _fill(
                self.tr("Decisions: Right hand, %1 · Left hand, %2 · Banker, %3"),
                makers.get(Hand.RIGHT) or croupier,
                makers.get(Hand.LEFT) or croupier,
                makers.get(Hand.BANKER) or croupier,
            )
        return headline, status, stakes, coverage, decisions, self._banque_settled(bank)

    def _banque_stake(self, stake: BanqueStake, *, seated: bool = True) -> str:
        """``Ana (seat 1) Right 120``; ``Zed (bystander) Right 50``, or ``Zed Right 50`` in a
        list of bystanders only (``seated`` False)."""
        if stake.seat is not None:
            who = _fill(self.tr("%1 (seat %2)"), stake.punter, str(stake.seat))
        elif seated:
            who = _fill(self.tr("%1 (bystander)"), stake.punter)
        else:
            who = stake.punter
        return f"{who} {wording.bet_name(stake.bet.value)} {money(stake.amount)}"

    def _banque_settled(self, bank: BanqueView) -> str:
        settled = bank.last_settlement
        if settled is None:
            return ""
        punters = ", ".join(
            f"{punter.punter} {wording.bet_name(punter.bet.value)} "
            f"{format_money(punter.net, signed=True)}"
            for punter in settled.punters
        )
        sides = {
            "win": self.tr("wins"),
            "lose": self.tr("loses"),
            "standoff": self.tr("stands off"),
        }
        text = _fill(
            self.tr("Last coup: Right %1, Left %2 · %3 · bank %4 → %5 · house %6"),
            sides[settled.right.value],
            sides[settled.left.value],
            punters or "—",
            money(settled.bank_before),
            money(settled.bank_after),
            money(settled.house_take),
        )
        if settled.bank_exhausted:
            text += " · " + self.tr("the bank is exhausted")
        return text
