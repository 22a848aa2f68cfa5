"""What a pit tile shows: the table's retained summary, and the shift's tally of a table.

:class:`ShiftTally` reads event messages (the JSON of :mod:`.topics`), so the table (for its
summary) and the pit (for its shift report) count the same way.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from typing import Any

from dealer_assist.rules.settlement import TableLimits
from dealer_assist.table.snapshot import Snapshot

WINNER_LETTER = {"banker": "B", "player": "P", "tie": "T"}
#: The bets a tile's limits are of: the even-money ones of each game (Punto Banco and Chemin de
#: Fer: Player and Banker; Banque: right, left, à cheval), not the tie or the side bets.
MAIN_BETS = ("player", "banker", "right", "left", "a_cheval")
#: Banque's two tableaux and what each can do against the bank (the punters' side of it), in
#: the order a pit boss reads them: the right hand first, as the croupier's screens do.
SIDES = ("right", "left")
SIDE_RESULTS = ("win", "lose", "standoff")


def side_counts(results: Iterable[tuple[str, str]]) -> dict[str, dict[str, int]]:
    """Each tableau's wins, losses and stand-offs against the bank, from ``(side, result)``
    pairs (each coup's ``sides``: ``{"right": "win", "left": "lose"}``); ``{}`` when there are
    none (Punto Banco, Chemin de Fer), so a reader of those games' summaries sees nothing new.

    >>> side_counts([("right", "win"), ("left", "lose"), ("right", "win"), ("left", "standoff")])
    {'right': {'win': 2, 'lose': 0, 'standoff': 0}, 'left': {'win': 0, 'lose': 1, 'standoff': 1}}
    """
    counts = Counter((str(side), str(result)) for side, result in results)
    if not counts:
        return {}
    sides = (*SIDES, *sorted({side for side, _ in counts} - set(SIDES)))
    return {side: {result: counts[side, result] for result in SIDE_RESULTS} for side in sides}


def main_bet_limits(limits: TableLimits, bets: Iterable[str]) -> dict[str, str]:
    """The table's limits as the pit shows them: the lowest minimum and the highest maximum of
    the variant's main bets (the ``[limits]`` section), exact amounts as strings.

    >>> from decimal import Decimal
    >>> from dealer_assist.rules.settlement import Limit
    >>> limits = TableLimits(default=Limit(minimum=Decimal(25), maximum=Decimal(5000)),
    ...                      per_bet={"tie": Limit(minimum=Decimal(5), maximum=Decimal(500))})
    >>> main_bet_limits(limits, ["banker", "player", "tie"])
    {'min': '25', 'max': '5000'}
    """
    names = set(bets)
    main = [limits.limit(name) for name in MAIN_BETS if name in names] or [limits.default]
    return {
        "min": str(min(limit.minimum for limit in main)),
        "max": str(max(limit.maximum for limit in main)),
    }


@dataclass(slots=True)
class ShiftTally:
    """Coups, results, money and alerts of one table since the shift began."""

    coups: int = 0
    results: Counter[str] = field(default_factory=Counter)
    sides: Counter[tuple[str, str]] = field(default_factory=Counter)  # Banque: (side, result)
    bets_entered: bool = False
    house_result: Decimal = Decimal(0)
    commission: Decimal = Decimal(0)
    alerts: Counter[str] = field(default_factory=Counter)
    _times: deque[datetime] = field(default_factory=lambda: deque(maxlen=400))

    def add(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "coup_completed":
            self.coups += 1
            self.results[str(message.get("winner") or "none")] += 1
            sides = message.get("sides")
            if isinstance(sides, dict):
                self.sides.update((str(side), str(result)) for side, result in sides.items())
            self._times.append(datetime.fromisoformat(message["at"]))
        elif kind == "coup_settled":
            for bet in message.get("bets", ()):
                self.bets_entered = True
                self.house_result -= Decimal(str(bet.get("net", "0")))
                self.commission += Decimal(str(bet.get("commission", "0"))) - Decimal(
                    str(bet.get("commission_to_box", "0"))
                )
        elif kind == "commission_collected":
            self.commission += Decimal(str(message.get("due", "0")))
        elif kind == "alert":
            self.alerts[str(message.get("code", "?"))] += 1

    def hands_per_hour(self) -> float | None:
        """Coups completed in the last hour, or the rate so far when less than an hour ran
        (None before a minute has)."""
        times = list(self._times)  # one copy: the pit's MQTT thread may append meanwhile
        if len(times) < 2:
            return None
        last = times[-1]
        recent = [t for t in times if (last - t).total_seconds() <= 3600]
        span = (recent[-1] - recent[0]).total_seconds()
        if span < 60:
            return None  # too short a time to say
        if span >= 3000:
            return float(len(recent))
        return round((len(recent) - 1) * 3600 / span, 1)

    def as_json(self) -> dict[str, Any]:
        return {
            "coups": self.coups,
            "banker": self.results["banker"],
            "player": self.results["player"],
            "tie": self.results["tie"],
            "sides": side_counts(self.sides.elements()),
            "hands_per_hour": self.hands_per_hour(),
            "house_result": str(self.house_result) if self.bets_entered else None,
            "commission": str(self.commission) if self.bets_entered else None,
            "alerts": dict(sorted(self.alerts.items())),
        }


def big_road(winners: list[str | None]) -> list[list[str]]:
    """The Big Road's columns: ``B`` or ``P`` cells, a digit after a cell for the ties on it.

    >>> big_road(["banker", "banker", "tie", "player", None, "player"])
    [['B', 'B1'], ['P', 'P']]
    """
    columns: list[list[str]] = []
    leading_ties = 0
    for winner in winners:
        if winner == "tie":
            if not columns:
                leading_ties += 1
                continue
            cell = columns[-1][-1]
            letter, ties = cell[0], int(cell[1:] or 0)
            columns[-1][-1] = f"{letter}{ties + 1}"
            continue
        if winner not in ("banker", "player"):
            continue
        letter = WINNER_LETTER[winner]
        if columns and columns[-1][0][0] == letter:
            columns[-1].append(letter)
        else:
            columns.append([letter + (str(leading_ties) if leading_ties and not columns else "")])
    return columns


def summary_json(
    snapshot: Snapshot,
    *,
    table: str,
    journal: str,
    seq: int,
    tally: ShiftTally,
    at: datetime,
    limits: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The retained summary (docs/pit.md). ``seq``: the last event message sent before it;
    ``limits``: :func:`main_bet_limits` of the table's configuration."""
    last: dict[str, Any] | None = None
    if snapshot.history:
        coup = snapshot.history[-1]
        last = {
            "coup": coup.coup,
            "winner": coup.winner,
            "natural": coup.natural,
            "voided": coup.voided,
            "sides": dict(coup.sides),
            "hands": {
                hand.hand: {"cards": [c.code for c in hand.cards], "total": hand.total}
                for hand in coup.hands
            },
        }
    counts = Counter(c.winner for c in snapshot.history if c.winner)
    return {
        "table": table,
        "journal": journal,
        "seq": seq,
        "at": at.isoformat(),
        "name": snapshot.name,
        "game": snapshot.game,
        "variant": snapshot.variant,
        "variant_title": snapshot.variant_title,
        "limits": limits,
        "shoe": snapshot.shoe.shoe,
        "coup": snapshot.coup,
        "phase": snapshot.phase,
        "cards_left": snapshot.shoe.cards_left,
        "last": last,
        "counts": {name: counts[name] for name in ("banker", "player", "tie")},
        "side_counts": side_counts(
            pair for c in snapshot.history if not c.voided for pair in c.sides
        ),
        "big_road": big_road([c.winner for c in snapshot.history]),
        "alerts": [
            {"alert": a.alert, "code": a.code, "message": a.message, "hold": a.hold}
            for a in snapshot.alerts
        ],
        "devices": dict(snapshot.devices),
        "shift": tally.as_json(),
    }
