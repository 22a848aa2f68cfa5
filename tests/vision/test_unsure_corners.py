"""A card offered at a joined blob's corner whose reading does not bear it out, reported
uncertain (issue 28, h-merged15).

Step 13 of docs/vision.md's "Without a layout" lays cards at the corners of blobs joined with
something and adds those that read surely at both index corners. A card whose other index
corner lies under a croupier's fingers or a chip reads at one corner only, surely or not, and
was missed. It is now reported uncertain, for the croupier to key in, when one corner shows its
card whole surely enough and the other shows no other card; never read surely (a card seen at
one corner may be the card under another, ornamental/joined#7900004's 8H under the TH).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.pipeline import (
    CardDetection,
    CardDetector,
    _apart_from_reported,
    _one_corner_shows,
    _Reading,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_cards, found_on_joined, in_view

# h-merge23's wider reach for the cards laid at an index corner reads tango/joined#7900009's QD
# and ornamental/table#7900008's 6S exactly (tests/vision/test_outline_reach.py): kept at
# h-outline18's here to see this step alone.
# Step 13's offers laid again (h-merged33, on) off in both: it finds tango/joined#7900009's QD
# (exactly) first.
# ``hand_index`` (on since session 44) off in both: it lays simplistic/joined#7900003's 8H and
# ornamental/table#7900008's 6S from their index corners before this step is asked.
# ``corner_relaid`` (h-outline49, on since h-relaid50) off in both: it lays tango/joined#7900009's
# QD again and reads it surely, rightly (tests/vision/test_corner_relaid.py).
ON = FinderSettings(
    corner_outline_reach=0.2, corner_relay=(), hand_index=False, corner_relaid=False
)
OFF = FinderSettings(
    corner_unsure=0,
    corner_outline_reach=0.2,
    corner_relay=(),
    hand_index=False,
    corner_relaid=False,
)


def _uncertain_on(detections: list[CardDetection], code: str) -> list[CardDetection]:
    return [
        d
        for d in detections
        if d.card is None and d.candidate is not None and d.candidate.code == code
    ]


@pytest.mark.parametrize(
    ("design", "seed", "code"), [("simplistic", 7_900_003, "8H"), ("tango", 7_900_009, "QD")]
)
def test_a_card_read_at_one_corner_is_reported_uncertain(
    art_cache: Path, design: str, seed: int, code: str
) -> None:
    # JOINED #7900003: the 8H under the TH, fingers over its other corner; #7900009: the QD
    # with a chip on it. Each is offered at its own outline and read at one corner only:
    # missed before, now one uncertain detection with the right candidate, nothing twice or
    # where no card is, nothing read as another, no card found before lost.
    before, counts, detections = found_on_joined(
        art_cache, design, seed, (code,), CardDetector(finder=OFF), CardDetector(finder=ON)
    )
    assert len(_uncertain_on(detections, code)) == 1
    assert all(after >= was for after, was in zip(counts, before, strict=True))


def test_a_table_card_under_fingers_is_reported_uncertain(art_cache: Path) -> None:
    # TABLE #7900008 (ornamental): fingers over the 6S's other corner, joined with the 8D and
    # the hand into one blob.
    faces = decks.render_design(decks.design("ornamental"), height=320, cache=art_cache)
    scene = synthetic.random_scene(7_900_008, faces, style=synthetic.TABLE)
    cards = in_view(scene.cards, scene.image)
    six = next(n for n, c in enumerate(cards) if c.card.code == "6S")
    was, _, _ = found_on_cards(CardDetector(finder=OFF).detect(scene.image), cards)
    detections = CardDetector(finder=ON).detect(scene.image)
    counts, nowhere, wrong = found_on_cards(detections, cards)
    assert was[six] == 0 and counts[six] == 1
    assert len(_uncertain_on(detections, "6S")) == 1
    assert max(counts) == 1 and nowhere == 0 and wrong == 0


def test_the_card_under_another_is_not_misread(art_cache: Path) -> None:
    # The guard (docs/vision.md, "What to try next"): ornamental/joined#7900004's 8H under the
    # TH, read at its one corner in the clear. Whatever this step offers there, it adds no
    # sure reading: the frame's sure answers are the same with it and without it.
    faces = decks.render_design(decks.design("ornamental"), height=320, cache=art_cache)
    scene = synthetic.random_scene(7_900_004, faces, style=synthetic.JOINED)
    sure_off = {d.card for d in CardDetector(finder=OFF).detect(scene.image) if d.card}
    sure_on = {d.card for d in CardDetector().detect(scene.image) if d.card}
    assert sure_on == sure_off


def _look(card: Card | None, p: float = 0.9, overlap: float = 0.0) -> _Reading:
    if card is None:
        return _Reading(None, None, overlap=overlap, network=True)
    rank = np.full(len(RANK_CLASSES), (1 - p) / (len(RANK_CLASSES) - 1))
    rank[RANK_CLASSES.index(card.rank)] = p
    suit = np.full(len(SUIT_CLASSES), (1 - p) / (len(SUIT_CLASSES) - 1))
    suit[SUIT_CLASSES.index(card.suit)] = p
    return _Reading(rank, suit, overlap=overlap, network=True)


def test_one_corner_must_show_the_card_and_the_other_no_other() -> None:
    eight = Card(Rank.EIGHT, Suit.HEARTS)
    ten = Card(Rank.TEN, Suit.HEARTS)
    assert _one_corner_shows([_look(eight), _look(None)], eight, 0.5)
    assert _one_corner_shows([_look(None), _look(eight)], eight, 0.5)
    assert not _one_corner_shows([_look(eight, 0.6), _look(None)], eight, 0.5)  # 0.36 sure
    assert not _one_corner_shows([_look(eight), _look(ten)], eight, 0.5)  # two cards
    assert not _one_corner_shows([_look(None), _look(None)], eight, 0.5)
    # A corner under another card that shows that card's index disputes it too.
    assert not _one_corner_shows([_look(eight), _look(ten, overlap=0.9)], eight, 0.5)


def test_a_card_read_again_through_a_reported_index_is_not_added() -> None:
    eight = Card(Rank.EIGHT, Suit.HEARTS)
    square = ((0.0, 0.0), (60.0, 0.0), (60.0, 84.0), (0.0, 84.0))
    moved = tuple((x + 50.0, y) for x, y in square)
    offered = CardDetection(None, 0.6, square, (30.0, 42.0), candidate=eight)
    beside = CardDetection(eight, 0.99, moved, (80.0, 42.0))  # its centre on the offered card
    far = tuple((x + 200.0, y) for x, y in square)
    assert not _apart_from_reported(offered, [beside])
    assert not _apart_from_reported(offered, [CardDetection(eight, 0.99, far, (230.0, 42.0))])
    other = CardDetection(Card(Rank.TEN, Suit.HEARTS), 0.99, far, (230.0, 42.0))
    assert _apart_from_reported(offered, [other])
