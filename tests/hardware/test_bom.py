"""hardware/bom.csv: its schema, and every part of the netlist and of the wiring in it."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal, InvalidOperation

import yaml  # type: ignore[import-untyped]

from tests.hardware.sources import (
    BOM_COLUMNS,
    HARDWARE,
    NETLIST,
    parse_netlist,
    read_bom,
)

ASSEMBLIES = {"shoe-board", "shoe", "station"}
STATION_NEEDS = {
    "PC": "table PC",
    "DS": "touchscreen and players' display",
    "NFC": "NFC reader",
    "CAM": "camera",
    "MT": "camera mount",
    "W": "cables",
}


def _refs(row: dict[str, str]) -> list[str]:
    return row["refs"].split()


def test_schema() -> None:
    columns, rows = read_bom()
    assert tuple(columns) == BOM_COLUMNS
    assert rows
    for number, row in enumerate(rows, 2):
        where = f"bom.csv line {number} ({row['refs']})"
        assert row["assembly"] in ASSEMBLIES, where
        refs = _refs(row)
        assert refs and all(re.fullmatch(r"[A-Z]+[0-9]+", r) for r in refs), where
        assert int(row["qty"]) == len(refs), f"{where}: qty is one per reference"
        for column in ("description", "manufacturer", "mpn"):
            assert row[column].strip(), f"{where}: no {column}"
        assert row["second_source_manufacturer"].strip() and row["second_source_mpn"].strip(), (
            f"{where}: every part has a second source"
        )
        assert (row["second_source_manufacturer"], row["second_source_mpn"]) != (
            row["manufacturer"],
            row["mpn"],
        ), f"{where}: the second source is another part or maker"
        try:
            price = Decimal(row["unit_price"])
        except InvalidOperation:
            raise AssertionError(f"{where}: unit_price {row['unit_price']!r}") from None
        assert price > 0 and price.as_tuple().exponent == -2, f"{where}: price in cents"
        assert re.fullmatch(r"[A-Z]{3}", row["currency"]), where
        date = datetime.date.fromisoformat(row["price_date"])
        assert datetime.date(2024, 1, 1) <= date <= datetime.date.today(), where


def test_each_reference_once() -> None:
    _, rows = read_bom()
    refs = [ref for row in rows for ref in _refs(row)]
    assert len(refs) == len(set(refs)), sorted({r for r in refs if refs.count(r) > 1})


def test_every_netlist_part_is_in_the_bom() -> None:
    netlist = parse_netlist(NETLIST.read_text())
    _, rows = read_bom()
    bom = {ref for row in rows for ref in _refs(row)}
    assert set(netlist.parts) == netlist.refs(), "a part without a net, or a net end without part"
    assert set(netlist.parts) - bom == set()
    on_board = {ref for row in rows if row["assembly"] == "shoe-board" for ref in _refs(row)}
    assert on_board - {"PCB1"} <= set(netlist.parts), "a board part the netlist does not have"


def test_every_wired_part_and_cable_is_in_the_bom() -> None:
    _, rows = read_bom()
    bom = {ref for row in rows for ref in _refs(row)}
    drawn: set[str] = set()
    for path in sorted((HARDWARE / "wiring").glob("*.yaml")):
        harness = yaml.safe_load(path.read_text())
        drawn |= set(harness["cables"])
        drawn |= {name for name in harness["connectors"] if re.fullmatch(r"[A-Z]+[0-9]+", name)}
    assert drawn - bom == set()


def test_the_station_is_complete() -> None:
    _, rows = read_bom()
    station = [ref for row in rows if row["assembly"] == "station" for ref in _refs(row)]
    for prefix, what in STATION_NEEDS.items():
        assert any(re.fullmatch(rf"{prefix}[0-9]+", ref) for ref in station), what
