"""A glare spot in a printed box's corner whose corners the network reads as an index (issue 28,
h-nocard46; ``FinderSettings.edge_blank_ink``, on by default since session 48, and only with
``FinderSettings.edge_support`` on; these tests set both).

``edge_support`` (h-glare43) drops an uncertain, glare-bright shape with a soft side and no ink
unless the corner network reads an index at one of its corners as surely as ``edge_net_least``.
A printed box's corner under glare can read so: the bench generator's simplistic/light#30492846
(benchmarks/bench_camera_scenes.py ``--designs anglo,tango,ornamental,simplistic --first 800``)
reports a shape in a box's corner, candidate TD, network 0.39 - and its face shows no ink at all
(0.000), which no card's does (pips, a picture or an index's ink inside). With
``edge_blank_ink`` a face that blank is dropped whatever the network reads there."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.edge_support import face_ink
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_cards

EDGED = replace(FinderSettings(), edge_support=0.15, edge_blank_ink=0.0)
BLANK = replace(EDGED, edge_blank_ink=0.005)


def _simplistic(art_cache: Path) -> dict[Card, np.ndarray]:
    design = decks.design("simplistic")
    assert design.family not in decks.HELD_OUT_FAMILIES
    return decks.render_design(design, height=320, cache=art_cache)


def test_the_lever_ships_on() -> None:
    """On since session 48 (h-levers48), with ``edge_support``."""
    assert FinderSettings().edge_blank_ink == 0.005
    assert FinderSettings().edge_support == 0.15


def test_a_blank_glare_corner_read_as_an_index_is_dropped(art_cache: Path) -> None:
    """simplistic/light#30492846: six cards read surely; the glare shape in the box's corner
    stays with ``edge_support`` alone (its index read 0.39 over ``edge_net_least``) and goes
    with ``edge_blank_ink``. The six cards stay, each once, none read wrong."""
    photo = photograph(30_492_846, _simplistic(art_cache), "light")
    for finder, left in ((EDGED, 1), (BLANK, 0)):
        detector = CardDetector(model=GlyphModel.load(), finder=finder)
        reported = detector.analyse(photo.image).reported
        counts, nowhere, wrong = found_on_cards(reported, list(photo.cards))  # type: ignore[arg-type]
        assert (counts, nowhere, wrong) == ([1] * 6, left, 0)
        if left:
            (shape,) = [d for d in reported if d.card is None]
            assert face_ink(photo.image, np.asarray(shape.corners)) < 0.005


def test_every_card_shows_more_ink_than_the_floor(art_cache: Path) -> None:
    """The true cards of the photograph, glare and all, show ink well over the floor (the
    fewest, the 2H's two pips: 0.036)."""
    photo = photograph(30_492_846, _simplistic(art_cache), "light")
    for card in photo.cards:
        assert face_ink(photo.image, np.asarray(card.corners)) > 5 * BLANK.edge_blank_ink
