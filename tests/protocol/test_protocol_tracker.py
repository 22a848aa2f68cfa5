"""CardEventTracker: new, duplicate, gap, reboot, new shoe, out of order, conflict."""

from __future__ import annotations

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.drivers.shoe.protocol import (
    Capability,
    CardEventTracker,
    CardRead,
    EpochReason,
    Hello,
    ShoeMode,
    ShoeProtocolError,
    Verdict,
)


def card(seq: int, epoch: int = 5, code: str | None = "7S") -> CardRead:
    return CardRead(
        event_epoch=epoch, event_seq=seq, card=None if code is None else parse_card(code)
    )


def hello(epoch: int, reason: EpochReason = EpochReason.POWER_ON) -> Hello:
    return Hello(
        serial_number=1,
        firmware_version=(1, 0, 0),
        mode=ShoeMode.NONE,
        capabilities=Capability.NONE,
        boot_epoch=epoch,
        epoch_reason=reason,
        host_seq_last=0,
    )


def kinds(tracker: CardEventTracker, *events: CardRead) -> list[Verdict]:
    return [tracker.observe_card(event).kind for event in events]


def test_in_order_events_are_new() -> None:
    tracker = CardEventTracker()
    verdicts = [tracker.observe_card(card(seq)) for seq in range(1, 6)]
    assert [v.kind for v in verdicts] == [Verdict.NEW] * 5
    assert all(v.deal and v.acknowledge and not v.alert for v in verdicts)
    assert (tracker.epoch, tracker.last_seq) == (5, 5)


def test_identical_resend_is_a_duplicate_and_still_acknowledged() -> None:
    tracker = CardEventTracker()
    assert kinds(tracker, card(1), card(2), card(2), card(1)) == [
        Verdict.NEW,
        Verdict.NEW,
        Verdict.DUPLICATE,
        Verdict.DUPLICATE,
    ]
    duplicate = tracker.observe_card(card(2))
    assert duplicate.acknowledge and not duplicate.deal and not duplicate.alert


def test_same_event_with_other_content_is_a_conflict() -> None:
    tracker = CardEventTracker()
    tracker.observe_card(card(1, code="7S"))
    verdict = tracker.observe_card(card(1, code="8S"))
    assert verdict.kind is Verdict.CONFLICT and verdict.alert and not verdict.deal
    other_tag = CardRead(event_epoch=5, event_seq=1, card=parse_card("7S"), tag_data=b"\x01")
    assert tracker.observe_card(other_tag).kind is Verdict.CONFLICT


def test_gap_names_the_missing_events_and_moves_on() -> None:
    tracker = CardEventTracker()
    tracker.observe_card(card(1))
    gap = tracker.observe_card(card(4))
    assert gap.kind is Verdict.GAP and gap.missing == (2, 3) and gap.alert and gap.acknowledge
    assert "5:2..3" in gap.detail
    assert tracker.missing == ((5, 2, 3),)
    assert tracker.observe_card(card(5)).kind is Verdict.NEW


def test_a_missing_event_arriving_late_is_out_of_order() -> None:
    tracker = CardEventTracker()
    kinds(tracker, card(1), card(5))
    late = tracker.observe_card(card(3))
    assert late.kind is Verdict.OUT_OF_ORDER and late.alert
    assert tracker.missing == ((5, 2, 2), (5, 4, 4))
    assert tracker.observe_card(card(3)).kind is Verdict.DUPLICATE


def test_fresh_tracker_starting_mid_epoch_reports_a_gap() -> None:
    """Without the journal's state the host cannot vouch for events 1..n-1: it says so."""
    gap = CardEventTracker().observe_card(card(57))
    assert gap.kind is Verdict.GAP and gap.missing == (1, 56)


def test_restored_tracker_continues() -> None:
    tracker = CardEventTracker(epoch=5, last_seq=56)
    assert kinds(tracker, card(57), card(56)) == [Verdict.NEW, Verdict.DUPLICATE]
    assert tracker.observe_card(card(56)).detail.startswith("older than the memory window")


def test_card_of_a_new_epoch_without_hello_is_a_reboot() -> None:
    tracker = CardEventTracker()
    kinds(tracker, card(1), card(2))
    reboot = tracker.observe_card(card(1, epoch=6))
    assert reboot.kind is Verdict.REBOOT and reboot.alert and reboot.missing is None
    assert reboot.event == card(1, epoch=6)
    assert "5:2" in reboot.detail
    assert tracker.observe_card(card(2, epoch=6)).kind is Verdict.NEW
    later = tracker.observe_card(card(3, epoch=8))
    assert later.kind is Verdict.REBOOT and later.missing == (1, 2)


def test_hello_with_a_new_epoch_is_a_reboot_unless_asked_for() -> None:
    tracker = CardEventTracker()
    assert tracker.observe_hello(hello(5)) is None
    kinds(tracker, card(1))
    assert tracker.observe_hello(hello(5)) is None
    reboot = tracker.observe_hello(hello(6, EpochReason.WATCHDOG))
    assert reboot is not None and reboot.kind is Verdict.REBOOT and "WATCHDOG" in reboot.detail
    assert not reboot.acknowledge
    new_shoe = tracker.observe_hello(hello(7, EpochReason.NEW_SHOE))
    assert new_shoe is not None and new_shoe.kind is Verdict.NEW_SHOE and not new_shoe.alert
    assert kinds(tracker, card(1, epoch=7)) == [Verdict.NEW]


def test_new_shoe_that_skips_an_epoch_is_a_reboot() -> None:
    tracker = CardEventTracker(epoch=5, last_seq=3)
    verdict = tracker.observe_hello(hello(7, EpochReason.NEW_SHOE))
    assert verdict is not None and verdict.kind is Verdict.REBOOT
    assert "6..6 never seen" in verdict.detail


def test_epoch_going_back() -> None:
    tracker = CardEventTracker(epoch=5, last_seq=3)
    verdict = tracker.observe_hello(hello(4))
    assert verdict is not None and verdict.kind is Verdict.OUT_OF_ORDER
    assert tracker.epoch == 5
    old = tracker.observe_card(card(9, epoch=4))
    assert old.kind is Verdict.OUT_OF_ORDER and old.alert


def test_previous_epoch_duplicates_are_recognised() -> None:
    tracker = CardEventTracker()
    kinds(tracker, card(1), card(2))
    tracker.observe_hello(hello(6))
    assert kinds(tracker, card(2), card(1, epoch=6)) == [Verdict.DUPLICATE, Verdict.NEW]


def test_unknown_card_is_tracked_like_any_other() -> None:
    tracker = CardEventTracker()
    assert kinds(tracker, card(1, code=None), card(1, code=None)) == [
        Verdict.NEW,
        Verdict.DUPLICATE,
    ]


def test_memory_is_bounded() -> None:
    tracker = CardEventTracker()
    for seq in range(1, 3000):
        tracker.observe_card(card(seq))
    assert len(tracker._recent) == 1024
    for seq in range(10_000, 300_000, 1000):
        tracker.observe_card(card(seq))
    assert len(tracker.missing) == 64


def test_constructor_validates() -> None:
    with pytest.raises(ShoeProtocolError):
        CardEventTracker(epoch=0)
    with pytest.raises(ShoeProtocolError):
        CardEventTracker(last_seq=3)
