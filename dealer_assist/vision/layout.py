"""The table layout seen by the camera: zones, card size, markers and the camera homography.

Layout coordinates are millimetres on the cloth, x to the right and y towards the croupier as the
camera sees the table. A layout file (TOML) describes the zones (one polygon per hand: Player and
Banker, or Banque's right, left and banker), the card size, the ArUco markers printed on the cloth
and, once calibrated, the homography from camera pixels to the cloth. ``dealer-assist camera
calibrate`` writes that homography; the camera driver re-detects the markers while it runs, so a
small knock to the camera is absorbed.

Example::

    [camera]
    card_width_mm = 63.0
    card_height_mm = 88.0
    region_mm = [0.0, 0.0, 600.0, 340.0]   # the part of the cloth where cards are dealt
    aruco_dictionary = "DICT_4X4_50"
    image_to_table = [[...], [...], [...]] # written by `camera calibrate`

    [[camera.markers]]
    id = 0
    center_mm = [20.0, 20.0]
    size_mm = 30.0

    [[camera.zones]]
    hand = "player"
    polygon_mm = [[20.0, 60.0], [290.0, 60.0], [290.0, 320.0], [20.0, 320.0]]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from dealer_assist.config import CameraSettings, parse_camera_settings, read_toml_file
from dealer_assist.errors import ConfigError
from dealer_assist.rules.coup import Hand

# Poker-size cards, the usual baccarat card (bridge size is 57 x 89 mm).
DEFAULT_CARD_SIZE_MM = (63.0, 88.0)
DEFAULT_DICTIONARY = "DICT_4X4_50"

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Zone:
    """Where one hand's cards go, as a polygon on the cloth."""

    hand: Hand
    polygon_mm: tuple[Point, ...]

    def contains(self, point: Point) -> bool:
        """Point-in-polygon by ray casting."""
        x, y = point
        inside = False
        vertices = self.polygon_mm
        for (x1, y1), (x2, y2) in zip(vertices, vertices[1:] + vertices[:1], strict=True):
            if (y1 > y) != (y2 > y):
                cross = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                if x < cross:
                    inside = not inside
        return inside

    def distance(self, point: Point) -> float:
        """0 inside, otherwise the distance to the nearest edge (mm)."""
        if self.contains(point):
            return 0.0
        best = math.inf
        vertices = self.polygon_mm
        px, py = point
        for (x1, y1), (x2, y2) in zip(vertices, vertices[1:] + vertices[:1], strict=True):
            dx, dy = x2 - x1, y2 - y1
            length2 = dx * dx + dy * dy
            t = (
                0.0
                if length2 == 0
                else max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / length2))
            )
            best = min(best, math.hypot(px - (x1 + t * dx), py - (y1 + t * dy)))
        return best


