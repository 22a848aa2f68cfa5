"""The commands' one configuration loader: ``--config FILE`` or ``--variant``, never both."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.cli.common import table_config

TABLE = 'sources = ["mock://?seed=9"]\n[table]\nvariant = "punto-banco"\n[seats]\ncount = 5\n'


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(TABLE, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["run", "touchscreen", "scoreboard"])
def test_config_and_variant_together_are_refused(
    command: str, config_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `run` used to replace the whole file by the defaults of the variant (its sources, seats
    # and limits were lost); the screens refused. Now every command refuses, before starting.
    status = main([command, "--config", str(config_file), "--variant", "chemin-de-fer"])
    err = capsys.readouterr().err
    assert status == 2  # input refused, before anything starts
    assert "--variant" in err and str(config_file) in err and "[table] variant" in err


def namespace(**values: object) -> argparse.Namespace:
    return argparse.Namespace(**{"config": None, "variant": None, "source": [], **values})


def test_the_file_keeps_its_sources_and_seats(config_file: Path) -> None:
    config = table_config(namespace(config=config_file))
    assert config.sources == ("mock://?seed=9",) and config.seats == (1, 2, 3, 4, 5)
    assert table_config(namespace(config=config_file), demo_source="mock://?pace=1").sources == (
        "mock://?seed=9",
    )
    given = table_config(namespace(config=config_file, source=["mock://?seed=1"]))
    assert given.sources == ("mock://?seed=1",) and given.seats == (1, 2, 3, 4, 5)


def test_without_a_file_the_variant_defaults_and_the_demo_source() -> None:
    config = table_config(namespace(variant="chemin-de-fer"), demo_source="mock://?pace=1")
    assert config.variant.name == "chemin-de-fer" and config.sources == ("mock://?pace=1",)
    assert table_config(namespace()).sources == ("mock://",)


REFUSED = {
    "a setting out of range": (b"[shoe]\ndecks = 0\n", "decks"),
    "an unknown variant": (b'[table]\nvariant = "pontoon"\n', "pontoon"),
    "not TOML": (b"[table\nvariant = \n", "not valid TOML"),
    "not UTF-8 text": (b'[table]\nvariant = "\xff\xfe"\n', "not UTF-8"),
}


@pytest.mark.parametrize("what", list(REFUSED))
@pytest.mark.parametrize("command", [["run", "--coups", "1"], ["scoreboard"]])
def test_a_refused_configuration_file_is_input_refused(
    what: str, command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 2, as a refused argument: the file and the problem named, nothing started."""
    content, named = REFUSED[what]
    path = tmp_path / "table.toml"
    path.write_bytes(content)
    status = main([*command, "--config", str(path)])
    captured = capsys.readouterr()
    assert status == 2, captured
    assert captured.err.startswith(f"dealer-assist: {path}") and named in captured.err
    assert captured.out == ""


def test_an_unknown_variant_argument_is_input_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--variant", "pontoon", "--coups", "1"]) == 2
    assert "pontoon" in capsys.readouterr().err


def test_a_configuration_that_cannot_be_read_is_not_refused_but_unusable(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A read error (here an I/O error: address 0 of this process is not mapped) is exit 1, a
    file that cannot be used, not a configuration refused."""
    status = main(["run", "--config", "/proc/self/mem", "--coups", "1"])
    assert status == 1
    assert capsys.readouterr().err == "dealer-assist: /proc/self/mem: Input/output error\n"
