"""The coup engine: a state machine fed one card or one decision at a time.

Every action comes as a triple (house style): ``verify_deal`` raises a :class:`RuleViolation`
that says what is wrong, ``can_deal`` answers yes or no, ``deal`` does it and records an
immutable operation. A rejected action leaves the coup exactly as it was. The engine never
guesses: it says, at every step, which hand receives the next card, which decision is due,
or that the coup is complete.

>>> from dealer_assist.cards import parse_cards
>>> coup = Coup(CoupRules.punto_banco())
>>> for card in parse_cards(["4S 3H AD KC"]):  # Player 5, Banker 3
...     _ = coup.deal(card)
>>> coup.next_step
DealTo(hand=<Hand.PLAYER: 'player'>)
>>> _ = coup.deal(parse_cards(["9H"])[0])  # Player's third card 9: Banker 3 draws
>>> coup.next_step, coup.totals[Hand.PLAYER]
(DealTo(hand=<Hand.BANKER: 'banker'>), 4)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import NamedTuple

from dealer_assist.cards import Card
from dealer_assist.errors import InputError, RuleViolation
from dealer_assist.rules.tableau import (
    DEFAULT_CHEMIN_DE_FER_OPTIONS,
    Action,
    banker_action,
    player_action,
)


class Game(Enum):
    PUNTO_BANCO = "punto_banco"
    CHEMIN_DE_FER = "chemin_de_fer"
    BANQUE = "banque"

    __hash__ = object.__hash__  # singletons: identity hashing is correct and cheap


class Hand(Enum):
    PLAYER = "player"
    BANKER = "banker"
    RIGHT = "right"
    LEFT = "left"

    # Members are singletons: hashing by identity is correct and far cheaper than Enum's
    # name hash, and the engine looks hands up on every card.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value


class Choice(Enum):
    DRAW = "draw"
    STAND = "stand"

    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value


# --- what comes next -----------------------------------------------------------------------


class DealTo(NamedTuple):
    """The next card goes to ``hand``."""

    hand: Hand


class DecisionDue(NamedTuple):
    """``hand`` must choose one of ``options`` before any card is dealt."""

    hand: Hand
    options: tuple[Choice, ...]
    reason: str


class CoupComplete(NamedTuple):
    """No card may be dealt; the outcome is known."""

    natural: bool


Step = DealTo | DecisionDue | CoupComplete

# --- the record ----------------------------------------------------------------------------


class CardDealt(NamedTuple):
    """Operation: ``card`` went to ``hand`` as the coup's ``seq``-th action (0-based)."""

    seq: int
    card: Card
    hand: Hand


class HandDecided(NamedTuple):
    """Operation: ``hand`` chose ``choice`` where the rules left it free."""

    seq: int
    hand: Hand
    choice: Choice


Operation = CardDealt | HandDecided

# Steps are immutable: the common ones are made once and shared.
_DEAL_PLAYER = DealTo(Hand.PLAYER)
_DEAL_BANKER = DealTo(Hand.BANKER)
_NATURAL = CoupComplete(natural=True)
_COMPLETE = CoupComplete(natural=False)
_DEAL_TO = {hand: DealTo(hand) for hand in Hand}

BOTH_CHOICES: tuple[Choice, ...] = (Choice.DRAW, Choice.STAND)


# --- rules ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupRules:
    """How the coup draws: the game, and for Chemin de Fer its free choices."""

    game: Game
    # Chemin de Fer and Banque: the punter may draw or stand on 5.
    player_option_on_five: bool = False
    # Chemin de Fer: (banker total, player third card value or None) cells left to the banker.
    banker_optional_cells: frozenset[tuple[int, int | None]] = field(default_factory=frozenset)

    @staticmethod
    def punto_banco() -> CoupRules:
        return CoupRules(game=Game.PUNTO_BANCO)

    @staticmethod
    def chemin_de_fer(
        banker_optional_cells: Iterable[tuple[int, int | None]] = DEFAULT_CHEMIN_DE_FER_OPTIONS,
        *,
        player_option_on_five: bool = True,
    ) -> CoupRules:
        cells = frozenset(banker_optional_cells)
        for total, third in cells:
            if not (0 <= total <= 7) or not (third is None or 0 <= third <= 9):
                raise InputError(f"no such tableau cell: banker {total} against {third}")
        return CoupRules(
            game=Game.CHEMIN_DE_FER,
            player_option_on_five=player_option_on_five,
            banker_optional_cells=cells,
        )

    @staticmethod
    def banque(*, player_option_on_five: bool = True) -> CoupRules:
        return CoupRules(game=Game.BANQUE, player_option_on_five=player_option_on_five)

    @property
    def hands(self) -> tuple[Hand, ...]:
        """The hands in the order they receive their first card."""
        return _BANQUE_HANDS if self.game is Game.BANQUE else _TWO_HANDS

    @property
    def punter_hands(self) -> tuple[Hand, ...]:
        return self.hands[:-1]


_NATURAL_TOTALS = (8, 9)
_TWO_HANDS = (Hand.PLAYER, Hand.BANKER)
_BANQUE_HANDS = (Hand.RIGHT, Hand.LEFT, Hand.BANKER)


