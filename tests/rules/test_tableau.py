"""Every cell of the Punto Banco and Chemin de Fer tableaux (baccarat.md §2.1), and the player."""

from __future__ import annotations

import pytest

from dealer_assist.errors import RuleViolation
from dealer_assist.rules.coup import (
    Choice,
    Coup,
    CoupComplete,
    CoupRules,
    DealTo,
    DecisionDue,
    Hand,
)
from tests.rules.conftest import card_of, cards_of

# Copied from the published tables in baccarat.md §2.1: columns none, 0..9.
PUNTO_BANCO_TABLE = """
0 D DDDDDDDDDD
1 D DDDDDDDDDD
2 D DDDDDDDDDD
3 D DDDDDDDDSD
4 D SSDDDDDDSS
5 D SSSSDDDDSS
6 S SSSSSSDDSS
7 S SSSSSSSSSS
"""
CHEMIN_DE_FER_TABLE = """
0 D DDDDDDDDDD
1 D DDDDDDDDDD
2 D DDDDDDDDDD
3 D DDDDDDDDSO
4 D SSDDDDDDSS
5 D SSSSODDDSS
6 S SSSSSSDDSS
7 S SSSSSSSSSS
"""


def _cells(table: str) -> list[tuple[int, int | None, str]]:
    cells = []
    for line in table.strip().splitlines():
        total, stood, drew = line.split()
        cells.append((int(total), None, stood))
        cells.extend((int(total), third, letter) for third, letter in enumerate(drew))
    return cells


def _reach(rules: CoupRules, banker: int, third: int | None, *, player: int) -> Coup:
    """A coup where the banker holds two cards totalling ``banker`` and the player has acted."""
    coup = Coup(rules)
    p1, p2 = divmod(player, 10) if player >= 10 else (0, player)
    for card in (card_of(p1, 0), card_of(banker, 1), card_of(p2, 2), card_of(0, 3)):
        coup.deal(card)
    assert coup.totals == {Hand.PLAYER: player % 10, Hand.BANKER: banker}
    step = coup.next_step
    if isinstance(step, DecisionDue) and step.hand is Hand.PLAYER:
        coup.decide(Hand.PLAYER, Choice.STAND if third is None else Choice.DRAW)
    if third is not None:
        assert coup.next_step == DealTo(Hand.PLAYER)
        coup.deal(card_of(third, 1))
    return coup


@pytest.mark.parametrize(("banker", "third", "letter"), _cells(PUNTO_BANCO_TABLE))
def test_punto_banco_cell(banker: int, third: int | None, letter: str) -> None:
    coup = _reach(CoupRules.punto_banco(), banker, third, player=6 if third is None else 3)
    if letter == "D":
        assert coup.next_step == DealTo(Hand.BANKER)
        coup.deal(card_of(4, 2))
        assert coup.is_complete
    else:
        assert coup.next_step == CoupComplete(natural=False)
        with pytest.raises(RuleViolation) as caught:
            coup.deal(card_of(4, 2), Hand.BANKER)
        assert caught.value.code == "coup_complete"


@pytest.mark.parametrize("player", [4, 5])
@pytest.mark.parametrize(("banker", "third", "letter"), _cells(CHEMIN_DE_FER_TABLE))
def test_chemin_de_fer_cell(banker: int, third: int | None, letter: str, player: int) -> None:
    # The punter reaches each column both by a forced call (4 draws, 6 stands) and by his
    # option on 5; the banker's call must not depend on which.
    if third is None:
        player = 6 if player == 4 else 5
    rules = CoupRules.chemin_de_fer()
    coup = _reach(rules, banker, third, player=player)
    step = coup.next_step
    if letter == "D":
        assert step == DealTo(Hand.BANKER)
    elif letter == "S":
        assert step == CoupComplete(natural=False)
    else:
        assert isinstance(step, DecisionDue) and step.hand is Hand.BANKER
        assert step.options == (Choice.DRAW, Choice.STAND)
        for choice in Choice:
            branch = _reach(rules, banker, third, player=player)
            branch.decide(Hand.BANKER, choice)
            expected = DealTo(Hand.BANKER) if choice is Choice.DRAW else CoupComplete(False)
            assert branch.next_step == expected
            assert branch.decisions[Hand.BANKER] is choice


