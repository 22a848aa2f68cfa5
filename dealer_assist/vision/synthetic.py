"""Synthetic table scenes: card faces on felt, seen by a camera, with the light a room has.

Used to build and test the recogniser (``scripts/vision_build_dataset.py``, ``benchmarks/
bench_vision.py``, the tests). Every scene comes from a seed: the same seed gives the same image.
The faces come from :mod:`dealer_assist.vision.decks` (Debian art, rendered at build or test
time, never shipped). What a scene varies: felt colour and texture, a printed layout (lines,
words, ArUco markers), camera scale and tilt, card positions (touching, overlapping, the third card
sideways, any angle), shadows, uneven light, glare, focus blur, sensor noise and JPEG compression.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from dealer_assist.cards import Card
from dealer_assist.rules.coup import Hand
from dealer_assist.vision.layout import Layout, apply_homography, punto_banco_layout


@dataclass(frozen=True, slots=True)
class Placement:
    """A card on the cloth: centre (mm), rotation (degrees, counter-clockwise), its hand."""

    card: Card
    center_mm: tuple[float, float]
    angle_deg: float
    hand: Hand | None = None


@dataclass(frozen=True, slots=True)
class PlacedCard:
    """Ground truth for one card in a scene: its corners in the image (the face's own top-left,
    top-right, bottom-right, bottom-left) and centre."""

    card: Card
    corners: tuple[tuple[float, float], ...]
    center: tuple[float, float]
    hand: Hand | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SceneStyle:
    """How hard a scene is. The defaults are the benchmark's mix; tests pick easier ones."""

    width: int = 1280
    height: int = 720
    px_per_mm: tuple[float, float] = (1.35, 2.1)
    tilt: float = 0.12  # keystone: up to this fraction narrower at the far edge
    rotation_deg: float = 6.0  # camera roll
    card_jitter_deg: float = 7.0
    any_angle: float = 0.15  # share of hands rotated by any angle
    touching: float = 0.5  # share of neighbours that touch or overlap
    max_overlap_mm: float = 10.0
    light: tuple[float, float] = (0.5, 1.15)
    glare: float = 0.6  # chance of glare spots
    blur: float = 1.2
    noise: float = 7.0
    jpeg: tuple[int, int] = (55, 95)
    printed_layout: bool = True
    # A camera off vertical (a pinhole, no calibration markers needed): when set, the camera is
    # tilted by this many degrees towards a random side and rolled by any angle, and its focal
    # length and distance give cards ``card_px`` pixels wide at the card region's centre. The
    # keystone above (``tilt``) is then not used.
    camera_tilt_deg: tuple[float, float] | None = None
    card_px: tuple[float, float] = (70.0, 130.0)
    fov_deg: tuple[float, float] = (45.0, 65.0)
    whole_region: bool = True  # the camera is moved back until the card region is in view
    # Where on the cloth (mm: x0, y0, x1, y1) the camera is aimed, drawn uniformly; None: near
    # the card region's centre. A close camera aimed between the hands sees one hand and part of
    # the other.
    aim_mm: tuple[float, float, float, float] | None = None
    # The two hands' centres this far apart (mm); None: each in its zone's middle.
    hands_apart_mm: float | None = None
    # A lens's barrel (negative) or pincushion (positive) distortion: k1 drawn from this range
    # (radius 1 at the image's half width); and chips and a hand among the cards, this often.
    distortion: tuple[float, float] = (0.0, 0.0)
    clutter: float = 0.0
    # A colour cast: each channel's gain off by up to this share (a warm or cool lamp, a camera's
    # white balance); and this often, a soft-edged shadow (a croupier, a lamp's shade) over part
    # of the table, darkening it to 35-75%. Drawn apart from the rest: styles without them
    # draw the same scenes as before.
    cast: float = 0.0
    shadows: float = 0.0
    # How cards lie on a real table (issue 28, h-finder4), all drawn from a generator of their
    # own (styles without them draw the same scenes as before): the printed layout's kind, one
    # of ``layouts`` (``"zones"`` the outlines and names above; ``"boxes"`` a printed box for
    # each card, the cards dealt across its lines; ``"arcs"`` seat arcs and curved bands;
    # ``"panels"`` zones printed in another shade of the cloth with gold borders; ``"words"``
    # large printed words and payouts under the cards), one or two of them, no ArUco markers;
    # the felt from ``TABLE_FELTS`` (brown and dark grey among them); this often a hand's two cards
    # overlapping as a croupier deals them and its third card crosswise over them
    # (``dealt_overlap``); chips lying on a card's edge (``edge_chips``) and a croupier's
    # fingers over part of a card (``hand_over``), this often.
    layouts: tuple[str, ...] = ()
    table_felts: bool = False
    dealt_overlap: float = 0.0
    edge_chips: float = 0.0
    hand_over: float = 0.0


# A camera up to 30 degrees off vertical, rolled any way, cards 70-130 pixels wide: the view
# ``vision detect`` reads without a layout (issue 28).
TILTED = SceneStyle(camera_tilt_deg=(0.0, 30.0), rotation_deg=180.0)
# The tilted camera through a real lens (barrel or pincushion), with chips and a hand about.
TILTED_LENS = SceneStyle(
    camera_tilt_deg=(0.0, 30.0), rotation_deg=180.0, distortion=(-0.12, 0.04), clutter=0.7
)
# Tilted 20-30 degrees, every card touching its neighbour, no glare: the finder's hard case.
TILTED_TOUCHING = SceneStyle(
    camera_tilt_deg=(20.0, 30.0), rotation_deg=180.0, touching=1.0, glare=0.0, card_px=(90.0, 130.0)
)
# The same camera closer: cards 110-230 pixels wide, some of them out of the picture.
TILTED_CLOSE = SceneStyle(
    camera_tilt_deg=(0.0, 30.0), rotation_deg=180.0, card_px=(110.0, 230.0), whole_region=False
)

# Nearly straight down (0-8 degrees), chips and a hand among the cards in most scenes.
OVERHEAD_CLUTTER = SceneStyle(
    camera_tilt_deg=(0.0, 8.0), rotation_deg=180.0, clutter=0.8, distortion=(-0.06, 0.02)
)
# A tilted camera's grainy, soft picture: sensor noise up to 16 levels, blur up to 2 pixels.
NOISY = SceneStyle(
    camera_tilt_deg=(0.0, 30.0), rotation_deg=180.0, noise=16.0, blur=2.0, jpeg=(60, 85)
)

