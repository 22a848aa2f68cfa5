"""What a dealer must know, as items the trainer asks: ids, kinds, titles and the rule behind each.

An item is one thing to learn ("Banker 3 against a third card of 8", "Tie pays 8:1 on 125",
"burn for a first card of 7"). It holds no answer: a prompt for it is dealt by
:mod:`dealer_assist.training.prompts` and judged there by the rules engine. Item ids are stable
text (they key the trainee's records), e.g. ``tableau:banker:3:8``, ``tableau:player:5``,
``payout:punto-banco:tie:tie``, ``commission:collect``, ``shoe:burn:7``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum

from dealer_assist.errors import InputError
from dealer_assist.rules.bets import BetDefinition
from dealer_assist.rules.coup import CoupRules
from dealer_assist.rules.tableau import PUNTO_BANCO, Action, banker_action
from dealer_assist.rules.variants import Catalog, Variant


class Kind(Enum):
    """The groups of items a drill can ask (``--kind``)."""

    TABLEAU = "tableau"
    WINNER = "winner"
    PAYOUT = "payout"
    COMMISSION = "commission"
    SHOE = "shoe"
    OPTIONS = "options"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True, kw_only=True)
class Item:
    """One thing to learn. ``rule`` is what the trainee is shown after a mistake."""

    id: str
    kind: Kind
    title: str
    rule: str


# --- the tableau ---------------------------------------------------------------------------

BANKER_TOTALS: tuple[int, ...] = tuple(range(8))
THIRD_CARDS: tuple[int | None, ...] = (None, *range(10))
PLAYER_TOTALS: tuple[int, ...] = tuple(range(8))


def _values(values: Iterable[int]) -> str:
    """0,1,2,3,5 -> '0-3, 5'."""
    ordered = sorted(set(values))
    runs: list[str] = []
    start = previous = None
    for value in [*ordered, None]:
        if value is not None and previous is not None and value == previous + 1:
            previous = value
            continue
        if start is not None:
            runs.append(str(start) if start == previous else f"{start}-{previous}")
        start = previous = value
    return ", ".join(runs) if runs else "none"


def banker_rule(banker_total: int) -> str:
    """The Banker's row of the tableau in words, read from the rules engine's table."""
    stood = PUNTO_BANCO[(banker_total, None)] is Action.DRAW
    draws = [third for third in range(10) if banker_action(banker_total, third) is Action.DRAW]
    if len(draws) == 10:
        against = "any third card"
    elif not draws:
        against = "no third card"
    else:
        against = f"a Player's third card of {_values(draws)}"
    standing = "draws" if stood else "stands"
    return (
        f"Banker {banker_total}: draws against {against}; "
        f"when the Player stands, the Banker {standing}."
    )


PLAYER_RULE = "Player draws on 0-5 and stands on 6 or 7."
NATURAL_RULE = "A natural (8 or 9 on the first two cards) on either side ends the coup: no draw."


def tableau_items() -> tuple[Item, ...]:
    items = [
        Item(
            id=f"tableau:player:{total}",
            kind=Kind.TABLEAU,
            title=f"Player {total}",
            rule=PLAYER_RULE,
        )
        for total in PLAYER_TOTALS
    ]
    for banker_total in BANKER_TOTALS:
        for third in THIRD_CARDS:
            against = "the Player standing" if third is None else f"a third card of {third}"
            items.append(
                Item(
                    id=f"tableau:banker:{banker_total}:{'none' if third is None else third}",
                    kind=Kind.TABLEAU,
                    title=f"Banker {banker_total} against {against}",
                    rule=banker_rule(banker_total),
                )
            )
    for side in ("player", "banker"):
        items.append(
            Item(
                id=f"tableau:natural:{side}",
                kind=Kind.TABLEAU,
                title=f"A {side.capitalize()} natural",
                rule=NATURAL_RULE,
            )
        )
    return tuple(items)


def tableau_cell(item_id: str) -> tuple[str, int, int | None] | None:
    """``('banker', 3, 8)``, ``('banker', 3, None)`` or ``('player', 5, None)``; else None."""
    parts = item_id.split(":")
    if parts[0] != "tableau" or parts[1] == "natural":
        return None
    if parts[1] == "player":
        return ("player", int(parts[2]), None)
    return ("banker", int(parts[2]), None if parts[3] == "none" else int(parts[3]))


# --- calling the winner --------------------------------------------------------------------

WINNER_CATEGORIES: tuple[tuple[str, str], ...] = tuple(
    (how, winner) for how in ("natural", "drawn") for winner in ("player", "banker", "tie")
)


def winner_items() -> tuple[Item, ...]:
    return tuple(
        Item(
            id=f"winner:{how}:{winner}",
            kind=Kind.WINNER,
            title=f"Call a {how} {winner if winner != 'tie' else 'tie'}",
            rule="The higher total wins; equal totals are a tie (Egalite). Call the loser "
            "first: 'Player shows 6, Banker has 7'.",
        )
        for how, winner in WINNER_CATEGORIES
    )


# --- payouts -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutTable:
    """A variant under a short label (``punto-banco``, ``tie-9``...), as the payout items use."""

    label: str
    variant: Variant


def default_payout_tables(
    catalog: Catalog, table_variant: str = "punto-banco"
) -> tuple[PayoutTable, ...]:
    """The table's own variant first, then the payouts every dealer meets: Tie 9:1, the
    no-commission Banker, EZ Baccarat's Dragon 7 and Panda 8."""
    names = [table_variant, *(n for n in ("punto-banco", "no-commission", "ez-baccarat"))]
    tables: list[PayoutTable] = []
    seen: set[str] = set()
    for name in names:
        if name in seen:
            continue
        seen.add(name)
        tables.append(PayoutTable(label=name, variant=catalog.variant(name)))
    punto = catalog.variant("punto-banco")
    tables.append(PayoutTable(label="tie-9", variant=punto.with_tie_pays("9:1")))
    return tuple(tables)


