"""With the house's deck, a number card the deck's faces leave uncertain is judged again by its
middle (``CardDetector.deck_looks``, issue 28, h-deck15). A deck drawn in the fonts kept out of
building is enrolled from photographs of the building generator (as
scripts/vision_enrol_check.py enrols it) and read on a noisy scene of the building check."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.drawn_decks import TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.photographed import enrolled_from_photographs

# As scripts/vision_enrol_check.py: its first drawn deck, its photographs and its seeds.
SEED = 9_100_000
PHOTO_STYLE = synthetic.SceneStyle(camera_tilt_deg=(0.0, 20.0), rotation_deg=180.0, glare=0.2)
NOISY_SCENE = 9_150_912  # drawn-0/noisy: its 6S the faces leave uncertain


@pytest.fixture(scope="module")
def drawn_deck(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[dict[Card, np.ndarray], EnrolledDeck]:
    """The check's first drawn deck, enrolled; a photograph refused is taken again (its AH at
    the first take: no card found)."""
    style = random_style(np.random.default_rng(SEED), jumbo=False, fonts=TEST_FONTS)
    faces = render_drawn(style, seed=0)
    folder = tmp_path_factory.mktemp("drawn-photos")
    deck = enrolled_from_photographs(
        folder, faces, seed=SEED, attempt_step=100_000, style=PHOTO_STYLE, taken_again={"AH": 1}
    )
    return faces, deck


def test_the_middle_look_settles_a_card_the_faces_leave_uncertain(
    drawn_deck: tuple[dict[Card, np.ndarray], EnrolledDeck],
) -> None:
    faces, deck = drawn_deck
    scene = synthetic.random_scene(NOISY_SCENE, faces, style=synthetic.NOISY)

    def on(detections: list[CardDetection], card: synthetic.PlacedCard) -> list[CardDetection]:
        """The detections whose centre lies on the card (as the building check counts)."""
        outline = np.array(card.corners, np.float32).reshape(-1, 1, 2)
        return [d for d in detections if cv2.pointPolygonTest(outline, d.center, False) >= 0]

    (six,) = [card for card in scene.cards if card.card == parse_card("6S")]
    model = cast(GlyphModel, deck)  # an enrolled deck answers as a glyph model does
    # h-deck38's deck_suit_leans off, and h-twins48's deck_doubts_when_leaning: each puts the
    # six read surely without the deck back before any look of the deck's
    # (this is the middle look's test).
    no_lean = replace(FinderSettings(), deck_doubts_when_leaning=0.0)
    faces_alone = CardDetector(
        model=model, finder=no_lean, deck_looks="off", deck_suit_leans=0.0
    ).detect(scene.image)
    shipped = CardDetector(model=model, finder=no_lean, deck_suit_leans=0.0).detect(scene.image)
    # The faces alone leave the six uncertain (its candidate the six, its suit unsure) ...
    assert on(faces_alone, six) and all(d.card is None for d in on(faces_alone, six))
    # ... its middle's six pips, their ink and their suit read upright settle it.
    assert [d.card for d in on(shipped, six)] == [six.card]
    # With the lean on (0.01, as measured) the faces alone keep the six (read surely
    # without the deck).
    lean = replace(FinderSettings(), deck_doubts_when_leaning=0.01)
    leaning = CardDetector(model=model, finder=lean, deck_looks="off", deck_suit_leans=0.0).detect(
        scene.image
    )
    assert [d.card for d in on(leaning, six)] == [six.card]
    for card in scene.cards:
        # No card read wrong, and none read with the faces alone lost.
        assert all(d.card in (None, card.card) for d in on(shipped, card))
        if any(d.card == card.card for d in on(faces_alone, card)):
            assert any(d.card == card.card for d in on(shipped, card)), card.card.code
