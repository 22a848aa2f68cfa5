"""Readers of the hardware sources: the netlist, the pin map, the firmware's board header, the
bill of materials. Each returns plain data and raises ``ValueError`` on a line it cannot read,
so a malformed source fails the tests rather than being skipped."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "hardware"
NETLIST = HARDWARE / "shoe-board.net"
PINMAP = HARDWARE / "pinmap.md"
BOM = HARDWARE / "bom.csv"
BOARD_H = ROOT / "firmware" / "hal" / "board.h"
HAL_C = ROOT / "firmware" / "hal" / "hal.c"

TQFP44 = {
    **{f"PB{5 + i}": 1 + i for i in range(3)},
    "RESET": 4,
    "XTAL2": 7,
    "XTAL1": 8,
    **{f"PD{i}": 9 + i for i in range(8)},
    **{f"PC{i}": 19 + i for i in range(8)},
    "AREF": 29,
    **{f"PA{7 - i}": 30 + i for i in range(8)},
    **{f"PB{i}": 40 + i for i in range(5)},
}
"""ATmega1284P TQFP-44 pin numbers of the port pins and the special ones (datasheet, Pinout)."""


@dataclass(frozen=True)
class Netlist:
    parts: dict[str, str]
    nets: dict[str, frozenset[str]]
    """net name -> its ``REF.pin`` ends"""

    def net_of(self, end: str) -> str:
        found = [name for name, ends in self.nets.items() if end in ends]
        if len(found) != 1:
            raise ValueError(f"{end} is in {len(found)} nets ({found}), not one")
        return found[0]

    def refs(self) -> set[str]:
        return {end.split(".", 1)[0] for ends in self.nets.values() for end in ends}


def parse_netlist(text: str) -> Netlist:
    parts: dict[str, str] = {}
    nets: dict[str, frozenset[str]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
        if not line:
            continue
        if m := re.fullmatch(r"part\s+(\S+)\s+(.+)", line):
            parts[m[1]] = m[2].strip()
        elif m := re.fullmatch(r"net\s+(\S+):\s+(.+)", line):
            ends = m[2].split()
            if any(not re.fullmatch(r"[A-Z]+[0-9]+\.\S+", end) for end in ends):
                raise ValueError(f"netlist line {number}: an end is not REF.pin: {line}")
            if m[1] in nets:
                raise ValueError(f"netlist line {number}: net {m[1]} twice")
            nets[m[1]] = frozenset(ends)
        else:
            raise ValueError(f"netlist line {number} is neither part nor net: {line}")
    return Netlist(parts=parts, nets=nets)


@dataclass(frozen=True)
class PinRow:
    mcu: tuple[str, ...]
    """port pins (``PD4``) or special pins (``RESET``) of the row"""
    tqfp: tuple[int, ...]
    signal: str
    goes_to: str


def parse_pinmap(text: str) -> dict[str, PinRow]:
    """The MCU table of pinmap.md, by signal (``MOSI / MISO / SCK`` rows give one per signal)."""
    rows: dict[str, PinRow] = {}
    table = text.split("| MCU pin |", 1)[1].split("\n\n", 1)[0]
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 4:
            raise ValueError(f"pin map row without four cells: {line}")
        names = [
            re.sub(r"\s*/\s*(RXD|TXD|PCINT)\d*$", "", part.strip())
            for part in cells[0].split(" / ")
        ]
        names = [n for n in names if not re.fullmatch(r"(RXD|TXD|PCINT)\d+", n)]
        tqfp = tuple(int(n) for n in cells[1].split("/"))
        signals = [s.strip() for s in cells[2].split("/")]
        if len(signals) == len(names) == len(tqfp) and len(names) > 1:
            for name, pin, signal in zip(names, tqfp, signals, strict=True):
                rows[signal] = PinRow((name,), (pin,), signal, cells[3])
        else:
            rows[cells[2]] = PinRow(tuple(names), tqfp, cells[2], cells[3])
    return rows


def parse_board_h(text: str) -> dict[str, str]:
    """``{prefix: "PD4"}``: each ``<PREFIX>_BIT`` with the port of its group's PORT/PIN macro.

    ``LED_PLAYER_BIT`` takes its port from ``LED_PORT``, ``BTN_RESULT_BIT`` from ``BTN_PORT``:
    the longest prefix with a ``_PORT`` (or ``_PIN``) define."""
    defines = dict(re.findall(r"^#define\s+(\w+)\s+(\S+)", text, flags=re.M))
    pins: dict[str, str] = {}
    for name, value in defines.items():
        if not name.endswith("_BIT"):
            continue
        prefix = name[: -len("_BIT")]
        words = prefix.split("_")
        for cut in range(len(words), 0, -1):
            group = "_".join(words[:cut])
            port = defines.get(f"{group}_PORT") or defines.get(f"{group}_PIN")
            if port:
                m = re.fullmatch(r"(?:PORT|PIN)([A-D])", port)
                if not m:
                    raise ValueError(f"{group}_PORT is {port}, not a port")
                pins[prefix] = f"P{m[1]}{int(value)}"
                break
        else:
            raise ValueError(f"{name}: no {words[0]}_PORT or _PIN define gives its port")
    return pins


@dataclass(frozen=True)
class BomLine:
    assembly: str
    refs: tuple[str, ...]
    qty: int
    row: dict[str, str]


BOM_COLUMNS = (
    "assembly",
    "refs",
    "qty",
    "description",
    "manufacturer",
    "mpn",
    "second_source_manufacturer",
    "second_source_mpn",
    "unit_price",
    "currency",
    "price_date",
    "notes",
)


def read_bom(path: Path = BOM) -> tuple[list[str], list[dict[str, str]]]:
    with path.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        return list(reader.fieldnames or []), list(reader)
