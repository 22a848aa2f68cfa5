"""Settlement, both commission modes, the boxes, rounding and table limits."""

from __future__ import annotations

from decimal import Decimal
from types import MappingProxyType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.errors import BetError
from dealer_assist.rules.bets import BetResult
from dealer_assist.rules.coup import CoupRules, play
from dealer_assist.rules.outcome import Outcome, outcome_of
from dealer_assist.rules.settlement import (
    Bet,
    CommissionBoxes,
    CommissionMode,
    Limit,
    Rounding,
    RoundingMode,
    SettlementRules,
    TableLimits,
    money,
    settle,
)
from dealer_assist.rules.variants import default_catalog
from tests.rules.conftest import cards_of

D = Decimal
PB = default_catalog().variant("punto-banco")
BANKER_WINS_7_TO_5 = outcome_of(play(CoupRules.punto_banco(), cards_of(3, 0, 2, 3, 0, 4)))
PLAYER_WINS = outcome_of(play(CoupRules.punto_banco(), cards_of(3, 0, 2, 6, 3)))
TIE = outcome_of(play(CoupRules.punto_banco(), cards_of(3, 3, 3, 3)))
BOX = SettlementRules(commission_mode=CommissionMode.BOX)
IMMEDIATE = SettlementRules()


def one(outcome: Outcome, name: str, stake: str, rules: SettlementRules = IMMEDIATE):  # type: ignore[no-untyped-def]
    return settle(PB, outcome, [Bet(seat=1, name=name, stake=D(stake))], rules).bets[0]


def test_banker_win_commission_taken_at_once() -> None:
    bet = one(BANKER_WINS_7_TO_5, "banker", "100")
    assert (bet.result, bet.payout, bet.commission, bet.net) == (
        BetResult.WIN,
        D("100.00"),
        D("5.00"),
        D("95.00"),
    )
    assert bet.returned == D("195.00") and bet.commission_to_box == 0


def test_banker_win_mark_one_pay_one() -> None:
    bet = one(BANKER_WINS_7_TO_5, "banker", "100", BOX)
    assert bet.payout == D("100.00") and bet.returned == D("200.00")
    assert bet.commission == D("5.00") and bet.commission_to_box == D("5.00")
    assert bet.net == D("95.00")


def test_player_and_tie_pay_no_commission_and_push() -> None:
    bet = one(PLAYER_WINS, "player", "50")
    assert (bet.payout, bet.commission, bet.net, bet.returned) == (D(50), 0, D(50), D(100))
    bet = one(TIE, "banker", "50")
    assert (bet.result, bet.net, bet.returned) == (BetResult.PUSH, 0, D(50))
    bet = one(TIE, "tie", "10")
    assert (bet.result, bet.payout, bet.returned) == (BetResult.WIN, D(80), D(90))
    bet = one(PLAYER_WINS, "banker", "25")
    assert (bet.result, bet.net, bet.returned) == (BetResult.LOSE, D(-25), D(0))


def test_seven_banker_wins_of_7_rounded_once_at_collection() -> None:
    """baccarat.md §4.2: 7 x 35c = 2.45 exact; per-hand round-up 3.50; at collection 2.50."""
    chip = Rounding(unit=D("0.25"), mode=RoundingMode.UP)
    boxes = CommissionBoxes()
    rules = SettlementRules(commission_mode=CommissionMode.BOX, commission_rounding=chip)
    for _ in range(7):
        result = settle(PB, BANKER_WINS_7_TO_5, [Bet(seat=3, name="banker", stake=D(7))], rules)
        boxes = boxes.mark(result.commission_to_boxes)
    assert boxes.balance(3) == D("2.45")
    boxes, collection = boxes.collect(3, chip)
    assert (collection.owed, collection.due) == (D("2.45"), D("2.50"))
    assert boxes.balance(3) == 0
    immediate = SettlementRules(commission_rounding=chip)
    per_hand = sum(
        settle(PB, BANKER_WINS_7_TO_5, [Bet(seat=3, name="banker", stake=D(7))], immediate)
        .bets[0]
        .commission
        for _ in range(7)
    )
    assert per_hand == D("3.50")


