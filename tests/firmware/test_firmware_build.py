"""The firmware image builds for the ATmega1284P within its budget, and the portable core
passes its host unit tests (including the golden frames shared with the Python side)."""

from __future__ import annotations

import re
import shutil
import subprocess

from tests.firmware.simshoe import ELF, FIRMWARE, build

BUDGET_PERCENT = 60.0


def test_toolchain_is_installed() -> None:
    missing = [tool for tool in ("avr-gcc", "avr-objcopy", "avr-size") if not shutil.which(tool)]
    assert not missing, f"missing {missing}: apt-get install gcc-avr avr-libc (bootstrap does)"
    done = subprocess.run(["pkg-config", "--exists", "simavr"], check=False)
    assert done.returncode == 0, "libsimavr-dev is not installed (bootstrap installs it)"


def test_image_fits_the_part(firmware: str) -> None:
    match = re.search(
        r"flash (\d+) of 131072 bytes \(([\d.]+)%\), RAM (\d+) of 16384 bytes \(([\d.]+)%\)",
        firmware,
    )
    assert match, firmware
    flash_pct, ram_pct = float(match[2]), float(match[4])
    assert flash_pct <= BUDGET_PERCENT and ram_pct <= BUDGET_PERCENT
    assert (FIRMWARE / "build" / "shoe.hex").stat().st_size > 0


def test_image_carries_fuses_and_lock_bits(firmware: str) -> None:
    """Brown-out at 4.3 V, watchdog always on, EEPROM erased with the lock bits (docs)."""
    dump = subprocess.run(
        ["avr-objdump", "-s", "-j", ".fuse", "-j", ".lock", str(ELF)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    fuse = re.search(r"Contents of section \.fuse:\n\s*\w+ (\w+)", dump)
    lock = re.search(r"Contents of section \.lock:\n\s*\w+ (\w+)", dump)
    assert fuse and fuse[1] == "d7cffc", dump
    assert lock and lock[1] == "fc", dump


def test_host_unit_tests_pass() -> None:
    output = build("test")
    match = re.search(r"(\d+) checks, (\d+) failures", output)
    assert match, output
    assert int(match[1]) > 3000 and match[2] == "0", output


def test_warnings_are_errors() -> None:
    makefile = (FIRMWARE / "Makefile").read_text()
    assert "-Wall -Wextra -Werror" in makefile
