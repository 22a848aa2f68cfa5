"""Every command, fed nonsense: a clear refusal, never a traceback, a hang or exit 0.

For each subcommand a valid base command line is spoiled by one or more arguments that cannot
be right (numbers out of range or not numbers, empty names, missing files, folders where files
are wanted, files that are not what they should be, unicode); :func:`dealer_assist.cli.main`
runs in-process under a time guard and must end with a non-zero exit code and without raising.
A second test throws token soup at the quick commands and asserts only no traceback and no
hang.

The number of cases comes from the hypothesis profile: ``ci`` (the default, a few thousand in
all) or ``DEALER_ASSIST_FUZZ_EXAMPLES=N`` for more; ``benchmarks/fuzz_commands.py`` runs many
more and reports the rate.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import sys
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_assist.cli import main

EXAMPLES = int(os.environ.get("DEALER_ASSIST_FUZZ_EXAMPLES", "0") or 0)
TIME_LIMIT = 30.0  # seconds for one command; a refusal takes milliseconds

settings.register_profile(
    "cli-fuzz",
    deadline=None,
    derandomize=not EXAMPLES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


class Hung(Exception):
    pass


@dataclass(frozen=True)
class Files:
    """Paths the cases point at: each is wrong somewhere."""

    folder: Path
    text: Path
    binary: Path
    tiny_image: Path
    missing: Path
    in_missing_folder: Path


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Files:
    import random

    folder = tmp_path_factory.mktemp("fuzz")
    text = folder / "notes.txt"
    text.write_text("hello\nthis is not what you think\n", "utf-8")
    binary = folder / "noise.bin"
    binary.write_bytes(random.Random(5).randbytes(4096))
    tiny = folder / "tiny.png"
    # A 1x1 PNG, written by hand so the test needs no image library.
    tiny.write_bytes(
        bytes.fromhex(
            "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944"
            "4154789c63f8cfc000000301010018dd8db00000000049454e44ae426082"
        )
    )
    (folder / "sub").mkdir()
    return Files(
        folder=folder / "sub",
        text=text,
        binary=binary,
        tiny_image=tiny,
        missing=folder / "missing.toml",
        in_missing_folder=folder / "nowhere" / "out.json",
    )


# Values no argument of their kind accepts.
BAD_WHOLE = ["", " ", "x", "1.5", "nan", "1e3", "-5", "0x10", "½", "💥", "--"]
BAD_NUMBER = ["", "x", "nan", "inf", "-inf", "-1", "1e999", "1,5", "💥"]
# Broker URLs and names (a table id, a pit's MQTT session) that cannot be right.
BAD_BROKERS = [
    "",
    "x",
    "http://127.0.0.1:1883",
    "mqtt://pit.example:1883",  # plain MQTT off loopback
    "mqtt://127.0.0.1:99999",
    "mqtt://127.0.0.1:1/path",
    "mqtts://",
    "💥",
]
BAD_NAMES = ["", " ", "a/b", "#", "+", "pit/+", "💥", "x" * 65, "\x01"]


def bad_values(kind: str, files: Files) -> list[str]:
    existing_wrong = [str(files.text), str(files.binary)]
    if kind == "whole":
        return BAD_WHOLE
    if kind == "number":
        return BAD_NUMBER
    if kind == "file":  # a file to read: missing, a folder, empty, or not the right content
        return ["", str(files.missing), str(files.folder), *existing_wrong]
    if kind == "new":  # a file to write
        return ["", str(files.folder), str(files.in_missing_folder)]
    if kind == "folder":  # a folder to write into
        return ["", str(files.text), str(files.in_missing_folder)]
    if kind == "variant":
        return ["", "nope", "punto banco", "💥", "../etc/passwd"]
    if kind == "choice":
        return ["", "x", "💥", "AUTO"]
    raise AssertionError(kind)


@dataclass(frozen=True)
class Command:
    argv: tuple[str, ...]
    options: dict[str, str]  # option -> kind of value
    extra: dict[str, list[str]] | None = None  # option -> more values it refuses


def commands(files: Files) -> dict[str, Command]:
    image = str(files.tiny_image)
    new_out = str(files.folder / "new.out")
    return {
        "coup": Command(
            ("coup", "4S", "3H"),
            {"--variant": "variant", "--commission-mode": "choice"},
            {
                "--variants-dir": ["", str(files.missing), str(files.text)],
                "--bet": ["banker=1e26", "0:banker=5", "999999:tie=1", "banker=-1", "x", "=5"],
                "--commission": ["nan", "-1", "7", "x", ""],
                "--tie-pays": ["0:1", "push", "lose", "1:0", "x", "", "1e30:1", "5000:1"],
            },
        ),
        "odds": Command(
            ("odds",),
            {"--decks": "whole", "--variant": "variant"},
            {
                "--decks": ["0", "9", "100000"],
                "--remaining": ["", " ", "A=1", "A=99999999999999", "*=1000", "XX=3", "A=-1"],
                "--bet": ["nope", ""],
            },
        ),
        "demo": Command(
            ("demo", "--coups", "1"),
            {"--coups": "whole", "--seed": "whole", "--variant": "variant"},
            {"--coups": ["0", "-1", "10001", "100000"]},
        ),
        "run": Command(
            ("run", "--coups", "1", "--source", "mock://?seed=1"),
            {
                "--coups": "whole",
                "--config": "file",
                "--journal": "new",
                "--simulate-bets": "whole",
                "--timeout": "number",
                "--variant": "variant",
            },
            {
                "--coups": ["0"],
                "--timeout": ["0"],
                "--source": ["", "bogus://", "mock://?decks=x", "mock://?seed=-1&x=1"],
            },
        ),
        "journal verify": Command(
            ("journal", "verify", str(files.binary), "--key-file", str(files.text)),
            {"--archive-dir": "file"},
        ),
        "journal export": Command(
            ("journal", "export", str(files.text), "--key-file", str(files.binary)),
            {"--shoe": "whole", "--format": "choice"},
            {"--shoe": ["0"]},
        ),
        "journal replay": Command(
            ("journal", "replay", str(files.missing), "--config", str(files.text)),
            {"--variant": "variant", "--archive-dir": "file"},
        ),
        "pin set": Command(
            ("pin", "set", "--role", "croupier"),
            {"--config": "file", "--pin-file": "new", "--role": "choice"},
        ),
        "mockshoe": Command(
            ("mockshoe", "--pty", "--state-file", new_out),
            {
                "--decks": "whole",
                "--cut": "whole",
                "--pace": "number",
                "--key-file": "file",
                "--tag-key-file": "file",
                "--state-file": "file",
                "--serial-number": "whole",
                "--corrupt-rate": "number",
                "--drop-rate": "number",
                "--seed": "whole",
                "--fault-seed": "whole",
                "--link": "new",
                "--result-check": "choice",
            },
            {
                "--decks": ["0", "9"],
                "--cut": ["416", "100000"],
                "--corrupt-rate": ["2", "1.01"],
                "--drop-rate": ["1.5"],
                "--pace": ["1e9"],
                "--serial-number": ["4294967296"],
                "--cards": ["", "ZZ", "AS,", "AS," * 500],
                "--link": [str(files.text), str(files.binary)],
            },
        ),
        "shoe pair": Command(
            ("shoe", "pair", "--port", str(files.missing), "--key-file", new_out, "--yes"),
            {
                "--key-file": "new",
                "--baud": "whole",
                "--serial": "whole",
                "--timeout": "number",
            },
            {"--baud": ["0", "1e9"], "--serial": ["4294967296"], "--timeout": ["0", "99999"]},
        ),
        "tags encode": Command(
            ("tags", "encode", "--deck-serial", "1", "--key-file", str(files.text)),
            {"--deck-serial": "whole", "--key-file": "file", "--timeout": "number"},
            {"--deck-serial": ["4294967296"], "--timeout": ["0"]},
        ),
        "tags enroll": Command(
            ("tags", "enroll", "--deck-serial", "1", "--out", str(files.binary)),
            {"--deck-serial": "whole", "--out": "new", "--timeout": "number"},
            {"--deck-serial": ["4294967296"]},
        ),
        "tags check": Command(
            ("tags", "check", "--key-file", str(files.binary)),
            {
                "--decks": "whole",
                "--key-file": "file",
                "--uid-table": "file",
                "--deck-serial": "whole",
                "--idle": "number",
            },
            {"--decks": ["0", "9", "-3"]},
        ),
        "vision detect": Command(
            ("vision", "detect", image),
            {
                "--layout": "file",
                "--annotate": "folder",
                "--threshold": "number",
                "--model": "file",
                "--deck": "file",
            },
            {"--threshold": ["5", "1.01"]},
        ),
        "vision enroll": Command(
            ("vision", "enroll", str(files.folder), "--out", new_out),
            {"--out": "new"},
        ),
        "camera calibrate": Command(
            ("camera", "calibrate", "--image", image, "--out", new_out),
            {"--image": "file", "--layout": "file", "--out": "new"},
            {"--corners": ["", "1,2", "x,y x,y x,y x,y", "1,2 3,4 5,6"]},
        ),
        "touchscreen": Command(
            ("touchscreen", "--config", str(files.text)),
            {"--config": "file", "--variant": "variant", "--lang": "choice"},
            {"--size": ["", "0x0", "big", "99999x99999", "-5x5"]},
        ),
        "scoreboard": Command(
            ("scoreboard", "--variant", "nope"),
            {"--config": "file", "--variant": "variant"},
        ),
        "screenshot": Command(
            ("screenshot", "--out", str(files.text)),
            {"--out": "folder", "--coups": "whole", "--seed": "whole", "--lang": "choice"},
            {"--coups": ["201"], "--screen": ["nope", ""]},
        ),
        "train": Command(
            ("train", "--trainee", "Ana", "--db", str(files.folder)),
            {
                "--config": "file",
                "--db": "new",
                "--target": "number",
                "--seed": "whole",
                "--lang": "choice",
            },
            {"--trainee": ["", "\x01"], "--target": ["0", "1001"], "--size": ["0x0", "big"]},
        ),
        "train drill": Command(
            ("train", "drill", "--trainee", "Ana", "--json", "--db", str(files.folder)),
            {"--count": "whole", "--seed": "whole", "--kind": "choice", "--config": "file"},
            {"--count": ["0", "100001"], "--trainee": ["", "\x01"], "--db": [""]},
        ),
        "train exam": Command(
            ("train", "exam", "--trainee", "Ana", "--json", "--out", str(files.folder)),
            {
                "--pass-draws": "number",
                "--pass-payouts": "number",
                "--min-pace": "number",
                "--key-file": "new",
                "--config": "file",
                "--seed": "whole",
            },
            {"--pass-draws": ["1.5"], "--pass-payouts": ["2"], "--min-pace": ["1001"]},
        ),
        "train verify": Command(
            ("train", "verify", str(files.text), "--key-file", str(files.missing)),
            {"--key-file": "file", "--config": "file"},
        ),
        "train report": Command(
            ("train", "report", "Nobody", "--out", str(files.text)),
            {"--out": "folder", "--db": "new", "--config": "file"},
        ),
        # The pit's commands: every case is refused before a broker is started or reached
        # (port 1 on loopback: nothing listens there, and --timeout ends a case that slipped by
        # with exit 0, which fails the test).
        "pit": Command(
            ("pit", "--json", "--broker", "mqtt://127.0.0.1:1", "--timeout", "0.5"),
            {
                "--store": "new",
                "--ca": "file",
                "--cert": "file",
                "--key": "file",
                "--pins": "file",
                "--pin-key-file": "file",
                "--timeout": "number",
                "--language": "choice",
            },
            {
                "--broker": BAD_BROKERS,
                "--name": BAD_NAMES,
                "--timeout": ["0"],
            },
        ),
        "pit simulate": Command(
            ("pit", "simulate", "--tables", "1", "--coups", "1", "--json"),
            {
                "--tables": "whole",
                "--coups": "whole",
                "--pace": "number",
                "--timeout": "number",
                "--language": "choice",
            },
            {
                "--tables": ["0", "501", "100000"],
                "--coups": ["0", "10001"],
                "--pace": ["11", "1e9"],
                "--timeout": ["0"],
            },
        ),
        "pit certs": Command(
            ("pit", "certs", "--out", str(files.folder / "certs"), "--tables", "T1"),
            {"--out": "folder", "--days": "whole"},
            {
                "--tables": BAD_NAMES,
                "--broker-host": ["", " ", "💥", "a b", "-x", "x" * 300, "host/path"],
                "--days": ["0", "3651"],
            },
        ),
    }


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def on_alarm(signum: int, frame: Any) -> None:
        raise Hung(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_command(argv: list[str]) -> tuple[int, str]:
    """Exit code and everything written; fails the test on an exception or a hang."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.StringIO("")
    try:
        with (
            contextlib.redirect_stdout(out),
            contextlib.redirect_stderr(err),
            time_limit(TIME_LIMIT),
        ):
            try:
                status = main(argv)
            except SystemExit as stop:  # argparse: usage errors (2) and --help (0)
                status = stop.code if isinstance(stop.code, int) else 1
    except Hung:
        pytest.fail(f"hung: {argv!r}")
    except BaseException:
        pytest.fail(f"{argv!r} raised:\n{traceback.format_exc()}")
    finally:
        sys.stdin = saved_stdin
    written = out.getvalue() + err.getvalue()
    assert "Traceback" not in written, (argv, written)
    return status, written


