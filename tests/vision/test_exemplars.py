"""The enrolled deck's examples (issue 28): checked at enrolment by leaving each photograph
out, they make a reading surer only of the class it already likes best, and only where the
house's photographs clearly agree."""

from __future__ import annotations

import numpy as np

from dealer_assist.vision.exemplars import Exemplars


def _examples(rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Three classes, four photographs each (two corners a photograph); classes 1 and 2 lie
    close together (a jack and a queen of one design), class 0 far from both."""
    centres = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 1.0, 0.12]])
    features, labels, groups = [], [], []
    for label, centre in enumerate(centres):
        for photo in range(4):
            for _ in range(2):
                features.append(centre + rng.normal(0, 0.04, 3))
                labels.append(label)
                groups.append(10 * label + photo)
    return np.array(features), np.array(labels), np.array(groups)


def test_the_check_finds_the_classes_the_deck_mixes_up() -> None:
    features, labels, groups = _examples(np.random.default_rng(1))
    examples = Exemplars.of(features, labels, groups, 3)
    assert examples.checked == len(labels)
    mixed = {pair for pair in examples.confusions}
    assert mixed and mixed <= {(1, 2), (2, 1)}, mixed
    # A vote for a class some other class's photograph was mistaken for needs a wide margin.
    assert max(examples.needed[1], examples.needed[2]) > examples.needed[0]


def test_a_reading_is_made_surer_only_of_its_own_best_class() -> None:
    features, labels, groups = _examples(np.random.default_rng(2))
    examples = Exemplars.of(features, labels, groups, 3)
    near_zero = np.array([[1.0, 0.02, 0.0]])
    agreeing = np.array([[0.7, 0.2, 0.05, 0.05]])  # classes then junk
    sharpened = examples.sharpen(agreeing, near_zero)
    assert sharpened[0, 0] > agreeing[0, 0]
    assert np.isclose(sharpened[0, -1], agreeing[0, -1]), "junk keeps its share"
    assert np.isclose(sharpened.sum(), 1.0)
    # The examples say class 0, the reading likes class 1 best: it stays as it was.
    disagreeing = np.array([[0.2, 0.7, 0.05, 0.05]])
    assert np.allclose(examples.sharpen(disagreeing, near_zero), disagreeing)
    # Too unsure a reading is not made sure by the deck.
    unsure = np.array([[0.4, 0.3, 0.25, 0.05]])
    assert np.allclose(examples.sharpen(unsure, near_zero), unsure)
    # Far from every photograph: no vote.
    far = np.array([[-1.0, -1.0, 0.0]])
    assert np.allclose(examples.sharpen(agreeing, far), agreeing)


def test_a_card_whose_corners_disagree_is_not_sharpened() -> None:
    features, labels, groups = _examples(np.random.default_rng(3))
    examples = Exemplars.of(features, labels, groups, 3)
    corners = np.array([[1.0, 0.02, 0.0], [1.0, 0.0, 0.02]])
    both_zero = np.array([[0.7, 0.2, 0.05, 0.05], [0.8, 0.1, 0.05, 0.05]])
    assert (examples.sharpen(both_zero, corners, pairs=True)[:, 0] > both_zero[:, 0]).all()
    split = np.array([[0.7, 0.2, 0.05, 0.05], [0.1, 0.8, 0.05, 0.05]])
    assert np.allclose(examples.sharpen(split, corners, pairs=True), split)
