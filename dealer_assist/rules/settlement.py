"""Settlement: what each bet wins, loses or pushes, the commission it owes, and the boxes.

Money is :class:`~decimal.Decimal` throughout; nothing is rounded except where a house rule says
so: a payout is cut down to the smallest unit paid (a cent by default), and commission is rounded
once, when it is collected (at once in ``immediate`` mode, from the box in ``box`` mode).

Two commission modes (baccarat.md §4.2):

* ``immediate``: the commission comes out of the payout (pay 95 for 100).
* ``box``: "mark one, pay one". The bet is paid in full and the commission is marked in the
  seat's commission box, collected when the player chooses, leaves, or the shoe ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_UP, Decimal, InvalidOperation
from enum import Enum
from types import MappingProxyType

from dealer_assist.errors import BetError, InputError
from dealer_assist.rules.bets import BetResult
from dealer_assist.rules.outcome import Outcome
from dealer_assist.rules.variants import Variant

ZERO = Decimal(0)
CENT = Decimal("0.01")
_MAIN_BETS = ("banker", "player", "tie", "right", "left", "a_cheval")


def money(value: object, *, what: str = "amount") -> Decimal:
    """Read an amount of money exactly; floats are refused (they are not exact)."""
    if isinstance(value, bool | float):
        raise BetError("bad_amount", f"{what} {value!r}: give money as text or a whole number")
    try:
        amount = Decimal(str(value)) if not isinstance(value, Decimal) else value
    except InvalidOperation:
        raise BetError("bad_amount", f"{what} {value!r} is not an amount of money") from None
    if not amount.is_finite():
        raise BetError("bad_amount", f"{what} {value!r} is not an amount of money")
    return amount


def tidy(amount: Decimal) -> Decimal:
    """The same amount without trailing zeros beyond the cents (0.3500 -> 0.35, 0.375 stays)."""
    if amount == amount.quantize(CENT):
        return amount.quantize(CENT)
    return amount.normalize()


class CommissionMode(Enum):
    IMMEDIATE = "immediate"
    BOX = "box"


class RoundingMode(Enum):
    HALF_UP = "half_up"
    UP = "up"
    DOWN = "down"


_DECIMAL_ROUNDING = {
    RoundingMode.HALF_UP: ROUND_HALF_UP,
    RoundingMode.UP: ROUND_CEILING,
    RoundingMode.DOWN: ROUND_FLOOR,
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Rounding:
    """Round to a multiple of ``unit`` (a cent, or the smallest chip such as 0.25)."""

    unit: Decimal = CENT
    mode: RoundingMode = RoundingMode.HALF_UP

    def __post_init__(self) -> None:
        if self.unit <= 0:
            raise InputError(f"a rounding unit must be positive, not {self.unit}")

    def apply(self, amount: Decimal) -> Decimal:
        units = (amount / self.unit).quantize(Decimal(1), rounding=_DECIMAL_ROUNDING[self.mode])
        return units * self.unit


@dataclass(frozen=True, slots=True, kw_only=True)
class Limit:
    minimum: Decimal
    maximum: Decimal

    def __post_init__(self) -> None:
        if not ZERO < self.minimum <= self.maximum:
            raise InputError(
                f"limits need 0 < minimum <= maximum, not {self.minimum}-{self.maximum}"
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class TableLimits:
    """Minimum and maximum stake per bet name; ``default`` applies to bets not listed."""

    default: Limit = field(default_factory=lambda: Limit(minimum=CENT, maximum=Decimal(10**9)))
    per_bet: Mapping[str, Limit] = field(default_factory=lambda: MappingProxyType({}))

    def limit(self, name: str) -> Limit:
        return self.per_bet.get(name, self.default)


@dataclass(frozen=True, slots=True, kw_only=True)
class SettlementRules:
    commission_mode: CommissionMode = CommissionMode.IMMEDIATE
    minimum_commission: Decimal = ZERO
    commission_rounding: Rounding = field(default_factory=Rounding)
    payout_unit: Decimal = CENT
    limits: TableLimits = field(default_factory=TableLimits)


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet:
    seat: int
    name: str
    stake: Decimal


def verify_bet(variant: Variant, bet: Bet, limits: TableLimits) -> None:
    """Raise :class:`BetError` if the table cannot take ``bet``."""
    variant.bet(bet.name)
    if bet.seat < 0:
        raise BetError("bad_seat", f"seat {bet.seat} does not exist")
    if bet.stake <= 0:
        raise BetError("bad_amount", f"a {bet.name} bet of {bet.stake} is not a stake")
    if bet.stake != bet.stake.quantize(CENT, rounding=ROUND_FLOOR):
        raise BetError("bad_amount", f"a {bet.name} bet of {bet.stake} has fractions of a cent")
    limit = limits.limit(bet.name)
    if bet.stake < limit.minimum:
        raise BetError(
            "below_minimum",
            f"seat {bet.seat}: {bet.name} {bet.stake} is below the table minimum {limit.minimum}",
        )
    if bet.stake > limit.maximum:
        raise BetError(
            "above_maximum",
            f"seat {bet.seat}: {bet.name} {bet.stake} is above the table maximum {limit.maximum}",
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class BetSettlement:
    """One bet, settled. ``net`` is what the player gained (+) or lost (-) on it this coup.

    ``payout`` is the win at the paytable's odds before commission; ``commission`` what it owes
    (taken now in ``immediate`` mode, marked in the box in ``box`` mode); ``returned`` what the
    croupier hands back now: the stake (or what is left of it) plus the payout less any
    commission taken at once.
    """

    seat: int
    name: str
    stake: Decimal
    result: BetResult
    odds: str
    payout: Decimal
    commission: Decimal
    net: Decimal
    returned: Decimal
    commission_to_box: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupSettlement:
    bets: tuple[BetSettlement, ...]

    def for_seat(self, seat: int) -> tuple[BetSettlement, ...]:
        return tuple(bet for bet in self.bets if bet.seat == seat)

    @property
    def commission_to_boxes(self) -> dict[int, Decimal]:
        marked: dict[int, Decimal] = {}
        for bet in self.bets:
            if bet.commission_to_box:
                marked[bet.seat] = marked.get(bet.seat, ZERO) + bet.commission_to_box
        return marked

    @property
    def house_net(self) -> Decimal:
        """What the house won (+) or lost (-) on the coup, commission included."""
        return -sum((bet.net for bet in self.bets), ZERO)


def _paying_order(bet: Bet) -> tuple[int, int]:
    main = _MAIN_BETS.index(bet.name) if bet.name in _MAIN_BETS else len(_MAIN_BETS)
    return (bet.seat, main)


def settle(
    variant: Variant, outcome: Outcome, bets: Iterable[Bet], rules: SettlementRules
) -> CoupSettlement:
    """Settle ``bets`` on a complete coup, in paying order: seat by seat, main bets first."""
    settled: list[BetSettlement] = []
    ordered = sorted(bets, key=_paying_order)
    for bet in ordered:
        verify_bet(variant, bet, rules.limits)
    for bet in ordered:
        definition = variant.bet(bet.name)
        payout_rule = definition.judge(outcome)
        result = payout_rule.result
        payout = ZERO
        commission = ZERO
        to_box = ZERO
        if result is BetResult.WIN:
            payout = (bet.stake * payout_rule.ratio).quantize(rules.payout_unit, ROUND_FLOOR)
            if definition.commission:
                commission = tidy(max(payout * definition.commission, rules.minimum_commission))
                if rules.commission_mode is CommissionMode.IMMEDIATE:
                    commission = rules.commission_rounding.apply(commission)
                else:
                    to_box = commission
            net = payout - commission
            returned = bet.stake + payout - (commission if not to_box else ZERO)
        elif result is BetResult.PUSH:
            net = ZERO
            returned = bet.stake
        else:
            lost = (bet.stake * -payout_rule.ratio).quantize(rules.payout_unit, ROUND_CEILING)
            net = -lost
            returned = bet.stake - lost
        settled.append(
            BetSettlement(
                seat=bet.seat,
                name=bet.name,
                stake=bet.stake,
                result=result,
                odds=payout_rule.text,
                payout=payout,
                commission=commission,
                net=net,
                returned=returned,
                commission_to_box=to_box,
            )
        )
    return CoupSettlement(bets=tuple(settled))


@dataclass(frozen=True, slots=True, kw_only=True)
class Collection:
    """Commission collected from one seat's box: the exact sum and the amount actually due."""

    seat: int
    owed: Decimal
    due: Decimal


