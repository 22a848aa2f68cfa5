"""A table fed to a pit model in the same process, without a broker: the same messages the
publisher sends (:mod:`.topics`, :mod:`.summary`), for the screenshots and the screen's tests."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from dealer_assist import __version__
from dealer_assist.pit import topics
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.summary import ShiftTally, summary_json
from dealer_assist.table.events import Record
from dealer_assist.table.snapshot import Snapshot


class DirectFeed:
    """``DirectFeed(model, table, variant).attach(controller)``: every record and snapshot of
    the controller reaches ``model`` as the broker would deliver them."""

    def __init__(self, model: PitModel, *, table: str, variant: str, journal: str) -> None:
        self.model = model
        self.table = table
        self.journal = journal
        self.tally = ShiftTally()
        self._prev = 0
        self._send(
            "status",
            {
                "table": table,
                "online": True,
                "since": datetime.now(UTC).isoformat(),
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
                at=datetime.now(UTC),
            ),
        )
