"""Whether a card shape no index was read in shows a card's face (issue 28).

A shape whose corners show no whole index is reported as an unread card when it has a card's
sharp edges (``quads.edge_share``). The layout's printed ArUco markers and a croupier's forearm
have sharp edges too. A card's face is mostly paper of one colour, with a light margin all
round; so this looks at the shape's face, warped upright:

- **a marker**: the square pattern printed in black inside a white margin. Its black frame
  fills a band a sixth to a quarter of the width in from the edge; on a card face that band
  holds the index and pips and is paper for the most part. Only ink near black and grey counts
  (a court card's dark picture is coloured): at most 27% of the band on the building designs'
  faces, over 44% on the layout's markers in the building scenes;
- **skin, a chip, coloured cloth**: not paper: the margin's colour is far from grey (paper
  under the lamps' colour casts is at most 0.23 apart in its channels over its brightest on
  the building scenes; a forearm 0.46);
- **mostly felt**: a shape far larger than its card (a card size voted wrongly, put round a
  card's corner or a box printed on the cloth): its face's median is under 0.35 of its paper
  and its margin mostly dark (the cards found on the building scenes: a median at least 0.36
  of the paper, a margin light on 37% or more, never both as low).

Every shape reported is judged, read or not (``CardDetector.analyse``): a card's face passes
whether its index reads or not, and an index read in a shape that is mostly felt was read
through a card size far too large (the card itself is then missed, not put where it is not).

**The light's colour.** A warm or cool lamp (or a camera's white balance) tints the paper as
much as the cloth: under a cast of a quarter per channel, paper's channels lie 0.3 apart and
every card failed the margin's test. Colours are judged after the frame's own paper is made
grey (``paper_gains``): the margins of the shapes whose index read surely are paper, whatever
the light; with none, the brightest part of the rough card mask (``mask_gains``; glare, near
saturation, left out). The correction is bounded (``max_gain``): skin stays skin.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from dealer_assist.vision.channels import level_percentile
from dealer_assist.vision.components import compact_components
from dealer_assist.vision.geometry import following, preceding
from dealer_assist.vision.quads import label_mask

_WIDTH, _HEIGHT = 40, 56  # the face, warped upright (short side across)


@dataclass(frozen=True, slots=True, kw_only=True)
class PaperSettings:
    """Named thresholds of the paper test (chosen on building scenes, scripts/vision_tilted.py)."""

    margin: tuple[float, float] = (0.04, 0.10)  # the margin band, in card widths from the edge
    frame: tuple[float, float] = (0.15, 0.27)  # where a marker's black frame lies
    paper_percentile: float = 90.0  # the paper's grey level: this percentile of the face
    black: float = 0.35  # near black: darker than this share of the paper's grey level ...
    black_spread: float = 0.12  # ... and its channels closer than this share of it
    max_black_frame: float = 0.44  # a marker: more of the frame band near black than this ...
    min_light_margin: float = 0.7  # ... with this much of the margin light (>= 0.7 paper)
    max_margin_colour: float = 0.3  # skin: the margin's channels further apart than this
    # Mostly felt: a shape whose face's median grey is under this share of its paper level ...
    min_face_level: float = 0.35
    max_dark_margin: float = 0.3  # ... and whose margin is light (>= 0.7 paper) on under this
    min_grey_share: float = 30.0  # a blob is paper where this percentage is as grey as paper
    max_gain: float = 1.35  # the light's colour is undone by at most this gain a channel
    # A marker printed on the cloth, in a grainy view (its black frame band blurred under
    # ``max_black_frame``): a shape not read surely whose band is at least this much near
    # black ... (0 or more than ``max_black_frame``: off)
    dull_black_frame: float = 0.36
    # ... and whose paper is duller than this share of the paper of the cards read surely.
    dull_paper: float = 0.9
    # A marker seen square (h-dim25): a shape whose sides in the picture are this close to
    # square (the longer pair over the shorter under it; a card 30 degrees off looks at least
    # this long, ``PlaneSettings.min_image_aspect``) is also looked at as the square the
    # picture shows, for a marker's black frame (``max_black_frame``, ``min_light_margin``).
    # Stretched to a card's proportions, a marker's frame falls half out of the band: found on
    # a plane that made markers card-shaped, two markers in a lamp's light showed 0.34-0.36 of
    # it near black, seen as squares 0.47-0.53 (cards 0.0-0.04). 1 or less: off.
    square_aspect: float = 1.15
    # A box printed on the cloth (h-nocard9): a shape not read surely whose face's median grey
    # is under this share of the paper of the cards read surely is cloth inside a printed line
    # (on the building scenes 0.19-0.20; shapes on cards 0.43 or more; 0: off).
    dull_face: float = 0.3
    bright_share: float = 0.1  # the rough mask's paper: its brightest pixels, this share ...
    saturated: int = 245  # ... below this level (glare)
    # Paper alone (``paper_mask``): the rough mask's pixels as grey as paper whose darkest
    # channel is at least this share of the mask's paper level (its brightest channel's
    # ``bright_share`` percentile below ``saturated``; 0: off).
    paper_bright: float = 0.6
    # ... or, where the cloth round it is shaded (its level under ``shade`` of the cloth's
    # median: a croupier's shadow), whose darkest channel is at least ``cloth_contrast``
    # times the brightest channel of the cloth round it (the cloth's level where the mask is
    # not, smoothed over ``cloth_sigma`` pixels; 0: off) and at least ``dim_floor`` of the
    # mask's paper level (h-dim8, ``_dim_floor``; on the building scenes a shaded card's
    # paper is 2.3-4 times its cloth and 0.4-0.6 of the paper level, grey words printed on
    # dark cloth about 2 and 0.36).
    cloth_contrast: float = 2.2
    dim_floor: float = 0.42
    cloth_sigma: float = 48.0
    shade: float = 0.7


def _face(frame: np.ndarray, corners: np.ndarray, height: int = _HEIGHT) -> np.ndarray:
    """The shape ``corners`` warped upright, ``_WIDTH`` wide and ``height`` high (a card's
    proportions; ``_WIDTH``: the square the picture shows, ``PaperSettings.square_aspect``)."""
    quad = np.asarray(corners, np.float32).reshape(4, 2)
    sides = np.hypot(*(following(quad) - quad).T)
    if sides[0] + sides[2] > sides[1] + sides[3]:
        quad = preceding(quad)  # the first side a short one
    target = np.array([[0, 0], [_WIDTH, 0], [_WIDTH, height], [0, height]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad, target)
    face = cv2.warpPerspective(frame, matrix, (_WIDTH, height), flags=cv2.INTER_AREA)
    if face.ndim == 2:
        face = cv2.cvtColor(face, cv2.COLOR_GRAY2BGR)
    result: np.ndarray = face.astype(np.float32)
    return result


def _inset(height: int = _HEIGHT) -> np.ndarray:
    ys, xs = np.mgrid[0:height, 0:_WIDTH].astype(np.float32) + 0.5
    across = np.minimum(xs, _WIDTH - xs)
    along = np.minimum(ys, height - ys)
    result: np.ndarray = np.minimum(across, along) / _WIDTH
    return result


_INSET = _inset()
_SQUARE_INSET = _inset(_WIDTH)


def _squarish(corners: np.ndarray, settings: PaperSettings) -> bool:
    """Whether the shape's sides in the picture are nearly square (``square_aspect``)."""
    quad = np.asarray(corners, np.float64).reshape(4, 2)
    sides = np.hypot(*(following(quad) - quad).T)
    pairs = sorted((float(sides[0] + sides[2]), float(sides[1] + sides[3])))
    return pairs[0] > 0 and pairs[1] < settings.square_aspect * pairs[0]


