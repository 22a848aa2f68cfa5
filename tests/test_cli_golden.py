"""The commands' output, byte for byte, against golden files in ``tests/data/golden/``.

A set of deterministic commands (``coup``, ``odds``, ``run`` on seeded mock shoes, ``journal
export``/``replay``/``verify`` of a journal written by a seeded run) is run through
:func:`dealer_assist.cli.main` in-process, and one through the installed ``dealer-assist``
console script; what each writes to standard output must equal its golden file exactly. The
camera's ``vision detect`` has its own golden case in ``tests/vision/test_detect_golden.py``.

The table stamps every record with the wall clock's time and has no option to fix it, so in the
outputs of ``run`` and ``journal export`` (and only there) the ISO times are replaced by
``<time>`` before comparing; everything else is compared as written.

Not covered on purpose: Banque (its settlement is being changed) and the alert texts.

To regenerate the golden files after an intended change of output::

    DEALER_ASSIST_GOLDEN=update python -m pytest tests/test_cli_golden.py \
        tests/vision/test_detect_golden.py

and review ``git diff tests/data/golden`` before committing it.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from contextlib import redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import pytest

from dealer_assist.cli import main

GOLDEN = Path(__file__).resolve().parent / "data" / "golden"
UPDATE = os.environ.get("DEALER_ASSIST_GOLDEN") == "update"
KEY = "0123456789abcdef0123456789abcdef"
_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)")


def without_times(text: str) -> str:
    """``text`` with every ISO date-time replaced by ``<time>``."""
    return _TIME.sub("<time>", text)


def check_golden(name: str, output: str) -> None:
    """``output`` equals the golden file ``name`` byte for byte (or becomes it when updating)."""
    path = GOLDEN / name
    data = output.encode("utf-8")
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return
    assert path.exists(), f"no golden file {path}: run with DEALER_ASSIST_GOLDEN=update"
    expected = path.read_bytes()
    assert data == expected, f"{name}: the output differs from {path}"


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]
    status: int = 0
    stdin: str | None = None
    times: bool = False  # the output holds record times


COUP = ("4S", "3H", "AD", "KC", "9H", "5C")
EZ_COUP = ("banker=10", "2S", "3H", "KD", "2C", "4C", "2H")
CDF_RUN = ("--coups", "6")
REMAINING = "A=3,2=4,3=4,4=4,5=4,6=4,7=4,8=4,9=4,T=4,J=4,Q=4,K=4"
CASES = (
    Case("coup-text.txt", ("coup", "--bet", "banker=100", "--bet", "tie=10", *COUP)),
    Case("coup-json.txt", ("coup", "--json", "--bet", "banker=100", "--bet", "tie=10", *COUP)),
    Case("coup-no-bets.txt", ("coup", "8S", "2H", "7D", "KC")),
    Case("coup-unfinished.txt", ("coup", "--json", "4S", "3H", "AD")),
    Case(
        "coup-seats-box.txt",
        (
            "coup",
            "--bet",
            "2:player=25",
            "--bet",
            "3:banker=40",
            "--bet",
            "player_pair=5",
            "--bet",
            "banker_pair=5",
            "--commission-mode",
            "box",
            "4S",
            "4H",
            "AD",
            "KC",
            "9H",
        ),
    ),
    Case(
        "coup-commission-tie-pays.txt",
        (
            "coup",
            "--commission",
            "0.04",
            "--tie-pays",
            "9:1",
            "--bet",
            "banker=100",
            "--bet",
            "tie=5",
            "--bet",
            "4:player=7.50",
            "7S",
            "3H",
            "KD",
            "4C",
        ),
    ),
    Case(
        "coup-ez-baccarat.txt",
        ("coup", "--variant", "ez-baccarat", "--bet", "dragon7=5", "--bet", *EZ_COUP),
    ),
    Case(
        "coup-chemin-de-fer.txt",
        ("coup", "--variant", "chemin-de-fer", "3S", "2H", "2D", "KC", "draw", "9H", "5C"),
    ),
    Case(
        "coup-chemin-de-fer-json.txt",
        ("coup", "--variant", "chemin-de-fer", "--json", "3S", "2H", "2D", "KC", "stand"),
    ),
    Case(
        "coup-stdin.txt",
        ("coup", "--bet", "banker=10", "--bet", "2:player=20", "-"),
        status=2,
        stdin="4S 3H AD KC 9H 5C\n# a comment\n\n8S,2H,7D,KC\n4S 3H AD KC 9H 5C 2D\nAS 2S\n",
    ),
    Case("odds-8-decks.txt", ("odds",)),
    Case("odds-6-decks-json.txt", ("odds", "--decks", "6", "--json")),
    Case("odds-remaining.txt", ("odds", "--remaining", REMAINING, "--bet", "banker")),
    Case("odds-remaining-variant-json.txt", ("odds", "--remaining", REMAINING, "--json")),
    Case(
        "run-json.txt",
        ("run", "--source", "mock://?seed=7", "--coups", "20", "--simulate-bets", "3", "--json"),
        times=True,
    ),
    Case("run-text.txt", ("run", "--source", "mock://?seed=11", "--coups", "12")),
    Case(
        "run-chemin-de-fer-json.txt",
        ("run", "--json", "--source", "mock://?seed=3", "--variant", "chemin-de-fer", *CDF_RUN),
        times=True,
    ),
)


def run_main(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str], stdin: str | None = None
) -> tuple[int, str]:
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        status = main(list(argv))
    finally:
        sys.stdin = saved
    return status, capsys.readouterr().out


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_command_output_is_unchanged(case: Case, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_main(case.argv, capsys, case.stdin)
    assert status == case.status, out
    check_golden(case.name, without_times(out) if case.times else out)


@pytest.fixture(scope="module")
def journaled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A one-deck shoe with simulated bets, played by ``run`` into a journal; its ``--json``."""
    folder = tmp_path_factory.mktemp("golden-journal")
    (folder / "table.toml").write_text(
        "[table]\nshuffle_check = false\n[odds]\nadvantage_alerts = false\n[shoe]\ndecks = 1\n"
        f'[journal]\npath = "t.journal"\nkey = "{KEY}"\n',
        encoding="utf-8",
    )
    argv = ["run", "--config", str(folder / "table.toml"), "--source", "mock://?seed=5&decks=1"]
    command = [*argv, "--simulate-bets", "4", "--json"]
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        assert main(command) == 0
    return folder, buffer.getvalue()


