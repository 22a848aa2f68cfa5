"""The house's deck read by its whole faces (issue 28, point 4).

A card's corner index is a few glyphs; its whole face (the pips' layout, a court card's
picture, the ink's colour) is far more to go on when the design is known. At enrolment each
card's face is warped from its photograph to an upright card of ``FACE_SIZE`` by the card's
outline; at the table a card the readers left uncertain is warped the same way and compared
with the 52 enrolled faces, both ways up (:class:`FaceMatcher`).

The comparison: each face divided by its own heavily blurred self, channel by channel (a
lamp's gradient, a shadow's edge and a cast's gains drop out), as a grey picture and a
redness picture (red ink against black ink and paper), at two blurs; a normalised correlation
per blur, over the part of the card no other card's outline covers, shifted by up to
``SHIFT`` pixels (an outline a pixel or two off), averaged.

What the faces settle, measured on building designs (docs/benchmarks.md): a face taken by the
table's camera is small and soft, so its pips' layout, a court card's picture and its colour
show surely, but a spade's pip from a club's not (nor a heart's from a diamond's). So the faces
decide a card's *rank and colour* (``settle``): the best rank-and-colour must match well
(``MATCH_LEAST``: a card of another design does not) and clearly better than any other
(``MARGIN``; ``CHANGE_MARGIN`` to name another rank or colour than the readers' candidate).
Which suit of that colour it is, the corner readers say (their probabilities of the two suits,
``SUIT_SURE``), and the face of that suit must be as good as its twin's (``SUIT_SLACK``); or the
face's fine detail says it (:class:`SuitPair`: the face aligned to each of the two faces of its
rank and colour and compared where they differ, in units of how far apart the two lie when the
enrolled photographs themselves are made small and soft). Anything else stays as the corner
readers left it.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

import cv2
import numpy as np

from dealer_assist.cards import RED_SUITS, Card, Rank, Suit
from dealer_assist.vision.geometry import portrait_orders

# The upright card a face is warped to (width, height: a card's 5:7), and the border cut off
# each side before comparing (the outline may be off by a pixel or two, showing felt).
FACE_SIZE = (80, 112)
BORDER = 4
# The lighting is what each channel shows blurred by this much (face pixels).
LIGHT_SIGMA = 12.0
# The comparisons: the face blurred by ``sigma`` (face pixels) and shrunk ``step`` times; the
# redness weighed this much against the grey picture.
LEVELS: tuple[tuple[float, int], ...] = ((1.0, 2), (2.0, 4))
REDNESS = 3.0
# The live face is compared shifted by up to this many face pixels each way.
SHIFT = 1
# Chosen on building designs only (docs/benchmarks.md, "The house's deck by its whole faces").
MATCH_LEAST = 0.55
MARGIN = 0.06
# A face that names another rank or colour than the corner readers' candidate needs this clear
# a margin.
CHANGE_MARGIN = 0.1
# The suit of the faces' colour the looks like best must have this share of the looks' belief
# in that colour's two suits, and those two at least this share of all four.
SUIT_SURE = 0.97
SUIT_MASS_LEAST = 0.05
SUIT_SLACK = 0.01
# A sure reading is left uncertain when its face matches a card of the other colour better by
# this much (``contradicts``).
COLOUR_VETO = 0.1
# A rank the looks read surely is changed by the faces only when the best face matches at
# least this well (h-deck29, building seeds: the faces' right changes of a rank read surely
# matched 0.79-0.98, a small 2H read as 3H and an 8H as TH 0.59 and 0.61).
RANK_CHANGE_LEAST = 0.7
# A rank no look at an index corner in the open gives at least ``RANK_SEEN`` of its belief is
# named by the faces (instead of the readers' candidate) only when the best face matches at
# least ``UNSEEN_CHANGE_LEAST`` (h-wrong30, building seeds: the faces' wrong changes of a rank
# no look saw matched 0.74 and 0.85, their right ones 0.92-0.95).
RANK_SEEN = 0.2
UNSEEN_CHANGE_LEAST = 0.9
# A card more than this share of whose face lies under other cards' outlines is not compared.
COVERED_MOST = 0.25
# The suit by the face's fine detail (``SuitPair``): the fine pictures' blur and the blur of the
# two faces' difference that weighs the pixels compared (face pixels, after the border is cut).
SUIT_SIGMA = 1.0
SUIT_DIFFERENCE_SIGMA = 2.0
# The aligning of one face to another (``cv2.findTransformECC``, an affine map): its iterations,
# its least step and the blur it works at.
ALIGN_ITERATIONS = 50
ALIGN_EPSILON = 1e-4
ALIGN_SIGMA = 1.5
# The check at enrolment: each face of a pair made as a small, soft camera shows it (shrunk to
# this share and back, blurred, turned and moved a little) must still be told from its twin by
# this much (the pair's *separation*; a design whose spades and clubs differ only in a pip's
# notch is not separated at the faces' size, and its suit is left to the corner readers).
SEPARATION_SHRINK = 0.6
SEPARATION_BLUR = 0.8
SEPARATION_TURN_DEG = 1.0
SEPARATION_MOVE = 0.6
SEPARATION_LEAST = 0.03
# With ``orient`` (``SuitPair``, ``upright``): a pair's second face is turned half a turn when
# that way up it agrees with the first by this much more (the ECC of ``_aligned``). A card whose
# layout is the same both ways up (a two, a four, most courts' pictures) agrees within
# 0.01-0.02 either way, and which way then is chance (h-twin43: anglo's 6H turned by 0.006 lost
# half its separation); an odd middle pip or a picture half a turn apart differs by 0.02-0.46
# (tango's and simplistic's 7S against 7C 0.10 and 0.14, simplistic's JS against JC 0.45).
ORIENT_MARGIN = 0.02
# A live face decides the suit when its margin reaches this share of the pair's separation and
# names the suit the corner readers find likelier, or the larger share whatever they find (the
# largest wrong share on the building tuning scenes was 0.66: docs/benchmarks.md, enrol6).
SUIT_SHARE = 0.5
SUIT_SHARE_AGAINST = 1.0
# The court ranks, whose faces are pictures (``settle``'s ``court_margin``).
COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)
# With ``settle``'s ``rank_pair``: where the best rank and colour is not ``MARGIN`` clear of the
# next, the live face is compared with the best face of each of the two where those two faces
# differ (a :class:`SuitPair` of the two, its separation measured as at enrolment), and the
# best is kept when the face's detail names it by at least ``rank_pair`` of that separation and
# the third rank and colour lies ``MARGIN`` below the best (issue 28, h-deck42: the building
# check's dim 5H and 4H, 6H and 7H, 7S and 6S, whose faces differ by a pip or two).
RANK_PAIR_SHARE = 0.5


def warp_face(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card inside ``quad`` (frame pixels), upright at ``FACE_SIZE``, in the order
    ``portrait_orders`` gives first."""
    ordered = portrait_orders(np.asarray(quad, np.float64))[0]
    width, height = FACE_SIZE
    side = float(np.hypot(*(ordered[1] - ordered[0])))
    # A large card is warped at its own scale, then shrunk by area (no aliasing of fine ink).
    scale = max(1, min(4, round(side / width)))
    target = np.array(
        [[0, 0], [width * scale, 0], [width * scale, height * scale], [0, height * scale]],
        np.float32,
    )
    matrix = cv2.getPerspectiveTransform(ordered.astype(np.float32), target)
    warped = cv2.warpPerspective(
        image, matrix, (width * scale, height * scale), flags=cv2.INTER_LINEAR
    )
    if scale > 1:
        warped = cv2.resize(warped, (width, height), interpolation=cv2.INTER_AREA)
    if warped.ndim == 2:
        warped = cv2.cvtColor(warped, cv2.COLOR_GRAY2BGR)
    return warped


