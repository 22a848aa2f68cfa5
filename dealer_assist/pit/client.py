"""The pit's side: a persistent MQTT session feeding a :class:`~.model.PitModel`.

The pit subscribes at QoS 1 to every table's status, summary and events under a fixed client id
with a session the broker keeps (clean start off, a week's expiry): what arrives while the pit
is away waits in the broker. paho acknowledges a message only after :meth:`PitModel.on_message`
returned, i.e. after the event is in the pit's store. Gaps are asked for again on the table's
``commands`` topic until they are filled.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from typing import Any

from dealer_assist.pit import topics
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.mqtt import connect, new_client
from dealer_assist.pit.settings import BrokerUrl

log = logging.getLogger(__name__)


class PitClient:
    def __init__(
        self,
        model: PitModel,
        broker: BrokerUrl,
        *,
        name: str = "pit",
        ca: str | None = None,
        cert: str | None = None,
        key: str | None = None,
        resend_wait: float = 0.5,
    ) -> None:
        self.model = model
        self.broker = broker
        self.resend_wait = resend_wait
        self.connected = threading.Event()
        self._stop = threading.Event()
        self._client = new_client(f"dealer-assist-pit-{name}", broker, ca=ca, cert=cert, key=key)
        self._client.on_connect = self._on_connect
        self._client.on_disconnect = self._on_disconnect
        self._client.on_message = self._on_message
        self._thread = threading.Thread(target=self._resend_loop, name="pit-resend", daemon=True)

    def _on_connect(self, client: Any, _: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            log.warning("the pit: the broker refused the connection: %s", reason)
            return
        log.info("the pit: connected (session kept: %s)", flags.session_present)
        client.subscribe(
            [(f"{topics.PREFIX}/+/{kind}", 1) for kind in ("status", "summary", "events")]
        )
        self.connected.set()

    def _on_disconnect(self, client: Any, _: Any, flags: Any, reason: Any, props: Any) -> None:
        self.connected.clear()
        log.warning("the pit: disconnected from the broker (%s); reconnecting", reason)

    def _on_message(self, client: Any, _: Any, message: Any) -> None:
        self.model.on_message(message.topic, message.payload)

    def start(self) -> None:
        connect(self._client, self.broker, keepalive=10)
        self._thread.start()

    def send(self, table: str, command: dict[str, Any]) -> None:
        """A command to a table (QoS 1): acknowledge an alert, a message, a resend."""
        self._client.publish(topics.topic(table, "commands"), json.dumps(command), qos=1)

    def _resend_loop(self) -> None:
        while not self._stop.wait(self.resend_wait / 2):
            if not self.connected.is_set():
                continue
            for table, command in self.model.due_resends(time.monotonic(), wait=self.resend_wait):
                self.send(table, command)

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        self._client.disconnect()
        self._client.loop_stop()
