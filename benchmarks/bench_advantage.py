"""How often side bets turn in the players' favour during a shoe (issue 10, live use).

Deals seeded 8-deck shoes through the rules engine (cut card 14 from the end, no burn) and after
every coup prices Dragon 7, Panda 8 and the pairs exactly on the cards left. Reports, per bet, the
share of shoes in which the bet is favourable at least once, the mean number of favourable coups
per shoe, and the mean edge when it is.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import emit, section

from dealer_assist.cards import shoe_composition
from dealer_assist.odds import ShoeComposition, ShoeOdds
from dealer_assist.odds.product import odds_bets
from dealer_assist.rules.coup import Coup, CoupRules
from dealer_assist.rules.variants import default_catalog

BETS = ("dragon7", "panda8", "player_pair", "banker_pair", "either_pair", "perfect_pair")
SHOES = 300


def main() -> None:
    variant = default_catalog().variant("ez-baccarat")
    bets = [bet for bet in odds_bets(variant) if bet.name in BETS]
    shoes_with: Counter[str] = Counter()
    coups_with: Counter[str] = Counter()
    edge_sum: Counter[str] = Counter()
    total_coups = 0
    rules = CoupRules.punto_banco()
    for seed in range(SHOES):
        remaining = dict(shoe_composition(8))
        cards = list(shoe_composition(8).elements())
        random.Random(seed).shuffle(cards)
        position = 0
        seen: set[str] = set()
        while position < len(cards) - 14:
            coup = Coup(rules)
            while not coup.is_complete:
                card = cards[position]
                position += 1
                remaining[card] -= 1
                coup.deal(card)
            total_coups += 1
            odds = ShoeOdds(ShoeComposition.of_cards(remaining))
            for bet in bets:
                ev = odds.evaluate(bet).ev
                if ev > 0:
                    coups_with[bet.name] += 1
                    edge_sum[bet.name] += float(ev)
                    seen.add(bet.name)
        shoes_with.update(seen)
    rows = []
    for name in BETS:
        favourable = coups_with[name]
        mean_edge = edge_sum[name] / favourable * 100 if favourable else 0.0
        rows.append(
            (
                name,
                f"{shoes_with[name] / SHOES:.1%}",
                f"{favourable / SHOES:.2f}",
                f"{favourable / total_coups:.2%}",
                f"+{mean_edge:.2f}%" if favourable else "-",
            )
        )
    emit(
        section(
            "Advantage play: favourable side bets per shoe (issue 10)",
            "python benchmarks/bench_advantage.py",
            (
                "bet",
                "shoes with one favourable coup",
                "favourable coups per shoe",
                "share of coups",
                "mean player edge then",
            ),
            rows,
            f"{SHOES} seeded 8-deck shoes, {total_coups:,} coups, cut card 14 cards from the end; "
            "after every coup each bet is priced exactly on the cards left (EZ Baccarat paytables: "
            "Dragon 7 40:1, Panda 8 25:1, pairs 11:1, either pair 5:1, perfect pair 25:1). "
            "A favourable coup is one after which the next coup's expected value is positive for "
            "the player; the table's live alert uses the same computation with a threshold "
            "(`[odds] advantage_threshold`, 1% by default).",
        )
    )


if __name__ == "__main__":
    main()
