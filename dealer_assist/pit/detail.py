"""What a table's detail shows beyond its tile: the shoe's roads, the alert history (the live
advantage-play alerts among them), the devices' health and the pit's messages the table
journaled, folded from the table's event messages (:mod:`.topics`) as they arrive.

No Qt: the pit's model feeds a :class:`TableHistory` per table on the thread that takes the
broker's messages, and the screen reads it on its own. Every field a reader may look at is
replaced whole (a tuple, a dict), never changed in place, so a reader sees one state or the
next, never half of one.

The advantage-play alerts are the table's own (``alert`` events with the code
``advantage_play`` and the source ``odds:<bet>``): the table prices every bet with the exact
odds engine on the cards it accounted after each coup (:mod:`dealer_assist.table.analysis`),
and the pit shows what the table journaled; see docs/pit.md for why the pit does not price
them again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from dealer_assist.errors import DealerAssistError
from dealer_assist.roads import CoupResult, Roads, Winner

#: The alerts a detail keeps (oldest dropped first): a shift's worth at a busy table.
MAX_ALERTS = 200
#: The pit's messages a table journaled that a detail keeps.
MAX_MESSAGES = 50
ADVANTAGE_CODE = "advantage_play"
_WINNERS = {"banker": Winner.BANKER, "player": Winner.PLAYER, "tie": Winner.TIE}
#: The table's advantage message (table/analysis.py): bet, player edge in percent, cards left.
ADVANTAGE_MESSAGE = re.compile(
    r"(?P<bet>\S+) now favours the players: (?P<percent>[+-]?[\d.]+)% per unit staked "
    r"with (?P<left>\d+) cards left"
)


@dataclass(frozen=True, slots=True, kw_only=True)
class AlertEntry:
    """One alert the table raised, and how it was resolved (if it was)."""

    journal: str
    alert: int
    code: str
    message: str
    at: str
    source: str = ""
    shoe: int | None = None
    resolution: str | None = None
    resolved_by: str | None = None
    resolved_at: str | None = None

    @property
    def is_open(self) -> bool:
        return self.resolution is None

    @property
    def advantage(self) -> bool:
        return self.code == ADVANTAGE_CODE

    @property
    def bet(self) -> str | None:
        """The bet an advantage-play alert is about (its source ``odds:<bet>``)."""
        if self.advantage and self.source.startswith("odds:"):
            return self.source.removeprefix("odds:")
        return None

    def edge(self) -> tuple[str, float, int] | None:
        """An advantage-play alert's bet, the player's edge in percent and the cards left.

        >>> AlertEntry(journal="J", alert=1, code="advantage_play", at="", source="odds:small",
        ...     message="small now favours the players: +1.01% per unit staked with 48 cards left"
        ... ).edge()
        ('small', 1.01, 48)
        """
        if not self.advantage:
            return None
        match = ADVANTAGE_MESSAGE.fullmatch(self.message)
        if match is None:
            return None
        return self.bet or match["bet"], float(match["percent"]), int(match["left"])


@dataclass(frozen=True, slots=True, kw_only=True)
class DeviceEntry:
    """A card source's last status, since when, and how often it was lost this shift."""

    source: str
    status: str
    since: str
    detail: str = ""
    losses: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class JournaledMessage:
    """A message from the pit as the table journaled it (``pit_message``)."""

    text: str
    by: str
    at: str


def coup_result(message: dict[str, Any]) -> CoupResult | None:
    """The scoreboard's record of a ``coup_completed`` message (as the croupier's scoreboard
    makes it from its snapshot: pairs from the first two cards of a hand); None for a coup the
    roads do not show (a bank game's, or one that does not read as a result)."""
    winner = _WINNERS.get(str(message.get("winner")))
    if winner is None:
        return None

    def pair(hand: str) -> bool:
        cards = message.get(f"{hand}_cards") or []
        first = [c for c in cards[:2] if isinstance(c, str) and c]
        return len(first) == 2 and first[0][0] == first[1][0]

    def total(hand: str) -> int | None:
        value = message.get(f"{hand}_total")
        return value if isinstance(value, int) else None

    try:
        return CoupResult(
            winner=winner,
            player_pair=pair("player"),
            banker_pair=pair("banker"),
            natural=bool(message.get("natural")),
            player_total=total("player"),
            banker_total=total("banker"),
        )
    except DealerAssistError:
        return None  # totals that contradict the winner: not drawn rather than drawn wrong


