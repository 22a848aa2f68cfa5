"""Scoring detections against a synthetic scene's ground truth (benchmarks, tests, training).

A detection *matches* a true card when their quadrilaterals overlap by at least ``MATCH_IOU``
(intersection over union) - or, for a card partly covered by a later one, when the detection's
centre falls inside the true card and the overlap is still substantial. Each true card is then
counted once: read exactly, read wrongly, uncertain, or missed; detections matching no card are
phantoms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.pipeline import CardDetection
from dealer_assist.vision.synthetic import PlacedCard

MATCH_IOU = 0.6


@dataclass(slots=True)
class Tally:
    cards: int = 0
    exact: int = 0
    wrong: int = 0
    uncertain: int = 0
    missed: int = 0
    phantoms: int = 0
    wrong_examples: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.cards += other.cards
        self.exact += other.exact
        self.wrong += other.wrong
        self.uncertain += other.uncertain
        self.missed += other.missed
        self.phantoms += other.phantoms
        self.wrong_examples.extend(other.wrong_examples)

    @property
    def exact_rate(self) -> float:
        return self.exact / self.cards if self.cards else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {
            "cards": self.cards,
            "exact": self.exact,
            "exact_rate": round(self.exact_rate, 4),
            "wrong": self.wrong,
            "uncertain": self.uncertain,
            "missed": self.missed,
            "phantoms": self.phantoms,
        }


def _inside(point: tuple[float, float], polygon: Sequence[tuple[float, float]]) -> bool:
    contour = np.array(polygon, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), False) >= 0


def match(
    detections: Sequence[CardDetection], truth: Sequence[PlacedCard]
) -> tuple[dict[int, int], list[int]]:
    """Map truth index -> detection index (best overlap first); unmatched detection indices."""
    pairs = []
    for t, card in enumerate(truth):
        for d, detection in enumerate(detections):
            iou = polygon_iou(np.array(card.corners), np.array(detection.corners))
            if iou >= MATCH_IOU or (iou >= 0.3 and _inside(detection.center, card.corners)):
                pairs.append((iou, t, d))
    pairs.sort(reverse=True)
    matched: dict[int, int] = {}
    used: set[int] = set()
    for _, t, d in pairs:
        if t in matched or d in used:
            continue
        matched[t] = d
        used.add(d)
    return matched, [d for d in range(len(detections)) if d not in used]


def score(
    detections: Sequence[CardDetection], truth: Sequence[PlacedCard], label: str = ""
) -> Tally:
    matched, unmatched = match(detections, truth)
    tally = Tally(cards=len(truth), phantoms=len(unmatched))
    for t, card in enumerate(truth):
        d = matched.get(t)
        if d is None:
            tally.missed += 1
            continue
        detection = detections[d]
        if detection.card is None:
            tally.uncertain += 1
        elif detection.card == card.card:
            tally.exact += 1
        else:
            tally.wrong += 1
            tally.wrong_examples.append(
                f"{label} {card.card}->{detection.card} ({detection.confidence:.2f}, "
                f"{detection.corners_read} corners)"
            )
    return tally
