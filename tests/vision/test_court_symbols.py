"""An uncertain court card judged again by the suit symbols beyond its index (issue 28, h-court45).

A court has no pips, and at a small index the readers split its suit (the black suits most).
Most designs print a suit symbol beyond the index: anglo's and simplistic's large one right of
the index, tango's small ones in the corners without an index. ``FinderSettings.court_symbols``
reads them (``court_suits.court_symbols``) and judges a court still uncertain whose rank is sure
once more, its looks' split of the colour's two suits set aside and the symbols' suit in its
place. On by default since session 46 (off: ``court_symbols=False``).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, Suit, parse_card
from dealer_assist.vision.court_suits import Symbol, SymbolSettings, court_symbols, symbols_suit
from dealer_assist.vision.pipeline import (
    BLACK_SUITS,
    RED_SUITS,
    CardDetector,
    _Reading,
    _split_aside,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answer_in_scene

OFF = FinderSettings(court_symbols=False)


def test_court_symbols_ships_on() -> None:
    assert FinderSettings().court_symbols is True
    assert CardDetector().finder.court_symbols is True


def _laid(face: np.ndarray, width: int = 90) -> tuple[np.ndarray, np.ndarray]:
    """``face`` (BGRA) laid flat on a green felt, ``width`` pixels wide, turned a little; the
    frame and the card's corners (the face's top-left first, clockwise)."""
    alpha = face[:, :, 3:4].astype(np.float32) / 255.0
    bgr = (face[:, :, :3] * alpha + 255 * (1 - alpha)).astype(np.uint8)
    h, w = bgr.shape[:2]
    height = round(width * h / w)
    frame = np.full((height + 120, width + 120, 3), (40, 110, 30), np.uint8)
    corners = np.array([[60, 58], [60 + width, 62], [58 + width, 62 + height], [58, 58 + height]])
    matrix = cv2.getPerspectiveTransform(
        np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32), corners.astype(np.float32)
    )
    warped = cv2.warpPerspective(bgr, matrix, frame.shape[1::-1], flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), matrix, frame.shape[1::-1])
    frame[mask > 0] = warped[mask > 0]
    return frame, corners.astype(np.float32)


@pytest.mark.parametrize(
    ("design", "code"),
    [("anglo", "QC"), ("anglo", "QS"), ("simplistic", "KC"), ("tango", "JS"), ("tango", "QD")],
)
def test_the_symbols_name_the_suit(
    check_faces: dict[str, dict[Card, np.ndarray]], design: str, code: str
) -> None:
    card = parse_card(code)
    frame, quad = _laid(check_faces[design][card])
    model = CardDetector().model
    symbols = court_symbols(frame, quad, model, SymbolSettings())
    colour = BLACK_SUITS if card.suit in BLACK_SUITS else RED_SUITS
    found = symbols_suit(symbols, colour, SymbolSettings())
    assert found is not None and found[0] is card.suit


def test_a_design_without_symbols_names_none(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """Ornamental prints nothing beyond its index: no suit (never one guessed from the
    picture)."""
    model = CardDetector().model
    for code in ("JS", "QC", "KS"):
        frame, quad = _laid(check_faces["ornamental"][parse_card(code)])
        symbols = court_symbols(frame, quad, model, SymbolSettings())
        assert symbols_suit(symbols, BLACK_SUITS, SymbolSettings()) is None


def test_a_symbol_under_another_outline_is_left_out(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """A component meeting another reported outline may be that card's ink: left out."""
    frame, quad = _laid(check_faces["anglo"][parse_card("KS")])
    model = CardDetector().model
    both = court_symbols(frame, quad, model, SymbolSettings())
    # Another card's outline over the top end's band (the bottom end's stays clear).
    over = np.array([[100, 40], [170, 40], [170, 90], [100, 90]], np.float32)
    one = court_symbols(frame, quad, model, SymbolSettings(), [over])
    assert len(both) > len(one) >= 1
    # An outline over the whole card: nothing is looked at.
    everywhere = np.array([[0, 0], [300, 0], [300, 400], [0, 400]], np.float32)
    assert court_symbols(frame, quad, model, SymbolSettings(), [everywhere]) == []


def test_the_vote_needs_every_sure_symbol_to_agree() -> None:
    spade = Symbol(np.array([0.95, 0.0, 0.0, 0.05, 0.0], np.float32), None)
    club = Symbol(np.array([0.02, 0.0, 0.0, 0.98, 0.0], np.float32), None)
    junk = Symbol(np.array([0.0, 0.0, 0.0, 0.4, 0.6], np.float32), None)
    unsure = Symbol(np.array([0.6, 0.0, 0.0, 0.4, 0.0], np.float32), None)
    red = Symbol(np.array([0.0, 0.9, 0.1, 0.0, 0.0], np.float32), None)
    settings = SymbolSettings()
    found = symbols_suit([club, club, junk, unsure, red], BLACK_SUITS, settings)
    assert found is not None and found[0] is Suit.CLUBS
    assert symbols_suit([club, club, spade], BLACK_SUITS, settings) is None
    assert symbols_suit([club, junk, unsure], BLACK_SUITS, settings) is None


def test_split_aside_keeps_the_colour() -> None:
    look = _Reading(None, np.array([0.1, 0.6, 0.2, 0.1], np.float32))
    aside = _split_aside(look, Suit.DIAMONDS)
    assert aside.suit is not None
    assert aside.suit[1] == pytest.approx(0.4, abs=1e-3) and aside.suit[2] > aside.suit[1]
    assert aside.suit[0] == pytest.approx(0.1) and aside.suit[3] == pytest.approx(0.1)


@pytest.mark.parametrize(
    ("label", "code", "candidate"),
    [
        # The network JC at both corners (club 0.49 and 0.89), the glyph reader JS 0.87 sure at
        # one: uncertain, its candidate the wrong suit. Simplistic's large clubs right of the
        # rank at both ends read 1.00 club.
        ("simplistic/harsh#7900002", "JC", "JS"),
        # A red court in the dim style: the network QD at both corners, 0.71 and 0.80 diamond,
        # the glyph reader 9D 0.19 sure of its rank. Anglo's large diamonds beside the index.
        ("anglo/dim#7900009", "QD", "QD"),
    ],
)
def test_an_uncertain_court_is_read_by_its_symbols(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str, candidate: str
) -> None:
    before, answers_off = answer_in_scene(check_faces, label, code, CardDetector(finder=OFF))
    assert before.card is None and before.candidate == parse_card(candidate)
    after, answers_on = answer_in_scene(check_faces, label, code, CardDetector())
    assert after.card == parse_card(code)
    assert after.corners == before.corners  # the same card, only judged again
    # Nothing else in the scene answered otherwise, and no wrong read.
    assert len(answers_on) == len(answers_off)
    assert all(d.card is None or d.card == truth for d, truth in answers_on)
    changed = [
        truth
        for (a, truth), (b, _) in zip(answers_off, answers_on, strict=True)
        if a.card != b.card
    ]
    assert changed == [parse_card(code)]
