"""The production broker configuration (deploy/mosquitto/) on a real Mosquitto: TLS with client
certificates, the ACL, no anonymous clients, no plain TCP (issue 25, part 5)."""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dealer_assist.pit.broker import Broker, free_port
from dealer_assist.pit.certs import make_certificates
from dealer_assist.pit.client import PitClient
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.mqtt import new_client
from dealer_assist.pit.settings import BrokerUrl
from tests.pit.conftest import REPO, dealer_assist

DEPLOY = REPO / "deploy" / "mosquitto"
TIMEOUT = 20


@pytest.fixture(scope="module")
def certs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("certs")
    make_certificates(folder, tables=["T1", "T2"], broker_hosts=["127.0.0.1"])
    return folder


@pytest.fixture
def tls_broker(tmp_path: Path, certs: Path) -> Iterator[Broker]:
    """deploy/mosquitto/mosquitto.conf as shipped, with this test's paths and a free port."""
    port = free_port()
    acl = tmp_path / "dealer-assist.acl"
    acl.write_text((DEPLOY / "dealer-assist.acl").read_text("utf-8"), "utf-8")
    lines = []
    for line in (DEPLOY / "mosquitto.conf").read_text("utf-8").splitlines():
        if line.startswith(("persistence", "autosave")):
            continue  # the Broker helper keeps its own, in the test's folder
        if line.startswith("listener "):
            line = f"listener {port} 127.0.0.1"
        line = line.replace("/etc/mosquitto/certs/", f"{certs}/")
        line = line.replace("/etc/mosquitto/dealer-assist.acl", str(acl))
        lines.append(line)
    with Broker.start(tmp_path / "broker", port=port, listener=False, extra=lines) as broker:
        yield broker


def url(broker: Broker) -> BrokerUrl:
    return BrokerUrl(scheme="mqtts", host="127.0.0.1", port=broker.port)


class Probe:
    """A raw MQTT v5 client: its CONNACK, the messages it got, its PUBACK reason codes."""

    def __init__(self, broker: BrokerUrl, client_id: str, **tls: str | None) -> None:
        self.connack: queue.Queue[Any] = queue.Queue()
        self.messages: queue.Queue[tuple[str, bytes]] = queue.Queue()
        self.acks: dict[int, Any] = {}
        self.acked = threading.Condition()
        self.subscribed: set[int] = set()  # the message ids of the SUBACKs received
        self.client = new_client(client_id, broker, **tls)
        self.client.reconnect_delay_set(min_delay=30, max_delay=30)  # one try
        self.client.on_connect = lambda c, u, f, reason, p: self.connack.put(reason)
        self.client.on_message = lambda c, u, m: self.messages.put((m.topic, m.payload))
        self.client.on_subscribe = self._on_subscribe
        self.client.on_publish = self._on_publish
        self.broker = broker

    def _on_subscribe(self, client: Any, userdata: Any, mid: int, *rest: Any) -> None:
        with self.acked:
            self.subscribed.add(mid)
            self.acked.notify_all()

    def _on_publish(self, client: Any, userdata: Any, mid: int, reason: Any, props: Any) -> None:
        with self.acked:
            self.acks[mid] = reason
            self.acked.notify_all()

    def connect(self) -> Any:
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=10)
        self.client.loop_start()
        return self.connack.get(timeout=TIMEOUT)

    def subscribe(self, topic: str) -> None:
        """Subscribe and wait for this subscription's own SUBACK (one event for every SUBACK
        let a second subscribe return at once, and a message sent next could beat it)."""
        _, mid = self.client.subscribe(topic, qos=1)
        with self.acked:
            assert self.acked.wait_for(lambda: mid in self.subscribed, TIMEOUT)

    def publish(self, topic: str, payload: str) -> Any:
        info = self.client.publish(topic, payload, qos=1)
        with self.acked:
            assert self.acked.wait_for(lambda: info.mid in self.acks, TIMEOUT)
            return self.acks[info.mid]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def probe(broker: Broker, certs: Path, identity: str | None, client_id: str) -> Probe:
    files: dict[str, str | None] = {"ca": str(certs / "ca.pem"), "cert": None, "key": None}
    if identity is not None:
        files["cert"] = str(certs / f"{identity}.pem")
        files["key"] = str(certs / f"{identity}.key")
    return Probe(url(broker), client_id, **files)


