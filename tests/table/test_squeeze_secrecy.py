"""Squeeze: no alert, message, log line, stream line or file names a face-down card (or gives
away what the face-down cards hold) before it is turned (issue 23)."""

from __future__ import annotations

import io
import json
import logging
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.config import parse_config
from dealer_assist.drivers.base import CardRead, DeviceFault
from dealer_assist.journal.recovery import open_table
from dealer_assist.rules.coup import Hand
from dealer_assist.table import commands as cmd
from dealer_assist.table.controller import TableController
from dealer_assist.table.events import AlertRaised, CardDealt, CardWitnessed, Record
from dealer_assist.table.headless import JsonStream, TerminalView, render
from tests.table.helpers import FakeClock, feed, make_config
from tests.table.test_witness import make_witnessed_table, of, shoe

SQUEEZE = {"squeeze": True, "confirm_coup": True}
ONE_DECK = {"decks": 1, "cut_card_from_end": 6}


class Outputs:
    """Everything a squeezed table lets out: the JSON stream, the terminal (live screen and
    line view), the snapshots, the records."""

    def __init__(self, table: TableController) -> None:
        self.table = table
        self.stream = io.StringIO()
        self.lines = io.StringIO()
        self.records: list[Record] = []
        self.snapshots: list[str] = []
        table.on_record(JsonStream(self.stream).on_record)
        table.on_record(self.records.append)
        view = TerminalView(self.lines, live=False)
        table.on_snapshot(view.on_snapshot)
        table.on_snapshot(lambda snapshot: self.snapshots.append(repr(snapshot)))
        table.on_snapshot(lambda snapshot: self.snapshots.append(render(snapshot, width=200)))

    def text(self) -> str:
        return "\n".join([self.stream.getvalue(), self.lines.getvalue(), *self.snapshots])


def squeezed_table(**sections: Any) -> tuple[TableController, Outputs]:
    table = TableController(
        make_config(table=SQUEEZE, shoe=ONE_DECK, **sections), clock=FakeClock()
    )
    outputs = Outputs(table)
    table.begin()
    return table, outputs


def deal(table: TableController, card: str, hand: Hand | None = None) -> None:
    table.on_source_event(
        CardRead(source="shoe", card=parse_card(card), raw=card.encode(), hand=hand)
    )


def assert_never_named(text: str, *codes: str) -> None:
    # A sealed card is ciphertext, in hex, under a keystream of the journal's random id (and the
    # record's number): by chance it holds
    # any four hex digits (a card code's own hex, "3348" for 3H) about once in 65,536 places, so
    # its value is not looked in (the test failed so once in a few hundred runs). Everything
    # else is.
    unsealed = re.sub(r'"sealed":\s*"[0-9a-f]*"', '"sealed":""', text)
    for code in codes:
        card = parse_card(code)
        for shown in (card.code, card.pretty, card.code.encode().hex()):
            assert shown not in unsealed, f"{shown} is named while face down"


