"""The pit's model: every event once, gaps noticed, asked for, filled; a restart loses nothing."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

from dealer_assist.pit.model import HeldEvents, PitModel

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


def test_any_order_with_duplicates_keeps_every_event_once_and_forgets_the_order() -> None:
    """A journal whose published records skip numbers (the camera's stay at the table), sent in
    a shuffled order with repeats: each event once, every gap filled, and what the model keeps
    in memory to drop duplicates shrinks back to one number once the events are in order."""
    rng = random.Random(25)
    seqs = sorted(rng.sample(range(1, 400), 150))
    chain = list(zip(seqs, [0, *seqs[:-1]], strict=True))
    deliveries = chain + rng.sample(chain, 60)
    rng.shuffle(deliveries)
    lines, emit = collect()
    model = PitModel(emit=emit)
    for seq, prev in deliveries:
        model.on_message(EVENTS, event(seq, prev))
    assert sorted(d["seq"] for d in lines if d["kind"] == "event") == seqs
    assert model.tables["T1"].duplicates == 60
    assert [g for g in lines if g["kind"] == "gap"]  # the shuffle left some
    assert not model.open_gaps()
    assert {(g["after"], g["upto"]) for g in lines if g["kind"] == "gap_filled"} == {
        (g["after"], g["upto"]) for g in lines if g["kind"] == "gap"
    }
    assert [e["seq"] for e in model.events_of("T1")] == seqs


def test_held_events_keep_the_disorder_only() -> None:
    held = HeldEvents()
    held.add(2, 0)
    held.add(9, 7)
    held.add(7, 4)
    assert (held.upto, held.above, held.last()) == (2, {9: 7, 7: 4}, 9)
    assert 2 in held and 1 in held and 9 in held and 4 not in held
    assert not held.complete(2, 9) and held.held_at_or_below(8) == 7
    held.add(4, 2)
    assert (held.upto, held.above) == (9, {})
    assert held.complete(2, 9) and held.complete(0, 9)


def test_a_watcher_is_told_once_per_batch_the_screen_has_not_taken() -> None:
    model = PitModel()
    calls: list[int] = []
    model.watch(lambda: calls.append(model.version))
    for seq in (1, 2, 3):
        model.on_message(EVENTS, event(seq, seq - 1))
    assert calls == [1]  # the first message of the batch; the others wait with it
    assert model.take_changed() == {"T1"}
    model.on_message(EVENTS, event(4, 3))
    assert calls == [1, 4]


def test_a_gap_filled_just_before_a_restart_is_reported_filled_at_start(tmp_path: Path) -> None:
    store = tmp_path / "pit.sqlite"
    first = PitModel(store)
    first.on_message(EVENTS, event(1, 0))
    first.on_message(EVENTS, event(3, 2))
    first.close()
    with sqlite3.connect(store) as db:  # the filling event stored, the pit killed before more
        db.execute(
            "INSERT INTO events VALUES ('T1', 'J1', 2, 1, 'card', ?, '2026-12-01T10:00:01+00:00')",
            (event(2, 1).decode(),),
        )
    db.close()
    lines, emit = collect()
    second = PitModel(store, emit=emit)
    assert not second.open_gaps()
    assert [(d["after"], d["upto"]) for d in lines if d["kind"] == "gap_filled"] == [(1, 2)]
