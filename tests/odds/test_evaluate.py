"""The generic evaluator, custom bets, the product's paytables and the JSON report."""

from __future__ import annotations

import json
from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_assist.odds import (
    STANDARD_BETS,
    MixedBetError,
    OddsBet,
    Reads,
    ShoeComposition,
    ShoeOdds,
    SuitsUnknownError,
    bet_from_settle,
    full_shoe,
    odds_report,
    parse_remaining,
    payout_label,
)
from dealer_assist.rules.bets import BetDefinition
from dealer_assist.rules.outcome import CoupFacts, Winner
from dealer_assist.rules.variants import default_catalog


def test_outcomes_sum_to_one_and_ev_is_their_weighted_sum() -> None:
    odds = ShoeOdds(full_shoe(6))
    for name in STANDARD_BETS:
        priced = odds.evaluate(name)
        assert sum(priced.outcomes.values()) == 1, name
        assert priced.ev == sum(p * chance for p, chance in priced.outcomes.items()), name
        assert priced.house_edge == -priced.ev
        assert list(priced.payouts) == sorted(priced.payouts, reverse=True)


def test_a_custom_settle_function_and_none_as_lose() -> None:
    def banker_by_paytable(facts: CoupFacts) -> Fraction | None:
        if facts.winner is Winner.BANKER:
            return Fraction(19, 20)
        if facts.winner is Winner.TIE:
            return Fraction(0)
        return None  # no paytable row: the stake is lost

    odds = ShoeOdds(full_shoe(8))
    custom = odds.evaluate(bet_from_settle("banker_5pct", banker_by_paytable))
    assert custom.house_edge == odds.evaluate("banker").house_edge
    assert bet_from_settle("x", banker_by_paytable).reads is Reads.COUP
    returned = OddsBet("x", lambda facts: None, unmatched=Fraction(0))
    assert odds.evaluate(returned).ev == 0


def test_reads_is_found_and_mixed_bets_are_refused() -> None:
    pair = OddsBet("p", lambda f: Fraction(11) if f.player_pair else Fraction(-1))
    assert pair.reads is Reads.PAIRS
    mixed = OddsBet(
        "m", lambda f: Fraction(11) if f.player_pair and f.player_total == 9 else Fraction(-1)
    )
    with pytest.raises(MixedBetError, match="both the coup and the pairs"):
        _ = mixed.reads
    with pytest.raises(ValueError, match="loses more than the stake"):
        ShoeOdds(full_shoe(1)).evaluate(OddsBet("bad", lambda f: Fraction(-2), reads=Reads.COUP))


def test_the_product_paytables_price_like_the_standard_bets() -> None:
    """How the lead wires the product's paytables: BetDefinition.judge_facts as ``settle``."""

    def settle_of(definition: BetDefinition) -> OddsBet:  # as in docs/odds.md
        def settle(facts: CoupFacts) -> Fraction:
            ratio = definition.judge_facts(facts).ratio
            if ratio > 0 and definition.commission:
                ratio *= 1 - definition.commission
            return Fraction(ratio)

        pair_kinds = {"pair", "either_pair", "perfect_pair"}
        reads = Reads.PAIRS if definition.kind in pair_kinds else Reads.COUP
        return OddsBet(definition.name, settle, reads=reads)

    variant = default_catalog().variant("punto-banco")
    odds = ShoeOdds(full_shoe(8))
    priced = 0
    for name, definition in variant.bets.items():
        if name in STANDARD_BETS:
            assert odds.evaluate(settle_of(definition)).house_edge == (
                odds.evaluate(name).house_edge
            ), name
            priced += 1
    assert priced == len(variant.bets) == 22
    assert isinstance(variant.bets["banker"].commission, Decimal)


def test_suited_bets_need_cards_and_pairs_need_ranks() -> None:
    by_rank = ShoeComposition.of_ranks([32] * 13)
    odds = ShoeOdds(by_rank)
    assert (
        odds.evaluate("player_pair").house_edge
        == ShoeOdds(full_shoe(8)).evaluate("player_pair").house_edge
    )
    with pytest.raises(SuitsUnknownError, match="suits of a pair"):
        odds.evaluate("perfect_pair")
    report = odds_report(by_rank)
    assert "perfect_pair" in report["unavailable"] and "player_pair" in report["bets"]
    by_value = ShoeComposition.of_values(full_shoe(8).value_counts)
    report = odds_report(by_value)
    assert "either_pair" in report["unavailable"] and "banker" in report["bets"]
    with pytest.raises(SuitsUnknownError):
        odds_report(by_rank, bets=["perfect_pair"])


def test_report_is_json_with_reduced_fractions() -> None:
    shoe = parse_remaining("*=32,A=31,K=29")
    report = odds_report(shoe)
    text = json.dumps(report)
    assert json.loads(text) == report
    assert report["cards"] == 412 and report["counted_by"] == "rank"
    chances = [Fraction(report["probabilities"][side]) for side in ("banker", "player", "tie")]
    assert sum(chances) == 1
    for side in ("banker", "player", "tie"):
        numerator, denominator = map(int, report["probabilities"][side].split("/"))
        assert Fraction(numerator, denominator).denominator == denominator
    banker = report["bets"]["banker"]
    assert set(banker["outcomes"]) == {"win 19:20", "push", "lose"}
    assert Fraction(banker["house_edge"]) == -Fraction(banker["ev"])
    assert banker["house_edge_float"] == pytest.approx(float(Fraction(banker["house_edge"])))
    assert "unavailable" in report  # suited pairs need the shoe by card
    eight = odds_report(full_shoe(8), bets=["banker", "player", "tie"])
    assert eight["probabilities"]["banker"] == "8954111587648/19524993263685"
    assert eight["bets"]["banker"]["house_edge"] == "114753351728/10847218479825"
    assert "unavailable" not in eight


def test_report_takes_settle_functions_by_name() -> None:
    report = odds_report(
        full_shoe(8), bets={"any_natural": lambda f: Fraction(1) if f.natural else Fraction(-1)}
    )
    assert list(report["bets"]) == ["any_natural"]
    with pytest.raises(KeyError, match="no standard bet named 'nope'"):
        odds_report(full_shoe(8), bets=["nope"])


def test_payout_labels() -> None:
    labels = [payout_label(Fraction(p)) for p in ("19/20", "11", "0", "-1", "-1/2", "27/50")]
    assert labels == ["win 19:20", "win 11:1", "push", "lose", "lose 1:2", "win 27:50"]


def test_one_deck_perfect_pair_always_loses() -> None:
    priced = ShoeOdds(full_shoe(1)).evaluate("perfect_pair")
    # Outcomes that cannot happen on this shoe are still listed, with probability 0.
    assert priced.outcomes == {Fraction(25): Fraction(0), Fraction(-1): Fraction(1)}
    assert priced.house_edge == 1
