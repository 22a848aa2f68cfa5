"""An alert the table is about to raise, worked out away from the controller (which records it
as an :class:`~dealer_assist.table.events.AlertRaised`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class AlertSpec:
    code: str
    message: str
    fix: str
    hold: bool
    options: tuple[str, ...]
    source: str = ""
    raw: str = ""  # the device's data, hex
