"""The twins of a pair compared the same way up (issue 28, h-twin43).

With the house's deck, a rank's two suits of a colour are told apart where their enrolled faces
differ (``faces.SuitPair``). Each face is kept the way its enrolment photograph shows it, so two
twins may lie half a turn from each other (tango's 7S and 7C as ``scripts/vision_enrol_check.py``
enrols it): a seven's odd middle pip then lies at the other end, and the pair's difference is
the turn, not the suit (h-suits43). ``FinderSettings.deck_orient_twins`` makes each pair with
its second face turned the way up it agrees with the first (``faces.upright``, by
``ORIENT_MARGIN``). Off until gated.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit, parse_card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.enrol import ALL_CARDS, EnrolledDeck
from dealer_assist.vision.faces import SuitPair, upright
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import CHECK_STYLES, random_scene
from tests.vision.found import answer_among
from tests.vision.photographed import enrolled_as_checked


def _face(deck: EnrolledDeck, card: Card) -> np.ndarray:
    return deck.faces.faces[ALL_CARDS.index(card)]


def _turned(face: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(face[::-1, ::-1])


def test_a_twin_stored_half_a_turn_is_turned_back(tango_deck: EnrolledDeck) -> None:
    """tango's 7H and 7D are enrolled the same way up: the 7D turned half a turn is turned back
    (``upright``), and the pair made with ``orient`` is the same whichever way the 7D is kept;
    without it, the 7D kept half a turn from the 7H separates the two less."""
    heart = _face(tango_deck, Card(Rank.SEVEN, Suit.HEARTS))
    diamond = _face(tango_deck, Card(Rank.SEVEN, Suit.DIAMONDS))
    back, turned = upright(heart, _turned(diamond))
    assert turned
    assert np.array_equal(back, diamond)
    assert not upright(heart, diamond)[1]
    as_kept = SuitPair(heart, diamond)
    oriented = SuitPair(heart, _turned(diamond), orient=True)
    assert oriented.turned
    assert abs(oriented.separation - as_kept.separation) < 1e-6
    assert SuitPair(heart, _turned(diamond)).separation < as_kept.separation - 0.005


def test_the_oriented_matcher_turns_the_deck_s_black_sevens(tango_deck: EnrolledDeck) -> None:
    """The deck as enrolled keeps tango's 7S and 7C half a turn apart (their separation 0.000);
    ``FaceMatcher.oriented`` turns the 7C and the pair separates more. Its faces and templates
    are the deck's own, made once; the deck's own matcher is left as it was."""
    matcher = tango_deck.faces
    oriented = matcher.oriented()
    assert oriented is matcher.oriented() and oriented.oriented() is oriented
    assert oriented.orient_twins and not matcher.orient_twins
    assert oriented.faces is matcher.faces
    key = (Rank.SEVEN, False)
    assert oriented.pairs[key].turned and not matcher.pairs[key].turned
    assert oriented.pairs[key].separation > matcher.pairs[key].separation
    # A pair whose two layouts are the same both ways up is left as enrolled.
    four = (Rank.FOUR, False)
    assert not oriented.pairs[four].turned
    assert abs(oriented.pairs[four].separation - matcher.pairs[four].separation) < 1e-6


def test_the_lever_is_off_by_default_and_orients_the_deck(tango_deck: EnrolledDeck) -> None:
    """Off by default (h-twin43: not gated); on, the detector reads with the oriented faces."""
    assert FinderSettings().deck_orient_twins is False
    model = cast(GlyphModel, tango_deck)
    off = CardDetector(model=model)
    assert cast(EnrolledDeck, off.model).faces is tango_deck.faces
    on = CardDetector(model=model, finder=replace(FinderSettings(), deck_orient_twins=True))
    assert cast(EnrolledDeck, on.model).faces is tango_deck.faces.oriented()
    later = CardDetector(finder=replace(FinderSettings(), deck_orient_twins=True))
    later.use_model(model)
    assert cast(EnrolledDeck, later.model).faces.orient_twins


@pytest.fixture(scope="module")
def simplistic_deck(
    check_faces: dict[str, dict[Card, np.ndarray]], tmp_path_factory: pytest.TempPathFactory
) -> EnrolledDeck:
    """simplistic enrolled as ``vision_tilted.py --deck`` enrols it (the AH and JH taken
    again)."""
    folder: Path = tmp_path_factory.mktemp("simplistic-photos")
    return enrolled_as_checked(folder, check_faces["simplistic"], {"AH": 1, "JH": 1})


def test_a_dim_king_is_settled_with_its_twins_oriented(
    check_faces: dict[str, dict[Card, np.ndarray]], simplistic_deck: EnrolledDeck
) -> None:
    """simplistic/dim#7900006 (the building check): simplistic's KH and KD are enrolled half a
    turn apart (separation -0.002 as enrolled, 0.045 oriented). The KD is uncertain without the
    deck and with it as shipped; with ``deck_orient_twins`` the pair tells the diamond and it
    reads KD. No other card of the scene is answered otherwise (a sure reading is never
    changed)."""
    king = parse_card("KD")
    scene = random_scene(7_900_006, check_faces["simplistic"], style=CHECK_STYLES["dim"])
    placed = next(c for c in scene.cards if c.card == king)
    model = cast(GlyphModel, simplistic_deck)
    assert answer_among(CardDetector().detect(scene.image), placed) == "uncertain"
    off = CardDetector(model=model).detect(scene.image)
    on_finder = replace(FinderSettings(), deck_orient_twins=True)
    on = CardDetector(model=model, finder=on_finder).detect(scene.image)
    assert answer_among(off, placed) == "uncertain"
    assert answer_among(on, placed) == "KD"
    for other in scene.cards:
        if other is not placed:
            assert answer_among(on, other) == answer_among(off, other), other.card
