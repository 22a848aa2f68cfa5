"""Each command refuses bad input at the edge, naming the argument, the value and what is allowed.

The cases of issue 23, one by one (the fuzz test in test_cli_fuzz.py looks for the rest).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from dealer_assist.cli import main

KEY = "0123456789abcdef0123456789abcdef"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as stop:  # argparse refuses an argument
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    "argv,wanted",
    [
        (["--bet", "banker=1e26"], "a stake is at most 1000000000, not 1E+26"),
        (["--bet", "banker=" + "9" * 26], "a stake is at most"),
        (["--bet", "0:banker=5"], "seat 0 is not a seat (1 to 99)"),
        (["--bet", "999999:banker=5"], "seat 999999 is not a seat"),
        (["--tie-pays", "0:1"], "--tie-pays: '0:1': the Tie must pay more than nothing"),
        (["--commission", "7"], "'7' is not a rate (a fraction, e.g. 0.05)"),
    ],
)
def test_coup_refuses_stakes_seats_and_payouts(
    argv: list[str], wanted: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["coup", "--json", *argv, "4S", "3H", "AD", "KC"], capsys)
    assert status == 2
    assert wanted in json.loads(out)["error"]["message"]


def test_coup_refuses_an_empty_card(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["coup", ""], capsys)
    assert status == 2 and "rejected (no_cards): no cards given" in err


def test_odds_refuses_an_empty_remaining_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    # It used to price eight full decks.
    status, _, err = run(["odds", "--remaining", ""], capsys)
    assert status == 2 and "--remaining: empty" in err
    status, _, err = run(["odds", "--decks", "9"], capsys)
    assert status == 2 and "argument --decks: '9': give a whole number from 1 to 8" in err


def png(path: Path, width: int, height: int) -> Path:
    import cv2
    import numpy as np

    cv2.imwrite(str(path), np.full((height, width, 3), 90, np.uint8))
    return path


@pytest.mark.parametrize("size", [(1, 1), (2, 2), (1, 5000), (5000, 1)])
def test_vision_detect_refuses_images_too_small_or_too_thin(
    size: tuple[int, int], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = png(tmp_path / "x.png", *size)
    status, out, _ = run(["vision", "detect", "--json", str(image)], capsys)
    assert status == 1
    assert "pixels; an image is 64 to 10000 pixels on each side" in json.loads(out)["error"]


def test_vision_detect_refuses_bad_models_thresholds_and_overwrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = str(png(tmp_path / "felt.png", 200, 100))
    text = tmp_path / "notes.txt"
    text.write_text("not a model\n", "utf-8")
    status, _, err = run(["vision", "detect", image, "--model", str(text)], capsys)
    assert status == 1 and "--model: not a glyph model" in err
    status, _, err = run(["vision", "detect", image, "--model", str(tmp_path / "no.npz")], capsys)
    assert status == 2 and "argument --model" in err and "No such file" in err
    for threshold in ("-1", "5", "nan"):
        status, _, err = run(["vision", "detect", image, "--threshold", threshold], capsys)
        assert status == 2 and "give a number at least 0 and at most 1" in err
    status, _, err = run(["vision", "detect", image, "--annotate", str(text)], capsys)
    assert status == 2 and "exists and is not a folder" in err
    assert text.read_text("utf-8") == "not a model\n"
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    (out_dir / "felt.annotated.png").write_bytes(b"earlier")
    status, _, err = run(["vision", "detect", image, "--annotate", str(out_dir)], capsys)
    assert status == 1 and "is not overwritten" in err
    assert (out_dir / "felt.annotated.png").read_bytes() == b"earlier"


@pytest.mark.parametrize(
    "argv,wanted",
    [
        (["--decks", "0"], "argument --decks: '0': give a whole number from 1 to 8"),
        (["--serial-number", "-5"], "argument --serial-number: '-5'"),
        (["--pace", "-1"], "argument --pace: '-1': give a number at least 0"),
        (["--corrupt-rate", "2"], "argument --corrupt-rate: '2'"),
        (["--drop-rate", "1.5"], "argument --drop-rate: '1.5'"),
        (["--cut", "-3"], "argument --cut: '-3'"),
        (["--key-file", "/nonexistent/shoe.key"], "argument --key-file"),
    ],
)
def test_mockshoe_refuses_before_starting(
    argv: list[str], wanted: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["mockshoe", "--pty", *argv], capsys)
    assert status == 2 and wanted in err


def test_mockshoe_refuses_a_state_file_it_did_not_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state.json"
    state.write_text("not json", "utf-8")
    status, _, err = run(["mockshoe", "--pty", "--state-file", str(state)], capsys)
    assert status == 1 and "not a mock shoe state file" in err


def test_mockshoe_never_links_over_an_existing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = tmp_path / "ttyV0"
    existing.write_text("keep me", "utf-8")
    status, _, err = run(["mockshoe", "--pty", "--link", str(existing)], capsys)
    assert status == 2 and "exists: give the name of a new file" in err
    assert existing.read_text("utf-8") == "keep me" and not existing.is_symlink()


@pytest.mark.parametrize(
    "argv,wanted",
    [
        (["encode", "--deck-serial", "-1"], "argument --deck-serial: '-1'"),
        (["encode", "--deck-serial", "4294967296"], "from 0 to 4294967295"),
        (["enroll", "--deck-serial", "-7", "--out", "x.json"], "argument --deck-serial"),
        (["enroll", "--deck-serial", "1", "--out", "/nonexistent/x.json"], "does not exist"),
        (["check", "--decks", "-3"], "argument --decks: '-3'"),
    ],
)
def test_tags_refuse_serials_decks_and_outputs(
    argv: list[str], wanted: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key = tmp_path / "tag.key"
    key.write_text(KEY + "\n", "utf-8")
    extra = ["--key-file", str(key)] if argv[0] != "enroll" else []
    status, _, err = run(["tags", *argv, *extra], capsys)
    assert status == 2 and wanted in err


@pytest.mark.parametrize("content", ["text", "random", "truncated"])
def test_run_on_a_file_that_is_not_a_journal(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "table.toml"
    config.write_text(f'[journal]\nkey = "{KEY}"\n', "utf-8")
    journal = tmp_path / "t.journal"
    argv = ["run", "--config", str(config), "--journal", str(journal), "--coups"]
    if content == "text":
        journal.write_text("a shopping list\n", "utf-8")
    elif content == "random":
        journal.write_bytes(random.Random(3).randbytes(8192))
    else:
        assert (
            main(["run", "--config", str(config), "--journal", str(journal), "--coups", "2"]) == 0
        )
        journal.write_bytes(journal.read_bytes()[:3000])
        capsys.readouterr()
    status, _, err = run([*argv, "1"], capsys)
    assert status == 1 and err.startswith("dealer-assist: ") and "Traceback" not in err
    assert str(journal) in err


def test_an_empty_variant_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["run", "--variant", "", "--coups", "1"], capsys)
    assert status == 2 and "--variant: empty" in err


def test_the_shared_parser_hands_each_call_its_own_lists() -> None:
    """``main`` parses with one parser a process; a repeatable option not given is a new empty
    list each call, so a command adding to it never changes the next call's default."""
    from dealer_assist.cli.app import _parsed, _parser

    first = _parsed(["run"])
    first.source.append("mock://?seed=1")
    assert _parsed(["run"]).source == []
    assert _parser() is _parser()
    given = _parsed(["run", "--source", "mock://?seed=2"])
    assert given.source == ["mock://?seed=2"]
    assert _parsed(["run"]).source == []
