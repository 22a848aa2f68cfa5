"""The table's state and the one function that changes it: :meth:`TableState.apply`.

The state is a fold over the table's events. ``apply`` trusts the events it is given (the
controller checked them before recording them), so replaying a journal rebuilds the same state
whatever happened to the process in between.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import assert_never

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
    DealTo,
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
    BURN_PROCEDURE,
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
    PitMessage,
    ShoeEnded,
    ShoeStarted,
    ShuffleChecked,
    SupervisorAction,
    TableEvent,
)

RECALL_COUPS = 20
NOT_A_COUP_CARD = -1  # CardSeen.position of a burned card shown on the layout


@dataclass(frozen=True, slots=True, kw_only=True)
class CoupCard:
    """One card of the coup in play: which card, to which hand, where it came in the shoe
    (its index in :attr:`TableState.shoe_cards`), and whether it was dealt face down."""

    card: Card
    hand: Hand
    shoe_position: int
    face_down: bool = False


@dataclass(slots=True)
class WitnessLedger:
    """What the witness camera (table/witness.py) saw of one coup, and how much of it has been
    judged (in order)."""

    coup: int
    seen: list[CardSeen] = field(default_factory=list)
    judged: int = 0
    matched: set[int] = field(default_factory=set)  # the coup's cards a sighting accounted for
    voided: bool = False


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
        self.in_play: list[CoupCard] = []  # the coup's cards, in the order dealt
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
        # The pit's messages to the croupier: how many, and the last one.
        self.pit_messages = 0
        self.last_pit_message: PitMessage | None = None
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
        held = sum(1 for dealt in self.in_play if dealt.hand is hand)
        return held > self.revealed.get(hand, 0)

    @property
    def awaiting_turn(self) -> bool:
        """Squeeze: the coup's next card depends on face-down cards not yet turned (only the
        first two cards of each hand go out in a fixed order whatever their values)."""
        coup = self.coup
        if coup is None or self.coup_finished:
            return False
        if not any(self.reveal_pending(hand) for hand in self.rules.hands):
            return False
        step = coup.next_step
        return not (isinstance(step, DealTo) and len(coup.cards(step.hand)) < 2)

    def hidden(self, position: int) -> bool:
        """Squeeze: the coup's card at ``position`` (deal order) is face down and not turned."""
        dealt = self.in_play[position]
        if not (self.config.squeeze and dealt.face_down):
            return False
        index = sum(1 for earlier in self.in_play[:position] if earlier.hand is dealt.hand)
        return index >= self.revealed.get(dealt.hand, 0)

    @property
    def coup_cards(self) -> list[Card]:
        """The coup's cards, in the order dealt."""
        return [dealt.card for dealt in self.in_play]

    @property
    def coup_card_hands(self) -> list[Hand]:
        """The hand each of the coup's cards went to, in the order dealt."""
        return [dealt.hand for dealt in self.in_play]

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
        """Fold one event into the state: each event type has its handler below, and mypy
        proves the ``match`` complete (a new event type without a handler fails the type check
        at ``assert_never``)."""
        self._note_device_data(event)
        match event:
            case ShoeStarted():
                self._on_shoe_started(event)
            case Burned():
                self._on_burned(event)
            case CoupStarted():
                self._on_coup_started(event)
            case CardDealt():
                self._on_card_dealt(event)
            case CardRevealed():
                self._on_card_revealed(event)
            case HandDecided():
                self._on_hand_decided(event)
            case CoupCompleted():
                self._on_coup_completed(event)
            case CoupSettled():
                self._on_coup_settled(event)
            case CoupVoided():
                self._on_coup_voided(event)
            case CoupClosed():
                self.coup_closed = True
            case CardCorrected():
                self._on_card_corrected(event)
            case CardWithdrawn():
                self._on_card_withdrawn(event)
            case CardSeen():
                self._on_card_seen(event)
            case CardWitnessed():
                self._on_card_witnessed(event)
            case CommissionCollected():
                self.boxes, _ = self.boxes.collect(
                    event.seat, self.config.settlement.commission_rounding
                )
            case BetPlaced():
                seat = self.bets.setdefault(event.seat, {})
                seat[event.name] = seat.get(event.name, Decimal(0)) + Decimal(event.stake)
            case BetsCleared():
                self.bets.pop(event.seat, None)
            case AlertRaised():
                self._on_alert_raised(event)
            case AlertResolved():
                self.alerts.pop(event.alert, None)
            case BankActed():
                self._on_bank_acted(event)
            case ShuffleChecked():
                self.shuffle_status = ShuffleStatus(event.status)
                self.shuffle_cards_checked = event.cards
            case CutCardOut():
                self._on_cut_card_out(event)
            case ShoeEnded():
                self._on_shoe_ended(event)
            case DeviceStatus():
                self.devices[event.source] = event.status
            case SupervisorAction():
                self._on_supervisor_action(event)
            case PitMessage():
                self.pit_messages += 1
                self.last_pit_message = event
            case ClockStepped():
                pass  # a record for the audit: the table's state does not depend on the clock
            case _:
                assert_never(event)

    def _start_coup(self, coup: Coup | None, number: int) -> None:
        """The one place the coup in play starts over: at a new shoe (no coup yet) and at each
        coup's first card."""
        self.coup = coup
        self.coup_number = number
        self.coup_finished = False
        self.coup_closed = False
        self.completed = None
        self.in_play = []
        self.revealed = {}
        self.loose_cards = []
        # What the witness saw before this coup's first card is this coup's (None: no coup).
        self.witness = (
            None
            if coup is None
            else WitnessLedger(
                coup=number, seen=[s for s in self.witness_early if s.coup == number]
            )
        )
        self.witness_early = []

    def _on_shoe_started(self, event: ShoeStarted) -> None:
        self.shoe_number = event.shoe
        self.shoe = Shoe.observed(settings=self.config.shoe, card_count=event.card_count)
        self.account = CardAccount.for_decks(event.decks)
        self.shoe_cards = []
        self.shuffle_status = ShuffleStatus.PENDING
        self.shuffle_cards_checked = 0
        self.shoe_end_recorded = False
        self.history = []
        self.advantage_alerted = set()
        self._start_coup(None, 0)

    def _on_burned(self, event: Burned) -> None:
        self.loose_cards.append(event.card)
        self._count(event.card)
        assert self.shoe is not None
        if event.reason in BURN_PROCEDURE:
            self.shoe.burn_card(event.card)
        else:
            self.shoe.discard(event.card)
        if self.coup is not None and not self.coup_finished:
            self.coup_steps.append(f"{event.card.pretty} set aside ({event.reason})")

    def _on_coup_started(self, event: CoupStarted) -> None:
        assert self.shoe is not None
        self.shoe.start_coup()
        self._start_coup(Coup(self.rules), event.coup)
        bets = ", ".join(f"seat {b.seat} {b.name} {b.stake}" for b in self.all_bets())
        self.coup_steps = [f"coup {event.coup} of shoe {self.shoe_number}; bets: {bets or 'none'}"]

    def _on_card_dealt(self, event: CardDealt) -> None:
        assert self.shoe is not None and self.coup is not None
        position = len(self.shoe_cards)
        self._count(event.card)
        self.shoe.draw(event.card)
        hand = Hand(event.hand)
        self.coup.deal(event.card, hand)
        self.in_play.append(
            CoupCard(card=event.card, hand=hand, shoe_position=position, face_down=event.face_down)
        )
        if self.hidden(len(self.in_play) - 1):  # named when turned (a voided coup: never)
            self.coup_steps.append(f"a card to the {hand} face down")
        else:
            self.coup_steps.append(f"{event.card.pretty} to the {hand}")

    def _on_card_revealed(self, event: CardRevealed) -> None:
        hand = Hand(event.hand)
        held = [dealt.card for dealt in self.in_play if dealt.hand is hand]
        turned = held[self.revealed.get(hand, 0) :]
        self.revealed[hand] = len(held)
        self.coup_steps.append(
            f"{event.hand} cards turned: {' '.join(card.pretty for card in turned)}"
        )

    def _on_hand_decided(self, event: HandDecided) -> None:
        assert self.coup is not None
        self.coup.decide(Hand(event.hand), Choice(event.choice))
        self.coup_steps.append(f"{event.hand}: {event.choice} ({event.by})")

    def _on_coup_completed(self, event: CoupCompleted) -> None:
        self.completed = event
        totals = ", ".join(f"{hand} {total}" for hand, total in event.totals.items())
        result = event.winner or ", ".join(f"{h} {r}" for h, r in event.sides.items())
        self.coup_steps.append(f"complete: {totals}; {result}")

    def _on_coup_settled(self, event: CoupSettled) -> None:
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

    def _on_coup_voided(self, event: CoupVoided) -> None:
        if self.witness is not None and self.witness.coup == event.coup:
            self.witness.voided = True
        self.coup_steps.append(f"voided by the {event.by}: {event.reason}")
        self._finish(voided=True, bets=())
        self.coup_closed = True

    def _on_card_corrected(self, event: CardCorrected) -> None:
        assert self.coup is not None
        rebuilt = self.replay_with(event.position, event.corrected)
        assert rebuilt is not None
        self.coup = rebuilt
        dealt = self.in_play[event.position]
        self.in_play[event.position] = replace(dealt, card=event.corrected)
        self.shoe_cards[dealt.shoe_position] = event.corrected
        self._recount()
        self.coup_steps.append(
            f"card {event.position + 1} corrected by the {event.by}: "
            f"{event.original.pretty} read, {event.corrected.pretty} dealt"
        )

    def _on_card_withdrawn(self, event: CardWithdrawn) -> None:
        assert self.coup is not None
        rebuilt = self._rebuild(self.coup_cards[:-1])
        assert rebuilt is not None
        self.coup = rebuilt
        self.in_play.pop()
        self.coup_steps.append(f"{event.card.pretty} withdrawn ({event.reason}) and burned")

    def _on_card_seen(self, event: CardSeen) -> None:
        if event.position == NOT_A_COUP_CARD:
            if event.card in self.loose_cards:
                self.loose_cards.remove(event.card)
        elif self.witness is not None and self.witness.coup == event.coup:
            self.witness.seen.append(event)
        else:
            self.witness_early.append(event)

    def _on_card_witnessed(self, event: CardWitnessed) -> None:
        ledger = self.witness
        if event.position >= 0 and ledger is not None and ledger.coup == event.coup:
            ledger.judged += 1
            if event.dealt_position >= 0:
                ledger.matched.add(event.dealt_position)

    def _on_alert_raised(self, event: AlertRaised) -> None:
        self.alerts[event.alert] = event
        self.next_alert_id = max(self.next_alert_id, event.alert + 1)
        if event.code == "advantage_play":
            self.advantage_alerted.add(event.source)

    def _on_bank_acted(self, event: BankActed) -> None:
        assert self.bank_table is not None
        if event.action == "settle":
            bankgame.settle(self.bank_table, event.args)
        else:
            kwargs = bankgame.arguments(self.variant.game, event.action, event.args)
            bankgame.perform(self.bank_table, event.action, kwargs)

    def _on_cut_card_out(self, event: CutCardOut) -> None:
        assert self.shoe is not None
        self.shoe.signal_cut_card()
        if self.coup is not None and not self.coup_finished:
            self.coup_steps.append(f"cut card out; last coup {event.last_coup}")

    def _on_shoe_ended(self, event: ShoeEnded) -> None:
        if self.shoe is not None and self.shoe.phase is not ShoePhase.ENDED:
            self.shoe.end_shoe(reason=event.reason)
        self.shoe_end_recorded = True

    def _on_supervisor_action(self, event: SupervisorAction) -> None:
        if event.action == "end_shoe" and self.shoe is not None and self.shoe.can_end_shoe():
            self.shoe.end_shoe(reason=event.detail or "ended by a supervisor")

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
