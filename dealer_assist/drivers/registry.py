"""Source URLs to drivers: a registry of ``scheme -> "module:Class"``, imported lazily.

Built-in schemes are listed here; third-party drivers register through the entry-point group
``dealer_assist.sources`` (name = scheme, value = ``module:Class``), so a casino's own device
needs no change to this package. A driver's heavy dependencies (pyserial, pyscard, OpenCV) are
imported only when its scheme is used.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from dealer_assist.drivers.base import CardSource, SourceUrl, SourceUrlError, redact
from dealer_assist.errors import DeviceNotAvailableError

ENTRY_POINT_GROUP = "dealer_assist.sources"

BUILTIN: dict[str, str] = {
    "mock": "dealer_assist.drivers.mock:MockShoe",
    "replay": "dealer_assist.drivers.replay:ReplaySource",
    "serial": "dealer_assist.drivers.shoe.serial:SerialShoe",
    "mockshoe": "dealer_assist.drivers.shoe.serial:MockShoeSource",
    "pcsc": "dealer_assist.drivers.pcsc.source:PcscSource",
    "camera": "dealer_assist.drivers.camera:CameraSource",
}

_extra: dict[str, str] = {}


def register(scheme: str, target: str) -> None:
    """Register ``scheme`` to ``"module:Class"`` (used by tests and plug-ins)."""
    if ":" not in target:
        raise ValueError(f"{target!r}: write module:Class")
    _extra[scheme] = target


def known_schemes() -> dict[str, str]:
    schemes = dict(BUILTIN)
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        schemes.setdefault(entry.name, entry.value)
    schemes.update(_extra)
    return schemes


def source_class(scheme: str, *, url: str = "") -> type[CardSource]:
    """The driver class of ``scheme``; an unknown scheme is a :class:`SourceUrlError` (a
    configuration error) listing the known ones. ``url``: the URL, for the message."""
    schemes = known_schemes()
    target = schemes.get(scheme)
    if target is None:
        known = ", ".join(f"{name}://" for name in sorted(schemes))
        raise SourceUrlError(
            redact(url) if url else f"{scheme}://",
            "",
            f"no card source for {scheme}:// (known: {known}); "
            "a casino's own driver registers through the dealer_assist.sources entry points",
        )
    module_name, _, class_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise DeviceNotAvailableError(
            f"the {scheme}:// driver needs {error.name}, which is not installed; "
            f"install dealer-assist with its extra (see docs/configuration.md)"
        ) from error
    cls = getattr(module, class_name)
    if not (isinstance(cls, type) and issubclass(cls, CardSource)):
        raise TypeError(f"{target} is not a CardSource")
    return cls


def open_source(url: str) -> CardSource:
    """Build (not start) the source a URL names."""
    parsed = SourceUrl.parse(url)
    return source_class(parsed.scheme, url=url).from_url(parsed)
