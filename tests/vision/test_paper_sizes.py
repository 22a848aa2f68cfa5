"""Paper alone's card sizes between a pair and a pair of pairs (issue 28, h-plane10).

On a printed table the cards lie in twos and threes (two dealt side by side, a third
crosswise over them, or overlapping in a panel): the straight sides of paper alone's blobs
vote for a card 1.5-1.75 times too large, between the sizes a pair (1.4) and a pair of pairs
(2.0) suggest, and no card size tried fitted the cards: every card of the frame was missed
(docs/vision.md, "Without a layout", step 12). The sizes between are tried only while no
finding has read two cards surely.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.vision import decks
from dealer_assist.vision import pipeline as reader
from dealer_assist.vision.pipeline import CardDetector, _sizes_worth_trying
from dealer_assist.vision.quads import FinderSettings
from dealer_assist.vision.synthetic import TABLE, random_scene
from tests.vision.found import found_on_cards


def test_the_sizes_between_a_pair_and_a_pair_of_pairs_are_tried() -> None:
    # anglo/table#7900009: paper alone votes 42.6 work pixels; the cards are 27.9 wide.
    vote = (42.6, 59.5)
    before = _sizes_worth_trying([vote], reader.PAPER_SIZE_DIVISORS)
    every = _sizes_worth_trying(
        [vote], (*reader.PAPER_SIZE_DIVISORS, *reader.PAPER_BETWEEN_DIVISORS)
    )
    assert every[: len(before)] == before  # none of the sizes tried before is left out
    assert not any(abs(w / 27.9 - 1) < 0.05 for w, _ in before)
    assert any(abs(w / 27.9 - 1) < 0.05 for w, _ in every)


@pytest.mark.parametrize(
    ("design", "seed", "before_most", "sure_least"),
    [
        # Six cards in two printed panels, a hand over one: paper alone voted 67 (cards 39).
        ("ornamental", 7_900_007, 0, 5),
        # Two blobs of three cards each (two side by side, one crosswise), printed words.
        ("anglo", 7_900_009, 2, 4),
    ],
)
def test_cards_in_threes_on_a_printed_table_are_found(
    art_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    design: str,
    seed: int,
    before_most: int,
    sure_least: int,
) -> None:
    faces = decks.render_design(decks.design(design), height=320, cache=art_cache)
    scene = random_scene(seed, faces, style=TABLE)
    with monkeypatch.context() as patched:
        patched.setattr(reader, "PAPER_BETWEEN_DIVISORS", ())
        # ... and without h-joined12's corners of joined blobs, which find one card of the
        # anglo frame at the sizes before.
        off = CardDetector(finder=FinderSettings(corner_left=0))
        before, _, _ = found_on_cards(off.detect(scene.image), scene.cards)
    assert sum(1 for n in before if n > 0) <= before_most
    detections = CardDetector().detect(scene.image)
    counts, nowhere, wrong = found_on_cards(detections, scene.cards)
    assert wrong == 0 and nowhere == 0 and max(counts) == 1
    assert sum(counts) >= len(scene.cards) - 1
    assert sum(1 for d in detections if d.card is not None) >= sure_least


def test_a_frame_read_surely_before_is_left_as_it_was(
    art_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # tango/table#7900007: the sizes tried before read three cards surely; a size between
    # reads four in five shapes and would win, the ace of clubs lost: not tried.
    faces = decks.render_design(decks.design("tango"), height=320, cache=art_cache)
    scene = random_scene(7_900_007, faces, style=TABLE)
    with monkeypatch.context() as patched:
        patched.setattr(reader, "PAPER_BETWEEN_DIVISORS", ())
        before = CardDetector().detect(scene.image)
    after = CardDetector().detect(scene.image)
    assert [(d.card, d.center) for d in after] == [(d.card, d.center) for d in before]
    counts, nowhere, wrong = found_on_cards(after, scene.cards)
    assert min(counts) == 1 and max(counts) == 1 and nowhere == 0 and wrong == 0
