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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import BinaryIO

import cv2
import numpy as np

from dealer_assist.cards import ALL_RANKS, Card, Rank, Suit, parse_card
from dealer_assist.errors import CardParseError, ConfigError
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES, GlyphModel
from dealer_assist.vision.corner_model import (
    CHANNEL_LOW,
    CHANNELS,
    PATCH_HEIGHT,
    PATCH_WIDTH,
    RANK_OUTPUTS,
    SUIT_OUTPUTS,
    CornerModel,
    corner_model_available,
    corner_patch,
)
from dealer_assist.vision.exemplars import Exemplars
from dealer_assist.vision.faces import FACE_SIZE, FaceMatcher, twin_of, warp_face
from dealer_assist.vision.geometry import transform_points
from dealer_assist.vision.index import GLYPH_SIZE, CornerGlyphs, glyph_features
from dealer_assist.vision.quads import FinderSettings, card_mask, make_view

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
DECK_VERSION = 3
ALL_CARDS: tuple[Card, ...] = tuple(
    Card(rank, suit)
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
    for rank in ALL_RANKS
)
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
# Each index corner of a photograph is kept for the corner network as it is and as a smaller
# or softer camera would show it: shrunk to these shares of its size and back, blurred by these
# sigmas (pixels of the warped corner).
SHRINKS = (0.4,)
LOG_FLOOR = 1e-4
BLURS = (1.5,)
# How far the corner network, reading this deck's own photographs, takes a card for its twin
# (``EnrolledDeck.twins_fooled``): every view of its corners kept (``patch_variants``), and
# each of them softer still, the network's input itself blurred by these sigmas and shrunk to
# these shares and back (its pixels). A blurred camera's black twins run together: drawn
# decks' clubs, shrunk to 0.35, read as spades 3-4.6 in log-odds (issue 28, h-lean40).
TWIN_BLURS = (1.4,)
TWIN_SHRINKS = (0.35,)


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


def _described(probabilities: np.ndarray) -> np.ndarray:
    """A corner as one head of the network describes it: its logits (the log-probabilities,
    centred; floored so that a class the network rules out does not decide the distance)."""
    logs = np.log(np.maximum(probabilities, LOG_FLOOR))
    result: np.ndarray = (logs - logs.mean(axis=1, keepdims=True)).astype(np.float32)
    return result


def encode_patches(patches: np.ndarray) -> np.ndarray:
    """Corner patches (floats, ``corner_patch``) as bytes, to keep in a deck file."""
    low = CHANNEL_LOW[None, :, None, None]
    scaled = (np.asarray(patches, np.float32) - low) / (1.0 - low) * 255.0
    result: np.ndarray = np.clip(np.round(scaled), 0, 255).astype(np.uint8)
    return result


def decode_patches(stored: np.ndarray) -> np.ndarray:
    low = CHANNEL_LOW[None, :, None, None]
    result: np.ndarray = (low + stored.astype(np.float32) / 255.0 * (1.0 - low)).astype(np.float32)
    return result


def patch_variants(region: np.ndarray) -> list[np.ndarray]:
    """The corner network's input for a warped corner as photographed, and as a smaller and a
    softer view would show it (``SHRINKS``, ``BLURS``)."""
    height, width = region.shape[:2]
    variants = [corner_patch(region)]
    for share in SHRINKS:
        small = cv2.resize(
            region,
            (max(4, round(width * share)), max(4, round(height * share))),
            interpolation=cv2.INTER_AREA,
        )
        variants.append(corner_patch(cv2.resize(small, (width, height))))
    for sigma in BLURS:
        variants.append(corner_patch(cv2.GaussianBlur(region, (0, 0), sigma)))
    return variants


def _softer_patches(patches: np.ndarray) -> list[np.ndarray]:
    """Corner patches (``corner_patch``'s floats) as softer views would show them, each plane
    blurred (``TWIN_BLURS``) or shrunk and enlarged again (``TWIN_SHRINKS``)."""
    count, channels, height, width = patches.shape
    planes = np.ascontiguousarray(patches, np.float32).reshape(-1, height, width)
    views: list[np.ndarray] = []
    for sigma in TWIN_BLURS:
        views.append(np.stack([cv2.GaussianBlur(p, (0, 0), sigma) for p in planes]))
    for share in TWIN_SHRINKS:
        size = (max(2, round(width * share)), max(2, round(height * share)))
        views.append(
            np.stack(
                [
                    cv2.resize(
                        cv2.resize(p, size, interpolation=cv2.INTER_AREA),
                        (width, height),
                        interpolation=cv2.INTER_LINEAR,
                    )
                    for p in planes
                ]
            )
        )
    return [v.reshape(count, channels, height, width) for v in views]


