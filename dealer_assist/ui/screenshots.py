"""``dealer-assist screenshot``: every screen and dialog, rendered offscreen to PNG files.

A seeded mock shoe deals ``coups`` coups through the real table (runtime, controller,
snapshots) with simulated players betting on a few seats; the last coup is left on the screen
with its results. Then each screen is shown offscreen and grabbed. The same seed gives the same
pictures, so the README's screenshots can be made again at any time.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_assist.config import TableConfig, default_config, parse_config
from dealer_assist.drivers.base import CardRead
from dealer_assist.table.controller import TableController
from dealer_assist.table.runtime import TableRuntime, build_source
from dealer_assist.table.snapshot import Snapshot

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from dealer_assist.ui.i18n import Translations

# Practice at the table (``dealer-assist train``) and a trainee's report.
TRAINING_SCREENS = ("training-drill", "training-mistake", "training-pace", "training-report")
# The pit boss's screen: the grid of tables, and one table's detail.
PIT_SCREENS = ("pit", "pit-detail")
SCREENS = (
    "croupier",
    "scoreboard",
    "alert",
    "pin",
    "keypad",
    "recall",
    "supervisor",
    "card-picker",
    "squeeze",
    "decision",
    "chemin-de-fer",
    "banque",
    *TRAINING_SCREENS,
    *PIT_SCREENS,
)
# The screens of the Punto Banco table the command deals first.
PUNTO_BANCO_SCREENS = (
    "croupier",
    "scoreboard",
    "alert",
    "pin",
    "keypad",
    "recall",
    "supervisor",
    "card-picker",
)


def play(
    config: TableConfig,
    *,
    coups: int,
    until: Callable[[Snapshot], bool] | None = None,
    decide: bool = True,
    turn: bool = True,
    seed: int = 7,
    timeout: float = 60.0,
    on_controller: Callable[[TableController], None] | None = None,
    clock: Callable[[], datetime] | None = None,
) -> TableController:
    """Deal from the configuration's (mock) source until ``coups`` coups are done, the last one
    left open, or until ``until(snapshot)``; the table's threads are stopped on return.
    ``clock``: the table's (the time of each record), if not the wall clock."""
    from dealer_assist.ui.app import simulated_players

    controller = TableController(config) if clock is None else TableController(config, clock=clock)
    if on_controller is not None:  # e.g. the pit's screenshot feeds its model from it
        on_controller(controller)
    runtime = TableRuntime(controller, [build_source(url, config) for url in config.sources])
    players = simulated_players(
        config,
        runtime.submit,
        seed=seed,
        close_until=max(0, coups - 1),
        decide=decide,
        turn=turn,
    )
    controller.on_snapshot(players.on_snapshot)

    def done() -> bool:
        snapshot = controller.snapshot
        if until is not None:
            return until(snapshot)
        if snapshot.phase == "shoe_ended":
            return True
        return snapshot.phase == "complete" and players.coups_closed >= coups - 1

    try:
        if not runtime.run_until(done, timeout=timeout):
            raise TimeoutError(f"the table did not reach the screen wanted in {timeout} s")
    finally:
        runtime.close()
    return controller


def deal_directly(
    controller: TableController, *, seed: int, until: Callable[[Snapshot], bool]
) -> None:
    """Feed a seeded shoe's cards to the controller on this thread until ``until``, a few
    bets placed first. (Squeeze: the shoe's draw indicator stops at the first face-down card of
    a hand, so a mock shoe following it cannot deal a squeezed coup.)"""
    import random

    from dealer_assist.cards import shoe_composition
    from dealer_assist.table import commands as cmd

    cards = list(shoe_composition(controller.config.shoe.decks).elements())
    random.Random(seed).shuffle(cards)
    betted = False
    for card in cards:
        snapshot = controller.snapshot
        if until(snapshot):
            return
        if snapshot.phase == "betting" and not betted:
            betted = True
            for seat, name, amount in (
                (1, "banker", "500"),
                (2, "player", "1000"),
                (4, "tie", "25"),
            ):
                if seat in controller.config.seats and name in controller.config.variant.bets:
                    controller.execute(cmd.PlaceBet(seat=seat, name=name, amount=amount))
        controller.on_source_event(CardRead(source="mock://", card=card, raw=card.code.encode()))
    raise RuntimeError("the shoe ran out before the screen wanted")


