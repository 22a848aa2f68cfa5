"""A card in a blob joined with something, found at the blob's corners (issue 28, h-joined12).

Cards dealt touching or over each other, chips against a card's edge, a croupier's fingers
over a corner and printed boxes under the cards join them into one blob of the card mask whose
outline shows none of a missed card's corners at the card size; the cards read surely leave
part of it bare. Cards laid at the corners the blob's finer outline and the paper's own edges
in the picture show are offered there and kept when they read surely with both index corners
agreeing (docs/vision.md, "Without a layout", step 13).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest

from dealer_assist.vision import decks, pipeline
from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.joined import (
    DEFAULT_CORNERS,
    BlobProposals,
    _relaxed,
    corner_cards,
)
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings, JoinedBlob, find_quads
from dealer_assist.vision.synthetic import JOINED, random_scene
from tests.vision.found import found_on_cards, found_on_joined, in_view

CARD = (40.0, 56.0)  # work pixels


@pytest.mark.parametrize(
    ("design", "seed", "codes"),
    [("simplistic", 7_900_001, ("KC", "9H")), ("anglo", 7_900_009, ("QD",))],
)
def test_a_card_joined_with_a_printed_box_or_a_neighbour_is_found(
    art_cache: Path, design: str, seed: int, codes: tuple[str, ...]
) -> None:
    # JOINED #7900001: two hands dealt touching across printed boxes, a chip on the nine's
    # edge, fingers over the seven; the boxes' lines join each hand into one blob shaped as
    # the box. JOINED #7900009: the queen under a crosswise card beside the hand.
    # The card size the paper's edges vote for (step 15) finds anglo#7900009's cards too:
    # off here, this is step 13's test.
    before, counts, detections = found_on_joined(
        art_cache,
        design,
        seed,
        codes,
        CardDetector(finder=FinderSettings(corner_left=0, edge_votes=False)),
        CardDetector(finder=FinderSettings(edge_votes=False)),
    )
    read = {d.card.code for d in detections if d.card is not None}
    assert set(codes) <= read
    assert all(after >= was for after, was in zip(counts, before, strict=True))


@pytest.mark.parametrize("moved_shut_out", [False, True])
def test_no_card_twice_and_none_where_no_card_is(
    art_cache: Path, monkeypatch: pytest.MonkeyPatch, moved_shut_out: bool
) -> None:
    # Offered again: the cards read surely already (the same card twice) and the same shapes
    # moved a card's width and a half off (felt, a neighbour's half), offered with them or as
    # cards shut out (read on their own after the others): nothing is added.
    faces = decks.render_design(decks.design("simplistic"), height=320, cache=art_cache)
    scene = random_scene(7_900_001, faces, style=JOINED)
    cards = in_view(scene.cards, scene.image)
    expected = CardDetector(finder=FinderSettings(corner_left=0)).detect(scene.image)

    def again(
        joined: list[JoinedBlob],
        found: list[np.ndarray],
        image: np.ndarray,
        settings: object,
        shut_out: list[np.ndarray] | None = None,
        laid: object = None,
    ) -> list[np.ndarray]:
        del joined, image, settings, laid
        moved = [q + np.array([1.5 * np.ptp(q[:, 0]), 0.0]) for q in found]
        assert shut_out is not None  # the defaults offer the cards shut out
        if not moved_shut_out:
            return [*found, *moved]
        shut_out.extend(moved)
        return found

    monkeypatch.setattr(pipeline, "corner_cards", again)
    detections = CardDetector().detect(scene.image)
    counts, nowhere, wrong = found_on_cards(detections, cards)
    was, _, _ = found_on_cards(expected, cards)
    assert max(counts) <= 1 and nowhere == 0 and wrong == 0
    assert sum(counts) <= sum(was) + 2  # at most the cards the moved shapes land on
    assert all(after >= before for after, before in zip(counts, was, strict=True))


def _card(x: float, y: float, angle: float) -> np.ndarray:
    return cv2.boxPoints(((x, y), CARD, angle)).astype(np.float64)


def _joined_with_a_line() -> tuple[np.ndarray, np.ndarray, list[JoinedBlob]]:
    """A card and a printed line over its corner (brighter than the felt, as a gold line is),
    joined in the mask into one blob the finder's corners do not fit: the picture, the card
    and the blob as ``find_quads`` left it."""
    image = np.full((200, 240, 3), 40, np.uint8)
    card = _card(90.0, 100.0, 12.0)
    cv2.fillConvexPoly(image, card.astype(np.int32), (235, 235, 235))
    cv2.line(image, (20, 60), (230, 150), (120, 190, 210), 12)
    image = cv2.GaussianBlur(image, (0, 0), 1.0)
    mask = (cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) > 80).astype(np.uint8) * 255
    joined: list[JoinedBlob] = []
    find_quads(mask, CARD, FinderSettings(), joined)
    assert len(joined) == 1
    return image, card, joined


def test_a_card_joined_with_a_printed_line_is_offered_at_its_corner() -> None:
    image, card, joined = _joined_with_a_line()
    settings = FinderSettings()
    offered = corner_cards(joined, [], image, settings)
    assert offered and max(polygon_iou(card, q) for q in offered) > 0.85
    # Off, and a blob the cards found explain: nothing offered.
    assert corner_cards(joined, [], image, replace(settings, corner_left=0)) == []
    blob = joined[0].choice.blob
    whole = np.array(
        [
            [blob.left, blob.top],
            [blob.left + blob.mask.shape[1], blob.top],
            [blob.left + blob.mask.shape[1], blob.top + blob.mask.shape[0]],
            [blob.left, blob.top + blob.mask.shape[0]],
        ],
        np.float64,
    )
    assert corner_cards(joined, [whole], image, settings) == []


def test_a_blobs_proposals_laid_once_are_the_ones_laid_afresh() -> None:
    # corner_cards and on_top_cards look into the same blobs of a finding (issue 28, h-p9536):
    # the proposals kept are laid once and are the ones laid afresh; another work view or card
    # size is laid afresh.
    image, _, joined = _joined_with_a_line()
    settings = FinderSettings()
    kept = BlobProposals()
    offered = corner_cards(joined, [], image, settings, laid=kept)
    assert offered and [q.tolist() for q in offered] == [
        q.tolist() for q in corner_cards(joined, [], image, settings)
    ]
    blob = joined[0].choice.blob
    relaxed = _relaxed(settings, DEFAULT_CORNERS)
    fresh = BlobProposals().of(blob, image, CARD, relaxed, DEFAULT_CORNERS)
    once = kept.of(blob, image, CARD, relaxed, DEFAULT_CORNERS)
    assert once is kept.of(blob, image, CARD, relaxed, DEFAULT_CORNERS)
    assert [(p.corners.tolist(), p.support, p.votes) for p in once] == [
        (p.corners.tolist(), p.support, p.votes) for p in fresh
    ]
    assert kept.of(blob, image.copy(), CARD, relaxed, DEFAULT_CORNERS) is not once
    assert kept.of(blob, image, (44.0, 62.0), relaxed, DEFAULT_CORNERS) is not once
