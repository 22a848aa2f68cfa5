"""The shoe's self-test from the host: ``dealer-assist shoe selftest``.

On an open serial port (pyserial, or anything with ``read``, ``write`` and ``in_waiting``) the
host synchronises as the serial driver does (QUERY_STATUS with a fresh nonce, the HELLO that
echoes it, docs/shoe-protocol.md section 7.3), sends SELF_TEST in the shoe's epoch and waits for
SELF_TEST_RESULT. The shoe exercises every part in turn with its exit locked (section 9.14):
the reader, each light, the buzzer, the exit lock, the exit sensor, the buttons, the EEPROM
and its clock. The report says, per part, passed, FAILED or not fitted, and what to check.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from dealer_assist.drivers.shoe.keys import load_shoe_key
from dealer_assist.drivers.shoe.protocol import (
    Accepted,
    Direction,
    FrameDecoder,
    FrameEncoder,
    Hello,
    HostReplayGuard,
    Part,
    QueryStatus,
    SelfTest,
    SelfTestFlag,
    SelfTestResult,
    encode_frame,
)
from dealer_assist.drivers.shoe.session import random_nonce
from dealer_assist.errors import ConfigError, DeviceError

QUERY_RETRY = 0.5
"""Seconds between QUERY_STATUS retries while the shoe has not answered (spec section 11)."""

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_ERROR = 2

PART_NAMES: dict[Part, tuple[str, str]] = {
    Part.READER: ("card reader (PN532)", "its cable (J5), HSU mode switches, RSTPDN"),
    Part.EXIT_SENSOR: ("exit sensor", "nothing in the exit slot; its cable (J3), the slot clean"),
    Part.LED_PLAYER: ("PLAYER light (blue)", "D2, R3, the light cable (J6)"),
    Part.LED_BANKER: ("BANKER light (red)", "D3, R4, the light cable (J6)"),
    Part.LED_STOP: ("STOP light (amber)", "D4, R5, the light cable (J6)"),
    Part.BUZZER: ("buzzer", "Q1, R6, the buzzer cable (J8)"),
    Part.EXIT_LOCK: ("exit lock (solenoid)", "Q2, the 12 V supply (J4), the solenoid (J7)"),
    Part.BUTTON_RESULT: ("RESULT CHECK button", "released during the test? SW1 stuck"),
    Part.BUTTON_NEW_SHOE: ("NEW SHOE button", "released during the test? SW2 stuck"),
    Part.EEPROM: ("EEPROM (identity, key, queue)", "pair the shoe again; reflash the identity"),
    Part.CLOCK: ("clock (18.432 MHz crystal, 1 ms tick)", "Y1, C1, C2, the fuses"),
}
"""Every part of the self-test: its name, and what to check when it fails."""


class SelfTestError(DeviceError):
    """The self-test could not run (no answer, wrong key, refused); the message says why."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfTestReport:
    """The shoe that answered and its SELF_TEST_RESULT."""

    serial_number: int
    firmware_version: tuple[int, int, int]
    result: SelfTestResult
    host_seconds: float
    """How long the host waited for the result (to set against the shoe's ``elapsed_ms``)."""

    @property
    def passed(self) -> bool:
        return not self.result.failed and not self.result.flags & SelfTestFlag.REFUSED

    def lines(self) -> list[str]:
        """The report as text, one part a line."""
        major, minor, patch = self.firmware_version
        r = self.result
        out = [f"Shoe {self.serial_number}, firmware {major}.{minor}.{patch}: self-test"]
        if r.flags & SelfTestFlag.REFUSED:
            out.append("REFUSED: a card is in the exit slot or events wait for the table")
            return out
        for part, (name, hint) in PART_NAMES.items():
            if part in r.failed:
                verdict = f"FAILED  check {hint}"
            elif part in r.passed:
                verdict = "pass"
            else:
                verdict = "not fitted"
            if part is Part.READER and part in r.passed:
                ic, version, revision = r.reader_version
                verdict += f"  (IC 0x{ic:02x}, firmware {version}.{revision})"
            if part is Part.CLOCK and part in r.passed:
                verdict += f"  ({r.elapsed_ms} ms by the shoe, {self.host_seconds:.2f} s here)"
            if part is Part.EEPROM and r.eeprom_dropped:
                verdict += f"  ({r.eeprom_dropped} queued records dropped at boot)"
            out.append(f"  {name:<40} {verdict}")
        failed = sum(1 for part in PART_NAMES if part in r.failed)
        out.append("All parts passed." if not failed else f"{failed} part(s) FAILED.")
        return out


