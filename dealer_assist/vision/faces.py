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
``SUIT_SURE``), and the face of that suit must be as good as its twin's (``SUIT_SLACK``). Anything
else stays as the corner readers left it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import cv2
import numpy as np

from dealer_assist.cards import Card, Suit
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
# A card more than this share of whose face lies under other cards' outlines is not compared.
COVERED_MOST = 0.25
_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})


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
    return suit in _RED


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
    ) -> Card | None:
        """The card an uncertain reading is (best guess ``candidate``, its looks' probability
        of each suit ``suits``), when the faces settle its rank and colour surely and the looks
        are sure which suit of that colour it is (``SUIT_SURE``); else None."""
        scores = self.scores(face, mask)
        if scores is None:
            return None
        groups = sorted(
            ((float(scores[ks].max()), key) for key, ks in self._groups.items()), reverse=True
        )
        (best, (rank, red)), (runner_up, _) = groups[0], groups[1]
        same = rank == candidate.rank and red == _red(candidate.suit)
        if best < MATCH_LEAST or best - runner_up < (MARGIN if same else CHANGE_MARGIN):
            return None
        of_colour = {suit: p for suit, p in suits.items() if _red(suit) == red}
        mass = sum(of_colour.values())
        if not of_colour or mass < SUIT_MASS_LEAST:
            return None
        suit = max(of_colour, key=lambda s: of_colour[s])
        if of_colour[suit] < SUIT_SURE * mass:
            return None
        card = Card(rank, suit)  # type: ignore[arg-type]
        if float(scores[self.cards.index(card)]) < best - SUIT_SLACK:
            return None
        return card

    def contradicts(self, face: np.ndarray, card: Card, mask: np.ndarray | None = None) -> bool:
        """Whether a sure reading ``card`` is of the other colour than its face shows: a face
        of the other colour matches better by ``COLOUR_VETO`` (compared once, unshifted: every
        sure card is checked, so it must be cheap)."""
        scores = self.scores(face, mask, shift=0)
        if scores is None:
            return False
        red = _red(card.suit)
        same = max(float(scores[k]) for k, c in enumerate(self.cards) if _red(c.suit) == red)
        other = max(float(scores[k]) for k, c in enumerate(self.cards) if _red(c.suit) != red)
        return other >= MATCH_LEAST and other - same >= COLOUR_VETO
