"""A camera beside a shoe: a witness that checks each card lands where the tableau called it.

In-process events only: the shoe's reads come from ``mock://``, the camera's from
``camera://0`` (the configuration makes it a witness), as the drivers would emit them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from dealer_assist.cards import parse_card, parse_cards
from dealer_assist.config import parse_config, source_role
from dealer_assist.drivers.base import CardRead
from dealer_assist.errors import ConfigError
from dealer_assist.rules.coup import Hand
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import (
    AlertRaised,
    CardSeen,
    CardWitnessed,
    Record,
    event_from_json,
    event_to_json,
)
from dealer_assist.table.witness import ordinal
from tests.table.helpers import FakeClock, make_config

SHOE = "mock://"
CAMERA = "camera://0"
P, B = Hand.PLAYER, Hand.BANKER
# Player 4S AD 9H (4), Banker 3H KC 5C (8): dealt P B P B P B.
COUP = "4S 3H AD KC 9H 5C"
HANDS = [P, B, P, B, P, B]


class Camera:
    """Reads as the camera driver makes them: the zone, and the order on the layout in raw."""

    def __init__(self, table: TableController) -> None:
        self.table = table
        self.order = 0

    def sees(self, card: str | None, hand: Hand | None, *, order: int | None = None) -> None:
        self.order = order if order is not None else self.order + 1
        self.table.on_source_event(
            CardRead(
                source=CAMERA,
                card=parse_card(card) if card is not None else None,
                hand=hand,
                confidence=0.99 if card is not None else 0.4,
                raw=json.dumps({"order": self.order}).encode(),
            )
        )

    def cleared(self) -> None:
        """The croupier collected the cards: the camera counts from 1 again."""
        self.order = 0


def make_witnessed_table(**sections: Any) -> tuple[TableController, list[Record], Camera]:
    config = make_config(sources=[SHOE, CAMERA], **sections)
    table = TableController(config, clock=FakeClock())
    records: list[Record] = []
    table.on_record(records.append)
    table.begin()
    return table, records, Camera(table)


def shoe(table: TableController, cards: str) -> None:
    for card in parse_cards([cards]):
        table.on_source_event(CardRead(source=SHOE, card=card, raw=card.code.encode()))


def of(records: list[Record], kind: type[Any]) -> list[Any]:
    return [r.event for r in records if isinstance(r.event, kind)]


def verdicts(records: list[Record]) -> list[str]:
    return [w.verdict for w in of(records, CardWitnessed)]


# --- roles -------------------------------------------------------------------------------------


def test_a_camera_beside_a_shoe_is_a_witness_and_alone_it_deals() -> None:
    assert make_config(sources=[SHOE, CAMERA]).witness_sources == {CAMERA}
    assert make_config(sources=[CAMERA]).witness_sources == frozenset()
    assert make_config(sources=[CAMERA, "camera://1"]).witness_sources == frozenset()
    dealing = "camera://0?role=deal"
    assert make_config(sources=[SHOE, dealing]).witness_sources == frozenset()
    assert source_role("camera://0?role=witness", ("camera://0?role=witness", "camera://1")) == (
        "witness"
    )
    assert source_role(SHOE, (SHOE, CAMERA)) == "deal"


@pytest.mark.parametrize(
    ("sources", "error"),
    [
        (["camera://0?role=witness"], "every source is a witness"),
        ([SHOE, "camera://0?role=judge"], r"sources\[1\]: role must be deal or witness"),
        (["mock://?role=witness", CAMERA], r"sources\[0\]: role= is for camera:// sources only"),
    ],
)
def test_roles_are_checked(sources: list[str], error: str) -> None:
    with pytest.raises(ConfigError, match=error):
        parse_config({"sources": sources}, source="<test>")


def test_a_witness_deals_nothing() -> None:
    table, records, camera = make_witnessed_table()
    camera.sees("4S", P)
    assert table.snapshot.phase == "betting" and table.state.coup_cards == []
    assert table.indicator.cards_received == 0  # the simulated croupier is not held back
    assert of(records, CardSeen)[0].coup == 1  # it waits for the coup's first card


# --- verdicts ----------------------------------------------------------------------------------


def test_every_card_where_the_tableau_called_it_is_confirmed() -> None:
    table, records, camera = make_witnessed_table()
    for card, hand in zip(COUP.split(), HANDS, strict=True):
        shoe(table, card)
        camera.sees(card, hand)
    completed = table.state.completed
    assert completed is not None and completed.winner == "banker"
    assert verdicts(records) == ["confirmed"] * 6
    assert of(records, AlertRaised) == []
    witnessed = of(records, CardWitnessed)
    assert [w.dealt_position for w in witnessed] == list(range(6))
    assert [w.expected_hand for w in witnessed] == [h.value for h in HANDS]
    # Every sighting is in the record, then its verdict.
    kinds = [
        r.event.type for r in records if r.event.type in ("card", "card_seen", "card_witnessed")
    ]
    assert kinds[:3] == ["card", "card_seen", "card_witnessed"]


def test_a_camera_ahead_of_the_shoe_waits_for_its_card() -> None:
    table, records, camera = make_witnessed_table()
    for card, hand in zip(COUP.split(), HANDS, strict=True):
        camera.sees(card, hand)  # the camera's read reached the table first
        assert len(of(records, CardWitnessed)) == len(table.state.coup_cards)
        shoe(table, card)
    assert verdicts(records) == ["confirmed"] * 6 and of(records, AlertRaised) == []


def test_a_card_in_the_wrong_hand_holds_the_table() -> None:
    table, records, camera = make_witnessed_table()
    shoe(table, COUP)
    for number, (card, hand) in enumerate(zip(COUP.split(), HANDS, strict=True)):
        camera.sees(card, B if number == 2 else hand)
    assert verdicts(records) == ["confirmed", "confirmed", "misplaced"] + ["confirmed"] * 3
    (alert,) = of(records, AlertRaised)
    assert alert.code == "card_misplaced" and alert.hold
    assert alert.message == "the 3rd card, AD, went to Banker; it belongs to Player: move it"
    assert alert.fix.startswith("Move AD to Player")
    assert table.state.holding and table.indicator.want.value == "stop"
    table.execute(cmd.ResolveAlert(alert=alert.alert, option="acknowledge"))
    assert not table.state.holding


def test_a_card_outside_every_zone_is_misplaced() -> None:
    table, records, camera = make_witnessed_table()
    shoe(table, "4S")
    camera.sees("4S", None)
    (alert,) = of(records, AlertRaised)
    assert (
        alert.message == "the 1st card, 4S, landed outside the hands; it belongs to Player: move it"
    )


def test_a_different_card_than_the_shoe_read_holds_the_table() -> None:
    table, records, camera = make_witnessed_table()
    shoe(table, "4S 3H AD")
    camera.sees("4S", P)
    camera.sees("3H", B)
    camera.sees("2D", P)
    assert verdicts(records) == ["confirmed", "confirmed", "different_card"]
    (alert,) = of(records, AlertRaised)
    assert alert.code == "camera_card_differs" and alert.hold
    assert alert.message == (
        "the camera sees 2D as the 3rd card (on Player); the shoe read AD for Player"
    )
    assert alert.options == ("override", "void_coup")
    with pytest.raises(cmd.CommandRejected, match="supervisor"):
        table.execute(cmd.ResolveAlert(alert=alert.alert, option="override"))
    table.execute(cmd.ResolveAlert(alert=alert.alert, option="override", role=cmd.Role.SUPERVISOR))
    assert not table.state.holding


def test_cards_laid_in_another_order_but_in_their_hands_only_warn() -> None:
    table, records, camera = make_witnessed_table()
    shoe(table, COUP)
    for card, hand in [("4S", P), ("3H", B), ("KC", B), ("AD", P), ("9H", P), ("5C", B)]:
        camera.sees(card, hand)
    assert (
        verdicts(records)
        == ["confirmed", "confirmed", "out_of_order", "out_of_order"] + ["confirmed"] * 2
    )
    alerts = of(records, AlertRaised)
    assert [a.code for a in alerts] == ["card_out_of_order"] * 2
    assert not any(a.hold for a in alerts)
    assert alerts[0].message == (
        "KC landed 3rd on the layout; the shoe dealt it 4th (it is in the right hand, Banker)"
    )


def test_a_card_the_shoe_never_dealt_holds_the_table() -> None:
    table, records, camera = make_witnessed_table()
    shoe(table, "9S 3H KD 4C")  # Player 9: a natural, the coup is complete
    for card, hand in [("9S", P), ("3H", B), ("KD", P), ("4C", B)]:
        camera.sees(card, hand)
    camera.sees("7C", B)  # laid on the same layout afterwards
    assert verdicts(records) == ["confirmed"] * 4 + ["not_dealt"]
    (alert,) = of(records, AlertRaised)
    assert alert.code == "card_not_dealt" and alert.hold
    assert alert.message == (
        "the camera sees 7C on Banker, a card the shoe did not deal in this coup (4 cards dealt)"
    )


def test_an_uncertain_read_warns_and_never_holds() -> None:
    table, records, camera = make_witnessed_table()
    shoe(table, "4S 3H")
    camera.sees("4S", P)
    camera.sees(None, B)
    assert verdicts(records) == ["confirmed", "uncertain"]
    (alert,) = of(records, AlertRaised)
    assert alert.code == "camera_uncertain" and not alert.hold
    assert alert.message == "the camera cannot confirm the 2nd card, 3H: it could not read it"
    assert not table.state.holding


def test_the_next_coup_starts_when_the_layout_was_cleared() -> None:
    table, records, camera = make_witnessed_table(table={"confirm_coup": True})
    shoe(table, COUP)
    for card, hand in zip(COUP.split(), HANDS, strict=True):
        camera.sees(card, hand)
    table.execute(cmd.CloseCoup())
    camera.cleared()
    camera.sees("8D", P)  # the next coup's first card, seen before the shoe's read came
    assert len(of(records, CardWitnessed)) == 6
    shoe(table, "8D")
    assert verdicts(records) == ["confirmed"] * 7
    assert of(records, CardWitnessed)[-1].coup == 2


def test_the_burned_card_shown_on_the_layout_is_no_coup_card() -> None:
    config = {"shoe": {"burn": "first_card_value"}}
    table, records, camera = make_witnessed_table(**config)
    shoe(table, "3S 2C 2D 2H")  # the first card turned (3), then three burned
    camera.sees("3S", None)
    shoe(table, "4S")
    camera.cleared()
    camera.sees("4S", P)
    assert verdicts(records) == ["burned", "confirmed"] and of(records, AlertRaised) == []


def test_the_cards_of_a_voided_coup_are_not_judged() -> None:
    table, records, camera = make_witnessed_table()
    shoe(table, "4S 3H")
    table.execute(cmd.VoidCoup(reason="dropped card", role=cmd.Role.SUPERVISOR))
    camera.sees("4S", B)
    camera.sees("3H", P)
    assert verdicts(records) == ["voided", "voided"] and of(records, AlertRaised) == []


def test_under_squeeze_cards_are_seen_when_turned_hand_by_hand() -> None:
    table, records, camera = make_witnessed_table(table={"squeeze": True})
    shoe(table, "4S 3H AD KC")
    camera.sees("4S", P)  # the Player's cards are turned first
    camera.sees("AD", P)
    table.execute(cmd.RevealHand(hand="player"))
    camera.sees("3H", B)
    camera.sees("KC", B)
    assert verdicts(records) == ["confirmed"] * 4 and of(records, AlertRaised) == []


def test_witness_events_replay_and_round_trip() -> None:
    table, records, camera = make_witnessed_table()
    shoe(table, "4S 3H AD")
    camera.sees("4S", P)
    camera.sees("3H", P)  # misplaced
    camera.sees("AD", P)
    camera.sees(None, B)  # ahead of the shoe: waits, unjudged
    for record in records:
        assert event_from_json(event_to_json(record.event)) == record.event
    again = TableController(table.config, clock=FakeClock())
    again.replay(records)
    ledger, replayed = table.state.witness, again.state.witness
    assert ledger is not None and replayed is not None
    assert (replayed.judged, replayed.matched, replayed.seen) == (
        ledger.judged,
        ledger.matched,
        ledger.seen,
    )
    assert again.state.alerts == table.state.alerts
    # After the restart the waiting read is judged when the shoe's card comes.
    again.on_record(records.append)
    (alert,) = again.state.alerts.values()
    again.execute(cmd.ResolveAlert(alert=alert.alert, option="acknowledge"))  # 3H moved
    shoe(again, "KC")
    assert verdicts(records)[-1] == "uncertain"


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]
