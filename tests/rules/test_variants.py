"""Variants and paytables as data: the built-in files, a casino's own, and malformed files."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from dealer_assist.errors import ConfigError
from dealer_assist.rules.coup import Game
from dealer_assist.rules.tableau import DEFAULT_CHEMIN_DE_FER_OPTIONS
from dealer_assist.rules.variants import default_catalog, load_catalog

ISSUE_BET_NAMES = {
    "banker",
    "player",
    "tie",
    "player_pair",
    "banker_pair",
    "either_pair",
    "perfect_pair",
    "dragon_bonus_player",
    "dragon_bonus_banker",
    "big",
    "small",
    "lucky6",
    "dragon7",
    "panda8",
}


def test_builtin_variants() -> None:
    catalog = default_catalog()
    assert set(catalog.variants) >= {
        "punto-banco",
        "no-commission",
        "ez-baccarat",
        "chemin-de-fer",
        "banque",
    }
    pb = catalog.variant("punto-banco")
    assert pb.game is Game.PUNTO_BANCO and pb.decks == 8
    assert pb.bet("banker").commission == Decimal("0.05")
    assert pb.bet("tie").pays["tie"].ratio == 8
    offered = set().union(*(v.bets for v in catalog.variants.values()))
    assert offered >= ISSUE_BET_NAMES
    cdf = catalog.variant("chemin-de-fer")
    assert cdf.rules.banker_optional_cells == DEFAULT_CHEMIN_DE_FER_OPTIONS
    assert cdf.rules.player_option_on_five and cdf.min_cards_for_deal == 7
    assert catalog.variant("banque").min_cards_for_deal == 9
    assert catalog.variant("ez-baccarat").bet("banker").commission == 0


def test_settings_four_percent_and_tie_nine() -> None:
    pb = default_catalog().variant("punto-banco")
    four = pb.with_commission(Decimal("0.04"))
    assert four.bet("banker").commission == Decimal("0.04")
    assert four.bet("player").commission == 0
    assert pb.bet("banker").commission == Decimal("0.05")
    assert pb.with_tie_pays("9:1").bet("tie").pays["tie"].ratio == 9


def test_a_casino_adds_a_paytable_and_a_variant(tmp_path: Path) -> None:
    (tmp_path / "paytables.toml").write_text(
        '[pair_12]\nkind = "pair"\nhand = "player"\npays = { pair = "12:1" }\n'
    )
    (tmp_path / "house.toml").write_text(
        'name = "house"\nextends = "punto-banco"\n[bets]\nplayer_pair = "pair_12"\n'
        'big = false\nlucky6 = { kind = "main", hand = "banker", '
        'pays = { win_2_card_6 = "12:1", win_3_card_6 = "23:1" } }\n'
    )
    catalog = load_catalog([tmp_path])
    house = catalog.variant("house")
    assert house.bet("player_pair").pays["pair"].ratio == 12
    assert "big" not in house.bets
    assert house.bet("lucky6").pays["win_3_card_6"].ratio == 23
    assert house.bet("banker").commission == Decimal("0.05")


@pytest.mark.parametrize(
    ("content", "field", "problem"),
    [
        ('name = "x"\ngame = "poker"\n[bets]\nplayer = "player"\n', "game", "must be one of"),
        ('game = "punto_banco"\n[bets]\nplayer = "player"\n', "name", "needs a name"),
        (
            'name = "x"\ngame = "punto_banco"\n[bets]\nplayer = "nope"\n',
            "bets.player",
            "no paytable",
        ),
        (
            'name = "x"\ngame = "punto_banco"\n[bets.tie]\nkind = "tie"\npays = { tie = "8-1" }\n',
            "bets.tie.pays.tie",
            "is not a payout",
        ),
        (
            'name = "x"\ngame = "punto_banco"\n[bets.tie]\nkind = "tie"\npays = { six = "8:1" }\n',
            "bets.tie.pays.six",
            "has no outcome 'six'",
        ),
        (
            'name = "x"\ngame = "punto_banco"\n[bets.t]\nkind = "roulette"\npays = {}\n',
            "bets.t.kind",
            "must be one of",
        ),
        (
            'name = "x"\ngame = "punto_banco"\n[bets.p]\nkind = "pair"\npays = { pair = "1:1" }\n',
            "bets.p.hand",
            "must be one of",
        ),
        ('name = "x"\nextends = "nothing"\n', "extends", "no variant named 'nothing'"),
        (
            'name = "x"\ngame = "punto_banco"\ndecks = 0\n[bets]\np = "player"\n',
            "decks",
            "at least 1",
        ),
        ('name = "x"\ngame = "punto_banco"\ncolour = "red"\n', "colour", "unknown field"),
        (
            'name = "x"\ngame = "chemin_de_fer"\n[rules]\nbanker_options = [[9, 1]]\n'
            '[bets]\np = "punter"\n',
            "rules.banker_options[0]",
            "banker total must be 0-7",
        ),
        (
            'name = "x"\ngame = "punto_banco"\n[rules]\nplayer_option_on_five = true\n'
            '[bets]\np = "player"\n',
            "rules",
            "Punto Banco has no options",
        ),
        (
            'name = "x"\ngame = "banque"\n[bets]\np = "player"\n',
            "bets.p",
            "does not fit banque",
        ),
        ("name = ", "", "not valid TOML"),
    ],
)
def test_malformed_file_names_file_field_and_problem(
    tmp_path: Path, content: str, field: str, problem: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(content)
    with pytest.raises(ConfigError) as caught:
        load_catalog([tmp_path])
    message = str(caught.value)
    assert problem in message
    assert field in caught.value.field or field in message
    assert "bad.toml" in message or "paytables.toml" in message


def test_unknown_variant() -> None:
    with pytest.raises(ConfigError, match="no such variant"):
        default_catalog().variant("blackjack")
