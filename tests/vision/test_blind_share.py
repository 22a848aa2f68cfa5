"""A frame's card size taken from a layout's printed boxes, not from a card (issue 28,
h-nocard46; ``FinderSettings.blind_share``, on by default since session 48; these tests
compare it on and off).

Without a layout the finder guesses the card size from the blobs' straight sides. Small cards
dealt on a layout's printed boxes let the boxes vote: the finding chosen reads no card surely,
and step 13 (``_corner_cards``) then lays a card at that size from a joined blob's corner, read
surely by one index of the cards under it while it lies over two pairs. Its index share (the
index's height over the shape's) says the size is too large; with the lever on, such cards are
taken out again and the blind sizes (``FinderSettings.blind_ratios``) are tried. The scene is
the bench generator's photograph of a building design (benchmarks/bench_camera_scenes.py
``--designs anglo,tango,ornamental,simplistic --first 900``)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.pipeline import (
    SHARE_LOW,
    CardDetection,
    CardDetector,
    FrameAnalysis,
    _unsized_out,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_cards

OFF = replace(FinderSettings(), blind_share=False)
ON = replace(FinderSettings(), blind_share=True)


def _found(
    faces: dict[Card, np.ndarray], seed: int, condition: str, finder: FinderSettings
) -> tuple[list[int], int, int, list[Card]]:
    photo = photograph(seed, faces, condition)
    detector = CardDetector(model=GlyphModel.load(), finder=finder)
    reported = detector.analyse(photo.image).reported
    counts, nowhere, wrong = found_on_cards(reported, list(photo.cards))  # type: ignore[arg-type]
    return counts, nowhere, wrong, [c.card for c in photo.cards]


def test_the_lever_ships_on() -> None:
    """On since session 48 (h-levers48)."""
    assert FinderSettings().blind_share is True


def test_a_card_size_from_printed_boxes_is_tried_smaller(
    ornamental_faces: dict[Card, np.ndarray],
) -> None:
    """ornamental/clutter#33904967: four cards (4D under 6S, 4H under AS) dealt on a baccarat
    layout's boxes under glare. The boxes voted a card size 1.7 times the cards' and nothing
    read surely there; step 13 laid a 4D over both pairs (index share 0.164): a detection where
    no card is, the four cards missed. With the lever the three cards on top are read surely
    (the 4D, mostly under the 6S, stays missed); nothing where no card is, nothing wrong."""
    counts, nowhere, wrong, cards = _found(ornamental_faces, 33_904_967, "clutter", OFF)
    assert cards == [parse_card(c) for c in ("4D", "6S", "4H", "AS")]
    assert (counts, nowhere) == ([0, 0, 0, 0], 1)
    counts, nowhere, wrong, _ = _found(ornamental_faces, 33_904_967, "clutter", ON)
    assert (counts, nowhere, wrong) == ([0, 1, 1, 1], 0, 0)


_SQUARE = ((0.0, 0.0), (50.0, 0.0), (50.0, 70.0), (0.0, 70.0))


def _sure(code: str) -> CardDetection:
    card = parse_card(code)
    return CardDetection(card, 1.0, _SQUARE, (25.0, 35.0), None, card)


def test_only_cards_whose_shares_say_too_large_are_taken_out() -> None:
    """``_unsized_out`` takes out step 13's cards only when their median index share is under
    ``SHARE_LOW``; at a share that fits, the finding is left as it is."""
    added = [_sure("4D")]
    analysis = FrameAnalysis(detections=list(added), quads=[np.asarray(_SQUARE)])
    analysis.shares = [SHARE_LOW + 0.01]
    analysis.corners_agree = [True]
    unsure = [replace(_sure("6S"), card=None)]
    assert not _unsized_out(analysis, added, unsure)
    assert len(analysis.detections) == 1 and len(added) == 1 and len(unsure) == 1
    analysis.shares = [SHARE_LOW - 0.01]
    assert _unsized_out(analysis, added, unsure)
    assert analysis.detections == [] and analysis.shares == [] and analysis.corners_agree == []
    assert analysis.quads == [] and added == [] and unsure == []


def test_a_card_with_no_share_measured_is_kept() -> None:
    """A card of step 13 whose share was not measured says nothing against the size."""
    added = [_sure("4D"), _sure("6S")]
    analysis = FrameAnalysis(detections=list(added), quads=[])
    analysis.shares = [0.1, None]
    analysis.corners_agree = [True, True]
    assert not _unsized_out(analysis, added, [])
    assert len(analysis.detections) == 2
