"""Imperfect shuffles, for training shoes and for measuring the shuffle check.

A shuffle check is only as good as the bad shuffles it was measured against, so these model the
ones that happen: decks in factory order (the 2012 Atlantic City incident, field.md), a few
riffles (the Gilbert-Shannon-Reeds model, which matches how people riffle), overhand shuffles
(Pemantle's model: the deck leaves the hand in packets, packet order reversed) and a cut.
Every function takes the random source: a training shoe must be replayable from its seed.

>>> from random import Random
>>> deck = factory_order(decks=1)
>>> shuffled = riffle(deck, rng=Random(1))
>>> len(shuffled), set(shuffled) == set(deck), shuffled == riffle(deck, rng=Random(1))
(52, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

from dealer_assist.cards import Card, one_deck
from dealer_assist.errors import InputError


def factory_order(*, decks: int) -> list[Card]:
    """``decks`` new decks stacked, each in new-deck order (:func:`one_deck`)."""
    if decks < 1:
        raise InputError(f"at least one deck, not {decks}")
    return one_deck() * decks


def riffle(cards: Sequence[Card], *, rng: Random) -> list[Card]:
    """One Gilbert-Shannon-Reeds riffle: a binomial cut, then cards drop from each half with
    probability proportional to the half's size."""
    size = len(cards)
    cut = bin(rng.getrandbits(size)).count("1") if size else 0
    left, right = list(cards[:cut]), list(cards[cut:])
    merged: list[Card] = []
    i = j = 0
    while i < len(left) and j < len(right):
        left_size, right_size = len(left) - i, len(right) - j
        if rng.random() * (left_size + right_size) < left_size:
            merged.append(left[i])
            i += 1
        else:
            merged.append(right[j])
            j += 1
    merged.extend(left[i:])
    merged.extend(right[j:])
    return merged


def riffles(cards: Sequence[Card], *, times: int, rng: Random) -> list[Card]:
    shuffled = list(cards)
    for _ in range(times):
        shuffled = riffle(shuffled, rng=rng)
    return shuffled


def overhand(
    cards: Sequence[Card], *, rng: Random, packet_break_probability: float = 0.1
) -> list[Card]:
    """One overhand shuffle: packets (a break after each card with the given probability) are
    moved one by one from the top, so their order reverses while each keeps its own."""
    if not 0 < packet_break_probability <= 1:
        raise InputError(
            f"packet_break_probability must be in (0, 1], not {packet_break_probability}"
        )
    packets: list[list[Card]] = [[]]
    for card in cards:
        packets[-1].append(card)
        if rng.random() < packet_break_probability:
            packets.append([])
    return [card for packet in reversed(packets) for card in packet]


def cut(cards: Sequence[Card], *, rng: Random) -> list[Card]:
    """One cut at a uniformly chosen place: the bottom part goes on top."""
    if not cards:
        return []
    at = rng.randrange(len(cards))
    return list(cards[at:]) + list(cards[:at])
