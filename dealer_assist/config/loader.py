"""Reading a configuration: the file, its sections in order, the whole :class:`TableConfig`."""

from __future__ import annotations

import logging
import os
import stat
import tomllib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from dealer_assist.config.bank import read_bank
from dealer_assist.config.camera import parse_camera_settings
from dealer_assist.config.journal import read_journal
from dealer_assist.config.misdeal import read_misdeal
from dealer_assist.config.odds import read_odds
from dealer_assist.config.publish import read_publish
from dealer_assist.config.reader import Section, default_of, key_name
from dealer_assist.config.rules import read_catalog, read_variant
from dealer_assist.config.seats import read_seats
from dealer_assist.config.settlement import read_settlement
from dealer_assist.config.shoe import read_shoe
from dealer_assist.config.sources import holds_key, read_sources
from dealer_assist.config.table import DEFAULT_VARIANT, TableConfig, read_table, table_section
from dealer_assist.config.training import read_training
from dealer_assist.errors import ConfigError
from dealer_assist.rules.variants import Catalog

log = logging.getLogger("dealer_assist.config")

SECTIONS = (
    "bank",
    "camera",
    "table",
    "rules",
    "shoe",
    "commission",
    "limits",
    "seats",
    "misdeal",
    "sources",
    "journal",
    "variants_dir",
    "odds",
    "training",
    "publish",
)
# A table's configuration is a few kilobytes; a bigger file is not one (and is not read whole).
MAX_FILE_BYTES = 1024 * 1024


def parse_config(
    document: Mapping[str, Any],
    *,
    source: str = "<config>",
    base_dir: Path | None = None,
    catalog: Catalog | None = None,
) -> TableConfig:
    """Build a :class:`TableConfig` from a parsed TOML document."""
    for key in document:
        if key not in SECTIONS:
            raise ConfigError(
                source, key_name(key), f"unknown section (allowed: {', '.join(sorted(SECTIONS))})"
            )
    base = base_dir or Path.cwd()
    if catalog is None:
        catalog = read_catalog(document, base, source)
    table = table_section(document, source)
    variant = read_variant(table, document, catalog)
    shoe = read_shoe(document, variant, source)
    settlement = read_settlement(document, variant, source)
    seats = read_seats(document, default_of(TableConfig, "seats"), source)
    misdeal = read_misdeal(document, source)
    sources = read_sources(document, source, default_of(TableConfig, "sources"))
    camera = (
        parse_camera_settings(Section.of(document, "camera", source).values, source)
        if "camera" in document
        else None
    )
    if camera is not None and camera.deck is not None:  # relative to the configuration file
        camera = replace(camera, deck=str(base / camera.deck))
    journal = read_journal(document, base, source)
    return TableConfig(
        **read_odds(document, source),
        **read_table(table),
        variant=variant,
        shoe=shoe,
        settlement=settlement,
        seats=seats,
        misdeal=misdeal,
        sources=sources,
        camera=camera,
        bank=read_bank(document, variant.game, source),
        journal=journal.path,
        journal_key=journal.key,
        journal_settings=journal.settings,
        training=read_training(document, base, source),
        publish=read_publish(document, base, source),
        source_file=source,
    )


def read_toml_file(path: Path) -> dict[str, Any]:
    """A TOML file's document; a file that cannot be read (missing, not a regular file, too big,
    not UTF-8, not TOML, nested too deeply) is a :class:`ConfigError` naming it."""
    try:
        with path.open("rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                raise ConfigError(str(path), "", "cannot read the file: not a regular file")
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        raise ConfigError(str(path), "", f"cannot read the file: {error.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise ConfigError(
            str(path), "", f"more than {MAX_FILE_BYTES // 1024} KiB: not a table configuration"
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError(
            str(path), "", f"not UTF-8 text (byte {error.start}): save the file as UTF-8"
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(str(path), "", f"not valid TOML: {error}") from None
    except RecursionError:
        raise ConfigError(str(path), "", "not valid TOML: nested too deeply") from None


def load_config(path: Path) -> TableConfig:
    """Read a table configuration file.

    A file that holds a key (``[journal] key``, a source's ``key=``) and that the group or
    others may read is loaded with a warning on the ``dealer_assist.config`` logger (without
    logging set up: standard error) that names the file and the fix, ``chmod 600``.
    """
    document = read_toml_file(path)
    config = parse_config(document, source=str(path), base_dir=path.parent)
    journal = document.get("journal")
    inline_key = isinstance(journal, dict) and bool(journal.get("key"))  # not its key_file
    if inline_key or holds_key(config.sources):
        warn_if_readable_by_others(path)
    return config


def warn_if_readable_by_others(path: Path) -> None:
    """Warn when a file holding a key may be read by the group or others (POSIX only)."""
    if os.name != "posix":
        return
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except OSError:
        return
    if mode & 0o077:
        log.warning(
            "%s holds a key and others may read it (mode %04o): run chmod 600 %s",
            path,
            mode,
            path,
        )


def default_config(*, variant: str = DEFAULT_VARIANT, source: str = "mock://") -> TableConfig:
    """The configuration a table runs with when no file is given."""
    return parse_config({"table": {"variant": variant}, "sources": [source]}, source="<defaults>")
