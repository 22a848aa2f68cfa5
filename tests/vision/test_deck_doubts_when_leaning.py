"""An enrolled deck keeps a sure reading it cannot tell from its twin, and doubts one whose
twin its faces lean to (issue 28, h-twins48).

``FinderSettings.deck_keeps_every_sure`` (h-deck47) kept every card read surely without the
deck: the building check's 18 black twins the deck left uncertain read exactly, but two wrong
reads the deck tests rely on came back (a drawn jumbo KC and 5C read surely as the spade).
Measured on all twenty: the 18 needless doubts have faces naming their rank and colour (17) or
a face other than the twin's matching best (anglo/close#7900002 7S); the two catches have
faces naming no rank and colour there, the twin's face the best of all (within
``SUIT_SLACK``) and 0.023 and 0.098 better than the reading's own. The deck's corner examples
and the twins' fine detail do not separate them (both catches' examples lean to the spade the
reader read). ``FinderSettings.deck_doubts_when_leaning`` keeps every sure card as
``deck_keeps_every_sure`` does, except where the faces lean to its twin so
(``FaceMatcher.leans_to_twin``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit, parse_card
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.faces import FaceMatcher
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import kept_alone
from tests.vision.photographed import enrolled_as_checked

LEANING = 0.01  # the margin measured (the catches' twins lead by 0.023 and 0.098)
ON = replace(FinderSettings(), deck_doubts_when_leaning=LEANING)


def test_the_lever_ships_on() -> None:
    """On as shipped since session 49 (h-deck49), at the margin measured;
    ``deck_keeps_every_sure`` alone (no lean asked) stays off."""
    assert FinderSettings().deck_doubts_when_leaning == LEANING
    assert CardDetector().finder.deck_doubts_when_leaning == LEANING
    assert not FinderSettings().deck_keeps_every_sure


def _matcher(values: dict[str, float]) -> FaceMatcher:
    """A matcher whose ``scores`` are made up (every card not given 0.3)."""
    matcher = object.__new__(FaceMatcher)
    cards = [Card(rank, suit) for rank in Rank for suit in Suit]
    matcher.cards = tuple(cards)
    matcher._groups = {}
    for k, card in enumerate(cards):
        matcher._groups.setdefault((card.rank, card.suit.value in "HD"), []).append(k)
    made = np.full(len(cards), 0.3)
    for code, value in values.items():
        made[cards.index(parse_card(code))] = value
    matcher.scores = lambda *_, **__: made  # type: ignore[method-assign]
    return matcher


def test_the_lean_asks_for_no_rank_named_and_the_twin_best() -> None:
    """The rule on made-up scores: the faces naming the reading's rank and colour (however
    much better its twin matches) or another card matching best: no lean; the twin best of
    all (within ``SUIT_SLACK``) and ``margin`` better than the reading, no rank named: a lean;
    under the margin: none."""
    face = np.zeros((112, 80, 3), np.uint8)
    ks = parse_card("KS")
    # The faces name the black king (the kings 0.1 clear of every other rank): no lean.
    assert not _matcher({"KS": 0.70, "KC": 0.85}).leans_to_twin(face, ks, LEANING)
    # A black queen as good as the king's best (no rank named), the KC best: a lean ...
    assert _matcher({"KS": 0.83, "KC": 0.86, "QC": 0.855}).leans_to_twin(face, ks, LEANING)
    # ... not under the margin ...
    assert not _matcher({"KS": 0.855, "KC": 0.86, "QC": 0.86}).leans_to_twin(face, ks, LEANING)
    # ... nor with another card best by more than SUIT_SLACK (anglo/close's 7S kind).
    assert not _matcher({"KS": 0.65, "KC": 0.68, "QC": 0.71}).leans_to_twin(face, ks, LEANING)


@pytest.fixture(scope="module")
def simplistic_deck(
    check_faces: dict[str, dict[Card, np.ndarray]], tmp_path_factory: pytest.TempPathFactory
) -> EnrolledDeck:
    """simplistic enrolled as ``scripts/vision_enrol_check.py`` enrols it (its AH and JH taken
    again), as ``vision_tilted.py --deck``."""
    folder: Path = tmp_path_factory.mktemp("simplistic-photos")
    return enrolled_as_checked(folder, check_faces["simplistic"], {"AH": 1, "JH": 1})


def test_a_twin_the_faces_cannot_tell_is_kept_though_its_twin_matches_better(
    simplistic_deck: EnrolledDeck, check_faces: dict[str, dict[Card, np.ndarray]]
) -> None:
    """simplistic/tilted#7900002 (the building check, h-deck47's 18): the 3C the reader alone
    reads surely is uncertain with the deck as shipped; with the lever the 3C, though the
    deck's 3S face matches it 0.11 better than its 3C: the faces name a black three (the
    suit is the twins' fine detail, which simplistic's black threes do not show)."""
    kept_alone(simplistic_deck, check_faces["simplistic"], 7_900_002, "tilted", "3C", ON)


def test_the_check_ten_of_clubs_is_kept(
    tango_deck: EnrolledDeck, tango_faces: dict[Card, np.ndarray]
) -> None:
    """tango/tilted#7900008's TC (the deck's examples leaning to the spade 0.975): kept."""
    kept_alone(tango_deck, tango_faces, 7_900_008, "tilted", "TC", ON)
