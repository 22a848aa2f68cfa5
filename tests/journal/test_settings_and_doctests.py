"""The [journal] settings (the modules' examples run in tests/test_docstring_examples.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.config import parse_config
from dealer_assist.errors import ConfigError


def journal_config(**values: object) -> object:
    return parse_config({"journal": values}, source="t.toml", base_dir=Path("/srv/table"))


def test_defaults() -> None:
    settings = parse_config({}, source="t.toml").journal_settings
    assert settings.rotate == "shoe"
    assert settings.retention_days == 90
    assert settings.max_file_bytes == 64 * 1024 * 1024
    assert settings.pin_attempts == 5 and settings.lockout_minutes == 15
    assert settings.archive_dir is None and settings.pin_file is None


def test_paths_are_relative_to_the_configuration_file() -> None:
    config = parse_config(
        {"journal": {"path": "j/t.journal", "archive_dir": "old", "pin_file": "pins.json"}},
        source="t.toml",
        base_dir=Path("/srv/table"),
    )
    assert config.journal == Path("/srv/table/j/t.journal")
    assert config.journal_settings.archive_dir == Path("/srv/table/old")
    assert config.journal_settings.pin_file == Path("/srv/table/pins.json")


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"retention_days": 30}, "at least 90"),
        ({"rotate": "hour"}, "shoe, day, none"),
        ({"max_file_mb": 0}, "1-4096"),
        ({"pin_attempts": 0}, "at least 1"),
        ({"archive_dir": 5}, "must be a path"),
        ({"clock_step_seconds": 0}, "at least 1"),
        ({"keep": 1}, "unknown key"),
    ],
)
def test_bad_settings_are_named(values: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        journal_config(**values)
