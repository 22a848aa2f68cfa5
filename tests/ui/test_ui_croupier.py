"""The croupier's screen driven through whole coups: what it shows, and what touches send."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget

from dealer_assist.drivers.base import CardRead, SourceStatus, StatusChanged
from dealer_assist.table import commands as cmd
from dealer_assist.table.events import CardCorrected
from dealer_assist.ui import theme
from dealer_assist.ui.dialogs import (
    BetKeypadDialog,
    CardPickerDialog,
    CorrectCardDialog,
    PinDialog,
    SupervisorDialog,
)
from dealer_assist.ui.presentation import Tone
from dealer_assist.ui.recall import RecallDialog
from tests.table.helpers import open_chemin_de_fer_bank
from tests.ui.conftest import Screen

PLAYER_DRAWS = "4S 3H AD KC"  # Player 5, Banker 3: the Player draws
THEN_BANKER_WINS = "9H 5C"  # Player 4, Banker 3 + 5 = 8
NATURAL_PLAYER = "9S 2H KD 5C"  # Player 9, Banker 7
TIE = "4S 3H 3D 4C"  # 7 each


def click(qtbot: Any, button: QAbstractButton) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def banner_colour(screen: Screen) -> Any:
    image = screen.window.banner.grab().toImage()
    return image.pixelColor(4, image.height() // 2)


def bet(qtbot: Any, screen: Screen, seat: int, name: str, chip: str) -> None:
    window = screen.window
    qtbot.mouseClick(window.seats.tile(seat), Qt.MouseButton.LeftButton)
    click(qtbot, window.bet_panel.bet_buttons[name])
    click(qtbot, window.bet_panel.chip_buttons[Decimal(chip)])


def test_a_whole_coup_on_the_screen(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    window = screen.window
    assert window.banner.text == "PLACE YOUR BETS" and window.banner.tone is Tone.NEUTRAL
    bet(qtbot, screen, 1, "banker", "100")
    bet(qtbot, screen, 2, "player", "25")
    seats = screen.snapshot.seats
    assert [(b.name, b.stake) for b in seats[0].bets] == [("banker", Decimal("100"))]
    assert window.seats.tile(1).bets.text() == "Banker 100"
    assert window.seats.tile(2).bets.text() == "Player 25"

    screen.feed(PLAYER_DRAWS)
    assert window.banner.text == "PLAYER DRAWS"
    assert window.banner.tone is Tone.PLAYER
    assert banner_colour(screen) == theme.TONE_COLOURS[Tone.PLAYER]
    player, banker = window.hand_panels["player"], window.hand_panels["banker"]
    assert [c.card.code for c in player.cards[:2]] == ["4S", "AD"]
    assert [c.state for c in player.cards] == ["face", "face", "empty"]
    assert player.total.text() == "5" and banker.total.text() == "3"
    assert player.active and not banker.active

    screen.feed(THEN_BANKER_WINS)
    assert window.banner.text == "BANKER WINS 8 TO 4"
    assert window.banner.tone is Tone.BANKER
    assert banner_colour(screen) == theme.TONE_COLOURS[Tone.BANKER]
    assert window.call.text() == "Player shows 4, Banker has 8"
    assert [c.state for c in banker.cards] == ["face", "face", "face"]
    tile = window.seats.tile(1)
    assert tile.result.text() == "Banker win · pay 100  comm. 5"
    assert tile.collect.text() == "Collect\n5" and tile.collect.isEnabled()
    assert window.seats.tile(2).result.text() == "Player lose · take 25"
    assert window.boxes.text() == "Commission boxes: 5"
    assert window.next_coup.isVisible()

    click(qtbot, window.next_coup)
    assert screen.snapshot.phase == "betting"
    assert window.banner.text == "PLACE YOUR BETS" and not window.next_coup.isVisible()


@pytest.mark.parametrize(
    ("cards", "text", "tone"),
    [
        (NATURAL_PLAYER, "NATURAL 9, PLAYER WINS", Tone.PLAYER),
        (TIE, "EGALITE 7", Tone.TIE),
        (PLAYER_DRAWS + " " + THEN_BANKER_WINS, "BANKER WINS 8 TO 4", Tone.BANKER),
    ],
)
def test_the_instruction_in_the_winner_colour(
    make_screen: Any, cards: str, text: str, tone: Tone
) -> None:
    screen = make_screen()
    screen.feed(cards)
    assert screen.window.banner.text == text
    assert banner_colour(screen) == theme.TONE_COLOURS[tone]


def test_bets_outside_the_limits_are_refused_with_the_reason(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    window = screen.window
    qtbot.mouseClick(window.seats.tile(3), Qt.MouseButton.LeftButton)
    click(qtbot, window.bet_panel.keypad)
    keypad = window.dialog
    assert isinstance(keypad, BetKeypadDialog) and keypad.isVisible()
    click(qtbot, keypad.bet_buttons["tie"])
    for key in "5":
        click(qtbot, keypad.keys[key])
    click(qtbot, keypad.ok)
    assert window.message.text() == "seat 3: tie 5 is below the table minimum 10"
    assert window.message.palette().color(window.message.foregroundRole()) == theme.BAD
    assert screen.snapshot.seats[2].bets == ()

    click(qtbot, window.bet_panel.chip_buttons[Decimal(5000)])  # seat 3, Player (the default)
    click(qtbot, window.bet_panel.chip_buttons[Decimal(25)])
    assert "above the table maximum 5000" in window.message.text()
    assert [(b.name, b.stake) for b in screen.snapshot.seats[2].bets] == [("player", 5000)]
    click(qtbot, window.bet_panel.clear)
    assert screen.snapshot.seats[2].bets == () and window.message.text() == ""


def test_repeat_the_last_bet_and_collect_the_box(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    window = screen.window
    bet(qtbot, screen, 4, "banker", "500")
    screen.feed(PLAYER_DRAWS + " " + THEN_BANKER_WINS)
    click(qtbot, window.next_coup)
    click(qtbot, window.bet_panel.repeat)
    assert [(b.name, b.stake) for b in screen.snapshot.seats[3].bets] == [("banker", 500)]
    tile = window.seats.tile(4)
    assert tile.collect.text() == "Collect\n25"
    click(qtbot, tile.collect)
    assert screen.snapshot.seats[3].box == 0
    assert tile.collect.text() == "Box 0" and not tile.collect.isEnabled()


def test_shoe_and_device_status(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    window = screen.window
    screen.feed("9S 2H")
    assert window.shoe_status.text() == "Shoe 1  ·  Coup 1  ·  414 cards left"
    click(qtbot, window.cut_card)  # during coup 1: one more coup after it
    assert window.shoe_status.text().endswith("Cut card out: last coup 2")
    assert not window.cut_card.isVisible()
    screen.feed("KD 5C")
    click(qtbot, window.next_coup)
    assert window.shoe_status.text().endswith("LAST COUP (2)")

    screen.controller.on_source_event(
        StatusChanged(source="shoe-1", status=SourceStatus.LOST, detail="cable")
    )
    screen.controller.on_source_event(
        StatusChanged(source="serial:///dev/ttyACM0?baud=9600", status=SourceStatus.CONNECTED)
    )
    texts = {label.text(): label for label in window.devices.labels}
    assert theme.BAD.name() in texts["● shoe-1: LOST"].styleSheet()
    assert theme.GOOD.name() in texts["● serial ttyACM0: connected"].styleSheet()
    panel = window.alert_panel
    assert panel.isVisible() and window.scrim.isVisible()
    assert panel.title.text() == "Device lost"
    assert panel.fix.text() == "Deal no card until it is back, or deal by hand and enter cards"
    click(qtbot, panel.option_buttons["acknowledge"])
    assert screen.snapshot.alerts == () and not panel.isVisible() and not window.scrim.isVisible()


def pin(qtbot: Any, dialog: PinDialog, digits: str) -> None:
    for digit in digits:
        click(qtbot, dialog.keys[digit])
    click(qtbot, dialog.ok)


def test_a_holding_alert_needs_a_supervisor_pin(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    window = screen.window
    screen.feed("4S 3H")
    screen.controller.on_source_event(CardRead(source="shoe", card=None, raw=b"\x7f"))
    panel = window.alert_panel
    assert panel.isVisible() and panel.kind.text() == "HOLD: NO CARD UNTIL THIS IS RESOLVED"
    assert window.banner.tone is Tone.ALERT and window.banner.text == "HOLD: UNREADABLE CARD"
    assert sorted(panel.option_buttons) == ["enter_card", "void_coup"]
    assert panel.option_buttons["enter_card"].text() == "Key in the card (PIN)"

    click(qtbot, panel.option_buttons["enter_card"])
    dialog = window.dialog
    assert isinstance(dialog, PinDialog)
    pin(qtbot, dialog, "1111")
    assert dialog.isVisible() and dialog.error.text() == "Wrong PIN"
    assert screen.snapshot.holding
    pin(qtbot, dialog, "2468")
    picker = window.dialog
    assert isinstance(picker, CardPickerDialog) and not dialog.isVisible()
    assert not picker.ok.isEnabled()
    click(qtbot, picker.rank_buttons[next(r for r in picker.rank_buttons if r.symbol == "A")])
    click(qtbot, picker.suit_buttons[next(s for s in picker.suit_buttons if s.value == "D")])
    assert picker.preview.state == "face"
    click(qtbot, picker.ok)
    assert not screen.snapshot.holding and not panel.isVisible()
    assert [c.code for c in screen.snapshot.hands[0].cards] == ["4S", "AD"]


def supervisor(qtbot: Any, screen: Screen) -> SupervisorDialog:
    click(qtbot, screen.window.supervisor)
    dialog = screen.window.dialog
    assert isinstance(dialog, PinDialog)
    pin(qtbot, dialog, "2468")
    actions = screen.window.dialog
    assert isinstance(actions, SupervisorDialog)
    return actions


def test_supervisor_corrects_a_misread_card(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    records: list[Any] = []
    screen.controller.on_record(records.append)
    screen.feed(PLAYER_DRAWS)
    actions = supervisor(qtbot, screen)
    click(qtbot, actions.correct)
    chooser = screen.window.dialog
    assert isinstance(chooser, CorrectCardDialog)
    assert sorted(chooser.buttons) == [0, 1, 2, 3]  # P1 B1 P2 B2 in deal order
    assert chooser.buttons[2].text() == "3: A♦"
    click(qtbot, chooser.buttons[0])  # the 4♠ was really a 5♠
    picker = screen.window.dialog
    assert isinstance(picker, CardPickerDialog)
    click(qtbot, picker.rank_buttons[next(r for r in picker.rank_buttons if r.symbol == "5")])
    click(qtbot, picker.suit_buttons[next(s for s in picker.suit_buttons if s.value == "S")])
    click(qtbot, picker.ok)
    corrected = [r.event for r in records if isinstance(r.event, CardCorrected)]
    assert [(e.original.code, e.corrected.code, e.by) for e in corrected] == [
        ("4S", "5S", "supervisor")
    ]
    assert screen.window.hand_panels["player"].total.text() == "6"


def test_supervisor_voids_a_coup(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    screen.feed(PLAYER_DRAWS)
    actions = supervisor(qtbot, screen)
    click(qtbot, actions.void_buttons["misdeal"])
    assert screen.snapshot.recall[-1].voided  # in the recall, not on the roads
    assert screen.snapshot.history == ()
    assert screen.window.banner.text == "PLACE YOUR BETS"


def test_squeeze_shows_backs_until_turned(qtbot: Any, make_screen: Any) -> None:
    from dealer_assist.ui.scoreboard import ScoreboardWindow

    screen = make_screen(table={"squeeze": True})
    board = ScoreboardWindow(screen.adapter, screen.controller.config)
    qtbot.addWidget(board)
    board.show()
    window = screen.window
    screen.feed(NATURAL_PLAYER)
    player, banker = window.hand_panels["player"], window.hand_panels["banker"]
    assert [c.state for c in player.cards + banker.cards] == ["back", "back", "empty"] * 2
    assert [c.state for c in board.hands["player"] + board.hands["banker"]] == [
        "back",
        "back",
        "empty",
    ] * 2
    assert player.total.text() == "?" and window.banner.text == "TURN THE PLAYER CARDS"
    texts = " ".join(label.text() for label in window.findChildren(QLabel))
    texts += " ".join(label.text() for label in board.findChildren(QLabel))
    assert not any(code in texts for code in ("9♠", "K♦", "2♥", "5♣"))
    assert player.turn.isVisible() and banker.turn.isVisible()

    click(qtbot, player.turn)
    assert [c.state for c in player.cards] == ["face", "face", "empty"]
    assert [c.state for c in banker.cards] == ["back", "back", "empty"]
    assert [c.state for c in board.hands["player"]] == ["face", "face", "empty"]
    assert not player.turn.isVisible() and window.banner.text == "TURN THE BANKER CARDS"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_T)  # the training shortcut turns the next hand
    assert window.banner.text == "NATURAL 9, PLAYER WINS"


def test_chemin_de_fer_asks_draw_or_stand(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen(size=(1280, 800), table={"variant": "chemin-de-fer"}, limits={})
    window = screen.window
    open_chemin_de_fer_bank(screen.controller)
    assert not window.draw.isVisible()
    screen.feed("KD 3H 5D 9S")  # the punter has 5: his choice
    assert window.banner.text == "PLAYER: DRAW OR STAND?" and window.banner.tone is Tone.PLAYER
    assert window.draw.text() == "PLAYER DRAWS" and window.stand.text() == "PLAYER STANDS"
    assert screen.snapshot.decision.by == "2"  # the punter covering the bank
    assert window.call.text() == "Seat 2 decides"
    qtbot.waitUntil(lambda: not clipped(window), timeout=2000)
    click(qtbot, window.stand)
    assert not window.draw.isVisible()
    assert window.banner.text == "BANKER DRAWS"


def shuffled_cards(seed: int, used: str) -> list[Any]:
    """A shuffled 8-deck shoe without the cards already dealt by hand."""
    import random

    from dealer_assist.cards import parse_cards, shoe_composition

    cards = shoe_composition(8)
    cards.subtract(parse_cards([used]))
    order = list(cards.elements())
    random.Random(seed).shuffle(order)
    return order


def deal_coup(screen: Screen, cards: list[Any]) -> None:
    """Feed cards until the coup is complete, then close it with the screen's button."""
    from dealer_assist.drivers.base import CardRead

    while screen.snapshot.phase != "complete":
        card = cards.pop()
        screen.controller.on_source_event(CardRead(source="test", card=card, raw=b""))
    screen.window.next_coup.click()