def suit_log_odds(corners: Sequence[Mapping[Suit, float]], suit: Suit) -> float:
    """The log-odds of ``suit`` over its twin (the other suit of its colour) when the corner
    network's looks at a card's index corners (each its suits' probabilities) are taken
    together, their beliefs multiplied; 0 with no look."""
    twin = twin_of(suit)
    return sum(
        math.log(max(c.get(suit, 0.0), 1e-6)) - math.log(max(c.get(twin, 0.0), 1e-6))
        for c in corners
    )


@dataclass(frozen=True, slots=True)
class _CornerExamples:
    """The house's corners as the corner network sees them (``patches``, bytes), labelled."""

    patches: np.ndarray
    ranks: np.ndarray
    suits: np.ndarray
    groups: np.ndarray


@dataclass(frozen=True, slots=True)
class EnrolledDeck:
    """The shipped readers read together with one design's photographs. It answers as a
    :class:`GlyphModel` does (``rank_probabilities``, ``suit_probabilities``: the glyph reader's
    glyphs against the deck's glyphs), so the detector and the camera source take it in its
    place; the detector asks it too for the corner network's readings (``corner_probabilities``:
    the network's corners against the deck's). Either way the deck only makes a reading surer
    of the class it already likes best, where the house's photographs clearly agree
    (:mod:`exemplars`)."""

    base: GlyphModel
    glyphs: GlyphExamples
    corners: _CornerExamples
    rank: Exemplars
    suit: Exemplars
    faces: FaceMatcher
    info: str = ""
    # The corners' examples as each corner network describes them (by its file).
    _described: dict[str, tuple[Exemplars, Exemplars]] = field(default_factory=dict)
    # ``twins_fooled`` as each corner network reads the corners (by its file).
    _fooled: dict[str, dict[Card, float]] = field(default_factory=dict)

    def rank_probabilities(self, vectors: np.ndarray) -> np.ndarray:
        network = self.base.rank_probabilities(vectors)
        return self.rank.sharpen(network, _normalised(vectors)) if len(vectors) else network

    def suit_probabilities(self, vectors: np.ndarray) -> np.ndarray:
        network = self.base.suit_probabilities(vectors)
        return self.suit.sharpen(network, _normalised(vectors)) if len(vectors) else network

    def corner_examples(self, model: CornerModel) -> tuple[Exemplars, Exemplars]:
        """The rank and suit examples of the house's corners as ``model`` describes them."""
        key = str(model.path)
        found = self._described.get(key)
        if found is None:
            rank_p, suit_p = model.probabilities(decode_patches(self.corners.patches))
            found = (
                Exemplars.of(
                    _described(rank_p), self.corners.ranks, self.corners.groups, RANK_OUTPUTS - 1
                ),
                Exemplars.of(
                    _described(suit_p), self.corners.suits, self.corners.groups, SUIT_OUTPUTS - 1
                ),
            )
            self._described[key] = found
        return found

    def twins_fooled(self, model: CornerModel) -> dict[Card, float]:
        """For each card, the most ``model`` leans to its suit reading the deck's own
        photograph of its twin (the same rank, the other suit of its colour): the log-odds of
        the card's suit over the twin's (``suit_log_odds``, both index corners of one view
        taken together, as the suit's lean takes a card's looks), the most over every view of
        the twin's corners kept (as photographed, smaller, softer: ``patch_variants``) and
        each of them softer still (``TWIN_BLURS``, ``TWIN_SHRINKS``). Negative: every view of
        the twin leans to its own suit. Computed from the deck's corners once per network (a
        deck file needs nothing new). The suit's lean trusts a look at a card only past this
        (issue 28, h-lean40): the corner network may take a blurred club for a spade, and
        where it does so on the house's own club it does so on the table."""
        key = str(model.path)
        found = self._fooled.get(key)
        if found is not None:
            return found
        stored = decode_patches(self.corners.patches)
        views = [stored, *_softer_patches(stored)]
        suits = [
            [
                {s: float(p) for s, p in zip(SUIT_CLASSES, row, strict=False) if s is not None}
                for row in model.probabilities(v)[1]
            ]
            for v in views
        ]
        found = {}
        for card in ALL_CARDS:
            twin = ALL_CARDS.index(Card(card.rank, twin_of(card.suit)))
            kept = np.flatnonzero(self.corners.groups == twin)
            per_corner = len(kept) // 2  # both corners' views, the first corner's first
            found[card] = max(
                (
                    suit_log_odds([p[kept[v]], p[kept[v + per_corner]]], card.suit)
                    for p in suits
                    for v in range(per_corner)
                ),
                default=math.inf,
            )
        self._fooled[key] = found
        return found

    def corner_probabilities(
        self, model: CornerModel, patches: np.ndarray, *, pairs: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """As ``model.probabilities``, each made surer where the house's corners agree;
        ``pairs``: the patches are cards' two corners in turn (``Exemplars.sharpen``)."""
        rank_p, suit_p = model.probabilities(patches)
        rank, suit = self.corner_examples(model)
        return (
            rank.sharpen(rank_p, _described(rank_p), pairs=pairs),
            suit.sharpen(suit_p, _described(suit_p), pairs=pairs),
        )

    @property
    def network(self) -> CornerModel | None:
        """The shipped corner network, if installed (the deck's corners are described by it)."""
        return CornerModel.shared() if corner_model_available() else None

    def confusions(self, model: CornerModel | None = None) -> list[str]:
        """What the check at enrolment found the deck mixes up, as "J -> Q" (a jack's corner
        nearer the queens' than the jacks' when its own photograph is left out): the deck never
        makes a reading surer of those classes unless its examples agree clearly."""
        heads: list[tuple[Exemplars, tuple[object, ...]]] = [
            (self.rank, RANK_CLASSES),
            (self.suit, SUIT_CLASSES),
        ]
        if model is not None:
            rank, suit = self.corner_examples(model)
            heads += [(rank, RANK_CLASSES), (suit, SUIT_CLASSES)]
        found: list[str] = []
        for examples, names in heads:
            for true, voted in examples.confusions:
                text = f"{_name(names[true])} -> {_name(names[voted])}"
                if text not in found:
                    found.append(text)
        return found

    def save(self, path: Path | BinaryIO) -> None:
        np.savez_compressed(
            path,
            allow_pickle=False,
            version=np.array(DECK_VERSION),
            info=np.array(self.info),
            rank_vectors=self.glyphs.rank_vectors.astype(np.float32),
            rank_labels=self.glyphs.rank_labels.astype(np.int16),
            rank_groups=self.glyphs.rank_groups.astype(np.int16),
            suit_vectors=self.glyphs.suit_vectors.astype(np.float32),
            suit_labels=self.glyphs.suit_labels.astype(np.int16),
            suit_groups=self.glyphs.suit_groups.astype(np.int16),
            corner_patches=self.corners.patches,
            corner_ranks=self.corners.ranks.astype(np.int16),
            corner_suits=self.corners.suits.astype(np.int16),
            corner_groups=self.corners.groups.astype(np.int16),
            faces=self.faces.faces,
        )

    @staticmethod
    def load(path: Path, base: GlyphModel | None = None) -> EnrolledDeck:
        """A deck written by :meth:`save`; a :class:`ConfigError` says what is wrong with a file
        that is not one."""
        names = (
            "rank_vectors",
            "rank_labels",
            "rank_groups",
            "suit_vectors",
            "suit_labels",
            "suit_groups",
            "corner_patches",
            "corner_ranks",
            "corner_suits",
            "corner_groups",
            "faces",
        )
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
                arrays = {name: np.asarray(data[name]) for name in names}
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
            GlyphExamples(
                arrays["rank_vectors"],
                arrays["rank_labels"],
                arrays["rank_groups"],
                arrays["suit_vectors"],
                arrays["suit_labels"],
                arrays["suit_groups"],
            ),
            _CornerExamples(
                arrays["corner_patches"],
                arrays["corner_ranks"].astype(np.int64),
                arrays["corner_suits"].astype(np.int64),
                arrays["corner_groups"].astype(np.int64),
            ),
            arrays["faces"],
            base=base,
            info=info,
            where=str(path),
        )


