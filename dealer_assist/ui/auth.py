"""Who may do what on the screen: the PIN check the supervisor dialog calls.

The screen asks a :class:`PinVerifier` and never stores PINs itself, so the real verifier
(``dealer_assist.journal.auth``, with hashed PINs and lockouts) plugs in without changing the
screen. :class:`DemoPinVerifier` is for the mock table and training only.
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from typing import Protocol

from dealer_assist.table.commands import Role

#: PINs of the demo and training table (documented in docs/ui.md). Never used with real sources.
DEMO_PINS: Mapping[Role, str] = {Role.SUPERVISOR: "2468", Role.TECHNICIAN: "1357"}


class PinVerifier(Protocol):
    def verify(self, role: Role, pin: str) -> bool:
        """True if ``pin`` proves the holder has ``role``."""
        ...


class DemoPinVerifier:
    """Fixed PINs held in memory, compared in constant time."""

    def __init__(self, pins: Mapping[Role, str] | None = None) -> None:
        self._pins = dict(DEMO_PINS if pins is None else pins)

    def verify(self, role: Role, pin: str) -> bool:
        expected = self._pins.get(role)
        if expected is None or not pin:
            return False
        return hmac.compare_digest(expected.encode(), pin.encode())
