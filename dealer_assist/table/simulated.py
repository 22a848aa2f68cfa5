"""Simulated punters and bankers for the mock table: who decides where the rules leave a choice.

Training and headless runs need someone to answer "draw or stand?". These choices are the
textbook ones (baccarat.md §2.1-2.2): the punter draws on 5; a Chemin de Fer banker follows the
Punto Banco tableau (the equilibrium against a drawing punter); a Banque banker draws on 0-5 and,
when the two sides pull apart, plays against the side with the larger stake.
"""

from __future__ import annotations

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
