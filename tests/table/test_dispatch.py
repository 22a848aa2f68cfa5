"""Every command and every event finds its handler: through a typed table (commands) and a
``match`` that mypy proves complete (events)."""

from __future__ import annotations

import dataclasses
import json
import typing

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.drivers.base import SourceStatus
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import COMMAND_HANDLERS
from dealer_assist.table.events import (
    EVENT_TYPES,
    Burned,
    BurnReason,
    CameraVerdict,
    CardWitnessed,
    DeviceStatus,
    TableEvent,
    event_from_json,
    event_to_json,
)
from dealer_assist.table.state import CoupCard, TableState
from tests.table.helpers import feed, make_table


def test_every_command_has_a_handler() -> None:
    assert set(COMMAND_HANDLERS) == set(typing.get_args(cmd.Command))


def test_a_command_without_a_handler_is_rejected_not_an_attribute_error() -> None:
    @dataclasses.dataclass(frozen=True)
    class Dance:
        steps: int = 3

    table, records = make_table()
    before = len(records)
    with pytest.raises(cmd.CommandRejected) as rejected:
        table.execute(Dance())  # type: ignore[arg-type]
    assert rejected.value.code == "unknown_command"
    assert "Dance" in rejected.value.message and "PlaceBet" in rejected.value.message
    assert len(records) == before  # nothing changed


def test_every_event_type_is_in_the_union_the_state_folds() -> None:
    # TableState.apply matches on TableEvent with assert_never: mypy fails if a member of the
    # union has no case; this checks the union holds every event the journal can read.
    assert set(typing.get_args(TableEvent)) == set(EVENT_TYPES.values())


def test_the_coup_in_play_is_one_record_per_card() -> None:
    table, _ = make_table(table={"squeeze": True})
    feed(table, "4S 3H AD")
    state: TableState = table.state
    assert [(c.card.code, c.hand.value, c.shoe_position, c.face_down) for c in state.in_play] == [
        ("4S", "player", 0, True),
        ("3H", "banker", 1, True),
        ("AD", "player", 2, True),
    ]
    assert all(isinstance(c, CoupCard) for c in state.in_play)
    assert [state.hidden(position) for position in range(3)] == [True, True, True]
    table.execute(cmd.RevealHand(hand="player"))
    assert [state.hidden(position) for position in range(3)] == [False, True, False]


def test_fixed_sets_of_values_are_enums_and_their_json_is_the_value() -> None:
    card = parse_card("AS")
    events = [
        Burned(card=card, reason=BurnReason.SET_ASIDE),
        CardWitnessed(
            coup=1, position=0, verdict=CameraVerdict.DIFFERENT_CARD, card=card, hand="player"
        ),
        DeviceStatus(source="mock", status=SourceStatus.LOST),
    ]
    texts = [json.dumps(event_to_json(event)) for event in events]
    assert '"reason": "set_aside"' in texts[0]
    assert '"verdict": "different_card"' in texts[1]
    assert '"status": "lost"' in texts[2]
    again = [event_from_json(json.loads(text)) for text in texts]
    assert again == events
    assert type(again[0].reason) is BurnReason  # type: ignore[union-attr]
    assert type(again[1].verdict) is CameraVerdict  # type: ignore[union-attr]
    assert type(again[2].status) is SourceStatus  # type: ignore[union-attr]
