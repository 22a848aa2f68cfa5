"""Card shapes laid again on an outline that does not fit its card (issue 28, h-half12).

Of the building check's shapes no index was read in, most are a card's shape in the wrong
place, not a card that shows no index: the finder proposes a card of the known size from
each right-angled corner of a blob's outline, upright or sideways, and sometimes keeps the
wrong one of the two (a card laid sideways over the card's top or bottom, one of its corners
on the card's corner), or a card's half (a card size too small, a blob cut across). Each of
those shares a corner and that corner's two sides with the card. So the card is one of the
shapes of the finding's card size laid from a corner of the shape along its two sides, in
either orientation (``candidates``): the reader says which, if any (``CardDetector._refit``).

Pure geometry in the work view, where the finding's cards are rectangles of its card size.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from dealer_assist.vision.geometry import (
    centre_of,
    following,
    line_crossing,
    polygon_iou,
    signed_area,
    unit,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class RefitSettings:
    """Named thresholds of the repair (chosen on building scenes, scripts/vision_outlines.py)."""

    # A shape laid again is new when its IoU with the shape it replaces is under this.
    same_shape: float = 0.9
    # It may overlap another card reported by at most this share of the smaller's area (a card
    # dealt over another covers at most half of it).
    max_overlap: float = 0.5
    # At most this many shapes a frame are laid again, those no index is read in first (each
    # costs a few reads of two corners).
    max_shapes: int = 8
    # Shapes read unsurely too (after the unread ones), taken only as their own best guess.
    unsure: bool = True
    # ... also in a frame with no unread shape (otherwise a frame is repaired only when some
    # shape read no index, its uncertain cards laid again only then; issue 28, h-outline31).
    # On since h-outline32, with ``corroborated``: h-outline31 shipped it off because it read
    # the test suite's drawn queen of clubs (tests/vision/test_black_suits.py, drawn-0 9150910)
    # surely as its candidate, the QD (docs/benchmarks.md).
    unsure_alone: bool = True
    # A shape read unsurely is replaced only when what its first reading saw bears the card
    # read again out (``pipeline._refit_corroborated``): no whole glyph look of either reading
    # measured ink its suit is never printed in, and a first reading the glyph reader disputed
    # needs the glyph reader to read the card at the new outline. Off (False): the card read
    # surely at the new outline is taken as it is (h-outline31: the corner network alone read a
    # drawn black queen of clubs, uncertain for its ink, as the QD surely; issue 28, h-outline32).
    corroborated: bool = True
    # A shape read unsurely is laid again at the finding's card size times each of these too
    # (its outline too small, one corner right: the card size a tenth or more under the card's
    # in the frame; issue 28, h-outline32). Empty: at the finding's card size only.
    unsure_scales: tuple[float, ...] = ()
    # In a frame with no shape no index was read in (the shapes read unsurely laid again alone,
    # ``unsure_alone``), each is laid again only upright from each of its corners (``candidates``
    # with ``upright``): not sideways, not twice as long (those are for shapes no index was read
    # in: a card laid sideways over the card, a card's half; issue 28, h-speed33). On the
    # building check, 30 dim seeds and fresh seeds 11,050,000 it decided every shape as all the
    # outlines did, reading about a third of them. False: every outline, as h-outline32 laid.
    unsure_upright: bool = True
    # ... and in a frame with a shape no index was read in too (``unsure_upright`` on): the
    # uncertain cards there laid again only upright from each corner, the unread shapes still
    # at every outline (issue 28, h-upright33: judged shape by shape, both ways in one run, on
    # the building check, 30 dim seeds, fresh seeds 11,075,000 and 11,080,000, no shape decided
    # otherwise).
    # False: every outline there, as h-speed33 laid.
    unsure_upright_unread: bool = True
    # Each side of a shape laid again is moved onto the grey picture's edge (paper inside,
    # brighter than what is outside) found within this share of the shape's shorter side, when
    # at least ``min_edge_points`` of its ``edge_samples`` find one ``min_step`` levels high;
    # ``snap_passes`` times (a side moved turns the sides beside it).
    snap_reach: float = 0.2
    snap_passes: int = 1
    edge_samples: int = 16
    min_edge_points: float = 0.5
    min_step: float = 10.0
    # A shape is also laid again twice as long across each pair of its sides, where that is a
    # card's proportions (long over short; a card's half through a card size that does not fit
    # the card: a lens, a plane a little off).
    card_ratio: tuple[float, float] = (1.15, 1.8)
    # A shape read unsurely is also laid again from each corner as long as the paper goes along
    # its two sides (``measured``; issue 28, h-outline38: an outline too small or turned about
    # one right corner in a noisy or dim view): from ``measure_span`` of each side's length, the
    # paper ending where the picture stays dark for ``measure_run`` of it. False: not laid so.
    unsure_measured: bool = True
    measure_span: tuple[float, float] = (0.5, 1.7)
    measure_run: float = 0.12
    # ... each side ending at the first dark seam between two papers or the paper's edge
    # (``measure_seam``; issue 28, h-seam39: a side measured into a touching card's paper ran
    # on, or found no length): where at least ``seam_lines`` of the seven lines measured fall
    # ``seam_step`` levels under the shape's paper within ``seam_spread`` of the side.
    measure_seam: bool = False
    seam_step: float = 15.0
    seam_spread: float = 0.08
    seam_lines: int = 5
    edge_run: float = 0.3
    # ... laid only from the corners where the first reading's corner network saw an index
    # (``index_corners``; h-seam39: the index is at the card's corner, so its outline starts
    # there; no such corner: from each). False: from each of the shape's corners.
    measured_index: bool = False
    # ... and those outlines may read a card other than the shape's best guess (every outline
    # read surely still one card, borne out by the first reading as every refit is): a first
    # reading at an outline off is often of the next card's pips (h-outline38). Off: on the
    # building check it read one card more and none wrong, but reading another card than the
    # first reading's is what the outline search refuses (a held-out queen read as a ten;
    # tests/vision/test_searched_look.py), and no held-out run says it is safe.
    measured_other: bool = False
    # ... and so may every outline a shape read unsurely is laid at (its upright outlines from
    # each corner too; h-outline38: two cards more on the building check, none wrong). Off, as
    # ``measured_other``.
    unsure_other: bool = False


def candidates(
    quad: np.ndarray,
    card_px: tuple[float, float],
    settings: RefitSettings,
    *,
    upright: bool = False,
) -> list[np.ndarray]:
    """Shapes of the card size ``card_px`` (work pixels) laid from each corner of ``quad``
    (work pixels, four corners in order) along its two sides, upright and sideways; those the
    same as ``quad`` or as one before are left out. In the order of ``quad``'s corners. With
    ``upright``, only upright: the card's longer side along ``quad``'s longer side at that
    corner (``RefitSettings.unsure_upright``)."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    width, height = card_px
    result: list[np.ndarray] = []
    for n in range(4):
        corner = quad[n]
        along = quad[(n + 1) % 4] - corner
        back = quad[(n - 1) % 4] - corner
        if np.hypot(*along) < 1e-6 or np.hypot(*back) < 1e-6:
            continue
        u = along / np.hypot(*along)
        v = back - (back @ u) * u
        if np.hypot(*v) < 1e-6:
            continue
        v = v / np.hypot(*v)
        turns: tuple[tuple[float, float], ...] = ((width, height), (height, width))
        if upright:
            # The card's sides ordered as the shape's two sides at this corner are.
            longer_along = float(np.hypot(*along)) > float(np.hypot(*back))
            turns = tuple(t for t in turns if (t[0] > t[1]) == longer_along)[:1] or turns[:1]
        for first, second in turns:
            shape = np.array(
                [corner, corner + first * u, corner + first * u + second * v, corner + second * v]
            )
            if polygon_iou(shape, quad) >= settings.same_shape:
                continue
            if any(polygon_iou(shape, other) >= settings.same_shape for other in result):
                continue
            # The same turning as ``quad`` (clockwise on screen), whichever side ``v`` is on.
            if np.sign(signed_area(shape)) != np.sign(signed_area(quad)):
                shape = shape[::-1].copy()
            result.append(shape)
    return result


