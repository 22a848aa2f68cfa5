"""The pure parts of the screens: tones, money, chips, deal order, roads from snapshots."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from dealer_assist.roads import Roads
from dealer_assist.rules.settlement import Limit, TableLimits
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.ui.auth import DemoPinVerifier
from dealer_assist.ui.presentation import (
    RoadsTracker,
    Tone,
    chip_values,
    deal_positions,
    format_money,
    instruction_tone,
    primary_bets,
)
from tests.table.helpers import FakeClock, feed, open_chemin_de_fer_bank
from tests.ui.conftest import ui_config


def table(**sections: object) -> TableController:
    controller = TableController(ui_config(**sections), clock=FakeClock())  # type: ignore[arg-type]
    controller.begin()
    return controller


@pytest.mark.parametrize(
    ("cards", "tone"),
    [
        ("", Tone.NEUTRAL),
        ("4S", Tone.BANKER),  # the next card goes to the Banker
        ("4S 3H AD KC", Tone.PLAYER),  # the Player draws
        ("9S 2H KD 5C", Tone.PLAYER),  # Player wins
        ("4S 3H AD KC 9H 5C", Tone.BANKER),
        ("4S 3H 3D 4C", Tone.TIE),
    ],
)
def test_instruction_tone(cards: str, tone: Tone) -> None:
    controller = table()
    feed(controller, cards)
    assert instruction_tone(controller.snapshot) is tone


def test_instruction_tone_of_a_decision_and_a_hold() -> None:
    controller = table(table={"variant": "chemin-de-fer"}, limits={})
    open_chemin_de_fer_bank(controller)
    feed(controller, "KD 3H 5D 9S")
    assert controller.snapshot.decision is not None
    assert instruction_tone(controller.snapshot) is Tone.PLAYER
    held = replace(controller.snapshot, phase="held")
    assert instruction_tone(held) is Tone.ALERT


@pytest.mark.parametrize(
    ("amount", "signed", "text"),
    [
        ("1250", False, "1,250"),
        ("5.25", False, "5.25"),
        ("0.125", False, "0.125"),
        ("5.50", False, "5.50"),
        ("95", True, "+95"),
        ("-25", True, "-25"),
        ("0", True, "0"),
    ],
)
def test_money_is_shown_exactly(amount: str, signed: bool, text: str) -> None:
    assert format_money(Decimal(amount), signed=signed) == text


def test_chips_follow_the_limits() -> None:
    limits = TableLimits(
        default=Limit(minimum=Decimal(25), maximum=Decimal(2000)),
        per_bet={"tie": Limit(minimum=Decimal(5), maximum=Decimal(100))},
    )
    assert chip_values(limits, ("player", "banker")) == tuple(
        Decimal(v) for v in (25, 100, 500, 1000)
    )
    assert chip_values(limits, ("player", "tie"))[0] == 5
    assert primary_bets(["tie", "banker", "dragon7", "player"]) == ("player", "banker", "tie")


def test_deal_positions_follow_the_deal_order() -> None:
    controller = table()
    feed(controller, "4S 3H AD KC 9H 5C")
    assert deal_positions(controller.snapshot.hands) == ((0, 2, 4), (1, 3, 5))
    controller = table()
    feed(controller, "4S 3H AD 4C 6D")  # Player 5 draws; Banker 7 stands
    hands = controller.snapshot.hands
    assert deal_positions(hands) == ((0, 2, 4), (1, 3))


def test_roads_tracker_extends_and_restarts() -> None:
    controller = table()
    tracker = RoadsTracker()
    assert not tracker.update(controller.snapshot)
    for cards in ("9S 2H KD 5C", "4S 3H AD KC 9H 5C", "4D 3C 3S 4H"):
        feed(controller, cards)
        controller.execute(cmd.CloseCoup())
        assert tracker.update(controller.snapshot)
    expected = Roads.from_text("PnBT")
    assert [(r.letter, r.natural) for r in tracker.roads.results] == [
        (r.letter, r.natural) for r in expected.results
    ]
    assert [(c.column, c.row, c.ties) for c in tracker.roads.big_road.cells] == [
        (c.column, c.row, c.ties) for c in expected.big_road.cells
    ]
    assert tracker.roads.results[1].banker_total == 8
    assert not tracker.update(controller.snapshot)
    ended = replace(controller.snapshot, history=(), shoe=replace(controller.snapshot.shoe, shoe=2))
    assert tracker.update(ended) and tracker.roads == Roads.empty()


def test_demo_pins() -> None:
    verifier = DemoPinVerifier()
    assert verifier.verify(cmd.Role.SUPERVISOR, "2468").ok
    assert verifier.verify(cmd.Role.SUPERVISOR, "1357").reason == "wrong_pin"
    assert verifier.verify(cmd.Role.CROUPIER, "2468").reason == "no_pin"
    assert not verifier.verify(cmd.Role.SUPERVISOR, "").ok
