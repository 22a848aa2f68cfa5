"""Black print that does not measure neutral (issue 28, h-ink48): a deck whose "black" is a warm
dark brown or red-grey, under a warm light, measures as only marginally red ink, and the judge's
``ink`` rule ruled the black suits out of its black cards (held-out set 574's largest rule: 23
black cards of one held-out design). ``FinderSettings.warm_black`` (off by default) lets ink
only marginally red (``RED_INK`` to ``WARM_BLACK_RED`` past green and blue) rule no suit out.

The scenes are building designs with their black print recoloured (``lens_scenes.black_tinted``)
photographed by the bench's generator under a warm light (``Condition.warm``), as
scripts/vision_ink_tint.py makes them (seeds 13,470,000 on, session 48's)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import BLACK_SUITS, RED_SUITS, Card, Suit
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.lens_scenes import CONDITIONS, black_tinted, photograph
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import on_true_card

OFF = FinderSettings()
ON = replace(OFF, warm_black=True)
BROWN = (120, 70, 35)  # scripts/vision_ink_tint.py's TINTS["brown"] (R, G, B)
WARM = 0.3


def test_the_lever_ships_off() -> None:
    assert FinderSettings().warm_black is False


def _unlike(
    finder: FinderSettings, colour: tuple[float, float, float], standard: bool = True
) -> frozenset[Suit]:
    detector = CardDetector(model=GlyphModel.load(), finder=finder, standard_colours=standard)
    return detector._suits_unlike(colour)


def test_only_marginally_red_ink_is_let_off() -> None:
    """A warm black's ink (B, G, R over the paper's: red 0.22 past green) rules the black suits
    out with the lever off and nothing on; true red ink (0.6 past) and a black ink keep their
    rules either way; a deck not in the standard inks rules nothing out either way."""
    warm = (0.12, 0.24, 0.46)
    red = (0.25, 0.3, 0.9)
    black = (0.1, 0.1, 0.12)
    assert _unlike(OFF, warm) == BLACK_SUITS
    assert _unlike(ON, warm) == frozenset()
    assert _unlike(OFF, red) == _unlike(ON, red) == BLACK_SUITS
    assert _unlike(OFF, black) == _unlike(ON, black) == RED_SUITS
    for finder in (OFF, ON):
        for colour in (warm, red, black):
            assert _unlike(finder, colour, standard=False) == frozenset()


def _answers(
    faces: dict[Card, np.ndarray], seed: int, condition: str, finder: FinderSettings
) -> dict[str, list[str]]:
    """Per true card of the warm-lit photograph, the answers of the detections on it ("?":
    uncertain, its candidate after it)."""
    photo = photograph(seed, faces, replace(CONDITIONS[condition], warm=WARM))
    detections = CardDetector(model=GlyphModel.load(), finder=finder).analyse(photo.image).reported
    return {
        true.card.code: [
            d.card.code if d.card is not None else f"?{d.candidate.code if d.candidate else ''}"
            for d in on_true_card(true, detections)
        ]
        for true in photo.cards
    }


@pytest.mark.parametrize(
    ("design", "seed", "condition", "codes"),
    [
        ("anglo", 13_470_004, "blurred", ("3C", "8S")),
        ("simplistic", 13_473_006, "light", ("QS", "9C")),
    ],
)
def test_a_brown_black_card_read_with_the_lever(
    check_faces: dict[str, dict[Card, np.ndarray]],
    design: str,
    seed: int,
    condition: str,
    codes: tuple[str, ...],
) -> None:
    """The design's black print a dark brown (``BROWN`` at 0.75) under a warm light: the black
    cards ``codes`` are uncertain by the ink rule with the lever off (their candidates right)
    and read exactly on; no card of the frame is read wrongly either way, and the red cards
    answer as off."""
    faces = black_tinted(check_faces[design], BROWN, 0.75)
    before = _answers(faces, seed, condition, OFF)
    after = _answers(faces, seed, condition, ON)
    for code in codes:
        assert before[code] == [f"?{code}"]
        assert after[code] == [code]
    for answers in (before, after):
        for true, found in answers.items():
            assert all(a.startswith("?") or a == true for a in found)
    red = {Suit.HEARTS.value, Suit.DIAMONDS.value}
    assert {k: v for k, v in before.items() if k[-1] in red} == {
        k: v for k, v in after.items() if k[-1] in red
    }
