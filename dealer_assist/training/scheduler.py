"""Scheduling that learns: each item is a card in an FSRS scheduler (the ``fsrs`` package).

An answer is rated from its correctness and its time: wrong is *Again*; right and faster than
the kind's ``fast_ms`` is *Easy*, within ``slow_ms`` *Good*, slower *Hard*. A missed item comes
back after the first learning step (a minute), so a trainee meets it again within the drill; one
answered right waits longer each time. An item missed ``leech_lapses`` times is a **leech**: it
is flagged for the instructor (reports, ``train report``) and still scheduled.

The next item is the most overdue one; when none is due, one never asked (chosen by the injected
``rng``); when all have been asked and none is due, practice ahead of schedule: any item (by the
``rng``) but the last few asked, so a missed item is not asked over and over in a row. The clock
is injected (a UTC ``datetime``), and fuzzing is off, so a drill replays exactly from its seed and
its times.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from random import Random
from types import MappingProxyType

from fsrs import Card, Rating, Scheduler

from dealer_assist.errors import InputError
from dealer_assist.training.items import Item, Kind
from dealer_assist.training.records import AnswerRow, ItemState, TrainingRecords


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerPace:
    """Answer times (milliseconds) that make a right answer *Easy* (at most ``fast_ms``),
    *Good* (at most ``slow_ms``) or *Hard* (slower)."""

    fast_ms: int
    slow_ms: int

    def __post_init__(self) -> None:
        if not 0 < self.fast_ms <= self.slow_ms:
            raise InputError(
                f"answer pace needs 0 < fast <= slow (ms), not {self.fast_ms}-{self.slow_ms}"
            )


#: How fast a trained dealer answers each kind (the school may give its own).
DEFAULT_PACES: Mapping[Kind, AnswerPace] = MappingProxyType(
    {
        Kind.TABLEAU: AnswerPace(fast_ms=1500, slow_ms=5000),
        Kind.OPTIONS: AnswerPace(fast_ms=1500, slow_ms=5000),
        Kind.WINNER: AnswerPace(fast_ms=2500, slow_ms=7000),
        Kind.SHOE: AnswerPace(fast_ms=2500, slow_ms=7000),
        Kind.PAYOUT: AnswerPace(fast_ms=5000, slow_ms=15000),
        Kind.COMMISSION: AnswerPace(fast_ms=6000, slow_ms=20000),
    }
)
DEFAULT_LEECH_LAPSES = 4
# When nothing is due, practice goes on with items not among the last few asked.
_RECENT = 5


def rating_for(*, correct: bool, ms: int, pace: AnswerPace) -> Rating:
    if not correct:
        return Rating.Again
    if ms <= pace.fast_ms:
        return Rating.Easy
    if ms <= pace.slow_ms:
        return Rating.Good
    return Rating.Hard


def utc_now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True, kw_only=True)
class Review:
    """What one answer did to its item's schedule."""

    item: str
    correct: bool
    ms: int
    rating: Rating
    due: datetime
    interval: timedelta
    lapses: int
    leech: bool


def _new_card(now: datetime) -> Card:
    # A fixed id: fsrs would otherwise take the time and sleep a millisecond per card.
    return Card(card_id=1, due=now)


