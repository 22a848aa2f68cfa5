"""A card offered at a joined blob's corner laid again (issue 28, h-merged33;
``CardDetector._relaid_offer``, ``FinderSettings.corner_relay``).

Cards dealt touching or overlapping make one blob in the card mask; step 13 lays a card at the
finding's card size from each of the blob's bare corners (``joined.corner_cards``). A card a
little larger or turned in the picture is offered a few pixels and degrees off: its far index
corner lies on the neighbour or the felt, it reads at one corner at most, and it was missed
(or reported uncertain). Laid again from the offer's corners along its sides at the card size
times 1, 0.9 and 1.1, each snapped to the paper's edges, it reads its own card surely at both
index corners. A card laid again where an uncertain card is reported at about the same outline
is that card read again, not a new outline: the offer stays as read (``_doubted_there``).

Each offer reads no more of the shapes laid than its answer needs (issue 28, h-relay34): the
same card as reading every shape in full, ``CardDetector.relay_work`` counting the work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision.pipeline import (
    CardDetection,
    CardDetector,
    _doubted_there,
    _Finding,
    _Reading,
    _refit_corroborated,
)
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import found_on_joined, square_detection, wrong_reads_in_scene

OFF = FinderSettings(corner_relay=())
ON = FinderSettings(corner_relay=(1.0, 0.9, 1.1))  # the step on (shipped off)


def test_a_card_laid_again_on_an_uncertain_card_at_its_outline_is_that_card_again() -> None:
    # The building check's anglo/overhead#7900003 2C: uncertain (candidate 2S) at its true
    # outline; a corner offer laid again there read the 2S surely. At about the same outline
    # (IoU 0.8 or more) the uncertain card's doubt stands; at a new outline (the uncertain
    # card's shape shifted off the card) the card laid again may take its place.
    relaid = square_detection("2S", (100.0, 100.0), "2S")
    doubted = square_detection(None, (102.0, 101.0), "2S")
    shifted = square_detection(None, (130.0, 100.0), "2S")
    unread = square_detection(None, (100.0, 100.0), None)
    assert _doubted_there(relaid, [doubted])
    assert not _doubted_there(relaid, [shifted])
    assert not _doubted_there(relaid, [unread])  # a shape no index read in: nothing to keep


def test_a_shape_laid_again_across_two_cards_is_judged_as_an_offer(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # ornamental/table#9300000 (tests/vision/test_off_card_shape.py's scene): an offer read 7H
    # unsurely was laid again half on the 7H and half on the 4C over it and read 7H surely at
    # one index, its centre on the 4C; taken as it was, the 4C was read as the 7H. Judged as an
    # offer read surely is (a shape not a card's), the offer stays as read.
    assert (
        wrong_reads_in_scene(check_faces, "ornamental/table#9300000", CardDetector(finder=ON)) == 0
    )


def _every_shape(
    detector: CardDetector,
    frame: np.ndarray,
    found: _Finding,
    card: Card | None,
    looks: list[_Reading],
    sure: list[np.ndarray],
    laid: list[tuple[np.ndarray, float]],
) -> Card | None:
    """The card ``_relaid_offer`` answered before h-relay34, reading every shape ``laid`` in
    full: of those reading the offer's card ``card`` (None: any card, h-merged34's offers that
    read nothing) surely and borne out, the one on most edges; None when none does or two cards
    are read."""
    best: Card | None = None
    best_edges = -1.0
    cards: set[Card] = set()
    for shape, edges in laid:
        read = detector._sure_alone(frame, shape, found, sure, False)
        if read is None:
            continue
        again, _, new_looks = read
        assert again.card is not None
        cards.add(again.card)
        wanted = again.card if card is None else card
        borne_out = again.card == wanted and _refit_corroborated(looks, new_looks, wanted)
        if borne_out and edges > best_edges:
            best, best_edges = again.card, edges
    return best if len(cards) == 1 else None


def test_a_card_offered_off_its_outline_is_laid_again_and_read(art_cache: Path) -> None:
    # JOINED #7900006 (tango, the building `joined` style): the 8S dealt touching the 4S, the
    # two one blob; the finder's shape spans both (`badquad:large`) and the 8S's corner offer
    # lies off it, read at one corner. Laid again it reads the 8S surely, both index corners
    # bearing it out; nothing twice, where no card is or read as another. Each offer laid
    # again answers as reading every shape laid in full did - upright and sideways - reading a
    # tenth of them at most, laid upright only (issue 28, h-relay34).
    # Every shape read as the reference reads them (``relay_doubted_first`` off: an offer
    # let go where a card is reported uncertain answers None, the reference its card).
    detector = CardDetector(finder=replace(ON, relay_doubted_first=False))
    answers: list[tuple[Card | None, Card | None]] = []
    laid_both: list[tuple[int, int]] = []  # shapes laid upright only, and both ways
    relaid = detector._relaid_offer

    def both(
        frame: np.ndarray,
        found: _Finding,
        corners: np.ndarray,
        card: Card | None,
        looks: list[_Reading],
        sure: list[np.ndarray],
        *,
        any_card: bool = False,
        reported: Sequence[CardDetection] = (),
    ) -> tuple[CardDetection, float | None, bool, list[_Reading]] | None:
        first = detector.relay_work.laid
        answer = relaid(
            frame, found, corners, card, looks, sure, any_card=any_card, reported=reported
        )
        work = (detector.relay_work.laid, detector.relay_work.read)
        # Laid upright and sideways, as before h-relay34 (``relay_upright=False``).
        laid = detector._relay_laid(frame, found, corners, sure, upright=False)
        if work[0] > first:  # laid again (not ruled out by its reading's ink)
            laid_both.append((work[0] - first, detector.relay_work.laid - work[0]))
        every = _every_shape(detector, frame, found, card, looks, sure, laid)
        detector.relay_work.laid, detector.relay_work.read = work  # the reference's not counted
        answers.append((answer[0].card if answer is not None else None, every))
        return answer

    detector._relaid_offer = both  # type: ignore[method-assign]
    _, _, detections = found_on_joined(
        art_cache, "tango", 7_900_006, ("8S",), CardDetector(finder=OFF), detector
    )
    assert parse_card("8S") in {d.card for d in detections}
    assert answers and all(bounded == every for bounded, every in answers)
    assert parse_card("8S") in {bounded for bounded, _ in answers}
    work = detector.relay_work
    # The offers with a card to look for whose reading's ink does not rule it out are laid
    # again.
    assert 0 < work.offers <= len(answers)
    assert 0 < work.read * 10 <= work.laid
    # Upright only (``relay_upright``, on): fewer than two thirds of the shapes laid both ways.
    assert len(laid_both) == work.offers
    assert 3 * sum(upright for upright, _ in laid_both) < 2 * sum(both for _, both in laid_both)