def _winning_keys(bet: BetDefinition) -> list[str]:
    return [key for key, payout in bet.pays.items() if payout.ratio > 0]


def _bet_signature(bet: BetDefinition, key: str) -> tuple[object, ...]:
    pays = tuple(sorted((k, v.text) for k, v in bet.pays.items()))
    return (bet.kind, bet.hand, pays, bet.commission, key)


def _payout_rule(bet: BetDefinition, key: str) -> str:
    odds = bet.pays[key].text
    rule = f"{bet.title}: '{key.replace('_', ' ')}' pays {odds}"
    if bet.commission:
        rule += f", less {bet.commission * 100:g}% commission on the win"
    return rule + "."


def payout_items(tables: Sequence[PayoutTable]) -> tuple[Item, ...]:
    """One item per winning line of every bet's paytable; a line two tables share is asked once."""
    items: list[Item] = []
    seen: set[tuple[object, ...]] = set()
    for table in tables:
        for name, bet in table.variant.bets.items():
            if bet.kind not in (
                "main",
                "tie",
                "pair",
                "either_pair",
                "perfect_pair",
                "dragon_bonus",
                "cards",
            ):
                continue
            for key in _winning_keys(bet):
                signature = _bet_signature(bet, key)
                if signature in seen:
                    continue
                seen.add(signature)
                items.append(
                    Item(
                        id=f"payout:{table.label}:{name}:{key}",
                        kind=Kind.PAYOUT,
                        title=f"{bet.title} ({table.label}): {key.replace('_', ' ')}",
                        rule=_payout_rule(bet, key),
                    )
                )
    return tuple(items)


# --- commission, the shoe, Chemin de Fer ---------------------------------------------------

COMMISSION_QUESTIONS: Mapping[str, str] = {
    "take": "The commission taken from a Banker win when it is paid (immediate mode).",
    "mark": "The commission marked in the seat's box for a Banker win (box mode).",
    "collect": "The sum to collect from a seat's box at the shoe's end (box mode), rounded "
    "as the house rounds commission.",
}


