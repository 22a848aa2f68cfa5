"""Every expected answer the trainer gives equals the rules engine's (issue 26, Done-when 1).

The expected answer of each prompt is recomputed here from what the trainee is shown (the
cards, the bet, the stake), by calling the rules engine directly: the coup state machine, the
outcome, settlement, the commission boxes and the shoe.
"""

from __future__ import annotations

from decimal import Decimal
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.cards import parse_card, parse_cards
from dealer_assist.rules.coup import Coup, CoupRules, DealTo, DecisionDue, Hand
from dealer_assist.rules.outcome import outcome_of
from dealer_assist.rules.settlement import (
    Bet,
    CommissionBoxes,
    CommissionMode,
    SettlementRules,
    settle,
)
from dealer_assist.rules.tableau import PUNTO_BANCO, Action
from dealer_assist.rules.variants import default_catalog
from dealer_assist.shoe.events import CardBurned
from dealer_assist.shoe.settings import BurnRule, ShoeSettings
from dealer_assist.shoe.shoe import Shoe
from dealer_assist.training.items import Kind, build_catalog, default_payout_tables, tableau_cell
from dealer_assist.training.prompts import Prompt, PromptMaker, judge

CATALOG = default_catalog()
TABLES = default_payout_tables(CATALOG)
ITEMS = build_catalog(tables=TABLES, commission_rate=Decimal("0.05"))
VARIANTS = {table.label: table.variant for table in TABLES}


def _deal_order(prompt: Prompt) -> list:
    player = parse_cards(prompt.fields["player_cards"])
    banker = parse_cards(prompt.fields["banker_cards"])
    return [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]


def _coup(rules: CoupRules, prompt: Prompt) -> Coup:
    coup = Coup(rules)
    for card in _deal_order(prompt):
        coup.deal(card)
    return coup


def _engine_call(coup: Coup, hand: Hand) -> str:
    step = coup.next_step
    if isinstance(step, DecisionDue) and step.hand is hand:
        return "option"
    return "draw" if isinstance(step, DealTo) and step.hand is hand else "stand"


def _check_tableau(prompt: Prompt) -> None:
    rules = (
        CoupRules.chemin_de_fer() if prompt.item.kind is Kind.OPTIONS else CoupRules.punto_banco()
    )
    coup = _coup(rules, prompt)
    hand = Hand(prompt.question)
    assert prompt.expected == {"answer": _engine_call(coup, hand)}
    player, banker = coup.cards(Hand.PLAYER), coup.cards(Hand.BANKER)
    cell = tableau_cell(
        prompt.item.id.replace("options:punter", "tableau:player").replace("options:", "tableau:")
    )
    if cell is None:  # a natural: the other side has 8 or 9, the asked hand does not draw
        assert max(coup.totals.values()) >= 8 and prompt.expected == {"answer": "stand"}
        return
    side, total, third = cell
    if side == "player":
        assert hand is Hand.PLAYER and (player[0].value + player[1].value) % 10 == total
        assert len(banker) == 2 and (banker[0].value + banker[1].value) % 10 < 8
        return
    assert hand is Hand.BANKER and (banker[0].value + banker[1].value) % 10 == total
    assert (player[2].value if len(player) == 3 else None) == third
    if prompt.item.kind is Kind.TABLEAU:  # the same cell of the engine's own table
        assert prompt.expected["answer"] == (
            "draw" if PUNTO_BANCO[(total, third)] is Action.DRAW else "stand"
        )


def _check_winner(prompt: Prompt) -> None:
    outcome = outcome_of(_coup(CoupRules.punto_banco(), prompt))
    assert outcome.facts is not None and outcome.winner is not None
    _, how, winner = prompt.item.id.split(":")
    assert str(outcome.winner) == winner and outcome.natural == (how == "natural")
    assert prompt.expected == {
        "answer": outcome.winner.value,
        "player_total": outcome.facts.player_total,
        "banker_total": outcome.facts.banker_total,
    }


def _check_payout(prompt: Prompt) -> None:
    _, label, bet_name, key = prompt.item.id.split(":")
    variant = VARIANTS[label]
    outcome = outcome_of(_coup(variant.rules, prompt))
    bet = variant.bet(bet_name)
    assert next(k for k in bet.keys(outcome) if k in bet.pays) == key
    stake = Decimal(prompt.fields["stake"])
    settled = settle(variant, outcome, [Bet(seat=3, name=bet_name, stake=stake)], SettlementRules())
    assert settled.bets[0].payout > 0
    assert prompt.expected == {"answer": settled.bets[0].returned - stake}


