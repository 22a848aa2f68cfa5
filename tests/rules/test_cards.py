from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_assist.cards import (
    Card,
    Rank,
    Suit,
    hand_total,
    one_deck,
    parse_card,
    parse_cards,
    shoe_composition,
)
from dealer_assist.errors import CardParseError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AS", Rank.ACE, Suit.SPADES),
        ("TD", Rank.TEN, Suit.DIAMONDS),
        ("10D", Rank.TEN, Suit.DIAMONDS),
        ("QH", Rank.QUEEN, Suit.HEARTS),
        ("qh", Rank.QUEEN, Suit.HEARTS),
        ("Q♥", Rank.QUEEN, Suit.HEARTS),
        ("k♠", Rank.KING, Suit.SPADES),
        ("10♦", Rank.TEN, Suit.DIAMONDS),
        ("2♣", Rank.TWO, Suit.CLUBS),
        (" 9c ", Rank.NINE, Suit.CLUBS),
        ("J♡", Rank.JACK, Suit.HEARTS),
    ],
)
def test_parse_card_forms(text: str, rank: Rank, suit: Suit) -> None:
    assert parse_card(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "expected a rank and a suit"),
        ("A", "expected a rank and a suit"),
        ("1S", "unknown rank '1'"),
        ("11S", "unknown rank '11'"),
        ("AX", "unknown suit 'X'"),
        ("ZZ", "unknown rank 'Z'"),
    ],
)
def test_bad_text_names_the_text(text: str, fragment: str) -> None:
    with pytest.raises(CardParseError) as caught:
        parse_card(text)
    assert repr(text) in str(caught.value)
    assert fragment in str(caught.value)


def test_values_in_baccarat() -> None:
    values = {rank: Card(rank, Suit.SPADES).value for rank in Rank}
    assert [values[rank] for rank in Rank] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]
    assert [rank.burn_count for rank in Rank] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_formatting() -> None:
    card = parse_card("10h")
    assert str(card) == "TH"
    assert card.code == "TH"
    assert card.pretty == "10♥"
    assert parse_card("AS").pretty == "A♠"
    assert card.suit.is_red and not parse_card("AS").suit.is_red


def test_shoe_composition() -> None:
    eight = shoe_composition(8)
    assert sum(eight.values()) == 416
    assert set(eight.values()) == {8}
    by_value = Counter()
    for card, count in eight.items():
        by_value[card.value] += count
    assert by_value[0] == 16 * 8
    assert all(by_value[v] == 4 * 8 for v in range(1, 10))
    with pytest.raises(ValueError, match="at least one deck"):
        shoe_composition(0)


def test_parse_cards_accepts_commas_and_spaces() -> None:
    assert [c.code for c in parse_cards(["AS,10D  qh", "2c"])] == ["AS", "TD", "QH", "2C"]


@given(st.sampled_from(one_deck()))
def test_code_and_pretty_round_trip(card: Card) -> None:
    assert parse_card(card.code) == card
    assert parse_card(card.pretty) == card
    assert parse_card(card.code.lower()) == card


@given(st.lists(st.sampled_from(one_deck()), max_size=3))
def test_hand_total_is_sum_mod_10(cards: list[Card]) -> None:
    assert hand_total(cards) == sum(c.value for c in cards) % 10


def test_cards_are_frozen() -> None:
    card = parse_card("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]
