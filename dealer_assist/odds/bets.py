"""Bets as the odds engine prices them: a name and a function from facts to a payout.

A bet's ``settle`` takes the :class:`~dealer_assist.rules.outcome.CoupFacts` of a coup and returns
what one unit staked nets: a positive :class:`~fractions.Fraction` wins that much, ``0`` pushes,
``-1`` loses, ``None`` means no paytable row matched, which loses by default (``unmatched``). A bet
reads either the coup (totals, card counts, naturals) or the pairs (first two cards of each
hand), never both: the engine weighs the two apart (:class:`Reads`).

:data:`STANDARD_BETS` holds the bets of baccarat.md §4.1 with their published paytables; the
product's own paytables can be priced by wrapping ``BetDefinition.judge_facts`` in an
:class:`OddsBet`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from fractions import Fraction
from math import lcm
from typing import Any, NamedTuple

from dealer_assist.errors import DealerAssistError, InputError
from dealer_assist.odds.composition import CompositionError
from dealer_assist.odds.pairs import PairKind, PairOutcome
from dealer_assist.odds.signature import ALL_FACTS
from dealer_assist.rules.outcome import CoupFacts, Winner

Settle = Callable[[CoupFacts], Fraction | None]

LOSE = Fraction(-1)
PUSH = Fraction(0)

_ALL_PAIR_OUTCOMES: tuple[PairOutcome, ...] = tuple(
    PairOutcome(player, banker) for player in PairKind for banker in PairKind
)


class Reads(Enum):
    """What a bet is decided by."""

    COUP = "coup"
    PAIRS = "pairs"


class SuitsUnknownError(CompositionError):
    """A bet on suited pairs priced on a shoe counted by rank only."""


class MixedBetError(DealerAssistError, ValueError):
    """A bet that reads both the coup and the pairs: the engine cannot price it."""


class PayoutPlan(NamedTuple):
    """A bet's payouts (high to low) and which facts lead to each; built once per bet."""

    payouts: tuple[Fraction, ...]
    labels: tuple[str, ...]  # payout_label of each payout
    groups: tuple[tuple[Any, ...], ...]  # signature indices, or pair outcomes, per payout
    largest: int  # the group summed by complement (the total minus the others)
    scale: int  # common denominator of the payouts
    multipliers: tuple[int, ...]  # payout * scale


def _plan(payout_of: dict[Any, Fraction]) -> PayoutPlan:
    groups: dict[Fraction, list[Any]] = {}
    for key, payout in payout_of.items():
        groups.setdefault(payout, []).append(key)
    payouts = tuple(sorted(groups, reverse=True))
    members = tuple(tuple(groups[payout]) for payout in payouts)
    largest = max(range(len(payouts)), key=lambda index: len(members[index]))
    scale = lcm(*(payout.denominator for payout in payouts))
    multipliers = tuple(int(payout * scale) for payout in payouts)
    labels = tuple(payout_label(payout) for payout in payouts)
    return PayoutPlan(payouts, labels, members, largest, scale, multipliers)


def payout_label(payout: Fraction) -> str:
    """``"win 19:20"``, ``"win 11:1"``, ``"push"``, ``"lose"``, ``"lose 1:2"``."""
    if payout == 0:
        return "push"
    if payout == -1:
        return "lose"
    word = "win" if payout > 0 else "lose"
    size = abs(payout)
    return f"{word} {size.numerator}:{size.denominator}"


