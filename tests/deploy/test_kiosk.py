"""The kiosk as the table service starts it, under a headless Wayland compositor: its first frame
on each output, as a person would see it there.

The command line is the unit's own (deploy/systemd/dealer-assist-table.service: cage in ``-m
extend`` with the table's touchscreen and the players' scoreboard as its one application), with
only the installed paths swapped for this checkout's (the program, the configuration) and
wlroots' headless backend (``WLR_BACKENDS=headless``, two outputs) for the screens. The service
manager is a test double of the notify socket: the kiosk says ``READY=1`` there, as it does to
systemd. Each output's frame is taken from the compositor with grim (wlroots' screencopy), so
it is what the output shows, not what the program meant to draw.

No display, and no systemd as PID 1, is needed. cage refuses to run as root (it could not drop
root); a root test runner starts it in a user namespace of its own (``unshare --user``), where
it is not root, as the unit runs it as the ``dealer-assist`` user.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage

from dealer_assist.deploy.health import kernel_clock_synchronised
from dealer_assist.ui import theme
from dealer_assist.ui.presentation import Tone
from dealer_assist.ui.road_views import CELL_BACKGROUND
from tests.deploy.notify_double import NotifySocket

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "deploy" / "systemd" / "dealer-assist-table.service"
EXAMPLE = REPO / "deploy" / "table.example.toml"
INSTALLED_PROGRAM = "/opt/dealer-assist/venv/bin/dealer-assist"
INSTALLED_CONFIG = "/etc/dealer-assist/table.toml"
OUTPUTS = ("HEADLESS-1", "HEADLESS-2")  # wlroots' headless backend names them so
SIZE = (1280, 720)  # and gives them this size
BLACK = QColor("#000000")  # cage's output where no window is


def unit_settings(text: str) -> tuple[list[str], dict[str, str]]:
    """The unit's ExecStart= (split as systemd splits it) and its Environment= settings."""
    command: list[str] = []
    environment: dict[str, str] = {}
    for line in text.splitlines():
        key, _, value = line.partition("=")
        if key == "ExecStart":
            command = shlex.split(value)
        elif key == "Environment":
            for setting in shlex.split(value):
                name, _, setting_value = setting.partition("=")
                environment[name] = setting_value
    assert command, f"{UNIT} has no ExecStart="
    return command, environment


def kiosk_command(unit: Path, config: Path) -> tuple[list[str], dict[str, str]]:
    """The unit's command line with this checkout's program and the test's configuration."""
    command, environment = unit_settings(unit.read_text())
    assert command[0].endswith("/cage") and "--" in command, command
    assert INSTALLED_PROGRAM in command and INSTALLED_CONFIG in command, command
    swapped: list[str] = []
    for word in command:
        if word == INSTALLED_PROGRAM:
            swapped += [sys.executable, "-m", "dealer_assist"]
        elif word == INSTALLED_CONFIG:
            swapped.append(str(config))
        else:
            swapped.append(word)
    swapped[0] = shutil.which("cage") or command[0]
    return swapped, environment


def fraction(image: QImage, colour: QColor, *, step: int = 4) -> tuple[float, float]:
    """How much of ``image`` (sampled every ``step`` pixels) is ``colour``, and the mean x of
    those pixels as a fraction of the width (-1 when there are none)."""
    rgb = colour.rgb()
    hits, total, xs = 0, 0, 0
    for y in range(0, image.height(), step):
        for x in range(0, image.width(), step):
            total += 1
            if image.pixel(x, y) == rgb:
                hits += 1
                xs += x
    return hits / total, (xs / hits / image.width() if hits else -1.0)


