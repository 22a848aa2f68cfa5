"""The screens' commands: touchscreen, scoreboard, screenshot, and ``dealer-assist`` alone."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dealer_assist.cli import build_parser, main
from dealer_assist.cli.app import default_arguments

ROOT = Path(__file__).resolve().parents[2]


def test_the_subcommands_are_registered() -> None:
    parser = build_parser()
    args = parser.parse_args(["screenshot", "--out", "x", "--size", "1280x800", "--lang", "zh_CN"])
    assert args.size == (1280, 800) and args.lang == "zh_CN" and args.coups == 20
    args = parser.parse_args(["touchscreen", "--kiosk", "--scoreboard", "--source", "mock://"])
    assert args.kiosk and args.scoreboard and args.source == ["mock://"]
    with pytest.raises(SystemExit):
        parser.parse_args(["screenshot", "--out", "x", "--size", "big"])


def test_the_command_line_does_not_load_qt() -> None:
    code = (
        "import sys\n"
        "from dealer_assist.cli import build_parser\n"
        "build_parser().parse_args(['scoreboard'])\n"
        "print('PySide6' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "False"


def test_no_display_no_window(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert main(["touchscreen"]) == 1
    assert "no display" in capsys.readouterr().err
    assert default_arguments() == ["run", "--source", "mock://?pace=0"]  # not on a terminal
    monkeypatch.setenv("DISPLAY", ":0")
    assert default_arguments() == ["touchscreen"]


def test_the_touchscreen_starts_and_paints(tmp_path: Path) -> None:
    """The whole program, as started from a shell, to its first painted frame."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CACHE_HOME": str(tmp_path)}
    started = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "dealer_assist.cli",
            "touchscreen",
            "--scoreboard",
            "--lang",
            "zh_TW",
            "--quit-after-first-frame",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert time.perf_counter() - started < 10  # the benchmark holds it to 3 s
    assert list(tmp_path.glob("dealer-assist/translations/dealer_assist_zh_TW-*.qm"))


def test_screenshot_of_chosen_screens_only(
    qapp: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        ["screenshot", "--out", str(tmp_path), "--screen", "banque", "--size", "1280x800"]
    )
    assert status == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["banque.png"]
    assert main(["screenshot", "--out", str(tmp_path), "--screen", "roulette"]) != 0
    assert "no screen roulette" in capsys.readouterr().err
