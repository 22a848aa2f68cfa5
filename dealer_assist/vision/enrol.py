"""The house's own deck: learn a card design from one photograph of each card (issue 28).

A casino deals one or two designs for months. ``dealer-assist vision enroll DIR --out deck.npz``
reads a folder of 52 photographs, ``AS.jpg`` ... ``KC.jpg`` (any case; ``10S`` or ``TS``; JPEG,
PNG, BMP or WebP), each one card face up anywhere in the camera's view. The reader's own stages
find the card and cut its index corners; the rank and suit glyphs of both corners are kept as
*templates*, labelled by the file's name. ``vision detect --deck deck.npz`` and ``[camera] deck``
then read with :class:`EnrolledDeck`: the shipped networks' probabilities for a glyph are
multiplied by how near it lies to each rank's (or suit's) templates of this design.

The deck file holds the glyph vectors of the house's own cards (24 x 24 pixels each, and the
numbers the reader derives from them), nothing else; it stays with the house.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import cv2
import numpy as np

from dealer_assist.cards import ALL_RANKS, Card, Suit, parse_card
from dealer_assist.errors import CardParseError, ConfigError
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES, GlyphModel
from dealer_assist.vision.index import GLYPH_SIZE, CornerGlyphs, glyph_features

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
DECK_VERSION = 1
ALL_CARDS: tuple[Card, ...] = tuple(
    Card(rank, suit)
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    for rank in ALL_RANKS
)
# A template's margin (the squared distance to the nearest other class less the one to its own)
# this many times over makes the templates this sure: exp(SHARPNESS) to one.
SHARPNESS = 6.0


def _normalised(vectors: np.ndarray) -> np.ndarray:
    """Glyph features with the pixels and the orientation histograms each of unit length, so
    that a distance weighs shape and stroke direction alike."""
    features = glyph_features(vectors)
    pixels = features[:, : GLYPH_SIZE * GLYPH_SIZE]
    rest = features[:, GLYPH_SIZE * GLYPH_SIZE : -2]
    pixels = pixels - pixels.mean(axis=1, keepdims=True)
    pixels /= np.linalg.norm(pixels, axis=1, keepdims=True) + 1e-6
    rest = rest / (np.linalg.norm(rest, axis=1, keepdims=True) + 1e-6)
    result: np.ndarray = np.hstack([pixels, rest]).astype(np.float32)
    return result


@dataclass(frozen=True, slots=True)
class Templates:
    """Labelled glyph vectors of one head (ranks or suits) and how sharply they decide."""

    vectors: np.ndarray  # raw glyph vectors (rows)
    labels: np.ndarray  # index into the head's classes (junk excluded)
    classes: int
    scale: float  # squared distances are divided by this
    reach: float  # a glyph further than this (squared) from every template is not of the deck

    @staticmethod
    def of(vectors: np.ndarray, labels: np.ndarray, classes: int) -> Templates:
        features = _normalised(vectors)
        distances = _squared_distances(features, features)
        np.fill_diagonal(distances, np.inf)
        same = labels[:, None] == labels[None, :]
        own = np.where(same, distances, np.inf).min(axis=1)
        other = np.where(same, np.inf, distances).min(axis=1)
        # A class with one template only has no own distance: its spread is the others'.
        finite = np.isfinite(own)
        typical_own = float(np.median(own[finite])) if finite.any() else 0.05
        own = np.where(finite, own, typical_own)
        margin = float(np.median(np.maximum(other - own, 1e-3)))
        reach = float(np.percentile(own, 95)) * 2.0 + 0.5 * margin
        return Templates(vectors, labels, classes, max(margin / SHARPNESS, 1e-3), reach)

    def likelihoods(self, vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per glyph: probabilities over the classes from the templates, and how much they
        count (1 near the deck's templates, falling to 0 beyond ``reach``)."""
        features = _normalised(vectors)
        distances = _squared_distances(features, _normalised(self.vectors))
        nearest = np.full((len(features), self.classes), np.inf, np.float32)
        for label in range(self.classes):
            columns = self.labels == label
            if columns.any():
                nearest[:, label] = distances[:, columns].min(axis=1)
        best = nearest.min(axis=1, keepdims=True)
        z = -(nearest - best) / self.scale
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        weight = np.exp(-np.maximum(best[:, 0] - self.reach, 0.0) / self.scale)
        return p, weight


