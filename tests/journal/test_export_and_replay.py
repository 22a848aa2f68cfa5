"""`journal export` for surveillance and `journal replay` against the recorded outcomes."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from dealer_assist.cards import parse_card
from dealer_assist.cli import main
from dealer_assist.drivers.base import CardRead
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.simulation import deal_mock_table
from dealer_assist.journal.store import Journal
from dealer_assist.rules.coup import Hand
from dealer_assist.table import commands as cmd
from dealer_assist.table.events import CoupSettled, Record
from tests.journal.helpers import KEY, make_config, open_journaled, read_records
from tests.table.helpers import feed, open_chemin_de_fer_bank


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A journal of two and a half 1-deck shoes with bets, and its configuration file."""
    folder = tmp_path_factory.mktemp("played")
    (folder / "table.toml").write_text(
        "[table]\nshuffle_check = false\n[odds]\nadvantage_alerts = false\n[shoe]\ndecks = 1\n"
        f'[journal]\npath = "t.journal"\nkey = "{KEY}"\n',
        encoding="utf-8",
    )
    controller = open_journaled(make_config(folder / "t.journal"))
    deal_mock_table(controller, seed=6, coups=18, bet_seed=6)
    controller.journal.close()
    return folder


def run(*args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_csv_export_of_coups_cards_and_payouts(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = str(played / "table.toml")
    status, out, _ = run(
        "journal", "export", str(played / "t.journal"), "--config", config, capsys=capsys
    )
    assert status == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    kinds = {row["kind"] for row in rows}
    assert {"shoe_started", "burn", "card", "coup", "bet", "commission", "shoe_ended"} <= kinds
    assert all(row["at"].endswith("+00:00") for row in rows)
    bets = [row for row in rows if row["kind"] == "bet"]
    assert bets and all(row["seat"] and row["stake"] and row["result"] for row in bets)
    coups = [row for row in rows if row["kind"] == "coup"]
    assert len(coups) == 18 and all(row["result"] for row in coups)
    records = read_records(make_config(played / "t.journal"))
    dealt = [r.event.card.code for r in records if r.event.type == "card"]  # type: ignore[union-attr]
    assert [row["card"] for row in rows if row["kind"] == "card"] == dealt


def test_jsonl_export_of_one_shoe(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        "journal",
        "export",
        str(played / "t.journal"),
        "--config",
        str(played / "table.toml"),
        "--format",
        "jsonl",
        "--shoe",
        "2",
        capsys=capsys,
    )
    assert status == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert rows and {row["shoe"] for row in rows} == {2}
    assert rows[0]["kind"] == "shoe_started" and rows[-1]["kind"] == "shoe_ended"


def test_face_down_cards_are_exported_only_once_turned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = make_config(tmp_path / "t.journal", table={"squeeze": True}, shoe={"burn": "none"})
    controller = open_journaled(config)
    controller.begin()
    feed(controller, "4S 3H AD KC")
    controller.execute(cmd.RevealHand(hand="player"))
    controller.journal.close()
    (tmp_path / "key").write_text(KEY, encoding="utf-8")

    def cards() -> list[tuple[str, str]]:
        status, out, _ = run(
            "journal",
            "export",
            str(tmp_path / "t.journal"),
            "--key-file",
            str(tmp_path / "key"),
            capsys=capsys,
        )
        assert status == 0
        return [
            (r["hand"], r["card"]) for r in csv.DictReader(io.StringIO(out)) if r["kind"] == "card"
        ]

    assert cards() == [("player", "4S"), ("banker", ""), ("player", "AD"), ("banker", "")]
    controller = open_journaled(config)
    controller.execute(cmd.RevealHand(hand="banker"))
    controller.journal.close()
    assert cards() == [("player", "4S"), ("banker", "3H"), ("player", "AD"), ("banker", "KC")]


def test_a_broken_journal_is_not_exported(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(played, copy)
    connection = sqlite3.connect(copy / "t.journal")
    connection.execute("DROP TRIGGER records_no_delete")
    connection.execute("DELETE FROM records WHERE seq = (SELECT MAX(seq) - 3 FROM records)")
    connection.commit()
    connection.close()
    status, out, err = run(
        "journal",
        "export",
        str(copy / "t.journal"),
        "--config",
        str(copy / "table.toml"),
        capsys=capsys,
    )
    assert status == 1 and out == "" and "broken" in err


def test_replay_finds_no_difference_in_an_honest_journal(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(
        "journal",
        "replay",
        str(played / "t.journal"),
        "--config",
        str(played / "table.toml"),
        capsys=capsys,
    )
    assert status == 0, out
    assert "18 coups, 18 settlements" in out and "0 difference(s)" in out


def test_replay_reports_a_wrong_payout(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A journal whose chain is intact but whose table paid wrongly (a bug, a bad build)."""
    records = read_records(make_config(played / "t.journal"))
    target = next(r for r in records if isinstance(r.event, CoupSettled) and r.event.bets)
    assert isinstance(target.event, CoupSettled)
    bets = [dict(bet) for bet in target.event.bets]
    bets[0]["payout"] = "999.00"
    wrong = dataclasses.replace(target.event, bets=tuple(bets))
    journal = Journal.open(tmp_path / "t.journal", key=JournalKey.from_text(KEY), table_id="T1")
    with journal:
        for record in records:
            event = wrong if record.seq == target.seq else record.event
            journal.append(Record(seq=record.seq, at=record.at, table=record.table, event=event))
    shutil.copy(played / "table.toml", tmp_path / "table.toml")
    status, out, _ = run(
        "journal",
        "replay",
        str(tmp_path / "t.journal"),
        "--config",
        str(tmp_path / "table.toml"),
        capsys=capsys,
    )
    assert status == 3
    assert f"DIFFERENCE record {target.seq}: settlement bets" in out
    assert "1 difference(s)" in out


def export(journal: Path, capsys: pytest.CaptureFixture[str]) -> list[dict[str, str]]:
    (journal.parent / "key").write_text(KEY, encoding="utf-8")
    status, out, _ = run(
        "journal", "export", str(journal), "--key-file", str(journal.parent / "key"), capsys=capsys
    )
    assert status == 0
    return list(csv.DictReader(io.StringIO(out)))


def test_bank_actions_are_exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = make_config(
        tmp_path / "t.journal", table={"variant": "chemin-de-fer"}, shoe={"burn": "none"}
    )
    controller = open_journaled(config)
    controller.begin()
    open_chemin_de_fer_bank(controller)
    controller.journal.close()
    bank = [row for row in export(tmp_path / "t.journal", capsys) if row["kind"] == "bank"]
    assert [row["result"] for row in bank] == [
        "sit", "sit", "sit", "give_shoe", "put_up_bank", "close_calls", "stake", "no_more_bets"
    ]  # fmt: skip
    stake = bank[6]
    assert (stake["seat"], stake["stake"]) == ("2", "40")
    assert stake["detail"] == "stake(seat=2, amount=40); by croupier"


def test_a_message_from_the_pit_is_journaled_and_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    controller = open_journaled(make_config(tmp_path / "t.journal"))
    controller.begin()
    controller.execute(cmd.MessageFromPit(text="Close the table after this shoe", by="Mei"))
    controller.journal.close()
    (row,) = [row for row in export(tmp_path / "t.journal", capsys) if row["kind"] == "pit_message"]
    assert row["detail"] == "Close the table after this shoe (from Mei)"


def test_alerts_and_camera_verdicts_are_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = make_config(
        tmp_path / "t.journal", shoe={"burn": "none"}, sources=["mock://", "camera://0"]
    )
    controller = open_journaled(config)
    controller.begin()
    feed(controller, "4S 3H")
    seen = {"order": 1}
    for card, hand in [("4S", Hand.PLAYER), ("3H", Hand.PLAYER)]:  # the 3H lands on Player
        controller.on_source_event(
            CardRead(
                source="camera://0",
                card=parse_card(card),
                hand=hand,
                confidence=0.99,
                raw=json.dumps(seen).encode(),
            )
        )
        seen["order"] += 1
    controller.journal.close()
    rows = export(tmp_path / "t.journal", capsys)
    camera = [(r["result"], r["hand"], r["card"]) for r in rows if r["kind"] == "camera"]
    assert camera == [("confirmed", "player", "4S"), ("misplaced", "player", "3H")]
    assert "the shoe dealt 3H to banker" in [r for r in rows if r["kind"] == "camera"][1]["detail"]
    alerts = [r for r in rows if r["kind"] == "alert"]
    assert [a["result"] for a in alerts] == ["card_misplaced"]
    assert "holds the table" in alerts[0]["detail"] and "3H" in alerts[0]["detail"]


def test_alerts_in_a_squeezed_coup_are_withheld_until_the_cards_are_turned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = make_config(tmp_path / "t.journal", table={"squeeze": True}, shoe={"burn": "none"})
    controller = open_journaled(config)
    controller.begin()
    feed(controller, "4S 3H AD KC")
    controller.on_source_event(CardRead(source="mock://", card=None, raw=b"\x01"))
    controller.journal.close()
    alert = next(r for r in export(tmp_path / "t.journal", capsys) if r["kind"] == "alert")
    assert alert["result"] == "unreadable_card" and alert["detail"].startswith("withheld")
    controller = open_journaled(config)
    controller.execute(cmd.RevealHand(hand="player"))
    controller.execute(cmd.RevealHand(hand="banker"))
    controller.journal.close()
    alert = next(r for r in export(tmp_path / "t.journal", capsys) if r["kind"] == "alert")
    assert alert["detail"].startswith("#1 (holds the table): ")
