"""A card in a blob joined with something (issue 28, h-joined12): cards at the blob's corners
found again, where the cards read surely leave it bare.

A card dealt touching or under a neighbour, with chips pushed against its edge, a croupier's
fingers over a corner or a printed line crossing under it, is one blob with them in the card
mask. The finder proposes a card where two sides of the blob's outline meet square, each side
``min_side_cards`` of a card's width at least, on the outline simplified to 0.06 of a width:
a finger's notch or a chip's bump cuts the card's sides into pieces shorter than that, or
bends them, and no proposal lies on the card (the ``noquad:merged`` cause of
``benchmarks/camera_misses.py``); a box printed round the cards makes the blob the box's
shape, its corners the box's. Here, in a blob of several cards (``quads.JoinedBlob``) the
cards read surely leave ``corner_left`` of a card bare, cards are laid at two kinds of corner
(``CornerSettings``): the outline's, looked for again on the outline simplified half as much,
with sides half as long, the card less wholly paper; and the paper's own edges in the picture
(a line segment detector on the grey view round the blob: two edges meeting square, the
brighter side of each towards the other; an edge running on past the corner along a finger's
or a chip's edge in line with it makes it too). A card so laid is offered when most of it lies on
the bare part, it shares at most ``max_shared_area`` of a card with the cards read surely and
its centre is on none of them, and the picture shows a card's edge along enough of its
outline; one sharing more than half a card with a card offered with more edge is offered
after them, to be read on its own. The outline and the edges alone cannot tell such a card from
a chip's, a hand's or a printed box's corner: the reader decides (``CardDetector._corner_cards``:
kept only when read surely, both index corners agreeing).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from dealer_assist.vision.calibration import detect_markers
from dealer_assist.vision.components import compact_components
from dealer_assist.vision.geometry import (
    line_crossing,
    polygon_iou,
    shared_area,
    signed_area,
    transform_points,
)
from dealer_assist.vision.quads import (
    FinderSettings,
    JoinedBlob,
    StraightEdges,
    _Blob,
    _merge,
    _orthogonalize,
    _Proposal,
    _proposals,
    _quads_of,
    _rectangle,
    _score_many,
    edge_share,
    straight_edges,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class CornerSettings:
    """The corners looked for again in a joined blob (``corner_cards``)."""

    straightness: float = 0.03  # the outline simplified to this share of a card's width
    min_side_cards: float = 0.11  # a corner's sides at least this share of a width
    min_inside: float = 0.8  # a card at least this share paper (a finger's notch, a chip's bite)
    min_support: float = 0.25  # ... its outline at least this share the blob's edge
    min_bare: float = 0.6  # ... and at least this share of it on the part left bare
    # ... and the picture showing a card's edge along this share of its outline
    # (``quads.edge_share``); at most ``most`` cards offered a blob, the most edge first.
    min_edge_share: float = 0.3
    most: int = 6
    # The paper's own edges in the picture (a line segment detector on the grey view round the
    # blob): a segment at least this share of a card's width ...
    min_edge_cards: float = 0.3
    # ... meeting another square (within ``FinderSettings.corner_tolerance_deg``), each end at
    # most this share of a width from the corner, the paper on the inner side of both.
    corner_reach_cards: float = 0.2
    max_edge_cards: float = 1.15  # a side no longer than this share of the card's side along it
    # A card the paper's edges show may be this little mask (a hand over it: the mask loses
    # what the fingers cover; its edges show between them).
    edge_min_inside: float = 0.6


DEFAULT_CORNERS = CornerSettings()


def corner_cards(
    joined: list[JoinedBlob],
    found: list[np.ndarray],
    image: np.ndarray,
    settings: FinderSettings,
    corners: CornerSettings = DEFAULT_CORNERS,
    shut_out: list[np.ndarray] | None = None,
    laid: BlobProposals | None = None,
) -> list[np.ndarray]:
    """Cards (work pixels) to offer at the corners of the blobs ``found`` leaves bare: the
    cards of the finding read surely (work pixels); ``image``: the work view. ``shut_out``:
    the cards that share more than ``max_shared_area`` of a card with one offered (more edge)
    are put there, to be read on their own after those (``FinderSettings.corner_shut_out``).
    ``laid``: the blobs' proposals kept for ``on_top_cards`` (``BlobProposals``)."""
    result: list[np.ndarray] = []
    if settings.corner_left <= 0:
        return result
    relaxed = _relaxed(settings, corners)
    for kept in joined:
        choice = kept.choice
        blob = choice.blob
        card_px = (choice.card_w, choice.card_h)
        card_area = choice.card_w * choice.card_h
        covered, bare = _covered_and_bare(blob, found)
        if cv2.countNonZero(bare) < settings.corner_left * card_area:
            continue
        proposals = (laid or BlobProposals()).of(blob, image, card_px, relaxed, corners)
        offered: list[tuple[float, _Proposal, np.ndarray]] = []
        for proposal in proposals:
            raster = blob.raster(proposal.corners)
            centre = blob._local(proposal.center[None])[0].astype(int)
            edge = _offered_edge(
                image, proposal.corners, raster, centre, bare, covered, card_area, settings, corners
            )
            if edge is not None:
                offered.append((edge, proposal, raster))
        offered.sort(key=lambda o: -o[0])
        taken: list[np.ndarray] = []
        chosen: list[_Proposal] = []
        second: list[_Proposal] = []
        for _, proposal, raster in offered:
            if len(taken) >= corners.most:
                break
            if any(
                cv2.countNonZero(cv2.bitwise_and(raster, other))
                > settings.max_shared_area * card_area
                for other in taken
            ):
                second.append(proposal)
                continue
            taken.append(raster)
            chosen.append(proposal)
        result.extend(q.corners for q in _quads_of(blob, chosen, card_px, settings))
        if shut_out is not None:
            # The card with more edge may be a chip's or a finger's corner: the card it shut
            # out is offered too, read on its own (read beside it, each covers the other's
            # index corners).
            later = second[: corners.most - len(chosen)]
            shut_out.extend(q.corners for q in _quads_of(blob, later, card_px, settings))
    return result


