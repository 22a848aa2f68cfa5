"""Who may do what on the screen: the PIN check the supervisor dialog calls.

The screen asks a :class:`PinVerifier` and never stores PINs itself. :func:`table_verifier`
chooses the verifier of a table from its configuration:

* a table with a journal key: the journal's authenticated PIN file
  (:class:`~dealer_assist.journal.auth.PinBook`: hashed PINs, lockouts, an edited file refused),
  every attempt handed to ``record`` to be journaled. This is every production table;
* a table whose every source is simulated (:data:`SIMULATED_SCHEMES`) and that has no journal
  key: :class:`DemoPinVerifier`, the fixed demo PINs (training, the demo, screenshots);
* any other table (a shoe, a reader or a camera, and no journal key): :class:`NoPinStore`,
  which refuses every supervisor action and says how to set the PINs. Demo PINs never open a
  table that deals real cards.

Every verifier answers with a :class:`~dealer_assist.journal.auth.SignIn`: ``ok``, or why not
(``wrong_pin``, ``locked_out``, ``no_pin``, ``pin_file_altered``, ``no_pin_store``), which the
PIN dialog shows the croupier in the screen's language.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Mapping
from typing import Protocol

from dealer_assist.config import TableConfig
from dealer_assist.drivers.base import SourceUrl
from dealer_assist.journal.auth import SignIn, pin_file_path, table_pin_book
from dealer_assist.table.commands import Role
from dealer_assist.table.events import TableEvent

#: PINs of the demo and training table (documented in docs/ui.md). Never used with real sources.
DEMO_PINS: Mapping[Role, str] = {Role.SUPERVISOR: "2468", Role.TECHNICIAN: "1357"}

#: Card sources that deal simulated cards: a table of these alone, without a journal key, is a
#: demo or training table. Every other scheme (serial, pcsc, camera, a casino's own) is real.
SIMULATED_SCHEMES = frozenset({"mock", "mockshoe", "replay"})

#: ``SignIn.reason`` of a table that deals real cards and has no PIN file.
NO_PIN_STORE = "no_pin_store"


class PinVerifier(Protocol):
    def verify(self, role: Role, pin: str) -> SignIn:
        """Whether ``pin`` proves the holder has ``role``, and if not why not."""
        ...


class DemoPinVerifier:
    """Fixed PINs held in memory, compared in constant time (demo and training tables)."""

    def __init__(self, pins: Mapping[Role, str] | None = None) -> None:
        self._pins = dict(DEMO_PINS if pins is None else pins)

    def verify(self, role: Role, pin: str) -> SignIn:
        expected = self._pins.get(role)
        if expected is None:
            return SignIn(role, False, "no_pin")
        if pin and hmac.compare_digest(expected.encode(), pin.encode()):
            return SignIn(role, True, "accepted")
        return SignIn(role, False, "wrong_pin")


class NoPinStore:
    """A table that deals real cards and has no PIN file: every sign-in is refused."""

    def verify(self, role: Role, pin: str) -> SignIn:
        return SignIn(role, False, NO_PIN_STORE)


def is_simulated(config: TableConfig) -> bool:
    """True if the table has sources and every one deals simulated cards."""
    return bool(config.sources) and all(
        SourceUrl.parse(url).scheme in SIMULATED_SCHEMES for url in config.sources
    )


def table_verifier(
    config: TableConfig, *, record: Callable[[TableEvent], None] | None = None
) -> PinVerifier:
    """The verifier of the table ``config`` describes (see the module's docstring); ``record``
    receives each sign-in of the PIN file (a ``SupervisorAction``) to be journaled."""
    path = pin_file_path(config)
    if config.journal_key.strip() and path is not None:
        return table_pin_book(config, path, record=record)
    if is_simulated(config) and not config.journal_key.strip():
        return DemoPinVerifier()
    return NoPinStore()