# Harsh light: a strong gradient, a colour cast, a shadow over part of the table, glare, chips
# and a hand; tilted up to 30 degrees through a lens.
HARSH = SceneStyle(
    camera_tilt_deg=(0.0, 30.0),
    rotation_deg=180.0,
    light=(0.3, 1.2),
    glare=0.9,
    cast=0.25,
    shadows=0.7,
    clutter=0.5,
    distortion=(-0.1, 0.04),
)
# A 1920 x 1080 camera, 5-30 degrees off vertical, cards 90-260 pixels wide, some of them out
# of the picture; a cast, a shadow now and then, chips and a hand.
WIDE = SceneStyle(
    width=1920,
    height=1080,
    camera_tilt_deg=(5.0, 30.0),
    rotation_deg=180.0,
    card_px=(90.0, 260.0),
    whole_region=False,
    cast=0.15,
    shadows=0.4,
    clutter=0.5,
    distortion=(-0.08, 0.03),
)

# Grainy and dim: sensor noise up to 24 levels, blur up to 2.5 pixels, JPEG 55-80, the table
# lit at 30-100%, a cast and now and then a shadow.
DIM_NOISY = SceneStyle(
    camera_tilt_deg=(0.0, 30.0),
    rotation_deg=180.0,
    noise=24.0,
    blur=2.5,
    jpeg=(55, 80),
    light=(0.3, 1.0),
    cast=0.15,
    shadows=0.5,
)

# A baccarat table as it is (issue 28, h-finder4): printed layouts of several kinds and no
# markers, the felts a casino uses (green, blue, red, brown, dark grey), each hand's cards
# dealt overlapping or touching with the third card crosswise over them, chips on a card's
# edge, a croupier's fingers over part of a card; tilted up to 30 degrees through a lens, a
# cast and now and then a shadow.
TABLE = SceneStyle(
    camera_tilt_deg=(0.0, 30.0),
    rotation_deg=180.0,
    touching=0.8,
    distortion=(-0.08, 0.03),
    cast=0.15,
    shadows=0.3,
    clutter=0.4,
    layouts=("zones", "boxes", "arcs", "panels", "words"),
    table_felts=True,
    dealt_overlap=0.6,
    edge_chips=0.4,
    hand_over=0.25,
)
# The same table seen closer, grainier and softer: cards 100-220 pixels wide (some out of the
# picture), sensor noise up to 16 levels, blur up to 2 pixels, JPEG 60-90.
TABLE_CLOSE = replace(
    TABLE,
    card_px=(100.0, 220.0),
    whole_region=False,
    noise=16.0,
    blur=2.0,
    jpeg=(60, 90),
)

# Large cards (issue 28, h-ghost27): a camera close over the table, aimed at or between the
# hands (dealt nearer each other than the zones' middles), cards 200-300 pixels wide at
# 1280 x 720, some of them running off the picture's edge, most touching a neighbour: a card's
# court picture, its pips and its index corners are shapes the size of smaller cards.
LARGE = SceneStyle(
    camera_tilt_deg=(0.0, 25.0),
    rotation_deg=180.0,
    card_px=(200.0, 300.0),
    whole_region=False,
    aim_mm=(240.0, 110.0, 360.0, 160.0),
    hands_apart_mm=150.0,
    touching=0.8,
    max_overlap_mm=15.0,
    distortion=(-0.06, 0.02),
    cast=0.1,
    shadows=0.2,
)
# The large cards on a real table's cloth (``TABLE``'s printed layouts and felts, chips and a
# croupier's fingers, hands dealt overlapping): a printed box is card-sized at this scale.
LARGE_TABLE = replace(
    LARGE,
    layouts=("zones", "boxes", "arcs", "panels", "words"),
    table_felts=True,
    clutter=0.4,
    dealt_overlap=0.6,
    edge_chips=0.4,
    hand_over=0.25,
)

# Cards in a blob joined with something (issue 28, h-joined12): every hand dealt as croupiers
# deal it (the second card touching or over the first, the third crosswise over the two), chips
# pushed against a card's edge in every scene, a croupier's hand or sleeve over a card's corner
# in four of five (``edge_chips``, ``hand_over``), and printed lines and boxes crossing under
# the cards; a camera 5-25 degrees off vertical. The finder's hard case on a real table: a
# card's blob in the rough mask joined with a neighbour, a line, a hand or a chip, its corners
# hidden.
JOINED = replace(
    TABLE,
    camera_tilt_deg=(5.0, 25.0),
    touching=1.0,
    distortion=(-0.06, 0.02),
    shadows=0.2,
    clutter=0.3,
    layouts=("zones", "boxes", "panels"),
    dealt_overlap=1.0,
    edge_chips=1.0,
    hand_over=0.8,
)

# The building styles of a view without a layout, by the names the building checks take
# (scripts/vision_tilted.py, scripts/vision_looks.py: ``--styles tilted,close,...``).
CHECK_STYLES: dict[str, SceneStyle] = {
    "tilted": TILTED,
    "close": TILTED_CLOSE,
    "lens": TILTED_LENS,
    "overhead": OVERHEAD_CLUTTER,
    "noisy": NOISY,
    "harsh": HARSH,
    "wide": WIDE,
    "dim": DIM_NOISY,
    "table": TABLE,
    "tableclose": TABLE_CLOSE,
    "joined": JOINED,
    "large": LARGE,
    "largetable": LARGE_TABLE,
}

EASY = SceneStyle(
    px_per_mm=(1.8, 2.0),
    tilt=0.04,
    rotation_deg=2.0,
    card_jitter_deg=3.0,
    any_angle=0.0,
    touching=0.0,
    light=(0.85, 1.0),
    glare=0.0,
    blur=0.4,
    noise=2.0,
    jpeg=(90, 95),
)


@dataclass(slots=True)
class Scene:
    image: np.ndarray
    cards: list[PlacedCard]
    table_to_image: np.ndarray
    layout: Layout
    seed: int = 0
    notes: dict[str, float] = field(default_factory=dict)

    @property
    def calibrated_layout(self) -> Layout:
        """The layout with the true camera homography (what a calibration would find)."""
        return self.layout.with_homography(np.linalg.inv(self.table_to_image))


# --- camera and cloth -------------------------------------------------------------------------


def random_camera(rng: np.random.Generator, layout: Layout, style: SceneStyle) -> np.ndarray:
    """A homography from the cloth (mm) to the image (px): scale, roll, keystone and offset."""
    if style.camera_tilt_deg is not None:
        return _pinhole_camera(rng, layout, style, style.camera_tilt_deg)
    x0, y0, x1, y1 = layout.region_mm
    scale = rng.uniform(*style.px_per_mm)
    scale = min(scale, 0.98 * style.width / (x1 - x0), 0.98 * style.height / (y1 - y0))
    w, h = (x1 - x0) * scale, (y1 - y0) * scale
    cx = style.width / 2 + rng.uniform(-1, 1) * max(0.0, (style.width - w) / 2) * 0.6
    cy = style.height / 2 + rng.uniform(-1, 1) * max(0.0, (style.height - h) / 2) * 0.6
    keystone = rng.uniform(0, style.tilt)
    side = rng.integers(4)
    corners = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    # Narrow one edge (the far side of a tilted camera).
    if side == 0:
        corners[[0, 1], 0] *= 1 - keystone
    elif side == 1:
        corners[[2, 3], 0] *= 1 - keystone
    elif side == 2:
        corners[[0, 3], 1] *= 1 - keystone
    else:
        corners[[1, 2], 1] *= 1 - keystone
    angle = math.radians(rng.uniform(-style.rotation_deg, style.rotation_deg))
    rotation = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    image_quad = corners @ rotation.T + [cx, cy]
    table_quad = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    return cv2.getPerspectiveTransform(table_quad.astype(np.float32), image_quad.astype(np.float32))


