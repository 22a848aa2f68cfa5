"""The shoe state machine: shuffling, burn, coups, cut card, last coup, end, events."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import FrozenInstanceError, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.cards import Card, Rank, Suit, parse_card, parse_cards, shoe_composition
from dealer_assist.errors import ConfigError, RuleViolation
from dealer_assist.rules.coup import Game
from dealer_assist.shoe import (
    BurnCardTurned,
    BurnMode,
    BurnRule,
    CardBurned,
    CardDrawn,
    CoupEnded,
    CoupStarted,
    CutCardOut,
    Shoe,
    ShoeEnded,
    ShoePhase,
    ShoeSettings,
    ShoeStarted,
)
from dealer_assist.shoe import shoe as shoe_module

NO_BURN = BurnRule.none()


def filler(count: int) -> list[Card]:
    """``count`` distinct-looking cards; the shoe does not care what they are."""
    faces = [Card(rank, suit) for suit in Suit for rank in Rank]
    return [faces[i % 52] for i in range(count)]


def play_coup(shoe: Shoe, cards: int) -> list[Card]:
    shoe.start_coup()
    dealt = [shoe.draw().card for _ in range(cards)]
    shoe.end_coup()
    return dealt


def drain(shoe: Shoe) -> list[Card]:
    """Every card of a shoe, through the machine: burn, then coups until it ends."""
    seen: list[Card] = []
    if shoe.phase is ShoePhase.BURN:
        seen += [event.card for event in shoe.burn()]
    while shoe.can_start_coup():
        shoe.start_coup()
        while shoe.can_draw():
            seen.append(shoe.draw().card)
        shoe.end_coup()
    return seen


# --- making shoes ----------------------------------------------------------------------------


def test_seeded_shoes_are_reproducible_and_log_their_seed() -> None:
    settings = ShoeSettings()
    first, second = Shoe.seeded(settings=settings, seed=7), Shoe.seeded(settings=settings, seed=7)
    other = Shoe.seeded(settings=settings, seed=8)
    assert drain(first) == drain(second) != drain(other)
    started = first.events[0]
    assert isinstance(started, ShoeStarted)
    assert (started.seed, started.card_count, started.order_known) == (7, 416, True)


def test_an_injected_rng_shuffles_like_the_same_seed() -> None:
    settings = ShoeSettings(decks=2)
    injected = Shoe.shuffled(settings=settings, rng=random.Random(99))
    assert drain(injected) == drain(Shoe.seeded(settings=settings, seed=99))


def test_default_shuffle_uses_the_os_secure_source(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[random.Random] = []

    class Spy(random.SystemRandom):
        def __init__(self) -> None:
            super().__init__()
            made.append(self)

    monkeypatch.setattr(shoe_module, "SystemRandom", Spy)
    global_state = random.getstate()
    shoe = Shoe.shuffled(settings=ShoeSettings(decks=1, cut_card_from_end=7))
    assert len(made) == 1 and isinstance(made[0], random.SystemRandom)
    assert random.getstate() == global_state  # the global generator is never touched
    assert shoe.events[0] == ShoeStarted(0, 52, 45, True, None)


def test_a_shuffled_shoe_holds_its_composition() -> None:
    shoe = Shoe.shuffled(settings=ShoeSettings(decks=6), rng=random.Random(1))
    assert shoe.card_count == 312
    cards = drain(shoe)
    # The shoe ends at its last coup, so the cards behind the cut card stay in it.
    assert Counter(cards) <= shoe_composition(6)
    assert len(cards) + shoe.cards_left == 312


def test_stacked_shoe_deals_its_cards_in_order() -> None:
    cards = parse_cards(["AS 2H 3D 4C 5S 6H 7D 8C 9S TH"])
    shoe = Shoe.stacked(settings=ShoeSettings(cut_card_from_end=2, burn=NO_BURN), cards=cards)
    assert play_coup(shoe, 4) == cards[:4]
    assert shoe.cards_out == 4 and shoe.cards_left == 6


def test_stacked_shoe_refuses_a_cut_card_outside_it() -> None:
    with pytest.raises(ConfigError, match="cut_card_from_end"):
        Shoe.stacked(settings=ShoeSettings(cut_card_from_end=14), cards=filler(14))
    with pytest.raises(ValueError, match="at least one card"):
        Shoe.stacked(settings=ShoeSettings(), cards=[])


# --- settings --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("decks", 0),
        ("cut_card_from_end", 0),
        ("cut_card_from_end", 52),
        ("coups_after_cut_card", 2),
        ("min_cards_to_deal", 0),
    ],
)
def test_settings_refuse_impossible_values(field: str, value: int) -> None:
    with pytest.raises(ConfigError, match=field):
        replace(ShoeSettings(decks=1, cut_card_from_end=7), **{field: value})


def test_burn_rule_refuses_impossible_counts() -> None:
    with pytest.raises(ConfigError, match=r"burn\.count"):
        BurnRule.fixed(0)
    with pytest.raises(ConfigError, match=r"burn\.count"):
        BurnRule(mode=BurnMode.NONE, count=2)


@pytest.mark.parametrize(
    ("game", "decks", "minimum"),
    [(Game.PUNTO_BANCO, 8, 6), (Game.CHEMIN_DE_FER, 6, 7), (Game.BANQUE, 6, 9)],
)
def test_minimum_cards_per_game(game: Game, decks: int, minimum: int) -> None:
    settings = ShoeSettings.for_game(game)
    assert (settings.decks, settings.min_cards_to_deal) == (decks, minimum)


def test_settings_are_frozen() -> None:
    with pytest.raises(FrozenInstanceError):
        ShoeSettings().decks = 6  # type: ignore[misc]


# --- the burn --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "burned"),
    [("AS", 1), ("7H", 7), ("9D", 9), ("TC", 10), ("JS", 10), ("QH", 10), ("KD", 10)],
)
def test_first_card_burn_turns_one_and_burns_its_count(first: str, burned: int) -> None:
    cards = [parse_card(first), *filler(40)]
    shoe = Shoe.stacked(settings=ShoeSettings(cut_card_from_end=7), cards=cards)
    assert shoe.phase is ShoePhase.BURN and shoe.burn_remaining is None
    events = shoe.burn()
    assert events[0] == BurnCardTurned(1, cards[0], 0, burned)
    assert [type(e) for e in events[1:]] == [CardBurned] * burned
    assert [e.card for e in events] == cards[: burned + 1]
    assert shoe.phase is ShoePhase.BETWEEN_COUPS and shoe.burn_remaining == 0
    assert shoe.cards_out == burned + 1


def test_fixed_burn_burns_face_down_only() -> None:
    shoe = Shoe.stacked(
        settings=ShoeSettings(cut_card_from_end=7, burn=BurnRule.fixed(3)), cards=filler(30)
    )
    assert shoe.burn_remaining == 3
    events = shoe.burn()
    assert [type(e) for e in events] == [CardBurned] * 3
    assert [e.position for e in events] == [0, 1, 2]


def test_no_burn_starts_between_coups() -> None:
    shoe = Shoe.stacked(settings=ShoeSettings(cut_card_from_end=7, burn=NO_BURN), cards=filler(30))
    assert shoe.phase is ShoePhase.BETWEEN_COUPS
    assert not shoe.can_burn_card()
    with pytest.raises(RuleViolation, match="no_burn_due"):
        shoe.burn()


def test_coups_wait_for_the_burn_and_burns_go_card_by_card() -> None:
    shoe = Shoe.stacked(
        settings=ShoeSettings(cut_card_from_end=7), cards=[parse_card("2S"), *filler(30)]
    )
    with pytest.raises(RuleViolation, match="burn_due"):
        shoe.start_coup()
    assert not shoe.can_draw()
    assert isinstance(shoe.burn_card(), BurnCardTurned)
    assert shoe.burn_remaining == 2
    shoe.burn_card()
    assert shoe.burn_remaining == 1 and not shoe.can_start_coup()
    shoe.burn_card()
    assert shoe.can_start_coup()


# --- cut card and last coup -------------------------------------------------------------------


def cut_card_shoe(after: int, cards: int = 40, from_end: int = 14) -> Shoe:
    settings = ShoeSettings(cut_card_from_end=from_end, burn=NO_BURN, coups_after_cut_card=after)
    return Shoe.stacked(settings=settings, cards=filler(cards))


def test_cut_card_index_counts_from_the_end_and_comes_out_before_that_card() -> None:
    shoe = cut_card_shoe(after=1)  # 40 cards, cut card in front of card index 26
    assert shoe.cut_card_index == 26
    for _ in range(5):  # 5 coups of 5 cards: 25 cards out, cut card not yet
        play_coup(shoe, 5)
    assert not shoe.is_cut_card_out and shoe.coups_remaining is None
    shoe.start_coup()
    shoe.draw()  # card 25
    assert not shoe.is_cut_card_out
    drawn = shoe.draw()  # card 26: the cut card comes out first
    cut_event = shoe.events[-2]
    assert isinstance(cut_event, CutCardOut)
    assert (cut_event.position, drawn.position, cut_event.seq + 1) == (26, 26, drawn.seq)
    assert shoe.is_cut_card_out


@pytest.mark.parametrize("after", [0, 1])
def test_cut_card_during_a_coup_leaves_the_set_number_of_coups(after: int) -> None:
    shoe = cut_card_shoe(after=after)
    for _ in range(5):
        play_coup(shoe, 5)
    shoe.start_coup()  # coup 6
    shoe.draw()
    shoe.draw()  # the cut card came out before this, the coup's second card
    cut_event = next(e for e in shoe.events if isinstance(e, CutCardOut))
    assert (cut_event.coup, cut_event.in_place_of_first_card) == (6, False)
    assert cut_event.last_coup == 6 + after == shoe.last_coup
    assert shoe.coups_remaining == 1 + after
    assert shoe.is_last_coup is (after == 0)
    shoe.draw()
    shoe.end_coup()
    if after == 1:
        assert shoe.phase is ShoePhase.BETWEEN_COUPS
        assert shoe.is_last_coup and shoe.coups_remaining == 1
        play_coup(shoe, 6)
    assert shoe.phase is ShoePhase.ENDED
    ended = shoe.events[-1]
    assert isinstance(ended, ShoeEnded) and ended.coups == 6 + after
    assert "last coup" in ended.reason
    with pytest.raises(RuleViolation, match="shoe_ended"):
        shoe.start_coup()


@pytest.mark.parametrize("after", [0, 1])
def test_cut_card_in_place_of_a_first_card_makes_that_coup_the_last(after: int) -> None:
    shoe = cut_card_shoe(after=after, cards=40, from_end=14)  # cut index 26
    for size in (6, 5, 5, 5, 5):  # exactly 26 cards: the cut card is next out
        play_coup(shoe, size)
    assert not shoe.is_cut_card_out
    shoe.start_coup()
    first = shoe.draw()
    cut_event = shoe.events[-2]
    assert isinstance(cut_event, CutCardOut)
    assert cut_event == CutCardOut(cut_event.seq, 26, 6, True, 6)
    assert first.position == 26
    assert shoe.is_last_coup and shoe.coups_remaining == 1
    shoe.draw()
    shoe.end_coup()
    assert shoe.phase is ShoePhase.ENDED and shoe.coups_remaining == 0


def test_cut_card_met_during_the_burn_makes_the_first_coup_the_last() -> None:
    settings = ShoeSettings(cut_card_from_end=14, burn=BurnRule.fixed(3))
    shoe = Shoe.stacked(settings=settings, cards=filler(16))  # cut index 2
    shoe.burn()
    assert shoe.is_cut_card_out and shoe.last_coup == 1 and shoe.is_last_coup
    play_coup(shoe, 4)
    assert shoe.phase is ShoePhase.ENDED


# --- minimum cards, empty shoe, wrong cards ----------------------------------------------------


def test_a_coup_needs_the_minimum_cards_and_the_shoe_ends_below_it() -> None:
    settings = ShoeSettings(cut_card_from_end=1, burn=NO_BURN, min_cards_to_deal=7)
    shoe = Shoe.stacked(settings=settings, cards=filler(20))
    play_coup(shoe, 6)
    play_coup(shoe, 6)  # 8 left
    assert shoe.can_start_coup()
    play_coup(shoe, 2)  # 6 left: fewer than 7, the shoe ends by itself
    assert shoe.phase is ShoePhase.ENDED
    ended = shoe.events[-1]
    assert isinstance(ended, ShoeEnded) and ended.cards_left == 6 and "7" in ended.reason


def test_too_few_cards_is_refused_with_its_code() -> None:
    settings = ShoeSettings(cut_card_from_end=1, burn=BurnRule.fixed(1), min_cards_to_deal=9)
    shoe = Shoe.stacked(settings=settings, cards=filler(9))
    shoe.burn()  # 8 left after the burn: the shoe ends before any coup
    assert shoe.phase is ShoePhase.ENDED
    live = Shoe.observed(settings=replace(settings, burn=NO_BURN), card_count=8)
    with pytest.raises(RuleViolation, match="too_few_cards"):
        live.verify_start_coup()


def test_an_empty_shoe_refuses_a_draw_and_keeps_its_state() -> None:
    settings = ShoeSettings(cut_card_from_end=1, burn=NO_BURN, min_cards_to_deal=1)
    shoe = Shoe.stacked(settings=settings, cards=filler(3))
    shoe.start_coup()
    for _ in range(3):
        shoe.draw()
    before = shoe.events
    with pytest.raises(RuleViolation, match="shoe_empty"):
        shoe.draw()
    assert shoe.events == before and not shoe.can_draw()


def test_a_card_that_is_not_the_next_one_is_refused() -> None:
    cards = parse_cards(["AS 2H 3D 4C 5S 6H 7D 8C"])
    shoe = Shoe.stacked(settings=ShoeSettings(cut_card_from_end=2, burn=NO_BURN), cards=cards)
    shoe.start_coup()
    assert shoe.can_draw(cards[0]) and not shoe.can_draw(cards[1])
    with pytest.raises(RuleViolation, match="unexpected_card"):
        shoe.draw(cards[1])
    assert shoe.draw(cards[0]).card == cards[0]


def test_actions_out_of_order_are_refused() -> None:
    shoe = cut_card_shoe(after=1)
    with pytest.raises(RuleViolation, match="no_coup"):
        shoe.draw()
    with pytest.raises(RuleViolation, match="no_coup"):
        shoe.end_coup()
    shoe.start_coup()
    with pytest.raises(RuleViolation, match="coup_in_progress"):
        shoe.start_coup()
    with pytest.raises(RuleViolation, match="coup_in_progress"):
        shoe.end_shoe(reason="supervisor")
    shoe.end_coup()
    ended = shoe.end_shoe(reason="supervisor: cards damaged")
    assert ended.reason == "supervisor: cards damaged" and shoe.phase is ShoePhase.ENDED
    assert not shoe.can_end_shoe() and not shoe.can_start_coup()


# --- a live shoe -------------------------------------------------------------------------------


def test_live_shoe_takes_read_cards_and_a_reported_cut_card() -> None:
    settings = ShoeSettings(decks=1, cut_card_from_end=7, burn=BurnRule.fixed(1))
    shoe = Shoe.observed(settings=settings)
    assert shoe.card_count == 52 and shoe.cut_card_index is None and not shoe.order_known
    with pytest.raises(RuleViolation, match="card_required"):
        shoe.burn()
    shoe.burn_card(parse_card("9S"))
    shoe.start_coup()
    with pytest.raises(RuleViolation, match="card_required"):
        shoe.draw()
    for text in ("AS", "AS", "KH", "QD"):  # the shoe does not judge cards: the account does
        shoe.draw(parse_card(text))
    shoe.end_coup()
    cut_event = shoe.signal_cut_card()
    assert (cut_event.coup, cut_event.in_place_of_first_card, cut_event.last_coup) == (2, True, 2)
    assert not shoe.can_signal_cut_card()
    play_live = [parse_card(t) for t in ("2C", "3C", "4C", "5C")]
    shoe.start_coup()
    for card in play_live:
        shoe.draw(card)
    shoe.end_coup()
    assert shoe.phase is ShoePhase.ENDED


def test_a_known_shoe_refuses_a_reported_cut_card() -> None:
    shoe = cut_card_shoe(after=1)
    with pytest.raises(RuleViolation, match="cut_card_known"):
        shoe.signal_cut_card()


# --- events ------------------------------------------------------------------------------------


def test_events_are_immutable_and_numbered() -> None:
    shoe = Shoe.seeded(settings=ShoeSettings(decks=1, cut_card_from_end=7), seed=3)
    drain(shoe)
    events = shoe.events
    assert [event.seq for event in events] == list(range(len(events)))
    assert isinstance(events[0], ShoeStarted) and isinstance(events[-1], ShoeEnded)
    with pytest.raises(AttributeError):
        events[1].seq = 5  # type: ignore[misc]
    assert isinstance(events, tuple)
    assert {type(e) for e in events} >= {CoupStarted, CardDrawn, CoupEnded, CutCardOut}


# --- properties over many shoes ----------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    decks=st.integers(1, 2),
    from_end=st.integers(1, 30),
    after=st.sampled_from([0, 1]),
    burn=st.sampled_from([BurnRule.first_card_value(), BurnRule.fixed(3), BurnRule.none()]),
    sizes=st.lists(st.integers(4, 6), min_size=30, max_size=30),
)
def test_any_shoe_runs_to_a_consistent_end(
    seed: int, decks: int, from_end: int, after: int, burn: BurnRule, sizes: list[int]
) -> None:
    settings = ShoeSettings(
        decks=decks, cut_card_from_end=from_end, burn=burn, coups_after_cut_card=after
    )
    shoe = Shoe.seeded(settings=settings, seed=seed)
    if shoe.phase is ShoePhase.BURN:
        shoe.burn()
    remaining_seen: list[int] = []
    cut_coup: int | None = None
    for size in sizes:
        if not shoe.can_start_coup():
            break
        shoe.start_coup()
        for _ in range(min(size, shoe.cards_left)):
            shoe.draw()
            if shoe.is_cut_card_out and cut_coup is None:
                cut_coup = shoe.coup
        if shoe.coups_remaining is not None:
            remaining_seen.append(shoe.coups_remaining)
        shoe.end_coup()
    events = shoe.events
    assert [e.seq for e in events] == list(range(len(events)))
    positions = [
        e.position for e in events if isinstance(e, (CardDrawn, CardBurned, BurnCardTurned))
    ]
    assert positions == list(range(shoe.cards_out))
    assert remaining_seen == sorted(remaining_seen, reverse=True)
    assert all(r >= 1 for r in remaining_seen)
    cut_events = [e for e in events if isinstance(e, CutCardOut)]
    assert len(cut_events) <= 1
    if cut_events:
        assert cut_events[0].position == shoe.cut_card_index
        if shoe.phase is ShoePhase.ENDED and shoe.cards_left >= settings.min_cards_to_deal:
            assert shoe.coups_played == cut_events[0].last_coup
    if cut_coup is not None and cut_events[0].coup == cut_coup:
        assert cut_events[0].last_coup - cut_coup <= after
