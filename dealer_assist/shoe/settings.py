"""Shoe settings: deck count, burn, cut card, last-hand rule and the minimum cards to deal.

Each of these differs between houses and between games (field.md, "Procedures the software must
model"), so they are data, not code. A setting that no house could use is refused when the
settings are built, not when the shoe runs out halfway through a shift.

>>> ShoeSettings.for_game(Game.CHEMIN_DE_FER).min_cards_to_deal
7
>>> BurnRule.fixed(3).describe()
'burn 3 cards face down'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from dealer_assist.errors import ConfigError
from dealer_assist.rules.coup import Game

_SOURCE = "shoe settings"

# The most cards one coup can use (baccarat.md §5): Punto Banco 6; the historical club rule for
# Chemin de Fer asks for 7 left in the hand; a Banque coup (three hands) can use 9.
MIN_CARDS_TO_DEAL: dict[Game, int] = {
    Game.PUNTO_BANCO: 6,
    Game.CHEMIN_DE_FER: 7,
    Game.BANQUE: 9,
}
# The most decks a shoe holds: casinos deal 6 or 8, a few 10; beyond this is a typing error, and
# a shoe of millions of decks would fill the memory before the first coup.
MAX_DECKS = 16
DEFAULT_DECKS: dict[Game, int] = {
    Game.PUNTO_BANCO: 8,
    Game.CHEMIN_DE_FER: 6,
    Game.BANQUE: 6,
}


class BurnMode(Enum):
    """How a new shoe is burned."""

    # Turn the first card face up and burn as many more as its burn count (ten and faces 10).
    FIRST_CARD_VALUE = "first_card_value"
    # Burn a fixed number of cards face down (live studios: 3).
    FIXED = "fixed"
    NONE = "none"


@dataclass(frozen=True, slots=True, kw_only=True)
class BurnRule:
    mode: BurnMode
    # Only for FIXED: how many cards go face down.
    count: int = 0

    def __post_init__(self) -> None:
        if self.mode is BurnMode.FIXED and self.count < 1:
            raise ConfigError(
                _SOURCE, "burn.count", f"a fixed burn needs 1 card or more, not {self.count}"
            )
        if self.mode is not BurnMode.FIXED and self.count != 0:
            raise ConfigError(
                _SOURCE, "burn.count", f"only a fixed burn takes a count ({self.mode.value})"
            )

    @staticmethod
    def first_card_value() -> BurnRule:
        return BurnRule(mode=BurnMode.FIRST_CARD_VALUE)

    @staticmethod
    def fixed(count: int) -> BurnRule:
        return BurnRule(mode=BurnMode.FIXED, count=count)

    @staticmethod
    def none() -> BurnRule:
        return BurnRule(mode=BurnMode.NONE)

    def describe(self) -> str:
        if self.mode is BurnMode.FIRST_CARD_VALUE:
            return "turn the first card and burn its value face down (ten and faces 10)"
        if self.mode is BurnMode.FIXED:
            return f"burn {self.count} cards face down"
        return "no burn"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoeSettings:
    """One house's way of running a shoe. Defaults: an 8-deck Punto Banco shoe."""

    decks: int = 8
    # The cut card goes in front of this many cards counted from the end of the shoe.
    cut_card_from_end: int = 14
    burn: BurnRule = field(default_factory=BurnRule.first_card_value)
    # Coups played after the one in which the cut card appears (0 or 1). When it comes out in
    # place of a coup's first card, that coup is the last whatever this says.
    coups_after_cut_card: int = 1
    # A coup may start only with at least this many cards left in the shoe.
    min_cards_to_deal: int = MIN_CARDS_TO_DEAL[Game.PUNTO_BANCO]

    def __post_init__(self) -> None:
        if not 1 <= self.decks <= MAX_DECKS:
            raise ConfigError(
                _SOURCE, "decks", f"a shoe holds 1 to {MAX_DECKS} decks, not {self.decks}"
            )
        if self.cut_card_from_end < 1:
            raise ConfigError(
                _SOURCE,
                "cut_card_from_end",
                f"the cut card must have at least one card behind it, not {self.cut_card_from_end}",
            )
        if self.cut_card_from_end >= self.decks * 52:
            raise ConfigError(
                _SOURCE,
                "cut_card_from_end",
                f"{self.cut_card_from_end} cards from the end is outside a {self.decks}-deck shoe",
            )
        if self.coups_after_cut_card not in (0, 1):
            raise ConfigError(
                _SOURCE,
                "coups_after_cut_card",
                f"must be 0 or 1 (baccarat.md §5), not {self.coups_after_cut_card}",
            )
        if self.min_cards_to_deal < 1:
            raise ConfigError(
                _SOURCE, "min_cards_to_deal", f"must be 1 or more, not {self.min_cards_to_deal}"
            )

    @staticmethod
    def for_game(game: Game) -> ShoeSettings:
        """The defaults for ``game``; change single fields with :func:`dataclasses.replace`."""
        return ShoeSettings(decks=DEFAULT_DECKS[game], min_cards_to_deal=MIN_CARDS_TO_DEAL[game])
