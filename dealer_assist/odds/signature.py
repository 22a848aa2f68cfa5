"""The coup signature: the four numbers that settle every bet except the pairs.

``(player_total, banker_total, player_cards, banker_cards)`` decides Banker, Player and Tie and
every side bet on totals, margins, naturals and card counts. The odds engine weighs signatures;
a bet is judged on the :class:`~dealer_assist.rules.outcome.CoupFacts` a signature stands for,
so a paytable means the same thing at the table and in the odds.
"""

from __future__ import annotations

from typing import NamedTuple

from dealer_assist.rules.outcome import CoupFacts, Winner


class CoupSignature(NamedTuple):
    """Final totals and the number of cards each hand received (2 or 3)."""

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int

    @property
    def natural(self) -> bool:
        """Both hands on two cards and one of them on 8 or 9: the coup ended on the deal."""
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

    def facts(self) -> CoupFacts:
        """The facts a bet is judged on; the pair fields are False (pairs are weighed apart)."""
        return CoupFacts(self.player_total, self.banker_total, self.player_cards, self.banker_cards)

    @property
    def position(self) -> int:
        """Position in :data:`ALL_SIGNATURES` (and in the engine's flat weight lists)."""
        return signature_index(
            self.player_total, self.banker_total, self.player_cards, self.banker_cards
        )


def signature_index(
    player_total: int, banker_total: int, player_cards: int, banker_cards: int
) -> int:
    return ((player_cards - 2) * 2 + banker_cards - 2) * 100 + player_total * 10 + banker_total


#: Every signature, in index order: 100 each for (2, 2), (2, 3), (3, 2) and (3, 3) cards.
ALL_SIGNATURES: tuple[CoupSignature, ...] = tuple(
    CoupSignature(player, banker, player_cards, banker_cards)
    for player_cards in (2, 3)
    for banker_cards in (2, 3)
    for player in range(10)
    for banker in range(10)
)

#: The facts each signature stands for, in the same order (pair fields False).
ALL_FACTS: tuple[CoupFacts, ...] = tuple(signature.facts() for signature in ALL_SIGNATURES)
