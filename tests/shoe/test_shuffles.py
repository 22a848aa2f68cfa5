"""The imperfect shuffles used for training shoes and for measuring the shuffle check."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from random import Random

import pytest

from dealer_assist.cards import one_deck, shoe_composition
from dealer_assist.shoe.shuffles import cut, factory_order, overhand, riffle, riffles


def test_factory_order_stacks_new_decks() -> None:
    cards = factory_order(decks=3)
    assert cards[:52] == cards[52:104] == one_deck()
    assert Counter(cards) == shoe_composition(3)
    with pytest.raises(ValueError, match="at least one deck"):
        factory_order(decks=0)


@pytest.mark.parametrize(
    "shuffle",
    [
        lambda cards, rng: riffle(cards, rng=rng),
        lambda cards, rng: riffles(cards, times=3, rng=rng),
        lambda cards, rng: overhand(cards, rng=rng),
        lambda cards, rng: cut(cards, rng=rng),
    ],
)
def test_shuffles_are_seeded_permutations(shuffle) -> None:  # type: ignore[no-untyped-def]
    cards = factory_order(decks=2)
    first, again = shuffle(cards, Random(5)), shuffle(cards, Random(5))
    assert first == again
    assert Counter(first) == Counter(cards)
    assert cards == factory_order(decks=2)  # the input is left alone


def test_a_riffle_interleaves_two_packets_in_order() -> None:
    deck = one_deck()
    shuffled = riffle(deck, rng=Random(2))
    where = [shuffled.index(card) for card in deck]
    # Each packet keeps its order: at most two rising sequences (card k + 1 above card k).
    rising = 1 + sum(1 for a, b in pairwise(where) if b < a)
    assert rising <= 2 and shuffled != deck


def test_overhand_reverses_packets() -> None:
    deck = one_deck()
    assert overhand(deck, rng=Random(1), packet_break_probability=1.0) == deck[::-1]
    with pytest.raises(ValueError, match="packet_break_probability"):
        overhand(deck, rng=Random(1), packet_break_probability=0)


def test_edge_cases() -> None:
    assert riffle([], rng=Random(1)) == [] and cut([], rng=Random(1)) == []
