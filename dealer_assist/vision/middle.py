"""The middle of a card: pips on paper for the number cards.

Every deck a casino deals prints its number cards as pips on plain paper and its court cards as
a picture filling the middle. The index in the corner says which card; the middle can say that
it is *not* a court card. That look shares nothing with the index reader (no glyph, no font), so
it rules a misread out: a ten read as a king whose middle shows small pips.

The middle is warped from the frame at a low resolution; its ink (darker than the paper in the
weakest channel, as in :mod:`index`) is split into connected blobs. Pips are several small
blobs. Anything else says nothing: an ace's lone pip, a picture, and pips under glare (the
glare sets the paper's level, the rest of the paper then looks like ink and runs into one big
blob). The other way round - a picture ruling out a number card - is not used: glare makes
plain paper look like a picture (measured, docs/vision.md).

The pips are also large copies of the suit: ``pip_glyphs`` cuts the whole ones out for the suit
network, a look at the suit of a number card the index reader was unsure of.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from dealer_assist.cards import Rank
from dealer_assist.vision.components import components_with_stats
from dealer_assist.vision.geometry import (
    CANONICAL_HEIGHT,
    CANONICAL_WIDTH,
    canonical_to_image,
    portrait_orders,
)
from dealer_assist.vision.index import glyph_vector, ink_colour, ink_map, paper_colour

COURT_RANKS = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING})


@dataclass(frozen=True, slots=True, kw_only=True)
class MiddleSettings:
    """Where the middle is and how its blobs are judged (measured on the building designs, see
    docs/vision.md)."""

    # The middle, as shares of the card's width and height (inside the corner indices).
    left: float = 0.22
    top: float = 0.17
    right: float = 0.78
    bottom: float = 0.83
    scale: float = 0.3  # middle pixels per canonical card pixel
    ink: float = 0.3  # ink is this much darker than the paper (share of the paper)
    min_blob: float = 0.004  # a blob (a pip) covers at least this share of the middle
    pips_largest: float = 0.10  # pips: the largest blob covers at most this share ...
    pips_count: int = 2  # ... and there are at least this many blobs
    # The pips are counted by their mirror images too (``mirrored_pip_count``): a pip's partner
    # lies this near (shares of the middle's width and height) where the mirror puts it ...
    mirror_x: float = 0.1
    mirror_y: float = 0.06
    mirror_area: float = 2.0  # ... and is at most this many times larger or smaller;
    lone_pip: float = 0.5  # a blob with no partner this large (of the partnered pips') is a pip
    # The pips settle a rank only when laid out alike turned half round (``pips_turn_alike``:
    # each counted pip's partner there counted too, this near as ``mirror_x``, ``mirror_y``).
    # False: any count settles (as before h-under26).
    turn_alike: bool = True
    # The pips' suit is read from a middle warped at this scale (about the frame's own pixels
    # for a card 60-80 pixels wide: a pip 8-12 pixels tall, against 3-4 at ``scale``).
    glyph_scale: float = 0.9
    # Pip-like blobs (``pips_seen``): each ink level tried, the largest share of the middle a
    # pip covers, how much of its box it fills at least and how much longer than wide it is at
    # most; the blobs counted are those within half to twice the median pip's area.
    seen_inks: tuple[float, ...] = (0.3, 0.45, 0.6)
    seen_largest: float = 0.06
    seen_fill: float = 0.35
    seen_aspect: float = 2.5
    # A middle's ink matched with its mirror image (``mirror_alike``): blurred this much
    # (pixels) and slid up to this many pixels sideways (an outline a little off).
    mirror_blur: float = 1.0
    mirror_shift: int = 3


def warp_middle(frame: np.ndarray, quad: np.ndarray, settings: MiddleSettings) -> np.ndarray:
    """The card's middle, upright (either way up: the middle is symmetric), small."""
    to_image = canonical_to_image(portrait_orders(quad)[0])
    s = settings.scale
    to_canonical = np.array(
        [
            [1 / s, 0, settings.left * CANONICAL_WIDTH],
            [0, 1 / s, settings.top * CANONICAL_HEIGHT],
            [0, 0, 1],
        ]
    )
    size = (
        round((settings.right - settings.left) * CANONICAL_WIDTH * s),
        round((settings.bottom - settings.top) * CANONICAL_HEIGHT * s),
    )
    return cv2.warpPerspective(
        frame,
        to_image @ to_canonical,
        size,
        flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )


