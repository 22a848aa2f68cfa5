"""Stacked cards: a coup that reaches a chosen tableau cell, and a whole legal shoe around it.

A drill does not deal random hands: it deals the cards that put the trainee in front of the
item that is due. :func:`deal_cell` chooses the values (then ranks and suits from what is left
in the shoe) that bring the coup engine to a cell of the tableau and checks, by dealing them
through the engine, that they do. :func:`stack_shoe` lays such coups, after a burn, at the
front of a full shoe whose other cards are shuffled behind them: a permutation of the real
composition, so the mock shoe (or a dealer with a real shoe stacked by hand) deals it legally.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from random import Random

from dealer_assist.cards import Card, Rank, Suit, shoe_composition
from dealer_assist.errors import InputError
from dealer_assist.rules.coup import Coup, CoupRules, DealTo, Hand
from dealer_assist.shoe.settings import BurnMode, ShoeSettings


class CardPicker:
    """Takes cards of a wanted value from what is left of a ``decks``-deck shoe, by ``rng``."""

    def __init__(self, *, decks: int, rng: Random) -> None:
        self._left: Counter[Card] = shoe_composition(decks)
        self.rng = rng

    def _take_one(self, candidates: list[Card]) -> Card:
        if not candidates:
            raise InputError("the shoe has no card left of the value a stacked coup needs")
        card = self.rng.choice(candidates)
        self._left[card] -= 1
        return card

    def _available(self) -> list[Card]:
        return sorted((card for card, n in self._left.items() if n > 0), key=lambda c: c.sort_key)

    def of_value(self, value: int) -> Card:
        return self._take_one([card for card in self._available() if card.value == value])

    def any(self) -> Card:
        return self._take_one(self._available())

    def same_rank(self, card: Card, *, suit: Suit | None = None) -> Card:
        """A card of ``card``'s rank (and ``suit``, when given), if the shoe has one left."""
        candidates = [
            c for c in self._available() if c.rank is card.rank and (suit is None or c.suit is suit)
        ]
        return self._take_one(candidates) if candidates else self.any()

    def burn_card(self, count: int) -> Card:
        """A first card whose burn count is ``count`` (1-10)."""
        ranks = [rank for rank in Rank if rank.burn_count == count]
        if not ranks:
            raise InputError(f"no card burns {count}: the burn count is 1 to 10")
        return self._take_one([card for card in self._available() if card.rank in ranks])

    def take(self, count: int) -> list[Card]:
        """``count`` cards of what is left, shuffled."""
        rest = list(self._left.elements())
        rest.sort(key=lambda c: c.sort_key)
        self.rng.shuffle(rest)
        taken = rest[:count]
        self._left.subtract(taken)
        return taken

    def reserve(self, cards: Counter[Card]) -> None:
        """Take ``cards`` out of what is left (they are placed by the caller)."""
        self._left.subtract(cards)

    def remaining(self) -> list[Card]:
        return self.take(sum(self._left.values()))

    def pair_summing(self, total: int) -> tuple[Card, Card]:
        first = self.of_value(self.rng.randrange(10))
        return first, self.of_value((total - first.value) % 10)


def deal_cell(rules: CoupRules, parts: Sequence[str], picker: CardPicker) -> tuple[list[Card], str]:
    """Cards, in deal order, that bring a two-hand coup to the cell ``parts`` names, and the hand
    asked about. ``parts``: ``player T``, ``banker B X`` (X a third card or ``none``),
    ``natural player`` or ``natural banker``. The cards are checked by the coup engine."""
    rng = picker.rng
    # The punter's 5 is a free choice where the rules allow it: a banker cell must not wait on it.
    highest_drawing = 4 if rules.player_option_on_five else 5
    third: int | None = None
    kind = parts[0]
    if kind == "player":
        player_total, banker_total, question = int(parts[1]), rng.randrange(8), "player"
    elif kind == "banker":
        banker_total, question = int(parts[1]), "banker"
        if parts[2] == "none":
            player_total = rng.choice((6, 7))
        else:
            player_total, third = rng.randrange(highest_drawing + 1), int(parts[2])
    elif kind == "natural" and parts[1] == "player":
        player_total, banker_total, question = rng.choice((8, 9)), rng.randrange(6), "banker"
    elif kind == "natural" and parts[1] == "banker":
        player_total, banker_total = rng.randrange(highest_drawing + 1), rng.choice((8, 9))
        question = "player"
    else:
        raise InputError(f"no tableau cell {':'.join(parts)!r}")
    if not (0 <= player_total <= 9 and 0 <= banker_total <= 9):
        raise InputError(f"no tableau cell {':'.join(parts)!r}")
    player = picker.pair_summing(player_total)
    banker = picker.pair_summing(banker_total)
    cards = [player[0], banker[0], player[1], banker[1]]
    hands = [Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER]
    if third is not None:
        cards.append(picker.of_value(third))
        hands.append(Hand.PLAYER)
    coup = Coup(rules)
    for card, hand in zip(cards, hands, strict=True):
        coup.deal(card, hand)  # raises if the engine would not deal it there
    return cards, question


def complete_coup(rules: CoupRules, cards: Sequence[Card], picker: CardPicker) -> list[Card]:
    """``cards`` and the cards the engine still asks for (from ``picker``) to finish the coup.

    For a table where the rules decide every draw (Punto Banco); a free choice raises."""
    coup = Coup(rules)
    for card in cards:
        coup.deal(card)
    dealt = list(cards)
    while not coup.is_complete:
        step = coup.next_step
        if not isinstance(step, DealTo):
            raise InputError(f"a stacked shoe cannot make the choice the coup waits for: {step}")
        card = picker.any()
        coup.deal(card)
        dealt.append(card)
    return dealt


def stack_shoe(
    coups: Sequence[Sequence[Card]], *, settings: ShoeSettings, rng: Random
) -> list[Card]:
    """A full shoe (``settings.decks`` decks) that burns, then deals ``coups`` in order.

    The burn follows ``settings.burn``: with the first card's value, a first card and as many
    burn cards; a fixed burn, that many cards. The coups must hold no card more often than the
    shoe does, and must end before the cut card."""
    composition = shoe_composition(settings.decks)
    wanted: Counter[Card] = Counter(card for coup in coups for card in coup)
    for card, count in wanted.items():
        if count > composition[card]:
            raise InputError(
                f"the stacked coups use {card} {count} times; a {settings.decks}-deck shoe has "
                f"{composition[card]}: deal fewer coups per shoe"
            )
    picker = CardPicker(decks=settings.decks, rng=rng)
    picker.reserve(wanted)
    front: list[Card] = []
    if settings.burn.mode is BurnMode.FIRST_CARD_VALUE:
        first = picker.burn_card(rng.randrange(1, 11))
        front = [first, *picker.take(first.rank.burn_count)]
    elif settings.burn.mode is BurnMode.FIXED:
        front = picker.take(settings.burn.count)
    order = [*front, *(card for coup in coups for card in coup), *picker.remaining()]
    coup_end = len(front) + sum(len(coup) for coup in coups)
    if coup_end > len(order) - settings.cut_card_from_end:
        raise InputError(
            f"{len(coups)} stacked coups run past the cut card "
            f"({settings.cut_card_from_end} cards from the end): deal fewer per shoe"
        )
    return order
