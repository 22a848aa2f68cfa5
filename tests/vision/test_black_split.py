"""The black-split reader (issue 28, h-black16): a card still uncertain once two readers'
splits are settled, its rank sure and its suit split between spades and clubs, read by a reader
of spade-or-club alone (``black_split.BlackSplit``, ``CardDetector._black_split``) when both
its index corners read one suit and their odds together are ``BLACK_SURE`` sure. Off by default
(``CardDetector(black_split=True)`` turns it on): held out it added a wrong read.

The scenes are the building generator's, seeds and styles of scripts/vision_tilted.py's
building check; the faces are building designs.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit, parse_card
from dealer_assist.vision.black_split import BlackSplit
from dealer_assist.vision.corner_model import corner_patches
from dealer_assist.vision.geometry import portrait_orders
from dealer_assist.vision.index import IndexSettings, warp_corner
from dealer_assist.vision.pipeline import CardDetector, _Reading
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answer_in_scene, lying_on_felt, read_on_a_later_look
from tests.vision.test_settled_splits import QUAD, _look

SPADE_SPLIT = {Suit.SPADES: 0.6, Suit.CLUBS: 0.38, Suit.HEARTS: 0.02}
CLUB_SPLIT = {Suit.SPADES: 0.38, Suit.CLUBS: 0.6, Suit.HEARTS: 0.02}


def _split_looks() -> list[_Reading]:
    """The network's two corners 0.99 sure of a three, split between the black suits (one
    leaning to spades, one to clubs), and the glyph reader's look 0.97 sure of the spade."""
    return [
        _look(Rank.THREE, 0.99, SPADE_SPLIT, network=True),
        _look(Rank.THREE, 0.99, CLUB_SPLIT, network=True),
        _look(Rank.THREE, 0.99, {Suit.SPADES: 0.97, Suit.CLUBS: 0.03}),
    ]


@pytest.mark.parametrize("suit", [Suit.CLUBS, Suit.SPADES])
def test_the_reader_s_suit_is_read_with_the_rank_the_looks_are_sure_of(suit: Suit) -> None:
    detector = CardDetector()
    assert not detector.black_split  # off by default: held out it added a wrong read
    looks = _split_looks()
    first = detector._judge(QUAD, looks, clubs_by_network=True, glyph_split=True)
    assert first is not None and first.card is None
    black = Card(Rank.THREE, suit)
    settled = detector._judge(QUAD, looks, clubs_by_network=True, glyph_split=True, black=black)
    assert settled is not None and settled.card == black and settled.candidate == black


def test_the_reader_never_reads_another_rank() -> None:
    detector = CardDetector()
    settled = detector._judge(QUAD, _split_looks(), black=Card(Rank.EIGHT, Suit.CLUBS))
    assert settled is not None and settled.card is None


def test_a_look_of_another_rank_still_disputes_the_card() -> None:
    detector = CardDetector()
    other = _look(Rank.EIGHT, 0.95, {Suit.CLUBS: 0.9, Suit.SPADES: 0.1})
    settled = detector._judge(QUAD, [*_split_looks(), other], black=Card(Rank.THREE, Suit.CLUBS))
    assert settled is not None and settled.card is None


@pytest.mark.parametrize("code", ["3C", "3S", "QC", "QS"])
def test_the_reader_on_a_whole_black_card(
    check_faces: dict[str, dict[Card, np.ndarray]], code: str
) -> None:
    # A building face filling the frame: both index corners read its suit, surely.
    frame, quad = lying_on_felt(check_faces["simplistic"][parse_card(code)])
    regions = [warp_corner(frame, o, IndexSettings()) for o in portrait_orders(quad)]
    clubs = BlackSplit.load().club_shares(corner_patches(regions))
    if code.endswith("C"):
        assert np.all(clubs >= 0.99)
    else:
        assert np.all(clubs <= 0.01)


def test_a_small_club_read_as_a_spade_is_read_as_the_club(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # simplistic/harsh#7900002's jack of clubs, 63 pixels wide: the network's two corners read
    # the JC, 0.49 and 0.89 sure of the club (0.41 and 0.08 of the spade), the glyph reader
    # 0.87 sure of the JS; uncertain, its candidate the JS. The reader's two corners read the
    # club (0.93, 0.98).
    label, code = "simplistic/harsh#7900002", "JC"
    # The court's suit symbols (``court_symbols``, h-court45, on since session 46) read the JC
    # first, rightly (simplistic's large clubs beside the index): off in both, so the black
    # split is what is tested; the default reads it as the JC.
    no_symbols = FinderSettings(court_symbols=False)
    default, _ = answer_in_scene(check_faces, label, code, CardDetector())
    assert default.card == parse_card(code)
    before, _ = answer_in_scene(check_faces, label, code, CardDetector(finder=no_symbols))
    assert before.card is None and before.candidate == parse_card("JS")
    after, answers = answer_in_scene(
        check_faces, label, code, CardDetector(black_split=True, finder=no_symbols)
    )
    assert after.card == parse_card(code)
    assert after.corners == before.corners  # the same card, only judged again
    for detection, truth in answers:
        assert detection.card in (None, truth)


@pytest.mark.parametrize(
    ("label", "code"),
    [
        # A seven of spades 58 pixels wide: the network's corners read the 7C and the 7S, the
        # glyph reader the spade 0.72 sure; the reader both corners the spade.
        ("tango/overhead#7900002", "7S"),
        # A three of spades in dim light: one network corner a 3D, the glyph reader's corners
        # the 3S and the 3C (0.91 sure); the reader both corners the spade.
        ("tango/dim#7900005", "3S"),
    ],
)
def test_a_spade_stays_a_spade(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str, code: str
) -> None:
    # The off outline laid again from its index corner (h-relay42, on) off in both: it reads
    # tango/overhead#7900002's 7S surely first.
    no_relay = FinderSettings(relay_off=False)
    without, with_it = (
        CardDetector(finder=no_relay),
        CardDetector(black_split=True, finder=no_relay),
    )
    read_on_a_later_look(check_faces, label, code, without, with_it)