def _covered_and_bare(blob: _Blob, quads: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The part of ``blob``'s box the convex ``quads`` (work pixels) cover, and the part of
    its mask they leave bare (``corner_cards``, ``on_top_cards``)."""
    covered = np.zeros_like(blob.mask)
    for quad in quads:
        cv2.fillConvexPoly(covered, blob._local(np.asarray(quad)).astype(np.int32), 255)
    return covered, cv2.bitwise_and(blob.mask, cv2.bitwise_not(covered))


def _relaxed(settings: FinderSettings, corners: CornerSettings) -> FinderSettings:
    """The finder's settings for the corners looked for again (``corner_cards``)."""
    return replace(
        settings,
        min_side_cards=corners.min_side_cards,
        min_inside=corners.min_inside,
        min_support=corners.min_support,
        min_near_support=corners.min_support,  # nothing refitted: a side's own line
    )


class BlobProposals:
    """Cards at blobs' corners of both kinds (the outline's found again, the paper's own
    edges), merged (``corner_cards``, ``on_top_cards``), kept for one chosen finding's finish
    (issue 28, h-p9536): ``on_top_cards`` looks into the blobs ``corner_cards`` looked into
    just before it (the same outline, box, work view, card size and settings: the same
    proposals), and laying them again was most of its time on the frames it costs on (5 ms
    a blob)."""

    def __init__(self) -> None:
        self._kept: list[tuple[np.ndarray, tuple[object, ...], list[_Proposal]]] = []

    def of(
        self,
        blob: _Blob,
        image: np.ndarray,
        card_px: tuple[float, float],
        relaxed: FinderSettings,
        corners: CornerSettings,
    ) -> list[_Proposal]:
        """The cards at ``blob``'s corners (work view ``image``), laid once."""
        key = (
            blob.contour.tobytes(),
            blob.mask.shape,
            blob.mask.tobytes(),
            blob.left,
            blob.top,
            card_px,
            relaxed,
            corners,
        )
        for seen, kept, proposals in self._kept:
            if seen is image and kept == key:
                return proposals
        bounds = (image.shape[0], image.shape[1])
        proposals = _merge(
            [
                *_proposals(blob, card_px, bounds, relaxed, corners.straightness),
                *_edge_proposals(
                    blob,
                    image,
                    card_px,
                    bounds,
                    replace(relaxed, min_inside=corners.edge_min_inside),
                    corners,
                ),
            ],
            card_px[0],
        )
        self._kept.append((image, key, proposals))
        return proposals


def on_top_cards(
    mask: np.ndarray,
    reported: list[np.ndarray],
    sure: list[np.ndarray],
    image: np.ndarray,
    card_px: tuple[float, float],
    settings: FinderSettings,
    corners: CornerSettings = DEFAULT_CORNERS,
    laid: BlobProposals | None = None,
) -> list[tuple[np.ndarray, list[int]]]:
    """Cards (work pixels) that may lie on top of a card read surely (issue 28, h-pile36),
    each with the indices of the cards of ``sure`` it lies on. A card dealt over another shows
    its whole outline, but its paper's edge over the card beneath is no edge of the card mask:
    the two are one blob, and the card read surely beneath covers the one on top as far as
    ``corner_cards`` judges (its centre or most of it on that card), or the blob is under
    ``exchange_min_cards`` cards and not looked into at all. Here, in every blob of the card
    mask ``mask`` (work view ``image``) of ``OnTopSettings.min_blob_cards`` cards holding a
    card of ``sure`` that the cards ``reported`` (every outline reported, work pixels) leave
    ``OnTopSettings.min_bare`` of a card bare: the cards at its corners of both kinds that lie
    partly on a card of ``sure``, overlap no outline reported by as much as that card placed
    otherwise would, have part of a card bare and show a card's edge along much of their
    outline (``OnTopSettings``), the most edge first. The reader decides
    (``CardDetector._on_top_cards``). ``laid``: the proposals ``corner_cards`` laid
    (``BlobProposals``)."""
    result: list[tuple[np.ndarray, list[int]]] = []
    card_w, card_h = card_px
    card_area = card_w * card_h
    top = settings.on_top
    if top is None or not sure:
        return result
    relaxed = _relaxed(settings, corners)
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    for contour in contours:
        if cv2.contourArea(contour) < top.min_blob_cards * card_area:
            continue
        blob = _Blob(contour, mask.shape[:2], pad=3)
        beneath = [
            n for n, quad in enumerate(sure) if blob.covered(np.asarray(quad)) > 0.5 * card_area
        ]
        if not beneath:
            continue
        _, bare = _covered_and_bare(blob, reported)
        if cv2.countNonZero(bare) < top.min_bare * card_area:
            continue
        offered: list[tuple[float, np.ndarray, list[int]]] = []
        proposals = (laid or BlobProposals()).of(blob, image, card_px, relaxed, corners)
        for proposal in proposals:
            quad = proposal.corners
            lies_on = [
                n
                for n in beneath
                if shared_area(quad, np.asarray(sure[n])) > top.min_on * card_area
            ]
            if not lies_on or any(
                polygon_iou(quad, np.asarray(q, np.float64)) >= top.max_iou for q in reported
            ):
                continue
            raster = blob.raster(quad)
            if cv2.countNonZero(cv2.bitwise_and(raster, bare)) < top.min_bare * card_area:
                continue
            edge = edge_share(image, quad, settings)
            if edge >= top.min_edge_share:
                offered.append((edge, quad, lies_on))
        offered.sort(key=lambda o: -o[0])
        result.extend((quad, lies_on) for _, quad, lies_on in offered[: top.most])
    return result


def _offered_edge(
    image: np.ndarray,
    quad: np.ndarray,
    raster: np.ndarray,
    centre: np.ndarray,
    bare: np.ndarray,
    covered: np.ndarray,
    card_area: float,
    settings: FinderSettings,
    corners: CornerSettings,
) -> float | None:
    """The share of ``quad``'s outline (work pixels) the picture ``image`` shows as a card's
    edge, when a card laid there is offered (``corner_cards``, ``index_cards``); else None.
    ``raster``, ``centre``, ``bare`` and ``covered`` (the part of the card mask the cards read
    surely leave bare, and the part they cover) in one set of pixels: most of it on the bare
    part, sharing at most ``max_shared_area`` of a card with the cards read surely, its centre
    on none of them, the edge along enough of its outline."""
    h, w = covered.shape
    if (
        (0 <= centre[0] < w and 0 <= centre[1] < h and covered[centre[1], centre[0]])
        or cv2.countNonZero(cv2.bitwise_and(raster, bare)) < corners.min_bare * card_area
        or cv2.countNonZero(cv2.bitwise_and(raster, covered)) > settings.max_shared_area * card_area
    ):
        return None
    edge = edge_share(image, quad, settings)
    return edge if edge >= corners.min_edge_share else None


def paper_corners(
    edges: StraightEdges, cos_tolerance: float, reach: float, overshoot: float = 0.0
) -> list[
    tuple[
        np.ndarray, np.ndarray, np.ndarray, tuple[int, int], tuple[float, float], tuple[bool, bool]
    ]
]:
    """The corners two of ``edges`` make meeting square (their directions' cosine at most
    ``cos_tolerance``), each ending within ``reach`` of the crossing or, within ``overshoot``,
    running on past it, the paper (each edge's brighter side) inside both: the corner, the two
    arms' directions from it made square (``u`` along the first edge, ``w`` the second), the
    edges' indices, each edge's far end's distance from the corner and whether it ran past."""
    starts, ends, lengths, directions = edges.starts, edges.ends, edges.lengths, edges.directions
    result = []
    for i, j in _near_square_pairs(edges, cos_tolerance, max(reach, overshoot)):
        if abs(float(directions[i] @ directions[j])) > cos_tolerance:
            continue
        corner = line_crossing(starts[i], directions[i], starts[j], directions[j])
        if corner is None:
            continue
        arms: list[np.ndarray] = []
        far: list[float] = []
        past: list[bool] = []
        for k in (i, j):
            near_start = float(np.hypot(*(starts[k] - corner)))
            near_end = float(np.hypot(*(ends[k] - corner)))
            ran_past = min(near_start, near_end) > reach
            if ran_past:
                along = float((corner - starts[k]) @ directions[k])
                if not (0 < along < lengths[k] and min(near_start, near_end) <= overshoot):
                    break
            arms.append(directions[k] if near_start <= near_end else -directions[k])
            far.append(max(near_start, near_end))
            past.append(ran_past)
        if len(arms) < 2:
            continue
        # The paper lies inside both: each edge's brighter side towards the other arm.
        if float(edges.brighter[i] @ arms[1]) <= 0 or float(edges.brighter[j] @ arms[0]) <= 0:
            continue
        u, w = _orthogonalize(arms[0], arms[1])
        result.append((corner, u, w, (i, j), (far[0], far[1]), (past[0], past[1])))
    return result


def _near_square_pairs(
    edges: StraightEdges, cos_tolerance: float, reach: float
) -> list[tuple[int, int]]:
    """The pairs of ``edges`` (in ``itertools.combinations`` order) that may make a corner
    (``paper_corners``), all at once: meeting square within ``cos_tolerance`` and each with an
    end within ``reach`` of their crossing. A pre-filter with a margin of rounding: every pair
    it leaves out ``paper_corners`` would leave out, pair by pair; the pairs it keeps are
    judged there as before."""
    starts, ends, directions = edges.starts, edges.ends, edges.directions
    first, second = np.triu_indices(len(edges.lengths), k=1)
    d1, d2 = directions[first], directions[second]
    cosines = np.abs(d1[:, 0] * d2[:, 0] + d1[:, 1] * d2[:, 1])
    denominator = d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0]
    crossing = np.abs(denominator) >= 1e-10  # (parallel ones are left out)
    delta = starts[second] - starts[first]
    t = (delta[:, 0] * d2[:, 1] - delta[:, 1] * d2[:, 0]) / np.where(crossing, denominator, 1.0)
    corner = starts[first] + t[:, None] * d1
    near = np.ones(len(first), bool)
    for k in (first, second):
        to_start = np.hypot(*(starts[k] - corner).T)
        to_end = np.hypot(*(ends[k] - corner).T)
        near &= np.minimum(to_start, to_end) <= reach + 1e-6
    kept = (cosines <= cos_tolerance + 1e-9) & crossing & near
    return list(zip(first[kept].tolist(), second[kept].tolist(), strict=True))


