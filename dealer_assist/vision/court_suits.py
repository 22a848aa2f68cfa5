"""A court card's suit from the suit symbols printed beside its index (issue 28, h-court45).

Most court designs print a suit symbol beyond the index: anglo a large one right of the index,
inside the picture's frame, simplistic a large one right of the rank, tango a small one in the
two corners without an index. A court has no pips; these symbols are its pips. Both ends of
the card are looked at (each turned upright: a court is printed half turned round), the ink in
a band along each short side, right of the index's column, is cut into connected components,
and each component of a suit symbol's size, shape and colour is read by the glyph reader's
suit network as an index suit (``middle.PIP_AS_SUIT``). ``CardDetector._court_by_symbols``
uses the symbols' vote only to settle a court already uncertain whose rank is sure
(``FinderSettings.court_symbols``, on since session 46).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from dealer_assist.cards import Suit
from dealer_assist.vision.classifier import SUIT_CLASSES, GlyphModel
from dealer_assist.vision.components import components_with_stats
from dealer_assist.vision.geometry import (
    CANONICAL_HEIGHT,
    CANONICAL_WIDTH,
    portrait_orders,
    transform_points,
)
from dealer_assist.vision.index import (
    glyph_vector,
    ink_colour,
    ink_map,
    paper_colour,
    region_to_frame,
)
from dealer_assist.vision.middle import PIP_AS_SUIT


@dataclass(frozen=True, slots=True)
class SymbolSettings:
    """Where a court's suit symbols are looked for and what one is (shares of the card)."""

    scale: float = 0.9  # band pixels per canonical card pixel
    # The band along each short side, down to ``bottom``; a symbol's centre lies right of the
    # index's column (``beyond``: the index's rank and suit are the looks' own).
    left: float = 0.0
    right: float = 0.98
    top: float = 0.0
    bottom: float = 0.3
    beyond: float = 0.13
    # Ink is this much darker than the paper (shares of the paper), each tried, then each with
    # thin lines opened away: a symbol touching the picture's frame at one level stands apart
    # at a darker one or opened.
    inks: tuple[float, ...] = (0.3, 0.45, 0.6)
    # A symbol is this tall (a share of the card's height), this near square and this full.
    least_height: float = 0.03
    most_height: float = 0.16
    least_aspect: float = 0.6
    most_aspect: float = 1.5
    least_fill: float = 0.35
    most_fill: float = 0.9
    most: int = 4  # the largest this many candidates of each end are read
    # A symbol counts when the suit network reads it as one suit at least this surely, and as
    # junk less than ``most_junk`` (on fresh building seeds, parts of a picture cut out as a
    # symbol read at most 0.69 as a suit of the court's colour).
    least_sure: float = 0.75
    most_junk: float = 0.3


@dataclass(frozen=True, slots=True)
class Symbol:
    """One component read as a suit symbol: the suit network's probabilities (the suits, then
    junk) and its ink's colour over the paper's (B, G, R; None: unknown)."""

    suits: np.ndarray
    colour: tuple[float, float, float] | None


