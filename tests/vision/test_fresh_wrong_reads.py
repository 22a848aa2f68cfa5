"""Wrong reads of fresh building scenes, and the rules that keep such cards uncertain (issue 28,
h-wrong24).

The building check always reads the same scenes (seeds 7,900,000+); read on seeds no run had
used (8,300,000+ and 8,600,000+, the check's ten styles, the building designs), main read 14
cards surely as other cards. Most were read at one index corner, or by one reader alone:

- the corner network, the default reader, read the card at neither corner - the glyph reader
  alone read it (a jack's index fragment as a two over a spade, 0.99 sure), or a product of
  looks each of another card reached the threshold (``_network_reads``);
- the pips in the middle settled the rank of a card one of whose index corners shows no index,
  its outline off the card (``_corners_show_index``);
- the network's looks at a jack split between spades and clubs were set aside as noise, and
  with them the softening of the glyph reader's spade (``soften_black_split``).

The scenes are the building generator's, with scripts/vision_tilted.py's styles.
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card, Rank, Suit, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.pipeline import DEFAULT_THRESHOLD, CardDetector, _Reading
from tests.vision.found import found_on_cards, in_view, off_partial, wrong_reads_in_scene

_RANKS = len(RANK_CLASSES) - 1  # junk removed
_SUITS = len(SUIT_CLASSES) - 1


@pytest.mark.parametrize(
    "label",
    [
        # The network reads the card at neither corner. A jack of clubs (56 pixels, dim
        # light): the network shows no index at either corner;
        # the glyph reader cut one corner and read a 2S, 0.99 sure - the jack's index fragment
        # over its suit. Read as the 2S.
        "tango/dim#8600008",
        # A ten of spades 55 pixels wide under harsh light, read at one corner: the network 0.35
        # sure of the TS, the glyph reader 0.46 sure of a TD and a diamond alone - no look half
        # sure, their product 0.987 sure of the TD.
        "tango/harsh#8600005",
        # A three of spades whose outline is off the card: the network reads a 2D 0.38 sure at
        # one corner, the glyph reader a 2S 0.98 sure; read as the 2S.
        "tango/harsh#8600003",
        # A four of hearts: the network reads the 4H 0.91 sure at one corner, the glyph reader a
        # 2H (a dispute); the outline's middle counts two pips, which settled the rank as a two.
        "simplistic/harsh#8600005",
        # The pips do not settle a card one of whose corners shows no index. A seven of
        # diamonds whose outline is off the card (IoU 0.56): one corner shows no
        # index, the other the network reads as a 9D 0.64 sure; the middle, partly another
        # card's, counts nine pips. Read as the 9D.
        "tango/table#8300004",
        # A small five of clubs (54 pixels): one corner shows no index, the other the network
        # and the glyph reader read as the 5S; five pips counted, the suit 0.97 sure. Read 5S.
        "simplistic/lens#8300002",
    ],
)
def test_a_card_read_where_its_index_is_not_printed_is_not_read(
    check_faces: dict[str, dict[Card, np.ndarray]], label: str
) -> None:
    assert wrong_reads_in_scene(check_faces, label, CardDetector()) == 0


def test_a_jack_the_network_splits_between_the_black_suits_is_not_read_as_the_glyph_spade(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # A jack of clubs 55 pixels wide under harsh light: the network's two corners read the J
    # 0.93 sure and the suit 0.47 spade / 0.46 club - less than half sure of any card, set
    # aside as noise beside the glyph reader's looks (0.83 and 1.0 sure of the spade). The
    # glyph reader's spade then counted unsoftened: a JS 0.999 sure.
    assert wrong_reads_in_scene(check_faces, "simplistic/harsh#8300003", CardDetector()) == 0


def _look(rank: Rank, suit: Suit, rank_p: float, suit_p: float, *, network: bool) -> _Reading:
    ranks = np.full(_RANKS, (1.0 - rank_p) / (_RANKS - 1))
    ranks[RANK_CLASSES.index(rank)] = rank_p
    suits = np.full(_SUITS, (1.0 - suit_p) / (_SUITS - 1))
    suits[SUIT_CLASSES.index(suit)] = suit_p
    return _Reading(ranks, suits, network=network)


def _suits(suit: Suit, p: float) -> np.ndarray:
    suits = np.full(_SUITS, (1.0 - p) / (_SUITS - 1))
    suits[SUIT_CLASSES.index(suit)] = p
    return suits


def test_beside_the_network_one_glyph_look_makes_no_card() -> None:
    quad = np.array([[0.0, 0.0], [60.0, 0.0], [60.0, 90.0], [0.0, 90.0]])
    none = _Reading(None, None)
    glyph = _look(Rank.TWO, Suit.SPADES, 0.995, 0.999, network=False)
    # One glyph look, 0.99 sure, the network showing no index at either corner: uncertain.
    beside = CardDetector()._judge(quad, [none, none, glyph], printed=True)
    assert beside is not None and beside.card is None
    assert beside.candidate == parse_card("2S")
    # The glyph reader alone (no network) reads it as it did.
    alone = CardDetector(use_corner_model=False)._judge(quad, [none, none, glyph], printed=True)
    assert alone is not None and alone.card == parse_card("2S")
    assert alone.confidence >= DEFAULT_THRESHOLD
    # The glyph reader reading a red card at both corners (a large card the network shows no
    # index in).
    heart = _look(Rank.TWO, Suit.HEARTS, 0.995, 0.999, network=False)
    both = CardDetector()._judge(quad, [none, none, heart, heart], printed=True)
    assert both is not None and both.card == parse_card("2H")
    # ... but never a spade or club alone (it leans to clubs in dim light, h-diag24): with no
    # network look of the suit it stays uncertain; a network look of spades makes it sure.
    black = CardDetector()._judge(quad, [none, none, glyph, glyph], printed=True)
    assert black is not None and black.card is None and black.candidate == parse_card("2S")
    suited = _Reading(None, _suits(Suit.SPADES, 0.9), network=True)
    seconded = CardDetector()._judge(quad, [none, suited, glyph, glyph], printed=True)
    assert seconded is not None and seconded.card == parse_card("2S")
    clubbed = _Reading(None, _suits(Suit.CLUBS, 0.9), network=True)
    other = CardDetector()._judge(quad, [none, clubbed, glyph, glyph], printed=True)
    assert other is not None and other.card is None
    # A network look split evenly between the black suits, the spade ahead by a hair (h-net25's
    # lens-blurred AC, 0.445 each way), seconds neither.
    split = np.zeros(_SUITS)
    split[SUIT_CLASSES.index(Suit.SPADES)], split[SUIT_CLASSES.index(Suit.CLUBS)] = 0.4452, 0.445
    split[SUIT_CLASSES.index(Suit.HEARTS)] = 1.0 - split.sum()
    evenly = _Reading(None, split, network=True)
    even = CardDetector()._judge(quad, [none, evenly, glyph, glyph], printed=True)
    assert even is not None and even.card is None and even.candidate == parse_card("2S")
    # The network reading it at one corner.
    network = _look(Rank.TWO, Suit.SPADES, 0.9, 0.9, network=True)
    read = CardDetector()._judge(quad, [none, network, glyph], printed=True)
    assert read is not None and read.card == parse_card("2S")
    # The colour-blind network reading its rank in a suit the index's ink rules out.
    red = _look(Rank.TWO, Suit.DIAMONDS, 0.995, 0.999, network=False)
    red = _Reading(red.rank, red.suit, unlike=frozenset({Suit.SPADES, Suit.CLUBS}))
    spade = _look(Rank.TWO, Suit.SPADES, 0.95, 0.6, network=True)
    inked = CardDetector()._judge(quad, [none, spade, red], printed=True)
    assert inked is not None and inked.card == parse_card("2D")
    # A product of two looks, neither half sure, each of another card: uncertain.
    ten_spades = _look(Rank.TEN, Suit.SPADES, 0.59, 0.58, network=True)
    ten_diamonds = _look(Rank.TEN, Suit.DIAMONDS, 0.86, 0.55, network=False)
    diamond = _Reading(None, np.array([0.002, 0.002, 0.994, 0.002]))
    weak = CardDetector()._judge(quad, [none, ten_spades, ten_diamonds, diamond], printed=True)
    assert weak is not None and weak.card is None


def test_the_rules_judge_the_chosen_finding_and_do_not_move_the_choice(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # Judged in the finder's choice between findings (which weighs how surely cards read), the
    # rules made a card uncertain in one finding of ornamental/table#7900008 and the choice
    # went to another: its 6S missed and a shape on no card reported. Judged after the choice,
    # the frame reads as before: 6S, 8D and AH, nothing where no card is.
    scene = synthetic.random_scene(7_900_008, check_faces["ornamental"], style=synthetic.TABLE)
    whole = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in whole]
    detections = off_partial(CardDetector().detect(scene.image), partial)
    _, nowhere, wrong = found_on_cards(detections, whole)
    assert nowhere == 0 and wrong == 0
    assert {d.card for d in detections if d.card is not None} >= {
        parse_card("6S"),
        parse_card("8D"),
        parse_card("AH"),
    }