def _squared_distances(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    result: np.ndarray = np.maximum(
        (a * a).sum(axis=1)[:, None] + (b * b).sum(axis=1)[None, :] - 2 * a @ b.T, 0.0
    )
    return result


@dataclass(frozen=True, slots=True)
class EnrolledDeck:
    """The shipped glyph model read together with one design's templates. It answers as a
    :class:`GlyphModel` does (``rank_probabilities``, ``suit_probabilities``), so the detector
    and the camera source take it in its place."""

    base: GlyphModel
    rank: Templates
    suit: Templates
    info: str = ""

    def rank_probabilities(self, vectors: np.ndarray) -> np.ndarray:
        return _combined(self.base.rank_probabilities(vectors), self.rank, vectors)

    def suit_probabilities(self, vectors: np.ndarray) -> np.ndarray:
        return _combined(self.base.suit_probabilities(vectors), self.suit, vectors)

    def save(self, path: Path | BinaryIO) -> None:
        np.savez_compressed(
            path,
            allow_pickle=False,
            version=np.array(DECK_VERSION),
            info=np.array(self.info),
            rank_vectors=self.rank.vectors.astype(np.float32),
            rank_labels=self.rank.labels.astype(np.int16),
            suit_vectors=self.suit.vectors.astype(np.float32),
            suit_labels=self.suit.labels.astype(np.int16),
        )

    @staticmethod
    def load(path: Path, base: GlyphModel | None = None) -> EnrolledDeck:
        """A deck written by :meth:`save`; a :class:`ConfigError` says what is wrong with a file
        that is not one."""
        try:
            with path.open("rb") as handle, np.load(handle, allow_pickle=False) as data:
                version = int(data["version"])
                if version != DECK_VERSION:
                    raise ConfigError(
                        str(path),
                        "",
                        f"an enrolled deck of version {version}; this program "
                        f"reads version {DECK_VERSION}: enrol the deck again",
                    )
                arrays = {
                    name: np.asarray(data[name])
                    for name in ("rank_vectors", "rank_labels", "suit_vectors", "suit_labels")
                }
                info = str(data["info"])
        except ConfigError:
            raise
        except Exception as error:  # numpy reads any file: whatever it finds there is refused
            raise ConfigError(
                str(path),
                "",
                f"not an enrolled deck ({type(error).__name__}: {error}); write one with "
                "dealer-assist vision enroll",
            ) from None
        return build_deck(
            arrays["rank_vectors"],
            arrays["rank_labels"],
            arrays["suit_vectors"],
            arrays["suit_labels"],
            base=base,
            info=info,
            where=str(path),
        )


def build_deck(
    rank_vectors: np.ndarray,
    rank_labels: np.ndarray,
    suit_vectors: np.ndarray,
    suit_labels: np.ndarray,
    *,
    base: GlyphModel | None = None,
    info: str = "",
    where: str = "deck",
) -> EnrolledDeck:
    ranks, suits = len(RANK_CLASSES) - 1, len(SUIT_CLASSES) - 1
    width = rank_vectors.shape[1] if rank_vectors.ndim == 2 else -1
    if (
        rank_vectors.ndim != 2
        or suit_vectors.ndim != 2
        or suit_vectors.shape[1] != width
        or len(rank_vectors) != len(rank_labels)
        or len(suit_vectors) != len(suit_labels)
        or set(rank_labels.tolist()) != set(range(ranks))
        or set(suit_labels.tolist()) != set(range(suits))
        or not np.isfinite(rank_vectors).all()
        or not np.isfinite(suit_vectors).all()
    ):
        raise ConfigError(
            where, "", "not an enrolled deck (its templates do not cover every rank and suit)"
        )
    model = base if base is not None else GlyphModel.load()
    return EnrolledDeck(
        model,
        Templates.of(rank_vectors.astype(np.float32), rank_labels.astype(np.int64), ranks),
        Templates.of(suit_vectors.astype(np.float32), suit_labels.astype(np.int64), suits),
        info,
    )


def _combined(network: np.ndarray, templates: Templates, vectors: np.ndarray) -> np.ndarray:
    """The networks' probabilities (the last column junk) times the templates' likelihoods,
    as much as the glyph lies near the deck's templates. Near them, junk gives way: a glyph
    of the house's design is no piece of a picture."""
    likelihood, weight = templates.likelihoods(vectors)
    w = weight[:, None]
    classes = network[:, :-1] * (likelihood**w)
    classes /= np.maximum(classes.sum(axis=1, keepdims=True), 1e-12)
    junk = network[:, -1:] * (1 - 0.9 * w)
    result: np.ndarray = np.hstack([classes * (1 - junk), junk])
    return result


# --- enrolment --------------------------------------------------------------------------------


class EnrolmentError(ConfigError):
    """A folder that cannot be enrolled; the message names the files."""

    def __init__(self, folder: Path, problems: Sequence[str]) -> None:
        super().__init__(
            str(folder),
            "",
            "cannot enrol this deck: " + "; ".join(problems) + ". Give one photograph of each "
            "of the 52 cards, named by its code (AS.jpg ... KC.jpg), the card face up and whole "
            "in the view",
        )
        self.problems = list(problems)


def card_files(folder: Path) -> dict[Card, Path]:
    """The photograph of each card in ``folder``; an :class:`EnrolmentError` lists every file
    that is not one card's photograph, every card photographed twice and every card missing."""
    problems: list[str] = []
    found: dict[Card, list[Path]] = {}
    for path in sorted(folder.iterdir()):
        if path.name.startswith("."):
            continue
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            problems.append(f"{path.name} is not a photograph ({', '.join(IMAGE_SUFFIXES)})")
            continue
        try:
            card = parse_card(path.stem)
        except CardParseError:
            problems.append(f"{path.name} is not named by a card's code (AS ... KC)")
            continue
        found.setdefault(card, []).append(path)
    for card, paths in found.items():
        if len(paths) > 1:
            names = " and ".join(p.name for p in paths)
            problems.append(f"{card.code} is photographed twice ({names})")
    missing = [c.code for c in ALL_CARDS if c not in found]
    if missing:
        problems.append(f"missing {len(missing)}: {', '.join(missing)}")
    if problems:
        raise EnrolmentError(folder, problems)
    return {card: paths[0] for card, paths in found.items()}


@dataclass(frozen=True, slots=True)
class _Looked:
    rank_vectors: list[np.ndarray]
    suit_vectors: list[np.ndarray]
    problem: str


def _cuts(detector: object, corner: CornerGlyphs) -> Iterable[CornerGlyphs]:
    from dealer_assist.vision.pipeline import RECUTS

    yield corner
    if corner.region is None:
        return
    for recut in RECUTS:
        yield recut.cut(corner, detector.index)  # type: ignore[attr-defined]


def _paper_quads(image: np.ndarray) -> list[np.ndarray]:
    """The card-shaped bright blobs of a photograph of one card, largest first, as
    quadrilaterals (the reader's finder, made for a table of dealt cards, guesses the card's
    size from the blobs and a lone card beside printed lines can throw it)."""
    grey = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    _, binary = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    binary = cv2.morphologyEx(binary, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    # Printed lines touching the card are thinner than a card: opened away.
    side = max(5, min(image.shape[:2]) // 45) | 1
    binary = cv2.morphologyEx(
        binary, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    )
    contours, _ = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    smallest = 0.002 * image.shape[0] * image.shape[1]
    found: list[tuple[float, np.ndarray]] = []
    for contour in contours:
        hull = cv2.convexHull(contour)
        area = cv2.contourArea(hull)
        if area < smallest:
            continue
        rect = cv2.minAreaRect(contour)
        w, h = rect[1]
        if min(w, h) <= 0 or not 1.2 <= max(w, h) / min(w, h) <= 1.7 or area / (w * h) < 0.85:
            continue
        # Paper fills its outline; a printed box of the layout is an outline only.
        inside = np.zeros(binary.shape, np.uint8)
        cv2.drawContours(inside, [hull], -1, 255, -1)
        if cv2.countNonZero(cv2.bitwise_and(binary, inside)) < 0.35 * area:
            continue
        polygon = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True).reshape(-1, 2)
        quad = polygon if len(polygon) == 4 else cv2.boxPoints(rect)
        found.append((area, quad.astype(np.float32)))
    found.sort(key=lambda pair: -pair[0])
    return [quad for _, quad in found[:2]]


def _look(image: np.ndarray, card: Card, name: str, model: GlyphModel) -> _Looked:
    """The glyphs of the one card in ``image``: from each index corner, the cut whose rank and
    suit the networks find likeliest to be the card's own (the name says which card it is).
    The card's outline is the photograph's card-shaped bright blob, or what the reader finds."""
    from dealer_assist.vision.pipeline import CardDetector

    detector = CardDetector(model=model)
    quads = [np.array(d.corners, np.float32) for d in detector.detect(image)]
    quads += _paper_quads(image)
    if not quads:
        return _Looked([], [], f"no card found in {name}")
    rank_at = RANK_CLASSES.index(card.rank)
    suit_at = SUIT_CLASSES.index(card.suit)
    best_quad: tuple[float, list[np.ndarray], list[np.ndarray], list[Card]] | None = None
    for quad in quads:
        ranks: list[np.ndarray] = []
        suits: list[np.ndarray] = []
        others: list[Card] = []
        total = 0.0
        for corner in detector.read_corners(image, quad):
            best: tuple[float, np.ndarray, np.ndarray] | None = None
            for cut in _cuts(detector, corner):
                if cut.rank is None or cut.suit is None:
                    continue
                rank_p = model.rank_probabilities(cut.rank.vector[None, :])[0]
                suit_p = model.suit_probabilities(cut.suit.vector[None, :])[0]
                score = math.log(rank_p[rank_at] + 1e-6) + math.log(suit_p[suit_at] + 1e-6)
                if best is None or score > best[0]:
                    best = (score, cut.rank.vector, cut.suit.vector)
                rank = RANK_CLASSES[int(np.argmax(rank_p))]
                suit = SUIT_CLASSES[int(np.argmax(suit_p))]
                if rank is not None and suit is not None and rank_p.max() * suit_p.max() >= 0.99:
                    others.append(Card(rank, suit))
            if best is not None:
                ranks.append(best[1])
                suits.append(best[2])
                total += best[0]
        if ranks and (best_quad is None or (len(ranks), total) > (len(best_quad[1]), best_quad[0])):
            best_quad = (total, ranks, suits, others)
    if best_quad is None:
        return _Looked([], [], f"no index could be cut in {name} (is the card whole and sharp?)")
    _, ranks, suits, others = best_quad
    if others and card not in others and len(set(others)) == 1:
        return _Looked([], [], f"{name} shows {others[0].code}, not {card.code} (read surely)")
    return _Looked(ranks, suits, "")


def enrol(folder: Path, *, model: GlyphModel | None = None) -> EnrolledDeck:
    """Learn the design photographed in ``folder`` (see :func:`card_files`). Every photograph
    is looked at before anything is refused, so one :class:`EnrolmentError` names them all."""
    files = card_files(folder)
    base = model if model is not None else GlyphModel.load()
    problems: list[str] = []
    rank_vectors: list[np.ndarray] = []
    rank_labels: list[int] = []
    suit_vectors: list[np.ndarray] = []
    suit_labels: list[int] = []
    for card in ALL_CARDS:
        path = files[card]
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None or min(image.shape[:2]) < 64:
            problems.append(f"{path.name} cannot be read as an image")
            continue
        looked = _look(image, card, path.name, base)
        if looked.problem:
            problems.append(looked.problem)
            continue
        rank_vectors += looked.rank_vectors
        rank_labels += [RANK_CLASSES.index(card.rank)] * len(looked.rank_vectors)
        suit_vectors += looked.suit_vectors
        suit_labels += [SUIT_CLASSES.index(card.suit)] * len(looked.suit_vectors)
    if problems:
        raise EnrolmentError(folder, problems)
    return build_deck(
        np.array(rank_vectors),
        np.array(rank_labels),
        np.array(suit_vectors),
        np.array(suit_labels),
        base=base,
        info=f"enrolled from {folder.name}: {len(rank_vectors)} rank and "
        f"{len(suit_vectors)} suit glyphs",
    )
