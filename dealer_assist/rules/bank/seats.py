"""What every bank table does the same way: the record, the seats, the money, the fresh supply.

:class:`BankTableBase` is the part of :class:`~dealer_assist.rules.bank.CheminDeFerTable` and
:class:`~dealer_assist.rules.bank.BanqueTable` that the two games share, written once: the
operations (the record) and their sequence numbers, the seat checks and the seating
operations, the read-only properties the screens read, and the valid-deal check. Each game adds
its own seat rules by extending ``verify_sit`` / ``verify_leave``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from decimal import Decimal
from enum import Enum
from types import MappingProxyType
from typing import Generic, Protocol, TypeVar, cast

from dealer_assist.errors import RuleViolation
from dealer_assist.rules.bank.common import (
    Ledger,
    Money,
    SeatLeft,
    SeatTaken,
    has_valid_deal,
    passes,
    verify_valid_deal,
)


class TableSettings(Protocol):
    """What the shared part reads of a game's settings."""

    @property
    def seats(self) -> int: ...

    @property
    def minimum_cards(self) -> int: ...


SettingsT = TypeVar("SettingsT", bound=TableSettings)
PhaseT = TypeVar("PhaseT", bound=Enum)
OperationT = TypeVar("OperationT")
_Recorded = TypeVar("_Recorded")


class BankTableBase(ABC, Generic[SettingsT, PhaseT, OperationT]):
    """The shared state of a bank table: players by seat, the money, the phase, the record."""

    def __init__(self, *, settings: SettingsT, phase: PhaseT, opened: OperationT) -> None:
        self.settings = settings
        self._players: dict[int, str] = {}
        self._ledger = Ledger()
        self._phase = phase
        self._operations: list[OperationT] = [opened]

    # --- reading ---------------------------------------------------------------------------

    @property
    def operations(self) -> tuple[OperationT, ...]:
        return tuple(self._operations)

    @property
    def phase(self) -> PhaseT:
        return self._phase

    @property
    def bank(self) -> Decimal:
        return self._ledger.bank

    @property
    def players(self) -> Mapping[int, str]:
        return MappingProxyType(dict(sorted(self._players.items())))

    @property
    @abstractmethod
    def covered(self) -> Decimal:
        """What lies on the layout against the bank (each game counts it its own way)."""

    def money(self) -> Money:
        return self._ledger.snapshot(self.covered)

    # --- the fresh supply ------------------------------------------------------------------

    def has_valid_deal(self, cards_left: int) -> bool:
        """True when ``cards_left`` in the dealer's hand make a valid deal."""
        return has_valid_deal(cards_left, minimum=self.settings.minimum_cards)

    def verify_valid_deal(self, cards_left: int) -> None:
        verify_valid_deal(cards_left, minimum=self.settings.minimum_cards)

    # --- seats -----------------------------------------------------------------------------

    def verify_sit(self, seat: int, player: str) -> None:
        """The checks every game makes: a real, free seat, a name, not seated twice."""
        self._verify_seat_number(seat)
        if seat in self._players:
            raise RuleViolation("seat_taken", f"seat {seat} is taken by {self._players[seat]}")
        self._verify_name(player)
        if player in self._players.values():
            raise RuleViolation("already_seated", f"{player} is already seated")

    def can_sit(self, seat: int, player: str) -> bool:
        return passes(lambda: self.verify_sit(seat, player))

    def sit(self, seat: int, player: str) -> SeatTaken:
        self.verify_sit(seat, player)
        self._players[seat] = player
        return self._record(SeatTaken(seq=self._seq, seat=seat, player=player))

    def verify_leave(self, seat: int) -> None:
        self._verify_seated(seat)

    def can_leave(self, seat: int) -> bool:
        return passes(lambda: self.verify_leave(seat))

    def leave(self, seat: int) -> SeatLeft:
        self.verify_leave(seat)
        player = self._players.pop(seat)
        self._left(seat)
        return self._record(SeatLeft(seq=self._seq, seat=seat, player=player))

    def _left(self, seat: int) -> None:
        """What else a game forgets when ``seat`` is left."""

    # --- internals -------------------------------------------------------------------------

    @property
    def _seq(self) -> int:
        return len(self._operations)

    def _record(self, operation: _Recorded) -> _Recorded:
        self._operations.append(cast(OperationT, operation))
        return operation

    def _seat_of(self, player: str) -> int | None:
        for seat, name in self._players.items():
            if name == player:
                return seat
        return None

    def _verify_seat_number(self, seat: int) -> None:
        if not 1 <= seat <= self.settings.seats:
            raise RuleViolation(
                "bad_seat", f"there is no seat {seat}: seats are 1 to {self.settings.seats}"
            )

    def _verify_seated(self, seat: int) -> None:
        self._verify_seat_number(seat)
        if seat not in self._players:
            raise RuleViolation("empty_seat", f"nobody sits at seat {seat}")

    @staticmethod
    def _verify_name(player: str) -> None:
        if not player.strip():
            raise RuleViolation("bad_player", "a player needs a name")
