"""Snapshots from the state: what each screen may show, squeezed cards hidden.

This is the only place that turns the table's state into something that leaves the controller,
so the squeeze rule lives here: a face-down card's value, and any total or instruction that
would give it away, stay out of the snapshot until the hand is turned.
"""

from __future__ import annotations

from decimal import Decimal

from dealer_assist.cards import Card
from dealer_assist.rules.calls import call as call_of
from dealer_assist.rules.calls import instruction as engine_instruction
from dealer_assist.rules.coup import DealTo, DecisionDue
from dealer_assist.shoe import ShoePhase
from dealer_assist.table.snapshot import (
    AlertView,
    BetResultView,
    BetView,
    CardView,
    CoupSummary,
    DecisionView,
    HandView,
    PitMessageView,
    SeatView,
    ShoeView,
    Snapshot,
)
from dealer_assist.table.state import FinishedCoup, TableState

_HIDDEN = CardView(code=None, pretty=None, red=None, face_down=True)


def _card_view(card: Card) -> CardView:
    return CardView(code=card.code, pretty=card.pretty, red=card.suit.is_red, face_down=False)


def _hands(state: TableState) -> tuple[HandView, ...]:
    views = []
    for hand in state.rules.hands:
        held = [
            (dealt.card, state.hidden(position))
            for position, dealt in enumerate(state.in_play)
            if dealt.hand is hand
        ]
        cards = tuple(_HIDDEN if hidden else _card_view(card) for card, hidden in held)
        total = None if any(hidden for _, hidden in held) else sum(c.value for c, _ in held) % 10
        natural = total is not None and len(cards) == 2 and total >= 8
        views.append(HandView(hand=hand.value, cards=cards, total=total, natural=natural))
    return tuple(views)


def phase_of(state: TableState) -> str:
    shoe = state.shoe
    if shoe is None or shoe.phase is ShoePhase.ENDED:
        return "shoe_ended"
    if state.holding:
        return "held"
    if shoe.phase is ShoePhase.BURN:
        return "burn"
    coup = state.coup
    if coup is None:
        return "betting"
    if state.coup_closed:
        return "betting"
    if state.coup_finished:
        return "complete"
    if state.awaiting_turn:
        return "reveal"
    if isinstance(coup.next_step, DecisionDue):
        return "decision"
    return "dealing"


def instruction_for(state: TableState) -> str:
    phase = phase_of(state)
    shoe = state.shoe
    if phase == "shoe_ended":
        return "SHOE ENDED: START A NEW SHOE"
    if phase == "held":
        alert = next(a for a in state.alerts.values() if a.hold)
        return f"HOLD: {alert.code.replace('_', ' ').upper()}"
    if phase == "burn":
        assert shoe is not None
        left = shoe.burn_remaining
        if left is None:
            return "TURN THE FIRST CARD FOR THE BURN"
        return f"BURN {left} MORE CARD{'S' if left != 1 else ''}"
    if phase == "betting":
        return "PLACE YOUR BETS"
    coup = state.coup
    assert coup is not None
    if phase == "reveal":
        hand = next(h for h in state.rules.hands if state.reveal_pending(h))
        return f"TURN THE {hand.value.upper()} CARDS"
    if phase == "complete" and state.completed is None:
        return "COUP VOID"
    return engine_instruction(coup)


def _result_view(bet: dict[str, str]) -> BetResultView:
    return BetResultView(
        name=bet["name"],
        stake=Decimal(bet["stake"]),
        result=bet["result"],
        payout=Decimal(bet["payout"]),
        commission=Decimal(bet["commission"]),
        net=Decimal(bet["net"]),
        returned=Decimal(bet["returned"]),
    )


def _summary(finished: FinishedCoup) -> CoupSummary:
    completed = finished.completed
    hands: tuple[HandView, ...] = ()
    winner = None
    natural = False
    player_pair = banker_pair = False
    sides: tuple[tuple[str, str], ...] = ()
    if completed is not None:
        views = []
        for hand, codes in completed.hands.items():
            cards = tuple(_card_view(_parse(code)) for code in codes)
            total = completed.totals[hand]
            views.append(
                HandView(
                    hand=hand, cards=cards, total=total, natural=len(cards) == 2 and total >= 8
                )
            )
            if hand == "player":
                player_pair = len(codes) >= 2 and codes[0][0] == codes[1][0]
            if hand == "banker":
                banker_pair = len(codes) >= 2 and codes[0][0] == codes[1][0]
        hands = tuple(views)
        winner = completed.winner
        natural = completed.natural
        sides = tuple(completed.sides.items())
    return CoupSummary(
        shoe=finished.shoe,
        coup=finished.coup,
        hands=hands,
        winner=winner,
        natural=natural,
        player_pair=player_pair,
        banker_pair=banker_pair,
        sides=sides,
        voided=finished.voided,
        bets=tuple((int(bet["seat"]), _result_view(bet)) for bet in finished.bets),
        steps=finished.steps,
    )


