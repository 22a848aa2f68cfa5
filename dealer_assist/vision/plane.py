"""The table's plane from the cards themselves: ``vision detect`` without a layout (issue 28).

A card is a rectangle of known shape (63 x 88 mm). Seen by a camera off vertical it is a convex
quadrilateral, not a rectangle, and cards nearer the camera look larger. The cards that lie
alone on the felt show the camera's view of the table: the homography that makes every one of
them a rectangle of a card's shape again (up to a common scale and turn) is the table seen from
above. The frame rectified by it is what a calibrated layout gives (every card one size, a
rectangle), and the finder of :mod:`dealer_assist.vision.quads` runs on it unchanged.

Stages (pure):

1. :func:`lone_outlines` - the blobs of a rough card mask that are convex quadrilaterals
   (filled, four straight sides fitted to the outline): lone cards, and pairs of touching cards
   (also rectangles: 126 x 88 or 63 x 176 mm).
2. :func:`fit_plane` - the rectifying homography, by least squares (Gauss-Newton) over every
   outline: right angles at each corner and a card's (or a pair's) proportions; an outline that
   fits no rectangle is weighed down (a chip stack, a hand, a glare patch).
3. :func:`card_width` - the card's width on the rectified plane: the smallest width the outlines
   agree on (a pair side by side looks like one card 1.41 times larger).
4. :func:`rectified_view` - the work view: the frame warped onto the plane, cards
   ``target_card_px`` wide (fewer pixels when the view would be larger than ``max_view_px``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from dealer_assist.vision.geometry import following, signed_area
from dealer_assist.vision.quads import WorkView, _fit_side, most_voted_width, quad_of_lines

CARD_ASPECT = 88.0 / 63.0
# A lone blob's long side over its short side: a card; two side by side; two end to end.
SHAPES = (CARD_ASPECT, 126.0 / 88.0, 176.0 / 63.0)
# ... or a printed square (a marker's frame): right-angled too, but no card.
SQUARE = 1.0


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaneSettings:
    """Named thresholds of the plane's fit."""

    min_fill: float = 0.93  # a lone outline fills this share of its convex hull ...
    max_quad_error: float = 0.06  # ... and its four-sided polygon is this close to the hull
    min_area_of_largest: float = 0.25  # an outline is this share of the largest one at least
    min_image_aspect: float = 1.15  # a card 30 degrees off looks at least this long (a marker)
    max_anisotropy: float = 1.6  # the plane's scale across over along, where the cards are
    # Every card touching another: the tilt that makes the blobs' corners right angles.
    max_tilt_deg: float = 36.0
    tilt_step_deg: float = 3.0
    azimuth_steps: int = 24
    fields_of_view_deg: tuple[float, ...] = (40.0, 50.0, 60.0, 70.0)
    min_tilt_corners: int = 6
    corner_cost_cap: float = 0.15  # a corner this far (cosine) from square is no card's corner
    loose_fill: float = 0.85  # ... or these, when no outline passes the first two
    loose_quad_error: float = 0.12
    min_corner_deg: float = 40.0  # a card's corner is seen between this and 180 less it
    min_side_px: float = 8.0  # each side at least this long (work pixels)
    min_area_share: float = 0.0015  # ... and the outline this share of the view at least
    max_area_share: float = 0.25  # ... and at most this
    angle_scale: float = 0.05  # a corner's cosine this far from 0 weighs as much as ...
    aspect_scale: float = 0.05  # ... a proportion this far (log) from a card's
    size_scale: float = 0.05  # ... and a size this far (log) from the cards' common size
    iterations: int = 30
    max_cosine: float = 0.2  # on the plane, a card's corner is within 12 degrees of square
    max_aspect_error: float = 0.12  # ... and its proportions within 12% of a card's or a pair's
    target_card_px: float = 50.4  # the card's width in the rectified view (a layout's 0.8 px/mm)
    max_view_px: int = 420_000  # the rectified view holds at most this many pixels
    min_card_px: float = 30.0  # ... cards never narrower than this (the view is cropped instead)
    pair_ratio: float = math.sqrt(2.0)  # two cards side by side: this much wider than one
    pair_vote: float = 0.5  # an outline that is a pair of cards of a width: its vote for it
    sure_share: float = 0.75  # a card size whose shapes read surely this often is not doubted
    try_pairs: bool = True  # also try the card 1/pair_ratio as wide (the outlines were pairs)
    # The lone outlines' plane judged by the blobs' corners (issue 28, h-joined39; on at 0.5
    # since h-tilton39; off: 0): a plane fitted to a few lone cards in one corner of the view
    # is extrapolated across the rest, and a joined blob's cards there are no card's shape on
    # it (tango/noisy#7900007's banker cards 1.3 times too wide). When the tilt that squares
    # the blobs' corners best (``tilt_plane``) squares them this much better (its cost at most
    # this share of the lone outlines' plane's, and at least ``tilt_gain`` less: several
    # corners no right angle on the lone outlines' plane, each at most ``corner_cost_cap``
    # squared) and still makes ``tilt_min_agreed`` lone outlines cards of one width, the
    # tilt's plane is taken.
    tilt_judges: float = 0.5
    tilt_gain: float = 0.1
    tilt_min_agreed: int = 2
    # The tilt's search (issue 28, h-speed40): the 1,156 rotations' corner costs first in single
    # precision (within ``_QUICK_SLACK`` of the exact ones), the exact ones only of those that
    # can be the least; ``tilt_judges`` looks for no tilt when none can be taken. The same
    # choices as the exact search over all (off: that search).
    quick_tilt: bool = True
    # A lone outline in proportions no card or pair of cards takes at any tilt up to
    # ``max_tilt_deg`` (issue 28, h-size45): dropped. A dealt hand of three cards side by side
    # makes a blob nearly a rectangle twice as long as wide, between a card's or a side-by-side
    # pair's longest look (1.43 / cos 36 degrees, 1.77) and an end-to-end pair's shortest
    # (2.79 x cos 36 degrees, 2.26); the plane fitted to it alone squeezes every card a third
    # across (the lens generator's small/clutter frames). Off: every outline is kept.
    lone_tilt_aspect: bool = False


