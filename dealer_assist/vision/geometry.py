"""Quadrilaterals: ordering card corners, the canonical card, homographies between views."""

from __future__ import annotations

import math

import cv2
import numpy as np

# The canonical (upright, portrait) card the index reader works on, in pixels.
CANONICAL_WIDTH = 200
CANONICAL_HEIGHT = 280


# Each corner's next one round a quadrilateral (``signed_area``'s most common case), and its
# previous one.
_NEXT_OF_FOUR = np.array([1, 2, 3, 0])
_PREVIOUS_OF_FOUR = np.array([3, 0, 1, 2])


def following(points: np.ndarray) -> np.ndarray:
    """``np.roll(points, -1, axis=0)``: each point's next one round the polygon (its rows in
    turn, the first after the last). The same numbers gathered without ``np.roll``'s cost (a
    frame asks for a hundred, most of quadrilaterals)."""
    if len(points) == 4:
        result: np.ndarray = points[_NEXT_OF_FOUR]
        return result
    return np.concatenate([points[1:], points[:1]])


def centre_of(points: np.ndarray) -> np.ndarray:
    """``points.mean(axis=0)``: the same numbers (for 64-bit floats the same sum divided by the
    count, without ``np.mean``'s checks; other types through ``np.mean`` itself)."""
    if points.dtype == np.float64:
        result: np.ndarray = points.sum(axis=0) / len(points)
        return result
    mean: np.ndarray = points.mean(axis=0)
    return mean


def preceding(points: np.ndarray) -> np.ndarray:
    """``np.roll(points, 1, axis=0)``: each point's previous one round the polygon."""
    if len(points) == 4:
        result: np.ndarray = points[_PREVIOUS_OF_FOUR]
        return result
    return np.concatenate([points[-1:], points[:-1]])


def signed_area(points: np.ndarray) -> float:
    """Shoelace area: positive when the points turn clockwise on screen (y down)."""
    x, y = points[:, 0], points[:, 1]
    if len(x) == 4:
        # The same next coordinates gathered at once (a frame takes hundreds of these).
        x_next, y_next = x[_NEXT_OF_FOUR], y[_NEXT_OF_FOUR]
    else:
        x_next = np.concatenate([x[1:], x[:1]])
        y_next = np.concatenate([y[1:], y[:1]])
    return float(0.5 * (np.dot(x, y_next) - np.dot(y, x_next)))


def portrait_orders(quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two corner orders that map ``quad`` onto an upright portrait card.

    Each order starts at a corner where a short side begins and runs clockwise on screen; the
    second is the first turned by 180 degrees. A card's index is in its top-left corner and,
    upside down, in its bottom-right one: reading the top-left corner of both orders reads both
    indices, whichever way up the card lies.
    """
    points = np.asarray(quad, np.float64).reshape(4, 2)
    if signed_area(points) < 0:
        points = points[::-1]
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points.tolist()
    sides = (
        math.hypot(x1 - x0, y1 - y0),
        math.hypot(x2 - x1, y2 - y1),
        math.hypot(x3 - x2, y3 - y2),
        math.hypot(x0 - x3, y0 - y3),
    )
    start = 0 if sides[0] + sides[2] <= sides[1] + sides[3] else 1
    return points[_FROM[start]], points[_FROM[start + 2]]


_FROM = [np.array([(start + i) % 4 for i in range(4)]) for start in range(4)]  # corners from one


def canonical_to_image(ordered: np.ndarray) -> np.ndarray:
    """Homography from the canonical card (pixels) to the image, for corners in portrait order."""
    src = np.array(
        [[0, 0], [CANONICAL_WIDTH, 0], [CANONICAL_WIDTH, CANONICAL_HEIGHT], [0, CANONICAL_HEIGHT]],
        np.float32,
    )
    return cv2.getPerspectiveTransform(src, ordered.astype(np.float32))


def transform_points(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    array = np.asarray(points, np.float64).reshape(-1, 2)
    # The points with a third coordinate 1 (``np.hstack``'s array, made in place: a frame maps
    # a few hundred outlines).
    homogeneous = np.empty((len(array), 3))
    homogeneous[:, :2] = array
    homogeneous[:, 2] = 1.0
    mapped = homogeneous @ matrix.T
    result: np.ndarray = mapped[:, :2] / mapped[:, 2:3]
    return result


def local_scale(matrix: np.ndarray, point: tuple[float, float]) -> float:
    """Pixels of the destination per unit of the source, near ``point`` (area-based)."""
    x, y = point
    d = 0.5
    quad = transform_points(
        matrix, np.array([[x - d, y - d], [x + d, y - d], [x + d, y + d], [x - d, y + d]])
    )
    return math.sqrt(abs(signed_area(quad)))


def shared_area(a: np.ndarray, b: np.ndarray) -> float:
    """The area two convex quadrilaterals share (pixels)."""
    area, _ = cv2.intersectConvexConvex(
        np.asarray(a, np.float32).reshape(-1, 2), np.asarray(b, np.float32).reshape(-1, 2)
    )
    return float(area)


def polygon_iou(a: np.ndarray, b: np.ndarray) -> float:
    """Intersection over union of two convex polygons."""
    pa = np.asarray(a, np.float32).reshape(-1, 2)
    pb = np.asarray(b, np.float32).reshape(-1, 2)
    area, _ = cv2.intersectConvexConvex(pa, pb)
    union = abs(signed_area(pa.astype(np.float64))) + abs(signed_area(pb.astype(np.float64))) - area
    return float(area / union) if union > 0 else 0.0


def unit(v: np.ndarray) -> np.ndarray:
    """``v`` (a 2-vector) made one long; a vector shorter than 1e-9 is divided by 1e-9 (a
    zero vector stays zero)."""
    result: np.ndarray = v / max(float(np.hypot(v[0], v[1])), 1e-9)
    return result


def line_crossing(
    p1: np.ndarray, d1: np.ndarray, p2: np.ndarray, d2: np.ndarray
) -> np.ndarray | None:
    """Where the line through p1 along d1 meets the line through p2 along d2; None when they
    are parallel (to 1e-9 of the directions' cross product)."""
    denominator = float(d1[0] * d2[1] - d1[1] * d2[0])
    if abs(denominator) < 1e-9:
        return None
    dx, dy = float(p2[0] - p1[0]), float(p2[1] - p1[1])
    t = (dx * float(d2[1]) - dy * float(d2[0])) / denominator
    result: np.ndarray = p1 + t * d1
    return result
