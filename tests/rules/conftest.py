"""Helpers shared by the rules tests."""

from __future__ import annotations

from dealer_assist.cards import Card, Rank, Suit

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def card_of(value: int, suit_index: int = 0) -> Card:
    """A card of baccarat value ``value`` (0 is a king)."""
    rank = Rank.KING if value == 0 else Rank(value)
    return Card(rank, _SUITS[suit_index % 4])


def cards_of(*values: int) -> list[Card]:
    """Cards of the given values, suits rotating so no two neighbours are identical."""
    return [card_of(value, index) for index, value in enumerate(values)]
