"""Shoe compositions and the ``--remaining`` text forms."""

from __future__ import annotations

import pytest

from dealer_assist.cards import Card, Rank, Suit, parse_cards
from dealer_assist.odds import (
    CARD_ORDER,
    CompositionError,
    RemainingParseError,
    ShoeComposition,
    full_shoe,
    parse_card_counts,
    parse_rank_counts,
    parse_remaining,
)

RANK_TEXT = "A=31,2=32,3=32,4=32,5=32,6=32,7=32,8=32,9=32,T=32,J=32,Q=32,K=29"


def test_full_shoes_by_card() -> None:
    shoe = full_shoe(8)
    assert shoe.size == 416
    assert shoe.value_counts == (128,) + (32,) * 9
    assert shoe.rank_counts == (32,) * 13
    assert shoe.has_suits and shoe.has_ranks
    assert shoe.count(Card(Rank.QUEEN, Suit.HEARTS)) == 8
    assert CARD_ORDER[:2] == (Card(Rank.ACE, Suit.SPADES), Card(Rank.ACE, Suit.HEARTS))


def test_without_removes_dealt_cards_at_every_level() -> None:
    dealt = parse_cards(["AS KH KH 10D"])
    by_card = full_shoe(1).without(parse_cards(["AS"]))
    assert by_card.size == 51 and by_card.count(Card(Rank.ACE, Suit.SPADES)) == 0
    eight = full_shoe(8).without(dealt)
    assert eight.value_counts[0] == 125 and eight.value_counts[1] == 31
    by_rank = ShoeComposition.of_ranks({rank: 4 for rank in Rank}).without(dealt)
    assert by_rank.rank_counts == (3,) + (4,) * 8 + (3, 4, 4, 2)
    assert not by_rank.has_suits
    by_value = ShoeComposition.of_values(full_shoe(1).value_counts).without(dealt)
    assert by_value.value_counts[0] == 13
    with pytest.raises(CompositionError, match="cannot remove 2 x AS"):
        full_shoe(1).without(parse_cards(["AS AS"]))


def test_constructors_check_counts() -> None:
    with pytest.raises(CompositionError, match="needs 10 counts"):
        ShoeComposition.of_values([1, 2])
    with pytest.raises(CompositionError, match="negative"):
        ShoeComposition.of_ranks([-1] + [4] * 12)
    with pytest.raises(CompositionError, match="not a whole number"):
        ShoeComposition.of_cards([1.5] * 52)  # type: ignore[list-item]
    with pytest.raises(CompositionError, match="not a rank"):
        ShoeComposition.of_ranks({"A": 4})  # type: ignore[dict-item]
    with pytest.raises(CompositionError, match="at least 1"):
        full_shoe(0)


def test_rank_form() -> None:
    shoe = parse_rank_counts(RANK_TEXT)
    assert shoe.size == 412
    assert shoe.rank_counts == (31,) + (32,) * 11 + (29,)
    assert parse_remaining(RANK_TEXT) == shoe
    assert parse_rank_counts("*=32 a=31 10=32 k=29") == shoe
    assert not shoe.has_suits


def test_card_form() -> None:
    shoe = parse_card_counts("*=8,AS=7,KH=6, q♥=8")
    assert shoe.size == 413
    assert shoe.count(Card(Rank.KING, Suit.HEARTS)) == 6
    assert parse_remaining("*=8,AS=7,KH=6") == shoe
    every_card = ",".join(f"{card}=1" for card in CARD_ORDER)
    assert parse_card_counts(every_card) == full_shoe(1)


@pytest.mark.parametrize(
    ("text", "token", "reason"),
    [
        ("A=3,B=2", "B=2", "neither a rank"),
        ("*=32,A=x", "A=x", "not a whole number"),
        ("*=32,A=-1", "A=-1", "not a whole number"),
        ("*=32,A", "A", "KEY=COUNT"),
        ("*=32,A=1,a=2", "a=2", "already given by 'A=1'"),
        ("*=3,*=4,A=1", "*=4", "given twice"),
        ("*=8,A=1,AS=2", "AS=2", "mixed"),
        ("*=8", "*=8", "ambiguous"),
        ("", "", "no counts"),
    ],
)
def test_errors_name_the_token(text: str, token: str, reason: str) -> None:
    with pytest.raises(RemainingParseError, match=reason) as caught:
        parse_remaining(text)
    assert caught.value.token == token
    if token:
        assert repr(token) in str(caught.value)


def test_missing_keys_are_named() -> None:
    with pytest.raises(RemainingParseError, match=r"no count for rank 4, 5, 6, 7, 8, 9, T, J"):
        parse_rank_counts("A=4,2=4,3=4")
    with pytest.raises(RemainingParseError, match=r"no count for card AH, AD"):
        parse_card_counts("AS=1")
    with pytest.raises(RemainingParseError, match="unknown suit"):
        parse_card_counts("*=1,AX=2")
    with pytest.raises(RemainingParseError, match="not a rank"):
        parse_rank_counts("*=1,Z=2")
