"""The words the croupier reads and says: the instruction and the call.

The instruction is one short line in capitals ("PLAYER DRAWS", "NATURAL 9", "BANKER WINS 7 TO
5"), the winning hand named first. The call is the phrase the croupier says when the hands are
turned: the losing hand "shows", the winning hand "has" ("Player shows 6, Banker has 7"). A tie
is announced "Egalite", as the sources have the croupier say it (source 002).
"""

from __future__ import annotations

from dealer_assist.rules.coup import Coup, CoupComplete, DealTo, DecisionDue, Game, Hand
from dealer_assist.rules.outcome import Outcome, SideResult, Winner, outcome_of


def instruction(coup: Coup) -> str:
    step = coup.next_step
    if isinstance(step, DealTo):
        cards = len(coup.cards(step.hand))
        if cards < 2:
            return f"CARD TO {step.hand.value.upper()}"
        return f"{step.hand.value.upper()} DRAWS"
    if isinstance(step, DecisionDue):
        return f"{step.hand.value.upper()}: DRAW OR STAND?"
    assert isinstance(step, CoupComplete)
    return result_line(outcome_of(coup))


def result_line(outcome: Outcome) -> str:
    if outcome.game is Game.BANQUE:
        words = {
            SideResult.WIN: "WINS",
            SideResult.LOSE: "LOSES",
            SideResult.STANDOFF: "STANDS OFF",
        }
        parts = [f"{hand.value.upper()} {words[result]}" for hand, result in outcome.sides]
        return ", ".join(parts)
    facts = outcome.facts
    assert facts is not None
    if outcome.winner is Winner.TIE:
        prefix = "NATURAL " if outcome.natural else ""
        return f"{prefix}EGALITE {facts.player_total}"
    if outcome.winner is Winner.BANKER:
        high, low = facts.banker_total, facts.player_total
    else:
        high, low = facts.player_total, facts.banker_total
    assert outcome.winner is not None
    if outcome.natural and high >= 8 and low < 8:
        return f"NATURAL {high}, {outcome.winner.value.upper()} WINS"
    return f"{outcome.winner.value.upper()} WINS {high} TO {low}"


def call(coup: Coup) -> str:
    """What the croupier says once the coup is complete."""
    outcome = outcome_of(coup)
    totals = {result.hand: result.total for result in outcome.hands}
    if outcome.game is Game.BANQUE:
        banker = totals[Hand.BANKER]
        sides = ", ".join(f"{hand.value.capitalize()} {totals[hand]}" for hand, _ in outcome.sides)
        return f"Banker has {banker}; {sides}"
    if outcome.winner is Winner.PLAYER:
        return f"Banker shows {totals[Hand.BANKER]}, Player has {totals[Hand.PLAYER]}"
    if outcome.winner is Winner.BANKER:
        return f"Player shows {totals[Hand.PLAYER]}, Banker has {totals[Hand.BANKER]}"
    return f"Egalite, {totals[Hand.PLAYER]} each"
