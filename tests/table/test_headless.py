"""``dealer-assist run``: the JSON stream and the terminal view, as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys

from dealer_assist.table.headless import render
from tests.table.helpers import feed, make_table


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dealer_assist.cli", "run", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_json_stream_of_a_whole_mock_shoe() -> None:
    result = run("--source", "mock://?seed=42", "--json")
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    kinds = [line["type"] for line in lines]
    assert kinds[0] == "shoe_started" and kinds[-1] == "shoe_ended"
    started = lines[0]
    assert started["decks"] == 8 and started["cut_card_position"] == 416 - 14
    burned = [line for line in lines if line["type"] == "burned"]
    assert burned[0]["reason"] == "burn" and 2 <= len(burned[0]["cards"]) <= 11
    cards = [line for line in lines if line["type"] == "card"]
    assert all(line["hand"] in ("player", "banker") and line["card"] for line in cards)
    completed = [line for line in lines if line["type"] == "coup_completed"]
    assert len(completed) > 60
    for line in completed:
        assert {
            "coup",
            "player_cards",
            "banker_cards",
            "player_total",
            "banker_total",
            "winner",
        } <= set(line)
        assert line["winner"] in ("player", "banker", "tie")
    ended = lines[-1]
    dealt = sum(len(b["cards"]) for b in burned) + len(cards)
    assert ended["cards_dealt"] == dealt and ended["cards_left"] == 416 - dealt


def test_coups_limit_and_text_view() -> None:
    result = run("--source", "mock://?seed=3", "--coups", "5")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert sum(1 for line in lines if line.startswith("coup")) == 5
    assert lines[-1].startswith("shoe 1: 5 coups")
    assert all(len(line) <= 80 for line in lines)


def test_chemin_de_fer_and_banque_run_with_simulated_players() -> None:
    for variant in ("chemin-de-fer", "banque"):
        result = run("--variant", variant, "--source", "mock://?seed=9", "--coups", "12", "--json")
        assert result.returncode == 0, result.stderr
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        assert sum(1 for line in lines if line["type"] == "coup_completed") == 12


def test_json_stream_hides_face_down_cards() -> None:
    import io

    from dealer_assist.table.headless import JsonStream

    out = io.StringIO()
    table, _ = make_table(table={"squeeze": True})
    table.on_record(JsonStream(out).on_record)
    feed(table, "4S 3H AD KC")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    cards = [line for line in lines if line["type"] == "card"]
    assert len(cards) == 4 and all(line["card"] is None for line in cards)
    assert "4S" not in out.getvalue() and "KC" not in out.getvalue()


def test_terminal_screen_fits_80_columns() -> None:
    table, _ = make_table(table={"confirm_coup": True})
    feed(table, "4S 3H AD KC 9H 5C")
    screen = render(table.snapshot, width=80)
    assert "BANKER WINS 8 TO 4" in screen and "Player shows 4, Banker has 8" in screen
    assert all(len(line) <= 80 for line in screen.splitlines())


def test_a_recorded_session_replays_into_the_same_coups(tmp_path: object) -> None:
    from pathlib import Path

    recording = Path(str(tmp_path)) / "session.jsonl"
    first = run("--source", "mock://?seed=5", "--json", "--coups", "6")
    assert first.returncode == 0, first.stderr
    recording.write_text(first.stdout)
    again = run("--source", f"replay://{recording}", "--json", "--coups", "6")
    assert again.returncode == 0, again.stderr

    def coups(text: str) -> list[tuple[object, ...]]:
        lines = [json.loads(line) for line in text.splitlines()]
        return [
            (line["player_cards"], line["banker_cards"], line["winner"])
            for line in lines
            if line["type"] == "coup_completed"
        ]

    assert coups(again.stdout) == coups(first.stdout) and len(coups(first.stdout)) == 6
