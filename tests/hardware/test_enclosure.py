"""The exported STL of the shoe's electronics bay, checked as geometry.

hardware/enclosure/shoe_bay.scad exports the printed parts and, in their assembled positions,
dummies of what goes in them (a playing card, the board with its tallest parts, the PN532
module, the exit sensor, the LEDs, the two right-angle button switches). These tests read the
STL files only: a card is 63 x 88 mm whatever the model says, and it must slide through its
slot with clearance all round.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.hardware.geometry import Mesh, first_solid_run, read_stl

CARD = (63.0, 88.0)
BOARD = (70.0, 50.0)  # hardware/bom.csv PCB1
PN532 = (42.7, 40.4)  # Elechouse PN532 V3
MIN_WALL = 2.0
CARD_CLEARANCE = 0.5  # each side, and above and below
CARD_GUIDE = 3.0  # a card this much wider on a side would not fit: it is guided
ANTENNA_FLOOR = (0.8, 2.0)  # plastic between antenna and card: printable, and within range
PRINT_BED = (220.0, 220.0, 250.0)
SOLIDS = ("bay", "reader_mount", "base")
DUMMIES = ("card", "board", "pn532", "sensor", "leds", "buttons")


@pytest.fixture(scope="module")
def meshes(rendered: Path) -> dict[str, Mesh]:
    found = {name: read_stl(rendered / "enclosure" / f"{name}.stl") for name in SOLIDS}
    for name in DUMMIES:
        found[name] = read_stl(rendered / "enclosure" / "fit" / f"{name}.stl")
    return found


def _inside_any(meshes: dict[str, Mesh], points: np.ndarray) -> dict[str, int]:
    return {name: int(hits) for name in SOLIDS if (hits := meshes[name].contains(points).sum())}


def test_the_stl_reader_reads_a_closed_solid(meshes: dict[str, Mesh]) -> None:
    card = meshes["card"]
    assert len(card.triangles) == 12
    assert card.volume() == pytest.approx(np.prod(card.size), rel=1e-6)
    centre = (card.low + card.high) / 2
    assert card.contains(np.array([centre, card.high + 1])).tolist() == [True, False]


def test_dummies_have_the_parts_sizes(meshes: dict[str, Mesh]) -> None:
    assert tuple(meshes["card"].size[:2]) == pytest.approx(CARD, abs=0.01)
    assert tuple(meshes["board"].size[:2]) == pytest.approx(BOARD, abs=0.01)
    assert tuple(meshes["pn532"].size[:2]) == pytest.approx(PN532, abs=0.01)


@pytest.mark.parametrize("dummy", DUMMIES)
def test_each_part_fits_without_touching_the_print(meshes: dict[str, Mesh], dummy: str) -> None:
    points = meshes[dummy].surface_points(spacing=4.0, offset=-0.05)
    assert _inside_any(meshes, points) == {}


def test_the_card_has_clearance_all_round(meshes: dict[str, Mesh]) -> None:
    card = meshes["card"]
    points = card.surface_points(spacing=4.0, offset=CARD_CLEARANCE)
    assert _inside_any(meshes, points) == {}
    sides = card.normals[:, 0] != 0
    wider = Mesh(name="wider", triangles=card.triangles[sides])
    assert _inside_any(meshes, wider.surface_points(spacing=4.0, offset=CARD_GUIDE)), (
        "the slot does not guide the card"
    )


def test_the_card_slot_runs_through_the_bay(meshes: dict[str, Mesh]) -> None:
    """The card leaves through the mouth (y = 0) and comes from the back: nothing in the way."""
    card = meshes["card"]
    centre = (card.low + card.high) / 2
    for x in np.linspace(card.low[0] + 1, card.high[0] - 1, 7):
        for direction in ((0, -1, 0), (0, 1, 0)):
            distance, _ = first_solid_run(
                meshes["bay"], np.array([x, centre[1], centre[2]]), direction
            )
            assert distance == float("inf"), (x, direction)


def test_walls_are_thick_enough(meshes: dict[str, Mesh]) -> None:
    bay, board = meshes["bay"], meshes["board"]
    inside = (board.low + board.high) / 2
    inside[2] = board.low[2] + 1  # below the openings for the buttons and the USB socket
    for direction in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0)):
        _, wall = first_solid_run(bay, inside, direction)
        assert wall >= MIN_WALL, (direction, wall)
    _, floor = first_solid_run(meshes["base"], inside, (0, 0, -1))
    assert floor >= MIN_WALL
    card = meshes["card"]
    above = (card.low + card.high) / 2
    _, roof = first_solid_run(bay, above, (0, 0, 1))
    assert roof >= MIN_WALL


def test_the_antenna_sits_just_under_the_card(meshes: dict[str, Mesh]) -> None:
    module, card = meshes["pn532"], meshes["card"]
    top = (module.low + module.high) / 2
    top[2] = module.high[2] - 0.01  # in the pocket, at the antenna
    gap, floor = first_solid_run(meshes["bay"], top, (0, 0, 1))
    assert gap < 0.05
    assert ANTENNA_FLOOR[0] <= floor <= ANTENNA_FLOOR[1]
    overlap_x = min(module.high[0], card.high[0]) - max(module.low[0], card.low[0])
    overlap_y = min(module.high[1], card.high[1]) - max(module.low[1], card.low[1])
    assert overlap_x >= PN532[0] - 1 and overlap_y >= PN532[1] - 1, "antenna not under the card"
    assert module.low[1] <= 20, "the antenna reads the card at the mouth, not further in"


def test_the_exit_sensor_sees_the_card_edge(meshes: dict[str, Mesh]) -> None:
    """The slotted sensor's beam crosses its fork gap, where the card's edge passes."""
    sensor, card = meshes["sensor"], meshes["card"]
    gap_x = np.array([sensor.low[0], card.high[0]])
    assert gap_x[1] - gap_x[0] >= 3.0, "the card's edge reaches at least 3 mm into the fork"
    beam = np.array([gap_x.mean(), (sensor.low[1] + sensor.high[1]) / 2, 0.0])
    crossings = sensor.crossings(
        beam * [1, 1, 0] + [0, 0, sensor.low[2] - 1], np.array([0, 0, 1.0])
    )[0]
    assert len(crossings) == 4, "the fork has two arms around a gap"
    gap_low, gap_high = crossings[1], crossings[2]
    z0 = sensor.low[2] - 1
    assert z0 + gap_low < card.low[2] and card.high[2] < z0 + gap_high
    assert sensor.low[1] < 15, "the sensor is at the mouth"


def test_the_lights_shine_out_of_the_window(meshes: dict[str, Mesh]) -> None:
    leds = meshes["leds"]
    for x in (leds.low[0] + 2.5, (leds.low[0] + leds.high[0]) / 2, leds.high[0] - 2.5):
        origin = np.array([x, leds.low[1] - 0.01, (leds.low[2] + leds.high[2]) / 2])
        distance, _ = first_solid_run(meshes["bay"], origin, (0, -1, 0))
        assert distance == float("inf"), f"the LED at x={x} shines at a wall"


def test_the_buttons_are_pressed_through_the_front_face(meshes: dict[str, Mesh]) -> None:
    """SW1 and SW2 are side-actuated switches at the board's edge (hardware/bom.csv): each
    plunger stands out of the front face, in a hole a fingertip gets into."""
    buttons, bay = meshes["buttons"], meshes["bay"]
    proud = bay.low[1] - buttons.low[1]
    assert 0.1 < proud <= 0.5, f"the plungers stand {proud:.2f} mm out of the face"
    tips = buttons.triangles.reshape(-1, 3)
    tips = tips[np.isclose(tips[:, 1], buttons.low[1])]
    middle = (buttons.low[0] + buttons.high[0]) / 2
    for side in (tips[:, 0] < middle, tips[:, 0] > middle):
        axis = (tips[side].min(axis=0) + tips[side].max(axis=0)) / 2
        for offset in ((3, 0), (-3, 0), (0, 3), (0, -3)):  # a 6 mm fingertip in the hole
            origin = axis + np.array([offset[0], -1.0, offset[1]])
            distance, _ = first_solid_run(bay, origin, (0, 1, 0))
            assert distance > 10, f"the front face around the button at x={axis[0]:.1f}"


def test_every_part_fits_a_print_bed(meshes: dict[str, Mesh]) -> None:
    for name in SOLIDS:
        assert sorted(meshes[name].size) <= sorted(PRINT_BED), name
        assert all(meshes[name].size > 1), name
