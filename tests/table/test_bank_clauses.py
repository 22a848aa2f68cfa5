"""Sources 003 and 000 clause by clause, asked of the table runtime: real cards dealt into the
controller, the bank's actions as croupier commands, the answer read from the snapshot and the
journal (and the journal replayed into a fresh controller gives the same bank).

The rules core has its own clause tests (tests/rules/test_bank_*.py); these check that the
table runtime carries them through: cards gated on "no more bets", the coup's outcome settling
the bank, the Player hand given to the largest stake, refusals reaching the croupier.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_assist.errors import ConfigError
from dealer_assist.rules.bank import Call
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import Record
from tests.table.helpers import FakeClock, feed, make_config, make_table

D = Decimal
BANKER_WINS = "KS 4S KH 5H"  # Player 0 against a banker natural 9
PLAYER_WINS = "4S KS 5H KH"  # a Player natural 9 against 0
STAND_OFF = "4S 4H 4D 4C"  # natural 8 each
CHEMIN_DE_FER = {"variant": "chemin-de-fer", "confirm_coup": True}
BANQUE = {"variant": "banque", "confirm_coup": True}


def act(table: TableController, action: str, **args: object) -> None:
    table.execute(cmd.BankAction(action=action, args=args))


def refused(table: TableController, action: str, **args: object) -> str:
    """The rules' code for a refused action; the bank is unchanged."""
    before = table.snapshot.bank
    with pytest.raises(cmd.CommandRejected) as rejected:
        act(table, action, **args)
    assert table.snapshot.bank == before
    return rejected.value.code


def play(table: TableController, cards: str) -> None:
    """Deal a coup that needs no decision, and close it."""
    feed(table, cards)
    assert table.snapshot.phase == "complete", table.snapshot.instruction
    table.execute(cmd.CloseCoup())


def replayed(records: list[Record], table: dict[str, object], seats: int = 6) -> object:
    fresh = TableController(make_config(table=table, seats={"count": seats}), clock=FakeClock())
    fresh.replay(records)
    return fresh.snapshot.bank


def chemin_de_fer(
    seats: int = 6, banker: int = 1, amount: str = "100", **bank: str
) -> tuple[TableController, list[Record]]:
    sections: dict[str, object] = {"table": CHEMIN_DE_FER, "seats": {"count": seats}}
    if bank:
        sections["bank"] = bank
    table, records = make_table(**sections)
    for seat in range(1, seats + 1):
        act(table, "sit", seat=seat, player=f"P{seat}")
    act(table, "give_shoe", seat=banker)
    act(table, "put_up_bank", seat=banker, amount=amount)
    return table, records


def banco_coup(table: TableController, seat: int, cards: str, call: str = "banco") -> None:
    act(table, "call", seat=seat, call=call)
    if call == "banco":
        act(table, "close_calls")
    act(table, "no_more_bets")
    play(table, cards)


# --- source 003 ----------------------------------------------------------------------------


def test_banco_suivi_comes_before_a_nearer_banco() -> None:
    table, records = chemin_de_fer()
    banco_coup(table, 4, BANKER_WINS)  # seat 4 equalled the bank and lost
    assert table.snapshot.bank.suivi == 4
    assert table.snapshot.bank.bank == D(195)  # 100 + 100 less the 5% cagnotte
    act(table, "call", seat=2, call="banco")  # seat 2 is nearer the banker
    act(table, "call", seat=4, call="banco_suivi")
    bank = table.snapshot.bank
    assert bank.banco == (4, Call.BANCO_SUIVI) and bank.uncovered == 0
    assert refused(table, "call", seat=3, call="banco") == "calls_closed"
    act(table, "no_more_bets")
    feed(table, "4S 3H AD KC")  # the punter has 5: his option, and he holds the hand
    decision = table.snapshot.decision
    assert decision is not None and (decision.hand, decision.by) == ("player", "4")
    assert replayed(records, CHEMIN_DE_FER) == table.snapshot.bank


def test_a_stand_off_in_between_does_not_count() -> None:
    table, records = chemin_de_fer()
    banco_coup(table, 4, BANKER_WINS)  # seat 4 lost the bank's wager
    banco_coup(table, 2, STAND_OFF)  # seat 2 went banco: a stand-off, his stake comes back
    assert table.snapshot.bank.suivi == 4
    assert table.snapshot.bank.last_settlement.cagnotte == 0
    act(table, "call", seat=4, call="suivi")
    assert table.snapshot.bank.banco == (4, Call.SUIVI)
    assert replayed(records, CHEMIN_DE_FER) == table.snapshot.bank


