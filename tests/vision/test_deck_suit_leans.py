"""The deck's doubt between twins it cannot tell apart (issue 28, h-deck38).

On the building check the enrolled deck turned 11 cards the reader alone reads exactly into
uncertain ones. Ten of them the deck left uncertain naming that same card: 2C, 3C and AC whose
suit the looks again without the deck settled (the deck's reading skips them), and two 7S the
reader alone found again at a corner. The deck cannot tell those faces from their twins' and
the corner network's looks do not tell the suit at ``SUIT_SURE``, so h-deck33's rule left them
uncertain. They are put back when the network's looks lean to the suit
(``deck_suit_leans``); h-deck29's 5C, read 5S without the deck with the looks 0.49 for the
spade, stays uncertain (test_deck_keeps_sure). The lever ships off: on a held-out set it put
back a QS read TC surely. h-deckguard39's guard (``deck_leans_borne``, ``_rank_borne``) asks the
rank and colour too: the deck's faces name them, or, where the faces have no say, every look at
the index corners reads the rank; it keeps the check's ten and refuses a fresh four-colour 2S
read 2D, but not a drawn jumbo KC read KS (the suit wrong, the rank right), so the lever stays
off.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from dealer_assist.cards import Card, Suit, parse_card
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import GlyphModel
from dealer_assist.vision.enrol import EnrolledDeck
from dealer_assist.vision.pipeline import (
    DECK_SUIT_LEANS,
    SUIT_LEANS,
    CardDetector,
    _rank_borne,
    _Reading,
    _suit_leans,
    keep_sure,
)
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import CHECK_STYLES, random_scene
from tests.vision.found import answer_among, answer_at, put_back_alone, square_detection
from tests.vision.photographed import enrolled_as_checked

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # the readers' order
LEAN = {"deck_suit_leans": SUIT_LEANS}  # the lever on (it ships off)
NO_LEAN = {"deck_suit_leans": 0.0}
LEANING = 0.01  # FinderSettings.deck_doubts_when_leaning as measured (h-twins48)


def _suits(spade: float, heart: float, diamond: float, club: float, **kw: float) -> _Reading:
    return _Reading(None, np.array([spade, heart, diamond, club]), network=True, **kw)


def test_the_looks_lean_to_a_suit_taken_together() -> None:
    """anglo/dim#7900003's 2C: one corner 0.88 spade, the other 0.91 club; taken together
    0.64 for the club. h-deck29's 5C read 5S: one corner 0.425 spade, 0.438 club."""
    two = [_suits(0.877, 0.019, 0.023, 0.08), _suits(0.047, 0.018, 0.022, 0.912)]
    assert _suit_leans(two, Suit.CLUBS, SUIT_LEANS)
    assert not _suit_leans(two, Suit.SPADES, SUIT_LEANS)
    assert not _suit_leans(two, Suit.CLUBS, 0.7)
    five = [_suits(0.425, 0.007, 0.129, 0.438)]
    assert not _suit_leans(five, Suit.SPADES, SUIT_LEANS)
    # A look under another card's outline, or the glyph reader's, does not count either way;
    # with no look in the open nothing leans against the suit.
    shadowed = [_suits(0.9, 0.0, 0.0, 0.1, overlap=0.5)]
    assert _suit_leans(shadowed, Suit.CLUBS, SUIT_LEANS)
    glyphs = [_Reading(None, np.array([0.9, 0.0, 0.0, 0.1]), network=False)]
    assert _suit_leans(glyphs, Suit.CLUBS, SUIT_LEANS)
    assert _suit_leans([], Suit.HEARTS, SUIT_LEANS)


def test_a_card_read_surely_without_the_deck_is_not_lost_to_its_doubt(
    tango_deck: EnrolledDeck, tango_faces: dict[Card, np.ndarray]
) -> None:
    """tango/tilted#11441000 (h-deck38's fresh seeds): the JS the reader alone reads surely
    (made sure as the finding is finished) is disputed at 0.5 naming the JS with the deck,
    whose JS and JC faces are not told apart and whose network looks do not tell the spade at
    ``SUIT_SURE``:
    uncertain with ``deck_suit_leans`` off, as before; the JS with it, the looks leaning to the
    spade. No other answer of the scene changes, and none names a card not dealt."""
    assert not tango_deck.faces.told_apart(parse_card("JS"))
    _put_back_alone(tango_deck, tango_faces, 11_441_000, "tilted", "JS", shipped=LEAN, off=NO_LEAN)


