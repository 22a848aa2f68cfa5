"""Cards missed as ``noquad:merged`` on the bench's building-design photographs (issue 28,
h-merged47): laid on the mask's bare pieces at the sure card size (``bare_cards``), and the
middle card of a hand laid between a card read surely and one reported uncertain
(``hand_between_unsure``). Both on by default since session 48 (h-levers48); each test turns
one on, against both off.

The bench's photographs (``benchmarks/bench_camera_scenes.py``'s seeds, numbered 1200 on:
``scripts/vision_lens_merged.py --bench-first 1200``) of the building designs only.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.refit import bare_piece_cards
from tests.vision.found import found_by_lever

OFF = replace(FinderSettings(), bare_cards=False, hand_between_unsure=False)
BARE = replace(OFF, bare_cards=True)
BETWEEN = replace(OFF, hand_between_unsure=True)
SIDES = (80.0, 112.0)
KWARGS = {"size_off": 0.2, "least": 0.35, "most": 2.15}


def test_both_ship_on() -> None:
    assert FinderSettings().bare_cards is True
    assert FinderSettings().hand_between_unsure is True


def _rectangle(x: float, y: float, width: float, length: float) -> np.ndarray:
    return np.array([[x, y], [x + width, y], [x + width, y + length], [x, y + length]])


def _has(laid: list[np.ndarray], quad: np.ndarray) -> bool:
    return any(polygon_iou(one, quad) > 0.97 for one in laid)


def test_a_piece_a_card_s_size_is_that_card() -> None:
    laid = bare_piece_cards(_rectangle(100, 50, 84, 108), SIDES, **KWARGS)
    assert _has(laid, _rectangle(102, 48, 80, 112))


def test_a_card_s_part_is_laid_flush_with_either_end() -> None:
    """Half a card's width showing beside the card dealt over it: the card lies under it on
    one side or the other; the piece's far end is the card's edge."""
    laid = bare_piece_cards(_rectangle(100, 50, 40, 112), SIDES, **KWARGS)
    assert _has(laid, _rectangle(100, 50, 80, 112))
    assert _has(laid, _rectangle(60, 50, 80, 112))


def test_two_cards_touching_are_laid_at_either_end() -> None:
    """Two cards side by side make a piece of card proportions twice a card's area: a card at
    each end, not one large card."""
    laid = bare_piece_cards(_rectangle(100, 50, 160, 112), SIDES, **KWARGS)
    assert _has(laid, _rectangle(100, 50, 80, 112))
    assert _has(laid, _rectangle(180, 50, 80, 112))
    assert not _has(laid, _rectangle(140, 50, 80, 112))


def test_no_card_in_a_sliver_or_a_piece_of_three() -> None:
    for piece in (_rectangle(100, 50, 20, 112), _rectangle(100, 50, 260, 112)):
        assert bare_piece_cards(piece, SIDES, **KWARGS) == []


def test_the_end_card_of_a_hand_on_its_bare_piece_is_read_surely(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """simplistic/light#30493230 (the bench's photograph 1230, 13 degrees off vertical): the QS
    dealt over the KH at the end of a hand of three, whole in view and missed as
    ``noquad:merged``; laid on the piece the KH and the 3D leave bare it reads surely at both
    corners, nothing else changes."""
    found = found_by_lever(check_faces["simplistic"], 30_493_230, "light", "QS", off=OFF, on=BARE)
    assert found.card is not None


def test_the_middle_card_beside_an_uncertain_end_is_read_surely(
    ornamental_faces: dict[Card, np.ndarray],
) -> None:
    """ornamental/clutter#33905215 (the bench's photograph 1215): the TH dealt between the AD,
    reported uncertain, and the 5D read surely; laid between them it reads surely, nothing
    else changes. ``hand_between`` alone never pairs the uncertain AD."""
    found = found_by_lever(ornamental_faces, 33_905_215, "clutter", "TH", off=OFF, on=BETWEEN)
    assert found.card is not None


def test_a_cluttered_middle_card_left_unlaid_is_found_uncertain_on_its_piece(
    tango_faces: dict[Card, np.ndarray],
) -> None:
    """tango/clutter#11871312 (test_outlined_under's scene): the 7S between the 3S and the 7C,
    missed with ``hand_between`` and ``outlined_under`` off, is laid on its bare piece by
    ``bare_cards`` and kept uncertain, its candidate the 7S; nothing else changes
    (h-levers48: why test_outlined_under sets ``bare_cards`` off)."""
    unlaid = replace(OFF, hand_between=False, outlined_under=False)
    found = found_by_lever(
        tango_faces, 11_871_312, "clutter", "7S", off=unlaid, on=replace(unlaid, bare_cards=True)
    )
    assert found.card is None
    assert found.candidate is not None and found.candidate.code == "7S"
