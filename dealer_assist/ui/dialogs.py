"""Dialogs of the croupier's screen: PIN, bet keypad, names, card picker, supervisor, alert.

Every dialog is touch-first (big keys, no typing needed, keys still work for training) and
non-blocking: it is opened with ``open()`` and reports through signals. None talks to the
table: each emits ``commandRequested`` with a command, and the window sends it.

A dialog given a parent is drawn inside the parent, never as a window of its own: on a
:class:`DialogLayer` that dims the parent and takes every touch and key until the dialog
closes. A kiosk compositor places a new window where it likes (cage centres it over the whole
output layout, half of it on the players' screen); a PIN pad inside the croupier's screen is
on the croupier's screen, wherever that is. The dialogs keep QDialog's ``open()``, ``exec()``,
``accepted``, ``rejected`` and ``finished``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.journal.auth import SignIn
from dealer_assist.table import commands as cmd
from dealer_assist.table.snapshot import AlertView, CardView, Snapshot
from dealer_assist.ui import theme, wording
from dealer_assist.ui.auth import NO_PIN_STORE, PinVerifier
from dealer_assist.ui.card_face import CardWidget
from dealer_assist.ui.dialog_layer import DialogLayer, focus_within
from dealer_assist.ui.presentation import deal_positions

# A dialog's words given by its opener: a string, or a function giving it in the current
# language (read again when the language changes while the dialog is open).
Text = str | Callable[[], str]


def text_of(text: Text) -> str:
    return text() if callable(text) else text


def two_lines(text: str, *, longer_than: int = 12) -> str:
    """A long name on two lines, broken at the space nearest its middle ("Dragon Bonus" over
    "Banker"), so a grid of them stays narrow."""
    if len(text) <= longer_than or " " not in text:
        return text
    spaces = [place for place, char in enumerate(text) if char == " "]
    middle = min(spaces, key=lambda place: abs(place - len(text) / 2))
    return f"{text[:middle]}\n{text[middle + 1 :]}"


def whole_text(button: QPushButton, width: int) -> None:
    """At least ``width`` wide, and never narrower than its words (after a language change)."""
    button.setMinimumWidth(max(width, button.sizeHint().width()))


def touch_button(
    text: str = "", *, tone: str | None = None, name: str | None = None
) -> QPushButton:
    button = QPushButton(text)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    if tone is not None:
        button.setProperty("tone", tone)
    if name is not None:
        button.setObjectName(name)
    return button


def heading(size: int = 28) -> QLabel:
    label = QLabel()
    label.setFont(theme.font(size, bold=True))
    label.setWordWrap(True)
    return label


def key_grid(
    keys: Sequence[str],
    columns: int,
    press: Callable[[str], None],
    *,
    size: tuple[int, int],
    into: dict[str, QPushButton],
) -> QGridLayout:
    """Touch keys in rows of ``columns``; each sends its text to ``press``; kept in ``into``."""
    grid = QGridLayout()
    for position, key in enumerate(keys):
        button = touch_button(key)
        button.setMinimumSize(*size)
        button.clicked.connect(lambda _=False, k=key: press(k))
        into[key] = button
        grid.addWidget(button, position // columns, position % columns)
    return grid


class TouchDialog(QDialog):
    """Modal while open (the table screen waits behind it), but never blocking the event loop.

    With a parent it is drawn inside the parent, on a
    :class:`~dealer_assist.ui.dialog_layer.DialogLayer` (see the module's description);
    without one it is a window, as any dialog.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        self.layer = DialogLayer(parent) if parent is not None else None
        super().__init__(self.layer)
        if self.layer is not None:
            self.setWindowFlags(Qt.WindowType.Widget)  # a part of the parent, not a window
            self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
            self.setAutoFillBackground(True)
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # the keys go to the dialog
            self.layer.hold(self)
        self.setModal(True)
        self.setStyleSheet(theme.style_sheet())

    def setVisible(self, visible: bool) -> None:
        layer = self.layer
        if layer is None:
            super().setVisible(visible)
            return
        if visible:
            layer.place()
            layer.show()
            layer.raise_()
        super().setVisible(visible)
        if visible:
            layer.centre()
            focus = QApplication.focusWidget()
            if focus is None or not self.isAncestorOf(focus):
                self.setFocus(Qt.FocusReason.PopupFocusReason)
        else:
            layer.hide()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and self.layer is not None:
            # The keys are the dialog's while it is open: none reaches the screen behind as
            # a shortcut (a digit would choose a seat, C clear its bets).
            event.accept()
            return True
        return super().event(event)

    def focusNextPrevChild(self, forward: bool) -> bool:
        """Tab moves among the dialog's own parts only, as in a window of its own."""
        if self.layer is None:
            return super().focusNextPrevChild(forward)
        focus_within(self, forward=forward)
        return True

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:  # pragma: no cover - overridden
        pass

    def add_cancel_ok(self, layout: QVBoxLayout, accept: Callable[[], object]) -> None:
        """The Cancel and OK keys at the bottom (their words come from ``retranslate``)."""
        row = QHBoxLayout()
        self.cancel = touch_button()
        self.cancel.clicked.connect(self.reject)
        self.ok = touch_button(tone="tie")
        self.ok.clicked.connect(accept)
        row.addWidget(self.cancel)
        row.addWidget(self.ok)
        layout.addLayout(row)


class PinDialog(TouchDialog):
    """A supervisor proves who they are; ``verified`` carries the role proven."""

    verified = Signal(object)  # Role

    def __init__(
        self,
        verifier: PinVerifier,
        role: cmd.Role,
        action: Text,
        parent: QWidget | None = None,
        *,
        config_file: str = "",
    ) -> None:
        super().__init__(parent)
        self.verifier = verifier
        self.role = role
        self.action = action
        self.config_file = config_file  # named in the command that sets the PINs
        self.pin = ""
        self.failures = 0
        self.answer: SignIn | None = None  # the last refusal, shown until a key is pressed
        layout = QVBoxLayout(self)
        self.title = heading()
        self.entry = QLabel()
        self.entry.setFont(theme.font(40, bold=True))
        self.entry.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.entry.setMinimumHeight(70)
        self.error = QLabel()
        self.error.setStyleSheet(f"color: {theme.BAD.name()}; font-size: 22px;")
        self.error.setWordWrap(True)
        self.error.setMinimumWidth(440)  # a refusal with the command that sets the PINs
        layout.addWidget(self.title)
        layout.addWidget(self.entry)
        layout.addWidget(self.error)
        self.keys: dict[str, QPushButton] = {}
        layout.addLayout(key_grid("123456789C0⌫", 3, self.press, size=(96, 72), into=self.keys))
        self.add_cancel_ok(layout, self.check)
        # The dialog grows with a long refusal (keys never squeezed under it).
        layout.setSizeConstraint(QLayout.SizeConstraint.SetMinimumSize)
        self.retranslate()
        self._show_entry()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Supervisor PIN"))
        self.title.setText(self.tr("Supervisor PIN for: %1").replace("%1", text_of(self.action)))
        self.cancel.setText(self.tr("Cancel"))
        self.ok.setText(self.tr("OK"))
        self.keys["C"].setText(self.tr("Clear"))
        whole_text(self.keys["C"], 96)
        self._show_error(self.refusal(self.answer) if self.answer is not None else "")

    def _show_entry(self) -> None:
        self.entry.setText("●" * len(self.pin) if self.pin else "—")

    def press(self, key: str) -> None:
        if key == "C":
            self.pin = ""
        elif key == "⌫":
            self.pin = self.pin[:-1]
        elif key.isdigit() and len(self.pin) < 12:
            self.pin += key
        self.answer = None
        self._show_error("")
        self._show_entry()

    def check(self) -> None:
        answer = self.verifier.verify(self.role, self.pin)
        self.pin = ""
        if answer.ok:
            self.answer = None
            self.verified.emit(self.role)
            self.accept()
            return
        self.failures += 1
        self.answer = answer
        self._show_entry()
        self._show_error(self.refusal(answer))

    def _show_error(self, text: str) -> None:
        """Show ``text`` in full: the label is made tall enough for its lines, and the dialog
        (whose layout keeps it at least its minimum size) grows with it."""
        self.error.setText(text)
        width = max(self.error.width(), self.error.minimumWidth())
        flags = int(Qt.TextFlag.TextWordWrap)
        lines = self.error.fontMetrics().boundingRect(0, 0, width, 10_000, flags, text)
        self.error.setMinimumHeight(lines.height() + 4 if text else 0)

    def refusal(self, answer: SignIn) -> str:
        """Why the PIN was refused, and what to do, in the screen's language."""
        command = f"dealer-assist pin set --role {answer.role.value} --config " + (
            self.config_file
            if self.config_file and not self.config_file.startswith("<")
            else "TABLE.toml"
        )
        if answer.reason == "locked_out":
            until = answer.locked_until
            local = until.astimezone().strftime("%H:%M") if until is not None else "?"
            return self.tr(
                "Too many wrong PINs: this role is locked until %1. "
                "A technician can set its PIN again."
            ).replace("%1", local)
        if answer.reason == "pin_file_altered":
            return self.tr(
                "The PIN file was changed outside the table or cannot be read: every PIN is "
                "refused. Call a technician: restore the PIN file from the backup, or set the "
                "PINs again."
            )
        if answer.reason == "no_pin":
            return self.tr("No PIN is set for this role. IT sets it with: %1").replace(
                "%1", command
            )
        if answer.reason == NO_PIN_STORE:
            return self.tr(
                "This table deals real cards and has no PIN file: supervisor actions are "
                "refused. IT gives the table a journal key ([journal] key) and sets the PINs "
                "with: %1"
            ).replace("%1", command)
        return self.tr("Wrong PIN")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if text.isdigit():
            self.press(text)
        elif event.key() == Qt.Key.Key_Backspace:
            self.press("⌫")
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.check()
        else:
            super().keyPressEvent(event)


class BetKeypadDialog(TouchDialog):
    """Any bet of the variant, any amount: for stakes the chips do not make.

    The bank games use it for every amount (a bank, a stake, a bid): ``title`` and ``ok_text``
    then say what the amount is for, and with no ``bets`` the amount alone is entered.
    """

    betEntered = Signal(int, str, str)  # seat, bet name, amount

    def __init__(
        self,
        seat: int,
        bets: Sequence[str],
        selected: str,
        parent: QWidget | None = None,
        *,
        title: Text | None = None,
        ok_text: Text | None = None,
    ) -> None:
        super().__init__(parent)
        self.seat = seat
        self.amount = ""
        self.custom_title = title
        self.ok_text = ok_text
        self.bet = selected if selected in bets else (bets[0] if bets else "")
        layout = QVBoxLayout(self)
        self.title = heading()
        layout.addWidget(self.title)
        # The bets on the left, the amount and its keys on the right: a variant with every
        # side bet still fits a 1024 x 768 screen.
        body = QHBoxLayout()
        bet_grid = QGridLayout()
        self.bet_group = QButtonGroup(self)
        self.bet_buttons: dict[str, QPushButton] = {}
        for position, name in enumerate(bets):
            button = touch_button()
            button.setCheckable(True)
            button.setChecked(name == self.bet)
            button.clicked.connect(lambda _=False, n=name: self._choose(n))
            self.bet_group.addButton(button)
            self.bet_buttons[name] = button
            bet_grid.addWidget(button, position // 3, position % 3)
        if bets:
            body.addLayout(bet_grid)
        amount = QVBoxLayout()
        self.display = QLabel()
        self.display.setFont(theme.font(44, bold=True))
        self.display.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.display.setMinimumHeight(70)
        amount.addWidget(self.display)
        self.keys: dict[str, QPushButton] = {}
        digits = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "0", "00", "."]
        keys = key_grid(digits, 3, self.press, size=(96, 64), into=self.keys)
        for row, key in enumerate(["⌫", "C"]):
            button = touch_button(key)
            button.setMinimumSize(96, 64)
            button.clicked.connect(lambda _=False, k=key: self.press(k))
            self.keys[key] = button
            keys.addWidget(button, row, 3)
        amount.addLayout(keys)
        amount.addStretch(1)
        body.addLayout(amount)
        layout.addLayout(body)
        self.add_cancel_ok(layout, self.enter)
        self.retranslate()
        self._show()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Bet"))
        self.title.setText(
            text_of(self.custom_title)
            if self.custom_title is not None
            else self.tr("Seat %1: bet").replace("%1", str(self.seat))
        )
        for name, button in self.bet_buttons.items():
            button.setText(two_lines(wording.bet_name(name)))
            button.setMinimumWidth(button.sizeHint().width())  # never cut a bet's name
        self.cancel.setText(self.tr("Cancel"))
        self.ok.setText(text_of(self.ok_text) if self.ok_text is not None else self.tr("Place bet"))
        self.keys["C"].setText(self.tr("Clear"))
        whole_text(self.keys["C"], 96)

    def _choose(self, name: str) -> None:
        self.bet = name

    def _show(self) -> None:
        self.display.setText(self.amount or "0")
        self.ok.setEnabled(bool(self.amount) and (bool(self.bet) or not self.bet_buttons))

    def press(self, key: str) -> None:
        if key == "C":
            self.amount = ""
        elif key == "⌫":
            self.amount = self.amount[:-1]
        elif key == "." and "." in self.amount:
            pass
        elif len(self.amount) < 12:
            self.amount += key
        self._show()

    def enter(self) -> None:
        if self.ok.isEnabled():
            self.betEntered.emit(self.seat, self.bet, self.amount)
            self.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if text.isdigit() or text == ".":
            self.press(text)
        elif event.key() == Qt.Key.Key_Backspace:
            self.press("⌫")
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter()
        else:
            super().keyPressEvent(event)


class NameDialog(TouchDialog):
    """A player's name by touch (a seat taken, a bidder, a bystander): big letter keys, the
    suggested name already in, so most of the time the croupier only touches OK."""

    nameEntered = Signal(str)

    KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890"

    def __init__(self, title: Text, suggested: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = suggested
        self.title_text = title
        layout = QVBoxLayout(self)
        self.title = heading()
        layout.addWidget(self.title)
        self.display = QLabel()
        self.display.setFont(theme.font(40, bold=True))
        self.display.setMinimumHeight(70)
        layout.addWidget(self.display)
        self.keys: dict[str, QPushButton] = {}
        letters = [*self.KEYS, "␣", "⌫", "clear"]
        layout.addLayout(key_grid(letters, 10, self.press, size=(72, 64), into=self.keys))
        self.add_cancel_ok(layout, self.enter)
        self.retranslate()
        self._show()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Name"))
        self.title.setText(text_of(self.title_text))
        self.cancel.setText(self.tr("Cancel"))
        self.ok.setText(self.tr("OK"))
        self.keys["clear"].setText(self.tr("Clear"))

    def _show(self) -> None:
        self.display.setText(self.name or "—")
        self.ok.setEnabled(bool(self.name.strip()))

    def press(self, key: str) -> None:
        if key == "clear":
            self.name = ""
        elif key == "⌫":
            self.name = self.name[:-1]
        elif len(self.name) < 24:
            letter = " " if key == "␣" else key
            # Names read as names: a capital after a space, small letters after that.
            starts = not self.name or self.name.endswith(" ")
            self.name += letter if starts else letter.lower()
        self._show()

    def enter(self) -> None:
        if self.name.strip():
            self.nameEntered.emit(self.name.strip())
            self.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if text and (text.isalnum() or text == " "):
            self.press("␣" if text == " " else text.upper())
        elif event.key() == Qt.Key.Key_Backspace:
            self.press("⌫")
        elif event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter()
        else:
            super().keyPressEvent(event)


RANKS = list(Rank)
SUITS = list(Suit)


class CardPickerDialog(TouchDialog):
    """Key in a card by rank and suit (a misread or unreadable card)."""

    cardChosen = Signal(object)  # Card

    def __init__(self, title: Text, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rank: Rank | None = None
        self.suit: Suit | None = None
        self.title_text = title
        layout = QVBoxLayout(self)
        self.title = heading()
        layout.addWidget(self.title)
        body = QHBoxLayout()
        pick = QVBoxLayout()
        ranks = QGridLayout()
        self.rank_group = QButtonGroup(self)
        self.rank_buttons: dict[Rank, QPushButton] = {}
        for position, rank in enumerate(RANKS):
            button = touch_button("10" if rank is Rank.TEN else rank.symbol)
            button.setCheckable(True)
            button.clicked.connect(lambda _=False, r=rank: self._pick(rank=r))
            self.rank_group.addButton(button)
            self.rank_buttons[rank] = button
            ranks.addWidget(button, position // 5, position % 5)
        pick.addLayout(ranks)
        suits = QHBoxLayout()
        self.suit_group = QButtonGroup(self)
        self.suit_buttons: dict[Suit, QPushButton] = {}
        for suit in SUITS:
            button = touch_button(suit.symbol)
            button.setCheckable(True)
            button.setFont(theme.font(34, bold=True))
            if suit.is_red:
                button.setStyleSheet(f"color: {theme.BAD.name()};")
            button.clicked.connect(lambda _=False, s=suit: self._pick(suit=s))
            self.suit_group.addButton(button)
            self.suit_buttons[suit] = button
            suits.addWidget(button)
        pick.addLayout(suits)
        body.addLayout(pick, 3)
        self.preview = CardWidget()
        self.preview.setMinimumSize(120, 168)
        body.addWidget(self.preview, 1)
        layout.addLayout(body)
        self.add_cancel_ok(layout, self.choose)
        self.retranslate()
        self._refresh()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Card"))
        self.title.setText(text_of(self.title_text))
        self.cancel.setText(self.tr("Cancel"))
        self.ok.setText(self.tr("OK"))

    @property
    def card(self) -> Card | None:
        if self.rank is None or self.suit is None:
            return None
        return Card(self.rank, self.suit)

    def _pick(self, *, rank: Rank | None = None, suit: Suit | None = None) -> None:
        self.rank = rank or self.rank
        self.suit = suit or self.suit
        self._refresh()

    def _refresh(self) -> None:
        card = self.card
        self.ok.setEnabled(card is not None)
        self.preview.set_card(
            None
            if card is None
            else CardView(code=card.code, pretty=card.pretty, red=card.suit.is_red, face_down=False)
        )

    def choose(self) -> None:
        card = self.card
        if card is not None:
            self.cardChosen.emit(card)
            self.accept()


class CorrectCardDialog(TouchDialog):
    """Pick the misread card of the coup being dealt; the card picker follows."""

    positionChosen = Signal(int, str)  # position in deal order, the card as read

    def __init__(self, snapshot: Snapshot, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.title = heading()
        layout.addWidget(self.title)
        self.buttons: dict[int, QPushButton] = {}
        positions = deal_positions(snapshot.hands)
        for hand, places in zip(snapshot.hands, positions, strict=True):
            row = QHBoxLayout()
            name = QLabel(wording.hand_name(hand.hand))
            name.setFont(theme.font(24, bold=True))
            name.setMinimumWidth(140)
            row.addWidget(name)
            for card, position in zip(hand.cards, places, strict=True):
                text = card.pretty or "▒"
                button = touch_button(f"{position + 1}: {text}")
                button.clicked.connect(lambda _=False, p=position, t=text: self._choose(p, t))
                self.buttons[position] = button
                row.addWidget(button)
            row.addStretch(1)
            layout.addLayout(row)
        self.cancel = touch_button()
        self.cancel.clicked.connect(self.reject)
        layout.addWidget(self.cancel)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Correct a card"))
        self.title.setText(self.tr("Which card was misread?"))
        self.cancel.setText(self.tr("Cancel"))

    def _choose(self, position: int, text: str) -> None:
        self.positionChosen.emit(position, text)
        self.accept()


VOID_REASONS = (
    "misdeal",
    "two cards stuck together",
    "card exposed",
    "dealer error",
)


class SupervisorDialog(TouchDialog):
    """Supervisor actions, once the PIN is proven: void, correct, end or start a shoe."""

    commandRequested = Signal(object)
    correctRequested = Signal()

    def __init__(self, snapshot: Snapshot, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.snapshot = snapshot
        in_coup = snapshot.phase in ("dealing", "decision", "reveal", "held")
        layout = QVBoxLayout(self)
        self.title = heading(30)
        layout.addWidget(self.title)
        self.void_label = QLabel()
        self.void_label.setFont(theme.font(22, bold=True))
        layout.addWidget(self.void_label)
        reasons = QGridLayout()
        self.void_buttons: dict[str, QPushButton] = {}
        for position, reason in enumerate(VOID_REASONS):
            button = touch_button(name="danger")
            button.setEnabled(in_coup)
            button.clicked.connect(
                lambda _=False, r=reason: self._request(
                    cmd.VoidCoup(reason=r, role=cmd.Role.SUPERVISOR)
                )
            )
            self.void_buttons[reason] = button
            reasons.addWidget(button, position // 2, position % 2)
        layout.addLayout(reasons)
        self.correct = touch_button()
        self.correct.setEnabled(in_coup and any(hand.cards for hand in snapshot.hands))
        self.correct.clicked.connect(self._correct)
        layout.addWidget(self.correct)
        shoe_row = QHBoxLayout()
        self.end_shoe = touch_button()
        self.end_shoe.clicked.connect(
            lambda: self._request(cmd.EndShoe(reason="supervisor", role=cmd.Role.SUPERVISOR))
        )
        self.new_shoe = touch_button()
        self.new_shoe.clicked.connect(lambda: self._request(cmd.NewShoe(role=cmd.Role.SUPERVISOR)))
        shoe_row.addWidget(self.end_shoe)
        shoe_row.addWidget(self.new_shoe)
        layout.addLayout(shoe_row)
        self.close_button = touch_button()
        self.close_button.clicked.connect(self.reject)
        layout.addWidget(self.close_button)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Supervisor"))
        self.title.setText(self.tr("Supervisor actions"))
        self.void_label.setText(self.tr("Void this coup because of:"))
        texts = {
            "misdeal": self.tr("Misdeal"),
            "two cards stuck together": self.tr("Two cards stuck"),
            "card exposed": self.tr("Card exposed"),
            "dealer error": self.tr("Dealer error"),
        }
        for reason, button in self.void_buttons.items():
            button.setText(texts[reason])
        self.correct.setText(self.tr("Correct a misread card"))
        self.end_shoe.setText(self.tr("End the shoe"))
        self.new_shoe.setText(self.tr("New shoe"))
        self.close_button.setText(self.tr("Close"))

    def _request(self, command: cmd.Command) -> None:
        self.commandRequested.emit(command)
        self.accept()

    def _correct(self) -> None:
        self.correctRequested.emit()
        self.accept()


class AlertPanel(QFrame):
    """The open alert, over the table screen until someone answers it.

    ``optionChosen`` carries the alert and the option; the window asks for a PIN first when
    the option is a supervisor's.
    """

    optionChosen = Signal(object, str)  # AlertView, option

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("alert")
        self.alert: AlertView | None = None
        self.others = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(30, 24, 30, 24)
        layout.setSpacing(14)
        self.kind = QLabel()
        self.kind.setFont(theme.font(22, bold=True))
        self.title = heading(44)
        self.message = QLabel()
        self.message.setFont(theme.font(24))
        self.message.setWordWrap(True)
        self.fix_label = QLabel()
        self.fix_label.setFont(theme.font(22, bold=True))
        self.fix = QLabel()
        self.fix.setFont(theme.font(28, bold=True))
        self.fix.setWordWrap(True)
        # The table's own words when the screen's language has no pattern for them (a
        # device's, a check's): under the message, for IT.
        self.original = QLabel()
        self.original.setObjectName("original")
        self.original.setFont(theme.font(17))
        self.original.setWordWrap(True)
        theme.set_text_colour(self.original, theme.TEXT_DIM)
        self.more = QLabel()
        self.more.setFont(theme.font(20))
        for widget in (
            self.kind,
            self.title,
            self.message,
            self.original,
            self.fix_label,
            self.fix,
            self.more,
        ):
            layout.addWidget(widget)
        self.options_row = QHBoxLayout()
        layout.addLayout(self.options_row)
        self.option_buttons: dict[str, QPushButton] = {}
        self.hide()

    def set_alert(self, alert: AlertView | None, others: int) -> None:
        self.alert, self.others = alert, others
        if alert is None:
            self.hide()
            return
        for button in self.option_buttons.values():
            self.options_row.removeWidget(button)
            button.hide()
            button.deleteLater()
        self.option_buttons = {}
        for option in alert.options:
            supervisor = option in cmd.SUPERVISOR_OPTIONS
            button = touch_button(name="danger" if option == "void_coup" else None)
            button.setProperty("supervisor", supervisor)
            button.clicked.connect(lambda _=False, o=option: self._choose(o))
            button.setMinimumHeight(80)
            self.option_buttons[option] = button
            self.options_row.addWidget(button)
            button.show()
        colour = theme.BAD if alert.hold else theme.WARN
        self.setStyleSheet(
            f"QFrame#alert {{ background: #1B1012; border: 8px solid {colour.name()};"
            " border-radius: 16px; }"
        )
        theme.set_text_colour(self.kind, colour)
        self.retranslate()
        self.show()
        self.raise_()

    def retranslate(self) -> None:
        alert = self.alert
        if alert is None:
            return
        self.kind.setText(
            self.tr("HOLD: NO CARD UNTIL THIS IS RESOLVED") if alert.hold else self.tr("NOTE")
        )
        self.title.setText(wording.alert_title(alert.code))
        message, original = wording.alert_texts(alert.code, alert.message)
        self.message.setText(message)
        self.original.setText(
            self.tr("The table's words (for IT): %1").replace("%1", original) if original else ""
        )
        self.original.setVisible(bool(original))
        self.fix_label.setText(self.tr("What to do:"))
        self.fix.setText(wording.alert_fix(alert.fix, alert.code) if alert.fix else "")
        self.fix.setVisible(bool(alert.fix))
        self.fix_label.setVisible(bool(alert.fix))
        self.more.setText(
            self.tr("%1 more alert(s) after this one").replace("%1", str(self.others))
            if self.others
            else ""
        )
        for option, button in self.option_buttons.items():
            label = wording.option_label(option)
            if option in cmd.SUPERVISOR_OPTIONS:
                label = self.tr("%1 (PIN)").replace("%1", label)
            button.setText(label)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _choose(self, option: str) -> None:
        if self.alert is not None:
            self.optionChosen.emit(self.alert, option)
