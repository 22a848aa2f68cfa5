"""Cards: rank, suit, the frozen :class:`Card`, text forms and shoe composition.

Accepted text: rank then suit, case-insensitive, with ``T`` or ``10`` for ten, suits as letters
(``S H D C``) or symbols (``♠ ♥ ♦ ♣``, also the outline forms). Examples: ``AS``, ``TD``,
``10D``, ``qh``, ``Q♥``.

>>> parse_card("10d")
Card(rank=<Rank.TEN: 10>, suit=<Suit.DIAMONDS: 'D'>)
>>> str(parse_card("Q♥")), parse_card("K♠").value
('QH', 0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from dealer_assist.errors import CardParseError, InputError


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def value_in_baccarat(self) -> int:
        """A = 1, 2-9 at face value, ten and faces 0."""
        return int(self) if self < 10 else 0

    @property
    def burn_count(self) -> int:
        """How many cards this card burns when it opens a shoe (ten and faces count 10)."""
        return min(int(self), 10)

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]


class Suit(Enum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons: an identity hash is correct and much cheaper than Enum's.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_RANK_SYMBOLS = {
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
}
_RANK_BY_TEXT = {v: k for k, v in _RANK_SYMBOLS.items()} | {"10": Rank.TEN}
_BACCARAT_VALUE = {rank: (int(rank) if rank < 10 else 0) for rank in Rank}
_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}


@dataclass(frozen=True, slots=True)
class Card:
    rank: Rank
    suit: Suit
    # The baccarat value, kept with the card: the engine reads it for every card dealt.
    value: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", _BACCARAT_VALUE[self.rank])

    @property
    def code(self) -> str:
        """The two-character form, e.g. ``TD``."""
        return f"{self.rank.symbol}{self.suit.value}"

    @property
    def pretty(self) -> str:
        """The form people read, e.g. ``10♦``."""
        rank = "10" if self.rank is Rank.TEN else self.rank.symbol
        return f"{rank}{self.suit.symbol}"

    def __str__(self) -> str:
        return self.code

    @property
    def sort_key(self) -> tuple[int, int]:
        """Order by rank, then suit in new-deck order (spades, hearts, diamonds, clubs)."""
        return (int(self.rank), _SUIT_ORDER[self.suit])


def parse_card(text: str) -> Card:
    """Read one card; raises :class:`CardParseError` naming the text."""
    if not isinstance(text, str):
        raise CardParseError(repr(text), "not text")
    cleaned = text.strip().upper()
    if len(cleaned) < 2:
        raise CardParseError(text, "expected a rank and a suit, such as 'AS' or '10D'")
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    rank = _RANK_BY_TEXT.get(rank_text)
    suit = _SUIT_BY_TEXT.get(suit_text)
    if rank is None:
        raise CardParseError(text, f"unknown rank {rank_text!r} (use A, 2-9, T or 10, J, Q, K)")
    if suit is None:
        raise CardParseError(text, f"unknown suit {suit_text!r} (use S, H, D, C or ♠ ♥ ♦ ♣)")
    return Card(rank, suit)


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Read several cards; commas and spaces both separate them inside one string."""
    cards: list[Card] = []
    for text in texts:
        for part in text.replace(",", " ").split():
            cards.append(parse_card(part))
    return cards


ALL_RANKS: tuple[Rank, ...] = tuple(Rank)
ALL_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RED_SUITS: frozenset[Suit] = frozenset(suit for suit in ALL_SUITS if suit.is_red)
BLACK_SUITS: frozenset[Suit] = frozenset(ALL_SUITS) - RED_SUITS
_SUIT_ORDER = {suit: index for index, suit in enumerate(ALL_SUITS)}


def one_deck() -> list[Card]:
    """A 52-card deck in the new-deck order used here: suits S, H, D, C, ranks A to K."""
    return [Card(rank, suit) for suit in ALL_SUITS for rank in ALL_RANKS]


def shoe_composition(decks: int) -> Counter[Card]:
    """How many of each card a shoe of ``decks`` full decks holds."""
    if decks < 1:
        raise InputError(f"a shoe needs at least one deck, not {decks}")
    return Counter({card: decks for card in one_deck()})


def values_of(cards: Iterable[Card]) -> Iterator[int]:
    return (card.value for card in cards)


def hand_total(cards: Iterable[Card]) -> int:
    """The baccarat total: the sum of values, modulo 10."""
    return sum(values_of(cards)) % 10
