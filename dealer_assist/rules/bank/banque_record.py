"""Baccarat Banque's settings, phases, operations (the record) and the view the screens read.

Every value here is immutable. The operations are what the table journals; replaying them
through :func:`~dealer_assist.rules.bank.replay.rebuild_banque` gives the same table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum

from dealer_assist.rules.bank.common import BANQUE_MINIMUM_CARDS, Money, SeatLeft, SeatTaken
from dealer_assist.rules.coup import Hand
from dealer_assist.rules.outcome import SideResult
from dealer_assist.rules.settlement import CENT, ZERO, Rounding


class BankAssignment(Enum):
    """How the bank is given when it is free (source 000)."""

    AUCTION = "auction"  # to whoever will risk the largest amount
    FIRST_ON_LIST = "first_on_list"  # to the first name on the list, at any amount


class HouseBasis(Enum):
    """What the house's rate is taken on, each coup the bank wins something."""

    COUP_NET = "coup_net"  # the bank's net winnings on the coup (both sides together)
    WINNING_SIDES = "winning_sides"  # what the bank won on each side it beat, losses ignored


class BanqueBet(Enum):
    RIGHT = "right"
    LEFT = "left"
    A_CHEVAL = "a_cheval"  # half the stake on each tableau

    def __str__(self) -> str:
        return self.value


class BankEnd(Enum):
    RETIRED = "retired"
    SHOE_DEALT_OUT = "shoe_dealt_out"
    EXHAUSTED = "exhausted"


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueSettings:
    """House settings. ``decks`` is for the shoe (three packs in source 000)."""

    decks: int = 3
    seats_per_side: int = 5
    assignment: BankAssignment = BankAssignment.AUCTION
    house_rate: Decimal = Decimal("0.05")
    house_basis: HouseBasis = HouseBasis.COUP_NET
    house_rounding: Rounding = field(default_factory=Rounding)
    unit: Decimal = CENT
    minimum_stake: Decimal = CENT
    minimum_bank: Decimal = CENT
    minimum_cards: int = BANQUE_MINIMUM_CARDS

    def __post_init__(self) -> None:
        if self.decks < 1 or self.seats_per_side < 1:
            raise ValueError("a Banque table needs at least one deck and one seat a side")
        if not ZERO <= self.house_rate < 1:
            raise ValueError(f"a house rate is a fraction from 0 to 1, not {self.house_rate}")
        if self.unit <= 0 or self.minimum_stake <= 0 or self.minimum_bank <= 0:
            raise ValueError("the unit, minimum stake and minimum bank must be positive")
        if self.minimum_cards < 6:
            raise ValueError(f"a Banque deal needs at least six cards, not {self.minimum_cards}")

    @property
    def seats(self) -> int:
        return 2 * self.seats_per_side


class BanquePhase(Enum):
    ASSIGNING = "assigning"  # nobody holds the bank: auction, or the list
    STAKING = "staking"  # the seated punters stake
    BYSTANDERS = "bystanders"  # bystanders may take what the seated punters left uncovered
    DEALING = "dealing"  # "no more bets": the coup is dealt, then settled

    def __str__(self) -> str:
        return self.value


# --- the record ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueOpened:
    seq: int
    settings: BanqueSettings


@dataclass(frozen=True, slots=True, kw_only=True)
class NameListed:
    seq: int
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BidMade:
    seq: int
    bidder: str
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class AuctionWon:
    """The highest bidder holds the bank at his bid; a seated winner gives up his seat."""

    seq: int
    banker: str
    amount: Decimal
    vacated_seat: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BankTaken:
    """The first name on the list took the bank at an amount of his choosing."""

    seq: int
    banker: str
    amount: Decimal
    vacated_seat: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BankRefused:
    """The first name on the list did not take the bank; his name leaves the list."""

    seq: int
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueStaked:
    seq: int
    punter: str
    seat: int | None  # None for a bystander
    bet: BanqueBet
    amount: Decimal
    stake: Decimal  # the punter's total on this bet now


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueStakeWithdrawn:
    seq: int
    punter: str
    bet: BanqueBet
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatedStakesClosed:
    """The seated punters have staked; bystanders may take ``uncovered``."""

    seq: int
    uncovered: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueStake:
    punter: str
    seat: int | None
    bet: BanqueBet
    amount: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueBetsClosed:
    """No more bets on a Banque coup: the final stakes, and who holds each punter hand
    (None: nobody staked on that tableau, the croupier plays it)."""

    seq: int
    banker: str
    stakes: tuple[BanqueStake, ...]
    covered: Decimal
    right_hand: str | None
    left_hand: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BanquePunterSettled:
    punter: str
    bet: BanqueBet
    stake: Decimal
    net: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueCoupSettled:
    """Each tableau against the banker; the bank's balance after the coup."""

    seq: int
    banker: str
    right: SideResult
    left: SideResult
    punters: tuple[BanquePunterSettled, ...]
    bank_before: Decimal
    bank_winnings: Decimal
    house_take: Decimal
    bank_after: Decimal
    bank_exhausted: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class BankClosed:
    """The banker retired or the shoe was dealt out; he takes the bank back."""

    seq: int
    banker: str
    amount: Decimal
    reason: BankEnd


#: Who shuffles first (source 000: "The croupier, having shuffled the cards, ...").
CROUPIER = "croupier"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shuffled:
    """The croupier confirmed that ``by`` shuffled the cards (the croupier, a player beside him
    at ``seat``, or the banker, last)."""

    seq: int
    by: str
    seat: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsCut:
    """The croupier confirmed that ``by``, the person the banker named, cut the cards."""

    seq: int
    by: str
    named_by: str


BanqueOperation = (
    BanqueOpened
    | SeatTaken
    | SeatLeft
    | NameListed
    | BidMade
    | AuctionWon
    | BankTaken
    | BankRefused
    | BanqueStaked
    | BanqueStakeWithdrawn
    | SeatedStakesClosed
    | BanqueBetsClosed
    | BanqueCoupSettled
    | BankClosed
    | Shuffled
    | CardsCut
)


@dataclass(frozen=True, slots=True, kw_only=True)
class BanqueView:
    """Everything the screens show, as one immutable value."""

    phase: BanquePhase
    players: Mapping[int, str]
    banker: str | None
    bank: Decimal
    assignment: BankAssignment
    names_listed: tuple[str, ...]
    bids: tuple[tuple[str, Decimal], ...]
    offered_to: str | None
    stakes: tuple[BanqueStake, ...]
    on_side: Mapping[Hand, Decimal]
    covered: Decimal
    uncovered: Decimal
    may_stake: Mapping[int, Decimal]
    bystanders_may_stake: Decimal
    decision_makers: Mapping[Hand, str | None]
    last_settlement: BanqueCoupSettled | None
    last_bank_end: BankEnd | None
    coups_by_bank: int
    money: Money
    shuffled_by: tuple[str, ...]  # this shoe's shufflers, in order
    may_shuffle: tuple[str, ...]  # who may shuffle next ("croupier" first, the banker last)
    cut_by: str | None
