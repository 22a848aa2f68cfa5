"""What a test scene's detections found: shared by the finder's scene tests."""

from __future__ import annotations

import cv2
import numpy as np

from dealer_assist.vision.pipeline import CardDetection
from dealer_assist.vision.synthetic import PlacedCard


def found_on_cards(
    detections: list[CardDetection], cards: list[PlacedCard]
) -> tuple[list[int], int, int]:
    """Per card, how many detections lie on it (topmost under the centre); detections on no
    card; cards read as another card."""
    counts = [0] * len(cards)
    nowhere = wrong = 0
    for detection in detections:
        point = (float(detection.center[0]), float(detection.center[1]))
        under = [
            n
            for n, card in enumerate(cards)
            if cv2.pointPolygonTest(
                np.array(card.corners, np.float32).reshape(-1, 1, 2), point, False
            )
            >= 0
        ]
        if not under:
            nowhere += 1
            continue
        counts[under[-1]] += 1
        wrong += detection.card is not None and detection.card != cards[under[-1]].card
    return counts, nowhere, wrong


def in_view(cards: list[PlacedCard], image: np.ndarray) -> list[PlacedCard]:
    """The cards lying wholly inside the picture (a card partly out of it counts neither way)."""
    height, width = image.shape[:2]
    return [c for c in cards if all(0 <= x < width and 0 <= y < height for x, y in c.corners)]


def off_partial(detections: list[CardDetection], partial: list[PlacedCard]) -> list[CardDetection]:
    """The detections but those whose centre lies on a card partly out of the picture
    (``partial``): such a detection counts neither way."""
    return [
        d
        for d in detections
        if not any(
            cv2.pointPolygonTest(
                np.array(c.corners, np.float32).reshape(-1, 1, 2),
                (float(d.center[0]), float(d.center[1])),
                False,
            )
            >= 0
            for c in partial
        )
    ]