def test_several_banco_calls_the_nearest_counter_clockwise_takes_the_bank() -> None:
    table, _ = chemin_de_fer(banker=4)
    for seat in (2, 6, 5):  # seat 5 is on the banker's right; 6 next; 2 is far round
        act(table, "call", seat=seat, call="banco")
    act(table, "close_calls")
    assert table.snapshot.bank.banco == (5, Call.BANCO)
    assert table.snapshot.bank.coverage == ((5, D(100)),)


def test_partial_coverage_seat_by_seat_from_the_banker_s_right() -> None:
    table, _ = chemin_de_fer(banker=3)
    act(table, "close_calls")  # no Banco: partial coverage opens
    assert table.snapshot.bank.turn == 4
    assert refused(table, "stake", seat=5, amount="10") == "not_your_turn"
    act(table, "stake", seat=4, amount="30")
    act(table, "pass_turn", seat=5)
    act(table, "stake", seat=6, amount="50")
    assert table.snapshot.bank.turn == 1
    assert refused(table, "stake", seat=1, amount="30") == "exceeds_bank"  # 20 are left
    act(table, "stake", seat=1, amount="10")
    bank = table.snapshot.bank
    assert bank.coverage == ((4, D(30)), (6, D(50)), (1, D(10)))
    assert (bank.covered, bank.uncovered) == (D(90), D(10))
    assert table.indicator.want.value == "stop", "no card before no more bets"


def test_no_more_bets_keeps_the_uncovered_part_in_the_bank_by_default() -> None:
    """Source 003 ¶6: the uncovered part leaves the coup's wager; source 000: it stays in the
    bank, which only grows, for the next coup."""
    table, records = chemin_de_fer(banker=1)
    act(table, "close_calls")
    act(table, "stake", seat=2, amount="30")
    act(table, "no_more_bets")
    bank = table.snapshot.bank
    assert (bank.bank, bank.held_back, bank.uncovered) == (D(100), D(70), 0)
    feed(table, "4S 3H AD KC")  # Player 5 (the punter's option), banker 3
    table.execute(cmd.Decide(hand="player", choice="stand"))
    feed(table, "5C")  # banker 3 draws against a punter who stood: 8, the bank wins
    settled = table.snapshot.bank.last_settlement
    assert settled is not None and settled.held_back == D(70)
    assert table.snapshot.bank.bank == D(100) + D(30) - D("1.50")  # the next bank
    assert replayed(records, CHEMIN_DE_FER) == table.snapshot.bank


def test_the_banker_withdraws_the_uncovered_part_when_the_house_says_so() -> None:
    table, records = chemin_de_fer(banker=1, uncovered="withdrawn")
    act(table, "close_calls")
    act(table, "stake", seat=2, amount="30")
    act(table, "stake", seat=3, amount="45")
    act(table, "no_more_bets")
    bank = table.snapshot.bank
    assert bank.bank == D(75) and bank.uncovered == 0  # the banker took his 25 back
    assert bank.money.balances["P1"] == D(-75)
    assert refused(table, "stake", seat=4, amount="5") == "no_more_bets"
    assert refused(table, "withdraw_stake", seat=2) == "no_more_bets"
    assert refused(table, "call", seat=4, call="banco") == "no_more_bets"
    assert table.indicator.want.value == "card"
    feed(table, "4S 3H AD KC")  # the largest stake (seat 3) holds the Player hand
    decision = table.snapshot.decision
    assert decision is not None and decision.by == "3"
    table.execute(cmd.Decide(hand="player", choice="draw"))
    feed(table, "KD")  # Player 5, banker 3 against a drawn 10: banker draws
    while table.snapshot.phase != "complete":
        decision = table.snapshot.decision
        if decision is not None:
            assert decision.by == "1", "the banker makes the banker's options"
            table.execute(cmd.Decide(hand="banker", choice="draw"))
        else:
            feed(table, "2C")
    settled = table.snapshot.bank.last_settlement
    assert settled is not None and settled.winner is not None
    rebuilt = TableController(
        make_config(table=CHEMIN_DE_FER, seats={"count": 6}, bank={"uncovered": "withdrawn"}),
        clock=FakeClock(),
    )
    rebuilt.replay(records)
    assert rebuilt.snapshot.bank == table.snapshot.bank


# --- source 000 ----------------------------------------------------------------------------


