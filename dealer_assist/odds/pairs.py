"""Pair bets: the first two cards of each hand, by rank and by card (rank and suit).

Pairs are decided by the first four cards (P1, B1, P2, B2) alone, so they are weighed over ordered
four-card sequences (total n(n-1)(n-2)(n-3), the convention of the pair table in baccarat.md §1.2),
in closed form. A sequence is weighed as two hands drawn one after the other (its weight does not
depend on the order), so with ``R2 = sum over ranks r(r-1)`` and ``Q2 = sum over cards q(q-1)``:

* one hand a pair: ``R2 (n-2)(n-3)``; a suited pair: ``Q2 (n-2)(n-3)``;
* both hands suited pairs: ``sum over cards q(q-1) (Q2 - 4q + 6)`` (the second hand is drawn from
  a shoe short of two of that card: ``q(q-1) - (q-2)(q-3) = 4q - 6``);
* a suited pair then a plain pair: ``sum q(q-1) (R2 - Q2 - 4r + 4q)``;
* two plain pairs: ``sum over ranks and ordered suits s != t of``
  ``q_s q_t (R2 - Q2 - 4r + 2q_s + 2q_t + 2)``;

and the rest by complement. Tests check these against brute force over card sequences.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dealer_assist.odds.composition import CompositionError, ShoeComposition
from dealer_assist.rules.outcome import CoupFacts


class PairKind(Enum):
    """A hand's first two cards: no pair, a pair of different suits, a suited pair.

    For a shoe counted by rank only, ``PAIR`` means any pair and ``SUITED`` does not occur.
    """

    NONE = "none"
    PAIR = "pair"
    SUITED = "suited"


class PairOutcome(tuple[PairKind, PairKind]):
    """(player kind, banker kind)."""

    __slots__ = ()

    def __new__(cls, player: PairKind, banker: PairKind) -> PairOutcome:
        return super().__new__(cls, (player, banker))

    @property
    def player(self) -> PairKind:
        return self[0]

    @property
    def banker(self) -> PairKind:
        return self[1]

    def facts(self, *, suited: bool | None = None) -> CoupFacts:
        """Facts for a pair bet; the totals are placeholders (0 to 0, two cards each).

        ``suited`` overrides both suited flags (for a shoe counted by rank, where a pair's suits
        are unknown).
        """
        player_pair = self.player is not PairKind.NONE
        banker_pair = self.banker is not PairKind.NONE
        if suited is None:
            player_suited = self.player is PairKind.SUITED
            banker_suited = self.banker is PairKind.SUITED
        else:
            player_suited = player_pair and suited
            banker_suited = banker_pair and suited
        return CoupFacts(0, 0, 2, 2, player_pair, banker_pair, player_suited, banker_suited)


@dataclass(frozen=True, slots=True)
class PairWeights:
    """Weights of (player kind, banker kind) over ordered four-card sequences."""

    total: int
    weights: dict[PairOutcome, int]
    suits_known: bool

    def weight(
        self, *, player: set[PairKind] | None = None, banker: set[PairKind] | None = None
    ) -> int:
        """Weight of the outcomes with the player's kind in ``player``, banker's in ``banker``."""
        return sum(
            weight
            for outcome, weight in self.weights.items()
            if (player is None or outcome.player in player)
            and (banker is None or outcome.banker in banker)
        )


def _falling(n: int, k: int) -> int:
    result = 1
    for step in range(k):
        result *= n - step
    return result


def pair_weights(shoe: ShoeComposition) -> PairWeights:
    """Exact pair weights; needs counts by rank, and by card for the suited kinds."""
    if shoe.rank_counts is None:
        raise CompositionError(
            "pair bets need the shoe counted by rank (tens, jacks, queens and kings differ); "
            "it was counted by value only"
        )
    size = shoe.size
    total = _falling(size, 4)
    rest = _falling(size - 2, 2)
    ranks = shoe.rank_counts
    rank_pairs = sum(r * (r - 1) for r in ranks)
    none, pair, suited = PairKind.NONE, PairKind.PAIR, PairKind.SUITED
    if shoe.card_counts is None:
        both = sum(r * (r - 1) * (rank_pairs - 4 * r + 6) for r in ranks)
        one = rank_pairs * rest - both
        weights = {
            PairOutcome(pair, pair): both,
            PairOutcome(pair, none): one,
            PairOutcome(none, pair): one,
            PairOutcome(none, none): total - both - 2 * one,
        }
        return PairWeights(total, weights, suits_known=False)

    cards = shoe.card_counts
    card_pairs = sum(q * (q - 1) for q in cards)
    plain_pairs = rank_pairs - card_pairs
    suited_suited = 0
    suited_plain = 0
    plain_plain = 0
    for rank_index, r in enumerate(ranks):
        suits = cards[4 * rank_index : 4 * rank_index + 4]
        for q in suits:
            if q >= 2:
                suited_suited += q * (q - 1) * (card_pairs - 4 * q + 6)
                suited_plain += q * (q - 1) * (plain_pairs - 4 * r + 4 * q)
        for s, q_s in enumerate(suits):
            for t, q_t in enumerate(suits):
                if s != t and q_s and q_t:
                    plain_plain += q_s * q_t * (plain_pairs - 4 * r + 2 * q_s + 2 * q_t + 2)
    suited_none = card_pairs * rest - suited_suited - suited_plain
    plain_none = plain_pairs * rest - suited_plain - plain_plain
    weights = {
        PairOutcome(suited, suited): suited_suited,
        PairOutcome(suited, pair): suited_plain,
        PairOutcome(pair, suited): suited_plain,
        PairOutcome(pair, pair): plain_plain,
        PairOutcome(suited, none): suited_none,
        PairOutcome(none, suited): suited_none,
        PairOutcome(pair, none): plain_none,
        PairOutcome(none, pair): plain_none,
    }
    weights[PairOutcome(none, none)] = total - sum(weights.values())
    return PairWeights(total, weights, suits_known=True)