def _pinhole_camera(
    rng: np.random.Generator, layout: Layout, style: SceneStyle, tilt_deg: tuple[float, float]
) -> np.ndarray:
    """A pinhole camera aimed near the card region's centre, tilted and rolled: the homography
    from the cloth (mm) to the image (px). Moved back until the whole card region is in view."""
    x0, y0, x1, y1 = layout.region_mm
    fov = math.radians(rng.uniform(*style.fov_deg))
    focal = style.width / 2 / math.tan(fov / 2)
    intrinsic = np.array([[focal, 0, style.width / 2], [0, focal, style.height / 2], [0, 0, 1]])
    tilt = math.radians(rng.uniform(*tilt_deg))
    azimuth = rng.uniform(0, 2 * math.pi)
    roll = math.radians(rng.uniform(-style.rotation_deg, style.rotation_deg))
    axis = np.array([math.cos(azimuth), math.sin(azimuth), 0.0]) * tilt
    tilted, _ = cv2.Rodrigues(axis)
    rolled, _ = cv2.Rodrigues(np.array([0.0, 0.0, roll]))
    # Rows: the camera's x, y and viewing axes in cloth coordinates (z into the cloth).
    rotation = (tilted @ rolled).T
    if style.aim_mm is None:
        aim = np.array(
            [(x0 + x1) / 2 + rng.uniform(-30, 30), (y0 + y1) / 2 + rng.uniform(-20, 20), 0]
        )
    else:
        ax0, ay0, ax1, ay1 = style.aim_mm
        aim = np.array([rng.uniform(ax0, ax1), rng.uniform(ay0, ay1), 0])
    card_w = layout.card_size_mm[0]
    distance = focal * card_w / rng.uniform(*style.card_px)
    region = np.array([[x0, y0, 1.0], [x1, y0, 1.0], [x1, y1, 1.0], [x0, y1, 1.0]])
    for _ in range(40):
        position = aim - rotation[2] * distance
        matrix = intrinsic @ np.column_stack([rotation[:, 0], rotation[:, 1], -rotation @ position])
        matrix = matrix / (matrix[2] @ np.array([aim[0], aim[1], 1.0]))
        projected = region @ matrix.T
        points = projected[:, :2] / projected[:, 2:]
        inside = (
            (projected[:, 2] > 0).all()
            and (points[:, 0] > 0.02 * style.width).all()
            and (points[:, 0] < 0.98 * style.width).all()
            and (points[:, 1] > 0.02 * style.height).all()
            and (points[:, 1] < 0.98 * style.height).all()
        )
        if inside or not style.whole_region:
            break
        distance *= 1.08
    return np.asarray(matrix, np.float64)


_FELT_HUES = [
    (60, 85),  # green
    (95, 115),  # blue
    (0, 6),  # red
    (170, 179),  # burgundy
    (125, 150),  # purple
    (85, 95),  # teal
]


def _felt(rng: np.random.Generator, style: SceneStyle) -> np.ndarray:
    """Felt: one colour, a low-frequency mottle and fine fibres."""
    if rng.random() < 0.15:  # grey or black cloth
        base = np.array([0, 0, rng.uniform(25, 85)])
    else:
        low, high = _FELT_HUES[rng.integers(len(_FELT_HUES))]
        base = np.array([rng.uniform(low, high), rng.uniform(110, 240), rng.uniform(55, 165)])
    return _cloth(rng, style, base, lambda: 0.06, lambda: 4.0)


def _cloth(
    rng: np.random.Generator,
    style: SceneStyle,
    base: np.ndarray,
    depth: Callable[[], float],
    grain: Callable[[], float],
) -> np.ndarray:
    """Cloth of the HSV colour ``base``: a low-frequency mottle ``depth()`` deep and fine fibres
    of ``grain()`` (each drawn, if at all, after the mottle, so a seed gives the same cloth)."""
    hsv = np.empty((style.height, style.width, 3), np.float32)
    hsv[:] = base
    mottle = cv2.resize(
        rng.normal(0, 1, (9, 16)).astype(np.float32),
        (style.width, style.height),
        interpolation=cv2.INTER_CUBIC,
    )
    hsv[:, :, 2] *= 1 + depth() * mottle
    image = cv2.cvtColor(np.clip(hsv, 0, 255).astype(np.uint8), cv2.COLOR_HSV2BGR).astype(
        np.float32
    )
    image += rng.normal(0, grain(), (style.height, style.width, 1)).astype(np.float32)
    return image


# The cloths of a real baccarat table (hue, saturation and value ranges, OpenCV's HSV).
TABLE_FELTS = (
    ((60, 80), (120, 230), (60, 150)),  # green
    ((98, 115), (120, 230), (60, 150)),  # blue
    ((0, 5), (150, 230), (70, 150)),  # red
    ((170, 179), (150, 230), (50, 120)),  # burgundy
    ((8, 18), (110, 200), (45, 110)),  # brown
    ((0, 179), (0, 25), (35, 75)),  # dark grey
)


def _table_felt(rng: np.random.Generator, style: SceneStyle) -> np.ndarray:
    """Felt of a real table's colour (``TABLE_FELTS``), with a mottle and fine fibres."""
    hues, saturations, values = TABLE_FELTS[int(rng.integers(len(TABLE_FELTS)))]
    base = np.array([rng.uniform(*hues), rng.uniform(*saturations), rng.uniform(*values)])
    return _cloth(
        rng, style, base, lambda: float(rng.uniform(0.03, 0.08)), lambda: float(rng.uniform(2, 6))
    )


_INKS = (
    (60, 170, 215),  # gold
    (90, 200, 235),  # light gold
    (225, 225, 225),  # white
    (200, 225, 240),  # cream
)
_WORDS = ("PLAYER", "BANKER", "TIE 8 TO 1", "BANKER PAYS 19 TO 20", "PAIR 11 TO 1", "BANCO")