class OddsBet:
    """A named bet: ``settle(facts)`` per unit staked, and what it reads (found if not given).

    The payout of every coup signature (or pair outcome) is worked out once, on first use, and
    kept, so pricing a bet on a new shoe costs a few sums.
    """

    __slots__ = ("_coup_plan", "_pair_plans", "_reads", "name", "settle", "title", "unmatched")

    def __init__(
        self,
        name: str,
        settle: Settle,
        *,
        reads: Reads | None = None,
        title: str = "",
        unmatched: Fraction = LOSE,
    ) -> None:
        self.name = name
        self.settle = settle
        self.title = title or name
        self.unmatched = unmatched
        self._reads = reads
        self._coup_plan: PayoutPlan | None = None
        self._pair_plans: dict[bool, PayoutPlan] = {}

    def __repr__(self) -> str:
        return f"OddsBet({self.name!r}, reads={self.reads.value})"

    def payout(self, facts: CoupFacts) -> Fraction:
        """The payout per unit for ``facts``, ``unmatched`` standing in for ``None``."""
        result = self.settle(facts)
        if result is None:
            return self.unmatched
        if result < -1:
            raise InputError(f"bet {self.name}: a payout of {result} loses more than the stake")
        return result if type(result) is Fraction else Fraction(result)

    @property
    def reads(self) -> Reads:
        if self._reads is None:
            self._reads = self._find_reads()
        return self._reads

    def _find_reads(self) -> Reads:
        """A coup bet pays the same whatever the pairs; a pair bet whatever the coup."""
        pair_facts = [_pair_fields(outcome.facts()) for outcome in _ALL_PAIR_OUTCOMES]
        by_pairs = [self.payout(ALL_FACTS[0]._replace(**fields)) for fields in pair_facts]
        coup_only = pairs_only = True
        for base in ALL_FACTS:
            payouts = [self.payout(base._replace(**fields)) for fields in pair_facts]
            if len(set(payouts)) > 1:
                coup_only = False
            if payouts != by_pairs:
                pairs_only = False
            if not coup_only and not pairs_only:
                raise MixedBetError(
                    f"bet {self.name} depends on both the coup and the pairs; "
                    "the odds engine prices one or the other"
                )
        return Reads.COUP if coup_only else Reads.PAIRS

    def coup_plan(self) -> PayoutPlan:
        """Payout groups over the signature indices of ALL_SIGNATURES."""
        if self._coup_plan is None:
            self._coup_plan = _plan(
                {position: self.payout(facts) for position, facts in enumerate(ALL_FACTS)}
            )
        return self._coup_plan

    def pair_plan(self, *, suits_known: bool) -> PayoutPlan:
        """Payout groups over the pair outcomes; raises if suits matter but are unknown."""
        plan = self._pair_plans.get(suits_known)
        if plan is None:
            payout_of: dict[Any, Fraction] = {}
            for outcome in _ALL_PAIR_OUTCOMES:
                if suits_known:
                    payout_of[outcome] = self.payout(outcome.facts())
                elif PairKind.SUITED not in outcome:
                    payout = self.payout(outcome.facts(suited=False))
                    if self.payout(outcome.facts(suited=True)) != payout:
                        raise SuitsUnknownError(
                            f"bet {self.name} depends on the suits of a pair: give the shoe by card"
                        )
                    payout_of[outcome] = payout
            plan = _plan(payout_of)
            self._pair_plans[suits_known] = plan
        return plan


def _pair_fields(facts: CoupFacts) -> dict[str, bool]:
    return {
        "player_pair": facts.player_pair,
        "banker_pair": facts.banker_pair,
        "player_suited_pair": facts.player_suited_pair,
        "banker_suited_pair": facts.banker_suited_pair,
    }


# --- the standard bets (baccarat.md §4.1) --------------------------------------------------


def _main_bet(
    side: Winner, win: Fraction, special: Callable[[CoupFacts], Fraction | None] | None = None
) -> Settle:
    def settle(facts: CoupFacts) -> Fraction:
        winner = facts.winner
        if winner is Winner.TIE:
            return PUSH
        if winner is not side:
            return LOSE
        if special is not None:
            paid = special(facts)
            if paid is not None:
                return paid
        return win

    return settle


def _tie_bet(pays: Fraction, total: int | None = None) -> Settle:
    def settle(facts: CoupFacts) -> Fraction:
        if facts.winner is Winner.TIE and (total is None or facts.player_total == total):
            return pays
        return LOSE

    return settle


def _banker_wins_with(total: int, pays_by_cards: Mapping[int, Fraction]) -> Settle:
    def settle(facts: CoupFacts) -> Fraction:
        if facts.winner is Winner.BANKER and facts.banker_total == total:
            return pays_by_cards.get(facts.banker_cards, LOSE)
        return LOSE

    return settle


def _panda8(facts: CoupFacts) -> Fraction:
    won = facts.winner is Winner.PLAYER and facts.player_total == 8 and facts.player_cards == 3
    return Fraction(25) if won else LOSE


_DRAGON_BONUS_MARGINS = {9: Fraction(30), 8: Fraction(10), 7: Fraction(6), 6: Fraction(4)}
_DRAGON_BONUS_MARGINS |= {5: Fraction(2), 4: Fraction(1)}


def _dragon_bonus(side: Winner) -> Settle:
    def settle(facts: CoupFacts) -> Fraction:
        winner = facts.winner
        if facts.natural:
            if winner is Winner.TIE:
                return PUSH
            return Fraction(1) if winner is side else LOSE
        if winner is not side:
            return LOSE
        return _DRAGON_BONUS_MARGINS.get(facts.margin, LOSE)

    return settle


def _cards_bet(counts: frozenset[int], pays: Fraction) -> Settle:
    def settle(facts: CoupFacts) -> Fraction:
        return pays if facts.card_count in counts else LOSE

    return settle


def _pair_bet(
    player: bool, banker: bool, *, suited: bool, one: Fraction, both: Fraction | None = None
) -> Settle:
    """Pays ``one`` when a watched hand holds a (suited) pair, ``both`` when both hands do."""

    def settle(facts: CoupFacts) -> Fraction:
        if suited:
            player_hit, banker_hit = facts.player_suited_pair, facts.banker_suited_pair
        else:
            player_hit, banker_hit = facts.player_pair, facts.banker_pair
        if both is not None and player_hit and banker_hit:
            return both
        if (player and player_hit) or (banker and banker_hit):
            return one
        return LOSE

    return settle


_EGALITE_PAYS = (150, 215, 225, 200, 120, 110, 45, 45, 80, 80)


