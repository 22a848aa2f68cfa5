"""Black print that does not measure neutral (issue 28, h-ink48): a deck whose "black" is a warm
dark brown or red-grey, under a warm light, measures as only marginally red ink, and the judge's
``ink`` rule ruled the black suits out of its black cards (held-out set 574's largest rule: 23
black cards of one held-out design). ``FinderSettings.warm_black`` (on by default since
session 48) sets the glyph reader's looks whose ink was only marginally red (``RED_INK`` to
``WARM_BLACK_RED`` past green and blue) aside when the corner network's two corners read one
black card surely.

The scenes are building designs with their black print recoloured (``lens_scenes.black_tinted``)
photographed by the bench's generator under a warm light (``Condition.warm``), as
scripts/vision_ink_tint.py makes them (seeds 13,470,000 on, session 48's)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dealer_assist.cards import BLACK_SUITS, Card, Suit, parse_card
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.lens_scenes import CONDITIONS, black_tinted
from dealer_assist.vision.pipeline import (
    _Reading,
    _warm_black,
    _warm_black_set_aside,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answers_on_cards

# black_by_network (on since session 49) also reads these brown black cards: the premises and
# the lever's reading are measured with it off, warm_black alone deciding.
ON = replace(FinderSettings(), black_by_network=0.0)
OFF = replace(ON, warm_black=False)
BROWN = (120, 70, 35)  # scripts/vision_ink_tint.py's TINTS["brown"] (R, G, B)
WARM = 0.3


def test_the_lever_ships_on() -> None:
    assert FinderSettings().warm_black is True


def _look(card: str, sure: float, *, network: bool, warm: bool = False) -> _Reading:
    """A whole look at ``card``, ``sure`` of its rank and of its suit."""
    parsed = parse_card(card)
    rank = np.full(len(RANK_CLASSES) - 1, (1 - sure) / (len(RANK_CLASSES) - 2))
    rank[RANK_CLASSES.index(parsed.rank)] = sure
    suit = np.full(len(SUIT_CLASSES) - 1, (1 - sure) / (len(SUIT_CLASSES) - 2))
    suit[SUIT_CLASSES.index(parsed.suit)] = sure
    unlike = BLACK_SUITS if warm else frozenset()
    return _Reading(rank, suit, unlike, network=network, warm=warm)


def test_only_marginally_red_ink_is_warm() -> None:
    """A warm black's ink (B, G, R over the paper's: red 0.22 past green) is warm; true red ink
    (0.6 past), black ink and no colour are not."""
    assert _warm_black((0.12, 0.24, 0.46))
    assert not _warm_black((0.25, 0.3, 0.9))
    assert not _warm_black((0.1, 0.1, 0.12))
    assert not _warm_black(None)


def _ids(looks: list[_Reading]) -> list[int]:
    return [id(r) for r in looks]


def _kept(looks: list[_Reading]) -> list[int]:
    """The looks ``_warm_black_set_aside`` keeps (by identity)."""
    return _ids(_warm_black_set_aside(looks))


def test_warm_looks_set_aside_only_under_a_sure_black_network() -> None:
    """A glyph look of warm ink is set aside when the network's two corners read one black card
    surely; kept when they read a red card, two cards, or the card unsurely; a glyph look whose
    ink is not warm is always kept."""
    glyph = _look("7H", 0.9, network=False, warm=True)
    plain = _look("7S", 0.9, network=False)
    spades = [_look("7S", 0.99, network=True), _look("7S", 0.99, network=True)]
    assert _kept([*spades, glyph, plain]) == _ids([*spades, plain])
    hearts = [_look("7H", 0.99, network=True), _look("7H", 0.99, network=True)]
    assert _kept([*hearts, glyph]) == _ids([*hearts, glyph])
    two = [_look("7S", 0.99, network=True), _look("7C", 0.99, network=True)]
    assert _kept([*two, glyph]) == _ids([*two, glyph])
    unsure = [_look("7S", 0.3, network=True), _look("7S", 0.3, network=True)]
    assert _kept([*unsure, glyph]) == _ids([*unsure, glyph])


@pytest.mark.parametrize(
    ("design", "seed", "condition", "codes"),
    [
        ("anglo", 13_470_004, "blurred", ("3C", "8S")),
        ("simplistic", 13_473_006, "light", ("QS", "9C")),
    ],
)
def test_a_brown_black_card_read_with_the_lever(
    check_faces: dict[str, dict[Card, np.ndarray]],
    design: str,
    seed: int,
    condition: str,
    codes: tuple[str, ...],
) -> None:
    """The design's black print a dark brown (``BROWN`` at 0.75) under a warm light: the black
    cards ``codes`` are uncertain by the ink rule with the lever off (their candidates right)
    and read exactly on (the glyph reader's warm looks set aside); no card of the frame is read
    wrongly either way, and the red cards answer as off."""
    faces = black_tinted(check_faces[design], BROWN, 0.75)
    warm = replace(CONDITIONS[condition], warm=WARM)
    before = answers_on_cards(faces, seed, warm, OFF)
    after = answers_on_cards(faces, seed, warm, ON)
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
