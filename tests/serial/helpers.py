"""A table driven by the serial driver and a mock shoe, for the serial tests.

:class:`ShoeTable` wires a :class:`TableRuntime` to a :class:`SerialShoe` and plays the people
around the table: the croupier reports the cut card when the mock shoe's croupier reaches it
(the protocol has no cut-card message), starts the next shoe when one ends, and a supervisor
keys in a card the driver sent for confirmation (the shoe's reading, checked against what the
mock croupier really drew). Nothing sleeps: the runtime's queue is the clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from dealer_assist.cards import Card
from dealer_assist.config import TableConfig
from dealer_assist.drivers.shoe.keys import ShoeKey
from dealer_assist.drivers.shoe.mock_device import Croupier, MockShoeDevice
from dealer_assist.drivers.shoe.mock_pty import PtyLink
from dealer_assist.drivers.shoe.serial import Backoff, SerialShoe
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import AlertRaised, Burned, CardDealt, Record
from dealer_assist.table.runtime import TableRuntime
from dealer_assist.table.simulated import simulated_choice
from tests.table.helpers import FakeClock, make_config

KEY = bytes(range(32))
"""The spec's test key (section 15)."""


def serial_config(**sections: Any) -> TableConfig:
    shoe = {"decks": 2, **sections.pop("shoe", {})}
    return make_config(shoe=shoe, **sections)


@contextmanager
def pty_shoe(
    tmp_path: Path, *, croupier: Croupier, key: bytes = KEY, fault_seed: int = 1, **options: Any
) -> Iterator[tuple[MockShoeDevice, PtyLink]]:
    """A mock shoe serving a real pseudo-terminal, reachable at a stable symlink; ``options``
    go to :class:`MockShoeDevice`."""
    device = MockShoeDevice(
        key=key,
        croupier=croupier,
        state_file=tmp_path / "eeprom.json",
        fault_seed=fault_seed,
        **options,
    )
    link = PtyLink(link=tmp_path / "ttySHOE")
    link.attach(device)
    device.attach(link)
    link.open()
    device.start()
    try:
        yield device, link
    finally:
        device.stop()
        link.close()


OPEN_SOURCES: list[SerialShoe] = []
"""Every source :func:`serial_source` made; tests/serial/conftest.py stops them after each test,
so a test that fails half way leaves no driver reopening its pty's name, which the kernel gives
to the next test's pty."""


def serial_source(port: str, *, key: bytes = KEY, **options: Any) -> SerialShoe:
    options.setdefault("backoff", Backoff(first=0.005, longest=0.2))
    source = SerialShoe(name=f"serial://{port}", key=ShoeKey(key=key), port=port, **options)
    OPEN_SOURCES.append(source)
    return source


class ShoeTable:
    """The table, its records, and the people who keep it going."""

    def __init__(
        self,
        config: TableConfig,
        source: SerialShoe,
        device: MockShoeDevice,
        *,
        shoes: int = 1,
        confirm_cards: bool = True,
        close_coups: bool = True,
        controller: TableController | None = None,
    ) -> None:
        self.config = config
        self.source = source
        self.device = device
        self.controller = controller or TableController(config, clock=FakeClock())
        self.records: list[Record] = []
        self.controller.on_record(self.records.append)
        self.runtime = TableRuntime(self.controller, [source])
        self.shoes_wanted = shoes
        self.shoes_ended = 0
        self.confirm_cards = confirm_cards
        self.close_coups = close_coups
        self._asked: set[tuple[int, ...]] = set()
        self.snapshot_hooks: list[Callable[[Any], None]] = []
        device.on_cut_card = lambda: self.runtime.submit(cmd.ReportCutCard())
        self.controller.on_snapshot(self._on_snapshot)

    def _once(self, key: tuple[int, ...]) -> bool:
        if key in self._asked:
            return False
        self._asked.add(key)
        return True

    def _on_snapshot(self, snapshot: Any) -> None:
        for hook in self.snapshot_hooks:
            hook(snapshot)
        shoe = snapshot.shoe.shoe
        if snapshot.phase == "shoe_ended" and self._once((0, shoe)):
            self.shoes_ended += 1
            if self.shoes_ended < self.shoes_wanted:
                self.runtime.submit(cmd.NewShoe())
        complete = snapshot.phase == "complete" and self.close_coups
        if complete and self._once((1, shoe, snapshot.coup)):
            self.runtime.submit(cmd.CloseCoup())
        choice = simulated_choice(snapshot)
        if choice and self._once((2, snapshot.seq)):
            self.runtime.submit(cmd.Decide(hand=snapshot.decision.hand, choice=choice))
        for alert in snapshot.alerts:
            if (
                alert.code == "unreadable_card"
                and self.confirm_cards
                and self._once((3, alert.alert))
            ):
                self._confirm(alert.alert)

    def _confirm(self, alert_id: int) -> None:
        """A supervisor checks the card on the layout: the one the croupier drew."""
        alert = next(
            r.event
            for r in self.records
            if isinstance(r.event, AlertRaised) and r.event.alert == alert_id
        )
        taken = len(self.table_cards())
        card = self.device.dealt[taken]
        assert card.code in alert.message, f"{alert.message!r} does not name {card}"
        self.runtime.submit(
            cmd.ResolveAlert(
                alert=alert_id, option="enter_card", card=card, role=cmd.Role.SUPERVISOR
            )
        )

    def run(
        self,
        timeout: float = 60,
        *,
        until: Callable[[], bool] | None = None,
        then_shoe: Callable[[], bool] | None = None,
    ) -> bool:
        """Run the table until the shoes wanted have ended (or ``until()``), then, the host
        still up, wait until ``then_shoe()`` holds on the mock shoe, then stop the table.

        ``until`` is checked only when the table's thread takes an item off its queue, so it
        must depend on the table alone: the shoe changes on its own thread, often after the
        table's last item (the host hands the table a card before it ACKs it, so the shoe's
        queue empties after the table took the card), and a condition on the shoe there would
        never be checked again. ``then_shoe`` is waited for on the shoe's own notifications."""
        done = until or (lambda: self.shoes_ended >= self.shoes_wanted)
        deadline = time.monotonic() + timeout
        with self.runtime:
            if not self.runtime.run_until(done, timeout=timeout):
                return False
            if then_shoe is None:
                return True
            left = max(0.0, deadline - time.monotonic())
            return self.device.wait_until(then_shoe, timeout=left)

    def table_cards(self) -> list[Card]:
        """Every card the table took, in order: burned and dealt."""
        return [r.event.card for r in self.records if isinstance(r.event, CardDealt | Burned)]

    def alerts(self, code: str | None = None) -> list[AlertRaised]:
        return [
            r.event
            for r in self.records
            if isinstance(r.event, AlertRaised) and (code is None or r.event.code == code)
        ]