def test_passing_the_deal_at_the_same_amount_then_at_any_amount() -> None:
    table, records = chemin_de_fer(banker=2)
    banco_coup(table, 3, BANKER_WINS)  # the bank wins: 195
    act(table, "pass_deal")
    bank = table.snapshot.bank
    assert (bank.offered_to, bank.same_amount) == (3, D(195))
    assert refused(table, "put_up_bank", seat=3, amount="100") == "same_amount"
    asked = []
    while table.snapshot.bank.same_amount is not None:
        asked.append(table.snapshot.bank.offered_to)
        act(table, "decline_bank", seat=table.snapshot.bank.offered_to)
    assert asked == [3, 4, 5, 6, 1]  # nobody takes it at the same amount
    fallback = []
    while table.snapshot.bank.offered_to not in (None, 5):
        fallback.append(table.snapshot.bank.offered_to)
        act(table, "decline_bank", seat=table.snapshot.bank.offered_to)
    act(table, "put_up_bank", seat=5, amount="20")  # at any amount
    assert fallback == [3, 4]
    assert (table.snapshot.bank.banker, table.snapshot.bank.bank) == (5, D(20))
    assert replayed(records, CHEMIN_DE_FER) == table.snapshot.bank


def test_the_retiring_banker_is_last_in_rotation() -> None:
    table, _ = chemin_de_fer(banker=2)
    act(table, "pass_deal")
    for _ in range(5):  # the others decline the same amount
        act(table, "decline_bank", seat=table.snapshot.bank.offered_to)
    order = []
    while table.snapshot.bank.offered_to is not None:
        order.append(table.snapshot.bank.offered_to)
        act(table, "decline_bank", seat=table.snapshot.bank.offered_to)
    assert order == [3, 4, 5, 6, 1, 2]
    assert table.indicator.want.value == "stop"


def test_a_losing_bank_passes_and_the_loser_may_go_banco_again() -> None:
    table, records = chemin_de_fer(banker=1)
    banco_coup(table, 3, BANKER_WINS)  # seat 3 went banco and lost
    act(table, "pass_deal")
    act(table, "decline_bank", seat=2)
    act(table, "decline_bank", seat=3)
    act(table, "put_up_bank", seat=4, amount="195")  # the deal has passed to seat 4
    assert table.snapshot.bank.suivi == 3
    act(table, "call", seat=5, call="banco")  # seat 5 is right next to the new banker
    act(table, "call", seat=3, call="suivi")
    act(table, "no_more_bets")
    play(table, PLAYER_WINS)  # seat 3 wins this time: the bank is broken and passes
    bank = table.snapshot.bank
    assert bank.banker is None and bank.offered_to == 5 and bank.suivi is None
    assert bank.last_settlement.bank_passes
    assert replayed(records, CHEMIN_DE_FER) == table.snapshot.bank


# --- Baccarat Banque ---------------------------------------------------------------------


def banque() -> tuple[TableController, list[Record]]:
    table, records = make_table(table=BANQUE)
    for seat in range(1, 11):
        act(table, "sit", seat=seat, player=f"S{seat}")
    return table, records


def test_the_bank_is_auctioned_to_the_largest_amount() -> None:
    table, _ = banque()
    assert refused(table, "close_auction") == "no_bid"
    act(table, "bid", bidder="Zed", amount="300")
    act(table, "bid", bidder="S4", amount="500")
    assert refused(table, "bid", bidder="Zed", amount="450") == "bid_too_low"
    act(table, "close_auction")
    bank = table.snapshot.bank
    assert (bank.banker, bank.bank) == ("S4", D(500))
    assert 4 not in bank.players, "a seated punter who wins the bank gives up his seat"