_PARSED: dict[str, Card] = {}


def _parse(code: str) -> Card:
    from dealer_assist.cards import parse_card

    card = _PARSED.get(code)
    if card is None:
        card = _PARSED[code] = parse_card(code)
    return card


def _summary_cached(finished: FinishedCoup) -> CoupSummary:
    """A finished coup never changes: its summary is built once and kept with it."""
    summary = finished.summary
    if not isinstance(summary, CoupSummary):
        summary = finished.summary = _summary(finished)
    return summary


def build_snapshot(state: TableState, seq: int) -> Snapshot:
    config = state.config
    shoe = state.shoe
    coup = state.coup
    phase = phase_of(state)
    hands = (
        _hands(state)
        if coup is not None
        else tuple(
            HandView(hand=h.value, cards=(), total=None, natural=False) for h in state.rules.hands
        )
    )
    next_hand = None
    decision = None
    if coup is not None and phase == "dealing":
        step = coup.next_step
        if isinstance(step, DealTo):
            next_hand = step.hand.value
    if coup is not None and phase == "decision":
        step = coup.next_step
        assert isinstance(step, DecisionDue)
        by = None
        if state.bank_table is not None:
            maker = state.bank_table.decision_makers().get(step.hand)
            by = None if maker is None else str(maker)
        decision = DecisionView(
            hand=step.hand.value,
            options=tuple(o.value for o in step.options),
            reason=step.reason,
            by=by,
        )
    completed = state.completed if phase == "complete" else None
    results_by_seat: dict[int, list[BetResultView]] = {}
    if phase == "complete" or phase == "betting" or phase == "shoe_ended":
        for bet in state.last_results:
            results_by_seat.setdefault(int(bet["seat"]), []).append(_result_view(bet))
    seats = tuple(
        SeatView(
            seat=seat,
            bets=tuple(BetView(name=n, stake=s) for n, s in state.bets.get(seat, {}).items()),
            results=tuple(results_by_seat.get(seat, ())),
            box=state.boxes.balance(seat),
        )
        for seat in config.seats
    )
    shoe_view = ShoeView(
        shoe=state.shoe_number,
        phase=shoe.phase.value if shoe else "none",
        decks=config.shoe.decks,
        card_count=shoe.card_count if shoe else 0,
        cards_out=shoe.cards_out if shoe else 0,
        cards_left=shoe.cards_left if shoe else 0,
        cut_card_out=shoe.is_cut_card_out if shoe else False,
        last_coup=shoe.last_coup if shoe else None,
        is_last_coup=shoe.is_last_coup if shoe else False,
        coups_played=shoe.coups_played if shoe else 0,
        burn_remaining=shoe.burn_remaining if shoe else None,
    )
    call = ""
    if completed is not None and coup is not None and coup.is_complete:
        call = call_of(coup)
    return Snapshot(
        seq=seq,
        table_id=config.table_id,
        name=config.name,
        variant=state.variant.name,
        variant_title=state.variant.title,
        game=state.variant.game.value,
        squeeze=config.squeeze,
        coup=state.coup_number,
        phase=phase,
        hands=hands,
        instruction=instruction_for(state),
        call=call,
        next_hand=next_hand,
        decision=decision,
        winner=completed.winner if completed else None,
        sides=tuple(completed.sides.items()) if completed else (),
        alerts=tuple(
            AlertView(
                alert=a.alert,
                code=a.code,
                message=a.message,
                fix=a.fix,
                hold=a.hold,
                options=a.options,
            )
            for a in state.alerts.values()
        ),
        seats=seats,
        shoe=shoe_view,
        devices=tuple(sorted(state.devices.items())),
        history=tuple(_summary_cached(f) for f in state.history),
        recall=tuple(_summary_cached(f) for f in state.recall),
        bank=state.bank_table.view() if state.bank_table is not None else None,
        pit_message=(
            PitMessageView(
                number=state.pit_messages,
                text=state.last_pit_message.text,
                by=state.last_pit_message.by,
            )
            if state.last_pit_message is not None
            else None
        ),
    )
