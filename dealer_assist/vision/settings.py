"""The camera's settings: the ``[camera]`` section of a table configuration or a layout file.

Plain Python (no numpy, no OpenCV), so the configuration can be read and checked without the
``camera`` extra: :func:`dealer_assist.config.parse_camera_settings` reads and checks the
section, the camera driver turns it into a :class:`dealer_assist.vision.layout.Layout`
(docs/vision.md, "Calibration and the layout file"). The defaults are written here once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dealer_assist.rules.coup import Hand

Point = tuple[float, float]

# The predefined ArUco dictionaries of OpenCV, each with its number of markers (ids 0 .. n-1).
ARUCO_DICTIONARIES: dict[str, int] = {
    **{f"DICT_{bits}X{bits}_{n}": n for bits in (4, 5, 6, 7) for n in (50, 100, 250, 1000)},
    "DICT_ARUCO_ORIGINAL": 1024,
    "DICT_APRILTAG_16h5": 30,
    "DICT_APRILTAG_25h9": 35,
    "DICT_APRILTAG_36h10": 2320,
    "DICT_APRILTAG_36h11": 587,
    "DICT_ARUCO_MIP_36h12": 250,
}


@dataclass(frozen=True, slots=True, kw_only=True)
class CameraMarker:
    """An ArUco marker printed on the cloth: its id, centre and side (mm)."""

    id: int
    center_mm: Point
    size_mm: float = 30.0


@dataclass(frozen=True, slots=True, kw_only=True)
class CameraZone:
    """Where one hand's cards go: a polygon on the cloth (mm)."""

    hand: Hand
    polygon_mm: tuple[Point, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CameraSettings:
    """The ``[camera]`` section: the overhead camera's layout and calibration (docs/vision.md)."""

    card_width_mm: float = 63.0
    card_height_mm: float = 88.0
    region_mm: tuple[float, float, float, float] = (0.0, 0.0, 600.0, 340.0)
    aruco_dictionary: str = "DICT_4X4_50"
    image_to_table: tuple[tuple[float, float, float], ...] | None = None
    zone_tolerance_mm: float = 40.0
    markers: tuple[CameraMarker, ...] = ()
    zones: tuple[CameraZone, ...] = ()

    def as_document(self) -> dict[str, Any]:
        """The section as a parsed TOML document (``{"camera": {...}}``)."""
        camera: dict[str, Any] = {
            "card_width_mm": self.card_width_mm,
            "card_height_mm": self.card_height_mm,
            "region_mm": list(self.region_mm),
            "aruco_dictionary": self.aruco_dictionary,
            "zone_tolerance_mm": self.zone_tolerance_mm,
            "markers": [
                {"id": m.id, "center_mm": list(m.center_mm), "size_mm": m.size_mm}
                for m in self.markers
            ],
            "zones": [
                {"hand": z.hand.value, "polygon_mm": [list(p) for p in z.polygon_mm]}
                for z in self.zones
            ],
        }
        if self.image_to_table is not None:
            camera["image_to_table"] = [list(row) for row in self.image_to_table]
        return {"camera": camera}
