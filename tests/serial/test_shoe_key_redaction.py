"""A shoe key given in the URL (``serial://...?key=HEX``) never reaches a stream, a record or a log.

The source's name, which every event carries into the JSON stream and the journal's ``source``
field, is the URL with the key's value replaced by ``REDACTED`` (docs/serial-shoe.md).
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

import dealer_assist.drivers.shoe.serial  # noqa: F401 - registers mockshoe:// with pyserial
from dealer_assist.cli import main
from dealer_assist.drivers.shoe.mock_device import Croupier, MockShoeDevice
from dealer_assist.drivers.shoe.protocol_mockshoe import forget, plug_in
from tests.journal.helpers import KEY as JOURNAL_KEY
from tests.serial.shoe_model import KEY

NAME = "redaction"


@pytest.fixture
def shoe() -> Iterator[MockShoeDevice]:
    device = MockShoeDevice(key=KEY, croupier=Croupier(decks=2, seed=7, auto_result_check=True))
    plug_in(NAME, device)
    device.start()
    try:
        yield device
    finally:
        device.stop()
        forget(NAME)


def test_run_json_the_journal_and_the_logs_never_show_the_key(
    tmp_path: Path,
    shoe: MockShoeDevice,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    journal = tmp_path / "table.journal"
    config = tmp_path / "table.toml"
    config.write_text(
        f'[shoe]\ndecks = 2\n[journal]\npath = "{journal}"\nkey = "{JOURNAL_KEY}"\n', "utf-8"
    )
    url = f"serial://mockshoe://{NAME}?key={KEY.hex()}&spy=1"
    with caplog.at_level(logging.DEBUG):
        arguments = ["run", "--json", "--config", str(config), "--source", url]
        status = main([*arguments, "--coups", "1", "--timeout", "60"])
    out = capsys.readouterr()
    assert status == 0, out.err
    secret = KEY.hex()
    shown = f"serial://mockshoe://{NAME}?key=REDACTED&spy=1"
    assert f'"source": "{shown}"' in out.out, "the cards came from the shoe, named without its key"
    assert secret not in out.out and secret not in out.err
    assert secret not in caplog.text
    with sqlite3.connect(journal) as db:
        sources = {row[0] for row in db.execute("SELECT source FROM records")}
    assert shown in sources
    assert not [source for source in sources if secret in source]
    for path in tmp_path.iterdir():
        assert secret.encode() not in path.read_bytes(), path
