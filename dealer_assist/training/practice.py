"""Practice at the table: the trainee deals real coups, each action judged at once.

:class:`PracticeTable` runs over the table controller's snapshots and commands (no Qt): the
touchscreen's training screen (``dealer_assist/ui/training.py``) only renders its state and
passes the trainee's touches to :meth:`PracticeTable.act`.

Each coup asks, in the order a croupier acts: whether the Player draws (or stands), whether the
Banker draws, who won, what each winning bet is paid, and the commission to collect on a
commissioned win. The screen hides the controller's instruction, its call and the totals until
the trainee has answered; each answer is judged against the rules engine at once (the coup state
machine for a draw, the outcome for the winner, the table's own settlement for a payout and a
commission: never a second copy of a rule), the item's rule is shown after a mistake, and the
answer is rated and recorded in the trainee's records like a drill's (mode ``practice``).

With the mock shoe the session deals itself: from a shoe stacked with the coups of the tableau
cells due for this trainee (:func:`practice_shoe`, through :mod:`~dealer_assist.training.stacking`),
one card at a time, and never past a question the trainee has not answered. With a real shoe
the trainee draws the cards: a card that comes out while a draw question is open answers it
("draw"), a hand left alone when the coup moves on answers "stand".

The pace is coups closed per hour of the session against the school's target.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from random import Random
from typing import TYPE_CHECKING, Any

from dealer_assist.cards import Card, parse_card
from dealer_assist.drivers.base import CardRead, CutCardDrawn, SourceEvent
from dealer_assist.errors import InputError
from dealer_assist.rules.coup import Coup, CoupRules, Hand
from dealer_assist.rules.outcome import outcome_of
from dealer_assist.rules.variants import Variant
from dealer_assist.shoe.settings import ShoeSettings
from dealer_assist.table import commands as cmd
from dealer_assist.table.snapshot import BetResultView, HandView, Snapshot
from dealer_assist.training.items import Item, ItemCatalog, Kind
from dealer_assist.training.prompts import Prompt, draws, judge, odd_stake
from dealer_assist.training.scheduler import Review, Trainer
from dealer_assist.training.stacking import CardPicker, complete_coup, deal_cell, stack_shoe

if TYPE_CHECKING:
    from dealer_assist.config import TableConfig
    from dealer_assist.table.controller import TableController
    from dealer_assist.training.records import TrainingRecords

#: The questions of a coup, in the order the croupier meets them.
QUESTIONS = ("player", "banker", "winner", "pay", "collect")
#: Coups stacked at the front of each practice shoe (the rest of the shoe is shuffled).
STACKED_COUPS = 24
#: A school's usual pace for a Punto Banco dealer, hands per hour.
DEFAULT_TARGET = Decimal(60)
SOURCE = "practice://"


@dataclass(frozen=True, slots=True, kw_only=True)
class Task:
    """What the trainee must do now. ``prompt`` holds the rules engine's answer (never shown
    before the trainee acts); ``seat`` and ``bet`` name the bet a payout or commission is for."""

    prompt: Prompt
    seat: int | None = None
    bet: str | None = None
    stake: Decimal | None = None

    @property
    def question(self) -> str:
        return self.prompt.question

    @property
    def answers(self) -> tuple[str, ...]:
        """The buttons of a question with fixed answers; empty for an amount."""
        if self.question in ("player", "banker"):
            return ("draw", "stand")
        if self.question == "winner":
            return ("player", "banker", "tie")
        return ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Judgement:
    """An answer, judged. ``rule`` is shown after a mistake; ``review`` is None when the item is
    not among the trainee's (a bet the school's syllabus does not ask)."""

    task: Task
    given: str
    correct: bool
    expected: str
    ms: int
    rule: str
    review: Review | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Pace:
    """Coups closed in the session, over its time, against the school's target."""

    hands: int
    seconds: float
    target: Decimal

    @property
    def hands_per_hour(self) -> Decimal | None:
        if self.seconds <= 0 or not self.hands:
            return None
        return (Decimal(self.hands) * 3600 / Decimal(str(round(self.seconds, 3)))).quantize(
            Decimal(1)
        )

    @property
    def on_target(self) -> bool:
        per_hour = self.hands_per_hour
        return per_hour is not None and per_hour >= self.target


# --- the stacked practice shoe ------------------------------------------------------------