Gains = np.ndarray  # per channel (B, G, R): what makes the frame's paper grey


def _bounded(colour: np.ndarray, settings: PaperSettings) -> Gains | None:
    if not np.all(colour > 1.0):
        return None
    gains = float(colour.max()) / colour
    result: np.ndarray = np.clip(gains, 1.0, settings.max_gain).astype(np.float32)
    return result


def _channel_max(pixels: np.ndarray) -> np.ndarray:
    """Each pixel's brightest channel (rows of three): ``pixels.max(axis=1)``, written out
    (numpy's reduction over three values a row costs tens of times as much)."""
    result: np.ndarray = np.maximum(np.maximum(pixels[:, 0], pixels[:, 1]), pixels[:, 2])
    return result


def paper_level(frame: np.ndarray, corners: np.ndarray, settings: PaperSettings) -> float:
    """The grey level of the paper of the shape ``corners``: its face's brightest tenth."""
    face = _face(frame, corners)
    inner, _, _ = _regions(settings.margin, settings.frame)
    pixels = face.reshape(-1, 3)
    grey = (pixels[:, 0] + pixels[:, 1] + pixels[:, 2]) / 3
    return _quantile(grey[inner], settings.paper_percentile / 100.0)


# ``skin_shape`` (issue 28, h-nocard45): a shape no index reads in whose margin is at least this
# colourful (the median of its brightest channel less its darkest over its brightest) ...
SKIN_MARGIN_COLOUR = 0.2
# ... and whose paper (``paper_level``) is under this share of the frame's sure cards' is skin.
SKIN_PAPER = 0.75


