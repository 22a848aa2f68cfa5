"""The house's deck never changes a sure reading, its faces name no other rank than one the
looks read surely, and a card the deck alone made sure whose face it cannot tell from its
twin's keeps its suit only where the corner network tells it surely (issue 28, h-deck29).

The cases are those h-deck28's enrol check found on building designs (scripts/
vision_enrol_check.py, seeds 10,500,000-10,549,999): the deck read a card the reader alone
reads surely otherwise (an 8H), a small 2H as 3H by its face, and a drawn jumbo deck's KH as
KD. Enrolled from photographs of the building generator, read on other photographs of it.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import Card, Suit, parse_card
from dealer_assist.vision import pipeline
from dealer_assist.vision.drawn_decks import TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.pipeline import (
    CardDetector,
    _rank_read,
    _Reading,
    _suit_told,
    keep_sure,
)
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import HARSH, TABLE, TILTED, random_scene
from tests.vision.conftest import PHOTO_STYLE
from tests.vision.found import answer_at, square_detection
from tests.vision.photographed import enrolled_as_checked, enrolled_from_photographs

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # the readers' order
CHECK_SEED = 9_100_000  # scripts/vision_enrol_check.py's own photographs and drawn styles


@pytest.fixture(scope="module")
def ornamental_deck(
    ornamental_faces: dict[Card, np.ndarray], tmp_path_factory: pytest.TempPathFactory
) -> EnrolledDeck:
    """ornamental enrolled from the enrol check's own photographs (none taken again)."""
    return enrolled_as_checked(tmp_path_factory.mktemp("ornamental-photos"), ornamental_faces, {})


def test_keep_sure_puts_back_what_was_read_surely_without_the_deck() -> None:
    """A card read surely without the deck that the deck reads surely as another card is
    answered as it was without the deck; one the deck left uncertain stays so, and the deck's
    other answers stand."""
    with_deck = [
        square_detection("TH", (100, 100), "TH"),  # read surely as 8H without the deck
        square_detection(None, (300, 100), "5S"),  # read surely as 5S without the deck
        square_detection("KS", (500, 100), "KS"),  # uncertain without the deck: the deck settles it
        square_detection("5C", (700, 100), "5C"),  # the same card either way
    ]
    plain = [
        square_detection("8H", (102, 98), "8H"),
        square_detection("5S", (300, 104), "5S"),
        square_detection(None, (500, 100), "KS"),
        square_detection("5C", (700, 100), "5C"),
        square_detection("2C", (905, 100), "2C"),  # not found with the deck: not put back
    ]
    kept, restored = keep_sure(with_deck, plain)
    assert [d.card.code if d.card else None for d in kept] == ["8H", None, "KS", "5C"]
    assert kept[0] is plain[0] and kept[1:] == with_deck[1:]
    assert restored == [0]


@pytest.fixture(scope="module")
def ornamental_deck_28(
    ornamental_faces: dict[Card, np.ndarray], tmp_path_factory: pytest.TempPathFactory
) -> EnrolledDeck:
    """ornamental enrolled from the photographs of h-deck28's first pairs run (its 7H taken
    again)."""
    return enrolled_from_photographs(
        tmp_path_factory.mktemp("ornamental-28-photos"),
        ornamental_faces,
        seed=10_520_400,
        attempt_step=100,
        style=PHOTO_STYLE,
        taken_again={"7H": 1},
    )


def test_a_card_read_surely_without_the_deck_is_read_so_with_it(
    ornamental_deck_28: EnrolledDeck, ornamental_faces: dict[Card, np.ndarray]
) -> None:
    """Harsh light (h-deck28's pairs case, seed 10,500,402): the reader alone is unsure of the
    8H until its middle look counts its pips (sure); with the deck the corner network is sure,
    the glyph reader does not second it, and the deck's faces, which come before the looks
    again, matched the house's TH better by 0.10: the deck read it surely as TH. Read to the
    end without the deck as well, the deck keeps the 8H (the faces' rank rules off here:
    each leaves the card uncertain on its own; h-wrong30's, a rank no corner saw, too)."""
    dealt = [parse_card(c) for c in ("5D", "8H", "AH", "8D", "5H", "AD")]
    scene = random_scene(10_500_402, ornamental_faces, style=HARSH, cards=dealt)

    def sure(detector: CardDetector) -> list[str]:
        return sorted(d.card.code for d in detector.detect(scene.image) if d.card is not None)

    assert "8H" in sure(CardDetector())
    kept = sure(CardDetector(model=ornamental_deck_28, face_keeps_rank=False, face_rank_seen=False))
    assert "8H" in kept and "TH" not in kept
    assert "TH" in sure(
        CardDetector(
            model=ornamental_deck_28,
            face_keeps_rank=False,
            face_rank_seen=False,
            deck_keeps_sure=False,
        )
    )


