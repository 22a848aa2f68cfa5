"""The banking games: Chemin de Fer and Baccarat Banque, where the punters play against a bank.

Pure rules (no I/O, no clock, no randomness): state machines fed one action at a time, each
action an immutable operation that can be journaled and replayed. See ``docs/bank-games.md``.

* :mod:`~dealer_assist.rules.bank.chemin_de_fer`: :class:`CheminDeFerTable`; its settings,
  operations and view in :mod:`~dealer_assist.rules.bank.chemin_de_fer_record`.
* :mod:`~dealer_assist.rules.bank.banque`: :class:`BanqueTable`; its settings, operations and
  view in :mod:`~dealer_assist.rules.bank.banque_record`.
* :mod:`~dealer_assist.rules.bank.replay`: a table rebuilt from its operations.
* :mod:`~dealer_assist.rules.bank.common`: the calls, the money record, the fresh supply.
* :mod:`~dealer_assist.rules.bank.seats`: what both tables share, written once (the record,
  the seat checks, the read-only properties, the valid deal).
"""

from dealer_assist.rules.bank.banque import (
    BanqueTable,
)
from dealer_assist.rules.bank.banque_record import (
    CROUPIER,
    AuctionWon,
    BankAssignment,
    BankClosed,
    BankEnd,
    BankRefused,
    BankTaken,
    BanqueBet,
    BanqueBetsClosed,
    BanqueCoupSettled,
    BanqueOpened,
    BanqueOperation,
    BanquePhase,
    BanquePunterSettled,
    BanqueSettings,
    BanqueStake,
    BanqueStaked,
    BanqueStakeWithdrawn,
    BanqueView,
    BidMade,
    CardsCut,
    HouseBasis,
    NameListed,
    SeatedStakesClosed,
    Shuffled,
)
from dealer_assist.rules.bank.chemin_de_fer import (
    CheminDeFerTable,
)
from dealer_assist.rules.bank.chemin_de_fer_record import (
    BancoCalled,
    BankDeclined,
    BankPutUp,
    BetsClosed,
    CallsClosed,
    CallWithdrawn,
    CheminDeFerOperation,
    CheminDeFerPhase,
    CheminDeFerSettings,
    CheminDeFerView,
    CoupSettled,
    DealPassed,
    PunterSettled,
    ShoeGiven,
    Staked,
    StakeWithdrawn,
    SupplyCut,
    TableOpened,
    TurnPassed,
)
from dealer_assist.rules.bank.common import (
    BANQUE_MINIMUM_CARDS,
    CHEMIN_DE_FER_MINIMUM_CARDS,
    Call,
    Money,
    SeatLeft,
    SeatTaken,
    has_valid_deal,
    verify_valid_deal,
)
from dealer_assist.rules.bank.replay import (
    rebuild_banque,
    rebuild_chemin_de_fer,
)

__all__ = [
    "BANQUE_MINIMUM_CARDS",
    "CHEMIN_DE_FER_MINIMUM_CARDS",
    "CROUPIER",
    "AuctionWon",
    "BancoCalled",
    "BankAssignment",
    "BankClosed",
    "BankDeclined",
    "BankEnd",
    "BankPutUp",
    "BankRefused",
    "BankTaken",
    "BanqueBet",
    "BanqueBetsClosed",
    "BanqueCoupSettled",
    "BanqueOpened",
    "BanqueOperation",
    "BanquePhase",
    "BanquePunterSettled",
    "BanqueSettings",
    "BanqueStake",
    "BanqueStakeWithdrawn",
    "BanqueStaked",
    "BanqueTable",
    "BanqueView",
    "BetsClosed",
    "BidMade",
    "Call",
    "CallWithdrawn",
    "CallsClosed",
    "CardsCut",
    "CheminDeFerOperation",
    "CheminDeFerPhase",
    "CheminDeFerSettings",
    "CheminDeFerTable",
    "CheminDeFerView",
    "CoupSettled",
    "DealPassed",
    "HouseBasis",
    "Money",
    "NameListed",
    "PunterSettled",
    "SeatLeft",
    "SeatTaken",
    "SeatedStakesClosed",
    "ShoeGiven",
    "Shuffled",
    "StakeWithdrawn",
    "Staked",
    "SupplyCut",
    "TableOpened",
    "TurnPassed",
    "has_valid_deal",
    "rebuild_banque",
    "rebuild_chemin_de_fer",
    "verify_valid_deal",
]
