"""What the two banking games share: the calls, amounts, the money record, the fresh supply.

In Chemin de Fer and Baccarat Banque the punters stake against a player who holds the bank,
not against the house. Money only changes hands; the house takes its cut from the bank. The
:class:`Money` record says where every unit is at any moment, and its total never changes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from types import MappingProxyType

from dealer_assist.errors import BetError, RuleViolation
from dealer_assist.rules.settlement import CENT, ZERO, money

#: "Not less than seven cards left in the dealer's hand" (source 000): a valid Chemin de Fer deal.
CHEMIN_DE_FER_MINIMUM_CARDS = 7
#: A Banque coup deals three hands and can use nine cards (baccarat.md §5).
BANQUE_MINIMUM_CARDS = 9


class Call(Enum):
    """The words a punter says to take the whole bank (source 003, paragraphs 2 and 3).

    "Banco Suivi" and "Suivi" are the same call: the loser of the bank's last decided wager
    following it. "Banco" and "Banco Seul" are the same call: anybody taking the whole bank.
    """

    BANCO_SUIVI = "Banco Suivi"
    SUIVI = "Suivi"
    BANCO = "Banco"
    BANCO_SEUL = "Banco Seul"

    @property
    def is_suivi(self) -> bool:
        return self in (Call.BANCO_SUIVI, Call.SUIVI)

    def __str__(self) -> str:
        return self.value


def has_valid_deal(cards_left: int, *, minimum: int = CHEMIN_DE_FER_MINIMUM_CARDS) -> bool:
    """True when the cards in the dealer's hand are enough for a valid deal (source 000)."""
    return cards_left >= minimum


def verify_valid_deal(cards_left: int, *, minimum: int = CHEMIN_DE_FER_MINIMUM_CARDS) -> None:
    """Raise ``fresh_supply`` when fewer than ``minimum`` cards are left in the dealer's hand."""
    if cards_left < 0:
        raise ValueError(f"cannot have {cards_left} cards left")
    if cards_left < minimum:
        raise RuleViolation(
            "fresh_supply",
            f"only {cards_left} cards left in hand, fewer than the {minimum} a valid deal needs: "
            "throw them in the waste-basket and take a fresh supply, cut by the player on the "
            "croupier's left",
        )


def read_amount(value: object, *, unit: Decimal, what: str) -> Decimal:
    """An amount of money a player puts down: positive, exact, a whole number of ``unit``.

    Raises :class:`~dealer_assist.errors.BetError` for text that is no amount (and for floats),
    :class:`RuleViolation` ``bad_amount`` for a zero, negative or fractional amount.
    """
    amount = money(value, what=what)
    if amount <= 0:
        raise RuleViolation("bad_amount", f"{what} of {amount}: an amount must be positive")
    if amount % unit != 0:
        raise RuleViolation(
            "bad_amount", f"{what} of {amount} is not a whole number of the unit {unit}"
        )
    return amount


def cents(amount: Decimal) -> Decimal:
    """``amount`` shown to the cent when it is whole cents (100 -> 100.00)."""
    return amount.quantize(CENT) if amount == amount.quantize(CENT) else amount


@dataclass(frozen=True, slots=True, kw_only=True)
class Money:
    """Where the money is, as a value: nothing is created or lost, only moved.

    ``balances`` is each player's position since the table opened (negative when he has put
    more down than he took back); ``bank`` what stands in the bank; ``staked`` what lies on the
    layout against it; ``house`` what the house has taken. Their sum is always zero.
    """

    balances: Mapping[str, Decimal]
    bank: Decimal
    staked: Decimal
    house: Decimal

    @property
    def total(self) -> Decimal:
        return sum(self.balances.values(), ZERO) + self.bank + self.staked + self.house


class Ledger:
    """The mutable record behind :class:`Money`; one owner, the table that holds it."""

    __slots__ = ("balances", "bank", "house")

    def __init__(self) -> None:
        self.balances: dict[str, Decimal] = {}
        self.bank = ZERO
        self.house = ZERO

    def pay_in(self, player: str, amount: Decimal) -> None:
        """``player`` puts ``amount`` down (into the bank or onto the layout)."""
        self.balances[player] = self.balances.get(player, ZERO) - amount

    def pay_out(self, player: str, amount: Decimal) -> None:
        """``player`` takes ``amount`` back."""
        self.balances[player] = self.balances.get(player, ZERO) + amount

    def snapshot(self, staked: Decimal) -> Money:
        return Money(
            balances=MappingProxyType(dict(sorted(self.balances.items()))),
            bank=self.bank,
            staked=staked,
            house=self.house,
        )


def journal_mismatch(recorded: object, replayed: object) -> RuleViolation:
    return RuleViolation(
        "journal_mismatch",
        f"replaying {recorded!r} gave {replayed!r}: the journal does not match these rules",
    )


def passes(check: Callable[[], object]) -> bool:
    """True when ``check`` raises no rule or bet error: the ``can_x`` of a ``verify_x``."""
    try:
        check()
    except (RuleViolation, BetError):
        return False
    return True


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatTaken:
    seq: int
    seat: int
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatLeft:
    seq: int
    seat: int
    player: str
