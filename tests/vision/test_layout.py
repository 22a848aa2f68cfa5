"""The camera layout file: zones, markers, calibration; round trip and errors."""

from __future__ import annotations

import tomllib

import numpy as np
import pytest

from dealer_assist.errors import ConfigError
from dealer_assist.rules.coup import Hand
from dealer_assist.vision.layout import (
    banque_layout,
    layout_to_toml,
    parse_layout,
    punto_banco_layout,
)


def test_round_trip_keeps_everything() -> None:
    layout = punto_banco_layout().with_homography(
        np.array([[0.5, 0.01, -3], [0, 0.49, 2], [0, 0, 1]])
    )
    again = parse_layout(tomllib.loads(layout_to_toml(layout)))
    assert again.zones == layout.zones
    assert again.markers == layout.markers
    assert again.card_size_mm == layout.card_size_mm
    assert again.homography is not None and layout.homography is not None
    assert np.allclose(again.homography, layout.homography)


def test_zones_and_tolerance() -> None:
    layout = punto_banco_layout()
    assert layout.zone_at((150.0, 170.0)) is Hand.PLAYER
    assert layout.zone_at((450.0, 170.0)) is Hand.BANKER
    assert layout.zone_at((150.0, 30.0)) is Hand.PLAYER  # 20 mm outside: still the Player's
    assert layout.zone_at((150.0, -200.0)) is None
    assert [z.hand for z in banque_layout().zones] == [Hand.LEFT, Hand.BANKER, Hand.RIGHT]


def test_pixels_map_to_zones_through_the_homography() -> None:
    # Camera at 2 px/mm, no tilt: pixel (300, 340) is (150, 170) mm on the cloth.
    layout = punto_banco_layout().with_homography(np.diag([0.5, 0.5, 1.0]))
    assert layout.zone_of_pixel((300.0, 340.0)) is Hand.PLAYER
    assert layout.zone_of_pixel((900.0, 340.0)) is Hand.BANKER
    assert punto_banco_layout().zone_of_pixel((300.0, 340.0)) is None  # not calibrated


@pytest.mark.parametrize(
    ("document", "field"),
    [
        ({"camera": {"zoom": 2}}, "camera.zoom"),
        ({"camera": {"card_width_mm": -1}}, "camera.card_width_mm"),
        (
            {"camera": {"zones": [{"hand": "dealer", "polygon_mm": [[0, 0], [1, 0], [1, 1]]}]}},
            "camera.zones[0].hand",
        ),
        (
            {"camera": {"zones": [{"hand": "player", "polygon_mm": [[0, 0]]}]}},
            "camera.zones[0].polygon_mm",
        ),
        ({"camera": {"image_to_table": [[1, 0], [0, 1]]}}, "camera.image_to_table"),
        ({"camera": {"markers": [{"center_mm": [0, 0]}]}}, "camera.markers[0].id"),
    ],
)
def test_bad_layouts_name_the_field(document: dict[str, object], field: str) -> None:
    with pytest.raises(ConfigError) as raised:
        parse_layout(document, source="layout.toml")
    assert raised.value.field == field
    assert "layout.toml" in str(raised.value)
