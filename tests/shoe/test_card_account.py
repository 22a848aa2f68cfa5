"""Card accounting: counts against the composition, duplicates, foreign cards, what is left."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dealer_assist.cards import ALL_RANKS, Card, Rank, Suit, one_deck, parse_card, shoe_composition
from dealer_assist.shoe import AccountCode, CardAccount, CardVerdict

AS, KH = parse_card("AS"), parse_card("KH")


def test_a_fresh_eight_deck_account() -> None:
    account = CardAccount.for_decks(8)
    assert (account.cards_left, account.cards_seen) == (416, 0)
    assert account.remaining_by_rank() == dict.fromkeys(ALL_RANKS, 32)
    assert account.remaining_by_card() == dict(shoe_composition(8))
    assert account.faults == ()


def test_counting_good_cards_lowers_what_is_left() -> None:
    account = CardAccount.for_decks(1)
    verdict = account.count(KH)
    assert verdict == CardVerdict(KH, AccountCode.OK, 1, 1, "KH: 1 of 1 seen")
    assert verdict.ok
    account.count(parse_card("KS"))
    assert account.remaining_by_rank()[Rank.KING] == 2
    assert account.remaining_by_card()[KH] == 0
    assert (account.cards_seen, account.cards_left) == (2, 50)


def test_a_card_beyond_its_count_is_a_duplicate() -> None:
    account = CardAccount.for_decks(2)
    account.count_all([AS, AS])
    verdict = account.count(AS)
    assert verdict.code is AccountCode.DUPLICATE and not verdict.ok
    assert (verdict.seen, verdict.held) == (3, 2)
    assert verdict.message == "duplicate AS: seen 3 times, the shoe holds 2"
    assert account.faults == (verdict,)
    assert account.remaining_by_card()[AS] == 0  # never negative
    assert (account.cards_seen, account.cards_left, account.seen(AS)) == (3, 102, 3)


def test_a_card_the_composition_lacks_is_foreign() -> None:
    # A shoe with the aces of spades taken out (or another back colour's set).
    composition = shoe_composition(8)
    del composition[AS]
    account = CardAccount(composition=composition)
    verdict = account.count(AS)
    assert verdict.code is AccountCode.FOREIGN and verdict.held == 0
    assert "foreign AS" in verdict.message and "holds no AS" in verdict.message
    assert account.cards_left == 408 and account.cards_seen == 1
    assert AS not in account.remaining_by_card()


def test_zero_counts_mean_not_held() -> None:
    account = CardAccount(composition={AS: 0, KH: 1})
    assert account.check(AS).code is AccountCode.FOREIGN
    assert account.composition == {KH: 1}


def test_check_does_not_count() -> None:
    account = CardAccount.for_decks(1)
    assert account.check(AS).ok
    assert account.cards_seen == 0 and account.cards_left == 52


def test_a_bad_composition_is_refused() -> None:
    with pytest.raises(ValueError, match="held -1"):
        CardAccount(composition={AS: -1})


cards_strategy = st.lists(
    st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit))), max_size=120
)


@given(cards=cards_strategy, removed=st.sets(st.sampled_from(one_deck()), max_size=5))
def test_counts_always_add_up(cards: list[Card], removed: set[Card]) -> None:
    composition = Counter({card: 2 for card in one_deck() if card not in removed})
    account = CardAccount(composition=composition)
    verdicts = account.count_all(cards)
    good = [v for v in verdicts if v.ok]
    assert account.cards_seen == len(cards)
    assert account.cards_left + len(good) == sum(composition.values())
    assert sum(account.remaining_by_rank().values()) == account.cards_left
    assert len(account.faults) == len(cards) - len(good)
    for verdict in verdicts:
        expected = (
            AccountCode.FOREIGN
            if verdict.card in removed
            else AccountCode.DUPLICATE
            if verdict.seen > 2
            else AccountCode.OK
        )
        assert verdict.code is expected
        assert str(verdict.card) in verdict.message