class Coup:
    """One coup. Not thread-safe: one owner (the table controller) feeds it."""

    __slots__ = ("_cards", "_decisions", "_next", "_operations", "_totals", "_two_hands", "rules")

    def __init__(self, rules: CoupRules) -> None:
        self.rules = rules
        self._cards: dict[Hand, list[Card]] = {hand: [] for hand in rules.hands}
        self._totals: dict[Hand, int] = dict.fromkeys(rules.hands, 0)
        self._decisions: dict[Hand, Choice] = {}
        self._operations: list[Operation] = []
        self._next: Step = _DEAL_TO[rules.hands[0]]
        self._two_hands = rules.game is not Game.BANQUE

    # --- reading ---------------------------------------------------------------------------

    @property
    def next_step(self) -> Step:
        return self._next

    @property
    def is_complete(self) -> bool:
        return type(self._next) is CoupComplete

    @property
    def operations(self) -> tuple[Operation, ...]:
        return tuple(self._operations)

    @property
    def totals(self) -> dict[Hand, int]:
        return dict(self._totals)

    def cards(self, hand: Hand) -> tuple[Card, ...]:
        return tuple(self._cards[hand])

    @property
    def hands(self) -> dict[Hand, tuple[Card, ...]]:
        return {hand: tuple(cards) for hand, cards in self._cards.items()}

    @property
    def decisions(self) -> dict[Hand, Choice]:
        return dict(self._decisions)

    @property
    def card_count(self) -> int:
        return sum(len(cards) for cards in self._cards.values())

    # --- dealing ---------------------------------------------------------------------------

    def verify_deal(self, card: Card, hand: Hand | None = None) -> Hand:
        """Raise :class:`RuleViolation` if ``card`` may not be dealt now (to ``hand``).

        Returns the hand the card goes to.
        """
        step = self._next
        if isinstance(step, DealTo):
            if hand is None or hand is step.hand:
                return step.hand
            raise self._wrong_hand(card, hand, step.hand)
        if isinstance(step, DecisionDue):
            raise RuleViolation(
                "decision_due",
                f"{card} dealt before the {step.hand} chose to draw or stand ({step.reason})",
            )
        if step.natural and self.card_count == 2 * len(self.rules.hands):
            raise RuleViolation(
                "natural",
                f"{card} dealt after a natural: both hands stand, the coup is complete",
            )
        raise RuleViolation(
            "coup_complete", f"{card} is an extra card: the coup is complete, burn it"
        )

    def can_deal(self, card: Card, hand: Hand | None = None) -> bool:
        step = self._next
        return isinstance(step, DealTo) and (hand is None or hand is step.hand)

    def deal(self, card: Card, hand: Hand | None = None) -> CardDealt:
        """Deal ``card`` (to ``hand``, or wherever the tableau calls it) and record it."""
        step = self._next
        if not isinstance(step, DealTo) or (hand is not None and hand is not step.hand):
            self.verify_deal(card, hand)
        assert isinstance(step, DealTo)
        target = step.hand
        operations = self._operations
        operation = CardDealt(len(operations), card, target)
        operations.append(operation)
        self._cards[target].append(card)
        totals = self._totals
        totals[target] = (totals[target] + card.value) % 10
        self._next = self._next_two_hands() if self._two_hands else self._next_banque()
        return operation

    def _wrong_hand(self, card: Card, hand: Hand, expected: Hand) -> RuleViolation:
        if hand not in self._cards:
            return RuleViolation(
                "unknown_hand", f"{card} dealt to {hand}: there is no {hand} hand in this game"
            )
        if len(self._cards[hand]) >= 2 and self._hand_finished(hand):
            return RuleViolation(
                "hand_stands",
                f"{card} dealt to the {hand}, which stands on {self._totals[hand]}; "
                f"the next card goes to the {expected}",
            )
        return RuleViolation(
            "wrong_hand", f"{card} dealt to the {hand}; the next card goes to the {expected}"
        )

    # --- deciding --------------------------------------------------------------------------

    def verify_decide(self, hand: Hand, choice: Choice) -> None:
        step = self._next
        if isinstance(step, CoupComplete):
            raise RuleViolation(
                "no_decision_due", "no hand has a choice to make: the coup is complete"
            )
        if not isinstance(step, DecisionDue):
            raise RuleViolation(
                "no_decision_due", f"the {hand} has no choice to make: the rules decide"
            )
        if hand is not step.hand:
            raise RuleViolation(
                "wrong_hand", f"the choice is the {step.hand}'s to make, not the {hand}'s"
            )
        if choice not in step.options:
            raise RuleViolation("invalid_choice", f"{choice} is not an option here")

    def can_decide(self, hand: Hand, choice: Choice) -> bool:
        step = self._next
        return isinstance(step, DecisionDue) and hand is step.hand and choice in step.options

    def decide(self, hand: Hand, choice: Choice) -> HandDecided:
        """Record the free choice of ``hand`` (the punter on 5, the banker's options)."""
        self.verify_decide(hand, choice)
        operation = HandDecided(len(self._operations), hand, choice)
        self._operations.append(operation)
        self._decisions[hand] = choice
        self._next = self._compute_next()
        return operation

    # --- the tableau -----------------------------------------------------------------------

    def _is_natural(self, hand: Hand) -> bool:
        return len(self._cards[hand]) == 2 and self._totals[hand] in _NATURAL_TOTALS

    def _hand_finished(self, hand: Hand) -> bool:
        """True when ``hand`` will receive no more cards (it has three, stands or chose to)."""
        cards = self._cards[hand]
        if len(cards) >= 3:
            return True
        if len(cards) < 2:
            return False
        step = self._next
        if isinstance(step, CoupComplete):
            return True
        # Third cards go in the order the hands were first dealt: a hand whose turn has
        # passed stands; one whose turn has not come yet is waiting, not standing.
        order = self.rules.hands
        return order.index(step.hand) > order.index(hand)

    def _compute_next(self) -> Step:
        if self.rules.game is Game.BANQUE:
            return self._next_banque()
        return self._next_two_hands()

    def _next_two_hands(self) -> Step:
        cards = self._cards
        player = cards[Hand.PLAYER]
        banker = cards[Hand.BANKER]
        player_count = len(player)
        banker_count = len(banker)
        dealt = player_count + banker_count
        if dealt < 4:
            return _DEAL_PLAYER if dealt % 2 == 0 else _DEAL_BANKER
        totals = self._totals
        player_total = totals[Hand.PLAYER]
        banker_total = totals[Hand.BANKER]
        if dealt == 4 and (player_total >= 8 or banker_total >= 8):
            return _NATURAL
        rules = self.rules
        if player_count == 2:
            if player_total <= 4 or (player_total == 5 and not rules.player_option_on_five):
                return _DEAL_PLAYER
            call = player_action(player_total, option_on_five=rules.player_option_on_five)
            if call is Action.OPTIONAL:
                chosen = self._decisions.get(Hand.PLAYER)
                if chosen is None:
                    return DecisionDue(Hand.PLAYER, BOTH_CHOICES, "the punter's option on 5")
                call = Action.DRAW if chosen is Choice.DRAW else Action.STAND
            if call is Action.DRAW:
                return _DEAL_PLAYER
        if banker_count == 3:
            return _COMPLETE
        third = player[2].value if player_count == 3 else None
        call = banker_action(
            (banker[0].value + banker[1].value) % 10, third, rules.banker_optional_cells
        )
        if call is Action.OPTIONAL:
            chosen = self._decisions.get(Hand.BANKER)
            if chosen is None:
                against = "no third card" if third is None else f"a third card of {third}"
                return DecisionDue(
                    Hand.BANKER,
                    BOTH_CHOICES,
                    f"the banker's option on {banker_total} against {against}",
                )
            call = Action.DRAW if chosen is Choice.DRAW else Action.STAND
        if call is Action.DRAW:
            return _DEAL_BANKER
        return _COMPLETE

    def _two_card_total(self, hand: Hand) -> int:
        cards = self._cards[hand]
        return (cards[0].value + cards[1].value) % 10

    def _next_banque(self) -> Step:
        order = (Hand.RIGHT, Hand.LEFT, Hand.BANKER)
        dealt = sum(len(self._cards[hand]) for hand in order)
        if dealt < 6:
            return DealTo(order[dealt % 3])
        if self._is_natural(Hand.BANKER):
            return CoupComplete(natural=True)
        for side in (Hand.RIGHT, Hand.LEFT):
            cards = self._cards[side]
            if len(cards) != 2 or self._is_natural(side):
                continue
            call = player_action(
                self._totals[side], option_on_five=self.rules.player_option_on_five
            )
            if call is Action.OPTIONAL:
                chosen = self._decisions.get(side)
                if chosen is None:
                    return DecisionDue(side, BOTH_CHOICES, f"the {side} punter's option on 5")
                call = Action.DRAW if chosen is Choice.DRAW else Action.STAND
            if call is Action.DRAW:
                return DealTo(side)
        if self._is_natural(Hand.RIGHT) and self._is_natural(Hand.LEFT):
            return CoupComplete(natural=True)
        banker = self._cards[Hand.BANKER]
        if len(banker) == 3:
            return CoupComplete(natural=False)
        chosen = self._decisions.get(Hand.BANKER)
        if chosen is None:
            in_play = [side for side in (Hand.RIGHT, Hand.LEFT) if not self._is_natural(side)]
            against = "both sides" if len(in_play) == 2 else f"the {in_play[0]} side"
            return DecisionDue(Hand.BANKER, BOTH_CHOICES, f"the banker's draw serves {against}")
        if chosen is Choice.DRAW:
            return DealTo(Hand.BANKER)
        return CoupComplete(natural=False)


def play(rules: CoupRules, cards: Iterable[Card]) -> Coup:
    """Deal ``cards`` in order into a new coup; raises at the first card the rules refuse."""
    coup = Coup(rules)
    for card in cards:
        coup.deal(card)
    return coup
