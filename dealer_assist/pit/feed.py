"""A table fed to a pit model in the same process, without a broker: the same messages the
publisher sends (:mod:`.topics`, :mod:`.summary`), for the screenshots and the screen's tests."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from dealer_assist import __version__
from dealer_assist.pit import topics
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.summary import ShiftTally, summary_json
from dealer_assist.table.events import Record
from dealer_assist.table.snapshot import Snapshot


def _now() -> datetime:
    return datetime.now(UTC)


class DirectFeed:
    """``DirectFeed(model, table, variant).attach(controller)``: every record and snapshot of
    the controller reaches ``model`` as the broker would deliver them. ``clock``: the time of
    the status (online since) and of each summary; ``limits``: as the publisher's."""

    def __init__(
        self,
        model: PitModel,
        *,
        table: str,
        variant: str,
        journal: str,
        limits: dict[str, str] | None = None,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self.model = model
        self.table = table
        self.journal = journal
        self.limits = limits
        self.clock = clock
        self.tally = ShiftTally()
        self._prev = 0
        self._send(
            "status",
            {
                "table": table,
                "online": True,
                "since": clock().isoformat(),
                "variant": variant,
                "software": f"dealer-assist {__version__}",
                "journal": journal,
                "first": 0,
            },
        )

    def _send(self, kind: str, data: dict[str, Any]) -> None:
        self.model.on_message(topics.topic(self.table, kind), json.dumps(data).encode())

    def attach(self, controller: Any) -> None:
        controller.on_record(self.on_record)
        controller.on_snapshot(self.on_snapshot)

    def on_record(self, record: Record) -> None:
        if not topics.published(record):
            return
        message = topics.event_message(
            record, table=self.table, journal=self.journal, prev=self._prev
        )
        self._prev = record.seq
        self.tally.add(message)
        self._send("events", message)

    def on_snapshot(self, snapshot: Snapshot) -> None:
        self._send(
            "summary",
            summary_json(
                snapshot,
                table=self.table,
                journal=self.journal,
                seq=self._prev,
                tally=self.tally,
                at=self.clock(),
                limits=self.limits,
            ),
        )


class CoupPacedClock:
    """A simulated table's clock that keeps a croupier's pace however fast the table is dealt:
    coup ``n`` begins ``n`` coups of ``seconds_per_coup`` (each give or take a seeded fifth)
    after ``start``, and each reading within a coup is a tenth of a second after the one before.
    The times of coups, and so the hands per hour, depend on the seed and the coups alone, not
    on how the table's threads ran. :meth:`follow` the controller before it records anything.
    """

    def __init__(self, *, start: datetime, seconds_per_coup: float, seed: int) -> None:
        self.start = start
        self.seconds_per_coup = seconds_per_coup
        self._rng = random.Random(seed)
        self._coup_starts: list[float] = [0.0]  # seconds after start, by coup number
        self._coup: Callable[[], int] = lambda: 0
        self._coups_before = 0  # the coups of the shoes before this one
        self._last_coup = 0
        self.now = start  # the last reading

    def reading(self) -> datetime:
        """The last time read, without moving on (a :class:`DirectFeed`'s clock)."""
        return self.now

    def follow(self, controller: Any) -> None:
        """Read the coup being dealt from ``controller``'s snapshot."""
        self._coup = lambda: int(controller.snapshot.coup)

    def _coup_start(self, coup: int) -> datetime:
        while len(self._coup_starts) <= coup:
            pace = self.seconds_per_coup * self._rng.uniform(0.8, 1.2)
            self._coup_starts.append(self._coup_starts[-1] + pace)
        return self.start + timedelta(seconds=self._coup_starts[coup])

    def __call__(self) -> datetime:
        coup = self._coup()
        if coup < self._last_coup:  # a new shoe counts its coups from 0 again
            self._coups_before += self._last_coup
        self._last_coup = coup
        coup_start = self._coup_start(self._coups_before + coup)
        self.now = max(coup_start, self.now + timedelta(seconds=0.1))
        return self.now
