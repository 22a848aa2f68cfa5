"""The suit's lean checked against the deck's own photograph of the twin (issue 28, h-lean40).

``deck_suit_leans`` puts back a card read surely without the deck that the deck leaves
uncertain naming it, when the corner network's looks lean to its suit. On a fresh drawn jumbo
deck (drawn-7-jumbo, the enrol check's blurred view, seed 11,545,621) a KC is read surely as KS
without the deck, both corners' looks leaning to the spade (4.44 in log-odds). h-twin39's
faces' guard refused it only because the deck's KS photograph was warped: with the KS taken
again (a clean photograph), the lean, the rank guard and the faces' guard put the KS back.
``deck_leans_paired`` asks the looks to lean past what the corner network makes of the deck's
own KC photograph, read as softer views would show it (``EnrolledDeck.twins_fooled``): shrunk,
that KC reads spade by 3.64, and the card's 4.44 does not clear it by ``PAIR_MARGIN``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.corner_model import CornerModel
from dealer_assist.vision.enrol import DECK_VERSION, EnrolledDeck
from dealer_assist.vision.pipeline import (
    DECK_LEANS_PAIRED,
    PAIR_MARGIN,
    SUIT_LEANS,
    CardDetector,
)
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import random_scene
from tests.vision.found import answer_at
from tests.vision.photographed import ENROL_CHECK_BLURRED, enrol_check_drawn, enrolled_as_checked


@pytest.fixture(scope="module")
def jumbo_seven_clean_ks(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[dict[Card, np.ndarray], EnrolledDeck]:
    """The enrol check's drawn-7-jumbo enrolled as the check enrols it, but its KS
    photographed again (the check's KS photograph is warped: the faces' guard rested on it)."""
    faces = enrol_check_drawn(7)
    folder = tmp_path_factory.mktemp("jumbo-seven-clean-ks")
    return faces, enrolled_as_checked(folder, faces, {"KS": 1})


def test_a_wrong_suit_the_faces_let_back_is_refused_by_the_twins_photograph(
    jumbo_seven_clean_ks: tuple[dict[Card, np.ndarray], EnrolledDeck],
) -> None:
    """drawn-7-jumbo/blurred#11545621's KC, read surely as KS without the deck: with a clean
    KS photograph the lean, the rank guard and the faces' guard put the KS back; with the
    twin's guard (as the lean runs by default) it stays uncertain, and the deck's own KC,
    softened, leans to the spade by 3 or more."""
    faces, deck = jumbo_seven_clean_ks
    kc, ks = parse_card("KC"), parse_card("KS")
    scene = random_scene(11_545_621, faces, style=ENROL_CHECK_BLURRED)
    placed = next(c for c in scene.cards if c.card == kc)
    assert answer_at(CardDetector(), scene.image, placed) == "KS"
    model = cast(GlyphModel, deck)
    assert answer_at(CardDetector(model=model), scene.image, placed) == "uncertain"
    faced_only = CardDetector(model=model, deck_suit_leans=SUIT_LEANS, deck_leans_paired=False)
    assert answer_at(faced_only, scene.image, placed) == "KS"
    guarded = CardDetector(model=model, deck_suit_leans=SUIT_LEANS)
    assert guarded.deck_leans_paired
    assert answer_at(guarded, scene.image, placed) == "uncertain"
    fooled = deck.twins_fooled(CornerModel.shared())
    assert fooled[ks] >= 3.0  # the deck's KC read as a spade, softened
    assert fooled[kc] < 0.0  # its KS never read as a club


def test_the_king_the_deck_catches_stays_uncertain_when_it_keeps_every_sure(
    jumbo_seven_clean_ks: tuple[dict[Card, np.ndarray], EnrolledDeck],
) -> None:
    """The same KC (read KS surely without the deck): ``deck_keeps_every_sure`` alone puts the
    KS back (h-deck47); with ``deck_doubts_when_leaning`` (h-twins48) the deck's doubt stands:
    its faces name no rank there (the black courts alike) and its KC face matches best, 0.023
    above its KS."""
    faces, deck = jumbo_seven_clean_ks
    scene = random_scene(11_545_621, faces, style=ENROL_CHECK_BLURRED)
    placed = next(c for c in scene.cards if c.card == parse_card("KC"))
    model = cast(GlyphModel, deck)
    # (the lean off: ``deck_doubts_when_leaning`` alone decides the card, whatever it ships as)
    keeps = replace(FinderSettings(), deck_keeps_every_sure=True, deck_doubts_when_leaning=0.0)
    assert answer_at(CardDetector(model=model, finder=keeps), scene.image, placed) == "KS"
    leaning = replace(FinderSettings(), deck_doubts_when_leaning=0.01)
    assert answer_at(CardDetector(model=model, finder=leaning), scene.image, placed) == "uncertain"


def test_a_deck_file_as_written_before_loads_and_its_twins_are_read_at_load(
    jumbo_seven_clean_ks: tuple[dict[Card, np.ndarray], EnrolledDeck], tmp_path: Path
) -> None:
    """The guard stores nothing: deck files stay version 3 (those written before this guard
    load as they did), and a deck loaded has the twins' readings computed from its corners as
    the deck enrolled in memory has them."""
    _, deck = jumbo_seven_clean_ks
    assert DECK_VERSION == 3
    path = tmp_path / "deck.npz"
    deck.save(path)
    with np.load(path, allow_pickle=False) as data:
        assert int(data["version"]) == 3
        assert not any("twin" in name or "fooled" in name for name in data.files)
    loaded = EnrolledDeck.load(path)
    network = CornerModel.shared()
    assert loaded.twins_fooled(network) == pytest.approx(deck.twins_fooled(network), abs=1e-3)


def test_the_twins_guard_is_on_with_the_lean() -> None:
    """``deck_leans_paired`` is on by default (it runs only inside ``deck_suit_leans``)."""
    assert DECK_LEANS_PAIRED
    assert PAIR_MARGIN > 0
    assert CardDetector().deck_leans_paired
