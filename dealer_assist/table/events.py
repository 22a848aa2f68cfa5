"""The table's record: one immutable event for everything that happened, in order.

The table controller turns card reads and croupier commands into these events, writes each to the
journal, and only then applies it to its state. Replaying the events rebuilds the table exactly
(house style: "events are the record"), so an event holds everything needed to apply it and
nothing that could be recomputed differently later.

Every event has a ``type`` (its name in the JSON stream and the journal) and serialises to a
flat JSON object with :func:`event_to_json`; :func:`event_from_json` reads it back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar

from dealer_assist.cards import Card, parse_card
from dealer_assist.drivers.base import SourceStatus


class BurnReason(StrEnum):
    """Why a card went to the discards without playing (:class:`Burned`)."""

    BURN_TURNED = "burn_turned"  # the burn's first card, turned: its rank says how many follow
    BURN = "burn"  # one of the cards the turned card called for
    EXTRA = "extra"  # a card after the coup was complete, burned by house rule
    EXPOSED = "exposed"  # a card exposed where the house deals face down
    SET_ASIDE = "set_aside"  # a card the table could not take (a hold, no coup due, ...)


#: The reasons that belong to the shoe's burn procedure (the rest are discards).
BURN_PROCEDURE = frozenset({BurnReason.BURN_TURNED, BurnReason.BURN})


class CameraVerdict(StrEnum):
    """The table's verdict on a card the witness camera saw (:class:`CardWitnessed`); see
    :mod:`dealer_assist.table.witness` for what each means and which raise an alert."""

    CONFIRMED = "confirmed"
    MISPLACED = "misplaced"
    DIFFERENT_CARD = "different_card"
    NOT_DEALT = "not_dealt"
    OUT_OF_ORDER = "out_of_order"
    UNCERTAIN = "uncertain"
    BURNED = "burned"
    VOIDED = "voided"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeStarted:
    type: ClassVar[str] = "shoe_started"
    shoe: int
    decks: int
    cut_card_from_end: int
    burn: str
    card_count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Burned:
    """A card went to the discard tray without playing: the burn, an extra or exposed card."""

    type: ClassVar[str] = "burned"
    card: Card
    reason: BurnReason
    source: str = ""
    raw: str = ""
    burn_count: int = 0  # for the turned first card: how many follow it


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupStarted:
    type: ClassVar[str] = "coup_started"
    coup: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BetPlaced:
    type: ClassVar[str] = "bet_placed"
    seat: int
    name: str
    stake: str  # exact decimal text


@dataclass(frozen=True, slots=True, kw_only=True)
class BetsCleared:
    type: ClassVar[str] = "bets_cleared"
    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDealt:
    type: ClassVar[str] = "card"
    coup: int
    card: Card
    hand: str
    source: str = ""
    raw: str = ""  # the device's own data, hex
    face_down: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class CardRevealed:
    type: ClassVar[str] = "card_revealed"
    coup: int
    hand: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDecided:
    type: ClassVar[str] = "decision"
    coup: int
    hand: str
    choice: str
    by: str = "croupier"


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupCompleted:
    type: ClassVar[str] = "coup_completed"
    coup: int
    hands: Mapping[str, tuple[str, ...]]
    totals: Mapping[str, int]
    winner: str | None
    natural: bool
    sides: Mapping[str, str]


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupSettled:
    type: ClassVar[str] = "coup_settled"
    coup: int
    bets: tuple[Mapping[str, Any], ...]
    commission_to_boxes: Mapping[str, str]


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupClosed:
    """The croupier has paid and taken: the next card out starts the next coup."""

    type: ClassVar[str] = "coup_closed"
    coup: int
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupVoided:
    type: ClassVar[str] = "coup_voided"
    coup: int
    reason: str
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardCorrected:
    """A supervisor corrected a misread card: both values stay in the record."""

    type: ClassVar[str] = "card_corrected"
    coup: int
    position: int  # index among the coup's cards, in deal order
    original: Card
    corrected: Card
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardWithdrawn:
    """The last card dealt was taken out of the coup (an exposed card burned by house rule)."""

    type: ClassVar[str] = "card_withdrawn"
    coup: int
    card: Card
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CardSeen:
    """A witness (the overhead camera beside a shoe) saw a card land; it deals nothing.

    ``position`` is which of coup ``coup``'s cards the witness takes it to be (0 for the first,
    in the order cards landed); -1 for a card that is not one of the coup's (a burned card shown
    on the layout). ``card`` is None when the camera could not read it; ``hand`` is the zone it
    lies in (None: outside every hand). See :mod:`dealer_assist.table.witness`.
    """

    type: ClassVar[str] = "card_seen"
    coup: int
    position: int
    card: Card | None
    hand: str | None
    source: str = ""
    raw: str = ""  # the device's own data, hex
    confidence: str = ""  # as the device gave it (text, so it replays exactly)


@dataclass(frozen=True, slots=True, kw_only=True)
class CardWitnessed:
    """The table's verdict on a card a witness saw, against the cards the shoe dealt.

    ``verdict``: ``confirmed`` (the shoe's card, in its place, in the hand the tableau called),
    ``misplaced``, ``different_card``, ``out_of_order``, ``not_dealt``, ``uncertain``,
    ``burned`` (a card set aside, shown on the layout) or ``voided`` (the coup was voided).
    ``expected``/``expected_hand``: the shoe's card and hand it was compared with;
    ``dealt_position``: that card's place in the coup (-1: none).
    """

    type: ClassVar[str] = "card_witnessed"
    coup: int
    position: int
    verdict: CameraVerdict
    card: Card | None
    hand: str | None
    expected: str = ""  # the shoe's card, as its code ("": none)
    expected_hand: str | None = None
    dealt_position: int = -1
    source: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class CommissionCollected:
    type: ClassVar[str] = "commission_collected"
    seat: int
    owed: str
    due: str
    reason: str  # "player", "leaving", "shoe_end"


# A field written to the JSON only when it differs from its default (so that adding it left
# every existing line as it was).
_ONLY_IF_SET = {"only_if_set": True}


@dataclass(frozen=True, slots=True, kw_only=True)
class AlertRaised:
    """An alert. ``card``: a card held by it (the supervisor sets it aside or accepts it).

    ``face_down`` (squeeze): that card (or the card the device data ``raw`` was read from) may be
    dealt face down, so the alert's message does not name it; ``card`` and ``raw`` are sealed
    in the journal and left out of the JSON stream.
    """

    type: ClassVar[str] = "alert"
    alert: int
    code: str
    message: str
    fix: str
    hold: bool  # True: no card is taken until it is resolved
    options: tuple[str, ...]
    card: Card | None = None
    source: str = ""
    raw: str = ""
    face_down: bool = field(default=False, metadata=_ONLY_IF_SET)


@dataclass(frozen=True, slots=True, kw_only=True)
class AlertResolved:
    type: ClassVar[str] = "alert_resolved"
    alert: int
    resolution: str
    by: str
    detail: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BankActed:
    """Chemin de Fer and Banque: an action on the bank (a call, a stake, "no more bets", the
    settlement), with its arguments as plain values (see :mod:`dealer_assist.table.bankgame`)."""

    type: ClassVar[str] = "bank"
    action: str
    args: Mapping[str, Any]
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ShuffleChecked:
    """The shuffle check looked at the shoe's first ``cards`` cards."""

    type: ClassVar[str] = "shuffle_checked"
    cards: int
    status: str  # pending, clean, suspicious
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CutCardOut:
    type: ClassVar[str] = "cut_card"
    coup: int
    last_coup: int
    source: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeEnded:
    type: ClassVar[str] = "shoe_ended"
    shoe: int
    cards_dealt: int
    cards_left: int
    coups: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DeviceStatus:
    type: ClassVar[str] = "device"
    source: str
    status: SourceStatus
    detail: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SupervisorAction:
    """A supervisor or technician action that is not itself a game event (sign-in, override)."""

    type: ClassVar[str] = "supervisor"
    action: str
    role: str
    detail: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class PitMessage:
    """A message from the pit boss to the croupier (sent over the pit's ``commands`` topic,
    docs/pit.md): journaled, and shown on the croupier's screen."""

    type: ClassVar[str] = "pit_message"
    text: str
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockStepped:
    """The table's UTC clock jumped (backwards, or far forwards): times around it need care."""

    type: ClassVar[str] = "clock_stepped"
    previous: str  # the time the clock should have shown, ISO 8601 UTC
    current: str  # the time it showed
    step_seconds: str  # current - previous, exact decimal text (negative: backwards)
    reason: str  # "backwards", "forwards", "backwards_across_restart"


TableEvent = (
    ShoeStarted
    | Burned
    | CoupStarted
    | BetPlaced
    | BetsCleared
    | CardDealt
    | CardRevealed
    | HandDecided
    | CoupCompleted
    | CoupSettled
    | CoupClosed
    | CoupVoided
    | CardCorrected
    | CardWithdrawn
    | CardSeen
    | CardWitnessed
    | CommissionCollected
    | AlertRaised
    | AlertResolved
    | ShuffleChecked
    | BankActed
    | CutCardOut
    | ShoeEnded
    | DeviceStatus
    | SupervisorAction
    | PitMessage
    | ClockStepped
)

EVENT_TYPES: dict[str, type[Any]] = {
    cls.type: cls
    for cls in (
        ShoeStarted,
        Burned,
        CoupStarted,
        BetPlaced,
        BetsCleared,
        CardDealt,
        CardRevealed,
        HandDecided,
        CoupCompleted,
        CoupSettled,
        CoupClosed,
        CoupVoided,
        CardCorrected,
        CardWithdrawn,
        CardSeen,
        CardWitnessed,
        CommissionCollected,
        AlertRaised,
        AlertResolved,
        ShuffleChecked,
        BankActed,
        CutCardOut,
        ShoeEnded,
        DeviceStatus,
        SupervisorAction,
        PitMessage,
        ClockStepped,
    )
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Record:
    """An event as recorded: its sequence number and UTC time at the table."""

    seq: int
    at: datetime
    table: str
    event: TableEvent


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def event_to_json(event: TableEvent) -> dict[str, Any]:
    data: dict[str, Any] = {"type": event.type}
    for item in dataclasses.fields(event):
        value = getattr(event, item.name)
        if item.metadata.get("only_if_set") and value == item.default:
            continue
        data[item.name] = _plain(value)
    return data


_CARD_FIELDS = {"card", "original", "corrected"}
# Fields holding one of a fixed set of values: the JSON has the value, the event the member.
_ENUM_FIELDS: dict[tuple[str, str], type[StrEnum]] = {
    (Burned.type, "reason"): BurnReason,
    (CardWitnessed.type, "verdict"): CameraVerdict,
    (DeviceStatus.type, "status"): SourceStatus,
}


def event_from_json(data: Mapping[str, Any]) -> TableEvent:
    cls = EVENT_TYPES[data["type"]]
    kwargs: dict[str, Any] = {}
    for item in dataclasses.fields(cls):
        if item.name not in data:
            continue
        value = data[item.name]
        enum = _ENUM_FIELDS.get((cls.type, item.name))
        if item.name in _CARD_FIELDS and value is not None:
            value = parse_card(value)
        elif enum is not None:
            value = enum(value)
        elif item.name == "hands":
            value = {k: tuple(v) for k, v in value.items()}
        elif isinstance(value, list):
            value = tuple(value)
        kwargs[item.name] = value
    event: TableEvent = cls(**kwargs)
    return event


def record_to_json(record: Record) -> dict[str, Any]:
    return {
        "seq": record.seq,
        "at": record.at.isoformat(),
        "table": record.table,
        **event_to_json(record.event),
    }
