"""Shoe key files: the 32-byte key a shoe was paired with, kept on the host by serial number.

A key file is text: comment lines starting with ``#`` and one line of 64 hex digits. The pairing
command (``dealer-assist shoe pair``) writes it with mode 0600 and records the shoe's serial
number in a ``# serial_number: N`` comment, which the serial driver checks against the shoe's
HELLO. Nothing here imports pyserial.

>>> key = ShoeKey(key=bytes(range(32)), serial_number=1234)
>>> parse_key_text(format_key_file(key)) == key
True
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from dealer_assist.drivers.shoe.protocol.framing import KEY_SIZE, ShoeProtocolError, check_key
from dealer_assist.errors import ConfigError


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeKey:
    """A shoe's key and, when known, the serial number printed on the shoe's label."""

    key: bytes = field(repr=False)
    serial_number: int | None = None


def parse_key_hex(text: str, *, source: str = "key") -> bytes:
    """64 hex digits (spaces allowed) to a valid shoe key; ConfigError names what is wrong."""
    digits = "".join(text.split())
    try:
        key = bytes.fromhex(digits)
    except ValueError:
        raise ConfigError(source, "", f"a shoe key is {KEY_SIZE * 2} hex digits") from None
    if len(key) != KEY_SIZE:
        raise ConfigError(source, "", f"a shoe key is {KEY_SIZE * 2} hex digits, not {len(digits)}")
    try:
        return check_key(key)
    except ShoeProtocolError as error:
        raise ConfigError(source, "", str(error)) from None


def parse_key_text(text: str, *, source: str = "key file") -> ShoeKey:
    serial: int | None = None
    lines: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            name, _, value = stripped[1:].partition(":")
            if name.strip() == "serial_number" and value.strip().isdigit():
                serial = int(value.strip())
        elif stripped:
            lines.append(stripped)
    if len(lines) != 1:
        raise ConfigError(source, "", "expected one line of 64 hex digits (and # comments)")
    return ShoeKey(key=parse_key_hex(lines[0], source=source), serial_number=serial)


def load_shoe_key(path: str | os.PathLike[str]) -> ShoeKey:
    """Read a key file written by ``dealer-assist shoe pair``."""
    source = os.fspath(path)
    try:
        text = Path(path).read_text("ascii")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else "not a text file"
        raise ConfigError(source, "", f"cannot read the shoe key: {reason}") from None
    return parse_key_text(text, source=source)


def format_key_file(key: ShoeKey, *, paired_at: datetime | None = None) -> str:
    lines = ["# dealer-assist shoe key: keep secret; anyone holding it can forge card reads"]
    if key.serial_number is not None:
        lines.append(f"# serial_number: {key.serial_number}")
    if paired_at is not None:
        lines.append(f"# paired: {paired_at.isoformat(timespec='seconds')}")
    lines.append(key.key.hex())
    return "\n".join(lines) + "\n"


def save_shoe_key(path: str | os.PathLike[str], key: ShoeKey) -> None:
    """Write ``key`` atomically, readable by its owner only."""
    target = Path(path)
    text = format_key_file(key, paired_at=datetime.now(UTC))
    handle, temporary = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.")
    try:
        os.fchmod(handle, 0o600)
        with os.fdopen(handle, "w", encoding="ascii") as out:
            out.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