def test_exact_cents_by_default() -> None:
    boxes, collection = CommissionBoxes().mark({1: D("0.375")}).collect(1, Rounding())
    assert collection.due == D("0.38")
    assert boxes.total == 0


def test_minimum_commission() -> None:
    rules = SettlementRules(minimum_commission=D(1))
    bet = one(BANKER_WINS_7_TO_5, "banker", "10", rules)
    assert bet.commission == D(1) and bet.net == D(9)
    bet = one(BANKER_WINS_7_TO_5, "banker", "100", rules)
    assert bet.commission == D(5)


def test_boxes_accumulate_per_seat_and_collect_all_at_shoe_end() -> None:
    boxes = CommissionBoxes().mark({1: D("1.25"), 2: D("0.50")}).mark({1: D("0.25")})
    assert (boxes.balance(1), boxes.balance(2), boxes.total) == (D("1.50"), D("0.50"), D(2))
    emptied, collections = boxes.collect_all(Rounding())
    assert [(c.seat, c.due) for c in collections] == [(1, D("1.50")), (2, D("0.50"))]
    assert emptied.total == 0 and boxes.total == D(2)  # immutable value
    with pytest.raises(ValueError):
        boxes.mark({1: D(-1)})


def test_paying_order_is_seat_then_main_bets_first() -> None:
    bets = [
        Bet(seat=2, name="player_pair", stake=D(5)),
        Bet(seat=1, name="tie", stake=D(5)),
        Bet(seat=2, name="banker", stake=D(10)),
        Bet(seat=1, name="lucky6", stake=D(5)),
        Bet(seat=1, name="player", stake=D(10)),
    ]
    settled = settle(PB, BANKER_WINS_7_TO_5, bets, IMMEDIATE)
    assert [(b.seat, b.name) for b in settled.bets] == [
        (1, "player"),
        (1, "tie"),
        (1, "lucky6"),
        (2, "banker"),
        (2, "player_pair"),
    ]
    assert settled.house_net == -sum(b.net for b in settled.bets)
    assert len(settled.for_seat(2)) == 2


@pytest.mark.parametrize(
    ("name", "stake", "code"),
    [
        ("banker", "5", "below_minimum"),
        ("banker", "5001", "above_maximum"),
        ("tie", "501", "above_maximum"),
        ("banker", "0", "bad_amount"),
        ("banker", "10.005", "bad_amount"),
        ("dragon7", "10", "unknown_bet"),
    ],
)
def test_limits_and_bad_bets(name: str, stake: str, code: str) -> None:
    limits = TableLimits(
        default=Limit(minimum=D(10), maximum=D(5000)),
        per_bet=MappingProxyType({"tie": Limit(minimum=D(1), maximum=D(500))}),
    )
    rules = SettlementRules(limits=limits)
    with pytest.raises(BetError) as caught:
        settle(PB, BANKER_WINS_7_TO_5, [Bet(seat=4, name=name, stake=D(stake))], rules)
    assert caught.value.code == code
    if code in ("below_minimum", "above_maximum"):
        assert "seat 4" in caught.value.message and stake in caught.value.message


def test_money_is_exact() -> None:
    assert money("10.05") == D("10.05")
    assert money(10) == D(10)
    for bad in (1.5, True, "ten", "NaN"):
        with pytest.raises(BetError):
            money(bad)


def test_payout_cut_down_to_the_cent() -> None:
    bet = one(PLAYER_WINS, "big", "3.33")  # 0.54:1 on 3.33 = 1.7982
    assert bet.payout == D("1.79")


@settings(max_examples=300, derandomize=True)
@given(st.integers(min_value=1, max_value=100_000), st.sampled_from([BOX, IMMEDIATE]))
def test_banker_commission_is_five_percent_of_the_win(cents: int, rules: SettlementRules) -> None:
    stake = D(cents) / 100
    bet = one(BANKER_WINS_7_TO_5, "banker", str(stake), rules)
    exact = stake * D("0.05")
    if rules is BOX:
        assert bet.commission == exact
    else:
        assert abs(bet.commission - exact) <= D("0.005")
    assert bet.net == bet.payout - bet.commission
