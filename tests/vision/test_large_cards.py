"""Large cards (200-300 pixels wide at 1280 x 720) are reported once (issue 28, h-ghost27).

A close camera (``synthetic.LARGE``) shows cards the finder may take at a smaller size or a
little off their place: the card is found as the shape read at its index corner and a second
shape over its far half, which reads unsurely or not at all, and both were reported - the card
twice. A shape not read surely whose centre lies on a card read surely, overlapping it, is that
card again (``duplicates.unsure_on_sure``, ``CardDetector(drop_on_sure=...)``).
"""

from __future__ import annotations

import numpy as np

from dealer_assist.cards import Card, parse_card
from dealer_assist.vision import synthetic
from dealer_assist.vision.duplicates import unsure_on_sure
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from tests.vision.found import found_on_cards, in_view, off_partial


def _on_cards(
    faces: dict[Card, np.ndarray], seed: int, detector: CardDetector
) -> tuple[dict[str, int], int]:
    """Per card wholly in view of the ``large`` scene ``seed``, how many detections lie on it;
    and how many lie where no card is."""
    scene = synthetic.random_scene(seed, faces, style=synthetic.CHECK_STYLES["large"])
    whole = in_view(scene.cards, scene.image)
    partial = [c for c in scene.cards if c not in whole]
    detections = off_partial(detector.detect(scene.image), partial)
    counts, nowhere, wrong = found_on_cards(detections, whole)
    assert wrong == 0
    return {c.card.code: n for c, n in zip(whole, counts, strict=True)}, nowhere


def test_a_large_card_found_with_a_second_shape_over_its_half_is_reported_once(
    check_faces: dict[str, dict[Card, np.ndarray]],
) -> None:
    # simplistic/large#10300011: the 2D, 286 pixels long, taken at 0.8 of its size: read
    # surely at its index corner, and an unread shape laid over its lower half.
    faces = check_faces["simplistic"]
    before, _ = _on_cards(faces, 10_300_011, CardDetector(drop_on_sure=False))
    assert before["2D"] == 2
    after, nowhere = _on_cards(faces, 10_300_011, CardDetector())
    assert after["2D"] == 1
    assert nowhere == 0
    assert after["7C"] == 1


def _detection(
    box: tuple[float, float, float, float], card: str | None, candidate: str | None
) -> CardDetection:
    x, y, w, h = box
    corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
    return CardDetection(
        parse_card(card) if card is not None else None,
        0.99 if card is not None else 0.4,
        corners,
        (x + w / 2, y + h / 2),
        candidate=parse_card(candidate) if candidate is not None else None,
        corners_read=1,
    )


def test_only_a_shape_not_read_surely_with_its_centre_on_a_sure_card_is_dropped() -> None:
    sure = _detection((100, 100, 200, 280), "2D", "2D")
    # Over the sure card's lower half, its centre on it: the card again.
    half = _detection((110, 230, 200, 280), None, "JH")
    # Beside it, touching and overlapping a little: its centre on its own paper.
    beside = _detection((280, 100, 200, 280), None, "9S")
    # Read surely itself: never dropped (two cards read surely are one_per_card's).
    other = _detection((120, 240, 200, 280), "5C", "5C")
    kept = unsure_on_sure([sure, half, beside, other])
    assert kept == [sure, beside, other]
    # Two shapes not read surely: neither is dropped by this rule.
    assert unsure_on_sure([half, beside]) == [half, beside]
