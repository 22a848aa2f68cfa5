"""A second, independent scene generator: cards on a table photographed through a real camera.

Written apart from :mod:`dealer_assist.vision.synthetic` (which the reader was built and tuned
on) and sharing none of its scene code, so that measuring on it says how the reader carries over
to scenes made another way (issue 28). Only the card faces come from the same place
(:mod:`dealer_assist.vision.decks`; measure on the held-out designs).

The camera is a pinhole with a lens: a horizontal field of view of 40-70 degrees, tilted up to
30 degrees off vertical towards any side and rolled about its axis, at the height that makes a
card 70-260 pixels wide, with radial lens distortion (barrel or pincushion). The table is the
plane z = 0 in millimetres; the cards lie on it as a croupier deals them (two hands of two or
three cards, touching or overlapping, the third card sometimes sideways), with chips, a
croupier's hand at the edge of the view, a printed layout of one of several kinds (boxes,
arcs, lines, words, none) on one of several felts. The light: an uneven gradient, a colour cast,
glare (soft or saturating), shadows of arms and lamps. The sensor: focus and motion blur,
shot and read noise, JPEG 60-95.

Every scene comes from a seed and a *viewing condition* (:data:`CONDITIONS`): each condition
pushes one thing to its hard end (tilt, small cards, large cards, blur, noise, light, clutter)
and keeps the rest moderate, so a benchmark can report per condition
(``benchmarks/bench_camera_scenes.py``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

import cv2
import numpy as np

from dealer_assist.cards import Card, one_deck

CARD_MM = (63.5, 88.9)  # width, height of a poker-size card


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    """How one kind of scene is made: ranges drawn from per scene."""

    name: str
    tilt_deg: tuple[float, float] = (0.0, 15.0)
    card_px: tuple[float, float] = (95.0, 170.0)
    distortion: tuple[float, float] = (-0.12, 0.04)  # k1 of the normalised radius
    focus_blur: float = 0.8  # largest Gaussian sigma, pixels
    motion_blur: float = 2.0  # longest streak, pixels
    noise: tuple[float, float] = (1.5, 5.0)  # read noise sigma, levels
    jpeg: tuple[int, int] = (75, 95)
    cast: float = 0.08  # largest per-channel gain change
    # A warm light's gain on red over blue (0: none; 0.2 multiplies red by 1.1 and blue by 0.9,
    # green kept), after the cast and drawing nothing at random: a scene made with it is the
    # one made without it but for the light's colour (``scripts/vision_ink_tint.py``).
    warm: float = 0.0
    light: float = 0.25  # strength of the light's gradient
    glare: float = 0.3  # chance of a glare spot
    shadow: float = 0.25  # chance of an arm's or lamp's shadow
    hand: float = 0.2  # chance of a croupier's hand in view
    chips: float = 0.3  # chance of chips on the table
    touching: float = 0.4  # chance that a hand's cards touch or overlap


CONDITIONS: Mapping[str, Condition] = {
    c.name: c
    for c in (
        Condition(name="overhead", tilt_deg=(0.0, 6.0), distortion=(-0.05, 0.02)),
        Condition(name="tilted", tilt_deg=(18.0, 30.0)),
        Condition(name="small", card_px=(70.0, 95.0)),
        Condition(name="large", card_px=(170.0, 260.0)),
        Condition(name="blurred", focus_blur=2.2, motion_blur=7.0),
        Condition(name="noisy", noise=(6.0, 12.0), jpeg=(60, 72)),
        Condition(name="light", cast=0.25, light=0.55, glare=0.9, shadow=0.8),
        Condition(name="clutter", hand=0.9, chips=0.95, touching=0.9),
    )
}


@dataclass(frozen=True, slots=True)
class TrueCard:
    """A card in a photograph: its corners in the image (the face's top-left, top-right,
    bottom-right, bottom-left, through the lens) and its centre."""

    card: Card
    corners: tuple[tuple[float, float], ...]
    center: tuple[float, float]


@dataclass(slots=True)
class Photo:
    image: np.ndarray
    cards: list[TrueCard]
    condition: str
    seed: int
    card_px: float  # a card's width in pixels at the centre of the view
    tilt_deg: float


# --- the camera -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lens:
    """A pinhole camera over the table with radial distortion (k1, k2 of the normalised
    radius, as OpenCV counts them)."""

    matrix: np.ndarray  # 3x3 intrinsics
    rotation: np.ndarray  # world -> camera
    position: np.ndarray  # camera centre, mm (z up, the table at z = 0)
    k1: float
    k2: float
    size: tuple[int, int]  # width, height

    @property
    def table_to_pixels(self) -> np.ndarray:
        """The homography from the table (mm) to the undistorted image."""
        t = -self.rotation @ self.position
        result: np.ndarray = self.matrix @ np.column_stack(
            [self.rotation[:, 0], self.rotation[:, 1], t]
        )
        return result

    def distort(self, points: np.ndarray) -> np.ndarray:
        """Undistorted pixel positions -> where the lens puts them."""
        fx, fy = self.matrix[0, 0], self.matrix[1, 1]
        cx, cy = self.matrix[0, 2], self.matrix[1, 2]
        x = (points[:, 0] - cx) / fx
        y = (points[:, 1] - cy) / fy
        r2 = x * x + y * y
        factor = 1 + self.k1 * r2 + self.k2 * r2 * r2
        return np.column_stack([x * factor * fx + cx, y * factor * fy + cy])

    def project(self, table_mm: np.ndarray) -> np.ndarray:
        """Table points (mm) -> distorted image pixels."""
        h = self.table_to_pixels
        p = np.column_stack([table_mm, np.ones(len(table_mm))]) @ h.T
        return self.distort(p[:, :2] / p[:, 2:3])

    def distortion_maps(self) -> tuple[np.ndarray, np.ndarray]:
        """For every output pixel, where to sample the undistorted image (solved on a grid of
        every 8th pixel and interpolated: the lens's field is smooth)."""
        width, height = self.size
        step = 8
        # Samples at (k - 1) * step + (step - 1) / 2: where resizing by ``step`` puts them.
        xs, ys = np.meshgrid(
            np.arange(-1, width // step + 3, dtype=np.float32) * step + (step - 1) / 2,
            np.arange(-1, height // step + 3, dtype=np.float32) * step + (step - 1) / 2,
        )
        grid = np.stack([xs.ravel(), ys.ravel()], axis=1).reshape(-1, 1, 2)
        coefficients = np.array([self.k1, self.k2, 0.0, 0.0], np.float64)
        ideal = cv2.undistortPoints(grid, self.matrix, coefficients, P=self.matrix)
        ideal = ideal.reshape(xs.shape[0], xs.shape[1], 2).astype(np.float32)
        full = cv2.resize(
            ideal, (xs.shape[1] * step, xs.shape[0] * step), interpolation=cv2.INTER_LINEAR
        )
        full = full[step : step + height, step : step + width]
        return full[:, :, 0].copy(), full[:, :, 1].copy()


def _rotation_about(axis: np.ndarray, angle: float) -> np.ndarray:
    vector = np.asarray(axis, np.float64) * angle
    matrix, _ = cv2.Rodrigues(vector)
    return np.asarray(matrix, np.float64)


def make_lens(
    rng: np.random.Generator, condition: Condition, size: tuple[int, int]
) -> tuple[Lens, float, float]:
    """A camera aimed at the table's origin; also the card width (px) and the tilt drawn."""
    width, height = size
    fov = math.radians(rng.uniform(40.0, 70.0))
    focal = (width / 2) / math.tan(fov / 2)
    matrix = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1]], np.float64)
    card_px = rng.uniform(*condition.card_px)
    distance = focal * CARD_MM[0] / card_px
    tilt = math.radians(rng.uniform(*condition.tilt_deg))
    azimuth = rng.uniform(0, 2 * math.pi)
    roll = math.radians(rng.uniform(-180.0, 180.0) if rng.random() < 0.3 else rng.uniform(-12, 12))
    # The table's x runs right and its y away from the croupier (down the image, as a face's
    # rows run); z points into the table. Looking straight down, world and camera axes agree.
    down = np.eye(3)
    tilt_axis = np.array([math.cos(azimuth), math.sin(azimuth), 0.0])
    tilted = down @ _rotation_about(tilt_axis, tilt).T
    rotation = _rotation_about(np.array([0, 0, 1.0]), roll) @ tilted
    forward = rotation.T @ np.array([0, 0, 1.0])  # the optical axis in the world
    position = -forward * distance
    k1 = rng.uniform(*condition.distortion)
    k2 = -0.3 * k1 * rng.uniform(0, 1)
    lens = Lens(matrix, rotation, position, k1, k2, size)
    return lens, card_px, math.degrees(tilt)