def covered(
    quad: np.ndarray, others: Sequence[np.ndarray], frame_size: tuple[int, int] | None = None
) -> np.ndarray:
    """Which pixels of the warped face (``warp_face``) lie under ``others`` or, given the
    frame's ``(height, width)``, outside the frame (a bool array)."""
    width, height = FACE_SIZE
    ordered = portrait_orders(np.asarray(quad, np.float64))[0]
    target = np.array([[0, 0], [width, 0], [width, height], [0, height]], np.float32)
    matrix = cv2.getPerspectiveTransform(ordered.astype(np.float32), target)
    mask = np.zeros((height, width), np.uint8)
    for other in others:
        points = cv2.perspectiveTransform(
            np.asarray(other, np.float32).reshape(-1, 1, 2), matrix
        ).reshape(-1, 2)
        if np.isfinite(points).all() and np.abs(points).max() < 1e5:
            cv2.fillConvexPoly(mask, np.round(points).astype(np.int32), 1)
    rows, cols = frame_size if frame_size is not None else (0, 0)
    corners = np.asarray(quad, np.float64).reshape(-1, 2)
    if frame_size is not None and not (
        (corners >= 0).all() and (corners[:, 0] < cols).all() and (corners[:, 1] < rows).all()
    ):
        # Which face pixels come from inside the frame (a card partly out of the picture).
        inverse = np.linalg.inv(matrix)
        grid = np.stack(np.meshgrid(np.arange(width) + 0.5, np.arange(height) + 0.5), axis=-1)
        source = cv2.perspectiveTransform(grid.reshape(-1, 1, 2).astype(np.float32), inverse)
        x, y = source[:, 0, 0], source[:, 0, 1]
        outside = (x < 0) | (y < 0) | (x >= cols) | (y >= rows) | ~np.isfinite(x)
        mask |= outside.reshape(height, width).astype(np.uint8)
    return mask.astype(bool)


