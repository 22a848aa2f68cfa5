"""The house's own deck (issue 28, point 4): ``vision enroll`` and ``vision detect --deck``,
end to end on photographs rendered by the second scene generator (lens_scenes), of a design
held out of building."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path
from typing import Any, NamedTuple

import cv2
import numpy as np
import pytest

from dealer_assist.cards import ALL_RANKS, Card, Suit, parse_card
from dealer_assist.cli import main
from dealer_assist.config import load_config
from dealer_assist.drivers.camera import CameraSource
from dealer_assist.errors import ConfigError
from dealer_assist.table.runtime import build_source
from dealer_assist.vision.enrol import ALL_CARDS, EnrolledDeck, EnrolmentError, card_files
from dealer_assist.vision.faces import FACE_SIZE
from dealer_assist.vision.lens_scenes import photograph, photograph_one


def _photos(folder: Path, faces: dict[Card, np.ndarray]) -> Path:
    folder.mkdir()
    for k, card in enumerate(ALL_CARDS):
        photo = photograph_one(5_000 + k, faces[card], card)
        cv2.imwrite(str(folder / f"{card.code}.jpg"), photo.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return folder


class Enrolled(NamedTuple):
    photos: Path
    deck: Path
    report: dict[str, Any]  # what ``vision enroll --json`` printed


@pytest.fixture(scope="module")
def enrolled(
    held_out_faces: dict[Card, np.ndarray], tmp_path_factory: pytest.TempPathFactory
) -> Enrolled:
    """The photographs of the held-out design, and the deck enrolled from them by the command
    (with ``--json``: its report is kept for test_enroll_reports_what_the_deck_mixes_up, so the
    52 photographs are enrolled once for both)."""
    work = tmp_path_factory.mktemp("enrol")
    folder = _photos(work / "photos", held_out_faces)
    deck = work / "deck.npz"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        assert main(["vision", "enroll", str(folder), "--out", str(deck), "--json"]) == 0
    return Enrolled(folder, deck, json.loads(printed.getvalue()))


@pytest.mark.slow
def test_enrolled_deck_reads_its_design(
    enrolled: Enrolled,
    held_out_faces: dict[Card, np.ndarray],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    deck = enrolled.deck
    photos = []
    truth: dict[str, set[str]] = {}
    for k, condition in enumerate(("overhead", "tilted", "small", "clutter")):
        photo = photograph(6_100 + k, held_out_faces, condition, size=(1280, 720))
        path = tmp_path / f"{condition}.png"
        cv2.imwrite(str(path), photo.image)
        photos.append(str(path))
        truth[str(path)] = {c.card.code for c in photo.cards}
    plain = _read(photos, truth, [], capsys)
    with_deck = _read(photos, truth, ["--deck", str(deck)], capsys)
    cards = sum(len(codes) for codes in truth.values())
    # Measured with the colour-blind corner network as the default reader: 15 of the 19 cards
    # read with the deck and 15 without (with the glyph reader as the default: 13 with the
    # deck, fewer without); the rest not found by the finder (a tilted view, small cards) or
    # left uncertain (docs/benchmarks.md). None read wrongly either way (``_read``). After the
    # finder's light work (issue 28, h-finder3, chosen on building scenes only): 14 with the
    # deck and 14 without; these photographs are held out, so the bound follows, not leads.
    message = f"{with_deck} of {cards} read with the deck, {plain} without"
    assert with_deck >= plain, message
    assert with_deck >= cards - 5, message


def _read(
    photos: list[str],
    truth: dict[str, set[str]],
    options: list[str],
    capsys: pytest.CaptureFixture[str],
) -> int:
    """How many cards ``vision detect`` reads in the photographs (none read wrong)."""
    capsys.readouterr()
    assert main(["vision", "detect", *photos, "--json", *options]) == 0
    read = 0
    for line in capsys.readouterr().out.splitlines():
        answer = json.loads(line)
        named = {c["card"] for c in answer["cards"] if c["card"] is not None}
        assert named <= truth[answer["image"]], "no card is read as one not there"
        read += len(named)
    return read


def test_enrolment_refuses_a_missing_duplicate_or_stray_file(tmp_path: Path) -> None:
    folder = tmp_path / "photos"
    folder.mkdir()
    blank = np.full((100, 100, 3), 90, np.uint8)
    for card in ALL_CARDS:
        if card.code not in ("7H", "QC"):
            cv2.imwrite(str(folder / f"{card.code}.png"), blank)
    cv2.imwrite(str(folder / "as.jpg"), blank)  # the ace of spades twice
    (folder / "notes.txt").write_text("x")
    cv2.imwrite(str(folder / "ZZ.png"), blank)
    with pytest.raises(EnrolmentError) as refused:
        card_files(folder)
    message = str(refused.value)
    assert "missing 2: 7H, QC" in message
    assert "AS is photographed twice (AS.png and as.jpg)" in message
    assert "notes.txt is not a photograph" in message
    assert "ZZ.png is not named by a card's code" in message


class Refused(NamedTuple):
    status: int
    error: str  # what the command wrote to standard error
    written: bool  # whether the deck file exists after it


@pytest.fixture(scope="module")
def refused(enrolled: Enrolled, tmp_path_factory: pytest.TempPathFactory) -> Refused:
    """``vision enroll`` on the held-out photographs with three spoilt: 5D.jpg not a JPEG,
    9C.jpg the felt alone, 2S.jpg the king of hearts. Every photograph is looked at before
    anything is refused (``enrol``), so one enrolment answers the tests of each refusal."""
    work = tmp_path_factory.mktemp("refused")
    folder = work / "photos"
    shutil.copytree(enrolled.photos, folder)
    (folder / "5D.jpg").write_bytes(b"not a jpeg")
    cv2.imwrite(str(folder / "9C.jpg"), np.full((400, 600, 3), (40, 110, 30), np.uint8))
    (folder / "2S.jpg").unlink()
    shutil.copy(folder / "KH.jpg", folder / "2S.jpg")  # the king of hearts, named 2S
    out = work / "deck.npz"
    error = io.StringIO()
    with contextlib.redirect_stderr(error):
        status = main(["vision", "enroll", str(folder), "--out", str(out)])
    return Refused(status, error.getvalue(), out.exists())


def test_enroll_command_names_an_unreadable_photo_and_writes_nothing(refused: Refused) -> None:
    assert refused.status != 0
    assert "5D.jpg cannot be read as an image" in refused.error
    assert "no card found in 9C.jpg" in refused.error
    assert not refused.written


def test_enroll_refuses_a_photo_of_another_card(refused: Refused) -> None:
    assert refused.status != 0
    assert "2S.jpg shows KH, not 2S" in refused.error


def test_a_file_that_is_no_deck_is_refused(tmp_path: Path) -> None:
    bogus = tmp_path / "deck.npz"
    bogus.write_bytes(b"PK\x03\x04 not really")
    with pytest.raises(Exception, match="not an enrolled deck"):
        EnrolledDeck.load(bogus)
    assert parse_card("10S").code == "TS"  # both spellings of a ten name its file


def test_camera_deck_key_reads_the_enrolled_deck(enrolled: Enrolled, tmp_path: Path) -> None:
    """``[camera] deck`` (relative to the configuration file): the table's camera reads with
    the enrolled deck; a file that is no deck stops the table opening, named."""
    deck = enrolled.deck
    shutil.copy(deck, tmp_path / "house.npz")
    table = tmp_path / "table.toml"
    table.write_text('sources = ["camera://0"]\n\n[camera]\ndeck = "house.npz"\n')
    config = load_config(table)
    assert config.camera is not None and config.camera.deck == str(tmp_path / "house.npz")
    camera = build_source("camera://0", config)
    assert isinstance(camera, CameraSource)
    assert isinstance(camera.detector.model, EnrolledDeck)
    plain = build_source("camera://0", load_config(_without_deck(table)))
    assert isinstance(plain, CameraSource)
    assert not isinstance(plain.detector.model, EnrolledDeck)
    (tmp_path / "house.npz").write_bytes(b"no deck")
    with pytest.raises(ConfigError, match=r"house\.npz.*not an enrolled deck"):
        build_source("camera://0", config)


def _without_deck(table: Path) -> Path:
    plain = table.with_name("plain.toml")
    plain.write_text('sources = ["camera://0"]\n\n[camera]\n')
    return plain


def test_enroll_reports_what_the_deck_mixes_up(enrolled: Enrolled) -> None:
    """The check at enrolment (each photograph read with the others' corners) is kept in the
    deck and reported; the deck file holds the corners the network reads (three views of each
    of the 104 index corners)."""
    _, deck_path, result = enrolled
    assert result["out"] == str(deck_path) and result["cards"] == 52
    assert isinstance(result["confusions"], list)
    assert all(" -> " in pair for pair in result["confusions"])
    # The pairs whose suits the faces tell apart (the check of each pair at enrolment): every
    # court card's pictures differ by suit.
    assert {"KS/KC", "QS/QC", "JS/JC", "KH/KD", "QH/QD", "JH/JD"} <= set(result["suits_by_face"])
    deck = EnrolledDeck.load(deck_path)
    assert deck.corners.patches.shape == (52 * 2 * 3, 3, 64, 32)
    network = deck.network
    assert network is not None
    rank, suit = deck.corner_examples(network)
    assert rank.checked == suit.checked == 52 * 2 * 3
    assert rank.right >= 0.9 * rank.checked, f"{rank.right} of {rank.checked}"


def test_enroll_without_json_says_what_it_enrolled_and_wrote(
    enrolled: Enrolled,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The command's plain report. The module's deck is enrolled once, by the command with
    ``--json`` (the fixture); here ``enrol`` hands back that deck as read from its file, so the
    52 photographs are not looked at a second time for a line of text."""
    from dealer_assist.vision import enrol as enrolment

    deck = EnrolledDeck.load(enrolled.deck)
    looked_at: list[Path] = []

    def enrolled_before(folder: Path) -> EnrolledDeck:
        looked_at.append(folder)
        return deck

    monkeypatch.setattr(enrolment, "enrol", enrolled_before)
    out = tmp_path / "plain.npz"
    capsys.readouterr()
    assert main(["vision", "enroll", str(enrolled.photos), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert looked_at == [enrolled.photos]
    assert said.startswith(f"enrolled 52 cards from {enrolled.photos} in ")
    assert deck.info in said and said.rstrip().endswith(f"wrote {out}")
    assert "of 26 ranks and colours" in said
    assert EnrolledDeck.load(out).faces.faces.shape == deck.faces.faces.shape


@pytest.mark.parametrize("version", [1, 2])
def test_a_deck_of_an_earlier_version_is_refused_with_what_to_do(
    tmp_path: Path, version: int
) -> None:
    """Version 2 decks hold no faces: the house enrols again."""
    old = tmp_path / "old.npz"
    np.savez(old, version=np.array(version), info=np.array(""))
    with pytest.raises(ConfigError, match="enrol the deck again"):
        EnrolledDeck.load(old)


def test_the_deck_holds_every_card_face_and_the_faces_settle_a_blurred_card(
    enrolled: Enrolled,
) -> None:
    """The deck keeps each card's whole face, upright at ``FACE_SIZE``. A face made softer and
    grainier than its photograph, with a candidate of the right suit and the wrong rank (as a
    blurred index reads), is settled as its own card, or left alone; never as another card. A
    sure reading of a black card on a red card's face is contradicted."""
    deck_path = enrolled.deck
    deck = EnrolledDeck.load(deck_path)
    width, height = FACE_SIZE
    assert deck.faces.faces.shape == (52, height, width, 3)
    rng = np.random.default_rng(28)
    settled = 0
    for k, card in enumerate(ALL_CARDS):
        face = cv2.GaussianBlur(deck.faces.faces[k], (0, 0), 1.5).astype(np.float32)
        face = np.clip(face + rng.normal(0, 6, face.shape), 0, 255).astype(np.uint8)
        turned = face[::-1, ::-1] if k % 2 else face  # either way up
        other_rank = ALL_RANKS[(ALL_RANKS.index(card.rank) + 1) % len(ALL_RANKS)]
        suits = {suit: 0.99 if suit == card.suit else 0.01 / 3 for suit in Suit}
        answer = deck.faces.settle(np.ascontiguousarray(turned), Card(other_rank, card.suit), suits)
        assert answer in (None, card), f"{card.code} settled as {answer}"
        settled += answer == card
    assert settled >= 40, f"{settled} of 52 settled"  # measured: 44
    # A sure reading of the other colour's card is contradicted by the face; its own is not.
    hearts = [k for k, card in enumerate(ALL_CARDS) if card.suit is Suit.HEARTS]
    for k in hearts:
        face = deck.faces.faces[k]
        card = ALL_CARDS[k]
        assert not deck.faces.contradicts(face, card)
        assert deck.faces.contradicts(face, Card(card.rank, Suit.SPADES)), card.code


def test_a_card_of_another_design_is_never_read_as_the_enrolled_one(
    enrolled: Enrolled,
    ornamental_faces: dict[Card, np.ndarray],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The house's deck read on a table dealt from another design: whatever the faces say,
    no card is read as one that is not there."""
    deck = enrolled.deck
    photos = []
    truth: dict[str, set[str]] = {}
    for k, condition in enumerate(("overhead", "blurred", "small")):
        photo = photograph(6_300 + k, ornamental_faces, condition, size=(1280, 720))
        path = tmp_path / f"{condition}.png"
        cv2.imwrite(str(path), photo.image)
        photos.append(str(path))
        truth[str(path)] = {c.card.code for c in photo.cards}
    _read(photos, truth, ["--deck", str(deck)], capsys)
