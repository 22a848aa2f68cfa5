"""Reading a card's corner index: warp the corner, separate the ink, pick the rank and the suit.

A card's index (its rank above its suit) sits in the top-left corner and, turned over, in the
bottom-right one. For each of the two corners the reader warps a small region of the *original*
frame (not the scaled-down work view) to a canonical upright corner, finds the ink (darker than
the paper in its weakest colour channel: black, red, and the blue, green or yellow of four-colour
decks alike), drops whatever touches the region's border (felt, the card's outline, a picture),
then takes the topmost glyph (with its neighbour, for the two digits of a ten) as the rank and the
glyph under it as the suit. Each glyph becomes a small fixed-size image for the classifier.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

import cv2
import numpy as np

from dealer_assist.vision.components import (
    MOST_16BIT_LABELS,
    compact_components,
    components_with_stats,
    most_components,
)
from dealer_assist.vision.geometry import CANONICAL_HEIGHT, CANONICAL_WIDTH, canonical_to_image

GLYPH_SIZE = 24
_Colour = tuple[float, float, float] | None
VECTOR_SIZE = GLYPH_SIZE * GLYPH_SIZE + 2


@dataclass(frozen=True, slots=True, kw_only=True)
class IndexSettings:
    """Named thresholds of the index reader, in canonical-card pixels or shares of them."""

    # The corner region read, as shares of the card's width and height (it starts a little
    # outside the card, so a corner found a few pixels off still holds the whole index).
    left: float = -0.04
    top: float = -0.03
    right: float = 0.31
    bottom: float = 0.46
    scale: float = 1.0  # region pixels per canonical pixel
    min_ink: float = 0.18  # ink is at least this much darker than the paper (share of paper)
    max_ink: float = 0.5  # ... and the threshold never needs to be above this
    weak_share: float = 0.55  # fainter ink joins a glyph down to this share of that threshold
    min_weak_ink: float = 0.12  # ... but never below this
    edge_inset_px: float = 3.0  # what lies this close inside the card's edge is its outline
    min_glyph_px: float = 25.0  # smaller ink specks are noise
    min_glyph_height: float = 0.035  # a rank is at least this share of the card's height
    max_glyph_height: float = 0.2  # ... and at most this share
    # Between the index and the pips or picture beside it (shares of the card's width), over
    # the index's rows (down to this share of the card's height): where a gutter cut is made.
    gutter_from: float = 0.11
    gutter_to: float = 0.21
    gutter_rows: float = 0.3
    # Between the index's suit and a picture below it (shares of the card's height), over the
    # index's columns (left of ``gutter_to``): where a floor cut is made.
    floor_from: float = 0.19
    floor_to: float = 0.3


@dataclass(frozen=True, slots=True)
class Glyph:
    """One glyph cut out of a corner: its raw vector (see ``glyph_features``) and where it was
    (region pixels)."""

    vector: np.ndarray
    box: tuple[int, int, int, int]  # x, y, width, height


@dataclass(frozen=True, slots=True)
class CornerGlyphs:
    """What a corner showed: the rank glyph and suit glyph, either possibly missing."""

    rank: Glyph | None
    suit: Glyph | None
    region: np.ndarray | None  # the warped corner (BGR); None: not looked at (not warped)
    others: tuple[Glyph, ...] = ()  # other glyph-sized ink, when asked for (training)
    colour: tuple[float, float, float] | None = None  # the index's ink over the paper (B, G, R)
    ink: CornerInk | None = None  # the region's ink, kept so a second cut need not find it again


def region_size(settings: IndexSettings) -> tuple[int, int]:
    width = round((settings.right - settings.left) * CANONICAL_WIDTH * settings.scale)
    height = round((settings.bottom - settings.top) * CANONICAL_HEIGHT * settings.scale)
    return width, height


def region_to_frame(ordered: np.ndarray, left: float, top: float, scale: float) -> np.ndarray:
    """The homography from the pixels of a region of the card whose corners are ``ordered``
    (portrait order) to the frame's: the region starts ``left`` and ``top`` (shares of the
    canonical card's width and height), ``scale`` of its pixels to a canonical pixel."""
    region_to_canonical = np.array(
        [
            [1 / scale, 0, left * CANONICAL_WIDTH],
            [0, 1 / scale, top * CANONICAL_HEIGHT],
            [0, 0, 1],
        ]
    )
    matrix: np.ndarray = canonical_to_image(ordered) @ region_to_canonical
    return matrix


