"""A fixed way of making the free choices, for the demo and the odds engine.

At a Chemin de Fer or Banque table the punter's option on 5 and the banker's draws are made by
people, and the table records them. A demo, or a house edge, needs them made by a rule:

* the punter draws on 5 (better for him against every banker reply, baccarat.md §2.1);
* the Chemin de Fer banker draws where the Punto Banco tableau draws (the banker's best reply to a
  punter who draws on 5, baccarat.md §2.1);
* the Banque banker plays the Punto Banco tableau against the side still in play; when both are,
  against the side with the larger stake (baccarat.md §2.2), the right among equals (it is dealt
  first). A side with a natural is out of play: it is settled against his two cards.
"""

from __future__ import annotations

from dealer_assist.rules.coup import Choice, Coup, DecisionDue, Game, Hand
from dealer_assist.rules.tableau import PUNTO_BANCO, Action

_SIDES = (Hand.RIGHT, Hand.LEFT)


def banque_banker_draws(
    banker_total: int,
    against: tuple[int | None, ...],
) -> bool:
    """True when the Banque banker draws on ``banker_total`` (two cards, 0-7) against the sides
    still in play, in order of precedence: each side's third card, or None when it stood."""
    if not against:
        raise ValueError("the banker draws only against a side still in play")
    return PUNTO_BANCO[(banker_total, against[0])] is Action.DRAW


def choice_for(coup: Coup, step: DecisionDue, *, precedence: tuple[Hand, ...] = _SIDES) -> Choice:
    """The choice this strategy makes at ``step`` of ``coup``. ``precedence`` (Banque) lists the
    sides larger stake first; the right comes first among equals."""
    if step.hand is not Hand.BANKER:
        return Choice.DRAW
    banker = coup.cards(Hand.BANKER)
    banker_total = (banker[0].value + banker[1].value) % 10
    if coup.rules.game is Game.BANQUE:
        against = tuple(_third(coup, side) for side in precedence if not _natural(coup, side))
        return Choice.DRAW if banque_banker_draws(banker_total, against) else Choice.STAND
    third = _third(coup, Hand.PLAYER)
    return Choice.DRAW if PUNTO_BANCO[(banker_total, third)] is Action.DRAW else Choice.STAND


def _third(coup: Coup, hand: Hand) -> int | None:
    cards = coup.cards(hand)
    return cards[2].value if len(cards) == 3 else None


def _natural(coup: Coup, hand: Hand) -> bool:
    cards = coup.cards(hand)
    return len(cards) == 2 and (cards[0].value + cards[1].value) % 10 >= 8