def _printed_kind(
    rng: np.random.Generator, image: np.ndarray, layout: Layout, camera: np.ndarray, kind: str
) -> None:
    """One kind of printed layout (``SceneStyle.layouts``) on the cloth, in gold or white ink,
    lines 2-6 mm wide; ``"panels"`` also prints the zones in another shade of the cloth."""
    x0, y0, x1, y1 = layout.region_mm
    scale = 2.0  # px per mm of the cloth drawing
    width, height = round((x1 - x0) * scale), round((y1 - y0) * scale)
    ink = np.zeros((height, width), np.uint8)
    shade = np.ones((height, width), np.float32)
    card_w, card_h = layout.card_size_mm

    def px(x: float, y: float) -> tuple[int, int]:
        return (round((x - x0) * scale), round((y - y0) * scale))

    def line_px() -> int:
        return max(2, round(rng.uniform(2.0, 6.0) * scale))

    def box(cx: float, cy: float, w: float, h: float, angle: float, thickness: int) -> None:
        rect = ((cx - x0) * scale, (cy - y0) * scale), (w * scale, h * scale), angle
        points = cv2.boxPoints(rect).astype(np.int32)
        cv2.polylines(ink, [points], True, 255, thickness, cv2.LINE_AA)

    def word(text: str, x: float, y: float, high_mm: float) -> None:
        font = cv2.FONT_HERSHEY_DUPLEX if rng.random() < 0.5 else cv2.FONT_HERSHEY_TRIPLEX
        font_scale = high_mm * scale / 22.0
        thickness = max(2, round(rng.uniform(0.1, 0.2) * high_mm * scale))
        cv2.putText(ink, text, px(x, y), font, font_scale, 255, thickness, cv2.LINE_AA)

    zones = [
        (
            min(p[0] for p in z.polygon_mm),
            min(p[1] for p in z.polygon_mm),
            max(p[0] for p in z.polygon_mm),
            max(p[1] for p in z.polygon_mm),
        )
        for z in layout.zones
    ]
    if kind == "zones":
        for zx0, zy0, zx1, zy1 in zones:
            cv2.rectangle(ink, px(zx0, zy0), px(zx1, zy1), 255, line_px())
            word("PLAYER" if zx0 < (x0 + x1) / 2 else "BANKER", zx0 + 25, zy1 - 12, 20)
    elif kind == "boxes":
        # A box for each card where the croupier deals it: the cards lie across its lines.
        thickness = line_px()
        for zx0, zy0, zx1, _ in zones:
            cx = (zx0 + zx1) / 2 + rng.uniform(-10, 10)
            cy = zy0 + card_h / 2 + 15 + rng.uniform(-10, 10)
            spread = card_w / 2 + rng.uniform(0, 8)
            tilt = rng.uniform(-5, 5)
            pad = rng.uniform(2, 10)
            for side in (-1, 1):
                box(cx + side * spread, cy, card_w + pad, card_h + pad, tilt, thickness)
            box(cx, cy + card_h / 2 + card_w / 2 + 5, card_h + pad, card_w + pad, tilt, thickness)
            if rng.random() < 0.6:
                word(str(rng.integers(1, 10)), cx - 8, cy + card_h / 2 + card_w + 40, 18)
    elif kind == "arcs":
        # Seat arcs and curved bands round the dealer's side, across the card region.
        centre = px((x0 + x1) / 2 + rng.uniform(-60, 60), y0 - rng.uniform(150, 400))
        inner = rng.uniform(180, 300)
        for k in range(int(rng.integers(2, 5))):
            radius = round((inner + k * rng.uniform(35, 90)) * scale)
            cv2.ellipse(ink, centre, (radius, radius), 0, 20, 160, 255, line_px(), cv2.LINE_AA)
        for _ in range(int(rng.integers(0, 3))):
            cv2.circle(
                ink,
                px(rng.uniform(x0 + 40, x1 - 40), rng.uniform(y0 + 30, y1 - 30)),
                round(rng.uniform(20, 45) * scale),
                255,
                line_px(),
                cv2.LINE_AA,
            )
    elif kind == "panels":
        # Each zone printed in another shade of the cloth, framed in gold.
        for zx0, zy0, zx1, zy1 in zones:
            inset = rng.uniform(0, 20)
            corners = (px(zx0 + inset, zy0 + inset), px(zx1 - inset, zy1 - inset))
            cv2.rectangle(shade, *corners, float(rng.uniform(0.6, 1.4)), -1)
            cv2.rectangle(ink, *corners, 255, line_px())
    elif kind == "words":
        # Large printed words and payouts among (and under) the cards.
        for _ in range(int(rng.integers(2, 5))):
            text = _WORDS[int(rng.integers(len(_WORDS)))]
            high = rng.uniform(12, 40)
            word(text, rng.uniform(x0, x1 - 200), rng.uniform(y0 + 60, y1 - 10), high)
    colour = np.array(_INKS[int(rng.integers(len(_INKS)))], np.float32) * rng.uniform(0.7, 1.0)
    to_image = camera @ np.array([[1 / scale, 0, x0], [0, 1 / scale, y0], [0, 0, 1]])
    size = (image.shape[1], image.shape[0])
    if kind == "panels":
        tint = cv2.warpPerspective(shade, to_image, size, borderValue=1.0)
        image *= tint[:, :, None]
    warped = cv2.warpPerspective(ink, to_image, size)
    alpha = (warped.astype(np.float32) / 255.0)[:, :, None] * rng.uniform(0.5, 0.95)
    image *= 1 - alpha
    image += alpha * colour


