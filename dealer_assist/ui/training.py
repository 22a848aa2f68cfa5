"""The training screens: practice at the table (``dealer-assist train``) and a trainee's report.

Thin views over :class:`~dealer_assist.training.practice.PracticeTable`: they render its task,
its last judgement and its pace, and pass each touch to :meth:`PracticeTable.act`. The table's
instruction, its call, the totals and the winner are not shown until the trainee has answered:
the hands show their cards with "?" for a total until the coup is called.

The rules' words (an item's rule after a mistake, an item's title in the report) are English
text from :mod:`dealer_assist.training.items`; :func:`rule_text` and :func:`item_title` put them
in the screen's language by pattern, as :mod:`~dealer_assist.ui.wording` does for the table's.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QImage, QPixmap, QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from dealer_assist.training.practice import PracticeTable, Task
from dealer_assist.training.report import TrainingReport, percent
from dealer_assist.ui import theme, wording
from dealer_assist.ui.fit import FitLabel
from dealer_assist.ui.hands import HandPanel
from dealer_assist.ui.i18n import LANGUAGE_NAMES, Translations
from dealer_assist.ui.presentation import format_money
from dealer_assist.ui.seats import touch_button
from dealer_assist.ui.wording import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from dealer_assist.config import TableConfig
    from dealer_assist.training.records import TrainingRecords

_CTX = "Training"


def _tr(text: str) -> str:
    return QCoreApplication.translate(_CTX, text)


def _fill(template: str, *args: str) -> str:
    for number, value in enumerate(args, 1):
        template = template.replace(f"%{number}", value)
    return template


# --- the rules' words in the screen's language ---------------------------------------------

_FIXED = (
    QT_TRANSLATE_NOOP("Training", "Player draws on 0-5 and stands on 6 or 7."),
    QT_TRANSLATE_NOOP(
        "Training",
        "A natural (8 or 9 on the first two cards) on either side ends the coup: no draw.",
    ),
    QT_TRANSLATE_NOOP(
        "Training",
        "The higher total wins; equal totals are a tie (Egalite). Call the loser first: "
        "'Player shows 6, Banker has 7'.",
    ),
    QT_TRANSLATE_NOOP(
        "Training", "The commission taken from a Banker win when it is paid (immediate mode)."
    ),
    QT_TRANSLATE_NOOP(
        "Training", "The commission marked in the seat's box for a Banker win (box mode)."
    ),
    QT_TRANSLATE_NOOP(
        "Training",
        "The sum to collect from a seat's box at the shoe's end (box mode), rounded as the "
        "house rounds commission.",
    ),
)
_BANKER = re.compile(
    r"Banker (\d): draws against (?:a Player's third card of (.+)|(any third card)|"
    r"(no third card)); when the Player stands, the Banker (draws|stands)\."
)
_PAYOUT = re.compile(r"(.+): '(.+)' pays (\S+?)(?:, less (\S+)% commission on the win)?\.")
_RATE = re.compile(r"(.+) The rate is (\S+)% of the win\.")
_LINES = {
    "win": QT_TRANSLATE_NOOP("Training", "win"),
    "tie": QT_TRANSLATE_NOOP("Training", "tie"),
    "pair": QT_TRANSLATE_NOOP("Training", "pair"),
    "natural": QT_TRANSLATE_NOOP("Training", "natural"),
}


def _fixed(text: str) -> str | None:
    return _tr(text) if text in _FIXED else None


def rule_text(rule: str, *, bet: str | None = None) -> str:
    """An item's rule in the screen's language (as it is when no pattern knows it)."""
    fixed = _fixed(rule)
    if fixed is not None:
        return fixed
    if m := _BANKER.fullmatch(rule):
        total, values, every, none, stood = m.groups()
        if every:
            against = QCoreApplication.translate("Training", "any third card")
        elif none:
            against = QCoreApplication.translate("Training", "no third card")
        else:
            against = _fill(
                QCoreApplication.translate("Training", "a Player's third card of %1"), values
            )
        standing = (
            QCoreApplication.translate("Training", "the Banker draws")
            if stood == "draws"
            else QCoreApplication.translate("Training", "the Banker stands")
        )
        return _fill(
            QCoreApplication.translate(
                "Training", "Banker %1: draws against %2; when the Player stands, %3."
            ),
            total,
            against,
            standing,
        )
    if (m := _PAYOUT.fullmatch(rule)) and bet is not None:
        _title, line, odds, rate = m.groups()
        text = _fill(
            QCoreApplication.translate("Training", "%1 (%2) pays %3"),
            wording.bet_name(bet),
            _tr(_LINES[line]) if line in _LINES else line,
            odds,
        )
        if rate:
            text += _fill(
                QCoreApplication.translate("Training", ", less %1% commission on the win"), rate
            )
        return text + QCoreApplication.translate("Training", ".")
    if m := _RATE.fullmatch(rule):
        first = _fixed(m.group(1)) or m.group(1)
        return (
            first
            + " "
            + _fill(
                QCoreApplication.translate("Training", "The rate is %1% of the win."), m.group(2)
            )
        )
    return rule


def item_title(item_id: str) -> str:
    """An item's title, from its id, in the screen's language."""
    parts = item_id.split(":")
    if parts[:2] == ["tableau", "player"]:
        return _fill(QCoreApplication.translate("Training", "Player %1"), parts[2])
    if parts[:2] == ["tableau", "banker"]:
        if parts[3] == "none":
            return _fill(
                QCoreApplication.translate("Training", "Banker %1 against the Player standing"),
                parts[2],
            )
        return _fill(
            QCoreApplication.translate("Training", "Banker %1 against a third card of %2"),
            parts[2],
            parts[3],
        )
    if parts[:2] == ["tableau", "natural"]:
        return _fill(
            QCoreApplication.translate("Training", "Facing a %1 natural"),
            wording.hand_name(parts[2]),
        )
    if parts[0] == "winner":
        how = (
            QCoreApplication.translate("Training", "natural")
            if parts[1] == "natural"
            else QCoreApplication.translate("Training", "drawn")
        )
        return _fill(
            QCoreApplication.translate("Training", "Call a %1 coup: %2"),
            how,
            wording.hand_name(parts[2]),
        )
    if parts[0] == "payout":
        line = _tr(_LINES[parts[3]]) if parts[3] in _LINES else parts[3]
        return _fill(
            QCoreApplication.translate("Training", "Pay %1 (%2)"), wording.bet_name(parts[2]), line
        )
    if item_id == "commission:collect":
        return QCoreApplication.translate("Training", "Collect a commission box")
    if parts[0] == "commission":
        return QCoreApplication.translate("Training", "Commission on a Banker win")
    return item_id


def answer_label(answer: str) -> str:
    labels = {
        "draw": QCoreApplication.translate("Training", "Draw"),
        "stand": QCoreApplication.translate("Training", "Stand"),
        "player": wording.hand_name("player"),
        "banker": wording.hand_name("banker"),
        "tie": wording.hand_name("tie"),
    }
    return labels.get(answer, answer)


def question_text(task: Task) -> str:
    if task.question == "player":
        return QCoreApplication.translate("Training", "Does the Player draw?")
    if task.question == "banker":
        return QCoreApplication.translate("Training", "Does the Banker draw?")
    if task.question == "winner":
        return QCoreApplication.translate("Training", "Call the coup: who wins?")
    bet = wording.bet_name(task.bet or "")
    stake = format_money(task.stake or Decimal(0))
    if task.question == "pay":
        return _fill(
            QCoreApplication.translate("Training", "Seat %1, %2 %3: pay how much?"),
            str(task.seat),
            bet,
            stake,
        )
    return _fill(
        QCoreApplication.translate("Training", "Seat %1, %2 %3: commission to collect?"),
        str(task.seat),
        bet,
        stake,
    )


# --- practice at the table ------------------------------------------------------------------

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "0", ".", "⌫")


class AmountKeypad(QWidget):
    """Keys for an amount; OK sends it. Two rows, so it fits a 1024-pixel screen."""

    def __init__(self, window: TrainingWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.amount = ""
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        self.display = QLabel()
        self.display.setFont(theme.font(30, bold=True))
        self.display.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.display.setMinimumWidth(170)
        layout.addWidget(self.display, 0, 0)
        self.ok = touch_button(tone="tie")
        self.ok.clicked.connect(self.send)
        layout.addWidget(self.ok, 1, 0)
        self.keys = {}
        for index, key in enumerate(KEYS):
            button = touch_button(key)
            button.clicked.connect(lambda _=False, key=key: self.press(key))
            layout.addWidget(button, index // 6, 1 + index % 6)
            self.keys[key] = button
        self.retranslate()

    def retranslate(self) -> None:
        self.ok.setText(QCoreApplication.translate("Training", "OK"))

    def press(self, key: str) -> None:
        if key == "⌫":
            self.amount = self.amount[:-1]
        elif len(self.amount) < 12:
            self.amount += key
        self.display.setText(self.amount)

    def send(self) -> None:
        try:
            Decimal(self.amount)
        except InvalidOperation:
            return
        amount, self.amount = self.amount, ""
        self.display.setText("")
        self.window_.answer(amount)


class TrainingWindow(QWidget):
    """The touchscreen in training mode: the hands (totals hidden until called), the question,
    its answers, the verdict (the rule after a mistake) and the pace against the target."""

    def __init__(
        self, practice: PracticeTable, *, translations: Translations, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.practice = practice
        self.translations = translations
        self.setStyleSheet(theme.style_sheet())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(8)
        head = QHBoxLayout()
        self.title = FitLabel(largest=26, smallest=16)
        self.pace = FitLabel(largest=26, smallest=16)
        self.pace.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.language = touch_button()
        self.language.clicked.connect(self.cycle_language)
        head.addWidget(self.title, 3)
        head.addWidget(self.pace, 3)
        head.addWidget(self.language)
        layout.addLayout(head)
        hands = QHBoxLayout()
        self.hands = {hand: HandPanel(hand, self) for hand in ("player", "banker")}
        for panel in self.hands.values():
            hands.addWidget(panel, 1)
        layout.addLayout(hands, 5)
        self.question = FitLabel(largest=48, smallest=18)
        self.question.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.question)
        self.buttons = {}
        row = QHBoxLayout()
        for answer, tone in (
            ("draw", None),
            ("stand", None),
            ("player", "player"),
            ("banker", "banker"),
            ("tie", "tie"),
        ):
            button = touch_button(tone=tone)
            button.clicked.connect(lambda _=False, answer=answer: self.answer(answer))
            row.addWidget(button, 1)
            self.buttons[answer] = button
        self.keypad = AmountKeypad(self)
        row.addWidget(self.keypad, 6)
        layout.addLayout(row)
        self.verdict = QLabel()
        self.verdict.setObjectName("panel")
        self.verdict.setWordWrap(True)
        self.verdict.setFont(theme.font(20, bold=True))
        self.verdict.setMinimumHeight(70)
        layout.addWidget(self.verdict)
        practice.on_change(self.refresh)
        self.retranslate()

    # --- touches ---------------------------------------------------------------------------

    def answer(self, answer: str) -> None:
        if self.practice.task is not None:
            self.practice.act(answer)

    def cycle_language(self) -> None:
        self.translations.set_language(self.translations.next_language())

    # --- rendering --------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.language.setText(LANGUAGE_NAMES[self.translations.next_language()])
        for answer, button in self.buttons.items():
            button.setText(answer_label(answer))
        self.keypad.retranslate()
        self.refresh()

    def refresh(self) -> None:
        practice = self.practice
        self.title.setText(
            _fill(QCoreApplication.translate("Training", "Practice · %1"), practice.trainer.trainee)
        )
        snapshot = practice.snapshot
        views = {view.hand: view for view in snapshot.hands} if snapshot else {}
        for hand, panel in self.hands.items():
            view = views.get(hand)
            if view is not None and not practice.revealed:
                view = replace(view, total=None, natural=False)
            panel.set_hand(view, squeeze=False, active=False)
        task = practice.task
        answers = task.answers if task is not None else ()
        for answer, button in self.buttons.items():
            button.setVisible(answer in answers)
        self.keypad.setVisible(task is not None and not answers)
        self.question.setText(
            question_text(task)
            if task
            else QCoreApplication.translate("Training", "Deal the next card")
        )
        self._render_pace()
        self._render_verdict()

    def _render_pace(self) -> None:
        pace = self.practice.pace
        per_hour = pace.hands_per_hour
        shown = "-" if per_hour is None else str(per_hour)
        self.pace.setText(
            _fill(
                QCoreApplication.translate("Training", "Pace %1 hands an hour · target %2"),
                shown,
                str(pace.target),
            )
        )
        colour = theme.GOOD if pace.on_target else theme.WARN
        theme.set_text_colour(self.pace, colour)

    def _render_verdict(self) -> None:
        last = self.practice.last
        if last is None:
            self.verdict.setText("")
            return
        seconds = f"{last.ms / 1000:.1f}"
        if last.correct:
            text = _fill(
                QCoreApplication.translate("Training", "Right: %1 (%2 s)"),
                answer_label(last.given),
                seconds,
            )
            colour = theme.GOOD
        else:
            text = _fill(
                QCoreApplication.translate(
                    "Training", "Wrong: the answer is %1, not %2 (%3 s). %4"
                ),
                answer_label(last.expected),
                answer_label(last.given),
                seconds,
                rule_text(last.rule, bet=last.task.bet),
            )
            colour = theme.BAD
        self.verdict.setText(text)
        theme.set_text_colour(self.verdict, colour)


# --- the report ----------------------------------------------------------------------------


class ReportView(QWidget):
    """A trainee's report on the screen: the tableau heatmap (the report's own PNG), the
    overall score and pace, and the items still weak."""

    def __init__(
        self, report: TrainingReport, heatmap: QImage, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.report = report
        self.setStyleSheet(theme.style_sheet())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        self.title = FitLabel(largest=30, smallest=16)
        layout.addWidget(self.title)
        body = QHBoxLayout()
        self.heatmap = QLabel()
        self.heatmap.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.heatmap.setMinimumSize(200, 150)
        self._image = QPixmap.fromImage(heatmap)
        body.addWidget(self.heatmap, 3)
        side = QFrame()
        side.setObjectName("panel")
        column = QVBoxLayout(side)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setFont(theme.font(20, bold=True))
        self.weak = QLabel()
        self.weak.setWordWrap(True)
        self.weak.setFont(theme.font(17))
        self.weak.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        column.addWidget(self.summary)
        column.addWidget(self.weak, 1)
        body.addWidget(side, 2)
        layout.addLayout(body, 1)
        self.retranslate()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._scale()

    def _scale(self) -> None:
        size = self.heatmap.size()
        self.heatmap.setPixmap(
            self._image.scaled(
                size, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
            )
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        report = self.report
        self.title.setText(
            _fill(QCoreApplication.translate("Training", "Report · %1"), report.trainee)
        )
        overall = report.overall
        sessions = report.sessions
        pace = str(sessions[-1].hands_per_hour) if sessions else "-"
        self.summary.setText(
            _fill(
                QCoreApplication.translate(
                    "Training", "%1 answers, %2 right, %3 s each; last session %4 answers an hour"
                ),
                str(overall.asked),
                percent(overall.accuracy),
                f"{overall.mean_seconds:.1f}",
                pace,
            )
        )
        lines = [QCoreApplication.translate("Training", "Still weak:")]
        for weak in report.weak[:8]:
            mark = QCoreApplication.translate("Training", " (leech)") if weak.leech else ""
            lines.append(
                f"• {item_title(weak.item)}: {percent(weak.stats.accuracy)}"
                f" ({weak.stats.right}/{weak.stats.asked}){mark}"
            )
        if len(lines) == 1:
            lines.append(QCoreApplication.translate("Training", "nothing"))
        self.weak.setText("\n".join(lines))


# --- the command -------------------------------------------------------------------------


def run_practice(
    config: TableConfig,
    *,
    records: TrainingRecords,
    trainee: str,
    seed: int,
    target: Decimal,
    real_shoe: bool,
    language: str | None = None,
    size: tuple[int, int] | None = None,
    kiosk: bool = False,
    quit_after_first_frame: bool = False,
) -> int:
    """``dealer-assist train``: the practice window on the mock shoe stacked for the trainee,
    or on the configuration's real shoe (its cards drawn by the trainee)."""
    import time
    from random import Random

    from PySide6.QtCore import QTimer

    from dealer_assist.table.controller import TableController
    from dealer_assist.table.runtime import TableRuntime, build_source
    from dealer_assist.training.practice import (
        PRACTICE_KINDS,
        mock_practice,
        practice_items,
    )
    from dealer_assist.training.scheduler import Trainer
    from dealer_assist.ui.adapter import TableAdapter
    from dealer_assist.ui.app import application

    app = application()
    translations = Translations()
    translations.set_language(language or config.language)
    runtime: TableRuntime | None = None
    if real_shoe:
        controller = TableController(config)
        runtime = TableRuntime(controller, [build_source(url, config) for url in config.sources])
        adapter = TableAdapter.for_runtime(runtime)
        catalog = practice_items(config.variant)
        trainer = Trainer(
            records=records,
            trainee=trainee,
            items=catalog.of_kinds(PRACTICE_KINDS),
            rng=Random(seed),
        )
        practice = PracticeTable(
            trainer=trainer,
            catalog=catalog,
            variant=config.variant,
            submit=adapter.submit,
            clock=time.monotonic,
            rng=Random(seed + 1),
            target=target,
            seats=config.seats[:3],
            seed=seed,
        )
        adapter.snapshotChanged.connect(practice.on_snapshot)
        practice.start()
    else:
        _, practice = mock_practice(
            config=config,
            records=records,
            trainee=trainee,
            seed=seed,
            clock=time.monotonic,
            target=target,
        )
    window = TrainingWindow(practice, translations=translations)
    if kiosk:
        window.showFullScreen()
    else:
        window.resize(*(size or (1280, 800)))
        window.show()
    if quit_after_first_frame:
        QTimer.singleShot(0, app.quit)
    if runtime is not None:
        runtime.start()
    try:
        return app.exec()
    finally:
        if runtime is not None:
            runtime.close()
        practice.finish()
        translations.set_language("en")
