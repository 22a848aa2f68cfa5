"""Croupier and supervisor commands, and the roles allowed to give them.

Commands are requests: the controller checks each against the table's state and either records
the events it causes or rejects it with :class:`CommandRejected`, changing nothing. Who is
asking comes with the command; proving it (the PIN) is done before the command is made, by the
screen or the command line, through :mod:`dealer_assist.table.auth`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from dealer_assist.cards import Card
from dealer_assist.errors import CodedError


class Role(Enum):
    CROUPIER = "croupier"
    SUPERVISOR = "supervisor"
    TECHNICIAN = "technician"


class CommandRejected(CodedError):
    """The table cannot do that now; nothing changed. ``message`` says what to do instead."""


@dataclass(frozen=True, slots=True, kw_only=True)
class NewShoe:
    role: Role = Role.CROUPIER


@dataclass(frozen=True, slots=True, kw_only=True)
class EndShoe:
    reason: str
    role: Role = Role.CROUPIER


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceBet:
    seat: int
    name: str
    amount: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ClearBets:
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RepeatBets:
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Decide:
    hand: str
    choice: str
    role: Role = Role.CROUPIER


@dataclass(frozen=True, slots=True, kw_only=True)
class BankAction:
    """Chemin de Fer and Banque: record an action on the bank, e.g.
    ``BankAction(action="call", args={"seat": 3, "call": "banco"})``."""

    action: str
    args: Mapping[str, Any] = field(default_factory=dict)
    role: Role = Role.CROUPIER


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseCoup:
    """The croupier has paid and taken; a card after this starts the next coup."""

    role: Role = Role.CROUPIER


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealHand:
    """Squeeze: the cards of ``hand`` have been turned face up."""

    hand: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ReportCutCard:
    """The cut card came out of a shoe that cannot see it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReportExposedCard:
    """The last card came out face up where the house deals face down."""


@dataclass(frozen=True, slots=True, kw_only=True)
class VoidCoup:
    reason: str
    role: Role = Role.CROUPIER


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectCard:
    """A misread card: ``position`` is its index among the coup's cards in deal order."""

    position: int
    card: Card
    role: Role = Role.CROUPIER


@dataclass(frozen=True, slots=True, kw_only=True)
class CollectCommission:
    seat: int
    reason: str = "player"  # "player" (on request), "leaving"


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolveAlert:
    """Acknowledge or resolve an alert with one of the options it offers.

    ``card`` is needed for the option ``enter_card`` (a supervisor keys in an unreadable card).
    """

    alert: int
    option: str
    role: Role = Role.CROUPIER
    card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class VerifyProgram:
    """Check the installed program against its signed manifest (dealer_assist.deploy): the
    table's own check at start and every hour (``role=None``). A failure holds the table until
    a technician re-verifies (the alert's option ``reverify``)."""

    role: Role | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ReportHealth:
    """The table PC's health monitor found a problem (one of ``HEALTH_PROBLEMS`` in
    table/controller.py: the clock, the journal's disk, a watchdog restart)."""

    problem: str
    detail: str


#: The longest message the pit may send the croupier (characters).
MAX_PIT_MESSAGE = 280


@dataclass(frozen=True, slots=True, kw_only=True)
class MessageFromPit:
    """A message from the pit boss to the croupier: ``text`` (1 to :data:`MAX_PIT_MESSAGE`
    characters, no control characters), signed ``by`` the pit boss who sent it."""

    text: str
    by: str


Command = (
    NewShoe
    | EndShoe
    | PlaceBet
    | ClearBets
    | RepeatBets
    | Decide
    | BankAction
    | CloseCoup
    | RevealHand
    | ReportCutCard
    | ReportExposedCard
    | VoidCoup
    | CorrectCard
    | CollectCommission
    | ResolveAlert
    | VerifyProgram
    | ReportHealth
    | MessageFromPit
)

#: Alert options that only a supervisor may choose.
SUPERVISOR_OPTIONS = frozenset({"accept_card", "enter_card", "void_coup", "override", "reverify"})

#: Alert options that only the technician may choose (a supervisor's PIN is not enough).
TECHNICIAN_OPTIONS = frozenset({"reverify"})