def practice_shoe(
    trainer: Trainer,
    *,
    rules: CoupRules,
    settings: ShoeSettings,
    rng: Random,
    coups: int = STACKED_COUPS,
) -> tuple[list[Card], list[Item]]:
    """A full legal shoe whose first coups put the trainee in front of the tableau cells due
    (most overdue first, then cells never asked), and those cells in order."""
    cells = trainer.queue(kinds=(Kind.TABLEAU,), count=coups)
    picker = CardPicker(decks=settings.decks, rng=rng)
    stacked = []
    for item in cells:
        cards, _ = deal_cell(rules, item.id.split(":")[1:], picker)
        stacked.append(complete_coup(rules, cards, picker))
    return stack_shoe(stacked, settings=settings, rng=rng), list(cells)


class StackedShoe:
    """The mock shoe of a practice session: deals ``cards`` one at a time on the session's own
    thread, reporting the cut card where the mock shoe does (``cut_card_from_end``)."""

    def __init__(self, *, cards: Sequence[Card], cut_card_from_end: int) -> None:
        self.cards = list(cards)
        self.position = 0
        self._cut_at = max(0, len(self.cards) - cut_card_from_end) if cut_card_from_end else None

    def next_events(self) -> list[SourceEvent]:
        if self.position >= len(self.cards):
            raise InputError("the practice shoe has no cards left: start a new shoe")
        events: list[SourceEvent] = []
        if self._cut_at is not None and self.position == self._cut_at:
            events.append(CutCardDrawn(source=SOURCE))
        card = self.cards[self.position]
        self.position += 1
        events.append(CardRead(source=SOURCE, card=card, raw=card.code.encode()))
        return events


# --- the session ----------------------------------------------------------------------------


def _cards(view: HandView) -> list[Card] | None:
    if any(card.code is None for card in view.cards):
        return None
    return [parse_card(card.code) for card in view.cards if card.code is not None]


def _hands(snapshot: Snapshot) -> tuple[list[Card], list[Card]] | None:
    """The Player's and the Banker's face-up cards, or None (a face-down card, no coup)."""
    by_hand = {view.hand: _cards(view) for view in snapshot.hands}
    player, banker = by_hand.get("player"), by_hand.get("banker")
    if player is None or banker is None:
        return None
    return player, banker


def coup_of(rules: CoupRules, player: Sequence[Card], banker: Sequence[Card]) -> Coup:
    """The coup engine fed these cards in deal order (Player, Banker, Player, Banker, then the
    third cards): what every draw question is judged by."""
    coup = Coup(rules)
    for index in range(2):
        coup.deal(player[index], Hand.PLAYER)
        coup.deal(banker[index], Hand.BANKER)
    if len(player) > 2:
        coup.deal(player[2], Hand.PLAYER)
    if len(banker) > 2:
        coup.deal(banker[2], Hand.BANKER)
    return coup