def test_a_journaled_run_is_unchanged(journaled: tuple[Path, str]) -> None:
    check_golden("journal-run-json.txt", without_times(journaled[1]))


JOURNAL_CASES = (
    ("journal-export-csv.txt", ("export",), 0),
    ("journal-export-jsonl.txt", ("export", "--format", "jsonl"), 0),
    ("journal-export-shoe.txt", ("export", "--shoe", "1", "--format", "jsonl"), 0),
    ("journal-replay.txt", ("replay",), 0),
    ("journal-verify.txt", ("verify",), 0),
)


@pytest.mark.parametrize("name,action,status", JOURNAL_CASES, ids=[c[0] for c in JOURNAL_CASES])
def test_journal_tools_output_is_unchanged(
    name: str,
    action: tuple[str, ...],
    status: int,
    journaled: tuple[Path, str],
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder, _ = journaled
    journal = str(folder / "t.journal")
    config = str(folder / "table.toml")
    got, out = run_main(("journal", action[0], journal, "--config", config, *action[1:]), capsys)
    assert got == status, out
    check_golden(name, without_times(out))


def test_the_console_script_gives_the_same_output() -> None:
    """The installed entry point (pyproject's [project.scripts]) runs the same ``main``."""
    script = shutil.which("dealer-assist", path=str(Path(sys.executable).parent))
    assert script is not None, "the dealer-assist console script is not installed"
    case = CASES[0]
    result = subprocess.run([script, *case.argv], capture_output=True, check=False, timeout=60)
    assert result.returncode == case.status, result.stderr
    if not UPDATE:
        assert result.stdout == (GOLDEN / case.name).read_bytes()