def _pictures(face: np.ndarray, dx: int = 0, dy: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """A face's grey and redness pictures (inner part, floats), its light divided out; of the
    face moved ``dx``, ``dy`` pixels (less than ``BORDER``: the inner part of the face moved is
    a part of the face as it is, no pixel of it from beyond the face's edge)."""
    height, width = face.shape[:2]
    rows = slice(BORDER - dy, height - BORDER - dy)
    columns = slice(BORDER - dx, width - BORDER - dx)
    inner = face[rows, columns].astype(np.float32) + 1.0
    flat = inner / cv2.GaussianBlur(inner, (0, 0), LIGHT_SIGMA)
    # The channels' mean written out (numpy's mean over three values costs more than the sum).
    grey = (flat[:, :, 0] + flat[:, :, 1] + flat[:, :, 2]) / 3
    redness = flat[:, :, 2] - 0.5 * (flat[:, :, 0] + flat[:, :, 1])
    return grey, redness


def _levels(face: np.ndarray, dx: int = 0, dy: int = 0) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per level, the grey and redness pictures blurred and shrunk, flattened (of the face
    moved ``dx``, ``dy`` pixels: ``_pictures``)."""
    grey, redness = _pictures(face, dx, dy)
    result = []
    for sigma, step in LEVELS:
        size = (grey.shape[1] // step, grey.shape[0] // step)
        result.append(
            tuple(
                cv2.resize(
                    cv2.GaussianBlur(picture, (0, 0), sigma), size, interpolation=cv2.INTER_AREA
                ).reshape(-1)
                for picture in (grey, redness)
            )
        )
    return result  # type: ignore[return-value]


def _weights(mask: np.ndarray | None) -> list[np.ndarray]:
    """Per level, each pixel's weight (1 in the open, 0 under another card), flattened."""
    width, height = FACE_SIZE
    open_ = np.ones((height, width), np.float32) if mask is None else (~mask).astype(np.float32)
    inner = open_[BORDER:-BORDER, BORDER:-BORDER]
    result = []
    for _, step in LEVELS:
        size = (inner.shape[1] // step, inner.shape[0] // step)
        shrunk = cv2.resize(inner, size, interpolation=cv2.INTER_AREA)
        result.append((shrunk > 0.99).astype(np.float32).reshape(-1))
    return result


def _red(suit: Suit) -> bool:
    return suit in RED_SUITS


_CRITERIA = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, ALIGN_ITERATIONS, ALIGN_EPSILON)


def _fine(face: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A face's grey and redness pictures at full size (``_pictures``)."""
    grey, redness = _pictures(np.ascontiguousarray(face))
    return grey.astype(np.float32), redness.astype(np.float32)


def _smooth(picture: np.ndarray) -> np.ndarray:
    return cv2.GaussianBlur(picture, (0, 0), SUIT_SIGMA)


def _aligned(
    fixed: np.ndarray, moving: np.ndarray, open_: np.ndarray | None
) -> tuple[float, np.ndarray]:
    """The affine map from ``fixed``'s pixels to where they lie in ``moving`` (grey pictures;
    ``open_``: the pixels of ``moving`` to go by, uint8), and how well the two then agree (the
    ECC); no move and -1 when the search does not converge."""
    try:
        agreement, warp = cv2.findTransformECC(
            cv2.GaussianBlur(fixed, (0, 0), ALIGN_SIGMA),
            cv2.GaussianBlur(moving, (0, 0), ALIGN_SIGMA),
            np.eye(2, 3, dtype=np.float32),
            cv2.MOTION_AFFINE,
            _CRITERIA,
            open_,  # type: ignore[arg-type]
            5,
        )
    except cv2.error:
        return -1.0, np.eye(2, 3, dtype=np.float32)
    return float(agreement), np.asarray(warp, np.float32)


def _moved(
    picture: np.ndarray, warp: np.ndarray, size: tuple[int, int], fill: bool = True
) -> np.ndarray:
    """``picture`` resampled at the pixels ``warp`` maps ``size`` to (``_aligned``); outside it,
    its edge repeated (``fill``) or zero."""
    moved: np.ndarray = cv2.warpAffine(
        picture,
        warp,
        size,
        flags=cv2.INTER_LINEAR + cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE if fill else cv2.BORDER_CONSTANT,
        borderValue=0,
    )
    return moved


def _correlation(first: np.ndarray, second: np.ndarray, weights: np.ndarray) -> float:
    """The weighted normalised correlation of two pictures (flattened)."""
    total = max(float(weights.sum()), 1e-6)
    first = first - float((first * weights).sum()) / total
    second = second - float((second * weights).sum()) / total
    across = float((first * second * weights).sum())
    return across / (
        float(np.sqrt((first * first * weights).sum() * (second * second * weights).sum())) + 1e-9
    )


def softened(face: np.ndarray) -> np.ndarray:
    """A face as a smaller, softer camera shows it, a little turned and moved (the check of a
    :class:`SuitPair` at enrolment)."""
    height, width = face.shape[:2]
    matrix = cv2.getRotationMatrix2D((width / 2, height / 2), SEPARATION_TURN_DEG, 1.0)
    matrix[0, 2] += SEPARATION_MOVE
    matrix[1, 2] += SEPARATION_MOVE / 2
    moved = cv2.warpAffine(
        face, matrix, (width, height), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    small = cv2.resize(
        moved,
        (round(width * SEPARATION_SHRINK), round(height * SEPARATION_SHRINK)),
        interpolation=cv2.INTER_AREA,
    )
    back = cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)
    result: np.ndarray = cv2.GaussianBlur(back, (0, 0), SEPARATION_BLUR)
    return result


def upright(first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, bool]:
    """``second`` the way up that agrees better with ``first`` (as it is or half a turn: a
    card's face is the same both ways up but for its odd middle pips and its pictures' shading,
    so the better-aligned way is the one the two were printed alike; turned only when
    ``ORIENT_MARGIN`` better), and whether it was turned. The agreement is the ECC of
    ``_aligned`` (the affine map each way found from no move)."""
    turned = np.ascontiguousarray(second[::-1, ::-1])
    grey = _fine(first)[0]
    as_is = _aligned(grey, _fine(second)[0], None)[0]
    half = _aligned(grey, _fine(turned)[0], None)[0]
    return (turned, True) if half >= as_is + ORIENT_MARGIN else (second, False)


@dataclass(frozen=True, slots=True)
class _PairView:
    """One face of a pair, one way up: its grey picture (to align a live face to), its fine
    pictures and its twin's aligned to it (blurred by ``SUIT_SIGMA``, joined: grey, then the
    redness weighed by ``REDNESS``), and where the two differ (the weights)."""

    grey: np.ndarray
    mine: np.ndarray
    twin: np.ndarray
    differ: np.ndarray


class SuitPair:
    """The enrolled faces of one rank in the two suits of a colour (a spade and a club, a heart
    and a diamond), to tell which of them a live face is (``margin``).

    The pips' layout is the same for both suits of a rank, so what tells them apart is the
    pips' shape (a court card: its picture), a few pixels at the faces' size. A live face is
    aligned to each enrolled face in turn (an affine map, both ways up: the better), its twin
    aligned to it the same way, and the live face compared with the two where they differ.
    ``separation``: the margin when each enrolled face itself, made small and soft
    (``softened``), is compared (the smaller of the two), the unit a live margin is measured in.
    ``orient``: the second face is first turned the way up it agrees with the first (``upright``,
    issue 28, h-twin43: old deck files keep each face the way its enrolment photograph shows it,
    so twins may lie half a turn from each other and differ by their whole layout's turn, not by
    their suits); off: as enrolled.
    """

    def __init__(self, first: np.ndarray, second: np.ndarray, *, orient: bool = False) -> None:
        self.turned = False  # whether the second face was turned half a turn (``orient``)
        if orient:
            second, self.turned = upright(first, second)
        self._views: list[list[_PairView]] = []
        for mine, twin in ((first, second), (second, first)):
            ways: list[_PairView] = []
            for turned in (False, True):
                grey, redness = _fine(mine[::-1, ::-1] if turned else mine)
                twin_grey, twin_redness = _fine(twin[::-1, ::-1] if turned else twin)
                _, warp = _aligned(grey, twin_grey, None)
                size = (grey.shape[1], grey.shape[0])
                own = (_smooth(grey), _smooth(redness))
                other = (
                    _smooth(_moved(twin_grey, warp, size)),
                    _smooth(_moved(twin_redness, warp, size)),
                )
                difference = np.abs(own[0] - other[0]) + REDNESS * np.abs(own[1] - other[1])
                ways.append(
                    _PairView(
                        grey,
                        np.concatenate([own[0].ravel(), REDNESS * own[1].ravel()]),
                        np.concatenate([other[0].ravel(), REDNESS * other[1].ravel()]),
                        cv2.GaussianBlur(difference, (0, 0), SUIT_DIFFERENCE_SIGMA),
                    )
                )
            self._views.append(ways)
        first_margin, _, first_like_twin = self.compare(softened(first))
        second_margin, second_like_twin, _ = self.compare(softened(second))
        self.separation = min(first_margin, -second_margin)
        # How much each face, made soft, looks like its twin where the two differ: a live face
        # must look more like the face it is named than that (``share``).
        self.twins_alike = max(first_like_twin, second_like_twin)

    def margin(self, face: np.ndarray, mask: np.ndarray | None = None) -> float:
        """How much better a warped face (``warp_face``; ``mask``: its covered pixels) matches
        the first face than the second where the two differ (negative: the second), the mean of
        the comparison in each face's own frame."""
        return self.compare(face, mask)[0]

    def compare(
        self, face: np.ndarray, mask: np.ndarray | None = None
    ) -> tuple[float, float, float]:
        """``margin``, and how well the face matches the first and the second face where they
        differ (each the mean of its correlation in the two frames)."""
        grey, redness = _fine(face)
        open_ = (
            np.ones(grey.shape, np.uint8)
            if mask is None
            else (~mask[BORDER:-BORDER, BORDER:-BORDER]).astype(np.uint8)
        )
        found: list[tuple[float, float]] = []  # per frame: its own face's, its twin's
        for ways in self._views:
            best: tuple[float, tuple[float, float]] | None = None
            for view in ways:
                agreement, warp = _aligned(view.grey, grey, open_)
                if best is not None and agreement <= best[0]:
                    continue
                size = (view.grey.shape[1], view.grey.shape[0])
                live = np.concatenate(
                    [
                        _smooth(_moved(grey, warp, size)).ravel(),
                        REDNESS * _smooth(_moved(redness, warp, size)).ravel(),
                    ]
                )
                inside = _moved(open_.astype(np.float32), warp, size, fill=False) > 0.99
                weights = np.tile((view.differ * inside).ravel(), 2)
                best = (
                    agreement,
                    (
                        _correlation(live, view.mine, weights),
                        _correlation(live, view.twin, weights),
                    ),
                )
            assert best is not None
            found.append(best[1])
        (first_own, first_twin), (second_own, second_twin) = found
        return (
            ((first_own - first_twin) - (second_own - second_twin)) / 2,
            (first_own + second_twin) / 2,
            (second_own + first_twin) / 2,
        )

    def share(self, face: np.ndarray, mask: np.ndarray | None = None) -> float:
        """The live margin in units of the pair's separation (positive: the first face); 0
        (no say) when the pair is not separated at enrolment (``SEPARATION_LEAST``), or when
        the live face looks no more like the face it would name than that face's twin does
        (``twins_alike``: a card of another design, or not this rank, lies far from both)."""
        if self.separation < SEPARATION_LEAST:
            return 0.0
        margin, like_first, like_second = self.compare(face, mask)
        if (like_first if margin > 0 else like_second) <= self.twins_alike:
            return 0.0
        return margin / self.separation


def twin_of(suit: Suit) -> Suit:
    """The other suit of ``suit``'s colour (a heart's diamond)."""
    return next(s for s in Suit if s != suit and _red(s) == _red(suit))


def borne_out(suit: Suit, corners: Sequence[Mapping[Suit, float]]) -> bool:
    """Whether no corner's look (``FaceMatcher.settle``'s ``corners``) finds the other suit of
    ``suit``'s colour likelier than ``suit``."""
    twin = twin_of(suit)
    return all(corner.get(twin, 0.0) <= corner.get(suit, 0.0) for corner in corners)


class FaceMatcher:
    """The 52 enrolled faces, both ways up, ready to compare (``scores``, ``settle``)."""

    def __init__(self, faces: np.ndarray, cards: Sequence[Card]) -> None:
        self.faces = faces  # (cards, height, width, 3) uint8, upright as enrolled
        self.cards = tuple(cards)
        # Per level: grey and redness of every template; templates 2k and 2k + 1 are card k's
        # face and the face turned half a turn.
        greys: list[list[np.ndarray]] = [[] for _ in LEVELS]
        reds: list[list[np.ndarray]] = [[] for _ in LEVELS]
        for face in faces:
            for turned in (face, face[::-1, ::-1]):
                for n, (grey, redness) in enumerate(_levels(np.ascontiguousarray(turned))):
                    greys[n].append(grey)
                    reds[n].append(redness)
        self._templates = [(np.stack(g), np.stack(r)) for g, r in zip(greys, reds, strict=True)]
        # The templates as compared with a face nothing covers (the common case), prepared once:
        # grey centred and redness weighed, each template's rows of unit length.
        self._open: list[np.ndarray] = []
        for greys_n, reds_n in self._templates:
            joined = np.hstack([greys_n - greys_n.mean(axis=1, keepdims=True), reds_n * REDNESS])
            joined /= np.linalg.norm(joined, axis=1, keepdims=True) + 1e-6
            self._open.append(joined.astype(np.float32))
        self._groups: dict[tuple[object, bool], list[int]] = {}
        for k, card in enumerate(self.cards):
            self._groups.setdefault((card.rank, _red(card.suit)), []).append(k)
        # Each rank and colour's two faces, to tell its suits apart (checked as they are made).
        self.pairs: dict[tuple[object, bool], SuitPair] = {
            key: SuitPair(faces[ks[0]], faces[ks[1]])
            for key, ks in self._groups.items()
            if len(ks) == 2
        }
        # Two faces of different ranks or colours, to tell which a live face is (``settle``'s
        # ``rank_pair``), made when first asked.
        self._rank_pairs: dict[tuple[int, int], SuitPair] = {}
        # Every pair's second face turned the way up it agrees with the first (``oriented``).
        self.orient_twins = False
        self._oriented: FaceMatcher | None = None

    def oriented(self) -> FaceMatcher:
        """This matcher with every pair (``pairs``, and ``settle``'s ``rank_pair`` pairs) made
        with its second face turned the way up it agrees with the first (``SuitPair``'s
        ``orient``; FinderSettings.deck_orient_twins, issue 28, h-twin43); the faces and their
        templates shared. Made once."""
        if self.orient_twins:
            return self
        if self._oriented is None:
            other = copy.copy(self)
            other.orient_twins = True
            other._oriented = None
            other.pairs = {
                key: SuitPair(self.faces[ks[0]], self.faces[ks[1]], orient=True)
                for key, ks in self._groups.items()
                if len(ks) == 2
            }
            other._rank_pairs = {}
            self._oriented = other
        return self._oriented

    def told_apart(self, card: Card) -> bool:
        """Whether the check at enrolment found ``card``'s face far enough from its twin's (the
        same rank, the other suit of its colour) to tell them apart (``SEPARATION_LEAST``)."""
        pair = self.pairs.get((card.rank, _red(card.suit)))
        return pair is None or pair.separation >= SEPARATION_LEAST

    @property
    def separated(self) -> list[tuple[Card, Card]]:
        """The pairs of cards (same rank and colour) whose faces the check at enrolment found
        far enough apart to tell their suits (``SEPARATION_LEAST``)."""
        return [
            (self.cards[self._groups[key][0]], self.cards[self._groups[key][1]])
            for key, pair in self.pairs.items()
            if pair.separation >= SEPARATION_LEAST
        ]

    def _ranked(self, scores: np.ndarray) -> list[tuple[float, tuple[object, bool]]]:
        """Each rank and colour (``(rank, red)``) with its best face's score, best first."""
        return sorted(
            ((float(scores[ks].max()), key) for key, ks in self._groups.items()), reverse=True
        )

    def named(self, face: np.ndarray, mask: np.ndarray | None = None) -> tuple[Rank, bool] | None:
        """The rank and colour (``(rank, red)``) the faces name for a warped face: the best
        rank and colour matches at least ``MATCH_LEAST`` and ``MARGIN`` better than any other
        (as ``settle`` asks to keep a candidate's); None when the faces have no say (too much
        covered, no face matching well, or two ranks or colours alike)."""
        scores = self.scores(face, mask)
        return None if scores is None else self._named_by(scores)

    def _named_by(self, scores: np.ndarray) -> tuple[Rank, bool] | None:
        """``named``'s rank and colour from the faces' scores already made."""
        (best, key), (runner_up, _) = self._ranked(scores)[:2]
        if best < MATCH_LEAST or best - runner_up < MARGIN:
            return None
        return cast(tuple[Rank, bool], key)

    def _scores_once(
        self, face: np.ndarray, weights: list[np.ndarray], dx: int = 0, dy: int = 0
    ) -> np.ndarray:
        total = np.zeros(len(self._templates[0][0]), np.float64)
        levels = _levels(face, dx, dy)
        if all(bool(w.all()) for w in weights):
            for (grey, redness), joined in zip(levels, self._open, strict=True):
                vector = np.concatenate([grey - grey.mean(), redness * REDNESS])
                total += joined @ (vector / (float(np.linalg.norm(vector)) + 1e-6))
            result_open: np.ndarray = (total / len(LEVELS)).reshape(-1, 2).max(axis=1)
            return result_open
        for (grey, redness), w, (greys, reds) in zip(levels, weights, self._templates, strict=True):
            count = max(float(w.sum()), 1.0)
            live_grey = (grey - float((w * grey).sum()) / count) * w
            live_red = redness * w * REDNESS
            tmpl_grey = (greys - (greys * w).sum(axis=1, keepdims=True) / count) * w
            tmpl_red = reds * w * REDNESS
            dot = tmpl_grey @ live_grey + tmpl_red @ live_red
            norms = np.sqrt((tmpl_grey * tmpl_grey).sum(axis=1) + (tmpl_red * tmpl_red).sum(axis=1))
            live = float(np.sqrt(live_grey @ live_grey + live_red @ live_red))
            total += dot / (norms * live + 1e-6)
        result: np.ndarray = (total / len(LEVELS)).reshape(-1, 2).max(axis=1)
        return result

    def scores(
        self, face: np.ndarray, mask: np.ndarray | None = None, *, shift: int = SHIFT
    ) -> np.ndarray | None:
        """How well a warped face (``warp_face``) matches each enrolled card, best over the
        shifts (up to ``shift`` pixels each way); ``mask``: its covered pixels (``covered``).
        None when too much is covered."""
        if mask is not None and mask.mean() > COVERED_MOST:
            return None
        weights = _weights(mask)
        if min(float(w.sum()) for w in weights) < 8:
            return None
        best: np.ndarray | None = None
        height, width = face.shape[:2]
        for dx in range(-shift, shift + 1):
            for dy in range(-shift, shift + 1):
                if abs(dx) < BORDER and abs(dy) < BORDER:
                    # Only the inner part is compared: the face moved is the face's own pixels.
                    found = self._scores_once(face, weights, dx, dy)
                else:
                    matrix = np.array([[1, 0, dx], [0, 1, dy]], np.float32)
                    moved = cv2.warpAffine(
                        face, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE
                    )
                    found = self._scores_once(moved, weights)
                best = found if best is None else np.maximum(best, found)
        return best

    def settle(
        self,
        face: np.ndarray,
        candidate: Card,
        suits: Mapping[Suit, float],
        mask: np.ndarray | None = None,
        *,
        corners: Sequence[Mapping[Suit, float]] = (),
        rank_read: bool = False,
        seen: Mapping[Rank, float] | None = None,
        rank_pair: float = 0.0,
        court_margin: float = 0.0,
    ) -> Card | None:
        """The card an uncertain reading is (best guess ``candidate``, its looks' probability
        of each suit ``suits``), when the faces settle its rank and colour surely and either
        the face's fine detail tells the suit of that colour (``SuitPair.share``: by
        ``SUIT_SHARE`` of the pair's separation when it names the suit the looks find likelier,
        by ``SUIT_SHARE_AGAINST`` whatever they find) or the looks are sure of it
        (``SUIT_SURE``) and the face's detail does not name the other (leaning the other way,
        or having no say, the whole face of the looks' suit must be within ``SUIT_SLACK`` of
        the best); else None. ``corners``: each index corner's own look at the suits (the
        corner network's, without the house's deck): a suit the face's detail does not name by
        ``SUIT_SHARE_AGAINST`` is settled only when no corner finds the other suit of its
        colour likelier (``borne_out``; issue 28, h-deck28). ``rank_read``: the looks read the
        candidate's rank surely, and the faces name another rank only by a face matching at
        least ``RANK_CHANGE_LEAST`` (issue 28, h-deck29). ``seen``: the most belief a look at
        an index corner in the open gives each rank; a rank under ``RANK_SEEN`` there is named
        instead of the candidate's only by a face matching at least ``UNSEEN_CHANGE_LEAST``
        (issue 28, h-wrong30; None: not asked). ``rank_pair``: a best rank and colour not
        clear enough of the next is kept when the face's detail where their best faces differ
        names it by this share of their separation (``_pair_names``; 0: never, as before
        h-deck42). ``court_margin`` (above 0): a court's rank is named only when its best face
        matches this much better than the best face of each other court of its colour, whatever
        ``rank_pair`` finds (``court_clear``; issue 28, h-deck47: a held-out KD read QD)."""
        scores = self.scores(face, mask)
        if scores is None:
            return None
        ranked = self._ranked(scores)
        (best, (rank, red)), (runner_up, _) = ranked[:2]
        same = rank == candidate.rank and red == _red(candidate.suit)
        if rank_read and rank != candidate.rank and best < RANK_CHANGE_LEAST:
            return None
        if (
            seen is not None
            and rank != candidate.rank
            and seen.get(cast(Rank, rank), 0.0) < RANK_SEEN
            and best < UNSEEN_CHANGE_LEAST
        ):
            return None
        clear = best - runner_up >= (MARGIN if same else CHANGE_MARGIN)
        if not clear and rank_pair > 0 and best >= MATCH_LEAST:
            # The two faces' difference naming the best is as clear as a margin.
            clear = self._pair_names(face, mask, scores, ranked, rank_pair)
        if best < MATCH_LEAST or not clear:
            return None
        if court_margin > 0 and not self.court_clear(scores, (rank, red), court_margin):
            return None
        of_colour = {suit: p for suit, p in suits.items() if _red(suit) == red}
        mass = sum(of_colour.values())
        # The face's fine detail: which suit, by how many times the pair's separation.
        first, second = (self.cards[k] for k in self._groups[(rank, red)])
        pair = self.pairs.get((rank, red))
        share = pair.share(face, mask) if pair is not None else 0.0
        by_face = first.suit if share > 0 else second.suit
        share = abs(share)
        if share >= SUIT_SHARE_AGAINST:
            # Whatever the looks find, even the other colour (the faces settled the colour).
            return Card(rank, by_face)  # type: ignore[arg-type]
        if not of_colour or mass < SUIT_MASS_LEAST:
            return None
        looks = max(of_colour, key=lambda s: of_colour[s])
        if not borne_out(looks, corners):
            return None
        if share >= SUIT_SHARE:
            return Card(rank, by_face) if by_face == looks else None  # type: ignore[arg-type]
        if of_colour[looks] < SUIT_SURE * mass:
            return None
        card = Card(rank, looks)  # type: ignore[arg-type]
        if share > 0 and by_face == looks:
            # The face's detail leans the looks' way: the whole faces' suit is not asked (their
            # blurred comparison tells a suit's ink, hardly its shape).
            return card
        if float(scores[self.cards.index(card)]) < best - SUIT_SLACK:
            return None
        return card

    def court_clear(self, scores: np.ndarray, key: tuple[object, bool], margin: float) -> bool:
        """Whether a rank and colour ``key`` that is a court's matches (its best face among
        ``scores``) at least ``margin`` better than every other court of its colour; any other
        rank: True."""
        rank, red = key
        if rank not in COURTS:
            return True
        best = float(scores[self._groups[key]].max())
        return all(
            best - float(scores[self._groups[(other, red)]].max()) >= margin
            for other in COURTS
            if other != rank and (other, red) in self._groups
        )

    def _pair_names(
        self,
        face: np.ndarray,
        mask: np.ndarray | None,
        scores: np.ndarray,
        ranked: Sequence[tuple[float, tuple[object, bool]]],
        least: float,
    ) -> bool:
        """Whether the live face, compared with the best-matching face of the best and of the
        second rank and colour where those two differ (a :class:`SuitPair` of them), names the
        best by at least ``least`` of the pair's separation, the third rank and colour lying
        ``MARGIN`` below the best (``settle``'s ``rank_pair``)."""
        (best, first_key), (_, second_key) = ranked[:2]
        if len(ranked) > 2 and best - ranked[2][0] < MARGIN:
            return False
        first, second = (
            max(self._groups[key], key=lambda k: float(scores[k]))
            for key in (first_key, second_key)
        )
        pair = self._rank_pairs.get((first, second))
        if pair is None:
            pair = self._rank_pairs[(first, second)] = SuitPair(
                self.faces[first], self.faces[second], orient=self.orient_twins
            )
        return pair.share(face, mask) >= least

    def disowns(self, face: np.ndarray, card: Card, mask: np.ndarray | None = None) -> bool:
        """Whether the enrolled face of ``card`` does not look like a warped face (matches it
        under ``MATCH_LEAST``, as ``settle`` asks of any card it keeps) where the face of its
        twin (the same rank, the other suit of its colour) does (at least ``MATCH_LEAST``):
        the house's own photographs then bear out the twin, not the card. False when the faces
        have no say (too much covered, or neither face matching)."""
        scores = self.scores(face, mask)
        if scores is None:
            return False
        twin = Card(card.rank, twin_of(card.suit))
        own = float(scores[self.cards.index(card)])
        other = float(scores[self.cards.index(twin)])
        return own < MATCH_LEAST <= other

    def leans_to_twin(
        self, face: np.ndarray, card: Card, margin: float, mask: np.ndarray | None = None
    ) -> bool:
        """Whether the faces lean from ``card`` (a sure reading without the deck) to its twin
        (the same rank, the other suit of its colour) on a warped face: they do not name
        ``card``'s rank and colour (``named``), the twin's face matches within ``SUIT_SLACK``
        of the best of all, and at least ``margin`` better than ``card``'s own face
        (``FinderSettings.deck_doubts_when_leaning``; issue 28, h-twins48). False when the
        faces have no say (too much covered). Faces naming the rank and colour leave the suit
        to the twins' fine detail, which black twins of a design often cannot tell: no lean."""
        scores = self.scores(face, mask)
        if scores is None:
            return False
        if self._named_by(scores) == (card.rank, _red(card.suit)):
            return False
        own = float(scores[self.cards.index(card)])
        twin = float(scores[self.cards.index(Card(card.rank, twin_of(card.suit)))])
        return twin >= float(scores.max()) - SUIT_SLACK and twin - own >= margin

    def contradicts(
        self, face: np.ndarray, card: Card, mask: np.ndarray | None = None, *, least: float = 0.0
    ) -> bool:
        """Whether a sure reading ``card`` is of the other colour than its face shows: a face
        of the other colour matches better by ``COLOUR_VETO`` (compared once, unshifted: every
        sure card is checked, so it must be cheap), and at least ``MATCH_LEAST`` or ``least``,
        whichever is more."""
        scores = self.scores(face, mask, shift=0)
        if scores is None:
            return False
        red = _red(card.suit)
        same = max(float(scores[k]) for k, c in enumerate(self.cards) if _red(c.suit) == red)
        other = max(float(scores[k]) for k, c in enumerate(self.cards) if _red(c.suit) != red)
        return other >= max(MATCH_LEAST, least) and other - same >= COLOUR_VETO
