"""A glyph look from a cut across a tall blob that reads another card than the corner network
is set aside (issue 28, h-glyph48; ``FinderSettings.merged_set_aside``).

A corner whose ink shows the glyph reader no whole index is cut again, and then, as a rank run
into its suit, cut across at every row (``CardDetector._read_merged``): the surest of a dozen
cuts is kept as a look. On the building check such a cut read a small 8H's corner, and small
jacks' faint J over their club, as a two 0.99-1.00 sure, disputing the network's card read at
both corners: the card came back uncertain with the two as its candidate. With
``merged_set_aside`` on, a card left uncertain where such a look reads another card than the
network's whole looks is judged again without it after the finding is chosen
(``CardDetector._merged_set_aside``). The scenes are the building generator's
(scripts/vision_tilted.py's styles).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dealer_assist.cards import Card, Rank, Suit, parse_card
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.pipeline import _DISPUTED, CardDetector, _Reading, _set_aside_merged
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answer_in_scene, wrong_reads_in_scene

_RANKS = len(RANK_CLASSES) - 1  # junk removed
_SUITS = len(SUIT_CLASSES) - 1


def _detector(on: bool) -> CardDetector:
    return CardDetector(finder=replace(FinderSettings(), merged_set_aside=on))


def test_the_set_aside_ships_on() -> None:
    """On as shipped since session 49 (h-deck49)."""
    assert FinderSettings().merged_set_aside is True
    assert CardDetector().finder.merged_set_aside is True


def test_a_jack_read_as_a_two_by_a_cut_across_its_index_is_not_disputed(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # anglo/noisy#7900007's jack of clubs, 73 pixels wide: the network reads the J 0.99 sure
    # at both corners; neither corner's ink as cut shows the glyph reader an index, and the
    # cuts across the tall blob under the faint J read a 2S 1.00 sure at both.
    label = "anglo/noisy#7900007"
    before, _ = answer_in_scene(check_faces, label, "JC", _detector(False))
    assert before.card is None and before.candidate == parse_card("2S")
    after, answers = answer_in_scene(check_faces, label, "JC", _detector(True))
    # Left out, the card's candidate is the jack; it stays uncertain (its network corners
    # read the club and, 0.55, the spade: two cards).
    assert after.card is None and after.candidate == parse_card("JC")
    assert all(d.card in (None, card) for d, card in answers)  # no wrong read
    assert wrong_reads_in_scene(check_faces, label, _detector(True)) == 0


def test_an_eight_read_as_a_two_by_a_cut_across_its_corner_is_read(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # anglo/lens#7900003's eight of hearts, 54 pixels wide: the network reads 8H at both
    # corners (0.51 and 0.86 the eight); a cut across one corner's blob read a 2H 0.99 sure.
    label = "anglo/lens#7900003"
    before, _ = answer_in_scene(check_faces, label, "8H", _detector(False))
    assert before.card is None and before.candidate == parse_card("2H")
    after, answers = answer_in_scene(check_faces, label, "8H", _detector(True))
    assert after.card == parse_card("8H")  # the building check's one change
    assert all(d.card in (None, card) for d, card in answers)


def _look(rank: Rank, suit: Suit, p: float, *, network: bool, merged: bool = False) -> _Reading:
    ranks = np.full(_RANKS, (1.0 - p) / (_RANKS - 1))
    ranks[RANK_CLASSES.index(rank)] = p
    suits = np.full(_SUITS, (1.0 - p) / (_SUITS - 1))
    suits[SUIT_CLASSES.index(suit)] = p
    return _Reading(ranks, suits, network=network, merged=merged)


def test_only_a_merged_look_of_another_card_is_set_aside() -> None:
    """``_set_aside_merged`` leaves out a merged look of another card where the network reads a
    whole index, and the dispute with it; it keeps a look as cut, a merged look of the
    network's card, and the dispute the glyph looks left still make."""
    net = [_look(Rank.JACK, Suit.CLUBS, 0.6, network=True)] * 2
    two = _look(Rank.TWO, Suit.SPADES, 0.999, network=False, merged=True)
    jack = _look(Rank.JACK, Suit.CLUBS, 0.9, network=False, merged=True)
    cut_two = replace(two, merged=False)
    none = _Reading(None, None)
    # The merged two and its dispute are set aside.
    assert _set_aside_merged([*net, none, two, _DISPUTED], 0.5) == [*net, none]
    # A merged look of the network's card, or no merged look: nothing to set aside.
    assert _set_aside_merged([*net, jack, _DISPUTED], 0.5) is None
    assert _set_aside_merged([*net, cut_two, _DISPUTED], 0.5) is None
    # A look as cut beside it still disputes the jack.
    assert _set_aside_merged([*net, cut_two, two, _DISPUTED], 0.5) == [*net, cut_two, _DISPUTED]
    # No whole network look: the glyph reader's looks are all there is.
    assert _set_aside_merged([none, none, two], 0.5) is None