def shows_pips(middle: np.ndarray, settings: MiddleSettings) -> bool:
    """Several small blobs of ink and nothing larger: a number card's pips."""
    return pip_count(middle, settings) is not None


def pip_count(middle: np.ndarray, settings: MiddleSettings) -> int | None:
    """How many pips a middle that shows pips holds (its pip-sized blobs); None when it shows
    none (a picture, glare, plain paper). The middle is the card's inner part only, so a pip
    cut by its edge may fall under a pip's size, and two pips may run together under blur:
    on the building designs the count is the card's rank for about seven number cards in ten,
    one or two off for most of the others (docs/vision.md)."""
    binary = (ink_map(middle) > settings.ink).astype(np.uint8)
    count, _, stats = components_with_stats(binary, 8)
    if count <= 1:
        return None
    areas = stats[1:, cv2.CC_STAT_AREA] / float(binary.size)
    blobs = int(np.count_nonzero(areas >= settings.min_blob))
    if float(areas.max()) <= settings.pips_largest and blobs >= settings.pips_count:
        return blobs
    return None


def ink_share(middle: np.ndarray, settings: MiddleSettings) -> float:
    """The share of a middle that is ink (``ink`` darker than the paper): pips or a picture;
    about none for a middle of plain paper (a jumbo deck's court printed without a picture)."""
    return float(np.count_nonzero(ink_map(middle) > settings.ink)) / float(
        middle.shape[0] * middle.shape[1]
    )


def pips_seen(middle: np.ndarray, settings: MiddleSettings) -> int:
    """How many pip-like blobs a middle shows at the ink level that shows most: blobs of a
    pip's size (``min_blob`` to ``seen_largest`` of the middle) that fill their box
    (``seen_fill``) and are not long (``seen_aspect``), within half to twice the median such
    blob's area. Unlike ``pip_count`` it counts the pips beside anything larger: a chip lying
    over part of a ten's middle, or pips run together in pairs under blur at one ink level and
    apart at a higher one (the building check's sure tens whose ``pip_count`` is None: 5-10 here).
    A court's picture - large shapes, lines - shows 0-3 on the building designs (issue 28,
    h-court40)."""
    ink = ink_map(middle)
    best = 0
    for level in settings.seen_inks:
        binary = (ink > level).astype(np.uint8)
        count, _, stats = components_with_stats(binary, 8)
        if count <= 1:
            continue
        area = stats[1:, cv2.CC_STAT_AREA]
        share = area / float(binary.size)
        width, height = stats[1:, cv2.CC_STAT_WIDTH], stats[1:, cv2.CC_STAT_HEIGHT]
        pip_like = (
            (share >= settings.min_blob)
            & (share <= settings.seen_largest)
            & (area >= settings.seen_fill * width * height)
            & (np.maximum(width, height) <= settings.seen_aspect * np.minimum(width, height))
        )
        if not pip_like.any():
            continue
        median = float(np.median(share[pip_like]))
        alike = pip_like & (share >= median / 2) & (share <= 2 * median)
        best = max(best, int(np.count_nonzero(alike)))
    return best


def mirror_alike(middle: np.ndarray, settings: MiddleSettings) -> float:
    """How alike a middle's ink is to its mirror image left to right: the best correlation
    (-1 to 1; 0 for a middle without ink) of the ink, blurred, with it mirrored, slid up to
    ``mirror_shift`` pixels sideways. A number card's pips are laid out symmetrically about the
    card's long axis, and run together under blur they stay so; a court's picture is turned
    half round (double-headed) but not mirrored. On the building designs (issue 28, h-court40)
    sure tens whose ``pip_count`` is None are 0.9 or more but for a few, courts' pictures
    spread from 0 to 0.95 (the median per design 0.27-0.87)."""
    ink = cv2.GaussianBlur(ink_map(middle), (0, 0), settings.mirror_blur)
    mirrored = ink[:, ::-1]
    width = ink.shape[1]
    best = 0.0
    for dx in range(-settings.mirror_shift, settings.mirror_shift + 1):
        a = ink[:, max(0, dx) : width + min(0, dx)]
        b = mirrored[:, max(0, -dx) : width + min(0, -dx)]
        a, b = a - a.mean(), b - b.mean()
        scale = float(np.sqrt(float((a * a).sum()) * float((b * b).sum())))
        if scale > 0:
            best = max(best, float((a * b).sum()) / scale)
    return best


