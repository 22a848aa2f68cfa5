"""Every side bet and main-bet variant on coups whose result is known by hand."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dealer_assist.cards import parse_cards
from dealer_assist.errors import BetError
from dealer_assist.rules.bets import BetResult, parse_payout
from dealer_assist.rules.coup import Choice, CoupRules, Game, Hand, play
from dealer_assist.rules.outcome import Outcome, outcome_of
from dealer_assist.rules.variants import _build_bet, default_catalog
from tests.rules.conftest import cards_of

DRAGON_7 = cards_of(3, 0, 2, 3, 0, 4)  # Player 5+0=5, Banker 3 draws 4: three-card 7
PANDA_8 = cards_of(3, 0, 2, 6, 3)  # Player 5 draws 3: three-card 8; Banker 6 stands
BANKER_TWO_CARD_6 = cards_of(2, 6, 2, 0, 1)  # Player 4 draws 1 = 5; Banker 6 stands on 1
BANKER_THREE_CARD_6 = cards_of(1, 3, 1, 0, 2, 3)  # Player 4; Banker 3 draws 3 = 6
NATURAL_9_OVER_7 = cards_of(4, 4, 5, 3)
TIE_ON_6 = cards_of(3, 3, 3, 3)
NATURAL_TIE = cards_of(4, 4, 4, 4)
PLAYER_BY_9 = cards_of(2, 0, 2, 0, 5, 0)  # Player 4 draws 5 = 9; Banker 0 draws 0 = 0


def outcome(cards_or_text: object) -> Outcome:
    cards = parse_cards([cards_or_text]) if isinstance(cards_or_text, str) else cards_or_text
    return outcome_of(play(CoupRules.punto_banco(), cards))  # type: ignore[arg-type]


def judge(variant: str, bet: str, coup: Outcome) -> tuple[BetResult, Decimal]:
    payout = default_catalog().variant(variant).bet(bet).judge(coup)
    return payout.result, payout.ratio


WIN, LOSE, PUSH = BetResult.WIN, BetResult.LOSE, BetResult.PUSH


def test_known_coups_are_what_they_claim() -> None:
    facts = outcome(DRAGON_7).facts
    assert facts is not None
    assert (facts.banker_total, facts.banker_cards, facts.player_total) == (7, 3, 5)
    facts = outcome(PANDA_8).facts
    assert facts is not None and (facts.player_total, facts.player_cards) == (8, 3)
    facts = outcome(BANKER_TWO_CARD_6).facts
    assert facts is not None and (facts.banker_total, facts.banker_cards) == (6, 2)
    facts = outcome(BANKER_THREE_CARD_6).facts
    assert facts is not None and (facts.banker_total, facts.banker_cards) == (6, 3)
    facts = outcome(PLAYER_BY_9).facts
    assert facts is not None and (facts.player_total, facts.banker_total) == (9, 0)


@pytest.mark.parametrize(
    ("variant", "bet", "coup", "result", "ratio"),
    [
        # main bets
        ("punto-banco", "banker", DRAGON_7, WIN, 1),
        ("punto-banco", "banker", TIE_ON_6, PUSH, 0),
        ("punto-banco", "banker", PANDA_8, LOSE, -1),
        ("punto-banco", "player", PANDA_8, WIN, 1),
        ("punto-banco", "player", NATURAL_TIE, PUSH, 0),
        ("punto-banco", "tie", TIE_ON_6, WIN, 8),
        ("punto-banco", "tie", DRAGON_7, LOSE, -1),
        ("no-commission", "banker", BANKER_TWO_CARD_6, WIN, Decimal("0.5")),
        ("no-commission", "banker", BANKER_THREE_CARD_6, WIN, Decimal("0.5")),
        ("no-commission", "banker", DRAGON_7, WIN, 1),
        ("no-commission", "super6", BANKER_THREE_CARD_6, WIN, 12),
        ("ez-baccarat", "banker", DRAGON_7, PUSH, 0),
        ("ez-baccarat", "banker", BANKER_TWO_CARD_6, WIN, 1),
        ("ez-baccarat", "dragon7", DRAGON_7, WIN, 40),
        ("ez-baccarat", "dragon7", BANKER_THREE_CARD_6, LOSE, -1),
        ("ez-baccarat", "panda8", PANDA_8, WIN, 25),
        ("ez-baccarat", "panda8", NATURAL_9_OVER_7, LOSE, -1),
        # pairs
        ("punto-banco", "player_pair", "4S 5H 4D 3C", WIN, 11),
        ("punto-banco", "player_pair", "4S 5H 5D 3C", LOSE, -1),
        ("punto-banco", "player_pair", "TS 5H KD 3C", LOSE, -1),  # 10-K is not a pair
        ("punto-banco", "banker_pair", "4S 4H 5D 4C", WIN, 11),
        ("punto-banco", "either_pair", "4S 4H 5D 4C", WIN, 5),
        ("punto-banco", "either_pair", "4S 4H 4D 4C", WIN, 5),
        ("punto-banco", "either_pair", "4S 5H 5D 3C", LOSE, -1),
        ("punto-banco", "perfect_pair", "4S 5H 4S 3C", WIN, 25),
        ("punto-banco", "perfect_pair", "4S 5H 4D 3C", LOSE, -1),
        ("punto-banco", "perfect_pair", "4S 4H 4S 4H", WIN, 25),
        # dragon bonus
        ("punto-banco", "dragon_bonus_player", PLAYER_BY_9, WIN, 30),
        ("punto-banco", "dragon_bonus_banker", PLAYER_BY_9, LOSE, -1),
        ("punto-banco", "dragon_bonus_player", NATURAL_9_OVER_7, WIN, 1),
        ("punto-banco", "dragon_bonus_player", NATURAL_TIE, PUSH, 0),
        ("punto-banco", "dragon_bonus_banker", NATURAL_TIE, PUSH, 0),
        ("punto-banco", "dragon_bonus_banker", TIE_ON_6, LOSE, -1),
        ("punto-banco", "dragon_bonus_banker", DRAGON_7, LOSE, -1),  # wins by 2
        ("punto-banco", "dragon_bonus_player", PANDA_8, LOSE, -1),  # wins 8 to 6, by 2 only
        # big and small
        ("punto-banco", "small", NATURAL_9_OVER_7, WIN, Decimal("1.5")),
        ("punto-banco", "small", PANDA_8, LOSE, -1),
        ("punto-banco", "big", PANDA_8, WIN, Decimal("0.54")),
        ("punto-banco", "big", DRAGON_7, WIN, Decimal("0.54")),
        ("punto-banco", "big", TIE_ON_6, LOSE, -1),
        # lucky 6
        ("punto-banco", "lucky6", BANKER_TWO_CARD_6, WIN, 12),
        ("punto-banco", "lucky6", BANKER_THREE_CARD_6, WIN, 20),
        ("punto-banco", "lucky6", DRAGON_7, LOSE, -1),
        # egalite
        ("punto-banco", "egalite_6", TIE_ON_6, WIN, 45),
        ("punto-banco", "egalite_8", NATURAL_TIE, WIN, 80),
        ("punto-banco", "egalite_7", TIE_ON_6, LOSE, -1),
    ],
)
def test_bet(variant: str, bet: str, coup: object, result: BetResult, ratio: object) -> None:
    assert judge(variant, bet, outcome(coup)) == (result, Decimal(ratio))  # type: ignore[arg-type]


@pytest.mark.parametrize("margin", range(1, 10))
def test_dragon_bonus_pays_by_margin(margin: int) -> None:
    # Player draws to 9 against a Banker who ends on 9 - margin (both non-natural).
    paytable = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}
    banker_total = 9 - margin
    # Player 0+4 = 4 draws 5 = 9. Banker stands on 6 or 7 (against a third card 5 a 6 stands),
    # so build banker totals 0-5 that then draw a 0 (a king), or 6/7 which stand on a 5.
    if banker_total == 8:  # Banker 3 draws a 5: a three-card 8
        cards = cards_of(0, 3, 4, 0, 5, 5)
    elif banker_total >= 6:
        cards = cards_of(0, banker_total, 4, 0, 5)
    else:
        cards = cards_of(0, banker_total, 4, 0, 5, 0)
    coup = outcome(cards)
    assert coup.facts is not None
    assert (coup.facts.player_total, coup.facts.banker_total) == (9, banker_total)
    expected = paytable.get(margin)
    got = judge("punto-banco", "dragon_bonus_player", coup)
    assert got == ((WIN, Decimal(expected)) if expected else (LOSE, Decimal(-1)))


def test_perfect_pair_paytables() -> None:
    catalog = default_catalog()
    both = outcome("4S 4H 4S 4H")
    one = outcome("4S 4H 4S 5H")
    for name, pays_both in [
        ("perfect_pair_25", 25),
        ("perfect_pair_25_200", 200),
        ("perfect_pair_25_250", 250),
    ]:
        bet = _build_bet("perfect_pair", catalog.paytables[name], "test", name, Game.PUNTO_BANCO)
        assert bet.judge(both).ratio == pays_both
        assert bet.judge(one).ratio == 25


def test_banque_sides_and_a_cheval() -> None:
    variant = default_catalog().variant("banque")
    # Right 3+0+... build: R1 L1 B1 R2 L2 B2
    coup = play(variant.rules, cards_of(3, 4, 1, 0, 4, 5))  # R 3, L 8 natural, B 6
    assert coup.next_step.hand.value == "right"  # type: ignore[union-attr]
    coup.deal(cards_of(4)[0])  # right draws 4 -> 7
    coup.decide(Hand.BANKER, Choice.STAND)
    result = outcome_of(coup)
    assert result.side(Hand.RIGHT).value == "win" and result.side(Hand.LEFT).value == "win"
    assert variant.bet("right").judge(result).ratio == 1
    assert variant.bet("a_cheval").judge(result).ratio == 1
    # one side wins, the other stands off: half the stake wins
    coup = play(variant.rules, cards_of(3, 6, 1, 4, 0, 5))  # R 7, L 6, B 6
    coup.decide(Hand.BANKER, Choice.STAND)
    result = outcome_of(coup)
    assert [r.value for _, r in result.sides] == ["win", "standoff"]
    assert variant.bet("a_cheval").judge(result).ratio == Decimal("0.5")
    assert variant.bet("left").judge(result).result is PUSH


@pytest.mark.parametrize(
    ("text", "ratio"),
    [
        ("11:1", 11),
        ("1:2", "0.5"),
        ("0.54:1", "0.54"),
        ("push", 0),
        ("lose", -1),
        ("-1:2", "-0.5"),
        ("3 to 2", "1.5"),
        (40, 40),
    ],
)
def test_parse_payout(text: object, ratio: object) -> None:
    assert parse_payout(text).ratio == Decimal(ratio)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["11-1", "abc", "1:0", "-2:1", True, 1.5, ""])
def test_parse_payout_rejects(text: object) -> None:
    with pytest.raises(ValueError):
        parse_payout(text)


def test_unknown_bet_names_what_is_offered() -> None:
    with pytest.raises(BetError) as caught:
        default_catalog().variant("punto-banco").bet("dragon7")
    assert caught.value.code == "unknown_bet"
    assert "punto-banco does not offer a 'dragon7' bet" in caught.value.message
    assert "banker" in caught.value.message