def _printed_layout(
    rng: np.random.Generator, image: np.ndarray, layout: Layout, camera: np.ndarray
) -> None:
    """Zone outlines, hand names and the ArUco markers, printed on the cloth."""
    x0, y0, x1, y1 = layout.region_mm
    scale = 2.0  # px per mm of the cloth drawing
    width, height = round((x1 - x0) * scale), round((y1 - y0) * scale)
    ink = np.zeros((height, width), np.uint8)
    for zone in layout.zones:
        polygon = np.array([[(x - x0) * scale, (y - y0) * scale] for x, y in zone.polygon_mm])
        cv2.polylines(ink, [polygon.astype(np.int32)], True, 255, thickness=round(3 * scale))
        bottom = polygon[:, 1].max() - 12 * scale
        left = polygon[:, 0].min() + 30 * scale
        cv2.putText(
            ink,
            zone.hand.value.upper(),
            (int(left), int(bottom)),
            cv2.FONT_HERSHEY_DUPLEX,
            1.6 * scale / 2,
            255,
            round(2 * scale),
        )
    gold = (
        np.array([60, 170, 215], np.float32) if rng.random() < 0.5 else np.full(3, 225, np.float32)
    )
    gold *= rng.uniform(0.7, 1.0)
    to_image = camera @ np.array([[1 / scale, 0, x0], [0, 1 / scale, y0], [0, 0, 1]])
    warped = cv2.warpPerspective(ink, to_image, (image.shape[1], image.shape[0]))
    alpha = (warped.astype(np.float32) / 255.0)[:, :, None] * rng.uniform(0.5, 0.9)
    image *= 1 - alpha
    image += alpha * gold
    if layout.markers:
        dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.aruco_dictionary))
        for marker in layout.markers:
            pixels = 120
            tag = cv2.aruco.generateImageMarker(dictionary, marker.id, pixels)
            # A white margin a quarter of the side, as printed.
            margin = pixels // 4
            tag = cv2.copyMakeBorder(
                tag, margin, margin, margin, margin, cv2.BORDER_CONSTANT, value=255
            )
            corners = marker.corners_mm()
            half = marker.size_mm / 2 * 1.5
            cx, cy = marker.center_mm
            outer = np.array(
                [
                    [cx - half, cy - half],
                    [cx + half, cy - half],
                    [cx + half, cy + half],
                    [cx - half, cy + half],
                ]
            )
            del corners
            src = np.array(
                [[0, 0], [tag.shape[1], 0], [tag.shape[1], tag.shape[0]], [0, tag.shape[0]]],
                np.float32,
            )
            dst = np.array(apply_homography(camera, outer), np.float32)
            matrix = cv2.getPerspectiveTransform(src, dst)
            size = (image.shape[1], image.shape[0])
            warped_tag = cv2.warpPerspective(tag, matrix, size, flags=cv2.INTER_AREA)
            mask = cv2.warpPerspective(np.full_like(tag, 255), matrix, size)
            m = (mask.astype(np.float32) / 255.0)[:, :, None]
            image *= 1 - m
            image += m * (warped_tag.astype(np.float32)[:, :, None] * 0.92)


# --- cards ------------------------------------------------------------------------------------


def card_to_table(placement: Placement, card_size_mm: tuple[float, float]) -> np.ndarray:
    """Card millimetres (origin at its top-left corner) to cloth millimetres."""
    w, h = card_size_mm
    angle = math.radians(placement.angle_deg)
    c, s = math.cos(angle), math.sin(angle)
    cx, cy = placement.center_mm
    # Rotate about the card centre; y grows downwards, so counter-clockwise on screen is -angle.
    rotation = np.array([[c, s, 0], [-s, c, 0], [0, 0, 1]])
    to_center = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]])
    to_place = np.array([[1, 0, cx], [0, 1, cy], [0, 0, 1]])
    result: np.ndarray = to_place @ rotation @ to_center
    return result


def _draw_card(
    image: np.ndarray,
    face: np.ndarray,
    face_to_image: np.ndarray,
    shadow_shift: tuple[float, float],
    shadow_strength: float,
) -> None:
    h, w = face.shape[:2]
    quad = np.array(apply_homography(face_to_image, [(0, 0), (w, 0), (w, h), (0, h)]))
    pad = 12
    left = max(0, int(quad[:, 0].min()) - pad)
    top = max(0, int(quad[:, 1].min()) - pad)
    right = min(image.shape[1], int(quad[:, 0].max()) + pad + 1)
    bottom = min(image.shape[0], int(quad[:, 1].max()) + pad + 1)
    if right <= left or bottom <= top:
        return
    size = (right - left, bottom - top)
    shift = np.array([[1, 0, -left], [0, 1, -top], [0, 0, 1]], np.float64)
    matrix = shift @ face_to_image
    patch = cv2.warpPerspective(
        face, matrix, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_CONSTANT, borderValue=0
    ).astype(np.float32)
    alpha = patch[:, :, 3:4] / 255.0
    region = image[top:bottom, left:right]
    if shadow_strength > 0:
        moved = np.array([[1, 0, shadow_shift[0]], [0, 1, shadow_shift[1]], [0, 0, 1]]) @ matrix
        warped = cv2.warpPerspective(face[:, :, 3], moved, size).astype(np.float32) / 255.0
        shadow = cv2.GaussianBlur(warped, (0, 0), 1.5)
        region *= (1 - shadow_strength * shadow)[:, :, None]
    region *= 1 - alpha
    region += alpha * patch[:, :, :3]


def coup_placements(
    rng: np.random.Generator, cards: Sequence[Card], layout: Layout, style: SceneStyle
) -> list[Placement]:
    """Where a croupier puts the cards of a coup, dealt P1, B1, P2, B2, then third cards.

    ``cards`` is in dealing order: 4, 5 or 6 cards; the fifth goes to the Player when there are
    six, otherwise to whichever hand ``rng`` picks. Two cards side by side (a gap, touching or
    overlapping), the third sideways below them.
    """
    w, h = layout.card_size_mm
    hands = [Hand.PLAYER, Hand.BANKER, Hand.PLAYER, Hand.BANKER]
    if len(cards) == 6:
        hands += [Hand.PLAYER, Hand.BANKER]
    elif len(cards) == 5:
        hands.append(Hand.PLAYER if rng.random() < 0.5 else Hand.BANKER)
    frames: dict[Hand, tuple[float, float, float]] = {}
    for zone in layout.zones:
        xs = [p[0] for p in zone.polygon_mm]
        ys = [p[1] for p in zone.polygon_mm]
        cx = (min(xs) + max(xs)) / 2 + rng.uniform(-12, 12)
        if style.hands_apart_mm is not None:
            # The hands dealt nearer each other than the zones' centres (a close camera sees both).
            middle = (layout.region_mm[0] + layout.region_mm[2]) / 2
            side = 1.0 if (min(xs) + max(xs)) / 2 > middle else -1.0
            cx += middle + side * style.hands_apart_mm / 2 - (min(xs) + max(xs)) / 2
        cy = min(ys) + h / 2 + 15 + rng.uniform(-8, 8)
        angle = rng.uniform(0, 360) if rng.random() < style.any_angle else rng.uniform(-8, 8)
        frames[zone.hand] = (cx, cy, angle)

    def gap() -> float:
        if rng.random() < style.touching:
            return float(rng.choice([0.0, rng.uniform(-style.max_overlap_mm, 0.0)]))
        return float(rng.uniform(3, 18))

    gaps = {hand: (gap(), gap()) for hand in frames}
    placements: list[Placement] = []
    count: dict[Hand, int] = {}
    for card, hand in zip(cards, hands, strict=False):
        position = count.get(hand, 0)
        count[hand] = position + 1
        cx, cy, angle = frames[hand]
        side_gap, third_gap = gaps[hand]
        if position < 2:
            local = ((-1 if position == 0 else 1) * (w + side_gap) / 2, 0.0)
            card_angle = angle + rng.uniform(-style.card_jitter_deg, style.card_jitter_deg)
        else:
            local = (rng.uniform(-6, 6), h / 2 + w / 2 + third_gap)
            card_angle = angle + 90 + rng.uniform(-style.card_jitter_deg, style.card_jitter_deg)
        a = math.radians(angle)
        dx = local[0] * math.cos(a) + local[1] * math.sin(a)
        dy = -local[0] * math.sin(a) + local[1] * math.cos(a)
        if rng.random() < 0.5:
            card_angle += 180  # a card the right way up or upside down looks the same
        placements.append(Placement(card, (cx + dx, cy + dy), card_angle, hand))
    return placements