def four_corners(hull: np.ndarray) -> np.ndarray | None:
    """The quadrilateral a convex ``hull`` makes with its corners cut to four (None: not four)."""
    perimeter = cv2.arcLength(hull, True)
    epsilon = 0.01 * perimeter
    while epsilon < 0.2 * perimeter:
        polygon = cv2.approxPolyDP(hull, epsilon, True)
        if len(polygon) <= 4:
            return polygon.reshape(-1, 2).astype(np.float64) if len(polygon) == 4 else None
        epsilon *= 1.3
    return None


# The last mask's lone outlines: without a layout the reader asks for the rough mask's outlines
# twice a frame (the lone cards to rescue, then the plane), and they are what they were. One
# entry (mask, settings, outlines), replaced whole (a detector on another thread sees either
# the old entry or the new one, each whole).
_last_outlines: tuple[np.ndarray, PlaneSettings, list[np.ndarray]] | None = None


def lone_outlines(mask: np.ndarray, settings: PlaneSettings) -> list[np.ndarray]:
    """Convex four-sided blobs of ``mask`` (4 x 2 corners each, clockwise on screen), each side
    fitted to the blob's outline (a fraction of a pixel: the corners decide the fit)."""
    global _last_outlines
    last = _last_outlines
    if (
        last is not None
        and last[1] == settings
        and last[0].shape == mask.shape
        and last[0].dtype == mask.dtype
        and np.array_equal(last[0], mask)
    ):
        return [quad.copy() for quad in last[2]]
    found = _lone_outlines(mask, settings)
    _last_outlines = (mask.copy(), settings, [quad.copy() for quad in found])
    return found


def _lone_outlines(mask: np.ndarray, settings: PlaneSettings) -> list[np.ndarray]:
    """``lone_outlines``, found afresh."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    view_area = float(mask.shape[0] * mask.shape[1])
    height, width = mask.shape[:2]
    found: list[np.ndarray] = []
    for contour in contours:
        area = cv2.contourArea(contour)
        if not settings.min_area_share * view_area <= area <= settings.max_area_share * view_area:
            continue
        x, y, w, h = cv2.boundingRect(contour)
        if x <= 1 or y <= 1 or x + w >= width - 1 or y + h >= height - 1:
            continue  # cut off by the frame's edge: not a whole card
        hull = cv2.convexHull(contour)
        hull_area = cv2.contourArea(hull)
        if hull_area <= 0 or area < settings.min_fill * hull_area:
            continue
        polygon = four_corners(hull)
        if polygon is None:
            continue
        quad = _fit_sides(polygon, contour.reshape(-1, 2).astype(np.float64))
        if quad is None or not _plausible(quad, settings):
            continue
        if abs(abs(signed_area(quad)) - hull_area) > settings.max_quad_error * hull_area:
            continue
        sides = np.hypot(*(following(quad) - quad).T)
        if max(sides[0] + sides[2], sides[1] + sides[3]) < settings.min_image_aspect * min(
            sides[0] + sides[2], sides[1] + sides[3]
        ):
            continue  # square in the picture: a card is longer than that from any sane angle
        if settings.lone_tilt_aspect and not _tilt_aspect(sides, settings.max_tilt_deg):
            continue  # no card's nor pair's proportions from any angle the plane allows
        if signed_area(quad) < 0:
            quad = quad[::-1].copy()
        found.append(quad)
    if found:
        # Much smaller than the largest: no card (a marker, a chip's insert); cards differ in
        # size by the tilt alone, and a pair is twice a card.
        areas = [abs(signed_area(q)) for q in found]
        found = [
            q
            for q, a in zip(found, areas, strict=True)
            if a >= settings.min_area_of_largest * max(areas)
        ]
    return found


def _tilt_aspect(sides: np.ndarray, tilt_deg: float) -> bool:
    """Whether an outline of four ``sides`` (in order round it) has proportions a card or a
    pair of cards (``SHAPES``) shows from a camera up to ``tilt_deg`` off vertical: its shape's
    long over short side times or over the tilt's cosine at most."""
    across, along = sides[0] + sides[2], sides[1] + sides[3]
    aspect = float(max(across, along) / min(across, along))
    shrink = math.cos(math.radians(tilt_deg))
    return any(shape * shrink <= aspect <= shape / shrink for shape in SHAPES)


