"""The screens under test: offscreen Qt, a controller on the GUI thread, the real windows.

``QT_QPA_PLATFORM`` is set here, before anything imports Qt: the tests never need a display.
"""

from __future__ import annotations

import os
import tempfile

os.environ["QT_QPA_PLATFORM"] = "offscreen"
# Compiled translations go to a throw-away cache, not the user's home folder.
os.environ.setdefault("XDG_CACHE_HOME", tempfile.mkdtemp(prefix="dealer-assist-test-cache-"))

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from dealer_assist.config import TableConfig, parse_config
from dealer_assist.table.controller import TableController
from tests.table.helpers import FakeClock, feed


def ui_config(**sections: Any) -> TableConfig:
    """A table for screen tests: no burn, no shuffle or odds alarms, the croupier closes coups."""
    document: dict[str, Any] = {
        "shoe": {"burn": "none"},
        "table": {"shuffle_check": False},
        "odds": {"advantage_alerts": False},
        "limits": {"default": {"min": "10", "max": "5000"}},
    }
    for key, value in sections.items():
        if isinstance(value, dict) and isinstance(document.get(key), dict):
            document[key] = {**document[key], **value}
        else:
            document[key] = value
    return parse_config(document, source="<ui test>")


@dataclass
class Screen:
    controller: TableController
    adapter: Any  # TableAdapter
    window: Any  # CroupierWindow

    def feed(self, cards: str) -> None:
        feed(self.controller, cards)

    @property
    def snapshot(self) -> Any:
        return self.controller.snapshot


@pytest.fixture
def translations() -> Iterator[Any]:
    from dealer_assist.ui.i18n import Translations

    languages = Translations()
    yield languages
    languages.set_language("en")  # the application's translator is global: leave it English


@pytest.fixture
def make_screen(qtbot: Any, translations: Any) -> Any:
    from dealer_assist.ui.adapter import TableAdapter
    from dealer_assist.ui.auth import DemoPinVerifier
    from dealer_assist.ui.croupier import CroupierWindow

    def make(*, size: tuple[int, int] = (1280, 800), **sections: Any) -> Screen:
        config = ui_config(**sections)
        controller = TableController(config, clock=FakeClock())
        adapter = TableAdapter.for_controller(controller)
        window = CroupierWindow(adapter, config, DemoPinVerifier(), translations=translations)
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        controller.begin()
        return Screen(controller, adapter, window)

    return make