def test_chemin_de_fer_optional_cells_are_a_setting() -> None:
    rules = CoupRules.chemin_de_fer([(4, 1), (6, None)])
    coup = _reach(rules, 4, 1, player=3)
    assert isinstance(coup.next_step, DecisionDue)
    coup = _reach(rules, 6, None, player=7)
    assert isinstance(coup.next_step, DecisionDue)
    # The defaults are no longer optional under this setting.
    assert _reach(rules, 3, 9, player=3).next_step == DealTo(Hand.BANKER)
    assert _reach(rules, 5, 4, player=3).next_step == DealTo(Hand.BANKER)
    with pytest.raises(ValueError, match="no such tableau cell"):
        CoupRules.chemin_de_fer([(8, 1)])


@pytest.mark.parametrize("player", range(10))
@pytest.mark.parametrize("banker", range(10))
def test_player_call_and_naturals(player: int, banker: int) -> None:
    for rules in (CoupRules.punto_banco(), CoupRules.chemin_de_fer()):
        coup = Coup(rules)
        for card in cards_of(player, banker, 0, 0):
            coup.deal(card)
        step = coup.next_step
        if player >= 8 or banker >= 8:
            assert step == CoupComplete(natural=True)
        elif player <= 4 or (player == 5 and rules.player_option_on_five is False):
            assert step == DealTo(Hand.PLAYER)
        elif player == 5:
            assert step == DecisionDue(Hand.PLAYER, (Choice.DRAW, Choice.STAND), step.reason)
        else:  # 6 or 7: the player stands and the banker acts on the "none" column
            expected = DealTo(Hand.BANKER) if banker <= 5 else CoupComplete(natural=False)
            assert step == expected


def test_punters_option_on_five_stand_then_banker_uses_stood_column() -> None:
    coup = Coup(CoupRules.chemin_de_fer())
    for card in cards_of(5, 6, 0, 0):
        coup.deal(card)
    with pytest.raises(RuleViolation) as caught:
        coup.deal(card_of(3))
    assert caught.value.code == "decision_due"
    coup.decide(Hand.PLAYER, Choice.STAND)
    # Banker 6 against a punter who stood: stands.
    assert coup.next_step == CoupComplete(natural=False)
    with pytest.raises(RuleViolation) as caught:
        coup.deal(card_of(3), Hand.PLAYER)
    assert caught.value.code == "coup_complete"


def test_a_card_to_a_hand_that_chose_to_stand_is_rejected() -> None:
    coup = Coup(CoupRules.chemin_de_fer())
    for card in cards_of(5, 3, 0, 0):
        coup.deal(card)
    coup.decide(Hand.PLAYER, Choice.STAND)
    assert coup.next_step == DealTo(Hand.BANKER)
    before = coup.operations
    with pytest.raises(RuleViolation) as caught:
        coup.deal(card_of(2), Hand.PLAYER)
    assert caught.value.code == "hand_stands"
    assert "stands on 5" in caught.value.message
    assert coup.operations == before


def test_decision_errors() -> None:
    coup = Coup(CoupRules.punto_banco())
    with pytest.raises(RuleViolation) as caught:
        coup.decide(Hand.PLAYER, Choice.DRAW)
    assert caught.value.code == "no_decision_due"
    assert not coup.can_decide(Hand.PLAYER, Choice.DRAW)
    coup = Coup(CoupRules.chemin_de_fer())
    for card in cards_of(5, 3, 0, 0):
        coup.deal(card)
    with pytest.raises(RuleViolation) as caught:
        coup.decide(Hand.BANKER, Choice.DRAW)
    assert caught.value.code == "wrong_hand"
    assert coup.can_decide(Hand.PLAYER, Choice.STAND)