def _edge_proposals(
    blob: _Blob,
    image: np.ndarray,
    card_px: tuple[float, float],
    bounds: tuple[int, int],
    settings: FinderSettings,
    corners: CornerSettings,
) -> list[_Proposal]:
    """Cards at the corners the paper's own edges make in the picture round the blob: two
    straight edges (``cv2.createLineSegmentDetector``, the paper on the side it says is
    brighter) meeting square, the paper inside both. A printed line or a chip joined to the
    card hides no edge of the paper there: the card's corner shows in the picture where the
    mask's outline shows none."""
    card_w, card_h = card_px
    pad = round(0.3 * card_w)
    height, width = image.shape[:2]
    x0, y0 = max(0, blob.left - pad), max(0, blob.top - pad)
    x1 = min(width, blob.left + blob.mask.shape[1] + pad)
    y1 = min(height, blob.top + blob.mask.shape[0] + pad)
    edges = straight_edges(image[y0:y1, x0:x1], corners.min_edge_cards * card_w, (x0, y0))
    if edges is None or len(edges.lengths) < 2:
        return []
    cos_tolerance = math.sin(math.radians(settings.corner_tolerance_deg))
    reach = corners.corner_reach_cards * card_w
    overshoot = settings.corner_overshoot * card_w
    candidates: list[tuple[np.ndarray, np.ndarray]] = []
    for corner, u, w, (i, j), far, past in paper_corners(edges, cos_tolerance, reach, overshoot):
        # An edge ending near the corner is an arm its whole length; one running on past it
        # (a finger's or a chip's edge in line with the paper's) from the corner on.
        long_arms = [far[n] if past[n] else float(edges.lengths[k]) for n, k in enumerate((i, j))]
        for length_u, length_w in ((card_w, card_h), (card_h, card_w)):
            if (
                long_arms[0] > corners.max_edge_cards * length_u
                or long_arms[1] > corners.max_edge_cards * length_w
            ):
                continue
            rectangle = _rectangle(corner, u, w, length_u, length_w)
            candidates.append((rectangle, u if length_u > length_w else w))
    if not candidates:
        return []
    stacked = np.stack([c for c, _ in candidates])
    inside, support = _score_many(blob, stacked, card_px, settings, bounds)
    result = []
    for (rectangle, long_side), share, edge in zip(
        candidates, inside.tolist(), support.tolist(), strict=True
    ):
        if share < settings.min_inside:
            continue
        axis = math.degrees(math.atan2(long_side[1], long_side[0])) % 180.0
        result.append(_Proposal(rectangle, share, edge, 1, rectangle.mean(axis=0), axis))
    return result