def commission_items(rate: Decimal) -> tuple[Item, ...]:
    return tuple(
        Item(
            id=f"commission:{question}",
            kind=Kind.COMMISSION,
            title=f"Commission: {question}",
            rule=f"{text} The rate is {rate * 100:g}% of the win.",
        )
        for question, text in COMMISSION_QUESTIONS.items()
    )


BURN_RULE = (
    "Turn the first card of a new shoe and burn its value face down: an ace 1, 2-9 their "
    "value, a ten or a face card 10."
)
CUT_CARD_RULE = (
    "When the cut card comes out during a coup, finish it and play one more; when it takes the "
    "place of a coup's first card, that coup is the last."
)


def shoe_items() -> tuple[Item, ...]:
    items = [
        Item(id=f"shoe:burn:{count}", kind=Kind.SHOE, title=f"Burn {count}", rule=BURN_RULE)
        for count in range(1, 11)
    ]
    items += [
        Item(
            id=f"shoe:cut-card:{where}",
            kind=Kind.SHOE,
            title=f"The cut card ({where.replace('-', ' ')})",
            rule=CUT_CARD_RULE,
        )
        for where in ("first-card", "mid-coup")
    ]
    return tuple(items)


#: The Banker rows of Chemin de Fer asked in drills: those holding the banker's options.
OPTION_ROWS: tuple[int, ...] = (3, 5)


def options_items(rules: CoupRules | None = None) -> tuple[Item, ...]:
    """The punter's call on 0-7 and the banker's rows with options, at Chemin de Fer."""
    rules = CoupRules.chemin_de_fer() if rules is None else rules
    cells = sorted(rules.banker_optional_cells, key=lambda cell: (cell[0], cell[1] or -1))
    options = ", ".join(f"{total} against {third}" for total, third in cells)
    punter_rule = (
        "The punter draws on 0-4, stands on 6 or 7, and on 5 may draw or stand ('carte' or 'non')."
        if rules.player_option_on_five
        else PLAYER_RULE
    )
    items = [
        Item(
            id=f"options:punter:{total}",
            kind=Kind.OPTIONS,
            title=f"Chemin de Fer: punter {total}",
            rule=punter_rule,
        )
        for total in PLAYER_TOTALS
    ]
    for total in OPTION_ROWS:
        for third in THIRD_CARDS:
            items.append(
                Item(
                    id=f"options:banker:{total}:{'none' if third is None else third}",
                    kind=Kind.OPTIONS,
                    title=f"Chemin de Fer: banker {total} against "
                    f"{'the punter standing' if third is None else f'a third card of {third}'}",
                    rule=f"The banker follows the tableau, with a free choice at {options}.",
                )
            )
    return tuple(items)


# --- the whole catalogue -------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemCatalog:
    """Every item of a school's syllabus, by id, for one table's variant and paytables."""

    items: tuple[Item, ...]

    def __post_init__(self) -> None:
        ids = [item.id for item in self.items]
        if len(set(ids)) != len(ids):
            raise InputError("two training items share an id")

    def get(self, item_id: str) -> Item:
        for item in self.items:
            if item.id == item_id:
                return item
        raise InputError(f"no training item {item_id!r}: see docs/training.md for the ids")

    def of_kinds(self, kinds: Iterable[Kind]) -> tuple[Item, ...]:
        wanted = set(kinds)
        return tuple(item for item in self.items if item.kind in wanted)


def build_catalog(
    *, tables: Sequence[PayoutTable], commission_rate: Decimal, cdf_rules: CoupRules | None = None
) -> ItemCatalog:
    return ItemCatalog(
        items=(
            *tableau_items(),
            *winner_items(),
            *payout_items(tables),
            *commission_items(commission_rate),
            *shoe_items(),
            *options_items(cdf_rules),
        )
    )
