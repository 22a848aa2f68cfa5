"""``dealer-assist pit simulate``: a Mosquitto child, N mock tables with simulated players, the pit.

Each table is a real ``dealer-assist run`` process with its own generated configuration (table id
``T01``.., a journal in the simulation's folder, ``[publish]`` to the broker) dealing a seeded mock
shoe with simulated players' bets; the pit follows them as it would follow a floor.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dealer_assist.pit.broker import Broker
from dealer_assist.pit.client import PitClient
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.settings import parse_broker_url


def table_id(index: int) -> str:
    return f"T{index + 1:02d}"


def table_config(folder: Path, index: int, broker_url: str, key: str) -> Path:
    """A mock table's configuration: its id, its journal, the broker."""
    path = folder / f"{table_id(index)}.toml"
    path.write_text(
        f'[table]\nid = "{table_id(index)}"\nname = "Baccarat {index + 1}"\n'
        f'[journal]\npath = "{table_id(index)}.journal"\nkey = "{key}"\n'
        f'[publish]\nbroker = "{broker_url}"\nwill_delay = 2\n',
        "utf-8",
    )
    return path


def table_command(config: Path, index: int, *, coups: int | None, pace: float) -> list[str]:
    command = [
        sys.executable,
        "-m",
        "dealer_assist.cli",
        "run",
        "--config",
        str(config),
        "--source",
        f"mock://?seed={index + 1}&pace={pace}",
        "--simulate-bets",
        str(index + 1),
        "--json",
    ]
    if coups is not None:
        command += ["--coups", str(coups)]
    return command


@dataclass
class Simulation:
    """A broker, ``tables`` table processes and a pit model, in ``folder``."""

    folder: Path
    tables: int
    coups: int | None
    pace: float
    emit: Callable[[dict[str, Any]], None] | None = None
    broker: Broker | None = None
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)
    model: PitModel | None = None
    pit: PitClient | None = None
    key: str = field(default_factory=lambda: secrets.token_hex(16))

    def start_broker(self) -> Broker:
        self.broker = Broker.start(self.folder / "broker")
        return self.broker

    def start_pit(self) -> PitClient:
        assert self.broker is not None
        self.model = PitModel(self.folder / "pit.sqlite", emit=self.emit)
        self.pit = PitClient(self.model, parse_broker_url(self.broker.url))
        self.pit.start()
        return self.pit

    def stop_pit(self) -> None:
        if self.pit is not None:
            self.pit.close()
        if self.model is not None:
            self.model.close()
        self.pit = self.model = None

    def start_table(self, index: int) -> subprocess.Popen[bytes]:
        assert self.broker is not None
        config = table_config(self.folder, index, self.broker.url, self.key)
        process = subprocess.Popen(
            table_command(config, index, coups=self.coups, pace=self.pace),
            cwd=self.folder,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        if index < len(self.processes):
            self.processes[index] = process
        else:
            self.processes.append(process)
        return process

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.start_broker()
        self.start_pit()
        for index in range(self.tables):
            self.start_table(index)

    def complete(self) -> bool:
        """Every table finished its coups, and the pit holds them all with no gap open."""
        if self.model is None or self.coups is None:
            return False
        if any(p.poll() is None for p in self.processes):
            return False
        if self.model.open_gaps():
            return False
        for index in range(self.tables):
            view = self.model.tables.get(table_id(index))
            if view is None or view.status.get("online", True):
                return False
            if self.model.count(table_id(index), "coup_completed") < self.coups:
                return False
        return True

    def wait(self, *, timeout: float | None) -> bool:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.complete():
            if deadline is not None and time.monotonic() > deadline:
                return False
            failed = [p for p in self.processes if p.poll() not in (None, 0)]
            if failed:
                return False
            time.sleep(0.05)
        return True

    def close(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            process.wait(timeout=10)
            if process.stderr is not None:
                process.stderr.close()
        self.stop_pit()
        if self.broker is not None:
            self.broker.stop()


def simulation_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="dealer-assist-pit-"))
