"""A simulated croupier and players for the demo, the screenshots and the benchmarks.

It listens to snapshots like any view and answers through commands, as a person at the screen
would: bets while betting is open (in Chemin de Fer and Banque, the punters' actions on the
bank from :func:`~dealer_assist.table.simulated.simulated_bank_action`), the textbook choice
when a decision is due (:func:`~dealer_assist.table.simulated.simulated_choice`), the "turn" of
squeezed cards, an acknowledgement of each note, the close of each paid coup. Pure Python: it
runs with or without Qt.

Snapshot listeners run before the shoe is told what to draw next, so commands submitted from
:meth:`SimulatedTable.on_snapshot` are queued ahead of the next card: a seeded shoe and a seeded
table give the same coups, bets and results every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import TypedDict

from dealer_assist.table import commands as cmd
from dealer_assist.table.simulated import simulated_bank_action, simulated_choice
from dealer_assist.table.snapshot import Snapshot

Submit = Callable[[cmd.Command], "Future[None]"]


class PlayerOptions(TypedDict, total=False):
    """How the simulated players and croupier behave: :class:`SimulatedTable`'s options."""

    seed: int
    players: int
    close_coups: bool
    close_until: int | None
    decide: bool
    turn: bool
    acknowledge: bool


class SimulatedTable:
    """Players who bet and a croupier who decides, turns and closes, all through ``submit``.

    ``close_until`` leaves the coup after that many closed coups open on the screen (its
    results, payouts and commissions still showing), as a screenshot wants it.
    """

    def __init__(
        self,
        submit: Submit,
        *,
        seats: Sequence[int],
        bets: Sequence[str],
        chips: Sequence[str],
        seed: int = 7,
        players: int = 4,
        close_coups: bool = True,
        close_until: int | None = None,
        decide: bool = True,
        turn: bool = True,
        acknowledge: bool = True,
    ) -> None:
        self._submit = submit
        self._rng = random.Random(seed)
        self._seats = list(seats)[: max(0, players)]
        self._bets = list(bets)
        self._chips = list(chips)
        self.close_coups = close_coups
        self.close_until = close_until
        self.decide = decide
        self.turn = turn
        self.acknowledge = acknowledge
        self._done: set[tuple[object, ...]] = set()
        self.coups_closed = 0

    def _once(self, key: tuple[object, ...]) -> bool:
        if key in self._done:
            return False
        self._done.add(key)
        return True

    def on_snapshot(self, snapshot: Snapshot) -> None:
        shoe = snapshot.shoe.shoe
        if self.acknowledge:
            for alert in snapshot.alerts:
                if "acknowledge" in alert.options and self._once(("alert", alert.alert)):
                    self._submit(cmd.ResolveAlert(alert=alert.alert, option="acknowledge"))
        bank_action = simulated_bank_action(snapshot)
        if bank_action is not None and self._once(("bank", snapshot.seq)):
            # Chemin de Fer and Banque: seats taken, the bank put up and covered first.
            action, args = bank_action
            self._submit(cmd.BankAction(action=action, args=args))
            return
        if (
            snapshot.bank is None
            and snapshot.phase == "betting"
            and self._once(("bets", shoe, snapshot.shoe.coups_played))
        ):
            self._place_bets()
        if self.turn and snapshot.phase == "reveal":
            for hand in snapshot.hands:
                if any(card.face_down for card in hand.cards) and self._once(
                    ("turn", shoe, snapshot.coup, hand.hand, len(hand.cards))
                ):
                    self._submit(cmd.RevealHand(hand=hand.hand))
        if self.decide and snapshot.decision is not None:
            choice = simulated_choice(snapshot)
            if choice and self._once(("decide", shoe, snapshot.coup, snapshot.decision.hand)):
                self._submit(cmd.Decide(hand=snapshot.decision.hand, choice=choice))
        if (
            self.close_coups
            and snapshot.phase == "complete"
            and (self.close_until is None or self.coups_closed < self.close_until)
            and self._once(("close", shoe, snapshot.coup))
        ):
            self.coups_closed += 1
            self._submit(cmd.CloseCoup())

    def _place_bets(self) -> None:
        if not self._bets or not self._chips:
            return
        for seat in self._seats:
            if self._rng.random() < 0.25:
                continue  # sitting this one out
            name = self._rng.choice(self._bets[:2] if self._rng.random() < 0.85 else self._bets)
            amount = self._rng.choice(self._chips)
            self._submit(cmd.PlaceBet(seat=seat, name=name, amount=amount))
