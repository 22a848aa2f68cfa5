"""The variant (``[table] variant``, ``variants_dir``) and ``[rules]``: the house's commission
and Tie payout over it (docs/rules-engine.md)."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer_assist.config.reader import Section, check_path
from dealer_assist.config.table import DEFAULT_VARIANT
from dealer_assist.errors import ConfigError
from dealer_assist.rules.bets import parse_payout
from dealer_assist.rules.variants import Catalog, Variant, default_catalog, load_catalog

MAX_VARIANT_DIRS = 16
MAX_TIE_PAYS = Decimal(100)  # a Tie pays 8:1 or 9:1; more than 100:1 is a typing error


def read_catalog(document: Mapping[str, Any], base: Path, source: str) -> Catalog:
    """The built-in variants and those of every ``variants_dir`` folder."""
    raw = document.get("variants_dir", [])
    folders = [raw] if isinstance(raw, str) else raw
    problem = "must be a folder path or a list of them"
    if not isinstance(folders, list) or not all(isinstance(d, str) for d in folders):
        raise ConfigError(source, "variants_dir", problem)
    if len(folders) > MAX_VARIANT_DIRS:
        raise ConfigError(source, "variants_dir", f"at most {MAX_VARIANT_DIRS} folders")
    paths = []
    for folder in folders:
        path = base / check_path(folder, where="variants_dir", source=source)
        if not folder.strip() or path.resolve() == base.resolve():
            raise ConfigError(
                source, "variants_dir", "give the variants a folder of their own, not this one"
            )
        if not path.is_dir():
            raise ConfigError(source, "variants_dir", f"{str(path)[:200]} is not a folder")
        paths.append(path)
    # Without folders of its own the catalog is the built-in one, read once a process.
    return load_catalog(paths) if paths else default_catalog()


def read_variant(table: Section, document: Mapping[str, Any], catalog: Catalog) -> Variant:
    """``[table] variant`` from the catalog, with ``[rules]`` applied."""
    name = table.text("variant", DEFAULT_VARIANT)
    if name not in catalog.variants:
        known = ", ".join(sorted(catalog.variants))
        raise table.fail("variant", f"no variant {name[:60]!r} (known: {known})")
    variant = catalog.variants[name]
    rules = Section.of(document, "rules", table.source)
    rules.check_keys(("commission", "tie_pays"))
    if "commission" in rules:
        variant = variant.with_commission(rules.rate("commission", Decimal(0)))
    if "tie_pays" in rules:
        text = str(rules.raw("tie_pays"))
        try:
            if len(text) > 60:
                raise ValueError(f"a payout such as '8:1', not {len(text)} characters")
            payout = parse_payout(text)
            if not 0 < payout.ratio <= MAX_TIE_PAYS:
                raise ValueError(
                    f"a Tie pays more than 0:1 and at most {MAX_TIE_PAYS}:1, not {text}"
                )
            variant = variant.with_tie_pays(text)
        except ValueError as error:  # also BetError, for a variant without a Tie bet
            raise rules.fail("tie_pays", str(error)) from None
    return variant
