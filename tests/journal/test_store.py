"""The journal's files: schema, durability settings, append-only, sealing, one writer."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import typing
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.config import JournalSettings
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import JournalError, source_of
from dealer_assist.journal.store import Journal
from dealer_assist.table.events import (
    EVENT_TYPES,
    AlertRaised,
    CardDealt,
    ClockStepped,
    CoupCompleted,
    CoupSettled,
    Record,
    SupervisorAction,
    TableEvent,
)
from tests.journal.helpers import KEY, make_config, open_journaled, read_records
from tests.table.helpers import feed

AT = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def one_of_each() -> list[TableEvent]:
    """An event of every type, with every kind of field filled."""
    card = parse_card("QH")
    examples: dict[str, TableEvent] = {
        "card": CardDealt(coup=1, card=card, hand="player", source="s", raw="5148", face_down=True),
        "coup_completed": CoupCompleted(
            coup=1,
            hands={"player": ("QH", "5D"), "banker": ("9S", "KC")},
            totals={"player": 5, "banker": 9},
            winner="banker",
            natural=True,
            sides={},
        ),
        "coup_settled": CoupSettled(
            coup=1,
            bets=({"seat": 1, "name": "banker", "stake": "100", "payout": "100.00"},),
            commission_to_boxes={"1": "5.00"},
        ),
        "alert": AlertRaised(
            alert=3,
            code="duplicate",
            message="m",
            fix="f",
            hold=True,
            options=("set_aside", "void_coup"),
            card=card,
        ),
        "clock_stepped": ClockStepped(
            previous="a", current="b", step_seconds="-3600.000", reason="backwards"
        ),
    }
    events: list[TableEvent] = []
    for name, cls in EVENT_TYPES.items():
        if name in examples:
            events.append(examples[name])
            continue
        kwargs: dict[str, object] = {}
        hints = typing.get_type_hints(cls)
        for field in dataclasses.fields(cls):
            hint = hints[field.name]
            if field.name in ("card", "original", "corrected"):
                kwargs[field.name] = card
            elif isinstance(hint, type) and issubclass(hint, StrEnum):
                kwargs[field.name] = list(hint)[-1]  # one of its fixed values
            elif field.type in ("int",):
                kwargs[field.name] = 2
            elif field.type == "bool":
                kwargs[field.name] = False
            else:
                kwargs[field.name] = "x"
        events.append(cls(**kwargs))
    return events


def test_every_event_type_round_trips_and_face_down_cards_are_sealed(tmp_path: Path) -> None:
    key = JournalKey.from_text(KEY)
    events = one_of_each()
    settings = JournalSettings(rotate="none")
    with Journal.open(tmp_path / "j", key=key, table_id="T1", settings=settings) as journal:
        for seq, event in enumerate(events, start=1):
            journal.append(Record(seq=seq, at=AT, table="T1", event=event))
    config = make_config(tmp_path / "j")
    assert [r.event for r in read_records(config)] == events

    connection = sqlite3.connect(tmp_path / "j")
    row = connection.execute("SELECT source, event FROM records WHERE type = 'card'").fetchone()
    stored = json.loads(row[1])
    assert "card" not in stored and "raw" not in stored and stored["sealed"]
    assert "QH" not in row[1] and "5148" not in row[1]
    assert row[0] == "s"


def test_schema_durability_and_append_only(tmp_path: Path) -> None:
    controller = open_journaled(make_config(tmp_path / "t.journal"))
    journal = controller.journal
    connection = journal.connection
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA synchronous").fetchone()[0] == 0  # durable=False in tests
    columns = [row[1] for row in connection.execute("PRAGMA table_info(records)")]
    assert columns == ["seq", "at", "table_id", "source", "type", "event", "prev_hash", "hash"]
    journal.close()

    durable = Journal.open(tmp_path / "d.journal", key=JournalKey.from_text(KEY), table_id="T1")
    assert durable.connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    durable.close()

    raw = sqlite3.connect(tmp_path / "t.journal")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("UPDATE records SET event = '{}' WHERE seq = 1")
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        raw.execute("DELETE FROM records WHERE seq = 1")


def test_times_are_utc_with_their_offset(tmp_path: Path) -> None:
    controller = open_journaled(make_config(tmp_path / "t.journal"))
    controller.begin()
    controller.journal.close()
    raw = sqlite3.connect(tmp_path / "t.journal")
    times = [row[0] for row in raw.execute("SELECT at FROM records")]
    assert times and all(text.endswith("+00:00") for text in times)


def test_one_table_process_per_journal(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal")
    controller = open_journaled(config)
    with pytest.raises(JournalError, match="in use"):
        open_journaled(config)
    controller.journal.close()
    open_journaled(config).journal.close()


def test_another_tables_journal_or_key_is_refused(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal")
    open_journaled(config).journal.close()
    with pytest.raises(JournalError, match="T9"):
        open_journaled(make_config(tmp_path / "t.journal", table={"id": "T9"}))
    other_key = make_config(tmp_path / "t.journal", journal={"key": "another key, long enough"})
    with pytest.raises(JournalError, match="another journal key"):
        open_journaled(other_key)


def test_a_short_key_is_refused(tmp_path: Path) -> None:
    from dealer_assist.errors import ConfigError

    with pytest.raises(ConfigError, match="at least 16"):
        open_journaled(make_config(tmp_path / "t.journal", journal={"key": "short"}))


def test_records_are_written_before_anyone_sees_them(tmp_path: Path) -> None:
    """Listeners (the JSON stream) get a record only once its input is committed."""
    config = make_config(tmp_path / "t.journal")
    controller = open_journaled(config)
    seen: list[int] = []

    def listener(record: Record) -> None:
        raw = sqlite3.connect(tmp_path / "t.journal")
        (count,) = raw.execute(
            "SELECT COUNT(*) FROM records WHERE seq = ?", (record.seq,)
        ).fetchone()
        raw.close()
        assert count == 1, f"record {record.seq} shown before it was committed"
        seen.append(record.seq)

    controller.on_record(listener)
    controller.begin()
    feed(controller, "AS 9H 4D 2C")
    controller.journal.close()
    assert seen and seen == sorted(seen)


def test_sources_name_the_device_or_the_person() -> None:
    assert source_of(SupervisorAction(action="sign_in", role="supervisor")) == "supervisor"
    card = parse_card("AS")
    assert source_of(CardDealt(coup=1, card=card, hand="player", source="shoe")) == "shoe"
    assert source_of(ClockStepped(previous="", current="", step_seconds="", reason="")) == "table"


def test_the_wal_is_copied_back_into_the_file_as_the_table_goes(tmp_path: Path) -> None:
    from dealer_assist.journal.simulation import deal_mock_table
    from dealer_assist.journal.store import WAL_COMMITS

    config = make_config(tmp_path / "t.journal", journal={"rotate": "none"})
    controller = open_journaled(config)
    deal_mock_table(controller, seed=1, coups=WAL_COMMITS // 4)  # more commits than that
    file_only = sqlite3.connect((tmp_path / "t.journal").as_uri() + "?immutable=1", uri=True)
    (in_file,) = file_only.execute("SELECT COUNT(*) FROM records").fetchone()
    file_only.close()
    assert 0 < in_file <= controller.seq
    controller.journal.close()