def test_recall_shows_past_coups_step_by_step(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    from dealer_assist.ui.models import coup_title

    bet(qtbot, screen, 1, "banker", "100")
    screen.feed(PLAYER_DRAWS + " " + THEN_BANKER_WINS)
    screen.window.next_coup.click()
    cards = shuffled_cards(5, PLAYER_DRAWS + " " + THEN_BANKER_WINS)
    for _ in range(11):
        deal_coup(screen, cards)
    click(qtbot, screen.window.recall)
    dialog = screen.window.dialog
    assert isinstance(dialog, RecallDialog)
    assert dialog.banner.text == "RECALL: PAST COUP, NOT THE CURRENT ONE"
    assert dialog.coups.rowCount() == 12  # at least the last 10
    newest = screen.snapshot.recall[-1]
    assert dialog.heading.text() == coup_title(newest)
    assert dialog.heading.text().startswith("Shoe 1, coup 12: ")
    assert [dialog.steps.index(r, 0).data() for r in range(dialog.steps.rowCount())] == [
        f"{n}. {step}" for n, step in enumerate(newest.steps, 1)
    ]
    click(qtbot, dialog.older)
    assert dialog.coup is not None and dialog.coup.coup == 11
    first = screen.snapshot.recall[0]
    dialog.list.setCurrentIndex(dialog.coups.index(11, 0))
    assert dialog.coup == first and dialog.bets.rowCount() == 1
    assert dialog.bets.index(0, 6).data() == "+95"  # seat 1's 100 on the Banker, 5% off
    assert not dialog.older.isEnabled()
    click(qtbot, dialog.close_button)
    assert screen.window.dialog is None


def test_keyboard_shortcuts_for_training(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen()
    window = screen.window
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_3)
    qtbot.keyClick(window, Qt.Key.Key_B)
    qtbot.keyClick(window, Qt.Key.Key_F2)  # the second chip: 25
    assert [(b.name, b.stake) for b in screen.snapshot.seats[2].bets] == [("banker", 25)]
    screen.feed(NATURAL_PLAYER)
    qtbot.keyClick(window, Qt.Key.Key_Return)
    assert screen.snapshot.phase == "betting"
    qtbot.keyClick(window, Qt.Key.Key_R)
    assert [(b.name, b.stake) for b in screen.snapshot.seats[2].bets] == [("banker", 25)]
    qtbot.keyClick(window, Qt.Key.Key_C)
    assert screen.snapshot.seats[2].bets == ()


def visible_buttons(widget: QWidget) -> list[QAbstractButton]:
    return [b for b in widget.findChildren(QAbstractButton) if b.isVisible()]


def clipped(widget: QWidget) -> list[str]:
    """Buttons whose label does not fit them, or that stick out of the window."""
    found = []
    for button in visible_buttons(widget):
        lines = button.text().split("\n")
        widest = max(button.fontMetrics().horizontalAdvance(line) for line in lines)
        corner = button.mapTo(widget, button.rect().bottomRight())
        if button.width() < widest + 8 or not widget.rect().contains(corner):
            found.append(f"{button.text()!r} {button.size().toTuple()}")
    return found


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)])
def test_layouts_fit_and_every_target_is_big_enough(
    qtbot: Any, make_screen: Any, size: tuple[int, int]
) -> None:
    screen = make_screen(size=size)
    window = screen.window
    screen.controller.on_source_event(
        StatusChanged(source="serial:///dev/ttyACM0?baud=9600", status=SourceStatus.CONNECTED)
    )
    screen.controller.on_source_event(
        StatusChanged(source="camera://0", status=SourceStatus.CONNECTED)
    )
    for seat in (1, 2, 3, 4, 5, 6, 7):
        screen.controller.execute(cmd.PlaceBet(seat=seat, name="banker", amount="4999"))
    screen.feed("KD 5H 2D 3S")  # Banker's natural 8: every seat's box fills
    window.next_coup.click()
    screen.feed("KD 3H")
    window.cut_card.click()
    minimum = window.minimumSizeHint()
    assert minimum.width() <= size[0] and minimum.height() <= size[1]
    buttons = visible_buttons(window)
    assert len(buttons) > 15
    # Layouts settle on the event loop: wait for them, then no label may be cut.
    try:
        qtbot.waitUntil(lambda: not clipped(window), timeout=2000)
    except Exception:
        raise AssertionError(clipped(window)) from None
    for button in buttons:
        assert button.width() >= theme.TOUCH_PX and button.height() >= theme.TOUCH_PX, (
            button.text(),
            button.size(),
        )
    for open_dialog in (window.open_keypad, window.open_recall, window.open_supervisor):
        open_dialog()
        dialog = window.dialog
        assert dialog is not None
        for button in visible_buttons(dialog):
            assert button.height() >= theme.TOUCH_PX, button.text()
        dialog.close()