def _fit_sides(polygon: np.ndarray, contour: np.ndarray) -> np.ndarray | None:
    lines = []
    for k in range(4):
        start, end = polygon[k], polygon[(k + 1) % 4]
        band = max(1.5, 0.06 * float(np.hypot(*(end - start))))
        fitted = _fit_side(contour, start, end, band)
        if fitted is None:
            direction = (end - start) / max(1e-9, float(np.hypot(*(end - start))))
            fitted = (start, direction)
        lines.append(fitted)
    result = quad_of_lines(lines)
    if result is None:
        return None
    if float(np.abs(result - polygon).max()) > 0.25 * float(
        np.hypot(*(polygon[1] - polygon[0])) + np.hypot(*(polygon[2] - polygon[1]))
    ):
        return None
    return result


def _plausible(quad: np.ndarray, settings: PlaneSettings) -> bool:
    sides = following(quad) - quad
    lengths = np.hypot(sides[:, 0], sides[:, 1])
    if lengths.min() < settings.min_side_px:
        return False
    units = sides / lengths[:, None]
    cosines = -(units * following(units)).sum(axis=1)
    limit = math.cos(math.radians(settings.min_corner_deg))
    return bool((np.abs(cosines) <= limit).all())


def _homography(params: np.ndarray) -> np.ndarray:
    """Projective then affine part of a rectification (of normalised coordinates)."""
    l1, l2, shear, stretch = params[:4]
    projective = np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [l1, l2, 1.0]])
    affine = np.array([[1.0, shear, 0.0], [0.0, math.exp(stretch), 0.0], [0.0, 0.0, 1.0]])
    result: np.ndarray = affine @ projective
    return result


_NEXT = [1, 2, 3, 0]  # each corner's next one round an outline
_LOG_SHAPES = np.log(np.array((*SHAPES, SQUARE)))  # the proportions' logs (``_residuals``)
_LOG_PAIR = 0.5 * math.log(2.0)  # a pair's size (log) beside a card's


def _homogeneous(quads: np.ndarray) -> np.ndarray:
    """``quads`` (K x 4 x 2) with a third coordinate 1 (K x 4 x 3)."""
    result: np.ndarray = np.concatenate([quads, np.ones((*quads.shape[:2], 1))], axis=2)
    return result


def _residuals(
    params: np.ndarray,
    quads: np.ndarray,
    settings: PlaneSettings,
    homogeneous: np.ndarray | None = None,
) -> np.ndarray:
    """Per outline: its four corners' cosines and its proportion's distance from a card's or a
    pair's (log), each over its scale. ``quads``: K x 4 x 2 (normalised). ``params``: one
    parameter vector (5), or several (P x 5) worked out together (P x K * 6), each row with
    the same arithmetic as alone. ``homogeneous``: ``_homogeneous(quads)``, if made already
    (``fit_plane`` makes it once for its dozens of calls)."""
    rows = np.atleast_2d(params)
    count = len(rows)
    # ``_homography`` of each row, written out (its product has one term that is not 0 or 1
    # times 1 in every entry: the same numbers).
    matrices = np.zeros((count, 3, 3))
    matrices[:, 0, 0] = matrices[:, 2, 2] = 1.0
    matrices[:, 0, 1] = rows[:, 2]
    matrices[:, 1, 1] = [math.exp(stretch) for stretch in rows[:, 3].tolist()]
    matrices[:, 2, 0], matrices[:, 2, 1] = rows[:, 0], rows[:, 1]
    if homogeneous is None:
        homogeneous = _homogeneous(quads)
    mapped = homogeneous[None] @ matrices.transpose(0, 2, 1)[:, None]
    w = mapped[..., 2:]
    behind = (w <= 1e-6).reshape(count, -1).any(axis=1)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        points = mapped[..., :2] / w
        sides = points[:, :, _NEXT] - points  # np.roll's numbers, without its cost
        lengths = np.sqrt((sides * sides).sum(axis=3))
        units = sides / lengths[..., None]
        cosines = (units * units[:, :, _NEXT]).sum(axis=3)
        across = (lengths[..., 0] + lengths[..., 2]) / 2
        along = (lengths[..., 1] + lengths[..., 3]) / 2
        proportion = np.abs(np.log(across / along))
        distances = np.abs(proportion[..., None] - _LOG_SHAPES)
        aspect = distances.min(axis=2)
        # Every card is one size on the plane (a pair twice a card's area; a square any size):
        # nearer cards looking larger is what shows the tilt best.
        card_area = np.array([math.exp(2 * p) * CARD_ASPECT for p in rows[:, 4].tolist()])
        size = 0.5 * np.log(across * along / card_area[:, None])
        size = np.minimum(np.abs(size), np.abs(size - _LOG_PAIR))
        size[distances.argmin(axis=2) == len(SHAPES)] = 0.0
        result = np.concatenate(
            [
                cosines / settings.angle_scale,
                aspect[..., None] / settings.aspect_scale,
                size[..., None] / settings.size_scale,
            ],
            axis=2,
        ).reshape(count, -1)
    result[behind] = 1e3  # a corner behind the camera: no plane
    return result if np.ndim(params) == 2 else result[0]


