"""A card offered at a blob's corner and added uncertain, laid again as ``relay_off`` and
``line_fit`` lay the finding's uncertain cards (``FinderSettings.corner_relaid``; issue 28,
h-outline49).

On the bench generator's building photographs most uncertain cards whose outline is off the
card are not the finding's: they are offered at a joined blob's corner, read at one index
corner, and added uncertain after the refits ran, at a card size off the card's. The scene is
this helper's own seed (13,611,034), tango in the "small" condition.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision import synthetic
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import answer_pairs, found_on_cards, in_view, on_true_card

OFF = FinderSettings()
ON = replace(OFF, corner_relaid=True)
SEED = 13_611_034


def test_ships_off() -> None:
    assert FinderSettings().corner_relaid is False


def test_an_offered_card_too_large_is_laid_again_and_read(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """tango/small#13611034's 3S: offered at the corner of the blob it makes with the 4H
    beside it, 1.4 times the card's size (IoU 0.49 with it), read at one index corner: added
    uncertain, candidate 3S. Laid again from that corner at the frame's sure card size it
    reads 3S surely, at the card's outline; every other answer the same, nothing read wrong."""
    photo = photograph(SEED, check_faces["tango"], "small")
    three = next(c for c in photo.cards if c.card.code == "3S")
    truth = np.asarray(three.corners, np.float64)
    before = CardDetector(finder=OFF).detect(photo.image)
    after = CardDetector(finder=ON).detect(photo.image)
    (was,) = on_true_card(three, before)
    assert was.card is None and was.candidate == three.card
    assert polygon_iou(np.asarray(was.corners, np.float64), truth) < 0.6
    (now,) = on_true_card(three, after)
    assert now.card == three.card
    assert polygon_iou(np.asarray(now.corners, np.float64), truth) > 0.85
    rest_before = [d for d in before if d is not was]
    rest_after = [d for d in after if d is not now]
    assert answer_pairs(rest_after) == answer_pairs(rest_before)
    for d in after:  # nothing read wrong: each card read is the one under its centre
        if d.card is not None:
            under = [c for c in photo.cards if on_true_card(c, [d])]
            assert under and under[-1].card == d.card


def test_the_offers_other_tests_keep_uncertain_are_read_rightly(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """With the lever on: anglo/small#11870005's 4C (lying on the 5C, the 4S over its corner;
    test_outlined_under's premise, kept uncertain there) is read surely as the 4C, and
    tango/joined#7900009's QD (a chip on it; test_unsure_corners', read with its settings) as
    the QD, once each, with
    no card read wrong and none where no card is."""
    photo = photograph(11_870_005, check_faces["anglo"], "small")
    four = next(c for c in photo.cards if c.card.code == "4C")
    found = CardDetector(finder=ON).detect(photo.image)
    (read,) = on_true_card(four, found)
    assert read.card == four.card
    _, nowhere, wrong = found_on_cards(found, list(photo.cards))  # type: ignore[arg-type]
    assert (nowhere, wrong) == (0, 0)
    scene = synthetic.random_scene(7_900_009, check_faces["tango"], style=synthetic.JOINED)
    cards = in_view(scene.cards, scene.image)
    # As test_unsure_corners reads it (its step alone), the lever on.
    alone = FinderSettings(
        corner_outline_reach=0.2, corner_relay=(), hand_index=False, corner_relaid=True
    )
    found = CardDetector(finder=alone).detect(scene.image)
    counts, nowhere, wrong = found_on_cards(found, cards)
    (queen,) = [n for n, c in enumerate(cards) if c.card.code == "QD"]
    assert counts[queen] == 1 and max(counts) == 1 and (nowhere, wrong) == (0, 0)
    assert any(d.card is not None and d.card.code == "QD" for d in found)
