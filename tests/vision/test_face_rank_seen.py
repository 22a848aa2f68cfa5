"""The house's deck names a rank no index corner saw only by a close face (issue 28, h-wrong30).

The case is h-wrong30's enrol run on building designs (seeds 10,700,000-10,724,999): a drawn
deck's 9C among chips, its one index corner in the open read as a three (0.34) and nothing
else, uncertain without the deck; the deck's faces named the nine of the red suits, 0.12
better than the nine of the black ones (0.74 against 0.62), and the looks' diamond made it
9D. Enrolled from photographs of the building generator, read on another photograph of it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from dealer_assist.cards import Rank, Suit
from dealer_assist.vision.drawn_decks import TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.pipeline import CardDetector, _ranks_seen, _Reading
from dealer_assist.vision.synthetic import OVERHEAD_CLUTTER, random_scene
from tests.vision.conftest import PHOTO_STYLE
from tests.vision.found import answer_at
from tests.vision.photographed import enrolled_from_photographs

CHECK_SEED = 9_100_000  # scripts/vision_enrol_check.py's drawn styles


def _look(shares: dict[int, float], *, overlap: float = 0.0, junk: bool = False) -> _Reading:
    ranks = np.full(13, 0.001)
    for rank, share in shares.items():
        ranks[rank - 1] = share
    suits = np.full(4, 0.25)
    return _Reading(ranks, suits, network=True, overlap=overlap, junk=junk)


def test_ranks_seen_asks_the_looks_in_the_open() -> None:
    """Each rank's most belief over the looks at index corners in the open; a corner under
    another card's outline, or junk, says nothing."""
    seen = _ranks_seen(
        [
            _look({3: 0.6, 9: 0.3}),
            _look({3: 0.2, 9: 0.5}),
            _look({12: 0.99}, overlap=0.5),
            _look({10: 0.99}, junk=True),
        ]
    )
    assert seen[Rank.THREE] == 0.6
    assert seen[Rank.NINE] == 0.5
    assert seen[Rank.QUEEN] < 0.01
    assert seen[Rank.TEN] < 0.01


def test_the_faces_name_a_rank_no_corner_saw_only_by_a_close_face(tmp_path: Path) -> None:
    """drawn-2 among chips (seed 10,705,105): the 9C is uncertain without the deck; with the
    deck its face, matched 0.74 to the nine of the red suits, made it 9D (no look gave the
    nine 0.2 of its belief). Now the faces name that rank only by a face matching 0.9: it
    stays uncertain."""
    faces = render_drawn(
        random_style(np.random.default_rng(CHECK_SEED + 2), jumbo=False, fonts=TEST_FONTS), seed=2
    )
    deck = enrolled_from_photographs(
        tmp_path,
        faces,
        seed=10_711_000,
        attempt_step=100,
        style=PHOTO_STYLE,
        taken_again={"3H": 1, "4H": 1, "5H": 2, "JH": 1, "4D": 1, "9D": 1, "KC": 1},
    )
    scene = random_scene(10_705_105, faces, style=OVERHEAD_CLUTTER)
    nine = next(c for c in scene.cards if c.card.rank is Rank.NINE)
    assert nine.card.suit is Suit.CLUBS
    assert answer_at(CardDetector(), scene.image, nine) == "uncertain"
    assert answer_at(CardDetector(model=deck, face_rank_seen=False), scene.image, nine) == "9D"
    assert answer_at(CardDetector(model=deck), scene.image, nine) == "uncertain"
