"""The table controller: coups, bets, boxes, misdeals, accounting, squeeze, snapshots."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.drivers.base import (
    CardRead,
    CutCardDrawn,
    DeviceFault,
    SourceStatus,
    StatusChanged,
)
from dealer_assist.rules.coup import Hand
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import AlertRaised, Burned, CoupSettled
from tests.table.helpers import (
    FakeClock,
    feed,
    feed_one,
    make_config,
    make_table,
    open_chemin_de_fer_bank,
    types,
)

D = Decimal


def test_a_coup_from_cards_to_settlement() -> None:
    table, records = make_table(table={"confirm_coup": True})
    table.execute(cmd.PlaceBet(seat=1, name="banker", amount="100"))
    table.execute(cmd.PlaceBet(seat=2, name="player", amount="50"))
    assert table.snapshot.phase == "betting"
    feed(table, "4S 3H AD KC")  # Player 5, Banker 3
    snap = table.snapshot
    assert snap.phase == "dealing" and snap.next_hand == "player"
    assert snap.instruction == "PLAYER DRAWS"
    with pytest.raises(cmd.CommandRejected) as rejected:
        table.execute(cmd.PlaceBet(seat=3, name="tie", amount="10"))
    assert rejected.value.code == "no_more_bets"
    feed(table, "9H 5C")  # Player 4, Banker 3 draws 5 = 8
    snap = table.snapshot
    assert snap.phase == "complete" and snap.winner == "banker"
    assert snap.instruction == "BANKER WINS 8 TO 4"
    assert snap.call == "Player shows 4, Banker has 8"
    seat1 = snap.seats[0]
    assert [(r.name, r.result, r.payout, r.commission) for r in seat1.results] == [
        ("banker", "win", D("100.00"), D("5.00"))
    ]
    assert seat1.box == D("5.00")  # box mode is the default
    assert snap.seats[1].results[0].net == D("-50")
    assert types(records)[-2:] == ["coup_completed", "coup_settled"]
    assert len(snap.history) == 1 and snap.history[0].winner == "banker"
    table.execute(cmd.CloseCoup())
    assert types(records)[-1] == "coup_closed" and table.snapshot.phase == "betting"
    with pytest.raises(cmd.CommandRejected):
        table.execute(cmd.CloseCoup())


def test_commission_box_collected_on_request_and_at_shoe_end() -> None:
    table, records = make_table()
    for _ in range(3):
        table.execute(cmd.PlaceBet(seat=4, name="banker", amount="7"))
        feed(table, "4S 3H AD KC 9H 5C")
    assert table.snapshot.seats[3].box == D("1.05")
    table.execute(cmd.CollectCommission(seat=4))
    collected = [r.event for r in records if r.event.type == "commission_collected"]
    assert collected[-1].owed == "1.05" and collected[-1].due == "1.05"  # type: ignore[union-attr]
    assert table.snapshot.seats[3].box == 0
    with pytest.raises(cmd.CommandRejected, match="owes no commission"):
        table.execute(cmd.CollectCommission(seat=4))
    table.execute(cmd.PlaceBet(seat=4, name="banker", amount="7"))
    feed(table, "4S 3H AD KC 9H 5C")
    table.execute(cmd.ReportCutCard())
    assert table.snapshot.shoe.last_coup == 5
    feed(table, "4S 3H AD KC 9H 5C")
    assert table.snapshot.phase == "shoe_ended"
    last = [r.event for r in records if r.event.type == "commission_collected"][-1]
    assert last.reason == "shoe_end" and last.owed == "0.35"  # type: ignore[union-attr]
    assert types(records)[-1] == "shoe_ended"


def test_bets_checked_against_limits_and_the_variant() -> None:
    table, _ = make_table(limits={"default": {"min": "10", "max": "500"}})
    for bet, code in [
        ("banker=5", "below_minimum"),
        ("banker=501", "above_maximum"),
        ("dragon7=10", "unknown_bet"),
        ("banker=1.5x", "bad_amount"),
    ]:
        name, amount = bet.split("=")
        with pytest.raises(cmd.CommandRejected) as rejected:
            table.execute(cmd.PlaceBet(seat=1, name=name, amount=amount))
        assert rejected.value.code == code
    table.execute(cmd.PlaceBet(seat=1, name="banker", amount="300"))
    with pytest.raises(cmd.CommandRejected) as rejected:  # the total on the spot counts
        table.execute(cmd.PlaceBet(seat=1, name="banker", amount="300"))
    assert rejected.value.code == "above_maximum"
    with pytest.raises(cmd.CommandRejected, match="no seat 9"):
        table.execute(cmd.PlaceBet(seat=9, name="banker", amount="10"))


def test_repeat_and_clear_bets() -> None:
    table, _ = make_table()
    table.execute(cmd.PlaceBet(seat=1, name="banker", amount="25"))
    table.execute(cmd.PlaceBet(seat=1, name="player_pair", amount="5"))
    feed(table, "4S 3H 4D KC")
    table.execute(cmd.RepeatBets(seat=1))
    assert {b.name: b.stake for b in table.snapshot.seats[0].bets} == {
        "banker": D(25),
        "player_pair": D(5),
    }
    table.execute(cmd.ClearBets(seat=1))
    assert table.snapshot.seats[0].bets == ()
    with pytest.raises(cmd.CommandRejected, match="no last bet"):
        table.execute(cmd.RepeatBets(seat=2))


def test_extra_card_is_burned_by_house_rule() -> None:
    table, records = make_table(table={"confirm_coup": True})
    feed(table, "4S 3H 4D KC")  # natural 8
    assert table.snapshot.phase == "complete" and table.indicator.want.value == "stop"
    feed_one(table, "5C")
    burned = [r.event for r in records if isinstance(r.event, Burned)]
    assert burned[-1].reason == "extra" and burned[-1].card == parse_card("5C")
    alert = table.snapshot.alerts[-1]
    assert alert.code == "extra_card" and not alert.hold and "Burn" in alert.fix
    assert table.snapshot.history[-1].hands[0].cards[0].code == "4S"
    assert table.snapshot.shoe.cards_out == 5
    with pytest.raises(cmd.CommandRejected):
        table.execute(cmd.PlaceBet(seat=1, name="banker", amount="10"))  # not paid yet
    table.execute(cmd.CloseCoup())
    assert table.snapshot.phase == "betting" and table.indicator.want.value == "card"
    table.execute(cmd.PlaceBet(seat=1, name="banker", amount="10"))
    feed_one(table, "6C")
    assert table.snapshot.coup == 2


def test_extra_card_alert_mode_holds_the_table() -> None:
    table, _ = make_table(misdeal={"extra_card": "alert"}, table={"confirm_coup": True})
    feed(table, "4S 3H 4D KC 5C")
    snap = table.snapshot
    assert snap.phase == "held" and snap.instruction == "HOLD: EXTRA CARD"
    alert = snap.alerts[-1]
    assert alert.options == ("set_aside", "void_coup")
    table.execute(cmd.ResolveAlert(alert=alert.alert, option="set_aside"))
    assert table.snapshot.phase == "complete" and not table.snapshot.alerts


@pytest.mark.parametrize("code", ["duplicate", "foreign"])
def test_duplicate_and_foreign_cards_hold_the_coup(code: str) -> None:
    composition_decks = 1
    table, records = make_table(shoe={"decks": composition_decks, "cut_card_from_end": 6})
    feed(table, "4S 3H")
    if code == "duplicate":
        feed_one(table, "4S")
    else:
        table.state.account = type(table.state.account)(
            composition={
                c: n for c, n in table.state.account.composition.items() if c != parse_card("QD")
            }
        )
        feed_one(table, "QD")
    snap = table.snapshot
    assert snap.phase == "held"
    alert = snap.alerts[-1]
    assert alert.code == code and alert.hold
    assert alert.options == ("set_aside", "accept_card", "void_coup")
    feed_one(table, "AD")  # a card drawn while held is set aside, never dealt
    assert [r.event.reason for r in records if isinstance(r.event, Burned)] == ["set_aside"]
    assert len(table.snapshot.hands[0].cards) == 1
    with pytest.raises(cmd.CommandRejected) as rejected:
        table.execute(cmd.ResolveAlert(alert=alert.alert, option="accept_card"))
    assert rejected.value.code == "supervisor_required"
    table.execute(
        cmd.ResolveAlert(alert=alert.alert, option="accept_card", role=cmd.Role.SUPERVISOR)
    )
    snap = table.snapshot
    assert [c.code for c in snap.hands[0].cards] == ["4S", "4S" if code == "duplicate" else "QD"]
    assert snap.phase == "dealing"


def test_void_coup_returns_to_betting_and_keeps_bets() -> None:
    table, _records = make_table()
    table.execute(cmd.PlaceBet(seat=1, name="tie", amount="10"))
    feed(table, "4S 3H AD")
    with pytest.raises(cmd.CommandRejected):
        table.execute(cmd.VoidCoup(reason="two cards stuck"))
    table.execute(cmd.VoidCoup(reason="two cards stuck", role=cmd.Role.SUPERVISOR))
    snap = table.snapshot
    assert snap.phase == "betting" and snap.instruction == "PLACE YOUR BETS"
    assert snap.recall[-1].voided and "two cards stuck" in snap.recall[-1].steps[-1]
    assert snap.history == ()
    assert snap.seats[0].bets[0].stake == D(10)
    feed(table, "4S 3H 4D KC")
    assert table.snapshot.coup == 2 and table.snapshot.seats[0].results[0].result == "lose"


def test_card_before_the_decision_in_chemin_de_fer() -> None:
    table, _ = make_table(table={"variant": "chemin-de-fer"})
    open_chemin_de_fer_bank(table)
    feed(table, "4S 3H AD KC")  # punter 5: option
    snap = table.snapshot
    assert snap.phase == "decision" and snap.decision is not None
    assert snap.decision.hand == "player" and snap.instruction == "PLAYER: DRAW OR STAND?"
    feed_one(table, "2C")
    alert = table.snapshot.alerts[-1]
    assert alert.code == "decision_due" and alert.hold
    table.execute(
        cmd.ResolveAlert(alert=alert.alert, option="accept_card", role=cmd.Role.SUPERVISOR)
    )
    snap = table.snapshot
    assert [c.code for c in snap.hands[0].cards] == ["4S", "AD", "2C"]
    assert snap.next_hand == "banker"


def test_decisions_are_commands() -> None:
    table, records = make_table(table={"variant": "chemin-de-fer"})
    open_chemin_de_fer_bank(table)
    feed(table, "4S 3H AD KC")
    with pytest.raises(cmd.CommandRejected) as rejected:
        table.execute(cmd.Decide(hand="banker", choice="draw"))
    assert rejected.value.code == "wrong_hand"
    table.execute(cmd.Decide(hand="player", choice="stand"))
    assert records[-1].event.type == "decision"
    assert table.snapshot.next_hand == "banker"


def test_a_card_to_the_wrong_hand_from_a_source_that_sees_hands() -> None:
    table, _ = make_table()
    feed_one(table, "4S", hand=Hand.BANKER)
    alert = table.snapshot.alerts[-1]
    assert alert.code == "wrong_hand" and "the next card goes to the player" in alert.message
    assert "Move the card" in alert.fix


def test_exposed_card_burned_or_used() -> None:
    table, records = make_table()
    feed(table, "4S 3H")
    table.execute(cmd.ReportExposedCard())
    assert [c.code for c in table.snapshot.hands[1].cards] == []
    assert table.snapshot.next_hand == "banker"
    assert records[-1].event.type == "card_withdrawn"
    table, records = make_table(misdeal={"exposed_card": "use"})
    feed(table, "4S 3H")
    table.execute(cmd.ReportExposedCard())
    assert [c.code for c in table.snapshot.hands[1].cards] == ["3H"]


def test_correct_a_misread_card_keeps_both_values() -> None:
    table, records = make_table()
    feed(table, "4S 3H AD")
    with pytest.raises(cmd.CommandRejected):
        table.execute(cmd.CorrectCard(position=0, card=parse_card("5S")))
    table.execute(cmd.CorrectCard(position=0, card=parse_card("5S"), role=cmd.Role.SUPERVISOR))
    event = records[-1].event
    assert event.type == "card_corrected"
    assert (event.original, event.corrected) == (parse_card("4S"), parse_card("5S"))  # type: ignore[union-attr]
    assert table.snapshot.hands[0].total == 6
    assert table.state.account.seen(parse_card("4S")) == 0
    feed(table, "KC")  # Player 6 stands, Banker 3 draws
    assert table.snapshot.next_hand == "banker"
    table.execute(cmd.CorrectCard(position=0, card=parse_card("3S"), role=cmd.Role.SUPERVISOR))
    assert table.snapshot.next_hand == "player"  # Player 4 now draws
    feed(table, "9H")
    with pytest.raises(cmd.CommandRejected) as rejected:  # Player 6 would not have drawn the 9
        table.execute(cmd.CorrectCard(position=2, card=parse_card("3D"), role=cmd.Role.SUPERVISOR))
    assert rejected.value.code == "correction_breaks_coup"


def test_unreadable_card_entered_by_a_supervisor() -> None:
    table, _ = make_table()
    table.on_source_event(CardRead(source="rfid", card=None, raw=b"\x04\x11", detail="bad MAC"))
    alert = table.snapshot.alerts[-1]
    assert alert.code == "unreadable_card" and "bad MAC" in alert.message
    with pytest.raises(cmd.CommandRejected, match="key in the card"):
        table.execute(
            cmd.ResolveAlert(alert=alert.alert, option="enter_card", role=cmd.Role.SUPERVISOR)
        )
    table.execute(
        cmd.ResolveAlert(
            alert=alert.alert, option="enter_card", role=cmd.Role.SUPERVISOR, card=parse_card("9D")
        )
    )
    assert table.snapshot.hands[0].cards[0].code == "9D"


def test_squeeze_hides_values_until_turned() -> None:
    table, _records = make_table(table={"squeeze": True, "confirm_coup": True})
    feed(table, "4S 3H AD KC")
    snap = table.snapshot
    assert all(card.code is None and card.face_down for h in snap.hands for card in h.cards)
    assert all(h.total is None for h in snap.hands)
    assert snap.phase == "reveal" and snap.instruction == "TURN THE PLAYER CARDS"
    assert table.indicator.want.value == "stop"  # the lights must not tell either
    text = repr(snap)
    for code in ("4S", "3H", "AD", "KC"):
        assert code not in text
    table.execute(cmd.RevealHand(hand="player"))
    table.execute(cmd.RevealHand(hand="banker"))
    snap = table.snapshot
    assert snap.hands[0].total == 5 and snap.instruction == "PLAYER DRAWS"
    feed(table, "9H")
    assert table.snapshot.phase == "reveal" and table.snapshot.hands[0].total is None
    table.execute(cmd.RevealHand(hand="player"))
    feed(table, "5C")
    assert table.snapshot.winner is None
    table.execute(cmd.RevealHand(hand="banker"))
    assert table.snapshot.winner == "banker"


def test_snapshots_are_immutable() -> None:
    table, _ = make_table()
    feed(table, "4S 3H 4D KC")
    snap = table.snapshot
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.phase = "x"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        snap.hands[0].total = 1  # type: ignore[misc]
    assert isinstance(snap.hands, tuple) and isinstance(snap.history, tuple)
    feed(table, "4S 3H 4D KC")
    assert snap.coup == 1 and table.snapshot.coup == 2


def test_device_lost_raises_an_alert_and_shows_in_the_snapshot() -> None:
    table, _ = make_table()
    table.on_source_event(
        StatusChanged(source="serial://x", status=SourceStatus.LOST, detail="unplugged")
    )
    snap = table.snapshot
    assert ("serial://x", "lost") in snap.devices
    assert snap.alerts[-1].code == "device_lost"
    table.execute(cmd.ResolveAlert(alert=snap.alerts[-1].alert, option="acknowledge"))
    assert table.snapshot.alerts == ()


@pytest.mark.parametrize(
    ("code", "fix"),
    [
        ("sensor_exit", "Check the device; the card was not taken"),
        ("camera_moved", "Deal on: the camera recalibrated itself; tell IT if it keeps moving"),
        ("camera_slow", "Deal on: cards are read later; tell IT the table computer is too slow"),
    ],
)
def test_a_device_fault_tells_the_croupier_what_to_do_about_it(code: str, fix: str) -> None:
    table, records = make_table()
    feed(table, "4S 3H")
    table.on_source_event(DeviceFault(source="dev", code=code, message="what it saw"))
    alert = table.snapshot.alerts[-1]
    assert (alert.code, alert.message, alert.fix, alert.hold) == (
        code,
        "dev: what it saw",
        fix,
        False,  # a note: the deal goes on
    )
    journaled = [r.event for r in records if isinstance(r.event, AlertRaised)]
    assert [(a.code, a.fix, a.source) for a in journaled] == [(code, fix, "dev")]
    feed(table, "4D KC")  # the deal goes on: the coup completes and settles
    assert [c.winner for c in table.snapshot.history] == ["player"]


def test_replaying_the_records_rebuilds_the_same_table() -> None:
    table, records = make_table(table={"variant": "chemin-de-fer"})
    open_chemin_de_fer_bank(table)
    feed(table, "4S 3H AD KC")
    table.execute(cmd.Decide(hand="player", choice="draw"))
    feed(table, "9H 5C 2S")
    table.on_source_event(CutCardDrawn(source="test"))
    rebuilt = TableController(make_config(table={"variant": "chemin-de-fer"}), clock=FakeClock())
    rebuilt.replay(records)
    assert rebuilt.snapshot == table.snapshot
    # the indicator is the same but for the live count of card reads received
    assert dataclasses.replace(rebuilt.indicator, cards_received=0) == dataclasses.replace(
        table.indicator, cards_received=0
    )


def test_unshuffled_shoe_raises_an_alert() -> None:
    from dealer_assist.cards import one_deck

    table, _ = make_table(table={"shuffle_check": True}, shoe={"decks": 2, "cut_card_from_end": 6})
    factory = one_deck() * 2
    position = 0
    while not any(alert.code == "unshuffled" for alert in table.snapshot.alerts):
        if table.snapshot.phase == "held":
            break
        card = factory[position]
        position += 1
        table.on_source_event(CardRead(source="t", card=card))
        assert position < 104, "the check should fire within the first 104 cards"
    alert = next(a for a in table.snapshot.alerts if a.code == "unshuffled")
    assert alert.hold and "unshuffled" in alert.message


def test_alert_events_carry_codes() -> None:
    table, records = make_table(table={"confirm_coup": True})
    feed(table, "4S 3H 4D KC 5C")
    alerts = [r.event for r in records if isinstance(r.event, AlertRaised)]
    assert alerts and alerts[0].code == "extra_card"
    assert any(isinstance(r.event, CoupSettled) for r in records)


def test_new_shoe_needs_a_supervisor_mid_shoe() -> None:
    table, records = make_table()
    feed(table, "4S 3H 4D KC")
    with pytest.raises(cmd.CommandRejected):
        table.execute(cmd.NewShoe())
    table.execute(cmd.NewShoe(role=cmd.Role.SUPERVISOR))
    assert table.snapshot.shoe.shoe == 2 and table.snapshot.phase == "betting"
    assert "shoe_ended" in types(records)


def test_controller_module_is_single_owner() -> None:
    assert TableController.__init__.__kwdefaults__ is not None


def test_squeeze_deals_the_first_cards_then_waits_for_the_turn() -> None:
    table, _ = make_table(table={"squeeze": True, "confirm_coup": True})
    feed(table, "4S")
    assert table.indicator.want.value == "card" and table.indicator.hand.value == "banker"  # type: ignore[union-attr]
    feed(table, "3H")
    assert table.indicator.want.value == "card" and table.indicator.hand.value == "player"  # type: ignore[union-attr]
    feed(table, "AD KC")
    assert table.indicator.want.value == "stop"  # the third card waits for the turn
    table.execute(cmd.RevealHand(hand="player"))
    table.execute(cmd.RevealHand(hand="banker"))
    assert table.indicator.want.value == "card" and table.indicator.hand.value == "player"  # type: ignore[union-attr]