def fit_plane(
    quads: list[np.ndarray], shape: tuple[int, int], settings: PlaneSettings
) -> np.ndarray | None:
    """The homography from view pixels to a plane on which every outline is (nearly) a
    rectangle of a card's or a pair's proportions, up to scale and turn; None without outlines.

    Gauss-Newton with a damping term, from the camera looking straight down; each outline's
    residuals are weighed down (Cauchy) by how badly it fits, so a shape that is no card
    cannot pull the plane away from the cards."""
    if not quads:
        return None
    height, width = shape
    half = max(width, height) / 2.0
    normalise = np.array(
        [[1 / half, 0, -width / 2 / half], [0, 1 / half, -height / 2 / half], [0, 0, 1]]
    )
    stacked = np.stack(quads)
    normal = (stacked - np.array([width / 2, height / 2])) / half
    areas = np.abs([signed_area(q) for q in normal])
    params = np.zeros(5)
    params[4] = 0.5 * math.log(float(np.median(areas)) / CARD_ASPECT)
    damping = 1e-3
    count = len(quads)
    per = 6  # residuals an outline
    weights = np.ones(count * per)
    homogeneous = _homogeneous(normal)
    residual = _residuals(params, normal, settings, homogeneous)
    for iteration in range(settings.iterations):
        if iteration % 5 == 4:  # robust weights: an outline that fits badly counts less
            per_quad = np.sqrt((residual.reshape(count, per) ** 2).mean(axis=1))
            weights = np.repeat(1.0 / (1.0 + (per_quad / 2.0) ** 2), per)
        # The five forward differences in one batch (each row as it would be alone).
        stepped = _residuals(params + 1e-5 * np.eye(5), normal, settings, homogeneous)
        jacobian = np.ascontiguousarray(((stepped - residual) / 1e-5).T)  # as laid out before
        weighted = jacobian * weights[:, None]
        normal_matrix = weighted.T @ jacobian
        gradient = weighted.T @ residual
        cost = float((weights * residual**2).sum())
        while True:
            update = np.linalg.solve(normal_matrix + damping * np.eye(5), -gradient)
            trial = params + update
            trial_residual = _residuals(trial, normal, settings, homogeneous)
            trial_cost = float((weights * trial_residual**2).sum())
            if trial_cost <= cost:
                params, residual = trial, trial_residual  # the next step's residual
                damping = max(1e-6, damping / 3)
                break
            damping *= 4
            if damping > 1e6:
                break
        if float(np.abs(update).max()) < 1e-7 or damping > 1e6:
            break
    result: np.ndarray = _homography(params) @ normalise
    return result


@dataclass(frozen=True, slots=True)
class Plane:
    """The rectification found: view pixels to plane units, and the card's width there."""

    to_plane: np.ndarray
    card_width: float
    agreed: int  # outlines that agree with that width (a pair side by side counts too)
    outlines: int
    content: tuple[int, int, int, int]  # the box (view pixels) of everything not felt
    sure: bool = False  # some outlines were pairs of cards that wide: it is a card's width
    guessed: bool = False  # the width is the blobs' edges' vote (no lone outline showed it)


def _map(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    result = cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), matrix)
    mapped: np.ndarray = result.reshape(points.shape)
    return mapped


def _shape_error(quad: np.ndarray, to_plane: np.ndarray) -> tuple[float, float, float]:
    """An outline on the plane: its worst corner's cosine, its proportion's distance (log) from
    a card's or a pair's, and the card width it suggests."""
    mapped = _map(to_plane, quad)
    sides = following(mapped) - mapped
    lengths = np.hypot(sides[:, 0], sides[:, 1])
    units = sides / lengths[:, None]
    cosine = float(np.abs((units * following(units)).sum(axis=1)).max())
    short = min(lengths[0] + lengths[2], lengths[1] + lengths[3]) / 2
    long = max(lengths[0] + lengths[2], lengths[1] + lengths[3]) / 2
    aspect = float(np.min(np.abs(math.log(long / short) - np.log(np.array(SHAPES)))))
    width = short if long / short > 2.1 else math.sqrt(short * long / CARD_ASPECT)
    return cosine, aspect, float(width)


