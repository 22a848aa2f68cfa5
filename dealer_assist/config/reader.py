"""One reader for every section: each value is checked where it is read, and a refusal names the
file, the key, what was given and what is allowed.

Money and rates are read by one function (:func:`read_decimal`): text or a whole number, never a
float (``0.1`` is not exact in binary), never ``NaN`` or an infinity, within the key's range and to
at most :data:`MAX_PLACES` decimal places, so that no later sum or rounding can overflow the
decimal context. Numbers in millimetres (the camera) are finite floats within a range.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, dataclass, fields
from decimal import Decimal, InvalidOperation
from typing import Any

from dealer_assist.errors import ConfigError

# The largest amount any money key takes (a stake limit, a minimum commission, a bank).
MAX_AMOUNT = Decimal(10) ** 12
# Amounts and rates have at most this many decimal places (a cent is 2, a rate 0.0475 is 4).
MAX_PLACES = 6
# The longest text a name or id takes.
MAX_TEXT = 200


def default_of(cls: type, name: str) -> Any:
    """The default written on dataclass ``cls`` for its field ``name`` (the one place it is)."""
    for item in fields(cls):
        if item.name == name:
            if item.default is not MISSING:
                return item.default
            if item.default_factory is not MISSING:
                return item.default_factory()
    raise LookupError(f"{cls.__name__}.{name} has no default")


def key_name(key: str) -> str:
    """A key as written, or quoted when it is empty, unprintable or long."""
    plain = key.strip() == key and key.isprintable() and 0 < len(key) <= 60
    return key if plain else _shown(key)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_decimal(
    value: object,
    *,
    where: str,
    source: str,
    low: Decimal,
    high: Decimal,
    example: str,
    above_low: bool = False,
    below_high: bool = False,
    allowed: str = "",
) -> Decimal:
    """An exact number (money, a rate) written as text or a whole number, within its range."""
    if isinstance(value, bool | float) or not isinstance(value, str | int | Decimal):
        raise ConfigError(source, where, f"write it as text, e.g. {example}, not {_shown(value)}")
    try:
        amount = Decimal(value.strip() if isinstance(value, str) else value)
    except InvalidOperation:
        amount = Decimal("NaN")
    if not amount.is_finite():
        raise ConfigError(source, where, f"{_shown(value)} is not a number (e.g. {example})")
    too_low = amount <= low if above_low else amount < low
    too_high = amount >= high if below_high else amount > high
    if too_low or too_high:
        opening = "more than" if above_low else "from"
        closing = "below" if below_high else "up to"
        allowed = allowed or f"{opening} {low} {closing} {high}"
        raise ConfigError(source, where, f"must be {allowed}, not {_shown(value)}")
    exponent = amount.as_tuple().exponent
    if isinstance(exponent, int) and exponent < -MAX_PLACES:
        raise ConfigError(
            source, where, f"at most {MAX_PLACES} decimal places, not {_shown(value)}"
        )
    return amount


def read_float(
    value: object,
    *,
    where: str,
    source: str,
    positive: bool = True,
    largest: float = 100_000.0,
) -> float:
    """A finite number (a length in millimetres, a matrix entry) of at most ``largest``."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(source, where, f"must be a number, not {_shown(value)}")
    if not math.isfinite(value):
        raise ConfigError(source, where, f"must be a finite number, not {_shown(value)}")
    if positive and value <= 0:
        raise ConfigError(source, where, f"must be a positive number, not {_shown(value)}")
    if abs(value) > largest:
        raise ConfigError(source, where, f"must be at most {largest:g} in size, not {value!r}")
    return float(value)


