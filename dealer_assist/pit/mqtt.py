"""paho-mqtt (MQTT v5) clients as the table and the pit use them: TLS, sessions, wills."""

from __future__ import annotations

from typing import Any

from dealer_assist.errors import DealerAssistError
from dealer_assist.pit.settings import BrokerUrl

#: A session the broker keeps while a client is away (queued QoS 1 messages, subscriptions).
SESSION_EXPIRY = 7 * 24 * 3600


class PitError(DealerAssistError):
    """The pit cannot work: a missing package or program, a broker that refuses us."""


def paho() -> Any:
    try:
        import paho.mqtt.client as client
    except ModuleNotFoundError:
        raise PitError(
            "the pit needs paho-mqtt 2.x: pip install 'dealer-assist[pit]' "
            "(or pip install 'paho-mqtt>=2,<3')"
        ) from None
    return client


def properties(packet: str, **values: int) -> Any:
    from paho.mqtt.packettypes import PacketTypes
    from paho.mqtt.properties import Properties

    props = Properties(getattr(PacketTypes, packet))  # type: ignore[no-untyped-call]
    for name, value in values.items():
        setattr(props, name, value)
    return props


def new_client(
    client_id: str,
    broker: BrokerUrl,
    *,
    ca: str | None = None,
    cert: str | None = None,
    key: str | None = None,
) -> Any:
    """An MQTT v5 client; TLS (with a client certificate when given) for mqtts://."""
    mqtt = paho()
    from paho.mqtt.enums import CallbackAPIVersion

    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5)
    if broker.tls:
        client.tls_set(ca_certs=ca, certfile=cert, keyfile=key)
    client.reconnect_delay_set(min_delay=0.05, max_delay=2)
    return client


def connect(client: Any, broker: BrokerUrl, *, keepalive: int) -> None:
    """Connect in the background (paho retries until the broker is there) keeping the session."""
    client.connect_async(
        broker.host,
        broker.port,
        keepalive=keepalive,
        clean_start=False,
        properties=properties("CONNECT", SessionExpiryInterval=SESSION_EXPIRY),
    )
    client.loop_start()
