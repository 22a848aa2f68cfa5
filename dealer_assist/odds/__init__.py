"""Exact odds for any shoe: every Punto Banco bet priced on the cards that are left.

The engine counts (baccarat.md §1.1): every coup is an ordered sequence of six cards drawn
without replacement from what is left, unused cards included, so its weights are integers and
its probabilities exact fractions; pair bets are counted over the first four cards.

>>> from dealer_assist.cards import parse_cards
>>> shoe = full_shoe(8).without(parse_cards(["AS", "KH", "KH"]))
>>> odds = ShoeOdds(shoe)
>>> odds.evaluate("banker").house_edge > 0
True
>>> report = odds_report(parse_remaining("*=32, A=31, K=29"), bets=["banker", "player"])
>>> sorted(report["bets"]), report["cards"]
(['banker', 'player'], 412)

Pieces: :mod:`.composition` (what is left, ``--remaining`` text), :mod:`.engine` (coup signature
weights), :mod:`.pairs` (pair weights), :mod:`.bets` (bets as functions of the facts),
:mod:`.evaluate` (probabilities, EV, house edge, the JSON report), :mod:`.reference` (the plain
enumeration the engine is checked and timed against).
"""

from dealer_assist.odds.bets import (
    STANDARD_BETS,
    MixedBetError,
    OddsBet,
    Reads,
    Settle,
    SuitsUnknownError,
    payout_label,
)
from dealer_assist.odds.composition import (
    CARD_ORDER,
    CompositionError,
    RemainingParseError,
    ShoeComposition,
    full_shoe,
    parse_card_counts,
    parse_rank_counts,
    parse_remaining,
)
from dealer_assist.odds.engine import ShoeTooSmallError, banker_draws, coup_weight_list
from dealer_assist.odds.evaluate import (
    BetOdds,
    CoupWeights,
    ShoeOdds,
    UnknownBetError,
    bet_from_settle,
    coup_weights,
    odds_report,
)
from dealer_assist.odds.pairs import PairKind, PairOutcome, PairWeights, pair_weights
from dealer_assist.odds.reference import reference_enumeration
from dealer_assist.odds.signature import ALL_SIGNATURES, CoupSignature

__all__ = [
    "ALL_SIGNATURES",
    "CARD_ORDER",
    "STANDARD_BETS",
    "BetOdds",
    "CompositionError",
    "CoupSignature",
    "CoupWeights",
    "MixedBetError",
    "OddsBet",
    "PairKind",
    "PairOutcome",
    "PairWeights",
    "Reads",
    "RemainingParseError",
    "Settle",
    "ShoeComposition",
    "ShoeOdds",
    "ShoeTooSmallError",
    "SuitsUnknownError",
    "UnknownBetError",
    "banker_draws",
    "bet_from_settle",
    "coup_weight_list",
    "coup_weights",
    "full_shoe",
    "odds_report",
    "pair_weights",
    "parse_card_counts",
    "parse_rank_counts",
    "parse_remaining",
    "payout_label",
    "reference_enumeration",
]