def _name(label: object) -> str:
    if isinstance(label, Rank):
        return label.symbol
    return label.value if isinstance(label, Suit) else str(label)


@dataclass(frozen=True, slots=True)
class GlyphExamples:
    """The glyph reader's glyphs of the house's photographs, labelled, by photograph."""

    rank_vectors: np.ndarray
    rank_labels: np.ndarray
    rank_groups: np.ndarray
    suit_vectors: np.ndarray
    suit_labels: np.ndarray
    suit_groups: np.ndarray


def build_deck(
    glyphs: GlyphExamples,
    corners: _CornerExamples,
    faces: np.ndarray,
    *,
    base: GlyphModel | None = None,
    info: str = "",
    where: str = "deck",
) -> EnrolledDeck:
    """The deck of these examples; ``faces``: the 52 cards' faces (``faces.warp_face``), in
    the order of ``ALL_CARDS``."""
    ranks, suits = len(RANK_CLASSES) - 1, len(SUIT_CLASSES) - 1
    rank_vectors, suit_vectors = glyphs.rank_vectors, glyphs.suit_vectors
    width = rank_vectors.shape[1] if rank_vectors.ndim == 2 else -1
    patch_shape = (CHANNELS, PATCH_HEIGHT, PATCH_WIDTH)
    if (
        rank_vectors.ndim != 2
        or suit_vectors.ndim != 2
        or suit_vectors.shape[1] != width
        or not len(rank_vectors) == len(glyphs.rank_labels) == len(glyphs.rank_groups)
        or not len(suit_vectors) == len(glyphs.suit_labels) == len(glyphs.suit_groups)
        or set(glyphs.rank_labels.tolist()) != set(range(ranks))
        or set(glyphs.suit_labels.tolist()) != set(range(suits))
        or not np.isfinite(rank_vectors).all()
        or not np.isfinite(suit_vectors).all()
        or corners.patches.dtype != np.uint8
        or corners.patches.shape[1:] != patch_shape
        or not len(corners.patches) == len(corners.ranks) == len(corners.suits)
        or len(corners.groups) != len(corners.patches)
        or set(corners.ranks.tolist()) != set(range(ranks))
        or set(corners.suits.tolist()) != set(range(suits))
        or faces.dtype != np.uint8
        or faces.shape != (len(ALL_CARDS), FACE_SIZE[1], FACE_SIZE[0], 3)
    ):
        raise ConfigError(
            where, "", "not an enrolled deck (its examples do not cover every rank and suit)"
        )
    model = base if base is not None else GlyphModel.load()
    return EnrolledDeck(
        model,
        glyphs,
        corners,
        Exemplars.of(
            _normalised(rank_vectors.astype(np.float32)),
            glyphs.rank_labels.astype(np.int64),
            glyphs.rank_groups.astype(np.int64),
            ranks,
        ),
        Exemplars.of(
            _normalised(suit_vectors.astype(np.float32)),
            glyphs.suit_labels.astype(np.int64),
            glyphs.suit_groups.astype(np.int64),
            suits,
        ),
        FaceMatcher(faces, ALL_CARDS),
        info,
    )


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
    patches: list[np.ndarray] = field(default_factory=list)  # the corner network's examples
    face: np.ndarray | None = None  # the whole card, upright (``faces.warp_face``)


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


