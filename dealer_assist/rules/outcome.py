"""What a complete coup produced: totals, the winner, naturals, pairs, and the facts bets need.

:class:`CoupFacts` is the small record every bet is judged on. It can be built from a real coup
(:func:`outcome_of`) or, by the odds engine, from a coup signature, so that a paytable means the
same thing at the table and in the odds.
"""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from dealer_assist.cards import Card
from dealer_assist.errors import RuleViolation
from dealer_assist.rules.coup import Choice, Coup, Game, Hand


class Winner(Enum):
    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"

    def __str__(self) -> str:
        return self.value


class SideResult(Enum):
    """A Banque tableau's result, seen from the punters of that side."""

    WIN = "win"
    LOSE = "lose"
    STANDOFF = "standoff"

    def __str__(self) -> str:
        return self.value


class CoupFacts(NamedTuple):
    """The facts of a Player-against-Banker coup that every bet is judged on."""

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int
    player_pair: bool = False
    banker_pair: bool = False
    player_suited_pair: bool = False
    banker_suited_pair: bool = False

    @property
    def natural(self) -> bool:
        return (
            self.player_cards == 2
            and self.banker_cards == 2
            and max(self.player_total, self.banker_total) >= 8
        )

    @property
    def winner(self) -> Winner:
        if self.player_total > self.banker_total:
            return Winner.PLAYER
        if self.banker_total > self.player_total:
            return Winner.BANKER
        return Winner.TIE

    @property
    def card_count(self) -> int:
        return self.player_cards + self.banker_cards

    @property
    def margin(self) -> int:
        return abs(self.player_total - self.banker_total)


class HandResult(NamedTuple):
    hand: Hand
    cards: tuple[Card, ...]
    total: int
    natural: bool
    pair: bool
    suited_pair: bool


class Outcome(NamedTuple):
    """A complete coup. ``winner`` compares Player and Banker; Banque uses ``sides`` instead."""

    game: Game
    hands: tuple[HandResult, ...]
    winner: Winner | None
    natural: bool
    card_count: int
    margin: int | None
    sides: tuple[tuple[Hand, SideResult], ...]
    decisions: tuple[tuple[Hand, Choice], ...]
    facts: CoupFacts | None

    def hand(self, hand: Hand) -> HandResult:
        for result in self.hands:
            if result.hand is hand:
                return result
        raise KeyError(hand)

    def side(self, hand: Hand) -> SideResult:
        return dict(self.sides)[hand]


def _hand_result(hand: Hand, cards: list[Card], total: int) -> HandResult:
    if len(cards) >= 2:
        first, second = cards[0], cards[1]
        pair = first.rank is second.rank
        suited = pair and first.suit is second.suit
    else:
        pair = suited = False
    return HandResult(hand, tuple(cards), total, len(cards) == 2 and total >= 8, pair, suited)


def _side_result(punter: HandResult, banker: HandResult, banker_two_cards: int) -> SideResult:
    """One Banque tableau against the banker. Naturals are "the same as at Chemin de Fer"
    (source 000), where a natural ends the hand: a punter's natural is shown at once and settled
    against the banker's first two cards (his natural beats or ties it); the banker's third card
    is drawn only against the side still in play."""
    banker_total = banker_two_cards if punter.natural else banker.total
    if punter.total > banker_total:
        return SideResult.WIN
    if punter.total < banker_total:
        return SideResult.LOSE
    return SideResult.STANDOFF


def outcome_of(coup: Coup) -> Outcome:
    """The outcome of a complete coup; raises ``coup_incomplete`` otherwise."""
    if not coup.is_complete:
        raise RuleViolation("coup_incomplete", f"the coup is not complete: {coup.next_step}")
    rules = coup.rules
    # A friend of Coup: reads its lists directly, since this runs once per coup at full speed.
    cards, totals = coup._cards, coup._totals
    decisions = tuple(coup._decisions.items()) if coup._decisions else ()
    if rules.game is not Game.BANQUE:
        player = _hand_result(Hand.PLAYER, cards[Hand.PLAYER], totals[Hand.PLAYER])
        banker = _hand_result(Hand.BANKER, cards[Hand.BANKER], totals[Hand.BANKER])
        results: tuple[HandResult, ...] = (player, banker)
    else:
        results = tuple(_hand_result(hand, cards[hand], totals[hand]) for hand in rules.hands)
        by_hand = {result.hand: result for result in results}
        banker = by_hand[Hand.BANKER]
        first_two = sum(card.value for card in banker.cards[:2]) % 10
        sides = tuple(
            (hand, _side_result(by_hand[hand], banker, first_two))
            for hand in (Hand.RIGHT, Hand.LEFT)
        )
        return Outcome(
            game=rules.game,
            hands=results,
            winner=None,
            natural=any(result.natural for result in results),
            card_count=coup.card_count,
            margin=None,
            sides=sides,
            decisions=decisions,
            facts=None,
        )
    player_total, banker_total = player.total, banker.total
    player_count, banker_count = len(player.cards), len(banker.cards)
    # Positional construction and inline comparisons: this runs once per coup at full speed.
    facts = CoupFacts(
        player_total,
        banker_total,
        player_count,
        banker_count,
        player.pair,
        banker.pair,
        player.suited_pair,
        banker.suited_pair,
    )
    if player_total > banker_total:
        winner = Winner.PLAYER
    elif banker_total > player_total:
        winner = Winner.BANKER
    else:
        winner = Winner.TIE
    natural = player_count == 2 and banker_count == 2 and max(player_total, banker_total) >= 8
    return Outcome(
        rules.game,
        results,
        winner,
        natural,
        player_count + banker_count,
        abs(player_total - banker_total),
        (),
        decisions,
        facts,
    )
