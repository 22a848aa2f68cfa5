"""Whole shoes through the runtime with a mock shoe: every variant, cut card, last hand, burns."""

from __future__ import annotations

from typing import Any

import pytest

from dealer_assist.cards import parse_cards
from dealer_assist.drivers.mock import MockShoe
from dealer_assist.rules.coup import Choice, Coup, DecisionDue, Hand
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import Burned, CardDealt, CoupCompleted, Record, ShoeEnded
from dealer_assist.table.runtime import TableRuntime, build_source
from dealer_assist.table.simulated import simulated_bank_action, simulated_choice
from tests.table.helpers import FakeClock, make_config


def run_shoe(
    config: Any, source: MockShoe, *, timeout: float = 30
) -> tuple[TableController, list[Record]]:
    controller = TableController(config, clock=FakeClock())
    records: list[Record] = []
    controller.on_record(records.append)
    runtime = TableRuntime(controller, [source])
    asked: set[int] = set()

    def on_snapshot(snapshot: Any) -> None:
        choice = simulated_choice(snapshot)
        if choice and snapshot.seq not in asked:
            asked.add(snapshot.seq)
            runtime.submit(cmd.Decide(hand=snapshot.decision.hand, choice=choice))
        if snapshot.phase == "complete" and snapshot.seq not in asked:
            asked.add(snapshot.seq)
            runtime.submit(cmd.CloseCoup())
        bank_action = simulated_bank_action(snapshot)
        if bank_action is not None and -snapshot.seq not in asked:
            asked.add(-snapshot.seq)
            runtime.submit(cmd.BankAction(action=bank_action[0], args=bank_action[1]))

    controller.on_snapshot(on_snapshot)
    with runtime:
        finished = runtime.run_until(
            lambda: controller.snapshot.phase == "shoe_ended", timeout=timeout
        )
    assert finished, f"the shoe did not end: {controller.snapshot.instruction}"
    return controller, records


@pytest.mark.parametrize(
    "variant", ["punto-banco", "no-commission", "ez-baccarat", "chemin-de-fer", "banque"]
)
def test_a_whole_shoe_of_every_variant(variant: str) -> None:
    config = make_config(
        table={"variant": variant, "confirm_coup": True, "shuffle_check": True},
        shoe={"burn": "first_card_value"},
    )
    source = build_source("mock://?seed=11", config)
    assert isinstance(source, MockShoe)
    controller, records = run_shoe(config, source)
    snap = controller.snapshot
    shoe = snap.shoe
    assert shoe.cards_out == source.cards_dealt
    assert shoe.cards_out + shoe.cards_left == config.shoe.decks * 52
    # every coup recorded follows the rules when dealt again through the engine
    dealt: dict[int, list[CardDealt]] = {}
    for record in records:
        if isinstance(record.event, CardDealt):
            dealt.setdefault(record.event.coup, []).append(record.event)
    completed = [r.event for r in records if isinstance(r.event, CoupCompleted)]
    assert len(completed) == shoe.coups_played == len(snap.history) > 10
    decisions = {
        (r.event.coup, r.event.hand): r.event.choice for r in records if r.event.type == "decision"
    }  # type: ignore[union-attr]
    for event in completed:
        coup = Coup(config.variant.rules)
        for card_event in dealt[event.coup]:
            while not coup.can_deal(card_event.card, Hand(card_event.hand)):
                step = coup.next_step
                choice = Choice(decisions[(event.coup, step.hand.value)])  # type: ignore[union-attr]
                coup.decide(step.hand, choice)  # type: ignore[union-attr]
            coup.deal(card_event.card, Hand(card_event.hand))
        while isinstance(coup.next_step, DecisionDue):  # a last choice: stand
            step = coup.next_step
            coup.decide(step.hand, Choice(decisions[(event.coup, step.hand.value)]))
        assert coup.is_complete
        assert {h.value: t for h, t in coup.totals.items()} == dict(event.totals)
    # the burn came first and took the turned card's count
    burned = [r.event for r in records if isinstance(r.event, Burned)]
    assert burned[0].reason == "burn_turned"
    assert len([b for b in burned if b.reason in ("burn", "burn_turned")]) == (
        1 + burned[0].burn_count
    )
    ended = [r.event for r in records if isinstance(r.event, ShoeEnded)]
    assert len(ended) == 1 and ended[0].cards_left == shoe.cards_left
    assert shoe.cut_card_out and shoe.last_coup == shoe.coups_played


def stacked(cards: str, cut: int) -> MockShoe:
    return MockShoe(cards=parse_cards([cards]), cut_card_from_end=cut)


# Four coups in which the Player has a natural 9 (P1 9, B1 2, P2 a ten, B2 3), all cards
# different, then four spare cards: 20 cards.
NATURALS = "9S 2S KH 3H  9H 2H KD 3D  9D 2D KC 3C  9C 2C QS 4S  5S 5H 5D 5C"


@pytest.mark.parametrize(
    ("cut_from_end", "after", "coups"),
    [
        (12, 1, 3),  # in front of card 9, coup 3's first card: coup 3 is the last
        (12, 0, 3),
        (14, 1, 3),  # in front of card 7, in coup 2: one more coup
        (14, 0, 2),  # ... or none
    ],
)
def test_cut_card_and_last_hand(cut_from_end: int, after: int, coups: int) -> None:
    config = make_config(
        table={"confirm_coup": True},
        shoe={"decks": 1, "cut_card_from_end": 6, "coups_after_cut_card": after},
    )
    source = stacked(NATURALS, cut_from_end)
    controller, records = run_shoe(config, source)
    assert controller.snapshot.shoe.coups_played == coups
    cut = [r.event for r in records if r.event.type == "cut_card"]
    assert len(cut) == 1 and cut[0].last_coup == coups  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("burn", "burn_cards", "expected"),
    [
        ("first_card_value", "KS 6S 7S 8S 6H 7H 8H 6D 7D 8D 6C", 11),  # a king burns 10 more
        ("first_card_value", "7C 6S 7S 8S 6H 7H 8H 6D", 8),
        (3, "KS 7C 8C", 3),
        ("none", "", 0),
    ],
)
def test_burn_modes(burn: object, burn_cards: str, expected: int) -> None:
    config = make_config(
        table={"confirm_coup": True}, shoe={"burn": burn, "decks": 1, "cut_card_from_end": 6}
    )
    _controller, records = run_shoe(config, stacked(f"{burn_cards} {NATURALS}".strip(), 8))
    burned = [r.event for r in records if isinstance(r.event, Burned)]
    assert [b.card.code for b in burned] == burn_cards.split()
    assert len(burned) == expected
    if expected:
        assert burned[0].reason == ("burn_turned" if burn == "first_card_value" else "burn")
    first_dealt = next(r.event for r in records if isinstance(r.event, CardDealt))
    assert first_dealt.card.code == "9S"


def test_mock_shoe_is_reproducible_and_secure_by_default() -> None:
    first = MockShoe(seed=5)
    second = MockShoe(seed=5)
    first._load_shoe(1)
    second._load_shoe(1)
    assert first._order == second._order
    unseeded = MockShoe()
    unseeded._load_shoe(1)
    again = MockShoe()
    again._load_shoe(1)
    assert unseeded._order != again._order


def test_mock_url_options_are_checked() -> None:
    config = make_config()
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        build_source("mock://?colour=red", config)
    with pytest.raises(ValueError, match="not a number"):
        build_source("mock://?pace=fast", config)
    with pytest.raises(ValueError, match="no card source for nope://"):
        build_source("nope://x", config)