def mirrored_pip_count(middle: np.ndarray, settings: MiddleSettings) -> int | None:
    """The pips of a middle that shows pips (``pip_count``), each counted only when a blob of
    about its size lies where it would when the card is mirrored left to right; None when a
    pip-sized blob has no such partner (``lone_pip``).

    Every number card's pips are laid out symmetrically about the card's long axis (a pip on
    the axis is its own partner), and pips the middle's edge cuts are cut alike on both sides;
    the index beside the middle is not (it sits in two opposite corners). On the building
    designs ornamental and tango the index's suit reaches into the middle, and ``pip_count``
    counts one or two pips too many on nearly every card; this count is the card's rank for
    most of them (docs/benchmarks.md, "the pips counted by their mirror images")."""
    blobs = _pip_blobs(middle, settings)
    if blobs is None:
        return None  # no pips (as ``pip_count``)
    partnered = _mirror_partnered(*blobs, settings)
    return None if partnered is None else int(np.count_nonzero(partnered))


def _pip_blobs(
    middle: np.ndarray, settings: MiddleSettings
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The centres (x, y: shares of the middle's width and height) and areas (shares of the
    middle) of the pip-sized blobs ``pip_count`` counts; None when the middle shows no pips."""
    binary = (ink_map(middle) > settings.ink).astype(np.uint8)
    count, _, stats = components_with_stats(binary, 8)
    if count <= 1:
        return None
    height, width = binary.shape
    areas = stats[1:, cv2.CC_STAT_AREA] / float(binary.size)
    blobs = np.flatnonzero(areas >= settings.min_blob)
    if float(areas.max()) > settings.pips_largest or len(blobs) < settings.pips_count:
        return None
    x = (stats[1:, cv2.CC_STAT_LEFT] + stats[1:, cv2.CC_STAT_WIDTH] / 2)[blobs] / width
    y = (stats[1:, cv2.CC_STAT_TOP] + stats[1:, cv2.CC_STAT_HEIGHT] / 2)[blobs] / height
    return x, y, areas[blobs]


def _mirror_partnered(
    x: np.ndarray, y: np.ndarray, area: np.ndarray, settings: MiddleSettings
) -> np.ndarray | None:
    """Which blobs have a partner where the card mirrored left to right puts them
    (``mirrored_pip_count``); None when a pip-sized blob has none."""
    alike = (area[None, :] <= area[:, None] * settings.mirror_area) & (
        area[None, :] * settings.mirror_area >= area[:, None]
    )
    partnered = np.asarray((_near(x, y, 1.0 - x, y, settings) & alike).any(axis=1), bool)
    if not partnered.any():
        return None
    pip = float(np.median(area[partnered]))
    if np.any(~partnered & (area >= settings.lone_pip * pip)):
        return None  # a pip-sized blob with no partner: not a layout of pips alone
    return partnered


def _near(
    x: np.ndarray, y: np.ndarray, to_x: np.ndarray, to_y: np.ndarray, settings: MiddleSettings
) -> np.ndarray:
    """Which blobs (columns) lie within ``mirror_x``, ``mirror_y`` of where each blob (rows) is
    taken (``to_x``, ``to_y``: mirrored, turned)."""
    near: np.ndarray = (np.abs(x[None, :] - to_x[:, None]) <= settings.mirror_x) & (
        np.abs(y[None, :] - to_y[:, None]) <= settings.mirror_y
    )
    return near


def pips_turn_alike(
    middle: np.ndarray, settings: MiddleSettings, rank: int, *, mirrored: bool = False
) -> bool:
    """Whether the pips a count of ``rank`` was made from (``pip_count``'s blobs, or with
    ``mirrored`` the partnered ones of ``mirrored_pip_count``) are laid out as a number card's
    pips are: alike when the card is turned half round about their middle (the centre of the
    box round them, so that an outline a little off does not matter), each pip's partner
    counted too (of any size: a pip the middle's edge cuts at one end may be cut less at the
    other when the outline is a little off); a seven's one pip on the long axis off the centre
    aside. Every number card's pips are so laid out; a count whose pips are not was made of
    pips cut at one end of the middle and counted, and cut smaller at the other and not, or of
    a middle laid off the card (fresh building scenes: a ten counted nine, eights counted six,
    and read so; docs/vision.md, h-under26). Always true without ``turn_alike``."""
    if not settings.turn_alike:
        return True
    blobs = _pip_blobs(middle, settings)
    if blobs is None:
        return False
    x, y, area = blobs
    if mirrored:
        partnered = _mirror_partnered(x, y, area, settings)
        if partnered is None:
            return False
        x, y = x[partnered], y[partnered]
    if len(x) != rank:
        return False
    cx, cy = (x.min() + x.max()) / 2, (y.min() + y.max()) / 2
    turned = _near(x, y, 2 * cx - x, 2 * cy - y, settings).any(axis=1)
    alone = np.flatnonzero(~turned)
    if len(alone) == 0:
        return True
    # A seven: six pips in two columns and one on the long axis above the middle.
    return rank == 7 and len(alone) == 1 and abs(float(x[alone[0]]) - cx) <= settings.mirror_x


def pips_colour(middle: np.ndarray, settings: MiddleSettings) -> tuple[float, float, float] | None:
    """The colour of the pips' ink over the paper's (B, G, R, as ``index.ink_colour``) in a
    middle that shows pips (``pip_count``); None when it shows none or the colour is unknown.
    A number card's pips are printed in its suit's colour, as its index is."""
    if middle.ndim != 3:
        return None
    ink = ink_map(middle)
    binary = (ink > settings.ink).astype(np.uint8)
    count, labels, stats = components_with_stats(binary, 8)
    if count <= 1:
        return None
    areas = stats[1:, cv2.CC_STAT_AREA] / float(binary.size)
    pips = 1 + np.flatnonzero(areas >= settings.min_blob)
    if float(areas.max()) > settings.pips_largest or len(pips) < settings.pips_count:
        return None  # no pips (as ``pip_count``)
    return ink_colour(middle, ink, np.isin(labels, pips), paper_colour(middle))


def middle_area(quad: np.ndarray, settings: MiddleSettings) -> np.ndarray:
    """The middle's outline in the quad's pixels (4 x 2, float32), for overlap tests."""
    order = portrait_orders(quad)[0]
    across, down = order[1] - order[0], order[3] - order[0]
    shares = np.array(
        [
            [settings.left, settings.top],
            [settings.right, settings.top],
            [settings.right, settings.bottom],
            [settings.left, settings.bottom],
        ]
    )
    points: np.ndarray = (order[0] + shares[:, :1] * across + shares[:, 1:] * down).astype(
        np.float32
    )
    return points


def pip_glyphs(
    middle: np.ndarray, settings: MiddleSettings, most: int = 3, *, upright: bool = False
) -> list[np.ndarray]:
    """Raw glyph vectors (``index.glyph_vector``) of the largest whole pips in a middle that
    shows pips: each a large copy of the suit. Its height share is set to an index suit's
    (``PIP_AS_SUIT``), so the suit network sees it as one. The pips of a card's lower half are
    printed upside down (a heart so is a spade without its stem, to the suit network 0.99
    sure): ``upright`` turns those round first."""
    ink = ink_map(middle)
    binary = (ink > settings.ink).astype(np.uint8)
    count, labels, stats = components_with_stats(binary, 8)
    height, width = binary.shape
    whole = []
    for label in range(1, count):
        x, y, w, h, area = stats[label].tolist()
        if x == 0 or y == 0 or x + w >= width or y + h >= height:
            continue  # cut by the edge of the middle
        if area < settings.min_blob * binary.size:
            continue
        whole.append((area, label, (x, y, w, h)))
    whole.sort(reverse=True)
    turned_ink, turned_labels = ink[::-1, ::-1], labels[::-1, ::-1]
    vectors = []
    for _, label, (x, y, w, h) in whole[:most]:
        if upright and 2 * y + h > height + 1:  # its centre below the middle's: upside down
            box = (width - x - w, height - y - h, w, h)
            vectors.append(glyph_vector(turned_ink, turned_labels, [label], box, h / PIP_AS_SUIT))
        else:
            vectors.append(glyph_vector(ink, labels, [label], (x, y, w, h), h / PIP_AS_SUIT))
    return vectors


PIP_AS_SUIT = 0.06  # an index suit's height as a share of the card's
