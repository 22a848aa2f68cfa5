"""The WireViz harnesses against the netlist: each wire joins two ends of one net."""

from __future__ import annotations

import re
from typing import Any

import yaml  # type: ignore[import-untyped]

from tests.hardware.sources import HARDWARE, NETLIST, parse_netlist

WIRING = HARDWARE / "wiring"
BOARD_CONNECTORS = {"J2", "J3", "J4", "J5", "J6", "J7", "J8"}
"""The board's connectors for the parts in the shoe and the table (J1 is the ISP header)."""


def _load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((WIRING / f"{name}.yaml").read_text())
    assert isinstance(data, dict)
    return data


def _pins(spec: Any) -> list[int]:
    pins: list[int] = []
    for item in spec if isinstance(spec, list) else [spec]:
        if isinstance(item, str) and "-" in item:
            first, last = (int(x) for x in item.split("-"))
            pins += list(range(first, last + 1))
        else:
            pins.append(int(item))
    return pins


End = tuple[str, int, str]
"""(connector, pin number, first word of its label)"""


def wired_pairs(harness: dict[str, Any]) -> list[tuple[End, End]]:
    """The two ends of each wire between two connectors."""
    connectors = harness["connectors"]

    def end(name: str, pin: int) -> End:
        labels = connectors[name].get("pinlabels")
        return (name, pin, str(labels[pin - 1]).split(" ")[0] if labels else str(pin))

    pairs = []
    for chain in harness["connections"]:
        (a, a_pins), (_cable, _), (b, b_pins) = (next(iter(step.items())) for step in chain)
        for pa, pb in zip(_pins(a_pins), _pins(b_pins), strict=True):
            pairs.append((end(a, pa), end(b, pb)))
    return pairs


def test_every_board_connector_is_wired() -> None:
    shoe = _load("shoe")
    assert set(shoe["connectors"]) >= BOARD_CONNECTORS


def test_each_wire_joins_one_net() -> None:
    netlist = parse_netlist(NETLIST.read_text())
    known = netlist.refs()
    checked = 0
    for a, b in wired_pairs(_load("shoe")):
        if a[0] not in known or b[0] not in known:
            continue  # the light window (three LEDs on one plug), the table's side
        assert _net(netlist, a) == _net(netlist, b), f"{a} and {b} are wired, in different nets"
        checked += 1
    assert checked >= 12  # J3, J5, J7, J8: every wire to a part the netlist has


def _net(netlist: Any, end: End) -> str:
    """The net of a connector pin: by its label (``U3.TXD``), else by its number (``J5.3``)."""
    name, pin, label = end
    for candidate in (f"{name}.{label}", f"{name}.{pin}"):
        if any(candidate in ends for ends in netlist.nets.values()):
            return str(netlist.net_of(candidate))
    raise AssertionError(f"{name} pin {pin} ({label}) is in no net of the netlist")


def test_board_pins_by_number() -> None:
    """The board side of the shoe's harness is given by pin number, labelled with its net."""
    shoe = _load("shoe")
    netlist = parse_netlist(NETLIST.read_text())
    for name in BOARD_CONNECTORS - {"J2"}:
        labels = shoe["connectors"][name]["pinlabels"]
        for pin, label in enumerate(labels, 1):
            net = netlist.net_of(f"{name}.{pin}")
            words = set(re.split(r"[ ()]+", str(label)))
            assert net in words or (net == "VCC" and "+5V" in words), (name, pin, label, net)


def test_station_cables_are_drawn_once_each() -> None:
    station = _load("station")
    cables = [next(iter(chain[1])) for chain in station["connections"]]
    assert len(cables) == len(set(cables)) == len(station["cables"])
