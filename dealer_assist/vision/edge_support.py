"""How much of a card shape's outline shows an edge in the frame (issue 28, h-glare43).

A card lying on the felt shows a step in brightness across each of its four sides along most of
their length (paper against felt, or, against another card, the thin shadow line of its edge);
a card-sized shape the finder made of a glare spot that blows the felt out to white, bounded by
printed ink or another card's edge, has sides that are soft gradients over much of their length.
``side_support`` measures, per side, the share of points along it where the frame shows either a
step across the side (grey level a little inside against a little outside) or a sharp line on it
(the largest change of grey level over a couple of pixels across the side). ``face_ink`` tells
a card's face (index, pips, picture: fine detail, some left even under glare) from a smooth
glare spot or a hand.
"""

from __future__ import annotations

import cv2
import numpy as np

SIDE_POINTS = 24  # points sampled along each side, its ends left out (corners are cut)
SIDE_END = 0.1  # the share of a side left out at each end
REACH = 0.04  # inside / outside, this share of the shape's shorter side from the side ...
REACH_LEAST = 3.0  # ... but at least this many pixels
STEP = 25.0  # a step across the side: grey levels inside against outside
LINE = 14.0  # a sharp line: grey levels changed over LINE_SPAN pixels across the side
LINE_SPAN = 2
SIDE_JUDGED = 1 / 3  # a side with fewer of its points left (``side_support``) is not judged
BLUR = 1.2  # the frame's grey levels are blurred this much (sigma, pixels) first


def edge_grey(frame: np.ndarray) -> np.ndarray:
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    return cv2.GaussianBlur(grey.astype(np.float32), (0, 0), BLUR)