def _anisotropy(matrix: np.ndarray, point: np.ndarray) -> float:
    """How much more the plane stretches one way than the other at ``point`` (1: not at all)."""
    x, y = float(point[0]), float(point[1])
    w = float(matrix[2, 0] * x + matrix[2, 1] * y + matrix[2, 2])
    u = (matrix[0, 0] * x + matrix[0, 1] * y + matrix[0, 2]) / w
    v = (matrix[1, 0] * x + matrix[1, 1] * y + matrix[1, 2]) / w
    jacobian = (
        np.array(
            [
                [matrix[0, 0] - u * matrix[2, 0], matrix[0, 1] - u * matrix[2, 1]],
                [matrix[1, 0] - v * matrix[2, 0], matrix[1, 1] - v * matrix[2, 1]],
            ]
        )
        / w
    )
    values = np.linalg.svd(jacobian, compute_uv=False)
    return float(values[0] / max(values[1], 1e-12))


def _square(quad: np.ndarray, to_plane: np.ndarray, settings: PlaneSettings) -> bool:
    """Whether an outline is a square on the plane (a marker's frame printed on the cloth)."""
    mapped = _map(to_plane, quad)
    sides = following(mapped) - mapped
    lengths = np.hypot(sides[:, 0], sides[:, 1])
    units = sides / lengths[:, None]
    cosine = float(np.abs((units * following(units)).sum(axis=1)).max())
    ratio = (lengths[0] + lengths[2]) / (lengths[1] + lengths[3])
    return cosine <= settings.max_cosine and abs(math.log(ratio)) <= settings.max_aspect_error


def card_width(
    quads: list[np.ndarray], to_plane: np.ndarray, settings: PlaneSettings
) -> tuple[float, list[int], bool] | None:
    """The card's width on the plane: of the widths the card-shaped outlines suggest (each as a
    card, or as a pair of cards), the smallest one most of them agree with; and which outlines
    agree; and whether some outlines are pairs of those (then the width is surely a card's, not
    a pair's). None: no outline is card-shaped on the plane."""
    shaped: list[tuple[int, float]] = []
    for n, quad in enumerate(quads):
        cosine, aspect, width = _shape_error(quad, to_plane)
        if cosine <= settings.max_cosine and aspect <= settings.max_aspect_error:
            shaped.append((n, width))
    if not shaped:
        return None
    widths = [w for _, w in shaped]
    best, best_votes = widths[0], -1.0
    for candidate in sorted(widths):
        # An outline two cards wide counts for less than a card's own: lone cards are the rule,
        # pairs touching in a perfect rectangle the exception (one card-shaped printed box
        # 1.41 times narrower than the cards made every card a pair of it).
        votes = sum(
            1.0
            if abs(w / candidate - 1) < 0.15
            else settings.pair_vote
            if abs(w / (candidate * settings.pair_ratio) - 1) < 0.1
            else 0.0
            for w in widths
        )
        if votes > best_votes:
            best, best_votes = candidate, votes
    agreeing = [w for w in widths if abs(w / best - 1) < 0.15]
    if any(abs(w / (best * settings.pair_ratio) - 1) < 0.1 for w in widths):
        # Outlines that are pairs of the cards agreeing: those are cards for sure.
        best = float(np.median(agreeing))
        members = [
            n
            for n, w in shaped
            if abs(w / best - 1) < 0.15 or abs(w / (best * settings.pair_ratio) - 1) < 0.1
        ]
        return best, members, True
    members = [
        n
        for n, w in shaped
        if abs(w / best - 1) < 0.15 or abs(w / (best * settings.pair_ratio) - 1) < 0.1
    ]
    return float(np.median(agreeing)), members, False


def find_plane(mask: np.ndarray, settings: PlaneSettings) -> Plane | None:
    """The table's plane from a rough card mask of the view (no card size known). When no
    lone outline is card-shaped (every card touches another), the blobs' outlines nearly
    four-sided are taken (two cards side by side at a slight angle)."""
    plane = _find_plane(mask, settings)
    if plane is not None:
        if settings.tilt_judges > 0:
            return _judged_by_tilt(plane, mask, settings)
        return plane
    if settings.loose_fill < settings.min_fill:
        loose = replace(
            settings, min_fill=settings.loose_fill, max_quad_error=settings.loose_quad_error
        )
        plane = _find_plane(mask, loose)
    if plane is not None and plane.agreed >= 2:
        return plane
    # One outline can be fitted to anything: the blobs' corners judge it against the tilt
    # that squares them best.
    corners = _blob_corners(mask, settings)
    matrix = tilt_plane(mask, settings, corners)
    if matrix is None:
        return plane
    if plane is not None and _corner_cost(plane.to_plane[None], corners, settings) <= _corner_cost(
        matrix[None], corners, settings
    ):
        return plane
    width = width_from_edges(matrix, corners, mask.shape[:2])
    if width is None or not settings.min_side_px <= width <= 0.4 * max(mask.shape[:2]):
        return plane
    return Plane(matrix, width, 0, 0, _content(mask), guessed=True)


