"""The straightforward exact enumeration: the baseline the engine is measured and tested against.

Every ordered sequence of card *values* is walked in deal order (P1, B1, P2, B2, then the third
cards), each weighted by the product of the falling counts it draws, exactly as a hand count of
the six-card convention would do it. It is written from the rule text with plain if-chains and
shares no code with :mod:`dealer_assist.odds.engine`, so the two can disagree if either is wrong.
It takes some tenths of a second for an eight-deck shoe.
"""

from __future__ import annotations

from collections.abc import Sequence

from dealer_assist.errors import InputError
from dealer_assist.odds.signature import CoupSignature


def _player_draws(total: int) -> bool:
    return total <= 5


def _banker_draws(total: int, player_third: int | None) -> bool:
    if player_third is None:
        return total <= 5
    if total <= 2:
        return True
    if total == 3:
        return player_third != 8
    if total == 4:
        return 2 <= player_third <= 7
    if total == 5:
        return 4 <= player_third <= 7
    if total == 6:
        return player_third in (6, 7)
    return False


def reference_enumeration(value_counts: Sequence[int]) -> dict[CoupSignature, int]:
    """Six-card-convention weights of every coup signature, by brute force over value sequences.

    ``value_counts[v]`` is the number of cards of baccarat value ``v`` (0 for tens and faces).
    Signatures that cannot happen are left out.
    """
    counts = list(value_counts)
    if len(counts) != 10 or any(count < 0 for count in counts):
        raise InputError("value_counts needs ten counts, none negative")
    size = sum(counts)
    weights: dict[CoupSignature, int] = {}

    def add(player: int, banker: int, player_cards: int, banker_cards: int, weight: int) -> None:
        key = CoupSignature(player, banker, player_cards, banker_cards)
        weights[key] = weights.get(key, 0) + weight

    unused_after_four = (size - 4) * (size - 5)
    unused_after_five = size - 5
    for p1 in range(10):
        w1 = counts[p1]
        if not w1:
            continue
        counts[p1] -= 1
        for b1 in range(10):
            w2 = w1 * counts[b1]
            if not w2:
                continue
            counts[b1] -= 1
            for p2 in range(10):
                w3 = w2 * counts[p2]
                if not w3:
                    continue
                counts[p2] -= 1
                for b2 in range(10):
                    w4 = w3 * counts[b2]
                    if not w4:
                        continue
                    counts[b2] -= 1
                    player = (p1 + p2) % 10
                    banker = (b1 + b2) % 10
                    if player >= 8 or banker >= 8:
                        add(player, banker, 2, 2, w4 * unused_after_four)
                    elif _player_draws(player):
                        for p3 in range(10):
                            w5 = w4 * counts[p3]
                            if not w5:
                                continue
                            counts[p3] -= 1
                            player3 = (player + p3) % 10
                            if _banker_draws(banker, p3):
                                for b3 in range(10):
                                    w6 = w5 * counts[b3]
                                    if w6:
                                        add(player3, (banker + b3) % 10, 3, 3, w6)
                            else:
                                add(player3, banker, 3, 2, w5 * unused_after_five)
                            counts[p3] += 1
                    elif _banker_draws(banker, None):
                        for b3 in range(10):
                            w5 = w4 * counts[b3]
                            if w5:
                                add(player, (banker + b3) % 10, 2, 3, w5 * unused_after_five)
                    else:
                        add(player, banker, 2, 2, w4 * unused_after_four)
                    counts[b2] += 1
                counts[p2] += 1
            counts[b1] += 1
        counts[p1] += 1
    return weights