def test_the_suit_leans_lever_ships_off() -> None:
    """``deck_suit_leans`` ships off (session 38): on the fresh held-out set 975 it put back a
    wrong read the deck had left uncertain (a QS read TC surely without the deck); with the
    rank guard (``deck_leans_borne``, on whenever the lean is) still off (h-deckguard39: a
    drawn jumbo deck's KC read KS surely, the looks leaning to the spade, was put back)."""
    assert DECK_SUIT_LEANS == 0.0
    assert CardDetector().deck_suit_leans == 0.0
    assert CardDetector().deck_leans_borne


@pytest.fixture(scope="module")
def ornamental_deck(
    ornamental_faces: dict[Card, np.ndarray], tmp_path_factory: pytest.TempPathFactory
) -> EnrolledDeck:
    """ornamental enrolled as ``scripts/vision_enrol_check.py`` enrols it (no card taken
    again), as ``vision_tilted.py --deck``."""
    return enrolled_as_checked(tmp_path_factory.mktemp("ornamental-photos"), ornamental_faces, {})


def test_a_lost_card_whose_rank_is_borne_out_is_kept(
    ornamental_deck: EnrolledDeck, ornamental_faces: dict[Card, np.ndarray]
) -> None:
    """ornamental/table#11540280 (h-deckguard39's fresh seeds): the 8C the reader alone reads
    surely is left uncertain naming the 8C by the deck, whose 8C and 8S faces are not told
    apart: uncertain with ``deck_suit_leans`` off (as shipped); the 8C with it on (the rank
    guard on), the looks leaning to the club and every look at its index corners reading the
    eight (the faces have no say there). No other answer changes."""
    assert not ornamental_deck.faces.told_apart(parse_card("8C"))
    # The off outline laid again from its index corner (h-relay42, on) off in both: with the
    # deck and the lever off it reads the 8C surely first.
    _put_back_alone(
        ornamental_deck,
        ornamental_faces,
        11_540_280,
        "table",
        "8C",
        shipped=LEAN,
        off=NO_LEAN,
        finder=FinderSettings(relay_off=False),
    )


def test_a_face_matching_no_card_well_does_not_unset_a_card_put_back(
    tango_deck: EnrolledDeck, tango_faces: dict[Card, np.ndarray]
) -> None:
    """tango/dim#11441000 (h-deck38's fresh seeds, h-deckdim38): the KH the reader alone reads
    surely is put back with the deck, then the faces' ink check unset it: its face, warped from
    an outline a little off the card in dim light, matches KS at 0.57 and KH at 0.41 (every
    other card of the scene its own face at 0.73-0.94). With ``deck_veto_least`` that is no
    evidence against the sure reading: the KH, no other answer of the scene changed, none
    naming a card not dealt."""
    _put_back_alone(
        tango_deck,
        tango_faces,
        11_441_000,
        "dim",
        "KH",
        shipped={"deck_suit_leans": SUIT_LEANS},
        off={"deck_veto_least": 0.0},
        leaning="uncertain",  # its faces speak against the KH (KS 0.57): not kept by the lean
    )


def test_a_weak_doubt_naming_another_card_gives_way_to_a_sure_reading() -> None:
    """``keep_sure``'s ``weak`` (h-deckdim38, tango/noisy#7900008's TS: the deck's shape there
    reads 8C at 0.26): a card read surely without the deck where the deck's nearest shape is
    uncertain naming another card under ``weak`` sure is put back; at ``weak`` or above, or
    with ``weak`` 0, or naming no card, it stays uncertain."""
    plain = [square_detection("TS", (100, 100), "TS"), square_detection("5H", (300, 100), "5H")]
    weak = [
        replace(square_detection(None, (110, 104), "8C"), confidence=0.26),
        replace(square_detection(None, (300, 100), None), confidence=0.1),
    ]
    kept, restored = keep_sure(weak, plain, agreed=lambda _: False, weak=1 / 3)
    assert [d.card.code if d.card else None for d in kept] == ["TS", None]
    assert restored == [0]
    assert keep_sure(weak, plain, agreed=lambda _: False)[1] == []
    surer = [replace(weak[0], confidence=0.4), weak[1]]
    assert keep_sure(surer, plain, agreed=lambda _: False, weak=1 / 3)[1] == []


def test_the_check_ten_of_spades_is_put_back_over_a_weak_other_card(
    tango_deck: EnrolledDeck, tango_faces: dict[Card, np.ndarray]
) -> None:
    """tango/noisy#7900008 (the building check's last card the deck loses): the TS the reader
    alone reads surely, where the deck's reading keeps a shape read weakly as another card and
    never finds the TS: uncertain with ``deck_weak_other`` off, the TS with it at 1/3; no other
    answer of the scene changed, none naming a card not dealt. ``line_fit`` (on since session
    46) reads the scene's TC (a building check gain, exact without the deck:
    tests/vision/test_line_fit.py), with the deck as shipped and not with ``deck_weak_other``
    off: off in all three, so that the TS alone is compared."""
    _put_back_alone(
        tango_deck,
        tango_faces,
        7_900_008,
        "noisy",
        "TS",
        shipped={},
        off={"deck_weak_other": 0.0},
        finder=FinderSettings(line_fit=False),
    )


