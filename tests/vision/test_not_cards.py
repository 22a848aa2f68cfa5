"""Shapes no card makes, refused (issue 28, h-nocard45): a forearm taken for an unread card
(``FinderSettings.skin_unread``) and one card laid as two halves, neither read surely
(``FinderSettings.unsure_twins``). Both off by default; these tests turn each on. The scenes are
the bench generator's photographs of building designs (benchmarks/bench_camera_scenes.py
``--designs anglo,tango,ornamental,simplistic --first 900``)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_cards

OFF = FinderSettings()


def _found(
    faces: dict[Card, np.ndarray], seed: int, condition: str, finder: FinderSettings
) -> tuple[list[int], int, int]:
    photo = photograph(seed, faces, condition)
    detector = CardDetector(model=GlyphModel.load(), finder=finder)
    return found_on_cards(detector.analyse(photo.image).reported, list(photo.cards))  # type: ignore[arg-type]


def test_the_levers_ship_off() -> None:
    assert FinderSettings().skin_unread is False
    assert FinderSettings().unsure_twins is False


def test_a_forearm_at_the_edge_is_no_card(tango_faces: dict[Card, np.ndarray]) -> None:
    """tango/small#34247930: a forearm running into the picture's top edge, no index in it, was
    reported as an unread card at (478, 44); its margin skin-coloured (0.25), its paper 0.61
    of the sure cards'. The four cards stay, each once and none read wrong."""
    on = replace(OFF, skin_unread=True)
    counts, nowhere, wrong = _found(tango_faces, 34_247_930, "small", OFF)
    assert nowhere == 1
    counts, nowhere, wrong = _found(tango_faces, 34_247_930, "small", on)
    assert (counts, nowhere, wrong) == ([1, 1, 1, 1], 0, 0)


def test_a_card_laid_as_two_halves_is_reported_once(
    ornamental_faces: dict[Card, np.ndarray],
) -> None:
    """ornamental/blurred#33904900: the 9D beside a printed box line was reported as two
    uncertain shapes, each a wrong-way-round outline holding half of it and the felt to its
    left (overlapping 0.18 of each); the one showing more paper stays. The frame's other four
    cards stay, each once and none read wrong."""
    on = replace(OFF, unsure_twins=True)
    counts, nowhere, wrong = _found(ornamental_faces, 33_904_900, "blurred", OFF)
    assert counts[2] == 2  # the 9D, twice
    counts, nowhere, wrong = _found(ornamental_faces, 33_904_900, "blurred", on)
    assert (counts, nowhere, wrong) == ([1, 1, 1, 1, 1], 0, 0)