# --- the table --------------------------------------------------------------------------------

_FELTS = (
    (40, 110, 30),  # casino green (BGR)
    (30, 80, 20),
    (110, 60, 20),  # blue
    (30, 30, 120),  # red
    (40, 20, 70),  # burgundy
    (90, 40, 80),  # purple
    (90, 90, 30),  # teal
    (60, 60, 60),  # grey
    (25, 25, 25),  # black
    (45, 70, 95),  # brown
)


def _felt(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    width, height = size
    colour = np.array(_FELTS[rng.integers(len(_FELTS))], np.float32)
    colour *= rng.uniform(0.75, 1.3, 3).astype(np.float32)
    image = np.empty((height, width, 3), np.float32)
    image[:] = colour
    # Woven texture: fine noise, a little streaked along one direction.
    fibre: np.ndarray = rng.normal(0, 1, (height, width)).astype(np.float32)
    length = int(rng.integers(1, 5))
    kernel: np.ndarray = np.zeros((2 * length + 1, 2 * length + 1), np.float32)
    cv2.line(kernel, (0, length), (2 * length, length), 1.0, 1)
    kernel = cv2.warpAffine(
        kernel,
        cv2.getRotationMatrix2D((length, length), float(rng.uniform(0, 180)), 1.0),
        kernel.shape[::-1],
    )
    fibre = cv2.filter2D(fibre, -1, np.float32(1 / max(float(kernel.sum()), 1e-6)) * kernel)
    image += fibre[:, :, None] * rng.uniform(3, 9) * (0.5 + colour / 255)
    # Worn patches: a slow variation of brightness.
    patches = cv2.resize(
        rng.normal(0, 1, (5, 8)).astype(np.float32), (width, height), interpolation=cv2.INTER_CUBIC
    )
    image *= (1 + 0.05 * patches)[:, :, None]
    return image


def _printed(rng: np.random.Generator, lens: Lens, image: np.ndarray) -> None:
    """Paint a printed layout on the cloth: boxes, arcs, lines and words, drawn in table
    millimetres and seen through the lens (before distortion: the whole image is distorted
    once at the end)."""
    kind = rng.choice(["boxes", "arcs", "lines", "words", "none"], p=[0.3, 0.2, 0.2, 0.15, 0.15])
    if kind == "none":
        return
    scale = 2.0  # px per mm of the drawing
    span = 900.0  # mm each side of the origin
    size = int(2 * span * scale)
    ink = np.zeros((size, size), np.uint8)

    def at(x: float, y: float) -> tuple[int, int]:
        return int((x + span) * scale), int((y + span) * scale)

    thickness = int(rng.integers(3, 9))
    if kind == "boxes":
        for row in (-1, 1):
            for column in range(-2, 3):
                x, y = column * 170 + rng.uniform(-10, 10), row * 70
                cv2.rectangle(ink, at(x - 75, y - 55), at(x + 75, y + 55), 255, thickness)
        cv2.putText(ink, "BANKER", at(-90, -140), cv2.FONT_HERSHEY_TRIPLEX, 2.4, 255, 5)
    elif kind == "arcs":
        for radius in (250, 330, 420):
            cv2.ellipse(ink, at(0, -500), (int(radius * scale),) * 2, 0, 30, 150, 255, thickness)
        cv2.putText(ink, "PLAYER", at(-60, 10), cv2.FONT_HERSHEY_SIMPLEX, 2.0, 255, 4)
        cv2.circle(ink, at(200, 120), int(40 * scale), 255, thickness)
    elif kind == "lines":
        for offset in range(-400, 401, int(rng.integers(90, 200))):
            cv2.line(ink, at(-800, offset), at(800, offset + 40), 255, thickness)
    else:
        for k in range(6):
            text = ("TIE PAYS 8 TO 1", "PUNTO", "BANCO", "5%", "PAIR 11:1", "NO MORE BETS")[k]
            cv2.putText(
                ink,
                text,
                at(rng.uniform(-500, 300), rng.uniform(-300, 300)),
                cv2.FONT_HERSHEY_DUPLEX,
                float(rng.uniform(1.5, 3.5)),
                255,
                int(rng.integers(2, 7)),
            )
    drawing_to_table = np.array([[1 / scale, 0, -span], [0, 1 / scale, -span], [0, 0, 1]])
    warped = cv2.warpPerspective(
        ink, lens.table_to_pixels @ drawing_to_table, lens.size, flags=cv2.INTER_LINEAR
    )
    colour = np.array(
        [(70, 190, 230), (235, 235, 235), (40, 200, 240), (200, 200, 120)][rng.integers(4)],
        np.float32,
    )
    alpha = warped.astype(np.float32)[:, :, None] / 255 * rng.uniform(0.45, 0.85)
    image *= 1 - alpha
    image += alpha * colour


def _chips(rng: np.random.Generator, lens: Lens, image: np.ndarray, avoid: np.ndarray) -> None:
    """Stacks of chips seen from above: coloured discs with white edge spots."""
    colours = ((40, 40, 200), (200, 80, 30), (30, 30, 30), (40, 150, 40), (220, 220, 220))
    for _ in range(int(rng.integers(1, 6))):
        for _attempt in range(10):
            center = rng.uniform(-350, 350, 2)
            radius = rng.uniform(19, 21)
            ring = np.array(
                [
                    center + radius * np.array([math.cos(a), math.sin(a)])
                    for a in np.linspace(0, 2 * math.pi, 40, endpoint=False)
                ]
            )
            polygon = _undistorted(lens, ring).astype(np.int32)
            mask = np.zeros(avoid.shape, np.uint8)
            cv2.fillPoly(mask, [polygon], 255)
            if not np.any(mask & avoid):
                break
        else:
            continue
        colour = np.array(colours[rng.integers(len(colours))], np.float32)
        image[mask > 0] = colour * rng.uniform(0.7, 1.1)
        for a in np.linspace(0, 2 * math.pi, 8, endpoint=False):
            spot = np.array(
                [
                    center + r * np.array([math.cos(a + d), math.sin(a + d)])
                    for r, d in ((radius * 0.75, -0.15), (radius, -0.15), (radius, 0.15))
                ]
                + [center + radius * 0.75 * np.array([math.cos(a + 0.15), math.sin(a + 0.15)])]
            )
            cv2.fillPoly(image, [_undistorted(lens, spot).astype(np.int32)], (235, 235, 235))
        cv2.polylines(image, [polygon], True, (20, 20, 20), 1)


def _undistorted(lens: Lens, table_mm: np.ndarray) -> np.ndarray:
    h = lens.table_to_pixels
    p = np.column_stack([table_mm, np.ones(len(table_mm))]) @ h.T
    result: np.ndarray = p[:, :2] / p[:, 2:3]
    return result


def _deal(rng: np.random.Generator, condition: Condition) -> list[tuple[float, float, float]]:
    """Centres (mm) and angles (degrees) of a coup's cards as a croupier lays them."""
    w, h = CARD_MM
    placements: list[tuple[float, float, float]] = []
    gap_between_hands = rng.uniform(20, 120)
    counts = [int(rng.integers(2, 4)), int(rng.integers(2, 4))]
    hand_angle = rng.uniform(-8, 8) if rng.random() < 0.8 else rng.uniform(-90, 90)
    rows = rng.random() < 0.5  # the hands one above the other, or side by side
    for side, count in zip((-1, 1), counts, strict=True):
        touching = rng.random() < condition.touching
        step = w + (rng.uniform(-12, 1) if touching else rng.uniform(4, 25))
        for k in range(count):
            sideways = k == 2 and rng.random() < 0.5
            if rows:
                x = (k - 1) * step
                y = side * (h + rng.uniform(10, 60)) / 2
            elif side > 0:
                x = gap_between_hands / 2 + w / 2 + k * step
                y = 0.0
            else:
                x = -gap_between_hands / 2 - w / 2 - k * step
                y = 0.0
            y += rng.uniform(-4, 4)
            angle = rng.uniform(-6, 6)
            if sideways:
                x += (1 if rows or side > 0 else -1) * (h - w) / 2
                angle += 90
            placements.append((x, y, angle))
    rotation = math.radians(hand_angle)
    cos, sin = math.cos(rotation), math.sin(rotation)
    middle = np.mean([(x, y) for x, y, _ in placements], axis=0)
    shift = rng.uniform(-30, 30, 2) - middle @ np.array([[cos, sin], [-sin, cos]])
    return [
        (cos * x - sin * y + shift[0], sin * x + cos * y + shift[1], a + hand_angle)
        for x, y, a in placements
    ]


def _card_corners_mm(x: float, y: float, angle: float) -> np.ndarray:
    w, h = CARD_MM
    local = np.array([[-w / 2, -h / 2], [w / 2, -h / 2], [w / 2, h / 2], [-w / 2, h / 2]])
    a = math.radians(angle)
    rotation = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    result: np.ndarray = local @ rotation.T + [x, y]
    return result


def _pixel(point: np.ndarray | tuple[float, float]) -> tuple[int, int]:
    return int(point[0]), int(point[1])


def _hand(rng: np.random.Generator, image: np.ndarray, avoid: np.ndarray) -> None:
    """A croupier's hand reaching in from an edge of the view, clear of the cards."""
    height, width = image.shape[:2]
    skin = np.array(
        [(120, 150, 205), (90, 120, 170), (60, 85, 120), (150, 175, 225)][rng.integers(4)],
        np.float32,
    )
    scale = min(width, height) * rng.uniform(0.12, 0.22)
    for _attempt in range(12):
        edge = rng.integers(4)
        t = rng.uniform(0.1, 0.9)
        start = [(t * width, 0), (width, t * height), (t * width, height), (0, t * height)][edge]
        inward = [(0, 1), (-1, 0), (0, -1), (1, 0)][edge]
        angle = math.atan2(inward[1], inward[0]) + rng.uniform(-0.5, 0.5)
        direction = np.array([math.cos(angle), math.sin(angle)])
        reach = scale * rng.uniform(0.8, 1.6)
        palm = np.array(start) + direction * reach
        mask = np.zeros((height, width), np.uint8)
        normal = np.array([-direction[1], direction[0]])
        cv2.line(
            mask,
            _pixel(start),
            _pixel(palm),
            255,
            int(scale * 0.7),
        )
        cv2.ellipse(
            mask,
            _pixel(palm),
            (int(scale * 0.55), int(scale * 0.45)),
            math.degrees(angle),
            0,
            360,
            255,
            -1,
        )
        for finger in range(4):
            base = palm + direction * scale * 0.3 + normal * scale * (finger - 1.5) * 0.22
            tip = base + direction * scale * rng.uniform(0.45, 0.7)
            cv2.line(mask, _pixel(base), _pixel(tip), 255, int(scale * 0.16))
        if not np.any(cv2.dilate(mask, np.ones((9, 9), np.uint8)) & avoid):
            break
    else:
        return
    flat = cv2.GaussianBlur(mask.astype(np.float32) / 255, (0, 0), 1.5)
    soft = flat[:, :, None]
    # Shading across the hand and its shadow on the cloth.
    shadow = cv2.GaussianBlur(np.roll(flat, (int(scale * 0.12),) * 2, axis=(0, 1)), (0, 0), 9)
    image *= 1 - 0.45 * shadow[:, :, None] * (1 - soft)
    shade = (
        0.8
        + 0.3
        * cv2.GaussianBlur(
            rng.normal(0, 1, (height, width)).astype(np.float32), (0, 0), scale * 0.2
        )[:, :, None]
        * 8
    )
    image *= 1 - soft
    image += soft * skin * np.clip(shade, 0.6, 1.2)


def _light(rng: np.random.Generator, condition: Condition, image: np.ndarray) -> None:
    """The room's light: a gradient with a falloff, a colour cast, shadows and glare."""
    height, width = image.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    xs /= width
    ys /= height
    angle = rng.uniform(0, 2 * math.pi)
    ramp = (xs - 0.5) * math.cos(angle) + (ys - 0.5) * math.sin(angle)
    lamp = rng.uniform(0.2, 0.8, 2)
    falloff = (xs - lamp[0]) ** 2 + (ys - lamp[1]) ** 2
    strength = rng.uniform(0, condition.light)
    gain = (1 + strength * ramp) * (1 - strength * 0.8 * falloff)
    gain *= rng.uniform(0.75, 1.15)
    image *= gain[:, :, None]
    cast = 1 + rng.uniform(-condition.cast, condition.cast, 3).astype(np.float32)
    image *= cast / cast.mean()
    if condition.warm:
        image *= np.array([1 - condition.warm / 2, 1.0, 1 + condition.warm / 2], np.float32)
    if rng.random() < condition.shadow:
        shadow: np.ndarray = np.zeros((height, width), np.float32)
        points = np.array(
            [[rng.uniform(-0.2, 1.2) * width, rng.uniform(-0.2, 1.2) * height] for _ in range(4)],
            np.int32,
        )
        cv2.fillConvexPoly(shadow, cv2.convexHull(points), 1.0)
        shadow = cv2.GaussianBlur(shadow, (0, 0), rng.uniform(8, 40))
        image *= (1 - rng.uniform(0.2, 0.5) * shadow)[:, :, None]
    if rng.random() < condition.glare:
        for _ in range(int(rng.integers(1, 3))):
            center = rng.uniform(0, 1, 2) * [width, height]
            radius = rng.uniform(0.03, 0.15) * width
            spot = np.exp(
                -((xs * width - center[0]) ** 2 + (ys * height - center[1]) ** 2)
                / (2 * radius * radius)
            )
            image += (spot * rng.uniform(60, 260))[:, :, None]


def _sensor(rng: np.random.Generator, condition: Condition, image: np.ndarray) -> np.ndarray:
    """Focus and motion blur, shot and read noise, then JPEG."""
    sigma = rng.uniform(0, condition.focus_blur)
    if sigma > 0.3:
        image = cv2.GaussianBlur(image, (0, 0), sigma)
    streak = rng.uniform(0, condition.motion_blur)
    if streak >= 1.5:
        length = round(streak)
        kernel = np.zeros((2 * length + 1, 2 * length + 1), np.float32)
        a = rng.uniform(0, math.pi)
        dx, dy = length * math.cos(a) / 2, length * math.sin(a) / 2
        cv2.line(
            kernel,
            (round(length - dx), round(length - dy)),
            (round(length + dx), round(length + dy)),
            1.0,
            1,
        )
        image = cv2.filter2D(image, -1, kernel / kernel.sum())
    read = rng.uniform(*condition.noise)
    shot = np.sqrt(np.clip(image, 0, 255) / 255) * read
    image = image + rng.normal(0, 1, image.shape).astype(np.float32) * (read * 0.6 + shot)
    pixels = np.clip(image, 0, 255).astype(np.uint8)
    quality = int(rng.integers(condition.jpeg[0], condition.jpeg[1] + 1))
    ok, encoded = cv2.imencode(".jpg", pixels, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    decoded: np.ndarray | None = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
    assert decoded is not None
    return decoded


# --- the print's colour ------------------------------------------------------------------------

NEUTRAL_PRINT = 40  # a face pixel whose channels differ by at most this much is the black print's


def black_tinted(
    faces: Mapping[Card, np.ndarray], ink: tuple[int, int, int], strength: float
) -> dict[Card, np.ndarray]:
    """The faces (BGRA) with their black print printed in another ink: a pixel of darkness d
    (0 paper, 1 black) whose channels are about equal (``NEUTRAL_PRINT``) becomes paper
    darkened by d towards ``ink`` (R, G, B) times ``strength`` instead of towards black (a deck
    whose "black" is a warm dark brown or grey; issue 28, h-ink48). Coloured print (red pips,
    the courts' colours) is kept."""
    target = np.array(ink[::-1], np.float32) * strength  # B, G, R
    out: dict[Card, np.ndarray] = {}
    for card, face in faces.items():
        bgr = face[:, :, :3].astype(np.float32)
        neutral = (bgr.max(axis=2) - bgr.min(axis=2)) <= NEUTRAL_PRINT
        dark = 1 - bgr.mean(axis=2, keepdims=True) / 255
        recoloured = np.clip(255 * (1 - dark) + dark * target, 0, 255)
        tinted = face.copy()
        tinted[:, :, :3] = np.where(neutral[:, :, None], recoloured, bgr).astype(np.uint8)
        out[card] = tinted
    return out


# --- the face's border -------------------------------------------------------------------------


def _paper_of(face: np.ndarray) -> np.ndarray:
    """A face's paper colour (B, G, R): the median of its light opaque pixels."""
    bgr = face[:, :, :3].reshape(-1, 3)
    opaque = face[:, :, 3].reshape(-1) == 255
    light = bgr.astype(np.int32).sum(axis=1) > 3 * 200
    chosen = bgr[opaque & light]
    if not len(chosen):
        return np.array([255, 255, 255], np.uint8)
    paper: np.ndarray = np.median(chosen, axis=0).astype(np.uint8)
    return paper


def framed(
    faces: Mapping[Card, np.ndarray],
    inset: float,
    width: float = 0.01,
    ink: tuple[int, int, int] = (30, 30, 30),
) -> dict[Card, np.ndarray]:
    """The faces (BGRA) with a frame line printed inside the card's edge: a rectangle with
    rounded corners ``inset`` of the face's width in from each edge, its line ``width`` of the
    face's width thick, in ``ink`` (R, G, B), on the paper only (the index and the art, any
    pixel darker than paper, lie over it: a deck printed with a border line inside its edge;
    issue 28, h-relaid50). Nothing else of the face changes."""
    out: dict[Card, np.ndarray] = {}
    for card, face in faces.items():
        height, fw = face.shape[:2]
        gap = round(inset * fw)
        thick = max(1, round(width * fw))
        radius = max(thick, round(0.05 * fw))
        left, top, right, bottom = gap, gap, fw - 1 - gap, height - 1 - gap
        box = np.zeros((height, fw), np.uint8)
        cv2.rectangle(box, (left + radius, top), (right - radius, bottom), 255, -1)
        cv2.rectangle(box, (left, top + radius), (right, bottom - radius), 255, -1)
        for x, y in (
            (left + radius, top + radius),
            (right - radius, top + radius),
            (right - radius, bottom - radius),
            (left + radius, bottom - radius),
        ):
            cv2.circle(box, (x, y), radius, 255, -1)
        inner = cv2.erode(box, np.ones((2 * thick + 1, 2 * thick + 1), np.uint8))
        light = face[:, :, :3].astype(np.int32).sum(axis=2) > 3 * 190  # under the print
        line = (box > 0) & ~(inner > 0) & (face[:, :, 3] > 0) & light
        printed = face.copy()
        printed[line, :3] = np.array(ink[::-1], np.uint8)
        out[card] = printed
    return out


def bordered(
    faces: Mapping[Card, np.ndarray], border: float, edge: float = 0.02
) -> dict[Card, np.ndarray]:
    """The faces (BGRA) with a wide plain border: the face inside its outermost ``edge`` of
    the width (the edge's own stroke, kept) shrunk so that ``border`` of the face's width of
    its paper's colour lies round it on every side (a deck printed with a wide white margin;
    issue 28, h-relaid50). The index and pips move in with the art."""
    out: dict[Card, np.ndarray] = {}
    for card, face in faces.items():
        height, fw = face.shape[:2]
        keep = max(1, round(edge * fw))
        gap = round(border * fw)
        art = face[keep : height - keep, keep : fw - keep, :3]
        size = (fw - 2 * gap, height - 2 * gap)
        shrunk = cv2.resize(art, size, interpolation=cv2.INTER_AREA)
        printed = face.copy()
        inside = printed[keep : height - keep, keep : fw - keep]
        inside[:, :, :3] = _paper_of(face)
        printed[gap : height - gap, gap : fw - gap, :3] = shrunk
        # the transparent rounded corners stay transparent
        printed[:, :, 3] = face[:, :, 3]
        out[card] = printed
    return out


# --- the photograph ---------------------------------------------------------------------------


def photograph(
    seed: int,
    faces: Mapping[Card, np.ndarray],
    condition: Condition | str,
    *,
    cards: list[Card] | None = None,
    size: tuple[int, int] | None = None,
    placements: list[tuple[float, float, float]] | None = None,
) -> Photo:
    """One photograph of a coup. ``cards`` (default: drawn at random from ``faces``) are laid
    as :func:`_deal` lays them, or at ``placements`` (centre x, y in mm and angle); a card that
    would leave the view is dropped (some coups in a large-card view show fewer cards)."""
    chosen = CONDITIONS[condition] if isinstance(condition, str) else condition
    rng = np.random.default_rng(seed)
    if size is None:
        size = (1920, 1080) if rng.random() < 0.2 else (1280, 720)
    lens, card_px, tilt = make_lens(rng, chosen, size)
    # One order whatever order the faces came in (a fresh render and the cache differ), so
    # a seed makes the same photograph on every machine.
    deck = [card for card in one_deck() if card in faces]
    if cards is None:
        order = rng.permutation(len(deck))[:6]
        cards = [deck[k] for k in order]
    spots = placements if placements is not None else _deal(rng, chosen)
    width, height = size
    margin = 6.0
    kept: list[tuple[Card, np.ndarray]] = []
    for card, (x, y, angle) in zip(cards, spots, strict=False):
        corners_mm = _card_corners_mm(x, y, angle)
        corners = lens.project(corners_mm)
        inside = (
            (corners[:, 0] >= margin).all()
            and (corners[:, 0] <= width - 1 - margin).all()
            and (corners[:, 1] >= margin).all()
            and (corners[:, 1] <= height - 1 - margin).all()
        )
        if inside:
            kept.append((card, corners_mm))
    image = _felt(rng, size)
    _printed(rng, lens, image)
    to_pixels = lens.table_to_pixels
    cards_mask = np.zeros((height, width), np.uint8)
    for _card, corners_mm in kept:
        polygon = _undistorted(lens, corners_mm).astype(np.int32)
        cv2.fillConvexPoly(cards_mask, polygon, 255)
    if rng.random() < chosen.chips:
        _chips(rng, lens, image, cv2.dilate(cards_mask, np.ones((15, 15), np.uint8)))
    for card, corners_mm in kept:
        face = faces[card]
        fh, fw = face.shape[:2]
        face_quad = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float32)
        to_table = cv2.getPerspectiveTransform(face_quad, corners_mm.astype(np.float32))
        warp = to_pixels @ to_table
        colour = cv2.warpPerspective(
            face[:, :, :3], warp, size, flags=cv2.INTER_AREA if card_px < 120 else cv2.INTER_LINEAR
        ).astype(np.float32)
        alpha = cv2.warpPerspective(face[:, :, 3], warp, size, flags=cv2.INTER_LINEAR)
        flat = alpha.astype(np.float32) / 255
        a = flat[:, :, None]
        # The card's thickness casts a thin shadow down-light.
        offset = int(max(1, card_px / 60))
        shade = cv2.GaussianBlur(np.roll(flat, (offset, offset), axis=(0, 1)), (0, 0), offset + 1)
        image *= 1 - 0.35 * shade[:, :, None] * (1 - a)
        paper = rng.uniform(0.92, 1.0)
        image *= 1 - a
        image += a * colour * paper
    if rng.random() < chosen.hand:
        _hand(rng, image, cv2.dilate(cards_mask, np.ones((11, 11), np.uint8)))
    _light(rng, chosen, image)
    map_x, map_y = lens.distortion_maps()
    image = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    image = _sensor(rng, chosen, image)
    truth = []
    for card, corners_mm in kept:
        corners = lens.project(corners_mm)
        center = lens.project(corners_mm.mean(axis=0, keepdims=True))[0]
        truth.append(
            TrueCard(
                card,
                tuple((float(x), float(y)) for x, y in corners),
                (float(center[0]), float(center[1])),
            )
        )
    return Photo(image, truth, chosen.name, seed, card_px, tilt)


def photograph_one(
    seed: int, face: np.ndarray, card: Card, *, card_px: tuple[float, float] = (110.0, 190.0)
) -> Photo:
    """A photograph of one card lying face up anywhere in the view, as a croupier photographs
    each card of the house's deck for enrolment (``dealer-assist vision enroll``)."""
    condition = Condition(
        name="enrolment",
        card_px=card_px,
        tilt_deg=(0.0, 20.0),
        hand=0.0,
        chips=0.0,
        glare=0.0,  # a photograph with glare on the card is taken again
        shadow=0.2,
        light=0.15,
    )
    rng = np.random.default_rng(seed)
    spot = (float(rng.uniform(-60, 60)), float(rng.uniform(-30, 30)), float(rng.uniform(-180, 180)))
    return photograph(
        seed, {card: face}, condition, cards=[card], placements=[spot], size=(1280, 720)
    )