class Trainer:
    """One trainee's schedule over ``items``, kept in ``records`` after every answer."""

    def __init__(
        self,
        *,
        records: TrainingRecords,
        trainee: str,
        items: Sequence[Item],
        rng: Random,
        clock: Callable[[], datetime] = utc_now,
        paces: Mapping[Kind, AnswerPace] = DEFAULT_PACES,
        leech_lapses: int = DEFAULT_LEECH_LAPSES,
    ) -> None:
        if not items:
            raise InputError("a drill needs at least one item: check --kind")
        if leech_lapses < 1:
            raise InputError(f"a leech is missed at least once, not {leech_lapses} times")
        self.records = records
        self.trainee = trainee
        self.trainee_id = records.trainee(trainee, now=clock())
        self.items = tuple(items)
        self._rng = rng
        self._clock = clock
        self._paces = paces
        self._leech_lapses = leech_lapses
        self._scheduler = Scheduler(enable_fuzzing=False)
        self._states: dict[str, ItemState] = records.item_states(self.trainee_id)
        self._recent: list[str] = []
        self._cards = {item: Card.from_json(state.card) for item, state in self._states.items()}

    def now(self) -> datetime:
        return self._clock()

    # --- what to ask -----------------------------------------------------------------------

    def next_item(self) -> Item:
        now = self._clock()
        seen = [item for item in self.items if item.id in self._cards]
        due = [item for item in seen if self._cards[item.id].due <= now]
        if due:
            return self._remember(min(due, key=lambda item: (self._cards[item.id].due, item.id)))
        new = [item for item in self.items if item.id not in self._cards]
        if new:
            return self._remember(self._rng.choice(new))
        recent = (
            set(self._recent[-min(_RECENT, len(self.items) - 1) :])
            if len(self.items) > 1
            else set()
        )
        return self._remember(self._rng.choice([i for i in self.items if i.id not in recent]))

    def queue(self, *, kinds: Sequence[Kind], count: int) -> list[Item]:
        """Up to ``count`` items of ``kinds`` in the order they are wanted: overdue ones (most
        overdue first), then items never asked (in the ``rng``'s order), then the rest by their
        due time. What a stacked practice shoe deals (a shoe is planned ahead, coup by coup)."""
        now = self._clock()
        wanted = [item for item in self.items if item.kind in kinds]
        new = [item for item in wanted if item.id not in self._cards]
        self._rng.shuffle(new)
        seen = sorted(
            (item for item in wanted if item.id in self._cards),
            key=lambda item: (self._cards[item.id].due, item.id),
        )
        due = [item for item in seen if self._cards[item.id].due <= now]
        later = [item for item in seen if self._cards[item.id].due > now]
        return [*due, *new, *later][:count]

    def _remember(self, item: Item) -> Item:
        self._recent.append(item.id)
        del self._recent[:-_RECENT]
        return item

    # --- what an answer does ---------------------------------------------------------------

    def record(
        self,
        *,
        session_id: int,
        item: Item,
        correct: bool,
        ms: int,
        given: str,
        expected: str,
    ) -> Review:
        if ms < 0:
            raise InputError(f"an answer time is not negative: {ms} ms")
        now = self._clock()
        rating = rating_for(correct=correct, ms=ms, pace=self._paces[item.kind])
        card = self._cards.get(item.id) or _new_card(now)
        card, _ = self._scheduler.review_card(card, rating, now, ms)
        self._cards[item.id] = card
        before = self._states.get(item.id)
        lapses = (before.lapses if before else 0) + (0 if correct else 1)
        state = ItemState(
            item=item.id,
            card=card.to_json(),
            reviews=(before.reviews if before else 0) + 1,
            lapses=lapses,
            leech=lapses >= self._leech_lapses,
        )
        self._states[item.id] = state
        self.records.record_answer(
            trainee_id=self.trainee_id,
            answer=AnswerRow(
                session_id=session_id,
                item=item.id,
                answered_at=now,
                ms=ms,
                correct=correct,
                given=given,
                expected=expected,
                rating=int(rating),
                due=card.due,
            ),
            state=state,
        )
        return Review(
            item=item.id,
            correct=correct,
            ms=ms,
            rating=rating,
            due=card.due,
            interval=card.due - now,
            lapses=lapses,
            leech=state.leech,
        )

    # --- what the instructor reads -----------------------------------------------------------

    def leeches(self) -> list[str]:
        return sorted(item for item, state in self._states.items() if state.leech)

    def due_of(self, item_id: str) -> datetime | None:
        card = self._cards.get(item_id)
        return None if card is None else card.due
