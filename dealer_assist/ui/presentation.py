"""How a snapshot looks: tones, money, chips, the scoreboard's roads. Pure Python, no Qt.

Everything a screen needs to *decide* about what it shows lives here, as small functions of
snapshot data that tests call directly; widgets only paint what these return. Nothing here
decides anything about the game: the controller already did, and its snapshot says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from dealer_assist.roads import CoupResult, Roads, Winner
from dealer_assist.rules.settlement import TableLimits
from dealer_assist.table.snapshot import CoupSummary, HandView, SeatView, Snapshot


class Tone(Enum):
    """The colour family of a piece of the screen: Banker red, Player blue, Tie green."""

    BANKER = "banker"
    PLAYER = "player"
    TIE = "tie"
    ALERT = "alert"
    NEUTRAL = "neutral"


#: Banque's two punters' tableaux play against the bank, as the Player does.
HAND_TONES = {
    "banker": Tone.BANKER,
    "player": Tone.PLAYER,
    "right": Tone.PLAYER,
    "left": Tone.PLAYER,
}

_WINNER_TONES = {"banker": Tone.BANKER, "player": Tone.PLAYER, "tie": Tone.TIE}


def hand_tone(hand: str) -> Tone:
    return HAND_TONES.get(hand, Tone.NEUTRAL)


def winner_tone(winner: str | None) -> Tone:
    return _WINNER_TONES.get(winner or "", Tone.NEUTRAL)


def instruction_tone(snapshot: Snapshot) -> Tone:
    """The colour of the big instruction: the hand it is about, or the hand that won."""
    phase = snapshot.phase
    if phase == "held":
        return Tone.ALERT
    if phase == "complete":
        if snapshot.winner is not None:
            return _WINNER_TONES.get(snapshot.winner, Tone.NEUTRAL)
        results = {result for _, result in snapshot.sides}
        if results == {"lose"}:
            return Tone.BANKER  # Banque: the bank beat both tableaux
        if results == {"win"}:
            return Tone.PLAYER
        return Tone.NEUTRAL
    if phase == "dealing" and snapshot.next_hand is not None:
        return hand_tone(snapshot.next_hand)
    if phase == "decision" and snapshot.decision is not None:
        return hand_tone(snapshot.decision.hand)
    if phase == "reveal":
        hidden = [hand.hand for hand in snapshot.hands if any(c.face_down for c in hand.cards)]
        if hidden:
            return hand_tone(hidden[0])
    return Tone.NEUTRAL


def hands_to_turn(snapshot: Snapshot) -> tuple[str, ...]:
    """Squeeze: the hands with cards still face down, which the "Turn" buttons reveal."""
    return tuple(hand.hand for hand in snapshot.hands if any(c.face_down for c in hand.cards))


# --- money -------------------------------------------------------------------------------------


def format_money(amount: Decimal, *, signed: bool = False) -> str:
    """``1,250`` or ``5.25``: whole amounts without decimals, others with two, never rounded
    away (a box of 0.125 shows 0.125)."""
    sign = "+" if signed and amount > 0 else ""
    if amount == amount.to_integral_value():
        return f"{sign}{int(amount):,}"
    exponent = amount.normalize().as_tuple().exponent
    places = max(2, -exponent) if isinstance(exponent, int) else 2
    return f"{sign}{amount:,.{places}f}"


#: Chip denominations a baccarat float usually holds.
DENOMINATIONS = tuple(
    Decimal(v) for v in (1, 5, 10, 25, 100, 500, 1000, 5000, 10000, 25000, 100000)
)


def chip_values(limits: TableLimits, bets: Sequence[str], *, count: int = 6) -> tuple[Decimal, ...]:
    """The chip buttons: ``count`` denominations from the smallest main-bet minimum upwards,
    none above the largest maximum."""
    main = [limits.limit(name) for name in bets] or [limits.default]
    low = min(limit.minimum for limit in main)
    high = max(limit.maximum for limit in main)
    chips = [value for value in DENOMINATIONS if low <= value <= high]
    if not chips:
        chips = [low]
    return tuple(chips[:count])


#: The bets that get their own button, in table order; the others are in the keypad's list.
PRIMARY_BETS = (
    "player",
    "banker",
    "tie",
    "player_pair",
    "banker_pair",
    "right",
    "left",
    "a_cheval",
)


def primary_bets(variant_bets: Iterable[str], *, count: int = 5) -> tuple[str, ...]:
    names = set(variant_bets)
    return tuple(name for name in PRIMARY_BETS if name in names)[:count]


def limit_rows(limits: TableLimits, bets: Sequence[str]) -> tuple[tuple[str, str, str], ...]:
    """(bet, minimum, maximum) for the scoreboard's limits panel."""
    return tuple(
        (name, format_money(limits.limit(name).minimum), format_money(limits.limit(name).maximum))
        for name in bets
    )


