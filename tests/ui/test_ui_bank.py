"""Chemin de Fer and Banque on the croupier's screen, worked by touch.

Every bank action is a button that sends the real ``BankAction`` through the controller; these
tests click the widgets through whole coups and check both what the screen shows and what the
controller recorded.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton

from dealer_assist.config import default_config
from dealer_assist.drivers.base import CardRead
from dealer_assist.rules.coup import Game
from dealer_assist.table import bankgame
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.ui import theme, wording
from dealer_assist.ui.bank_controls import seat_controls, table_controls
from dealer_assist.ui.dialogs import BetKeypadDialog, NameDialog
from dealer_assist.ui.presentation import Tone, format_money
from tests.ui.conftest import Screen
from tests.ui.test_ui_croupier import clipped, visible_buttons


def click(qtbot: Any, button: QAbstractButton) -> None:
    assert button.isVisible() and button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def select(qtbot: Any, screen: Screen, seat: int) -> None:
    qtbot.mouseClick(screen.window.seats.tile(seat), Qt.MouseButton.LeftButton)
    assert screen.window.selected_seat == seat


def press(qtbot: Any, screen: Screen, key: str) -> None:
    click(qtbot, screen.window.bank_panel.buttons[key])


def name(qtbot: Any, screen: Screen, letters: str | None = None) -> None:
    """Answer the name dialog: the suggested name, or ``letters`` typed on its keys."""
    dialog = screen.window.dialog
    assert isinstance(dialog, NameDialog) and dialog.isVisible()
    if letters is not None:
        click(qtbot, dialog.keys["clear"])
        for letter in letters:
            click(qtbot, dialog.keys["␣" if letter == " " else letter])
    click(qtbot, dialog.ok)


def keypad(qtbot: Any, screen: Screen, amount: str, *, bet: str | None = None) -> None:
    dialog = screen.window.dialog
    assert isinstance(dialog, BetKeypadDialog) and dialog.isVisible()
    if bet is not None:
        click(qtbot, dialog.bet_buttons[bet])
    for key in amount:
        click(qtbot, dialog.keys[key])
    click(qtbot, dialog.ok)


def bank_actions(records: list[Any]) -> list[tuple[str, dict[str, Any], str]]:
    return [
        (r.event.action, dict(r.event.args), r.event.by) for r in records if r.event.type == "bank"
    ]


def sit(qtbot: Any, screen: Screen, seat: int, letters: str | None = None) -> None:
    select(qtbot, screen, seat)
    press(qtbot, screen, "sit")
    name(qtbot, screen, letters)


@pytest.mark.parametrize(("game", "seats"), [(Game.CHEMIN_DE_FER, 7), (Game.BANQUE, 7)])
def test_the_screen_has_a_tile_for_every_seat_of_the_bank_table(game: Game, seats: int) -> None:
    table = bankgame.new_bank_table(game, seats=seats, minimum_cards=7)
    assert table is not None
    numbers = bankgame.seat_numbers(game, seats=seats)
    assert numbers == tuple(range(1, table.settings.seats + 1))
    assert bankgame.seat_numbers(Game.PUNTO_BANCO, seats=seats) == ()


def test_a_chemin_de_fer_coup_by_touch(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen(table={"variant": "chemin-de-fer"}, limits={})
    records: list[Any] = []
    screen.controller.on_record(records.append)
    window, panel = screen.window, screen.window.bank_panel
    assert panel.isVisible() and not window.bet_panel.isVisible()
    assert [tile.seat for tile in window.seats.tiles] == list(range(1, 8))
    assert not window.seats.tile(1).collect.isVisible()  # no commission box in a bank game

    sit(qtbot, screen, 1, "ANA")
    for seat in (2, 3, 4):
        sit(qtbot, screen, seat)  # the suggested name
    assert window.seats.tile(1).bets.text() == "Ana"
    assert window.seats.tile(2).bets.text() == "Punter 2"
    assert window.seats.tile(5).bets.text() == "empty"
    assert panel.headline.text() == "No bank · the croupier gives the shoe to a seat"

    select(qtbot, screen, 1)
    assert not panel.buttons["put_up_bank"].isEnabled()  # nobody is offered the shoe yet
    press(qtbot, screen, "give_shoe")
    assert panel.headline.text() == "No bank · the shoe is offered to seat 1 Ana"
    assert window.seats.tile(1).property("due") is True
    press(qtbot, screen, "put_up_bank")
    keypad(qtbot, screen, "100")
    assert panel.headline.text() == "BANK 100 · held by seat 1 Ana"
    assert window.seats.tile(1).status.text() == "BANKER"
    assert window.seats.tile(2).status.text() == "may stake 100"

    # The calls: the banker may not punt; nobody may follow a bank that has had no coup.
    assert not panel.buttons["banco"].isEnabled()
    select(qtbot, screen, 2)
    assert panel.buttons["banco"].isEnabled()
    assert not panel.buttons["banco_suivi"].isEnabled()
    assert panel.buttons["pass_deal"].isEnabled()
    press(qtbot, screen, "close_calls")

    # Partial coverage seat by seat from the banker's right: each seat comes up in turn.
    assert window.selected_seat == 2
    assert window.seats.tile(2).status.text() == "TURN\nmay stake 100"
    assert panel.status.text() == (
        "Coverage from the banker's right: seat 2 Punter 2's turn, up to 100"
    )
    assert not window.seats.tile(3).status.text()  # not its turn yet
    press(qtbot, screen, "stake")
    keypad(qtbot, screen, "40")
    assert window.selected_seat == 3
    assert panel.buttons["cover"].text() == "Covers 60"
    press(qtbot, screen, "stake")
    keypad(qtbot, screen, "30")
    assert window.selected_seat == 4
    press(qtbot, screen, "pass_turn")
    assert panel.coverage.text() == ("Coverage: seat 2 40, seat 3 30 · covered 70 · uncovered 30")
    assert window.seats.tile(2).status.text() == "stake 40\nmay stake 30"  # all had a turn
    assert not panel.buttons["pass_deal"].isEnabled()  # the bank is staked against
    assert panel.buttons["no_more_bets"].text() == "No more bets · 30 stays in the bank"
    press(qtbot, screen, "no_more_bets")
    assert panel.coverage.text() == "Coverage: seat 2 40, seat 3 30 · covered 70 · uncovered 0"
    assert panel.decisions.text() == (
        "Decisions: Player hand, seat 2 Punter 2 (largest stake) · Banker, seat 1 Ana (the banker)"
    )
    assert window.seats.tile(2).status.text() == "stake 40\nplays Player"
    select(qtbot, screen, 3)
    assert not panel.buttons["withdraw_stake"].isVisible()  # nothing moves after no more bets

    # The coup: the punter with the largest stake has the option on 5.
    screen.feed("KD 3H 5D 9S")
    assert window.call.text() == "Seat 2 decides"
    click(qtbot, window.stand)
    screen.feed("4C")
    assert window.banner.text == "BANKER WINS 6 TO 5" and window.banner.tone is Tone.BANKER
    assert panel.settlement.text() == (
        "Last coup: the bank wins · seat 2 -40, seat 3 -30 · bank 100 → 166.50 · cagnotte 3.50"
    )
    assert window.seats.tile(2).result.text() == "-40"
    assert window.seats.tile(1).result.text() == "+66.50"
    assert window.boxes.text() == "Cagnotte: 3.50"
    click(qtbot, window.next_coup)
    assert panel.headline.text() == "BANK 166.50 · held by seat 1 Ana"

    assert bank_actions(records) == [
        ("sit", {"seat": 1, "player": "Ana"}, "croupier"),
        ("sit", {"seat": 2, "player": "Punter 2"}, "croupier"),
        ("sit", {"seat": 3, "player": "Punter 3"}, "croupier"),
        ("sit", {"seat": 4, "player": "Punter 4"}, "croupier"),
        ("give_shoe", {"seat": 1}, "croupier"),
        ("put_up_bank", {"seat": 1, "amount": "100"}, "croupier"),
        ("close_calls", {}, "croupier"),
        ("stake", {"seat": 2, "amount": "40"}, "croupier"),
        ("stake", {"seat": 3, "amount": "30"}, "croupier"),
        ("pass_turn", {"seat": 4}, "croupier"),
        ("no_more_bets", {}, "croupier"),
        ("settle", {"winner": "banker"}, "table"),
    ]


def open_bank(qtbot: Any, screen: Screen, amount: str = "100") -> None:
    for seat in (1, 2, 3, 4):
        sit(qtbot, screen, seat)
    select(qtbot, screen, 1)
    press(qtbot, screen, "give_shoe")
    press(qtbot, screen, "put_up_bank")
    keypad(qtbot, screen, amount)


def test_banco_calls_and_banco_suivi_by_touch(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen(table={"variant": "chemin-de-fer"}, limits={})
    records: list[Any] = []
    screen.controller.on_record(records.append)
    window, panel = screen.window, screen.window.bank_panel
    open_bank(qtbot, screen)

    # Two Banco calls: the caller nearer the banker (counter-clockwise) takes the whole bank.
    select(qtbot, screen, 4)
    press(qtbot, screen, "banco")
    select(qtbot, screen, 3)
    press(qtbot, screen, "banco")
    assert panel.calls.text() == "Calls: seat 4 Banco, seat 3 Banco"
    assert window.seats.tile(4).status.text() == "Banco"
    assert not panel.buttons["pass_deal"].isEnabled()  # a call has been made
    select(qtbot, screen, 4)
    press(qtbot, screen, "withdraw_call")
    press(qtbot, screen, "banco")
    press(qtbot, screen, "close_calls")
    assert panel.status.text() == "seat 3 Punter 3 holds the whole bank (Banco): no more bets"
    assert panel.coverage.text() == "Coverage: seat 3 100 · covered 100 · uncovered 0"
    assert not panel.buttons["stake"].isEnabled()
    press(qtbot, screen, "no_more_bets")
    screen.feed("2S 9H 4D KC")  # the banker's natural 9
    assert window.banner.text == "NATURAL 9, BANKER WINS"
    click(qtbot, window.next_coup)

    # Seat 3 equalled and lost the bank: he alone may follow it, before any Banco.
    assert panel.status.text().startswith("Calls: seat 3 Punter 3 may follow first (Banco Suivi)")
    assert window.seats.tile(3).status.text() == "may follow (Suivi)\nmay stake 195"
    select(qtbot, screen, 2)
    assert panel.buttons["banco"].isEnabled() and not panel.buttons["banco_suivi"].isEnabled()
    select(qtbot, screen, 3)
    press(qtbot, screen, "banco_suivi")
    assert panel.status.text() == (
        "seat 3 Punter 3 holds the whole bank (Banco Suivi): no more bets"
    )
    assert panel.calls.text() == "Calls: seat 3 Banco Suivi"
    press(qtbot, screen, "no_more_bets")
    screen.feed("9S 2H KD 5C")  # the punter's natural 9: the bank passes
    assert panel.settlement.text() == (
        "Last coup: the punters win · seat 3 +195 · bank 195 → 0 · cagnotte 0 · the bank passes"
    )
    click(qtbot, window.next_coup)
    assert panel.headline.text() == "No bank · the shoe is offered to seat 2 Punter 2"
    assert window.selected_seat == 2  # the seat offered the shoe comes up by itself

    calls = [(a, args) for a, args, _ in bank_actions(records) if a in ("call", "withdraw_call")]
    assert calls == [
        ("call", {"seat": 4, "call": "banco"}),
        ("call", {"seat": 3, "call": "banco"}),
        ("withdraw_call", {"seat": 4}),
        ("call", {"seat": 4, "call": "banco"}),
        ("call", {"seat": 3, "call": "banco_suivi"}),
    ]


def test_passing_the_deal_and_taking_the_bank_at_the_same_amount(
    qtbot: Any, make_screen: Any
) -> None:
    screen = make_screen(table={"variant": "chemin-de-fer"}, limits={})
    window, panel = screen.window, screen.window.bank_panel
    open_bank(qtbot, screen, "250")
    press(qtbot, screen, "pass_deal")
    assert panel.headline.text() == (
        "No bank · seat 2 Punter 2 may take it at 250 (the deal was passed)"
    )
    assert window.selected_seat == 2
    assert not panel.buttons["put_up_bank"].isVisible()
    press(qtbot, screen, "decline_bank")
    assert window.selected_seat == 3
    assert panel.buttons["take_bank"].text() == "Takes the bank at 250"
    press(qtbot, screen, "take_bank")
    assert panel.headline.text() == "BANK 250 · held by seat 3 Punter 3"
    assert window.seats.tile(3).status.text() == "BANKER"


def test_a_refused_bank_action_shows_the_rules_message(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen(table={"variant": "chemin-de-fer"}, limits={})
    window, panel = screen.window, screen.window.bank_panel
    open_bank(qtbot, screen)
    press(qtbot, screen, "close_calls")
    press(qtbot, screen, "stake")  # seat 2's turn
    keypad(qtbot, screen, "500")
    assert window.message.text() == "seat 2 stakes 500 but only 100.00 of the bank is uncovered"
    assert window.message.palette().color(window.message.foregroundRole()) == theme.BAD
    assert screen.snapshot.bank.coverage == ()
    press(qtbot, screen, "cover")  # the whole uncovered part: accepted, the message goes
    assert window.message.text() == ""
    assert panel.coverage.text() == "Coverage: seat 2 100 · covered 100 · uncovered 0"


def test_bank_buttons_are_off_while_a_coup_is_dealt(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen(table={"variant": "chemin-de-fer"}, limits={})
    open_bank(qtbot, screen)
    press(qtbot, screen, "close_calls")
    press(qtbot, screen, "cover")
    press(qtbot, screen, "no_more_bets")
    screen.feed("KD 3H")
    snapshot = screen.snapshot
    assert snapshot.phase == "dealing"
    for seat in (2, 5):
        for control in seat_controls(snapshot, seat) + table_controls(snapshot):
            assert not control.enabled or control.action in ("sit", "leave"), control
    select(qtbot, screen, 5)
    assert screen.window.bank_panel.buttons["sit"].isEnabled()  # seating never waits


def test_a_banque_coup_by_touch(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen(table={"variant": "banque"}, limits={})
    records: list[Any] = []
    screen.controller.on_record(records.append)
    window, panel = screen.window, screen.window.bank_panel
    assert [tile.seat for tile in window.seats.tiles] == list(range(1, 11))
    sit(qtbot, screen, 1)
    sit(qtbot, screen, 6, "BOB")
    assert window.seats.tile(6).status.text() == "Left"

    # The auction: each bid beats the last; the highest bidder holds the bank.
    assert panel.headline.text() == "No bank · auction: who will risk the most?"
    assert not panel.buttons["close_auction"].isEnabled()
    press(qtbot, screen, "bid_name")
    name(qtbot, screen, "ZOE")
    keypad(qtbot, screen, "500")
    select(qtbot, screen, 1)
    press(qtbot, screen, "bid")
    keypad(qtbot, screen, "400")
    assert window.message.text() == "Zoe will risk 500.00: bid more than that"
    assert panel.status.text() == "Auction · bids: Zoe 500"
    press(qtbot, screen, "close_auction")
    assert panel.headline.text() == "BANK 500 · held by Zoe"

    # Seated punters on their own tableau or à cheval; then bystanders on what is uncovered.
    assert panel.buttons["stake_right"].isVisible()
    assert not panel.buttons["stake_left"].isVisible()  # seat 1 plays the right
    press(qtbot, screen, "stake_right")
    keypad(qtbot, screen, "100")
    select(qtbot, screen, 6)
    press(qtbot, screen, "stake_a_cheval")
    keypad(qtbot, screen, "40")
    assert window.seats.tile(6).status.text() == "À cheval 40\nmay stake 360"
    assert not panel.buttons["bystander_stake"].isVisible()
    press(qtbot, screen, "close_seated_stakes")
    assert not panel.buttons["stake_a_cheval"].isVisible()
    press(qtbot, screen, "bystander_stake")
    name(qtbot, screen, "CY")
    keypad(qtbot, screen, "50", bet="left")
    assert panel.calls.text() == (
        "Stakes: Punter 1 (seat 1) Right 100, Bob (seat 6) À cheval 40, Cy (bystander) Left 50"
    )
    assert panel.coverage.text() == "Right 120 · Left 70 · covered 190 · uncovered 310"
    assert panel.buttons["withdraw_bystander"].text() == "Withdraw Cy 50"
    assert not panel.buttons["retire"].isEnabled()  # stakes on the layout
    press(qtbot, screen, "no_more_bets")
    assert panel.decisions.text() == (
        "Decisions: Right hand, Punter 1 · Left hand, Cy · Banker, Zoe"
    )
    assert window.seats.tile(1).status.text() == "Right 100\nplays Right"

    # R1 L1 B1 R2 L2 B2: right 5 (the punter's option), left 7, banker 6 (his choice).
    screen.feed("2D 4S KD 3C 3H 6S")
    assert window.call.text() == "Punter 1 decides"
    assert window.stand.text() == "RIGHT STANDS"
    click(qtbot, window.stand)
    assert window.call.text() == "Zoe decides"
    click(qtbot, window.stand)
    assert panel.settlement.text() == (
        "Last coup: Right loses, Left wins · Punter 1 Right -100, Bob À cheval 0, Cy Left +50"
        " · bank 500 → 547.50 · house 2.50"
    )
    assert window.seats.tile(1).result.text() == "-100"
    assert window.boxes.text() == "House: 2.50"
    click(qtbot, window.next_coup)

    # Between coups, with nothing staked, the banker may retire: the bank is free again.
    press(qtbot, screen, "retire")
    assert panel.headline.text() == "No bank · auction: who will risk the most?"
    assert screen.snapshot.bank.money.balances["Zoe"] == Decimal("47.50")

    assert bank_actions(records) == [
        ("sit", {"seat": 1, "player": "Punter 1"}, "croupier"),
        ("sit", {"seat": 6, "player": "Bob"}, "croupier"),
        ("bid", {"bidder": "Zoe", "amount": "500"}, "croupier"),
        ("close_auction", {}, "croupier"),
        ("stake", {"punter": "Punter 1", "bet": "right", "amount": "100"}, "croupier"),
        ("stake", {"punter": "Bob", "bet": "a_cheval", "amount": "40"}, "croupier"),
        ("close_seated_stakes", {}, "croupier"),
        ("stake", {"punter": "Cy", "bet": "left", "amount": "50"}, "croupier"),
        ("no_more_bets", {}, "croupier"),
        ("settle", {"right": "lose", "left": "win"}, "table"),
        ("retire", {}, "croupier"),
    ]


def test_banque_stakes_are_withdrawn_by_touch(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen(table={"variant": "banque"}, limits={})
    panel = screen.window.bank_panel
    sit(qtbot, screen, 2)
    press(qtbot, screen, "bid_name")
    name(qtbot, screen, "ZOE")
    keypad(qtbot, screen, "300")
    press(qtbot, screen, "close_auction")
    select(qtbot, screen, 2)
    press(qtbot, screen, "stake_right")
    keypad(qtbot, screen, "20")
    assert panel.buttons["withdraw_stake"].text() == "Withdraw Right 20"
    press(qtbot, screen, "withdraw_stake")
    assert screen.snapshot.bank.stakes == ()
    assert not panel.buttons["withdraw_stake"].isEnabled()
    press(qtbot, screen, "close_seated_stakes")
    press(qtbot, screen, "bystander_stake")
    name(qtbot, screen, "LOU")
    keypad(qtbot, screen, "300", bet="a_cheval")
    assert panel.status.text() == "Bystanders may stake up to 0, on either side or à cheval"
    assert not panel.buttons["bystander_stake"].isEnabled()  # the bank is covered
    press(qtbot, screen, "withdraw_bystander")
    assert screen.snapshot.bank.stakes == ()


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 800)])
@pytest.mark.parametrize("variant", ["chemin-de-fer", "banque"])
def test_bank_layouts_fit(
    qtbot: Any, make_screen: Any, size: tuple[int, int], variant: str
) -> None:
    screen = make_screen(size=size, table={"variant": variant}, limits={})
    window = screen.window
    controller = screen.controller
    from dealer_assist.ui.screenshots import NAMES

    def act(action: str, **args: object) -> None:
        controller.execute(cmd.BankAction(action=action, args=args))

    seats = window.bank_seats
    for seat in seats:
        act("sit", seat=seat, player=NAMES[seat - 1] + " Longname")
    if variant == "chemin-de-fer":
        act("give_shoe", seat=1)
        act("put_up_bank", seat=1, amount="12500")
        act("close_calls")
        act("stake", seat=2, amount="2500")
        window.seats.select(3)
    else:
        act("bid", bidder="Zoe", amount="12500")
        act("close_auction")
        act("stake", punter=NAMES[0] + " Longname", bet="right", amount="2500")
        act("close_seated_stakes")
        act("stake", punter="Bystander Longname", bet="a_cheval", amount="1000")
        window.seats.select(1)
    minimum = window.minimumSizeHint()
    assert minimum.width() <= size[0] and minimum.height() <= size[1]
    try:
        qtbot.waitUntil(lambda: not clipped(window), timeout=2000)
    except Exception:
        raise AssertionError(clipped(window)) from None
    for button in visible_buttons(window):
        assert button.width() >= theme.TOUCH_PX and button.height() >= theme.TOUCH_PX, (
            button.text(),
            button.size(),
        )


def test_the_bank_panel_in_chinese(qtbot: Any, make_screen: Any, translations: Any) -> None:
    screen = make_screen(table={"variant": "chemin-de-fer"}, limits={})
    window, panel = screen.window, screen.window.bank_panel
    open_bank(qtbot, screen)
    english = panel.headline.text(), panel.buttons["banco"].text()
    click(qtbot, window.language)
    qtbot.waitUntil(lambda: panel.headline.text() != english[0])
    assert panel.buttons["banco"].text() != english[1]
    assert "100" in panel.headline.text()
    click(qtbot, window.language)
    click(qtbot, window.language)
    qtbot.waitUntil(lambda: panel.headline.text() == english[0])


@pytest.mark.parametrize("seed", [3, 42])
def test_the_screenshot_scenes_play_on_the_screen(qtbot: Any, seed: int) -> None:
    """The screenshots' scenes render from the first snapshot to the last on a live window:
    Chemin de Fer stops on a decision after calls, Banque before "no more bets" with seated,
    à cheval and bystander stakes; each shows the last coup's settlement."""
    from dealer_assist.ui.adapter import TableAdapter
    from dealer_assist.ui.auth import DemoPinVerifier
    from dealer_assist.ui.croupier import CroupierWindow
    from dealer_assist.ui.screenshots import banque_scene, chemin_de_fer_scene

    for variant, scene in (("chemin-de-fer", chemin_de_fer_scene), ("banque", banque_scene)):
        config = default_config(variant=variant, source=f"mock://?seed={seed}")
        controller = TableController(config)
        adapter = TableAdapter.for_controller(controller)
        window = CroupierWindow(adapter, config, DemoPinVerifier())
        qtbot.addWidget(window)
        controller.begin()
        selected = scene(controller, seed=seed)
        panel = window.bank_panel
        assert panel.settlement.text().startswith("Last coup: ")
        if variant == "chemin-de-fer":
            assert window.snapshot.phase == "decision"
            assert selected == window.snapshot.bank.banker
            assert panel.calls.text().startswith("Calls: seat ")
            assert panel.decisions.text().startswith("Decisions: Player hand, seat ")
        else:
            assert str(window.snapshot.bank.phase) == "bystanders"
            assert "(bystander) Left 50" in panel.calls.text()
            window.seats.select(selected)
            assert panel.buttons["withdraw_stake"].text().replace("\n", " ") == "Withdraw Left 200"
            # A 1024 px screen has no height for every stake: the tiles show the seated ones,
            # the panel the bystanders'; the coverage stays.
            window.resize(1024, 768)
            window.show()
            qtbot.waitUntil(lambda p=panel: p.narrow)
            assert panel.calls.text() == "Bystander stakes: Zed Left 50"
            assert panel.coverage.text().startswith("Right ")
            seated = [stake for stake in window.snapshot.bank.stakes if stake.seat is not None]
            assert seated
            for stake in seated:
                shown = f"{wording.bet_name(stake.bet.value)} {format_money(stake.amount)}"
                assert shown in window.seats.tile(stake.seat).status.text().split("\n")
            window.resize(1280, 800)
            qtbot.waitUntil(lambda p=panel: not p.narrow)
            assert "(bystander) Left 50" in panel.calls.text()


