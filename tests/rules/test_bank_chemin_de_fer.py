"""Chemin de Fer at the table, clause by clause of sources 003 (wagers against the banker) and 000
(passing the bank, the loser who may go banco again, the fresh supply), then properties."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.errors import BetError, RuleViolation
from dealer_assist.rules.bank import (
    BankDeclined,
    Call,
    CheminDeFerPhase,
    CheminDeFerSettings,
    CheminDeFerTable,
    Staked,
    has_valid_deal,
    rebuild_chemin_de_fer,
    verify_valid_deal,
)
from dealer_assist.rules.coup import Choice, Coup, CoupRules, Hand
from dealer_assist.rules.outcome import Winner, outcome_of
from dealer_assist.rules.settlement import Rounding, RoundingMode
from tests.rules.conftest import cards_of

D = Decimal
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")


def open_table(
    seats: int = 6, occupied: tuple[int, ...] | None = None, **kw: object
) -> CheminDeFerTable:
    table = CheminDeFerTable(settings=CheminDeFerSettings(seats=seats, **kw))  # type: ignore[arg-type]
    for seat in occupied if occupied is not None else range(1, seats + 1):
        table.sit(seat, NAMES[seat - 1])
    return table


def with_bank(banker: int = 1, amount: object = 100, **kw: object) -> CheminDeFerTable:
    table = open_table(**kw)  # type: ignore[arg-type]
    table.give_shoe(banker)
    table.put_up_bank(banker, amount)
    return table


def banco_coup(table: CheminDeFerTable, seat: int, winner: Winner, call: Call = Call.BANCO) -> None:
    table.call(seat, call)
    if not call.is_suivi:
        table.close_calls()
    table.no_more_bets()
    table.settle(winner)


def refused(code: str, action: object, *args: object) -> None:
    with pytest.raises(RuleViolation) as caught:
        action(*args)  # type: ignore[operator]
    assert caught.value.code == code


# --- source 003 ¶1: no wager exceeds the bank, alone or together ----------------------------


def test_no_single_wager_exceeds_the_bank() -> None:
    table = with_bank(amount=100)
    table.close_calls()
    refused("exceeds_bank", table.stake, 2, 101)
    assert table.stake(2, 100).stake == D(100)


def test_wagers_together_never_exceed_the_bank() -> None:
    table = with_bank(amount=100)
    table.close_calls()
    table.stake(2, 60)
    assert table.may_stake(3) == D(40)
    refused("exceeds_bank", table.stake, 3, 41)
    table.stake(3, 40)
    assert table.covered == D(100) and table.uncovered == 0
    assert table.turn is None and table.view().to_act == ()
    refused("bank_covered", table.stake, 4, 1)


def test_the_banker_never_wagers_against_his_own_bank() -> None:
    table = with_bank(banker=3)
    refused("banker_cannot_punt", table.call, 3, Call.BANCO)
    table.close_calls()
    assert table.may_stake(3) == 0


# --- ¶2: Banco Suivi ------------------------------------------------------------------------


def test_suivi_has_the_first_option_over_a_nearer_banco() -> None:
    table = with_bank(banker=1)
    banco_coup(table, 4, Winner.BANKER)  # seat 4 equalled the bank and lost
    assert table.view().suivi == 4
    table.call(2, Call.BANCO)  # seat 2 sits nearer the banker
    operation = table.call(4, Call.BANCO_SUIVI)
    assert operation.takes_bank
    view = table.view()
    assert view.banco == (4, Call.BANCO_SUIVI)
    assert view.coverage == ((4, table.bank),) and view.uncovered == 0
    assert view.calls == ((2, Call.BANCO), (4, Call.BANCO_SUIVI))
    refused("calls_closed", table.call, 3, Call.BANCO)


def test_suivi_is_also_said_suivi() -> None:
    table = with_bank()
    banco_coup(table, 5, Winner.BANKER)
    table.call(5, Call.SUIVI)
    assert table.view().banco == (5, Call.SUIVI)


def test_only_the_loser_of_the_last_wager_may_call_suivi() -> None:
    table = with_bank()
    refused("not_suivi", table.call, 2, Call.BANCO_SUIVI)  # nobody has lost yet
    banco_coup(table, 4, Winner.BANKER)
    refused("not_suivi", table.call, 2, Call.SUIVI)
    assert table.can_call(4, Call.SUIVI) and not table.can_call(2, Call.SUIVI)


def test_suivi_goes_to_the_loser_of_the_immediately_preceding_wager() -> None:
    table = with_bank()
    banco_coup(table, 4, Winner.BANKER)
    banco_coup(table, 2, Winner.BANKER)  # seat 4 did not follow; seat 2 went banco and lost
    assert table.view().suivi == 2
    refused("not_suivi", table.call, 4, Call.SUIVI)


def test_an_intervening_stand_off_does_not_count() -> None:
    table = with_bank()
    banco_coup(table, 4, Winner.BANKER)  # seat 4 lost the bank's wager
    banco_coup(table, 2, Winner.TIE)  # seat 2 went banco: a stand-off
    assert table.view().suivi == 4  # the preceding wager is still seat 4's loss
    table.call(4, Call.BANCO_SUIVI)
    assert table.view().banco == (4, Call.BANCO_SUIVI)


def test_the_follower_keeps_his_right_through_his_own_stand_off() -> None:
    table = with_bank()
    banco_coup(table, 4, Winner.BANKER)
    banco_coup(table, 4, Winner.TIE, Call.SUIVI)
    assert table.view().suivi == 4


def test_partial_coverage_equals_nothing_so_nobody_may_follow() -> None:
    table = with_bank(amount=100)
    table.close_calls()
    table.stake(2, 30)  # one punter only, but not the whole bank
    table.no_more_bets()  # the banker withdraws 70; the wager is 30 against 30
    table.settle(Winner.BANKER)
    assert table.view().suivi is None


def test_a_whole_bank_covered_in_turn_equals_the_bank() -> None:
    table = with_bank(amount=100)
    table.close_calls()
    table.stake(2, 100)
    table.no_more_bets()
    table.settle(Winner.BANKER)
    assert table.view().suivi == 2


def test_a_losing_bank_leaves_nobody_to_follow() -> None:
    table = with_bank(banker=1)
    banco_coup(table, 4, Winner.BANKER)
    banco_coup(table, 4, Winner.PLAYER, Call.SUIVI)  # the follower wins: the bank passes
    assert table.phase is CheminDeFerPhase.AWAITING_BANK
    table.put_up_bank(2, 50)
    assert table.view().suivi is None


def test_the_right_to_follow_survives_a_passed_deal() -> None:
    table = with_bank(banker=1)
    banco_coup(table, 4, Winner.BANKER)
    table.pass_deal()  # "I pass the deal": seat 2 takes the bank at the same amount
    table.put_up_bank(2, table.view().same_amount)
    assert table.view().suivi == 4  # source 000: "notwithstanding that the deal may have passed"


def test_the_right_to_follow_ends_when_its_holder_takes_the_bank() -> None:
    table = with_bank(banker=1)
    banco_coup(table, 2, Winner.BANKER)
    assert table.view().suivi == 2
    table.pass_deal()
    table.put_up_bank(2, table.view().same_amount)  # the follower takes the bank himself
    assert table.view().suivi is None
    table.pass_deal()  # and passes it on before any coup
    table.put_up_bank(3, table.view().same_amount)
    assert table.view().suivi is None  # the right does not come back
    refused("not_suivi", table.call, 2, Call.BANCO_SUIVI)


# --- ¶3, ¶4: Banco, and several Banco calls -------------------------------------------------


def test_several_banco_calls_nearest_counter_clockwise_wins() -> None:
    table = with_bank(banker=3)
    for seat in (2, 6, 5):
        table.call(seat, Call.BANCO)
    closed = table.close_calls()
    assert (closed.banco, closed.call) == (5, Call.BANCO)  # 3 -> 4, 5: five is nearest
    assert table.view().coverage == ((5, D(100)),)


def test_nearest_counter_clockwise_wraps_round_the_table() -> None:
    table = with_bank(banker=5, seats=9)
    table.call(4, Call.BANCO)  # the banker's left: eight places round
    table.call(2, Call.BANCO_SEUL)  # six places round
    assert table.close_calls().banco == 2


def test_a_banco_call_can_be_withdrawn_while_the_calls_are_open() -> None:
    table = with_bank(banker=1)
    table.call(2, Call.BANCO)
    table.call(4, Call.BANCO)
    table.withdraw_call(2)
    assert table.close_calls().banco == 4


def test_without_calls_partial_coverage_opens() -> None:
    table = with_bank(banker=1)
    closed = table.close_calls()
    assert closed.banco is None and closed.order == (2, 3, 4, 5, 6)


def test_calls_take_the_whole_bank() -> None:
    table = with_bank(amount=250)
    assert table.view().may_stake[2] == D(250)
    table.call(2, Call.BANCO)
    table.close_calls()
    refused("bank_taken", table.stake, 3, 10)
    refused("banco_given", table.withdraw_stake, 2)


# --- ¶5: partial coverage seat by seat from the banker's right ------------------------------


def test_coverage_goes_seat_by_seat_from_the_banker_s_right() -> None:
    table = with_bank(banker=4, amount=100)
    table.close_calls()
    assert table.turn == 5
    refused("not_your_turn", table.stake, 6, 10)
    table.stake(5, 10)
    assert table.turn == 6
    table.pass_turn(6)
    assert table.turn == 1  # wraps round past the last seat
    table.stake(1, 20)
    table.stake(2, 30)
    assert table.turn == 3 and table.view().to_act == (3,)
    assert table.view().may_stake == {1: 0, 2: 0, 3: D(40), 4: 0, 5: 0, 6: 0}
    table.stake(3, 40)  # covered: the round stops
    assert table.turn is None and table.uncovered == 0
    assert table.view().coverage == ((5, D(10)), (1, D(20)), (2, D(30)), (3, D(40)))


def test_empty_seats_have_no_turn() -> None:
    table = open_table(seats=9, occupied=(1, 4, 8))
    table.give_shoe(8)
    table.put_up_bank(8, 100)
    assert table.close_calls().order == (1, 4)


def test_once_all_had_their_turn_anyone_may_add_to_the_uncovered_part() -> None:
    table = with_bank(banker=1, amount=100)
    table.close_calls()
    table.stake(2, 10)
    for seat in (3, 4, 5, 6):
        table.pass_turn(seat)
    assert table.turn is None
    assert table.view().to_act == (2, 3, 4, 5, 6)
    table.stake(4, 50)
    table.stake(2, 5)
    assert table.view().coverage == ((2, D(15)), (4, D(50)))


def test_a_stake_may_be_withdrawn_before_no_more_bets() -> None:
    table = with_bank(amount=100)
    table.close_calls()
    table.stake(2, 40)
    table.withdraw_stake(2)
    assert table.covered == 0 and table.money().balances["Bob"] == 0


def test_stakes_are_whole_units_and_positive() -> None:
    table = with_bank()
    table.close_calls()
    refused("bad_amount", table.stake, 2, "0.005")
    refused("bad_amount", table.stake, 2, 0)
    with pytest.raises(BetError):
        table.stake(2, 1.5)


def test_a_minimum_stake_except_for_the_last_of_the_bank() -> None:
    table = with_bank(amount=100, minimum_stake=D(20))
    table.close_calls()
    refused("below_minimum", table.stake, 2, 10)
    table.stake(2, 90)
    assert table.stake(3, 10).stake == D(10)  # the last 10 of the bank


# --- ¶6: "no more bets", and the uncovered part withdrawn -----------------------------------


def test_nothing_is_made_increased_or_withdrawn_after_no_more_bets() -> None:
    table = with_bank(amount=100)
    table.close_calls()
    table.stake(2, 30)
    table.pass_turn(3)
    table.no_more_bets()
    refused("no_more_bets", table.stake, 4, 10)  # made
    refused("no_more_bets", table.stake, 2, 10)  # increased
    refused("no_more_bets", table.withdraw_stake, 2)  # withdrawn
    refused("no_more_bets", table.call, 4, Call.BANCO)
    refused("coup_under_way", table.pass_deal)
    assert table.covered == D(30)


def test_the_uncovered_part_leaves_the_wager_but_stays_in_the_bank() -> None:
    """Source 003 ¶6 (it leaves the coup's wager) read with source 000 (the banker may not
    withdraw any part of his winnings): by default it waits in the bank for the next coup."""
    table = with_bank(banker=1, amount=195)
    table.close_calls()
    table.stake(2, 100)
    closed = table.no_more_bets()
    assert (closed.covered, closed.withdrawn, closed.held_back) == (D(100), D(0), D(95))
    assert table.view().held_back == D(95)
    settled = table.settle(Winner.BANKER)
    assert (settled.bank_winnings, settled.cagnotte, settled.held_back) == (D(100), D(5), D(95))
    assert table.bank == D(195) + D(100) - D(5)  # the next bank: 290, not 195
    assert table.money().balances["Ann"] == D(-195)


def test_the_bank_that_passes_returns_what_was_held_back() -> None:
    table = with_bank(banker=1, amount=195)
    table.close_calls()
    table.stake(2, 100)
    table.no_more_bets()
    settled = table.settle(Winner.PLAYER)
    assert settled.bank_passes and settled.bank_after == 0 and table.bank == 0
    assert table.money().balances["Ann"] == D(-100)  # lost the 100 covered, took 95 back
    assert table.money().total == 0


def test_a_stand_off_keeps_the_whole_bank() -> None:
    table = with_bank(banker=1, amount=195)
    table.close_calls()
    table.stake(2, 100)
    table.no_more_bets()
    table.settle(Winner.TIE)
    assert table.bank == D(195) and table.view().uncovered == D(195)


def test_a_house_may_let_the_banker_withdraw_the_uncovered_part() -> None:
    table = with_bank(banker=1, amount=100, withdraw_uncovered=True)
    table.close_calls()
    table.stake(2, 30)
    table.stake(3, 20)
    closed = table.no_more_bets()
    assert (closed.covered, closed.withdrawn, closed.held_back) == (D(50), D(50), D(0))
    assert table.bank == D(50)
    assert table.money().balances["Ann"] == D(-50)  # put up 100, took 50 back
    table.settle(Winner.BANKER)
    assert table.bank == D(50) + D(50) - D("2.50")


def test_no_more_bets_needs_a_stake() -> None:
    table = with_bank()
    refused("calls_open", table.no_more_bets)
    table.close_calls()
    refused("not_covered", table.no_more_bets)


# --- who makes the coup's decisions ---------------------------------------------------------


def test_the_largest_stake_holds_the_player_hand() -> None:
    table = with_bank(banker=1, amount=100)
    table.close_calls()
    table.stake(2, 20)
    table.stake(3, 50)
    table.stake(4, 30)
    assert table.no_more_bets().player_hand == 3
    assert table.decision_makers() == {Hand.PLAYER: 3, Hand.BANKER: 1}


def test_equal_largest_stakes_nearest_the_banker_holds_the_hand() -> None:
    table = with_bank(banker=4, amount=100)
    table.close_calls()
    table.pass_turn(5)
    table.stake(6, 40)
    table.stake(1, 40)
    assert table.no_more_bets().player_hand == 6


def test_a_real_coup_with_both_options() -> None:
    table = with_bank(banker=2, amount=100)
    table.call(5, Call.BANCO)
    table.close_calls()
    table.no_more_bets()
    makers = table.decision_makers()
    coup = Coup(CoupRules.chemin_de_fer())
    for card in cards_of(3, 1, 2, 2):  # Player 5: the punter's option; Banker 3
        coup.deal(card)
    coup.decide(Hand.PLAYER, Choice.DRAW)  # made by makers[Hand.PLAYER], seat 5
    coup.deal(cards_of(9)[0])  # Player 4; Banker 3 against a 9: the banker's option
    coup.decide(Hand.BANKER, Choice.STAND)  # made by makers[Hand.BANKER], seat 2
    assert makers == {Hand.PLAYER: 5, Hand.BANKER: 2}
    settled = table.settle(outcome_of(coup))  # Player 4, Banker 3
    assert settled.winner is Winner.PLAYER and settled.bank_passes


def test_a_punto_banco_outcome_settles_nothing_here() -> None:
    table = with_bank()
    table.call(2, Call.BANCO)
    table.close_calls()
    table.no_more_bets()
    coup = Coup(CoupRules.punto_banco())
    for card in cards_of(9, 0, 0, 0):
        coup.deal(card)
    refused("wrong_game", table.settle, outcome_of(coup))


# --- ¶8: settlement; the bank keeps its winnings; the cagnotte --------------------------------


def test_punters_win_lose_or_stand_off() -> None:
    for winner, nets in (
        (Winner.PLAYER, (D(30), D(20))),
        (Winner.BANKER, (D(-30), D(-20))),
        (Winner.TIE, (D(0), D(0))),
    ):
        table = with_bank(banker=1, amount=100)
        table.close_calls()
        table.stake(2, 30)
        table.stake(3, 20)
        table.no_more_bets()
        settled = table.settle(winner)
        assert tuple(p.net for p in settled.punters) == nets
        assert table.money().balances["Bob"] == nets[0]


def test_the_bank_keeps_its_winnings_less_the_cagnotte() -> None:
    table = with_bank(banker=1, amount=100)
    banco_coup(table, 2, Winner.BANKER)
    last = table.view().last_settlement
    assert last is not None
    assert (last.bank_winnings, last.cagnotte, last.bank_after) == (D(100), D(5), D(195))
    assert table.bank == D(195) and table.money().house == D(5)
    assert table.money().balances["Ann"] == D(-100)  # nothing withdrawn: it is all in the bank
    banco_coup(table, 3, Winner.BANKER)
    assert table.bank == D("380.25")  # 195 + 195 - 9.75
    assert table.view().coups_by_bank == 2


def test_a_stand_off_takes_no_cagnotte() -> None:
    table = with_bank(amount=100)
    banco_coup(table, 2, Winner.TIE)
    assert table.bank == D(100) and table.money().house == 0


def test_the_cagnotte_rate_and_rounding_are_settings() -> None:
    table = with_bank(
        amount=D("33.35"),
        cagnotte_rate=D("0.04"),
        cagnotte_rounding=Rounding(unit=D("0.25"), mode=RoundingMode.UP),
    )
    banco_coup(table, 2, Winner.BANKER)
    last = table.view().last_settlement
    assert last is not None and last.cagnotte == D("1.50")  # 1.334 up to a quarter
    table = with_bank(amount=100, cagnotte_rate=D(0))
    banco_coup(table, 2, Winner.BANKER)
    assert table.bank == D(200)


# --- the bank passes when the banker loses --------------------------------------------------


def test_a_losing_bank_passes_to_the_seat_on_the_banker_s_right() -> None:
    table = with_bank(banker=3, amount=100)
    banco_coup(table, 5, Winner.PLAYER)
    assert table.phase is CheminDeFerPhase.AWAITING_BANK and table.bank == 0
    assert table.offered_to == 4
    table.decline_bank(4)
    assert table.offered_to == 5
    refused("not_offered", table.put_up_bank, 6, 10)
    table.put_up_bank(5, 40)  # any amount
    assert table.banker == 5 and table.bank == D(40)


def test_the_losing_banker_is_asked_last_and_then_the_croupier_gives_the_shoe() -> None:
    table = with_bank(banker=3, amount=100, seats=4)
    banco_coup(table, 1, Winner.PLAYER)
    offers = []
    while table.offered_to is not None:
        offers.append(table.offered_to)
        table.decline_bank(table.offered_to)
    assert offers == [4, 1, 2, 3]
    refused("not_offered", table.put_up_bank, 1, 10)
    table.give_shoe(2)
    table.put_up_bank(2, 10)


# --- source 000: "I pass the deal" ----------------------------------------------------------


def test_passing_the_deal_offers_the_bank_at_the_same_amount_in_rotation() -> None:
    table = with_bank(banker=2, amount=100)
    banco_coup(table, 3, Winner.BANKER)  # bank 195
    passed = table.pass_deal()
    assert (passed.seat, passed.amount) == (2, D(195))
    assert table.money().balances["Bob"] == D(95)  # the winnings go with him
    view = table.view()
    assert (view.offered_to, view.same_amount) == (3, D(195))
    refused("same_amount", table.put_up_bank, 3, 100)
    table.decline_bank(3)
    table.put_up_bank(4, 195)
    assert table.banker == 4 and table.bank == D(195)


def test_if_nobody_takes_it_the_next_on_the_right_starts_at_any_amount() -> None:
    table = with_bank(banker=2, amount=100)
    banco_coup(table, 3, Winner.BANKER)
    table.pass_deal()
    asked = []
    declined: BankDeclined | None = None
    while table.view().same_amount is not None:
        asked.append(table.offered_to)
        declined = table.decline_bank(table.offered_to)  # type: ignore[arg-type]
    assert asked == [3, 4, 5, 6, 1]  # the others, in rotation
    assert declined is not None and (declined.offered_to, declined.same_amount) == (3, None)
    table.put_up_bank(3, 10)  # at liberty to start with such amount as he thinks fit
    assert table.banker == 3 and table.bank == D(10)


def test_the_same_amount_need_not_be_a_whole_unit() -> None:
    table = with_bank(banker=1, amount=30, unit=D(1), minimum_stake=D(1), minimum_bank=D(1))
    banco_coup(table, 2, Winner.BANKER)  # 60 less a cagnotte of 1.50
    table.pass_deal()
    refused("bad_amount", table.put_up_bank, 2, "58.25")
    table.put_up_bank(2, "58.50")
    assert table.bank == D("58.50")


def test_the_retiring_banker_is_last_in_rotation() -> None:
    table = with_bank(banker=2, amount=100)
    table.pass_deal()
    for _ in range(5):
        table.decline_bank(table.offered_to)  # type: ignore[arg-type]
    fallback = []
    while table.offered_to is not None:
        fallback.append(table.offered_to)
        table.decline_bank(table.offered_to)
    assert fallback == [3, 4, 5, 6, 1, 2]


def test_a_banker_alone_at_the_table_may_start_again_at_any_amount() -> None:
    table = open_table(seats=6, occupied=(2,))
    table.give_shoe(2)
    table.put_up_bank(2, 100)
    table.pass_deal()
    assert table.view().same_amount is None and table.offered_to == 2


def test_the_deal_is_passed_only_between_coups() -> None:
    table = with_bank()
    table.call(2, Call.BANCO)
    refused("calls_made", table.pass_deal)
    table.close_calls()
    refused("coup_under_way", table.pass_deal)
    assert not table.view().may_pass_deal


def test_the_deal_may_be_passed_when_nobody_covers_the_bank() -> None:
    table = with_bank(banker=1, amount=100)
    table.close_calls()
    table.stake(2, 10)
    refused("coup_under_way", table.pass_deal)
    table.withdraw_stake(2)
    assert table.pass_deal().amount == D(100)
    assert table.turn is None and table.view().coverage == ()


def test_the_banker_cannot_leave_without_passing_the_deal() -> None:
    table = with_bank(banker=2)
    refused("banker_leaving", table.leave, 2)
    table.pass_deal()
    refused("shoe_offered", table.leave, 3)
    table.leave(2)  # no longer the banker, not offered the shoe
    assert 2 not in table.players


# --- source 000: the loser may go banco again though the deal has passed ----------------------


def test_the_loser_may_go_banco_again_after_the_deal_passed() -> None:
    table = with_bank(banker=1, amount=100)
    banco_coup(table, 3, Winner.BANKER)  # seat 3 went bank and lost
    table.pass_deal()
    table.decline_bank(2)
    table.decline_bank(3)
    table.put_up_bank(4, 195)  # the deal has passed to seat 4
    assert table.view().suivi == 3
    table.call(5, Call.BANCO)  # seat 5 sits right next to the new banker
    table.call(3, Call.SUIVI)
    assert table.view().banco == (3, Call.SUIVI)


def test_the_loser_may_follow_a_bank_started_at_any_amount() -> None:
    table = with_bank(banker=1, amount=100)
    banco_coup(table, 3, Winner.BANKER)
    table.pass_deal()
    for _ in range(5):
        table.decline_bank(table.offered_to)  # type: ignore[arg-type]
    table.put_up_bank(2, 20)
    assert table.can_call(3, Call.BANCO_SUIVI)


def test_the_loser_who_takes_the_bank_cannot_follow_himself() -> None:
    table = with_bank(banker=1, amount=100)
    banco_coup(table, 2, Winner.BANKER)
    table.pass_deal()
    table.put_up_bank(2, 195)
    assert table.view().suivi is None
    refused("banker_cannot_punt", table.call, 2, Call.SUIVI)


def test_the_right_to_follow_leaves_with_the_player() -> None:
    table = with_bank(banker=1)
    banco_coup(table, 3, Winner.BANKER)
    table.leave(3)
    table.sit(3, "Zed")
    assert table.view().suivi is None


# --- source 000: the fresh supply -----------------------------------------------------------


def test_a_valid_deal_needs_seven_cards_in_hand() -> None:
    assert has_valid_deal(7) and not has_valid_deal(6)
    with pytest.raises(RuleViolation) as caught:
        verify_valid_deal(6)
    assert caught.value.code == "fresh_supply" and "fresh supply" in caught.value.message
    table = open_table(minimum_cards=9)
    assert table.has_valid_deal(9) and not table.has_valid_deal(8)
    refused("fresh_supply", table.verify_valid_deal, 8)


# --- the screens ----------------------------------------------------------------------------


def test_the_view_says_who_may_act_and_what_each_seat_may_stake() -> None:
    table = open_table(seats=6)
    assert table.view().phase is CheminDeFerPhase.AWAITING_BANK and table.view().to_act == ()
    table.give_shoe(2)
    assert table.view().to_act == (2,)
    table.put_up_bank(2, 80)
    view = table.view()
    assert view.to_act == (3, 4, 5, 6, 1) and view.may_pass_deal
    assert view.may_stake == {1: D(80), 2: 0, 3: D(80), 4: D(80), 5: D(80), 6: D(80)}
    table.call(4, Call.BANCO)
    assert 4 not in table.view().to_act
    table.close_calls()
    view = table.view()
    assert view.banco == (4, Call.BANCO) and view.to_act == () and view.uncovered == 0


# --- the record -----------------------------------------------------------------------------


def test_operations_rebuild_the_table() -> None:
    table = with_bank(banker=1)
    banco_coup(table, 3, Winner.BANKER)
    table.close_calls()
    table.stake(2, 50)
    table.pass_turn(3)
    table.no_more_bets()
    table.settle(Winner.PLAYER)
    again = rebuild_chemin_de_fer(table.operations)
    assert again.view() == table.view() and again.operations == table.operations


def test_an_altered_journal_is_refused() -> None:
    table = with_bank(banker=1, amount=100)
    table.close_calls()
    table.stake(2, 50)
    operations = list(table.operations)
    staked = operations[-1]
    assert isinstance(staked, Staked)
    operations[-1] = replace(staked, stake=D(60))
    refused("journal_mismatch", rebuild_chemin_de_fer, operations)
    refused("journal_mismatch", rebuild_chemin_de_fer, operations[1:])


def test_a_refused_action_changes_nothing() -> None:
    table = with_bank(amount=100)
    table.close_calls()
    table.stake(2, 10)
    before = table.view(), table.operations
    for action in (
        lambda: table.stake(4, 10),
        lambda: table.stake(3, 1000),
        lambda: table.close_calls(),
        lambda: table.settle(Winner.TIE),
        lambda: table.pass_deal(),
        lambda: table.call(3, Call.BANCO),
    ):
        with pytest.raises(RuleViolation):
            action()
    assert (table.view(), table.operations) == before


# --- properties: random play at a full table ------------------------------------------------

SEATS = 6


def legal_actions(table: CheminDeFerTable, amount: int) -> list[tuple[str, tuple[object, ...]]]:
    """Every action the table would take now, one amount per staking action."""
    candidates: list[tuple[str, tuple[object, ...]]] = [
        ("close_calls", ()),
        ("no_more_bets", ()),
        ("pass_deal", ()),
        *(("settle", (winner,)) for winner in Winner),
    ]
    for seat in range(1, SEATS + 1):
        uncovered = table.uncovered
        candidates += [
            ("give_shoe", (seat,)),
            ("put_up_bank", (seat, amount)),
            ("put_up_bank", (seat, table.view().same_amount or amount)),
            ("decline_bank", (seat,)),
            ("call", (seat, Call.BANCO)),
            ("call", (seat, Call.SUIVI)),
            ("withdraw_call", (seat,)),
            ("stake", (seat, min(amount, uncovered) if uncovered else amount)),
            ("stake", (seat, uncovered or amount)),
            ("pass_turn", (seat,)),
            ("withdraw_stake", (seat,)),
        ]
        if amount % 7 == 0:  # players come and go now and then
            candidates += [("leave", (seat,)), ("sit", (seat, NAMES[seat - 1]))]
    return [(name, args) for name, args in candidates if getattr(table, f"can_{name}")(*args)]


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10_000), st.integers(1, 400)), max_size=120))
def test_random_play_conserves_money_and_rebuilds(steps: list[tuple[int, int]]) -> None:
    table = open_table(seats=SEATS)
    start = table.money().total
    for pick, amount in steps:
        actions = legal_actions(table, amount)
        assert actions, f"the table is stuck in {table.phase}"
        name, args = actions[pick % len(actions)]
        getattr(table, name)(*args)
        money = table.money()
        assert money.total == start == 0
        assert money.bank >= 0 and money.house >= 0
        view = table.view()
        assert all(stake <= view.bank for _, stake in view.coverage)
        assert view.covered <= view.bank
        assert all(room <= view.bank for room in view.may_stake.values())
        if view.phase is CheminDeFerPhase.AWAITING_BANK:
            assert view.bank == 0 and view.banker is None
    assert rebuild_chemin_de_fer(table.operations).view() == table.view()


# --- source 000: the fresh supply is cut by the player on the croupier's left ----------------


def test_a_fresh_supply_is_cut_by_the_player_on_the_croupier_s_left() -> None:
    table = with_bank(banker=1, occupied=(1, 2, 4))
    assert table.view().supply_cutter == 4  # seats count from the croupier's right
    refused("wrong_cutter", table.cut_supply, 2)
    cut = table.cut_supply(4)
    assert (cut.seat, cut.player) == (4, "Dee") and table.view().last_supply_cut == cut
    banco_coup(table, 2, Winner.BANKER)
    table.call(2, Call.SUIVI)
    table.no_more_bets()
    refused("no_more_bets", table.cut_supply, 4)  # not while a coup is dealt
    assert rebuild_chemin_de_fer(table.operations).view() == table.view()
