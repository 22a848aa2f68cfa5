"""``[bank]``: the house settings of Chemin de Fer and Baccarat Banque (docs/bank-games.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from dealer_assist.config.reader import Section
from dealer_assist.rules.coup import Game
from dealer_assist.rules.settlement import Rounding, RoundingMode

ASSIGNMENTS = ("auction", "first_on_list")
HOUSE_BASES = ("coup_net", "winning_sides")
UNCOVERED = ("kept", "withdrawn")
ROUNDING_MODES = tuple(mode.value for mode in RoundingMode)


@dataclass(frozen=True, slots=True, kw_only=True)
class BankConfig:
    """The ``[bank]`` section: the house settings of Chemin de Fer and Baccarat Banque
    (docs/bank-games.md)."""

    cagnotte_rate: Decimal = Decimal("0.05")  # Chemin de Fer: of each coup the bank wins
    # Chemin de Fer: the part of the bank nobody covered, at "no more bets": "kept" in the bank
    # for the next coup (source 000), or "withdrawn" by the banker for good (source 003 alone)
    uncovered: str = "kept"
    assignment: str = "auction"  # Banque: "auction" or "first_on_list"
    house_rate: Decimal = Decimal("0.05")  # Banque: what the house takes
    house_basis: str = "coup_net"  # Banque: "coup_net" or "winning_sides"
    rounding: Rounding = field(default_factory=Rounding)  # of the cagnotte / the house's take
    unit: Decimal = Decimal("0.01")  # stakes and banks are whole units of this
    minimum_stake: Decimal = Decimal("0.01")
    minimum_bank: Decimal = Decimal("0.01")


_GAME_KEYS = {
    "chemin-de-fer": ("cagnotte_rate", "uncovered"),
    "banque": ("assignment", "house_rate", "house_basis"),
}
_COMMON_KEYS = ("rounding_unit", "rounding", "unit", "minimum_stake", "minimum_bank")


def read_bank(document: Mapping[str, Any], game: Game, source: str) -> BankConfig:
    section = Section.of(document, "bank", source)
    defaults = BankConfig()
    if not section:
        return defaults
    if game not in (Game.CHEMIN_DE_FER, Game.BANQUE):
        raise section.fail("", "is for chemin-de-fer and banque tables (the house banks here)")
    name = "chemin-de-fer" if game is Game.CHEMIN_DE_FER else "banque"
    allowed = (*_COMMON_KEYS, *_GAME_KEYS[name])
    for key in section.values:
        other = [n for n, keys in _GAME_KEYS.items() if key in keys and n != name]
        if other:
            raise section.fail(key, f"is a {other[0]} setting, not for {name}")
    section.check_keys(allowed)
    return BankConfig(
        cagnotte_rate=section.rate("cagnotte_rate", defaults.cagnotte_rate),
        uncovered=section.choice("uncovered", defaults.uncovered, UNCOVERED),
        assignment=section.choice("assignment", defaults.assignment, ASSIGNMENTS),
        house_rate=section.rate("house_rate", defaults.house_rate),
        house_basis=section.choice("house_basis", defaults.house_basis, HOUSE_BASES),
        rounding=Rounding(
            unit=section.money("rounding_unit", defaults.rounding.unit, positive=True),
            mode=RoundingMode(
                section.choice("rounding", defaults.rounding.mode.value, ROUNDING_MODES)
            ),
        ),
        unit=section.money("unit", defaults.unit, positive=True),
        minimum_stake=section.money("minimum_stake", defaults.minimum_stake, positive=True),
        minimum_bank=section.money("minimum_bank", defaults.minimum_bank, positive=True),
    )