def skin_shape(
    frame: np.ndarray, corners: np.ndarray, settings: PaperSettings, cards_paper: float
) -> bool:
    """Whether the shape ``corners`` (no index read in it) is a hand or forearm, not a card: its
    margin colourful as skin is (``SKIN_MARGIN_COLOUR``, under ``max_margin_colour``, which
    ``shows_paper`` refuses alone) and its paper duller than ``SKIN_PAPER`` of ``cards_paper``,
    the paper level of the cards read surely in the frame. tango/small#34247930 (building
    design, the bench's generator) reported a forearm running into the picture's top edge as
    an unread card: margin 0.25, paper 0.61 of the sure cards'. Of the shapes not read surely
    on a card in the bench's anglo photographs 900-989 (a partial measure), the nearest were
    margin 0.19 at paper 0.66 (one index read in it) and 0.26 at paper 0.95 (two read); the
    building check with it on is main's card for card."""
    if cards_paper <= 0:
        return False
    tones = _tones(_face(frame, corners), settings, None, square=False)
    if tones is None:
        return False
    _, brightest, darkest, paper = tones
    _, margin, _ = _regions(settings.margin, settings.frame)
    spread = (brightest[margin] - darkest[margin]) / np.maximum(brightest[margin], 1.0)
    return _quantile(spread, 0.5) >= SKIN_MARGIN_COLOUR and paper < SKIN_PAPER * cards_paper


def face_median(frame: np.ndarray, corners: np.ndarray, settings: PaperSettings) -> float:
    """The median grey level of the inside of the shape ``corners``: a card's face is mostly
    paper, a shape half over the felt shows the felt's level."""
    face = _face(frame, corners)
    inner, _, _ = _regions(settings.margin, settings.frame)
    pixels = face.reshape(-1, 3)
    grey = (pixels[:, 0] + pixels[:, 1] + pixels[:, 2]) / 3
    return _quantile(grey[inner], 0.5)


