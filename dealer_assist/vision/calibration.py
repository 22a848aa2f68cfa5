"""Calibration: the homography from camera pixels to the cloth, from markers or four corners.

ArUco markers printed on the layout at known places give the homography without anyone
clicking: ``dealer-assist camera calibrate`` finds them in a frame, and the camera driver finds
them again while it runs, so a knocked camera recalibrates itself. Without markers the operator
gives the pixel positions of the four corners of the layout's card region (``region_mm``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from dealer_assist.errors import InputError
from dealer_assist.vision.layout import Layout

MIN_MARKERS = 2  # one marker's four corners are too close together to fix the whole cloth
MAX_REPROJECTION_MM = 4.0


@dataclass(frozen=True, slots=True)
class MarkerFix:
    """A homography found from markers, how many were used and how well they agree (mm)."""

    image_to_table: np.ndarray
    marker_ids: tuple[int, ...]
    error_mm: float


def detect_markers(frame: np.ndarray, dictionary_name: str) -> dict[int, np.ndarray]:
    """Marker id -> its four corners in the frame (ArUco order)."""
    code = getattr(cv2.aruco, dictionary_name, None)
    if code is None:
        raise InputError(f"unknown ArUco dictionary {dictionary_name!r}")
    dictionary = cv2.aruco.getPredefinedDictionary(code)
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
    corners, ids, _ = detector.detectMarkers(gray)
    if ids is None:
        return {}
    return {
        int(i): c.reshape(4, 2).astype(np.float64)
        for i, c in zip(ids.ravel(), corners, strict=True)
    }


def homography_from_markers(frame: np.ndarray, layout: Layout) -> MarkerFix | None:
    """The camera homography from the layout's markers seen in ``frame``, or None."""
    if not layout.markers:
        return None
    seen = detect_markers(frame, layout.aruco_dictionary)
    image_points = []
    table_points = []
    used = []
    for marker in layout.markers:
        corners = seen.get(marker.id)
        if corners is None:
            continue
        image_points.append(corners)
        table_points.append(marker.corners_mm())
        used.append(marker.id)
    if len(used) < MIN_MARKERS:
        return None
    src = np.vstack(image_points).astype(np.float32)
    dst = np.vstack(table_points).astype(np.float32)
    matrix, _ = cv2.findHomography(src, dst, cv2.RANSAC, MAX_REPROJECTION_MM)
    if matrix is None:
        return None
    projected = cv2.perspectiveTransform(src.reshape(-1, 1, 2), matrix).reshape(-1, 2)
    error = float(np.sqrt(np.mean(np.sum((projected - dst) ** 2, axis=1))))
    if error > MAX_REPROJECTION_MM:
        return None
    return MarkerFix(matrix / matrix[2, 2], tuple(used), error)


def homography_from_corners(
    corners_px: Sequence[tuple[float, float]], layout: Layout
) -> np.ndarray:
    """The homography from the four corners of ``region_mm`` clicked in the image
    (top-left, top-right, bottom-right, bottom-left as the layout is drawn)."""
    if len(corners_px) != 4:
        raise InputError(
            "give exactly four corners: top-left, top-right, bottom-right, bottom-left"
        )
    x0, y0, x1, y1 = layout.region_mm
    table = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float32)
    image = np.array(corners_px, np.float32)
    matrix: np.ndarray = cv2.getPerspectiveTransform(image, table)
    result: np.ndarray = matrix / matrix[2, 2]
    return result


def homography_shift_mm(a: np.ndarray, b: np.ndarray, layout: Layout) -> float:
    """How far apart (mm, worst corner of the card region) two calibrations put the cloth."""
    x0, y0, x1, y1 = layout.region_mm
    corners = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64).reshape(-1, 1, 2)
    # Map the region's corners to pixels with a, back to the cloth with b.
    pixels = cv2.perspectiveTransform(corners, np.linalg.inv(a))
    back = cv2.perspectiveTransform(pixels, b)
    return float(np.max(np.hypot(*(back - corners).reshape(-1, 2).T)))