def _dealt_overlapping(
    rng: np.random.Generator, placements: list[Placement], layout: Layout, share: float
) -> list[Placement]:
    """This share of the hands dealt as croupiers deal them: the second card over the first by
    up to half its width (or just touching), a little higher or lower, and the third card
    crosswise over the bottom of the two by up to a third of its width."""
    w, h = layout.card_size_mm
    by_hand: dict[Hand | None, list[int]] = {}
    for n, placement in enumerate(placements):
        by_hand.setdefault(placement.hand, []).append(n)
    moved = list(placements)
    for indices in by_hand.values():
        if len(indices) < 2 or rng.random() >= share:
            continue
        first, second = (placements[n] for n in indices[:2])
        c0, c1 = np.array(first.center_mm), np.array(second.center_mm)
        axis = _unit_mm(c1 - c0)
        down = np.array([-axis[1], axis[0]])
        mid = (c0 + c1) / 2
        overlap = 0.0 if rng.random() < 0.25 else float(rng.uniform(3, w / 2))
        spacing = w - overlap
        moved[indices[0]] = Placement(
            first.card, tuple(mid - axis * spacing / 2), first.angle_deg, first.hand
        )
        shifted = mid + axis * spacing / 2 + down * rng.uniform(-8, 8)
        moved[indices[1]] = Placement(second.card, tuple(shifted), second.angle_deg, second.hand)
        for n in indices[2:]:
            third = placements[n]
            side = 1.0 if float((np.array(third.center_mm) - mid) @ down) >= 0 else -1.0
            reach = h / 2 + w / 2 - float(rng.uniform(0, w / 3))
            centre = mid + side * down * reach + axis * rng.uniform(-10, 10)
            moved[n] = Placement(third.card, tuple(centre), third.angle_deg, third.hand)
    return moved


def _unit_mm(vector: np.ndarray) -> np.ndarray:
    length = float(np.hypot(*vector))
    return vector / length if length > 1e-9 else np.array([1.0, 0.0])


def _on_cards(
    rng: np.random.Generator,
    placements: Sequence[Placement],
    layout: Layout,
    camera: np.ndarray,
    style: SceneStyle,
) -> list[tuple[str, tuple[float, float]]]:
    """Chips lying on a card's edge (``style.edge_chips``) and a croupier's fingers over part of
    a card (``style.hand_over``): occluders in cloth millimetres."""
    result: list[tuple[str, tuple[float, float]]] = []
    if not placements:
        return result
    w, h = layout.card_size_mm
    if rng.random() < style.edge_chips:
        for _ in range(int(rng.integers(1, 3))):
            placement = placements[int(rng.integers(len(placements)))]
            # A point on one of the card's sides, the chip's centre up to its radius off it.
            t = float(rng.uniform(0.15, 0.85))
            side = int(rng.integers(4))
            off = float(rng.uniform(-12, 12))
            local = [(t * w, -off), (w + off, t * h), (t * w, h + off), (-off, t * h)][side]
            where = apply_homography(card_to_table(placement, (w, h)), [local])[0]
            result.append(("chip", where))
    if rng.random() < style.hand_over:
        placement = placements[int(rng.integers(len(placements)))]
        # The fingers point up the picture from the palm: the palm below the card's centre.
        centre = np.array(apply_homography(camera, [placement.center_mm])[0])
        scale = math.sqrt(abs(np.linalg.det(camera[:2, :2])))
        palm = centre + np.array([rng.uniform(-30, 30), rng.uniform(90, 150)]) * scale
        where = apply_homography(np.linalg.inv(camera), [tuple(palm)])[0]
        result.append(("hand", where))
    return result


def _lighting(rng: np.random.Generator, style: SceneStyle) -> np.ndarray:
    ys, xs = np.mgrid[0 : style.height : 8, 0 : style.width : 8].astype(np.float32)
    xs /= style.width
    ys /= style.height
    low, high = style.light
    gx, gy = rng.uniform(-1, 1, 2)
    plane = 0.5 + 0.5 * (gx * (xs - 0.5) + gy * (ys - 0.5)) / max(abs(gx) + abs(gy), 1e-6) * 2
    plane = np.clip(plane, 0, 1)
    field_ = low + (high - low) * plane
    # A soft pool of light from a lamp.
    px, py = rng.uniform(0, 1, 2)
    pool = np.exp(-((xs - px) ** 2 + (ys - py) ** 2) / (2 * rng.uniform(0.15, 0.4) ** 2))
    field_ = field_ * (0.85 + 0.2 * pool)
    result: np.ndarray = cv2.resize(
        field_, (style.width, style.height), interpolation=cv2.INTER_LINEAR
    )
    return result


