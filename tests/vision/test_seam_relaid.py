"""An uncertain card's outline run on past its card's edge into a touching card, cut at the
seam and laid again (``FinderSettings.seam_relaid``; issue 28, h-seam52).

On the building check 13 of the 40 uncertain cards whose outline is off the card have it run
across a seam onto another card (a merged pair cut at the wrong seam, or a card under a later
one outlined with it), and in 9 of them the reading's candidate is the other card's value.
``refit.seam_cuts`` cuts such an outline at the seam - a touching card's side, or a straight
edge inside the outline parallel to one of its sides - and the card is laid again from the
cut's own corners at the frame's sure card size, judged as ``relay_off`` judges its outlines
with both index corners whole; a card shown beyond the seam, or read by a card reported, is
never taken.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.geometry import polygon_iou, portrait_orders
from dealer_assist.vision.pipeline import _cards_shown_inside, _Reading
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.refit import SeamCut, seam_cuts
from tests.vision.found import read_by_lever_alone

ON = FinderSettings(seam_relaid=True)
OFF = FinderSettings(seam_relaid=False)

# Two cards side by side on a dark felt, the left one brighter: A at x 20-80, B at x 80-140,
# both y 20-110; the outline found runs from A's left edge to x 110, halfway into B.
CARD_A = np.array([[20.0, 20.0], [80.0, 20.0], [80.0, 110.0], [20.0, 110.0]])
CARD_B = np.array([[80.0, 20.0], [140.0, 20.0], [140.0, 110.0], [80.0, 110.0]])
ACROSS = np.array([[20.0, 20.0], [110.0, 20.0], [110.0, 110.0], [20.0, 110.0]])


def _two_cards() -> np.ndarray:
    gray = np.full((160, 200), 40, np.uint8)
    gray[20:110, 20:80] = 200
    gray[20:110, 80:140] = 170
    return gray


def test_ships_off() -> None:
    """Off (h-seam52): the building check +3 exact (the KD below, a KC and a 6C), two fresh
    sets the same and +3, a paired frame +1, no wrong read; but the whole vision suite with
    it on was not run (the files it touches failed only on three premises, each a card it now
    reads rightly, and this test) and it costs 2.4% of the median frame, 6% of the total."""
    assert FinderSettings().seam_relaid is False


def test_an_outline_is_cut_at_the_edge_inside_it() -> None:
    """No card reported beside it: the straight edge inside the outline, parallel to its
    sides, cuts it in two, and both parts are offered, each with the other as beyond."""
    cuts = seam_cuts(_two_cards(), ACROSS, [], SeamCut())
    assert len(cuts) == 2
    (a, beyond_a), (b, beyond_b) = cuts
    kept = max((a, b), key=lambda part: polygon_iou(part, CARD_A))
    assert polygon_iou(kept, CARD_A) > 0.97
    assert polygon_iou(beyond_a, b) > 0.99 and polygon_iou(beyond_b, a) > 0.99


def test_an_outline_is_cut_at_a_touching_cards_side() -> None:
    """The touching card reported: its side cuts the outline, and only the part away from it
    is offered (the edge inside, at the same place, is not cut at twice)."""
    cuts = seam_cuts(_two_cards(), ACROSS, [CARD_B], SeamCut())
    assert len(cuts) == 1
    part, beyond = cuts[0]
    assert polygon_iou(part, CARD_A) > 0.99
    assert polygon_iou(beyond, CARD_B) > 0.3  # B's part inside the outline


def test_a_plain_outline_is_not_cut() -> None:
    """An outline on one card alone, nothing touching it: no seam."""
    assert seam_cuts(_two_cards(), CARD_A, [], SeamCut()) == []


def _look(code: str) -> _Reading:
    """The corner network's whole look at an index reading ``code``."""
    card = parse_card(code)
    rank = np.full(len(RANK_CLASSES), 0.01)
    rank[RANK_CLASSES.index(card.rank)] = 0.9
    suit = np.full(len(SUIT_CLASSES), 0.01)
    suit[SUIT_CLASSES.index(card.suit)] = 0.9
    return _Reading(rank, suit, network=True)


def test_the_card_shown_beyond_the_seam_is_the_touching_cards() -> None:
    """The outline across both cards has its index corners at its top left (on A) and its
    bottom right (on B): the card B's index showed there is the one beyond the seam, never
    taken; nothing is beyond when the part beyond holds neither corner."""
    first, second = portrait_orders(ACROSS)
    assert tuple(first[0]) == (20.0, 20.0) and tuple(second[0]) == (110.0, 110.0)
    looks = [_look("4H"), _look("QD")]
    beyond = np.array([[80.0, 20.0], [110.0, 20.0], [110.0, 110.0], [80.0, 110.0]])
    assert _cards_shown_inside(ACROSS, looks, beyond) == {parse_card("QD")}
    middle = np.array([[40.0, 40.0], [90.0, 40.0], [90.0, 90.0], [40.0, 90.0]])
    assert _cards_shown_inside(ACROSS, looks, middle) == set()


@pytest.mark.parametrize(("label", "code"), [("simplistic/close#7900006", "KD")])
def test_a_card_outlined_across_a_seam_is_read_when_cut_there(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    """The KD lying on the 5H, outlined 137 by 221 pixels across onto it (IoU 0.45, its
    candidate QD): cut at the seam and laid again, read KD at its own outline."""
    was = read_by_lever_alone(check_faces, label, code, OFF, ON)
    assert was.card is None and was.candidate is not None and was.candidate.code == "QD"