def dull_marker(
    frame: np.ndarray, corners: np.ndarray, settings: PaperSettings, cards_paper: float
) -> bool:
    """Whether the shape ``corners`` (not read surely) is a marker printed on the cloth: its
    black frame's band nearly a marker's and its paper duller than ``cards_paper``, the paper
    level of the cards read surely in the frame (a card's face is card stock; a marker's white
    is printed on the cloth and lit as the cloth is; the grain of a dark view blurs its frame).
    A box printed on the cloth is judged so too: a face whose median grey is under
    ``dull_face`` of ``cards_paper`` is the cloth inside the box's line, not a card's paper.

    On the building scenes the shapes not read surely on a card show at most 0.32 of the band
    near black, and then paper at least 0.93 of the sure cards'; the grainy views' markers 0.40
    to 0.42, their paper 0.66 to 0.86 of the cards'."""
    if cards_paper <= 0:
        return False
    face = _face(frame, corners)
    inner, _, band = _regions(settings.margin, settings.frame)
    pixels = face.reshape(-1, 3)
    grey = (pixels[:, 0] + pixels[:, 1] + pixels[:, 2]) / 3
    if _quantile(grey[inner], 0.5) < settings.dull_face * cards_paper:
        return True  # the cloth inside a printed box
    if not 0 < settings.dull_black_frame <= settings.max_black_frame:
        return False
    paper = _quantile(grey[inner], settings.paper_percentile / 100.0)
    if paper >= settings.dull_paper * cards_paper:
        return False
    brightest = _channel_max(pixels)
    darkest = np.minimum(np.minimum(pixels[:, 0], pixels[:, 1]), pixels[:, 2])
    neutral = (brightest[band] - darkest[band]) < settings.black_spread * paper
    black = float(((grey[band] < settings.black * paper) & neutral).mean())
    return black >= settings.dull_black_frame


def _margin_colour(face: np.ndarray, settings: PaperSettings) -> np.ndarray:
    margin = (settings.margin[0] <= _INSET) & (settings.margin[1] > _INSET)
    result: np.ndarray = np.median(face[margin], axis=0)
    return result


def paper_gains(
    frame: np.ndarray, shapes: list[np.ndarray], settings: PaperSettings
) -> Gains | None:
    """The gains that make the paper of ``shapes`` (cards read surely: paper for certain) grey;
    None without such shapes."""
    if not shapes or frame.ndim == 2:
        return None
    colours = np.array([_margin_colour(_face(frame, c), settings) for c in shapes])
    return _bounded(np.median(colours, axis=0), settings)


def mask_gains(image: np.ndarray, mask: np.ndarray, settings: PaperSettings) -> Gains | None:
    """The gains that make the brightest part of ``mask`` grey (paper is the brightest thing on
    a table; glare near saturation left out); None when the mask is empty."""
    if image.ndim == 2:
        return None
    # Every fourth pixel each way is plenty for a median (a full gather costs milliseconds).
    pixels = image[::4, ::4][mask[::4, ::4] > 0]
    if len(pixels) < 20:
        return None
    brightest = _channel_max(pixels)
    pixels = pixels[brightest < settings.saturated]
    if len(pixels) < 20:
        return None
    brightest = _channel_max(pixels)
    share = 100 * (1 - settings.bright_share)
    if brightest.dtype == np.uint8:  # the same number as numpy's, from the histogram
        level = np.float64(level_percentile(brightest, share))
    else:
        level = np.percentile(brightest, share)
    top = pixels[brightest >= level].astype(np.float32)
    return _bounded(np.median(top, axis=0), settings)