def test_the_faces_name_no_other_rank_than_one_read_surely(
    ornamental_deck: EnrolledDeck, ornamental_faces: dict[Card, np.ndarray]
) -> None:
    """Small cards (seed 10,500,451): a 2H the corner network and the glyph reader both read as
    a two (0.96, 1.00), uncertain for its suit; its face, 55-80 pixels wide, matched the
    house's 3H better by 0.12 and the faces read it as 3H. Now the faces name no other rank
    than the looks read surely: it stays uncertain (h-wrong30's rule, the three no look saw,
    off for the "before": it holds the 3H too)."""
    scene = random_scene(10_500_451, ornamental_faces, style=replace(TILTED, card_px=(55.0, 80.0)))
    assert "2H" in [c.card.code for c in scene.cards]

    def sure(detector: CardDetector) -> list[str]:
        return [d.card.code for d in detector.detect(scene.image) if d.card is not None]

    # The off outline laid again from its index corner (h-relay42, on) off in both: it reads
    # the 2H surely first, before the faces. ``line_fit`` (on since session 46) reads the 2H
    # exactly at its fitted outline, with the deck and without (tests/vision/test_line_fit.py):
    # off in both too.
    no_relay = FinderSettings(relay_off=False, line_fit=False)
    assert "3H" in sure(
        CardDetector(
            model=ornamental_deck, face_keeps_rank=False, face_rank_seen=False, finder=no_relay
        )
    )
    read = sure(CardDetector(model=ornamental_deck, finder=no_relay))
    assert "3H" not in read and "2H" not in read


def _look(
    rank: int | None, suit: Suit | None, share: float, *, network: bool = True, overlap: float = 0.0
) -> _Reading:
    ranks = None if rank is None else np.full(13, (1 - share) / 12)
    if ranks is not None and rank is not None:
        ranks[rank - 1] = share
    suits = (
        None if suit is None else np.array([share if s is suit else (1 - share) / 3 for s in SUITS])
    )
    return _Reading(ranks, suits, network=network, overlap=overlap)


def test_rank_read_and_suit_told_ask_the_looks_in_the_open() -> None:
    """A rank read surely by any look in the open (not under another card's outline, not
    junk); a suit told only when every look of the corner network in the open gives it
    ``SUIT_SURE`` of its colour's belief, and some look does."""
    eight = parse_card("8H")
    assert _rank_read([_look(8, Suit.HEARTS, 0.95)], eight)
    assert not _rank_read([_look(8, Suit.HEARTS, 0.8)], eight)
    assert not _rank_read([_look(8, Suit.HEARTS, 0.95, overlap=0.5)], eight)
    assert not _rank_read([_look(10, Suit.HEARTS, 0.95)], eight)
    assert _suit_told([_look(None, Suit.DIAMONDS, 0.99)], Suit.DIAMONDS)
    assert not _suit_told([_look(None, Suit.DIAMONDS, 0.6)], Suit.DIAMONDS)
    assert not _suit_told([_look(None, Suit.DIAMONDS, 0.99, network=False)], Suit.DIAMONDS)
    assert not _suit_told(
        [_look(None, Suit.DIAMONDS, 0.99), _look(None, Suit.DIAMONDS, 0.6)], Suit.DIAMONDS
    )
    # A corner under another card does not count either way.
    assert _suit_told(
        [_look(None, Suit.DIAMONDS, 0.99), _look(None, Suit.HEARTS, 0.9, overlap=0.5)],
        Suit.DIAMONDS,
    )


