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
    assert status != 0
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