def _corner_patches(
    detector: object, image: np.ndarray, quads: list[np.ndarray], card: Card, network: CornerModel
) -> list[np.ndarray]:
    """Both index corners of the outline the corner network reads likeliest as ``card``, as it
    sees them (``patch_variants``)."""
    rank_at = RANK_CLASSES.index(card.rank)
    suit_at = SUIT_CLASSES.index(card.suit)
    best: tuple[float, list[np.ndarray]] | None = None
    for quad in quads:
        regions = detector.warp_corners(image, quad)  # type: ignore[attr-defined]
        patches = np.stack([corner_patch(region) for region in regions])
        rank_p, suit_p = network.probabilities(patches)
        score = float(
            np.log(rank_p[:, rank_at] + 1e-6).sum() + np.log(suit_p[:, suit_at] + 1e-6).sum()
        )
        if best is None or score > best[0]:
            best = (score, [p for region in regions for p in patch_variants(region)])
    return best[1] if best is not None else []


def _look(
    image: np.ndarray, card: Card, name: str, model: GlyphModel, network: CornerModel
) -> _Looked:
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

    # One card alone on the felt: the finder's look again at smaller card sizes, for touching
    # cards beside a layout's boxes when no card reads surely (``FinderSettings.blind_ratios``),
    # has nothing to find here, and a design the reader does not know reads no card surely, so
    # it ran on nearly every photograph (a drawn deck: 46 of its 61 s of enrolment).
    detector = CardDetector(model=model, finder=replace(FinderSettings(), blind_ratios=()))
    quads = [np.array(d.corners, np.float32) for d in detector.detect(image)]
    quads += _paper_quads(image)
    if not quads:
        return _Looked([], [], f"no card found in {name}")
    rank_at = RANK_CLASSES.index(card.rank)
    suit_at = SUIT_CLASSES.index(card.suit)
    best_quad: (
        tuple[float, list[np.ndarray], list[np.ndarray], list[Card | None], np.ndarray] | None
    ) = None
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
            best_quad = (total, ranks, suits, plain, quad)
    if best_quad is None:
        return _Looked([], [], f"no index could be cut in {name} (is the card whole and sharp?)")
    _, ranks, suits, plain, chosen = best_quad
    shown = plain[0] if len(plain) == 2 else None
    if shown is not None and shown != card and plain[1] == shown:
        return _Looked([], [], f"{name} shows {shown.code}, not {card.code} (read surely)")
    return _Looked(
        ranks,
        suits,
        "",
        _corner_patches(detector, image, quads, card, network),
        warp_face(image, chosen),
    )


