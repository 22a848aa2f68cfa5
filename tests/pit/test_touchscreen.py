"""The touchscreen publishes its table to the pit (``touchscreen --publish URL``) with the same
attach code as ``dealer-assist run``: events reach the pit, the pit's commands reach the table."""

from __future__ import annotations

import os
import threading
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

pytest.importorskip("PySide6")
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from dealer_assist.cards import parse_card
from dealer_assist.cli import main
from dealer_assist.cli.app import build_parser
from dealer_assist.config import default_config
from dealer_assist.drivers.base import CardRead
from dealer_assist.pit.broker import Broker
from dealer_assist.pit.client import PitClient
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.settings import parse_broker_url
from dealer_assist.ui.app import TableApp
from dealer_assist.ui.auth import DemoPinVerifier
from tests.pit.conftest import STRAY_CARD_AFTER_A_NATURAL, AlertWatch

TIMEOUT = 30


def test_the_touchscreen_takes_publish_and_refuses_a_bad_url(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = build_parser().parse_args(["touchscreen", "--publish", "mqtt://127.0.0.1:1884"])
    assert args.publish == "mqtt://127.0.0.1:1884"
    with pytest.raises(SystemExit) as stop:
        main(["touchscreen", "--publish", "mqtt://pit.example:1883"])
    assert stop.value.code != 0
    assert "plain MQTT is allowed only on loopback" in capsys.readouterr().err


def test_a_touchscreen_table_publishes_and_takes_the_pits_acknowledgement(
    qtbot: Any, broker: Broker
) -> None:
    config = replace(default_config(), sources=())  # cards are fed below, on the table's thread
    table = TableApp(config, verifier=DemoPinVerifier(), publish=broker.url)
    assert table.publisher is not None and table.publisher.table == config.table_id
    seen = AlertWatch()
    model = PitModel(emit=seen)
    pit = PitClient(model, parse_broker_url(broker.url))
    pit.start()
    try:
        table.start()
        for code in STRAY_CARD_AFTER_A_NATURAL:
            read = CardRead(source="mock://", card=parse_card(code), raw=b"")
            table.runtime.call(partial(table.controller.on_source_event, read)).result(TIMEOUT)
        assert seen.alert.wait(TIMEOUT)
        (alert,) = table.controller.snapshot.alerts
        # The pit's command goes through the runtime (the table's thread), as with `run`.
        pit.send(config.table_id, model.acknowledge(config.table_id, alert.alert, by="pit"))
        assert seen.resolved.wait(TIMEOUT)
        assert table.runtime.call(lambda: None).result(TIMEOUT) is None
        assert table.controller.snapshot.alerts == ()
    finally:
        table.close()
        pit.close()
    assert table.publisher is None  # closed with the table
    assert [e["type"] for e in model.events_of(config.table_id, "coup_completed")] == [
        "coup_completed"
    ]
    (resolved,) = model.events_of(config.table_id, "alert_resolved")
    assert resolved["alert"] == alert.alert and resolved["resolution"] == "acknowledge"


def test_a_message_from_the_pit_is_journaled_and_shown_to_the_croupier(
    qtbot: Any, broker: Broker
) -> None:
    config = replace(default_config(), sources=())
    table = TableApp(config, verifier=DemoPinVerifier(), publish=broker.url, language="zh_TW")
    croupier = table.croupier_window()
    qtbot.addWidget(croupier)
    croupier.show()
    arrived = threading.Event()

    def emit(data: dict[str, Any]) -> None:
        if data["kind"] == "event" and data["type"] == "pit_message":
            arrived.set()

    model = PitModel(emit=emit)
    pit = PitClient(model, parse_broker_url(broker.url))
    pit.start()
    try:
        table.start()
        pit.send(
            config.table_id, model.message(config.table_id, "Close BAC-3 after this shoe", by="Mei")
        )
        assert arrived.wait(TIMEOUT)  # journaled at the table, published back to the pit
        qtbot.waitUntil(
            lambda: croupier.message.text() == "來自巡場的訊息 (Mei): Close BAC-3 after this shoe",
            timeout=TIMEOUT * 1000,
        )
        view = table.controller.snapshot.pit_message
        assert view is not None and (view.number, view.by) == (1, "Mei")
    finally:
        table.translations.set_language("en")  # the translator is the application's: remove it
        table.close()
        pit.close()
    (journaled,) = model.events_of(config.table_id, "pit_message")
    assert (journaled["text"], journaled["by"]) == ("Close BAC-3 after this shoe", "Mei")
    assert [(t, x, b) for _, t, x, b in model.messages()] == [
        (config.table_id, "Close BAC-3 after this shoe", "Mei")
    ]


@pytest.mark.parametrize("text", ["", "   ", "x" * 281, "line\nbreak", "\x07"])
def test_a_message_the_croupier_cannot_be_shown_is_refused(text: str) -> None:
    from dealer_assist.table.commands import CommandRejected, MessageFromPit
    from dealer_assist.table.controller import TableController

    controller = TableController(default_config())
    before = controller.seq
    with pytest.raises(CommandRejected) as refused:
        controller.execute(MessageFromPit(text=text, by="Mei"))
    assert refused.value.code == "bad_message" and controller.seq == before
    assert controller.snapshot.pit_message is None
