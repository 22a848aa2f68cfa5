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
from dealer_assist.vision.pipeline import CLOTH_CENTRE, CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import (
    answer_pairs,
    found_in_style,
    found_on_cards,
    in_view,
    on_true_card,
)

# (``seam_relaid`` off in both: it reads the KD of gnomangelo/harsh#11384001 too, h-seam52)
OFF = FinderSettings(corner_relaid=False, seam_relaid=False)
ON = replace(OFF, corner_relaid=True)
SEED = 13_611_034


def test_ships_on() -> None:
    assert FinderSettings().corner_relaid is True


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


def test_a_joined_card_under_fingers_offered_at_a_corner_is_read(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    """simplistic/joined#7900007's 6C, fingers over one index corner (test_fingers_corners'
    premise, kept uncertain there with the lever off): offered at the blob's corner and read
    at the other index corner, added uncertain with its candidate; with the lever on laid again
    from that corner and read 6C surely, at the card (IoU over 0.8; the offer's outline was
    nearer, 0.92, the relaid one 0.82 of the card's area); every other answer the
    same, nothing read wrong, nothing where no card is."""
    scene = synthetic.random_scene(7_900_007, check_faces["simplistic"], style=synthetic.JOINED)
    cards = in_view(scene.cards, scene.image)
    six = next(c for c in cards if c.card.code == "6C")
    before = CardDetector(finder=OFF).detect(scene.image)
    after = CardDetector(finder=ON).detect(scene.image)
    (was,) = on_true_card(six, before)  # type: ignore[arg-type]
    assert was.card is None and was.candidate == six.card
    (now,) = on_true_card(six, after)  # type: ignore[arg-type]
    assert now.card == six.card
    truth = np.asarray(six.corners, np.float64)
    assert polygon_iou(np.asarray(now.corners, np.float64), truth) > 0.8
    assert answer_pairs([d for d in after if d is not now]) == answer_pairs(
        [d for d in before if d is not was]
    )
    counts, nowhere, wrong = found_on_cards(after, cards)
    assert max(counts) == 1 and (nowhere, wrong) == (0, 0)


def test_a_card_read_leaves_the_cloth_centre_to_drop_a_shape_between_cards(
    gnomangelo_faces: dict[Card, np.ndarray],
) -> None:
    """gnomangelo/harsh#11384001 (test_cloth_centre's scene): the 2S, offered at a blob's
    corner 2.1 times the card's area (IoU 0.47) and added uncertain, is read 2S surely with the
    lever on (0.94 of its area); so the shape laid across the 3D and the KD (its centre on the
    felt between them) has no uncertain twin left for ``unsure_twins`` to drop it by, and the
    cloth centre alone drops it: with both on, as by default, no detection where no card is,
    the 2S added to the cards read surely; without the cloth centre the shape stays."""
    with_cloth = found_in_style(gnomangelo_faces, 11_384_001, "harsh", CardDetector(finder=ON))
    assert with_cloth[1:] == (0, 0, ["2S", "6H", "8S", "KH"])
    was = found_in_style(gnomangelo_faces, 11_384_001, "harsh", CardDetector(finder=OFF))
    assert was[1:] == (0, 0, ["6H", "8S", "KH"])
    assert with_cloth[0] == was[0]  # the same cards found, each once
    no_cloth = CardDetector(cloth_centre=0.0, finder=ON)
    assert CLOTH_CENTRE > 0
    assert found_in_style(gnomangelo_faces, 11_384_001, "harsh", no_cloth)[1] == 1
