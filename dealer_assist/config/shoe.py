"""``[shoe]``: decks, cut card, burn, last-hand rule and the cards a coup needs (baccarat.md §5).

Sizes are limited to what a casino shoe can be: 1 to :data:`MAX_DECKS` decks, a fixed burn of at
most one deck, and a cut card, a burn and a coup that fit in the shoe together. The defaults are
on :class:`ShoeSettings` and on the variant (its decks and the cards its coups need).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_assist.config.reader import Section, default_of
from dealer_assist.errors import ConfigError
from dealer_assist.rules.variants import Variant
from dealer_assist.shoe.settings import (
    MAX_DECKS,
    MIN_CARDS_TO_DEAL,
    BurnMode,
    BurnRule,
    ShoeSettings,
)

KEYS = ("decks", "cut_card_from_end", "burn", "coups_after_cut_card", "min_cards_to_deal")
MAX_FIXED_BURN = 52  # one deck
_FIRST_CARD_BURN = 11  # the turned card and up to ten more (a ten or a face)


def read_shoe(document: Mapping[str, Any], variant: Variant, source: str) -> ShoeSettings:
    section = Section.of(document, "shoe", source)
    section.check_keys(KEYS)
    if "decks" not in section and not 1 <= variant.decks <= MAX_DECKS:
        raise ConfigError(
            variant.source,
            "decks",
            f"a shoe holds 1 to {MAX_DECKS} decks, not {variant.decks} (set [shoe] decks)",
        )
    decks = section.whole("decks", variant.decks, low=1, high=MAX_DECKS, unit=" decks")
    cards = decks * 52
    burn = _burn(section)
    needed = max(variant.min_cards_for_deal, MIN_CARDS_TO_DEAL[variant.game])
    cut_card = section.whole(
        "cut_card_from_end",
        default_of(ShoeSettings, "cut_card_from_end"),
        low=1,
        high=MAX_DECKS * 52,
        unit=" cards",
    )
    after_cut = section.whole(
        "coups_after_cut_card", default_of(ShoeSettings, "coups_after_cut_card"), low=0, high=1
    )
    # Fewer than the most cards one coup can use, and the shoe could run dry inside a coup.
    least = MIN_CARDS_TO_DEAL[variant.game]
    min_cards = section.whole(
        "min_cards_to_deal",
        needed,
        low=least,
        high=cards,
        unit=f" cards; a coup uses up to {least}",
    )
    try:
        shoe = ShoeSettings(
            decks=decks,
            burn=burn,
            cut_card_from_end=cut_card,
            coups_after_cut_card=after_cut,
            min_cards_to_deal=min_cards,
        )
    except ConfigError as error:  # ShoeSettings checks combinations; name the file too
        raise section.fail(error.field, error.problem) from None
    largest_burn = {
        BurnMode.FIRST_CARD_VALUE: _FIRST_CARD_BURN,
        BurnMode.FIXED: burn.count,
        BurnMode.NONE: 0,
    }[burn.mode]
    room = cards - shoe.cut_card_from_end - largest_burn
    if room < shoe.min_cards_to_deal:
        given = [k for k in ("burn", "cut_card_from_end", "min_cards_to_deal") if k in section]
        key = given[0] if given else "decks"
        raise section.fail(
            key,
            f"a {decks}-deck shoe has {cards} cards: the cut card {shoe.cut_card_from_end} from "
            f"the end, a burn of up to {largest_burn} and one coup ({shoe.min_cards_to_deal} "
            f"cards) do not fit; burn fewer cards or put the cut card nearer the end",
        )
    return shoe


def _burn(section: Section) -> BurnRule:
    raw = section.raw("burn", default_of(ShoeSettings, "burn").mode.value)
    if raw == BurnMode.FIRST_CARD_VALUE.value:
        return BurnRule.first_card_value()
    if raw == BurnMode.NONE.value:
        return BurnRule.none()
    if isinstance(raw, int) and not isinstance(raw, bool) and 0 < raw <= MAX_FIXED_BURN:
        return BurnRule.fixed(raw)
    raise section.fail(
        "burn",
        f'must be "first_card_value", "none" or a number of cards from 1 to {MAX_FIXED_BURN}, '
        f"not {raw!r}"[:300],
    )