def test_bystanders_only_when_the_seated_leave_the_bank_uncovered_and_a_cheval() -> None:
    table, records = banque()
    act(table, "bid", bidder="Yan", amount="200")
    act(table, "close_auction")
    act(table, "stake", punter="S1", bet="right", amount="60")
    act(table, "stake", punter="S7", bet="left", amount="40")
    assert refused(table, "stake", punter="Walker", bet="right", amount="10") == "bystanders_wait"
    act(table, "close_seated_stakes")
    assert table.snapshot.bank.bystanders_may_stake == D(100)
    assert refused(table, "stake", punter="S2", bet="left", amount="10") == "seated_closed"
    act(table, "stake", punter="Walker", bet="a_cheval", amount="40")
    assert refused(table, "stake", punter="Vera", bet="left", amount="80") == "exceeds_bank"
    act(table, "stake", punter="Vera", bet="left", amount="60")
    act(table, "no_more_bets")
    assert table.snapshot.bank.uncovered == 0
    # R1 L1 B1 R2 L2 B2: right 9 (a natural), left 0, banker 6; the left draws first
    feed(table, "4S KS KD 5H KH 6C")
    assert table.snapshot.next_hand == "left"
    feed(table, "QD")  # the left stays at 0
    decision = table.snapshot.decision
    assert decision is not None and (decision.hand, decision.by) == ("banker", "Yan")
    table.execute(cmd.Decide(hand="banker", choice="stand"))
    assert dict(table.snapshot.sides) == {"right": "win", "left": "lose"}
    settled = table.snapshot.bank.last_settlement
    assert settled is not None
    nets = {p.punter: p.net for p in settled.punters}
    assert nets["S1"] == D(60) and nets["S7"] == D(-40) and nets["Vera"] == D(-60)
    assert nets["Walker"] == 0, "a cheval: one side won, the other lost, a push"
    assert replayed(records, BANQUE, seats=7) == table.snapshot.bank


# --- the house settings: [bank] in the configuration -----------------------------------------


def test_the_cagnotte_is_a_setting() -> None:
    table, _ = make_table(table=CHEMIN_DE_FER, seats={"count": 4}, bank={"cagnotte_rate": "0.10"})
    for seat in range(1, 5):
        act(table, "sit", seat=seat, player=f"P{seat}")
    act(table, "give_shoe", seat=1)
    act(table, "put_up_bank", seat=1, amount="100")
    banco_coup(table, 2, BANKER_WINS)
    settled = table.snapshot.bank.last_settlement
    assert settled.cagnotte == D("10.00") and table.snapshot.bank.bank == D(190)


def test_the_bank_may_go_to_the_first_name_on_the_list_and_the_house_take_is_a_setting() -> None:
    table, _ = make_table(
        table=BANQUE,
        bank={"assignment": "first_on_list", "house_rate": "0", "minimum_stake": "5"},
    )
    for seat in range(1, 11):
        act(table, "sit", seat=seat, player=f"S{seat}")
    assert refused(table, "bid", bidder="Zed", amount="500") == "first_on_list"
    act(table, "list_name", player="Mona")
    act(table, "list_name", player="Zed")
    assert table.snapshot.bank.offered_to == "Mona"
    act(table, "put_up_bank", player="Mona", amount="250")  # at any amount
    assert (table.snapshot.bank.banker, table.snapshot.bank.bank) == ("Mona", D(250))
    assert refused(table, "stake", punter="S1", bet="right", amount="3") == "below_minimum"
    act(table, "stake", punter="S1", bet="right", amount="50")
    act(table, "no_more_bets")
    feed(table, "3S 4S 4D 3H 5H 5C")  # right 6, left 9, banker a natural 9
    assert table.snapshot.phase == "complete"
    assert dict(table.snapshot.sides) == {"right": "lose", "left": "standoff"}
    settled = table.snapshot.bank.last_settlement
    assert settled is not None and settled.house_take == 0, "a house rate of nothing"


@pytest.mark.parametrize(
    ("variant", "bank", "field", "problem"),
    [
        ("punto-banco", {"cagnotte_rate": "0.05"}, "bank", "chemin-de-fer and banque"),
        ("chemin-de-fer", {"assignment": "auction"}, "bank.assignment", "banque setting"),
        ("banque", {"cagnotte_rate": "0.05"}, "bank.cagnotte_rate", "chemin-de-fer setting"),
        ("banque", {"assignment": "lottery"}, "bank.assignment", "auction, first_on_list"),
        ("chemin-de-fer", {"cagnotte_rate": 0.05}, "bank.cagnotte_rate", "as text"),
        ("chemin-de-fer", {"cagnotte_rate": "1.5"}, "bank.cagnotte_rate", "fraction from 0 to 1"),
        ("banque", {"minimum_bank": "0"}, "bank.minimum_bank", "more than 0"),
        ("banque", {"colour": "red"}, "bank.colour", "unknown key"),
    ],
)
def test_bad_bank_settings_name_the_field(
    variant: str, bank: dict[str, object], field: str, problem: str
) -> None:
    with pytest.raises(ConfigError) as error:
        make_config(table={"variant": variant}, bank=bank)
    assert error.value.field == field and problem in error.value.problem