def _standard() -> dict[str, OddsBet]:
    f = Fraction
    coup, pairs = Reads.COUP, Reads.PAIRS
    bets = [
        OddsBet(
            "banker", _main_bet(Winner.BANKER, f(19, 20)), reads=coup, title="Banker, 5% commission"
        ),
        OddsBet(
            "banker_4pct",
            _main_bet(Winner.BANKER, f(24, 25)),
            reads=coup,
            title="Banker, 4% commission",
        ),
        OddsBet("player", _main_bet(Winner.PLAYER, f(1)), reads=coup, title="Player"),
        OddsBet("tie", _tie_bet(f(8)), reads=coup, title="Tie 8:1"),
        OddsBet("tie_9to1", _tie_bet(f(9)), reads=coup, title="Tie 9:1"),
        OddsBet(
            "banker_no_commission",
            _main_bet(
                Winner.BANKER, f(1), lambda facts: f(1, 2) if facts.banker_total == 6 else None
            ),
            reads=coup,
            title="No-commission Banker (win on 6 pays 1:2)",
        ),
        OddsBet(
            "ez_banker",
            _main_bet(
                Winner.BANKER,
                f(1),
                lambda facts: PUSH if (facts.banker_total, facts.banker_cards) == (7, 3) else None,
            ),
            reads=coup,
            title="EZ Banker (3-card-7 win pushes)",
        ),
        OddsBet("dragon7", _banker_wins_with(7, {3: f(40)}), reads=coup, title="Dragon 7, 40:1"),
        OddsBet("panda8", _panda8, reads=coup, title="Panda 8, 25:1"),
        OddsBet(
            "player_pair",
            _pair_bet(True, False, suited=False, one=f(11)),
            reads=pairs,
            title="Player Pair 11:1",
        ),
        OddsBet(
            "banker_pair",
            _pair_bet(False, True, suited=False, one=f(11)),
            reads=pairs,
            title="Banker Pair 11:1",
        ),
        OddsBet(
            "either_pair",
            _pair_bet(True, True, suited=False, one=f(5)),
            reads=pairs,
            title="Either Pair 5:1",
        ),
        OddsBet(
            "perfect_pair",
            _pair_bet(True, True, suited=True, one=f(25)),
            reads=pairs,
            title="Perfect Pair (either hand suited pair) 25:1",
        ),
        OddsBet(
            "perfect_pair_25_200",
            _pair_bet(True, True, suited=True, one=f(25), both=f(200)),
            reads=pairs,
            title="Perfect Pair 25:1 one hand / 200:1 both",
        ),
        OddsBet(
            "perfect_pair_25_250",
            _pair_bet(True, True, suited=True, one=f(25), both=f(250)),
            reads=pairs,
            title="Perfect Pair 25:1 one hand / 250:1 both",
        ),
        OddsBet(
            "dragon_bonus_player",
            _dragon_bonus(Winner.PLAYER),
            reads=coup,
            title="Dragon Bonus, Player side",
        ),
        OddsBet(
            "dragon_bonus_banker",
            _dragon_bonus(Winner.BANKER),
            reads=coup,
            title="Dragon Bonus, Banker side",
        ),
        OddsBet(
            "big",
            _cards_bet(frozenset({5, 6}), f(27, 50)),
            reads=coup,
            title="Big (5-6 cards) 0.54:1",
        ),
        OddsBet(
            "small", _cards_bet(frozenset({4}), f(3, 2)), reads=coup, title="Small (4 cards) 1.5:1"
        ),
        OddsBet(
            "four_cards",
            _cards_bet(frozenset({4}), f(3, 2)),
            reads=coup,
            title="4-5-6: 4 cards 3:2",
        ),
        OddsBet(
            "five_cards", _cards_bet(frozenset({5}), f(2)), reads=coup, title="4-5-6: 5 cards 2:1"
        ),
        OddsBet(
            "six_cards", _cards_bet(frozenset({6}), f(2)), reads=coup, title="4-5-6: 6 cards 2:1"
        ),
        OddsBet(
            "lucky6",
            _banker_wins_with(6, {2: f(12), 3: f(20)}),
            reads=coup,
            title="Lucky 6 (2-card 12:1, 3-card 20:1)",
        ),
        OddsBet(
            "lucky6_12_23",
            _banker_wins_with(6, {2: f(12), 3: f(23)}),
            reads=coup,
            title="Lucky 6 (2-card 12:1, 3-card 23:1)",
        ),
        OddsBet(
            "super6",
            _banker_wins_with(6, {2: f(12), 3: f(12)}),
            reads=coup,
            title="Super 6 (any banker win on 6) 12:1",
        ),
        OddsBet(
            "super6_15",
            _banker_wins_with(6, {2: f(15), 3: f(15)}),
            reads=coup,
            title="Super 6 15:1",
        ),
    ]
    bets += [
        OddsBet(
            f"egalite_{total}",
            _tie_bet(f(pays), total),
            reads=coup,
            title=f"Egalite: tie on {total}, {pays}:1",
        )
        for total, pays in enumerate(_EGALITE_PAYS)
    ]
    return {bet.name: bet for bet in bets}


#: The bets of baccarat.md §4.1, by name.
STANDARD_BETS: Mapping[str, OddsBet] = _standard()
