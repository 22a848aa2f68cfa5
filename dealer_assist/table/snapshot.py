"""What the table shows: immutable snapshots, published after every change.

Views (the touchscreen, the scoreboard, the terminal, the JSON stream) render snapshots and
nothing else. A face-down card appears here without its value: squeezed cards never leave the
controller until they are turned.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any


@dataclass(frozen=True, slots=True, kw_only=True)
class CardView:
    code: str | None  # None while the card is face down
    pretty: str | None
    red: bool | None
    face_down: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class HandView:
    hand: str
    cards: tuple[CardView, ...]
    total: int | None  # None while any card is face down
    natural: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionView:
    hand: str
    options: tuple[str, ...]
    reason: str
    by: str | None = None  # Chemin de Fer and Banque: the seat or player who decides


@dataclass(frozen=True, slots=True, kw_only=True)
class AlertView:
    alert: int
    code: str
    message: str
    fix: str
    hold: bool
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PitMessageView:
    """The pit's last message to the croupier; ``number`` counts them (1 for the first)."""

    number: int
    text: str
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BetView:
    name: str
    stake: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class BetResultView:
    name: str
    stake: Decimal
    result: str
    payout: Decimal
    commission: Decimal
    net: Decimal
    returned: Decimal


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    seat: int
    bets: tuple[BetView, ...]
    results: tuple[BetResultView, ...]  # the last settled coup's
    box: Decimal  # the commission box balance, exact


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeView:
    shoe: int
    phase: str  # burn, between_coups, in_coup, ended, none
    decks: int
    card_count: int
    cards_out: int
    cards_left: int
    cut_card_out: bool
    last_coup: int | None
    is_last_coup: bool
    coups_played: int
    burn_remaining: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupSummary:
    """A finished coup, for the roads, the statistics and the recall screen."""

    shoe: int
    coup: int
    hands: tuple[HandView, ...]
    winner: str | None
    natural: bool
    player_pair: bool
    banker_pair: bool
    sides: tuple[tuple[str, str], ...]
    voided: bool
    bets: tuple[tuple[int, BetResultView], ...]
    steps: tuple[str, ...]  # every step in its original order, in words


@dataclass(frozen=True, slots=True, kw_only=True)
class Snapshot:
    seq: int  # the last event applied
    table_id: str
    name: str
    variant: str
    variant_title: str
    game: str
    squeeze: bool
    coup: int
    phase: str  # burn, betting, dealing, decision, reveal, complete, held, shoe_ended
    hands: tuple[HandView, ...]
    instruction: str
    call: str
    next_hand: str | None
    decision: DecisionView | None
    winner: str | None
    sides: tuple[tuple[str, str], ...]
    alerts: tuple[AlertView, ...]
    seats: tuple[SeatView, ...]
    shoe: ShoeView
    devices: tuple[tuple[str, str], ...]
    history: tuple[CoupSummary, ...]  # this shoe's finished coups, oldest first
    recall: tuple[CoupSummary, ...] = field(default=())  # the last coups, newest last
    # Chemin de Fer and Banque: the bank, who holds it, the calls, the coverage, who may stake
    # (an immutable CheminDeFerView or BanqueView from dealer_assist.rules.bank).
    bank: Any = None
    pit_message: PitMessageView | None = None

    @property
    def holding(self) -> bool:
        return any(alert.hold for alert in self.alerts)