def _put_back_alone(
    deck: EnrolledDeck,
    faces: dict[Card, np.ndarray],
    seed: int,
    style: str,
    code: str,
    *,
    shipped: dict[str, float],
    off: dict[str, float],
    finder: FinderSettings | None = None,
    leaning: str | None = None,
) -> None:
    """In the check style's scene ``seed``, the card ``code``, read surely without the deck, is
    uncertain with the deck and the lever ``off``, and read so with the deck as shipped: no
    other answer of the scene changed, none naming a card not dealt (``finder``: every
    detector's finder settings; default: the defaults). Both with
    ``deck_doubts_when_leaning`` off (it keeps a sure card whose faces do not lean to its
    twin); with it on (``LEANING``) and the lever ``off`` the card is answered ``leaning``
    (default: ``code``)."""
    scene = random_scene(seed, faces, style=CHECK_STYLES[style])
    placed = next(c for c in scene.cards if c.card.code == code)
    model = cast(GlyphModel, deck)
    assert answer_at(CardDetector(finder=finder), scene.image, placed) == code
    no_lean = replace(finder or FinderSettings(), deck_doubts_when_leaning=0.0)
    before = CardDetector(model=model, finder=no_lean, **{**shipped, **off}).detect(scene.image)  # type: ignore[arg-type]
    after = CardDetector(model=model, finder=no_lean, **shipped).detect(scene.image)  # type: ignore[arg-type]
    put_back_alone(before, after, placed, code)
    assert {d.card.code for d in after if d.card is not None} <= {c.card.code for c in scene.cards}
    lean = replace(finder or FinderSettings(), deck_doubts_when_leaning=LEANING)
    leans = CardDetector(model=model, finder=lean, **{**shipped, **off})  # type: ignore[arg-type]
    assert answer_at(leans, scene.image, placed) == (leaning or code)


@pytest.fixture(scope="module")
def four_colour_deck(
    art_cache: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[EnrolledDeck, dict[Card, np.ndarray]]:
    """anglo_modern_4_color (a building design: blue diamonds, green clubs) and the deck
    enrolled from it as ``scripts/vision_enrol_check.py`` enrols it (JS and 2D taken three
    times, AH, 7D and QC twice)."""
    design = decks.design("anglo_modern_4_color")
    assert design.family not in decks.HELD_OUT_FAMILIES
    faces = decks.render_design(design, height=320, cache=art_cache)
    deck = enrolled_as_checked(
        tmp_path_factory.mktemp("four-colour-photos"),
        faces,
        {"JS": 2, "2D": 2, "AH": 1, "7D": 1, "QC": 1},
    )
    return deck, faces


def test_a_sure_wrong_read_the_suit_leans_to_is_refused_by_the_faces(
    four_colour_deck: tuple[EnrolledDeck, dict[Card, np.ndarray]],
) -> None:
    """anglo_modern_4_color/tilted#11542200 (h-deckguard39's fresh seeds): the reader alone
    reads the 2S surely as 2D; the deck leaves it uncertain naming the 2D, and the looks lean
    to the diamond over the heart. The deck's faces name a black two there, so the rank guard
    (``_rank_borne``) refuses the 2D, as it refuses a rank the faces do not show (the held-out
    QS read TC's kind), and bears out the 2S. With the lean, guarded or not, the card stays
    uncertain (the faces' ink check unsets the 2D as well)."""
    deck, faces = four_colour_deck
    scene = random_scene(11_542_200, faces, style=CHECK_STYLES["tilted"])
    placed = next(c for c in scene.cards if c.card.code == "2S")
    plain = CardDetector().analyse(scene.image)
    sure = next(d for d in plain.detections if answer_among([d], placed) != "missed")
    assert sure.card == parse_card("2D")
    for code, borne in (("2D", False), ("QS", False), ("2S", True)):
        card = replace(sure, card=parse_card(code))
        assert _rank_borne(scene.image, card, plain, [], deck) is borne
    model = cast(GlyphModel, deck)
    for guard in (False, True):
        read = CardDetector(model=model, deck_suit_leans=SUIT_LEANS, deck_leans_borne=guard)
        assert answer_among(read.detect(scene.image), placed) == "uncertain"
