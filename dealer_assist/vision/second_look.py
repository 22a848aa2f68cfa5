"""A second look at a card the corner network is unsure of (issue 28, h-second12), and the
outline searched about its corners (issue 28, h-unsure23).

Most cards the reader leaves uncertain are small (50-65 pixels wide) with soft corners the
corner network is not sure of. A second look warps those corners again from the original frame
- with the card's outline refined to the paper's edges (``refine_outline``) and at a few small
shifts and scales of it (``LOOKS``) - and averages the network's probabilities over the looks
(``averaged_probabilities``). Only the cards left uncertain are looked at again, so a card read
surely never changes and the cost lands on few cards.

A card's outline can be off by more than the refinement moves it (a card touching others,
found at a card size a tenth or more off): its far index corner then shows the felt or another
card, and one corner is read at most. The outline is then searched about its corners
(``searched_outlines``): scaled by a few factors about each of its four corners, each outline's
two corners read in one batch (``outline_probabilities``); the outline whose two corners read
one card most surely is looked at again as the second look looks (``looked_probabilities``),
when that card is the one the finder's outline read (``CardDetector._searched_look``).
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from dealer_assist.vision.corner_model import CornerModel, corner_patches
from dealer_assist.vision.geometry import portrait_orders
from dealer_assist.vision.index import IndexSettings, warp_corner

# How far the paper's edge is looked for from the outline, along each side's normal (a share
# of the card's width): the finder's outlines of small soft cards lie a few pixels inside it.
EDGE_REACH = 0.1
# A side is moved to its edge only where the grey level steps up into the card by this much
# over a pixel along at least ``EDGE_SHARE`` of the samples (another card's paper beside it,
# or a hand over it, shows no step).
EDGE_STEP = 16.0
EDGE_SHARE = 0.6
EDGE_SAMPLES = 24
MAX_CORNER_MOVE = 0.12  # a refined corner moved further than this (of the width) stays put


def _weakest(frame: np.ndarray) -> np.ndarray:
    """The weakest channel, a little smoothed: white paper is bright in every channel, a felt
    of any colour dark in at least one (a step larger than the grey level's)."""
    if frame.ndim == 2:
        weakest = frame
    else:
        # The same minimum as ``frame.min(axis=2)``, channel by channel: numpy's reduction
        # over an image's last axis of three costs about 15 times as much.
        weakest = np.minimum(np.minimum(frame[..., 0], frame[..., 1]), frame[..., 2])
    return cv2.GaussianBlur(weakest.astype(np.float32), (0, 0), 0.7)


def _meet(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    (p, u), (q, v) = a, b
    matrix = np.array([[u[0], -v[0]], [u[1], -v[1]]])
    if abs(float(np.linalg.det(matrix))) < 1e-6:
        middle: np.ndarray = 0.5 * (p + q)
        return middle
    s, _ = np.linalg.solve(matrix, q - p)
    result: np.ndarray = p + s * u
    return result


def refine_outline(
    frame: np.ndarray,
    quad: np.ndarray,
    *,
    reach: float = EDGE_REACH,
    max_move: float = MAX_CORNER_MOVE,
) -> np.ndarray:
    """``quad`` (4 x 2, frame pixels) with each side moved to the paper's edge near it, to a
    fraction of a pixel: each side a line fitted (Huber) to where the weakest channel rises most
    steeply across it, sampled along its middle 70% (clear of the rounded corners); a corner is
    where two such lines meet. A side with no clear edge along most of it (another card's paper
    beside it, a hand) stays as it is; a corner that would move more than ``max_move`` of the
    card's width keeps its place."""
    points = np.asarray(quad, np.float64).reshape(4, 2)
    sides = np.hypot(*(np.roll(points, -1, axis=0) - points).T)
    width = float(min(sides[0] + sides[2], sides[1] + sides[3])) / 2
    span = reach * width
    # Only the window round the card is smoothed and sampled.
    x0, y0 = np.floor(points.min(axis=0) - span - 3).astype(int)
    x1, y1 = np.ceil(points.max(axis=0) + span + 3).astype(int)
    x0, y0 = max(int(x0), 0), max(int(y0), 0)
    x1, y1 = min(int(x1), frame.shape[1]), min(int(y1), frame.shape[0])
    if x1 - x0 < 4 or y1 - y0 < 4:
        return points
    grey = _weakest(frame[y0:y1, x0:x1])
    local = points - (x0, y0)
    centre = local.mean(axis=0)
    starts = local
    ends = np.roll(local, -1, axis=0)
    directions = (ends - starts) / np.maximum(sides, 1e-9)[:, None]
    normals = np.stack([-directions[:, 1], directions[:, 0]], axis=1)
    flip = np.einsum("ij,ij->i", centre - starts, normals) < 0
    normals[flip] = -normals[flip]  # inward
    steps = np.arange(-span, span + 0.01, 0.25)
    along = np.linspace(0.15, 0.85, EDGE_SAMPLES)
    bases = starts[:, None, :] + along[None, :, None] * (ends - starts)[:, None, :]  # 4 x S x 2
    rays = bases[:, :, None, :] + steps[None, None, :, None] * normals[:, None, None, :]
    maps = rays.astype(np.float32).reshape(4 * EDGE_SAMPLES, len(steps), 2)
    profile = cv2.remap(
        grey,
        np.ascontiguousarray(maps[..., 0]),
        np.ascontiguousarray(maps[..., 1]),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    ).reshape(4, EDGE_SAMPLES, len(steps))
    rise = np.diff(profile, axis=2) * 4.0  # levels a pixel, outside to inside
    best = np.argmax(rise, axis=2)
    peak = np.take_along_axis(rise, best[..., None], axis=2)[..., 0]
    inner = np.clip(best, 1, rise.shape[2] - 2)
    left = np.take_along_axis(rise, (inner - 1)[..., None], axis=2)[..., 0]
    mid = np.take_along_axis(rise, inner[..., None], axis=2)[..., 0]
    right = np.take_along_axis(rise, (inner + 1)[..., None], axis=2)[..., 0]
    bend = left - 2 * mid + right
    vertex = np.where(bend < 0, 0.5 * (left - right) / np.where(bend < 0, bend, -1.0), 0.0)
    vertex = np.where(best == inner, np.clip(vertex, -1.0, 1.0), 0.0)
    offsets = 0.5 * (steps[best] + steps[best + 1]) + 0.25 * vertex
    lines: list[tuple[np.ndarray, np.ndarray]] = []
    for i in range(4):
        kept = peak[i] >= EDGE_STEP
        if kept.sum() < EDGE_SHARE * EDGE_SAMPLES:
            lines.append((starts[i], directions[i]))
            continue
        found = bases[i][kept] + offsets[i][kept][:, None] * normals[i]
        fitted = cv2.fitLine(found.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
        vx, vy, x, y = (float(v) for v in np.asarray(fitted).reshape(-1))
        lines.append((np.array([x, y]), np.array([vx, vy])))
    refined = np.array([_meet(lines[(i - 1) % 4], lines[i]) for i in range(4)])
    moved = np.hypot(*(refined - local).T) > max_move * width
    refined[moved] = local[moved]
    result: np.ndarray = refined + np.array([x0, y0], np.float64)
    return result


def _moved(quad: np.ndarray, shift: tuple[float, float], scale: float) -> np.ndarray:
    centre = quad.mean(axis=0)
    result: np.ndarray = centre + scale * (quad - centre) + np.asarray(shift)
    return result


# The looks of the second look: shifts (frame pixels) and scales of the refined outline.
LOOKS: tuple[tuple[tuple[float, float], float], ...] = (
    ((0.0, 0.0), 1.0),
    ((2.0, 0.0), 1.0),
    ((-2.0, 0.0), 1.0),
    ((0.0, 2.0), 1.0),
    ((0.0, -2.0), 1.0),
    ((0.0, 0.0), 1.04),
    ((0.0, 0.0), 0.96),
)


def corner_regions(
    frame: np.ndarray,
    quad: np.ndarray,
    settings: IndexSettings,
    looks: Sequence[tuple[tuple[float, float], float]] = (((0.0, 0.0), 1.0),),
) -> list[np.ndarray]:
    """Both index corners of the card for each look (look by look, the two corners in
    portrait order), warped from the frame."""
    regions = []
    for shift, scale in looks:
        for ordered in portrait_orders(_moved(np.asarray(quad, np.float64), shift, scale)):
            regions.append(warp_corner(frame, ordered, settings))
    return regions


def averaged_probabilities(
    model: CornerModel, regions: Sequence[np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """The network's rank and suit probabilities (2 x 14, 2 x 5, junk last) for a card's two
    corners, each the mean over the looks (``regions`` look by look, two corners a look)."""
    rank, suit = model.probabilities(corner_patches(list(regions)))
    looks = len(regions) // 2
    return (
        rank.reshape(looks, 2, -1).mean(axis=0),
        suit.reshape(looks, 2, -1).mean(axis=0),
    )


def second_probabilities(
    model: CornerModel, frame: np.ndarray, quads: Sequence[np.ndarray], settings: IndexSettings
) -> list[tuple[np.ndarray, np.ndarray]]:
    """The second look at each card (``quads``, frame pixels): its outline refined to the
    paper's edges, its two corners warped at every one of ``LOOKS``, all read by the network in
    one batch; per card the rank and suit probabilities of its two corners (2 x 14, 2 x 5, junk
    last), each averaged over the looks."""
    return looked_probabilities(model, frame, [refine_outline(frame, q) for q in quads], settings)


# The outline searched about its corners (``searched_outlines``): scaled by these factors about
# each of its four corners in turn (its sides keep their directions, the corner its place).
# Chosen on the building check's uncertain cards and another seed set's: 0.85-1.25 and
# 0.7-1.4 read the same cards and one more of the second set, at 1.5 and 3 times the cost.
SEARCH_SCALES = (0.9, 0.95, 1.05, 1.1, 1.15)


def searched_outlines(
    quad: np.ndarray, scales: Sequence[float] = SEARCH_SCALES
) -> list[np.ndarray]:
    """``quad`` (4 x 2, frame pixels) scaled by each of ``scales`` about each of its corners
    (corner by corner, scale by scale), its corners in the same order."""
    points = np.asarray(quad, np.float64).reshape(4, 2)
    return [points[a] + scale * (points - points[a]) for a in range(4) for scale in scales]


def outline_probabilities(
    model: CornerModel,
    frame: np.ndarray,
    outlines: Sequence[Sequence[np.ndarray]],
    settings: IndexSettings,
) -> list[tuple[np.ndarray, np.ndarray]]:
    """The network's probabilities for the two corners of every outline of every card
    (``outlines``: per card, its outlines), all read in one batch: per card the rank and suit
    probabilities (outlines x 2 x 14, outlines x 2 x 5, junk last), each outline's two corners
    in portrait order."""
    regions = [
        region
        for per_card in outlines
        for quad in per_card
        for region in corner_regions(frame, quad, settings)
    ]
    if not regions:
        return []
    rank, suit = model.probabilities(corner_patches(regions))
    result = []
    start = 0
    for per_card in outlines:
        end = start + 2 * len(per_card)
        result.append(
            (
                rank[start:end].reshape(len(per_card), 2, -1),
                suit[start:end].reshape(len(per_card), 2, -1),
            )
        )
        start = end
    return result


def looked_probabilities(
    model: CornerModel, frame: np.ndarray, quads: Sequence[np.ndarray], settings: IndexSettings
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Each card's two corners read at every one of ``LOOKS`` of its outline (``quads``, as
    they are: not refined), in one batch; per card the probabilities (2 x 14, 2 x 5, junk last),
    each the mean over the looks."""
    if not quads:
        return []
    regions = [region for quad in quads for region in corner_regions(frame, quad, settings, LOOKS)]
    rank, suit = model.probabilities(corner_patches(regions))
    per_card = 2 * len(LOOKS)
    return [
        (
            rank[n * per_card : (n + 1) * per_card].reshape(len(LOOKS), 2, -1).mean(axis=0),
            suit[n * per_card : (n + 1) * per_card].reshape(len(LOOKS), 2, -1).mean(axis=0),
        )
        for n in range(len(quads))
    ]
