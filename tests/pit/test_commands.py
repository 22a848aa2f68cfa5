"""The pit acknowledges a table's alert through the broker; the table journals it."""

from __future__ import annotations

import queue
from typing import Any

from dealer_assist.cards import parse_card
from dealer_assist.config import default_config
from dealer_assist.drivers.base import CardRead
from dealer_assist.pit.broker import Broker
from dealer_assist.pit.client import PitClient
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.publisher import publish_table, table_commands
from dealer_assist.pit.settings import parse_broker_url
from dealer_assist.table.controller import TableController
from tests.pit.conftest import STRAY_CARD_AFTER_A_NATURAL, AlertWatch

TIMEOUT = 30


def test_an_alert_acknowledged_at_the_pit_is_resolved_and_journaled_at_the_table(
    broker: Broker,
) -> None:
    config = default_config()
    controller = TableController(config)
    publisher = publish_table(controller, config, broker.url)
    commands: queue.Queue[Any] = queue.Queue()
    publisher.on_command = table_commands(commands.put)  # run on the table's thread below
    seen = AlertWatch()
    model = PitModel(emit=seen)
    pit = PitClient(model, parse_broker_url(broker.url))
    pit.start()
    try:
        controller.begin()
        for code in STRAY_CARD_AFTER_A_NATURAL:
            controller.on_source_event(CardRead(source="mock://", card=parse_card(code), raw=b""))
        (alert,) = controller.snapshot.alerts
        assert alert.options == ("acknowledge",)
        assert seen.alert.wait(TIMEOUT)
        pit.send("T1", model.acknowledge("T1", alert.alert, by="pit supervisor"))
        controller.execute(commands.get(timeout=TIMEOUT))
        assert controller.snapshot.alerts == ()
        assert seen.resolved.wait(TIMEOUT)
    finally:
        publisher.close()
        pit.close()
    (resolved,) = model.events_of("T1", "alert_resolved")
    assert resolved["alert"] == alert.alert and resolved["resolution"] == "acknowledge"
    assert model.acknowledgements()[0][1:3] == ("T1", alert.alert)
