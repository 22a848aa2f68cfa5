"""``sources``: the card-source URLs, and which of them deal and which witness."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from dealer_assist.errors import ConfigError

SOURCE_ROLES = ("deal", "witness")
_WITNESS_SCHEMES = frozenset({"camera"})  # sources that see where a card lands
MAX_SOURCES = 16
_EXAMPLE = 'a list of source URLs, e.g. ["serial:///dev/ttyACM0"]'


def source_role(url: str, sources: tuple[str, ...]) -> str:
    """``"deal"`` or ``"witness"`` for one of the table's source URLs.

    A source's ``role=`` option decides. Without it a camera is a witness when another source
    (a shoe) is configured - it checks the cards, it does not deal them a second time - and the
    dealing source when it is alone (or only beside other cameras).
    """
    scheme, options = _scheme_and_options(url)
    role = options.get("role")
    if role in SOURCE_ROLES:
        return role
    if scheme not in _WITNESS_SCHEMES:
        return "deal"
    others = [s for s in sources if _scheme_and_options(s)[0] not in _WITNESS_SCHEMES]
    return "witness" if others else "deal"


def holds_key(sources: tuple[str, ...]) -> bool:
    """Whether a source URL carries a key itself (``key=HEX``, not a ``key_file=``)."""
    return any("key" in _scheme_and_options(url)[1] for url in sources)


def _scheme_and_options(url: str) -> tuple[str, dict[str, str]]:
    parts = urlsplit(url)
    return parts.scheme, dict(parse_qsl(parts.query, keep_blank_values=True))


def read_sources(
    document: Mapping[str, Any], source: str, default: tuple[str, ...]
) -> tuple[str, ...]:
    """The list, each URL readable; each ``role=`` only on a camera, ``deal`` or ``witness``; a
    witness needs a source that deals."""
    raw = document.get("sources", list(default))
    if not isinstance(raw, list) or not raw:
        raise ConfigError(source, "sources", _EXAMPLE)
    if len(raw) > MAX_SOURCES:
        raise ConfigError(source, "sources", f"at most {MAX_SOURCES} sources, not {len(raw)}")
    for index, url in enumerate(raw):
        where = f"sources[{index}]"
        if not isinstance(url, str) or "://" not in url:
            raise ConfigError(source, "sources", _EXAMPLE)
        try:
            if "\x00" in url or len(url) > 4096:
                raise ValueError("a NUL character or more than 4096 characters")
            scheme, options = _scheme_and_options(url)
        except ValueError as error:
            raise ConfigError(source, where, f"not a source URL ({error}): {url!r}") from None
        if "role" not in options:
            continue
        if scheme not in _WITNESS_SCHEMES:
            raise ConfigError(
                source, where, f"role= is for camera:// sources only, not {scheme}:// ({url})"
            )
        if options["role"] not in SOURCE_ROLES:
            raise ConfigError(
                source, where, f"role must be deal or witness, not {options['role']!r} ({url})"
            )
    sources = tuple(raw)
    if all(source_role(url, sources) == "witness" for url in sources):
        raise ConfigError(
            source,
            "sources",
            "every source is a witness: a witness camera checks the cards a shoe deals; "
            "add the shoe, or make the camera deal (role=deal)",
        )
    return sources
