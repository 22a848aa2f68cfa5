"""The table's state and the one function that changes it: :meth:`TableState.apply`.

The state is a fold over the table's events. ``apply`` trusts the events it is given (the
controller checked them before recording them), so replaying a journal rebuilds the same state
whatever happened to the process in between.
"""

from __future__ import annotations

from collections import deque
from decimal import Decimal

from dealer_assist.cards import Card
from dealer_assist.config import TableConfig
from dealer_assist.errors import RuleViolation
from dealer_assist.rules.coup import (
    CardDealt as EngineCardDealt,
)
from dealer_assist.rules.coup import (
    Choice,
    Coup,
    CoupRules,
    Hand,
)
from dealer_assist.rules.coup import (
    HandDecided as EngineHandDecided,
)
from dealer_assist.rules.settlement import Bet, CommissionBoxes
from dealer_assist.rules.variants import Variant
from dealer_assist.shoe import CardAccount, Shoe, ShoePhase, ShuffleStatus
from dealer_assist.table import bankgame
from dealer_assist.table.events import (
    AlertRaised,
    AlertResolved,
    BankActed,
    BetPlaced,
    BetsCleared,
    Burned,
    CardCorrected,
    CardDealt,
    CardRevealed,
    CardSeen,
    CardWithdrawn,
    CardWitnessed,
    ClockStepped,
    CommissionCollected,
    CoupClosed,
    CoupCompleted,
    CoupSettled,
    CoupStarted,
    CoupVoided,
    CutCardOut,
    DeviceStatus,
    HandDecided,
    ShoeEnded,
    ShoeStarted,
    ShuffleChecked,
    SupervisorAction,
    TableEvent,
)
from dealer_assist.table.witness import NOT_A_COUP_CARD, WitnessLedger

RECALL_COUPS = 20
_BURN_REASONS = ("burn_turned", "burn")


class FinishedCoup:
    """A coup that has ended (settled or voided), as the recall screen needs it."""

    __slots__ = ("bets", "completed", "coup", "shoe", "steps", "summary", "voided")

    def __init__(
        self,
        *,
        shoe: int,
        coup: int,
        completed: CoupCompleted | None,
        bets: tuple[dict[str, str], ...],
        steps: tuple[str, ...],
        voided: bool,
    ) -> None:
        self.shoe = shoe
        self.coup = coup
        self.completed = completed
        self.bets = bets
        self.steps = steps
        self.voided = voided
        self.summary: object = None  # the snapshot's view of it, built once by the view


DEVICE_DATA_KEPT = 4