def _judged_by_tilt(plane: Plane, mask: np.ndarray, settings: PlaneSettings) -> Plane:
    """The lone outlines' ``plane``, or the tilt's plane when the blobs' corners bear it out
    better and the lone outlines agree with it (``PlaneSettings.tilt_judges``)."""
    if settings.quick_tilt and plane.outlines < settings.tilt_min_agreed:
        return plane  # too few lone outlines to agree on the tilt's plane (``card_width``)
    corners = _blob_corners(mask, settings)
    if len(corners.at) < settings.min_tilt_corners:
        return plane  # too few corners to tell (``tilt_plane``)
    (lone_cost,) = _corner_cost(plane.to_plane[None], corners, settings)
    if lone_cost < settings.tilt_gain:
        return plane  # no tilt can gain that much: not searched (its time on most frames)
    matrix: np.ndarray | None
    if settings.quick_tilt:
        bar = min(settings.tilt_judges * lone_cost, lone_cost - settings.tilt_gain)
        quick = _quick_corner_cost(_tilt_homographies(mask.shape[:2], settings), corners, settings)
        if np.isfinite(quick).all() and float(quick.min()) > bar + _QUICK_SLACK:
            return plane  # every tilt's exact cost is over the bar: none is taken
        matrix = _least_tilt(mask.shape[:2], corners, settings, quick)
    else:
        matrix = tilt_plane(mask, settings, corners)
    if matrix is None:
        return plane
    (tilt_cost,) = _corner_cost(matrix[None], corners, settings)
    if tilt_cost > settings.tilt_judges * lone_cost or lone_cost - tilt_cost < settings.tilt_gain:
        return plane
    quads = lone_outlines(mask, settings)
    chosen = card_width(quads, matrix, settings)
    if chosen is None or len(chosen[1]) < settings.tilt_min_agreed:
        return plane
    return Plane(matrix, chosen[0], len(chosen[1]), len(quads), plane.content, chosen[2])


def _content(mask: np.ndarray) -> tuple[int, int, int, int]:
    points = cv2.findNonZero(mask)
    if points is None:
        return (0, 0, mask.shape[1], mask.shape[0])
    x, y, w, h = cv2.boundingRect(points)
    return (int(x), int(y), int(w), int(h))


def _find_plane(mask: np.ndarray, settings: PlaneSettings) -> Plane | None:
    quads = lone_outlines(mask, settings)
    matrix = fit_plane(quads, mask.shape[:2], settings)
    if matrix is None:
        return None
    chosen = card_width(quads, matrix, settings)
    if chosen is None:
        return None
    squares = [
        q for n, q in enumerate(quads) if n not in chosen[1] and _square(q, matrix, settings)
    ]
    members = [quads[n] for n in chosen[1]] + squares
    if len(members) < len(quads):  # fitted again to the card-shaped outlines alone
        refitted = fit_plane(members, mask.shape[:2], settings)
        if refitted is not None:
            again = card_width(members, refitted, settings)
            if again is not None:
                matrix, chosen = refitted, again
    centre = np.mean(np.stack(quads), axis=(0, 1))
    if _anisotropy(matrix, centre) > settings.max_anisotropy:
        return None  # a view no camera of a table gives (the outlines were no cards)
    return Plane(matrix, chosen[0], len(chosen[1]), len(quads), _content(mask), chosen[2])