def from_index_corner(
    quad: np.ndarray, corner: int, card_px: tuple[float, float]
) -> list[np.ndarray]:
    """Shapes of the card size ``card_px`` (width, length) laid from corner ``corner`` of
    ``quad`` (four corners in order, one plane where cards are rectangles) along its two sides
    there: the card's width along the side to the next corner and its length along the side
    from the one before, then turned (length first); each turning as ``quad`` does. An
    uncertain card's outline laid off the card (too short, too long, across it) keeps the
    corner whose index the corner network reads and that corner's two sides: the card of the
    frame's size lies from there (issue 28, h-relay42, ``CardDetector._relaid_off``)."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    at = quad[corner]
    along = quad[(corner + 1) % 4] - at
    back = quad[(corner - 1) % 4] - at
    if np.hypot(*along) < 1e-6 or np.hypot(*back) < 1e-6:
        return []
    u = along / np.hypot(*along)
    v = back - (back @ u) * u
    if np.hypot(*v) < 1e-6:
        return []
    v = v / np.hypot(*v)
    width, length = card_px
    result = []
    for first, second in ((width, length), (length, width)):
        shape = np.array([at, at + first * u, at + first * u + second * v, at + second * v])
        if np.sign(signed_area(shape)) != np.sign(signed_area(quad)):
            shape = shape[::-1].copy()
        result.append(shape)
    return result


def hand_middle(
    a: np.ndarray,
    b: np.ndarray,
    sides: tuple[float, float],
    *,
    spacing: tuple[float, float],
    offset: float,
    turn_deg: float,
    size_off: float,
) -> list[np.ndarray]:
    """The card between two cards ``a`` and ``b`` of one hand (four corners each, frame
    pixels), or None: a hand dealt overlapping lays its cards a step (about a card's width, less
    the overlap) apart along their short sides, each card over the one before, so that the
    middle card of three lies midway between the two at its ends, turned as they are (issue 28,
    h-merged43: the middle card, no corner of it on the blob's outline, is never proposed by the
    finder). Laid as each corner of ``a`` averaged with ``b``'s nearest once both are centred
    (a tilted view's perspective kept), when both are of the card size ``sides`` (short, long;
    the sure cards' median) within ``size_off`` of it, turned alike within ``turn_deg``, their
    centres ``spacing`` (low, high) short sides apart along their short sides and at most
    ``offset`` long sides across; and laid as a rectangle of the size ``sides`` at their
    centres' midpoint, turned as they are on average, when that differs (IoU under 0.9).
    A hand's third card may be dealt sideways (turned a quarter, within ``turn_deg``): the
    middle card then lies a step from the upright one (``_beside_sideways``). Empty: no card
    between them."""
    a = np.asarray(a, np.float64).reshape(4, 2)
    b = np.asarray(b, np.float64).reshape(4, 2)
    short, long = sides
    axes = []
    for quad in (a, b):
        edges = following(quad) - quad
        lengths = np.hypot(*edges.T)
        first = (lengths[0] + lengths[2]) / 2
        second = (lengths[1] + lengths[3]) / 2
        width, length = sorted((first, second))
        if abs(width / short - 1) > size_off or abs(length / long - 1) > size_off:
            return []
        along = edges[1] if second > first else edges[0]  # the long side's direction
        axes.append(along / np.hypot(*along))
    turn = math.degrees(math.acos(min(1.0, abs(float(axes[0] @ axes[1])))))
    if turn > 90 - turn_deg:
        return _beside_sideways(a, b, axes, sides, spacing=spacing, offset=offset)
    if turn > turn_deg:
        return []
    down = axes[0] if float(axes[0] @ axes[1]) >= 0 else -axes[0]
    down = down + axes[1]
    down = down / np.hypot(*down)
    across = np.array([-down[1], down[0]])
    centre_a, centre_b = centre_of(a), centre_of(b)
    step = centre_b - centre_a
    if not spacing[0] <= abs(float(step @ across)) / short <= spacing[1]:
        return []
    if abs(float(step @ down)) / long > offset:
        return []
    result = []
    moved = b - centre_b + centre_a
    nearest = [int(np.argmin(np.hypot(*(moved - corner).T))) for corner in a]
    if sorted(nearest) == [0, 1, 2, 3]:
        middle: np.ndarray = (a + b[nearest]) / 2
        if np.sign(signed_area(middle)) == np.sign(signed_area(a)):
            result.append(middle)
    # The sure cards' own outlines may be a little off (one laid over part of the middle card):
    # the card size they show, laid at their centres' midpoint, turned as they are.
    shape = _laid_at((centre_a + centre_b) / 2, across, down, sides, a)
    if not result or polygon_iou(shape, result[0]) < 0.9:
        result.append(shape)
    return result


def _laid_at(
    centre: np.ndarray,
    across: np.ndarray,
    down: np.ndarray,
    sides: tuple[float, float],
    like: np.ndarray,
) -> np.ndarray:
    """A card of the size ``sides`` (short, long) at ``centre``, its short sides along
    ``across`` and its long sides along ``down`` (unit vectors), its corners turning as
    ``like``'s do (``hand_middle``)."""
    half_across, half_down = across * sides[0] / 2, down * sides[1] / 2
    shape = np.array(
        [
            centre - half_across - half_down,
            centre + half_across - half_down,
            centre + half_across + half_down,
            centre - half_across + half_down,
        ]
    )
    if np.sign(signed_area(shape)) != np.sign(signed_area(like)):
        shape = shape[::-1].copy()
    return shape


def _beside_sideways(
    a: np.ndarray,
    b: np.ndarray,
    axes: list[np.ndarray],
    sides: tuple[float, float],
    *,
    spacing: tuple[float, float],
    offset: float,
) -> list[np.ndarray]:
    """``hand_middle``'s card when one of the two is turned a quarter: a hand's third card dealt
    sideways lies a step on from the middle card and half a card's length less its width
    further (``lens_scenes._deal``), so the middle card lies a step from the upright one,
    turned as it is (its outline moved there, and the size ``sides`` laid there)."""
    short, long = sides
    for upright, sideways, down in ((a, b, axes[0]), (b, a, axes[1])):
        across = np.array([-down[1], down[0]])
        step = centre_of(sideways) - centre_of(upright)
        if abs(float(step @ across)) < 1e-6:
            continue
        # The sideways card's long side lies along the hand (across the upright card).
        edges = following(sideways) - sideways
        longest = edges[int(np.argmax(np.hypot(*edges.T)))]
        if abs(float(longest @ across)) < abs(float(longest @ down)):
            continue
        along = float(step @ across)
        one = (abs(along) - (long - short) / 2) / 2
        if not spacing[0] / 2 <= one / short <= spacing[1] / 2:
            continue
        if abs(float(step @ down)) / long > offset:
            continue
        shift = across * np.sign(along) * one + down * float(step @ down) / 2
        shape = _laid_at(centre_of(upright) + shift, across, down, sides, upright)
        moved: np.ndarray = upright + shift
        return [moved, shape] if polygon_iou(moved, shape) < 0.9 else [moved]
    return []


def doubled(quad: np.ndarray, settings: RefitSettings) -> list[np.ndarray]:
    """``quad`` (a card's half: a card cut across its middle is a card's shape too, 63 x 44 mm)
    laid twice as long across each pair of its sides, from each side; those of a card's
    proportions (``card_ratio``) kept."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    result = []
    for n in range(4):
        # Side n stays; the two sides beside it are made twice as long, away from it.
        a, b = quad[n], quad[(n + 1) % 4]
        c, d = quad[(n + 2) % 4], quad[(n + 3) % 4]
        shape = np.array([a, b, b + 2 * (c - b), a + 2 * (d - a)])
        sides = np.hypot(*(following(shape) - shape).T)
        short, long = sorted(((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
        low, high = settings.card_ratio
        if short > 0 and low <= long / short <= high:
            result.append(shape)
    return result


def snapped(
    gray: np.ndarray, quad: np.ndarray, settings: RefitSettings
) -> tuple[np.ndarray, float]:
    """``_snapped_once``, ``snap_passes`` times; the share of edges found on the last."""
    share = 0.0
    for _ in range(settings.snap_passes):
        quad, share = _snapped_once(gray, quad, settings)
    return quad, share


# Each corner's next one round an outline (``_snapped_once``).
_NEXT_CORNER = [1, 2, 3, 0]


def _snapped_once(
    gray: np.ndarray, quad: np.ndarray, settings: RefitSettings
) -> tuple[np.ndarray, float]:
    """``quad`` (frame pixels) with each side moved onto the grey picture's edge nearby (paper
    inside brighter than outside), fitted to the points found; a side that finds too few keeps
    its place. And the share of the sides' samples that found an edge (how well the shape
    lies on a card's edges)."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    centre = centre_of(quad)
    sides = np.hypot(*(following(quad) - quad).T)
    reach = settings.snap_reach * float(min(sides))
    steps = np.arange(-reach, reach + 1.0, 1.0)
    # The four sides sampled at once (the same numbers as side by side: elementwise, and one
    # ``cv2.remap`` of the four sides' points reads each point as its own remap did).
    ends = quad[_NEXT_CORNER]
    spans = ends - quad
    directions = spans / np.maximum(np.hypot(spans[:, 0], spans[:, 1]), 1e-9)[:, None]
    normals = np.stack([-directions[:, 1], directions[:, 0]], axis=1)
    for n in range(4):
        if normals[n] @ (centre - quad[n]) > 0:
            normals[n] = -normals[n]  # outwards
    ts = (np.arange(settings.edge_samples) + 0.5) / settings.edge_samples * 0.8 + 0.1
    starts = quad[:, None, :] + ts[None, :, None] * spans[:, None, :]
    points = starts[:, :, None, :] + steps[None, None, :, None] * normals[:, None, None, :]
    samples = len(ts)
    values = (
        cv2.remap(
            gray,
            points[..., 0].reshape(4 * samples, -1).astype(np.float32),
            points[..., 1].reshape(4 * samples, -1).astype(np.float32),
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REPLICATE,
        )
        .astype(np.float64)
        .reshape(4, samples, -1)
    )
    # Paper inside, darker outside: the grey level falls going outwards over two pixels.
    falls = values[:, :, :-2] - values[:, :, 2:]
    bests = falls.argmax(axis=2)
    strongs = np.take_along_axis(falls, bests[:, :, None], axis=2)[:, :, 0] >= settings.min_step
    lines = []
    found_share = 0.0
    for n in range(4):
        strong = strongs[n]
        found_share += float(strong.mean()) / 4
        if strong.sum() < settings.min_edge_points * settings.edge_samples:
            lines.append((quad[n], directions[n]))
            continue
        offsets = steps[bests[n] + 1][strong]
        found = starts[n][strong] + offsets[:, None] * normals[n][None, :]
        vx, vy, x0, y0 = cv2.fitLine(found.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01)
        lines.append(
            (np.array([float(x0[0]), float(y0[0])]), np.array([float(vx[0]), float(vy[0])]))
        )
    result = lines_quad(lines)
    if result is None:
        return quad, 0.0
    if np.abs(result - quad).max() > 2 * reach:
        return quad, 0.0  # the sides met far off: not this card's edges
    return result, found_share


