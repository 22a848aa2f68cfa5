"""Cards the finder missed in a blob it could not explain, looked for again on paper alone.

Issue 28 (h-finder7): what differs from the felt's median is more than card. A zone printed
in another shade of the cloth, a croupier's hand, gold lines seen close, join a card into a
blob whose outline shows none of the card's corners, and the finder (``quads.find_quads``)
proposes nothing there: half the cards missed on the building scenes of real tables. Such a
blob is left *unexplained* by the cards found: a piece of it, a card's size at least, that
no card found covers. Only there the view's paper alone (``paper.paper_mask``: as grey and
as bright as paper; printed cloth is the cloth's colour and as dark as it, skin and gold are
coloured) is looked into at the finding's own card size, and the card shapes found in it
that no card found lies on are new cards (read, and kept by ``CardDetector`` only when they
read surely).

Pure functions of the work view; no reading here.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from dealer_assist.vision.components import compact_components
from dealer_assist.vision.quads import CardQuad


@dataclass(frozen=True, slots=True, kw_only=True)
class RecoverySettings:
    """Named thresholds of the second look (chosen on building scenes, scripts/vision_tilted.py)."""

    # A blob is unexplained where a piece of it this many cards in area is covered by no card
    # found, once opened by ``opening_cards`` of a card's width (slivers between cards go).
    min_unexplained_cards: float = 0.5
    opening_cards: float = 0.3
    # A card shape of the paper alone is new when at most this share of it lies on cards found
    # and its centre on none of them.
    max_taken_share: float = 0.35
    # A finding on paper alone: of two card shapes no index reads in that overlap by more than
    # this share of either, only the first is reported (a card cut by paper alone into two
    # crossing shapes; two cards dealt overlapping show an index each).
    max_unread_overlap: float = 0.25


def unexplained(
    mask: np.ndarray,
    quads: list[np.ndarray],
    card_px: tuple[float, float],
    settings: RecoverySettings,
) -> np.ndarray | None:
    """The pieces of ``mask`` (work pixels) that no card of ``quads`` (work pixels) covers,
    a card's width opened and ``min_unexplained_cards`` of a card in area at least; None when
    there is none (the finding explains its mask: the common case)."""
    taken = _taken(mask.shape[:2], quads)
    left = cv2.bitwise_and(mask, cv2.bitwise_not(taken))
    least = settings.min_unexplained_cards * card_px[0] * card_px[1]
    if cv2.countNonZero(left) < least:
        return None  # most frames: the cards found explain their mask
    # Opened at half the size (the pieces sought are half a card and more): a quarter the cost.
    height, width = left.shape
    half = cv2.resize(left, (width // 2, height // 2), interpolation=cv2.INTER_NEAREST)
    k = max(3, int(settings.opening_cards * card_px[0] / 2) | 1)
    half = cv2.morphologyEx(half, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    count, labels, stats = compact_components(half, 8)
    kept = [n for n in range(1, count) if 4 * stats[n, cv2.CC_STAT_AREA] >= least]
    if not kept:
        return None
    chosen = np.zeros(count, np.uint8)
    chosen[kept] = 255
    pieces: np.ndarray = cv2.resize(
        chosen[labels], (width, height), interpolation=cv2.INTER_NEAREST
    )
    return pieces


def paper_window(
    paper: np.ndarray,
    pieces: np.ndarray,
    card_px: tuple[float, float],
    settings: RecoverySettings,
) -> tuple[int, int, int, int] | None:
    """Where to look for new cards (x0, y0, x1, y1: the pieces' box and a card's height
    round it, in the view), or None when the unexplained pieces hold less paper than
    ``min_unexplained_cards`` of a card (a hand alone, chips, a printed zone: no card)."""
    least = settings.min_unexplained_cards * card_px[0] * card_px[1]
    if cv2.countNonZero(cv2.bitwise_and(paper, pieces)) < least:
        return None
    points = cv2.findNonZero(pieces)
    if points is None:
        return None
    x, y, w, h = cv2.boundingRect(points)
    reach = int(np.ceil(card_px[1]))
    height, width = pieces.shape[:2]
    return (
        max(0, x - reach),
        max(0, y - reach),
        min(width, x + w + reach),
        min(height, y + h + reach),
    )


def new_cards(
    found: list[CardQuad],
    quads: list[np.ndarray],
    pieces: np.ndarray,
    card_px: tuple[float, float],
    settings: RecoverySettings,
) -> list[np.ndarray]:
    """Of the card shapes ``found`` on the paper alone (work pixels), those on an unexplained
    piece (``pieces``) that the cards already found (``quads``) do not take: at most
    ``max_taken_share`` of the shape on them, its centre on none of them."""
    taken = _taken(pieces.shape[:2], quads)
    canvas = np.zeros_like(pieces)
    card_area = card_px[0] * card_px[1]
    result: list[np.ndarray] = []
    for quad in found:
        corners = np.asarray(quad.corners, np.float64)
        cx, cy = corners.mean(axis=0)
        x, y = round(float(cx)), round(float(cy))
        height, width = taken.shape
        if 0 <= x < width and 0 <= y < height and taken[y, x]:
            continue
        canvas[:] = 0
        cv2.fillConvexPoly(canvas, np.round(corners).astype(np.int32), 255)
        area = max(cv2.countNonZero(canvas), 1)
        if cv2.countNonZero(cv2.bitwise_and(canvas, taken)) > settings.max_taken_share * area:
            continue
        if cv2.countNonZero(cv2.bitwise_and(canvas, pieces)) < 0.25 * card_area:
            continue  # not where the finding left something unexplained
        result.append(corners)
        cv2.fillConvexPoly(taken, np.round(corners).astype(np.int32), 255)
    return result


def _taken(shape: tuple[int, int], quads: list[np.ndarray]) -> np.ndarray:
    taken = np.zeros(shape, np.uint8)
    for quad in quads:
        cv2.fillConvexPoly(taken, np.round(np.asarray(quad)).astype(np.int32), 255)
    return taken


def apart(shapes: list[np.ndarray], settings: RecoverySettings) -> list[int]:
    """Which of ``shapes`` (the card shapes of a finding on paper alone, frame pixels: its
    cards read, then its unread shapes) to report: each in turn unless it overlaps one kept
    by more than ``max_unread_overlap`` of the smaller's area (``CardDetector.analyse`` drops
    only unread shapes so)."""
    kept: list[int] = []
    for n, shape in enumerate(shapes):
        quad = np.asarray(shape, np.float32).reshape(-1, 2)
        area = abs(cv2.contourArea(quad))
        if not any(
            _overlap(quad, np.asarray(shapes[k], np.float32).reshape(-1, 2))
            > settings.max_unread_overlap
            * min(area, abs(cv2.contourArea(np.asarray(shapes[k], np.float32).reshape(-1, 2))))
            for k in kept
        ):
            kept.append(n)
    return kept


def _overlap(a: np.ndarray, b: np.ndarray) -> float:
    hull_a = cv2.convexHull(a)
    hull_b = cv2.convexHull(b)
    area, _ = cv2.intersectConvexConvex(hull_a, hull_b)
    return float(area)