def in_frame(view: WorkView, frame_shape: tuple[int, int], margin: int = 2) -> np.ndarray:
    """The work view's pixels that show the frame (255), less ``margin`` pixels at its edge."""
    height, width = frame_shape
    outline = np.array(
        [[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], np.float64
    )
    corners = _map(np.linalg.inv(view.to_image), outline)
    shown = np.zeros(view.image.shape[:2], np.uint8)
    cv2.fillConvexPoly(shown, np.rint(corners).astype(np.int32), 255)
    if margin > 0:
        kernel = np.ones((2 * margin + 1, 2 * margin + 1), np.uint8)
        eroded: np.ndarray = cv2.erode(shown, kernel)
        return eroded
    return shown


def rectified_view(
    frame: np.ndarray,
    view_to_image: np.ndarray,
    plane: Plane,
    card_width: float,
    settings: PlaneSettings,
) -> WorkView | None:
    """The frame warped onto the plane, cards ``target_card_px`` wide (or fewer pixels, so that
    the view stays under ``max_view_px``; cropped round the frame's middle at ``min_card_px``).
    ``card_width`` is the card's width on the plane (``plane.card_width`` or a guess)."""
    height, width = frame.shape[:2]
    image_to_plane = plane.to_plane @ np.linalg.inv(view_to_image)
    outline = np.array(
        [[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]], np.float64
    )
    # The frame's corners must stay in front of the camera (the horizon out of the frame).
    homogeneous = np.hstack([outline, np.ones((4, 1))]) @ image_to_plane.T
    if (homogeneous[:, 2] * homogeneous[0, 2] <= 0).any():
        return None
    corners = _map(image_to_plane, outline)
    low, high = corners.min(axis=0), corners.max(axis=0)
    # Only what is not felt needs to be seen (and a card's width round it).
    x, y, w, h = plane.content
    box = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)
    content = _map(plane.to_plane, box)
    low = np.maximum(low, content.min(axis=0) - card_width)
    high = np.minimum(high, content.max(axis=0) + card_width)
    if (high <= low).any():
        return None
    scale = settings.target_card_px / card_width
    area = float(np.prod((high - low) * scale))
    if area > settings.max_view_px:
        scale *= math.sqrt(settings.max_view_px / area)
        scale = max(scale, settings.min_card_px / card_width)
    size = (high - low) * scale
    if size[0] * size[1] > 4 * settings.max_view_px:
        return None  # a view this large is no table seen from a sensible height
    plane_to_work = np.array([[scale, 0, -low[0] * scale], [0, scale, -low[1] * scale], [0, 0, 1]])
    image_to_work = plane_to_work @ image_to_plane
    image_to_work /= image_to_work[2, 2]
    work_size = (max(1, round(size[0])), max(1, round(size[1])))
    work = cv2.warpPerspective(
        frame, image_to_work, work_size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    card = (card_width * scale, card_width * scale * CARD_ASPECT)
    return WorkView(work, np.linalg.inv(image_to_work), card)


# --- every card touching another: the camera's tilt from the blobs' corners -------------------


@dataclass(frozen=True, slots=True)
class _Corners:
    """Convex corners of the blobs' outlines: the corner and its two neighbouring vertices."""

    at: np.ndarray  # N x 2
    before: np.ndarray  # N x 2
    after: np.ndarray  # N x 2
    edges: list[np.ndarray]  # each blob's polygon (for the card's width)


def _blob_corners(mask: np.ndarray, settings: PlaneSettings) -> _Corners:
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    view_area = float(mask.shape[0] * mask.shape[1])
    at, before, after, polygons = [], [], [], []
    for contour in contours:
        area = cv2.contourArea(contour)
        if area < settings.min_area_share * view_area:
            continue
        polygon = cv2.approxPolyDP(contour, 0.015 * cv2.arcLength(contour, True), True)
        polygon = polygon.reshape(-1, 2).astype(np.float64)
        if len(polygon) < 4:
            continue
        polygons.append(polygon)
        orientation = 1.0 if signed_area(polygon) > 0 else -1.0
        shortest = max(settings.min_side_px, 0.2 * math.sqrt(area))
        for k in range(len(polygon)):
            p, a, b = polygon[k], polygon[k - 1], polygon[(k + 1) % len(polygon)]
            u, v = p - a, b - p
            if min(np.hypot(*u), np.hypot(*v)) < shortest:
                continue
            if float(u[0] * v[1] - u[1] * v[0]) * orientation <= 0:
                continue  # concave: where two cards meet
            cosine = float(-(u @ v) / (np.hypot(*u) * np.hypot(*v)))
            if abs(cosine) > math.cos(math.radians(settings.min_corner_deg)):
                continue
            at.append(p)
            before.append(a)
            after.append(b)
    empty = np.zeros((0, 2))
    return _Corners(
        np.array(at) if at else empty,
        np.array(before) if before else empty,
        np.array(after) if after else empty,
        polygons,
    )


@lru_cache(maxsize=4)
def _tilt_homographies(shape: tuple[int, int], settings: PlaneSettings) -> np.ndarray:
    """Homographies (H x 3 x 3) that undo a camera's tilt: ``K R K^-1`` for tilts up to
    ``max_tilt_deg`` towards every side and focal lengths over the usual fields of view.

    A pure function of the view's size and the settings (a camera's frames all give one work
    view size without a layout): made once and kept, read-only. Making them (1,156 rotations,
    one ``cv2.Rodrigues`` and two matrix products each) cost 10 ms of every frame that looked
    for the tilt (docs/benchmarks.md, h-speed15)."""
    height, width = shape
    result = []
    for fov in settings.fields_of_view_deg:
        focal = width / 2 / math.tan(math.radians(fov) / 2)
        intrinsic = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1.0]])
        inverse = np.linalg.inv(intrinsic)
        for tilt in np.arange(0.0, settings.max_tilt_deg + 0.1, settings.tilt_step_deg):
            sides = 1 if tilt == 0 else settings.azimuth_steps
            for k in range(sides):
                azimuth = 2 * math.pi * k / sides
                axis = np.array([math.cos(azimuth), math.sin(azimuth), 0.0]) * math.radians(tilt)
                rotation, _ = cv2.Rodrigues(axis)
                result.append(intrinsic @ rotation @ inverse)
    matrices = np.array(result)
    matrices.flags.writeable = False
    return matrices


