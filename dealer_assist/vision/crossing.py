"""A card's centre on another card: the edge of a card on top crossing it (issue 28, h-under26).

A card lying half under another is found whole now and then - its outline the card's size -
and read at the index corner left in the clear; the card on top, its edge running near the
lower card's centre, is missed. The detection's centre then lies on the card on top, or a few
pixels from it: to anyone matching it to the table (and to the counts of
``benchmarks/bench_camera_scenes.py``) the card on top was read as the one under it. Seen from
the read index corner, the lower card's paper is not unbroken to its centre: a straight edge
crosses the card from side to side between them.

The edge is looked for in the card warped upright (``geometry.canonical_to_image``): in the
weakest channel's edges (Canny), along straight lines about parallel to the card's long side or
its short side (up to ``tilt`` off), within ``reach`` of the centre; a line is an edge across
the card when edges lie along at least ``share`` of its length and in the plain paper of at
least one end (``band``: no index, frame or picture of the card's own is printed there), that
share stands out from the other lines of its slope (``stands_out``: on a dim or noisy card
Canny finds edges all over it) and the paper either side is alike (``alike``: a lamp's
shadow's edge is no card's).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import cv2
import numpy as np

from dealer_assist.vision.geometry import (
    CANONICAL_HEIGHT,
    CANONICAL_WIDTH,
    canonical_to_image,
    portrait_orders,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class CrossingSettings:
    """How an edge across a card is looked for (measured on the building designs' table
    scenes, docs/benchmarks.md, h-under26)."""

    # Edges along at least this share of the line across the card (0.7 until h-pip29: on fresh
    # building seeds tango/tableclose#10605004's 2H, a shape half over the 5H dealt on it, read
    # at the 2H's index with its centre on the 5H, the 5H's edge along 0.61 of its line).
    share: float = 0.6
    reach: float = 0.2  # lines looked for this near the centre (shares of the card's width)
    # An edge this far past the centre, seen from the read corner, counts too (0.06 caught a card
    # whose centre lay 0.04 past the edge, and cost 8 exact cards of the building check and the
    # joined style, half under another with their centre as near on their own paper: h-under26).
    beyond: float = 0.0
    band: float = 0.08  # each end's band of plain paper (share of the line's length)
    tilt: float = 0.18  # lines up to this slope off the card's sides (about 10 degrees) ...
    tilts: int = 11  # ... in this many steps
    low: int = 15  # Canny's thresholds on the weakest channel
    high: int = 45
    side: int = 8  # the paper either side is measured this far from the line (pixels) ...
    alike: float = 0.8  # ... and is a card's on both sides when this alike (a shadow's is not)
    stands_out: float = 0.4  # the line's share this much above the usual share of its slope


@dataclass(frozen=True, slots=True)
class Crossing:
    """A line across the card: ``along`` 0 about parallel to its long side, 1 to its short side;
    ``offset`` from the centre (shares of the card's width, towards the corner ``looks[1]``
    reads: right for ``along`` 0, down for 1, in the card upright as ``portrait_orders(quad)[0]``
    puts it); ``share`` of the line with edges; ``ends`` how many of its ends' bands have one."""

    along: int
    offset: float
    share: float
    ends: int
    alike: float = 1.0  # the darker side's paper level over the lighter's (strips beside it)
    usual: float = 0.0  # the median share of edges along the other lines of its slope