class TableState:
    """Everything the table knows. Changed only by :meth:`apply`."""

    def __init__(self, config: TableConfig) -> None:
        self.config = config
        self.variant: Variant = config.variant
        self.rules: CoupRules = config.variant.rules
        self.shoe_number = 0
        self.shoe: Shoe | None = None
        self.account = CardAccount.for_decks(config.shoe.decks)
        self.shoe_cards: list[Card] = []
        self.shuffle_status = ShuffleStatus.PENDING
        self.shuffle_cards_checked = 0
        self.shoe_end_recorded = False
        self.coup: Coup | None = None
        self.coup_number = 0
        self.coup_finished = False
        self.coup_closed = False
        self.coup_cards: list[Card] = []
        self.coup_card_hands: list[Hand] = []
        self.coup_card_shoe_index: list[int] = []
        self.coup_face_down: list[bool] = []
        self.revealed: dict[Hand, int] = {}  # squeeze: how many of each hand's cards are up
        self.coup_steps: list[str] = []
        self.completed: CoupCompleted | None = None
        self.bets: dict[int, dict[str, Decimal]] = {}
        self.last_bets: dict[int, dict[str, Decimal]] = {}
        self.last_results: tuple[dict[str, str], ...] = ()
        self.boxes = CommissionBoxes()
        self.alerts: dict[int, AlertRaised] = {}
        self.next_alert_id = 1
        self.devices: dict[str, str] = {}
        # The device data of the last reads recorded from each source (hex, oldest first), for
        # a source resuming after a restart (CardSource.resume).
        self.device_data: dict[str, tuple[str, ...]] = {}
        self.advantage_alerted: set[str] = set()  # bets already reported this shoe
        # Chemin de Fer and Banque: the bank, its calls and stakes (None in Punto Banco).
        self.bank_table: bankgame.BankTable | None = bankgame.new_bank_table(
            self.variant.game,
            seats=len(config.seats),
            minimum_cards=config.shoe.min_cards_to_deal,
            bank=config.bank,
        )
        # The witness camera (table/witness.py): what it saw of the coup, reads that came before
        # the next coup's first card, and cards burned or set aside since the coup started.
        self.witness: WitnessLedger | None = None
        self.witness_early: list[CardSeen] = []
        self.loose_cards: list[Card] = []
        self.history: list[FinishedCoup] = []
        self.recall: deque[FinishedCoup] = deque(maxlen=RECALL_COUPS)

    # --- derived -----------------------------------------------------------------------------

    @property
    def holding(self) -> bool:
        return any(alert.hold for alert in self.alerts.values())

    @property
    def betting_open(self) -> bool:
        return self.shoe is not None and (self.coup is None or self.coup_closed)

    def reveal_pending(self, hand: Hand) -> bool:
        """Squeeze: ``hand`` holds a face-down card that has not been turned."""
        if not self.config.squeeze:
            return False
        held = sum(1 for h in self.coup_card_hands if h is hand)
        return held > self.revealed.get(hand, 0)

    def _note_device_data(self, event: TableEvent) -> None:
        source, raw = getattr(event, "source", ""), getattr(event, "raw", "")
        if source and raw and isinstance(raw, str):
            kept = self.device_data.get(source, ())
            self.device_data[source] = (*kept[-(DEVICE_DATA_KEPT - 1) :], raw)

    def all_bets(self) -> list[Bet]:
        return [
            Bet(seat=seat, name=name, stake=stake)
            for seat, named in sorted(self.bets.items())
            for name, stake in named.items()
        ]

    def shoe_end_reason(self) -> str:
        if self.shoe is not None:
            for event in reversed(self.shoe.events):
                reason = getattr(event, "reason", None)
                if isinstance(reason, str):
                    return reason
        return "the shoe has ended"

    def replay_with(self, position: int, card: Card) -> Coup | None:
        """The current coup rebuilt with ``card`` at ``position``; None if that is illegal."""
        assert self.coup is not None
        cards = list(self.coup_cards)
        cards[position] = card
        return self._rebuild(cards)

    def _rebuild(self, cards: list[Card]) -> Coup | None:
        assert self.coup is not None
        rebuilt = Coup(self.rules)
        feed = iter(cards)
        try:
            for operation in self.coup.operations:
                if isinstance(operation, EngineCardDealt):
                    card = next(feed, None)
                    if card is None:
                        break
                    rebuilt.deal(card, operation.hand)  # each card stays where it was dealt
                elif isinstance(operation, EngineHandDecided):
                    rebuilt.decide(operation.hand, operation.choice)
        except RuleViolation:
            return None
        return rebuilt

    # --- the fold ----------------------------------------------------------------------------

    def apply(self, event: TableEvent) -> None:
        self._note_device_data(event)
        if isinstance(event, ShoeStarted):
            self.shoe_number = event.shoe
            self.shoe = Shoe.observed(settings=self.config.shoe, card_count=event.card_count)
            self.account = CardAccount.for_decks(event.decks)
            self.shoe_cards = []
            self.shuffle_status = ShuffleStatus.PENDING
            self.shuffle_cards_checked = 0
            self.shoe_end_recorded = False
            self.coup = None
            self.coup_number = 0
            self.coup_finished = False
            self.completed = None
            self.history = []
            self.coup_cards, self.coup_card_hands, self.coup_face_down = [], [], []
            self.coup_card_shoe_index = []
            self.advantage_alerted = set()
            self.witness, self.witness_early, self.loose_cards = None, [], []
        elif isinstance(event, Burned):
            self.loose_cards.append(event.card)
            self._count(event.card)
            assert self.shoe is not None
            if event.reason in _BURN_REASONS:
                self.shoe.burn_card(event.card)
            else:
                self.shoe.discard(event.card)
            if self.coup is not None and not self.coup_finished:
                self.coup_steps.append(f"{event.card.pretty} set aside ({event.reason})")
        elif isinstance(event, CoupStarted):
            assert self.shoe is not None
            self.shoe.start_coup()
            self.coup = Coup(self.rules)
            self.coup_number = event.coup
            self.coup_finished = False
            self.coup_closed = False
            self.completed = None
            self.coup_cards, self.coup_card_hands, self.coup_face_down = [], [], []
            self.coup_card_shoe_index = []
            self.revealed = {}
            self.witness = WitnessLedger(
                coup=event.coup, seen=[s for s in self.witness_early if s.coup == event.coup]
            )
            self.witness_early, self.loose_cards = [], []
            bets = ", ".join(f"seat {b.seat} {b.name} {b.stake}" for b in self.all_bets())
            self.coup_steps = [
                f"coup {event.coup} of shoe {self.shoe_number}; bets: {bets or 'none'}"
            ]
        elif isinstance(event, CardDealt):
            assert self.shoe is not None and self.coup is not None
            self.coup_card_shoe_index.append(len(self.shoe_cards))
            self._count(event.card)
            self.shoe.draw(event.card)
            hand = Hand(event.hand)
            self.coup.deal(event.card, hand)
            self.coup_cards.append(event.card)
            self.coup_card_hands.append(hand)
            self.coup_face_down.append(event.face_down)
            self.coup_steps.append(
                f"{event.card.pretty} to the {hand}" + (" face down" if event.face_down else "")
            )
        elif isinstance(event, CardRevealed):
            hand_turned = Hand(event.hand)
            self.revealed[hand_turned] = sum(1 for h in self.coup_card_hands if h is hand_turned)
            self.coup_steps.append(f"{event.hand} cards turned")
        elif isinstance(event, HandDecided):
            assert self.coup is not None
            self.coup.decide(Hand(event.hand), Choice(event.choice))
            self.coup_steps.append(f"{event.hand}: {event.choice} ({event.by})")
        elif isinstance(event, CoupCompleted):
            self.completed = event
            totals = ", ".join(f"{hand} {total}" for hand, total in event.totals.items())
            result = event.winner or ", ".join(f"{h} {r}" for h, r in event.sides.items())
            self.coup_steps.append(f"complete: {totals}; {result}")
        elif isinstance(event, CoupSettled):
            assert self.shoe is not None
            self.last_results = tuple(dict(b) for b in event.bets)
            for bet in event.bets:
                self.coup_steps.append(
                    f"seat {bet['seat']} {bet['name']} {bet['stake']}: {bet['result']}, "
                    f"payout {bet['payout']}, commission {bet['commission']}"
                )
            self.boxes = self.boxes.mark(
                {int(seat): Decimal(amount) for seat, amount in event.commission_to_boxes.items()}
            )
            if self.bets:
                self.last_bets = {seat: dict(named) for seat, named in self.bets.items()}
            self.bets = {}
            self._finish(voided=False, bets=self.last_results)
        elif isinstance(event, CoupVoided):
            if self.witness is not None and self.witness.coup == event.coup:
                self.witness.voided = True
            self.coup_steps.append(f"voided by the {event.by}: {event.reason}")
            self._finish(voided=True, bets=())
            self.coup_closed = True
        elif isinstance(event, CoupClosed):
            self.coup_closed = True
        elif isinstance(event, CardCorrected):
            assert self.coup is not None
            rebuilt = self.replay_with(event.position, event.corrected)
            assert rebuilt is not None
            self.coup = rebuilt
            self.coup_cards[event.position] = event.corrected
            self.shoe_cards[self.coup_card_shoe_index[event.position]] = event.corrected
            self._recount()
            self.coup_steps.append(
                f"card {event.position + 1} corrected by the {event.by}: "
                f"{event.original.pretty} read, {event.corrected.pretty} dealt"
            )
        elif isinstance(event, CardWithdrawn):
            assert self.coup is not None
            rebuilt = self._rebuild(self.coup_cards[:-1])
            assert rebuilt is not None
            self.coup = rebuilt
            self.coup_cards.pop()
            self.coup_card_hands.pop()
            self.coup_face_down.pop()
            self.coup_card_shoe_index.pop()
            self.coup_steps.append(f"{event.card.pretty} withdrawn ({event.reason}) and burned")
        elif isinstance(event, CardSeen):
            self._seen(event)
        elif isinstance(event, CardWitnessed):
            ledger = self.witness
            if event.position >= 0 and ledger is not None and ledger.coup == event.coup:
                ledger.judged += 1
                if event.dealt_position >= 0:
                    ledger.matched.add(event.dealt_position)
        elif isinstance(event, CommissionCollected):
            self.boxes, _ = self.boxes.collect(
                event.seat, self.config.settlement.commission_rounding
            )
        elif isinstance(event, BetPlaced):
            seat = self.bets.setdefault(event.seat, {})
            seat[event.name] = seat.get(event.name, Decimal(0)) + Decimal(event.stake)
        elif isinstance(event, BetsCleared):
            self.bets.pop(event.seat, None)
        elif isinstance(event, AlertRaised):
            self.alerts[event.alert] = event
            self.next_alert_id = max(self.next_alert_id, event.alert + 1)
            if event.code == "advantage_play":
                self.advantage_alerted.add(event.source)
        elif isinstance(event, AlertResolved):
            self.alerts.pop(event.alert, None)
        elif isinstance(event, BankActed):
            assert self.bank_table is not None
            if event.action == "settle":
                bankgame.settle(self.bank_table, event.args)
            else:
                kwargs = bankgame.arguments(self.variant.game, event.action, event.args)
                bankgame.perform(self.bank_table, event.action, kwargs)
        elif isinstance(event, ShuffleChecked):
            self.shuffle_status = ShuffleStatus(event.status)
            self.shuffle_cards_checked = event.cards
        elif isinstance(event, CutCardOut):
            assert self.shoe is not None
            self.shoe.signal_cut_card()
            if self.coup is not None and not self.coup_finished:
                self.coup_steps.append(f"cut card out; last coup {event.last_coup}")
        elif isinstance(event, ShoeEnded):
            if self.shoe is not None and self.shoe.phase is not ShoePhase.ENDED:
                self.shoe.end_shoe(reason=event.reason)
            self.shoe_end_recorded = True
        elif isinstance(event, DeviceStatus):
            self.devices[event.source] = event.status
        elif isinstance(event, SupervisorAction):
            if event.action == "end_shoe" and self.shoe is not None and self.shoe.can_end_shoe():
                self.shoe.end_shoe(reason=event.detail or "ended by a supervisor")
        elif isinstance(event, ClockStepped):
            pass  # a record for the audit: the table's state does not depend on the clock
        else:  # pragma: no cover - every event type is handled above
            raise TypeError(f"unknown event {event!r}")

    def _seen(self, event: CardSeen) -> None:
        if event.position == NOT_A_COUP_CARD:
            if event.card in self.loose_cards:
                self.loose_cards.remove(event.card)
        elif self.witness is not None and self.witness.coup == event.coup:
            self.witness.seen.append(event)
        else:
            self.witness_early.append(event)

    def _count(self, card: Card) -> None:
        self.shoe_cards.append(card)
        self.account.count(card)

    def _recount(self) -> None:
        self.account = CardAccount.for_decks(self.config.shoe.decks)
        self.account.count_all(self.shoe_cards)

    def _finish(self, *, voided: bool, bets: tuple[dict[str, str], ...]) -> None:
        assert self.shoe is not None
        self.coup_finished = True
        if self.shoe.can_end_coup():
            self.shoe.end_coup()
        finished = FinishedCoup(
            shoe=self.shoe_number,
            coup=self.coup_number,
            completed=None if voided else self.completed,
            bets=bets,
            steps=tuple(self.coup_steps),
            voided=voided,
        )
        if not voided:
            self.history.append(finished)
        self.recall.append(finished)