def spoiled(name: str, files: Files) -> st.SearchStrategy[list[str]]:
    """The command's base line with one to three arguments that cannot be right."""
    command = commands(files)[name]
    choices: list[tuple[str, str]] = []
    for option, kind in command.options.items():
        choices += [(option, value) for value in bad_values(kind, files)]
    for option, values in (command.extra or {}).items():
        choices += [(option, value) for value in values]
    return st.lists(st.sampled_from(choices), min_size=1, max_size=3).map(
        lambda pairs: [*command.argv, *[part for pair in pairs for part in pair]]
    )


COMMANDS = [
    "coup",
    "odds",
    "demo",
    "run",
    "journal verify",
    "journal export",
    "journal replay",
    "pin set",
    "mockshoe",
    "shoe pair",
    "tags encode",
    "tags enroll",
    "tags check",
    "vision detect",
    "vision enroll",
    "camera calibrate",
    "touchscreen",
    "scoreboard",
    "screenshot",
    "train",
    "train drill",
    "train exam",
    "train verify",
    "train report",
    "pit",
    "pit simulate",
    "pit certs",
]
# Cases for each command in CI: a few thousand in all, well under a minute on two cores.
CI_EXAMPLES = {
    "vision detect": 40,
    "vision enroll": 30,
    "camera calibrate": 40,
    "run": 80,
    "pin set": 60,
}


