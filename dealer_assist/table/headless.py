"""The headless table: a terminal view of the same table, and a JSON line stream for scripts.

Both read only what the controller publishes (records and snapshots). The JSON stream never
carries a face-down card's value: such a card (dealt, or held by an alert) appears with
``"card": null``; its value is in the journal, sealed, and in the coup's result once turned.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from typing import Any, TextIO

from dealer_assist.table.events import (
    BURN_PROCEDURE,
    AlertRaised,
    Burned,
    BurnReason,
    CardDealt,
    CoupCompleted,
    Record,
    ShoeStarted,
    event_to_json,
)
from dealer_assist.table.snapshot import HandView, Snapshot


class JsonStream:
    """One JSON object per line; the burn procedure's cards come as one ``burned`` line."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self._burn: list[str] = []
        self._burn_due = 0

    def _write(self, data: dict[str, Any]) -> None:
        self.out.write(json.dumps(data, ensure_ascii=False) + "\n")
        self.out.flush()

    def on_record(self, record: Record) -> None:
        event = record.event
        if isinstance(event, Burned) and event.reason in BURN_PROCEDURE:
            self._burn.append(event.card.code)
            if event.reason is BurnReason.BURN_TURNED:
                self._burn_due = event.burn_count
            else:
                self._burn_due -= 1
            if self._burn_due <= 0:
                base = {"seq": record.seq, "at": record.at.isoformat()}
                self._write({**base, "type": "burned", "reason": "burn", "cards": self._burn})
                self._burn = []
            return
        self._write(record_json(record))


def record_json(record: Record) -> dict[str, Any]:
    """One record as the JSON stream shows it (a face-down card without its value).

    :class:`JsonStream` writes these, gathering the burn procedure's cards into one line; the
    pit's publisher (dealer_assist/pit) sends one per record, each burned card on its own.
    """
    event = record.event
    base: dict[str, Any] = {"seq": record.seq, "at": record.at.isoformat()}
    data = event_to_json(event)
    if isinstance(event, Burned):
        data["cards"] = [event.card.code]
    elif isinstance(event, CardDealt | AlertRaised) and event.face_down:
        data["card"] = None
        data["raw"] = ""
    elif isinstance(event, CoupCompleted):
        for hand, codes in event.hands.items():
            data[f"{hand}_cards"] = list(codes)
            data[f"{hand}_total"] = event.totals[hand]
    elif isinstance(event, ShoeStarted):
        data["cut_card_position"] = event.card_count - event.cut_card_from_end
    return {**base, **data}


def _hand_text(hand: HandView) -> str:
    cards = " ".join(c.pretty if c.pretty else "▒▒" for c in hand.cards) or "-"
    total = "?" if hand.total is None and hand.cards else ("" if not hand.cards else hand.total)
    return f"{hand.hand.upper():<7}{cards:<16}{total!s:>2}"


def _road(snapshot: Snapshot, width: int) -> str:
    letters = []
    for coup in snapshot.history:
        if coup.winner:
            letters.append({"banker": "B", "player": "P", "tie": "T"}[coup.winner])
        else:
            letters.append("·")
    text = "".join(letters)
    return text[-width:]


def render(snapshot: Snapshot, *, width: int = 80) -> str:
    """The table on one terminal screen, at most ``width`` columns."""
    shoe = snapshot.shoe
    rule = "─" * width
    title = f"{snapshot.name} ({snapshot.table_id}) · {snapshot.variant_title}"
    status = f"shoe {shoe.shoe} · coup {snapshot.coup} · {shoe.cards_left} left"
    if shoe.cut_card_out:
        status += " · LAST COUP" if shoe.is_last_coup else " · cut card out"
    lines = [f"{title[: width - len(status) - 1]:<{width - len(status)}}{status}", rule]
    hands = [_hand_text(hand) for hand in snapshot.hands]
    for index in range(0, len(hands), 2):
        lines.append("  ".join(hands[index : index + 2]))
    lines.append("")
    lines.append(f"  >> {snapshot.instruction} <<")
    if snapshot.call:
        lines.append(f"  {snapshot.call}")
    if snapshot.decision:
        options = " / ".join(snapshot.decision.options)
        lines.append(f"  {snapshot.decision.hand}: {options} ({snapshot.decision.reason})")
    lines.append(rule)
    counts = {"banker": 0, "player": 0, "tie": 0}
    for coup in snapshot.history:
        if coup.winner in counts:
            counts[coup.winner] += 1
    lines.append(
        f"Banker {counts['banker']}  Player {counts['player']}  Tie {counts['tie']}  "
        f"road {_road(snapshot, width - 40)}"
    )
    boxes = [f"{seat.seat}:{seat.box}" for seat in snapshot.seats if seat.box]
    if boxes:
        lines.append(("Commission boxes " + " ".join(boxes))[:width])
    for alert in snapshot.alerts:
        mark = "HOLD" if alert.hold else "note"
        lines.append(f"! {mark} #{alert.alert} {alert.code}: {alert.message}"[:width])
        if alert.fix:
            lines.append(f"    {alert.fix}"[:width])
    devices = "  ".join(f"{name} {status}" for name, status in snapshot.devices)
    lines.append(f"Devices: {devices}"[:width])
    return "\n".join(line[:width] for line in lines)


class TerminalView:
    """Live screen on a terminal, or one line per finished coup when not a terminal."""

    def __init__(self, out: TextIO, *, live: bool) -> None:
        self.out = out
        self.live = live
        self._last_coup_printed = (0, 0)
        self._alerts_printed: set[int] = set()

    def on_snapshot(self, snapshot: Snapshot) -> None:
        if self.live:
            width = min(shutil.get_terminal_size((80, 24)).columns, 100)
            self.out.write("\x1b[H\x1b[2J" + render(snapshot, width=width) + "\n")
            self.out.flush()
            return
        for alert in snapshot.alerts:
            if alert.alert not in self._alerts_printed:
                self._alerts_printed.add(alert.alert)
                self.out.write(f"! #{alert.alert} {alert.code}: {alert.message}\n")
        if snapshot.history:
            last = snapshot.history[-1]
            key = (last.shoe, last.coup)
            if key != self._last_coup_printed:
                self._last_coup_printed = key
                hands = "  ".join(
                    f"{h.hand.capitalize()} {' '.join(c.pretty or '??' for c in h.cards)}"
                    f" ({h.total})"
                    for h in last.hands
                )
                result = last.winner or ", ".join(f"{s} {r}" for s, r in last.sides)
                self.out.write(f"coup {last.coup:>3}  {hands:<52} {result}\n")
                self.out.flush()


def coups_counter(limit: int | None) -> tuple[Callable[[Record], None], Callable[[], int]]:
    """A record listener that counts finished coups, and a reader for the count."""
    count = [0]

    def on_record(record: Record) -> None:
        if record.event.type in ("coup_settled", "coup_voided"):
            count[0] += 1

    return on_record, lambda: count[0]