@dataclass(frozen=True, slots=True, kw_only=True)
class IndexAnchorSettings:
    """Cards laid from a whole index seen in the clear (``index_cards``), in shares of a
    card's width: a glyph (the rank, the suit) is ink darker than ``ink_level`` of the bare
    paper's level, ``min_glyph``-``max_glyph`` across; a rank's and a suit's centres lie
    ``min_gap``-``max_gap`` apart, their sizes within ``max_size_ratio`` of each other; the
    card's corner lies ``margins`` (across, down) beyond the index's ink."""

    ink_level: float = 0.55
    min_glyph: float = 0.06
    max_glyph: float = 0.3
    min_gap: float = 0.1
    max_gap: float = 0.4
    max_size_ratio: float = 2.5
    margins: tuple[tuple[float, float], ...] = ((0.05, 0.05), (0.1, 0.08))
    # ... and the card this many times the finding's size (a lens or a plane a little off
    # shows a card up to a tenth larger than the finding's size)
    scales: tuple[float, ...] = (1.0, 1.12)
    min_inside: float = 0.6  # the card at least this share mask (``edge_min_inside``'s)


DEFAULT_ANCHOR = IndexAnchorSettings()


def index_cards(
    mask: np.ndarray,
    found: list[np.ndarray],
    image: np.ndarray,
    frame: np.ndarray,
    to_image: np.ndarray,
    card_px: tuple[float, float],
    settings: FinderSettings,
    corners: CornerSettings = DEFAULT_CORNERS,
    anchor: IndexAnchorSettings = DEFAULT_ANCHOR,
) -> list[np.ndarray]:
    """Cards (work pixels) laid from a whole index seen in the clear on the part of the card
    ``mask`` (the finding's, work view ``image``, mapped to ``frame`` by ``to_image``) that
    ``found`` (the cards read surely and added, work pixels) leaves bare, in pieces of
    ``corner_left`` of a card or more. The index's ink is looked for in the frame (a card 25
    work pixels wide may be 60 in the frame, its index glyphs a few work pixels) and measured
    in the work view: two ink glyphs of an index's size one over the other (the rank over the
    suit) say the card's long axis; the index sits in the card's corner, so the card runs from
    just beyond the index's ink across and down (``anchor.margins``), at the finding's card
    size ``card_px``. Both glyphs are tried as the rank. Kept as ``corner_cards`` keeps its
    cards: most of it card mask (fingers lose a little), most of it bare, sharing at most
    ``max_shared_area`` of a card with ``found``, its centre on none, the picture showing a
    card's edge along enough of its outline; at most ``corners.most`` in all, the most edge
    first, none over half another (IoU). The reader decides."""
    if not settings.corner_index or settings.corner_left <= 0:
        return []
    card_w, card_h = card_px
    clear = _index_glyphs(mask, found, frame, to_image, card_px, settings, anchor)
    if clear is None:
        return []
    bare, covered, boxes = clear
    offered: list[tuple[float, np.ndarray]] = []
    for ink_points, down in _index_pairs(boxes, card_w, anchor):
        across = np.array([-down[1], down[0]])  # the card runs this way from its index
        left_edge = float((ink_points @ across).min())
        top_edge = float((ink_points @ down).min())
        for (margin_x, margin_y), scale in itertools.product(anchor.margins, anchor.scales):
            corner = (left_edge - margin_x * card_w) * across + (
                top_edge - margin_y * card_w
            ) * down
            quad = _rectangle(corner, across, down, scale * card_w, scale * card_h)
            offered += _index_card(quad, image, mask, bare, covered, settings, corners, anchor)
    return _most_edge(offered, corners.most)


