"""``[camera]``: the overhead camera's layout and calibration, read into the camera's own
:class:`~dealer_assist.vision.settings.CameraSettings` (docs/vision.md).

Checked here in plain Python (the core imports no numpy); a layout file is read by the same
function (:func:`dealer_assist.vision.layout.parse_layout`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_assist.config.reader import Section, default_of, read_float, read_whole
from dealer_assist.errors import ConfigError
from dealer_assist.rules.coup import Hand
from dealer_assist.vision.settings import (
    ARUCO_DICTIONARIES,
    CameraMarker,
    CameraSettings,
    CameraZone,
    Point,
)

KEYS = (
    "card_width_mm",
    "card_height_mm",
    "region_mm",
    "aruco_dictionary",
    "image_to_table",
    "zone_tolerance_mm",
    "markers",
    "zones",
)
MAX_MARKERS = 64
MAX_ZONES = 16
MAX_POLYGON_POINTS = 64
MATRIX_LARGEST = 1e9  # a homography's entries (pixels and millimetres, scaled)


def parse_camera_settings(camera: Mapping[str, Any], source: str) -> CameraSettings:
    """The ``[camera]`` section of a configuration or a layout file (docs/vision.md), checked;
    a :class:`ConfigError` names the field."""
    section = Section(camera, "camera", source)
    section.check_keys(KEYS)
    defaults = CameraSettings()
    region = _numbers(
        section, "region_mm", list(defaults.region_mm), 4, "[left, top, right, bottom] in mm"
    )
    left, top, right, bottom = region
    if right <= left or bottom <= top:
        raise section.fail("region_mm", "must be [left, top, right, bottom] in mm")
    dictionary = section.choice(
        "aruco_dictionary", defaults.aruco_dictionary, tuple(ARUCO_DICTIONARIES)
    )
    markers = _markers(section, ARUCO_DICTIONARIES[dictionary])
    return CameraSettings(
        card_width_mm=section.number("card_width_mm", defaults.card_width_mm),
        card_height_mm=section.number("card_height_mm", defaults.card_height_mm),
        region_mm=(left, top, right, bottom),
        aruco_dictionary=dictionary,
        image_to_table=_matrix(section),
        zone_tolerance_mm=section.number("zone_tolerance_mm", defaults.zone_tolerance_mm),
        markers=markers,
        zones=_zones(section),
    )


def _numbers(
    section: Section, key: str, default: object, count: int, shape: str
) -> tuple[float, ...]:
    value = section.raw(key, default)
    if not isinstance(value, list) or len(value) != count:
        raise section.fail(key, f"must be {shape}")
    return tuple(
        read_float(v, where=section.where(key), source=section.source, positive=False)
        for v in value
    )


def _point(value: object, where: str, source: str) -> Point:
    if not isinstance(value, list) or len(value) != 2:
        raise ConfigError(source, where, f"must be [x, y] in millimetres, not {str(value)[:60]}")
    x, y = (read_float(v, where=where, source=source, positive=False) for v in value)
    return (x, y)


def _matrix(section: Section) -> tuple[tuple[float, float, float], ...] | None:
    value = section.raw("image_to_table")
    if value is None:
        return None
    where = section.where("image_to_table")
    if (
        not isinstance(value, list)
        or len(value) != 3
        or not all(isinstance(row, list) and len(row) == 3 for row in value)
    ):
        raise section.fail("image_to_table", "must be a 3x3 matrix (three rows of three)")
    rows = [
        [
            read_float(
                v, where=where, source=section.source, positive=False, largest=MATRIX_LARGEST
            )
            for v in row
        ]
        for row in value
    ]
    return tuple((row[0], row[1], row[2]) for row in rows)


def _entries(section: Section, key: str, most: int, what: str) -> list[Section]:
    value = section.raw(key, [])
    if not isinstance(value, list):
        raise section.fail(key, f"must be a list of [[camera.{key}]] tables")
    if len(value) > most:
        raise section.fail(key, f"at most {most} {what}, not {len(value)}")
    entries = []
    for index, entry in enumerate(value):
        where = section.where(f"{key}[{index}]")
        if not isinstance(entry, dict):
            raise ConfigError(section.source, where, f"must be a table, not {str(entry)[:60]}")
        entries.append(Section(entry, where, section.source))
    return entries


def _markers(section: Section, ids: int) -> tuple[CameraMarker, ...]:
    markers = []
    for entry in _entries(section, "markers", MAX_MARKERS, "markers"):
        entry.check_keys(("id", "center_mm", "size_mm"))
        marker_id = read_whole(
            entry.raw("id"),
            where=entry.where("id"),
            source=entry.source,
            low=0,
            high=ids - 1,
            unit=" (the ArUco id, in the dictionary)",
        )
        markers.append(
            CameraMarker(
                id=marker_id,
                center_mm=_point(entry.raw("center_mm"), entry.where("center_mm"), entry.source),
                size_mm=entry.number("size_mm", default_of(CameraMarker, "size_mm")),
            )
        )
    return tuple(markers)


def _zones(section: Section) -> tuple[CameraZone, ...]:
    zones = []
    for entry in _entries(section, "zones", MAX_ZONES, "zones"):
        entry.check_keys(("hand", "polygon_mm"))
        hand = entry.choice("hand", "", tuple(h.value for h in Hand))
        polygon = entry.raw("polygon_mm")
        where = entry.where("polygon_mm")
        if not isinstance(polygon, list) or len(polygon) < 3:
            raise entry.fail("polygon_mm", "needs at least three [x, y] points")
        if len(polygon) > MAX_POLYGON_POINTS:
            raise entry.fail(
                "polygon_mm", f"at most {MAX_POLYGON_POINTS} points, not {len(polygon)}"
            )
        points = tuple(_point(p, where, entry.source) for p in polygon)
        zones.append(CameraZone(hand=Hand(hand), polygon_mm=points))
    return tuple(zones)
