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


def _side_result(punter: HandResult, banker: HandResult) -> SideResult:
    # A natural against a drawn hand: both are compared on points alone, as at the table.
    if punter.total > banker.total:
        return SideResult.WIN
    if punter.total < banker.total:
        return SideResult.LOSE
    return SideResult.STANDOFF


def outcome_of(coup: Coup) -> Outcome:
    """The outcome of a complete coup; raises ``coup_incomplete`` otherwise."""
    if not coup.is_complete:
        raise RuleViolation("coup_incomplete", f"the coup is not complete: {coup.next_step}")
    rules = coup.rules
    # A friend of Coup: reads its lists directly, since this runs once per coup at full speed.
    results = tuple(
        _hand_result(hand, cards, total)
        for hand, cards, total in zip(
            rules.hands, coup._cards.values(), coup._totals.values(), strict=True
        )
    )
    by_hand = {result.hand: result for result in results}
    banker = by_hand[Hand.BANKER]
    decisions = tuple(coup.decisions.items())
    if rules.game is Game.BANQUE:
        sides = tuple(
            (hand, _side_result(by_hand[hand], banker)) for hand in (Hand.RIGHT, Hand.LEFT)
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
    player = by_hand[Hand.PLAYER]
    facts = CoupFacts(
        player_total=player.total,
        banker_total=banker.total,
        player_cards=len(player.cards),
        banker_cards=len(banker.cards),
        player_pair=player.pair,
        banker_pair=banker.pair,
        player_suited_pair=player.suited_pair,
        banker_suited_pair=banker.suited_pair,
    )
    return Outcome(
        game=rules.game,
        hands=results,
        winner=facts.winner,
        natural=facts.natural,
        card_count=facts.card_count,
        margin=facts.margin,
        sides=(),
        decisions=decisions,
        facts=facts,
    )