def crossings(
    frame: np.ndarray, quad: np.ndarray, settings: CrossingSettings, least_share: float = 0.0
) -> list[Crossing]:
    """For each direction and slope, the line within ``reach`` of the card's centre with the
    most edges along it; with ``least_share``, only the lines with edges along at least that
    share of them (the others' paper either side and ends are not measured)."""
    to_image = canonical_to_image(portrait_orders(np.asarray(quad, np.float64))[0])
    card = cv2.warpPerspective(
        frame,
        to_image,
        (CANONICAL_WIDTH, CANONICAL_HEIGHT),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    grey = card if card.ndim == 2 else cv2.min(cv2.min(card[:, :, 0], card[:, :, 1]), card[:, :, 2])
    grey = cv2.GaussianBlur(grey, (3, 3), 0)
    edges = (cv2.Canny(grey, settings.low, settings.high) > 0).astype(np.uint8)
    edges[:2] = 0
    edges[-2:] = 0
    edges[:, :2] = 0
    edges[:, -2:] = 0
    found: list[Crossing] = []
    levels = grey.astype(np.float32)
    for along, image, level in ((0, edges, levels), (1, np.ascontiguousarray(edges.T), levels.T)):
        length, across = image.shape
        near = cv2.dilate(image, np.ones((1, 3), np.uint8)) > 0  # a pixel either side
        # The lines' pixels as indices into ``near`` flattened, one more for off the card.
        flat_near = np.append(near.ravel(), False)
        band = max(3, int(settings.band * length))
        columns, xs, flat = _lines(length, across, settings.reach, settings.tilt, settings.tilts)
        if least_share > 0:
            # A line has one pixel a row: no more of its rows have edges than the rows with an
            # edge anywhere between the lines' outermost columns. Too few: no line has enough.
            low, high = _span(length, across, settings.reach, settings.tilt, settings.tilts)
            rows_with_edges = np.count_nonzero(near[2:-2, low : high + 1].any(axis=1))
            if rows_with_edges / (length - 4) < least_share:
                continue
        # Each line's share of rows 2 .. length - 3 with an edge pixel (``_edge_counts``: the
        # counts of ``flat_near[flat][:, :, 2:-2]``, whose mean this is to the last bit).
        shares = _edge_counts(near, settings) / (length - 4)
        best = np.argmax(shares, axis=1)  # each slope's line with the most edges along it
        slopes = np.arange(len(best))
        if least_share > 0:
            # Each slope's numbers below are its own (row by row): the slopes left out change
            # none of the others'.
            slopes = slopes[shares[slopes, best] >= least_share]
            if len(slopes) == 0:
                continue
            best = best[slopes]
        line = flat_near[flat[slopes, best]]
        ends = line[:, 2:band].any(axis=1).astype(int) + line[:, -band:-2].any(axis=1)
        rows = np.arange(length)[None, :]
        sides = [
            np.median(level[rows, np.clip(xs[slopes, best] + step, 0, across - 1)], axis=1)
            for step in (-settings.side, settings.side)
        ]
        usual = np.median(shares[slopes], axis=1)
        for n, (slope, k) in enumerate(zip(slopes.tolist(), best.tolist(), strict=True)):
            offset = float((columns[k] - across / 2) / CANONICAL_WIDTH)
            paper = (float(sides[0][n]), float(sides[1][n]))
            alike = min(paper) / max(max(paper), 1.0)
            found.append(
                Crossing(
                    along, offset, float(shares[slope, k]), int(ends[n]), alike, float(usual[n])
                )
            )
    return found


def _edge_counts(near: np.ndarray, settings: CrossingSettings) -> np.ndarray:
    """For each slope and line of ``_lines`` (``near``'s shape), how many of its rows 2 ..
    length - 3 have a pixel set in ``near`` there: the same counts as gathering every line's
    pixels, from ``near``'s running sums down its columns (``_line_runs``)."""
    length, across = near.shape
    runs = _line_runs(length, across, settings.reach, settings.tilt, settings.tilts)
    summed = cv2.integral(near.view(np.uint8))  # (length + 1) x (across + 1), int32
    # Each column's running sum down it (its rows above each row): the sums' differences.
    down = summed[:, 1:] - summed[:, :-1]
    if runs.pad:
        down = np.pad(down, ((0, 0), (runs.pad, runs.pad)))
    flat = down.ravel()
    # Each run's rows (one shift of the slope's lines) in each of its lines: ends less starts.
    along = (flat.take(runs.ends) - flat.take(runs.starts)).reshape(runs.shape)
    counts: np.ndarray = np.add.reduceat(along, runs.first, axis=0)
    if len(runs.lines):
        flat_near = np.append(near.ravel(), False)
        fixes = flat_near[runs.actual].astype(np.int32) - flat_near[runs.assumed]
        counts += (
            np.bincount(runs.lines, fixes, minlength=counts.size)
            .astype(np.int32)
            .reshape(counts.shape)
        )
    return counts


@dataclass(frozen=True, slots=True)
class _Runs:
    """``_lines``' lines as runs of rows over which each slope's lines keep one shift from their
    columns at the middle row (the shift most of its lines have in each row), and the few pixels
    where a line's own column is another (``lines``)."""

    pad: int  # columns added either side of the image (a shifted line may leave it)
    shape: tuple[int, int]  # runs, lines
    # Each run's lines' columns at its first row and past its last, as indices into the
    # columns' running sums ((length + 1) x (across + 2 pad), flattened).
    starts: np.ndarray
    ends: np.ndarray
    first: np.ndarray  # each slope's first run
    lines: np.ndarray  # the pixels where a line is not at its run's shift: their line,
    # ... the line's own pixel (index into the image flattened, one more for off the image)
    actual: np.ndarray
    assumed: np.ndarray  # ... and the pixel the run's shift would take (the same)


@functools.lru_cache(maxsize=16)
def _line_runs(length: int, across: int, reach: float, tilt: float, tilts: int) -> _Runs:
    """``_Runs`` of ``_lines``' lines over rows 2 .. length - 3 (made once for each size)."""
    columns, xs, _ = _lines(length, across, reach, tilt, tilts)
    rows = np.arange(2, length - 2)
    own = xs[:, :, rows]  # slope, line, row
    shifts = own - columns[None, :, None]
    base = np.empty((tilts, len(rows)), np.int64)
    for slope in range(tilts):
        for n in range(len(rows)):
            values, counts = np.unique(shifts[slope, :, n], return_counts=True)
            base[slope, n] = values[np.argmax(counts)]
    assumed = columns[None, :, None] + base[:, None, :]
    low = int(min(assumed.min(), own.min()))
    high = int(max(assumed.max(), own.max()))
    pad = max(0, -low, high - across + 1)
    width = across + 2 * pad
    starts: list[np.ndarray] = []
    ends: list[np.ndarray] = []
    first: list[int] = []
    for slope in range(tilts):
        first.append(len(starts))
        change = np.flatnonzero(np.diff(base[slope])) + 1
        for begin, end in zip([0, *change.tolist()], [*change.tolist(), len(rows)], strict=True):
            at = columns + int(base[slope, begin]) + pad
            starts.append(int(rows[begin]) * width + at)
            ends.append((int(rows[end - 1]) + 1) * width + at)
    slope_at, line_at, row_at = np.nonzero(own != assumed)
    actual = own[slope_at, line_at, row_at]
    guessed = assumed[slope_at, line_at, row_at]
    off = length * across  # a pixel off the image: ``_edge_counts``' sentinel (never set)
    runs = _Runs(
        pad=pad,
        shape=(len(starts), len(columns)),
        starts=np.concatenate(starts).astype(np.intp),
        ends=np.concatenate(ends).astype(np.intp),
        first=np.array(first, np.intp),
        lines=slope_at * len(columns) + line_at,
        actual=np.where((actual >= 0) & (actual < across), rows[row_at] * across + actual, off),
        assumed=np.where((guessed >= 0) & (guessed < across), rows[row_at] * across + guessed, off),
    )
    for array in (runs.starts, runs.ends, runs.first, runs.lines, runs.actual, runs.assumed):
        array.flags.writeable = False
    return runs


@functools.lru_cache(maxsize=16)
def _span(length: int, across: int, reach: float, tilt: float, tilts: int) -> tuple[int, int]:
    """The outermost columns ``_lines`` reach in the image (clipped to it)."""
    xs = _lines(length, across, reach, tilt, tilts)[1]
    return max(0, int(xs.min())), min(across - 1, int(xs.max()))


@functools.lru_cache(maxsize=16)
def _lines(
    length: int, across: int, reach: float, tilt: float, tilts: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The lines within ``reach`` of the centre of a ``length`` x ``across`` image, at each
    slope: their columns at the middle row; each line's column in every row (slope, line, row);
    its pixels as indices into the image flattened (``length * across`` where the line is off
    the image). The same for every card (the card warped upright is always the same size):
    made once."""
    rows = np.arange(length)
    centre = across / 2
    columns = np.arange(
        int(centre - reach * CANONICAL_WIDTH),
        int(centre + reach * CANONICAL_WIDTH) + 1,
    )
    xs = np.stack(
        [
            np.round(columns[:, None] + slope * (rows[None, :] - length / 2)).astype(int)
            for slope in np.linspace(-tilt, tilt, tilts)
        ]
    )
    inside = (xs >= 0) & (xs < across)
    flat = np.where(inside, rows[None, None, :] * across + xs, length * across)
    for array in (columns, xs, flat):
        array.flags.writeable = False
    return columns, xs, flat


def centre_cut_off(
    frame: np.ndarray, quad: np.ndarray, read: tuple[bool, bool], settings: CrossingSettings
) -> bool:
    """Whether a straight edge crosses the card ``quad`` between the index corner it was read
    at and its centre, or within ``beyond`` past the centre (``read``: whether the corner of
    ``looks[0]``, of ``looks[1]``, reads the card; neither: an edge within ``beyond`` of the
    centre either side counts). The card's centre then lies on another card, or about."""
    for crossing in crossings(frame, quad, settings, least_share=settings.share):
        if not _an_edge(crossing, settings):
            continue
        if read[0] and not read[1]:
            cut = crossing.offset <= settings.beyond  # corner 0 lies before the centre
        elif read[1] and not read[0]:
            cut = crossing.offset >= -settings.beyond
        else:
            cut = abs(crossing.offset) <= settings.beyond
        if cut:
            return True
    return False


def edge_across(frame: np.ndarray, quad: np.ndarray, settings: CrossingSettings) -> bool:
    """Whether a straight edge crosses the shape ``quad`` anywhere within ``reach`` of its centre,
    either way (the edge of a card, or of the cloth, inside a shape taken for one card)."""
    return any(
        _an_edge(crossing, settings)
        for crossing in crossings(frame, quad, settings, least_share=settings.share)
    )


def _an_edge(crossing: Crossing, settings: CrossingSettings) -> bool:
    """Whether a line across the card is an edge by ``settings``' tests: edges along ``share`` of
    it, in the plain paper of an end, standing out from its slope's other lines, the paper either
    side ``alike``."""
    return not (
        crossing.share < settings.share
        or crossing.ends < 1
        or crossing.alike < settings.alike
        or crossing.share - crossing.usual < settings.stands_out
    )