def top(image: QImage) -> QImage:
    """The upper quarter: the croupier's PLAYER and BANKER hands."""
    return image.copy(0, 0, image.width(), image.height() // 4)


class Kiosk:
    """The running compositor, its application, and where its Wayland socket is."""

    def __init__(self, process: subprocess.Popen[bytes], runtime: Path, log: Path) -> None:
        self.process = process
        self.runtime = runtime
        self.log = log
        self.table_pid: int | None = None

    def display(self) -> str:
        sockets = [p.name for p in self.runtime.glob("wayland-*") if not p.name.endswith(".lock")]
        assert sockets, f"cage made no Wayland socket: {self.log.read_text()}"
        return sockets[0]

    def capture(self, output: str, path: Path) -> QImage:
        """The output's frame, from the compositor (grim: wlroots' screencopy)."""
        environ = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "XDG_RUNTIME_DIR": str(self.runtime),
            "WAYLAND_DISPLAY": self.display(),
        }
        done = subprocess.run(
            ["grim", "-o", output, str(path)],
            env=environ,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        image = QImage(str(path))
        assert not image.isNull(), path
        return image.convertToFormat(QImage.Format.Format_RGB32)


@contextmanager
def running_kiosk(tmp_path: Path, *extra: str) -> Iterator[Kiosk]:
    """The unit's kiosk under cage's headless backend; ``extra`` words end its command line."""
    missing = [tool for tool in ("cage", "grim", "Xwayland") if shutil.which(tool) is None]
    if missing:
        pytest.fail(f"missing {', '.join(missing)}: install scripts/system-packages.txt")
    runtime = tmp_path / "run"
    runtime.mkdir(mode=0o700)
    key = tmp_path / "journal.key"
    key.write_text("kiosk test journal key\n")
    key.chmod(0o600)
    config = tmp_path / "table.toml"
    config.write_text(
        EXAMPLE.read_text()
        .replace("/var/lib/dealer-assist/journal.db", str(tmp_path / "journal.db"))
        .replace("/etc/dealer-assist/journal.key", str(key))
    )
    manager = NotifySocket(runtime / "notify")
    command, unit_environment = kiosk_command(UNIT, config)
    command += extra
    environ = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp_path),
        "XDG_RUNTIME_DIR": str(runtime),
        **unit_environment,
        # No release installed here: the program check is tests/deploy/test_table_lock.py's.
        "DEALER_ASSIST_RELEASE_KEY": str(tmp_path / "no-release.pub"),
        "PYTHONPATH": str(REPO),
        # What systemd gives a Type=notify service with WatchdogSec=30.
        "NOTIFY_SOCKET": str(manager.path),
        "WATCHDOG_USEC": "30000000",
        # The screens: wlroots' headless backend with two outputs, drawn in software.
        "WLR_BACKENDS": "headless",
        "WLR_HEADLESS_OUTPUTS": str(len(OUTPUTS)),
        "WLR_RENDERER": "pixman",
    }
    if os.geteuid() == 0:
        command = ["unshare", "--user", *command]
    log = tmp_path / "kiosk.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            command, env=environ, stdout=output, stderr=subprocess.STDOUT, cwd=tmp_path
        )
    running = Kiosk(process, runtime, log)
    try:
        manager.wait_for("READY=1", timeout=120)
        running.table_pid = manager.sender
        yield running
    finally:
        if running.table_pid is not None and process.poll() is None:
            os.kill(running.table_pid, signal.SIGTERM)  # cage ends with its application
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=30)
        manager.close()


@pytest.fixture()
def kiosk(tmp_path: Path) -> Iterator[Kiosk]:
    with running_kiosk(tmp_path) as running:
        yield running


def test_the_kiosk_shows_the_croupier_and_the_scoreboard_each_on_its_output(
    kiosk: Kiosk, tmp_path: Path
) -> None:
    assert kiosk.table_pid is not None and kiosk.table_pid != kiosk.process.pid
    # The health check runs at start: on a machine whose clock is not synchronised (many test
    # machines) the croupier's screen shows that alert over the table, as a croupier would see.
    alerted = kernel_clock_synchronised() is False
    player, banker, tie = (
        theme.TONE_COLOURS[tone] for tone in (Tone.PLAYER, Tone.BANKER, Tone.TIE)
    )

    def settled(frames: dict[str, QImage]) -> bool:
        """The window covers both outputs (cage's black shows until it is fullscreen) and, when
        the clock check has something to say, its alert is up."""
        covered = all(fraction(frame, BLACK, step=8)[0] < 0.005 for frame in frames.values())
        alert = any(fraction(frame, theme.WARN)[0] > 0.005 for frame in frames.values())
        return covered and (alert or not alerted)

    # The first frame that shows the table on both outputs (the window maps after READY=1).
    deadline = time.monotonic() + 60
    frames: dict[str, QImage] = {}
    while time.monotonic() < deadline:
        assert kiosk.process.poll() is None, f"the kiosk ended: {kiosk.log.read_text()}"
        frames = {name: kiosk.capture(name, tmp_path / f"{name}.png") for name in OUTPUTS}
        if settled(frames):
            break
    else:
        pytest.fail(
            f"no whole frame on {OUTPUTS} within 60 s (the clock alert expected: {alerted}; "
            f"the last frames are in {tmp_path}): {kiosk.log.read_text()[-2000:]}"
        )
    assert {(frame.width(), frame.height()) for frame in frames.values()} == {SIZE}

    # The players' scoreboard: its roads on light paper fill much of its output, no hands.
    boards = [name for name, frame in frames.items() if fraction(frame, CELL_BACKGROUND)[0] > 0.2]
    assert len(boards) == 1, "the scoreboard is on one output, and one only"
    board = frames[boards[0]]
    touch = next(frame for name, frame in frames.items() if name != boards[0])
    assert fraction(top(board), player)[0] < 0.001
    assert fraction(board, theme.WARN)[0] < 0.001  # the croupier's alerts are the croupier's

    # The croupier's screen on the other output: no roads there.
    assert fraction(touch, CELL_BACKGROUND)[0] < 0.01
    if alerted:
        # The alert's amber frame over the table, the table dimmed behind it.
        assert fraction(touch, theme.WARN)[0] > 0.005
        assert fraction(touch, theme.BACKGROUND)[0] < 0.5
    else:
        # The PLAYER hand left of the BANKER hand at the top, the main bets' keys (Tie green).
        (player_share, player_x), (banker_share, banker_x) = (
            fraction(top(touch), player),
            fraction(top(touch), banker),
        )
        assert player_share > 0.01 and banker_share > 0.01
        assert player_x < 0.5 < banker_x
        assert fraction(touch, tie)[0] > 0.001