def test_banque_by_the_list_offers_the_list_controls(qtbot: Any, make_screen: Any) -> None:
    """A table that gives the bank to the first name on the list ([bank] assignment) offers the
    list's actions instead of the auction's, each with the name it acts for."""
    screen = make_screen(
        table={"variant": "banque"}, bank={"assignment": "first_on_list"}, limits={}
    )
    records: list[Any] = []
    screen.controller.on_record(records.append)
    panel = screen.window.bank_panel
    sit(qtbot, screen, 3, "ANN")
    assert not panel.buttons.get("bid") or not panel.buttons["bid"].isVisible()
    assert not panel.buttons["list_put_up_bank"].isEnabled()  # the list is empty
    select(qtbot, screen, 3)
    press(qtbot, screen, "list_name")
    assert not panel.buttons["list_name"].isEnabled(), "a name is listed once"
    press(qtbot, screen, "list_put_up_bank")
    keypad(qtbot, screen, "250")  # the first name on the list holds the bank at any amount
    assert screen.controller.snapshot.bank.banker == "Ann"
    assert screen.controller.snapshot.bank.bank == Decimal(250)
    assert panel.headline.text() == "BANK 250 · held by Ann"
    assert [(action, args) for action, args, _ in bank_actions(records)][-2:] == [
        ("list_name", {"player": "Ann"}),
        ("put_up_bank", {"player": "Ann", "amount": "250"}),
    ]