def test_a_duplicate_going_face_down_is_not_named(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table, outputs = squeezed_table()
    deal(table, "AS")  # the Player's first card, face down
    deal(table, "3H")
    deal(table, "AS")  # one deck: a duplicate, on its way to the Player face down
    snapshot = table.snapshot
    assert snapshot.phase == "held"
    alert = snapshot.alerts[-1]
    assert alert.code == "duplicate" and alert.hold and "duplicate" in alert.message
    assert_never_named(outputs.text(), "AS", "3H")
    assert_never_named("\n".join(record.getMessage() for record in caplog.records), "AS", "3H")
    raised = [r.event for r in outputs.records if isinstance(r.event, AlertRaised)]
    assert raised[-1].face_down and raised[-1].card == parse_card("AS")  # kept for the journal
    # Accepted, it goes to the Player face down, still unnamed; turned, it is shown.
    table.execute(
        cmd.ResolveAlert(alert=alert.alert, option="accept_card", role=cmd.Role.SUPERVISOR)
    )
    deal(table, "KC")
    assert table.snapshot.phase == "reveal"
    assert_never_named(outputs.text(), "AS", "3H", "KC")
    table.execute(cmd.RevealHand(hand="player"))
    player = table.snapshot.hands[0]
    assert [card.code for card in player.cards] == ["AS", "AS"] and player.total == 2


def test_a_card_before_the_turn_does_not_tell_the_tableau() -> None:
    # Player 9S KD is a natural, face down: a card now would be refused as "natural", which
    # says what the Player holds; dealt silently as a third card, it would say the hand draws.
    for cards, extra in (("9S 3H KD KC", "5D"), ("4S 3H AD KC", "9H")):
        table, outputs = squeezed_table()
        for card in cards.split():
            deal(table, card)
        deal(table, extra)
        alert = table.snapshot.alerts[-1]
        assert alert.code == "card_before_turn" and alert.hold
        assert not any(
            isinstance(r.event, CardDealt) and r.event.card == parse_card(extra)
            for r in outputs.records
        )
        assert_never_named(outputs.text(), extra, *cards.split())
        with pytest.raises(cmd.CommandRejected, match="turn the face-down cards"):
            table.execute(
                cmd.ResolveAlert(alert=alert.alert, option="accept_card", role=cmd.Role.SUPERVISOR)
            )


def test_a_card_held_once_the_cards_are_turned_is_placed_by_the_tableau() -> None:
    table, outputs = squeezed_table()
    for card in ["4S", "3H", "AD", "KC"]:  # Player 5 draws, Banker 3
        deal(table, card)
    deal(table, "9H")
    alert = table.snapshot.alerts[-1]
    table.execute(cmd.RevealHand(hand="player"))
    table.execute(cmd.RevealHand(hand="banker"))
    table.execute(
        cmd.ResolveAlert(alert=alert.alert, option="accept_card", role=cmd.Role.SUPERVISOR)
    )
    assert [c.code for c in table.snapshot.hands[0].cards] == ["4S", "AD", None]
    assert_never_named(outputs.text(), "9H")


def test_a_misdeal_message_does_not_name_the_card() -> None:
    table, outputs = squeezed_table()
    deal(table, "4S", Hand.BANKER)  # the first card goes to the Player
    alert = table.snapshot.alerts[-1]
    assert alert.code == "wrong_hand" and "the next card goes to the player" in alert.message
    assert_never_named(outputs.text(), "4S")


def test_the_camera_does_not_name_a_card_still_face_down() -> None:
    table, records, camera = make_witnessed_table(table=SQUEEZE)
    stream = io.StringIO()
    table.on_record(JsonStream(stream).on_record)
    shoe(table, "4S 3H AD KC")
    table.execute(cmd.RevealHand(hand="banker"))  # the Banker's cards turned first
    camera.sees("2D", Hand.BANKER)  # misread: the shoe's first card is the Player's, face down
    camera.sees("3H", Hand.BANKER)
    camera.sees(None, Hand.BANKER)  # unreadable: the shoe's third card is the Player's too
    verdicts = of(records, CardWitnessed)
    assert [v.verdict for v in verdicts] == ["different_card", "confirmed", "uncertain"]
    assert verdicts[0].expected == verdicts[2].expected == "" and verdicts[1].expected == "3H"
    messages = [a.message for a in of(records, AlertRaised)]
    assert "still face down" in messages[0]
    text = stream.getvalue() + "\n".join(messages) + repr(table.snapshot)
    assert_never_named(text, "4S", "AD")


def test_the_journal_seals_a_face_down_card_held_by_an_alert(tmp_path: Path) -> None:
    config = parse_config(
        {
            "table": {**SQUEEZE, "shuffle_check": False},
            "shoe": {**ONE_DECK, "burn": "none"},
            "journal": {"path": str(tmp_path / "t.journal"), "key": "k" * 32, "rotate": "none"},
        },
        source="<test>",
    )
    table, _ = open_table(config)
    table.begin()
    feed(table, "AS 3H AS")
    assert table.snapshot.alerts[-1].code == "duplicate"
    table.journal.close()
    rows = sqlite3.connect(tmp_path / "t.journal").execute(
        "SELECT event FROM records WHERE type IN ('alert', 'card')"
    )
    text = "\n".join(row[0] for row in rows)
    assert '"sealed"' in text and "duplicate" in text
    assert_never_named(text, "AS", "3H")
    again, _ = open_table(config)  # replayed from the sealed rows
    held = [a for a in again.state.alerts.values() if a.code == "duplicate"]
    assert held[0].card == parse_card("AS") and held[0].face_down
    again.journal.close()


def test_run_json_and_the_terminal_with_a_duplicate_face_down(tmp_path: Path) -> None:
    recording = tmp_path / "cards.txt"
    recording.write_text("AS 3H AS KC 5D\n")
    settings = tmp_path / "table.toml"
    settings.write_text(
        '[table]\nsqueeze = true\nshuffle_check = false\n[shoe]\ndecks = 1\nburn = "none"\n'
    )
    for view in ("--json", "--text"):
        # The table holds on the duplicate until a supervisor comes: the run stops at its limit.
        result = subprocess.run(
            [sys.executable, "-m", "dealer_assist.cli", "run", "--config", str(settings)]
            + ["--source", f"replay://{recording}", "--timeout", "4"]
            + ([view] if view == "--json" else []),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert "time limit" in result.stderr
        out = result.stdout.replace(str(tmp_path), "")
        assert "duplicate" in out
        assert_never_named(out + result.stderr, "AS", "3H")
        if view == "--json":
            alerts = [json.loads(line) for line in out.splitlines() if '"alert"' in line]
            assert alerts[0]["card"] is None and alerts[0]["face_down"] is True


def test_a_device_naming_a_card_in_its_words_is_not_repeated() -> None:
    # The shoe cannot know the table squeezes: its fault and its doubtful read name the card.
    table, outputs = squeezed_table()
    deal(table, "4S")
    table.on_source_event(
        DeviceFault(
            source="shoe",
            code="card_while_stop",
            message="QD left the shoe while its light said STOP",
            raw=b"QD",
        )
    )
    table.on_source_event(
        CardRead(
            source="shoe",
            card=None,
            raw=b"QD",
            detail="the shoe reports QD as event 1:2, but it is stale: confirm the card by hand",
        )
    )
    codes = [alert.code for alert in table.snapshot.alerts]
    assert codes == ["card_while_stop", "unreadable_card"]
    assert_never_named(outputs.text(), "QD", "4S")
    # Without the squeeze the device's words are shown as they are.
    plain = TableController(make_config(shoe=ONE_DECK), clock=FakeClock())
    plain.begin()
    plain.on_source_event(
        DeviceFault(source="shoe", code="card_while_stop", message="QD left", raw=b"QD")
    )
    assert plain.snapshot.alerts[-1].message == "shoe: QD left"


def test_the_recall_names_a_card_once_turned_and_never_in_a_coup_voided_before() -> None:
    table, outputs = squeezed_table()
    for card in ["4S", "3H", "AD", "KC"]:
        deal(table, card)
    with pytest.raises(cmd.CommandRejected, match="turn the player cards"):
        table.execute(cmd.CorrectCard(position=0, card=parse_card("5S"), role=cmd.Role.SUPERVISOR))
    table.execute(cmd.RevealHand(hand="player"))
    table.execute(cmd.VoidCoup(reason="cards stuck", role=cmd.Role.SUPERVISOR))
    steps = "\n".join(table.snapshot.recall[-1].steps)
    assert "player cards turned: 4♠ A♦" in steps and "a card to the banker face down" in steps
    assert_never_named(outputs.text(), "3H", "KC")
    for card in ["9S", "2H", "9D", "3C"]:  # Player 8 natural, Banker 5
        deal(table, card)
    table.execute(cmd.RevealHand(hand="player"))
    table.execute(cmd.RevealHand(hand="banker"))
    steps = "\n".join(table.snapshot.recall[-1].steps)
    assert "player cards turned: 9♠ 9♦" in steps and "banker cards turned: 2♥ 3♣" in steps
