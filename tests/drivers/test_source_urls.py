"""Source URLs: every driver's options checked in one place (SourceUrl), secrets never shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.drivers.base import SourceUrl, SourceUrlError, redact
from dealer_assist.drivers.mock import MockShoe
from dealer_assist.drivers.registry import open_source
from dealer_assist.errors import ConfigError, DeviceTimeoutError
from dealer_assist.table.runtime import build_source
from tests.table.helpers import make_config

KEY_HEX = bytes(range(32)).hex()


@pytest.fixture
def recording(tmp_path: Path) -> Path:
    path = tmp_path / "session.txt"
    path.write_text("AS KD 9H 2C 3D 4S\n")
    return path


@pytest.mark.parametrize(
    ("url", "known"),
    [
        ("mock://?colour=red", "cards, cut, decks, pace, seed"),
        ("replay://{recording}?decks=8", "known: pace"),
        ("mockshoe://?role=deal", "cards, cut, decks, pace, result_check, seed, spy"),
        (f"serial:///dev/ttyACM0?key={KEY_HEX}&speed=9600", "baud, key, key_file, pid, spy"),
        ("pcsc://?key_file=x&colour=red", "attempts, chunk_pages, key_file, name, reader"),
        ("camera://0?zoom=2", "colours, fps, layout, middle"),
    ],
)
def test_an_unknown_option_is_refused_with_the_known_ones(
    url: str, known: str, recording: Path
) -> None:
    with pytest.raises(SourceUrlError, match="unknown option") as caught:
        open_source(url.format(recording=recording))
    assert known in str(caught.value)


@pytest.mark.parametrize(
    ("url", "given", "allowed"),
    [
        ("mock://?decks=1000", "decks=1000 is too large", "a whole number from 1 to 16"),
        ("mock://?decks=2.5", "decks=2.5 is not a whole number", "from 1 to 16"),
        ("mock://?pace=nan", "pace=nan is not a finite number", "seconds from 0 to 60"),
        ("mock://?pace=inf", "pace=inf is not a finite number", "seconds from 0 to 60"),
        ("mock://?pace=1e9", "pace=1e9 is too large", "seconds from 0 to 60"),
        ("mock://?cut=-3", "cut=-3 is too small", "from 0 to 832"),
        ("mock://?seed=lucky", "seed=lucky is not a whole number", "a whole number"),
        ("mock://?cards=AS,ZZ", "cards=AS,ZZ is not a list of cards", "card codes"),
        ("replay://{recording}?pace=-1", "pace=-1 is too small", "seconds from 0 to 60"),
        ("mockshoe://?result_check=bogus", "result_check=bogus", "auto or button"),
        ("mockshoe://?decks=0", "decks=0 is too small", "from 1 to 16"),
        ("mockshoe://?pace=nan", "pace=nan is not a finite number", "from 0 to 60"),
        ("mockshoe://?spy=maybe", "spy=maybe is not on or off", "1 or 0"),
        (f"serial:///dev/ttyS0?key={KEY_HEX}&baud=-5", "baud=-5 is too small", "300 to"),
        (f"serial:///dev/ttyS0?key={KEY_HEX}&vid=0x10000", "vid=0x10000 is too large", "65535"),
        ("pcsc://?key_file=x&chunk_pages=9", "chunk_pages=9 is too large", "from 1 to 4"),
        ("pcsc://?key_file=x&attempts=0", "attempts=0 is too small", "from 1 to 10"),
        ("camera://0?role=bogus", "role=bogus is not allowed", "deal or witness"),
        ("camera://0?threshold=2", "threshold=2 is too large", "from 0 to 1"),
        ("camera://0?fps=nan", "fps=nan is not a finite number", "frames a second"),
        ("camera://0?realtime=maybe", "realtime=maybe is not on or off", "1 or 0"),
        ("camera://0?reconnect=-1", "reconnect=-1 is too small", "seconds from 0.01"),
    ],
)
def test_a_value_outside_what_its_option_allows_is_refused(
    url: str, given: str, allowed: str, recording: Path
) -> None:
    """The message names the option, what was given and what is allowed."""
    with pytest.raises(SourceUrlError) as caught:
        open_source(url.format(recording=recording))
    message = str(caught.value)
    assert given in message
    assert allowed in message
    assert isinstance(caught.value, ConfigError) and isinstance(caught.value, ValueError)


def test_a_camera_role_from_the_command_line_is_checked_as_in_the_configuration() -> None:
    config = make_config()
    with pytest.raises(SourceUrlError, match="role=bogus is not allowed"):
        build_source("camera://0?role=bogus", config)
    assert build_source("camera://0?role=witness", config).name == "camera://0?role=witness"


def test_a_mock_shoe_must_hold_the_tables_decks() -> None:
    """Refused where the table opens its sources: a table counting 8 decks cannot take a
    1000-deck (or a 6-deck) mock shoe. Without decks= the mock deals the table's shoe."""
    config = make_config(shoe={"decks": 8})
    for url in ("mock://?decks=6", "mockshoe://?decks=6"):
        with pytest.raises(SourceUrlError, match="decks=6 disagrees with the table's shoe of 8"):
            build_source(url, config)
    with pytest.raises(SourceUrlError, match="decks=1000 is too large"):
        build_source("mock://?decks=1000", config)
    agreeing = build_source("mock://?decks=8&seed=1", config)
    assert isinstance(agreeing, MockShoe) and agreeing.decks == 8
    small = make_config(shoe={"decks": 2})
    default = build_source("mock://?seed=1", small)
    assert isinstance(default, MockShoe) and default.decks == 2


