"""The pit's model: every event once, gaps noticed, asked for, filled; a restart loses nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dealer_assist.pit.model import PitModel

EVENTS = "dealer-assist/v1/tables/T1/events"


def event(seq: int, prev: int, kind: str = "card", journal: str = "J1") -> bytes:
    return json.dumps(
        {
            "table": "T1",
            "journal": journal,
            "seq": seq,
            "prev": prev,
            "type": kind,
            "at": "2026-12-01T10:00:00+00:00",
        }
    ).encode()


def collect() -> tuple[list[dict[str, Any]], Any]:
    lines: list[dict[str, Any]] = []
    return lines, lines.append


def test_duplicates_are_dropped_by_table_journal_and_seq() -> None:
    lines, emit = collect()
    model = PitModel(emit=emit)
    for payload in (event(1, 0), event(2, 1), event(2, 1), event(1, 0), event(3, 2)):
        model.on_message(EVENTS, payload)
    model.on_message(EVENTS, event(2, 0, journal="J2"))  # another journal: not a duplicate
    assert [(d["journal"], d["seq"]) for d in lines if d["kind"] == "event"] == [
        ("J1", 1),
        ("J1", 2),
        ("J1", 3),
        ("J2", 2),
    ]
    assert model.tables["T1"].duplicates == 2
    assert not model.open_gaps()


def test_a_gap_is_reported_asked_for_and_reported_filled() -> None:
    lines, emit = collect()
    model = PitModel(emit=emit)
    model.on_message(EVENTS, event(1, 0))
    model.on_message(EVENTS, event(7, 5))  # 5 (and whatever precedes it) is missing
    gaps = [d for d in lines if d["kind"] == "gap"]
    assert [(g["after"], g["upto"]) for g in gaps] == [(1, 5)]
    assert model.due_resends(100.0) == []  # the broker may still deliver it
    assert model.due_resends(100.6) == [
        ("T1", {"type": "resend", "journal": "J1", "after": 1, "before": 6})
    ]
    model.on_message(EVENTS, event(5, 3))
    assert model.open_gaps()  # 3 still missing
    model.on_message(EVENTS, event(3, 1))
    filled = [d for d in lines if d["kind"] == "gap_filled"]
    assert [(g["after"], g["upto"]) for g in filled] == [(1, 5)]
    assert not model.open_gaps()
    assert model.due_resends(200.0) == []


def test_a_summary_ahead_of_the_events_opens_a_gap_at_the_tail() -> None:
    lines, emit = collect()
    model = PitModel(emit=emit)
    model.on_message(EVENTS, event(1, 0))
    summary = {"table": "T1", "journal": "J1", "seq": 4, "coup": 1}
    model.on_message("dealer-assist/v1/tables/T1/summary", json.dumps(summary).encode())
    assert [(d["after"], d["upto"]) for d in lines if d["kind"] == "gap"] == [(1, 4)]
    model.on_message(EVENTS, event(2, 1))
    model.on_message(EVENTS, event(4, 2))
    assert [(d["after"], d["upto"]) for d in lines if d["kind"] == "gap_filled"] == [(1, 4)]


def test_a_restarted_pit_keeps_what_it_held_and_drops_it_when_sent_again(tmp_path: Path) -> None:
    store = tmp_path / "pit.sqlite"
    first = PitModel(store)
    first.on_message(EVENTS, event(1, 0, "coup_completed"))
    first.on_message(EVENTS, event(3, 1))
    first.on_message("dealer-assist/v1/tables/T1/status", b'{"table": "T1", "online": true}')
    first.close()
    lines, emit = collect()
    second = PitModel(store, emit=emit)
    assert second.tables["T1"].online and second.tables["T1"].tally.coups == 1
    second.on_message(EVENTS, event(1, 0, "coup_completed"))
    second.on_message(EVENTS, event(3, 1))
    second.on_message(EVENTS, event(4, 3))
    assert [d["seq"] for d in lines if d["kind"] == "event"] == [4]
    assert second.count("T1", "coup_completed") == 1
    assert [e["seq"] for e in second.events_of("T1")] == [1, 3, 4]


def test_the_last_will_marks_the_table_offline_since_the_pit_heard_it() -> None:
    model = PitModel()
    model.on_message("dealer-assist/v1/tables/T1/status", b'{"table": "T1", "online": true}')
    model.on_message(
        "dealer-assist/v1/tables/T1/status", b'{"table": "T1", "online": false, "since": null}'
    )
    view = model.tables["T1"]
    assert not view.online and view.offline_since is not None