@pytest.mark.parametrize("name", COMMANDS)
def test_nonsense_is_refused_cleanly(
    name: str, files: Files, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(files.folder.parent / "state"))

    @settings(settings.get_profile("cli-fuzz"), max_examples=EXAMPLES or CI_EXAMPLES.get(name, 100))
    @given(argv=spoiled(name, files))
    def check(argv: list[str]) -> None:
        status, written = run_command(argv)
        assert status != 0, (argv, written)

    check()


SOUP_WORDS = [
    "--bet",
    "--json",
    "--variant",
    "--decks",
    "--remaining",
    "--coups",
    "--seed",
    "--commission",
    "--tie-pays",
    "-",
    "banker=10",
    "4S",
    "10H",
    "draw",
    "stand",
]
TOKENS = st.one_of(
    st.sampled_from(SOUP_WORDS + BAD_WHOLE + BAD_NUMBER),
    st.text(
        alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=("Cs",)),
        max_size=12,
    ),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)


@pytest.mark.parametrize("name", ["coup", "odds", "demo"])
def test_token_soup_never_breaks_a_quick_command(name: str) -> None:
    @settings(settings.get_profile("cli-fuzz"), max_examples=EXAMPLES or 300)
    @given(tokens=st.lists(TOKENS, max_size=8))
    def check(tokens: list[str]) -> None:
        run_command([name, *tokens])

    check()