def _most_edge(
    offered: list[tuple[float, np.ndarray]], most: int, same: float = 0.5
) -> list[np.ndarray]:
    """Of the cards ``offered`` (edge share, quad), at most ``most``, the most edge first, none
    over ``same`` of another (IoU)."""
    offered.sort(key=lambda o: -o[0])
    taken: list[np.ndarray] = []
    for _, quad in offered:
        if len(taken) >= most:
            break
        if not any(polygon_iou(quad, other) > same for other in taken):
            taken.append(quad)
    return taken


def _index_card(
    quad: np.ndarray,
    image: np.ndarray,
    mask: np.ndarray,
    bare: np.ndarray,
    covered: np.ndarray,
    settings: FinderSettings,
    corners: CornerSettings,
    anchor: IndexAnchorSettings,
) -> list[tuple[float, np.ndarray]]:
    """``quad`` (work pixels) with its edge share, when ``index_cards`` keeps it; else none.
    Measured on the masks' part under the quad's bounding box (the same pixels)."""
    corners_px = np.rint(quad).astype(np.int32)
    centre = np.rint(quad.mean(axis=0)).astype(int)
    h, w = mask.shape
    x0, y0 = np.maximum(corners_px.min(axis=0), 0)
    x1, y1 = np.minimum(corners_px.max(axis=0) + 1, (w, h))
    if x1 <= x0 or y1 <= y0 or not (0 <= centre[0] < w and 0 <= centre[1] < h):
        return []
    window = np.s_[y0:y1, x0:x1]
    raster = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.fillConvexPoly(raster, corners_px - (x0, y0), 255)
    card_area = float(cv2.countNonZero(raster))
    if (
        card_area <= 0
        or cv2.countNonZero(cv2.bitwise_and(raster, mask[window])) < anchor.min_inside * card_area
    ):
        return []
    edge = _offered_edge(
        image,
        quad,
        raster,
        centre - (x0, y0),
        bare[window],
        covered[window],
        card_area,
        settings,
        corners,
    )
    if edge is None:
        return []
    ordered = quad if signed_area(quad) >= 0 else quad[::-1].copy()
    return [(edge, ordered)]