def enrol(folder: Path, *, model: GlyphModel | None = None) -> EnrolledDeck:
    """Learn the design photographed in ``folder`` (see :func:`card_files`). Every photograph
    is looked at before anything is refused, so one :class:`EnrolmentError` names them all."""
    files = card_files(folder)
    base = model if model is not None else GlyphModel.load()
    network = CornerModel.shared()
    problems: list[str] = []
    rank_vectors: list[np.ndarray] = []
    rank_labels: list[int] = []
    rank_groups: list[int] = []
    suit_vectors: list[np.ndarray] = []
    suit_labels: list[int] = []
    suit_groups: list[int] = []
    patches: list[np.ndarray] = []
    patch_cards: list[int] = []
    faces: list[np.ndarray] = []
    for group, card in enumerate(ALL_CARDS):
        path = files[card]
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None or min(image.shape[:2]) < 64:
            problems.append(f"{path.name} cannot be read as an image")
            continue
        looked = _look(image, card, path.name, base, network)
        if looked.problem:
            problems.append(looked.problem)
            continue
        rank_vectors += looked.rank_vectors
        rank_labels += [RANK_CLASSES.index(card.rank)] * len(looked.rank_vectors)
        rank_groups += [group] * len(looked.rank_vectors)
        suit_vectors += looked.suit_vectors
        suit_labels += [SUIT_CLASSES.index(card.suit)] * len(looked.suit_vectors)
        suit_groups += [group] * len(looked.suit_vectors)
        patches += looked.patches
        patch_cards += [group] * len(looked.patches)
        assert looked.face is not None
        faces.append(looked.face)
    if problems:
        raise EnrolmentError(folder, problems)
    cards = [ALL_CARDS[k] for k in patch_cards]
    deck = build_deck(
        GlyphExamples(
            np.array(rank_vectors),
            np.array(rank_labels),
            np.array(rank_groups),
            np.array(suit_vectors),
            np.array(suit_labels),
            np.array(suit_groups),
        ),
        _CornerExamples(
            encode_patches(np.array(patches)),
            np.array([RANK_CLASSES.index(c.rank) for c in cards], np.int64),
            np.array([SUIT_CLASSES.index(c.suit) for c in cards], np.int64),
            np.array(patch_cards, np.int64),
        ),
        np.array(faces, np.uint8),
        base=base,
        info=f"enrolled from {folder.name}: {len(rank_vectors)} rank and "
        f"{len(suit_vectors)} suit glyphs, {len(patches) // (1 + len(SHRINKS) + len(BLURS))} "
        f"corners, {len(faces)} faces",
    )
    return deck