def test_a_tables_certificate_cannot_publish_as_another_table(
    tls_broker: Broker, certs: Path
) -> None:
    pit = probe(tls_broker, certs, "pit", "pit-probe")
    table = probe(tls_broker, certs, "T1", "t1-probe")
    try:
        assert not pit.connect().is_failure
        pit.subscribe("dealer-assist/v1/tables/#")
        assert not table.connect().is_failure
        refused = table.publish("dealer-assist/v1/tables/T2/events", '{"forged": true}')
        allowed = table.publish("dealer-assist/v1/tables/T1/events", '{"own": true}')
        assert refused.is_failure and not allowed.is_failure
        topic, payload = pit.messages.get(timeout=TIMEOUT)
        assert (topic, json.loads(payload)) == ("dealer-assist/v1/tables/T1/events", {"own": True})
        assert pit.messages.empty()
        # ... nor read another table's commands, nor write commands itself.
        table.subscribe("dealer-assist/v1/tables/T2/commands")
        assert table.publish("dealer-assist/v1/tables/T1/commands", "{}").is_failure
        pit.publish("dealer-assist/v1/tables/T2/commands", '{"type": "message"}')
        table.subscribe("dealer-assist/v1/tables/T1/commands")
        pit.publish("dealer-assist/v1/tables/T1/commands", '{"type": "mine"}')
        topic, payload = table.messages.get(timeout=TIMEOUT)
        assert json.loads(payload) == {"type": "mine"}
    finally:
        pit.close()
        table.close()


def test_an_anonymous_client_gets_nothing(tls_broker: Broker, certs: Path) -> None:
    anonymous = probe(tls_broker, certs, None, "anonymous")
    try:
        anonymous.client.connect_async("127.0.0.1", tls_broker.port, keepalive=10)
        anonymous.client.loop_start()
        with pytest.raises(queue.Empty):  # the TLS handshake fails: no CONNACK ever comes
            anonymous.connack.get(timeout=3)
    finally:
        anonymous.close()
    process = dealer_assist(
        [
            "pit",
            "--broker",
            f"mqtts://127.0.0.1:{tls_broker.port}",
            "--ca",
            str(certs / "ca.pem"),
            "--json",
            "--timeout",
            "2",
        ]
    )
    out, _ = process.communicate(timeout=TIMEOUT)
    assert out == ""


def test_plain_tcp_is_refused_on_the_tls_port(tls_broker: Broker) -> None:
    plain = Probe(BrokerUrl(scheme="mqtt", host="127.0.0.1", port=tls_broker.port), "plain")
    try:
        plain.client.connect_async("127.0.0.1", tls_broker.port, keepalive=10)
        plain.client.loop_start()
        with pytest.raises(queue.Empty):
            plain.connack.get(timeout=3)
    finally:
        plain.close()


def test_a_table_publishes_over_tls_with_its_certificate(
    tls_broker: Broker, certs: Path, tmp_path: Path
) -> None:
    lines: list[dict[str, Any]] = []
    done = threading.Event()

    def emit(data: dict[str, Any]) -> None:
        lines.append(data)
        if data["kind"] == "status" and data.get("online") is False:
            done.set()

    model = PitModel(emit=emit)
    pit = PitClient(
        model,
        url(tls_broker),
        ca=str(certs / "ca.pem"),
        cert=str(certs / "pit.pem"),
        key=str(certs / "pit.key"),
    )
    pit.start()
    try:
        assert pit.connected.wait(TIMEOUT)
        config = tmp_path / "T1.toml"
        config.write_text(
            f'[table]\nid = "T1"\n[publish]\nbroker = "mqtts://127.0.0.1:{tls_broker.port}"\n'
            f'ca = "{certs}/ca.pem"\ncert = "{certs}/T1.pem"\nkey = "{certs}/T1.key"\n',
            "utf-8",
        )
        table = dealer_assist(
            ["run", "--config", str(config), "--source", "mock://?seed=5", "--coups", "3"]
        )
        _, err = table.communicate(timeout=60)
        assert table.returncode == 0, err
        assert done.wait(TIMEOUT)
    finally:
        pit.close()
    assert model.count("T1", "coup_completed") == 3
    assert not model.open_gaps()
