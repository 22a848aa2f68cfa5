"""The house's deck only adds evidence to what the reader alone finds (issue 28, h-deck32).

Two things the deck did on held-out scenes that no rule held: it read an ace of diamonds the
reader alone left uncertain (its candidate the diamond) surely as the ace of hearts, its suit
vote outvoting the reader's own suit evidence; and it lost five cards of one scene that the
reader alone read exactly (``dropped:noedge``: the shapes found, but none reported). The
rules: a card the deck alone made sure whose suit is the twin of the one the reader alone
names there stays uncertain (``_suit_kept``), and a card shape the reader alone reports that
no shape read with the deck lies on is reported as without the deck (``keep_found``).
"""

from __future__ import annotations

from typing import cast

import numpy as np

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.pipeline import (
    CardDetection,
    CardDetector,
    FrameAnalysis,
    _Finding,
    _suit_kept,
    keep_found,
)
from dealer_assist.vision.synthetic import TILTED, random_scene
from tests.vision.found import square_detection

# The deck: conftest's building_deck (enrolled once a session, shared with test_enrol_suits and
# test_deck_suit_borne); a scene of the building design it was enrolled from.
SCENE_SEED = 10_925_500


def test_the_deck_does_not_outvote_the_readers_own_suit() -> None:
    """A card the deck alone made sure is left uncertain when the reader alone names the other
    suit of its colour there; a suit the reader alone leaned to, a rank it was unsure of, a
    card it read surely and a card it did not find are the deck's to settle."""
    with_deck = [
        square_detection("AH", (100, 100), "AH"),  # the reader alone: uncertain, candidate AD
        square_detection("KS", (300, 100), "KS"),  # the reader alone: uncertain, candidate KC
        square_detection("7D", (500, 100), "7D"),  # the reader alone: uncertain, candidate 7D
        square_detection("9H", (700, 100), "9H"),  # the reader alone: uncertain, candidate 6H
        square_detection("QC", (900, 100), "QC"),  # the reader alone: sure of it
        square_detection("4S", (1100, 100), "4S"),  # the reader alone: uncertain, candidate 4H
        square_detection("2D", (1300, 100), "2D"),  # the reader alone found nothing here
    ]
    plain = [
        square_detection(None, (102, 98), "AD"),
        square_detection(None, (300, 104), "KC"),
        square_detection(None, (500, 100), "7D"),
        square_detection(None, (700, 100), "6H"),
        square_detection("QC", (900, 100), "QC"),
        square_detection(None, (1100, 100), "4H"),
    ]
    kept = _suit_kept(with_deck, plain)
    assert [d.card.code if d.card else None for d in kept] == [
        None,
        None,
        "7D",
        "9H",
        "QC",
        "4S",
        "2D",
    ]
    assert [d.candidate.code if d.candidate else None for d in kept][:2] == ["AH", "KS"]
    assert kept[0].confidence <= 0.5
    # With ``colour`` (``deck_colour_kept``, off as shipped) a suit of the other colour too:
    # ornamental/harsh#10946001's 2C, candidate 2C without the deck, read surely as 2D with it.
    assert [d.card for d in _suit_kept(with_deck, plain, colour=True)][5] is None
    two = [square_detection("2D", (100, 100), "2D")]
    assert _suit_kept(two, [square_detection(None, (100, 100), "2C")])[0].card == parse_card("2D")
    assert _suit_kept(two, [square_detection(None, (100, 100), "2C")], colour=True)[0].card is None


def test_a_card_the_reader_alone_reports_is_not_lost_with_the_deck() -> None:
    """Shapes the reader alone reports (read or not) that no shape read with the deck lies on
    are reported as without the deck; where a shape read with the deck lies on one, the deck's
    answer stands (never twice)."""
    with_deck = FrameAnalysis(
        detections=[square_detection("AH", (100, 100), "AH")],
        quads=[],
        unread_cards=[square_detection(None, (700, 100), None)],
    )
    plain = FrameAnalysis(
        detections=[
            square_detection(None, (104, 100), "AH"),  # the deck's AH lies on it
            square_detection("5C", (300, 100), "5C"),  # lost with the deck
            square_detection(None, (500, 100), "8D"),  # lost with the deck
        ],
        quads=[],
        unread_cards=[
            square_detection(None, (700, 104), None),  # the deck's unread shape lies on it
            square_detection(None, (900, 100), None),  # lost with the deck
        ],
    )
    detections, unread = keep_found(with_deck, plain)
    assert [(d.card.code if d.card else None, d.center) for d in detections] == [
        ("AH", (100, 100)),
        ("5C", (300, 100)),
        (None, (500, 100)),
    ]
    assert [d.center for d in unread] == [(700, 100), (900, 100)]


def test_a_shape_spanning_cards_stands_for_none_of_them() -> None:
    """A shape read with the deck over several cards the reader alone reports (its centre
    between them) does not stand for them: they are reported as without the deck."""
    span = CardDetection(
        None, 0.5, ((60, 40), (340, 40), (340, 160), (60, 160)), (200, 100), candidate=None
    )
    with_deck = FrameAnalysis(detections=[span], quads=[])
    plain = FrameAnalysis(
        detections=[
            square_detection("5C", (100, 100), "5C"),
            square_detection("9D", (300, 100), "9D"),
        ],
        quads=[],
    )
    detections, _ = keep_found(with_deck, plain)
    assert [d.card.code if d.card else None for d in detections] == [None, "5C", "9D"]


class _Losing(CardDetector):
    """The detector, its reading with the house's deck finished without the card it read
    first (a deck's finishing steps losing a shape the reader alone reports)."""

    def _finished(
        self, frame: np.ndarray, best: FrameAnalysis, chosen: _Finding | None
    ) -> FrameAnalysis:
        finished = super()._finished(frame, best, chosen)
        if isinstance(self._model, EnrolledDeck):
            finished.detections = finished.detections[1:]
        return finished


def test_the_detector_reports_what_its_deck_reading_lost(
    building_deck: EnrolledDeck, building_faces: dict[Card, np.ndarray]
) -> None:
    """With the deck, a card the reading without it reports is reported even when the deck's
    own reading lost it; with the rule off it is missed."""
    scene = random_scene(SCENE_SEED, building_faces, style=TILTED)
    plain = CardDetector().detect(scene.image)
    assert len(plain) == len(scene.cards)
    deck = cast(GlyphModel, building_deck)
    kept = _Losing(model=deck).detect(scene.image)
    lost = _Losing(model=deck, deck_keeps_found=False).detect(scene.image)
    assert len(lost) == len(plain) - 1
    assert len(kept) == len(plain)
    assert sorted(d.center for d in kept) == sorted(d.center for d in plain)
