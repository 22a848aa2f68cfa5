"""The deck's doubt between twins it cannot tell apart (issue 28, h-deck38).

On the building check the enrolled deck turned 11 cards the reader alone reads exactly into
uncertain ones. Ten of them the deck left uncertain naming that same card: 2C, 3C and AC whose
suit the looks again without the deck settled (the deck's reading skips them), and two 7S the
reader alone found again at a corner. The deck cannot tell those faces from their twins' and
the corner network's looks do not tell the suit at ``SUIT_SURE``, so h-deck33's rule left them
uncertain. They are put back when the network's looks lean to the suit
(``deck_suit_leans``); h-deck29's 5C, read 5S without the deck with the looks 0.49 for the
spade, stays uncertain (test_deck_keeps_sure).
"""

from __future__ import annotations

from typing import cast

import numpy as np
import pytest

from dealer_assist.cards import Card, Suit, parse_card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.pipeline import (
    DECK_SUIT_LEANS,
    CardDetector,
    _Reading,
    _suit_leans,
)
from dealer_assist.vision.synthetic import CHECK_STYLES, random_scene
from tests.vision.conftest import PHOTO_STYLE
from tests.vision.found import answer_among, answer_at
from tests.vision.photographed import enrolled_from_photographs

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # the readers' order


def _suits(spade: float, heart: float, diamond: float, club: float, **kw: float) -> _Reading:
    return _Reading(None, np.array([spade, heart, diamond, club]), network=True, **kw)


def test_the_looks_lean_to_a_suit_taken_together() -> None:
    """anglo/dim#7900003's 2C: one corner 0.88 spade, the other 0.91 club; taken together
    0.64 for the club. h-deck29's 5C read 5S: one corner 0.425 spade, 0.438 club."""
    two = [_suits(0.877, 0.019, 0.023, 0.08), _suits(0.047, 0.018, 0.022, 0.912)]
    assert _suit_leans(two, Suit.CLUBS, DECK_SUIT_LEANS)
    assert not _suit_leans(two, Suit.SPADES, DECK_SUIT_LEANS)
    assert not _suit_leans(two, Suit.CLUBS, 0.7)
    five = [_suits(0.425, 0.007, 0.129, 0.438)]
    assert not _suit_leans(five, Suit.SPADES, DECK_SUIT_LEANS)
    # A look under another card's outline, or the glyph reader's, does not count either way;
    # with no look in the open nothing leans against the suit.
    shadowed = [_suits(0.9, 0.0, 0.0, 0.1, overlap=0.5)]
    assert _suit_leans(shadowed, Suit.CLUBS, DECK_SUIT_LEANS)
    glyphs = [_Reading(None, np.array([0.9, 0.0, 0.0, 0.1]), network=False)]
    assert _suit_leans(glyphs, Suit.CLUBS, DECK_SUIT_LEANS)
    assert _suit_leans([], Suit.HEARTS, DECK_SUIT_LEANS)


@pytest.fixture(scope="module")
def tango_deck(
    tango_faces: dict[Card, np.ndarray], tmp_path_factory: pytest.TempPathFactory
) -> EnrolledDeck:
    """tango enrolled as ``scripts/vision_enrol_check.py`` enrols it (its photographs from seed
    9,100,000, each retake 100,000 on; the AH taken again), as ``vision_tilted.py --deck``."""
    return enrolled_from_photographs(
        tmp_path_factory.mktemp("tango-photos"),
        tango_faces,
        seed=9_100_000,
        attempt_step=100_000,
        style=PHOTO_STYLE,
        taken_again={"AH": 1},
    )


def test_a_card_read_surely_without_the_deck_is_not_lost_to_its_doubt(
    tango_deck: EnrolledDeck, tango_faces: dict[Card, np.ndarray]
) -> None:
    """tango/tilted#11441000 (h-deck38's fresh seeds): the JS the reader alone reads surely
    (made sure as the finding is finished) is disputed at 0.5 naming the JS with the deck,
    whose JS and JC faces are not told apart and whose network looks do not tell the spade at
    ``SUIT_SURE``:
    uncertain with ``deck_suit_leans`` off, as before; the JS with it, the looks leaning to the
    spade. No other answer of the scene changes, and none names a card not dealt."""
    scene = random_scene(11_441_000, tango_faces, style=CHECK_STYLES["tilted"])
    jack = next(c for c in scene.cards if c.card.code == "JS")
    deck = cast(GlyphModel, tango_deck)
    assert not tango_deck.faces.told_apart(parse_card("JS"))
    assert answer_at(CardDetector(), scene.image, jack) == "JS"
    before = CardDetector(model=deck, deck_suit_leans=0.0).detect(scene.image)
    after = CardDetector(model=deck).detect(scene.image)
    assert answer_among(before, jack) == "uncertain"
    assert answer_among(after, jack) == "JS"
    read_before = [d.card.code for d in before if d.card is not None]
    read_after = [d.card.code for d in after if d.card is not None]
    assert sorted(read_after) == sorted([*read_before, "JS"])
    assert set(read_after) <= {c.card.code for c in scene.cards}
