"""A journal's files: what is not a journal is refused by every command (never a raw SQLite
error), the files are private, and the audit tools leave nothing beside them."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.journal.simulation import deal_mock_table
from tests.journal.helpers import KEY, make_config, open_journaled


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A closed journal of a few coups, in one file, with its key file."""
    folder = tmp_path_factory.mktemp("played")
    controller = open_journaled(make_config(folder / "t.journal", journal={"rotate": "none"}))
    deal_mock_table(controller, seed=4, coups=12, bet_seed=4)
    controller.journal.close()
    (folder / "key").write_text(KEY + "\n", encoding="utf-8")
    return folder


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def damaged(journal: bytes, old: bytes, new: bytes) -> bytes:
    assert journal.count(old) == 1 and len(old) == len(new)
    return journal.replace(old, new)


def not_journals(folder: Path, played: Path) -> dict[str, Path]:
    size = (played / "t.journal").stat().st_size
    sqlite_other = folder / "other.db"
    connection = sqlite3.connect(sqlite_other)
    connection.execute("CREATE TABLE notes (text TEXT)")
    connection.commit()
    connection.close()
    journal = (played / "t.journal").read_bytes()
    files = {
        "text": b"[journal]\nthis is not a journal\n",
        "random": random.Random(5).randbytes(9000),
        "truncated": journal[: size // 3],
        "empty": b"",
        # damaged schemas: SQLite's message quotes bytes that are not UTF-8; the checkpoints'
        # key is no longer the rowid, so every checkpoint reads with an empty seq
        "schema bytes": damaged(
            journal, b"PRIMARY KEY,\n    state", b"PRIMARY \xdd\xdd\xdd,\n    state"
        ),
        "checkpoint seq": damaged(
            journal, b"seq INTEGER PRIMARY KEY,\n    state", b"seq INTEGEX PRIMARY KEY,\n    state"
        ),
    }
    paths = {"sqlite": sqlite_other}
    for name, data in files.items():
        paths[name] = folder / f"{name}.journal"
        paths[name].write_bytes(data)
    return paths


EXPECTED = {
    "text": "is not a dealer-assist journal",
    "random": "is not a dealer-assist journal",
    "empty": "is not a dealer-assist journal",
    "sqlite": "not a dealer-assist journal",
    "truncated": "is damaged",
    "schema bytes": "is damaged",
    "checkpoint seq": "malformed",
}


def test_what_is_not_a_journal_is_refused_by_every_command(
    tmp_path: Path, played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key = ["--key-file", str(played / "key")]
    config = tmp_path / "table.toml"
    config.write_text(
        f'[table]\nshuffle_check = false\n[shoe]\ndecks = 1\n[journal]\nkey = "{KEY}"\n',
        encoding="utf-8",
    )
    for kind, path in not_journals(tmp_path, played).items():
        before = path.read_bytes()
        commands = [
            ["run", "--config", str(config), "--journal", str(path), "--coups", "1"],
            ["journal", "verify", str(path), *key],
            ["journal", "export", str(path), *key],
            ["journal", "replay", str(path), *key],
        ]
        for command in commands:
            status = main(command)  # a raw sqlite3 error would escape main() as a traceback
            captured = capsys.readouterr()
            assert status == 1, (kind, command)
            assert EXPECTED[kind] in captured.out + captured.err, (kind, command, captured)
        assert path.read_bytes() == before, kind  # nothing was written to it
        assert not path.with_name(path.name + "-wal").exists()


def test_journal_files_are_private(tmp_path: Path, umask_022: None) -> None:
    config = make_config(tmp_path / "t.journal", journal={"rotate": "shoe"})
    controller = open_journaled(config)
    deal_mock_table(controller, seed=2, coups=3, bet_seed=2)
    for end in ("", "-wal", "-shm", ".lock"):
        assert (tmp_path / f"t.journal{end}").stat().st_mode & 0o777 == 0o600, end
    # A technician may open the live file to a group (e.g. the auditors): new files follow.
    os.chmod(tmp_path / "t.journal", 0o644)
    deal_mock_table(controller, seed=2, coups=12, bet_seed=2)  # a shoe ends: a new file
    controller.journal.close()
    assert controller.journal.rotations >= 1
    assert (tmp_path / "t.journal").stat().st_mode & 0o777 == 0o640  # never for everyone
    archived = sorted((tmp_path / "archive").iterdir())
    assert archived and all(file.stat().st_mode & 0o777 == 0o640 for file in archived)


def test_the_audit_tools_leave_nothing_beside_the_journal(
    tmp_path: Path, played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "copy"
    shutil.copytree(played, folder)
    before = sorted(p.name for p in folder.iterdir())
    key = ["--key-file", str(folder / "key")]
    path = str(folder / "t.journal")
    assert main(["journal", "verify", path, *key]) == 0
    assert main(["journal", "export", path, *key]) == 0
    assert main(["journal", "replay", path, *key]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in folder.iterdir()) == before  # no -wal, no -shm
