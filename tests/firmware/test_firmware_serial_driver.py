"""The real firmware image in simavr, read by the Python serial driver into the table.

The simulated shoe (``tests.firmware.simshoe.SimShoe``) holds a scripted one-deck shoe of
tagged cards; :class:`~dealer_assist.drivers.shoe.serial.SerialShoe` opens its pty with the
shoe's key and feeds a :class:`TableRuntime`. The croupier here deals one card each time the
table wants one (``deal 1``), closes each coup and takes the simulated players' decisions.
The check: the table's burned and dealt cards are the scripted shoe's, in order, none lost
and none doubled, also across resets of the microcontroller in the middle of a coup (where the
driver raises its alerts and sends a card it cannot vouch for to a supervisor, who confirms it).

The start is quiet, so a test can ask for a clean link: the shoe's clock stands still after its
boot HELLO until the driver has opened the port and asked for a HELLO (``--wait-host``), and
the croupier deals only once the table shows the shoe connected. Otherwise a frame the shoe
sends while the driver opens the port reaches it cut (the tail of a frame: a bad CRC) or before
the answer to its QUERY_STATUS (unsynced): both are right to reject, and the shoe resends what
matters, but the whole-shoe test's check that the link rejected nothing would fail.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from dealer_assist.cards import Card
from dealer_assist.drivers.shoe.keys import ShoeKey
from dealer_assist.drivers.shoe.serial import Backoff, SerialShoe
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import (
    AlertRaised,
    Burned,
    CardDealt,
    DeviceStatus,
    Record,
    ShoeEnded,
)
from dealer_assist.table.runtime import TableRuntime
from dealer_assist.table.simulated import simulated_choice
from tests.firmware.simshoe import LINK_KEY, SIM_SERIAL, SimShoe, scripted_shoe, shuffled_deck
from tests.table.helpers import FakeClock, make_config

WANTS_A_CARD = ("burn", "betting", "dealing")
WAIT_HOST_MS = 200
"""When the shoe's clock stops for the driver: its boot HELLO is out (at 88 ms) and its first
heartbeat not due (at about 1 s)."""


class SimTable:
    """The table fed by the serial driver from the simulator, and the people around it."""

    def __init__(self, sim: SimShoe, deck: list[Card], *, burn: str = "none") -> None:
        self.sim = sim
        self.deck = deck
        self.config = make_config(shoe={"decks": 1, "burn": burn})
        self.source = SerialShoe(
            name=f"serial://{sim.pty}",
            key=ShoeKey(key=LINK_KEY, serial_number=SIM_SERIAL),
            port=sim.pty,
            backoff=Backoff(first=0.005, longest=0.2),
        )
        self.controller = TableController(self.config, clock=FakeClock())
        self.records: list[Record] = []
        self.controller.on_record(self.records.append)
        self.runtime = TableRuntime(self.controller, [self.source])
        self.changed = threading.Condition()
        self.lock = threading.Lock()
        self.limit = len(deck)
        """The croupier deals while the table holds fewer cards than this."""
        self.requested: set[int] = set()
        self.snapshot: Any = None
        self.handled: set[tuple[Any, ...]] = set()
        self.confirmed: list[AlertRaised] = []
        self.controller.on_snapshot(self._on_snapshot)

    # -- the people (on the table's thread)
    def _once(self, key: tuple[Any, ...]) -> bool:
        if key in self.handled:
            return False
        self.handled.add(key)
        return True

    def _on_snapshot(self, snapshot: Any) -> None:
        self.snapshot = snapshot
        if snapshot.phase == "complete" and self._once(("close", snapshot.coup)):
            self.runtime.submit(cmd.CloseCoup())
        choice = simulated_choice(snapshot)
        if choice and self._once(("decide", snapshot.seq)):
            self.runtime.submit(cmd.Decide(hand=snapshot.decision.hand, choice=choice))
        for alert in snapshot.alerts:
            if alert.code == "unreadable_card" and self._once(("confirm", alert.alert)):
                self._confirm(alert.alert)
        self.deal_if_wanted()
        with self.changed:
            self.changed.notify_all()

    def _confirm(self, alert_id: int) -> None:
        """A supervisor checks the card on the layout: the next one of the scripted shoe."""
        alert = next(
            r.event
            for r in self.records
            if isinstance(r.event, AlertRaised) and r.event.alert == alert_id
        )
        self.confirmed.append(alert)
        card = self.deck[len(self.table_cards())]
        self.runtime.submit(
            cmd.ResolveAlert(
                alert=alert_id, option="enter_card", card=card, role=cmd.Role.SUPERVISOR
            )
        )

    def deal_if_wanted(self) -> None:
        """``deal 1`` once per card the table is waiting for, up to ``limit``, once the table
        has shown the shoe connected."""
        with self.lock:
            snapshot = self.snapshot
            taken = len(self.table_cards())
            if snapshot is None or snapshot.phase not in WANTS_A_CARD or not self.connected():
                return
            if taken >= self.limit or taken in self.requested:
                return
            self.requested.add(taken)
            self.sim.send("deal 1")

    # -- the test's side
    def deal_until(self, limit: int) -> None:
        with self.lock:
            self.limit = limit
        self.deal_if_wanted()

    def wait_for(self, condition: Callable[[], bool], timeout: float) -> None:
        with self.changed:
            if not self.changed.wait_for(condition, timeout):
                raise AssertionError(
                    f"timed out: {len(self.table_cards())} cards at the table, "
                    f"{self.snapshot and self.snapshot.instruction!r}, alerts {self.codes()}"
                )

    def connected(self) -> bool:
        return any(
            isinstance(r.event, DeviceStatus) and r.event.status == "connected"
            for r in self.records
        )

    def phase(self) -> str | None:
        return None if self.snapshot is None else self.snapshot.phase

    def table_cards(self) -> list[Card]:
        return [r.event.card for r in self.records if isinstance(r.event, CardDealt | Burned)]

    def alerts(self, code: str | None = None) -> list[AlertRaised]:
        return [
            r.event
            for r in self.records
            if isinstance(r.event, AlertRaised) and (code is None or r.event.code == code)
        ]

    def codes(self) -> list[str]:
        return [a.code for a in self.alerts() if a.code != "advantage_play"]


@contextmanager
def sim_table(
    firmware: str, tmp_path: Path, deck: list[Card], *, burn: str = "none", **options: Any
) -> Iterator[SimTable]:
    sim = SimShoe(tmp_path, scripted_shoe(deck), wait_host_ms=WAIT_HOST_MS, **options).start()
    table = SimTable(sim, deck, burn=burn)
    try:
        table.runtime.start()
        yield table
    finally:
        table.runtime.close()
        sim.stop()


@pytest.fixture
def deck() -> list[Card]:
    return shuffled_deck(8)


def test_the_serial_driver_deals_a_whole_shoe_into_the_table(
    firmware: str, tmp_path: Path, deck: list[Card]
) -> None:
    start = time.monotonic()
    with sim_table(firmware, tmp_path, deck, burn="first_card_value", speed=2.0) as table:
        table.wait_for(lambda: table.phase() == "shoe_ended", 45)
        sim = table.sim
        sim.advance(1000)  # a resend of any unacknowledged CARD (every 250 ms) would come now
        sim.send("status")
        status = sim.wait("status", 10).fields
    assert status["tx_dropped"] == "0"  # the simulated port's buffer never overflowed
    dealt = [int(event.raw.split()[1]) for event in sim.of_kind("dealt")]
    assert dealt == list(range(len(dealt)))
    cards = table.table_cards()
    assert cards == deck[: len(dealt)]  # every card the shoe dealt, right, in order, once
    ended = [r.event for r in table.records if isinstance(r.event, ShoeEnded)]
    assert len(ended) == 1
    assert len(deck) - len(dealt) == ended[0].cards_left < table.config.shoe.min_cards_to_deal
    burned = [r.event.card for r in table.records if isinstance(r.event, Burned)]
    assert burned == deck[: len(burned)] and len(burned) >= 2
    assert table.codes() == []
    assert table.source.session.decoder.stats.frames_rejected == 0
    assert table.source.connections == 1
    assert time.monotonic() - start < 60


def test_resets_mid_coup_through_the_serial_driver_lose_and_double_nothing(
    firmware: str, tmp_path: Path
) -> None:
    deck = shuffled_deck(3)
    with sim_table(firmware, tmp_path, deck, speed=2.0) as table:
        sim = table.sim
        table.deal_until(2)  # P1, B1
        table.wait_for(lambda: len(table.table_cards()) == 2, 20)
        sim.advance(150)  # the gap after B1 (100 ms) is over: the croupier's hand is free
        # Each card goes in once the gap after the last one is over, and its reset is placed
        # in simulated time (`after`), so a slow machine cannot move it.
        # P2 is in the exit slot when the microcontroller resets; drawn once the shoe is back
        sim.send("in", "after 80 reset", "after 330 out")
        sim.wait("reset", 5)
        table.wait_for(lambda: len(table.table_cards()) == 3, 20)
        # B2 leaves the shoe and the reset comes at that very moment: its record is complete
        sim.advance(150)
        sim.send("in", "after 300 out", "after 300 reset")
        sim.wait("reset", 5)
        table.wait_for(lambda: len(table.table_cards()) == 4, 20)
        # the next card leaves while the shoe restarts, before its record is complete
        sim.advance(150)
        sim.send("in", "after 40 reset", "after 40 out")
        sim.wait("reset", 5)
        table.wait_for(lambda: len(table.table_cards()) == 5, 20)
        table.deal_until(len(deck))
        table.wait_for(lambda: table.phase() == "shoe_ended", 45)
        sim.advance(1000)
    dealt = [int(event.raw.split()[1]) for event in sim.of_kind("dealt")]
    assert dealt == list(range(len(dealt)))
    assert table.table_cards() == deck[: len(dealt)]
    assert table.codes() == [
        "shoe_restarted",  # P2: in the slot across the reset, read once the shoe is back
        "shoe_restarted",  # B2: left during the restart, its record complete ...
        "card_out_of_order",  # ... committed at boot under the epoch it was read in
        "unreadable_card",  # ... which the driver cannot vouch for: a supervisor confirms it
        "shoe_restarted",  # the fifth card: left before its record was complete
        "unreadable_card",  # ... the shoe could not identify it: a supervisor keys it in
    ]
    restarted = table.alerts("shoe_restarted")
    assert all("EXTERNAL_RESET" in alert.message for alert in restarted)
    unreadable = table.alerts("unreadable_card")
    assert table.confirmed == unreadable
    assert deck[3].code in unreadable[0].message
    assert "confirm the card by hand" in unreadable[0].message
    assert "could not identify the card" in unreadable[1].message
    assert len(deck) - len(dealt) < table.config.shoe.min_cards_to_deal
