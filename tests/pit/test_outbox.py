"""The journal as the outbox: what reached the journal is sendable, from memory or the files."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from dealer_assist.pit.outbox import JournalOutbox, MemoryOutbox, Progress, progress_path
from dealer_assist.table.events import Record, ShoeEnded
from tests.journal.helpers import make_config, open_journaled


def test_records_not_handed_to_the_listeners_are_read_from_the_journal(tmp_path: Path) -> None:
    controller = open_journaled(make_config(tmp_path / "t.journal"))
    try:
        controller.begin()
        journal = controller.journal
        outbox = JournalOutbox(journal)
        last = journal.last_seq
        assert last >= 2
        # The listeners saw all but the last record: the table was interrupted after its
        # journal's commit, before them.
        records = JournalOutbox(journal)._read_files(0, 100)
        for record in records[:-1]:
            outbox.note(record)
        outbox.settle()
        assert [r.seq for r in outbox.after(0, 100)] == list(range(1, last + 1))
        assert [r.seq for r in outbox.after(last - 1, 100)] == [last]
    finally:
        controller.journal.close()


def test_a_memory_outbox_gives_only_released_records() -> None:
    outbox = MemoryOutbox(first_seq=0)
    shoe = ShoeEnded(shoe=1, cards_dealt=0, cards_left=0, coups=0, reason="test")
    at = datetime(2026, 1, 1, tzinfo=UTC)
    for record in (Record(seq=n, at=at, table="T1", event=shoe) for n in (1, 2, 3)):
        outbox.note(record)
    assert outbox.after(0, 10) == []
    outbox.release(2)
    assert [r.seq for r in outbox.after(0, 10)] == [1, 2]
    outbox.settle()
    assert [r.seq for r in outbox.after(1, 10)] == [2, 3]


def test_progress_is_kept_beside_the_journal(tmp_path: Path) -> None:
    path = progress_path(tmp_path / "t.journal")
    progress = Progress(path, journal_id="J", start=0)
    progress.acked = 41
    progress.save()
    assert Progress(path, journal_id="J", start=0).acked == 41
    assert Progress(path, journal_id="another journal", start=7).acked == 7
