"""The pit boss types a message in a table's detail and sends it with the PIN: through a real
Mosquitto it reaches the table, whose journal records it; to a table that went offline it is
refused on the screen and nothing is sent."""

from __future__ import annotations

import os
import queue
import threading
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt

from dealer_assist.pit.broker import Broker
from dealer_assist.pit.client import PitClient
from dealer_assist.pit.model import PitModel
from dealer_assist.pit.publisher import publish_table, table_commands
from dealer_assist.pit.settings import parse_broker_url
from dealer_assist.table.commands import MessageFromPit, Role
from dealer_assist.table.events import PitMessage
from dealer_assist.ui.auth import DemoPinVerifier
from dealer_assist.ui.dialogs import PinDialog
from dealer_assist.ui.pit_screen import PIT_BOSS, PitWindow
from tests.journal.helpers import make_config, open_journaled, read_records

TIMEOUT = 30
PIN = "8642"
TEXT = "Close BAC-3 after this shoe"


class Watch:
    """The pit model's ``emit``: events set when the table is heard online, offline, and when
    its ``pit_message`` event comes back."""

    def __init__(self) -> None:
        self.online = threading.Event()
        self.offline = threading.Event()
        self.journaled = threading.Event()

    def __call__(self, data: dict[str, Any]) -> None:
        if data["kind"] == "status":
            (self.online if data.get("online") else self.offline).set()
        if data["kind"] == "event" and data["type"] == "pit_message":
            self.journaled.set()


def type_and_send(qtbot: Any, window: PitWindow, text: str) -> None:
    """What the pit boss does: types in the detail's field and presses Send."""
    window.detail.entry.clear()
    qtbot.keyClicks(window.detail.entry, text)
    qtbot.mouseClick(window.detail.send_button, Qt.MouseButton.LeftButton)


def pin_dialog(window: PitWindow) -> PinDialog | None:
    dialogs = [d for d in window.findChildren(PinDialog) if d.isVisible()]
    return dialogs[-1] if dialogs else None


def test_a_message_typed_in_the_detail_reaches_the_tables_journal_and_not_an_offline_table(
    qtbot: Any, broker: Broker, tmp_path: Path
) -> None:
    config = make_config(tmp_path / "table.journal")
    controller = open_journaled(config)
    commands: queue.Queue[Any] = queue.Queue()
    publisher = publish_table(
        controller, config, broker.url, on_command=table_commands(commands.put)
    )
    watch = Watch()
    model = PitModel(emit=watch)
    pit = PitClient(model, parse_broker_url(broker.url))
    pit.start()
    window = PitWindow(model, send=pit.send, verifier=DemoPinVerifier({Role.SUPERVISOR: PIN}))
    qtbot.addWidget(window)
    window.show()
    table = config.table_id
    try:
        controller.begin()
        assert watch.online.wait(TIMEOUT)
        qtbot.waitUntil(lambda: table in window.tiles, timeout=TIMEOUT * 1000)
        window.select(table)
        assert window.detail.send_button.isEnabled()
        # Nothing typed: said on the screen, no PIN asked, nothing sent.
        type_and_send(qtbot, window, "   ")
        assert window.detail.error.text() == "Type the message first"
        assert pin_dialog(window) is None
        # A wrong PIN sends nothing; the pit boss's sends it.
        type_and_send(qtbot, window, TEXT)
        dialog = pin_dialog(window)
        assert dialog is not None and not window.detail.error.isVisible()
        for key in "0000":
            dialog.press(key)
        dialog.check()
        assert model.messages() == [] and commands.empty()
        for key in PIN:
            dialog.press(key)
        dialog.check()
        assert [(t, x, b) for _, t, x, b in model.messages()] == [(table, TEXT, PIT_BOSS)]
        assert window.detail.entry.text() == ""  # ready for the next one
        command = commands.get(timeout=TIMEOUT)
        assert command == MessageFromPit(text=TEXT, by=PIT_BOSS)
        controller.execute(command)  # on the table's thread, as the runtime does
        assert watch.journaled.wait(TIMEOUT)  # published back to the pit
        received = f"{TEXT}  ·  journaled by the table"
        qtbot.waitUntil(
            lambda: [window.detail.sent.item(0).text()[-len(received) :]] == [received],
            timeout=TIMEOUT * 1000,
        )
        assert window.detail.sent.count() == 1
        # The table stops: the pit hears it go offline; a message to it is refused on the
        # screen, no PIN is asked and nothing is sent.
        publisher.close()
        publisher = None
        assert watch.offline.wait(TIMEOUT)
        qtbot.waitUntil(
            lambda: window.tiles[table].state.text().startswith("OFFLINE"),
            timeout=TIMEOUT * 1000,
        )
        type_and_send(qtbot, window, "Are you there?")
        assert window.detail.error.text() == f"{table} is offline: the message was not sent"
        assert window.detail.error.isVisible() and pin_dialog(window) is None
        assert not window.send_message(table, "Are you there?")  # nor past the dialog
        assert len(model.messages()) == 1 and commands.empty()
        assert window.detail.entry.text() == "Are you there?"  # kept, to send later
    finally:
        if publisher is not None:
            publisher.close()
        pit.close()
        controller.journal.close()
    journaled = [r.event for r in read_records(config) if isinstance(r.event, PitMessage)]
    assert journaled == [PitMessage(text=TEXT, by=PIT_BOSS)]
