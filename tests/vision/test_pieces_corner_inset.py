"""A card cut into two diagonal pieces, both read surely as it, is reported once when the paper
test at the whole's free corners looks a little in from them and the whole is laid along both
pieces' own sides (issue 28, h-twice49; ``FinderSettings.pieces_corner_inset``,
``pipeline._paper_at``; ``FinderSettings.pieces_perspective``, ``duplicates.diagonal_pieces``).

No card reported twice was found on the bench generator's building photographs (h-twice49:
tilted and clutter, four designs). The kind was made by construction instead: the finding
chosen for a tilted photograph replaced by one holding a card's two diagonal pieces at 0.62 of
its sides (a card size taken too small, h-size41's kind), each holding one index corner. Both
read the card surely; ``duplicates.one_per_card`` keeps both (neither centre lies on the other
piece), and ``CardDetector._join_pieces`` finds the whole and reads it surely, but its paper
test at one free corner measured 0.73 of the patch on paper (``PAPER_AT_CORNER`` 0.8): the
patch at the corner straddles the rough mask's edge; on another (anglo/tilted#13599102's 9D)
the whole laid parallel to one piece's sides is not card-shaped, the card's sides converging.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.duplicates import diagonal_pieces
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.pipeline import (
    CardDetection,
    CardDetector,
    _Finding,
    _paper_at,
)
from dealer_assist.vision.quads import FinderSettings

OFF = FinderSettings()
ON = replace(OFF, pieces_corner_inset=0.05, pieces_perspective=True)
SHARE = 0.62  # each piece this share of the card's sides, at two opposite (index) corners


def test_the_levers_ship_off() -> None:
    assert FinderSettings().pieces_corner_inset == 0.0
    assert FinderSettings().pieces_perspective is False


def _mask_of(quad: np.ndarray, size: int = 200) -> np.ndarray:
    mask = np.zeros((size, size), np.uint8)
    cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 255)
    return mask


WHOLE = np.array([[40.0, 30.0], [140.0, 30.0], [140.0, 170.0], [40.0, 170.0]])


def test_a_card_in_the_clear_has_paper_in_from_its_corner() -> None:
    """The rough mask's paper a pixel or two inside the whole's sides (as it lies along a card's
    edge): the patch at the corner itself is under ``PAPER_AT_CORNER`` on paper, the patch in
    by 0.05 of the sides is on paper."""
    mask = _mask_of(WHOLE + np.array([[3, 3], [-3, 3], [-3, -3], [3, -3]]))
    assert not _paper_at(mask, WHOLE, 1)
    assert _paper_at(mask, WHOLE, 1, 0.05)


def test_two_cards_dealt_overlapping_leave_felt_in_from_the_corner() -> None:
    """Two cards of one size dealt overlapping, each 0.77 of their whole's sides (the largest
    piece ``duplicates.PIECE_SHARES`` allows): the felt at the whole's two free corners refuses
    the patch in by 0.05 too."""
    first = np.array([[40.0, 30.0], [117.0, 30.0], [117.0, 138.0], [40.0, 138.0]])
    second = first + np.array([23.0, 32.0])
    mask = cv2.bitwise_or(_mask_of(first), _mask_of(second))
    for corner in (1, 3):
        assert not _paper_at(mask, WHOLE, corner)
        assert not _paper_at(mask, WHOLE, corner, 0.05)


def _in_perspective(points: np.ndarray) -> np.ndarray:
    """Plane points (a card 63 x 88 at the origin) as a camera tilted about 25 degrees sees
    them: the card's far side shorter than its near one."""
    plane = np.array([[0.0, 0.0], [63.0, 0.0], [63.0, 88.0], [0.0, 88.0]], np.float32)
    image = np.array([[110.0, 40.0], [190.0, 40.0], [205.0, 160.0], [95.0, 160.0]], np.float32)
    warp = cv2.getPerspectiveTransform(plane, image)
    seen = cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), warp)
    return seen.reshape(-1, 2)


