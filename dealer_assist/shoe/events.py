"""The shoe's record: one immutable event per action, numbered from 0 in the order they happened.

The events are the audit log (house style: "events are the record"): a journal that stores them
can rebuild what left the shoe, in order, and why the shoe ended. ``position`` is always the
card's index in the shoe's card order (0 = the first card out), so burned and dealt cards share
one count and the cut card's place can be compared with them.

The shuffled order itself is never an event: a log that held it would tell whoever reads it
every coup of the shoe in advance.
"""

from __future__ import annotations

from typing import NamedTuple

from dealer_assist.cards import Card


class ShoeStarted(NamedTuple):
    """A new shoe is in the shoe box. ``seed`` is set only for a replayable training shoe."""

    seq: int
    card_count: int
    # Index of the first card behind the cut card; None when the position is unknown (a live
    # shoe whose cut card the dealer reports).
    cut_card_index: int | None
    order_known: bool
    seed: int | None


class BurnCardTurned(NamedTuple):
    """The first card was turned face up; ``burn_count`` more go face down."""

    seq: int
    card: Card
    position: int
    burn_count: int


class CardBurned(NamedTuple):
    """One card went face down to the discard tray as part of the burn."""

    seq: int
    card: Card
    position: int


class CutCardOut(NamedTuple):
    """The cut card appeared. ``last_coup`` is the number of the shoe's last coup."""

    seq: int
    # Index of the card the cut card came out in front of.
    position: int
    # The coup being dealt (0 while burning or between coups).
    coup: int
    in_place_of_first_card: bool
    last_coup: int


class CoupStarted(NamedTuple):
    seq: int
    coup: int


class CardDrawn(NamedTuple):
    """``card`` left the shoe for coup ``coup``."""

    seq: int
    card: Card
    position: int
    coup: int


class CardDiscarded(NamedTuple):
    """A card left the shoe but plays no part: an extra card, or one set aside after an alert."""

    seq: int
    card: Card
    position: int
    coup: int


class CoupEnded(NamedTuple):
    seq: int
    coup: int
    cards: int


class ShoeEnded(NamedTuple):
    """No more coups from this shoe; ``reason`` says why, for the croupier and the log."""

    seq: int
    reason: str
    coups: int
    cards_left: int


ShoeEvent = (
    ShoeStarted
    | BurnCardTurned
    | CardBurned
    | CutCardOut
    | CoupStarted
    | CardDrawn
    | CardDiscarded
    | CoupEnded
    | ShoeEnded
)
