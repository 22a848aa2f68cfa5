"""A restarted table is the table that stopped: same shoe, coup, cards, bets and boxes."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from dealer_assist.drivers.base import CardRead
from dealer_assist.journal import recovery
from dealer_assist.journal.rows import JournalError
from dealer_assist.journal.simulation import deal_mock_table, seeded_shoe
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import ClockStepped, Record
from dealer_assist.table.view import build_snapshot
from tests.journal.helpers import SteppingClock, make_config, open_journaled, read_records
from tests.table.helpers import feed


def picture(controller: TableController) -> dict[str, Any]:
    """What must survive a restart (the snapshot, without the restart's own device line)."""
    state = controller.state
    snapshot = build_snapshot(state, 0)
    return {
        "snapshot": snapshot.__class__(**{**_fields(snapshot), "devices": ()}),
        "shoe_cards": [card.code for card in state.shoe_cards],
        "bets": state.bets,
        "last_bets": state.last_bets,
        "boxes": {seat: state.boxes.balance(seat) for seat in controller.config.seats},
        "alerts": state.alerts,
        "next_alert": state.next_alert_id,
        "indicator": (controller.indicator.want, controller.indicator.hand),
    }


def _fields(snapshot: Any) -> dict[str, Any]:
    return {name: getattr(snapshot, name) for name in snapshot.__dataclass_fields__}


def mid_coup_table(folder: Path, **sections: Any) -> tuple[Any, TableController]:
    """A journaled table after a few shoes, with bets placed and a coup half dealt."""
    config = make_config(folder / "t.journal", **sections)
    controller = open_journaled(config)
    deal_mock_table(controller, seed=8, coups=20, bet_seed=8)
    if controller.snapshot.phase == "complete":
        controller.execute(cmd.CloseCoup())
    if controller.snapshot.phase == "shoe_ended":
        controller.execute(cmd.NewShoe())
    controller.execute(cmd.PlaceBet(seat=2, name="banker", amount="25"))
    controller.execute(cmd.PlaceBet(seat=5, name="tie", amount="10"))
    while controller.snapshot.phase == "burn":
        deal_next(controller, 1)
    deal_next(controller, 2)
    assert controller.snapshot.phase == "dealing"
    return config, controller


def deal_next(controller: TableController, count: int, seed: int = 8) -> None:
    """The next cards of the mock shoe the table is dealing (``mock://?seed=8&decks=1``)."""
    indicator = controller.indicator
    cards = seeded_shoe(seed, indicator.shoe, 1)[indicator.shoe_cards_taken :][:count]
    for card in cards:
        controller.on_source_event(CardRead(source="mock://", card=card))


def test_restart_mid_coup_rebuilds_the_same_table(tmp_path: Path) -> None:
    config, before = mid_coup_table(tmp_path)
    expected = picture(before)
    before.journal.close()

    after = open_journaled(config)
    assert picture(after) == expected
    deal_next(after, 2)  # the coup goes on where it stopped, with the shoe's next cards
    assert after.snapshot.phase in ("complete", "dealing")
    assert not after.snapshot.alerts
    after.journal.close()


def test_the_checkpoint_and_the_full_replay_agree(tmp_path: Path) -> None:
    config, before = mid_coup_table(tmp_path)
    expected = picture(before)
    before.journal.close()

    started = open_journaled(config)
    assert started.seq > 100
    assert picture(started) == expected
    started.journal.close()

    full = TableController(config)
    full.replay(read_records(config))
    assert picture(full) == expected


def test_a_checkpoint_is_used_and_only_the_rest_replayed(tmp_path: Path) -> None:
    config, before = mid_coup_table(tmp_path)
    before.journal.close()
    controller, found = recovery.open_table(config, durable=False)
    controller.journal.close()
    assert found.checkpoint is not None and found.checkpoint > found.last_seq / 2
    assert found.replayed == found.last_seq - found.checkpoint
    assert found.files > 2


def test_another_program_version_replays_the_whole_chain(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config, before = mid_coup_table(tmp_path)
    expected = picture(before)
    before.journal.close()
    monkeypatch.setattr(recovery, "code_fingerprint", lambda: "a newer program")
    controller, found = recovery.open_table(config, durable=False)
    assert found.checkpoint is None and found.replayed == found.last_seq
    assert picture(controller) == expected
    controller.journal.close()


def test_an_altered_checkpoint_stops_play(tmp_path: Path) -> None:
    config, before = mid_coup_table(tmp_path)
    before.journal.close()
    connection = sqlite3.connect(tmp_path / "t.journal")
    connection.execute("UPDATE checkpoints SET state = state || x'00'")
    connection.commit()
    connection.close()
    with pytest.raises(JournalError, match=r"checkpoint .* was altered"):
        open_journaled(config)


def test_a_damaged_journal_stops_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from dealer_assist.cli import main

    config, before = mid_coup_table(tmp_path)
    before.journal.close()
    connection = sqlite3.connect(tmp_path / "t.journal")
    connection.execute("DROP TRIGGER records_no_update")
    connection.execute("UPDATE records SET at = 'x' WHERE seq = (SELECT MAX(seq) FROM records)")
    connection.commit()
    connection.close()
    with pytest.raises(JournalError, match="damaged"):
        open_journaled(config)
    (tmp_path / "table.toml").write_text(
        f'[journal]\npath = "t.journal"\nkey = "{config.journal_key}"\n[shoe]\ndecks = 1\n',
        encoding="utf-8",
    )
    status = main(["run", "--config", str(tmp_path / "table.toml"), "--coups", "1"])
    assert status == 1
    assert "damaged" in capsys.readouterr().err


def test_face_down_cards_survive_a_restart_and_stay_hidden(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal", table={"squeeze": True}, shoe={"burn": "none"})
    controller = open_journaled(config)
    controller.begin()
    feed(controller, "4S 3H AD KC")
    hidden = picture(controller)
    assert all(card.code is None for hand in controller.snapshot.hands for card in hand.cards)
    controller.journal.close()
    raw = sqlite3.connect(tmp_path / "t.journal")
    texts = [row[0] for row in raw.execute("SELECT event FROM records WHERE type = 'card'")]
    assert len(texts) == 4 and all('"sealed"' in text and '"4S"' not in text for text in texts)

    restarted = open_journaled(config)
    assert picture(restarted) == hidden
    restarted.execute(cmd.RevealHand(hand="player"))
    restarted.execute(cmd.RevealHand(hand="banker"))
    codes = [card.code for hand in restarted.snapshot.hands for card in hand.cards]
    assert sorted(codes) == sorted(["4S", "AD", "3H", "KC"])
    restarted.journal.close()


def test_a_clock_stepped_back_is_recorded(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal")
    clock = SteppingClock()
    controller = open_journaled(config, clock)
    controller.begin()
    clock.step(timedelta(hours=-1))
    feed(controller, "9C")
    clock.step(timedelta(minutes=10))
    feed(controller, "AD")
    controller.journal.close()

    clock.step(timedelta(days=-2))  # while the table was off
    open_journaled(config, clock).journal.close()
    steps = [r.event for r in read_records(config) if isinstance(r.event, ClockStepped)]
    assert [step.reason for step in steps] == ["backwards", "forwards", "backwards_across_restart"]
    assert steps[0].step_seconds.startswith("-3600.")
    assert steps[1].step_seconds.startswith("600.")


def test_the_configuration_is_recorded_when_it_changes(tmp_path: Path) -> None:
    config = make_config(tmp_path / "t.journal")
    open_journaled(config).journal.close()
    open_journaled(config).journal.close()
    changed = make_config(tmp_path / "t.journal", commission={"mode": "immediate"})
    open_journaled(changed).journal.close()

    def changes() -> list[Record]:
        return [r for r in read_records(config) if r.event.type == "supervisor"]

    actions = [r.event for r in changes()]
    assert [a.action for a in actions] == ["configuration", "configuration"]  # type: ignore[union-attr]
    assert actions[0] != actions[1]
