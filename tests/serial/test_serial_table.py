"""Whole shoes through a real pseudo-terminal, the serial driver and the table.

The mock shoe deals by the lights the table sets (SET_INDICATOR), the driver reads its frames
off a real pty, and the table records every card. The check each time: the table's cards are
the device's cards, in order, none lost and none doubled.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from dealer_assist.drivers.shoe.mock_device import Croupier, UnplugPlan
from dealer_assist.drivers.shoe.protocol import EpochReason
from dealer_assist.journal.recovery import open_table
from dealer_assist.table import commands as cmd
from dealer_assist.table.events import CoupCompleted
from tests.journal.helpers import KEY as JOURNAL_KEY
from tests.serial.helpers import ShoeTable, pty_shoe, serial_config, serial_source


def test_a_full_eight_deck_shoe_over_a_pty(tmp_path: Path) -> None:
    """The default table (burn, result check by the shoe's button) and a full 8-deck shoe."""
    config = serial_config(
        shoe={"decks": 8, "burn": "first_card_value"}, table={"confirm_coup": True}
    )
    croupier = Croupier(decks=8, seed=20261129, auto_result_check=True)
    with pty_shoe(tmp_path, croupier=croupier) as (device, link):
        source = serial_source(link.path)
        table = ShoeTable(config, source, device, close_coups=False)
        assert table.run(timeout=60), table.controller.snapshot.instruction
    cards = table.table_cards()
    assert len(cards) > 380
    assert cards == device.dealt
    snapshot = table.controller.snapshot
    assert snapshot.shoe.cut_card_out and snapshot.phase == "shoe_ended"
    completed = [r.event for r in table.records if isinstance(r.event, CoupCompleted)]
    assert len(completed) == snapshot.shoe.coups_played > 35
    assert [a.code for a in table.alerts() if a.code != "advantage_play"] == []
    closed_by = {r.event.by for r in table.records if r.event.type == "coup_closed"}
    assert closed_by == {"croupier"}  # the shoe's result-check button, every coup
    assert source.session.decoder.stats.frames_rejected == 0
    assert source.connections == 1


def test_unplugged_at_random_moments_at_least_100_times(tmp_path: Path) -> None:
    """Pull the cable (close the pty) after a random number of bytes, often mid-frame."""
    config = serial_config()
    croupier = Croupier(decks=2, seed=7, cut_card_from_end=10)
    with pty_shoe(tmp_path, croupier=croupier, fault_seed=11) as (device, link):
        device.plan_unplugs(UnplugPlan(bytes_between=(40, 500), down_for=(0.001, 0.01)))
        source = serial_source(link.path)
        table = ShoeTable(config, source, device, shoes=4)
        finished = table.run(timeout=60)
        device.plan_unplugs(None)
    others = [a for a in table.alerts() if a.code not in ("device_lost", "advantage_play")]
    detail = f"{table.controller.snapshot.instruction}; {device.counters}; {others}"
    assert finished, detail
    assert device.count("unplugs") >= 100, detail
    assert source.connections > 100
    cards = table.table_cards()
    assert cards == device.dealt
    assert len(cards) > 4 * 80
    assert len(table.alerts("device_lost")) >= 100
    assert others == []


def test_a_reboot_mid_coup_is_an_alert_and_the_shoe_goes_on(tmp_path: Path) -> None:
    config = serial_config()
    croupier = Croupier(decks=2, seed=3)
    with pty_shoe(tmp_path, croupier=croupier) as (device, link):
        source = serial_source(link.path)
        table = ShoeTable(config, source, device)
        epochs: list[int] = []

        def reboot_in_coup_three(snapshot: object) -> None:
            hands = getattr(snapshot, "hands", ())
            cards = sum(len(hand.cards) for hand in hands)
            if getattr(snapshot, "coup", 0) == 3 and cards == 2 and not epochs:
                epochs.append(device.epoch)
                device.reboot(EpochReason.WATCHDOG)

        table.snapshot_hooks.append(reboot_in_coup_three)
        assert table.run(timeout=30), table.controller.snapshot.instruction
    assert device.epoch == epochs[0] + 1
    restarted = table.alerts("shoe_restarted")
    assert len(restarted) == 1
    assert "WATCHDOG" in restarted[0].message
    assert table.table_cards() == device.dealt
    coup_three = next(
        r.event for r in table.records if isinstance(r.event, CoupCompleted) and r.event.coup == 3
    )
    assert sum(len(cards) for cards in coup_three.hands.values()) >= 4


def test_a_reboot_with_a_card_unheard_sends_it_for_confirmation(tmp_path: Path) -> None:
    """The CARD frame is lost, then the shoe reboots: its persistent queue resends the event
    of the old epoch, which the host cannot vouch for. A supervisor confirms it."""
    config = serial_config()
    croupier = Croupier(decks=2, seed=4)
    with pty_shoe(tmp_path, croupier=croupier) as (device, link):
        source = serial_source(link.path)
        table = ShoeTable(config, source, device)
        done: list[int] = []

        def lose_then_reboot(card: object) -> None:
            if len(device.croupier.dealt) == 30 and not done:
                done.append(1)
                device.drop_next()  # the frame of this very card
                # The reboot waits for the device's lock, so it comes right after this card
                # is queued, long before the 250 ms resend.
                threading.Thread(target=device.reboot, args=(EpochReason.BROWN_OUT,)).start()

        device.on_card_drawn = lose_then_reboot
        assert table.run(timeout=30), table.controller.snapshot.instruction
    assert [a.code for a in table.alerts() if a.code.startswith(("shoe_", "card_"))] == [
        "shoe_restarted",
        "card_out_of_order",
    ]
    confirmed = table.alerts("unreadable_card")
    assert len(confirmed) == 1 and "confirm the card by hand" in confirmed[0].message
    assert table.table_cards() == device.dealt


def test_a_host_restarted_mid_shoe_picks_up_from_its_journal(tmp_path: Path) -> None:
    """The host stops (power cut, update) while the shoe stays on, after a coup the croupier
    has not closed yet; a new host process opens the same journal and the same port. It takes
    the shoe's next card as the next card - no gap to confirm - and the cards are the shoe's,
    none lost or doubled. (Without the journal's help the next card was a gap to confirm.)"""
    config = serial_config(
        table={"confirm_coup": True},
        journal={"path": str(tmp_path / "t.journal"), "key": JOURNAL_KEY},
    )
    croupier = Croupier(decks=2, seed=5)
    with pty_shoe(tmp_path, croupier=croupier) as (device, link):
        first, _ = open_table(config, durable=False)
        before = ShoeTable(
            config, serial_source(link.path), device, controller=first, close_coups=False
        )
        before.snapshot_hooks.append(close_the_first_coups(before, 4))
        stopped = before.run(
            timeout=30,
            until=lambda: first.snapshot.coup == 5 and first.snapshot.phase == "complete",
            then_shoe=lambda: device.queue_depth == 0,  # the last card acknowledged
        )
        assert stopped, before.controller.snapshot.instruction
        first.journal.close()
        second, recovery = open_table(config, durable=False)
        assert recovery.last_seq > 0
        after = ShoeTable(config, serial_source(link.path), device, controller=second)
        assert after.run(timeout=30), after.controller.snapshot.instruction
        second.journal.close()
    cards = before.table_cards() + after.table_cards()
    assert cards == device.dealt
    alerts = [a.code for a in before.alerts() + after.alerts() if a.code != "advantage_play"]
    assert "card_gap" not in alerts and "unreadable_card" not in alerts, alerts


def close_the_first_coups(table: ShoeTable, count: int) -> Callable[[Any], None]:
    """A croupier who closes coups 1..count, then leaves the next one complete."""

    def close(snapshot: Any) -> None:
        complete = snapshot.phase == "complete" and snapshot.coup <= count
        if complete and table._once((9, snapshot.coup)):
            table.runtime.submit(cmd.CloseCoup())

    return close