def test_the_kiosk_command_is_the_units() -> None:
    """What the kiosk test starts is the unit's ExecStart=, with two paths swapped."""
    command, environment = kiosk_command(UNIT, Path("/tmp/table.toml"))
    assert command[command.index("--") + 1 :] == [
        sys.executable,
        "-m",
        "dealer_assist",
        "touchscreen",
        "--kiosk",
        "--scoreboard",
        "--config",
        "/tmp/table.toml",
    ]
    assert command[1 : command.index("--")] == ["-d", "-s", "-m", "extend"]
    assert environment["QT_QPA_PLATFORM"] == "wayland"


def key_colour_runs(image: QImage, *, shortest: int) -> list[list[tuple[int, int]]]:
    """Each row's runs (first x, width) of the keys' colour at least ``shortest`` wide."""
    height, width = image.height(), image.width()
    pixels = np.frombuffer(image.constBits(), dtype=np.uint32, count=height * width)
    mask = pixels.reshape(height, width) == np.uint32(theme.PANEL_LIGHT.rgb())
    rows: list[list[tuple[int, int]]] = []
    for line in mask:
        edges = np.flatnonzero(np.diff(np.concatenate(([0], line.view(np.int8), [0]))))
        starts, ends = edges[0::2], edges[1::2]
        rows.append(
            [(int(a), int(b - a)) for a, b in zip(starts, ends, strict=True) if b - a >= shortest]
        )
    return rows


def pin_pad(image: QImage) -> QRect | None:
    """Where the PIN pad's digit keys are: rows crossing three keys of one width side by side,
    at the same places, in at least four bands (its rows 1 2 3, 4 5 6, 7 8 9, Clear 0 ⌫; the
    keys' words split a band in two); the rectangle they span, or None."""
    places: dict[tuple[tuple[int, int], ...], list[int]] = {}
    for y, runs in enumerate(key_colour_runs(image, shortest=60)):
        widths = [width for _, width in runs]
        if len(runs) == 3 and max(widths) - min(widths) <= 2:
            places.setdefault(tuple(runs), []).append(y)
    for found, ys in sorted(places.items(), key=lambda item: -len(item[1])):
        bands = 1 + sum(1 for a, b in pairwise(ys) if b != a + 1)
        if bands >= 4:
            left, right = found[0][0], found[-1][0] + found[-1][1]
            return QRect(left, ys[0], right - left, ys[-1] - ys[0] + 1)
    return None


def test_the_croupiers_pin_pad_is_on_the_croupiers_screen_only(tmp_path: Path) -> None:
    """A supervisor's PIN pad (the hook opens it as the Supervisor key does) is drawn inside
    the croupier's screen on the touchscreen's output, whole and on top (over the clock alert
    too), and nothing of it reaches the players' output."""
    with running_kiosk(tmp_path, "--open-at-start", "supervisor") as kiosk:
        deadline = time.monotonic() + 60
        frames: dict[str, QImage] = {}
        pads: dict[str, QRect | None] = {}
        while time.monotonic() < deadline:
            assert kiosk.process.poll() is None, f"the kiosk ended: {kiosk.log.read_text()}"
            frames = {name: kiosk.capture(name, tmp_path / f"{name}.png") for name in OUTPUTS}
            pads = {name: pin_pad(frame) for name, frame in frames.items()}
            boards = [n for n, f in frames.items() if fraction(f, CELL_BACKGROUND)[0] > 0.2]
            if boards and any(pad is not None for pad in pads.values()):
                break
        else:
            pytest.fail(
                f"no PIN pad and scoreboard within 60 s (the last frames are in {tmp_path}): "
                f"{kiosk.log.read_text()[-2000:]}"
            )
        (board,) = boards
        (touch,) = (name for name in OUTPUTS if name != board)
        pad = pads[touch]
        assert pad is not None, f"the PIN pad is not on the croupier's output {touch}"
        # Whole: its keys well inside the output, not cut at an edge.
        assert QRect(QPoint(0, 0), frames[touch].size()).adjusted(20, 20, -20, -20).contains(pad)
        assert pad.width() > 250 and pad.height() > 200, pad
        # The table behind it is dimmed: the only bright keys are the pad's and its Cancel key
        # under them (the alert's and the screen's own keys are dark).
        dialog = pad.adjusted(-12, -12, 12, pad.height() // 3)  # with the keys' round corners
        outside = [
            (x, y, width)
            for y, runs in enumerate(key_colour_runs(frames[touch], shortest=40))
            for x, width in runs
            if not dialog.contains(QRect(x, y, width, 1))
        ]
        assert outside == [], f"bright keys beside the PIN pad {pad}: {outside[:5]}"
        # The players' screen: the scoreboard, and not a key of the pad (it has no keys).
        assert pads[board] is None
        assert key_colour_runs(frames[board], shortest=20) == [[]] * SIZE[1]
