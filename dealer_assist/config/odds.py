"""``[odds]``: the live advantage check (docs/odds.md)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from dealer_assist.config.reader import Section, default_of, read_decimal
from dealer_assist.config.table import TableConfig


def read_odds(document: Mapping[str, Any], source: str) -> dict[str, Any]:
    """``advantage_alerts`` and ``advantage_threshold``, as :class:`TableConfig` fields.

    The threshold is an expected value per unit staked, from -1 (every bet qualifies) to 1.
    """
    section = Section.of(document, "odds", source)
    section.check_keys(("advantage_alerts", "advantage_threshold"))
    return {
        "advantage_alerts": section.flag(
            "advantage_alerts", default_of(TableConfig, "advantage_alerts")
        ),
        "advantage_threshold": read_decimal(
            section.raw("advantage_threshold", default_of(TableConfig, "advantage_threshold")),
            where=section.where("advantage_threshold"),
            source=source,
            low=Decimal(-1),
            high=Decimal(1),
            example='"0.01"',
            allowed='an expected value per unit staked from -1 to 1, e.g. "0.01"',
        ),
    }