def test_the_mock_shoe_refuses_bad_parameters_when_built_directly() -> None:
    with pytest.raises(ConfigError, match="decks: 0 is not allowed"):
        MockShoe(decks=0)
    with pytest.raises(ConfigError, match="pace: nan is not allowed"):
        MockShoe(pace=float("nan"))
    with pytest.raises(ConfigError, match="cut_card_from_end: -1 is not allowed"):
        MockShoe(cut_card_from_end=-1)


def test_an_unknown_scheme_is_a_configuration_error_listing_the_known_ones() -> None:
    with pytest.raises(ConfigError) as caught:
        open_source("nope://x")
    message = str(caught.value)
    assert "no card source for nope://" in message
    for scheme in ("camera://", "mock://", "mockshoe://", "pcsc://", "replay://", "serial://"):
        assert scheme in message
    with pytest.raises(ConfigError, match="not a source URL"):
        open_source("/dev/ttyACM0")


def test_a_device_timeout_is_also_a_timeout_error() -> None:
    error = DeviceTimeoutError("waiting for the reader: timed out")
    assert isinstance(error, TimeoutError)
    with pytest.raises(TimeoutError):
        raise error


def test_redaction_hides_secrets_and_leaves_other_urls_as_they_are() -> None:
    assert redact(f"serial:///dev/x?baud=9600&key={KEY_HEX}&spy=1") == (
        "serial:///dev/x?baud=9600&key=REDACTED&spy=1"
    )
    assert redact(f"serial://mockshoe://bench?Key={KEY_HEX}") == (
        "serial://mockshoe://bench?Key=REDACTED"
    )
    assert redact("camera:rtsp://admin:hunter2@cam/stream?fps=25") == (
        "camera:rtsp://admin:REDACTED@cam/stream?fps=25"
    )
    for plain in ("mock://?cards=AS,9D&seed=4", "camera:///v/f%03d.png?layout=a.toml", "x"):
        assert redact(plain) == plain
    url = SourceUrl.parse(f"serial://?key={KEY_HEX}")
    assert url.redacted() == "serial://?key=REDACTED"


def test_a_shoe_key_in_a_url_is_never_in_a_name_or_an_error() -> None:
    source = open_source(f"serial:///dev/ttyACM0?key={KEY_HEX}&baud=57600")
    assert source.name == "serial:///dev/ttyACM0?key=REDACTED&baud=57600"
    for url, problem in [
        (f"serial:///dev/ttyACM0?key={KEY_HEX}&baud=fast", "baud=fast"),
        (f"serial:///dev/ttyACM0?key={KEY_HEX[:-2]}", "key=REDACTED is not a shoe key"),
        (f"serial:///dev/ttyACM0?key={KEY_HEX}&key_file=x", "not both"),
        (f"serial:///dev/ttyACM0?key={KEY_HEX}&speed=1", "unknown option 'speed'"),
    ]:
        with pytest.raises(ConfigError, match=problem) as caught:
            open_source(url)
        assert KEY_HEX[:-2] not in str(caught.value)