@dataclass(frozen=True, slots=True)
class CommissionBoxes:
    """The numbered commission boxes, one per seat, as an immutable value.

    ``mark`` and ``collect`` return new boxes; the table controller keeps the current one.
    """

    owed: Mapping[int, Decimal] = field(default_factory=lambda: MappingProxyType({}))

    def balance(self, seat: int) -> Decimal:
        return self.owed.get(seat, ZERO)

    @property
    def total(self) -> Decimal:
        return sum(self.owed.values(), ZERO)

    def mark(self, marked: Mapping[int, Decimal]) -> CommissionBoxes:
        if not marked:
            return self
        owed = dict(self.owed)
        for seat, amount in marked.items():
            if amount < 0:
                raise ValueError(f"cannot mark a negative commission ({amount}) for seat {seat}")
            owed[seat] = owed.get(seat, ZERO) + amount
        return CommissionBoxes(MappingProxyType(owed))

    def collect(self, seat: int, rounding: Rounding) -> tuple[CommissionBoxes, Collection]:
        """Empty one seat's box; the rounding rule is applied here, once."""
        owed_exact = self.balance(seat)
        owed = dict(self.owed)
        owed.pop(seat, None)
        collection = Collection(seat=seat, owed=owed_exact, due=rounding.apply(owed_exact))
        return CommissionBoxes(MappingProxyType(owed)), collection

    def collect_all(self, rounding: Rounding) -> tuple[CommissionBoxes, tuple[Collection, ...]]:
        """End of the shoe: every box is collected."""
        boxes = self
        collections = []
        for seat in sorted(self.owed):
            boxes, collection = boxes.collect(seat, rounding)
            collections.append(collection)
        return boxes, tuple(collections)