# The players of the bank games' screenshots, seat by seat.
NAMES = ("Ana", "Bo", "Cy", "Dee", "Eli", "Flo", "Gus", "Hal", "Ida", "Jo")


class BankScene:
    """A Chemin de Fer or Banque table played by hand on this thread: the bank's actions as the
    croupier's commands, the cards from a seeded shoe, the textbook choice for each decision."""

    def __init__(self, controller: TableController, *, seed: int) -> None:
        import random

        from dealer_assist.cards import shoe_composition

        self.controller = controller
        self.cards = list(shoe_composition(controller.config.shoe.decks).elements())
        random.Random(seed).shuffle(self.cards)

    @property
    def snapshot(self) -> Snapshot:
        return self.controller.snapshot

    def act(self, action: str, **args: object) -> None:
        from dealer_assist.table import commands as cmd

        self.controller.execute(cmd.BankAction(action=action, args=args))

    def deal(self, *, until: Callable[[Snapshot], bool] | None = None) -> None:
        """Deal the coup (deciding as the simulated players do) until it is complete or
        ``until``; a complete coup is closed unless ``until`` stopped it."""
        from dealer_assist.table import commands as cmd
        from dealer_assist.table.simulated import simulated_choice

        while True:
            snapshot = self.snapshot
            if until is not None and until(snapshot):
                return
            if snapshot.phase == "complete":
                self.controller.execute(cmd.CloseCoup())
                return
            decision = snapshot.decision
            if decision is not None:
                choice = simulated_choice(snapshot) or "stand"
                self.controller.execute(cmd.Decide(hand=decision.hand, choice=choice))
                continue
            card = self.cards.pop()
            self.controller.on_source_event(
                CardRead(source="mock://", card=card, raw=card.code.encode())
            )


def chemin_de_fer_scene(controller: TableController, *, seed: int) -> int | None:
    """Seat 1 banks 200 and one coup of partial coverage is settled; then coups with Banco
    calls (or the loser's Banco Suivi) until one stops on a decision: the punter holding the
    whole bank, or the banker, decides. Returns the seat to show selected."""
    from dealer_assist.table import commands as cmd

    scene = BankScene(controller, seed=seed)
    for seat, name in enumerate(NAMES[:6], 1):
        scene.act("sit", seat=seat, player=name)
    scene.act("give_shoe", seat=1)
    scene.act("put_up_bank", seat=1, amount="200")
    scene.act("close_calls")
    for amount in ("80", "50"):
        scene.act("stake", seat=scene.snapshot.bank.turn, amount=amount)
    scene.act("pass_turn", seat=scene.snapshot.bank.turn)
    scene.act("no_more_bets")
    scene.deal()
    for _ in range(40):
        bank = scene.snapshot.bank
        if bank.banker is None:  # the bank passed: the seat offered the shoe banks 200
            scene.act("put_up_bank", seat=bank.offered_to, amount="200")
            bank = scene.snapshot.bank
        if bank.suivi is not None:
            scene.act("call", seat=bank.suivi, call="banco_suivi")
        else:
            for seat in reversed(bank.to_act[1:4:2]):
                scene.act("call", seat=seat, call="banco")
            scene.act("close_calls")
        scene.act("no_more_bets")
        scene.deal(until=lambda s: s.phase in ("decision", "complete"))
        snapshot = scene.snapshot
        if snapshot.phase == "decision":
            banker: int | None = snapshot.bank.banker
            return banker
        controller.execute(cmd.CloseCoup())
    raise RuntimeError("no coup of the shoe stopped on a decision")