def test_white_text_on_every_tone_is_high_contrast() -> None:
    for tone in Tone:
        assert theme.contrast(theme.TONE_TEXT[tone], theme.TONE_COLOURS[tone]) >= 4.5, tone
    assert theme.contrast(theme.TEXT, theme.BACKGROUND) >= 12


def test_languages_switch_while_the_table_runs(
    qtbot: Any, make_screen: Any, translations: Any
) -> None:
    screen = make_screen()
    window = screen.window
    screen.feed(PLAYER_DRAWS + " " + THEN_BANKER_WINS)
    assert window.language.text() == "繁體中文"
    click(qtbot, window.language)
    assert translations.language == "zh_TW"
    qtbot.waitUntil(lambda: window.banner.text == "莊贏 8 比 4")  # LanguageChange is posted
    assert window.call.text() == "閒 4 點，莊 8 點"
    assert window.next_coup.text() == "下一局"
    assert window.hand_panels["banker"].title.text() == "莊"
    click(qtbot, window.language)
    qtbot.waitUntil(lambda: window.banner.text == "庄赢 8 比 4")
    assert window.hand_panels["player"].title.text() == "闲"
    click(qtbot, window.language)
    qtbot.waitUntil(lambda: window.banner.text == "BANKER WINS 8 TO 4")
    assert window.next_coup.text() == "Next coup" and window.language.text() == "繁體中文"
