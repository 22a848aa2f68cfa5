"""The tracker: cards confirmed when still, released in dealing order, never made up or lost."""

from __future__ import annotations

from dealer_assist.cards import Card, parse_card
from dealer_assist.rules.coup import Hand
from dealer_assist.vision.pipeline import CardDetection
from dealer_assist.vision.tracker import CardTracker, TrackerSettings

FRAME = 1 / 30


def seen(
    code: str | None, x: float, y: float, *, zone: Hand = Hand.PLAYER, candidate: str | None = None
) -> CardDetection:
    card = parse_card(code) if code else None
    guess = parse_card(candidate) if candidate else card
    corners = ((x - 30, y - 42), (x + 30, y - 42), (x + 30, y + 42), (x - 30, y + 42))
    return CardDetection(card, 0.99 if card else 0.5, corners, (x, y), zone, guess)


def run(
    tracker: CardTracker, frames: list[list[CardDetection]], start: int = 0
) -> list[tuple[int, Card | None, int]]:
    out = []
    for number, detections in enumerate(frames, start=start):
        for landed in tracker.update(
            detections, now=number * FRAME, foreground=0.2 if detections else 0.0
        ):
            out.append((number, landed.card, landed.order))
    return out


def test_a_still_card_is_confirmed_after_three_frames() -> None:
    tracker = CardTracker()
    frames = [[seen("QH", 100, 100)]] * 5
    assert run(tracker, frames) == [(2, parse_card("QH"), 1)]


def test_a_sliding_card_is_not_confirmed_until_it_rests() -> None:
    tracker = CardTracker()
    sliding = [[seen("QH", 100 + 25 * k, 100)] for k in range(4)]
    resting = [[seen("QH", 175, 100)]] * 3
    # It comes to rest on frame 3: frames 3, 4 and 5 confirm it.
    assert run(tracker, sliding + resting) == [(5, parse_card("QH"), 1)]


def test_readings_must_agree() -> None:
    tracker = CardTracker()
    # A sure reading of another card holds the confirmation until it leaves the last 5 frames.
    frames = [[seen("QH", 100, 100)], [seen("QD", 100, 100)]] + [[seen("QH", 100, 100)]] * 5
    assert run(tracker, frames) == [(6, parse_card("QH"), 1)]


def test_a_frame_without_a_sure_reading_does_not_reset_the_count() -> None:
    tracker = CardTracker()
    frames = [[seen("QH", 100, 100)], [seen(None, 100, 100, candidate="QH")]]
    frames += [[seen("QH", 100, 100)]] * 2
    assert run(tracker, frames) == [(3, parse_card("QH"), 1)]


def test_an_unread_shape_keeps_a_track_alive() -> None:
    tracker = CardTracker()
    events = []
    for number in range(2):  # seen twice, then its index is hidden for a second
        events += tracker.update([seen("TD", 100, 100)], now=number * FRAME)
    for number in range(2, 32):
        events += tracker.update([], now=number * FRAME, foreground=0.3, shapes=[(100.0, 100.0)])
    events += tracker.update([seen("TD", 100, 100)], now=32 * FRAME)
    assert [e.card for e in events] == [parse_card("TD")]


def test_dealing_order_is_the_order_of_appearance() -> None:
    tracker = CardTracker()
    # The first card's index is covered while the second settles: the second waits for it.
    first, second = seen("9S", 100, 100), seen("2D", 300, 100, zone=Hand.BANKER)
    uncertain_first = seen(None, 100, 100, candidate="9S")
    frames = [[first], [first, second], [uncertain_first, second], [uncertain_first, second]]
    frames += [[uncertain_first, second], [first, second], [first, second], [first, second]]
    events = run(tracker, frames)
    assert [(card, order) for _, card, order in events] == [
        (parse_card("9S"), 1),
        (parse_card("2D"), 2),
    ]


def test_a_hand_over_the_cards_creates_and_removes_nothing() -> None:
    tracker = CardTracker()
    cards = [seen("KC", 100, 100), seen("5H", 300, 100, zone=Hand.BANKER)]
    # Two cards; then a hand covers them for two seconds (no card seen, much foreground);
    # then they are seen again.
    timeline = [cards] * 4 + [[]] * 60 + [cards] * 6
    events = []
    for number, detections in enumerate(timeline):
        events += tracker.update(detections, now=number * FRAME, foreground=0.3)
    assert [e.card for e in events] == [parse_card("KC"), parse_card("5H")]
    assert tracker.cards_on_layout == 2


def test_a_shape_seen_once_does_not_hold_back_the_cards() -> None:
    tracker = CardTracker()
    frames = [[seen("4C", 500, 500)]] + [[seen("7D", 100, 100)]] * 3
    assert [card for _, card, _ in run(tracker, frames)] == [parse_card("7D")]


def test_a_card_that_never_reads_surely_is_released_as_uncertain() -> None:
    settings = TrackerSettings(uncertain_after_frames=6)
    tracker = CardTracker(settings)
    frames = [[seen(None, 100, 100, candidate="8H")]] * 8
    events = []
    for number, detections in enumerate(frames):
        events += tracker.update(detections, now=number * FRAME)
    assert len(events) == 1
    assert events[0].card is None and events[0].candidate == parse_card("8H")


def test_a_clear_layout_starts_a_new_coup() -> None:
    tracker = CardTracker()
    first = run(tracker, [[seen("AS", 100, 100)]] * 4)
    empty = run(tracker, [[]] * 40, start=4)  # collected: nothing on the cloth for 1.3 s
    again = run(tracker, [[seen("AS", 100, 100)]] * 4, start=44)
    assert [c for _, c, _ in first] == [parse_card("AS")] and empty == []
    assert [(c, order) for _, c, order in again] == [(parse_card("AS"), 1)]


def test_zone_is_the_zone_seen_most() -> None:
    tracker = CardTracker()
    events = []
    for number in range(4):
        events += tracker.update([seen("6S", 100, 100, zone=Hand.BANKER)], now=number * FRAME)
    assert events[0].zone is Hand.BANKER


def test_a_card_seen_passing_by_does_not_hold_back_the_next_card() -> None:
    # A card crossing the region's edge from the shoe is seen in two frames, moving, where it
    # never lies; the card dealt next lands and is confirmed at once all the same.
    tracker = CardTracker()
    passing = [[seen("9H", 300, 20)], [seen("9H", 320, 30)]]
    landing = [[seen("5C", 100, 200)]] * 4
    assert run(tracker, passing + landing) == [(4, parse_card("5C"), 1)]
    # A card that lay still and is not confirmed yet keeps the dealing order.
    tracker = CardTracker()
    covered = [[seen(None, 300, 200, candidate="9H")]] * 2
    frames = covered + landing + [[seen("9H", 300, 200), seen("5C", 100, 200)]] * 3
    assert [card for _, card, _ in run(tracker, frames)] == [parse_card("9H"), parse_card("5C")]
