"""Drawing what was found on a copy of the frame (``vision detect --annotate``)."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from dealer_assist.vision.layout import Layout, apply_homography
from dealer_assist.vision.pipeline import CardDetection

READ = (40, 200, 40)
UNCERTAIN = (0, 170, 255)
ZONE = (255, 160, 60)


def annotate(
    image: np.ndarray, detections: Sequence[CardDetection], layout: Layout | None = None
) -> np.ndarray:
    """A copy of ``image`` with zones, card outlines and readings drawn on it."""
    canvas = image.copy()
    thickness = max(1, round(image.shape[1] / 640))
    matrix = layout.homography if layout is not None else None
    if layout is not None and matrix is not None:
        to_image = np.linalg.inv(matrix)
        for zone in layout.zones:
            points = np.array(apply_homography(to_image, zone.polygon_mm), np.int32)
            cv2.polylines(canvas, [points], True, ZONE, thickness)
            x, y = points.min(axis=0)
            cv2.putText(
                canvas,
                zone.hand.value,
                (int(x) + 4, int(y) + 18),
                cv2.FONT_HERSHEY_SIMPLEX,
                0.6 * thickness,
                ZONE,
                thickness,
            )
    for detection in detections:
        colour = READ if detection.card is not None else UNCERTAIN
        points = np.array(detection.corners, np.int32)
        cv2.polylines(canvas, [points], True, colour, thickness + 1)
        if detection.card is not None:
            label = detection.card.code
        else:
            guess = detection.candidate.code if detection.candidate is not None else "?"
            label = f"{guess}?"
        label += f" {detection.confidence:.2f}"
        x, y = int(detection.center[0]), int(detection.center[1])
        scale = 0.6 * thickness
        (w, h), _ = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, thickness)
        cv2.rectangle(canvas, (x - w // 2 - 3, y - h - 4), (x + w // 2 + 3, y + 4), (0, 0, 0), -1)
        cv2.putText(
            canvas, label, (x - w // 2, y), cv2.FONT_HERSHEY_SIMPLEX, scale, colour, thickness
        )
    return canvas
