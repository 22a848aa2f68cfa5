"""Drawing tableaux, as tables of cells rather than chains of ifs, so each cell can be tested.

Rows are the banker's two-card total (0-7); columns the value of the player's third card
(0-9), or ``None`` when the player stood. ``D`` draw, ``S`` stand, ``O`` optional.
"""

from __future__ import annotations

from enum import Enum


class Action(Enum):
    DRAW = "D"
    STAND = "S"
    OPTIONAL = "O"


# Punto Banco, baccarat.md §2.1; columns: none, 0, 1, ..., 9.
_PUNTO_BANCO_ROWS = {
    0: "D DDDDDDDDDD",
    1: "D DDDDDDDDDD",
    2: "D DDDDDDDDDD",
    3: "D DDDDDDDDSD",
    4: "D SSDDDDDDSS",
    5: "D SSSSDDDDSS",
    6: "S SSSSSSDDSS",
    7: "S SSSSSSSSSS",
}


def _parse(rows: dict[int, str]) -> dict[tuple[int, int | None], Action]:
    table: dict[tuple[int, int | None], Action] = {}
    for banker_total, row in rows.items():
        stood, _, drew = row.partition(" ")
        table[(banker_total, None)] = Action(stood)
        for third, letter in enumerate(drew):
            table[(banker_total, third)] = Action(letter)
    return table


PUNTO_BANCO: dict[tuple[int, int | None], Action] = _parse(_PUNTO_BANCO_ROWS)

# The two cells that classic Chemin de Fer leaves to the banker (baccarat.md §2.1).
DEFAULT_CHEMIN_DE_FER_OPTIONS: frozenset[tuple[int, int | None]] = frozenset({(3, 9), (5, 4)})


def banker_action(
    banker_total: int,
    player_third: int | None,
    optional_cells: frozenset[tuple[int, int | None]] = frozenset(),
) -> Action:
    """What the banker's two-card total calls for, given the player's third card (or none)."""
    if (banker_total, player_third) in optional_cells:
        return Action.OPTIONAL
    return PUNTO_BANCO[(banker_total, player_third)]


def player_action(player_total: int, *, option_on_five: bool) -> Action:
    """The player's (punter's) call on a two-card total of 0-7."""
    if player_total <= 4:
        return Action.DRAW
    if player_total == 5:
        return Action.OPTIONAL if option_on_five else Action.DRAW
    return Action.STAND
