"""A complete coup's result and settlement, as the events the controller records."""

from __future__ import annotations

from typing import Any

from dealer_assist.rules.outcome import Outcome, outcome_of
from dealer_assist.rules.settlement import CoupSettlement, SettlementRules, settle
from dealer_assist.table import bankgame
from dealer_assist.table.events import BankActed, CoupCompleted, CoupSettled, TableEvent
from dealer_assist.table.state import TableState


def completion_events(state: TableState, rules: SettlementRules) -> list[TableEvent]:
    """The coup's result (``CoupCompleted``), the bank's settlement in Chemin de Fer and Banque,
    and every bet's settlement (``CoupSettled``), for a coup whose outcome is known and shown."""
    coup = state.coup
    assert coup is not None and coup.is_complete
    events: list[TableEvent] = []
    outcome = outcome_of(coup)
    events.append(CoupCompleted(coup=state.coup_number, **coup_fields(outcome)))
    if state.bank_table is not None:
        events.append(
            BankActed(action="settle", args=bankgame.settle_arguments(outcome), by="table")
        )
    settlement = settle(state.variant, outcome, state.all_bets(), rules)
    events.append(CoupSettled(coup=state.coup_number, **settlement_fields(settlement)))
    return events


def coup_fields(outcome: Outcome) -> dict[str, Any]:
    """A coup's result as ``CoupCompleted`` records it."""
    return {
        "hands": {r.hand.value: tuple(c.code for c in r.cards) for r in outcome.hands},
        "totals": {r.hand.value: r.total for r in outcome.hands},
        "winner": outcome.winner.value if outcome.winner else None,
        "natural": outcome.natural,
        "sides": {hand.value: result.value for hand, result in outcome.sides},
    }


def settlement_fields(settlement: CoupSettlement) -> dict[str, Any]:
    """Every bet's settlement as ``CoupSettled`` records it (money as exact text)."""
    return {
        "bets": tuple(
            {
                "seat": b.seat,
                "name": b.name,
                "stake": str(b.stake),
                "result": b.result.value,
                "odds": b.odds,
                "payout": str(b.payout),
                "commission": str(b.commission),
                "net": str(b.net),
                "returned": str(b.returned),
                "commission_to_box": str(b.commission_to_box),
            }
            for b in settlement.bets
        ),
        "commission_to_boxes": {
            str(seat): str(amount) for seat, amount in settlement.commission_to_boxes.items()
        },
    }