def _index_glyphs(
    mask: np.ndarray,
    found: list[np.ndarray],
    frame: np.ndarray,
    to_image: np.ndarray,
    card_px: tuple[float, float],
    settings: FinderSettings,
    anchor: IndexAnchorSettings,
) -> tuple[np.ndarray, np.ndarray, dict[int, np.ndarray]] | None:
    """The part of the card ``mask`` that ``found`` leaves bare (pieces of ``corner_left`` of a
    card or more), the part it covers, and the ink glyphs of an index's size on the bare part
    (work pixels, looked for in ``frame``); None when nothing is bare."""
    card_w, card_h = card_px
    card_area = card_w * card_h
    covered = np.zeros_like(mask)
    for quad in found:
        cv2.fillConvexPoly(covered, np.rint(np.asarray(quad)).astype(np.int32), 255)
    bare = cv2.bitwise_and(mask, cv2.bitwise_not(covered))
    # The pieces, labelled inside the bare part's bounding box only (the same pieces).
    left, top, across, down = cv2.boundingRect(bare)
    if across == 0 or down == 0:
        return None
    window = np.s_[top : top + down, left : left + across]
    _, labels, piece_stats = compact_components(bare[window], connectivity=8)
    large = piece_stats[:, 4] >= settings.corner_left * card_area
    large[0] = False
    if settings.outline_markers is not None:
        for n in np.flatnonzero(large).tolist():
            px, py, pw, ph = (int(v) for v in piece_stats[n, :4])
            piece = labels[py : py + ph, px : px + pw] == n
            placed = (px + left, py + top, pw, ph)
            if marker_piece(piece, placed, frame, to_image, settings.outline_markers):
                large[n] = False
    if not large.any():
        return None
    bare = np.zeros_like(mask)
    bare[window] = np.where(large, 255, 0).astype(np.uint8)[labels]
    height, width = frame.shape[:2]
    in_frame = cv2.warpPerspective(
        bare, to_image, (width, height), flags=cv2.INTER_NEAREST, borderValue=0
    )
    x, y, w, h = cv2.boundingRect(in_frame)
    region = in_frame[y : y + h, x : x + w] > 0
    part = frame[y : y + h, x : x + w]
    grey = (
        np.minimum(np.minimum(part[..., 0], part[..., 1]), part[..., 2]) if part.ndim == 3 else part
    )
    paper = float(np.percentile(grey[region], 90))
    ink = ((grey < anchor.ink_level * paper) & region).astype(np.uint8)
    _, labels, stats = compact_components(ink, connectivity=8)
    to_view = np.linalg.inv(to_image)
    boxes: dict[int, np.ndarray] = {}  # each glyph's ink, work pixels
    # A glyph's ink lies inside its bounding box, whose corners the view maps to a convex
    # quadrilateral holding it: that quadrilateral's extent bounds the glyph's size from above,
    # and the specks it shows too small to be a glyph are passed over unmeasured.
    spans = stats[:, 2:4] - 1
    origin = stats[:, :2] + np.array([x, y])
    boundary = np.stack(
        [origin, origin + spans * (1, 0), origin + spans, origin + spans * (0, 1)], axis=1
    )
    extent = np.ptp(transform_points(to_view, boundary).reshape(-1, 4, 2), axis=1).max(axis=1)
    # The tests that pass a speck over, on every piece at once (the same comparisons; most
    # of a frame's hundreds of pieces are specks): only the others are looked at one by one.
    small = (np.maximum(stats[:, 2], stats[:, 3]) < 2) | (extent < anchor.min_glyph * card_w - 1e-6)
    small[0] = True
    for n in np.flatnonzero(~small).tolist():
        left, top, box_w, box_h = (int(v) for v in stats[n, :4])
        rows, cols = np.nonzero(labels[top : top + box_h, left : left + box_w] == n)
        points = np.stack([cols + left + x, rows + top + y], axis=1).astype(np.float64)
        box = transform_points(to_view, points)
        size = float(np.ptp(box, axis=0).max())
        if anchor.min_glyph * card_w <= size <= anchor.max_glyph * card_w:
            boxes[n] = box
    return bare, covered, boxes


# A calibration marker is printed on a white square this many times its own side
# (``synthetic``'s layouts: 1.5), grown a little for the mask's blur.
MARKER_SQUARE = 1.6
MARKER_FILLS = 0.9  # a piece this much inside a marker's square is the marker's


def marker_piece(
    piece: np.ndarray,
    box: tuple[int, int, int, int],
    frame: np.ndarray,
    to_image: np.ndarray,
    dictionary: str,
) -> bool:
    """Whether a piece of the card mask (``piece``: its pixels in its bounding ``box``, x, y,
    width, height in the work view; ``to_image`` maps the view to ``frame``) is a calibration
    marker's printed square: a marker of ``dictionary`` found in the frame round the piece,
    the piece at least ``MARKER_FILLS`` inside its square (``MARKER_SQUARE`` times its side).
    A marker under a card is not found (its pattern is hidden), and a piece holding a card's
    paper beside a marker lies partly outside its square."""
    x, y, w, h = box
    corners = np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], np.float64)
    in_frame = transform_points(to_image, corners)
    pad = 0.15 * float(np.ptp(in_frame, axis=0).max())
    height, width = frame.shape[:2]
    x0, y0 = np.maximum(np.floor(in_frame.min(axis=0) - pad), 0).astype(int)
    x1, y1 = np.minimum(np.ceil(in_frame.max(axis=0) + pad), (width, height)).astype(int)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return False
    markers = detect_markers(frame[y0:y1, x0:x1], dictionary)
    if not markers:
        return False
    to_view = np.linalg.inv(to_image)
    area = float(np.count_nonzero(piece))
    for quad in markers.values():
        centre = quad.mean(axis=0)
        square = centre + MARKER_SQUARE * (quad - centre) + (x0, y0)
        inside = np.zeros(piece.shape, np.uint8)
        outline = transform_points(to_view, square) - (x, y)
        cv2.fillConvexPoly(inside, np.rint(outline).astype(np.int32), 1)
        if area > 0 and np.count_nonzero(piece & (inside > 0)) >= MARKER_FILLS * area:
            return True
    return False