def read_whole(value: object, *, where: str, source: str, low: int, high: int, unit: str) -> int:
    """A whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(source, where, f"must be a whole number, not {_shown(value)}")
    allowed = f"(allowed: {low}-{high}{unit})"
    if value < low:
        raise ConfigError(source, where, f"must be at least {low} {allowed}, not {value}")
    if value > high:
        raise ConfigError(source, where, f"must be at most {high} {allowed}, not {_shown(value)}")
    return value


@dataclass(frozen=True, slots=True)
class Section:
    """One table of the document (``[shoe]``, ``camera.markers[0]``) and where it came from."""

    values: Mapping[str, Any]
    name: str
    source: str

    @classmethod
    def of(cls, document: Mapping[str, Any], name: str, source: str) -> Section:
        """The ``[name]`` table of ``document`` (empty when absent)."""
        value = document.get(name, {})
        if not isinstance(value, dict):
            raise ConfigError(source, name, f"must be a table ([{name}]), not {_shown(value)}")
        return cls(value, name, source)

    def where(self, key: str) -> str:
        """``name.key`` (the section itself for ``""``)."""
        if not key or not self.name:
            return key or self.name
        return f"{self.name}.{key}"

    def fail(self, key: str, problem: str) -> ConfigError:
        return ConfigError(self.source, self.where(key), problem)

    def __contains__(self, key: str) -> bool:
        return key in self.values

    def __bool__(self) -> bool:
        return bool(self.values)

    def raw(self, key: str, default: object = None) -> Any:
        return self.values.get(key, default)

    def check_keys(self, allowed: Iterable[str]) -> None:
        known = set(allowed)
        for key in self.values:
            if key not in known:
                raise self.fail(key_name(key), f"unknown key (allowed: {', '.join(sorted(known))})")

    def text(self, key: str, default: str, *, longest: int = MAX_TEXT) -> str:
        """Non-empty text of at most ``longest`` characters, without control characters."""
        value = self.values.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be non-empty text, not {_shown(value)}")
        if len(value) > longest:
            raise self.fail(key, f"at most {longest} characters, not {len(value)}")
        if any(unicodedata.category(c) in ("Cc", "Cs") for c in value):
            raise self.fail(key, f"must be printable text (no control characters): {_shown(value)}")
        return value

    def whole(self, key: str, default: int, *, low: int, high: int, unit: str = "") -> int:
        return read_whole(
            self.values.get(key, default),
            where=self.where(key),
            source=self.source,
            low=low,
            high=high,
            unit=unit,
        )

    def flag(self, key: str, default: bool) -> bool:
        value = self.values.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {_shown(value)}")
        return value

    def choice(self, key: str, default: str, allowed: Iterable[str]) -> str:
        options = tuple(allowed)
        value = self.values.get(key, default)
        if not isinstance(value, str) or value not in options:
            raise self.fail(key, f"must be one of {', '.join(options)}, not {_shown(value)}")
        return value

    def money(self, key: str, default: Decimal, *, positive: bool = False) -> Decimal:
        """An amount from 0 (or more than 0) up to :data:`MAX_AMOUNT`."""
        return read_decimal(
            self.values.get(key, default),
            where=self.where(key),
            source=self.source,
            low=Decimal(0),
            high=MAX_AMOUNT,
            example='"0.25" or 10',
            above_low=positive,
        )

    def rate(self, key: str, default: Decimal) -> Decimal:
        """A fraction from 0 up to (not including) 1, such as ``"0.05"``."""
        return read_decimal(
            self.values.get(key, default),
            where=self.where(key),
            source=self.source,
            low=Decimal(0),
            high=Decimal(1),
            below_high=True,
            example='"0.05"',
            allowed='a fraction from 0 to 1 (below 1), e.g. "0.05"',
        )

    def number(self, key: str, default: float, *, positive: bool = True) -> float:
        return read_float(
            self.values.get(key, default),
            where=self.where(key),
            source=self.source,
            positive=positive,
        )

    def path(self, key: str) -> str | None:
        """A path as written (relative to the file), or None when absent."""
        value = self.values.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, f"must be a path, not {_shown(value)}")
        return check_path(value, where=self.where(key), source=self.source)


def check_path(value: str, *, where: str, source: str) -> str:
    """A path the operating system can open: no NUL, not absurdly long."""
    if "\x00" in value or len(value) > 4096:
        raise ConfigError(source, where, f"must be a path, not {_shown(value)}")
    return value