def warp_corner(frame: np.ndarray, ordered: np.ndarray, settings: IndexSettings) -> np.ndarray:
    """The top-left corner region of the card whose corners are ``ordered`` (portrait order)."""
    matrix = region_to_frame(ordered, settings.left, settings.top, settings.scale)
    return cv2.warpPerspective(
        frame,
        matrix,
        region_size(settings),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


def _channel_min(image: np.ndarray) -> np.ndarray:
    """The weakest channel of each pixel (OpenCV: far faster than numpy's min over 3 values)."""
    b, g, r = cv2.split(image)
    result: np.ndarray = cv2.min(cv2.min(b, g), r)
    return result


def ink_map(region: np.ndarray) -> np.ndarray:
    """How much darker than the paper each pixel is, in its weakest channel (0 paper, 1 black)."""
    if region.dtype != np.uint8:
        weakest = (
            _channel_min(region).astype(np.float32)
            if region.ndim == 3
            else region.astype(np.float32)
        )
        flat = weakest.ravel()
        rank = int(0.92 * (flat.size - 1))
        paper = float(np.partition(flat, rank)[rank])
        if paper < 1:
            return np.zeros_like(weakest)
        ink: np.ndarray = np.clip((paper - weakest) / paper, 0.0, 1.0)
        return ink
    # 8-bit: the paper level from the histogram, the ink from a table of the 256 levels.
    levels = _channel_min(region) if region.ndim == 3 else region
    # OpenCV's histogram and table (exact counts, the same values): far faster than numpy's
    # bincount and gather on a region this small.
    counts = np.cumsum(cv2.calcHist([levels], [0], None, [256], [0, 256]).ravel())
    rank = int(0.92 * (levels.size - 1))
    paper_level = int(np.searchsorted(counts, rank + 1))
    if paper_level < 1:
        return np.zeros(levels.shape, np.float32)
    paper32 = np.float32(paper_level)
    table = np.clip((paper32 - _LEVELS) / paper32, 0.0, 1.0).astype(np.float32)
    result: np.ndarray = cv2.LUT(np.ascontiguousarray(levels), table)
    return result


_LEVELS = np.arange(256, dtype=np.float32)


def glyph_vector(
    ink: np.ndarray,
    labels: np.ndarray,
    members: list[int],
    box: tuple[int, int, int, int],
    card_height: float,
) -> np.ndarray:
    """The glyph as the classifier's raw input: its ink, centred in a square, GLYPH_SIZE wide
    (aspect kept), then its log aspect ratio and its height as a share of the card's."""
    x, y, w, h = box
    window = labels[y : y + h, x : x + w]
    keep = window == members[0]
    for member in members[1:]:
        keep |= window == member
    side = max(w, h)
    square = np.zeros((side, side), np.float32)
    oy, ox = (side - h) // 2, (side - w) // 2
    # The glyph's own ink, the rest left 0, straight into the square.
    np.copyto(square[oy : oy + h, ox : ox + w], ink[y : y + h, x : x + w], where=keep)
    glyph = cv2.resize(square, (GLYPH_SIZE, GLYPH_SIZE), interpolation=cv2.INTER_AREA)
    vector = np.empty(VECTOR_SIZE, np.float32)
    pixels = vector[: GLYPH_SIZE * GLYPH_SIZE].reshape(GLYPH_SIZE, GLYPH_SIZE)
    peak = float(glyph.max())
    if peak > 0:
        np.divide(glyph, peak, out=pixels)
    else:
        pixels[:] = glyph
    vector[-2:] = (np.log(h / max(w, 1)), h / card_height)
    return vector


_CELL = 6
_BINS = 8
_CELLS = GLYPH_SIZE // _CELL
# The histogram cell of each glyph pixel (row-major), for one bincount over a whole batch.
_CELL_OF = (
    (np.arange(GLYPH_SIZE)[:, None] // _CELL) * _CELLS + np.arange(GLYPH_SIZE)[None, :] // _CELL
).ravel()


def glyph_features(vectors: np.ndarray) -> np.ndarray:
    """Classifier features from raw glyph vectors (rows): the pixels, gradient-orientation
    histograms over a 4 x 4 grid (stroke direction survives a change of font weight better than
    pixels do), and the two shape numbers."""
    batch = np.atleast_2d(vectors).astype(np.float32)
    count = len(batch)
    images = batch[:, : GLYPH_SIZE * GLYPH_SIZE].reshape(-1, GLYPH_SIZE, GLYPH_SIZE)
    gx = np.zeros_like(images)
    gy = np.zeros_like(images)
    gx[:, :, 1:-1] = images[:, :, 2:] - images[:, :, :-2]
    gy[:, 1:-1, :] = images[:, 2:, :] - images[:, :-2, :]
    magnitude = np.hypot(gx, gy)
    angle = (np.arctan2(gy, gx) + np.pi) / (2 * np.pi) * _BINS
    bins = np.minimum(angle.astype(np.int64), _BINS - 1).reshape(count, -1)
    # Every pixel's magnitude into its (glyph, cell, orientation) slot, in one pass.
    slots = (np.arange(count)[:, None] * _CELLS**2 + _CELL_OF[None, :]) * _BINS + bins
    size = count * _CELLS**2 * _BINS
    histograms = np.bincount(slots.ravel(), weights=magnitude.ravel(), minlength=size)
    flat = histograms.reshape(count, -1).astype(np.float32)
    flat /= np.linalg.norm(flat, axis=1, keepdims=True) + 1e-6
    result: np.ndarray = np.hstack([batch[:, : GLYPH_SIZE * GLYPH_SIZE], flat, batch[:, -2:]])
    return result


def _edge_line(ink: np.ndarray, threshold: float, expected: float) -> tuple[float, float] | None:
    """The card's top edge in a corner region as y = a * x + b, from where the paper starts
    in the columns of the region's right half (the index is on the left), or None."""
    height, width = ink.shape
    start, stop = int(0.5 * width), int(0.97 * width)
    # The edge is in the top 45% of the region: no need to look further down.
    reach = math.ceil(0.45 * height) + 2
    paper = ink[:reach, start:stop:2] < threshold
    # The first row of paper followed by more paper: the felt and the card's outline end there.
    runs = paper[:-2] & paper[1:-1] & paper[2:]
    first = np.argmax(runs, axis=0)
    found = runs[first, np.arange(runs.shape[1])] & (first < 0.45 * height)
    if np.count_nonzero(found) < 0.1 * width:
        return None
    values = first[found].astype(np.float64)
    middle = float(np.partition(values, len(values) // 2)[len(values) // 2])
    keep = np.abs(values - middle) <= 2.0
    kept = int(np.count_nonzero(keep))
    if kept < 0.075 * width:
        return None
    x = np.arange(start, stop, 2, dtype=np.float64)[found][keep]
    y = values[keep]
    x_mean, y_mean = float(x.sum()) / kept, float(y.sum()) / kept
    dx = x - x_mean
    spread = float(dx @ dx)
    slope = float(dx @ (y - y_mean)) / spread if spread > 0 else 0.0
    offset = y_mean - slope * x_mean
    if abs(slope) > 0.15 or abs(offset + slope * width / 2 - expected) > 0.12 * height:
        return None
    return float(slope), float(offset)


def _outside_card(ink: np.ndarray, threshold: float, settings: IndexSettings) -> np.ndarray:
    """Pixels of the region beyond the card's top or left edge (felt, shadow, outline)."""
    height, width = ink.shape
    outside = np.zeros(ink.shape, bool)
    top_expected = -settings.top * CANONICAL_HEIGHT * settings.scale
    left_expected = -settings.left * CANONICAL_WIDTH * settings.scale
    top = _edge_line(ink, threshold, top_expected)
    # The left edge is the top edge of the region turned a quarter.
    left = _edge_line(ink.T, threshold, left_expected)
    inset = settings.edge_inset_px
    if top is not None:
        xs = np.arange(width)
        limit = top[0] * xs + top[1] + inset
        outside |= np.arange(height)[:, None] < limit[None, :]
    if left is not None:
        ys = np.arange(height)
        limit = left[0] * ys + left[1] + inset
        outside |= np.arange(width)[None, :] < limit[:, None]
    return outside


def _split_waists(
    labels: np.ndarray, stats: np.ndarray, count: int, min_h: float, waist_share: float = 0.15
) -> tuple[np.ndarray, np.ndarray, int]:
    """Cut a rank that runs into the suit below it (blur, a thin gap) at its narrowest row,
    when that row is at most ``waist_share`` of the widest.

    ``labels`` and ``stats`` are not changed: they are copied before the first cut, and handed
    back as they came when nothing is cut (most corners have nothing to cut; a corner's ink is
    cut a dozen ways and its labels are shared between the ways, ``CornerInk.components``).
    Each tall label's rows counted in its box and the cut made there, the profile's narrowest
    and widest rows found in a list (numpy's reductions cost more than the few dozen rows;
    docs/benchmarks.md, h-speed15)."""
    # Only ink at least 1.5 glyphs tall and taller than wide can be two glyphs run together.
    heights, widths = stats[1:count, 3], stats[1:count, 2]
    tall = np.flatnonzero((heights >= 1.5 * min_h) & (heights >= 1.2 * widths)) + 1
    if len(tall) == 0:
        return labels, stats, count
    rows: list[list[int]] | None = None  # the statistics, copied at the first cut
    for label in tall.tolist():
        x, y, w, h, _ = stats[label].tolist()
        low, high = int(0.35 * h), int(0.75 * h)
        if high <= low:
            continue
        window = labels[y : y + h, x : x + w] == label
        profile: list[int] = np.add.reduce(window, axis=1).tolist()
        middle = profile[low:high]
        waist = low + middle.index(min(middle))  # the first narrowest, as ``np.argmin``
        if profile[waist] > max(1.0, waist_share * float(max(profile))):
            continue
        lower = window[waist + 1 :]
        ys, xs = np.nonzero(lower)
        if len(xs) == 0:
            continue
        if rows is None:
            labels, rows = labels.copy(), stats.tolist()
        top = y + waist + 1
        labels[top : y + h, x : x + w][lower] = count
        rows[label] = [x, y, w, waist + 1, int(np.count_nonzero(window[: waist + 1]))]
        x0, y0 = x + int(xs.min()), top + int(ys.min())
        rows.append([x0, y0, x + int(xs.max()) - x0 + 1, top + int(ys.max()) - y0 + 1, len(xs)])
        count += 1
    if rows is None:
        return labels, stats, count
    return labels, np.array(rows, np.int32).reshape(-1, 5), count


def _components(binary: np.ndarray, split: int) -> tuple[int, np.ndarray, np.ndarray]:
    """Connected ink, as ``cv2.connectedComponentsWithStats`` gives it; with ``split``, ink
    joined only by a neck thinner than about ``2 * split`` pixels is parted there.

    The ink is eroded ``split`` times; every piece that survives is a seed, and each seed grows
    back over its own ink (never across felt), so a suit touching the big pip beside it (blur,
    a design that prints them close) comes apart along the neck. Ink with no seed at all (a
    thin stroke, a small glyph) stays as it was.

    Unsplit, the labels are 16-bit where three times the most components a region this size
    can hold fit one (a corner region: every label split once more at a waist and a spill,
    still in 16 bits), as OpenCV gives them: widening them to 32 bits cost more than the
    labelling.
    """
    if split <= 0 and 3 * most_components(binary.shape, 8) <= MOST_16BIT_LABELS:
        count, labels, stats = compact_components(binary, 8)
    else:
        count, labels, stats = components_with_stats(binary, 8)
    if split <= 0 or count <= 1:
        return count, labels, stats
    kernel = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    eroded = cv2.erode(binary, kernel, iterations=split)
    seeds, markers = cv2.connectedComponents(eroded, connectivity=8)
    if seeds <= 2:
        return count, labels, stats
    grown = markers.astype(np.uint16)
    ink = binary > 0
    for _ in range(4 * split + 8):
        todo = ink & (grown == 0)
        if not todo.any():
            break
        spread = cv2.dilate(grown, kernel)
        fill = todo & (spread > 0)
        if not fill.any():
            break
        grown[fill] = spread[fill]
    # Ink no seed reached keeps its own component, numbered after the seeds.
    rest = ink & (grown == 0)
    merged = grown.astype(np.int32)
    merged[rest] = labels[rest] + seeds - 1
    # Renumber densely (in the order of the old numbers) and measure each piece.
    present = np.flatnonzero(np.bincount(merged.ravel()))
    renumber = np.zeros(int(present[-1]) + 1, np.int32)
    renumber[present] = np.arange(len(present), dtype=np.int32)
    if present[0] != 0:  # no background at all: keep 0 for it anyway
        renumber += 1
    dense = renumber[merged]
    total = int(renumber[present[-1]]) + 1
    return total, dense, _boxes_and_areas(dense, total)


def _boxes_and_areas(labels: np.ndarray, total: int) -> np.ndarray:
    """Each label's box and area (N x 5: x, y, width, height, area; int32), as OpenCV's
    statistics give them; a label with no pixel gets an empty box (width and height 0 or
    less). The pixels of each label in each row and each column, counted in one pass each;
    the rows counted column by column (neighbours along a row mostly share a label and a row:
    counting them in turn makes every count wait for the one before)."""
    height, width = labels.shape
    down = labels.T.ravel().astype(np.int32)
    across = labels.ravel().astype(np.int32)
    ys = np.broadcast_to(np.arange(height, dtype=np.int32), (width, height)).ravel()
    xs = np.broadcast_to(np.arange(width, dtype=np.int32), (height, width)).ravel()
    per_row = np.bincount(down * height + ys, minlength=total * height).reshape(total, height)
    rows = per_row > 0
    columns = np.bincount(across * width + xs, minlength=total * width).reshape(total, width) > 0
    seen = rows.any(axis=1)
    y0 = np.where(seen, rows.argmax(axis=1), height)
    y1 = np.where(seen, height - 1 - rows[:, ::-1].argmax(axis=1), -1)
    x0 = np.where(seen, columns.argmax(axis=1), width)
    x1 = np.where(seen, width - 1 - columns[:, ::-1].argmax(axis=1), -1)
    area = per_row.sum(axis=1)
    result: np.ndarray = np.stack([x0, y0, x1 - x0 + 1, y1 - y0 + 1, area], axis=1).astype(np.int32)
    return result


def _cut_spill(
    labels: np.ndarray, piece: tuple[int, int, int, int, int], new_label: int, min_h: float
) -> tuple[int, int, int, int, int] | None:
    """Cut ``piece`` (ink running off the region's right side only: a rank or a suit printed
    against the big pip beside it) at its narrowest column left of the pips, and label its
    left part ``new_label`` in ``labels`` (in place): that part's (label, x, y, w, h), or None
    when there is no clear neck."""
    label, x, y, w, h = piece
    window = labels[y : y + h, x : x + w] == label
    profile = window.sum(axis=0)
    start = max(1, int(0.6 * min_h))
    stop = min(w - 1, int(0.75 * labels.shape[1]) - x)
    if stop <= start:
        return None
    column = start + int(np.argmin(profile[start:stop]))
    left = window[:, :column]
    if profile[column] > max(1.0, 0.5 * float(profile[:column].max())):
        return None
    rows = np.nonzero(left.any(axis=1))[0]
    cols = np.nonzero(left.any(axis=0))[0]
    if len(rows) == 0 or len(cols) == 0:
        return None
    part = labels[y : y + h, x : x + column]
    part[left] = new_label
    return (
        new_label,
        x + int(cols[0]),
        y + int(rows[0]),
        int(cols[-1] - cols[0] + 1),
        int(rows[-1] - rows[0] + 1),
    )


def paper_colour(region: np.ndarray) -> np.ndarray | None:
    """The card paper's colour in a corner region (B, G, R; its bright end), or None."""
    if region.ndim != 3:
        return None
    sample = region[::3, ::3].reshape(-1, 3)
    k = int(0.9 * (len(sample) - 1))
    paper: np.ndarray = np.partition(sample, k, axis=0)[k].astype(np.float64)
    return paper if float(paper.min()) >= 1.0 else None


def ink_colour(
    region: np.ndarray, ink: np.ndarray, glyphs: np.ndarray, paper: np.ndarray | None
) -> tuple[float, float, float] | None:
    """The colour of an index's ink as a share of the paper's, per channel (B, G, R): black
    ink is about equal in all three, red ink keeps the red. ``glyphs`` marks the index's
    pixels; only its darker half counts (the glyph's edges are mixed with the paper). ``paper``
    is the whole corner's (``paper_colour``; None: unknown, and so is the ink's colour)."""
    if region.ndim != 3 or paper is None:
        return None
    values = ink[glyphs]
    if values.size < 8:
        return None
    core = glyphs & (ink >= float(np.partition(values, values.size // 2)[values.size // 2]))
    b, g, r, _ = cv2.mean(region, mask=core.view(np.uint8))
    return (
        float(min(b / paper[0], 1.0)),
        float(min(g / paper[1], 1.0)),
        float(min(r / paper[2], 1.0)),
    )


@dataclass(frozen=True)
class CornerInk:
    """A corner region's ink on the card: what every way of cutting the corner starts from."""

    region: np.ndarray
    ink: np.ndarray  # 0 paper, 1 black; felt, shadow and outline beyond the card's edges are 0
    strong: float  # the threshold of dark ink (Otsu's, within the settings' bounds)
    # What cutting this ink gave, by what was cut and how (``segment_corner``): half the ways
    # of cutting a corner again leave its ink as another way did (a gutter or a floor with no
    # ink in it, dark ink alone when all of it is dark), and the same ink cut the same way is
    # cut as before. Filled as the corner is cut; never part of what the ink is.
    _parts: dict[tuple[object, ...], tuple[int, np.ndarray, np.ndarray]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    # A cut kept without its ink (rank, suit, others, colour): no cycle back to this object.
    _cuts: dict[
        tuple[object, ...], tuple[Glyph | None, Glyph | None, tuple[Glyph, ...], _Colour]
    ] = field(default_factory=dict, init=False, repr=False, compare=False)
    # The components with their waists cut (``waisted``): labels, statistics, count.
    _waists: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray, int]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def components(
        self, binary: np.ndarray, split: int, raw: bytes | None = None
    ) -> tuple[int, np.ndarray, np.ndarray]:
        """``_components(binary, split)`` of ``binary`` (a cut of this ink), found once for
        each ink and split. The labels are shared: the caller copies them to change them.
        ``raw``: ``binary.tobytes()``, if made already (one copy hashed once a cut)."""
        key = (binary.tobytes() if raw is None else raw, binary.shape, split)
        found = self._parts.get(key)
        if found is None:
            found = self._parts[key] = _components(binary, split)
        return found

    def waisted(
        self, binary: np.ndarray, split: int, min_h: float, waist: float, raw: bytes | None = None
    ) -> tuple[np.ndarray, np.ndarray, int]:
        """``_split_waists`` of ``components(binary, split)``, found once for each ink, split
        and waist (cut again with the spills cut, or for the other glyphs, the same ink splits
        at the same waists). Shared as the components are: the caller copies to change them."""
        raw = binary.tobytes() if raw is None else raw
        key = (raw, binary.shape, split, min_h, waist)
        found = self._waists.get(key)
        if found is None:
            count, labels, stats = self.components(binary, split, raw)
            found = self._waists[key] = _split_waists(labels, stats, count, min_h, waist)
        return found

    @cached_property
    def paper(self) -> np.ndarray | None:
        """The paper's colour (``paper_colour``), found once."""
        return paper_colour(self.region)

    @cached_property
    def dark(self) -> np.ndarray:
        """Where the ink is dark (``ink > strong``: what anchors a glyph), found once."""
        dark: np.ndarray = self.ink > self.strong
        return dark

    def binary(self, settings: IndexSettings, hysteresis: bool) -> np.ndarray:
        """The ink as 0/1: with ``hysteresis`` down to the weak threshold (a faint stroke is
        kept if it touches dark ink: the caller checks that), else dark ink only."""
        if hysteresis:
            weak = max(settings.min_weak_ink, settings.weak_share * self.strong)
        else:
            weak = self.strong
        binary: np.ndarray = (self.ink > weak).astype(np.uint8)
        return binary


def corner_ink(region: np.ndarray, settings: IndexSettings) -> CornerInk:
    """The region's ink on the card (0-1) and its strong-ink threshold."""
    ink = ink_map(region)
    ink8 = (ink * 255).astype(np.uint8)
    otsu, _ = cv2.threshold(ink8, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    strong = min(max(otsu / 255.0, settings.min_ink), settings.max_ink)
    # An index printed close to the card's edge touches the dark felt beyond it: cut the felt
    # away along the edges found in the region, so the glyph stands alone.
    ink[_outside_card(ink, strong, settings)] = 0.0
    return CornerInk(region, ink, strong)


def cut_gutter(binary: np.ndarray, settings: IndexSettings) -> None:
    """Clear (in place) the column of ``binary`` with the least ink between the index and
    what is printed beside it (a big pip, a picture, its frame), over the rows an index takes:
    an index touching them stands alone again, and they run off the region as before. Two
    columns are cleared, so no ink joins across diagonally."""
    width = binary.shape[1]
    scale = settings.scale * CANONICAL_WIDTH
    start = max(1, round((settings.gutter_from - settings.left) * scale))
    stop = min(width - 2, round((settings.gutter_to - settings.left) * scale))
    if stop <= start:
        return
    rows = round((settings.gutter_rows - settings.top) * CANONICAL_HEIGHT * settings.scale)
    counts = binary[:rows, start:stop].sum(axis=0, dtype=np.int32)
    column = start + int(np.argmin(counts))
    binary[:, column : column + 2] = 0


def cut_floor(binary: np.ndarray, settings: IndexSettings) -> None:
    """Clear (in place) the row of ``binary`` with the least ink between the index's suit and
    a picture printed just below it, over the index's columns: a suit run into the picture
    stands alone again. Two rows are cleared, so no ink joins across diagonally."""
    height = binary.shape[0]
    scale = settings.scale * CANONICAL_HEIGHT
    start = max(1, round((settings.floor_from - settings.top) * scale))
    stop = min(height - 2, round((settings.floor_to - settings.top) * scale))
    columns = round((settings.gutter_to - settings.left) * CANONICAL_WIDTH * settings.scale)
    if stop <= start or columns < 1:
        return
    counts = binary[start:stop, :columns].sum(axis=1, dtype=np.int32)
    row = start + int(np.argmin(counts))
    binary[row : row + 2, :columns] = 0


def merged_index_cuts(
    region: np.ndarray,
    settings: IndexSettings,
    *,
    hysteresis: bool = True,
    gutter: bool = False,
    prepared: CornerInk | None = None,
) -> list[CornerGlyphs]:
    """Every way to cut a rank run into its suit (one tall blob nearest the corner) across a
    row: the glyphs above as the rank, below as the suit. The classifier says which cut, if
    any, reads as an index (blur, a bold font or a tight design can leave no narrow row).
    ``gutter``: first cut the ink along the gutter beside the index (``cut_gutter``).
    ``prepared``: the region's ink (``corner_ink``), if already found."""
    if prepared is None:
        prepared = corner_ink(region, settings)
    ink = prepared.ink
    binary = prepared.binary(settings, hysteresis)
    if gutter:
        cut_gutter(binary, settings)
    count, labels, stats = prepared.components(binary, 0)
    card_height = CANONICAL_HEIGHT * settings.scale
    min_h = settings.min_glyph_height * card_height
    max_h = settings.max_glyph_height * card_height
    height, width = binary.shape
    tall = []
    for label in range(1, count):
        x, y, w, h, area = stats[label].tolist()
        if x == 0 or y == 0 or x + w >= width or y + h >= height:
            continue
        if area < settings.min_glyph_px * settings.scale**2 or w > max_h:
            continue
        if 1.6 * min_h <= h <= 2.2 * max_h and h >= 1.3 * w:
            tall.append((label, x, y, w, h))
    if not tall:
        return []
    label, x, y, w, h = min(tall, key=lambda c: c[2] + 0.5 * c[1])
    blob = labels[y : y + h, x : x + w] == label
    colour = ink_colour(region, ink, labels == label, prepared.paper)
    step = max(1, h // 24)
    # The blob's rows that hold ink, and its columns that do above each row and from it down:
    # each cut's two parts, without looking at them again for every row.
    inked_rows = blob.any(axis=1)
    above = np.logical_or.accumulate(blob, axis=0)  # row r: columns inked in rows 0 to r
    from_row = np.logical_or.accumulate(blob[::-1], axis=0)[::-1]  # ... in rows r to the last
    no_columns = np.zeros(w, bool)
    # Inside either part's box the blob is that part alone: one picture of the blob serves both.
    whole = np.zeros_like(labels)
    whole[y : y + h, x : x + w][blob] = 1
    cuts = []
    for row in range(int(0.3 * h), int(0.75 * h) + 1, step):
        parts = []
        for piece_rows, piece_columns in (
            (inked_rows[:row], above[row - 1] if row > 0 else no_columns),
            (inked_rows[row:], from_row[row] if row < h else no_columns),
        ):
            rows = np.nonzero(piece_rows)[0]
            cols = np.nonzero(piece_columns)[0]
            if len(rows) < 0.5 * min_h or len(cols) == 0:
                break
            parts.append((rows, cols))
        if len(parts) < 2:
            continue
        glyphs = []
        for offset, (rows, cols) in zip((0, row), parts, strict=True):
            box = (
                x + int(cols[0]),
                y + offset + int(rows[0]),
                int(cols[-1] - cols[0] + 1),
                int(rows[-1] - rows[0] + 1),
            )
            glyphs.append(Glyph(glyph_vector(ink, whole, [1], box, card_height), box))
        cuts.append(CornerGlyphs(glyphs[0], glyphs[1], region, colour=colour, ink=prepared))
    return cuts


def segment_corner(
    region: np.ndarray,
    settings: IndexSettings,
    *,
    with_others: bool = False,
    hysteresis: bool = True,
    split: int = 0,
    cut_spills: bool = False,
    waist: float = 0.15,
    gutter: bool = False,
    floor: bool = False,
    prepared: CornerInk | None = None,
) -> CornerGlyphs:
    """The rank and suit glyphs of a warped corner region.

    ``hysteresis`` lets faint strokes join a glyph (thin fonts, blur); without it only the dark
    ink counts, which keeps a glyph apart from a pip or a picture it nearly touches. ``split``
    parts ink joined by a thin neck (a suit printed against the big pip beside it; see
    ``_components``); ``cut_spills`` cuts ink running off the region's side at its narrowest
    column (a rank or suit printed against a pip); ``waist`` is how narrow the row must be
    where a rank run into its suit is cut (a share of the glyph's widest row); ``gutter`` cuts
    the ink along the emptiest column between the index and the pips or picture beside it
    (``cut_gutter``); ``floor`` the row between the index's suit and a picture below it
    (``cut_floor``). ``prepared``: the region's ink (``corner_ink``), if already found.
    """
    if prepared is None:
        prepared = corner_ink(region, settings)
    binary = prepared.binary(settings, hysteresis)
    if gutter:
        cut_gutter(binary, settings)
    if floor:
        cut_floor(binary, settings)
    # The same ink cut the same way again is what it was (``CornerInk``).
    raw = binary.tobytes()  # one copy of the cut ink, its hash kept, for every key below
    key = (raw, binary.shape, split, cut_spills, waist, with_others, settings)
    known = prepared._cuts.get(key) if region is prepared.region else None
    if known is not None:
        return CornerGlyphs(*known[:2], region, *known[2:], prepared)
    found = _segment_cut(
        region, settings, prepared, binary, split, cut_spills, waist, with_others, raw
    )
    if region is prepared.region:
        prepared._cuts[key] = (found.rank, found.suit, found.others, found.colour)
    return found


def _segment_cut(
    region: np.ndarray,
    settings: IndexSettings,
    prepared: CornerInk,
    binary: np.ndarray,
    split: int,
    cut_spills: bool,
    waist: float,
    with_others: bool,
    raw: bytes | None = None,
) -> CornerGlyphs:
    """``segment_corner`` from the ink cut as ``binary`` (0/1) on (``raw``: its bytes)."""
    ink, strong = prepared.ink, prepared.strong
    card_height = CANONICAL_HEIGHT * settings.scale
    min_h = settings.min_glyph_height * card_height
    labels, stats, count = prepared.waisted(binary, split, min_h, waist, raw)
    anchored = np.bincount(labels[prepared.dark], minlength=count) > 0
    height, width = binary.shape
    max_h = settings.max_glyph_height * card_height
    candidates = []
    spilled = []  # ink running off the right side only: perhaps a suit grown into its pip
    boxes: list[list[int]] = stats.tolist()
    for label in range(1, count):
        if not anchored[label]:
            continue
        x, y, w, h, area = boxes[label]
        if area < settings.min_glyph_px * settings.scale**2:
            continue
        if x > 0 and y > 0 and y + h < height and x + w >= width and h <= 1.5 * max_h:
            spilled.append((label, x, y, w, h))
        if x == 0 or y == 0 or x + w >= width or y + h >= height:
            continue  # felt, the card's outline, a picture: they run off the region
        if h > max_h or w > max_h:
            continue
        candidates.append((label, x, y, w, h))
    if spilled and cut_spills:
        labels = labels.copy()
        for piece in spilled:
            cut = _cut_spill(labels, piece, count, min_h)
            if cut is None:
                continue
            count += 1
            _, x, y, w, h = cut
            area = int(np.count_nonzero(labels[y : y + h, x : x + w] == cut[0]))
            strong_part = labels[y : y + h, x : x + w][ink[y : y + h, x : x + w] > strong]
            if (
                area >= settings.min_glyph_px * settings.scale**2
                and h <= max_h
                and w <= max_h
                and np.any(strong_part == cut[0])
            ):
                candidates.append(cut)
    if not candidates:
        return CornerGlyphs(None, None, region, ink=prepared)
    # The rank: nearest the corner, reading down first (a pip further right is not it).
    tall = [c for c in candidates if c[4] >= min_h]
    if not tall:
        return CornerGlyphs(None, None, region, ink=prepared)
    first = min(tall, key=lambda c: c[2] + 0.5 * c[1])
    members = [first]
    for other in candidates:
        if other is first:
            continue
        overlap = min(first[2] + first[4], other[2] + other[4]) - max(first[2], other[2])
        gap = max(other[1] - (first[1] + first[3]), first[1] - (other[1] + other[3]))
        if (
            overlap >= 0.6 * min(first[4], other[4])
            and gap <= 0.45 * first[4]
            and 0.6 <= other[4] / first[4] <= 1.6
        ):
            members.append(other)
    rx0 = min(m[1] for m in members)
    ry0 = min(m[2] for m in members)
    rx1 = max(m[1] + m[3] for m in members)
    ry1 = max(m[2] + m[4] for m in members)
    rank_box = (rx0, ry0, rx1 - rx0, ry1 - ry0)
    rank = Glyph(
        glyph_vector(ink, labels, [m[0] for m in members], rank_box, card_height), rank_box
    )
    # The suit: the nearest glyph below the rank, roughly in the same column.
    rank_height = ry1 - ry0
    center = (rx0 + rx1) / 2
    below = [
        c
        for c in candidates
        if c not in members
        and c[2] >= ry0 + 0.6 * rank_height
        and c[2] - ry1 <= 1.2 * rank_height
        and abs(c[1] + c[3] / 2 - center) <= 0.6 * rank_height + (rx1 - rx0) / 2
        and 0.3 * rank_height <= c[4] <= 1.6 * rank_height
    ]
    suit = None
    if not below and not cut_spills:
        # A suit printed against the big pip beside it runs off the region with it: cut it
        # off at its narrowest column and look again.
        for piece in spilled:
            labels = labels.copy()
            cut = _cut_spill(labels, piece, count, min_h)
            if cut is None:
                continue
            count += 1
            _, px, py, pw, ph = cut
            if (
                py >= ry0 + 0.6 * rank_height
                and py - ry1 <= 1.2 * rank_height
                and abs(px + pw / 2 - center) <= 0.6 * rank_height + (rx1 - rx0) / 2
                and 0.3 * rank_height <= ph <= 1.6 * rank_height
            ):
                below = [cut]
                break
    if below:
        chosen = min(below, key=lambda c: c[2])
        box = (chosen[1], chosen[2], chosen[3], chosen[4])
        suit = Glyph(glyph_vector(ink, labels, [chosen[0]], box, card_height), box)
    others: tuple[Glyph, ...] = ()
    if with_others:
        used = {m[0] for m in members} | ({chosen[0]} if below else set())
        others = tuple(
            Glyph(
                glyph_vector(ink, labels, [c[0]], (c[1], c[2], c[3], c[4]), card_height),
                (c[1], c[2], c[3], c[4]),
            )
            for c in tall
            if c[0] not in used
        )
    colour = None
    if suit is not None:  # the colour only matters for an index read whole
        x0, y0 = min(rx0, suit.box[0]), min(ry0, suit.box[1])
        x1 = max(rx1, suit.box[0] + suit.box[2])
        y1 = max(ry1, suit.box[1] + suit.box[3])
        window = labels[y0:y1, x0:x1]
        index_pixels = window == chosen[0]
        for member in members:
            index_pixels |= window == member[0]
        colour = ink_colour(region[y0:y1, x0:x1], ink[y0:y1, x0:x1], index_pixels, prepared.paper)
    return CornerGlyphs(rank, suit, region, others, colour, prepared)
