"""``[training]`` in the table's configuration, and ``--db`` over it (issue 26, records)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.config import load_config, parse_config
from dealer_assist.errors import ConfigError


def test_the_section_is_read_relative_to_the_file(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text(
        '[training]\nrecords = "school.sqlite3"\npace_target = "75"\npass_payouts = "0.95"\n'
        'exam_key = "exam.key"\n',
        "utf-8",
    )
    settings = load_config(path).training
    assert settings.records == tmp_path / "school.sqlite3"
    assert settings.exam_key == tmp_path / "exam.key"
    assert (settings.pace_target, settings.pass_payouts) == (Decimal(75), Decimal("0.95"))
    assert settings.pass_draws == 1 and settings.min_pace == 0


@pytest.mark.parametrize(
    ("key", "value", "says"),
    [
        ("pace_target", '"0"', "above 0"),
        ("pass_draws", '"1.5"', "a share from 0 to 1"),
        ("min_pace", "0.5", "write it as text"),
        ("records", '""', "must be a path"),
        ("nope", '"1"', "nope"),
    ],
)
def test_a_wrong_value_is_refused_with_its_key(key: str, value: str, says: str) -> None:
    import tomllib

    with pytest.raises(ConfigError, match=says):
        parse_config(tomllib.loads(f"[training]\n{key} = {value}\n"))


def test_the_commands_use_the_records_of_the_configuration_and_db_wins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    config = tmp_path / "table.toml"
    config.write_text('[training]\nrecords = "school.sqlite3"\n', "utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO('{"answer": "draw"}\n'))
    argv = ["train", "drill", "--trainee", "Ana", "--json", "--count", "1", "--seed", "1"]
    assert main([*argv, "--config", str(config)]) == 0
    assert (tmp_path / "school.sqlite3").is_file()
    monkeypatch.setattr("sys.stdin", io.StringIO('{"answer": "draw"}\n'))
    other = tmp_path / "other.sqlite3"
    assert main([*argv, "--config", str(config), "--db", str(other)]) == 0
    assert other.is_file()
    capsys.readouterr()
    assert (
        main(["train", "report", "Ana", "--config", str(config), "--out", str(tmp_path / "r")]) == 0
    )
