"""Chemin de Fer's settings, phases, operations (the record) and the view the screens read.

Every value here is immutable. The operations are what the table journals; replaying them
through :func:`~dealer_assist.rules.bank.replay.rebuild_chemin_de_fer` gives the same table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum

from dealer_assist.rules.bank.common import (
    CHEMIN_DE_FER_MINIMUM_CARDS,
    Call,
    Money,
    SeatLeft,
    SeatTaken,
)
from dealer_assist.rules.coup import Hand
from dealer_assist.rules.outcome import Winner
from dealer_assist.rules.settlement import CENT, ZERO, Rounding


@dataclass(frozen=True, slots=True, kw_only=True)
class CheminDeFerSettings:
    """House settings. The cagnotte is the house's share of each coup the bank wins.

    ``withdraw_uncovered``: at "no more bets" the part of the bank nobody covered leaves the
    coup's wager (source 003 ¶6). By default it stays in the bank for the next coup, since the
    banker "is not permitted to withdraw any part of his winnings, which go to increase the
    amount in the bank" (source 000); True: the banker takes it back for good (003 read alone).
    """

    seats: int = 9
    cagnotte_rate: Decimal = Decimal("0.05")
    cagnotte_rounding: Rounding = field(default_factory=Rounding)
    unit: Decimal = CENT
    minimum_stake: Decimal = CENT
    minimum_bank: Decimal = CENT
    minimum_cards: int = CHEMIN_DE_FER_MINIMUM_CARDS
    withdraw_uncovered: bool = False

    def __post_init__(self) -> None:
        if self.seats < 2:
            raise ValueError(f"a Chemin de Fer table needs at least two seats, not {self.seats}")
        if not ZERO <= self.cagnotte_rate < 1:
            raise ValueError(f"a cagnotte rate is a fraction from 0 to 1, not {self.cagnotte_rate}")
        if self.unit <= 0 or self.minimum_stake <= 0 or self.minimum_bank <= 0:
            raise ValueError("the unit, minimum stake and minimum bank must be positive")
        if self.minimum_cards < 4:
            raise ValueError(f"a deal needs at least four cards, not {self.minimum_cards}")


class CheminDeFerPhase(Enum):
    AWAITING_BANK = "awaiting_bank"  # the shoe is offered; nobody holds the bank
    CALLS = "calls"  # the bank is up: "Banco Suivi" and "Banco" are heard
    COVERAGE = "coverage"  # partial coverage seat by seat, or the whole bank taken by a call
    DEALING = "dealing"  # "no more bets": the coup is dealt, then settled

    def __str__(self) -> str:
        return self.value


# --- the record ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened:
    seq: int
    settings: CheminDeFerSettings


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeGiven:
    """The croupier placed the shoe before ``seat`` (table opening, or nobody took it)."""

    seq: int
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BankPutUp:
    seq: int
    seat: int
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class BankDeclined:
    """``seat`` declined the shoe; it is now offered to ``offered_to`` (at ``same_amount``)."""

    seq: int
    seat: int
    offered_to: int | None
    same_amount: Decimal | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BancoCalled:
    """``seat`` called ``call``; a Banco Suivi takes the whole bank at once (``takes_bank``)."""

    seq: int
    seat: int
    call: Call
    takes_bank: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class CallWithdrawn:
    seq: int
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CallsClosed:
    """The croupier closed the calls: ``banco`` took the whole bank, or coverage opens in
    ``order`` (seat by seat from the banker's right)."""

    seq: int
    banco: int | None
    call: Call | None
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Staked:
    """``seat`` staked ``amount`` against part of the bank; ``stake`` is its total now."""

    seq: int
    seat: int
    amount: Decimal
    stake: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnPassed:
    seq: int
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StakeWithdrawn:
    seq: int
    seat: int
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class BetsClosed:
    """No more bets was called: the coverage is final; the uncovered part left the coup's wager,
    ``held_back`` in the bank for the next coup, or ``withdrawn`` by the banker for good (the
    ``withdraw_uncovered`` setting)."""

    seq: int
    banker: int
    coverage: tuple[tuple[int, Decimal], ...]
    covered: Decimal
    withdrawn: Decimal
    held_back: Decimal
    player_hand: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PunterSettled:
    seat: int
    player: str
    stake: Decimal
    net: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupSettled:
    """The coup settled: what each punter won (+), lost (-) or stood off (0); the bank after.

    ``bank_winnings`` is what the bank won (negative when it lost); ``cagnotte`` what the
    house took from it; ``held_back`` the part of the bank that was not at stake (it stays in
    the bank, or goes back to the banker when the bank passes); ``bank_passes`` when the bank
    lost and the shoe moves on.
    """

    seq: int
    winner: Winner
    banker: int
    bank_before: Decimal
    punters: tuple[PunterSettled, ...]
    bank_winnings: Decimal
    cagnotte: Decimal
    held_back: Decimal
    bank_after: Decimal
    bank_passes: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DealPassed:
    """The banker said "I pass the deal" with the bank at ``amount``; he takes it back."""

    seq: int
    seat: int
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class SupplyCut:
    """A fresh supply was cut by ``seat``, the player on the croupier's left (source 000)."""

    seq: int
    seat: int
    player: str


CheminDeFerOperation = (
    TableOpened
    | SeatTaken
    | SeatLeft
    | ShoeGiven
    | BankPutUp
    | BankDeclined
    | BancoCalled
    | CallWithdrawn
    | CallsClosed
    | Staked
    | TurnPassed
    | StakeWithdrawn
    | BetsClosed
    | CoupSettled
    | DealPassed
    | SupplyCut
)


# --- what the screens show -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CheminDeFerView:
    """Everything the screens show, as one immutable value.

    ``to_act`` are the seats that may call or stake now (the seat offered the shoe while nobody
    holds the bank); ``turn`` the seat whose turn it is in partial coverage; ``may_stake`` what
    each seated punter may still put down now; ``decision_makers`` who makes the free
    choices of the coup being dealt.
    """

    phase: CheminDeFerPhase
    players: Mapping[int, str]
    banker: int | None
    bank: Decimal
    offered_to: int | None
    same_amount: Decimal | None
    suivi: int | None
    calls: tuple[tuple[int, Call], ...]
    banco: tuple[int, Call] | None
    turn: int | None
    to_act: tuple[int, ...]
    may_stake: Mapping[int, Decimal]
    coverage: tuple[tuple[int, Decimal], ...]
    covered: Decimal
    uncovered: Decimal
    held_back: Decimal
    withdraws_uncovered: bool
    may_pass_deal: bool
    decision_makers: Mapping[Hand, int]
    last_settlement: CoupSettled | None
    coups_by_bank: int
    money: Money
    supply_cutter: int | None  # who cuts a fresh supply: the player on the croupier's left
    last_supply_cut: SupplyCut | None
