"""Chemin de Fer and Banque on the croupier's screen: which bank actions to offer, and when.

Pure Python, no Qt: functions of a snapshot (and the seat the croupier touched). Each
:class:`Control` names a real :class:`~dealer_assist.table.commands.BankAction` (its action and
the arguments known already) and what the screen must still ask for (an amount, a name, a
bet). ``enabled`` follows the bank's view, the same facts the rules core decides from (whose
turn it is, what each seat may stake, who may follow the bank, whether the deal may pass); the
controller still checks every action, and a refused one comes back with the rules' message.

Nothing here decides anything about the game: it only reads what the snapshot says is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal

from dealer_assist.rules.bank import (
    CROUPIER,
    BankAssignment,
    BanquePhase,
    BanqueStake,
    BanqueView,
    CheminDeFerPhase,
    CheminDeFerView,
)
from dealer_assist.rules.coup import Hand
from dealer_assist.table.snapshot import Snapshot

ZERO = Decimal(0)

#: Snapshot phases between coups: the bank's calls and stakes are open to the croupier.
BETWEEN_COUPS = ("betting", "burn", "shoe_ended")
#: Seating may change at any time (the controller allows it during a coup).
ANY_TIME = ("sit", "leave", "list_name")


@dataclass(frozen=True, slots=True, kw_only=True)
class Control:
    """One touch target: ``action`` with ``args``; ``needs`` what the screen asks first
    (``"amount"``, ``"player"``, ``"bidder"``, ``"punter"``, ``"bet"``)."""

    key: str
    action: str
    args: Mapping[str, object] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    enabled: bool = True
    amount: Decimal | None = None  # shown on the button (a bank to take, what to cover)
    kept: bool = False  # "no more bets": the uncovered ``amount`` stays in the bank
    bets: tuple[str, ...] = ()  # Banque: the bets the keypad offers


def is_bank_game(snapshot: Snapshot | None) -> bool:
    return snapshot is not None and snapshot.bank is not None


def between_coups(snapshot: Snapshot) -> bool:
    return snapshot.phase in BETWEEN_COUPS


def _control(snapshot: Snapshot, control: Control) -> Control:
    """Disable bank actions while a coup is being dealt (the controller refuses them)."""
    if control.action in ANY_TIME or between_coups(snapshot):
        return control
    return replace(control, enabled=False)


# --- seats ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatState:
    """What a seat tile shows in a bank game instead of Punto Banco bets."""

    seat: int
    player: str | None
    banker: bool = False  # Chemin de Fer: holds the bank
    offered: bool = False  # the shoe is offered to this seat
    due: bool = False  # the seat may act now (its call, its turn, the shoe offered)
    turn: bool = False  # Chemin de Fer partial coverage: this seat's turn
    suivi: bool = False  # may call Banco Suivi
    call: str | None = None  # the call heard this coup ("Banco", "Banco Suivi", ...)
    stakes: tuple[tuple[str, Decimal], ...] = ()  # ("stake", 40) or Banque ("right", 10)
    may_stake: Decimal = ZERO
    side: str | None = None  # Banque: "right" or "left"
    result: Decimal | None = None  # the last coup's net, while its result is on the screen
    holds_hand: str | None = None  # the hand whose choices this seat makes


def seat_states(snapshot: Snapshot, seats: tuple[int, ...]) -> dict[int, SeatState]:
    bank = snapshot.bank
    if isinstance(bank, CheminDeFerView):
        return {seat: _chemin_de_fer_seat(snapshot, bank, seat) for seat in seats}
    if isinstance(bank, BanqueView):
        return {seat: _banque_seat(snapshot, bank, seat) for seat in seats}
    return {}


def _chemin_de_fer_seat(snapshot: Snapshot, bank: CheminDeFerView, seat: int) -> SeatState:
    player = bank.players.get(seat)
    calls = dict(bank.calls)
    coverage = dict(bank.coverage)
    result = None
    settled = bank.last_settlement
    if snapshot.phase == "complete" and settled is not None:
        for punter in settled.punters:
            if punter.seat == seat:
                result = punter.net
        if seat == settled.banker:
            result = settled.bank_winnings - settled.cagnotte
    holds = [hand.value for hand, maker in bank.decision_makers.items() if maker == seat]
    call = calls.get(seat)
    return SeatState(
        seat=seat,
        player=player,
        banker=bank.banker == seat,
        offered=bank.offered_to == seat,
        due=player is not None and between_coups(snapshot) and seat in bank.to_act,
        turn=bank.turn == seat,
        suivi=bank.suivi == seat,
        call=call.value if call is not None else None,
        stakes=(("stake", coverage[seat]),) if seat in coverage else (),
        may_stake=bank.may_stake.get(seat, ZERO),
        result=result,
        holds_hand=holds[0] if holds else None,
    )


def banque_side(seat: int) -> str:
    """Seats 1-5 play the right tableau, 6-10 the left (each numbered from the banker)."""
    return "right" if seat <= 5 else "left"


def _banque_seat(snapshot: Snapshot, bank: BanqueView, seat: int) -> SeatState:
    player = bank.players.get(seat)
    stakes = tuple(
        (stake.bet.value, stake.amount)
        for stake in bank.stakes
        if player is not None and stake.punter == player
    )
    result = None
    settled = bank.last_settlement
    if snapshot.phase == "complete" and settled is not None and player is not None:
        nets = [punter.net for punter in settled.punters if punter.punter == player]
        result = sum(nets, ZERO) if nets else None
    holds = [
        hand.value
        for hand, maker in bank.decision_makers.items()
        if player is not None and maker == player and hand is not Hand.BANKER
    ]
    may = bank.may_stake.get(seat, ZERO)
    return SeatState(
        seat=seat,
        player=player,
        due=player is not None and may > 0 and between_coups(snapshot),
        stakes=stakes,
        may_stake=may,
        side=banque_side(seat),
        result=result,
        holds_hand=", ".join(holds) if holds else None,
    )


def due_seat(snapshot: Snapshot) -> int | None:
    """The one seat the croupier deals with next, if the rules single one out: the seat
    offered the shoe, or the seat whose turn it is to cover (Chemin de Fer)."""
    bank = snapshot.bank
    if not isinstance(bank, CheminDeFerView) or not between_coups(snapshot):
        return None
    if bank.phase is CheminDeFerPhase.AWAITING_BANK:
        return bank.offered_to
    if bank.phase is CheminDeFerPhase.COVERAGE:
        return bank.turn
    return None


# --- the controls ---------------------------------------------------------------------------


def seat_controls(snapshot: Snapshot, seat: int | None) -> tuple[Control, ...]:
    """The actions for the selected seat, in the order they come in a coup."""
    bank = snapshot.bank
    if seat is None:
        return ()
    if isinstance(bank, CheminDeFerView):
        controls = _chemin_de_fer_seat_controls(bank, seat)
    elif isinstance(bank, BanqueView):
        controls = _banque_seat_controls(bank, seat)
    else:
        return ()
    return tuple(_control(snapshot, control) for control in controls)


def table_controls(snapshot: Snapshot) -> tuple[Control, ...]:
    """The croupier's and the banker's actions for the whole table."""
    bank = snapshot.bank
    if isinstance(bank, CheminDeFerView):
        controls = _chemin_de_fer_table_controls(bank)
    elif isinstance(bank, BanqueView):
        controls = _banque_table_controls(bank)
    else:
        return ()
    return tuple(_control(snapshot, control) for control in controls)


def _seating(players: Mapping[int, str], seat: int, *, may_leave: bool) -> Control:
    if seat in players:
        return Control(key="leave", action="leave", args={"seat": seat}, enabled=may_leave)
    return Control(key="sit", action="sit", args={"seat": seat}, needs=("player",))


def _chemin_de_fer_seat_controls(bank: CheminDeFerView, seat: int) -> list[Control]:
    phase = bank.phase
    seated = seat in bank.players
    calls = dict(bank.calls)
    coverage = dict(bank.coverage)
    may_leave = (
        seated
        and seat != bank.banker
        and seat != bank.offered_to
        and seat not in coverage
        and not (phase is CheminDeFerPhase.CALLS and seat in calls)
    )
    controls = [_seating(bank.players, seat, may_leave=may_leave)]
    args = {"seat": seat}
    if seat == bank.supply_cutter:  # the player on the croupier's left cuts a fresh supply
        controls.append(
            Control(
                key="cut_supply",
                action="cut_supply",
                args=args,
                enabled=phase is not CheminDeFerPhase.DEALING,
            )
        )
    if phase is CheminDeFerPhase.AWAITING_BANK:
        offered = bank.offered_to == seat
        controls.append(
            Control(
                key="give_shoe",
                action="give_shoe",
                args=args,
                enabled=seated and bank.offered_to is None,
            )
        )
        if bank.same_amount is not None:
            controls.append(
                Control(
                    key="take_bank",
                    action="put_up_bank",
                    args={"seat": seat, "amount": str(bank.same_amount)},
                    enabled=offered,
                    amount=bank.same_amount,
                )
            )
        else:
            controls.append(
                Control(
                    key="put_up_bank",
                    action="put_up_bank",
                    args=args,
                    needs=("amount",),
                    enabled=offered,
                )
            )
        controls.append(
            Control(key="decline_bank", action="decline_bank", args=args, enabled=offered)
        )
    elif phase is CheminDeFerPhase.CALLS:
        open_to_call = seated and seat != bank.banker and seat not in calls
        may_follow = open_to_call and bank.suivi == seat
        controls += [
            Control(
                key="banco",
                action="call",
                args={"seat": seat, "call": "banco"},
                enabled=open_to_call and bank.may_stake.get(seat, ZERO) > 0,
                amount=bank.bank,
            ),
            Control(
                key="banco_suivi",
                action="call",
                args={"seat": seat, "call": "banco_suivi"},
                enabled=may_follow,
            ),
            Control(
                key="suivi", action="call", args={"seat": seat, "call": "suivi"}, enabled=may_follow
            ),
            Control(key="withdraw_call", action="withdraw_call", args=args, enabled=seat in calls),
        ]
    elif phase is CheminDeFerPhase.COVERAGE:
        may = bank.may_stake.get(seat, ZERO)
        controls += [
            Control(key="stake", action="stake", args=args, needs=("amount",), enabled=may > 0),
            Control(
                key="cover",
                action="stake",
                args={"seat": seat, "amount": str(may)},
                enabled=may > 0,
                amount=may,
            ),
            Control(key="pass_turn", action="pass_turn", args=args, enabled=bank.turn == seat),
            Control(
                key="withdraw_stake",
                action="withdraw_stake",
                args=args,
                enabled=seat in coverage and bank.banco is None,
            ),
        ]
    return controls


def _chemin_de_fer_table_controls(bank: CheminDeFerView) -> list[Control]:
    phase = bank.phase
    controls: list[Control] = []
    if phase is CheminDeFerPhase.CALLS:
        controls.append(Control(key="close_calls", action="close_calls"))
    if phase is CheminDeFerPhase.COVERAGE:
        controls.append(
            Control(
                key="no_more_bets",
                action="no_more_bets",
                enabled=bool(bank.coverage),
                amount=bank.uncovered,
                kept=not bank.withdraws_uncovered,
            )
        )
    if phase in (CheminDeFerPhase.CALLS, CheminDeFerPhase.COVERAGE):
        controls.append(Control(key="pass_deal", action="pass_deal", enabled=bank.may_pass_deal))
    return controls


def _banque_seat_controls(bank: BanqueView, seat: int) -> list[Control]:
    phase = bank.phase
    player = bank.players.get(seat)
    own = [stake for stake in bank.stakes if player is not None and stake.punter == player]
    controls = [_seating(bank.players, seat, may_leave=player is not None and not own)]
    if player is not None and player in bank.may_shuffle and not bank.stakes:
        # a player beside the croupier takes his turn at the shuffle (source 000)
        controls.append(Control(key="shuffle_seat", action="shuffle", args={"by": player}))
    if phase is BanquePhase.ASSIGNING:
        if bank.assignment is BankAssignment.AUCTION:
            controls.append(
                Control(
                    key="bid",
                    action="bid",
                    args={"bidder": player or ""},
                    needs=("amount",),
                    enabled=player is not None,
                )
            )
        else:
            controls.append(
                Control(
                    key="list_name",
                    action="list_name",
                    args={"player": player or ""},
                    enabled=player is not None and player not in bank.names_listed,
                )
            )
    elif phase is BanquePhase.STAKING:
        may = bank.may_stake.get(seat, ZERO) > 0
        side = banque_side(seat)
        controls += [
            Control(
                key=f"stake_{side}",
                action="stake",
                args={"punter": player or "", "bet": side},
                needs=("amount",),
                enabled=may,
                bets=(side,),
            ),
            Control(
                key="stake_a_cheval",
                action="stake",
                args={"punter": player or "", "bet": "a_cheval"},
                needs=("amount",),
                enabled=may,
                bets=("a_cheval",),
            ),
        ]
    if phase in (BanquePhase.STAKING, BanquePhase.BYSTANDERS):
        controls.append(_withdraw(own[-1] if own else None, key="withdraw_stake"))
    return controls


def _withdraw(stake: BanqueStake | None, *, key: str) -> Control:
    if stake is None:
        return Control(key=key, action="withdraw_stake", enabled=False)
    return Control(
        key=key,
        action="withdraw_stake",
        args={"punter": stake.punter, "bet": stake.bet.value},
        amount=stake.amount,
        bets=(stake.bet.value,),
    )


def _banque_preparation(bank: BanqueView) -> list[Control]:
    """Source 000: the croupier shuffles, then the players to his right and left (their seats'
    "Shuffled" buttons), the banker last, who names the person to cut. Each step is confirmed
    by a touch; one table button at a time, until the cut or the first stake."""
    if bank.cut_by is not None or bank.stakes:
        return []
    if CROUPIER in bank.may_shuffle:
        return [Control(key="shuffle_croupier", action="shuffle", args={"by": CROUPIER})]
    if bank.banker is not None and bank.banker in bank.may_shuffle:
        return [Control(key="shuffle_banker", action="shuffle", args={"by": bank.banker})]
    banker_shuffled = bank.banker is not None and bank.banker in bank.shuffled_by
    return [Control(key="cut", action="cut", needs=("player",), enabled=banker_shuffled)]


def _banque_table_controls(bank: BanqueView) -> list[Control]:
    phase = bank.phase
    controls: list[Control] = _banque_preparation(bank)
    if phase is BanquePhase.ASSIGNING:
        if bank.assignment is BankAssignment.AUCTION:
            best = bank.bids[-1] if bank.bids else None
            controls += [
                Control(key="bid_name", action="bid", needs=("bidder", "amount")),
                Control(
                    key="close_auction",
                    action="close_auction",
                    enabled=best is not None,
                    amount=best[1] if best is not None else None,
                ),
            ]
        else:
            offered = bank.offered_to
            controls += [
                Control(key="list_other", action="list_name", needs=("player",)),
                Control(
                    key="list_put_up_bank",
                    action="put_up_bank",
                    args={"player": offered or ""},
                    needs=("amount",),
                    enabled=offered is not None,
                ),
                Control(
                    key="list_decline_bank",
                    action="decline_bank",
                    args={"player": offered or ""},
                    enabled=offered is not None,
                ),
            ]
        return controls
    staking = phase in (BanquePhase.STAKING, BanquePhase.BYSTANDERS)
    if phase is BanquePhase.STAKING:
        controls.append(Control(key="close_seated_stakes", action="close_seated_stakes"))
    if phase is BanquePhase.BYSTANDERS:
        bystanders = [stake for stake in bank.stakes if stake.seat is None]
        controls += [
            Control(
                key="bystander_stake",
                action="stake",
                needs=("punter", "bet", "amount"),
                enabled=bank.bystanders_may_stake > 0,
                amount=bank.bystanders_may_stake,
                bets=("right", "left", "a_cheval"),
            ),
            _withdraw(bystanders[-1] if bystanders else None, key="withdraw_bystander"),
        ]
    if staking:
        controls += [
            Control(key="no_more_bets", action="no_more_bets", enabled=bool(bank.stakes)),
            Control(key="retire", action="retire", enabled=not bank.stakes),
        ]
    return controls
