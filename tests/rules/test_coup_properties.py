"""Properties of the coup engine against an independent reference written from the rule texts.

The reference below is written from the Punto Banco source text (sources/002) as plain
if-chains, not from the engine's tables, so the two can disagree if either is wrong.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_assist.cards import Card, one_deck
from dealer_assist.errors import RuleViolation
from dealer_assist.rules.coup import (
    Choice,
    Coup,
    CoupRules,
    DealTo,
    DecisionDue,
    Hand,
)
from dealer_assist.rules.outcome import Winner, outcome_of

DECK = one_deck()
cards_strategy = st.lists(st.sampled_from(DECK), min_size=0, max_size=9)


def reference_banker_draws(banker: int, player_third: int | None) -> bool:
    if player_third is None:
        return banker <= 5
    if banker <= 2:
        return True
    if banker == 3:
        return player_third != 8
    if banker == 4:
        return player_third in (2, 3, 4, 5, 6, 7)
    if banker == 5:
        return player_third in (4, 5, 6, 7)
    if banker == 6:
        return player_third in (6, 7)
    return False


def reference_punto_banco(cards: list[Card]) -> tuple[int, list[Card], list[Card]]:
    """How many of ``cards`` a complete coup uses, and the two hands (needs enough cards)."""
    player = [cards[0], cards[2]]
    banker = [cards[1], cards[3]]
    used = 4

    def total(hand: list[Card]) -> int:
        return sum(c.value for c in hand) % 10

    if total(player) >= 8 or total(banker) >= 8:
        return used, player, banker
    third: int | None = None
    if total(player) <= 5:
        player.append(cards[used])
        third = cards[used].value
        used += 1
    if reference_banker_draws(total(banker), third):
        banker.append(cards[used])
        used += 1
    return used, player, banker


@settings(max_examples=1500, derandomize=True)
@given(cards_strategy)
def test_any_sequence_is_a_legal_coup_or_rejected_at_the_first_illegal_card(
    cards: list[Card],
) -> None:
    coup = Coup(CoupRules.punto_banco())
    accepted = 0
    rejection: RuleViolation | None = None
    for card in cards:
        before = coup.operations
        try:
            coup.deal(card)
        except RuleViolation as violation:
            rejection = violation
            assert coup.operations == before  # a rejected card changes nothing
            break
        accepted += 1
    padded = cards + DECK[: max(0, 6 - len(cards))]
    needed, player, banker = reference_punto_banco(padded)
    if len(cards) < needed:
        assert rejection is None and accepted == len(cards)
        assert not coup.is_complete
        return
    assert accepted == needed
    assert coup.is_complete
    assert list(coup.cards(Hand.PLAYER)) == player
    assert list(coup.cards(Hand.BANKER)) == banker
    outcome = outcome_of(coup)
    facts = outcome.facts
    assert facts is not None
    p_total = sum(c.value for c in player) % 10
    b_total = sum(c.value for c in banker) % 10
    assert (facts.player_total, facts.banker_total) == (p_total, b_total)
    expected = (
        Winner.PLAYER if p_total > b_total else Winner.BANKER if b_total > p_total else Winner.TIE
    )
    assert outcome.winner is expected
    natural = needed == 4 and max(p_total, b_total) >= 8
    assert outcome.natural is natural
    assert facts.player_pair is (player[0].rank is player[1].rank)
    assert facts.banker_pair is (banker[0].rank is banker[1].rank)
    if len(cards) > needed:
        assert rejection is not None
        assert rejection.code == ("natural" if natural else "coup_complete")
        assert str(cards[needed]) in rejection.message


@settings(max_examples=500, derandomize=True)
@given(cards_strategy, st.lists(st.sampled_from([Hand.PLAYER, Hand.BANKER]), min_size=9))
def test_a_card_to_the_wrong_hand_is_rejected_with_the_state_unchanged(
    cards: list[Card], hands: list[Hand]
) -> None:
    coup = Coup(CoupRules.punto_banco())
    for card, hand in zip(cards, hands, strict=False):
        step = coup.next_step
        before = (coup.operations, coup.totals, step)
        if coup.can_deal(card, hand):
            assert isinstance(step, DealTo) and step.hand is hand
            coup.deal(card, hand)
            continue
        try:
            coup.deal(card, hand)
        except RuleViolation as violation:
            assert (coup.operations, coup.totals, coup.next_step) == before
            if isinstance(step, DealTo):
                assert violation.code in ("wrong_hand", "hand_stands")
                assert f"the next card goes to the {step.hand}" in violation.message
            else:
                assert violation.code in ("natural", "coup_complete")
        else:  # pragma: no cover - can_deal said no
            raise AssertionError("deal accepted what can_deal refused")


choices = st.lists(st.sampled_from(list(Choice)), min_size=4, max_size=4)


@settings(max_examples=800, derandomize=True)
@given(st.lists(st.sampled_from(DECK), min_size=9, max_size=9), choices)
def test_chemin_de_fer_follows_the_calls(cards: list[Card], picks: list[Choice]) -> None:
    rules = CoupRules.chemin_de_fer()
    coup = Coup(rules)
    feed = iter(cards)
    made = iter(picks)
    while not coup.is_complete:
        step = coup.next_step
        if isinstance(step, DealTo):
            coup.deal(next(feed))
        else:
            assert isinstance(step, DecisionDue)
            coup.decide(step.hand, next(made))
    player = coup.cards(Hand.PLAYER)
    banker = coup.cards(Hand.BANKER)
    p2 = (player[0].value + player[1].value) % 10
    b2 = (banker[0].value + banker[1].value) % 10
    if max(p2, b2) >= 8:
        assert len(player) == len(banker) == 2
        return
    decisions = coup.decisions
    if p2 <= 4:
        assert len(player) == 3 and Hand.PLAYER not in decisions
    elif p2 == 5:
        assert len(player) == (3 if decisions[Hand.PLAYER] is Choice.DRAW else 2)
    else:
        assert len(player) == 2 and Hand.PLAYER not in decisions
    third = player[2].value if len(player) == 3 else None
    if (b2, third) in rules.banker_optional_cells:
        assert len(banker) == (3 if decisions[Hand.BANKER] is Choice.DRAW else 2)
    else:
        assert Hand.BANKER not in decisions
        assert (len(banker) == 3) is reference_banker_draws(b2, third)


@settings(max_examples=800, derandomize=True)
@given(st.lists(st.sampled_from(DECK), min_size=9, max_size=9), choices)
def test_banque_two_sides_and_the_banker_decision(cards: list[Card], picks: list[Choice]) -> None:
    coup = Coup(CoupRules.banque())
    feed = iter(cards)
    made = iter(picks)
    order: list[Hand] = []
    while not coup.is_complete:
        step = coup.next_step
        if isinstance(step, DealTo):
            order.append(step.hand)
            coup.deal(next(feed))
        else:
            assert isinstance(step, DecisionDue)
            coup.decide(step.hand, next(made))
    assert order[:6] == [Hand.RIGHT, Hand.LEFT, Hand.BANKER] * 2
    hands = coup.hands
    two = {h: (hands[h][0].value + hands[h][1].value) % 10 for h in hands}
    outcome = outcome_of(coup)
    if two[Hand.BANKER] >= 8:
        assert all(len(cards) == 2 for cards in hands.values())
    else:
        for side in (Hand.RIGHT, Hand.LEFT):
            drew = len(hands[side]) == 3
            if two[side] >= 8 or two[side] in (6, 7):
                assert not drew
            elif two[side] <= 4:
                assert drew
            else:
                assert drew is (coup.decisions[side] is Choice.DRAW)
        if two[Hand.RIGHT] >= 8 and two[Hand.LEFT] >= 8:
            assert len(hands[Hand.BANKER]) == 2
        else:
            drew = len(hands[Hand.BANKER]) == 3
            assert drew is (coup.decisions[Hand.BANKER] is Choice.DRAW)
    totals = coup.totals
    for side, result in outcome.sides:
        # a natural is settled against the banker's two cards (source 000, as at Chemin de Fer)
        banker = two[Hand.BANKER] if two[side] >= 8 else totals[Hand.BANKER]
        diff = totals[side] - banker
        assert result.value == ("win" if diff > 0 else "lose" if diff < 0 else "standoff")
