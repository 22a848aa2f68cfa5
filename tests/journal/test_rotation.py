"""Rotation by shoe, by day and by size; retention; a crash at any step of a rotation."""

from __future__ import annotations

import dataclasses
import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from dealer_assist.journal import rows, store
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import JournalError, chain_files
from dealer_assist.journal.simulation import deal_mock_table
from dealer_assist.journal.verify import walk_chain
from dealer_assist.table import commands as cmd
from tests.journal.helpers import SteppingClock, make_config, open_journaled, read_records


def files_of(config: Any) -> list[Path]:
    return chain_files(config.journal, config.journal.parent / "archive")


def shoes_in(records: list[Any]) -> int:
    return sum(1 for record in records if record.event.type == "shoe_started")


def test_one_file_per_shoe(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal")
    controller = open_journaled(config)
    deal_mock_table(controller, seed=1, coups=30, bet_seed=1)
    controller.journal.close()
    records = read_records(config)
    files = files_of(config)
    assert len(files) == shoes_in(records) >= 3
    key = JournalKey.from_text(config.journal_key)
    per_file: list[list[str]] = []
    for file in files:
        connection = rows.connect_read_only(file)
        per_file.append([row.type for row in rows.iter_rows(connection)])
        connection.close()
        assert rows.check_meta(rows.read_meta(rows.connect_read_only(file)), key, file) is None
    assert all(types.count("shoe_started") == 1 for types in per_file)
    assert all(types[0] == "shoe_started" for types in per_file[1:])
    assert all(types[-1] == "shoe_ended" for types in per_file[:-1])


def test_one_file_per_day(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal", journal={"rotate": "day"})
    clock = SteppingClock()
    controller = open_journaled(config, clock)
    deal_mock_table(controller, seed=1, coups=3)
    clock.step(timedelta(hours=13))  # past midnight, UTC
    controller.execute(cmd.CloseCoup())
    deal_mock_table(controller, seed=1, coups=2)
    controller.journal.close()
    assert len(files_of(config)) == 2
    days = {record.at.date() for record in read_records(config)}
    assert len(days) == 2


def test_a_size_bound_closes_a_file_mid_shoe(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal", journal={"rotate": "none"})
    small = dataclasses.replace(config.journal_settings, max_file_bytes=8_000)
    config = dataclasses.replace(config, journal_settings=small)
    controller = open_journaled(config)
    deal_mock_table(controller, seed=1, coups=6, bet_seed=1)
    controller.journal.close()
    files = files_of(config)
    assert len(files) >= 3
    for file in files:
        connection = rows.connect_read_only(file)
        (size,) = connection.execute("SELECT SUM(LENGTH(event) + 200) FROM records").fetchone()
        connection.close()
        assert size < 8_000 + 4_000  # the bound, and the input that crossed it
    assert shoes_in(read_records(config)) == 1


class Crash(BaseException):
    """The power goes: nothing after it runs."""


@pytest.mark.parametrize("step", ["create", "archive", "install"])
def test_a_crash_at_any_step_of_a_rotation_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: str
) -> None:
    config = make_config(tmp_path / "t.journal")
    controller = open_journaled(config)
    deal_mock_table(controller, seed=2, coups=3, bet_seed=2)
    controller.execute(cmd.CloseCoup())
    journal = controller.journal
    before = journal.last_seq
    replaced: list[tuple[Any, Any]] = []
    real_replace = os.replace

    def crashing_replace(source: Any, target: Any) -> None:
        replaced.append((source, target))
        if step == "archive" or (step == "install" and len(replaced) == 2):
            raise Crash
        real_replace(source, target)

    def crashing_create(*args: Any, **kwargs: Any) -> None:
        raise Crash

    monkeypatch.setattr(store.os, "replace", crashing_replace)
    if step == "create":
        monkeypatch.setattr(store, "_create_file", crashing_create)
    with pytest.raises(Crash):
        deal_mock_table(controller, seed=2, coups=20, bet_seed=2)  # the shoe ends, then rotates
    monkeypatch.undo()
    journal.rollback()
    if journal._connection is not None:
        journal._connection.close()
        journal._connection = None
    journal._lock.release()

    reopened = open_journaled(config)
    assert reopened.journal.last_seq >= before
    records = read_records(config)
    assert [r.seq for r in records] == list(range(1, len(records) + 1))
    deal_mock_table(reopened, seed=2, coups=25, bet_seed=2)
    reopened.journal.close()
    assert len(read_records(config)) > len(records)


def test_files_past_retention_are_removed_and_the_rest_verifies(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal")
    clock = SteppingClock()
    controller = open_journaled(config, clock)
    deal_mock_table(controller, seed=3, coups=25, bet_seed=3)
    controller.journal.close()
    old_files = files_of(config)
    old_last = read_records(config)[-1].seq

    clock.step(timedelta(days=91))
    controller = open_journaled(config, clock)
    deal_mock_table(controller, seed=3, coups=12, bet_seed=3)
    controller.journal.close()
    kept = files_of(config)
    assert not any(file in kept for file in old_files[:-1])  # the old ones are gone
    key = JournalKey.from_text(config.journal_key)
    report = walk_chain(config.journal, key, tmp_path / "archive")
    assert report.problem is None, str(report.problem)
    assert 1 < report.first_seq <= old_last + 1

    reopened = open_journaled(config, clock)  # recovery from a pruned chain
    assert reopened.snapshot.shoe.shoe > 1
    reopened.journal.close()


def test_files_within_retention_are_kept(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal")
    clock = SteppingClock()
    controller = open_journaled(config, clock)
    deal_mock_table(controller, seed=3, coups=25, bet_seed=3)
    clock.step(timedelta(days=89))
    deal_mock_table(controller, seed=3, coups=12, bet_seed=3)
    controller.journal.close()
    report = walk_chain(
        config.journal, JournalKey.from_text(config.journal_key), tmp_path / "archive"
    )
    assert report.problem is None and report.first_seq == 1 and not report.pruned


def test_a_missing_live_file_stops_the_table(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal")
    controller = open_journaled(config)
    deal_mock_table(controller, seed=1, coups=12)
    controller.journal.close()
    (tmp_path / "t.journal").unlink()
    with pytest.raises(JournalError, match="missing"):
        open_journaled(config)
