"""What the commands share: exit codes, the variant options, the display check and the one
configuration loader.

Nothing here imports Qt, pyserial, pyscard or OpenCV: ``dealer-assist --help`` stays light.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import stat
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_assist.errors import ConfigError, ConfigurationRefused

if TYPE_CHECKING:
    from dealer_assist.config import TableConfig
    from dealer_assist.rules.variants import Variant

#: The command did what it was asked.
EXIT_OK = 0
#: The command ran and found a problem, or could not finish (broken journal, device error, time
#: limit, unreadable image, the operator stopped it).
EXIT_ERROR = 1
#: The input was refused: a coup the rules reject, a shoe, an argument or the table's
#: configuration that cannot be used (an :class:`~dealer_assist.errors.InputError`).
EXIT_REJECTED = 2
#: ``journal replay``: the journal replays to other outcomes than it recorded.
EXIT_DIFFERENT = 3


#: ``--variant`` of the commands that read :func:`table_config`.
VARIANT_HELP = "variant name, when no --config file gives it (not both)"


def add_variant_options(parser: argparse.ArgumentParser) -> None:
    """``--variant``, ``--variants-dir``, ``--commission`` and ``--tie-pays``."""
    parser.add_argument(
        "--variant", default="punto-banco", help="variant name (default %(default)s)"
    )
    parser.add_argument(
        "--variants-dir",
        type=Path,
        action="append",
        default=[],
        help="a folder of the casino's own variant and paytable files (repeatable)",
    )
    parser.add_argument("--commission", help="commission rate on commissioned bets, e.g. 0.04")
    parser.add_argument("--tie-pays", help="what the Tie bet pays, e.g. 9:1")


def variant_from_args(args: argparse.Namespace) -> Variant:
    """The variant :func:`add_variant_options` describe; :class:`ConfigurationRefused` if it
    cannot be used."""
    from dealer_assist.rules.variants import load_catalog

    try:
        variant = load_catalog(args.variants_dir).variant(args.variant)
    except ConfigError as error:
        raise refused(error) from None
    if args.commission is not None:
        try:
            variant = variant.with_commission(Decimal(args.commission))
        except (InvalidOperation, ValueError):
            raise ConfigurationRefused(
                "--commission", "", f"{args.commission!r} is not a rate (a fraction, e.g. 0.05)"
            ) from None
    if args.tie_pays is not None:
        from dealer_assist.rules.bets import parse_payout

        try:
            ratio = parse_payout(args.tie_pays).ratio
            if not 0 < ratio <= MAX_TIE_PAYS:
                raise ValueError(
                    f"{args.tie_pays!r}: the Tie must pay more than nothing and at most "
                    f"{MAX_TIE_PAYS}:1, e.g. 8:1"
                )
            variant = variant.with_tie_pays(args.tie_pays)
        except ValueError as error:
            raise ConfigurationRefused("--tie-pays", "", str(error)) from None
    return variant


def refused(error: ConfigError) -> ConfigurationRefused:
    """``error`` as a refusal of the input (exit 2), with the same file, field and problem."""
    return ConfigurationRefused(error.source, error.field, error.problem)


def add_table_options(parser: argparse.ArgumentParser, *, source_help: str) -> None:
    """``--config``, ``--variant`` and ``--source``: what :func:`table_config` reads."""
    parser.add_argument(
        "--config", type=existing_file, help="the table's configuration file (TOML)"
    )
    parser.add_argument("--variant", help=VARIANT_HELP)
    parser.add_argument("--source", action="append", default=[], metavar="URL", help=source_help)


def table_config(args: argparse.Namespace, *, demo_source: str | None = None) -> TableConfig:
    """The table's configuration from the command line: the one rule for every command.

    ``--config FILE`` is the table's whole configuration; without it, the defaults for
    ``--variant`` (Punto Banco when none is given). ``--config`` and ``--variant`` together are
    refused: the file names its variant, and its sources, seats and limits belong to it.
    ``--source`` (repeatable) replaces the sources, ``--journal`` the journal file; with
    neither a file nor a source, ``demo_source`` deals when given.

    A configuration refused (a setting unknown or out of range, a file that is not TOML, an
    unknown variant, ``--config`` with ``--variant``) is a :class:`ConfigurationRefused`: the
    command exits 2, as for a refused argument. A file that cannot be read raises the
    ``OSError`` (exit 1: a file it was given cannot be used).
    """
    from dealer_assist.config import default_config, load_config, parse_config

    path: Path | None = getattr(args, "config", None)
    variant: str | None = getattr(args, "variant", None)
    if path is not None and variant:
        raise ConfigurationRefused(
            "--variant",
            "",
            f"{variant!r} given with --config {path}: give one; set [table] variant in the "
            "file to change its variant",
        )
    if variant is not None and not variant.strip():
        raise ConfigurationRefused("--variant", "", "empty: give a variant name, e.g. punto-banco")
    if path is not None:
        try:
            path.read_bytes()  # a file that cannot be read is unusable (exit 1), not refused
        except OSError as error:
            raise OSError(error.errno, error.strerror, str(path)) from None
        try:
            config = load_config(path)
        except UnicodeDecodeError:
            raise ConfigurationRefused(
                str(path), "", "not a configuration: not UTF-8 text"
            ) from None
        except ConfigError as error:
            raise refused(error) from None
    elif variant:
        try:
            config = parse_config({"table": {"variant": variant}}, source="--variant")
        except ConfigError as error:
            raise refused(error) from None
    else:
        config = default_config()
    sources: list[str] = getattr(args, "source", None) or []
    if sources:
        config = replace(config, sources=tuple(sources))
    elif path is None and demo_source is not None:
        config = replace(config, sources=(demo_source,))
    journal: Path | None = getattr(args, "journal", None)
    if journal:
        config = replace(config, journal=journal)
    return config


def has_display() -> bool:
    """Whether a window can be shown: an X11 or Wayland display is set."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def qt_available() -> bool:
    """Whether PySide6 (the ``ui`` extra) is installed, without importing it."""
    return importlib.util.find_spec("PySide6") is not None