@dataclass(frozen=True, slots=True)
class Marker:
    """An ArUco marker printed on the cloth: its id, centre and side length (mm)."""

    id: int
    center_mm: Point
    size_mm: float

    def corners_mm(self) -> np.ndarray:
        """Corners in ArUco order (top-left, top-right, bottom-right, bottom-left)."""
        cx, cy = self.center_mm
        h = self.size_mm / 2
        return np.array(
            [[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]], np.float64
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Layout:
    """Zones, card size, markers and (once calibrated) the camera-to-cloth homography."""

    zones: tuple[Zone, ...] = ()
    card_size_mm: tuple[float, float] = DEFAULT_CARD_SIZE_MM
    region_mm: tuple[float, float, float, float] = (0.0, 0.0, 600.0, 340.0)
    markers: tuple[Marker, ...] = ()
    aruco_dictionary: str = DEFAULT_DICTIONARY
    image_to_table: tuple[tuple[float, ...], ...] | None = None
    # How far (mm) outside every zone a card may land and still count for the nearest one.
    zone_tolerance_mm: float = 40.0
    source: str = field(default="<layout>", compare=False)

    @property
    def homography(self) -> np.ndarray | None:
        """Camera pixels to cloth millimetres, or None before calibration."""
        if self.image_to_table is None:
            return None
        return np.array(self.image_to_table, np.float64)

    def with_homography(self, matrix: np.ndarray) -> Layout:
        normalized = matrix / matrix[2, 2]
        rows = tuple(tuple(float(v) for v in row) for row in normalized)
        return replace(self, image_to_table=rows)

    def zone_at(self, point_mm: Point) -> Hand | None:
        """The hand whose zone holds (or is nearest, within tolerance) a point on the cloth."""
        best: tuple[float, Hand] | None = None
        for zone in self.zones:
            distance = zone.distance(point_mm)
            if distance == 0.0:
                return zone.hand
            if distance <= self.zone_tolerance_mm and (best is None or distance < best[0]):
                best = (distance, zone.hand)
        return None if best is None else best[1]

    def zone_of_pixel(self, point_px: Point) -> Hand | None:
        matrix = self.homography
        if matrix is None:
            return None
        return self.zone_at(apply_homography(matrix, [point_px])[0])


def apply_homography(matrix: np.ndarray, points: Sequence[Point] | np.ndarray) -> list[Point]:
    array = np.asarray(points, np.float64).reshape(-1, 2)
    ones = np.ones((array.shape[0], 1))
    mapped = np.hstack([array, ones]) @ matrix.T
    mapped = mapped[:, :2] / mapped[:, 2:3]
    return [(float(x), float(y)) for x, y in mapped]


def punto_banco_layout(*, width_mm: float = 600.0, height_mm: float = 340.0) -> Layout:
    """A two-hand layout: Player on the left half, Banker on the right, four corner markers."""
    margin = 50.0
    half = width_mm / 2
    zones = (
        Zone(
            Hand.PLAYER,
            (
                (margin, margin),
                (half - 5, margin),
                (half - 5, height_mm - 10),
                (margin, height_mm - 10),
            ),
        ),
        Zone(
            Hand.BANKER,
            (
                (half + 5, margin),
                (width_mm - margin, margin),
                (width_mm - margin, height_mm - 10),
                (half + 5, height_mm - 10),
            ),
        ),
    )
    size = 30.0
    markers = tuple(
        Marker(i, (x, y), size)
        for i, (x, y) in enumerate(
            [
                (22.0, 22.0),
                (width_mm - 22.0, 22.0),
                (width_mm - 22.0, height_mm - 22.0),
                (22.0, height_mm - 22.0),
            ]
        )
    )
    return Layout(zones=zones, region_mm=(0.0, 0.0, width_mm, height_mm), markers=markers)


# --- TOML -------------------------------------------------------------------------------------


def parse_layout(document: Mapping[str, object], *, source: str = "<layout>") -> Layout:
    """Read the ``[camera]`` table of a configuration or layout document (checked by the
    configuration's own rules: a :class:`ConfigError` names the field)."""
    camera = document.get("camera", {})
    if not isinstance(camera, dict):
        raise ConfigError(source, "camera", "must be a table ([camera])")
    return layout_from_settings(parse_camera_settings(camera, source), source=source)


def layout_from_settings(settings: CameraSettings, *, source: str = "<layout>") -> Layout:
    """The layout a checked ``[camera]`` section describes."""
    return Layout(
        zones=tuple(Zone(zone.hand, zone.polygon_mm) for zone in settings.zones),
        card_size_mm=(settings.card_width_mm, settings.card_height_mm),
        region_mm=settings.region_mm,
        markers=tuple(
            Marker(marker.id, marker.center_mm, marker.size_mm) for marker in settings.markers
        ),
        aruco_dictionary=settings.aruco_dictionary,
        image_to_table=settings.image_to_table,
        zone_tolerance_mm=settings.zone_tolerance_mm,
        source=source,
    )


def load_layout(path: Path) -> Layout:
    """A layout file, read as a configuration file is (not UTF-8, too big: a ConfigError)."""
    return parse_layout(read_toml_file(path), source=str(path))


def _toml_number(value: float) -> str:
    return repr(float(value))


def layout_to_toml(layout: Layout) -> str:
    """The layout as a ``[camera]`` TOML document (what ``camera calibrate`` writes)."""
    lines = [
        "# Camera layout for dealer-assist (written by `dealer-assist camera calibrate`).",
        "[camera]",
        f"card_width_mm = {_toml_number(layout.card_size_mm[0])}",
        f"card_height_mm = {_toml_number(layout.card_size_mm[1])}",
        "region_mm = [" + ", ".join(_toml_number(v) for v in layout.region_mm) + "]",
        f'aruco_dictionary = "{layout.aruco_dictionary}"',
        f"zone_tolerance_mm = {_toml_number(layout.zone_tolerance_mm)}",
    ]
    if layout.image_to_table is not None:
        rows = ", ".join(
            "[" + ", ".join(f"{v:.10g}" for v in row) + "]" for row in layout.image_to_table
        )
        lines.append(f"image_to_table = [{rows}]")
    for marker in layout.markers:
        lines += [
            "",
            "[[camera.markers]]",
            f"id = {marker.id}",
            "center_mm = [" + ", ".join(_toml_number(v) for v in marker.center_mm) + "]",
            f"size_mm = {_toml_number(marker.size_mm)}",
        ]
    for zone in layout.zones:
        points = ", ".join(f"[{_toml_number(x)}, {_toml_number(y)}]" for x, y in zone.polygon_mm)
        lines += ["", "[[camera.zones]]", f'hand = "{zone.hand.value}"', f"polygon_mm = [{points}]"]
    return "\n".join(lines) + "\n"


def banque_layout(*, width_mm: float = 600.0, height_mm: float = 340.0) -> Layout:
    """Banque: the right and left tableaux at the sides, the banker's hand in the middle."""
    base = punto_banco_layout(width_mm=width_mm, height_mm=height_mm)
    third = width_mm / 3
    top, bottom = 50.0, height_mm - 10
    zones = (
        Zone(Hand.LEFT, ((40.0, top), (third - 5, top), (third - 5, bottom), (40.0, bottom))),
        Zone(
            Hand.BANKER,
            ((third + 5, top), (2 * third - 5, top), (2 * third - 5, bottom), (third + 5, bottom)),
        ),
        Zone(
            Hand.RIGHT,
            (
                (2 * third + 5, top),
                (width_mm - 40.0, top),
                (width_mm - 40.0, bottom),
                (2 * third + 5, bottom),
            ),
        ),
    )
    return replace(base, zones=zones)
