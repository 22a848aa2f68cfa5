"""Card accounting: every card the table sees is counted against what the shoe holds.

A card seen more often than the shoe holds it is a *duplicate* (a card switched in, or a misread);
a card the shoe does not hold at all is *foreign* (another deck set, another back colour, a card
removed before the shoe). Regulators ask for both to be reported with counts (field.md, "Deck
inventory"), and no coup should start while one stands, so the verdict says plainly what was
seen and how many the shoe holds. The same counts feed an odds engine: what is left, by rank.

>>> from dealer_assist.cards import parse_card
>>> account = CardAccount(composition={parse_card("AS"): 1, parse_card("KH"): 2})
>>> account.count(parse_card("AS")).code, account.count(parse_card("AS")).message
(<AccountCode.OK: 'ok'>, 'duplicate AS: seen 2 times, the shoe holds 1')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import NamedTuple

from dealer_assist.cards import ALL_RANKS, Card, Rank, shoe_composition
from dealer_assist.errors import InputError


class AccountCode(Enum):
    OK = "ok"
    DUPLICATE = "duplicate"
    FOREIGN = "foreign"


class CardVerdict(NamedTuple):
    """What counting ``card`` showed: ``seen`` includes this card, ``held`` is the shoe's count."""

    card: Card
    code: AccountCode
    seen: int
    held: int
    message: str

    @property
    def ok(self) -> bool:
        return self.code is AccountCode.OK


class CardAccount:
    """The count of one shoe's cards. Not thread-safe: the table controller owns it."""

    __slots__ = ("_composition", "_faults", "_remaining", "_seen", "_total_seen")

    def __init__(self, *, composition: Mapping[Card, int]) -> None:
        """``composition``: how many of each card the shoe holds (cards removed, other backs)."""
        for card, held in composition.items():
            if not isinstance(card, Card) or held < 0:
                raise InputError(f"composition: {card!r} held {held} times")
        self._composition: dict[Card, int] = {c: n for c, n in composition.items() if n > 0}
        self._remaining: dict[Card, int] = dict(self._composition)
        self._seen: Counter[Card] = Counter()
        self._total_seen = 0
        self._faults: list[CardVerdict] = []

    @classmethod
    def for_decks(cls, decks: int) -> CardAccount:
        return cls(composition=shoe_composition(decks))

    # --- counting --------------------------------------------------------------------------

    def check(self, card: Card) -> CardVerdict:
        """The verdict counting ``card`` would give, without counting it."""
        held = self._composition.get(card, 0)
        seen = self._seen[card] + 1
        if held == 0:
            return CardVerdict(
                card,
                AccountCode.FOREIGN,
                seen,
                0,
                f"foreign {card}: this shoe holds no {card} (check the deck set and back colour); "
                f"seen {seen} time{'s' if seen > 1 else ''}",
            )
        if seen > held:
            return CardVerdict(
                card,
                AccountCode.DUPLICATE,
                seen,
                held,
                f"duplicate {card}: seen {seen} times, the shoe holds {held}",
            )
        return CardVerdict(card, AccountCode.OK, seen, held, f"{card}: {seen} of {held} seen")

    def count(self, card: Card) -> CardVerdict:
        """Count ``card``: it is on the table, so it is counted whatever the verdict."""
        verdict = self.check(card)
        self._seen[card] += 1
        self._total_seen += 1
        if verdict.ok:
            self._remaining[card] -= 1
        else:
            self._faults.append(verdict)
        return verdict

    def count_all(self, cards: Iterable[Card]) -> tuple[CardVerdict, ...]:
        return tuple(self.count(card) for card in cards)

    # --- reading ---------------------------------------------------------------------------

    @property
    def composition(self) -> dict[Card, int]:
        return dict(self._composition)

    @property
    def cards_seen(self) -> int:
        """Every card counted, duplicates and foreign cards included."""
        return self._total_seen

    @property
    def cards_left(self) -> int:
        """Cards of the composition not yet seen."""
        return sum(self._remaining.values())

    @property
    def faults(self) -> tuple[CardVerdict, ...]:
        """Every duplicate and foreign card counted so far, in order."""
        return tuple(self._faults)

    def seen(self, card: Card) -> int:
        return self._seen[card]

    def remaining_by_card(self) -> dict[Card, int]:
        """What the shoe still holds, card by card (zeros included for held cards)."""
        return dict(self._remaining)

    def remaining_by_rank(self) -> dict[Rank, int]:
        """What the shoe still holds by rank, every rank present: the odds engine's input."""
        by_rank = dict.fromkeys(ALL_RANKS, 0)
        for card, left in self._remaining.items():
            by_rank[card.rank] += left
        return by_rank
