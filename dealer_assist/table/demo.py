"""``dealer-assist demo``: coups dealt from a seeded shoe through the rules engine, as text.

The free choices are made by :mod:`dealer_assist.rules.strategy` (the punter draws on 5, the
banker follows the Punto Banco tableau, in Banque against the side still in play). When the shoe
holds fewer cards than the variant's valid deal needs, the cards left are set aside and a fresh
shoe is shuffled from the same seeded generator, so any number of coups can be dealt.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from dealer_assist.cards import Card, one_deck
from dealer_assist.rules.calls import call, instruction
from dealer_assist.rules.coup import Coup, DealTo, DecisionDue
from dealer_assist.rules.strategy import choice_for
from dealer_assist.rules.variants import Variant


def demo_lines(variant: Variant, *, coups: int, seed: int) -> Iterator[str]:
    """The demo's lines (each ending in a newline): a heading, then two lines a coup."""
    rng = random.Random(seed)
    cards = _shuffled(variant, rng)
    yield (f"{variant.title}: {coups} coups from a {variant.decks}-deck shoe, seed {seed}\n")
    for number in range(1, coups + 1):
        if len(cards) < variant.min_cards_for_deal:
            cards = _shuffled(variant, rng)
            yield (
                f"      {variant.min_cards_for_deal}-card deal no longer valid: "
                "a fresh shoe is shuffled\n"
            )
        coup = deal_coup(variant, cards)
        hands = "  ".join(
            f"{hand.value.capitalize()} {' '.join(card.pretty for card in held)}"
            f" ({coup.totals[hand]})"
            for hand, held in coup.hands.items()
        )
        yield f"#{number:<3} {hands:<58} {instruction(coup)}\n      {call(coup)}\n"


def deal_coup(variant: Variant, cards: list[Card]) -> Coup:
    """One coup dealt from the end of ``cards`` (which it shortens), the free choices made by
    the demo's strategy."""
    coup = Coup(variant.rules)
    while not coup.is_complete:
        step = coup.next_step
        if isinstance(step, DealTo):
            coup.deal(cards.pop())
        elif isinstance(step, DecisionDue):
            coup.decide(step.hand, choice_for(coup, step))
    return coup


def _shuffled(variant: Variant, rng: random.Random) -> list[Card]:
    cards = one_deck() * variant.decks
    rng.shuffle(cards)
    return cards
