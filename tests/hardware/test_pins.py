"""The firmware's pins (firmware/hal/board.h and hal.c) against the pin map and the netlist.

A pin moved in one of them and not in the others fails here: the firmware would drive a pin
the board does not connect, or the board would be built to a pin map the firmware ignores.
"""

from __future__ import annotations

import re

import pytest

from tests.hardware.sources import (
    BOARD_H,
    HAL_C,
    NETLIST,
    PINMAP,
    ROOT,
    TQFP44,
    Netlist,
    PinRow,
    parse_board_h,
    parse_netlist,
    parse_pinmap,
)

FIRMWARE_SIGNALS = {
    # board.h prefix: (pin map signal, netlist net, the part the net leads to)
    "EXIT": ("EXIT_SENSE", "EXIT_SENSE", "U4.OUT"),
    "LOCK": ("LOCK", "LOCK", "Q2.G"),
    "BUZZER": ("BUZZER", "BUZZER", "R6.1"),
    "LED_PLAYER": ("LED_PLAYER", "LED_PLAYER", "R3.1"),
    "LED_BANKER": ("LED_BANKER", "LED_BANKER", "R4.1"),
    "LED_STOP": ("LED_STOP", "LED_STOP", "R5.1"),
    "BTN_RESULT": ("BTN_RESULT", "BTN_RESULT", "SW1.1"),
    "BTN_NEW_SHOE": ("BTN_NEW_SHOE", "BTN_NEW", "SW2.1"),
    "RSTPDN": ("RDR_RSTPDN", "RDR_RSTPDN", "U3.RSTPDN"),
}
UART_PINS = {0: ("PD0", "PD1"), 1: ("PD2", "PD3")}
"""ATmega1284P USART n: (RXDn, TXDn)."""
UART_USERS = {
    "host": ("plat_host_tx", ("host RX", "host TX"), ("HOST_RX", "HOST_TX"), ("U2.TXD", "U2.RXD")),
    "reader": (
        "plat_reader_tx",
        ("reader RX", "reader TX"),
        ("RDR_RX", "RDR_TX"),
        ("U3.TXD", "U3.RXD"),
    ),
}
SIM_C = ROOT / "firmware" / "sim" / "shoe_sim.c"


def _row(pinmap: dict[str, PinRow], signal: str, problems: list[str]) -> PinRow | None:
    row = pinmap.get(signal)
    if row is None:
        problems.append(f"pin map: no row for {signal}")
    return row


def _check_pin(
    pin: str,
    signal: str,
    net: str,
    far_end: str,
    pinmap: dict[str, PinRow],
    netlist: Netlist,
    problems: list[str],
    source: str,
) -> None:
    row = _row(pinmap, signal, problems)
    if row is not None:
        if row.mcu != (pin,):
            problems.append(f"{source} puts {signal} on {pin}, the pin map on {'/'.join(row.mcu)}")
        if row.tqfp != (TQFP44[pin],):
            problems.append(
                f"pin map: {signal} on {pin} is TQFP pin {TQFP44[pin]}, the table says {row.tqfp}"
            )
    ends = netlist.nets.get(net)
    if ends is None:
        problems.append(f"netlist: no net {net} (for {signal})")
        return
    if f"U1.{pin}" not in ends:
        mcu = sorted(end for end in ends if end.startswith("U1."))
        problems.append(f"{source} puts {signal} on {pin}, the netlist's {net} on {mcu}")
    if far_end not in ends:
        problems.append(f"netlist: {net} does not reach {far_end}")


def check_pins(board_h: str, hal_c: str, pinmap_md: str, netlist_text: str) -> list[str]:
    """Every disagreement between the firmware, the pin map and the netlist, as sentences."""
    problems: list[str] = []
    pins = parse_board_h(board_h)
    pinmap = parse_pinmap(pinmap_md)
    netlist = parse_netlist(netlist_text)
    if set(pins) != set(FIRMWARE_SIGNALS):
        problems.append(f"board.h pins {sorted(pins)}, this test knows {sorted(FIRMWARE_SIGNALS)}")
    for prefix, pin in pins.items():
        if prefix in FIRMWARE_SIGNALS:
            signal, net, far_end = FIRMWARE_SIGNALS[prefix]
            _check_pin(pin, signal, net, far_end, pinmap, netlist, problems, "board.h")
    for user, (function, signals, nets, far_ends) in UART_USERS.items():
        body = re.search(rf"void {function}\(.*?\n}}", hal_c, flags=re.S)
        uart = re.search(r"UDRIE(\d)", body[0]) if body else None
        if uart is None:
            problems.append(f"hal.c: cannot tell which USART {function} uses")
            continue
        for pin, signal, net, far_end in zip(
            UART_PINS[int(uart[1])], signals, nets, far_ends, strict=True
        ):
            _check_pin(pin, signal, net, far_end, pinmap, netlist, problems, f"hal.c ({user})")
    exit_pin = pins.get("EXIT", "PD4")
    port, bit = "ABCD".index(exit_pin[1]), int(exit_pin[2])
    if f"PCMSK{port} = _BV(PCINT{8 * port + bit})" not in hal_c or f"PCINT{port}_vect" not in hal_c:
        problems.append(
            f"hal.c: the exit sensor's edge interrupt is not PCINT{8 * port + bit} "
            f"(PCMSK{port}, PCINT{port}_vect) of {exit_pin}"
        )
    for end in ("U1.XTAL1", "U1.XTAL2", "U1.RESET", "U1.PB5", "U1.PB6", "U1.PB7"):
        netlist.net_of(end)  # each special pin is in exactly one net
    return problems


