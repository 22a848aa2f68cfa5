"""Simulated punters and bankers for the mock table: who decides where the rules leave a choice.

Training and headless runs need someone to answer "draw or stand?". These choices are the
textbook ones (baccarat.md §2.1-2.2): the punter draws on 5; a Chemin de Fer banker follows the
Punto Banco tableau (the equilibrium against a drawing punter); a Banque banker draws on 0-5 and,
when the two sides pull apart, plays against the side with the larger stake.
"""

from __future__ import annotations

from typing import Any

from dealer_assist.table.snapshot import Snapshot


def simulated_choice(snapshot: Snapshot) -> str | None:
    """The choice a simulated player makes for the decision due, or None if none is due."""
    decision = snapshot.decision
    if decision is None:
        return None
    if decision.hand != "banker":
        return "draw"  # the punter's option on 5: drawing is the better play
    totals = {hand.hand: hand.total for hand in snapshot.hands}
    banker = totals.get("banker")
    if banker is None:
        return "stand"
    if snapshot.game == "chemin_de_fer":
        return "draw"  # the options (3 v 9, 5 v 4) are draws in the Punto Banco tableau
    return "draw" if banker <= 5 else "stand"


def simulated_bank_action(snapshot: Snapshot) -> tuple[str, dict[str, object]] | None:
    """The next action simulated punters take on the bank (Chemin de Fer and Banque).

    Deterministic from the snapshot, so a replayed or resumed run takes the same actions:
    punters fill the table, the shoe goes to seat 1, the banker puts up 100; every fourth coup
    the first seat able to goes banco, otherwise punters cover 20 each in turn; then "no more
    bets". In Banque the bank is auctioned to one bid of 500 and each seated punter stakes 10 on
    his side (every third one à cheval).
    """
    bank = snapshot.bank
    if bank is None or snapshot.phase not in ("betting", "burn"):
        return None
    if snapshot.game == "chemin_de_fer":
        return _chemin_de_fer(snapshot, bank)
    return _banque(snapshot, bank)


def _chemin_de_fer(snapshot: Snapshot, bank: Any) -> tuple[str, dict[str, object]] | None:
    players = bank.players
    for seat in range(1, 7):
        if seat not in players:
            return ("sit", {"seat": seat, "player": f"Punter {seat}"})
    phase = str(bank.phase)
    if phase == "awaiting_bank":
        offered = bank.offered_to
        if offered is None:
            return ("give_shoe", {"seat": 1})
        same = bank.same_amount
        return ("put_up_bank", {"seat": offered, "amount": str(same or 100)})
    if phase == "calls":
        suivi = bank.suivi
        if suivi is not None:
            return ("call", {"seat": suivi, "call": "suivi"})
        to_act = bank.to_act
        if snapshot.coup % 4 == 3 and to_act:
            return ("call", {"seat": to_act[0], "call": "banco"})
        return ("close_calls", {})
    if phase == "coverage":
        turn = bank.turn
        uncovered = bank.uncovered
        if turn is not None and uncovered > 0:
            may = bank.may_stake.get(turn, 0)
            amount = min(may, 20)
            if amount > 0:
                return ("stake", {"seat": turn, "amount": str(amount)})
            return ("pass_turn", {"seat": turn})
        return ("no_more_bets", {})
    return None


def _banque(snapshot: Snapshot, bank: Any) -> tuple[str, dict[str, object]] | None:
    players = bank.players
    for seat in range(1, 11):
        if seat not in players:
            return ("sit", {"seat": seat, "player": f"Punter {seat}"})
    phase = str(bank.phase)
    if phase == "assigning":
        if not bank.bids:
            return ("bid", {"bidder": "Banker", "amount": "500"})
        return ("close_auction", {})
    if phase == "staking":
        staked = {stake.punter for stake in bank.stakes}
        may_stake = bank.may_stake
        for seat, player in sorted(players.items()):
            may = may_stake.get(seat, 0)
            if player in staked or may <= 0:
                continue
            side = "right" if seat <= 5 else "left"
            amount = min(may, 10)
            bet = "a_cheval" if seat % 3 == 0 and amount == 10 else side
            return ("stake", {"punter": player, "bet": bet, "amount": str(amount)})
        if not bank.stakes:
            return ("retire", {})  # a bank too small to play against: the banker retires
        return ("close_seated_stakes", {})
    if phase == "bystanders":
        return ("no_more_bets", {})
    return None