def overlap_share(a: np.ndarray, b: np.ndarray) -> float:
    """The area two convex shapes share, over the smaller's area."""
    pa = np.asarray(a, np.float32).reshape(-1, 2)
    pb = np.asarray(b, np.float32).reshape(-1, 2)
    shared, _ = cv2.intersectConvexConvex(pa, pb)
    smaller = min(abs(signed_area(pa.astype(np.float64))), abs(signed_area(pb.astype(np.float64))))
    return float(shared / smaller) if smaller > 0 else 0.0


def centre_inside(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether the centre of shape ``a`` lies inside shape ``b``."""
    centre = np.asarray(a, np.float64).reshape(-1, 2).mean(axis=0)
    polygon = np.asarray(b, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(polygon, (float(centre[0]), float(centre[1])), False) > 0


def measured(
    gray: np.ndarray,
    quad: np.ndarray,
    settings: RefitSettings,
    *,
    corners: Sequence[int] | None = None,
) -> list[np.ndarray]:
    """``quad`` (frame pixels) laid again from each of its corners along its two sides, each
    side as long as the paper goes along it (issue 28, h-outline38): an outline too small or
    turned about one right corner (a card size a tenth under the card's, a card's far corner on
    its own pips) ends where the card's paper ends. Along each side, from the corner, lines
    inside the shape are read outwards; each ends where the grey picture stays under the level
    halfway between the shape's paper and the darkest beyond it for ``measure_run`` of the
    side's length; the median of the lines is the side's length, between ``measure_span`` of
    it; with ``measure_seam``, no further than the first dark seam between two papers
    (``_seam``). Those of a card's proportions (``card_ratio``), not the same as ``quad``,
    kept. ``corners``: only from these corners of ``quad`` (its index corners)."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    result: list[np.ndarray] = []
    for n in range(4) if corners is None else corners:
        corner = quad[n]
        along = quad[(n + 1) % 4] - corner
        back = quad[(n - 1) % 4] - corner
        a, b = float(np.hypot(*along)), float(np.hypot(*back))
        if a < 8 or b < 8:
            continue
        u, v = along / a, back / b
        first = _paper_length(gray, corner, u, v, a, b, settings)
        second = _paper_length(gray, corner, v, u, b, a, settings)
        if first is None and second is None:
            continue
        first, second = first or a, second or b
        short, long = sorted((first, second))
        low, high = settings.card_ratio
        if not low <= long / short <= high:
            continue
        shape = np.array(
            [corner, corner + first * u, corner + first * u + second * v, corner + second * v]
        )
        if polygon_iou(shape, quad) >= settings.same_shape or any(
            polygon_iou(shape, other) >= settings.same_shape for other in result
        ):
            continue
        result.append(shape)
    return result


def _paper_length(
    gray: np.ndarray,
    corner: np.ndarray,
    u: np.ndarray,
    v: np.ndarray,
    a: float,
    b: float,
    settings: RefitSettings,
) -> float | None:
    """How far the paper goes from ``corner`` along ``u`` (the side ``a`` long; ``v`` the other
    side at the corner, ``b`` long), or None (``measured``)."""
    low, high = settings.measure_span
    s = np.arange(low * a, high * a, 1.0)
    t = np.linspace(0.2, 0.8, 7) * b
    points = corner[None, None, :] + t[:, None, None] * v + s[None, :, None] * u
    values = cv2.remap(
        gray,
        points[..., 0].astype(np.float32),
        points[..., 1].astype(np.float32),
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    ).astype(np.float64)
    inside = values[:, s < 0.9 * a]
    if inside.size == 0:
        return None
    paper = float(np.percentile(inside, 75))
    beyond = values[:, s > 0.9 * a]
    if beyond.size == 0:
        return None
    dark = float(np.percentile(beyond, 10))
    if settings.measure_seam:
        # ... to the first seam or edge at one place across the lines (issue 28, h-seam39).
        return _seam(values, s, paper, a, settings)
    if paper - dark < settings.min_step:
        return None
    return _dark_run(values, s, paper, dark, a, settings)


def _dark_run(
    values: np.ndarray,
    s: np.ndarray,
    paper: float,
    dark: float,
    a: float,
    settings: RefitSettings,
) -> float | None:
    """Where the lines ``values`` (read at ``s`` along a side ``a`` long) stay under the level
    halfway between ``paper`` and ``dark`` for ``measure_run`` of the side: their median, or
    None when under four lines do (``_paper_length``)."""
    level = (paper + dark) / 2
    run = max(3, round(settings.measure_run * a))
    below = values < level
    # Where a run of ``run`` samples under the level starts: the paper's end on that line.
    window = np.asarray(
        np.lib.stride_tricks.sliding_window_view(below, run, axis=1).all(axis=2), bool
    )
    found = window.any(axis=1)
    if int(found.sum()) < 4:
        return None
    ends = s[window.argmax(axis=1)[found]]
    return float(np.median(ends))


def _seam(
    values: np.ndarray, s: np.ndarray, paper: float, a: float, settings: RefitSettings
) -> float | None:
    """Where the paper first ends at one place across the lines ``values`` (read at ``s`` along
    a side ``a`` long, from the shape's corner; ``paper`` its paper's level), or None: where at
    least ``seam_lines`` of the lines fall ``seam_step`` under the paper within ``seam_spread``
    of the side of one another. A dark seam between two papers (a touching card's paper beyond
    it) and the card's edge onto the felt both cross every line at one place; a pip only the
    lines it lies on, a ten's rows of pips not at one place. Issue 28, h-seam39."""
    low = values < paper - settings.seam_step
    falls = low[:, 1:] & ~low[:, :-1]
    lines, at = np.nonzero(falls)
    order = np.argsort(at, kind="stable")
    lines, places = lines[order], s[at[order] + 1]
    spread = settings.seam_spread * a
    for start in places:
        near = (places >= start) & (places <= start + spread)
        if len(set(lines[near].tolist())) >= settings.seam_lines:
            return float(np.median(places[near]))
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class LineFit:
    """Named thresholds of ``line_fitted`` (issue 28, h-outline45)."""

    # Each side's straight edges are looked for this share of the outline's shorter side in
    # and out of it (an outline a tenth to a third too small, or turned about one right corner).
    reach: float = 0.4
    # ... in steps of this many pixels, the line turned at most this much (its two ends moved
    # apart by at most this share of the side's length).
    step: float = 0.5
    turn: float = 0.15
    # The side sampled at this many points between ``ends`` of it.
    samples: int = 32
    ends: tuple[float, float] = (0.05, 0.95)
    # A point's fall (paper inside brighter than outside, over two pixels) counts up to this
    # many grey levels (a chip's or a pip's dark edge counts no more than the felt's).
    cap: float = 30.0
    # A line is an edge when its points fall this much on average; each side keeps this many
    # edges (each ``apart`` pixels from a stronger one) to choose among.
    least: float = 8.0
    kept: int = 3
    apart: float = 3.0


def side_lines(
    gray: np.ndarray, quad: np.ndarray, fit: LineFit
) -> list[list[tuple[float, np.ndarray, np.ndarray]]]:
    """For each side of ``quad`` (frame pixels, corner n to n + 1), the straightest strong edges
    near it in the grey picture ``gray``: up to ``fit.kept`` lines (mean fall, a point on it,
    its direction), the strongest first; the side's own place when none is strong. A straight
    edge along the whole side (a card's edge onto the felt, the seam to a touching card) is
    found as one line; a pip's or an index's edges, short, fall on few of its points
    (``refit.snapped`` moves each point onto its own strongest edge, which a pip pulls inwards)."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    centre = centre_of(quad)
    sides = np.hypot(*(following(quad) - quad).T)
    reach = fit.reach * float(min(sides))
    offsets = np.arange(-reach, reach + fit.step / 2, fit.step)
    ts = np.linspace(fit.ends[0], fit.ends[1], fit.samples)
    result: list[list[tuple[float, np.ndarray, np.ndarray]]] = []
    for n in range(4):
        a, b = quad[n], quad[(n + 1) % 4]
        span = b - a
        length = float(np.hypot(*span))
        if length < 1e-6:
            result.append([(0.0, a, np.array([1.0, 0.0]))])
            continue
        u = span / length
        normal = np.array([-u[1], u[0]])
        if normal @ (centre - a) > 0:
            normal = -normal  # outwards
        points = a + ts[:, None, None] * span + offsets[None, :, None] * normal
        inside = points - normal
        outside = points + normal
        both = np.concatenate([inside, outside], axis=0).astype(np.float32)
        values = cv2.remap(
            gray, both[..., 0], both[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        ).astype(np.float64)
        falls = np.clip(values[: len(ts)] - values[len(ts) :], 0.0, fit.cap)
        # Every line through two offsets at the side's ends, turned at most ``turn``.
        most = int(fit.turn * length / fit.step)
        first, last, at = _side_line_pixels(len(offsets), most, fit.samples, fit.ends)
        scores = falls.ravel().take(at).mean(axis=1)
        # The lines strong enough to be kept, strongest first (ties in order): the loop below
        # stops at the first line under ``least``, so the weaker ones are never looked at.
        strong = np.flatnonzero(scores >= fit.least)
        order = strong[np.argsort(-scores[strong], kind="stable")]
        chosen: list[tuple[float, np.ndarray, np.ndarray]] = []
        taken: list[tuple[float, float]] = []
        for k in order:
            score = float(scores[k])
            if score < fit.least or len(chosen) >= fit.kept:
                break
            d0, d1 = float(offsets[first[k]]), float(offsets[last[k]])
            if any(abs(d0 - e0) < fit.apart and abs(d1 - e1) < fit.apart for e0, e1 in taken):
                continue
            taken.append((d0, d1))
            start = a + d0 * normal
            end = b + d1 * normal
            direction = unit(end - start)
            chosen.append((score, start, direction))
        result.append(chosen or [(0.0, a, u)])
    return result


@functools.lru_cache(maxsize=64)
def _side_line_pixels(
    count: int, most: int, samples: int, ends: tuple[float, float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``side_lines``' lines across ``count`` offsets turned at most ``most`` of them: each
    line's offset at the side's first and last end, and its offset at each of the ``samples``
    points as an index into the falls (points x offsets) flattened. The same for every side
    of these numbers: made once."""
    ts = np.linspace(ends[0], ends[1], samples)
    first, last = np.meshgrid(np.arange(count), np.arange(count), indexing="ij")
    keep = np.abs(first - last) <= most
    first, last = first[keep], last[keep]
    at = np.rint(first[:, None] + ts[None, :] * (last - first)[:, None]).astype(np.int64)
    flat = at + np.arange(samples)[None, :] * count
    for array in (first, last, flat):
        array.flags.writeable = False
    return first, last, flat


def lines_quad(lines: Sequence[tuple[np.ndarray, np.ndarray]]) -> np.ndarray | None:
    """The quad whose corner n is where side n - 1's line meets side n's (each a point and a
    direction), or None when two sides beside each other are parallel. The four solved at once:
    the same LAPACK solve and determinant of each 2 x 2 system as one by one."""
    origins = np.array([p for p, _ in lines])
    units = np.array([u for _, u in lines])
    before = [3, 0, 1, 2]
    matrices = np.stack([units[before], -units], axis=2)
    if (np.abs(np.linalg.det(matrices)) < 1e-6).any():
        return None
    t = np.linalg.solve(matrices, (origins - origins[before])[:, :, None])[:, :, 0]
    return np.asarray(origins[before] + t[:, :1] * units[before], np.float64)


def lines_quads(
    many: Sequence[Sequence[tuple[np.ndarray, np.ndarray]]],
) -> list[np.ndarray | None]:
    """``lines_quad`` of each of ``many`` sets of four lines, all solved at once: each 2 x 2
    system's determinant and solve are LAPACK's for that matrix alone, as one by one (the
    sets with two parallel sides beside each other, None, are not solved)."""
    if not many:
        return []
    origins = np.array([[p for p, _ in lines] for lines in many], np.float64)
    units = np.array([[u for _, u in lines] for lines in many], np.float64)
    before = [3, 0, 1, 2]
    matrices = np.stack([units[:, before], -units], axis=3)
    solvable = ~(np.abs(np.linalg.det(matrices)) < 1e-6).any(axis=1)
    result: list[np.ndarray | None] = [None] * len(many)
    if not solvable.any():
        return result
    at = origins[solvable][:, before]
    rhs = (origins[solvable] - at)[:, :, :, None]
    t = np.linalg.solve(matrices[solvable], rhs)[:, :, :, 0]
    corners = at + t[:, :, :1] * units[solvable][:, before]
    for k, quad in zip(np.flatnonzero(solvable).tolist(), corners, strict=True):
        result[k] = quad
    return result


def bare_piece_cards(
    piece: np.ndarray,
    sides: tuple[float, float],
    *,
    size_off: float,
    least: float,
    most: float,
) -> list[np.ndarray]:
    """Cards of the size ``sides`` (short, long; frame pixels) that a piece of card paper no
    card reported covers may be (``piece``: its points, frame pixels; issue 28, h-merged47). Its
    least rectangle's sides are taken as the card's long and short sides both ways round; along
    each, a side within ``size_off`` of the card's lays the card there, a side shorter (but at
    least ``least`` of the card's: the rest under a card dealt over it, a chip or a hand) or
    longer (up to ``most`` times: two cards touching, or one dealt half over the other) lays it
    flush with either end. Empty: the piece is no card's."""
    short, long = sides
    (cx, cy), (w, h), angle = cv2.minAreaRect(np.asarray(piece, np.float32).reshape(-1, 2))
    turn = math.radians(angle)
    u = np.array([math.cos(turn), math.sin(turn)])
    v = np.array([-u[1], u[0]])
    centre = np.array([cx, cy], np.float64)

    def spots(extent: float, side: float) -> list[float]:
        if abs(extent - side) <= size_off * side:
            return [0.0]
        if least * side <= extent < side or side < extent <= most * side:
            return [(side - extent) / 2, (extent - side) / 2]  # flush with either end
        return []

    laid: list[np.ndarray] = []
    for along, length, across in ((v, h, w), (u, w, h)):
        normal = np.array([-along[1], along[0]])
        for down in spots(length, long):
            for aside in spots(across, short):
                middle = centre + along * down + normal * aside
                laid.append(
                    np.array(
                        [
                            middle - normal * short / 2 - along * long / 2,
                            middle + normal * short / 2 - along * long / 2,
                            middle + normal * short / 2 + along * long / 2,
                            middle - normal * short / 2 + along * long / 2,
                        ]
                    )
                )
    return laid


@dataclass(frozen=True, slots=True, kw_only=True)
class SeamCut:
    """Named thresholds of ``seam_cuts`` (issue 28, h-seam52)."""

    # A seam lies at least this share of the outline across from either of its sides (a cut
    # keeps at least this much of the outline on each side).
    least: float = 0.15
    # A touching card's side is a seam when it turns from the outline's side by at most this
    # much (the sine of the angle between them).
    turn: float = 0.2
    # A touching card counts when this share of the smaller of the two lies on both.
    touch: float = 0.05
    # An edge inside the outline is a seam where the grey picture's step across the line
    # (grey levels a pixel, the median of ``samples`` points between ``ends`` of it) is at
    # least ``step`` and ``over`` times the median line's: a card's edge runs the whole
    # line, a pip or an index only a part of it.
    step: float = 6.0
    over: float = 2.5
    samples: int = 32
    ends: tuple[float, float] = (0.1, 0.9)
    # At most this many edges a direction, each ``apart`` of the outline from a stronger one.
    kept: int = 2
    apart: float = 0.1


def cut_at(quad: np.ndarray, n: int, point: np.ndarray, direction: np.ndarray) -> list[np.ndarray]:
    """``quad`` cut at the line through ``point`` along ``direction``, which crosses its sides
    n + 1 and n + 3 (corner n + 1 to n + 2, n + 3 to n): the part keeping side n (corners n,
    n + 1) and the part keeping side n + 2 (corners n + 2, n + 3), each turning as ``quad``
    does, its first two corners the kept side's. Empty when the line does not cross both."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    a, b, c, d = (quad[(n + k) % 4] for k in range(4))
    p1 = segment_crossing(b, c, point, direction)
    p3 = segment_crossing(d, a, point, direction)
    if p1 is None or p3 is None:
        return []
    return [np.array([a, b, p1, p3]), np.array([c, d, p3, p1])]


def segment_crossing(
    start: np.ndarray, end: np.ndarray, point: np.ndarray, direction: np.ndarray
) -> np.ndarray | None:
    """Where the segment ``start``-``end`` meets the line through ``point`` along
    ``direction`` (``geometry.line_crossing``), or None when it does not (parallel, or beyond
    the segment's ends)."""
    span = end - start
    crossing = line_crossing(start, span, point, direction)
    if crossing is None:
        return None
    t = float((crossing - start) @ span) / max(float(span @ span), 1e-18)
    return np.asarray(crossing, np.float64) if 0.0 <= t <= 1.0 else None


def seam_cuts(
    gray: np.ndarray, quad: np.ndarray, others: Sequence[np.ndarray], cut: SeamCut
) -> list[tuple[np.ndarray, np.ndarray]]:
    """The parts of an outline ``quad`` (frame pixels) cut at a seam across it, each with the
    part on the seam's other side: at a touching card's side (``others``, the outlines
    reported beside it) parallel to a side of the outline, the part away from that card; at a
    straight edge inside it parallel to a side (the grey picture ``gray``'s step across the
    line all along it), both parts. An outline run on past its card's edge into a touching
    card keeps the card's own corners on one side of the seam (issue 28, h-seam52). Each
    part turns as ``quad`` does, its first two corners the outline's own."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    result: list[tuple[np.ndarray, np.ndarray]] = []
    taken: list[tuple[int, float]] = []  # (direction, share across) of the seams cut at

    def across(n: int, point: np.ndarray) -> float | None:
        """Where the line through ``point`` lies across the outline from side n (0-1)."""
        a, b, d = quad[n % 4], quad[(n + 1) % 4], quad[(n + 3) % 4]
        u = unit(b - a)
        normal = np.array([-u[1], u[0]])
        depth = float(normal @ (d - a))
        if abs(depth) < 1e-6:
            return None
        return float(normal @ (point - a)) / depth

    def add(n: int, point: np.ndarray, direction: np.ndarray, away: np.ndarray | None) -> None:
        share = across(n, point)
        if share is None or not cut.least <= share <= 1.0 - cut.least:
            return
        if any(m == n and abs(s - share) < cut.apart for m, s in taken):
            return
        parts = cut_at(quad, n, point, direction)
        if not parts:
            return
        taken.append((n, share))
        if away is None:
            result.extend([(parts[0], parts[1]), (parts[1], parts[0])])
            return
        near = across(n, away)
        if near is None:
            return
        # the part on the side of the seam the touching card's centre is not
        first, second = (parts[1], parts[0]) if near < share else (parts[0], parts[1])
        result.append((first, second))

    for other in others:
        other = np.asarray(other, np.float64).reshape(4, 2)
        if overlap_share(quad, other) < cut.touch:
            continue
        centre = centre_of(other)
        for m in range(4):
            start, end = other[m], other[(m + 1) % 4]
            direction = unit(end - start)
            for n in (0, 1):
                side = quad[n + 1] - quad[n]
                side = unit(side)
                if abs(float(side[0] * direction[1] - side[1] * direction[0])) <= cut.turn:
                    add(n, start, direction, centre)
    # The grey picture's steps, over the outline's box only.
    x0, y0 = np.maximum(np.floor(quad.min(axis=0)).astype(int) - 2, 0)
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 3
    box = gray[y0:y1, x0:x1].astype(np.float32)
    if min(box.shape[:2]) < 3:
        return result
    gy, gx = (np.asarray(g, np.float32) for g in np.gradient(box))
    for n in (0, 1):
        a, b, c, d = (quad[(n + k) % 4] for k in range(4))
        depth = float(np.hypot(*((a + b) / 2 - (c + d) / 2)))
        if depth < 4.0:
            continue
        ts = np.arange(cut.least, 1.0 - cut.least + 1e-9, 1.0 / depth)
        ss = np.linspace(cut.ends[0], cut.ends[1], cut.samples)
        near = a[None, :] + ss[:, None] * (b - a)[None, :]
        far = d[None, :] + ss[:, None] * (c - d)[None, :]
        points = near[None, :, :] + ts[:, None, None] * (far - near)[None, :, :]
        normal = far - near
        normal = normal / np.maximum(np.hypot(normal[:, 0], normal[:, 1]), 1e-9)[:, None]
        xs = (points[..., 0] - x0).astype(np.float32)
        ys = (points[..., 1] - y0).astype(np.float32)
        sx = cv2.remap(gx, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        sy = cv2.remap(gy, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        steps = np.abs(sx * normal[None, :, 0] + sy * normal[None, :, 1])
        scores = np.median(steps, axis=1)
        floor = float(np.median(scores))
        interior = 0
        for k in np.argsort(-scores, kind="stable")[: 4 * cut.kept]:
            score = float(scores[k])
            if score < cut.step or score < cut.over * floor:
                break
            if 0 < k < len(scores) - 1 and (scores[k - 1] > score or scores[k + 1] > score):
                continue  # not a peak
            line = points[k]
            direction = line[-1] - line[0]
            direction = unit(direction)
            before = len(taken)
            add(n, line[len(line) // 2], direction, None)
            interior += len(taken) - before
            if interior >= cut.kept:
                break
    return result
