"""An uncertain card settled by the enrolled faces where two ranks' faces differ (issue 28,
h-deck42).

With the house's deck, an uncertain card is read again by its whole face against the enrolled
faces (``FaceMatcher.settle``): its best rank and colour must match ``MATCH_LEAST`` and lie
``MARGIN`` clear of the next. In dim light a six's face and a seven's (or a five's and a
four's) differ by a pip or two, and the whole faces' correlation, dominated by the pips they
share, is not that clear: on the building check's dim scenes tango's 6D matched its own face
0.96 and the 7D's 0.91. ``FinderSettings.deck_rank_pair`` compares the face with the two best
faces where those two differ (a ``SuitPair`` of them) and keeps the best when that names it by
``RANK_PAIR_SHARE`` of the two faces' separation. On by default (h-on42).
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

import numpy as np

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.faces import RANK_PAIR_SHARE, warp_face
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import CHECK_STYLES, random_scene
from tests.vision.found import answer_at


def test_a_dim_six_is_settled_where_its_face_differs_from_a_sevens(
    tango_faces: dict[Card, np.ndarray], tango_deck: EnrolledDeck
) -> None:
    """tango/dim#7900007 (the building check): the 6D is uncertain with the deck and
    ``deck_rank_pair`` off, its face 0.96 like the 6D's and 0.91 like the 7D's; with it (on as
    shipped) the faces' difference names the six and the card reads 6D. The plain reader leaves
    it uncertain."""
    six = parse_card("6D")
    scene = random_scene(7_900_007, tango_faces, style=CHECK_STYLES["dim"])
    placed = next(c for c in scene.cards if c.card == six)
    model = cast(GlyphModel, tango_deck)
    assert answer_at(CardDetector(), scene.image, placed) == "uncertain"
    off = replace(FinderSettings(), deck_rank_pair=0.0)
    assert answer_at(CardDetector(model=model, finder=off), scene.image, placed) == "uncertain"
    assert answer_at(CardDetector(model=model), scene.image, placed) == "6D"  # on by default
    # The whole faces alone: the six's own face best, the seven's within the margin.
    face = warp_face(scene.image, np.asarray(placed.corners, np.float32))
    scores = tango_deck.faces.scores(face)
    assert scores is not None
    ranked = tango_deck.faces._ranked(scores)
    assert ranked[0][1] == (six.rank, True)
    assert ranked[0][0] - ranked[1][0] < 0.06


def test_rank_pair_is_on_by_default() -> None:
    """The lever ships on (h-on42; h-deck42 measured it on the building check and fresh seeds)."""
    assert FinderSettings().deck_rank_pair == RANK_PAIR_SHARE
    assert CardDetector().finder.deck_rank_pair == RANK_PAIR_SHARE