# --- checking arguments at the edge -----------------------------------------------------------
# Each check is an argparse ``type``: a refused value ends the command before it starts, with
# exit code 2 and a line naming the argument, the value given and what is allowed.

#: The most decks a shoe holds (every variant deals from at most eight).
MAX_DECKS = 8
#: The largest stake a command takes (the table's default maximum, rules.settlement.Limits).
MAX_STAKE = 10**9
#: The most coups a command deals (``run --coups``, ``screenshot --coups``).
MAX_COUPS = 1_000_000
#: The most a Tie may pay (``--tie-pays``), per unit.
MAX_TIE_PAYS = 1000
#: Seat numbers a command takes.
MAX_SEAT = 99
#: The largest file a command reads whole (a key, a UID table, a list of cards).
MAX_FILE_BYTES = 16 * 1024 * 1024


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """A whole number from ``low`` to ``high`` (no upper limit when None)."""
    allowed = f"from {low} to {high}" if high is not None else f"of at least {low}"

    def check(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number (give one {allowed})"
            ) from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{text!r}: give a whole number {allowed}")
        return value

    return check


def number(
    low: float, high: float | None = None, *, low_open: bool = False
) -> Callable[[str], float]:
    """A finite number from ``low`` (above it with ``low_open``) to ``high``."""
    above = f"above {low:g}" if low_open else f"at least {low:g}"
    allowed = f"{above} and at most {high:g}" if high is not None else above

    def check(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a number (give one {allowed})"
            ) from None
        if (
            not math.isfinite(value)
            or value < low
            or (low_open and value == low)
            or (high is not None and value > high)
        ):
            raise argparse.ArgumentTypeError(f"{text!r}: give a number {allowed}")
        return value

    return check


def existing_file(text: str) -> Path:
    """A file that exists, is a regular file and is not larger than :data:`MAX_FILE_BYTES`."""
    path = Path(text)
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: give the path of a file")
    try:
        info = path.stat()
    except OSError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error.strerror or error}") from None
    if not stat.S_ISREG(info.st_mode):
        raise argparse.ArgumentTypeError(f"{text!r} is not a file")
    if info.st_size > MAX_FILE_BYTES:
        raise argparse.ArgumentTypeError(
            f"{text!r} is {info.st_size} bytes: at most {MAX_FILE_BYTES} are read"
        )
    return path


def new_file(text: str) -> Path:
    """A file to create: its folder exists, and nothing is there yet (nothing is overwritten)."""
    path = Path(text)
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: give the path of a new file")
    if path.exists() or path.is_symlink():
        raise argparse.ArgumentTypeError(
            f"{text!r} exists: give the name of a new file (nothing is overwritten)"
        )
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(_no_folder(text, path))
    return path


def writable_file(text: str) -> Path:
    """A file to write or add to: a regular file or nothing yet, in a folder that exists."""
    path = Path(text)
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: give the path of a file")
    if path.exists() and not path.is_file():
        raise argparse.ArgumentTypeError(f"{text!r} is not a file")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(_no_folder(text, path))
    return path


def folder_for_output(text: str) -> Path:
    """A folder to write into: an existing folder, or a new one whose parent exists."""
    path = Path(text)
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: give the path of a folder")
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} exists and is not a folder")
    if not path.exists() and not path.parent.is_dir():
        raise argparse.ArgumentTypeError(_no_folder(text, path))
    return path


def existing_folder(text: str) -> Path:
    """A folder that exists."""
    path = Path(text)
    if not text.strip() or not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} is not a folder")
    return path


def _no_folder(text: str, path: Path) -> str:
    return f"{text!r}: the folder {str(path.parent)!r} does not exist"
