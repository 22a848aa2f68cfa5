"""An enrolled deck never turns a sure reading uncertain (issue 28, h-deck47).

On the building check the enrolled deck left 18 cards the reader alone reads exactly
uncertain: black twins its faces cannot tell apart (2C, 3C, AC, TC, JC and 7S), whose looks do
not tell the suit at ``SUIT_SURE``, so that ``keep_sure``'s own rules (h-deck33's ``agreed``,
the suit's lean, off) left them as the deck doubted them; a held-out kde_standard 3C went the
same way. ``FinderSettings.deck_keeps_every_sure`` answers every card read surely without the
deck as it was read, unless the deck's reading there names that same card surely
(``keep_every_sure``) or its faces speak against it (name another rank or colour there, or
disown its suit). It ships off: not gated (the whole vision suite was not run with it on).
"""

from __future__ import annotations

from dataclasses import replace
from typing import cast

import numpy as np

from dealer_assist.cards import Card, Rank, parse_card
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.pipeline import CardDetector, FrameAnalysis, keep_every_sure
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import CHECK_STYLES, random_scene
from tests.vision.found import answer_among, kept_alone, square_detection

ON = replace(FinderSettings(), deck_keeps_every_sure=True)


def _analysis(*detections: object, unread: tuple[object, ...] = ()) -> FrameAnalysis:
    return FrameAnalysis(list(detections), [], unread_cards=list(unread))  # type: ignore[arg-type]


def _codes(found: list[object]) -> list[str | None]:
    return [d.card.code if d.card else None for d in found]  # type: ignore[attr-defined]


def test_the_lever_ships_off() -> None:
    """Off as shipped (not gated)."""
    assert not FinderSettings().deck_keeps_every_sure
    assert not CardDetector().finder.deck_keeps_every_sure


def test_a_doubt_gives_way_to_the_sure_reading_whatever_it_names() -> None:
    """The deck's nearest shape on a card read surely without it, uncertain naming that card,
    another card or none, or a shape no index was read in, gives way to the sure reading;
    an uncertain shape lying on it besides is dropped (``unsure_on_sure``)."""
    plain = _analysis(
        square_detection("3C", (100, 100), "3C"),
        square_detection("TC", (300, 100), "TC"),
        square_detection("7S", (500, 100), "7S"),
        square_detection("2C", (700, 100), "2C"),
    )
    deck = _analysis(
        square_detection(None, (102, 101), "3C"),
        square_detection(None, (303, 98), "TS"),
        square_detection(None, (500, 100), None),
        square_detection(None, (708, 108), "2C"),
        unread=(square_detection(None, (694, 96), None),),
    )
    detections, unread = keep_every_sure(deck, plain)
    assert _codes(detections) == ["3C", "TC", "7S", "2C"]
    assert [d.center for d in detections] == [d.center for d in plain.detections]
    assert unread == []


def test_the_deck_reading_the_card_or_another_surely_is_left() -> None:
    """A shape the deck reads surely as the same card stays as the deck read it; one read
    surely as another card is ``keep_sure``'s to answer; a card uncertain without the deck is
    never made sure; with no shape on it, the sure card is added."""
    plain = _analysis(
        square_detection("3C", (100, 100), "3C"),
        square_detection("5H", (300, 100), "5H"),
        square_detection(None, (500, 100), "9D"),
        square_detection("KD", (700, 100), "KD"),
    )
    same = replace(square_detection("3C", (104, 100), "3C"), confidence=0.97)
    deck = _analysis(
        same,
        square_detection("6H", (300, 100), "6H"),
        square_detection(None, (500, 100), "9D"),
    )
    detections, unread = keep_every_sure(deck, plain)
    assert detections[0] is same
    assert _codes(detections) == ["3C", "6H", None, "KD"]
    assert unread == []


def test_the_check_ten_of_clubs_the_deck_doubted_is_read(
    tango_deck: EnrolledDeck, tango_faces: dict[Card, np.ndarray]
) -> None:
    """tango/tilted#7900008 (the building check, h-deck47): the TC the reader alone reads
    surely is uncertain with the deck as shipped (its TC and TS faces not told apart) and the
    TC with the lever on; no other answer of the scene changes, none names a card not dealt."""
    kept_alone(tango_deck, tango_faces, 7_900_008, "tilted", "TC", ON)


def test_a_court_is_named_only_clear_of_the_other_courts_of_its_colour(
    tango_deck: EnrolledDeck,
) -> None:
    """``FaceMatcher.court_clear`` (``settle``'s ``court_margin``, h-deck47): a court's best
    face must match ``margin`` better than the best face of each other court of its colour (a
    heart's queen against the red kings and jacks, either suit); a number card is not asked."""
    faces = tango_deck.faces
    scores = np.zeros(len(faces.cards))

    def at(code: str, value: float) -> None:
        scores[faces.cards.index(parse_card(code))] = value

    at("KD", 0.80)
    at("QH", 0.72)
    at("JD", 0.60)
    at("KS", 0.79)  # the other colour's king is no court of its colour
    king, queen = (Rank.KING, True), (Rank.QUEEN, True)
    assert faces.court_clear(scores, king, 0.05)
    assert not faces.court_clear(scores, king, 0.1)
    assert not faces.court_clear(scores, queen, 0.01)
    assert faces.court_clear(scores, (Rank.FIVE, True), 0.5)
    at("QD", 0.78)
    assert not faces.court_clear(scores, king, 0.05)


def test_a_sure_reading_the_faces_speak_against_is_not_kept(
    tango_deck: EnrolledDeck, tango_faces: dict[Card, np.ndarray]
) -> None:
    """tango/tilted#7900008's TC read with the deck (uncertain there): kept with the frame and
    the deck given, the faces naming a black ten; a sure reading without the deck of another
    rank there (a QC, made up: session 38's held-out QS read TC's kind) or of the other colour
    (a TD) is not, the faces naming the ten of clubs' rank and colour; without the frame and
    the deck, it is."""
    scene = random_scene(7_900_008, tango_faces, style=CHECK_STYLES["tilted"])
    placed = next(c for c in scene.cards if c.card.code == "TC")
    # The lean off (``deck_doubts_when_leaning`` keeps the TC in the deck's own reading).
    no_lean = replace(FinderSettings(), deck_doubts_when_leaning=0.0)
    with_deck = CardDetector(model=cast(GlyphModel, tango_deck), finder=no_lean).analyse(
        scene.image
    )
    assert answer_among(with_deck.detections, placed) == "uncertain"
    plain = CardDetector().analyse(scene.image)
    sure = next(d for d in plain.detections if answer_among([d], placed) == "TC")
    for code, kept in (("TC", True), ("QC", False), ("TD", False)):
        told = replace(sure, card=parse_card(code), candidate=parse_card(code))
        alone = _analysis(told)
        found = keep_every_sure(with_deck, alone, frame=scene.image, deck=tango_deck)[0]
        assert answer_among(found, placed) == (code if kept else "uncertain")
        assert answer_among(keep_every_sure(with_deck, alone)[0], placed) == code