def test_the_whole_of_two_pieces_in_perspective() -> None:
    """Two diagonal pieces of 0.62 of a card's sides, laid on the table and seen tilted: laid
    parallel to the first piece, the whole is no card (None); along each piece's own sides it
    is the card, to a pixel."""
    card = np.array([[0.0, 0.0], [63.0, 0.0], [63.0, 88.0], [0.0, 88.0]])
    top = card * SHARE
    bottom = card[2] + (card - card[2]) * SHARE
    one, other = _in_perspective(top), _in_perspective(bottom)
    assert diagonal_pieces(one, other) is None
    found = diagonal_pieces(one, other, perspective=True)
    assert found is not None
    whole, free = found
    assert free == [1, 3]
    assert np.abs(whole - _in_perspective(card)).max() < 1.0


def _diagonal_pieces(corners: np.ndarray) -> list[np.ndarray]:
    """The card's two pieces of ``SHARE`` of its sides at its top-left and bottom-right corners
    (the index corners), each card-shaped, overlapping in its middle."""
    top, bottom = corners[0], corners[2]
    return [
        np.array([top + SHARE * (c - top) for c in corners]),
        np.array([bottom + SHARE * (c - bottom) for c in corners]),
    ]


def _on(card: np.ndarray, detections: list[CardDetection]) -> list[CardDetection]:
    outline = np.asarray(card, np.float32).reshape(-1, 1, 2)
    return [
        d
        for d in detections
        if cv2.pointPolygonTest(outline, (float(d.center[0]), float(d.center[1])), False) >= 0
    ]


def _read_with_pieces(
    monkeypatch: pytest.MonkeyPatch,
    faces: dict[Card, np.ndarray],
    seed: int,
    code: str,
    angle: float,
    finder: FinderSettings,
) -> list[CardDetection]:
    """The detections on the card ``code`` of a tilted photograph of it and a 2C, the finding
    chosen replaced by the card's diagonal pieces and the 2C's outline (the rough view the
    reader chose kept: ``_join_pieces`` looks at its mask)."""
    photo = photograph(
        seed,
        faces,
        "tilted",
        cards=[parse_card(code), parse_card("2C")],
        placements=[(0.0, 0.0, angle), (150.0, 10.0, 0.0)],
    )
    assert [c.card.code for c in photo.cards] == [code, "2C"]
    card = np.array(photo.cards[0].corners, np.float64)
    quads = [*_diagonal_pieces(card), np.array(photo.cards[1].corners, np.float64)]
    real = CardDetector._choose

    def choose(
        self: CardDetector, frame: np.ndarray, *, with_deck: bool
    ) -> tuple[object, _Finding]:
        real(self, frame, with_deck=with_deck)
        found = _Finding(quads, None, 0.1, [False] * len(quads))
        return self._analysis_of(frame, found, with_deck=with_deck, printed=False), found

    monkeypatch.setattr(CardDetector, "_choose", choose)
    return _on(card, CardDetector(finder=finder).analyse(photo.image).reported)


@pytest.mark.parametrize(
    ("seed", "code", "angle"), [(13_599_101, "TH", 40.0), (13_599_102, "9D", 60.0)]
)
def test_a_card_in_two_diagonal_pieces_is_reported_once_with_it_on(
    monkeypatch: pytest.MonkeyPatch,
    building_faces: dict[Card, np.ndarray],
    seed: int,
    code: str,
    angle: float,
) -> None:
    """anglo/tilted#13599101's TH and #13599102's 9D in two diagonal pieces: off, both pieces
    read the card surely and both are reported (a card twice); on, the whole is read once,
    surely, as the card."""
    card = parse_card(code)
    off = _read_with_pieces(monkeypatch, building_faces, seed, code, angle, OFF)
    assert [(d.card, d.confidence >= 0.99) for d in off] == [(card, True), (card, True)]
    on = _read_with_pieces(monkeypatch, building_faces, seed, code, angle, ON)
    assert [d.card for d in on] == [card]
