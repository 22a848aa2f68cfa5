"""``dealer-assist demo``: any number of coups for every variant, the banker's free choices made
by the tableau, ties announced as the sources announce them."""

from __future__ import annotations

import pytest

from dealer_assist.cli import main
from dealer_assist.rules.calls import call, instruction
from dealer_assist.rules.coup import Hand
from dealer_assist.rules.variants import default_catalog
from dealer_assist.table.demo import deal_coup, demo_lines
from tests.rules.conftest import cards_of

VARIANTS = sorted(default_catalog().variants)


def test_demo_deals_past_the_end_of_the_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--coups", "200", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n#") == 200 and "a fresh shoe is shuffled" in out


@pytest.mark.parametrize("name", VARIANTS)
def test_every_variant_runs_any_number_of_coups(name: str) -> None:
    variant = default_catalog().variant(name)
    lines = "".join(demo_lines(variant, coups=600, seed=7))
    assert lines.count("\n#") == 600
    assert lines == "".join(demo_lines(variant, coups=600, seed=7))  # seeded: replayable


def dealt(name: str, *values: int) -> dict[Hand, tuple[int, ...]]:
    cards = list(reversed(cards_of(*values)))  # the demo deals from the end of the list
    coup = deal_coup(default_catalog().variant(name), cards)
    return {hand: tuple(card.value for card in held) for hand, held in coup.hands.items()}


def test_the_banque_banker_draws_by_the_tableau_against_the_side_in_play() -> None:
    # right 3, left 2, banker 4 + 8 = 2: both punters draw; a banker on 2 always draws
    hands = dealt("banque", 3, 2, 4, 0, 0, 8, 1, 1, 5)
    assert hands[Hand.BANKER] == (4, 8, 5)
    # right 8 (natural, out of play), left 6 stands, banker 5: the tableau draws on 5 against a
    # side that stood
    hands = dealt("banque", 8, 6, 5, 0, 0, 0, 4)
    assert hands[Hand.BANKER] == (5, 0, 4)
    # right 6 stands, left 1 draws a 9, banker 6: against the right (first among equal stakes)
    # the tableau stands on 6 when the punter stood
    hands = dealt("banque", 6, 1, 6, 0, 0, 0, 9, 3)
    assert hands[Hand.BANKER] == (6, 0)


def test_the_chemin_de_fer_banker_takes_the_tableau_s_side_of_his_options() -> None:
    # player 3 draws a 9; banker 3 against a 9: optional, the Punto Banco tableau draws
    hands = dealt("chemin-de-fer", 3, 3, 0, 0, 9, 2)
    assert hands[Hand.BANKER] == (3, 0, 2)
    # player 5: the punter's option, the demo draws (a 4); banker 5 against a 4: the tableau draws
    hands = dealt("chemin-de-fer", 5, 5, 0, 0, 4, 1)
    assert hands[Hand.PLAYER] == (5, 0, 4) and hands[Hand.BANKER] == (5, 0, 1)


def test_a_tie_is_announced_egalite() -> None:
    coup = deal_coup(default_catalog().variant("punto-banco"), list(reversed(cards_of(3, 3, 3, 3))))
    assert instruction(coup) == "EGALITE 6"
    assert call(coup) == "Egalite, 6 each"


def test_a_choice_after_a_complete_banque_coup_names_no_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["coup", "--variant", "banque", "8S", "3H", "9D", "KS", "KH", "KD", "stand"])
    assert status == 2
    error = capsys.readouterr()
    message = error.out + error.err
    assert "player" not in message and "the coup is complete" in message
