"""Practice at the table (issue 26, point 3): the session over the table controller, no Qt."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from random import Random

import pytest

from dealer_assist.cards import shoe_composition
from dealer_assist.config import TableConfig, default_config
from dealer_assist.drivers.base import CardRead
from dealer_assist.errors import InputError
from dealer_assist.rules.settlement import CommissionMode
from dealer_assist.table.controller import TableController
from dealer_assist.training.practice import (
    PRACTICE_KINDS,
    Pace,
    PracticeTable,
    practice_items,
    practice_shoe,
    shoe_maker_for,
)
from dealer_assist.training.records import TrainingRecords
from dealer_assist.training.scheduler import Trainer


@dataclass
class Table:
    config: TableConfig
    controller: TableController
    practice: PracticeTable
    records: TrainingRecords
    clock: list[float]


def _table(path: Path, *, mock: bool = True, seed: int = 3, trainee: str = "ann") -> Table:
    config = default_config(source="mock://")
    controller = TableController(config)
    records = TrainingRecords(path=path)
    catalog = practice_items(config.variant)
    trainer = Trainer(
        records=records, trainee=trainee, items=catalog.of_kinds(PRACTICE_KINDS), rng=Random(seed)
    )
    rng = Random(seed + 1)
    clock = [0.0]
    practice = PracticeTable(
        trainer=trainer,
        catalog=catalog,
        variant=config.variant,
        submit=controller.execute,
        clock=lambda: clock[0],
        rng=rng,
        target=Decimal(60),
        feed=controller.on_source_event if mock else None,
        shoe_maker=shoe_maker_for(
            trainer, rules=config.variant.rules, settings=config.shoe, rng=rng
        )
        if mock
        else None,
        commission_taken=config.settlement.commission_mode is CommissionMode.IMMEDIATE,
    )
    controller.on_snapshot(practice.on_snapshot)
    controller.begin()
    practice.start()
    return Table(config, controller, practice, records, clock)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    made = _table(tmp_path / "training.sqlite3")
    yield made
    made.records.close()


def test_every_answer_expected_is_what_the_table_then_does(table: Table) -> None:
    """Answered right, coup after coup: each draw question's answer is what the controller then
    deals, the winner is the controller's, each payout and commission the table's settlement."""
    practice, controller = table.practice, table.controller
    questions = []
    for _ in range(150):
        task = practice.task
        assert task is not None
        before = controller.snapshot
        expected = task.prompt.expected_json()
        if task.question == "winner":
            assert expected == before.winner
        if task.question in ("pay", "collect"):
            seat = next(s for s in before.seats if s.seat == task.seat)
            result = next(r for r in seat.results if r.name == task.bet)
            amount = result.returned - result.stake if task.question == "pay" else result.commission
            assert Decimal(expected) == amount
        judgement = practice.act(str(expected))
        assert judgement.correct and judgement.rule == ""
        questions.append(task.question)
        if task.question in ("player", "banker"):
            after = controller.snapshot
            hand = task.question
            grew = (
                len(next(h for h in after.hands if h.hand == hand).cards)
                > len(task.prompt.fields[f"{hand}_cards"])
                or after.coup != before.coup
            )
            assert grew == (expected == "draw") or after.coup != before.coup
    assert practice.hands >= 20
    assert {"player", "banker", "winner", "pay", "collect"} <= set(questions)


def test_a_mistake_is_judged_at_once_with_its_rule_and_recorded(table: Table) -> None:
    practice = table.practice
    task = practice.task
    assert task is not None and task.question == "player"
    wrong = "stand" if task.prompt.expected_json() == "draw" else "draw"
    table.clock[0] += 2.5
    judgement = practice.act(wrong)
    assert not judgement.correct
    assert judgement.rule == task.prompt.item.rule and "Player draws" in judgement.rule
    assert judgement.ms == 2500
    assert judgement.review is not None and judgement.review.lapses == 1
    trainee = table.records.trainee("ann", create=False)
    [answer] = table.records.answers(trainee)
    assert (answer.item, answer.correct, answer.ms) == (task.prompt.item.id, False, 2500)
    [session] = table.records.sessions(trainee)
    assert session.mode == "practice"


def test_nothing_to_answer_between_questions_is_refused(tmp_path: Path) -> None:
    made = _table(tmp_path / "t.sqlite3", mock=False)
    with pytest.raises(InputError, match="nothing is asked"):
        made.practice.act("draw")
    made.records.close()


def test_the_stacked_shoe_deals_the_cells_due_first(tmp_path: Path) -> None:
    """A cell missed before comes back first in the next practice shoe, and it is the first
    draw question of the session."""
    path = tmp_path / "training.sqlite3"
    weak = "tableau:banker:3:8"
    with TrainingRecords(path=path) as records:
        config = default_config()
        catalog = practice_items(config.variant)
        trainer = Trainer(
            records=records, trainee="bo", items=catalog.of_kinds(PRACTICE_KINDS), rng=Random(1)
        )
        session = records.start_session(
            trainee_id=trainer.trainee_id, mode="drill", kinds="tableau", seed=1, now=trainer.now()
        )
        for item_id in (weak, "tableau:player:2"):
            trainer.record(
                session_id=session,
                item=catalog.get(item_id),
                correct=item_id != weak,
                ms=900,
                given="{}",
                expected="{}",
            )
        later = trainer.now() + timedelta(minutes=5)
        trainer._clock = lambda: later  # the missed cell is due after a minute
        cards, cells = practice_shoe(
            trainer, rules=config.variant.rules, settings=config.shoe, rng=Random(2)
        )
        assert cells[0].id == weak
        assert Counter(cards) == shoe_composition(config.shoe.decks)  # a legal shoe


def test_the_pace_is_hands_per_hour_against_the_target(table: Table) -> None:
    practice = table.practice
    while practice.hands < 3:
        table.clock[0] += 20
        task = practice.task
        assert task is not None
        practice.act(str(task.prompt.expected_json()))
    pace = practice.pace
    assert pace.hands == 3
    assert pace.seconds == 280  # 14 answers, 20 s each
    assert pace.hands_per_hour == 39  # 3 coups in 280 s: 38.6 an hour
    assert not pace.on_target
    assert Pace(hands=30, seconds=1800, target=Decimal(60)).hands_per_hour == 60
    assert Pace(hands=30, seconds=1800, target=Decimal(60)).on_target
    assert not Pace(hands=29, seconds=1800, target=Decimal(60)).on_target
    assert Pace(hands=0, seconds=0, target=Decimal(60)).hands_per_hour is None


def test_with_a_real_shoe_a_card_drawn_answers_the_question(tmp_path: Path) -> None:
    """No mock: the trainee draws from the shoe; a card out for the hand asked is "draw", the
    coup moving on without it "stand"; the coup is closed once called and paid."""
    made = _table(tmp_path / "t.sqlite3", mock=False)
    controller, practice = made.controller, made.practice
    from dealer_assist.cards import parse_cards

    # Burn: a 2 and two cards; then Player 3+2=5 draws a 9, Banker 3+K=3 draws (against a 9).
    order = parse_cards(["2S", "4D", "4C", "3H", "3C", "2D", "KC", "9S"])
    for card in order[:7]:
        controller.on_source_event(CardRead(source="shoe", card=card, raw=b""))
    task = practice.task
    assert task is not None and task.question == "player"
    controller.on_source_event(CardRead(source="shoe", card=order[7], raw=b""))
    assert practice.last is not None and practice.last.given == "draw" and practice.last.correct
    task = practice.task
    assert task is not None and task.question == "banker"
    assert task.prompt.item.id == "tableau:banker:3:9"
    controller.on_source_event(CardRead(source="shoe", card=parse_cards(["5D"])[0], raw=b""))
    assert practice.last.given == "draw" and practice.last.correct
    assert practice.task is not None and practice.task.question == "winner"
    practice.act("banker")  # Player 4, Banker 8
    assert controller.snapshot.phase != "complete" or practice.task is None
    assert practice.hands == 1
    made.records.close()
