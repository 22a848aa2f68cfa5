"""Done-when of issue 5: SIGKILL the headless table at random moments, at least 200 times over
mock shoes, restart it on the same journal each time, and find the same coups, cards, bets,
settlements and commission boxes as an uninterrupted run with the same seed."""

from __future__ import annotations

import fcntl
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from dealer_assist.config import TableConfig
from tests.journal.helpers import KEY, make_config, read_records, story
from tests.journal.killing import context, run_and_maybe_kill

KILLS_WANTED = 200
SEEDS = range(101, 161)


@pytest.fixture
def fast_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder in memory when the system has one: every commit is fsynced, and on a busy disk
    that dominates the run time, while a SIGKILL (unlike a power cut) never loses what the
    page cache holds: the kill test tests the journal's transactions, not the disk."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="dealer-assist-kill-", dir=shm))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def write_config(folder: Path) -> tuple[Path, TableConfig]:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "table.toml"
    path.write_text(
        "[table]\nshuffle_check = false\n[odds]\nadvantage_alerts = false\n"
        f'[shoe]\ndecks = 1\n[journal]\npath = "table.journal"\nkey = "{KEY}"\n',
        encoding="utf-8",
    )
    return path, make_config(folder / "table.journal")


def argv(config_file: Path, seed: int) -> list[str]:
    return [
        "run",
        "--config",
        str(config_file),
        "--source",
        f"mock://?decks=1&seed={seed}",
        "--simulate-bets",
        str(seed),
        "--json",
        "--timeout",
        "60",
    ]


def kill_and_compare(ctx: Any, folder: Path, seed: int) -> tuple[int, int]:
    """Deal shoe ``seed`` once without a kill and once with kills until it ends; compare the
    journals. Returns the number of kills and of commissions the shoe owed."""
    rng = random.Random(seed)
    reference_file, reference = write_config(folder / f"reference-{seed}")
    killed, status = run_and_maybe_kill(ctx, argv(reference_file, seed), None)
    assert not killed and status in (0, None)
    while status is None:  # the fork server lost the status: the journal says whether it ended
        killed, status = run_and_maybe_kill(ctx, argv(reference_file, seed), None)
        assert not killed and status in (0, None)

    config_file, config = write_config(folder / f"killed-{seed}")
    kills = 0
    while True:
        killed, status = run_and_maybe_kill(ctx, argv(config_file, seed), rng.randint(0, 24))
        if killed:
            kills += 1
        elif status is not None:
            assert status == 0
            break
    expected, got = story(read_records(reference)), story(read_records(config))
    assert got.cards == expected.cards, f"seed {seed}: a card was lost or doubled"
    assert got.bets == expected.bets, f"seed {seed}"
    assert got.coups == expected.coups, f"seed {seed}"
    assert got.settlements == expected.settlements, f"seed {seed}"
    assert got.commissions == expected.commissions, f"seed {seed}"
    assert got.alerts == expected.alerts == [], f"seed {seed}"
    assert expected.coups and expected.bets, f"seed {seed}"
    return kills, len(expected.commissions)


def test_two_hundred_kills_lose_and_double_nothing(fast_dir: Path) -> None:
    ctx = context()
    kills = commissions = 0
    seeds = iter(SEEDS)
    with ThreadPoolExecutor(max_workers=2) as pool:  # one table per core
        while kills < KILLS_WANTED:
            batch = [next(seeds), next(seeds)]
            for shoe_kills, owed in pool.map(lambda s: kill_and_compare(ctx, fast_dir, s), batch):
                kills += shoe_kills
                commissions += owed
    assert kills >= KILLS_WANTED
    assert commissions > 0  # the commission boxes were tested too (a shoe may owe none)


def test_the_installed_command_killed_and_restarted(fast_dir: Path) -> None:
    """The same, a few times, with `python -m dealer_assist.cli` started from scratch."""
    seed = 77
    reference_file, reference = write_config(fast_dir / "reference")
    config_file, config = write_config(fast_dir / "killed")
    command = [sys.executable, "-m", "dealer_assist.cli"]
    done = subprocess.run(
        [*command, *argv(reference_file, seed)], capture_output=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    kills = 0
    # The table writes each line as it comes (unbuffered) into a pipe of one page, so it can
    # be at most a page (about 20 lines of the shoe's 130) ahead of the kill: the five kills
    # take some 50 lines of the shoe, and even a busy machine leaves the shoe unfinished.
    unbuffered = {**os.environ, "PYTHONUNBUFFERED": "1"}
    for kill_after in (3, 25, 0, 15, 5):
        read_end, write_end = os.pipe()
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
        process = subprocess.Popen(
            [*command, *argv(config_file, seed)],
            stdout=write_end,
            stderr=subprocess.DEVNULL,
            env=unbuffered,
        )
        os.close(write_end)
        with open(read_end, "rb") as output:
            lines = 0
            while lines < kill_after and output.readline():
                lines += 1
            process.send_signal(signal.SIGKILL)
        kills += process.wait(timeout=60) == -signal.SIGKILL
    finished = subprocess.run(
        [*command, *argv(config_file, seed)], capture_output=True, timeout=120, check=False
    )
    assert finished.returncode == 0, finished.stderr
    assert kills >= 4  # one of them may land just after its run ended on its own
    assert story(read_records(config)) == story(read_records(reference))
