"""Baccarat Banque at the table, clause by clause of source 000 (the auction or the list, the bank
held for the shoe, ten seats five a side, bystanders, à cheval), then properties."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.errors import RuleViolation
from dealer_assist.rules.bank import (
    BankAssignment,
    BankEnd,
    BanqueBet,
    BanquePhase,
    BanqueSettings,
    BanqueTable,
    HouseBasis,
    rebuild_banque,
)
from dealer_assist.rules.coup import Choice, Coup, CoupRules, DecisionDue, Hand
from dealer_assist.rules.outcome import SideResult, outcome_of
from dealer_assist.rules.settlement import Bet, SettlementRules, settle
from dealer_assist.rules.variants import default_catalog
from tests.rules.conftest import cards_of

D = Decimal
WIN, LOSE, STANDOFF = SideResult.WIN, SideResult.LOSE, SideResult.STANDOFF
RIGHT, LEFT, A_CHEVAL = BanqueBet.RIGHT, BanqueBet.LEFT, BanqueBet.A_CHEVAL
SEATED = {1: "R1", 2: "R2", 3: "R3", 6: "L1", 7: "L2"}


def open_table(*, seated: dict[int, str] | None = None, **kw: object) -> BanqueTable:
    table = BanqueTable(settings=BanqueSettings(**kw))  # type: ignore[arg-type]
    for seat, name in (SEATED if seated is None else seated).items():
        table.sit(seat, name)
    return table


def with_bank(amount: object = 1000, **kw: object) -> BanqueTable:
    table = open_table(**kw)
    table.bid("Banker", amount)
    table.close_auction()
    return table


def refused(code: str, action: object, *args: object) -> None:
    with pytest.raises(RuleViolation) as caught:
        action(*args)  # type: ignore[operator]
    assert caught.value.code == code


def play(table: BanqueTable, right: SideResult, left: SideResult) -> None:
    table.no_more_bets()
    table.settle((right, left))


# --- the auction, or the first name on the list ---------------------------------------------


def test_the_bank_goes_to_whoever_will_risk_the_largest_amount() -> None:
    table = open_table()
    table.bid("Zoe", 500)
    table.bid("Yan", 800)
    refused("bid_too_low", table.bid, "Zoe", 800)
    table.bid("Zoe", 900)
    assert table.view().bids == (("Zoe", D(500)), ("Yan", D(800)), ("Zoe", D(900)))
    won = table.close_auction()
    assert (won.banker, won.amount, won.vacated_seat) == ("Zoe", D(900), None)
    assert table.bank == D(900) and table.phase is BanquePhase.STAKING
    assert table.money().balances["Zoe"] == D(-900)
    refused("bank_held", table.bid, "Yan", 2000)


def test_the_auction_needs_a_bid() -> None:
    table = open_table()
    refused("no_bid", table.close_auction)
    refused("auction", table.list_name, "Zoe")


def test_a_seated_punter_who_wins_the_bank_leaves_his_seat() -> None:
    table = open_table()
    table.bid("R2", 700)
    assert table.close_auction().vacated_seat == 2
    assert 2 not in table.players and table.banker == "R2"
    refused("banker_seated", table.sit, 4, "R2")


def test_the_first_name_on_the_list_holds_the_bank_at_any_amount() -> None:
    table = open_table(assignment=BankAssignment.FIRST_ON_LIST)
    refused("first_on_list", table.bid, "Zoe", 1000)
    for name in ("Yan", "Zoe", "Xia"):
        table.list_name(name)
    assert table.offered_to == "Yan"
    refused("not_offered", table.put_up_bank, "Zoe", 300)
    table.put_up_bank("Yan", 37)
    assert table.banker == "Yan" and table.bank == D(37)
    assert table.view().names_listed == ("Zoe", "Xia")


def test_a_name_that_declines_leaves_the_list() -> None:
    table = open_table(assignment=BankAssignment.FIRST_ON_LIST)
    table.list_name("Yan")
    table.list_name("Zoe")
    table.decline_bank("Yan")
    assert table.offered_to == "Zoe"
    table.decline_bank("Zoe")
    assert table.offered_to is None
    refused("not_offered", table.put_up_bank, "Zoe", 10)


# --- the bank is held until the shoe is dealt out, the banker retires, or it is exhausted -------


def test_the_banker_holds_the_bank_from_coup_to_coup() -> None:
    table = with_bank(1000)
    for result in ((WIN, LOSE), (LOSE, LOSE), (STANDOFF, WIN)):
        table.stake("R1", RIGHT, 100)
        play(table, *result)
        assert table.banker == "Banker" and table.phase is BanquePhase.STAKING
    assert table.view().coups_by_bank == 3


def test_the_shoe_dealt_out_ends_the_bank() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    refused("coup_under_way", table.end_shoe)
    play(table, LOSE, LOSE)  # the bank wins 100 less 5
    closed = table.end_shoe()
    assert (closed.banker, closed.amount, closed.reason) == (
        "Banker",
        D(1095),
        BankEnd.SHOE_DEALT_OUT,
    )
    assert table.phase is BanquePhase.ASSIGNING and table.bank == 0
    assert table.money().balances["Banker"] == D(95)


def test_the_banker_may_retire_between_coups() -> None:
    table = with_bank(1000)
    assert table.retire().reason is BankEnd.RETIRED
    assert table.view().last_bank_end is BankEnd.RETIRED
    refused("no_bank", table.retire)
    table.bid("R1", 10)  # the bank is auctioned again
    table.close_auction()


def test_the_banker_may_retire_when_nobody_stakes_at_all() -> None:
    table = with_bank(1000)
    table.close_seated_stakes()
    refused("no_stakes", table.no_more_bets)
    table.stake("Standing", RIGHT, 10)
    refused("coup_under_way", table.retire)
    table.withdraw_stake("Standing", RIGHT)
    assert table.retire().amount == D(1000)


def test_an_exhausted_bank_ends_the_banker_s_office() -> None:
    table = with_bank(300)
    table.stake("R1", RIGHT, 100)
    table.stake("L1", LEFT, 200)
    table.no_more_bets()
    settled = table.settle((WIN, WIN))
    assert settled.bank_after == 0 and settled.bank_exhausted
    assert table.phase is BanquePhase.ASSIGNING and table.banker is None
    assert table.view().last_bank_end is BankEnd.EXHAUSTED


def test_three_decks_and_nine_cards_by_default() -> None:
    settings_ = BanqueSettings()
    assert (settings_.decks, settings_.seats, settings_.minimum_cards) == (3, 10, 9)
    table = open_table(decks=6, minimum_cards=12)
    assert table.settings.decks == 6
    assert table.has_valid_deal(12) and not table.has_valid_deal(11)
    refused("fresh_supply", table.verify_valid_deal, 8)


# --- ten seats, five a side -----------------------------------------------------------------


def test_five_seats_on_the_banker_s_right_and_five_on_his_left() -> None:
    table = open_table(seated={})
    assert [table.side_of(seat) for seat in range(1, 11)] == [Hand.RIGHT] * 5 + [Hand.LEFT] * 5
    refused("bad_seat", table.sit, 11, "Extra")
    refused("bad_seat", table.sit, 0, "Extra")


def test_a_seated_punter_stakes_on_his_own_side_or_a_cheval() -> None:
    table = with_bank()
    refused("wrong_side", table.stake, "R1", LEFT, 100)
    refused("wrong_side", table.stake, "L1", RIGHT, 100)
    table.stake("R1", RIGHT, 100)
    table.stake("L1", LEFT, 100)
    table.stake("R2", A_CHEVAL, 100)
    assert table.view().on_side == {Hand.RIGHT: D(150), Hand.LEFT: D(150)}


def test_the_banker_does_not_punt() -> None:
    table = with_bank()
    table.close_seated_stakes()
    refused("banker_cannot_punt", table.stake, "Banker", RIGHT, 10)


# --- no stake exceeds the bank --------------------------------------------------------------


def test_stakes_together_never_exceed_the_bank() -> None:
    table = with_bank(500)
    table.stake("R1", RIGHT, 300)
    refused("exceeds_bank", table.stake, "L1", LEFT, 201)
    table.stake("L1", LEFT, 200)
    refused("bank_covered", table.stake, "R2", RIGHT, 1)
    assert table.may_stake(2) == 0


# --- bystanders only when the seated punters leave the bank uncovered -----------------------


def test_bystanders_wait_for_the_seated_punters() -> None:
    table = with_bank(1000)
    refused("bystanders_wait", table.stake, "Standing", RIGHT, 100)
    table.stake("R1", RIGHT, 300)
    table.stake("L1", LEFT, 200)
    closed = table.close_seated_stakes()
    assert closed.uncovered == D(500) and table.may_stake_bystander() == D(500)
    refused("seated_closed", table.stake, "R2", RIGHT, 100)
    table.stake("Standing", LEFT, 100)
    table.stake("Other", A_CHEVAL, 400)
    refused("bank_covered", table.stake, "Third", RIGHT, 2)
    assert table.view().stakes[-1].seat is None


def test_bystanders_cannot_stake_on_a_covered_bank() -> None:
    table = with_bank(400)
    table.stake("R1", RIGHT, 200)
    table.stake("L1", LEFT, 200)
    table.close_seated_stakes()
    assert table.may_stake_bystander() == 0
    refused("bank_covered", table.stake, "Standing", RIGHT, 10)


def test_a_bystander_stands_or_falls_with_his_side() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    table.close_seated_stakes()
    table.stake("Standing", RIGHT, 50)
    table.stake("Other", LEFT, 70)
    table.no_more_bets()
    settled = table.settle((WIN, LOSE))
    assert {(p.punter, p.net) for p in settled.punters} == {
        ("R1", D(100)),
        ("Standing", D(50)),
        ("Other", D(-70)),
    }


def test_a_bystander_who_sits_down_with_a_stake_is_refused() -> None:
    table = with_bank(1000)
    table.close_seated_stakes()
    table.stake("Standing", RIGHT, 50)
    refused("bystander_stake", table.sit, 4, "Standing")


# --- à cheval -------------------------------------------------------------------------------


def test_a_cheval_is_half_on_each_tableau_as_the_product_settles_it() -> None:
    variant = default_catalog().variant("banque")
    coup = Coup(CoupRules.banque())
    for card in cards_of(0, 0, 9, 0, 0, 0):  # the banker has a natural 9
        coup.deal(card)
    base = outcome_of(coup)
    for right, left in itertools.product(SideResult, repeat=2):
        table = with_bank(1000)
        table.stake("R1", A_CHEVAL, 100)
        table.no_more_bets()
        net = table.settle((right, left)).punters[0].net
        outcome = base._replace(sides=((Hand.RIGHT, right), (Hand.LEFT, left)))
        bets = [Bet(seat=1, name="a_cheval", stake=D(100))]
        product = settle(variant, outcome, bets, SettlementRules())
        assert net == product.bets[0].net, (right, left)


def test_an_a_cheval_stake_must_split_in_two() -> None:
    table = with_bank(1000)
    refused("a_cheval_split", table.stake, "R1", A_CHEVAL, "0.05")
    assert table.can_stake("R1", A_CHEVAL, "0.06")


# --- settlement per side; the house's take ---------------------------------------------------


def test_each_side_settles_against_the_banker() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 200)
    table.stake("L1", LEFT, 100)
    table.no_more_bets()
    settled = table.settle((LOSE, STANDOFF))
    assert [(p.punter, p.net) for p in settled.punters] == [("R1", D(-200)), ("L1", D(0))]
    assert (settled.bank_winnings, settled.house_take, settled.bank_after) == (
        D(200),
        D(10),
        D(1190),
    )


def test_the_house_takes_on_the_coup_net_by_default() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 200)
    table.stake("L1", LEFT, 100)
    table.no_more_bets()
    settled = table.settle((LOSE, WIN))  # the bank wins 200 and pays 100
    assert (settled.bank_winnings, settled.house_take) == (D(100), D(5))


def test_the_house_may_take_on_each_winning_side() -> None:
    table = with_bank(1000, house_basis=HouseBasis.WINNING_SIDES, house_rate=D("0.02"))
    table.stake("R1", RIGHT, 200)
    table.stake("L1", LEFT, 100)
    table.stake("L2", A_CHEVAL, 100)
    table.no_more_bets()
    settled = table.settle((LOSE, WIN))  # wins 200 + 50 on the right, pays 100 + 50 on the left
    assert (settled.bank_winnings, settled.house_take) == (D(100), D("5.00"))
    assert settled.bank_after == D("1095.00")


def test_a_house_rate_of_nothing() -> None:
    table = with_bank(1000, house_rate=D(0))
    table.stake("R1", RIGHT, 200)
    play(table, LOSE, LOSE)
    assert table.bank == D(1200) and table.money().house == 0


def test_settling_from_a_real_coup() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    table.stake("L1", LEFT, 100)
    table.no_more_bets()
    coup = Coup(CoupRules.banque())
    for card in cards_of(3, 7, 1, 2, 0, 4):  # right 5, left 7, banker 5
        coup.deal(card)
    coup.decide(Hand.RIGHT, Choice.STAND)
    coup.decide(Hand.BANKER, Choice.STAND)
    settled = table.settle(outcome_of(coup))
    assert (settled.right, settled.left) == (STANDOFF, WIN)


def test_a_chemin_de_fer_outcome_settles_nothing_here() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    table.no_more_bets()
    coup = Coup(CoupRules.chemin_de_fer())
    for card in cards_of(9, 0, 0, 0):
        coup.deal(card)
    refused("wrong_game", table.settle, outcome_of(coup))


# --- who makes the decisions ----------------------------------------------------------------


def test_the_largest_stake_on_each_side_holds_its_hand() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    table.stake("R2", RIGHT, 150)
    table.stake("L1", LEFT, 100)
    table.stake("L2", A_CHEVAL, 300)  # 150 on each side
    closed = table.no_more_bets()
    # Right: R2 and L2 ride 150 each; R2 is seated on the right. Left: L2 rides 150.
    assert (closed.right_hand, closed.left_hand) == ("R2", "L2")
    assert table.decision_makers() == {Hand.RIGHT: "R2", Hand.LEFT: "L2", Hand.BANKER: "Banker"}


def test_equal_stakes_nearest_the_banker_holds_the_hand() -> None:
    table = with_bank(1000)
    table.stake("R2", RIGHT, 100)
    table.stake("R1", RIGHT, 100)
    assert table.no_more_bets().right_hand == "R1"


def test_a_side_nobody_staked_on_is_played_by_the_croupier() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    closed = table.no_more_bets()
    assert closed.left_hand is None and table.decision_makers()[Hand.LEFT] is None


def test_a_bystander_may_hold_a_side_no_seated_punter_staked() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    table.close_seated_stakes()
    table.stake("Standing", LEFT, 10)
    assert table.no_more_bets().left_hand == "Standing"


# --- "no more bets" -------------------------------------------------------------------------


def test_nothing_changes_after_no_more_bets() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    table.no_more_bets()
    refused("no_more_bets", table.stake, "R1", RIGHT, 10)
    refused("no_more_bets", table.stake, "R2", RIGHT, 10)
    refused("no_more_bets", table.withdraw_stake, "R1", RIGHT)
    refused("coup_under_way", table.retire)
    refused("stake_on_layout", table.leave, 1)


def test_stakes_may_be_withdrawn_before_no_more_bets() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    table.withdraw_stake("R1", RIGHT)
    refused("no_stakes", table.no_more_bets)
    assert table.money().balances["R1"] == 0


# --- the record -----------------------------------------------------------------------------


def test_operations_rebuild_the_table() -> None:
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    table.close_seated_stakes()
    table.stake("Standing", A_CHEVAL, 200)
    play(table, WIN, LOSE)
    table.end_shoe()
    again = rebuild_banque(table.operations)
    assert again.view() == table.view() and again.operations == table.operations


# --- properties -----------------------------------------------------------------------------

NAMES = ("R1", "R2", "L1", "L2", "Zoe", "Yan")
SEATS_OF = {"R1": 1, "R2": 2, "L1": 6, "L2": 7}


def legal_actions(
    table: BanqueTable, amount: int, pick: int
) -> list[tuple[str, tuple[object, ...]]]:
    candidates: list[tuple[str, tuple[object, ...]]] = [
        ("close_auction", ()),
        ("close_seated_stakes", ()),
        ("no_more_bets", ()),
        ("retire", ()),
        ("end_shoe", ()),
        ("settle", ((list(SideResult)[pick % 3], list(SideResult)[pick // 3 % 3]),)),
    ]
    uncovered = table.uncovered
    for name in NAMES:
        candidates += [
            ("bid", (name, amount * 10)),
            ("list_name", (name,)),
            ("put_up_bank", (name, amount)),
            ("decline_bank", (name,)),
        ]
        for bet in BanqueBet:
            candidates += [
                ("stake", (name, bet, amount)),
                ("stake", (name, bet, uncovered)),
                ("withdraw_stake", (name, bet)),
            ]
        if name in SEATS_OF and amount % 5 == 0:
            candidates += [("sit", (SEATS_OF[name], name)), ("leave", (SEATS_OF[name],))]
    return [(name, args) for name, args in candidates if getattr(table, f"can_{name}")(*args)]


@settings(max_examples=120, derandomize=True, deadline=None)
@given(
    st.sampled_from(list(BankAssignment)),
    st.sampled_from(list(HouseBasis)),
    st.lists(st.tuples(st.integers(0, 10_000), st.integers(1, 300)), max_size=100),
)
def test_random_play_conserves_money_and_rebuilds(
    assignment: BankAssignment, basis: HouseBasis, steps: list[tuple[int, int]]
) -> None:
    table = open_table(seated={}, assignment=assignment, house_basis=basis)
    for pick, amount in steps:
        actions = legal_actions(table, amount, pick)
        if not actions:  # nobody bid high enough, or nobody is on the list
            best = table.highest_bid
            if assignment is BankAssignment.AUCTION:
                assert best is not None or table.phase is not BanquePhase.ASSIGNING
                table.bid(NAMES[pick % len(NAMES)], best[1] + 1 if best else 1)
            else:
                table.list_name(NAMES[pick % len(NAMES)])
            continue
        name, args = actions[pick % len(actions)]
        getattr(table, name)(*args)
        money = table.money()
        assert money.total == 0
        assert money.bank >= 0 and money.house >= 0
        view = table.view()
        assert all(stake.amount <= view.bank for stake in view.stakes)
        assert view.covered <= view.bank or view.phase is BanquePhase.ASSIGNING
    assert rebuild_banque(table.operations).view() == table.view()


# --- naturals (source 000: "the same as at Chemin de Fer") -----------------------------------


def banque_coup(values: tuple[int, ...], banker: Choice | None) -> Coup:
    coup = Coup(CoupRules.banque())
    cards = iter(cards_of(*values))
    while not coup.is_complete:
        step = coup.next_step
        if isinstance(step, DecisionDue):
            choice = banker if step.hand is Hand.BANKER else Choice.DRAW
            coup.decide(step.hand, choice if choice is not None else Choice.STAND)
        else:
            coup.deal(next(cards))
    return coup


def test_a_punter_s_natural_is_settled_against_the_banker_s_two_cards() -> None:
    # right 8 (natural), left 3, banker 2; the left draws a 2; the banker draws a 7 for 9
    coup = banque_coup((8, 3, 2, 0, 0, 0, 2, 7), Choice.DRAW)
    assert coup.totals[Hand.BANKER] == 9
    outcome = outcome_of(coup)
    assert dict(outcome.sides) == {Hand.RIGHT: WIN, Hand.LEFT: LOSE}
    table = with_bank(1000)
    table.stake("R1", RIGHT, 100)
    table.no_more_bets()
    assert table.settle(outcome).punters[0].net == D(100)


def test_the_banker_s_natural_beats_or_ties_a_punter_s_natural() -> None:
    outcome = outcome_of(banque_coup((8, 9, 9, 0, 0, 0), None))  # right 8, left 9, banker 9
    assert dict(outcome.sides) == {Hand.RIGHT: LOSE, Hand.LEFT: STANDOFF}


def test_the_banker_s_draw_is_said_to_serve_the_side_still_in_play() -> None:
    coup = Coup(CoupRules.banque())
    for card in cards_of(8, 3, 2, 0, 0, 0, 2):
        coup.deal(card)
    step = coup.next_step
    assert isinstance(step, DecisionDue) and step.reason == "the banker's draw serves the left side"


@settings(max_examples=300, deadline=None)
@given(
    values=st.lists(st.integers(0, 9), min_size=9, max_size=9).map(tuple),
    banker=st.sampled_from([Choice.DRAW, Choice.STAND]),
)
def test_each_side_is_settled_against_the_banker_it_faced(
    values: tuple[int, ...], banker: Choice
) -> None:
    coup = banque_coup(values, banker)
    outcome = outcome_of(coup)
    two_cards = sum(card.value for card in coup.cards(Hand.BANKER)[:2]) % 10
    for side in (Hand.RIGHT, Hand.LEFT):
        hand = outcome.hand(side)
        faced = two_cards if hand.natural else coup.totals[Hand.BANKER]
        expected = WIN if hand.total > faced else LOSE if hand.total < faced else STANDOFF
        assert outcome.side(side) is expected


# --- the shuffle and the cut (source 000) -----------------------------------------------------


def test_croupier_then_the_players_beside_him_then_the_banker_shuffle_and_he_names_the_cutter() -> (
    None
):
    table = with_bank(1000, seated={1: "R1", 5: "R5", 10: "L5"})
    assert table.view().may_shuffle == ("croupier",)
    refused("shuffle_order", table.shuffle, "Banker")  # the croupier shuffles first
    refused("shuffle_order", table.cut, "R1")
    table.shuffle("croupier")
    assert set(table.view().may_shuffle) == {"R5", "L5", "Banker"}
    refused("not_a_shuffler", table.shuffle, "R1")  # not beside the croupier
    table.shuffle("L5")
    table.shuffle("R5")
    table.shuffle("Banker")
    refused("shuffle_order", table.shuffle, "L5")  # the banker shuffles last
    cut = table.cut("R1")  # the person the banker names
    assert (cut.by, cut.named_by) == ("R1", "Banker")
    view = table.view()
    assert view.shuffled_by == ("croupier", "L5", "R5", "Banker") and view.cut_by == "R1"
    assert view.may_shuffle == ()
    refused("cards_cut", table.shuffle, "croupier")
    assert rebuild_banque(table.operations).view() == table.view()
    table.end_shoe()  # the next shoe is shuffled and cut afresh
    assert table.view().cut_by is None and table.view().shuffled_by == ()
