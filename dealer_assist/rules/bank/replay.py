"""Replaying the record: a table rebuilt from its operations, through the same rules.

Each operation is replayed by calling the action it records with the inputs it records; the
operation the table returns must equal the recorded one, field for field (amounts, the
next offer, the settlement). Anything else raises ``journal_mismatch``: a journal written under
other settings, altered, or out of order.
"""

from __future__ import annotations

from collections.abc import Iterable

from dealer_assist.errors import RuleViolation
from dealer_assist.rules.bank.banque import BanqueTable
from dealer_assist.rules.bank.banque_record import (
    AuctionWon,
    BankClosed,
    BankEnd,
    BankRefused,
    BankTaken,
    BanqueBetsClosed,
    BanqueCoupSettled,
    BanqueOpened,
    BanqueOperation,
    BanqueStaked,
    BanqueStakeWithdrawn,
    BidMade,
    CardsCut,
    NameListed,
    SeatedStakesClosed,
    Shuffled,
)
from dealer_assist.rules.bank.chemin_de_fer import CheminDeFerTable
from dealer_assist.rules.bank.chemin_de_fer_record import (
    BancoCalled,
    BankDeclined,
    BankPutUp,
    BetsClosed,
    CallsClosed,
    CallWithdrawn,
    CheminDeFerOperation,
    CoupSettled,
    DealPassed,
    ShoeGiven,
    Staked,
    StakeWithdrawn,
    SupplyCut,
    TableOpened,
    TurnPassed,
)
from dealer_assist.rules.bank.common import SeatLeft, SeatTaken, journal_mismatch


def rebuild_chemin_de_fer(operations: Iterable[CheminDeFerOperation]) -> CheminDeFerTable:
    """The table the operations describe, rebuilt by replaying them through the rules.

    Raises ``journal_mismatch`` when an operation does not replay to itself (a journal
    written under other rules, or altered).
    """
    ops = iter(operations)
    first = next(ops, None)
    if not isinstance(first, TableOpened):
        raise RuleViolation("journal_mismatch", "a Chemin de Fer journal starts with TableOpened")
    table = CheminDeFerTable(settings=first.settings)
    for operation in ops:
        replayed = _replay_chemin_de_fer(table, operation)
        if replayed != operation:
            raise journal_mismatch(operation, replayed)
    return table


def _replay_chemin_de_fer(
    table: CheminDeFerTable, op: CheminDeFerOperation
) -> CheminDeFerOperation:
    match op:
        case SeatTaken():
            return table.sit(op.seat, op.player)
        case SeatLeft():
            return table.leave(op.seat)
        case ShoeGiven():
            return table.give_shoe(op.seat)
        case BankPutUp():
            return table.put_up_bank(op.seat, op.amount)
        case BankDeclined():
            return table.decline_bank(op.seat)
        case BancoCalled():
            return table.call(op.seat, op.call)
        case CallWithdrawn():
            return table.withdraw_call(op.seat)
        case CallsClosed():
            return table.close_calls()
        case Staked():
            return table.stake(op.seat, op.amount)
        case TurnPassed():
            return table.pass_turn(op.seat)
        case StakeWithdrawn():
            return table.withdraw_stake(op.seat)
        case BetsClosed():
            return table.no_more_bets()
        case CoupSettled():
            return table.settle(op.winner)
        case DealPassed():
            return table.pass_deal()
        case SupplyCut():
            return table.cut_supply(op.seat)
        case TableOpened():
            raise RuleViolation("journal_mismatch", "TableOpened in the middle of a journal")
    raise RuleViolation("journal_mismatch", f"not a Chemin de Fer operation: {op!r}")


def rebuild_banque(operations: Iterable[BanqueOperation]) -> BanqueTable:
    """The table the operations describe, rebuilt by replaying them through the rules."""
    ops = iter(operations)
    first = next(ops, None)
    if not isinstance(first, BanqueOpened):
        raise RuleViolation("journal_mismatch", "a Banque journal starts with BanqueOpened")
    table = BanqueTable(settings=first.settings)
    for operation in ops:
        replayed = _replay_banque(table, operation)
        if replayed != operation:
            raise journal_mismatch(operation, replayed)
    return table


def _replay_banque(table: BanqueTable, op: BanqueOperation) -> BanqueOperation:
    match op:
        case SeatTaken():
            return table.sit(op.seat, op.player)
        case SeatLeft():
            return table.leave(op.seat)
        case NameListed():
            return table.list_name(op.player)
        case BidMade():
            return table.bid(op.bidder, op.amount)
        case AuctionWon():
            return table.close_auction()
        case BankTaken():
            return table.put_up_bank(op.banker, op.amount)
        case BankRefused():
            return table.decline_bank(op.player)
        case BanqueStaked():
            return table.stake(op.punter, op.bet, op.amount)
        case BanqueStakeWithdrawn():
            return table.withdraw_stake(op.punter, op.bet)
        case SeatedStakesClosed():
            return table.close_seated_stakes()
        case BanqueBetsClosed():
            return table.no_more_bets()
        case BanqueCoupSettled():
            return table.settle((op.right, op.left))
        case BankClosed():
            if op.reason is BankEnd.RETIRED:
                return table.retire()
            return table.end_shoe()
        case Shuffled():
            return table.shuffle(op.by)
        case CardsCut():
            return table.cut(op.by)
        case BanqueOpened():
            raise RuleViolation("journal_mismatch", "BanqueOpened in the middle of a journal")
    raise RuleViolation("journal_mismatch", f"not a Banque operation: {op!r}")