def _band(
    frame: np.ndarray, ordered: np.ndarray, settings: SymbolSettings
) -> tuple[np.ndarray, np.ndarray]:
    """The band along the top short side of the card in ``ordered``'s portrait order, and the
    homography from the band's pixels to the frame's."""
    s = settings.scale
    size = (
        round((settings.right - settings.left) * CANONICAL_WIDTH * s),
        round((settings.bottom - settings.top) * CANONICAL_HEIGHT * s),
    )
    to_frame = region_to_frame(ordered, settings.left, settings.top, s)
    band: np.ndarray = cv2.warpPerspective(
        frame,
        to_frame,
        size,
        flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return band, to_frame


def _covered(shape: tuple[int, ...], to_frame: np.ndarray, others: list[np.ndarray]) -> np.ndarray:
    """The band's pixels (``shape``) inside any outline of ``others`` (frame pixels)."""
    covered = np.zeros(shape[:2], np.uint8)
    to_band = np.linalg.inv(to_frame)
    for other in others:
        points = transform_points(to_band, np.asarray(other, np.float64).reshape(-1, 2))
        cv2.fillConvexPoly(covered, np.round(points).astype(np.int32), 1)
    return covered


def _centre_in(box: tuple[int, int, int, int], other: tuple[int, int, int, int]) -> bool:
    x, y, w, h = box
    ox, oy, ow, oh = other
    return ox <= x + w / 2 <= ox + ow and oy <= y + h / 2 <= oy + oh


def court_symbols(
    frame: np.ndarray,
    quad: np.ndarray,
    model: GlyphModel,
    settings: SymbolSettings,
    others: list[np.ndarray] | None = None,
) -> list[Symbol]:
    """Every suit symbol found beside the index at either end of the card at ``quad``; a
    component meeting another outline of ``others`` is left out (it may be that card's ink)."""
    card_height = CANONICAL_HEIGHT * settings.scale
    vectors: list[np.ndarray] = []
    colours: list[tuple[float, float, float] | None] = []
    for ordered in portrait_orders(quad):
        band, to_frame = _band(frame, ordered, settings)
        covered = _covered(band.shape, to_frame, others) if others else None
        ink = ink_map(band)
        paper = paper_colour(band)
        taken: list[tuple[int, int, int, int]] = []
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (3, 3))
        for level, opened in (
            (level, opened) for opened in (False, True) for level in settings.inks
        ):
            binary: np.ndarray = (ink > level).astype(np.uint8)
            if opened:
                # A thin line (the picture's frame) touching a symbol, taken off.
                binary = cv2.morphologyEx(binary, cv2.MORPH_OPEN, kernel)
            count, labels, stats = components_with_stats(binary, 8)
            height, width = binary.shape
            found = []
            for label in range(1, count):
                x, y, w, h, area = stats[label].tolist()
                if x == 0 or y == 0 or x + w >= width or y + h >= height:
                    continue  # cut by the band's edge: part of the picture or the card's edge
                if covered is not None and covered[y : y + h, x : x + w].any():
                    continue  # under (or over) another outline
                if x + w / 2 < (settings.beyond - settings.left) * CANONICAL_WIDTH * settings.scale:
                    continue  # the index
                if not settings.least_height <= h / card_height <= settings.most_height:
                    continue
                if not settings.least_aspect <= w / h <= settings.most_aspect:
                    continue
                if not settings.least_fill <= area / (w * h) <= settings.most_fill:
                    continue
                if any(_centre_in((x, y, w, h), other) for other in taken):
                    continue  # found at a lighter level already
                found.append((area, label, (x, y, w, h)))
            found.sort(reverse=True)
            for _, label, box in found[: settings.most]:
                taken.append(box)
                vectors.append(glyph_vector(ink, labels, [label], box, box[3] / PIP_AS_SUIT))
                colours.append(ink_colour(band, ink, labels == label, paper))
    if not vectors:
        return []
    p = model.suit_probabilities(np.array(vectors))
    return [Symbol(row, colour) for row, colour in zip(p, colours, strict=True)]


def symbols_suit(
    symbols: list[Symbol], allowed: frozenset[Suit], settings: SymbolSettings, least: int = 2
) -> tuple[Suit, np.ndarray] | None:
    """The suit at least ``least`` symbols read, each read as a suit of ``allowed`` (a symbol
    read as another suit is misread, and left out) at least ``settings.least_sure`` and as junk
    under ``settings.most_junk`` (others are left out), when none of them reads the other suit
    of ``allowed``; with
    the symbols' mean probabilities over ``allowed`` (``SUIT_CLASSES``' order without junk, 0
    outside ``allowed``). None otherwise."""
    columns = [SUIT_CLASSES.index(s) for s in allowed]
    rows = []
    for symbol in symbols:
        suits = symbol.suits[:-1]
        best = int(np.argmax(suits))
        if (
            float(symbol.suits[-1]) >= settings.most_junk
            or best not in columns
            or float(suits[best]) < settings.least_sure
        ):
            continue
        kept = np.zeros_like(suits)
        kept[columns] = suits[columns]
        rows.append(kept / max(float(kept.sum()), 1e-9))
    if len(rows) < least:
        return None
    votes = np.array(rows)
    named = {int(np.argmax(r)) for r in votes}
    if len(named) != 1:
        return None
    mean: np.ndarray = votes.mean(axis=0)
    suit = SUIT_CLASSES[named.pop()]
    assert suit is not None
    return suit, mean
