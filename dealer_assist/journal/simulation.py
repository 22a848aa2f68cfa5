"""Simulated players' bets, and a mock table dealt in one thread, for recovery tests.

A recovery test kills a table and restarts it; the restarted table must place exactly the bets
the uninterrupted one placed. So a simulated bet is a pure function of (seed, shoe, coup, seat),
never a draw from a random stream whose position a crash would lose, and the players look at
what the table already holds before placing anything.

>>> simulated_bets(7, shoe=1, coup=4, seat=2, offered=("banker", "player", "tie"))
(('banker', '50'),)
>>> simulated_bets(7, shoe=1, coup=4, seat=2, offered=("banker", "player", "tie"))
(('banker', '50'),)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable

from dealer_assist.cards import Card, shoe_composition
from dealer_assist.drivers.base import CardRead, CutCardDrawn, Want
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import Record
from dealer_assist.table.simulated import simulated_choice
from dealer_assist.table.snapshot import Snapshot

_MAIN = ("banker", "player", "right", "left", "a_cheval")
_EXTRA = ("tie", "player_pair", "banker_pair")
_STAKES = ("10", "25", "50", "100", "250", "1000")


def simulated_bets(
    seed: int, *, shoe: int, coup: int, seat: int, offered: Iterable[str]
) -> tuple[tuple[str, str], ...]:
    """The bets (name, stake) a simulated player at ``seat`` makes on a coup: about two seats
    in three play, each on one main bet, sometimes with a Tie or a pair bet as well."""
    names = set(offered)
    mains = [name for name in _MAIN if name in names]
    extras = [name for name in _EXTRA if name in names]
    digest = hashlib.sha256(f"dealer-assist bets {seed} {shoe} {coup} {seat}".encode()).digest()
    if not mains or digest[0] % 3 == 0:
        return ()
    bets = [(mains[digest[1] % len(mains)], _STAKES[digest[2] % len(_STAKES)])]
    if extras and digest[3] % 4 == 0:
        bets.append((extras[digest[4] % len(extras)], _STAKES[digest[5] % 3]))
    return tuple(bets)


class SimulatedPlayers:
    """Places each coup's simulated bets once the table takes bets; never places one twice."""

    def __init__(self, seed: int, *, seats: Iterable[int], offered: Iterable[str]) -> None:
        self.seed = seed
        self.seats = tuple(seats)
        self.offered = tuple(offered)
        self._asked: set[tuple[int, int, int, str]] = set()

    def bets_due(self, snapshot: Snapshot) -> list[cmd.PlaceBet]:
        """The bets to place now. Bets the table already holds (placed before a restart) or
        already asked for (still in the table's queue) are left out."""
        shoe = snapshot.shoe
        if snapshot.phase != "betting" or shoe.phase in ("ended", "none"):
            return []
        if shoe.last_coup is not None and shoe.coups_played >= shoe.last_coup:
            return []
        coup = shoe.coups_played + 1
        held = {seat.seat: {bet.name for bet in seat.bets} for seat in snapshot.seats}
        due = []
        for seat in self.seats:
            for name, stake in simulated_bets(
                self.seed, shoe=shoe.shoe, coup=coup, seat=seat, offered=self.offered
            ):
                key = (shoe.shoe, coup, seat, name)
                if key in self._asked or name in held.get(seat, set()):
                    continue
                self._asked.add(key)
                due.append(cmd.PlaceBet(seat=seat, name=name, amount=stake))
        return due


def seeded_shoe(seed: int, number: int, decks: int) -> list[Card]:
    """Shoe ``number`` of a session, shuffled as ``mock://?seed=SEED`` shuffles it."""
    cards = list(shoe_composition(decks).elements())
    random.Random(seed + number - 1).shuffle(cards)
    return cards


def deal_mock_table(
    controller: TableController,
    *,
    seed: int,
    coups: int,
    bet_seed: int | None = None,
    cut_card_from_end: int | None = None,
    on_coup: Callable[[int], None] | None = None,
) -> int:
    """Play ``coups`` coups on ``controller`` in this thread, from seeded shoes as the mock shoe
    deals them, with simulated players; a new shoe starts when one ends. Returns the coups
    played. Benchmarks and tests use it to write long journals quickly (it adds a record
    listener to ``controller`` to count the coups)."""
    config = controller.config
    decks = config.shoe.decks
    cut = config.shoe.cut_card_from_end if cut_card_from_end is None else cut_card_from_end
    players = (
        None
        if bet_seed is None
        else SimulatedPlayers(bet_seed, seats=config.seats, offered=config.variant.bets)
    )
    settled = [0]

    def count(record: Record) -> None:
        if record.event.type in ("coup_settled", "coup_voided"):
            settled[0] += 1
            if on_coup is not None:
                on_coup(settled[0])

    controller.on_record(count)
    shoe_number = 0
    order: list[Card] = []
    position = 0
    cut_reported = False
    controller.begin()
    while settled[0] < coups:
        snapshot = controller.snapshot
        if snapshot.phase == "shoe_ended":
            controller.execute(cmd.NewShoe())
            continue
        if snapshot.phase == "complete":
            controller.execute(cmd.CloseCoup())
            continue
        choice = simulated_choice(snapshot)
        if choice is not None and snapshot.decision is not None:
            controller.execute(cmd.Decide(hand=snapshot.decision.hand, choice=choice))
            continue
        if players is not None:
            bets = players.bets_due(snapshot)
            if bets:
                for bet in bets:
                    controller.execute(bet)
                continue
        indicator = controller.indicator
        if indicator.want not in (Want.CARD, Want.BURN):
            raise RuntimeError(f"the mock table is stuck in phase {snapshot.phase}")
        if indicator.shoe != shoe_number:
            shoe_number = indicator.shoe
            order = seeded_shoe(seed, shoe_number, decks)
            position, cut_reported = indicator.shoe_cards_taken, indicator.cut_card_out
        if not cut_reported and cut and position >= len(order) - cut:
            cut_reported = True
            controller.on_source_event(CutCardDrawn(source="mock://"))
            continue
        card = order[position]
        position += 1
        controller.on_source_event(CardRead(source="mock://", card=card, raw=card.code.encode()))
    return settled[0]