def _shade(rng: np.random.Generator, style: SceneStyle) -> np.ndarray | None:
    """A colour cast and, now and then, a soft shadow: per-pixel gains (H x W x 3), or None
    when the style has neither."""
    if style.cast <= 0 and style.shadows <= 0:
        return None
    gains = 1.0 + rng.uniform(-style.cast, style.cast, 3) if style.cast > 0 else np.ones(3)
    shade: np.ndarray = np.ones((style.height, style.width), np.float32)
    if rng.random() < style.shadows:
        # A large blob (a croupier's shoulder, a lamp's shade) over part of the table.
        small: np.ndarray = np.ones((style.height // 8, style.width // 8), np.float32)
        cx, cy = rng.uniform(0, style.width / 8), rng.uniform(0, style.height / 8)
        axes = rng.uniform(0.15, 0.5, 2) * style.width / 8
        cv2.ellipse(
            small,
            (int(cx), int(cy)),
            (int(axes[0]), int(axes[1])),
            float(rng.uniform(0, 180)),
            0,
            360,
            float(rng.uniform(0.35, 0.75)),
            -1,
        )
        small = cv2.GaussianBlur(small, (0, 0), float(rng.uniform(0.5, 4.0)))
        shade = cv2.resize(small, (style.width, style.height), interpolation=cv2.INTER_LINEAR)
    result: np.ndarray = shade[:, :, None] * gains.astype(np.float32)
    return result


def _glare(rng: np.random.Generator, image: np.ndarray, style: SceneStyle) -> None:
    for _ in range(int(rng.integers(1, 3))):
        cx, cy = rng.uniform(0.1, 0.9) * style.width, rng.uniform(0.1, 0.9) * style.height
        sx, sy = rng.uniform(15, 90, 2)
        ys, xs = np.ogrid[0 : style.height, 0 : style.width]
        spot = np.exp(-(((xs - cx) / sx) ** 2 + ((ys - cy) / sy) ** 2) / 2).astype(np.float32)
        image += spot[:, :, None] * rng.uniform(60, 170)


def _finish(rng: np.random.Generator, image: np.ndarray, style: SceneStyle) -> np.ndarray:
    sigma = rng.uniform(0, style.blur)
    if sigma > 0.2:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    if style.noise > 0:
        image += rng.normal(0, rng.uniform(0, style.noise), image.shape).astype(np.float32)
    result: np.ndarray = np.clip(image, 0, 255).astype(np.uint8)
    quality = int(rng.integers(style.jpeg[0], style.jpeg[1] + 1))
    ok, data = cv2.imencode(".jpg", result, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        return result
    decoded: np.ndarray | None = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return decoded if decoded is not None else result


@dataclass(slots=True)
class SceneBase:
    """The parts of a scene that stay put while a coup is dealt (cloth, camera, light)."""

    felt: np.ndarray
    camera: np.ndarray
    lighting: np.ndarray
    gains: np.ndarray
    layout: Layout
    style: SceneStyle
    glare_seed: int | None


def scene_base(
    rng: np.random.Generator,
    layout: Layout,
    style: SceneStyle,
    table: np.random.Generator | None = None,
) -> SceneBase:
    """``table``: the generator of a real table's felt and printed layout (``SceneStyle.
    table_felts``, ``.layouts``); without it, or in a style without them, as before."""
    camera = random_camera(rng, layout, style)
    felt = _felt(rng, style)
    if table is not None and style.table_felts:
        felt = _table_felt(table, style)
    if table is not None and style.layouts:
        kinds = table.permutation(len(style.layouts))[: 1 + int(table.random() < 0.5)]
        for kind in kinds:
            _printed_kind(table, felt, layout, camera, style.layouts[int(kind)])
    elif style.printed_layout:
        _printed_layout(rng, felt, layout, camera)
    lighting = _lighting(rng, style)
    gains = rng.uniform(0.9, 1.08, 3).astype(np.float32)
    glare_seed = int(rng.integers(1 << 30)) if rng.random() < style.glare else None
    return SceneBase(felt, camera, lighting, gains, layout, style, glare_seed)


def compose(
    base: SceneBase,
    faces: Mapping[Card, np.ndarray],
    placements: Sequence[Placement],
    rng: np.random.Generator,
    *,
    occluders: Sequence[tuple[str, tuple[float, float]]] = (),
    shade: np.ndarray | None = None,
) -> tuple[np.ndarray, list[PlacedCard]]:
    """Draw the cards (in order, later on top), occluders, light and camera effects.
    ``shade``: a colour cast and shadows (``_shade``), multiplied in with the light."""
    style = base.style
    image = base.felt.copy()
    truth: list[PlacedCard] = []
    card_w, card_h = base.layout.card_size_mm
    scale = math.sqrt(abs(np.linalg.det(base.camera[:2, :2])))
    for placement in placements:
        face = faces[placement.card]
        fh, fw = face.shape[:2]
        face_to_card = np.diag([card_w / fw, card_h / fh, 1.0])
        to_table = card_to_table(placement, base.layout.card_size_mm)
        face_to_image = base.camera @ to_table @ face_to_card
        _draw_card(
            image, face, face_to_image, (0.8 * scale, 1.2 * scale), float(rng.uniform(0.15, 0.4))
        )
        corners_mm = apply_homography(
            to_table, [(0, 0), (card_w, 0), (card_w, card_h), (0, card_h)]
        )
        corners = tuple(apply_homography(base.camera, corners_mm))
        center = apply_homography(base.camera, [placement.center_mm])[0]
        truth.append(PlacedCard(placement.card, corners, center, placement.hand))
    for kind, where_mm in occluders:
        _draw_occluder(image, kind, where_mm, base.camera, rng)
    image *= base.lighting[:, :, None]
    image *= base.gains
    if shade is not None:
        image *= shade
    if base.glare_seed is not None:
        _glare(np.random.default_rng(base.glare_seed), image, style)
    return _finish(rng, image, style), truth


def _draw_occluder(
    image: np.ndarray,
    kind: str,
    where_mm: tuple[float, float],
    camera: np.ndarray,
    rng: np.random.Generator,
) -> None:
    """A croupier's hand (skin, fingers) or a casino chip (coloured disc, white inserts)."""
    scale = math.sqrt(abs(np.linalg.det(camera[:2, :2])))
    x, y = apply_homography(camera, [where_mm])[0]
    if kind == "hand":
        skin = np.array([120, 150, 205], np.float32) * rng.uniform(0.6, 1.0)
        overlay = np.zeros(image.shape[:2], np.uint8)
        palm = (int(x), int(y))
        cv2.ellipse(
            overlay, palm, (int(45 * scale), int(55 * scale)), rng.uniform(0, 180), 0, 360, 255, -1
        )
        for k in range(4):
            angle = math.radians(-60 + 40 * k + rng.uniform(-8, 8))
            tip = (int(x + 110 * scale * math.sin(angle)), int(y - 110 * scale * math.cos(angle)))
            cv2.line(overlay, palm, tip, 255, int(16 * scale))
        # The forearm runs off towards the croupier (the bottom of the image).
        cv2.line(overlay, palm, (int(x), image.shape[0] + 50), 255, int(70 * scale))
        mask = cv2.GaussianBlur(overlay, (0, 0), 2).astype(np.float32)[:, :, None] / 255.0
        image *= 1 - mask
        image += mask * skin
    else:
        colour = np.array(
            rng.choice([[40, 40, 200], [30, 30, 30], [200, 60, 40], [40, 150, 40]]), np.float32
        )
        radius = int(20 * scale)
        cv2.circle(image, (int(x), int(y)), radius, colour.tolist(), -1)
        for k in range(6):
            angle = k * math.pi / 3
            cx = int(x + 0.8 * radius * math.cos(angle))
            cy = int(y + 0.8 * radius * math.sin(angle))
            cv2.circle(image, (cx, cy), max(2, radius // 6), (235, 235, 235), -1)
        cv2.circle(image, (int(x), int(y)), int(radius * 0.55), (220, 220, 220), 2)


def random_coup_cards(rng: np.random.Generator, count: int | None = None) -> list[Card]:
    from dealer_assist.cards import one_deck

    deck = one_deck()
    n = int(count if count is not None else rng.choice([4, 5, 6], p=[0.35, 0.35, 0.3]))
    order = rng.permutation(len(deck))[:n]
    return [deck[i] for i in order]


def random_scene(
    seed: int,
    faces: Mapping[Card, np.ndarray],
    *,
    style: SceneStyle = SceneStyle(),
    layout: Layout | None = None,
    cards: Sequence[Card] | None = None,
) -> Scene:
    """One coup on the table, all from ``seed``."""
    rng = np.random.default_rng(seed)
    chosen_layout = layout if layout is not None else punto_banco_layout()
    # A real table's felt, printed layout and dealing: drawn apart from ``rng`` too.
    table = np.random.default_rng([seed, 30])
    base = scene_base(rng, chosen_layout, style, table)
    dealt = list(cards) if cards is not None else random_coup_cards(rng)
    placements = coup_placements(rng, dealt, chosen_layout, style)
    if style.dealt_overlap > 0:
        placements = _dealt_overlapping(table, placements, chosen_layout, style.dealt_overlap)
    # Drawn apart from ``rng``, so that scenes without them stay as they were.
    extra = np.random.default_rng([seed, 28])
    occluders: list[tuple[str, tuple[float, float]]] = []
    occluders += _on_cards(table, placements, chosen_layout, base.camera, style)
    if style.clutter > 0 and extra.random() < style.clutter:
        x0, y0, x1, y1 = chosen_layout.region_mm
        for _ in range(int(extra.integers(1, 4))):
            where = (float(extra.uniform(x0, x1)), float(extra.uniform(y0, y1)))
            occluders.append(("chip", where))
        if extra.random() < 0.5:
            occluders.append(("hand", (float(extra.uniform(x0, x1)), float(y1 - 20))))
    shade = _shade(np.random.default_rng([seed, 29]), style)
    image, truth = compose(base, faces, placements, rng, occluders=occluders, shade=shade)
    k1 = float(extra.uniform(*style.distortion)) if style.distortion != (0.0, 0.0) else 0.0
    if k1 != 0.0:
        image, truth = _distorted(image, truth, k1)
    return Scene(
        image=image, cards=truth, table_to_image=base.camera, layout=chosen_layout, seed=seed
    )


def _distorted(
    image: np.ndarray, truth: list[PlacedCard], k1: float
) -> tuple[np.ndarray, list[PlacedCard]]:
    """The picture through a lens with radial distortion ``k1``: a point at radius r (1 at the
    half width) from the centre moves to r (1 + k1 r^2); the truth's corners move with it."""
    height, width = image.shape[:2]
    half = width / 2.0
    centre = np.array([width / 2.0, height / 2.0])
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    nx, ny = (xs - centre[0]) / half, (ys - centre[1]) / half
    # Where each pixel of the distorted picture comes from: solve r_d = r (1 + k1 r^2) for r.
    radius_d = np.sqrt(nx * nx + ny * ny)
    radius = radius_d.copy()
    for _ in range(6):
        radius = radius_d / (1 + k1 * radius * radius)
    scale = np.where(radius_d > 0, radius / np.maximum(radius_d, 1e-9), 1.0).astype(np.float32)
    map_x = (nx * scale * half + centre[0]).astype(np.float32)
    map_y = (ny * scale * half + centre[1]).astype(np.float32)
    warped = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)

    def move(point: Sequence[float]) -> tuple[float, float]:
        offset = (np.asarray(point, np.float64) - centre) / half
        r2 = float(offset @ offset)
        moved = offset * (1 + k1 * r2) * half + centre
        return (float(moved[0]), float(moved[1]))

    moved = [
        PlacedCard(c.card, tuple(move(p) for p in c.corners), move(c.center), c.hand) for c in truth
    ]
    return warped, moved


@dataclass(frozen=True, slots=True)
class DealtCard:
    """Ground truth of a dealt card in a video: the card, its hand, the frame it came to rest."""

    card: Card
    hand: Hand | None
    placed_frame: int


@dataclass(slots=True)
class DealVideo:
    frames: list[np.ndarray]
    dealt: list[DealtCard]
    fps: float
    table_to_image: np.ndarray
    layout: Layout

    @property
    def calibrated_layout(self) -> Layout:
        return self.layout.with_homography(np.linalg.inv(self.table_to_image))


def deal_video(
    seed: int,
    faces: Mapping[Card, np.ndarray],
    *,
    cards: Sequence[Card] | None = None,
    style: SceneStyle = EASY,
    layout: Layout | None = None,
    fps: float = 30.0,
    slide_frames: int = 4,
    rest_frames: int = 7,
    empty_frames: int = 3,
    occluders: bool = True,
) -> DealVideo:
    """A coup dealt card by card: each card slides in from the shoe, then lies still.

    With ``occluders`` the croupier's hand sweeps over the Player's cards after the fourth card,
    and a chip crosses the Banker's cards after the last one: neither may add or remove a card.
    """
    rng = np.random.default_rng(seed)
    chosen_layout = layout if layout is not None else punto_banco_layout()
    base = scene_base(rng, chosen_layout, style)
    dealt_cards = list(cards) if cards is not None else random_coup_cards(rng)
    placements = coup_placements(rng, dealt_cards, chosen_layout, style)
    x0, y0, x1, _ = chosen_layout.region_mm
    shoe = ((x0 + x1) / 2, y0 - 60.0)  # the shoe sits beyond the far edge of the layout
    frames: list[np.ndarray] = []
    dealt: list[DealtCard] = []
    resting: list[Placement] = []

    def frame(
        extra: Sequence[Placement] = (), hidden: Sequence[tuple[str, tuple[float, float]]] = ()
    ) -> None:
        image, _ = compose(base, faces, [*resting, *extra], rng, occluders=hidden)
        frames.append(image)

    for _ in range(empty_frames):
        frame()
    for index, placement in enumerate(placements):
        for step in range(slide_frames):
            t = (step + 1) / (slide_frames + 1)
            x = shoe[0] + (placement.center_mm[0] - shoe[0]) * t
            y = shoe[1] + (placement.center_mm[1] - shoe[1]) * t
            moving = Placement(
                placement.card, (x, y), placement.angle_deg + 40 * (1 - t), placement.hand
            )
            frame([moving])
        resting.append(placement)
        dealt.append(DealtCard(placement.card, placement.hand, len(frames)))
        for _ in range(rest_frames):
            frame()
        if occluders and index == 3:
            player = [p for p in resting if p.hand is Hand.PLAYER]
            if player:
                cx = sum(p.center_mm[0] for p in player) / len(player)
                cy = sum(p.center_mm[1] for p in player) / len(player)
                for k in range(5):
                    frame(hidden=[("hand", (cx - 60 + 30 * k, cy + 10))])
    if occluders:
        banker = [p for p in resting if p.hand is Hand.BANKER]
        if banker:
            cx = sum(p.center_mm[0] for p in banker) / len(banker)
            cy = sum(p.center_mm[1] for p in banker) / len(banker)
            for k in range(4):
                frame(hidden=[("chip", (cx - 45 + 30 * k, cy - 20))])
        for _ in range(3):
            frame()
    return DealVideo(frames, dealt, fps, base.camera, chosen_layout)
