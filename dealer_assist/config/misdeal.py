"""``[misdeal]``: the house procedures for dealing errors (field.md, "Errors")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from dealer_assist.config.reader import Section

EXTRA_CARD = ("burn", "alert")
EXPOSED_CARD = ("burn", "use")


@dataclass(frozen=True, slots=True, kw_only=True)
class MisdealRules:
    """House procedures for dealing errors (field.md, "Errors")."""

    # A card out of the shoe after the coup is complete: "burn" it and go on, or "alert".
    extra_card: str = "burn"
    # A card the croupier reports exposed: "burn" it (the next card takes its place) or "use".
    exposed_card: str = "burn"


def read_misdeal(document: Mapping[str, Any], source: str) -> MisdealRules:
    section = Section.of(document, "misdeal", source)
    section.check_keys(("extra_card", "exposed_card"))
    defaults = MisdealRules()
    return MisdealRules(
        extra_card=section.choice("extra_card", defaults.extra_card, EXTRA_CARD),
        exposed_card=section.choice("exposed_card", defaults.exposed_card, EXPOSED_CARD),
    )
