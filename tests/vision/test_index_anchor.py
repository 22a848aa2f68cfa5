"""Cards laid from a whole index seen in the clear (issue 28, h-index17).

Step 13 of docs/vision.md's "Without a layout" also lays cards from two ink glyphs of an
index's size one over the other (the rank over the suit) on the part of the card mask the cards
read surely leave bare (``joined.index_cards``, ``FinderSettings.corner_index``), each read on
its own under the step's rules.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.joined import index_cards
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_cards, in_view, off_partial


def test_a_card_read_unsurely_is_read_from_its_index_laid_card(art_cache: Path) -> None:
    # JOINED #7900003 (anglo): the TH, joined with the cards dealt round it, is found by a
    # shape its index corners do not bear out (uncertain). The card laid from its index in the
    # clear reads it surely at both corners; nothing else changes. (The corner network reads
    # that laid card at one corner only, 0.49 ten and 0.19 queen: h-court32's one-corner
    # neighbour rule, ``neighbour_one``, leaves it uncertain, so it is off here - this test is
    # about what the finder lays.)
    faces = decks.render_design(decks.design("anglo"), height=320, cache=art_cache)
    scene = synthetic.random_scene(7_900_003, faces, style=synthetic.JOINED)
    cards = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in cards]
    # The off outline laid again from its index corner (h-relay42, on) off in both: it reads
    # the TH surely first. ``line_fit`` (on since session 46) reads the TH exactly at its
    # fitted outline first (tests/vision/test_line_fit.py): off in both too.
    on = FinderSettings(corner_index=True, relay_off=False, line_fit=False)
    answers = {}
    for finder in (replace(on, corner_index=False), on):
        detector = CardDetector(finder=finder, neighbour_one=0.0)
        detections = off_partial(detector.detect(scene.image), partial)
        counts, nowhere, wrong = found_on_cards(detections, cards)
        assert max(counts) <= 1 and nowhere == 0 and wrong == 0
        answers[finder.corner_index] = detections
    sure = {k: {d.card.code for d in v if d.card is not None} for k, v in answers.items()}
    assert "TH" not in sure[False] and "TH" in sure[True]
    assert sure[False] <= sure[True]


def test_no_card_is_laid_without_index_ink() -> None:
    # A blank sheet of paper on felt: no glyphs, nothing laid.
    image = np.full((200, 300, 3), (40, 110, 40), np.uint8)
    image[50:150, 100:171] = 235
    mask = np.zeros((200, 300), np.uint8)
    mask[50:150, 100:171] = 255
    quads = index_cards(
        mask, [], image, image, np.eye(3), (71.0, 100.0), FinderSettings(corner_index=True)
    )
    assert quads == []