# --- seats -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatTotals:
    """One seat's last settled coup, summed for its tile."""

    staked: Decimal
    payout: Decimal
    commission: Decimal
    net: Decimal


def seat_totals(seat: SeatView) -> SeatTotals | None:
    if not seat.results:
        return None
    return SeatTotals(
        staked=sum((r.stake for r in seat.results), Decimal(0)),
        payout=sum((r.payout for r in seat.results), Decimal(0)),
        commission=sum((r.commission for r in seat.results), Decimal(0)),
        net=sum((r.net for r in seat.results), Decimal(0)),
    )


def boxes_total(snapshot: Snapshot) -> Decimal:
    return sum((seat.box for seat in snapshot.seats), Decimal(0))


# --- cards -------------------------------------------------------------------------------------


def deal_positions(hands: Sequence[HandView]) -> tuple[tuple[int, ...], ...]:
    """Each card's position among the coup's cards in deal order, hand by hand.

    Two rounds of one card per hand in table order (P1 B1 P2 B2; Banque R1 L1 B1 …), then the
    third cards in the same order: what :class:`~dealer_assist.table.commands.CorrectCard`
    calls ``position``.
    """
    count = len(hands)
    positions: list[tuple[int, ...]] = []
    third = 2 * count
    for index, hand in enumerate(hands):
        mine = [round_ * count + index for round_ in range(min(2, len(hand.cards)))]
        for _ in hand.cards[2:]:
            mine.append(third)
            third += 1
        positions.append(tuple(mine))
    return tuple(positions)


# --- the scoreboard ----------------------------------------------------------------------------

_WINNERS = {"banker": Winner.BANKER, "player": Winner.PLAYER, "tie": Winner.TIE}


def coup_result(summary: CoupSummary) -> CoupResult | None:
    """The scoreboard's record of a finished coup; None for a void coup or a Banque coup."""
    if summary.voided or summary.winner not in _WINNERS:
        return None
    totals = {hand.hand: hand.total for hand in summary.hands}
    return CoupResult(
        winner=_WINNERS[summary.winner],
        player_pair=summary.player_pair,
        banker_pair=summary.banker_pair,
        natural=summary.natural,
        player_total=totals.get("player"),
        banker_total=totals.get("banker"),
    )


class RoadsTracker:
    """The shoe's :class:`Roads`, extended coup by coup as snapshots arrive.

    A snapshot carries the shoe's whole history; only the coups not seen yet are appended, and
    the roads start again when the shoe changes.
    """

    def __init__(self) -> None:
        self.roads = Roads.empty()
        self._shoe: int | None = None
        self._seen = 0

    def update(self, snapshot: Snapshot) -> bool:
        """Bring the roads up to ``snapshot``; True if they changed."""
        history = snapshot.history
        if snapshot.shoe.shoe != self._shoe or len(history) < self._seen:
            self._shoe = snapshot.shoe.shoe
            self._seen = 0
            changed = bool(self.roads.results)
            self.roads = Roads.empty()
        else:
            changed = False
        if len(history) == self._seen:
            return changed
        results = [coup_result(summary) for summary in history[self._seen :]]
        self._seen = len(history)
        new = [result for result in results if result is not None]
        if new:
            self.roads = self.roads.extend(new)
            return True
        return changed