def shows_paper(
    frame: np.ndarray,
    corners: np.ndarray,
    settings: PaperSettings,
    gains: Gains | None = None,
    *,
    margin_colour: bool = True,
) -> bool:
    """Whether the shape ``corners`` (frame pixels) shows a card's face: paper, no marker.
    ``gains``: the light's colour undone first (``paper_gains``). Without ``margin_colour``
    the margin's colour is not judged (a card read at an index corner with an arm over part
    of it: skin in its margin)."""
    tones = _tones(_face(frame, corners), settings, gains, square=False)
    if tones is None:
        return False
    grey, brightest, darkest, paper = tones
    inner, margin, _ = _regions(settings.margin, settings.frame)
    edge = margin
    spread = (brightest[edge] - darkest[edge]) / np.maximum(brightest[edge], 1.0)
    if margin_colour and _quantile(spread, 0.5) > settings.max_margin_colour:
        return False  # skin, a chip, cloth: no paper is that colourful
    black, light = _frame_and_margin(tones, settings, square=False)
    if light < settings.max_dark_margin and _quantile(grey[inner], 0.5) < (
        settings.min_face_level * paper
    ):
        # A little paper in a shape of felt: a card size far too large round a card's corner
        # or a printed box (its index may even read). A card under a hand keeps its margin.
        return False
    if black > settings.max_black_frame and light >= settings.min_light_margin:
        return False  # a marker
    if settings.square_aspect > 1 and _squarish(corners, settings):
        return not _square_marker(frame, corners, settings, gains)
    return True


def _square_marker(
    frame: np.ndarray, corners: np.ndarray, settings: PaperSettings, gains: Gains | None
) -> bool:
    """Whether the shape ``corners``, square in the picture and looked at as that square,
    shows a marker: its frame's band near black and its margin light as ``shows_paper`` asks
    (``PaperSettings.square_aspect``)."""
    tones = _tones(_face(frame, corners, _WIDTH), settings, gains, square=True)
    if tones is None:
        return False
    black, light = _frame_and_margin(tones, settings, square=True)
    return black > settings.max_black_frame and light >= settings.min_light_margin


_Tones = tuple[np.ndarray, np.ndarray, np.ndarray, float]


def _tones(
    face: np.ndarray, settings: PaperSettings, gains: Gains | None, *, square: bool
) -> _Tones | None:
    """A warped face's grey, brightest and darkest channel a pixel (flat), and its paper's
    level (``paper_percentile`` of the inside); None when the inside is black."""
    if gains is not None:
        face = face * gains
    inner, _, _ = _regions(settings.margin, settings.frame, square=square)
    pixels = face.reshape(-1, 3)
    # The channels' mean, brightest and darkest written out: numpy's reductions over three
    # values a pixel cost ten to forty times as much (the same numbers: the mean's sum is
    # added in the same order).
    grey = (pixels[:, 0] + pixels[:, 1] + pixels[:, 2]) / 3
    paper = _quantile(grey[inner], settings.paper_percentile / 100.0)
    if paper <= 0:
        return None
    brightest = _channel_max(pixels)
    darkest = np.minimum(np.minimum(pixels[:, 0], pixels[:, 1]), pixels[:, 2])
    return grey, brightest, darkest, paper


def _frame_and_margin(
    tones: _Tones, settings: PaperSettings, *, square: bool
) -> tuple[float, float]:
    """The share of a marker's frame band near black and grey (a marker's ink; a court card's
    dark picture is coloured), and the share of the margin band light."""
    grey, brightest, darkest, paper = tones
    _, margin, band = _regions(settings.margin, settings.frame, square=square)
    neutral = (brightest[band] - darkest[band]) < settings.black_spread * paper
    black = float(((grey[band] < settings.black * paper) & neutral).mean())
    light = float((grey[margin] >= 0.7 * paper).mean())
    return black, light


@lru_cache(maxsize=8)
def _regions(
    margin: tuple[float, float], frame: tuple[float, float], *, square: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Flat indices of the face's inside (past the margin's start), its margin band and the
    band where a marker's frame lies (of the square face with ``square``)."""
    inset = (_SQUARE_INSET if square else _INSET).ravel()
    inner = margin[0] <= inset
    return (
        np.flatnonzero(inner),
        np.flatnonzero(inner & (margin[1] > inset)),
        np.flatnonzero((frame[0] <= inset) & (frame[1] > inset)),
    )