@pytest.fixture(scope="module")
def jumbo_deck(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[dict[Card, np.ndarray], EnrolledDeck]:
    """The enrol check's drawn-3-jumbo, enrolled from photographs from seed 10,547,000."""
    faces = render_drawn(
        random_style(np.random.default_rng(CHECK_SEED + 3), jumbo=True, fonts=TEST_FONTS), seed=3
    )
    deck = enrolled_from_photographs(
        tmp_path_factory.mktemp("jumbo-photos"),
        faces,
        seed=10_547_000,
        attempt_step=100,
        style=PHOTO_STYLE,
        taken_again={"9D": 1, "QD": 1},
    )
    return faces, deck


def test_twins_the_deck_cannot_tell_apart_are_not_made_sure(
    jumbo_deck: tuple[dict[Card, np.ndarray], EnrolledDeck],
) -> None:
    """A drawn jumbo deck (the enrol check's drawn-3-jumbo, its photographs from seed
    10,540,000) in harsh light (seed 10,532,702): a KH whose one index corner in the open the
    network reads K 0.63, D 0.58 and the glyph reader K 0.92, D 0.96, uncertain without the
    deck; the deck made the king sure and so the card, as KD. Its KH and KD faces are not told
    apart at enrolment (separation 0.016): the deck makes neither sure unless the corner
    network tells the suit surely."""
    faces, deck = jumbo_deck
    assert not deck.faces.told_apart(parse_card("KH"))
    dealt = [parse_card(c) for c in ("AH", "KH", "7D", "7H", "AD", "KD")]
    scene = random_scene(10_532_702, faces, style=HARSH, cards=dealt)
    kh = next(c for c in scene.cards if c.card.code == "KH")
    assert answer_at(CardDetector(), scene.image, kh) == "uncertain"
    assert answer_at(CardDetector(model=deck, deck_twins_apart=False), scene.image, kh) == "KD"
    assert answer_at(CardDetector(model=deck), scene.image, kh) == "uncertain"


def test_twins_are_told_by_the_looks_without_the_deck(
    jumbo_deck: tuple[dict[Card, np.ndarray], EnrolledDeck],
) -> None:
    """A real table (h-wrong30's seed 10,702,706): the 8S, uncertain without the deck (the
    corner network's club 0.58 at its one index corner in the open), is made 8C by the deck,
    whose corner examples sharpen that club to 0.98. Its 8S and 8C faces are not told apart:
    the twins rule asks the looks of the reading without the deck, and the card stays
    uncertain (before, it asked the deck's own looks, sure of the club)."""
    faces, deck = jumbo_deck
    assert not deck.faces.told_apart(parse_card("8C"))
    scene = random_scene(10_702_706, faces, style=TABLE)
    eight = next(c for c in scene.cards if c.card.code == "8S")
    assert answer_at(CardDetector(), scene.image, eight) == "uncertain"
    assert answer_at(CardDetector(model=deck, deck_twins_apart=False), scene.image, eight) == "8C"
    assert answer_at(CardDetector(model=deck), scene.image, eight) == "uncertain"


def test_a_suit_the_deck_cannot_tell_is_not_put_back_by_its_doubt(
    jumbo_deck: tuple[dict[Card, np.ndarray], EnrolledDeck],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A real table (h-deck29's seed 10,627,724): a 5C both readings dispute at 0.5, naming
    5S, that the looks again without the deck read surely as 5S. The deck leaves it uncertain
    naming 5S; its 5C and 5S faces are not told apart and the corner network does not tell the
    suit, so the deck's doubt (h-deck33's ``agreed``) does not put the 5S back. Without that
    check (every agreeing doubt put back) it is read wrongly again."""
    faces, deck = jumbo_deck
    assert not deck.faces.told_apart(parse_card("5C"))
    scene = random_scene(10_627_724, faces, style=TABLE)
    five = next(c for c in scene.cards if c.card.code == "5C")
    assert answer_at(CardDetector(), scene.image, five) == "5S"
    assert answer_at(CardDetector(model=deck), scene.image, five) == "uncertain"
    monkeypatch.setattr(pipeline, "_twin_told", lambda *_, **__: lambda _: True)
    assert answer_at(CardDetector(model=deck), scene.image, five) == "5S"


def test_the_five_the_deck_catches_stays_uncertain_when_it_keeps_every_sure(
    jumbo_deck: tuple[dict[Card, np.ndarray], EnrolledDeck],
) -> None:
    """The same 5C (read 5S surely without the deck): ``deck_keeps_every_sure`` alone puts
    the 5S back (h-deck47); with ``deck_doubts_when_leaning`` (h-twins48) the deck's doubt
    stands: its faces name no rank there, and its 5C face matches best, 0.098 above its 5S."""
    faces, deck = jumbo_deck
    scene = random_scene(10_627_724, faces, style=TABLE)
    five = next(c for c in scene.cards if c.card.code == "5C")
    # (the lean off: ``deck_doubts_when_leaning`` alone decides the card, whatever it ships as)
    keeps = replace(FinderSettings(), deck_keeps_every_sure=True, deck_doubts_when_leaning=0.0)
    assert answer_at(CardDetector(model=deck, finder=keeps), scene.image, five) == "5S"
    leaning = replace(FinderSettings(), deck_doubts_when_leaning=0.01)
    assert answer_at(CardDetector(model=deck, finder=leaning), scene.image, five) == "uncertain"
