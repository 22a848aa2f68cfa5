"""Beyond one broker: a Mosquitto bridge between two local brokers (issue 25, part 6).

The table publishes to the floor's broker, the pit follows the casino's broker; nothing in the
table or the pit knows about the bridge (docs/pit.md), and every event arrives once.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from dealer_assist.pit.broker import Broker
from dealer_assist.pit.client import PitClient
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.settings import parse_broker_url
from tests.pit.conftest import dealer_assist
from tests.pit.faults import journal_seqs

KEY = "0123456789abcdef0123456789abcdef"
TIMEOUT = 60


def bridge_lines(remote: Broker) -> list[str]:
    """deploy/mosquitto/bridge.conf's lines, pointed at ``remote``."""
    text = (Path(__file__).resolve().parents[2] / "deploy/mosquitto/bridge.conf").read_text()
    return [
        line.replace("pit.casino.example:8883", f"127.0.0.1:{remote.port}")
        for line in text.splitlines()
        if line.strip()
        and not line.startswith(("#", "bridge_cafile", "bridge_certfile", "bridge_keyfile"))
    ]


def test_a_table_on_one_broker_and_the_pit_on_another_every_event_once(tmp_path: Path) -> None:
    casino = Broker.start(tmp_path / "casino")
    floor = Broker.start(tmp_path / "floor", extra=bridge_lines(casino))
    lines: list[dict[str, Any]] = []
    offline = threading.Event()

    def emit(data: dict[str, Any]) -> None:
        lines.append(data)
        if data["kind"] == "status" and data.get("online") is False:
            offline.set()

    model = PitModel(emit=emit)
    pit = PitClient(model, parse_broker_url(casino.url))
    try:
        assert casino.wait_log("New bridge connected", timeout=TIMEOUT)
        pit.start()
        assert pit.connected.wait(TIMEOUT)
        config = tmp_path / "T1.toml"
        config.write_text(
            f'[table]\nid = "T1"\n[journal]\npath = "T1.journal"\nkey = "{KEY}"\n', "utf-8"
        )
        table = dealer_assist(
            [
                "run",
                "--config",
                str(config),
                "--source",
                "mock://?seed=4",
                "--coups",
                "10",
                "--publish",
                floor.url,
            ]
        )
        _, err = table.communicate(timeout=TIMEOUT)
        assert table.returncode == 0, err
        assert offline.wait(TIMEOUT)
    finally:
        pit.close()
        floor.stop()
        casino.stop()
    journal, expected = journal_seqs(tmp_path, "T1")
    received = [(d["journal"], d["seq"]) for d in lines if d["kind"] == "event"]
    assert len(received) == len(set(received)), "an event arrived twice"
    assert set(received) == {(journal, seq) for seq in expected}
    assert model.count("T1", "coup_completed") == 10
    assert not model.open_gaps()
