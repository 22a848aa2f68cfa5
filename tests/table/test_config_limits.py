"""Bad configuration files seen in the field (issue 23): each is refused at load with the key,
what was given and what is allowed - or, for one deck, accepted and run."""

from __future__ import annotations

import logging
import os
import re
from pathlib import Path

import pytest

from dealer_assist.config import load_config, parse_config
from dealer_assist.errors import ConfigError
from dealer_assist.table.analysis import check_shuffle_now, warm_up
from tests.table.helpers import feed, make_table


def load(tmp_path: Path, text: str | bytes) -> object:
    path = tmp_path / "table.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return load_config(path)


@pytest.mark.parametrize(
    ("text", "key", "allowed"),
    [
        ("[shoe]\ndecks = 100000000\n", "shoe.decks", "1-16 decks"),
        ("[shoe]\nburn = 10000\n", "shoe.burn", "from 1 to 52"),
        ("[shoe]\ndecks = 1\nburn = 40\n", "shoe.burn", "do not fit"),
        ("[shoe]\nmin_cards_to_deal = 1\n", "shoe.min_cards_to_deal", "a coup uses up to 6"),
        ('[odds]\nadvantage_threshold = "NaN"\n', "odds.advantage_threshold", "not a number"),
        ('[odds]\nadvantage_threshold = "1e30"\n', "odds.advantage_threshold", "from -1 to 1"),
        ('[commission]\nminimum = "Infinity"\n', "commission.minimum", "not a number"),
        ('[limits]\ndefault = { max = "1e30" }\n', "limits.default.max", "up to 1000000000000"),
        ('[limits]\ntie = { min = "0.0000001" }\n', "limits.tie.min", "6 decimal places"),
        ('[commission]\nrounding_unit = "1e-40"\n', "commission.rounding_unit", "decimal places"),
        ('[rules]\ncommission = "nan"\n', "rules.commission", "not a number"),
        ('[rules]\ntie_pays = "99999999999:1"\n', "rules.tie_pays", "at most 100:1"),
        ('[rules]\ntie_pays = "0:1"\n', "rules.tie_pays", "more than 0:1"),
        ("[camera]\ncard_width_mm = nan\n", "camera.card_width_mm", "finite"),
        ("[camera]\nregion_mm = [0, 0, inf, 340]\n", "camera.region_mm", "finite"),
        ('[camera]\naruco_dictionary = "DICT_BOGUS"\n', "camera.aruco_dictionary", "DICT_4X4_50"),
        ("[[camera.markers]]\nid = 50\ncenter_mm = [1, 1]\n", "camera.markers[0].id", "0-49"),
        ("[journal]\nretention_days = 100000000000\n", "journal.retention_days", "90-36500"),
        ("[journal]\nlockout_minutes = 99999999999\n", "journal.lockout_minutes", "at most"),
        ("[seats]\nnumbers = [1, 99999999999]\n", "seats.numbers", "from 1 to 99"),
        ('[table]\nname = "a\\u0000b"\n', "table.name", "control characters"),
        ('sources = ["camera://[::1"]\n', "sources[0]", "not a source URL"),
        ('variants_dir = "nowhere"\n', "variants_dir", "not a folder"),
        ('"" = 1\n', "''", "unknown section"),
    ],
)
def test_nonsense_is_refused_with_the_key(
    tmp_path: Path, text: str, key: str, allowed: str
) -> None:
    with pytest.raises(ConfigError) as caught:
        load(tmp_path, text)
    message = str(caught.value)
    assert f"{tmp_path / 'table.toml'}: {key}: " in message and allowed in message, message


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b'[table]\nname = "Salon Priv\xe9"\n', "not UTF-8 text (byte 26)"),
        (b"x = " + b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b"# " + b"x" * (2 * 1024 * 1024) + b"\n", "more than 1024 KiB"),
    ],
)
def test_a_file_that_is_no_configuration_is_refused(
    tmp_path: Path, data: bytes, problem: str
) -> None:
    with pytest.raises(ConfigError, match=re.escape(problem)):
        load(tmp_path, data)


def test_a_fifo_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "table.toml"
    os.mkfifo(fifo)
    descriptor = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # a writer, so opening cannot block
    try:
        with pytest.raises(ConfigError, match="not a regular file"):
            load_config(fifo)
    finally:
        os.close(descriptor)


