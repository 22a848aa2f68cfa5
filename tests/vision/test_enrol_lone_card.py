"""Enrolment looks at one card alone on the felt: the finder's look again at smaller card sizes
(``FinderSettings.blind_ratios``, for touching cards beside a layout's boxes when no card reads
surely) is not asked there. A design the reader does not know reads no card surely, so that
step ran on nearly every photograph of a drawn deck: 46 of its 61 s of enrolment (session 30)."""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import parse_card
from dealer_assist.vision import enrol as enrol_module
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.drawn_decks import TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.synthetic import random_scene
from tests.vision.conftest import PHOTO_STYLE

CHECK_SEED = 9_100_000  # scripts/vision_enrol_check.py's drawn styles


def test_a_photograph_is_looked_at_without_the_blind_sizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """drawn-2's 9C, photographed as test_face_rank_seen's deck is (seed 10,711,000 plus its
    place): the reader alone reads it uncertain, so a frame's reading looks again at smaller
    sizes; enrolment's look at the photograph does not, and still cuts both index corners."""
    faces = render_drawn(
        random_style(np.random.default_rng(CHECK_SEED + 2), jumbo=False, fonts=TEST_FONTS), seed=2
    )
    card = parse_card("9C")
    photo = random_scene(
        10_711_000 + enrol_module.ALL_CARDS.index(card), faces, style=PHOTO_STYLE, cards=[card]
    )
    calls: list[int] = []
    blind = CardDetector._blind_sized_cards

    def counted(self: CardDetector, *args: object, **kwargs: object) -> None:
        calls.append(1)
        blind(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(CardDetector, "_blind_sized_cards", counted)
    assert all(d.card is None for d in CardDetector().detect(photo.image))
    assert calls, "the frame's reading looks again at smaller sizes"
    calls.clear()
    looked = enrol_module._look(
        photo.image, card, "9C.jpg", GlyphModel.load(), CornerModel.shared()
    )
    assert not calls
    assert not looked.problem and len(looked.rank_vectors) == 2
