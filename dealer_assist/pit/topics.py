"""The pit's topics, exactly as documented (docs/pit.md), and the event messages.

``dealer-assist/v1/tables/<table>/status``    retained: online or not, since when
``dealer-assist/v1/tables/<table>/summary``   retained: what a pit tile shows
``dealer-assist/v1/tables/<table>/events``    QoS 1: one message per journal record the pit uses
``dealer-assist/v1/tables/<table>/commands``  QoS 1: the pit to the table

Each event message is the record as ``dealer-assist run --json`` shows it (a face-down card
without its value) with ``table``, ``journal`` (the journal's id) and ``prev``: the sequence number
of the table's previous event message in that journal (0 for the first), so that the pit sees a
gap as soon as a message arrives whose predecessor it does not hold.
"""

from __future__ import annotations

from typing import Any

from dealer_assist.table.events import Record
from dealer_assist.table.headless import record_json

PREFIX = "dealer-assist/v1/tables"
KINDS = ("status", "summary", "events", "commands")
#: Records the pit does not use: the camera's per-card observations stay at the table.
NOT_PUBLISHED = frozenset({"card_seen", "card_witnessed"})


def topic(table: str, kind: str) -> str:
    """The topic of one kind for one table.

    >>> topic("T1", "events")
    'dealer-assist/v1/tables/T1/events'
    """
    if kind not in KINDS:
        raise ValueError(f"{kind!r} is not a topic kind ({', '.join(KINDS)})")
    return f"{PREFIX}/{table}/{kind}"


def parse_topic(name: str) -> tuple[str, str] | None:
    """``(table, kind)`` of a pit topic, or None.

    >>> parse_topic("dealer-assist/v1/tables/T7/summary")
    ('T7', 'summary')
    """
    head, _, rest = name.rpartition("/")
    prefix, _, table = head.rpartition("/")
    if prefix != PREFIX or rest not in KINDS or not table:
        return None
    return table, rest


def published(record: Record) -> bool:
    return record.event.type not in NOT_PUBLISHED


def event_message(record: Record, *, table: str, journal: str, prev: int) -> dict[str, Any]:
    """The JSON of one event message (see the module's documentation)."""
    return {"table": table, "journal": journal, "prev": prev, **record_json(record)}
