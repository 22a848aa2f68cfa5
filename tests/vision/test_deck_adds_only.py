"""The house's deck only adds evidence to what the reader alone finds (issue 28, h-deck32).

Two things the deck did on held-out scenes that no rule held: it read an ace of diamonds the
reader alone left uncertain (its candidate the diamond) surely as the ace of hearts, its suit
vote outvoting the reader's own suit evidence; and it lost five cards of one scene that the
reader alone read exactly (``dropped:noedge``: the shapes found, but none reported). The
rules: a card the deck alone made sure whose suit is the twin of the one the reader alone
names there stays uncertain (``_suit_kept``), and a card shape the reader alone reports that
no shape read with the deck lies on is reported as without the deck (``keep_found``).

And the deck's doubt (h-deck33): on the building check the deck made 28 cards uncertain that
the reader alone reads exactly, 25 of them naming that same card (their candidate), made sure
without the deck by a look the deck's reading skips; such a card is answered as without the
deck (``keep_sure``'s ``agreed``), and an unsure shape on it dropped (``_off_restored``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
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
    _off_restored,
    _suit_kept,
    keep_found,
    keep_sure,
)
from dealer_assist.vision.quads import FinderSettings
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


def test_a_card_the_deck_doubts_as_the_same_card_is_put_back() -> None:
    """A card read surely without the deck that the deck leaves uncertain naming that same
    card is answered as without the deck (``agreed``); one whose candidate with the deck is
    another card stays uncertain, and so does every such card without ``agreed``."""
    with_deck = [
        square_detection(None, (100, 100), "5H"),  # without the deck: 5H, sure
        square_detection(None, (300, 100), "2S"),  # without the deck: 2C, sure
        square_detection("TH", (500, 100), "TH"),  # without the deck: 8H, sure (as before)
        square_detection(None, (700, 100), "9C"),  # without the deck: uncertain
        square_detection("JD", (900, 100), "JD"),  # the same card either way
    ]
    plain = [
        square_detection("5H", (104, 98), "5H"),
        square_detection("2C", (300, 100), "2C"),
        square_detection("8H", (500, 100), "8H"),
        square_detection(None, (700, 100), "9C"),
        square_detection("JD", (900, 100), "JD"),
    ]
    kept, restored = keep_sure(with_deck, plain, agreed=lambda _: True)
    assert [d.card.code if d.card else None for d in kept] == ["5H", None, "8H", None, "JD"]
    assert kept[0] is plain[0]
    assert restored == [0, 2]
    unagreed, restored = keep_sure(with_deck, plain)
    assert [d.card.code if d.card else None for d in unagreed] == [None, None, "8H", None, "JD"]
    assert restored == [2]
    # Only the nearest detection on the card: the deck's nearer shape names another card.
    near = [square_detection(None, (102, 100), "5S"), square_detection(None, (130, 100), "5H")]
    assert keep_sure(near, plain[:1], agreed=lambda _: True)[1] == []


def test_an_unsure_shape_on_a_card_put_back_is_dropped() -> None:
    """A card put back whole where the deck's reading kept two shapes of it (two halves, both
    uncertain) is reported once; unsure shapes elsewhere and other cards stay."""
    whole = CardDetection(
        parse_card("2D"), 0.99, ((60, 40), (140, 40), (140, 160), (60, 160)), (100, 100)
    )
    half = CardDetection(None, 0.0, ((60, 100), (140, 100), (140, 160), (60, 160)), (100, 130))
    analysis = FrameAnalysis(
        detections=[
            whole,
            half,
            square_detection("QS", (300, 100), "QS"),
            square_detection(None, (500, 100), "7C"),
        ],
        quads=[],
        unread_cards=[
            CardDetection(None, 0.0, ((60, 40), (140, 40), (140, 100), (60, 100)), (100, 70)),
            square_detection(None, (700, 100), None),
        ],
    )
    detections, unread = _off_restored(analysis, [0])
    assert [d.center for d in detections] == [(100, 100), (300, 100), (500, 100)]
    assert [d.center for d in unread] == [(700, 100)]
    assert _off_restored(analysis, [])[0] == analysis.detections


class _Doubting(CardDetector):
    """The detector, its reading with the house's deck finished with the first card it read
    surely left uncertain, its candidate that same card (the deck's reading skipping the look
    that made it sure without the deck)."""

    def _finished(
        self, frame: np.ndarray, best: FrameAnalysis, chosen: _Finding | None
    ) -> FrameAnalysis:
        finished = super()._finished(frame, best, chosen)
        if isinstance(self._model, EnrolledDeck):
            first = next(n for n, d in enumerate(finished.detections) if d.card is not None)
            sure = finished.detections[first]
            finished.detections[first] = replace(
                sure, card=None, candidate=sure.card, confidence=0.5
            )
        return finished


def test_the_detector_keeps_a_card_its_deck_reading_doubts_as_the_same(
    building_deck: EnrolledDeck, building_faces: dict[Card, np.ndarray]
) -> None:
    """With the deck, a card the reading without it reads surely stays sure when the deck's
    own reading leaves it uncertain naming the same card; with the rule off it is uncertain.
    Both with ``deck_doubts_when_leaning`` off: on (0.01, as measured) it keeps the card with
    the rule off too (the deck's faces do not lean to its twin)."""
    scene = random_scene(SCENE_SEED, building_faces, style=TILTED)
    deck = cast(GlyphModel, building_deck)
    no_lean = replace(FinderSettings(), deck_doubts_when_leaning=0.0)
    kept = _Doubting(model=deck, finder=no_lean).detect(scene.image)
    doubted = _Doubting(model=deck, finder=no_lean, deck_keeps_agreed=False).detect(scene.image)
    missing = Counter(d.card for d in kept if d.card) - Counter(d.card for d in doubted if d.card)
    assert len(list(missing.elements())) == 1
    (card,) = missing.elements()
    assert any(d.card is None and d.candidate == card for d in doubted)
    assert len(kept) == len(doubted)
    lean = replace(FinderSettings(), deck_doubts_when_leaning=0.01)
    leaning = _Doubting(model=deck, finder=lean, deck_keeps_agreed=False).detect(scene.image)
    assert sorted(d.card.code for d in leaning if d.card) == sorted(
        d.card.code for d in kept if d.card
    )
    assert len(leaning) == len(kept)
