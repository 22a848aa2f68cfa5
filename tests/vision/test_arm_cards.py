"""Cards half under a croupier's forearm (issue 28, h-arm37; ``CardDetector.arm``, on).

In HARSH #11380000 (a building seed of h-weak37's trace) a forearm lies across three cards
(the 8S, 7D and TD) and joins them into one blob of the rough mask, mostly skin, which the
paper test drops whole (``paper_blobs``); at the chosen card size the arm cuts them into
pieces no card fits: all three missed (``nomask``). With the lever, cards laid at the pieces'
corners (``joined.arm_cards``) are read with the index corner under the arm counted as under
another card, and each is found once, read at its index in the clear. In TABLE #11380000 the
AC lies under the arm and under the 4H: no index of it shows, and nothing is added. In
kde_dondorf/JOINED #11430002 (a fresh seed) a JS half under fingers reads, but laid there it
lies half over the unread shape the 8C is found by (which the later steps would drop for it):
it is not added, and the 8C stays found.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.joined import DEFAULT_ARM
from dealer_assist.vision.pipeline import CardDetector
from tests.vision.found import found_on_cards, in_view

_SEED = 11_380_000


def _found(
    faces: dict[Card, np.ndarray], style: str, detector: CardDetector, seed: int = _SEED
) -> dict[str, tuple[int, bool]]:
    """Per card in view: the detections on it, and whether one reads it surely and rightly;
    with "nowhere" and "wrong" the detections on no card and those reading another card."""
    scene = synthetic.random_scene(seed, faces, style=synthetic.CHECK_STYLES[style])
    whole = in_view(scene.cards, scene.image)
    detections = detector.detect(scene.image)
    counts, nowhere, wrong = found_on_cards(detections, whole)
    read = {d.card for d in detections if d.card is not None}
    result = {c.card.code: (n, c.card in read) for c, n in zip(whole, counts, strict=True)}
    result["nowhere"] = (nowhere, False)
    result["wrong"] = (wrong, False)
    return result


def test_the_lever_is_on() -> None:
    assert CardDetector().arm == DEFAULT_ARM


def test_cards_under_a_forearm_are_read(check_faces: dict[str, dict[Card, np.ndarray]]) -> None:
    faces = check_faces["anglo"]
    before = _found(faces, "harsh", CardDetector(arm=None))
    after = _found(faces, "harsh", CardDetector())
    for code in ("8S", "7D", "TD"):
        assert before[code] == (0, False)  # missed: the blob of arm and cards dropped whole
        assert after[code] == (1, True)  # found once, read surely and rightly
    for code in ("9S", "7H", "JH"):
        assert before[code] == after[code] == (1, True)
    assert after["nowhere"] == after["wrong"] == (0, False)


def test_a_card_with_no_index_in_view_stays_missed(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    after = _found(check_faces["anglo"], "table", CardDetector())
    assert after["AC"] == (0, False)  # under the arm and the 4H
    assert after["nowhere"] == after["wrong"] == (0, False)


def test_no_shape_found_is_given_up_for_it(art_cache: Path) -> None:
    design = decks.design("kde_dondorf")  # a building design outside the check's four
    assert design.family not in decks.HELD_OUT_FAMILIES
    faces = decks.render_design(design, height=320, cache=art_cache)
    before = _found(faces, "joined", CardDetector(arm=None), 11_430_002)
    after = _found(faces, "joined", CardDetector(), 11_430_002)
    assert before["8C"] == (1, False)  # an unread shape on it
    assert after == before