def sources() -> tuple[str, str, str, str]:
    return BOARD_H.read_text(), HAL_C.read_text(), PINMAP.read_text(), NETLIST.read_text()


def test_firmware_pin_map_and_netlist_agree() -> None:
    assert check_pins(*sources()) == []


def test_every_pin_map_row_has_the_datasheet_pin_number() -> None:
    for signal, row in parse_pinmap(PINMAP.read_text()).items():
        assert row.tqfp == tuple(TQFP44[pin] for pin in row.mcu), signal


def test_free_pins_of_the_pin_map_are_unconnected_in_the_netlist() -> None:
    text = PINMAP.read_text()
    free = re.search(r"^Free: (.+)$", text, flags=re.M)
    assert free is not None
    names: list[str] = []
    for item in re.findall(r"P[A-D]\d(?:-P[A-D]\d)?", free[1]):
        first, _, last = item.partition("-")
        names += [f"{first[:2]}{i}" for i in range(int(first[2]), int((last or first)[2]) + 1)]
    used = {end for ends in parse_netlist(NETLIST.read_text()).nets.values() for end in ends}
    assert names and not {f"U1.{n}" for n in names} & used


@pytest.mark.parametrize(
    ("where", "old", "new", "complaint"),
    [
        (
            "board",
            "#define LED_STOP_BIT 2",
            "#define LED_STOP_BIT 3",
            "board.h puts LED_STOP on PB3",
        ),
        ("board", "#define LOCK_PORT PORTD", "#define LOCK_PORT PORTC", "LOCK on PC5"),
        ("hal", "PCMSK3 = _BV(PCINT28)", "PCMSK3 = _BV(PCINT29)", "PCINT28"),
        ("hal", "UCSR0B |= _BV(UDRIE0);", "UCSR1B |= _BV(UDRIE1);", "host"),
        (
            "pinmap",
            "| PD6 | 15 | BUZZER |",
            "| PD7 | 16 | BUZZER |",
            "BUZZER on PD6, the pin map on PD7",
        ),
        ("pinmap", "| PC2 | 21 | RDR_RSTPDN |", "| PC2 | 22 | RDR_RSTPDN |", "TQFP pin 21"),
        ("net", "net LOCK:        U1.PD5", "net LOCK:        U1.PD7", "the netlist's LOCK"),
        ("net", "net BTN_NEW:     U1.PC1 SW2.1", "net BTN_NEW:     U1.PC1 SW1.9", "SW2.1"),
    ],
)
def test_a_moved_pin_is_reported(where: str, old: str, new: str, complaint: str) -> None:
    board_h, hal_c, pinmap, netlist = sources()
    texts = {"board": board_h, "hal": hal_c, "pinmap": pinmap, "net": netlist}
    assert old in texts[where], f"the test's anchor {old!r} is gone from the {where} source"
    texts[where] = texts[where].replace(old, new)
    problems = check_pins(texts["board"], texts["hal"], texts["pinmap"], texts["net"])
    assert any(complaint in problem for problem in problems), problems


def test_the_simulator_drives_the_pins_of_board_h() -> None:
    """firmware/sim/shoe_sim.c watches and drives the pins by number: the same ones."""
    sim = SIM_C.read_text()
    pins = parse_board_h(BOARD_H.read_text())
    watched = {f"P{port}{bit}" for port, bit in re.findall(r"watch_pin\('([A-D])', (\d)", sim)}
    outputs = {
        pins[p] for p in ("LED_PLAYER", "LED_BANKER", "LED_STOP", "LOCK", "BUZZER", "RSTPDN")
    }
    assert watched == outputs
    driven = {
        f"P{port}{bit}"
        for port, bit in re.findall(r"AVR_IOCTL_IOPORT_GETIRQ\('([A-D])'\), (\d)\);", sim)
    }
    assert driven == {pins["EXIT"], pins["BTN_RESULT"], pins["BTN_NEW_SHOE"]}
