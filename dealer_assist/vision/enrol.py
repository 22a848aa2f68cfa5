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
from dealer_assist.vision.geometry import transform_points
from dealer_assist.vision.index import GLYPH_SIZE, CornerGlyphs, glyph_features
from dealer_assist.vision.quads import FinderSettings, card_mask, make_view

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
# Finding the one card of an enrolment photograph (``_paper_quads``): the finder's settings,
# the openings tried (work pixels: printed lines up to this thick part from the card), a card's
# long side over its short one (a tilted view foreshortens either), the share of its outline
# that must differ from the felt, and how many card shapes are read at most.
_FINDER = FinderSettings()
_OPENINGS = (3, 7, 11)
_ASPECTS = (1.15, 1.8)
_MIN_FILL = 0.6
_MOST_QUADS = 3
# A photograph shows another card when both its corners read as that card this surely.
SURE = 0.99
# A re-cut of a corner replaces the reader's own cut as the template only when the networks
# read it as the named card's rank and suit at least this surely (the likeliest queen among a
# dozen cuts of a queen's corner may be a piece of the picture, not the Q).
RECUT_SURE = 0.5
# The templates' likelihood of any class is at least this share of the likeliest one's.
LIKELIHOOD_FLOOR = 0.05


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
        # A template nearer another class's templates than every one of its own is no glyph of
        # its class (a piece of a court card's picture kept for a queen lies near the jack's
        # and the king's pieces: read with it, those cards became queens). It is dropped,
        # unless it is its class's last.
        keep = ~(np.isfinite(own) & (other < own))
        for label in range(classes):
            members = labels == label
            if members.any() and not (keep & members).any():
                keep |= members
        if not keep.all():
            return Templates.of(vectors[keep], labels[keep], classes)
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
        # The templates sharpen the networks' reading, never overrule a sure one: no class
        # falls below this share of the likeliest (one photograph of a card is one example).
        p = np.maximum(p, LIKELIHOOD_FLOOR * p.max(axis=1, keepdims=True))
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
    as much as the glyph lies near the deck's templates, when both agree on the best class.
    Near them, junk gives way: a glyph of the house's design is no piece of a picture."""
    likelihood, weight = templates.likelihoods(vectors)
    w = weight[:, None]
    own = network[:, :-1] / np.maximum(network[:, :-1].sum(axis=1, keepdims=True), 1e-12)
    classes = network[:, :-1] * (likelihood**w)
    classes /= np.maximum(classes.sum(axis=1, keepdims=True), 1e-12)
    # The deck makes the networks surer of what they read, never makes them read another
    # class: where the templates would turn the networks' best class into another, the
    # networks' own reading stands (as without a deck), and junk keeps its weight.
    agree = (classes.argmax(axis=1) == own.argmax(axis=1))[:, None]
    classes = np.where(agree, classes, own)
    junk = network[:, -1:] * (1 - 0.9 * w * agree)
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
    """The card-shaped blobs of a photograph of one card, largest first, as quadrilaterals
    in frame pixels.

    The reader's finder, made for a table of dealt cards, guesses the card's size from the
    straight stretches of every blob, and beside a layout's long printed lines a lone card is
    outvoted. Here the card is what differs from the felt (the finder's own mask, so a court
    card's picture counts as card as much as its white paper does), opened a little more each
    time until printed lines touching the card part from it, kept when it has a card's shape:
    a rectangle, as long as a card or up to a tilt's foreshortening, filled (a printed box of
    the layout is an outline only).
    """
    view = make_view(image, None, _FINDER)
    mask = card_mask(view.image, None, _FINDER)
    smallest = _FINDER.min_card_share * mask.shape[0] * mask.shape[1]
    found: list[tuple[float, np.ndarray, np.ndarray]] = []
    for side in _OPENINGS:
        kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
        opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            hull = cv2.convexHull(contour)
            area = cv2.contourArea(hull)
            rect = cv2.minAreaRect(hull)
            w, h = rect[1]
            if area < smallest or min(w, h) <= 0:
                continue
            if not _ASPECTS[0] <= max(w, h) / min(w, h) <= _ASPECTS[1] or area < 0.85 * w * h:
                continue
            inside = np.zeros(opened.shape, np.uint8)
            cv2.drawContours(inside, [hull], -1, 255, -1)
            if cv2.countNonZero(cv2.bitwise_and(opened, inside)) < _MIN_FILL * area:
                continue
            polygon = cv2.approxPolyDP(hull, 0.02 * cv2.arcLength(hull, True), True)
            corners = polygon.reshape(-1, 2) if len(polygon) == 4 else cv2.boxPoints(rect)
            centre = np.asarray(rect[0])
            if all(float(np.hypot(*(centre - c))) > 0.1 * min(w, h) for _, c, _ in found):
                quad = transform_points(view.to_image, corners.astype(np.float64))
                found.append((area, centre, quad.astype(np.float32)))
    found.sort(key=lambda item: -item[0])
    return [quad for _, _, quad in found[:_MOST_QUADS]]


