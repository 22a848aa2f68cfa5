"""Shapes no card makes, refused (issue 28, h-nocard45): a forearm taken for an unread card
(``FinderSettings.skin_unread``) and one card laid as two halves, neither read surely
(``FinderSettings.unsure_twins``). Both on by default since session 46: each test compares the
default with the lever it tests turned off. The scenes are the bench generator's photographs of
building designs (benchmarks/bench_camera_scenes.py ``--designs anglo,tango,ornamental,simplistic
--first 900``)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_cards

ON = FinderSettings()


def _found(
    faces: dict[Card, np.ndarray], seed: int, condition: str, finder: FinderSettings
) -> tuple[list[int], int, int]:
    photo = photograph(seed, faces, condition)
    detector = CardDetector(model=GlyphModel.load(), finder=finder)
    return found_on_cards(detector.analyse(photo.image).reported, list(photo.cards))  # type: ignore[arg-type]


def test_the_levers_ship_on() -> None:
    assert FinderSettings().skin_unread is True
    assert FinderSettings().unsure_twins is True


def test_a_forearm_at_the_edge_is_no_card(tango_faces: dict[Card, np.ndarray]) -> None:
    """tango/small#34247930: a forearm running into the picture's top edge, no index in it, was
    reported as an unread card at (478, 44); its margin skin-coloured (0.25), its paper 0.61
    of the sure cards'. The four cards stay, each once and none read wrong."""
    off = replace(ON, skin_unread=False)
    counts, nowhere, wrong = _found(tango_faces, 34_247_930, "small", off)
    assert nowhere == 1
    counts, nowhere, wrong = _found(tango_faces, 34_247_930, "small", ON)
    assert (counts, nowhere, wrong) == ([1, 1, 1, 1], 0, 0)


def test_a_card_laid_as_two_halves_is_reported_once(
    ornamental_faces: dict[Card, np.ndarray],
) -> None:
    """ornamental/blurred#33904900: the 9D beside a printed box line was reported as two
    uncertain shapes, each a wrong-way-round outline holding half of it and the felt to its
    left (overlapping 0.18 of each); the one showing more paper stays. The frame's other four
    cards stay, each once and none read wrong."""
    off = replace(ON, unsure_twins=False)
    counts, nowhere, wrong = _found(ornamental_faces, 33_904_900, "blurred", off)
    assert counts[2] == 2  # the 9D, twice
    counts, nowhere, wrong = _found(ornamental_faces, 33_904_900, "blurred", ON)
    assert (counts, nowhere, wrong) == ([1, 1, 1, 1, 1], 0, 0)
