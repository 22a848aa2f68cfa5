"""`journal export --output`: never over a journal, a key or a configuration; clear errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.journal.export import COLUMNS
from dealer_assist.journal.simulation import deal_mock_table
from tests.journal.helpers import KEY, make_config, open_journaled


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("played")
    (folder / "table.toml").write_text(
        "[table]\nshuffle_check = false\n[shoe]\ndecks = 1\n"
        f'[journal]\npath = "t.journal"\nkey = "{KEY}"\n',
        encoding="utf-8",
    )
    (folder / "key").write_text(KEY + "\n", encoding="utf-8")
    controller = open_journaled(make_config(folder / "t.journal"))
    deal_mock_table(controller, seed=6, coups=10, bet_seed=6)
    controller.journal.close()
    return folder


@pytest.fixture
def folder(played: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy"
    shutil.copytree(played, copy)
    return copy


def export(
    folder: Path, output: Path, capsys: pytest.CaptureFixture[str], *, key_file: bool = False
) -> tuple[int, str]:
    keys = (
        ["--key-file", str(folder / "key")]
        if key_file
        else ["--config", str(folder / "table.toml")]
    )
    status = main(["journal", "export", str(folder / "t.journal"), *keys, "--output", str(output)])
    return status, capsys.readouterr().err


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("t.journal", "is a file of the journal"),
        ("archive/t.journal.000000000001", "is a file of the journal"),
        ("t.journal.lock", "is the journal's lock"),
        ("table.toml", "is the configuration in use"),
        ("other.journal", "is a database"),
        ("notes.txt", "exists and is not an earlier export"),
    ],
)
def test_what_must_not_be_written_over_is_refused(
    folder: Path, target: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(folder / "t.journal", folder / "other.journal")  # another table's journal
    (folder / "notes.txt").write_text("the pit boss's notes\n", encoding="utf-8")
    before = snapshot(folder)
    status, err = export(folder, folder / target, capsys)
    assert status == 1
    assert message in err
    assert snapshot(folder) == before
    assert (
        main(
            ["journal", "verify", str(folder / "t.journal"), "--config", str(folder / "table.toml")]
        )
        == 0
    )


def test_the_key_file_is_refused(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, err = export(folder, folder / "key", capsys, key_file=True)
    assert status == 1 and "is the journal key file" in err
    assert (folder / "key").read_text("utf-8") == KEY + "\n"


def test_a_folder_or_a_missing_folder_is_a_clear_error(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = export(folder, folder, capsys)
    assert status == 1 and "is a folder" in err
    status, err = export(folder, folder / "missing" / "x.csv", capsys)
    assert status == 1 and "does not exist" in err
    assert not (folder / "missing").exists()


def test_an_earlier_export_is_replaced(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = folder / "out.csv"
    assert export(folder, output, capsys)[0] == 0
    first = output.read_text("utf-8")
    assert first.startswith(",".join(COLUMNS) + "\n") and first.count("\n") > 50
    output.write_text(first[: len(first) // 2], encoding="utf-8")  # an old, shorter export
    assert export(folder, output, capsys)[0] == 0
    assert output.read_text("utf-8") == first
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp")) == []
