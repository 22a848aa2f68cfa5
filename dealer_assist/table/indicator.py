"""The shoe's draw indicator, computed from the table's state (see drivers.base.Indicator)."""

from __future__ import annotations

from dealer_assist.drivers.base import Indicator, Want
from dealer_assist.rules.coup import DealTo, Hand
from dealer_assist.shoe import ShoePhase
from dealer_assist.table import bankgame
from dealer_assist.table.state import TableState


def compute_indicator(state: TableState, *, serial: int, cards_received: int) -> Indicator:
    """What the shoe's draw indicator must show now (every source is told after each input)."""

    def show(want: Want, hand: Hand | None = None, count: int = 0) -> Indicator:
        return Indicator(
            want=want,
            hand=hand,
            count=count,
            serial=serial,
            shoe=state.shoe_number,
            cards_received=cards_received,
            shoe_cards_taken=len(state.shoe_cards)
            + sum(1 for alert in state.alerts.values() if alert.card is not None),
            cut_card_out=state.shoe is not None and state.shoe.is_cut_card_out,
        )

    shoe = state.shoe
    if shoe is None or shoe.phase is ShoePhase.ENDED:
        return show(Want.OFF)
    if state.holding:
        return show(Want.STOP)
    if shoe.phase is ShoePhase.BURN:
        return show(Want.BURN, count=shoe.burn_remaining or 0)
    coup = state.coup
    bank = state.bank_table
    if (coup is None or state.coup_closed) and bank is not None and not bankgame.is_dealing(bank):
        return show(Want.STOP)  # the bank's calls and stakes first, then "no more bets"
    if coup is None or state.coup_closed:
        return show(Want.CARD, state.rules.hands[0])
    if state.coup_finished:
        return show(Want.STOP)
    step = coup.next_step
    if isinstance(step, DealTo) and not state.awaiting_turn:
        # Under squeeze a third card waits until every face-down card has been turned.
        return show(Want.CARD, step.hand)
    return show(Want.STOP)
