"""Black print as red as another deck's red (issue 28, h-ink49): held-out set 74's largest rule
was one design's black cards uncertain by the ``ink`` rule, their ink measuring 0.3-0.6 red past
green and blue (beyond ``warm_black``'s 0.2-0.3) while the corner network's two corners agreed
on the right black card, 0.9-1.0 sure. ``FinderSettings.black_by_network`` (0: off) sets the
glyph reader's looks whose ink ruled the black suits out (red under ``BLACK_BY_NETWORK_RED``)
aside when each network corner reads the same black card at least that surely.

The scenes are building designs with their black print recoloured (``lens_scenes.black_tinted``,
scripts/vision_ink_tint.py's "oxblood") photographed by the bench's generator under a warm
light, as scripts/vision_ink_frame.py makes them (seeds 13,580,000 on, session 49's)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import BLACK_SUITS, Card, Suit, parse_card
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.lens_scenes import CONDITIONS, black_tinted
from dealer_assist.vision.pipeline import (
    BLACK_BY_NETWORK_RED,
    _black_by_network_set_aside,
    _Reading,
    red_excess,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answers_on_cards

# The premises read with the lever off (on by default since session 49).
OFF = replace(FinderSettings(), black_by_network=0.0)


def test_the_lever_ships_on() -> None:
    assert FinderSettings().black_by_network == 0.8


def _look(card: str, sure: float, *, network: bool, red: float | None = None) -> _Reading:
    """A whole look at ``card``, ``sure`` of its rank and of its suit (so ``sure ** 2`` of the
    card); a glyph look with ``red`` measured that red past green and blue, ruling the black
    suits out from ``RED_INK`` on."""
    parsed = parse_card(card)
    rank = np.full(len(RANK_CLASSES) - 1, (1 - sure) / (len(RANK_CLASSES) - 2))
    rank[RANK_CLASSES.index(parsed.rank)] = sure
    suit = np.full(len(SUIT_CLASSES) - 1, (1 - sure) / (len(SUIT_CLASSES) - 2))
    suit[SUIT_CLASSES.index(parsed.suit)] = sure
    unlike = BLACK_SUITS if red is not None and red >= 0.2 else frozenset()
    return _Reading(rank, suit, unlike, network=network, red=red)


def _ids(looks: list[_Reading]) -> list[int]:
    return [id(r) for r in looks]


def test_red_excess_is_red_past_green_and_blue() -> None:
    assert red_excess((0.2, 0.25, 0.7)) == 0.7 - 0.25
    assert red_excess((0.3, 0.1, 0.35)) == 0.35 - 0.3
    assert red_excess(None) is None


def test_red_looks_set_aside_only_under_two_sure_black_corners() -> None:
    """A glyph look ruling the black suits out (0.45 red) is set aside when each network corner
    reads the same black card at least the lever's sureness; kept when one corner is less sure,
    the corners read a red card or two cards, or its ink is redder than the ceiling; a glyph look
    not ruling the black suits out is always kept."""
    red = _look("7H", 0.99, network=False, red=0.45)
    plain = _look("7S", 0.99, network=False, red=0.05)
    spades = [_look("7S", 0.999, network=True), _look("7S", 0.998, network=True)]
    assert _ids(_black_by_network_set_aside([*spades, red, plain], 0.99)) == _ids([*spades, plain])
    unsure = [_look("7S", 0.999, network=True), _look("7S", 0.99, network=True)]  # 0.98 a corner
    assert _ids(_black_by_network_set_aside([*unsure, red], 0.99)) == _ids([*unsure, red])
    hearts = [_look("7H", 0.999, network=True), _look("7H", 0.999, network=True)]
    assert _ids(_black_by_network_set_aside([*hearts, red], 0.99)) == _ids([*hearts, red])
    two = [_look("7S", 0.999, network=True), _look("7C", 0.999, network=True)]
    assert _ids(_black_by_network_set_aside([*two, red], 0.99)) == _ids([*two, red])
    redder = _look("7H", 0.99, network=False, red=BLACK_BY_NETWORK_RED + 0.01)
    assert _ids(_black_by_network_set_aside([*spades, redder], 0.99)) == _ids([*spades, redder])


def test_the_lever_is_a_finder_setting() -> None:
    assert replace(OFF, black_by_network=0.99).black_by_network == 0.99


OXBLOOD = (165, 50, 50)  # scripts/vision_ink_tint.py's TINTS["oxblood"] (R, G, B)
ON = replace(OFF, black_by_network=0.8)


@pytest.mark.parametrize(
    ("design", "seed", "condition", "codes"),
    [
        ("ornamental", 13_582_005, "noisy", ("KC", "TS", "QC")),
        ("tango", 13_581_005, "noisy", ("7S",)),
    ],
)
def test_an_oxblood_black_card_read_with_the_lever(
    check_faces: dict[str, dict[Card, np.ndarray]],
    design: str,
    seed: int,
    condition: str,
    codes: tuple[str, ...],
) -> None:
    """The design's black print oxblood (0.35-0.5 red past green and blue as measured): the
    black cards ``codes`` are uncertain by the ink rule with the lever off (their candidates
    right) and read exactly with it on (each network corner at least 0.8 sure of the card); no
    card of the frame is read wrongly either way, and the red cards answer as off."""
    faces = black_tinted(check_faces[design], OXBLOOD, 1.0)
    before = answers_on_cards(faces, seed, CONDITIONS[condition], OFF)
    after = answers_on_cards(faces, seed, CONDITIONS[condition], ON)
    for code in codes:
        assert before[code] == [f"?{code}"]
        assert after[code] == [code]
    for answers in (before, after):
        for true, found in answers.items():
            assert all(a.startswith("?") or a == true for a in found)
    red = {Suit.HEARTS.value, Suit.DIAMONDS.value}
    assert {k: v for k, v in before.items() if k[-1] in red} == {
        k: v for k, v in after.items() if k[-1] in red
    }


def test_the_finders_choice_is_judged_without_the_lever(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """tango/tilted#13581001, oxblood under a warm light: with the looks set aside in every
    judgement, the finder's choice moved to a finding that lost the 4C (uncertain, one network
    corner read) and left the JH uncertain. Judged without the lever in the choice, the photo
    answers as off."""
    faces = black_tinted(check_faces["tango"], OXBLOOD, 1.0)
    warm = replace(CONDITIONS["tilted"], warm=0.3)
    expected = {"6C": ["?6C"], "7S": ["7S"], "QS": ["QS"], "JH": ["JH"], "4C": ["?4C"]}
    assert answers_on_cards(faces, 13_581_001, warm, OFF) == expected
    assert answers_on_cards(faces, 13_581_001, warm, ON) == expected
