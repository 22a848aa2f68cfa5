"""``dealer-assist train drill|exam|verify|report`` (issue 26): the JSON protocol, the sealed
exam result, and the report's content (the PDF's text, the PNGs' pixels)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from random import Random

import pytest

from dealer_assist.cards import parse_cards
from dealer_assist.cli import main
from dealer_assist.cli.training import catalog_for
from dealer_assist.rules.coup import Coup, CoupRules, DealTo, Hand
from dealer_assist.training.drill import Drill
from dealer_assist.training.exam import CertificateError, exam_items, load_key, verify_certificate
from dealer_assist.training.items import Kind
from dealer_assist.training.records import TrainingRecords
from dealer_assist.training.scheduler import Trainer

ROOT = Path(__file__).resolve().parents[2]
WEAK = "tableau:banker:3:8"


def _command(*args: str, **kwargs) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "dealer_assist.cli", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        **kwargs,
    )


def _engine_answer(prompt: dict) -> str:
    """What the coup engine says for the asked hand, from the cards on the layout."""
    player = parse_cards(prompt["player_cards"])
    banker = parse_cards(prompt["banker_cards"])
    coup = Coup(CoupRules.punto_banco())
    for card in [player[0], banker[0], player[1], banker[1], *player[2:], *banker[2:]]:
        coup.deal(card)
    step = coup.next_step
    return "draw" if isinstance(step, DealTo) and step.hand is Hand(prompt["question"]) else "stand"


def test_a_tableau_drill_speaks_the_json_protocol_and_keeps_the_answers(tmp_path) -> None:
    db = tmp_path / "school.sqlite3"
    process = _command(
        "train",
        "drill",
        "--trainee",
        "ana",
        "--kind",
        "tableau",
        "--count",
        "4",
        "--json",
        "--db",
        str(db),
        "--seed",
        "3",
    )
    assert process.stdin is not None and process.stdout is not None
    wrong_items = []
    for index in range(4):
        prompt = json.loads(process.stdout.readline())
        assert set(prompt) == {"type", "item", "question", "player_cards", "banker_cards"}
        assert prompt["type"] == "prompt" and prompt["question"] in ("player", "banker")
        right = _engine_answer(prompt)
        answer = right if index % 2 == 0 else {"draw": "stand", "stand": "draw"}[right]
        process.stdin.write(json.dumps({"answer": answer}) + "\n")
        process.stdin.flush()
        verdict = json.loads(process.stdout.readline())
        assert verdict["type"] == "verdict" and verdict["item"] == prompt["item"]
        assert verdict["correct"] is (index % 2 == 0)
        assert verdict["expected"] == right and isinstance(verdict["ms"], int)
        if index % 2:
            assert "rule" in verdict
            wrong_items.append(prompt["item"])
    summary = json.loads(process.stdout.readline())
    process.communicate(timeout=60)
    assert process.returncode == 0
    assert summary == {
        "type": "summary",
        "trainee": "ana",
        "prompts": 4,
        "correct": 2,
        "leeches": [],
    }
    # Another process reads what this one recorded.
    with TrainingRecords(path=db) as records:
        trainee = records.trainee("ana", create=False)
        answers = records.answers(trainee)
        assert [a.item for a in answers if not a.correct] == wrong_items
        assert {
            item: state.lapses
            for item, state in records.item_states(trainee).items()
            if state.lapses
        } == dict.fromkeys(wrong_items, 1)


def test_an_answer_that_is_not_json_is_refused_with_what_to_send(tmp_path) -> None:
    process = _command(
        "train",
        "drill",
        "--trainee",
        "ana",
        "--count",
        "1",
        "--json",
        "--db",
        str(tmp_path / "s.sqlite3"),
    )
    _out, err = process.communicate("draw\n", timeout=60)
    assert process.returncode == 2  # input refused
    assert '{"answer": "draw"}' in err


@pytest.fixture
def certificate(tmp_path) -> tuple[Path, Path]:
    catalog, _, _ = catalog_for("punto-banco")
    count = len(exam_items(catalog))
    key = tmp_path / "exam.key"
    cert = tmp_path / "ana.cert"
    process = _command(
        "train",
        "exam",
        "--trainee",
        "ana",
        "--json",
        "--out",
        str(cert),
        "--key-file",
        str(key),
        "--db",
        str(tmp_path / "s.sqlite3"),
        "--seed",
        "1",
    )
    out, err = process.communicate('{"answer": "stand"}\n' * count, timeout=120)
    assert process.returncode == 2, err  # always "stand": the exam is not passed
    lines = [json.loads(line) for line in out.splitlines()]
    assert sum(line["type"] == "prompt" for line in lines) == count
    assert not any("expected" in line or "correct" in line for line in lines)  # no hints
    assert lines[-1]["type"] == "result" and lines[-1]["passed"] is False
    return cert, key


def test_the_exam_certificate_verifies_and_fails_after_any_one_byte_changes(
    certificate, capsys
) -> None:
    cert, key_file = certificate
    assert main(["train", "verify", str(cert), "--key-file", str(key_file)]) == 0
    assert "valid: ana did not pass" in capsys.readouterr().out
    data = cert.read_bytes()
    key = load_key(key_file, create=False)
    record = verify_certificate(data, key)
    assert record["draws"]["asked"] == 98 and record["passed"] is False
    for position in range(len(data)):
        changed = bytearray(data)
        changed[position] ^= 0x01
        with pytest.raises(CertificateError):
            verify_certificate(bytes(changed), key)
    changed = bytearray(data)
    changed[len(data) // 2] ^= 0x20
    cert.write_bytes(bytes(changed))
    assert main(["train", "verify", str(cert), "--key-file", str(key_file)]) == 2
    assert "INVALID" in capsys.readouterr().out


def test_a_certificate_does_not_verify_with_another_schools_key(certificate, tmp_path) -> None:
    cert, _ = certificate
    other = load_key(tmp_path / "other.key", create=True)
    with pytest.raises(CertificateError, match="another key"):
        verify_certificate(cert.read_bytes(), other)


# --- the report ----------------------------------------------------------------------------


def _scripted_history(db: Path) -> None:
    """Two sessions a day apart: WEAK always missed, everything else right."""
    catalog, maker, _ = catalog_for("punto-banco")
    now = [datetime(2025, 3, 1, 9, tzinfo=UTC)]
    with TrainingRecords(path=db) as records:
        for session in range(2):
            trainer = Trainer(
                records=records,
                trainee="ana",
                items=catalog.of_kinds([Kind.TABLEAU]),
                rng=Random(session),
                clock=lambda: now[0],
            )
            maker.rng = Random(session)
            drill = Drill(trainer=trainer, maker=maker, kinds=[Kind.TABLEAU], seed=session)
            for _ in range(150):
                prompt = drill.next_prompt()
                right = dict(prompt.expected)
                if prompt.item.id == WEAK:
                    right = {"answer": "draw" if right["answer"] == "stand" else "stand"}
                drill.answer(prompt, right, ms=1500 + 1000 * session)
                now[0] += timedelta(seconds=4)
            drill.finish()
            now[0] += timedelta(days=1)


def test_the_report_writes_html_pdf_and_plots_whose_content_is_the_trainees(
    tmp_path, capsys, qapp
) -> None:
    from PySide6.QtGui import QImage

    from dealer_assist.ui.training_report import _CELL, _LABEL

    db = tmp_path / "school.sqlite3"
    _scripted_history(db)
    out = tmp_path / "report"
    assert main(["train", "report", "ana", "--out", str(out), "--db", str(db)]) == 0
    names = sorted(Path(line).name for line in capsys.readouterr().out.split())
    assert names == ["accuracy-and-pace.png", "report.html", "report.pdf", "tableau-heatmap.png"]

    text = subprocess.run(
        ["pdftotext", "-layout", str(out / "report.pdf"), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "Training report: ana" in text
    assert "Tableau heatmap" in text and "Items still weak" in text
    weak_line = next(line for line in text.splitlines() if WEAK in line)
    assert "LEECH" in weak_line and "0%" in weak_line
    assert "Hands per hour" in text
    html = (out / "report.html").read_text()
    assert WEAK in html and "LEECH" in html

    heatmap = QImage(str(out / "tableau-heatmap.png"))
    assert not heatmap.isNull()

    def colour(row: int, column: int):
        pixel = heatmap.pixelColor(_LABEL + column * _CELL + 6, 30 + row * _CELL + 6)
        return pixel.red(), pixel.green(), pixel.blue()

    red, green, _ = colour(3, 1 + 8)  # Banker 3 against a third card of 8: always missed
    assert red > 180 and green < 100
    red, green, _ = colour(0, 0)  # Banker 0, Player stood: always right
    assert green > 180 and red < 100
    progress = QImage(str(out / "accuracy-and-pace.png"))
    pixels = {
        progress.pixelColor(x, y).name()
        for x in range(0, progress.width(), 2)
        for y in range(0, progress.height(), 2)
    }
    assert "#28a03c" in pixels and "#2850c8" in pixels  # the accuracy and the pace lines