def banque_scene(controller: TableController, *, seed: int) -> int | None:
    """Ten seated punters and an auction (Ida gives up her seat to hold the bank); one coup
    settled; the next staked by the seated punters (à cheval too) and a bystander, before "no
    more bets". Returns the seat to show selected."""
    scene = BankScene(controller, seed=seed)
    for seat, name in enumerate(NAMES, 1):
        scene.act("sit", seat=seat, player=name)
    scene.act("bid", bidder="Zoe", amount="800")
    scene.act("bid", bidder="Ida", amount="1000")
    scene.act("close_auction")
    for punter, bet, amount in (("Ana", "right", "100"), ("Flo", "left", "150")):
        scene.act("stake", punter=punter, bet=bet, amount=amount)
    scene.act("stake", punter="Cy", bet="a_cheval", amount="60")
    scene.act("close_seated_stakes")
    scene.act("stake", punter="Zed", bet="right", amount="50")
    scene.act("no_more_bets")
    scene.deal()
    for punter, bet, amount in (
        ("Ana", "right", "120"),
        ("Bo", "right", "40"),
        ("Flo", "left", "200"),
        ("Gus", "a_cheval", "80"),
        ("Jo", "left", "30"),
    ):
        scene.act("stake", punter=punter, bet=bet, amount=amount)
    scene.act("close_seated_stakes")
    scene.act("stake", punter="Zed", bet="left", amount="50")
    return 6


class Scene:
    """One screen state that ``dealer-assist screenshot`` renders: a window shown at the
    screen's size, or a dialog opened over the croupier's window at that size.

    Scenes are built once and shown again at any size and in any language (the walking test
    of tests/ui shows each one at every screen size a casino buys, in every language)."""

    def __init__(
        self,
        name: str,
        widget: QWidget,
        *,
        window: QWidget | None = None,
        fraction: float | None = None,
        prepare: Callable[[], None] | None = None,
    ) -> None:
        self.name = name
        self.widget = widget
        self.window = window  # the dialog's window, sized to the screen
        self.fraction = fraction  # a dialog sized to this part of the screen; None: its own
        self.prepare = prepare

    def show(self, size: tuple[int, int]) -> None:
        """Show the scene on a screen of ``size``; the layouts settle on the event loop."""
        from PySide6.QtWidgets import QApplication, QDialog

        if self.window is not None:
            self.window.resize(*size)
            self.window.show()
        widget = self.widget
        if not isinstance(widget, QDialog):
            widget.resize(*size)
            widget.show()
        else:
            if self.fraction is not None:
                widget.resize(round(size[0] * self.fraction), round(size[1] * self.fraction))
            widget.open()
            if self.fraction is None:
                widget.adjustSize()
        if self.prepare is not None:
            self.prepare()
        for _ in range(3):  # a resize can post another layout request: let them all run
            QApplication.processEvents()

    def hide(self) -> None:
        self.widget.hide()


