"""A table publishes its journal, summary and status to a real Mosquitto (issue 25, part 1)."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from dealer_assist.pit.broker import Broker
from tests.pit.conftest import dealer_assist, end, mosquitto_sub, topic_json

PREFIX = "dealer-assist/v1/tables/T1/"
JOURNAL_KEY = "0123456789abcdef0123456789abcdef"


def test_run_publishes_the_four_topics_and_twenty_coups_in_order(broker: Broker) -> None:
    watcher, seen = mosquitto_sub(broker, "-t", "dealer-assist/v1/#", "-t", "$SYS/broker/version")
    try:
        seen.wait(lambda line: line.startswith("$SYS"), timeout=10)  # subscribed
        table = dealer_assist(
            [
                "run",
                "--source",
                "mock://?seed=3",
                "--coups",
                "20",
                "--json",
                "--publish",
                broker.url,
            ]
        )
        out, err = table.communicate(timeout=120)
        assert table.returncode == 0, err
        completed_at_table = [
            json.loads(line) for line in out.splitlines() if '"coup_completed"' in line
        ]
        assert len(completed_at_table) == 20
        seen.wait(
            lambda line: line.startswith(PREFIX + "status") and '"online": false' in line,
            timeout=30,
        )
        messages = [topic_json(line) for line in seen.lines if line.startswith(PREFIX)]
    finally:
        end(watcher)
    kinds = {name.rsplit("/", 1)[1] for name, _ in messages}
    assert kinds == {"status", "summary", "events"}
    events = [data for name, data in messages if name.endswith("/events")]
    seqs = [event["seq"] for event in events]
    assert seqs == sorted(set(seqs)), "events in journal order, none doubled"
    assert all(e["prev"] == p for e, p in zip(events[1:], seqs, strict=False))
    completed = [e for e in events if e["type"] == "coup_completed"]
    assert [e["coup"] for e in completed] == list(range(1, 21))
    for event, line in zip(completed, completed_at_table, strict=True):
        assert event["table"] == "T1" and event["journal"]
        assert {k: v for k, v in event.items() if k not in ("table", "journal", "prev")} == line
        assert event["player_cards"] and event["banker_cards"]
    statuses = [data for name, data in messages if name.endswith("/status")]
    assert statuses[0]["online"] is True and statuses[-1]["online"] is False
    assert statuses[0]["variant"] == "punto-banco" and "software" in statuses[0]
    summary = [data for name, data in messages if name.endswith("/summary")][-1]
    assert summary["coup"] >= 20 and summary["counts"]["banker"] + summary["counts"][
        "player"
    ] + summary["counts"]["tie"] == summary["coup"] - (summary["phase"] != "complete")


def test_retained_status_turns_offline_after_sigkill(broker: Broker, tmp_path: Path) -> None:
    config = tmp_path / "table.toml"
    config.write_text(
        f'[table]\nid = "T1"\n[journal]\npath = "t1.journal"\nkey = "{JOURNAL_KEY}"\n'
        f'[publish]\nbroker = "{broker.url}"\nwill_delay = 1\n'
        '[limits]\ndefault = { min = "10", max = "5000" }\nbanker = { min = "25", max = "4000" }\n'
        'player = { min = "50", max = "3000" }\ntie = { min = "5", max = "500" }\n',
        "utf-8",
    )
    table = dealer_assist(
        ["run", "--config", str(config), "--source", "mock://?seed=3&pace=0.02", "--json"]
    )
    watcher, seen = mosquitto_sub(broker, "-t", PREFIX + "#")
    try:
        seen.wait(lambda line: '"coup_completed"' in line, timeout=60)
        table.send_signal(signal.SIGKILL)
        table.wait(timeout=10)
        line = seen.wait(
            lambda line: line.startswith(PREFIX + "status") and '"online": false' in line,
            timeout=30,
        )
    finally:
        end(table)
        end(watcher)
    assert topic_json(line)[1]["since"] is None  # the broker's last will
    # Retained: a client that comes later still reads "offline".
    late, lines = mosquitto_sub(broker, "-t", PREFIX + "status", "-C", "1")
    retained = lines.wait(lambda _: True, timeout=10)
    end(late)
    assert topic_json(retained)[1]["online"] is False
    # The game and the limits stay in the retained summary for the pit's tile of a table gone
    # offline: the lowest minimum and the highest maximum of Player and Banker, not the tie's.
    late, lines = mosquitto_sub(broker, "-t", PREFIX + "summary", "-C", "1")
    summary = topic_json(lines.wait(lambda _: True, timeout=10))[1]
    end(late)
    assert summary["limits"] == {"min": "25", "max": "4000"}
    assert summary["variant"] == "punto-banco"
    assert summary["variant_title"] == "Punto Banco (5% commission)"
