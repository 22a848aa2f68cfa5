"""The ``[publish]`` section of a table's configuration, and broker URLs.

.. code-block:: toml

    [publish]
    broker = "mqtts://pit.casino.lan:8883"   # mqtt:// (loopback only) or mqtts://
    table = "T7"                             # default: the table's [table] id
    ca = "certs/ca.pem"                      # mqtts: the CA that signed the broker
    cert = "certs/T7.pem"                    # mqtts: this table's client certificate
    key = "certs/T7.key"
    will_delay = 5                           # seconds before the broker says "offline"
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from dealer_assist.errors import ConfigError

DEFAULT_PORTS = {"mqtt": 1883, "mqtts": 8883}
PUBLISH_KEYS = frozenset({"broker", "table", "ca", "cert", "key", "will_delay", "keepalive"})


@dataclass(frozen=True, slots=True, kw_only=True)
class BrokerUrl:
    """Where a broker listens: ``mqtt://host:port`` (plain TCP) or ``mqtts://`` (TLS)."""

    scheme: str
    host: str
    port: int

    @property
    def tls(self) -> bool:
        return self.scheme == "mqtts"

    def __str__(self) -> str:
        return f"{self.scheme}://{self.host}:{self.port}"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def parse_broker_url(text: str, *, where: str = "--publish") -> BrokerUrl:
    """``mqtt://127.0.0.1:1883`` or ``mqtts://pit.lan:8883``; plain TCP only on loopback.

    >>> parse_broker_url("mqtt://127.0.0.1:18830")
    BrokerUrl(scheme='mqtt', host='127.0.0.1', port=18830)
    >>> str(parse_broker_url("mqtts://pit.lan"))
    'mqtts://pit.lan:8883'
    """
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        raise ConfigError(where, "", f"{text!r} is not a broker URL ({error})") from None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname:
        raise ConfigError(
            where,
            "",
            f"{text!r} is not a broker URL: give mqtt://HOST:PORT (loopback only) or "
            "mqtts://HOST:PORT (TLS), e.g. mqtt://127.0.0.1:1883",
        )
    if parts.path not in ("", "/") or parts.query:
        raise ConfigError(where, "", f"{text!r}: a broker URL has no path or query")
    if parts.scheme == "mqtt" and not is_loopback(parts.hostname):
        raise ConfigError(
            where,
            "",
            f"{text!r}: plain MQTT is allowed only on loopback (127.0.0.1); use mqtts:// "
            "with the table's certificate (dealer-assist pit certs) for another host",
        )
    return BrokerUrl(
        scheme=parts.scheme, host=parts.hostname, port=port or DEFAULT_PORTS[parts.scheme]
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class PublishSettings:
    """How a table publishes to the pit (see the module's documentation)."""

    broker: BrokerUrl
    table: str | None = None  # None: the table's own id
    ca: Path | None = None
    cert: Path | None = None
    key: Path | None = None
    will_delay: int = 5
    keepalive: int = 10


def parse_publish(
    section: Mapping[str, Any], *, source: str, base_dir: Path | None = None
) -> PublishSettings:
    """Check the ``[publish]`` section of a configuration file."""
    for name in section:
        if name not in PUBLISH_KEYS:
            raise ConfigError(
                source,
                f"publish.{name}",
                f"unknown key (allowed: {', '.join(sorted(PUBLISH_KEYS))})",
            )
    broker_text = section.get("broker")
    if not isinstance(broker_text, str):
        raise ConfigError(
            source,
            "publish.broker",
            f"must be a broker URL such as mqtts://pit:8883, not {broker_text!r}",
        )
    broker = parse_broker_url(broker_text, where=f"{source}: publish.broker")
    base = base_dir or Path.cwd()
    files: dict[str, Path | None] = {}
    for name in ("ca", "cert", "key"):
        value = section.get(name)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise ConfigError(source, f"publish.{name}", f"must be a file's path, not {value!r}")
        files[name] = base / value if isinstance(value, str) else None
    if broker.tls and (files["cert"] is None) != (files["key"] is None):
        raise ConfigError(source, "publish.cert", "give both cert and key, or neither")
    if not broker.tls and any(files.values()):
        raise ConfigError(
            source, "publish.broker", "ca, cert and key are for mqtts:// brokers: use mqtts://"
        )
    numbers: dict[str, int] = {}
    for name, default, low, high in (("will_delay", 5, 0, 3600), ("keepalive", 10, 2, 3600)):
        value = section.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ConfigError(
                source,
                f"publish.{name}",
                f"must be a whole number of seconds from {low} to {high}, not {value!r}",
            )
        numbers[name] = value
    table = section.get("table")
    if table is not None and not valid_table_id(table):
        raise ConfigError(
            source, "publish.table", f"{table!r} is not a table id (letters, digits, - and _)"
        )
    return PublishSettings(
        broker=broker,
        table=table,
        ca=files["ca"],
        cert=files["cert"],
        key=files["key"],
        will_delay=numbers["will_delay"],
        keepalive=numbers["keepalive"],
    )


def valid_table_id(value: object) -> bool:
    """A table id fits in one MQTT topic level and in a certificate's CN."""
    return (
        isinstance(value, str)
        and 0 < len(value) <= 64
        and all(c.isascii() and (c.isalnum() or c in "-_") for c in value)
    )