class Scenes:
    """Every screen state of the screenshots, built once from seeded tables (see
    :func:`build_scenes`); ``close()`` closes their windows."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._windows: list[QWidget] = []
        self._cleanups: list[Callable[[], None]] = []

    def __iter__(self) -> Iterator[Scene]:
        return iter(self.scenes)

    def add(self, scene: Scene) -> None:
        self.scenes.append(scene)

    def keep(self, window: QWidget) -> QWidget:
        self._windows.append(window)
        return window

    def on_close(self, cleanup: Callable[[], None]) -> None:
        """Run ``cleanup`` when the scenes are closed (after their windows)."""
        self._cleanups.append(cleanup)

    def close(self) -> None:
        for window in self._windows:
            window.close()
            window.deleteLater()
        self._windows.clear()
        for cleanup in reversed(self._cleanups):
            cleanup()
        self._cleanups.clear()


def build_scenes(
    translations: Translations,
    *,
    coups: int = 20,
    variant: str = "punto-banco",
    seed: int = 42,
    screens: tuple[str, ...] = SCREENS,
) -> Scenes:
    """The screen states named in ``screens``, dealt from seeded mock shoes; each window is
    shown on a frozen snapshot (commands from it still reach its controller)."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QDialog

    from dealer_assist.table.commands import Role
    from dealer_assist.ui.adapter import TableAdapter, direct_submit
    from dealer_assist.ui.auth import DemoPinVerifier
    from dealer_assist.ui.croupier import CroupierWindow
    from dealer_assist.ui.dialogs import (
        BetKeypadDialog,
        CardPickerDialog,
        PinDialog,
        SupervisorDialog,
    )
    from dealer_assist.ui.recall import RecallDialog
    from dealer_assist.ui.scoreboard import ScoreboardWindow

    scenes = Scenes()
    source = f"mock://?seed={seed}"
    config = default_config(variant=variant, source=source)

    def frozen(controller: TableController) -> TableAdapter:
        """An adapter holding the controller's snapshot now: later cards do not reach it."""
        adapter = TableAdapter(direct_submit(controller))
        adapter.on_snapshot(controller.snapshot)
        return adapter

    def window_for(controller: TableController, config: TableConfig) -> CroupierWindow:
        window = CroupierWindow(
            frozen(controller), config, DemoPinVerifier(), translations=translations
        )
        scenes.keep(window)
        return window

    def punto_banco(config: TableConfig) -> None:
        controller = play(config, coups=coups)
        croupier = window_for(controller, config)
        if config.seats:
            croupier.seats.select(config.seats[min(1, len(config.seats) - 1)])
        scenes.add(Scene("croupier", croupier))
        if "scoreboard" in screens:
            scoreboard = ScoreboardWindow(frozen(controller), config)
            scenes.add(Scene("scoreboard", scenes.keep(scoreboard)))

        snapshot = controller.snapshot
        dialogs: list[tuple[str, QDialog, float | None, Callable[[], None] | None]] = []
        pin = PinDialog(
            croupier.verifier,
            Role.SUPERVISOR,
            lambda: QCoreApplication.translate("CroupierWindow", "Supervisor actions"),
            croupier,
        )
        for key in "24":
            pin.press(key)
        dialogs.append(("pin", pin, None, None))
        keypad = BetKeypadDialog(
            croupier.selected_seat or 1, croupier.all_bets, croupier.bet_panel.bet, croupier
        )
        for key in "250":
            keypad.press(key)
        dialogs.append(("keypad", keypad, None, None))
        dialogs.append(("recall", RecallDialog(snapshot, croupier), 0.95, None))
        dialogs.append(("supervisor", SupervisorDialog(snapshot, croupier), None, None))
        picker = CardPickerDialog(
            lambda: QCoreApplication.translate("CroupierWindow", "Key in the card"), croupier
        )

        def pick() -> None:
            picker.rank_buttons[next(iter(picker.rank_buttons))].click()
            picker.suit_buttons[next(iter(picker.suit_buttons))].click()

        dialogs.append(("card-picker", picker, None, pick))
        for name, dialog, fraction, prepare in dialogs:
            scenes.add(Scene(name, dialog, window=croupier, fraction=fraction, prepare=prepare))

        # An alert that holds the table: a card the shoe could not read.
        if "alert" in screens:
            controller.on_source_event(CardRead(source=config.sources[0], card=None, raw=b"\x00"))
            scenes.add(Scene("alert", window_for(controller, config)))

    if any(name in screens for name in PUNTO_BANCO_SCREENS):
        punto_banco(config)
    if "squeeze" in screens:
        squeeze = parse_config(
            {"table": {"variant": variant, "squeeze": True}, "sources": [source]},
            source="<screenshot>",
        )
        table = TableController(squeeze)
        table.begin()
        deal_directly(table, seed=seed, until=lambda s: s.phase == "reveal")
        scenes.add(Scene("squeeze", window_for(table, squeeze)))

    if "decision" in screens:
        chemin = default_config(variant="chemin-de-fer", source=source)
        table = play(
            chemin, coups=200, until=lambda s: s.phase == "decision", decide=False, timeout=60
        )
        scenes.add(Scene("decision", window_for(table, chemin)))

    for name, game, make_scene in (
        ("chemin-de-fer", "chemin-de-fer", chemin_de_fer_scene),
        ("banque", "banque", banque_scene),
    ):
        if name in screens:
            bank_config = default_config(variant=game, source=source)
            table = TableController(bank_config)
            table.begin()
            selected = make_scene(table, seed=seed)
            window = window_for(table, bank_config)
            if selected is not None:
                window.seats.select(selected)
            scenes.add(Scene(name, window))
    if any(name in screens for name in PIT_SCREENS):
        # The pit boss's screen (docs/pit.md), fed by eight seeded tables: the grid, and the
        # detail of the first table (its roads, coups, advantage alert and a message sent).
        from dealer_assist.ui.pit_screen import PitWindow, demo_model

        model = demo_model(seed=seed)
        pit = PitWindow(model, verifier=DemoPinVerifier(), translations=translations)
        scenes.add(Scene("pit", scenes.keep(pit)))
        detail = PitWindow(model, verifier=DemoPinVerifier(), translations=translations)
        detail.select("T01")
        scenes.add(Scene("pit-detail", scenes.keep(detail)))
    if any(name in screens for name in TRAINING_SCREENS):
        training_scenes(scenes, translations, seed=seed)
    scenes.scenes = [scene for scene in scenes.scenes if scene.name in screens]
    return scenes


