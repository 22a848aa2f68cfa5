"""The ``dealer-assist coup`` command: JSON shape, errors, and many coups through stdin."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from dealer_assist.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:  # type: ignore[type-arg]
    status = main(argv)
    out = capsys.readouterr().out
    return status, json.loads(out)


def test_complete_coup_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run(
        [
            "coup",
            "--json",
            "--bet",
            "banker=100",
            "--bet",
            "tie=10",
            "4S",
            "3H",
            "AD",
            "KC",
            "9H",
            "5C",
        ],
        capsys,
    )
    assert status == 0
    assert data["complete"] is True and data["next"] is None
    assert data["player_cards"] == ["4S", "AD", "9H"]
    assert data["banker_cards"] == ["3H", "KC", "5C"]
    assert (data["player_total"], data["banker_total"]) == (4, 8)
    assert data["winner"] == "banker" and data["natural"] is False
    assert data["player_pair"] is False and data["banker_pair"] is False
    assert data["bets"] == [
        {
            "seat": 1,
            "name": "banker",
            "stake": "100.00",
            "result": "win",
            "odds": "1:1",
            "payout": "100.00",
            "commission": "5.00",
            "net": "95.00",
            "returned": "195.00",
            "commission_to_box": "0.00",
        },
        {
            "seat": 1,
            "name": "tie",
            "stake": "10.00",
            "result": "lose",
            "odds": "lose",
            "payout": "0.00",
            "commission": "0.00",
            "net": "-10.00",
            "returned": "0.00",
            "commission_to_box": "0.00",
        },
    ]


def test_incomplete_coup_says_who_gets_the_next_card(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run(["coup", "--json", "4S", "3H", "AD"], capsys)
    assert status == 0
    assert data["complete"] is False and data["next"] == "banker" and data["winner"] is None


def test_decision_due_in_chemin_de_fer(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run(
        ["coup", "--json", "--variant", "chemin-de-fer", "4S", "3H", "AD", "KC"], capsys
    )
    assert status == 0
    assert data["next"] is None
    assert data["decision"]["hand"] == "player"
    assert data["decision"]["options"] == ["draw", "stand"]
    status, data = run(
        ["coup", "--json", "--variant", "chemin-de-fer", "4S", "3H", "AD", "KC", "stand"], capsys
    )
    assert data["next"] == "banker" and data["decisions"] == {"player": "stand"}


def test_banque_sides(capsys: pytest.CaptureFixture[str]) -> None:
    status, data = run(
        [
            "coup",
            "--json",
            "--variant",
            "banque",
            "--bet",
            "a_cheval=20",
            "4S",
            "3H",
            "AD",
            "KC",
            "5C",
            "5D",
            "9S",
            "draw",
            "4H",
        ],
        capsys,
    )
    assert status == 0
    assert data["right_cards"] == ["4S", "KC", "9S"]
    assert data["sides"] == {"right": "win", "left": "win"}
    assert data["bets"][0]["net"] == "20.00"


@pytest.mark.parametrize(
    ("argv", "code", "fragment"),
    [
        (["4S", "3H", "4D", "KC", "5C"], "natural", "card 5 (5C)"),
        (["4S", "3H", "2D", "KC", "5C", "5D"], "coup_complete", "card 6 (5D)"),
        (["4S", "3H", "ZZ"], "bad_card", "card 3 'ZZ'"),
        (["--bet", "dragon7=5", "4S"], "unknown_bet", "dragon7"),
        (["--bet", "banker", "4S"], "bad_bet", "NAME=AMOUNT"),
        (["--variant", "nope", "4S"], "bad_variant", "no such variant"),
        (["4S", "3H", "AD", "KC", "stand"], "no_decision_due", "position 5"),
    ],
)
def test_errors_exit_2_with_code_and_position(
    argv: list[str], code: str, fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, data = run(["coup", "--json", *argv], capsys)
    assert status == 2
    assert data["error"]["code"] == code
    assert fragment in data["error"]["message"]


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coup", "4S", "3H", "4D", "KC"]) == 0
    out = capsys.readouterr().out
    assert "NATURAL 8, PLAYER WINS" in out and "Banker shows 3, Player has 8" in out


def test_many_coups_through_stdin_in_one_process() -> None:
    lines = ["4S 3H AD KC 9H 5C", "bogus", "9S 9H 2C 3C", "# comment", "4S 3H 4D KC"] * 400
    result = subprocess.run(
        [sys.executable, "-m", "dealer_assist.cli", "coup", "--bet", "banker=10", "-"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2  # some lines were rejected
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(out) == 1600
    assert out[0]["winner"] == "banker" and out[0]["bets"][0]["net"] == "9.50"
    assert out[1]["error"]["code"] == "bad_card"
    assert out[2]["complete"] is False and out[2]["next"] == "player"
    assert out[3]["winner"] == "player" and out[3]["bets"][0]["result"] == "lose"
