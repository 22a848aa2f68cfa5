"""What the commands share: exit codes, the variant options, the display check and the one
configuration loader.

Nothing here imports Qt, pyserial, pyscard or OpenCV: ``dealer-assist --help`` stays light.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING

from dealer_assist.errors import ConfigError

if TYPE_CHECKING:
    from dealer_assist.config import TableConfig
    from dealer_assist.rules.variants import Variant

#: The command did what it was asked.
EXIT_OK = 0
#: The command ran and found a problem, or could not finish (broken journal, device error, time
#: limit, unreadable image, the operator stopped it).
EXIT_ERROR = 1
#: The input was refused: a coup the rules reject, a shoe or an argument that cannot be used.
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
    """The variant :func:`add_variant_options` describe."""
    from dealer_assist.rules.variants import load_catalog

    variant = load_catalog(args.variants_dir).variant(args.variant)
    if args.commission is not None:
        try:
            variant = variant.with_commission(Decimal(args.commission))
        except (InvalidOperation, ValueError):
            raise ConfigError("--commission", "", f"{args.commission!r} is not a rate") from None
    if args.tie_pays is not None:
        try:
            variant = variant.with_tie_pays(args.tie_pays)
        except ValueError as error:
            raise ConfigError("--tie-pays", "", str(error)) from None
    return variant


def add_table_options(parser: argparse.ArgumentParser, *, source_help: str) -> None:
    """``--config``, ``--variant`` and ``--source``: what :func:`table_config` reads."""
    parser.add_argument("--config", type=Path, help="the table's configuration file (TOML)")
    parser.add_argument("--variant", help=VARIANT_HELP)
    parser.add_argument("--source", action="append", default=[], metavar="URL", help=source_help)


def table_config(args: argparse.Namespace, *, demo_source: str | None = None) -> TableConfig:
    """The table's configuration from the command line: the one rule for every command.

    ``--config FILE`` is the table's whole configuration; without it, the defaults for
    ``--variant`` (Punto Banco when none is given). ``--config`` and ``--variant`` together are
    refused: the file names its variant, and its sources, seats and limits belong to it.
    ``--source`` (repeatable) replaces the sources, ``--journal`` the journal file; with
    neither a file nor a source, ``demo_source`` deals when given.
    """
    from dealer_assist.config import default_config, load_config, parse_config

    path: Path | None = getattr(args, "config", None)
    variant: str | None = getattr(args, "variant", None)
    if path is not None and variant:
        raise ConfigError(
            "--variant",
            "",
            f"{variant!r} given with --config {path}: give one; set [table] variant in the "
            "file to change its variant",
        )
    if path is not None:
        config = load_config(path)
    elif variant:
        config = parse_config({"table": {"variant": variant}}, source="--variant")
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
