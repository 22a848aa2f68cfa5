"""The ``dealer-assist`` command (placeholder until the subcommands land)."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    return 0