def _sample(grey: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Grey levels at ``points`` (n x 2, frame pixels; bilinear, the border replicated)."""
    xy = points.reshape(-1, 1, 2).astype(np.float32)
    out = cv2.remap(grey, xy[..., 0], xy[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(out, np.float32).reshape(-1)


def side_points(
    frame: np.ndarray, quad: np.ndarray, grey: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Points along each side of ``quad`` (4 x 2 frame pixels, in order; ``SIDE_POINTS`` a
    side, 4 x n x 2) and, at each, whether the frame shows a step across the side, a step or a
    sharp line on it (see the module), and whether the profile across it lies in the frame."""
    q = np.asarray(quad, np.float64).reshape(4, 2)
    g = edge_grey(frame) if grey is None else grey
    h, w = g.shape[:2]
    centre = q.mean(axis=0)
    lengths = np.hypot(*(np.roll(q, -1, axis=0) - q).T)
    short = float(min((lengths[0] + lengths[2]) / 2, (lengths[1] + lengths[3]) / 2))
    reach = max(REACH * short, REACH_LEAST)
    t = np.linspace(SIDE_END, 1.0 - SIDE_END, SIDE_POINTS)
    offsets = np.arange(-reach, reach + 0.5, 1.0)
    points = np.zeros((4, SIDE_POINTS, 2))
    step = np.zeros((4, SIDE_POINTS), bool)
    edge = np.zeros((4, SIDE_POINTS), bool)
    inside = np.zeros((4, SIDE_POINTS), bool)
    for i in range(4):
        a, b = q[i], q[(i + 1) % 4]
        along = b - a
        length = float(np.hypot(*along))
        points[i] = a + t[:, None] * along
        if length < 1.0:
            continue
        normal = np.array([along[1], -along[0]]) / length
        if float(np.dot((a + b) / 2 - centre, normal)) < 0:
            normal = -normal  # outward
        # profiles across the side, from inside (-reach) to outside (+reach)
        across = points[i][:, None, :] + offsets[None, :, None] * normal[None, None, :]
        profile = _sample(g, across.reshape(-1, 2)).reshape(len(t), len(offsets))
        inside[i] = (
            (across[..., 0] >= 0)
            & (across[..., 0] <= w - 1)
            & (across[..., 1] >= 0)
            & (across[..., 1] <= h - 1)
        ).all(axis=1)
        step[i] = np.abs(profile[:, 0] - profile[:, -1]) > STEP
        line = np.abs(profile[:, LINE_SPAN:] - profile[:, :-LINE_SPAN]).max(axis=1) > LINE
        edge[i] = step[i] | line
    return points, step, edge, inside


def side_support(
    frame: np.ndarray,
    quad: np.ndarray,
    grey: np.ndarray | None = None,
    others: list[np.ndarray] | None = None,
    near: float = 0.0,
) -> np.ndarray:
    """Per side of ``quad`` (4 x 2 frame pixels, in order), the share of its points that show a
    step across it (row 0) and a step or a sharp line (row 1; see the module), among the points
    whose profile lies in the frame and that lie neither inside nor within ``near`` pixels of
    any of ``others`` (outlines of other shapes: a side along or under another card shows that
    card's edge or none). A side with fewer than ``SIDE_JUDGED`` of its points left is not
    judged (NaN)."""
    points, step, edge, inside = side_points(frame, quad, grey)
    valid = inside.copy()
    for other in others or []:
        contour = np.asarray(other, np.float32).reshape(-1, 1, 2)
        for i in range(4):
            for k in range(SIDE_POINTS):
                if valid[i, k]:
                    x, y = points[i, k]
                    if cv2.pointPolygonTest(contour, (float(x), float(y)), True) > -near:
                        valid[i, k] = False
    counts = valid.sum(axis=1)
    shares = np.full((2, 4), np.nan)
    judged = counts >= SIDE_JUDGED * SIDE_POINTS
    shares[0, judged] = (step & valid).sum(axis=1)[judged] / counts[judged]
    shares[1, judged] = (edge & valid).sum(axis=1)[judged] / counts[judged]
    return shares


INK_FACE = (100, 140)  # the shape's face is looked at this size (short x long side, pixels)
INK_INSET = 12  # ... its inside this many pixels in from each side (printed lines along them)
INK_BLUR = 4.0  # ink: a pixel this far from the face's grey level blurred this much (sigma) ...
INK_STEP = 25.0  # ... by this many levels


def face_ink(frame: np.ndarray, quad: np.ndarray) -> float:
    """The share of the inside of the shape ``quad`` (frame pixels) that shows ink: fine detail
    off the smooth level round it (a card's index, pips, picture, even blown out by glare, keep
    some; a glare spot on the felt and a hand are smooth)."""
    q = np.asarray(quad, np.float32).reshape(4, 2)
    sides = np.hypot(*(np.roll(q, -1, axis=0) - q).T)
    short, long = INK_FACE
    w, h = (short, long) if sides[0] + sides[2] < sides[1] + sides[3] else (long, short)
    target = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    face = cv2.warpPerspective(frame, cv2.getPerspectiveTransform(q, target), (w, h))
    grey = face if face.ndim == 2 else cv2.cvtColor(face, cv2.COLOR_BGR2GRAY)
    grey = grey.astype(np.float32)
    detail = np.abs(grey - cv2.GaussianBlur(grey, (0, 0), INK_BLUR))
    inside = detail[INK_INSET:-INK_INSET, INK_INSET:-INK_INSET]
    return float((inside > INK_STEP).mean())


BRIGHT_SHARE = 0.9  # a shape's brightness: this quantile of its inside's grey levels (blurred)


def brightness(frame: np.ndarray, quad: np.ndarray, grey: np.ndarray | None = None) -> float:
    """The grey level (0-255, blurred as ``side_support`` sees it) that ``BRIGHT_SHARE`` of the
    inside of the shape ``quad`` (frame pixels) lies under: a glare spot's is near white."""
    g = edge_grey(frame) if grey is None else grey
    q = np.asarray(quad, np.float64).reshape(4, 2)
    x0, y0 = np.maximum(np.floor(q.min(axis=0)).astype(int), 0)
    x1, y1 = np.ceil(q.max(axis=0)).astype(int) + 1
    window = g[y0:y1, x0:x1]
    if window.size == 0:
        return 0.0
    mask = np.zeros(window.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, np.round(q - [x0, y0]).astype(np.int32), 1)
    inside = window[mask > 0]
    return float(np.quantile(inside, BRIGHT_SHARE)) if inside.size else 0.0
