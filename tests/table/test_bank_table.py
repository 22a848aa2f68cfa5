"""Chemin de Fer and Banque at the table: the bank's actions as commands, events and views."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from tests.table.helpers import (
    FakeClock,
    feed,
    make_config,
    make_table,
    open_chemin_de_fer_bank,
    types,
)


def act(table: TableController, action: str, **args: object) -> None:
    table.execute(cmd.BankAction(action=action, args=args))


def test_chemin_de_fer_coup_against_the_bank() -> None:
    table, records = make_table(table={"variant": "chemin-de-fer", "confirm_coup": True})
    with pytest.raises(cmd.CommandRejected) as rejected:
        table.execute(cmd.PlaceBet(seat=2, name="player", amount="10"))
    assert rejected.value.code == "bank_game"
    assert table.indicator.want.value == "stop"  # no card before "no more bets"
    feed(table, "9S")
    assert table.snapshot.alerts[-1].code == "bets_open"
    assert table.snapshot.hands[0].cards == ()
    open_chemin_de_fer_bank(table)
    bank = table.snapshot.bank
    # "no more bets": what was not covered leaves the wager (source 003, paragraph 6) but stays
    # in the bank (source 000)
    assert bank.banker == 1 and bank.bank == Decimal(100) and bank.coverage == ((2, Decimal(40)),)
    assert bank.held_back == Decimal(60)
    assert table.indicator.want.value == "card"
    feed(table, "4S 3H AD KC")  # the punter (seat 2, largest stake) has 5: his option
    decision = table.snapshot.decision
    assert decision is not None and decision.hand == "player" and decision.by == "2"
    table.execute(cmd.Decide(hand="player", choice="stand"))
    feed(table, "5C")  # banker 3 draws against a punter who stood: 3 + 5 = 8
    snap = table.snapshot
    assert snap.winner == "banker"
    settlement = snap.bank.last_settlement
    assert settlement is not None
    kinds = types(records)
    completed = kinds.index("coup_completed")
    assert kinds[completed + 1 : completed + 3] == ["bank", "coup_settled"]  # settled by the bank
    # the bank keeps its winnings, less the 5% cagnotte on them, and what was held back
    assert snap.bank.bank == Decimal(100) + Decimal(40) - Decimal("2.00")


def test_bank_actions_are_checked_and_recorded() -> None:
    table, records = make_table(table={"variant": "chemin-de-fer"})
    act(table, "sit", seat=1, player="Ana")
    with pytest.raises(cmd.CommandRejected) as rejected:
        act(table, "put_up_bank", seat=1, amount="100")
    assert rejected.value.code  # the shoe has not been given to anyone
    with pytest.raises(cmd.CommandRejected) as rejected:
        act(table, "call", seat=1, call="shout")
    assert "not a call" in rejected.value.message
    with pytest.raises(cmd.CommandRejected) as rejected:
        act(table, "dance")
    assert rejected.value.code == "unknown_action"
    bank_events = [r.event for r in records if r.event.type == "bank"]
    assert [(e.action, dict(e.args)) for e in bank_events] == [  # type: ignore[union-attr]
        ("sit", {"seat": 1, "player": "Ana"})
    ]


def test_banque_auction_stakes_and_both_sides() -> None:
    table, _ = make_table(table={"variant": "banque", "confirm_coup": True})
    for seat in range(1, 11):
        act(table, "sit", seat=seat, player=f"P{seat}")
    act(table, "bid", bidder="Zed", amount="300")
    act(table, "bid", bidder="Yan", amount="400")
    with pytest.raises(cmd.CommandRejected):
        act(table, "bid", bidder="Zed", amount="350")  # each bid beats the last
    act(table, "close_auction")
    assert table.snapshot.bank.banker == "Yan" and table.snapshot.bank.bank == Decimal(400)
    act(table, "stake", punter="P1", bet="right", amount="50")
    act(table, "stake", punter="P6", bet="left", amount="30")
    act(table, "stake", punter="P3", bet="a_cheval", amount="20")
    with pytest.raises(cmd.CommandRejected):
        act(table, "stake", punter="P2", bet="left", amount="10")  # seat 2 plays the right
    act(table, "no_more_bets")
    # R1 L1 B1 R2 L2 B2: right 9 (natural), left 4, banker 5
    feed(table, "4S 3H 2D 5C AS 3D")
    assert table.snapshot.next_hand == "left"  # the right has a natural; the left draws on 4
    feed(table, "3C")  # left 7
    decision = table.snapshot.decision
    assert decision is not None and decision.hand == "banker" and decision.by == "Yan"
    table.execute(cmd.Decide(hand="banker", choice="stand"))
    snap = table.snapshot
    assert dict(snap.sides) == {"right": "win", "left": "win"}
    assert snap.bank.last_settlement is not None
    assert snap.bank.bank < Decimal(400)


def test_replay_rebuilds_the_bank() -> None:
    table, records = make_table(table={"variant": "chemin-de-fer", "confirm_coup": True})
    open_chemin_de_fer_bank(table)
    feed(table, "4S 3H 4D KC")
    table.execute(cmd.CloseCoup())
    rebuilt = TableController(
        make_config(table={"variant": "chemin-de-fer", "confirm_coup": True}), clock=FakeClock()
    )
    rebuilt.replay(records)
    assert rebuilt.snapshot.bank == table.snapshot.bank
    assert rebuilt.snapshot == table.snapshot


def test_banque_natural_is_settled_against_the_banker_s_two_cards() -> None:
    """Source 000: naturals as at Chemin de Fer: the right's natural 8 beats the banker's 2; the
    banker's drawn 7 (for 9) counts only against the left, the side still in play."""
    config = {"variant": "banque", "confirm_coup": True}
    table, records = make_table(table=config)
    act(table, "sit", seat=1, player="Ann")
    act(table, "bid", bidder="Yan", amount="400")
    act(table, "close_auction")
    act(table, "stake", punter="Ann", bet="right", amount="100")
    act(table, "no_more_bets")
    feed(table, "8S 3H 2D KS KH KD 2C")  # right 8 (natural), left 3 draws 2, banker 2
    decision = table.snapshot.decision
    assert decision is not None and decision.hand == "banker"
    table.execute(cmd.Decide(hand="banker", choice="draw"))
    feed(table, "7C")
    snap = table.snapshot
    assert dict(snap.sides) == {"right": "win", "left": "lose"}
    assert snap.bank.bank == Decimal(300)  # the bank paid the right's 100
    table.execute(cmd.CloseCoup())
    rebuilt = TableController(make_config(table=config), clock=FakeClock())
    rebuilt.replay(records)
    assert rebuilt.snapshot == table.snapshot


def test_who_shuffled_and_who_cut_are_journaled_and_replayed() -> None:
    config = {"variant": "banque", "confirm_coup": True}
    table, records = make_table(table=config)
    for seat, player in ((5, "Bo"), (10, "Cy")):
        act(table, "sit", seat=seat, player=player)
    act(table, "bid", bidder="Yan", amount="400")
    act(table, "close_auction")
    with pytest.raises(cmd.CommandRejected) as rejected:
        act(table, "shuffle", by="Yan")
    assert rejected.value.code == "shuffle_order"  # the croupier shuffles first
    for by in ("croupier", "Cy", "Bo", "Yan"):
        act(table, "shuffle", by=by)
    act(table, "cut", player="Bo")
    bank = table.snapshot.bank
    assert bank.shuffled_by == ("croupier", "Cy", "Bo", "Yan") and bank.cut_by == "Bo"
    rebuilt = TableController(make_config(table=config), clock=FakeClock())
    rebuilt.replay(records)
    assert rebuilt.snapshot == table.snapshot