def training_scenes(scenes: Scenes, translations: Translations, *, seed: int) -> None:
    """Practice at the table on a seeded, stacked mock shoe, with a clock that moves only when
    the (scripted) trainee answers: a question open, a mistake explained with its rule, a
    payout asked with the pace shown, and the trainee's report from the same records."""
    import tempfile

    from dealer_assist.training.practice import mock_practice
    from dealer_assist.training.records import TrainingRecords
    from dealer_assist.training.report import build_report
    from dealer_assist.ui.training import ReportView, TrainingWindow
    from dealer_assist.ui.training_report import heatmap_image

    folder = tempfile.TemporaryDirectory(prefix="dealer-assist-screens-")
    records = TrainingRecords(path=Path(folder.name) / "training.sqlite3")
    scenes.on_close(folder.cleanup)
    scenes.on_close(records.close)
    config = default_config(source="mock://")
    seconds = [0.0]

    def practice_window(name: str | None, trainee: str, answers: int, wrong_every: int = 0) -> None:
        _, practice = mock_practice(
            config=config, records=records, trainee=trainee, seed=seed, clock=lambda: seconds[0]
        )
        for number in range(1, answers + 1):
            task = practice.task
            assert task is not None
            seconds[0] += 9.5 if task.question in ("pay", "collect") else 2.2
            expected = str(task.prompt.expected_json())
            wrong = wrong_every and number % wrong_every == 0
            given = expected
            if wrong and task.answers:
                given = next(a for a in task.answers if a != expected)
            elif wrong:
                given = str(Decimal(expected) + 5)
            practice.act(given)
        if name is not None:
            window = TrainingWindow(practice, translations=translations)
            scenes.add(Scene(name, scenes.keep(window)))

    practice_window("training-drill", NAMES[0], answers=0)
    practice_window("training-mistake", NAMES[1], answers=1, wrong_every=1)
    practice_window("training-pace", NAMES[2], answers=_answers_to_a_payout(config, seed))
    practice_window(None, NAMES[3], answers=120, wrong_every=4)
    report = build_report(records, NAMES[3])
    view = ReportView(report, heatmap_image(report))
    scenes.add(Scene("training-report", scenes.keep(view)))


def _answers_to_a_payout(config: TableConfig, seed: int) -> int:
    """How many right answers a seeded practice takes to stand on a payout question after its
    third coup (the pace then means something)."""
    import tempfile

    from dealer_assist.training.practice import mock_practice
    from dealer_assist.training.records import TrainingRecords

    with (
        tempfile.TemporaryDirectory() as folder,
        TrainingRecords(path=Path(folder) / "t.sqlite3") as records,
    ):
        _, practice = mock_practice(
            config=config, records=records, trainee="x", seed=seed, clock=lambda: 0.0
        )
        for answered in range(400):
            task = practice.task
            assert task is not None
            if task.question == "pay" and practice.hands >= 3:
                return answered
            practice.act(str(task.prompt.expected_json()))
    raise RuntimeError("no payout in 400 answers")


def take_screenshots(
    out: Path,
    *,
    coups: int = 20,
    variant: str = "punto-banco",
    language: str = "en",
    size: tuple[int, int] = (1920, 1080),
    seed: int = 42,
    screens: tuple[str, ...] = SCREENS,
) -> dict[str, Path]:
    """Write one PNG per screen into ``out``; returns screen name → file."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from dealer_assist.ui.app import application
    from dealer_assist.ui.i18n import Translations

    app = application()
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}
    translations = Translations()
    translations.set_language(language)
    app.processEvents()
    scenes = build_scenes(translations, coups=coups, variant=variant, seed=seed, screens=screens)
    try:
        for scene in scenes:
            scene.show(size)
            path = out / f"{scene.name}.png"
            if not scene.widget.grab().save(str(path), "PNG", 0):  # 0: smallest file
                raise OSError(f"could not write {path}")
            written[scene.name] = path
            scene.hide()
    finally:
        scenes.close()
        translations.set_language("en")  # the translator is the application's: leave English
    return written