def run_self_test(
    port: Any,
    *,
    key: bytes,
    timeout: float = 10.0,
    make_nonce: Callable[[], bytes] = random_nonce,
    clock: Callable[[], float] = time.monotonic,
) -> SelfTestReport:
    """Synchronise with the shoe on ``port``, run its self-test, return what it found."""
    deadline = clock() + timeout
    guard = HostReplayGuard()
    decoder = FrameDecoder(key=key, receiving=Direction.SHOE_TO_HOST, guard=guard)

    def read() -> list[Any]:
        if clock() > deadline:
            raise SelfTestError(
                f"no answer from the shoe in {timeout:g} s: is it on this port, powered, "
                "and paired with this key (dealer-assist shoe pair)?"
            )
        return [
            result.message
            for result in decoder.feed(bytes(port.read(port.in_waiting or 1)))
            if isinstance(result, Accepted)
        ]

    hello: Hello | None = None
    retry_at = clock()
    while hello is None:
        if clock() >= retry_at:
            nonce = make_nonce()
            guard.challenge(nonce)
            port.write(encode_frame(QueryStatus(nonce=nonce), key=key, epoch=0, seq=0))
            retry_at = clock() + QUERY_RETRY
        hello = next((m for m in read() if isinstance(m, Hello)), None)
    if hello.mode:
        raise SelfTestError(
            f"shoe {hello.serial_number} is in pairing mode or unpaired: pair it first"
        )
    encoder = FrameEncoder(
        key=key,
        sending=Direction.HOST_TO_SHOE,
        epoch=hello.boot_epoch,
        next_seq=hello.host_seq_last + 1,
    )
    started = clock()
    port.write(encoder.encode(SelfTest()))
    while True:
        for message in read():
            if isinstance(message, SelfTestResult):
                return SelfTestReport(
                    serial_number=hello.serial_number,
                    firmware_version=hello.firmware_version,
                    result=message,
                    host_seconds=clock() - started,
                )
            if isinstance(message, Hello) and message.boot_epoch != hello.boot_epoch:
                raise SelfTestError("the shoe restarted during its self-test: run it again")


def selftest_command(
    *, port_name: str, key_file: Path, baud: int, timeout: float, out: TextIO, err: TextIO
) -> int:
    """``dealer-assist shoe selftest``: 0 all passed, 1 a part failed, 2 no test ran."""
    import serial  # type: ignore[import-untyped]

    try:
        key = load_shoe_key(key_file)
    except ConfigError as error:
        err.write(f"dealer-assist shoe selftest: {error}\n")
        return EXIT_ERROR
    try:
        port = serial.serial_for_url(port_name, baudrate=baud, timeout=0.05, write_timeout=1)
    except (serial.SerialException, OSError, ValueError) as error:
        err.write(f"dealer-assist shoe selftest: cannot open {port_name}: {error}\n")
        return EXIT_ERROR
    try:
        report = run_self_test(port, key=key.key, timeout=timeout)
    except SelfTestError as error:
        err.write(f"dealer-assist shoe selftest: {error}\n")
        return EXIT_ERROR
    finally:
        port.close()
    out.write("\n".join(report.lines()) + "\n")
    if report.result.flags & SelfTestFlag.REFUSED:
        return EXIT_ERROR
    return EXIT_OK if report.passed else EXIT_FAILED