def _check_commission(prompt: Prompt) -> None:
    variant = CATALOG.variant("punto-banco")
    mode = CommissionMode.IMMEDIATE if prompt.question == "commission" else CommissionMode.BOX
    rules = SettlementRules(commission_mode=mode)
    if prompt.question == "collect":
        boxes = CommissionBoxes()
        player = parse_cards(["2S", "4S"])
        banker = parse_cards(["3S", "4H"])  # Banker 7 to 6: a Banker win
        outcome = outcome_of(_coup_of([player[0], banker[0], player[1], banker[1]]))
        for stake in prompt.fields["banker_wins"]:
            bets = [Bet(seat=5, name="banker", stake=Decimal(stake))]
            boxes = boxes.mark(settle(variant, outcome, bets, rules).commission_to_boxes)
        _, collection = boxes.collect(5, rules.commission_rounding)
        assert prompt.expected == {"answer": collection.due}
        return
    outcome = outcome_of(_coup(variant.rules, prompt))
    stake = Decimal(prompt.fields["stake"])
    bet = settle(variant, outcome, [Bet(seat=1, name="banker", stake=stake)], rules).bets[0]
    wanted = bet.commission if prompt.question == "commission" else bet.commission_to_box
    assert wanted > 0 and prompt.expected == {"answer": wanted}


def _coup_of(cards: list) -> Coup:
    coup = Coup(CoupRules.punto_banco())
    for card in cards:
        coup.deal(card)
    return coup


def _check_shoe(prompt: Prompt) -> None:
    if prompt.question == "burn":
        first = parse_card(prompt.fields["first_card"])
        settings = ShoeSettings(decks=1, cut_card_from_end=14, burn=BurnRule.first_card_value())
        shoe = Shoe.stacked(settings=settings, cards=[first, *parse_cards(["2C"] * 30)])
        burned = sum(isinstance(event, CardBurned) for event in shoe.burn())
        assert prompt.expected == {"answer": burned} and burned == int(prompt.item.id.split(":")[2])
        return
    shoe = Shoe.observed(settings=ShoeSettings(burn=BurnRule.none()))
    for _ in range(prompt.fields["coup"] - 1):
        shoe.start_coup()
        for card in parse_cards(["2C 3C 4C 5C"]):
            shoe.draw(card)
        shoe.end_coup()
    shoe.start_coup()
    for card in parse_cards(["6D"] * prompt.fields["cards_dealt_in_coup"]):
        shoe.draw(card)
    shoe.signal_cut_card()
    assert shoe.last_coup is not None
    assert prompt.expected == {"answer": shoe.last_coup - shoe.coup}


CHECKS = {
    Kind.TABLEAU: _check_tableau,
    Kind.OPTIONS: _check_tableau,
    Kind.WINNER: _check_winner,
    Kind.PAYOUT: _check_payout,
    Kind.COMMISSION: _check_commission,
    Kind.SHOE: _check_shoe,
}


@pytest.mark.parametrize("item", ITEMS.items, ids=lambda item: item.id)
def test_every_item_expects_the_rules_engines_answer(item) -> None:
    """Each item once, from a fixed seed: every tableau cell and every payout line."""
    prompt = PromptMaker(tables=TABLES, rng=Random(item.id)).prompt(item)
    CHECKS[item.kind](prompt)
    assert judge(prompt, prompt.expected)


@settings(max_examples=300, deadline=None)
@given(item=st.sampled_from(ITEMS.items), seed=st.integers(min_value=0, max_value=2**32))
def test_expected_answers_equal_the_rules_engine_for_random_deals_and_stakes(item, seed) -> None:
    prompt = PromptMaker(tables=TABLES, rng=Random(seed)).prompt(item)
    CHECKS[item.kind](prompt)


def test_the_catalogue_covers_every_tableau_cell_and_payout_kind() -> None:
    cells = {tableau_cell(item.id) for item in ITEMS.of_kinds([Kind.TABLEAU])} - {None}
    assert len(cells) == 8 + 8 * 11
    assert {(side, t, x) for side, t, x in cells if side == "banker"} == {
        ("banker", total, third) for (total, third) in PUNTO_BANCO
    }
    payout_ids = {item.id for item in ITEMS.of_kinds([Kind.PAYOUT])}
    for wanted in (
        "payout:punto-banco:banker:win",
        "payout:punto-banco:tie:tie",
        "payout:tie-9:tie:tie",
        "payout:no-commission:banker:win_on_6",
        "payout:ez-baccarat:dragon7:win_3_card_7",
        "payout:ez-baccarat:panda8:win_3_card_8",
        "payout:punto-banco:player_pair:pair",
    ):
        assert wanted in payout_ids


@pytest.mark.parametrize(
    ("answer", "right"),
    [
        ({"answer": "118.75"}, True),
        ({"answer": "118.750"}, True),
        ({"answer": 118.75}, False),  # a float is not an amount of money
        ({"answer": "118.7"}, False),
        ({"answer": "abc"}, False),
        ({}, False),
    ],
)
def test_amounts_are_judged_exactly(answer, right) -> None:
    item = ITEMS.get("commission:take")
    prompt = Prompt(
        item=item, question="commission", fields={}, expected={"answer": Decimal("118.75")}
    )
    assert judge(prompt, answer) is right