class PracticeTable:
    """One trainee's practice at one Punto Banco table.

    ``submit`` sends a command to the table's controller; ``feed`` hands it a card source's
    event (the mock shoe dealt by the session) and is None with a real shoe; ``shoe_maker``
    makes a new stacked shoe (mock only). ``clock`` counts seconds (monotonic) for the answer
    times and the pace. Call :meth:`on_snapshot` with each snapshot the controller publishes.
    """

    def __init__(
        self,
        *,
        trainer: Trainer,
        catalog: ItemCatalog,
        variant: Variant,
        submit: Callable[[cmd.Command], object],
        clock: Callable[[], float],
        rng: Random,
        target: Decimal = DEFAULT_TARGET,
        feed: Callable[[SourceEvent], None] | None = None,
        shoe_maker: Callable[[], StackedShoe] | None = None,
        seats: Sequence[int] = (1, 2, 3),
        seed: int | None = None,
        commission_taken: bool = True,
    ) -> None:
        if variant.rules.banker_optional_cells or variant.rules.player_option_on_five:
            raise InputError(
                f"practice at the table deals Punto Banco variants, not {variant.name}: the "
                "punter's and banker's options are drilled with train drill --kind options"
            )
        if (feed is None) != (shoe_maker is None):
            raise InputError("a practice mock shoe needs both feed and shoe_maker")
        self.trainer = trainer
        self.catalog = catalog
        self.variant = variant
        self.rules = variant.rules
        self.target = target
        self._submit = submit
        self._clock = clock
        self._rng = rng
        self._feed = feed
        self._shoe_maker = shoe_maker
        self._shoe: StackedShoe | None = None
        self.seats = tuple(seats)
        # Commission taken when the win is paid (immediate mode), else marked in the box.
        self.commission_taken = commission_taken
        self.session_id = trainer.records.start_session(
            trainee_id=trainer.trainee_id,
            mode="practice",
            kinds="tableau,winner,payout,commission",
            seed=seed,
            now=trainer.now(),
        )
        self.snapshot: Snapshot | None = None
        self.task: Task | None = None
        self.last: Judgement | None = None
        self.judgements: list[Judgement] = []
        self._asked_at = 0.0
        self._started: float | None = None
        self.hands = 0
        # What this coup has asked so far (questions answered, bets paid), by the coup's number.
        self._coup: int | None = None
        self._done: set[str] = set()
        self._betted: int | None = None
        self._listeners: list[Callable[[], None]] = []

    # --- what the screen reads ---------------------------------------------------------------

    def on_change(self, listener: Callable[[], None]) -> None:
        """Called after each change of the task, the judgement or the pace."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in self._listeners:
            listener()

    @property
    def pace(self) -> Pace:
        seconds = 0.0 if self._started is None else self._clock() - self._started
        return Pace(hands=self.hands, seconds=seconds, target=self.target)

    @property
    def revealed(self) -> bool:
        """Whether the winner and the totals may be shown: the trainee has called the coup."""
        return "winner" in self._done

    # --- the table's side -----------------------------------------------------------------

    def start(self) -> None:
        """Deal up to the first question (mock shoe); with a real shoe, wait for its cards."""
        self._started = self._clock()
        self._advance()

    def on_snapshot(self, snapshot: Snapshot) -> None:
        self.snapshot = snapshot
        if snapshot.coup != self._coup:
            self._coup, self._done = snapshot.coup, set()
        task = self.task
        if task is not None and task.question in ("player", "banker") and self._feed is None:
            self._implied_answer(task, snapshot)
        if self.task is None:
            self._open_task()

    def _implied_answer(self, task: Task, snapshot: Snapshot) -> None:
        """A real shoe: a card out for the hand asked answers "draw"; the coup moving past it,
        "stand"."""
        hands = _hands(snapshot)
        if hands is None:
            return
        player, banker = hands
        asked = player if task.question == "player" else banker
        shown = task.prompt.fields[f"{task.question}_cards"]
        if len(asked) > len(shown):
            self.act("draw")
        elif len(player) + len(banker) > len(task.prompt.cards) or snapshot.phase == "complete":
            self.act("stand")

    def _open_task(self) -> None:
        snapshot = self.snapshot
        if snapshot is None:
            return
        task = self._next_task(snapshot)
        if task is not None:
            self.task = task
            self._asked_at = self._clock()
            self._changed()

    def _next_task(self, snapshot: Snapshot) -> Task | None:
        if snapshot.phase not in ("dealing", "complete") or snapshot.holding:
            return None
        hands = _hands(snapshot)
        if hands is None or len(hands[0]) < 2 or len(hands[1]) < 2:
            return None
        player, banker = hands
        coup = coup_of(self.rules, player, banker)
        naturals = {view.hand: view.natural for view in snapshot.hands}
        if "player" not in self._done and len(player) == 2 and len(banker) == 2:
            task = self._draw_task(coup, Hand.PLAYER, player, banker, naturals)
            if task is not None:
                return task
            self._done.add("player")
        player_done = "player" in self._done and (
            len(player) == 3 or draws(coup, Hand.PLAYER) == "stand"
        )
        if "banker" not in self._done and len(banker) == 2 and player_done:
            task = self._draw_task(coup, Hand.BANKER, player, banker, naturals)
            if task is not None:
                return task
            self._done.add("banker")
        if snapshot.phase != "complete" or "banker" not in self._done:
            return None
        if "winner" not in self._done:
            return self._winner_task(coup, player, banker)
        for seat in snapshot.seats:
            for place, result in enumerate(seat.results):
                task = self._bet_task(seat.seat, place, result, coup)
                if task is not None:
                    return task
        return None

    def _draw_task(
        self,
        coup: Coup,
        hand: Hand,
        player: list[Card],
        banker: list[Card],
        naturals: Mapping[str, bool],
    ) -> Task | None:
        """A draw question, or None for a natural's own hand (nothing to decide)."""
        other = Hand.BANKER if hand is Hand.PLAYER else Hand.PLAYER
        if naturals.get(hand.value):
            return None
        totals = coup.totals
        if naturals.get(other.value):
            item_id = f"tableau:natural:{other.value}"
        elif hand is Hand.PLAYER:
            item_id = f"tableau:player:{totals[hand]}"
        else:
            third = player[2].value if len(player) == 3 else "none"
            item_id = f"tableau:banker:{totals[hand]}:{third}"
        prompt = Prompt(
            item=self.catalog.get(item_id),
            question=hand.value,
            fields={
                "player_cards": [card.code for card in player],
                "banker_cards": [card.code for card in banker],
            },
            expected={"answer": draws(coup, hand)},
            cards=(*player, *banker),
        )
        return Task(prompt=prompt)

    def _winner_task(self, coup: Coup, player: list[Card], banker: list[Card]) -> Task:
        outcome = outcome_of(coup)
        assert outcome.winner is not None
        how = "natural" if outcome.natural else "drawn"
        prompt = Prompt(
            item=self.catalog.get(f"winner:{how}:{outcome.winner.value}"),
            question="winner",
            fields={
                "player_cards": [card.code for card in player],
                "banker_cards": [card.code for card in banker],
            },
            expected={"answer": outcome.winner.value},
            cards=(*player, *banker),
        )
        return Task(prompt=prompt)

    def _bet_task(self, seat: int, place: int, result: BetResultView, coup: Coup) -> Task | None:
        """Pay a winning bet (what the table's settlement returns beside the stake), then
        collect its commission (taken now, or marked in the box)."""
        if result.result != "win":
            return None
        key = f"{seat}:{place}"
        bet = self.variant.bet(result.name)
        if f"pay:{key}" not in self._done:
            line = next((k for k in bet.keys(outcome_of(coup)) if k in bet.pays), "")
            item = self._item(f"payout:{self.variant.name}:{result.name}:{line}")
            amount = result.returned - result.stake
            question = "pay"
        elif result.commission and f"collect:{key}" not in self._done:
            item = self._item(f"commission:{'take' if self.commission_taken else 'mark'}")
            amount = result.commission
            question = "collect"
        else:
            return None
        prompt = Prompt(
            item=item,
            question=question,
            fields={"seat": seat, "bet": result.name, "stake": str(result.stake)},
            expected={"answer": amount},
        )
        return Task(prompt=prompt, seat=seat, bet=result.name, stake=result.stake)

    def _item(self, item_id: str) -> Item:
        for item in self.catalog.items:
            if item.id == item_id:
                return item
        # A bet of the table that no item asks (the school's syllabus): judged, not scheduled.
        return Item(id=item_id, kind=Kind.PAYOUT, title=item_id, rule="")

    # --- the trainee's side ----------------------------------------------------------------

    def act(self, answer: str) -> Judgement:
        """The trainee's answer to the open task: ``draw``/``stand``, ``player``/``banker``/
        ``tie``, or an amount ("118.75")."""
        task = self.task
        if task is None:
            raise InputError("nothing is asked now: wait for the next card")
        ms = max(0, round((self._clock() - self._asked_at) * 1000))
        correct = judge(task.prompt, {"answer": answer})
        expected = str(task.prompt.expected_json())
        review = None
        if task.prompt.item.id in {item.id for item in self.trainer.items}:
            review = self.trainer.record(
                session_id=self.session_id,
                item=task.prompt.item,
                correct=correct,
                ms=ms,
                given=json.dumps({"answer": answer}),
                expected=json.dumps(task.prompt.expected_json()),
            )
        judgement = Judgement(
            task=task,
            given=answer,
            correct=correct,
            expected=expected,
            ms=ms,
            rule="" if correct else task.prompt.item.rule,
            review=review,
        )
        self.judgements.append(judgement)
        self.last = judgement
        self._done.add(self._done_key(task))
        self.task = None
        self._open_task()
        if self.task is None:
            self._advance()
        self._changed()
        return judgement

    def _done_key(self, task: Task) -> str:
        if task.question in ("pay", "collect"):
            snapshot = self.snapshot
            assert snapshot is not None and task.seat is not None
            for seat in snapshot.seats:
                if seat.seat == task.seat:
                    for place, result in enumerate(seat.results):
                        key = f"{task.question}:{task.seat}:{place}"
                        if result.name == task.bet and key not in self._done:
                            return key
        return task.question

    def _advance(self) -> None:
        """The mock shoe: close a coup whose questions are answered, bet, and deal until the
        next question. A real shoe: close the coup; the trainee deals the next."""
        while self.task is None and self.snapshot is not None:
            snapshot = self.snapshot
            if snapshot.phase == "complete" and "winner" in self._done:
                self.hands += 1
                self._submit(cmd.CloseCoup())
                if self._feed is None:
                    return
                continue
            if snapshot.holding or self._feed is None or self._shoe_maker is None:
                return
            if snapshot.phase == "shoe_ended" or snapshot.shoe.phase == "none":
                self._submit(cmd.NewShoe())
                self._shoe = self._shoe_maker()
                continue
            if self._shoe is None:
                self._shoe = self._shoe_maker()
            if snapshot.phase in ("betting", "burn") and self._betted != snapshot.coup:
                self._place_bets(snapshot)
            for event in self._shoe.next_events():
                self._feed(event)

    def _place_bets(self, snapshot: Snapshot) -> None:
        if snapshot.phase != "betting":
            return
        self._betted = snapshot.coup
        names = [name for name in ("banker", "player", "tie") if name in self.variant.bets]
        for seat, name in zip(self.seats, names, strict=False):
            if name == "tie" and self._rng.random() < 0.6:
                continue
            stake = odd_stake(self._rng)
            self._submit(cmd.PlaceBet(seat=seat, name=name, amount=str(stake)))

    def finish(self) -> Mapping[str, Any]:
        """End the session in the records; what the trainee did."""
        self.trainer.records.end_session(self.session_id, now=self.trainer.now())
        per_hour = self.pace.hands_per_hour
        return {
            "trainee": self.trainer.trainee,
            "answers": len(self.judgements),
            "correct": sum(j.correct for j in self.judgements),
            "hands": self.hands,
            "hands_per_hour": None if per_hour is None else str(per_hour),
            "target": str(self.target),
        }