def _index_pairs(
    boxes: dict[int, np.ndarray], card_w: float, anchor: IndexAnchorSettings
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Two glyphs of ``boxes`` that may be an index, a rank over a suit (both ways round): their
    ink (work pixels) and the card's long axis from the rank down to the suit."""
    result = []
    for r, rank_box in boxes.items():
        for s, suit_box in boxes.items():
            sizes = sorted(float(np.ptp(b, axis=0).max()) for b in (rank_box, suit_box))
            if r == s or sizes[1] > anchor.max_size_ratio * sizes[0]:
                continue
            gap = suit_box.mean(axis=0) - rank_box.mean(axis=0)
            distance = float(np.hypot(*gap))
            if not anchor.min_gap * card_w <= distance <= anchor.max_gap * card_w:
                continue
            result.append((np.vstack([rank_box, suit_box]), gap / distance))
    return result


@dataclass(frozen=True, slots=True, kw_only=True)
class OutlineSettings:
    """Cards laid at the corner an index's paper edges make (``outline_cards``), in shares of a
    card's width: a glyph of the index's ink within ``index_reach`` of the corner along both
    edges (and past neither by more than ``ink_slack``); the card as long as the longer of its
    two edges says (the other by the card's proportions; either edge the long side), and
    ``scales`` times that (an edge ends short of its far corner under the card dealt over it),
    never more than ``max_size`` times the finding's size; of those overlapping by ``same``
    (IoU), the most edge; none overlapping a shape found already by ``on_shape``; at most
    ``most``."""

    index_reach: float = 0.45
    ink_slack: float = 0.05  # the ink may seem this far past an edge (blur, the edge's line)
    scales: tuple[float, ...] = (1.0, 1.12, 1.25)
    max_size: float = 1.3
    same: float = 0.85  # of cards laid overlapping more than this (IoU), the most edge is kept
    most: int = 8  # at most this many, the most edge first
    on_shape: float = 0.3  # none overlapping a shape found already by this much (IoU)


DEFAULT_OUTLINE = OutlineSettings()


def outline_cards(
    mask: np.ndarray,
    found: list[np.ndarray],
    image: np.ndarray,
    frame: np.ndarray,
    to_image: np.ndarray,
    card_px: tuple[float, float],
    settings: FinderSettings,
    corners: CornerSettings = DEFAULT_CORNERS,
    anchor: IndexAnchorSettings = DEFAULT_ANCHOR,
    outline: OutlineSettings = DEFAULT_OUTLINE,
    shapes: list[np.ndarray] | None = None,
) -> list[np.ndarray]:
    """Cards (work pixels) laid at their true outline from an index seen in the clear
    (``index_cards``' glyphs on the part of ``mask`` ``found`` leaves bare): the index only
    chooses the corner; the card's two sides meeting there are the paper's straight edges
    beside it (``straight_edges`` in the work view ``image``: two meeting square, the paper
    inside both, each ending within ``corner_outline_reach`` of the corner, the index's ink
    within ``index_reach`` of it), and its size is what those edges' lengths say, not the
    finding's size ``card_px`` (1.2-1.45 times off for the cards of a blob the finding voted
    wrong): the longer edge, or the shorter one by the card's proportions, times each of
    ``scales``. Kept as ``index_cards`` keeps its cards; the reader decides."""
    if not settings.corner_outline or settings.corner_left <= 0:
        return []
    card_w, card_h = card_px
    clear = _index_glyphs(mask, found, frame, to_image, card_px, settings, anchor)
    if clear is None:
        return []
    bare, covered, boxes = clear
    glyphs = list(boxes.values())
    if not glyphs:
        return []
    ink = np.concatenate(glyphs)  # every glyph's ink, one after another
    firsts = np.cumsum([0, *(len(g) for g in glyphs[:-1])])
    left, top, across_px, down_px = cv2.boundingRect(bare)
    pad = round(0.3 * card_w)
    x0, y0 = max(0, left - pad), max(0, top - pad)
    x1, y1 = left + across_px + pad, top + down_px + pad
    edges = straight_edges(image[y0:y1, x0:x1], corners.min_edge_cards * card_w, (x0, y0))
    if edges is None or len(edges.lengths) < 2:
        return []
    aspect = card_h / card_w
    square = math.sin(math.radians(settings.corner_tolerance_deg))
    known = shapes or []
    offered: list[tuple[float, np.ndarray]] = []
    reach = settings.corner_outline_reach * card_w
    for corner, u, w, _, lengths, _ in paper_corners(edges, square, reach):
        axes = np.stack([u, w], axis=1)
        # The index chooses the corner: a glyph of an index's size in the corner's square
        # (every glyph's ink measured at once, each glyph's nearest and furthest along both).
        along = (ink - corner) @ axes
        nearest = np.minimum.reduceat(along.min(axis=1), firsts)
        furthest = np.maximum.reduceat(along.max(axis=1), firsts)
        if not np.any(
            (nearest >= -outline.ink_slack * card_w) & (furthest <= outline.index_reach * card_w)
        ):
            continue
        # Either edge may be the long side (a lone glyph says nothing of the card's axis).
        for (across, across_len), (long_axis, long_len) in (
            ((u, lengths[0]), (w, lengths[1])),
            ((w, lengths[1]), (u, lengths[0])),
        ):
            height = max(long_len, aspect * across_len)
            for scale in outline.scales:
                long_side = min(scale * height, outline.max_size * card_h)
                quad = _rectangle(corner, across, long_axis, long_side / aspect, long_side)
                # None where a shape already is, read unsurely or not at all: read again at
                # another outline, such a shape was read surely as the card its unsure reading
                # named - a wrong read when that was wrong (a drawn queen of clubs read as the
                # QD). A missed card is the lever. (Looked at first: it costs least.)
                ordered = quad if signed_area(quad) >= 0 else quad[::-1].copy()
                if any(polygon_iou(ordered, shape) > outline.on_shape for shape in known):
                    continue
                offered += _index_card(quad, image, mask, bare, covered, settings, corners, anchor)
    return _most_edge(offered, outline.most, outline.same)


@dataclass(frozen=True, slots=True, kw_only=True)
class ArmSettings:
    """Cards half under a forearm (``arm_cards``; issue 28, h-arm37)."""

    min_blob_cards: float = 1.0  # a blob the paper test dropped, at least this many cards
    # When the chosen finding is in another view than the rough stage's (the plane's), its
    # mask and paper test are made again only when a blob the rough stage's paper test dropped,
    # laid in that view, is at least this many cards (``CardDetector._arm_cards``; issue 28,
    # h-armspeed38: the same answers measured, the slow frames' cost saved; 0: always made).
    min_rough_cards: float = 1.0
    min_piece_cards: float = 0.2  # a piece of paper in it, at least this share of a card
    min_on_piece: float = 0.15  # a card laid there: at least this share of a card on the piece
    min_on_arm: float = 0.1  # ... at least this share under the arm (else the finder's own)
    min_on_both: float = 0.9  # ... and at least this share of it paper or arm (none on felt)
    most: int = 4  # at most this many cards offered a piece, the most on the piece first
    same_iou: float = 0.5  # of two offered overlapping by this IoU, the first only
    # The corners looked for as ``corner_cards`` looks, the card this little of its piece
    # (half of it under the arm).
    corners: CornerSettings = CornerSettings(min_inside=0.15, edge_min_inside=0.15)


DEFAULT_ARM = ArmSettings()


def arm_cards(
    dropped: np.ndarray,
    pieces: np.ndarray,
    image: np.ndarray,
    card_px: tuple[float, float],
    settings: FinderSettings,
    arm: ArmSettings,
) -> list[np.ndarray]:
    """Cards (work pixels) laid at the corners of the paper pieces (``pieces``) of the blobs
    the paper test dropped (``dropped``: ``paper.paper_blobs``, a forearm lying across cards
    joins them into one blob mostly skin): each of both kinds of ``corner_cards``' corners
    (``BlobProposals``) with ``ArmSettings.min_on_piece`` of a card on its piece, part of it
    under the arm (the dropped blob's pixels that are not paper) and none of it on the felt.
    The reader decides (``CardDetector._arm_cards``)."""
    result: list[np.ndarray] = []
    card_area = card_px[0] * card_px[1]
    arm_mask = cv2.bitwise_and(dropped, cv2.bitwise_not(pieces))
    corners = arm.corners
    relaxed = _relaxed(settings, corners)
    laid = BlobProposals()
    contours, _ = cv2.findContours(pieces, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    for contour in contours:
        if cv2.contourArea(contour) < arm.min_piece_cards * card_area:
            continue
        blob = _Blob(contour, pieces.shape[:2], pad=int(card_px[1]) + 3)
        x0, y0 = blob.left, blob.top
        y1, x1 = y0 + blob.mask.shape[0], x0 + blob.mask.shape[1]
        local_arm = arm_mask[y0:y1, x0:x1]
        scored: list[tuple[float, np.ndarray]] = []
        for proposal in laid.of(blob, image, card_px, relaxed, corners):
            raster = blob.raster(proposal.corners)
            area = max(cv2.countNonZero(raster), 1)
            on_piece = cv2.countNonZero(cv2.bitwise_and(raster, blob.mask))
            on_arm = cv2.countNonZero(cv2.bitwise_and(raster, local_arm))
            if (
                on_piece >= arm.min_on_piece * card_area
                and on_arm >= arm.min_on_arm * card_area
                and on_piece + on_arm >= arm.min_on_both * area
            ):
                scored.append((on_piece, proposal.corners))
        scored.sort(key=lambda s: -s[0])
        kept: list[np.ndarray] = []
        for _, quad in scored:
            if len(kept) >= arm.most:
                break
            if all(polygon_iou(quad, other) < arm.same_iou for other in kept):
                kept.append(quad)
        result.extend(kept)
    return result
