"""`dealer-assist odds` and the live advantage-play alert."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dealer_assist.cards import Card, Rank, Suit, shoe_composition
from dealer_assist.cli import main
from dealer_assist.odds.product import advantages
from dealer_assist.rules.variants import default_catalog
from tests.table.helpers import feed, make_table


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:  # type: ignore[type-arg]
    status = main(argv)
    return status, json.loads(capsys.readouterr().out)


def test_full_shoe_json_matches_the_published_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, report = run_json(["odds", "--decks", "8", "--json"], capsys)
    assert status == 0
    assert report["probabilities"]["banker"] == str(
        Fraction(2_292_252_566_437_888, 4_998_398_275_503_360)
    )
    banker = report["bets"]["banker"]
    assert banker["house_edge"] == "114753351728/10847218479825"
    assert round(banker["house_edge_float"] * 100, 4) == 1.0579
    assert round(report["bets"]["dragon7"]["house_edge_float"] * 100, 4) == 7.6113


def test_remaining_by_rank_and_by_card(capsys: pytest.CaptureFixture[str]) -> None:
    text = "A=31,2=32,3=30,4=32,5=32,6=32,7=32,8=32,9=32,T=32,J=32,Q=32,K=29"
    status, report = run_json(["odds", "--remaining", text, "--json"], capsys)
    assert status == 0 and report["cards"] == 410 and report["counted_by"] == "rank"
    status, report = run_json(["odds", "--remaining", "*=8,AS=7", "--json", "--bet",
                               "perfect_pair"], capsys)  # fmt: skip
    assert status == 0 and report["cards"] == 415 and list(report["bets"]) == ["perfect_pair"]


def test_variant_paytables_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status, report = run_json(["odds", "--variant", "ez-baccarat", "--json"], capsys)
    assert status == 0
    assert round(report["bets"]["banker"]["house_edge_float"] * 100, 4) == 1.0183
    assert round(report["bets"]["panda8"]["house_edge_float"] * 100, 4) == 10.1876
    status, report = run_json(["odds", "--remaining", "X=3", "--json"], capsys)
    assert status == 2 and "'X'" in report["error"]["message"]


def test_readable_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--decks", "6"]) == 0
    out = capsys.readouterr().out
    assert "banker" in out and "1.0558%" in out


def test_advantage_found_on_a_rich_shoe() -> None:
    variant = default_catalog().variant("ez-baccarat")
    full = shoe_composition(8)
    assert advantages(variant, full, threshold=Fraction(0)) == ()
    # Remove low cards until Panda 8 turns: eights stay, fours to sevens leave.
    rich = dict(full)
    for rank in (Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN):
        for suit in Suit:
            rich[Card(rank, suit)] = 0
    found = {a.bet: a for a in advantages(variant, rich, threshold=Fraction(0))}
    assert found and all(a.ev > 0 for a in found.values())


def test_live_alert_is_raised_once_per_bet_per_shoe() -> None:
    table, records = make_table(odds={"advantage_threshold": "-1"})  # every bet qualifies
    feed(table, "4S 3H 4D KC")
    alerts = [r.event for r in records if r.event.type == "alert"]
    assert alerts and all(a.code == "advantage_play" for a in alerts)  # type: ignore[union-attr]
    names = {a.source for a in alerts}  # type: ignore[union-attr]
    assert "odds:banker" in names
    feed(table, "4H 3D 4C KS")
    again = [r.event for r in records if r.event.type == "alert"]
    assert len(again) == len(alerts)
