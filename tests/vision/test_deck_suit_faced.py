"""The suit's lean refused where the deck's own faces disown the suit (issue 28, h-twin39).

``deck_suit_leans`` puts back a card read surely without the deck that the deck leaves
uncertain naming it, when the corner network's looks lean to its suit; h-deckguard39's rank
guard asks the rank and colour too. On a fresh drawn jumbo deck (drawn-7-jumbo, the enrol
check's blurred view, seed 11,545,621) a KC is read surely as KS without the deck: both index
corners' looks (the network's 0.77 and 0.82, the glyph reader's 0.92) and the deck's own corner
examples lean to the spade, and every look reads the king, so the lean and the rank guard put
the KS back. The deck's whole faces do not: its KS face matches the card at 0.39, its KC face
at 0.86. ``deck_leans_faced`` (``FaceMatcher.disowns``) refuses a suit whose own face matches
under ``MATCH_LEAST`` where its twin's matches at least that.
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.pipeline import (
    DECK_LEANS_FACED,
    SUIT_LEANS,
    CardDetector,
    _face_of,
)
from dealer_assist.vision.synthetic import random_scene
from tests.vision.found import answer_among, answer_at
from tests.vision.photographed import ENROL_CHECK_BLURRED, enrol_check_drawn, enrolled_as_checked


@pytest.fixture(scope="module")
def jumbo_seven(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[dict[Card, np.ndarray], EnrolledDeck]:
    """The enrol check's drawn-7-jumbo (a deck drawn in the fonts kept out of building),
    enrolled as the check enrols it (its photographs from seed 9,100,000; none taken again)."""
    faces = enrol_check_drawn(7)
    return faces, enrolled_as_checked(tmp_path_factory.mktemp("jumbo-seven-photos"), faces, {})


def test_a_wrong_suit_the_looks_lean_to_is_not_put_back(
    jumbo_seven: tuple[dict[Card, np.ndarray], EnrolledDeck],
) -> None:
    """drawn-7-jumbo/blurred#11545621 (h-deckguard39's fresh seeds): the KC read surely as KS
    without the deck, uncertain with it (naming the KS; its KS and KC faces not told apart).
    The lean and the rank guard alone put the KS back; with the faces' guard (as the lean
    runs by default) it stays uncertain. The faces disown the KS there, not the KC."""
    faces, deck = jumbo_seven
    kc = parse_card("KC")
    assert not deck.faces.told_apart(kc)
    scene = random_scene(11_545_621, faces, style=ENROL_CHECK_BLURRED)
    placed = next(c for c in scene.cards if c.card == kc)
    assert answer_at(CardDetector(), scene.image, placed) == "KS"
    model = cast(GlyphModel, deck)
    assert answer_at(CardDetector(model=model), scene.image, placed) == "uncertain"
    unguarded = CardDetector(
        model=model,
        deck_suit_leans=SUIT_LEANS,
        deck_leans_faced=False,
        deck_leans_paired=False,  # h-lean40's guard refuses the KS too: h-deckguard39's rule
    )
    assert answer_at(unguarded, scene.image, placed) == "KS"
    guarded = CardDetector(model=model, deck_suit_leans=SUIT_LEANS)
    assert guarded.deck_leans_faced
    assert answer_among(guarded.detect(scene.image), placed) == "uncertain"
    plain = CardDetector().analyse(scene.image)
    sure = next(d for d in plain.detections if answer_among([d], placed) != "missed")
    face, mask = _face_of(scene.image, sure, plain)
    assert deck.faces.disowns(face, parse_card("KS"), mask)
    assert not deck.faces.disowns(face, kc, mask)


def test_the_faces_guard_is_on_with_the_lean() -> None:
    """``deck_leans_faced`` is on by default: it runs only inside ``deck_suit_leans``."""
    assert DECK_LEANS_FACED
    assert CardDetector().deck_leans_faced