def _sure_card(model: GlyphModel, cut: CornerGlyphs) -> Card | None:
    """The card a cut of an index corner shows, when the networks read it surely; else None."""
    if cut.rank is None or cut.suit is None:
        return None
    rank_p = model.rank_probabilities(cut.rank.vector[None, :])[0]
    suit_p = model.suit_probabilities(cut.suit.vector[None, :])[0]
    rank = RANK_CLASSES[int(np.argmax(rank_p))]
    suit = SUIT_CLASSES[int(np.argmax(suit_p))]
    if rank is None or suit is None or rank_p.max() * suit_p.max() < SURE:
        return None
    return Card(rank, suit)


def _look(image: np.ndarray, card: Card, name: str, model: GlyphModel) -> _Looked:
    """The glyphs of the one card in ``image``: from each index corner, the cut whose rank and
    suit the networks find likeliest to be the card's own (the name says which card it is).
    The card's outline is what the reader finds, or a card-shaped blob (``_paper_quads``):
    the outline whose corners read likeliest as the card is kept.

    A photograph of another card is refused when both index corners of that outline, cut as
    the reader cuts them (the first of its cuts giving a whole index), read surely as one and
    the same other card. The further re-cuts tried for the templates are not asked: one of
    them, cutting a rank short or a picture's edge as a glyph, may read surely as anything.
    """
    from dealer_assist.vision.pipeline import CardDetector

    detector = CardDetector(model=model)
    quads = [np.array(d.corners, np.float32) for d in detector.detect(image)]
    quads += _paper_quads(image)
    if not quads:
        return _Looked([], [], f"no card found in {name}")
    rank_at = RANK_CLASSES.index(card.rank)
    suit_at = SUIT_CLASSES.index(card.suit)
    best_quad: tuple[float, list[np.ndarray], list[np.ndarray], list[Card | None]] | None = None
    for quad in quads:
        ranks: list[np.ndarray] = []
        suits: list[np.ndarray] = []
        plain: list[Card | None] = []
        total = 0.0
        for corner in detector.read_corners(image, quad):
            best: tuple[float, np.ndarray, np.ndarray] | None = None
            for cut in _cuts(detector, corner):
                if cut.rank is None or cut.suit is None:
                    continue
                if best is None:  # the reader's own cut: the first giving a whole index
                    plain.append(_sure_card(model, cut))
                rank_p = model.rank_probabilities(cut.rank.vector[None, :])[0]
                suit_p = model.suit_probabilities(cut.suit.vector[None, :])[0]
                score = math.log(rank_p[rank_at] + 1e-6) + math.log(suit_p[suit_at] + 1e-6)
                if best is None or (
                    score > best[0] and rank_p[rank_at] * suit_p[suit_at] >= RECUT_SURE
                ):
                    best = (score, cut.rank.vector, cut.suit.vector)
            if best is not None:
                ranks.append(best[1])
                suits.append(best[2])
                total += best[0]
        if ranks and (best_quad is None or (len(ranks), total) > (len(best_quad[1]), best_quad[0])):
            best_quad = (total, ranks, suits, plain)
    if best_quad is None:
        return _Looked([], [], f"no index could be cut in {name} (is the card whole and sharp?)")
    _, ranks, suits, plain = best_quad
    shown = plain[0] if len(plain) == 2 else None
    if shown is not None and shown != card and plain[1] == shown:
        return _Looked([], [], f"{name} shows {shown.code}, not {card.code} (read surely)")
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
