"""Running ``dealer-assist shoe selftest`` and reading its report: one line per part, its
verdict after the part's name (tests/hardware against the firmware, tests/serial against the mock
shoe)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dealer_assist.cli import main
from dealer_assist.drivers.shoe.keys import ShoeKey, save_shoe_key
from dealer_assist.drivers.shoe.selftest import PART_NAMES


def key_file_in(folder: Path, key: bytes, serial_number: int) -> Path:
    """The shoe's key file, as pairing writes it."""
    path = folder / "shoe.key"
    save_shoe_key(path, ShoeKey(key=key, serial_number=serial_number))
    return path


def run_selftest(
    port: str, key_file: Path, capsys: pytest.CaptureFixture[str], *options: str
) -> tuple[int, str]:
    """The command's exit status and everything it wrote (the report, or why no test ran)."""
    code = main(["shoe", "selftest", "--port", port, "--key-file", str(key_file), *options])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def verdicts(output: str) -> dict[str, str]:
    """Each part's name and the first word of its verdict (``pass``, ``FAILED``, ``not``)."""
    found = {}
    for name, _hint in PART_NAMES.values():
        line = next((ln for ln in output.splitlines() if ln.strip().startswith(name)), None)
        assert line is not None, f"no line for {name} in:\n{output}"
        found[name] = line[len("  ") + 40 :].split()[0]
    return found
