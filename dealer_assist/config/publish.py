"""``[publish]``: the pit's MQTT broker, the table's id there and its TLS files (docs/pit.md).

The section is checked by :mod:`dealer_assist.pit.settings` (which needs no MQTT library).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from dealer_assist.config.reader import Section
from dealer_assist.pit.settings import PublishSettings, parse_publish


def read_publish(document: Mapping[str, Any], base: Path, source: str) -> PublishSettings | None:
    if "publish" not in document:
        return None
    section = Section.of(document, "publish", source)
    return parse_publish(section.values, source=source, base_dir=base)