def shoe_maker_for(
    trainer: Trainer, *, rules: CoupRules, settings: ShoeSettings, rng: Random
) -> Callable[[], StackedShoe]:
    def make() -> StackedShoe:
        cards, _ = practice_shoe(trainer, rules=rules, settings=settings, rng=rng)
        return StackedShoe(cards=cards, cut_card_from_end=settings.cut_card_from_end)

    return make


def practice_items(variant: Variant) -> ItemCatalog:
    """The items a practice at a table of ``variant`` asks and schedules: the tableau, calling
    the winner, the table's own payouts (its variant first) and the commission."""
    from dealer_assist.rules.variants import default_catalog
    from dealer_assist.training.items import PayoutTable, build_catalog

    banker = variant.bets.get("banker")
    rate = banker.commission if banker is not None and banker.commission else Decimal("0.05")
    tables = [PayoutTable(label=variant.name, variant=variant)]
    catalog = default_catalog()
    if variant.name != "punto-banco":
        tables.append(PayoutTable(label="punto-banco", variant=catalog.variant("punto-banco")))
    return build_catalog(tables=tables, commission_rate=rate)


PRACTICE_KINDS = (Kind.TABLEAU, Kind.WINNER, Kind.PAYOUT, Kind.COMMISSION)


def mock_practice(
    *,
    config: TableConfig,
    records: TrainingRecords,
    trainee: str,
    seed: int,
    clock: Callable[[], float],
    target: Decimal = DEFAULT_TARGET,
) -> tuple[TableController, PracticeTable]:
    """A practice on the mock shoe: the table's controller driven on the caller's thread, its
    shoes stacked with the trainee's due cells; started (the first question is open)."""
    from dealer_assist.rules.settlement import CommissionMode
    from dealer_assist.table.controller import TableController

    controller = TableController(config)
    catalog = practice_items(config.variant)
    trainer = Trainer(
        records=records,
        trainee=trainee,
        items=catalog.of_kinds(PRACTICE_KINDS),
        rng=Random(seed),
    )
    rng = Random(seed + 1)
    practice = PracticeTable(
        trainer=trainer,
        catalog=catalog,
        variant=config.variant,
        submit=controller.execute,
        clock=clock,
        rng=rng,
        target=target,
        feed=controller.on_source_event,
        shoe_maker=shoe_maker_for(
            trainer, rules=config.variant.rules, settings=config.shoe, rng=rng
        ),
        seats=config.seats[:3],
        seed=seed,
        commission_taken=config.settlement.commission_mode is CommissionMode.IMMEDIATE,
    )
    controller.on_snapshot(practice.on_snapshot)
    controller.begin()
    practice.start()
    return controller, practice