class TableHistory:
    """A table's shoe, roads, alerts, devices and journaled pit messages, from its events.

    Feed :meth:`add` the event messages in journal order (one thread); read the attributes
    and :meth:`roads` from any thread.
    """

    def __init__(self) -> None:
        self.shoe: int | None = None
        self.coups: tuple[tuple[int, CoupResult], ...] = ()  # this shoe's, in order
        self.alerts: tuple[AlertEntry, ...] = ()  # the last MAX_ALERTS, oldest first
        self.devices: dict[str, DeviceEntry] = {}
        self.messages: tuple[JournaledMessage, ...] = ()
        self._roads: tuple[tuple[tuple[int, CoupResult], ...], Roads] = ((), Roads.empty())

    def add(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        at = str(message.get("at", ""))
        if kind == "shoe_started":
            shoe = message.get("shoe")
            self.shoe = shoe if isinstance(shoe, int) else None
            self.coups = ()
        elif kind == "coup_completed":
            result = coup_result(message)
            coup = message.get("coup")
            if result is not None and isinstance(coup, int):
                self.coups = (*self.coups, (coup, result))
        elif kind == "coup_voided":
            self.coups = tuple(entry for entry in self.coups if entry[0] != message.get("coup"))
        elif kind == "alert":
            self._alert(message, at)
        elif kind == "alert_resolved":
            self._resolved(message, at)
        elif kind == "device":
            self._device(message, at)
        elif kind == "pit_message":
            entry = JournaledMessage(
                text=str(message.get("text", "")), by=str(message.get("by", "")), at=at
            )
            self.messages = (*self.messages, entry)[-MAX_MESSAGES:]

    def _alert(self, message: dict[str, Any], at: str) -> None:
        try:
            number = int(message["alert"])
        except (KeyError, TypeError, ValueError):
            return
        entry = AlertEntry(
            journal=str(message.get("journal", "")),
            alert=number,
            code=str(message.get("code", "")),
            message=str(message.get("message", "")),
            at=at,
            source=str(message.get("source") or ""),
            shoe=self.shoe,
        )
        self.alerts = (*self.alerts, entry)[-MAX_ALERTS:]

    def _resolved(self, message: dict[str, Any], at: str) -> None:
        journal, number = str(message.get("journal", "")), message.get("alert")
        self.alerts = tuple(
            replace(
                entry,
                resolution=str(message.get("resolution", "")),
                resolved_by=str(message.get("by", "")),
                resolved_at=at,
            )
            if (entry.journal, entry.alert) == (journal, number) and entry.is_open
            else entry
            for entry in self.alerts
        )

    def _device(self, message: dict[str, Any], at: str) -> None:
        source, status = str(message.get("source", "")), str(message.get("status", ""))
        old = self.devices.get(source)
        losses = (old.losses if old else 0) + (status == "lost")
        since = old.since if old is not None and old.status == status else at
        entry = DeviceEntry(
            source=source,
            status=status,
            since=since,
            detail=str(message.get("detail") or ""),
            losses=losses,
        )
        self.devices = {**self.devices, source: entry}

    def advantage(self) -> tuple[AlertEntry, ...]:
        """This shoe's advantage-play alerts, oldest first."""
        return tuple(a for a in self.alerts if a.advantage and a.shoe == self.shoe)

    def roads(self) -> Roads:
        """This shoe's five roads, extended from the last call's when the shoe only grew."""
        coups = self.coups
        seen, roads = self._roads
        if coups[: len(seen)] != seen:  # a new shoe, or a coup voided: start again
            seen, roads = (), Roads.empty()
        if len(coups) > len(seen):
            roads = roads.extend(result for _, result in coups[len(seen) :])
        self._roads = (coups, roads)
        return roads
