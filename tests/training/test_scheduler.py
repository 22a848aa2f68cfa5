"""Scheduling that learns, with scripted trainees (issue 26, Done-when 2).

The clock is simulated: each answer takes its ``ms`` plus a few seconds to deal the next prompt.
"""

from __future__ import annotations

import itertools
from collections import Counter
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from random import Random

import pytest
from fsrs import Rating

from dealer_assist.rules.variants import default_catalog
from dealer_assist.training.drill import Drill
from dealer_assist.training.items import Kind, build_catalog, default_payout_tables
from dealer_assist.training.prompts import Prompt, PromptMaker
from dealer_assist.training.records import TrainingRecords
from dealer_assist.training.scheduler import AnswerPace, Trainer, rating_for

TABLES = default_payout_tables(default_catalog())
CATALOG = build_catalog(tables=TABLES, commission_rate=Decimal("0.05"))
TABLEAU = CATALOG.of_kinds([Kind.TABLEAU])
WEAK = "tableau:banker:3:8"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, delta: timedelta) -> None:
        self.now += delta


def _wrong(prompt: Prompt) -> dict[str, str]:
    return {"answer": "draw" if prompt.expected["answer"] == "stand" else "stand"}


def _drive(
    path: Path, clock: Clock, count: int, trainee: str, wrong_on: str | None, seed: int = 7
) -> tuple[Counter[str], Drill]:
    with TrainingRecords(path=path) as records:
        trainer = Trainer(
            records=records, trainee=trainee, items=TABLEAU, rng=Random(seed), clock=clock
        )
        drill = Drill(
            trainer=trainer,
            maker=PromptMaker(tables=TABLES, rng=Random(seed)),
            kinds=[Kind.TABLEAU],
            seed=seed,
        )
        asked: Counter[str] = Counter()
        for _ in range(count):
            prompt = drill.next_prompt()
            asked[prompt.item.id] += 1
            answer = _wrong(prompt) if prompt.item.id == wrong_on else dict(prompt.expected)
            drill.answer(prompt, answer, ms=2000)
            clock.advance(timedelta(milliseconds=2000) + timedelta(seconds=3))
        drill.finish()
        return asked, drill


def test_a_cell_always_missed_comes_back_three_times_as_often_and_is_flagged(tmp_path) -> None:
    clock = Clock()
    asked, drill = _drive(tmp_path / "school.sqlite3", clock, 200, "ana", wrong_on=WEAK)
    others = [asked[item.id] for item in TABLEAU if item.id != WEAK]
    mean_other = sum(others) / len(others)
    assert asked[WEAK] >= 3 * mean_other, (asked[WEAK], mean_other)
    assert asked[WEAK] >= 3 * max(others), (asked[WEAK], max(others))
    assert drill.trainer.leeches() == [WEAK]


def test_without_the_scheduler_the_missed_cell_would_not_come_back(tmp_path) -> None:
    """The same scripted trainee answering everything right: the cell is one among many."""
    clock = Clock()
    asked, drill = _drive(tmp_path / "school.sqlite3", clock, 200, "ben", wrong_on=None)
    assert asked[WEAK] <= 3
    assert drill.trainer.leeches() == []


def test_intervals_grow_for_a_trainee_who_is_always_right(tmp_path) -> None:
    clock = Clock()
    items = TABLEAU[:3]
    with TrainingRecords(path=tmp_path / "school.sqlite3") as records:
        trainer = Trainer(records=records, trainee="cai", items=items, rng=Random(1), clock=clock)
        drill = Drill(
            trainer=trainer,
            maker=PromptMaker(tables=TABLES, rng=Random(1)),
            kinds=[Kind.TABLEAU],
            seed=1,
        )
        intervals: dict[str, list[timedelta]] = {item.id: [] for item in items}
        for _ in range(24):
            prompt = drill.next_prompt()
            verdict = drill.answer(prompt, dict(prompt.expected), ms=2500)
            intervals[prompt.item.id].append(verdict.review.interval)
            # The trainee comes back when the next item is due (the next day's session, ...).
            next_due = min(trainer.due_of(item.id) or clock.now for item in items)
            clock.now = max(clock.now + timedelta(seconds=5), next_due)
    for item_id, steps in intervals.items():
        assert len(steps) >= 6, (item_id, steps)
        assert all(later > earlier for earlier, later in itertools.pairwise(steps)), (
            item_id,
            steps,
        )
        assert steps[-1] > timedelta(days=30)


def test_progress_survives_a_restart(tmp_path) -> None:
    path = tmp_path / "school.sqlite3"
    clock = Clock()
    asked_before, first = _drive(path, clock, 120, "dee", wrong_on=WEAK)
    assert asked_before[WEAK] >= 4
    assert first.trainer.leeches() == [WEAK]
    # A new process: new objects over the same file.
    with TrainingRecords(path=path) as records:
        trainer = Trainer(
            records=records, trainee="dee", items=TABLEAU, rng=Random(99), clock=clock
        )
        assert trainer.leeches() == [WEAK]
        assert all(trainer.due_of(item) is not None for item in asked_before)
        assert trainer.due_of(WEAK) == first.trainer.due_of(WEAK)
        answers = records.answers(trainer.trainee_id)
        assert len(answers) == 120 and sum(not a.correct for a in answers) == asked_before[WEAK]
        # The missed cell is due again within a minute, and the restarted trainer asks it
        # among the overdue items, most overdue first.
        clock.advance(timedelta(minutes=2))
        due_weak = trainer.due_of(WEAK)
        assert due_weak is not None and due_weak <= clock.now
        first_due = trainer.due_of(trainer.next_item().id)
        assert first_due is not None and first_due <= due_weak


@pytest.mark.parametrize(
    ("correct", "ms", "rating"),
    [
        (False, 500, Rating.Again),
        (True, 900, Rating.Easy),
        (True, 3000, Rating.Good),
        (True, 9000, Rating.Hard),
    ],
)
def test_the_rating_comes_from_correctness_and_time(correct, ms, rating) -> None:
    assert rating_for(correct=correct, ms=ms, pace=AnswerPace(fast_ms=1000, slow_ms=5000)) is rating
