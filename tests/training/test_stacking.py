"""Stacked shoes: a legal shoe order that deals the tableau cell a drill wants (issue 26)."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.cards import shoe_composition
from dealer_assist.errors import InputError
from dealer_assist.rules.coup import Coup, CoupRules, Hand
from dealer_assist.rules.variants import default_catalog
from dealer_assist.shoe.settings import BurnRule, ShoeSettings
from dealer_assist.shoe.shoe import Shoe
from dealer_assist.training.items import Kind, build_catalog, default_payout_tables
from dealer_assist.training.prompts import PromptMaker, draws
from dealer_assist.training.stacking import CardPicker, complete_coup, stack_shoe

TABLES = default_payout_tables(default_catalog())
TABLEAU = build_catalog(tables=TABLES, commission_rate=Decimal("0.05")).of_kinds([Kind.TABLEAU])


@settings(max_examples=60, deadline=None)
@given(
    items=st.lists(st.sampled_from(TABLEAU), min_size=1, max_size=12),
    seed=st.integers(min_value=0, max_value=2**32),
    burn=st.sampled_from([BurnRule.first_card_value(), BurnRule.fixed(3), BurnRule.none()]),
)
def test_a_stacked_shoe_deals_each_wanted_cell_through_the_shoe_and_the_coup_engine(
    items, seed, burn
) -> None:
    rng = Random(seed)
    rules = CoupRules.punto_banco()
    maker = PromptMaker(tables=TABLES, rng=rng)
    prompts = [maker.prompt(item) for item in items]
    picker = CardPicker(decks=8, rng=rng)
    coups = [complete_coup(rules, prompt.cards, picker) for prompt in prompts]
    shoe_settings = ShoeSettings(decks=8, burn=burn)
    order = stack_shoe(coups, settings=shoe_settings, rng=rng)
    # A legal shoe: exactly the composition of eight decks.
    assert Counter(order) == shoe_composition(8)

    shoe = Shoe.stacked(settings=shoe_settings, cards=order)
    if burn != BurnRule.none():
        shoe.burn()
    for prompt in prompts:
        shoe.start_coup()
        coup = Coup(rules)
        asked = None
        while not coup.is_complete:
            if coup.card_count == len(prompt.cards):
                asked = draws(coup, Hand(prompt.question))
            coup.deal(shoe.draw().card)
        if coup.card_count == len(prompt.cards):
            asked = draws(coup, Hand(prompt.question))
        shoe.end_coup()
        assert [op.card for op in coup.operations][: len(prompt.cards)] == list(prompt.cards)
        assert asked == prompt.expected["answer"]


def test_a_shoe_cannot_hold_more_of_a_card_than_its_decks() -> None:
    card = TABLEAU[0]
    prompt = PromptMaker(tables=TABLES, rng=Random(1)).prompt(card)
    coups = [prompt.cards] * 3
    with pytest.raises(InputError, match="deal fewer coups"):
        stack_shoe(coups, settings=ShoeSettings(decks=1, cut_card_from_end=10), rng=Random(1))