def test_a_player_leaves_by_touch(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen(table={"variant": "chemin-de-fer"}, limits={})
    open_bank(qtbot, screen)
    panel = screen.window.bank_panel
    select(qtbot, screen, 1)
    assert not panel.buttons["leave"].isEnabled()  # the banker passes the deal first
    select(qtbot, screen, 4)
    press(qtbot, screen, "leave")
    assert 4 not in screen.snapshot.bank.players
    assert screen.window.seats.tile(4).bets.text() == "empty"
    assert panel.buttons["sit"].isVisible() and not panel.buttons["leave"].isVisible()


@pytest.mark.parametrize("variant", ["chemin-de-fer", "banque"])
def test_every_button_is_enabled_exactly_when_the_rules_allow_it(variant: str) -> None:
    """Through simulated coups, at every step: each control that needs nothing more is enabled
    exactly when the controller would accept it (between coups, and the rules core's
    ``verify_x`` passes); a control for an amount, when enabled, is accepted for what the seat
    may stake."""
    from dealer_assist.errors import BetError, RuleViolation
    from dealer_assist.table.simulated import simulated_bank_action
    from dealer_assist.ui.bank_controls import ANY_TIME, between_coups
    from dealer_assist.ui.screenshots import BankScene
    from tests.ui.conftest import ui_config

    controller = TableController(ui_config(table={"variant": variant}))
    controller.begin()
    game = controller.config.variant.game
    seats = bankgame.seat_numbers(game, seats=len(controller.config.seats))
    scene = BankScene(controller, seed=11)

    def accepted(snapshot: Any, action: str, args: Any) -> bool:
        if not (between_coups(snapshot) or action in ANY_TIME):
            return False
        table = controller.state.bank_table
        try:
            kwargs = bankgame.arguments(game, action, args)
            bankgame.verify(table, action, kwargs)  # type: ignore[arg-type]
        except (RuleViolation, BetError):
            return False
        return True

    checked = 0
    for _ in range(400):
        snapshot = controller.snapshot
        if snapshot.phase == "held":
            break
        for seat in (*seats, None):
            controls = seat_controls(snapshot, seat) if seat else table_controls(snapshot)
            for control in controls:
                if not control.needs:
                    assert control.enabled == accepted(snapshot, control.action, control.args), (
                        control,
                        snapshot.bank,
                    )
                    checked += 1
                elif control.enabled and control.needs == ("amount",) and seat is not None:
                    may = snapshot.bank.may_stake.get(seat, Decimal(0))
                    if control.action == "stake" and control.key != "stake_a_cheval":
                        args = {**control.args, "amount": str(may)}
                        assert accepted(snapshot, "stake", args), control
        action = simulated_bank_action(snapshot)
        if action is not None:
            scene.act(action[0], **action[1])
        elif snapshot.phase == "complete":
            controller.execute(cmd.CloseCoup())
        elif snapshot.decision is not None:
            controller.execute(cmd.Decide(hand=snapshot.decision.hand, choice="draw"))
        else:
            card = scene.cards.pop()
            controller.on_source_event(CardRead(source="test", card=card, raw=b""))
    assert controller.snapshot.coup >= 12 and checked > 1000


def confirm(qtbot: Any, screen: Screen, key: str) -> None:
    """Touch a bank button and wait for the panel to send its action."""
    panel = screen.window.bank_panel
    with qtbot.waitSignal(panel.controlChosen, timeout=2000):
        press(qtbot, screen, key)


def test_banque_shuffle_and_cut_are_confirmed_by_touch(qtbot: Any, make_screen: Any) -> None:
    """Source 000: the croupier shuffles, then the players to his right and left, the banker
    last, who names the person to cut; each step a journaled touch."""
    screen = make_screen(table={"variant": "banque"}, limits={})
    records: list[Any] = []
    screen.controller.on_record(records.append)
    panel = screen.window.bank_panel
    for seat, player in ((1, "Ann"), (5, "Bob"), (10, "Cy")):
        screen.controller.execute(
            cmd.BankAction(action="sit", args={"seat": seat, "player": player})
        )
    screen.controller.execute(cmd.BankAction(action="bid", args={"bidder": "Zed", "amount": "500"}))
    screen.controller.execute(cmd.BankAction(action="close_auction", args={}))
    assert panel.buttons["shuffle_croupier"].text() == "Shuffled by the croupier"
    assert not panel.buttons["cut"].isVisible() and not panel.buttons["shuffle_banker"].isVisible()
    select(qtbot, screen, 5)
    assert not panel.buttons["shuffle_seat"].isVisible()  # the croupier shuffles first
    confirm(qtbot, screen, "shuffle_croupier")
    assert panel.buttons["shuffle_seat"].text() == "Shuffled by Bob"  # on the croupier's left
    confirm(qtbot, screen, "shuffle_seat")
    select(qtbot, screen, 1)
    assert not panel.buttons["shuffle_seat"].isVisible()  # seat 1 is not beside the croupier
    select(qtbot, screen, 10)
    confirm(qtbot, screen, "shuffle_seat")
    assert panel.buttons["shuffle_banker"].text() == "Shuffled by Zed"  # the banker last
    confirm(qtbot, screen, "shuffle_banker")
    assert not panel.buttons["shuffle_banker"].isVisible()
    confirm(qtbot, screen, "cut")
    name(qtbot, screen, "ANN")  # the person the banker names
    assert not panel.buttons["cut"].isVisible()
    assert screen.snapshot.bank.cut_by == "Ann"
    steps = [(a, args) for a, args, _ in bank_actions(records) if a in ("shuffle", "cut")]
    assert steps == [
        ("shuffle", {"by": "croupier"}),
        ("shuffle", {"by": "Bob"}),
        ("shuffle", {"by": "Cy"}),
        ("shuffle", {"by": "Zed"}),
        ("cut", {"player": "Ann"}),
    ]


def test_chemin_de_fer_fresh_supply_cut_is_confirmed_by_touch(qtbot: Any, make_screen: Any) -> None:
    screen = make_screen(table={"variant": "chemin-de-fer"}, limits={})
    records: list[Any] = []
    screen.controller.on_record(records.append)
    open_bank(qtbot, screen)
    select(qtbot, screen, 2)
    assert not screen.window.bank_panel.buttons["cut_supply"].isVisible()
    select(qtbot, screen, 4)  # the player on the croupier's left
    assert screen.window.bank_panel.buttons["cut_supply"].text() == "Cut the fresh supply"
    confirm(qtbot, screen, "cut_supply")
    assert ("cut_supply", {"seat": 4}) in [(a, args) for a, args, _ in bank_actions(records)]
    last = screen.snapshot.bank.last_supply_cut
    assert last is not None and last.seat == 4
