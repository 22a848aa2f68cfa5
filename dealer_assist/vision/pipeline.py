"""The whole recogniser for one frame: find the cards, read their indices, say how sure it is.

:class:`CardDetector` chains the pure stages (:mod:`quads`, :mod:`index`, :mod:`classifier`).
Both corner indices of a card are read; their probabilities are multiplied (two independent
looks at the same card) and the card is reported only when the product's best rank times best
suit reaches the confidence threshold. Below it the detection is *uncertain*: ``card`` is None
and ``candidate`` says what it looked most like, for the croupier to confirm. A quadrilateral in
which neither corner shows an index is not a card (a glare patch, a chip's insert, a printed
marker) and is not reported at all.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import cv2
import numpy as np

from dealer_assist.cards import Card
from dealer_assist.rules.coup import Hand
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES, GlyphModel
from dealer_assist.vision.geometry import portrait_orders, signed_area, transform_points
from dealer_assist.vision.index import CornerGlyphs, IndexSettings, segment_corner, warp_corner
from dealer_assist.vision.layout import Layout
from dealer_assist.vision.quads import (
    FinderSettings,
    card_mask,
    estimate_card_px,
    find_quads,
    make_view,
)

DEFAULT_THRESHOLD = 0.9
JUNK_LIMIT = 0.5  # a corner whose glyph is junk with at least this probability shows no index


@dataclass(frozen=True, slots=True)
class CardDetection:
    """One card found in a frame (pixel coordinates of the frame)."""

    card: Card | None  # None: uncertain, the croupier confirms
    confidence: float
    corners: tuple[tuple[float, float], ...]
    center: tuple[float, float]
    zone: Hand | None = None
    candidate: Card | None = None  # the best reading, even when uncertain
    corners_read: int = 0  # index corners that gave both a rank and a suit (0, 1 or 2)

    @property
    def uncertain(self) -> bool:
        return self.card is None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "card": self.card.code if self.card is not None else None,
            "center": [round(self.center[0], 1), round(self.center[1], 1)],
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "confidence": round(self.confidence, 3),
        }
        if self.card is None:
            data["uncertain"] = True
            data["candidate"] = self.candidate.code if self.candidate is not None else None
        if self.zone is not None:
            data["zone"] = self.zone.value
        return data


@dataclass(slots=True)
class FrameAnalysis:
    """Everything a frame gave, for annotation, training and debugging."""

    detections: list[CardDetection]
    quads: list[np.ndarray]  # every quadrilateral found (frame pixels), cards or not
    corners: list[tuple[CornerGlyphs, CornerGlyphs]] = field(default_factory=list)
    card_px: tuple[float, float] | None = None
    foreground: float = 0.0  # share of the view that is not felt (cards, hands, chips...)
    unread: list[tuple[float, float]] = field(default_factory=list)  # centres, no index read


@dataclass(frozen=True, slots=True)
class _Finding:
    quads: list[np.ndarray]
    card_px: tuple[float, float] | None
    foreground: float


def _evidence(analysis: FrameAnalysis) -> float:
    """How well a finding is borne out by the indices read in it (cards of the wrong size
    put their corners where no index is)."""
    return sum(d.confidence for d in analysis.detections) - 0.5 * sum(
        1 for d in analysis.detections if d.card is None
    )


@dataclass(frozen=True, slots=True)
class _Reading:
    rank: np.ndarray | None  # probabilities over ranks (junk removed), or None
    suit: np.ndarray | None


class CardDetector:
    """Finds and reads the cards in frames. Stateless between frames; safe to reuse."""

    def __init__(
        self,
        *,
        layout: Layout | None = None,
        model: GlyphModel | None = None,
        threshold: float = DEFAULT_THRESHOLD,
        finder: FinderSettings | None = None,
        index: IndexSettings | None = None,
        junk_limit: float = JUNK_LIMIT,
    ) -> None:
        self.layout = layout
        self._model = model
        self.threshold = threshold
        self.finder = finder if finder is not None else FinderSettings()
        self.index = index if index is not None else IndexSettings()
        self.junk_limit = junk_limit

    @property
    def model(self) -> GlyphModel:
        """The glyph classifier, loaded on first use (finding cards alone does not need it)."""
        if self._model is None:
            self._model = GlyphModel.load()
        return self._model

    def detect(self, frame: np.ndarray) -> list[CardDetection]:
        return self.analyse(frame).detections

    def find(self, frame: np.ndarray) -> tuple[list[np.ndarray], tuple[float, float] | None]:
        """Card quadrilaterals in frame pixels (the finding stage alone; first size tried)."""
        found = next(self._findings(frame))
        return found.quads, found.card_px

    def _findings(self, frame: np.ndarray) -> Iterator[_Finding]:
        """What the finder sees; without a layout, one finding per card size worth trying."""
        view = make_view(frame, self.layout, self.finder)
        sizes: list[tuple[float, float] | None]
        if view.card_px is not None:
            sizes = [view.card_px]
        else:
            # No calibrated layout: the card size is guessed from the blobs. Two cards side by
            # side look like one larger card, so the size a long side suggests is tried too.
            guess = estimate_card_px(card_mask(view.image, None, self.finder), self.finder)
            sizes = [guess] if guess is None else [guess, (guess[0] / 1.4, guess[1] / 1.4)]
        for size in sizes:
            mask = card_mask(view.image, size, self.finder)
            quads, card_px = find_quads(mask, size, self.finder)
            foreground = cv2.countNonZero(mask) / float(mask.shape[0] * mask.shape[1])
            yield _Finding(
                [transform_points(view.to_image, q.corners) for q in quads], card_px, foreground
            )

    def read_corners(
        self, frame: np.ndarray, quad: np.ndarray, *, with_others: bool = False
    ) -> tuple[CornerGlyphs, CornerGlyphs]:
        """The glyphs of both index corners, in portrait order (see ``portrait_orders``)."""
        first, second = portrait_orders(quad)
        return (
            segment_corner(
                warp_corner(frame, first, self.index), self.index, with_others=with_others
            ),
            segment_corner(
                warp_corner(frame, second, self.index), self.index, with_others=with_others
            ),
        )

    def analyse(self, frame: np.ndarray) -> FrameAnalysis:
        best: FrameAnalysis | None = None
        for found in self._findings(frame):
            analysis = FrameAnalysis([], found.quads, card_px=found.card_px)
            analysis.foreground = found.foreground
            analysis.corners = [self.read_corners(frame, quad) for quad in found.quads]
            readings = self._read_all(analysis.corners)
            for quad, pair in zip(found.quads, readings, strict=True):
                detection = self._judge(quad, pair)
                if detection is not None:
                    analysis.detections.append(detection)
                else:
                    middle = quad.mean(axis=0)
                    analysis.unread.append((float(middle[0]), float(middle[1])))
            if best is None or _evidence(analysis) > _evidence(best):
                best = analysis
        assert best is not None
        return best

    def _read_all(
        self, corners: list[tuple[CornerGlyphs, CornerGlyphs]]
    ) -> list[tuple[_Reading, _Reading]]:
        """Classify every glyph of the frame at once (one matrix product per network).

        A card neither of whose corners gave both a rank and a suit has its corners cut again
        with dark ink only (a glyph may have run into a pip or the suit through faint ink) and
        read once more.
        """
        flat = [glyphs for pair in corners for glyphs in pair]
        readings = self._classify(flat)

        def complete(n: int) -> bool:
            return readings[n].rank is not None and readings[n].suit is not None

        # Only cards that no corner read completely are worth a second cut.
        retry = [n for n in range(len(flat)) if not complete(n) and not complete(n ^ 1)]
        if retry:
            again = [segment_corner(flat[n].region, self.index, hysteresis=False) for n in retry]
            for n, reading in zip(retry, self._classify(again), strict=True):
                if reading.rank is not None and reading.suit is not None:
                    readings[n] = reading
        return [(readings[2 * i], readings[2 * i + 1]) for i in range(len(corners))]

    def _classify(self, glyphs: list[CornerGlyphs]) -> list[_Reading]:
        ranks = [(n, g.rank.vector) for n, g in enumerate(glyphs) if g.rank is not None]
        suits = [(n, g.suit.vector) for n, g in enumerate(glyphs) if g.suit is not None]
        rank_p: dict[int, np.ndarray] = {}
        suit_p: dict[int, np.ndarray] = {}
        if ranks:
            probabilities = self.model.rank_probabilities(np.array([v for _, v in ranks]))
            for (n, _), p in zip(ranks, probabilities, strict=True):
                if p[-1] < self.junk_limit:
                    rank_p[n] = p[:-1] / max(float(p[:-1].sum()), 1e-9)
        if suits:
            probabilities = self.model.suit_probabilities(np.array([v for _, v in suits]))
            for (n, _), p in zip(suits, probabilities, strict=True):
                if p[-1] < self.junk_limit:
                    suit_p[n] = p[:-1] / max(float(p[:-1].sum()), 1e-9)
        return [_Reading(rank_p.get(n), suit_p.get(n)) for n in range(len(glyphs))]

    def _judge(self, quad: np.ndarray, readings: tuple[_Reading, _Reading]) -> CardDetection | None:
        ranks = [r.rank for r in readings if r.rank is not None]
        suits = [r.suit for r in readings if r.suit is not None]
        if not any(r.rank is not None and r.suit is not None for r in readings):
            return None  # no corner shows a whole index (rank over suit): not known as a card
        rank_p = _combine(ranks)
        suit_p = _combine(suits)
        best_rank = RANK_CLASSES[int(np.argmax(rank_p))]
        assert best_rank is not None
        best_suit = SUIT_CLASSES[int(np.argmax(suit_p))]
        assert best_suit is not None
        confidence = float(rank_p.max()) * float(suit_p.max())
        candidate = Card(best_rank, best_suit)
        ordered = quad if signed_area(quad) > 0 else quad[::-1]
        corner_points = tuple((float(x), float(y)) for x, y in ordered)
        center_point = ordered.mean(axis=0)
        center = (float(center_point[0]), float(center_point[1]))
        zone = self.layout.zone_of_pixel(center) if self.layout is not None else None
        card = candidate if confidence >= self.threshold else None
        looks = sum(1 for r in readings if r.rank is not None and r.suit is not None)
        return CardDetection(card, confidence, corner_points, center, zone, candidate, looks)


def _combine(distributions: list[np.ndarray]) -> np.ndarray:
    """Two looks at the same card: multiply the probabilities, then normalise."""
    product = np.ones_like(distributions[0])
    for p in distributions:
        product = product * np.maximum(p, 1e-6)
    result: np.ndarray = product / product.sum()
    return result
