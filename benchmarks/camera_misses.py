"""Why a card was missed: the causes ``scripts/vision_tilted.py --why`` and
``benchmarks/bench_camera_scenes.py --why`` count (issue 28).

A card is missed when no detection's centre lies on it (the topmost card a centre lies on
takes the detection, as ``bench_camera_scenes.count`` decides). The causes:

- ``nomask``: under half of the card is in the rough card mask (its paper not told from the
  felt: a shadow, glare, a dark view);
- ``noquad:lone`` / ``noquad:merged``: the card's blob in the rough mask is about a card (no
  four sides found in it, or the wrong card size) / over 1.6 cards (joined with a neighbour, a
  printed line, a hand or a chip) and no shape of the finding chosen lies on the card;
- ``badquad:large`` / ``:part`` / ``:off``: a shape overlaps the card (IoU 0.3-0.8) but is over
  1.4 times its area (two cards, a card and a line), under 0.7 (a half card) or shifted;
- ``under``: a detection lies on the card but its centre also on a card over it (counted there);
- ``dropped:paper``: a shape fits the card (IoU 0.8 or more) but failed the paper test;
  ``dropped:noedge``: ... nothing read in it and too little card edge for an unread card;
  ``dropped:other``: ... its detection counted on another card (centre under a card on top).

Works for the cards of either generator (anything with ``corners`` in frame pixels).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Protocol, TypeVar

import cv2
import numpy as np

from dealer_assist.vision.geometry import polygon_iou
from dealer_assist.vision.paper import mask_gains, paper_blobs, shows_paper
from dealer_assist.vision.pipeline import CardDetection, CardDetector
from dealer_assist.vision.quads import card_mask, make_view


class Placed(Protocol):
    """A true card in a frame: its four corners in frame pixels."""

    @property
    def corners(self) -> Sequence[tuple[float, float]]: ...


P = TypeVar("P", bound=Placed)


def on_cards(
    detections: Sequence[CardDetection], cards: Sequence[Placed]
) -> tuple[dict[int, list[tuple[float, int]]], list[int]]:
    """Each detection to the topmost card its centre lies on (the benchmarks' count): per card,
    the overlap (intersection over union) and index of each detection on it, in the
    detections' order; and the detections on no card."""
    polygons = [np.array(c.corners, np.float32).reshape(-1, 1, 2) for c in cards]
    on_card: dict[int, list[tuple[float, int]]] = defaultdict(list)
    nowhere: list[int] = []
    for k, detection in enumerate(detections):
        centre = (float(detection.center[0]), float(detection.center[1]))
        under = [n for n, p in enumerate(polygons) if cv2.pointPolygonTest(p, centre, False) >= 0]
        if not under:
            nowhere.append(k)
            continue
        n = under[-1]
        quad = np.array(detection.corners, np.float32).reshape(-1, 1, 2)
        on_card[n].append((_overlap(polygons[n], quad), k))
    return on_card, nowhere


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex quadrilaterals."""
    area, _ = cv2.intersectConvexConvex(a.reshape(-1, 2), b.reshape(-1, 2))
    union = cv2.contourArea(a) + cv2.contourArea(b) - area
    return float(area / union) if union > 0 else 0.0


def missed(detections: Sequence[CardDetection], cards: Sequence[P]) -> list[P]:
    """The cards no detection's centre lies on as the topmost card under it."""
    on_card, _ = on_cards(detections, cards)
    return [c for n, c in enumerate(cards) if n not in on_card]


def _alone_missed(detections: Sequence[CardDetection], card: Placed) -> bool:
    """No detection's centre lies on the card at all (the card taken alone)."""
    polygon = np.array(card.corners, np.float32).reshape(-1, 1, 2)
    return not any(
        cv2.pointPolygonTest(polygon, (float(d.center[0]), float(d.center[1])), False) >= 0
        for d in detections
    )


def causes(
    detector: CardDetector,
    frame: np.ndarray,
    quads: list[np.ndarray],
    detections: Sequence[CardDetection],
    cards: Sequence[Placed],
) -> Counter[str]:
    """The causes of the cards missed in one frame, counted (they sum to the cards missed)."""
    result: Counter[str] = Counter()
    for card in missed(detections, cards):
        if _alone_missed(detections, card):
            result[missed_why(detector, frame, quads, card, detections)] += 1
        else:
            result["under"] += 1  # its detection's centre lies on a card on top
    return result


def rough_view(detector: CardDetector, frame: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rough card mask the causes are judged on (the paper test's blobs) and the transform
    from frame pixels to its view."""
    view = make_view(frame, None, detector.finder)
    rough = card_mask(view.image, None, detector.finder)
    if detector.paper is not None:
        rough = paper_blobs(
            view.image, rough, detector.paper, mask_gains(view.image, rough, detector.paper)
        )
    return rough, np.linalg.inv(view.to_image)


def missed_why(
    detector: CardDetector,
    frame: np.ndarray,
    quads: list[np.ndarray],
    card: Placed,
    detections: Sequence[CardDetection],
) -> str:
    """Why a card no detection lies on was missed (see the module's docstring)."""
    truth = np.array(card.corners, np.float64)
    overlaps = [polygon_iou(truth, np.asarray(q, np.float64)) for q in quads]
    best = int(np.argmax(overlaps)) if overlaps else -1
    if best >= 0 and overlaps[best] >= 0.8:
        quad = np.asarray(quads[best], np.float64)
        if detector.paper is not None and not shows_paper(frame, quad, detector.paper):
            return "dropped:paper"
        centre = quad.mean(axis=0)
        if any(np.hypot(*(np.asarray(d.center) - centre)) < 3 for d in detections):
            return "dropped:other"
        return "dropped:noedge"
    if best >= 0 and overlaps[best] >= 0.3:
        ratio = abs(cv2.contourArea(np.asarray(quads[best], np.float32))) / max(
            abs(cv2.contourArea(truth.astype(np.float32))), 1.0
        )
        return "badquad:large" if ratio > 1.4 else "badquad:part" if ratio < 0.7 else "badquad:off"
    rough, to_view = rough_view(detector, frame)
    points = cv2.perspectiveTransform(truth.reshape(-1, 1, 2), to_view).reshape(-1, 2)
    inside = np.zeros(rough.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(points).astype(np.int32), 1)
    area = max(int(inside.sum()), 1)
    covered = int(cv2.countNonZero(cv2.bitwise_and(rough, rough, mask=inside)))
    if covered < 0.5 * area:
        return "nomask"
    _, labels = cv2.connectedComponents(rough, connectivity=8)
    under = labels[(inside > 0) & (rough > 0)]
    blob = int(np.bincount(under).argmax())
    blob_area = int((labels == blob).sum())
    return "noquad:merged" if blob_area > 1.6 * area else "noquad:lone"


def table(rows: Sequence[tuple[str, Counter[str]]]) -> tuple[list[str], list[list[object]]]:
    """A causes table: the header ("missed, why", the causes seen, sorted) and a row of counts
    for each (label, counter)."""
    seen = sorted({c for _, counter in rows for c in counter})
    return ["missed, why", *seen], [[label, *(counter[c] for c in seen)] for label, counter in rows]