def _apply_many(matrices: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Points (N x 2) through each of H homographies: H x N x 2."""
    homogeneous = np.hstack([points, np.ones((len(points), 1))])
    mapped = np.einsum("hij,nj->hni", matrices, homogeneous)
    result: np.ndarray = mapped[:, :, :2] / mapped[:, :, 2:]
    return result


def _corner_cost(matrices: np.ndarray, corners: _Corners, settings: PlaneSettings) -> np.ndarray:
    """How far from square the blob corners are on each plane (H homographies: H costs)."""
    at = _apply_many(matrices, corners.at)
    u = at - _apply_many(matrices, corners.before)
    v = _apply_many(matrices, corners.after) - at
    cosines = (u * v).sum(axis=2) / np.sqrt((u * u).sum(axis=2) * (v * v).sum(axis=2))
    cost: np.ndarray = np.minimum(cosines**2, settings.corner_cost_cap**2).sum(axis=1)
    return cost


def tilt_plane(
    mask: np.ndarray, settings: PlaneSettings, corners: _Corners | None = None
) -> np.ndarray | None:
    """The rotation that makes most blob corners right angles (view pixels to a view seen from
    straight above, up to scale); None with too few corners to tell."""
    if corners is None:
        corners = _blob_corners(mask, settings)
    if len(corners.at) < settings.min_tilt_corners:
        return None
    if settings.quick_tilt:
        return _least_tilt(mask.shape[:2], corners, settings)
    matrices = _tilt_homographies(mask.shape[:2], settings)
    best = int(np.argmin(_corner_cost(matrices, corners, settings)))
    return np.asarray(matrices[best] / matrices[best][2, 2])


# The single-precision corner costs' distance from the exact ones, at most: measured 7e-6 on
# the paired frames' 30 searches (1,156 rotations, 17-36 corners each); a corner's cosine
# carries about 1e-5 of rounding (sides of 8 pixels or more, points within a few thousand).
_QUICK_SLACK = 1e-3


def _quick_corner_cost(
    matrices: np.ndarray, corners: _Corners, settings: PlaneSettings
) -> np.ndarray:
    """``_corner_cost`` in single precision, by one matrix product (each within
    ``_QUICK_SLACK`` of the exact cost; the rounding differs)."""
    n = len(corners.at)
    points = np.concatenate([corners.at, corners.before, corners.after])
    homogeneous = np.hstack([points, np.ones((3 * n, 1))]).T.astype(np.float32)
    mapped = matrices.astype(np.float32) @ homogeneous  # H x 3 x 3N
    scale = 1.0 / mapped[:, 2]
    x, y = mapped[:, 0] * scale, mapped[:, 1] * scale
    ux, uy = x[:, :n] - x[:, n : 2 * n], y[:, :n] - y[:, n : 2 * n]
    vx, vy = x[:, 2 * n :] - x[:, :n], y[:, 2 * n :] - y[:, :n]
    dot = ux * vx + uy * vy
    squared = dot * dot / ((ux * ux + uy * uy) * (vx * vx + vy * vy))
    cost: np.ndarray = np.minimum(squared, settings.corner_cost_cap**2).sum(axis=1)
    return cost


def _least_tilt(
    shape: tuple[int, int],
    corners: _Corners,
    settings: PlaneSettings,
    quick: np.ndarray | None = None,
) -> np.ndarray:
    """``tilt_plane``'s rotation: the exact costs of the rotations whose ``quick`` cost is
    within twice ``_QUICK_SLACK`` of the least (the exact least is among them), the first
    least of those - the exact search's choice."""
    matrices = _tilt_homographies(shape, settings)
    if quick is None:
        quick = _quick_corner_cost(matrices, corners, settings)
    if not np.isfinite(quick).all():  # no sure bound: every rotation's exact cost
        near = np.arange(len(matrices))
    else:
        near = np.flatnonzero(quick <= quick.min() + 2 * _QUICK_SLACK)
    best = int(near[int(np.argmin(_corner_cost(matrices[near], corners, settings)))])
    return np.asarray(matrices[best] / matrices[best][2, 2])


def width_from_edges(
    to_plane: np.ndarray, corners: _Corners, shape: tuple[int, int]
) -> float | None:
    """The card's width on the plane from the blobs' straight edges: each votes for the width
    it would have as a card's short side and as its long side; cards agree, pairs do not."""
    lengths: list[float] = []
    height, width = shape
    for polygon in corners.edges:
        mapped = _map(to_plane, polygon)
        sides = following(mapped) - mapped
        after = following(polygon)
        # An edge along the frame's border is where the frame cuts a card, not its side.
        border = np.zeros(len(polygon), bool)
        for axis, limit in ((0, width - 1), (1, height - 1)):
            for value in (0.0, float(limit)):
                border |= (np.abs(polygon[:, axis] - value) <= 2) & (
                    np.abs(after[:, axis] - value) <= 2
                )
        lengths.extend(np.hypot(sides[~border, 0], sides[~border, 1]).tolist())
    votes = np.array(lengths)
    if len(votes) == 0:
        return None
    votes = votes[votes >= 0.3 * np.percentile(votes, 90)]
    return most_voted_width(votes, CARD_ASPECT)