def _quantile(values: np.ndarray, share: float) -> float:
    """``np.percentile(values, 100 * share)`` (linear), from a partial sort: a fraction of
    the cost on a few hundred values."""
    position = share * (len(values) - 1)
    low = int(position)
    high = min(low + 1, len(values) - 1)
    parted = np.partition(values, (low, high))
    return float(parted[low] + (parted[high] - parted[low]) * (position - low))


def paper_blobs(
    image: np.ndarray, mask: np.ndarray, settings: PaperSettings, gains: Gains | None = None
) -> np.ndarray:
    """``mask`` without its blobs that are mostly not paper: a forearm, chips, coloured cloth
    (less than ``min_grey_share`` percent of them is as near grey as paper; a court card's
    picture is coloured, but its margin and ground are paper). Cards are judged by their
    outlines, and the card size by the blobs' edges: a forearm's long straight sides are no
    card's. ``gains``: the light's colour undone first (``mask_gains``)."""
    count, labels, stats = compact_components(mask, 8)
    if count <= 1:
        return mask
    if image.ndim == 2:
        return mask  # a grey picture: every blob is as grey as paper
    brightest, darkest = _extremes(image, gains)
    # As grey as paper: brightest - darkest <= max_margin_colour * max(brightest, 1), for
    # whole levels the same as darkest >= a level read from a table by the brightest.
    grey = cv2.compare(
        darkest, cv2.LUT(brightest, _grey_floor(settings.max_margin_colour)), cv2.CMP_GE
    )
    areas = stats[:, cv2.CC_STAT_AREA]
    # The grey pixels' labels alone counted (a fifth of the view or less), not every pixel's
    # with the others' made 0: the same counts for every blob (label 0, the felt, is not one).
    greys = np.bincount(labels[grey > 0], minlength=count)
    share = greys / np.maximum(areas, 1)
    coloured = np.flatnonzero(share < settings.min_grey_share / 100.0)
    coloured = coloured[coloured > 0]  # label 0: the felt
    if len(coloured) == 0:
        return mask
    drop = np.zeros(count, bool)
    drop[coloured] = True
    # The blobs dropped as a mask through a table (``quads.label_mask``), not a gather.
    kept: np.ndarray = cv2.bitwise_and(mask, cv2.bitwise_not(label_mask(labels, drop)))
    return kept


