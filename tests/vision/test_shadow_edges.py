"""Cards in a lamp's shadow are no glare (issue 28, h-dim24).

The card mask takes out the pieces bounded by no sharp edge (``quads._clear_soft``: glare on
grey or dull felt fades out, paper ends in an edge). In a lamp's shadow a card's edge rises as
many times less as its light is: dim#7900000's QS, 5H and AC lie at 0.43 of the lit felt's
level and their edges rise 5-9 levels a pixel where ``soft_gradient`` asks 12, so the whole
cards left the finding's mask and were missed in every design. Where the felt lies in a deep
shadow, a near-grey border counts as an edge at that share of the steepness
(``FinderSettings.soft_shade_floor``; 0: off, the finder before). Off in session 24: on 30
dim seeds it found 17 more cards but two of them were read wrongly and it took two calibration
markers for cards (docs/benchmarks.md, h-dim24). The black-suit rule stopped the wrong reads;
the paper test looking at a shape square in the picture as that square
(``PaperSettings.square_aspect``, h-dim25) stopped the markers, and it is on (0.4) since. These
tests hold it off (``OFF``) and on (``ON``) by name."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.paper import PaperSettings
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import DIM_NOISY
from tests.vision.found import found_on_cards, found_once_now, in_view, off_partial

OFF = replace(FinderSettings(), soft_shade_floor=0)
ON = replace(FinderSettings(), soft_shade_floor=0.4)


@pytest.mark.parametrize(
    ("design", "code"),
    [("anglo", "QS"), ("anglo", "5H"), ("ornamental", "AC"), ("simplistic", "QS")],
)
def test_a_card_in_a_lamps_shadow_is_found(art_cache: Path, design: str, code: str) -> None:
    # Missed with the rule off (the default); found once with it, nothing twice, where no
    # card is or read wrongly, and no card found before lost. Read uncertain in that light
    # (None) or exactly.
    read = found_once_now(art_cache, design, DIM_NOISY, 7_900_000, code, OFF, ON)
    assert read in (None, code)


def test_the_default_is_on() -> None:
    assert FinderSettings().soft_shade_floor == ON.soft_shade_floor


@pytest.mark.parametrize(
    ("paper", "markers"), [(PaperSettings(), 0), (PaperSettings(square_aspect=0), 2)]
)
def test_calibration_markers_in_a_dim_view_are_no_cards(
    art_cache: Path, paper: PaperSettings, markers: int
) -> None:
    # ornamental/dim#7900013: the four cards lie in a lamp's shadow, two of the layout's markers
    # in its light. With the rule on, the finding chosen lies on a plane guessed from the blobs'
    # corners that makes the markers card-shaped (square in the picture, 1.35 long on it); its
    # shaded cards read, it won, and its two markers, their black frames blurred by the grain
    # and, stretched to a card's proportions, half out of the band the paper test looks at
    # (0.34-0.36 near black), were reported as uncertain cards (candidates JC and KD). Looked at
    # as the squares the picture shows, their frames are 0.47-0.53 near black: markers.
    faces = decks.render_design(decks.design("ornamental"), height=320, cache=art_cache)
    scene = synthetic.random_scene(7_900_013, faces, style=DIM_NOISY)
    cards = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in cards]
    detections = off_partial(CardDetector(finder=ON, paper=paper).detect(scene.image), partial)
    counts, nowhere, wrong = found_on_cards(detections, cards)
    assert wrong == 0 and max(counts) == 1 and sum(counts) == 2  # the QS and the 8S, uncertain
    assert nowhere == markers  # the defaults: none; without the square look, the two markers