def test_one_deck_runs_with_the_shuffle_check_at_26_and_52_cards() -> None:
    config = parse_config({"shoe": {"decks": 1}}, source="<test>")
    assert config.shoe.decks == 1 and config.shuffle_check
    table, _ = make_table(table={"shuffle_check": True}, shoe={"decks": 1, "cut_card_from_end": 6})
    warm_up(table.config, table.state)  # today: "104 cards is more than the shoe's 52"
    feed(table, "AS 2H 3D 4C " * 7)
    assert check_shuffle_now(table.config, table.state) is not None


KEYED = [
    '[journal]\npath = "j.db"\nkey = "00112233"\n',
    'sources = ["serial://mockshoe://x?key=00112233"]\n',
]


@pytest.mark.parametrize("text", KEYED)
def test_a_key_holding_file_others_can_read_gets_a_warning(
    tmp_path: Path, text: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "table.toml"
    path.write_text(text)
    path.chmod(0o644)
    with caplog.at_level(logging.WARNING, logger="dealer_assist.config"):
        load_config(path)
    assert [r.getMessage() for r in caplog.records] == [
        f"{path} holds a key and others may read it (mode 0644): run chmod 600 {path}"
    ]
    caplog.clear()
    path.chmod(0o600)
    with caplog.at_level(logging.WARNING, logger="dealer_assist.config"):
        load_config(path)
    assert caplog.records == []


def test_a_file_without_a_key_may_be_read_by_anyone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "table.toml"
    path.write_text('sources = ["mock://?seed=1"]\n[journal]\npath = "j.db"\n')
    path.chmod(0o644)
    with caplog.at_level(logging.WARNING, logger="dealer_assist.config"):
        load_config(path)
    assert caplog.records == []


def write_key_file(tmp_path: Path, text: bytes, mode: int = 0o600) -> Path:
    key = tmp_path / "journal.key"
    key.write_bytes(text)
    key.chmod(mode)
    return key


def test_the_journal_key_is_read_from_its_file_without_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_key_file(tmp_path, b"journal secret\n")
    path = tmp_path / "table.toml"
    path.write_text('[journal]\npath = "j.db"\nkey_file = "journal.key"\n')
    path.chmod(0o644)  # the configuration holds no key itself: anyone may read it
    with caplog.at_level(logging.WARNING, logger="dealer_assist.config"):
        config = load_config(path)
    assert config.journal_key == "journal secret"
    assert caplog.records == []


@pytest.mark.parametrize(
    ("key", "mode", "extra", "problem"),
    [
        (b"journal secret\n", 0o640, "", "(mode 0640): run chmod 600"),
        (b"journal secret\n", 0o604, "", "(mode 0604): run chmod 600"),
        (None, 0o600, "", "cannot read the journal key (No such file or directory)"),
        (b"\n", 0o600, "", "the first line must be the journal key"),
        (b"\xff\xfe", 0o600, "", "not text"),
        (b"journal secret\n", 0o600, 'key = "inline"\n', "inline (key) or in a file, not both"),
    ],
)
def test_a_journal_key_file_others_may_read_or_without_a_key_is_refused(
    tmp_path: Path, key: bytes | None, mode: int, extra: str, problem: str
) -> None:
    if key is not None:
        write_key_file(tmp_path, key, mode)
    with pytest.raises(ConfigError) as raised:
        load(tmp_path, f'[journal]\npath = "j.db"\nkey_file = "journal.key"\n{extra}')
    assert raised.value.field == "journal.key_file"
    assert problem in str(raised.value)


def test_the_example_table_configuration_reads_the_installed_key_file(tmp_path: Path) -> None:
    """deploy/table.example.toml, as deploy/install.sh places it, names the journal key file."""
    example = Path(__file__).resolve().parents[2] / "deploy" / "table.example.toml"
    text = example.read_text()
    assert 'key_file = "/etc/dealer-assist/journal.key"' in text
    write_key_file(tmp_path, b"0123456789abcdef\n")
    config = load(
        tmp_path, text.replace("/etc/dealer-assist/", "").replace("/var/lib/dealer-assist/", "")
    )
    assert config.journal_key == "0123456789abcdef"  # type: ignore[attr-defined]


def test_a_layout_file_is_read_as_a_configuration_is(tmp_path: Path) -> None:
    from dealer_assist.vision.layout import load_layout

    path = tmp_path / "layout.toml"
    path.write_bytes(b"[camera]\ncard_width_mm = 63.0\n# \xff\n")  # today: UnicodeDecodeError
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_layout(path)