def _extremes(image: np.ndarray, gains: Gains | None) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel of a colour picture its brightest and its darkest channel, the light's colour
    undone first by ``gains`` (``mask_gains``) when given."""
    b, g, r = cv2.split(image)
    if gains is not None:
        b, g, r = (
            cv2.convertScaleAbs(channel, alpha=float(gain))
            for channel, gain in zip((b, g, r), gains, strict=True)
        )
    return cv2.max(cv2.max(b, g), r), cv2.min(cv2.min(b, g), r)


@lru_cache(maxsize=4)
def _grey_floor(share: float) -> np.ndarray:
    """Per brightest level (0-255), the darkest level a pixel as grey as paper has at least:
    ``brightest - darkest <= share * max(brightest, 1)`` (worked out in float32, as a whole
    picture would be) holds exactly when ``darkest >= brightest - floor(share * ...)``."""
    levels = np.arange(256, dtype=np.float32)
    allowed = share * np.maximum(levels, np.float32(1.0))
    result: np.ndarray = (levels - np.floor(allowed)).astype(np.uint8)
    return result


def paper_mask(
    image: np.ndarray,
    mask: np.ndarray,
    settings: PaperSettings,
    gains: Gains | None = None,
    *,
    dim: bool = True,
) -> np.ndarray | None:
    """The pixels of ``mask`` that are paper: as near grey as paper (``max_margin_colour``)
    and bright in every channel (the darkest at least ``paper_bright`` of the mask's paper
    level: its brightest tenth, glare near saturation left out). None when off, or for a grey
    picture or an empty mask.

    What differs from the felt's median is more than card (issue 28, h-finder7): a zone
    printed in another shade of the cloth, a croupier's hand, gold lines and words seen close
    join the cards into one blob, and the blob's straight sides voted a card size two or three
    times too large (every card of the frame missed). Printed cloth is the cloth's colour and
    as dark as it, skin and gold are coloured: paper alone parts the cards from them.

    ``dim`` (issue 28, h-dim8): where the cloth round a pixel lies in a shadow, paper is also
    what is far lighter than that cloth (``_dim_floor``): a card in a croupier's shadow is
    half as bright as the cards in the light. Only the findings on paper alone use it
    (``CardDetector._card_mask``); the rough stage's paper alone (``_paper_rough``) and the
    second look into a blob left unexplained (``_recover``) go without it (``dim=False``):
    there it lost cards on the building check."""
    if settings.paper_bright <= 0 or image.ndim == 2:
        return None
    brightest, darkest = _extremes(image, gains)
    levels = brightest[::2, ::2][mask[::2, ::2] > 0]
    levels = levels[levels < settings.saturated]
    if len(levels) < 20:
        return None
    paper = _quantile(levels.astype(np.float32), 1.0 - settings.bright_share)
    grey = cv2.compare(
        darkest, cv2.LUT(brightest, _grey_floor(settings.max_margin_colour)), cv2.CMP_GE
    )
    if dim and settings.cloth_contrast > 0:
        floor = _dim_floor(brightest, mask, paper, settings)
        bright = cv2.compare(darkest, floor, cv2.CMP_GT)  # as the threshold: over it
    else:
        _, bright = cv2.threshold(darkest, settings.paper_bright * paper, 255, cv2.THRESH_BINARY)
    result: np.ndarray = cv2.bitwise_and(cv2.bitwise_and(grey, bright), mask)
    return result


_CLOTH_STEP = 8  # the cloth's level is read on every eighth pixel each way
_RING_STEP = 4  # the cloth round a shape is read on every fourth pixel each way
# The middle of a shape as the count sees it (``cloth_at_centre``): discs round its centre of
# these radii, in card widths.
_CENTRE_RADII = (0.1, 0.2)
# Cloth is darker than paper in its darkest channel: round a shape whose "cloth" is at least this
# share of its face's paper (the brightest tenth of its darkest channel) lies paper, not cloth.
_CLOTH_NOT_PAPER = 0.6


def cloth_at_centre(
    frame: np.ndarray,
    corners: np.ndarray,
    others: Sequence[np.ndarray],
    *,
    reach: float,
    alike: float,
) -> float:
    """How much of the middle of the shape ``corners`` (frame pixels) is the cloth round it,
    running on past its outline: the smaller share, of two discs round its centre
    (``_CENTRE_RADII``), of pixels whose every channel lies within ``alike`` of the cloth's
    brightest channel from the cloth's colour and which join (8-connected, through such
    pixels) the cloth outside the shape. The cloth's colour is the median of the frame round
    the shape, out to ``reach`` card widths past its outline, outside it and ``others`` (the
    frame's other shapes, frame pixels; a card's neighbours are paper, not cloth): under uneven
    light, the cloth beside it. 0 when no cloth lies round it. A card's middle is paper, pips
    or a picture, inside its paper even when the picture is the cloth's colour; a shape laid
    half off a card or between two has the cloth there, where the count takes its centre."""
    if frame.ndim == 2:
        return 0.0
    step = _RING_STEP
    quad = np.asarray(corners, np.float32).reshape(4, 2)
    sides = np.hypot(*(following(quad) - quad).T)
    width = float(min(sides[0] + sides[2], sides[1] + sides[3]) / 2)
    small = frame[::step, ::step]
    shape_mask = np.zeros(small.shape[:2], np.uint8)
    cv2.fillConvexPoly(shape_mask, np.round(quad / step).astype(np.int32), 255)
    grow = max(1, round(reach * width / step))
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * grow + 1,) * 2)
    near: np.ndarray = cv2.dilate(shape_mask, kernel)
    taken = np.zeros_like(shape_mask)
    for shape in [quad, *others]:
        outline = np.round(np.asarray(shape, np.float32).reshape(-1, 2) / step).astype(np.int32)
        cv2.fillConvexPoly(taken, outline, 255)
    pixels = small[(near > 0) & (taken == 0)]
    if len(pixels) < 20:
        return 0.0
    cloth = np.median(pixels.reshape(-1, 3).astype(np.float32), axis=0)
    darkest = _face(frame, quad).min(axis=2)
    if float(cloth.min()) >= _CLOTH_NOT_PAPER * float(np.percentile(darkest, 90)):
        # Paper round it (cards larger than their outlines, a crowded layout): no cloth to tell.
        return 0.0
    limit = alike * max(float(cloth.max()), 1.0)
    # The frame round the shape, a few pixels past its outline, at full resolution.
    height, frame_width = frame.shape[:2]
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 3
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 4
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, frame_width), min(y1, height)
    if x1 - x0 < 3 or y1 - y0 < 3:
        return 0.0
    patch = frame[y0:y1, x0:x1].astype(np.float32)
    like = (np.abs(patch - cloth).max(axis=2) < limit).astype(np.uint8)
    _, labels = cv2.connectedComponents(like, connectivity=8)
    inside = np.zeros(like.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(quad - (x0, y0)).astype(np.int32), 255)
    outside = (inside == 0) & (like > 0)
    joined = np.zeros(int(labels.max()) + 1, bool)
    joined[np.unique(labels[outside])] = True
    joined[0] = False
    centre = quad.mean(axis=0) - (x0, y0)
    ys, xs = np.mgrid[0 : y1 - y0, 0 : x1 - x0]
    distance = np.hypot(xs + 0.5 - centre[0], ys + 0.5 - centre[1])
    shares = []
    for radius in _CENTRE_RADII:
        disc = distance <= max(radius * width, 1.5)
        shares.append(float(joined[labels[disc]].mean()) if disc.any() else 0.0)
    return min(shares)


def _dim_floor(
    brightest: np.ndarray, mask: np.ndarray, paper: float, settings: PaperSettings
) -> np.ndarray:
    """Per pixel, the darkest channel paper has at least: ``paper_bright`` of the mask's paper
    level, or less where the cloth round it is dark: ``cloth_contrast`` times the cloth's
    level there (its brightest channel, read where ``mask`` is not and smoothed), never under
    ``dim_floor`` of the paper level. A card in a shadow or a dim corner is lighter than the
    cloth beside it by far, though darker than the frame's brightest paper; printed words and
    panels are a shade of the cloth (0.6-1.4 times it)."""
    step = _CLOTH_STEP
    small = brightest[::step, ::step].astype(np.float32)
    cloth = (mask[::step, ::step] == 0).astype(np.float32)
    sigma = settings.cloth_sigma / step
    weight = cv2.GaussianBlur(cloth, (0, 0), sigma)
    level = cv2.GaussianBlur(small * cloth, (0, 0), sigma) / np.maximum(weight, 1e-6)
    level[weight < 0.02] = 255.0  # no cloth near: the frame's paper level alone
    felt = small[cloth > 0]
    median = float(np.median(felt)) if len(felt) else 0.0
    floor = np.clip(
        settings.cloth_contrast * level,
        settings.dim_floor * paper,
        settings.paper_bright * paper,
    )
    floor[level >= settings.shade * median] = settings.paper_bright * paper
    # Whole levels before the resize: where the cloth is lit the floor is then exactly the
    # frame's threshold (``darkest > floor`` as ``cv2.threshold`` at ``paper_bright``).
    height, width = brightest.shape[:2]
    result: np.ndarray = cv2.resize(
        np.floor(floor).astype(np.uint8), (width, height), interpolation=cv2.INTER_LINEAR
    )
    return result
