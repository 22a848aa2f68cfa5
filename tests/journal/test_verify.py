"""`journal verify`: an edited, deleted, reordered or inserted record is caught, and named."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import row_hash
from dealer_assist.journal.simulation import deal_mock_table
from tests.journal.helpers import KEY, make_config, open_journaled

KEY_FILE_TEXT = KEY + "\n"


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A journal of a few coups in one file, written once for the module."""
    folder = tmp_path_factory.mktemp("pristine")
    config = make_config(folder / "t.journal", journal={"rotate": "none"})
    controller = open_journaled(config)
    deal_mock_table(controller, seed=3, coups=6, bet_seed=3)
    controller.journal.close()
    (folder / "key").write_text(KEY_FILE_TEXT, encoding="utf-8")
    return folder


@pytest.fixture
def journal(pristine: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy"
    shutil.copytree(pristine, copy)
    return copy / "t.journal"


def verify(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["journal", "verify", str(path), "--key-file", str(path.parent / "key")])
    return status, capsys.readouterr().out


def tamper(path: Path, *statements: str) -> None:
    """What someone with the file and sqlite3 can do: drop the guards and rewrite rows."""
    connection = sqlite3.connect(path)
    connection.execute("DROP TRIGGER records_no_update")
    connection.execute("DROP TRIGGER records_no_delete")
    for statement in statements:
        connection.execute(statement)
    connection.commit()
    connection.close()


def last_seq(path: Path) -> int:
    connection = sqlite3.connect(path)
    (value,) = connection.execute("SELECT MAX(seq) FROM records").fetchone()
    connection.close()
    return int(value)


def test_an_intact_journal_verifies(journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = verify(journal, capsys)
    assert status == 0, out
    assert out.startswith("intact: records 1 to ")


@pytest.mark.parametrize(
    "change",
    [
        'UPDATE records SET event = replace(event, \'"winner":"banker"\', '
        '\'"winner":"player"\') WHERE seq = {n}',
        "UPDATE records SET at = '2020-01-01T00:00:00+00:00' WHERE seq = {n}",
        "UPDATE records SET source = 'someone' WHERE seq = {n}",
        "UPDATE records SET type = 'burned' WHERE seq = {n}",
    ],
    ids=["event", "time", "source", "type"],
)
def test_an_edited_record_is_caught(
    journal: Path, capsys: pytest.CaptureFixture[str], change: str
) -> None:
    connection = sqlite3.connect(journal)
    (n,) = connection.execute(
        "SELECT MIN(seq) FROM records WHERE type = 'coup_completed' AND event LIKE "
        '\'%"winner":"banker"%\''
    ).fetchone()
    connection.close()
    tamper(journal, change.format(n=n))
    status, out = verify(journal, capsys)
    assert status == 1
    assert f"record {n}: altered" in out and f"first bad record: {n}" in out


def test_a_deleted_record_is_caught(journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tamper(journal, "DELETE FROM records WHERE seq = 20")
    status, out = verify(journal, capsys)
    assert status == 1
    assert "record 20: missing" in out and "first bad record: 20" in out


def test_records_cut_off_the_end_are_caught(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    end = last_seq(journal)
    tamper(journal, f"DELETE FROM records WHERE seq >= {end - 2}")
    status, out = verify(journal, capsys)
    assert status == 1
    assert f"records {end - 2} to {end} were cut off the end" in out


def test_reordered_records_are_caught(journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tamper(
        journal,
        "UPDATE records SET seq = -1 WHERE seq = 30",
        "UPDATE records SET seq = 30 WHERE seq = 31",
        "UPDATE records SET seq = 31 WHERE seq = -1",
    )
    status, out = verify(journal, capsys)
    assert status == 1
    assert "first bad record: 30" in out


def test_rows_swapped_but_numbers_kept_are_caught(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The contents of two records swapped, each keeping its sequence number and hash."""
    swap = (
        "UPDATE records SET {c} = (SELECT {c} FROM records WHERE seq = 41) WHERE seq = 40",
        "UPDATE records SET {c} = (SELECT {c} FROM old WHERE seq = 40) WHERE seq = 41",
    )
    columns = ("at", "source", "type", "event")
    statements = ["CREATE TABLE old AS SELECT * FROM records"]
    for column in columns:
        statements += [part.format(c=column) for part in swap]
    tamper(journal, *statements)
    status, out = verify(journal, capsys)
    assert status == 1
    assert "record 40: altered" in out


def test_a_record_rewritten_with_another_key_is_caught(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Recomputing the chain needs the key: a forger with another key breaks at once."""
    forger = JournalKey.from_text("not the table's key, but long")
    connection = sqlite3.connect(journal)
    rows = connection.execute(
        "SELECT seq, at, table_id, source, type, event, prev_hash FROM records "
        "WHERE seq >= 12 ORDER BY seq"
    ).fetchall()
    connection.close()
    statements = []
    previous = rows[0][6]
    for seq, at, table, source, kind, event, _ in rows:
        if seq == 12:
            event = event.replace('"stake":"', '"stake":"1')
        new_hash = row_hash(forger, previous, (seq, at, table, source, kind, event))
        escaped = event.replace("'", "''")
        statements.append(
            f"UPDATE records SET event = '{escaped}', prev_hash = '{previous}', "
            f"hash = '{new_hash}' WHERE seq = {seq}"
        )
        previous = new_hash
    tamper(journal, *statements)
    status, out = verify(journal, capsys)
    assert status == 1
    assert "first bad record: 12" in out


def test_an_inserted_record_is_caught(journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tamper(
        journal,
        "UPDATE records SET seq = seq + 1000 WHERE seq >= 25",
        "UPDATE records SET seq = seq - 999 WHERE seq >= 1025",
        "INSERT INTO records SELECT 25, at, table_id, source, type, event, prev_hash, hash "
        "FROM records WHERE seq = 24",
    )
    status, out = verify(journal, capsys)
    assert status == 1
    assert "first bad record: 25" in out


def test_an_altered_file_description_is_caught(
    journal: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tamper(journal, "UPDATE meta SET value = 'T2' WHERE key = 'table_id'")
    status, out = verify(journal, capsys)
    assert status == 1
    assert "meta" in out and "altered" in out


def test_the_wrong_key_is_named(journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (journal.parent / "key").write_text("some other key of some length\n", encoding="utf-8")
    status, out = verify(journal, capsys)
    assert status == 1
    assert "another journal key" in out


def test_a_file_removed_from_the_archive_is_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = make_config(tmp_path / "t.journal")
    controller = open_journaled(config)
    deal_mock_table(controller, seed=4, coups=25, bet_seed=1)  # 1-deck shoes: several files
    controller.journal.close()
    (tmp_path / "key").write_text(KEY_FILE_TEXT, encoding="utf-8")
    archived = sorted((tmp_path / "archive").iterdir())
    assert len(archived) >= 3
    status, out = verify(tmp_path / "t.journal", capsys)
    assert status == 0, out
    assert f"in {len(archived) + 1} file(s)" in out
    archived[1].unlink()
    status, out = verify(tmp_path / "t.journal", capsys)
    assert status == 1
    assert "a file is gone" in out
    archived[0].unlink()
    status, out = verify(tmp_path / "t.journal", capsys)
    assert status == 1
    assert "record 1: records 1 to " in out


def test_verifying_changes_nothing(journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = journal.read_bytes()
    journal.chmod(0o444)
    try:
        status, _ = verify(journal, capsys)
    finally:
        journal.chmod(0o644)
    assert status == 0
    assert journal.read_bytes() == before
