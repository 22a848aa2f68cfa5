"""One card, one detection: the same card read twice in one place is reported once (issue 28).

A finder that takes the wrong card size can lay two shapes on one card (each a part of it,
overlapping); the corner reader then reads the same index in both. Two detections read as the
same card (surely or not) whose outlines each hold the other's centre are one card: the surer
stays. Two cards whose centres lie under each other cannot both show their faces, so two
readings of one card there are never two cards of a shoe that holds that card twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Protocol, TypeVar

import cv2
import numpy as np

from dealer_assist.cards import Card
from dealer_assist.vision.plane import four_corners
from dealer_assist.vision.recover import RecoverySettings


class _Reported(Protocol):
    @property
    def card(self) -> Card | None: ...
    @property
    def candidate(self) -> Card | None: ...
    @property
    def confidence(self) -> float: ...
    @property
    def corners_read(self) -> int: ...
    @property
    def corners(self) -> tuple[tuple[float, float], ...]: ...
    @property
    def center(self) -> tuple[float, float]: ...


Reported = TypeVar("Reported", bound=_Reported)


def _surer(detection: _Reported) -> tuple[bool, float, int]:
    return (detection.card is not None, detection.confidence, detection.corners_read)


def _holds(detection: _Reported, point: tuple[float, float]) -> bool:
    outline = np.asarray(detection.corners, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(outline, (float(point[0]), float(point[1])), False) >= 0


def one_per_card(detections: Sequence[Reported]) -> list[Reported]:
    """``detections`` less the second reading of a card read twice in one place (in order)."""
    kept: list[Reported] = []
    for detection in sorted(detections, key=_surer, reverse=True):
        card = detection.candidate
        if card is not None and any(
            other.candidate == card
            and (_holds(other, detection.center) or _holds(detection, other.center))
            for other in kept
        ):
            continue
        kept.append(detection)
    return [d for d in detections if any(d is k for k in kept)]


# Two halves of one card (a card size taken too small: the card is cut across its middle).
HALF_SHARES = (0.3, 0.7)  # each half is this share of the whole card's area
MAX_HALVES_OVERLAP = 0.35  # ... they overlap by at most this share of the smaller one
MIN_HALVES_FILL = 0.88  # ... and together fill at least this share of the hull round them
CARD_ASPECTS = (1.25, 1.6)  # the card they make: its long sides over its short ones


def _area(quad: np.ndarray) -> float:
    return abs(float(cv2.contourArea(quad.astype(np.float32))))


def _union_area(first: np.ndarray, second: np.ndarray) -> float:
    overlap, _ = cv2.intersectConvexConvex(first.astype(np.float32), second.astype(np.float32))
    return _area(first) + _area(second) - float(overlap)


def whole_of_halves(first: _Reported, second: _Reported) -> np.ndarray | None:
    """The card (4 x 2 corners) two unsure detections are the halves of, or None.

    A card size too small cuts a card across its middle into two card-shaped shapes, each a
    half, side by side; neither half's corners hold a whole index where the reader looks, so
    neither reads surely. Together they fill one card-shaped quadrilateral."""
    if first.card is not None or second.card is not None:
        return None
    one = np.asarray(first.corners, np.float64)
    other = np.asarray(second.corners, np.float64)
    overlap, _ = cv2.intersectConvexConvex(one.astype(np.float32), other.astype(np.float32))
    if float(overlap) > MAX_HALVES_OVERLAP * min(_area(one), _area(other)):
        return None
    points = np.vstack([one, other])
    hull = _area(cv2.convexHull(points.astype(np.float32)).reshape(-1, 2))
    whole = four_corners(cv2.convexHull(points.astype(np.float32)))
    if whole is None or hull <= 0 or _union_area(one, other) < MIN_HALVES_FILL * hull:
        return None
    area = _area(whole)
    if not all(HALF_SHARES[0] * area <= _area(q) <= HALF_SHARES[1] * area for q in (one, other)):
        return None
    return whole if _card_shaped(whole) else None


# Two diagonal pieces of one card (a card size taken too small on a card whose index is a small
# share of it: each piece holds one index corner, h-size41): each this share of the card's area
# (0.5-0.77 of its sides), overlapping in the middle, at two opposite corners of the card.
PIECE_SHARES = (0.25, 0.6)
MAX_PIECES_OVERLAP = 0.5  # ... they overlap by more than nothing, at most this of the smaller
PIECE_SLACK = 0.02  # ... and lie in the card their sides make (their hull at most this more)


def diagonal_pieces(
    one: np.ndarray, other: np.ndarray, *, perspective: bool = False
) -> tuple[np.ndarray, list[int]] | None:
    """The card-shaped whole (4 x 2 corners) two overlapping shapes (4 x 2 corners each) are
    the diagonal pieces of, and its two corners neither piece lies at; or None.

    A card whose index is a small share of its height, found at 0.5-0.77 of its size, is cut
    into two card-shaped pieces at its two index corners, overlapping in its middle: each piece's
    corner farthest from the other is one of the card's, its opposite corner lies in the other
    piece, and the card's other two corners are where the pieces' sides meet (issue 28,
    h-size41). Two cards dealt overlapping make the same shape with felt at those two corners
    (the caller's test). Without ``perspective`` the card's far sides are taken parallel to
    ``one``'s (a parallelogram); with it (``FinderSettings.pieces_perspective``), along
    ``other``'s own sides at its far corner: in a tilted view a card's opposite sides converge,
    and the whole laid from one piece's directions alone is not the card (issue 28, h-twice49:
    a card 20-30 degrees tilted, its two pieces both read surely, was reported twice)."""
    overlap, _ = cv2.intersectConvexConvex(one.astype(np.float32), other.astype(np.float32))
    if not 0 < float(overlap) <= MAX_PIECES_OVERLAP * min(_area(one), _area(other)):
        return None
    held = []
    for quad, sibling in ((one, other), (other, one)):
        far = int(np.argmax(np.hypot(*(quad - sibling.mean(axis=0)).T)))
        inside = cv2.pointPolygonTest(
            sibling.astype(np.float32).reshape(-1, 1, 2),
            (float(quad[(far + 2) % 4][0]), float(quad[(far + 2) % 4][1])),
            False,
        )
        if inside < 0:
            return None  # its opposite corner not in the other piece: not diagonal pieces
        held.append(far)
    corner, along, across = (
        one[held[0]],
        one[(held[0] + 1) % 4] - one[held[0]],
        one[(held[0] - 1) % 4] - one[held[0]],
    )
    opposite = other[held[1]]
    pairs = [(along, across), (across, along)]
    if perspective:
        # The other piece's sides at its far corner, each paired with the side of ``one`` it
        # is least parallel to (the two meet at one of the card's free corners).
        sides = [other[(held[1] + 1) % 4] - opposite, other[(held[1] - 1) % 4] - opposite]

        def cross(a: np.ndarray, b: np.ndarray) -> float:
            return abs(float(a[0] * b[1] - a[1] * b[0])) / float(np.hypot(*a) * np.hypot(*b) or 1.0)

        if cross(along, sides[0]) < cross(along, sides[1]):
            sides.reverse()
        pairs = [(along, sides[0]), (across, sides[1])]
    free = []
    for first, second in pairs:
        # Where the side of ``one`` along ``first`` meets the side of ``other`` along ``second``.
        matrix = np.column_stack([first, -second])
        if abs(float(np.linalg.det(matrix))) < 1e-9:
            return None
        s, _ = np.linalg.solve(matrix, opposite - corner)
        free.append(corner + s * first)
    whole = np.array([corner, free[0], opposite, free[1]], np.float64)
    if not _card_shaped(whole):
        return None
    area = _area(whole)
    if not all(PIECE_SHARES[0] * area <= _area(q) <= PIECE_SHARES[1] * area for q in (one, other)):
        return None
    # Both pieces lie in the whole (their sides along its sides): the whole is their hull's.
    hull = _area(cv2.convexHull(np.vstack([one, other]).astype(np.float32)).reshape(-1, 2))
    if hull > area * (1 + PIECE_SLACK):
        return None
    return whole, [1, 3]


def _card_shaped(whole: np.ndarray) -> bool:
    """Whether a quadrilateral (4 x 2 corners) has a card's proportions (``CARD_ASPECTS``)."""
    sides = np.hypot(*(np.roll(whole, -1, axis=0) - whole).T)
    short, long = sorted(((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2))
    return bool(short > 0 and CARD_ASPECTS[0] <= long / short <= CARD_ASPECTS[1])


# An unread shape (no index read in it) is another shape of a card already reported when it
# overlaps one by more than this share of the smaller's area (h-twice8): the same share as the
# second look's for a finding on paper alone (``recover.apart``), one threshold, not two.
MAX_UNREAD_OVERLAP = RecoverySettings().max_unread_overlap
EDGE_PX = 2.0  # a shape with a corner this near the picture's edge runs into it


def _overlap_share(first: _Reported, second: _Reported) -> float:
    one = np.asarray(first.corners, np.float32)
    other = np.asarray(second.corners, np.float32)
    overlap, _ = cv2.intersectConvexConvex(one, other)
    smaller = min(_area(one), _area(other))
    return float(overlap) / smaller if smaller > 0 else 0.0


def at_edge(detection: _Reported, size: tuple[int, int]) -> bool:
    """Whether a shape runs into the picture's edge (``size``: height, width): a card partly
    out of view, its outline a guess laid at a card's size."""
    return runs_into_edge(np.asarray(detection.corners, np.float64), size)


def runs_into_edge(corners: np.ndarray, size: tuple[int, int]) -> bool:
    """Whether an outline (frame pixels) has a corner within ``EDGE_PX`` of the picture's edge
    (``size``: height, width)."""
    height, width = size
    return any(
        x <= EDGE_PX or y <= EDGE_PX or x >= width - 1 - EDGE_PX or y >= height - 1 - EDGE_PX
        for x, y in np.asarray(corners, np.float64).reshape(-1, 2).tolist()
    )


def unread_apart(
    detections: Sequence[_Reported], unread: Sequence[Reported], size: tuple[int, int]
) -> list[Reported]:
    """``unread`` (shapes no index reads in, in order) less those that are a second shape of a
    card reported: one overlapping by more than ``MAX_UNREAD_OVERLAP`` of the smaller's area

    - a detection read unsurely or an unread shape kept before it: two shapes of a wrong size
      or place on one card no index was read surely in (two cards dealt overlapping show an
      index each, and one read surely beside an unread one stays two cards: the unread one
      may be a card on top of it whose index did not read);
    - any detection, read surely or not, when the shape runs into the picture's edge
      (``size``: height, width): a card partly out of view, its outline a guess laid over the
      card beside it.
    """
    kept: list[Reported] = []
    for shape in unread:
        edge = at_edge(shape, size)
        others: list[_Reported] = [d for d in detections if edge or d.card is None]
        others.extend(kept)
        if any(_overlap_share(shape, other) > MAX_UNREAD_OVERLAP for other in others):
            continue
        kept.append(shape)
    return kept


# ``unsure_twins``: two shapes not read surely overlapping by more than this share of the
# smaller's area are one card laid twice (the bench's ornamental/blurred#33904900: 0.18 and 0.19)
TWIN_OVERLAP = 0.15
# ... when the one showing less paper has a face (median grey) under this share of the frame's
# sure cards' paper: mostly felt (that scene's second half 0.43; its sure cards' faces 0.9-1.0).
TWIN_FELT = 0.6


def unsure_twins(
    detections: Sequence[Reported], paper: Callable[[Reported], float], felt: float
) -> list[Reported]:
    """``detections`` (in order) less each one not read surely whose face's level (``paper``)
    is under ``felt`` (mostly felt inside) that overlaps another not read surely, showing more
    paper, by more than ``TWIN_OVERLAP`` of the smaller's area (``FinderSettings.unsure_twins``;
    issue 28, h-nocard45): one card laid as two wrong-way-round halves, each holding half of it
    and the felt beside it, neither read. Two cards dealt overlapping, neither read, each show
    their paper (the building check's anglo/dim#7900000 4C under the 7D). Cards read surely are
    never judged, nor judge."""
    unsure = [d for d in detections if d.card is None]
    levels = {id(d): paper(d) for d in unsure}
    return [
        d
        for d in detections
        if d.card is not None
        or levels[id(d)] >= felt
        or not any(
            other is not d
            and levels[id(other)] > levels[id(d)]
            and _overlap_share(d, other) > TWIN_OVERLAP
            for other in unsure
        )
    ]


def surer_inside(detections: Sequence[Reported], size: tuple[int, int]) -> list[Reported]:
    """``detections`` (in order) less each one read unsurely that runs into the picture's edge
    (``size``: height, width) and overlaps a surer detection by more than
    ``MAX_UNREAD_OVERLAP`` of the smaller's area: a card partly out of view, its outline a
    guess laid over the card beside it, whose index read (unsurely) there."""
    return [
        d
        for d in detections
        if d.card is not None
        or not at_edge(d, size)
        or not any(
            other is not d
            and _surer(other) > _surer(d)
            and _overlap_share(d, other) > MAX_UNREAD_OVERLAP
            for other in detections
        )
    ]


def unsure_on_sure(detections: Sequence[Reported]) -> list[Reported]:
    """``detections`` (in order) less each one not read surely (uncertain or unread) whose
    centre lies inside the outline of a card read surely and which overlaps it by more than
    ``MAX_UNREAD_OVERLAP`` of the smaller's area: another shape of that card (issue 28,
    h-ghost27). A card 200-300 pixels wide taken at a smaller size, or a little off its
    place, is found as the shape read at its index corner and a second shape over its far
    half or its court picture, which reads unsurely (often as some court card, from the
    picture) or not at all. Two cards dealt as a croupier deals them never have one's centre
    under the other's outline (``one_per_card``: they cannot both show their faces)."""
    sure = [d for d in detections if d.card is not None]
    return [
        d
        for d in detections
        if d.card is not None
        or not any(
            _holds(other, d.center) and _overlap_share(d, other) > MAX_UNREAD_OVERLAP
            for other in sure
        )
    ]


# The pieces of one card cut at a card size too small (issue 28, h-halves40): a card 170-300
# pixels wide whose index is a small share of its height is taken for a card larger than it
# is (``pipeline._too_large``), and the finding at the smaller size cuts it into halves or
# quarters, each card-shaped; the piece holding the index reads surely, the others do not.
MAX_PIECES = 3  # besides the card read surely: the other three quarters at most
MAX_PIECE_SHARE = 0.7  # each piece is at most this share of the whole's area
PIECE_REACH = 0.15  # pieces are looked for this share of the sure card's diagonal round it
# ... and together fill at least this share of the hull round them: pieces laid at one card
# size tile their card (0.939: a 7D 268 pixels wide in halves, test_pieces_of_sure); two
# cards side by side more than 0.15 of a card's width apart do not (0.909 at a fifth). Four
# quarters leave more gaps between them (0.903: a 5S 264 pixels wide, the tuning seeds), and
# four cards dealt in a block of two by two, three of them unread, are not a coup's lie:
# ``MIN_HALVES_FILL`` for them.
MIN_PIECES_FILL = 0.93


def pieces_whole(pieces: Sequence[np.ndarray]) -> np.ndarray | None:
    """The card-shaped whole (4 x 2 corners) ``pieces`` tile, or None: they overlap each other
    by at most ``MAX_HALVES_OVERLAP`` of the smaller, fill ``MIN_PIECES_FILL`` of the hull
    round them (four: ``MIN_HALVES_FILL``), each at most ``MAX_PIECE_SHARE`` of it, and the
    hull is a card's shape."""
    for n, one in enumerate(pieces):
        for other in pieces[n + 1 :]:
            overlap, _ = cv2.intersectConvexConvex(one.astype(np.float32), other.astype(np.float32))
            if float(overlap) > MAX_HALVES_OVERLAP * min(_area(one), _area(other)):
                return None
    points = np.vstack(pieces).astype(np.float32)
    hull = cv2.convexHull(points)
    hull_area = _area(hull.reshape(-1, 2))
    whole = four_corners(hull)
    if whole is None or hull_area <= 0:
        return None
    # The pieces' union, drawn on a raster of the hull's box (a few pixels a side).
    low = points.min(axis=0)
    size = np.ceil(points.max(axis=0) - low).astype(int) + 3
    covered = np.zeros((int(size[1]), int(size[0])), np.uint8)
    for piece in pieces:
        cv2.fillConvexPoly(covered, np.round(piece - low).astype(np.int32), 1)
    least = MIN_HALVES_FILL if len(pieces) == 4 else MIN_PIECES_FILL
    if float(covered.sum()) < least * hull_area:
        return None
    area = _area(whole)
    if any(_area(piece) > MAX_PIECE_SHARE * area for piece in pieces):
        return None
    return whole if _card_shaped(whole) else None


def pieces_of_sure(detections: Sequence[Reported]) -> list[Reported]:
    """``detections`` (in order) less the shapes not read surely that, with a card read
    surely, tile one card-shaped whole: that card's other pieces, cut at a card size too small
    (its other half, or its other three quarters), in which no index reads or only that card's
    (a piece holding the card's far index corner). The largest such group round each card read
    surely is dropped. Two cards dealt touching side by side tile a card-shaped whole too, so
    a shape whose best guess is another card is never a piece: it is that card, its index
    read unsurely."""
    sure = [d for d in detections if d.card is not None]
    dropped: set[int] = set()
    for card in sure:
        corners = np.asarray(card.corners, np.float64)
        reach = PIECE_REACH * float(np.hypot(*np.ptp(corners, axis=0)))
        near = [
            n
            for n, d in enumerate(detections)
            if d.card is None
            and d.candidate in (None, card.card)
            and n not in dropped
            and cv2.pointPolygonTest(
                cv2.convexHull(corners.astype(np.float32)),
                tuple(float(v) for v in np.asarray(d.corners, np.float64).mean(axis=0)),
                True,
            )
            > -reach - float(np.hypot(*np.ptp(np.asarray(d.corners, np.float64), axis=0)))
        ]
        best: tuple[int, ...] = ()
        for size in range(1, min(MAX_PIECES, len(near)) + 1):
            for group in combinations(near, size):
                pieces = [corners, *(np.asarray(detections[n].corners, np.float64) for n in group)]
                if len(group) > len(best) and pieces_whole(pieces) is not None:
                    best = group
        dropped.update(best)
    return [d for n, d in enumerate(detections) if n not in dropped]


# The middle card of a hand dealt overlapping, laid from its index corner
# (``pipeline.CardDetector._between_indices``), overlaps each card dealt beside it by at most
# this share of the smaller's area: its centre lies ``FinderSettings.hand_clear`` of a width
# or more outside their outlines (0.32 the most measured on the bench's generator, building
# designs, issue 28, h-twice46).
MAX_HAND_OVERLAP = 0.35


def laid_apart(detections: Sequence[Reported], laid: Callable[[Reported], bool]) -> list[Reported]:
    """``detections`` (in order) less each one ``laid`` says was laid from an index corner as
    the middle card of a hand that meets another shape reported more than a card dealt beside
    it can: either's centre on the other's outline, or the two overlapping by more than
    ``MAX_HAND_OVERLAP`` of the smaller's area. Such a shape is a second shape of a card
    already reported (issue 28, h-twice46: ``FinderSettings.hand_index_apart``); the shape
    reported without it stays."""
    return [
        d
        for d in detections
        if not laid(d)
        or not any(
            other is not d
            and (
                _holds(other, d.center)
                or _holds(d, other.center)
                or _overlap_share(d, other) > MAX_HAND_OVERLAP
            )
            for other in detections
        )
    ]


def laid_over(detections: Sequence[Reported], laid: Callable[[Reported], bool]) -> list[Reported]:
    """``detections`` (in order) less each one not read surely (uncertain or unread) that
    overlaps a card read surely that ``laid`` says a step after the finding laid (step 13's
    corner cards and the steps that add cards as it does) by more than ``MAX_UNREAD_OVERLAP``
    of the smaller's area: the same card placed otherwise (``FinderSettings.corner_cards_apart``;
    issue 28, h-twice49). Step 13 lets a card shut out a shape only where either's centre lies
    on the other; the bench's tango/tilted#13590288 8C was laid there read surely beside the
    finding's outline of it shifted half a card off onto a printed box (read ?TH), overlapping
    by 0.38 of the smaller, neither centre on the other, and both were reported. Two cards the
    bench's generator deals overlap by a fifth of a card at most."""
    sure = [d for d in detections if d.card is not None and laid(d)]
    return [
        d
        for d in detections
        if d.card is not None
        or not any(_overlap_share(d, other) > MAX_UNREAD_OVERLAP for other in sure)
    ]


def unsure_apart(detections: Sequence[Reported]) -> list[Reported]:
    """``detections`` (in order) less each one not read surely (uncertain or unread) that
    overlaps a surer one not read surely, kept, by more than ``MAX_UNREAD_OVERLAP`` of the
    smaller's area, neither centre on the other needed (``FinderSettings.unsure_apart``; issue 28,
    h-twice49): two shapes of one card, each a part of it at a card size too small. The bench's
    tango/clutter#13590351 7C, half under the 5S dealt over it, was found as two shapes 0.71 and
    0.73 of it, overlapping by 0.39 of the smaller, both read ?TC at one corner: too much overlap
    for a card's halves (``whole_of_halves``: 0.35), too large for diagonal pieces, both showing
    paper (``unsure_twins``), neither centre on the other (``one_per_card``), and it was
    reported twice (so was #13590383's 4D under the 7D: two upright shapes across it, lying
    sideways, overlapping by 0.42, read ?JD and ?QD). ``unread_apart`` already drops an unread
    shape over one read unsurely by as much; two cards the bench's generator deals overlap by a
    fifth of a card at most. Cards read surely are never judged, nor judge."""
    kept: list[Reported] = []
    for detection in sorted(detections, key=_surer, reverse=True):
        if detection.card is None and any(
            other.card is None and _overlap_share(detection, other) > MAX_UNREAD_OVERLAP
            for other in kept
        ):
            continue
        kept.append(detection)
    return [d for d in detections if any(d is k for k in kept)]
