"""What is left in the shoe, by value, by rank or by card, and the text forms of ``--remaining``.

The odds of every bet except the pairs need only the counts per baccarat value (0 for tens and
faces); pair bets need counts per rank, and the suited ("perfect") pairs counts per card. A
:class:`ShoeComposition` keeps the finest counts it was given and derives the coarser ones.

Text forms (comma- or space-separated ``KEY=COUNT`` tokens, case-insensitive):

* by rank: ``A=31,2=32,3=32,4=32,5=32,6=32,7=32,8=32,9=32,T=32,J=32,Q=32,K=29``; ``10`` may stand
  for ``T``. Every rank must be given exactly once, or ``*=N`` gives every rank not named.
* by card: ``AS=8,AH=7,...``, a card as :func:`~dealer_assist.cards.parse_card` reads it (rank
  then suit letter or symbol: ``10D``, ``TD``, ``Q♥``). Every one of the 52 cards must be given
  exactly once, or ``*=N`` gives every card not named: ``*=8,AS=7,KH=6`` is an eight-deck shoe
  short of an ace of spades and two kings of hearts.

>>> parse_rank_counts("*=4, K=3").size
51
>>> parse_card_counts("*=1,AS=0").rank_counts[0]
3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from dealer_assist.cards import ALL_RANKS, ALL_SUITS, Card, Rank, parse_card
from dealer_assist.errors import CardParseError, DealerAssistError

#: The 52 cards in the order of :attr:`ShoeComposition.card_counts`: ranks A..K, suits S H D C.
CARD_ORDER: tuple[Card, ...] = tuple(Card(rank, suit) for rank in ALL_RANKS for suit in ALL_SUITS)
_CARD_INDEX = {card: index for index, card in enumerate(CARD_ORDER)}
_RANK_TEXT = {"A": Rank.ACE, "T": Rank.TEN, "10": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN}
_RANK_TEXT |= {"K": Rank.KING} | {str(value): Rank(value) for value in range(2, 10)}


class CompositionError(DealerAssistError, ValueError):
    """Counts that do not describe a shoe (negative, the wrong length, too few cards...)."""


class RemainingParseError(CompositionError):
    """A ``--remaining`` text that cannot be read; names the token and what is wrong with it."""

    def __init__(self, token: str, reason: str) -> None:
        self.token = token
        self.reason = reason
        super().__init__(f"--remaining {token!r}: {reason}" if token else f"--remaining: {reason}")


def _checked(counts: Iterable[int], length: int, what: str) -> tuple[int, ...]:
    values = tuple(counts)
    if len(values) != length:
        raise CompositionError(f"{what} needs {length} counts, got {len(values)}")
    for position, count in enumerate(values):
        if isinstance(count, bool) or not isinstance(count, int):
            raise CompositionError(f"{what}: count {position} is {count!r}, not a whole number")
        if count < 0:
            raise CompositionError(f"{what}: count {position} is negative ({count})")
    return values


@dataclass(frozen=True, slots=True)
class ShoeComposition:
    """How many cards of each kind a shoe holds. Build it with the ``of_*`` constructors.

    ``value_counts`` is always known; ``rank_counts`` (13, ace to king) when the shoe was
    given by rank or by card; ``card_counts`` (52, :data:`CARD_ORDER`) when given by card.
    """

    value_counts: tuple[int, ...]
    rank_counts: tuple[int, ...] | None = None
    card_counts: tuple[int, ...] | None = None

    @staticmethod
    def of_values(counts: Sequence[int]) -> ShoeComposition:
        """Counts per baccarat value 0..9 (value 0: tens, jacks, queens and kings)."""
        return ShoeComposition(_checked(counts, 10, "a shoe by value"))

    @staticmethod
    def of_ranks(counts: Mapping[Rank, int] | Sequence[int]) -> ShoeComposition:
        """Counts per rank: a mapping (ranks left out count 0) or 13 counts, ace to king."""
        if isinstance(counts, Mapping):
            unknown = [key for key in counts if not isinstance(key, Rank)]
            if unknown:
                raise CompositionError(f"a shoe by rank: {unknown[0]!r} is not a rank")
            counts = [counts.get(rank, 0) for rank in ALL_RANKS]
        ranks = _checked(counts, 13, "a shoe by rank")
        values = [0] * 10
        for rank, count in zip(ALL_RANKS, ranks, strict=True):
            values[rank.value_in_baccarat] += count
        return ShoeComposition(tuple(values), ranks)

    @staticmethod
    def of_cards(counts: Mapping[Card, int] | Sequence[int]) -> ShoeComposition:
        """Counts per card: a mapping (cards left out count 0) or 52 counts in CARD_ORDER."""
        if isinstance(counts, Mapping):
            unknown = [key for key in counts if not isinstance(key, Card)]
            if unknown:
                raise CompositionError(f"a shoe by card: {unknown[0]!r} is not a card")
            counts = [counts.get(card, 0) for card in CARD_ORDER]
        cards = _checked(counts, 52, "a shoe by card")
        ranks = tuple(sum(cards[4 * index : 4 * index + 4]) for index in range(13))
        return ShoeComposition(ShoeComposition.of_ranks(ranks).value_counts, ranks, cards)

    @staticmethod
    def full(decks: int) -> ShoeComposition:
        """``decks`` complete 52-card decks, counted by card."""
        if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
            raise CompositionError(
                f"a shoe needs a whole number of decks, at least 1, not {decks!r}"
            )
        return ShoeComposition.of_cards([decks] * 52)

    @property
    def size(self) -> int:
        return sum(self.value_counts)

    @property
    def has_ranks(self) -> bool:
        return self.rank_counts is not None

    @property
    def has_suits(self) -> bool:
        return self.card_counts is not None

    def count(self, card: Card) -> int:
        """How many of ``card`` the shoe holds (needs counts per card)."""
        if self.card_counts is None:
            raise CompositionError("this shoe was not counted by card")
        return self.card_counts[_CARD_INDEX[card]]

    def without(self, cards: Iterable[Card]) -> ShoeComposition:
        """The shoe after ``cards`` left it (dealt or burned); raises if one is not there.

        A shoe counted by value or by rank loses the card's value or rank.
        """
        removed = Counter(cards)
        if self.card_counts is not None:
            remaining = list(self.card_counts)
            for card, number in removed.items():
                index = _CARD_INDEX[card]
                if remaining[index] < number:
                    raise CompositionError(
                        f"cannot remove {number} x {card}: the shoe holds {remaining[index]}"
                    )
                remaining[index] -= number
            return ShoeComposition.of_cards(remaining)
        if self.rank_counts is not None:
            ranks = list(self.rank_counts)
            for card, number in removed.items():
                index = int(card.rank) - 1
                if ranks[index] < number:
                    raise CompositionError(
                        f"cannot remove {number} x rank {card.rank.symbol}: "
                        f"the shoe holds {ranks[index]}"
                    )
                ranks[index] -= number
            return ShoeComposition.of_ranks(ranks)
        values = list(self.value_counts)
        for card, number in removed.items():
            if values[card.value] < number:
                raise CompositionError(
                    f"cannot remove {number} card(s) of value {card.value}: "
                    f"the shoe holds {values[card.value]}"
                )
            values[card.value] -= number
        return ShoeComposition.of_values(values)


def full_shoe(decks: int) -> ShoeComposition:
    """``decks`` complete decks, counted by card (so every bet, pairs included, can be priced)."""
    return ShoeComposition.full(decks)


# --- text forms ----------------------------------------------------------------------------


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """``(token, key, count)`` for each ``KEY=COUNT`` token."""
    if not isinstance(text, str):
        raise RemainingParseError(repr(text), "expected text such as 'A=31,2=32,...'")
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise RemainingParseError("", "no counts given (write KEY=COUNT, e.g. 'A=31,2=32,...')")
    read = []
    for token in tokens:
        key, sep, count_text = token.partition("=")
        key = key.strip().upper()
        count_text = count_text.strip()
        if not sep or not key:
            raise RemainingParseError(token, "write KEY=COUNT, e.g. 'A=31' or 'AS=8'")
        if not count_text.isdigit() or not count_text.isascii():
            raise RemainingParseError(token, f"the count {count_text!r} is not a whole number >= 0")
        read.append((token, key, int(count_text)))
    return read


def _name(key: object) -> str:
    return key.symbol if isinstance(key, Rank) else str(key)


def _fill(
    tokens: list[tuple[str, str, int]],
    keys: Sequence[object],
    key_of: dict[str, object],
    what: str,
) -> list[int]:
    counts: dict[object, int] = {}
    named_by: dict[object, str] = {}
    default: int | None = None
    for token, key, count in tokens:
        if key == "*":
            if default is not None:
                raise RemainingParseError(token, "'*' given twice")
            default = count
            continue
        item = key_of[key]
        if item in counts:
            raise RemainingParseError(token, f"{what} {key} already given by {named_by[item]!r}")
        counts[item] = count
        named_by[item] = token
    if default is None:
        missing = [key for key in keys if key not in counts]
        if missing:
            names = ", ".join(_name(key) for key in missing[:13])
            more = "" if len(missing) <= 13 else f" and {len(missing) - 13} more"
            raise RemainingParseError(
                "",
                f"no count for {what} {names}{more} (give every {what}, or '*=N' for the rest)",
            )
        default = 0
    return [counts.get(key, default) for key in keys]


def parse_rank_counts(text: str) -> ShoeComposition:
    """Read the by-rank form, e.g. ``"A=31,2=32,...,K=29"`` (see the module docstring)."""
    tokens = _tokens(text)
    key_of: dict[str, object] = {}
    for token, key, _ in tokens:
        if key == "*":
            continue
        rank = _RANK_TEXT.get(key)
        if rank is None:
            raise RemainingParseError(
                token, f"{key!r} is not a rank (use A, 2-9, T or 10, J, Q, K)"
            )
        key_of[key] = rank
    counts = _fill(tokens, ALL_RANKS, key_of, "rank")
    return ShoeComposition.of_ranks(counts)


def parse_card_counts(text: str) -> ShoeComposition:
    """Read the by-card form, e.g. ``"*=8,AS=7"`` (see the module docstring)."""
    tokens = _tokens(text)
    key_of: dict[str, object] = {}
    for token, key, _ in tokens:
        if key == "*":
            continue
        try:
            key_of[key] = parse_card(key)
        except CardParseError as error:
            raise RemainingParseError(token, error.reason) from None
    counts = _fill(tokens, CARD_ORDER, key_of, "card")
    return ShoeComposition.of_cards(counts)


def parse_remaining(text: str) -> ShoeComposition:
    """Read either form, telling them apart by their keys (ranks or cards, never both)."""
    tokens = _tokens(text)
    keys = [key for _, key, _ in tokens if key != "*"]
    if not keys:
        raise RemainingParseError(
            text.strip(), "'*' alone is ambiguous: name at least one rank or card"
        )
    kinds = []
    for token, key, _ in tokens:
        if key == "*":
            continue
        if key in _RANK_TEXT:
            kinds.append(("rank", token))
            continue
        try:
            parse_card(key)
        except CardParseError:
            raise RemainingParseError(
                token, f"{key!r} is neither a rank (A, 2-9, T, J, Q, K) nor a card (AS, 10H...)"
            ) from None
        kinds.append(("card", token))
    if all(kind == "rank" for kind, _ in kinds):
        return parse_rank_counts(text)
    if all(kind == "card" for kind, _ in kinds):
        return parse_card_counts(text)
    first_kind = kinds[0][0]
    odd_one = next(token for kind, token in kinds if kind != first_kind)
    raise RemainingParseError(
        odd_one, "ranks and cards mixed: give counts by rank (A=31) or by card (AS=8), not both"
    )
