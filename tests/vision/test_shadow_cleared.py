"""An uncertain card kept so by the judge's shadowed rule alone, judged again in the clear
(issue 28, h-unsure47).

The judge leaves a card uncertain when every corner read whole lies under another reported
shape (``_Reading.shadowed``): such a corner may show the covering card's index. On the bench's
building-design photographs (1000-1143) that rule alone held 23 of the 78 uncertain cards, each
candidate right. ``FinderSettings.shadow_cleared`` reads such a card again alone at its outline
and judges it with its corners taken as in the clear, only when every reported shape meeting it
reads surely a card of another rank and another suit than its candidate (a corner showing a
covering card's index reads that card). Off by default (with it on, test_hand_between's
premise 4C is read surely, rightly).
"""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answer_pairs, on_true_card

OFF = FinderSettings(shadow_cleared=False)
ON = FinderSettings(shadow_cleared=True)


def test_shadow_cleared_ships_on() -> None:
    assert FinderSettings().shadow_cleared is True
    assert CardDetector().finder.shadow_cleared is True


def _answers(
    faces: dict[Card, np.ndarray], seed: int, condition: str, finder: FinderSettings
) -> tuple[list[CardDetection], list[tuple[Card, list[CardDetection]]]]:
    photo = photograph(seed, faces, condition)
    detections = CardDetector(finder=finder).detect(photo.image)
    return detections, [(c.card, on_true_card(c, detections)) for c in photo.cards]


@pytest.mark.parametrize(
    ("design", "condition", "seed", "code"),
    [
        # The bench's photographs 1000-1143 (building designs): the card's one index corner
        # read lies under the card dealt over it, which reads another rank and suit.
        ("anglo", "noisy", 33_464_085, "4H"),
        ("tango", "light", 34_248_062, "3S"),
        ("ornamental", "tilted", 33_905_009, "9C"),
        ("simplistic", "clutter", 30_493_143, "2H"),
    ],
)
def test_a_shadowed_card_is_read_in_the_clear(
    check_faces: dict[str, dict[Card, np.ndarray]],
    design: str,
    condition: str,
    seed: int,
    code: str,
) -> None:
    card = parse_card(code)
    before, off = _answers(check_faces[design], seed, condition, OFF)
    after, on = _answers(check_faces[design], seed, condition, ON)
    (was,) = next(found for truth, found in off if truth == card)
    assert was.card is None and was.candidate == card  # uncertain without the lever
    (now,) = next(found for truth, found in on if truth == card)
    assert now.card == card
    assert now.corners == was.corners  # the same shape, only judged again
    # Every other card answers as it did, and no card is read wrongly, found twice or missed.
    rest = [d for d in after if d is not now]
    assert answer_pairs(rest) == answer_pairs([d for d in before if d is not was])
    for truth, found in on:
        assert len(found) == 1
        assert found[0].card in (None, truth)
    assert len(after) == len(before)


def test_a_covering_card_of_its_suit_keeps_it_uncertain(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """anglo/noisy#33464053's 7H, its index corners under the KH dealt over it and an 8D: the
    KH is of its suit, so its corner may show the KH's index - it stays uncertain."""
    card = parse_card("7H")
    _, on = _answers(check_faces["anglo"], 33_464_053, "noisy", ON)
    (now,) = next(found for truth, found in on if truth == card)
    assert now.card is None and now.candidate == card
    assert all(len(found) == 1 and found[0].card in (None, truth) for truth, found in on)
