"""The table's slower checks, run after each coup once its snapshot is out: the statistical
shuffle check and the live advantage check. Each works out what to record; the controller
records it."""

from __future__ import annotations

from fractions import Fraction

from dealer_assist.config import TableConfig
from dealer_assist.rules.coup import Game
from dealer_assist.shoe import ShuffleCheckSettings, ShuffleStatus, check_shuffle
from dealer_assist.table.alerts import AlertSpec
from dealer_assist.table.events import ShuffleChecked
from dealer_assist.table.state import TableState


def warm_up(config: TableConfig, state: TableState) -> None:
    """Pay the checks' one-off costs (thresholds, the paytables' odds) before the first card."""
    if config.shuffle_check:
        check_shuffle([], composition=state.account.composition, settings=_shuffle_settings(state))
    if config.advantage_alerts and state.variant.game is Game.PUNTO_BANCO:
        from dealer_assist.odds.product import advantages

        advantages(state.variant, state.account.remaining_by_card())


def _shuffle_settings(state: TableState) -> ShuffleCheckSettings:
    """The shuffle check's checkpoints that fit in the shoe (a one-deck shoe: 26 and 52)."""
    return ShuffleCheckSettings().within(sum(state.account.composition.values()))


def check_shuffle_now(
    config: TableConfig, state: TableState
) -> tuple[ShuffleChecked, AlertSpec | None] | None:
    """The shuffle check at the latest checkpoint the shoe has passed, if one is due; with an
    alert that holds the table when the shoe looks unshuffled."""
    if not config.shuffle_check or state.shuffle_status is not ShuffleStatus.PENDING:
        return None
    settings = _shuffle_settings(state)
    due = [
        n for n in settings.checkpoints if state.shuffle_cards_checked < n <= len(state.shoe_cards)
    ]
    if not due:
        return None
    cards = due[-1]
    verdict = check_shuffle(
        state.shoe_cards[:cards], composition=state.account.composition, settings=settings
    )
    checked = ShuffleChecked(cards=cards, status=verdict.status.value, message=verdict.message)
    if verdict.status is not ShuffleStatus.SUSPICIOUS:
        return checked, None
    return checked, AlertSpec(
        code="unshuffled",
        message=verdict.message,
        fix="Stop the game and call the pit: the shoe may not have been shuffled",
        hold=True,
        options=("override", "void_coup"),
    )


def advantage_alerts(config: TableConfig, state: TableState) -> list[AlertSpec]:
    """Live odds: tell the pit the moment a bet turns in the players' favour (once a shoe)."""
    from dealer_assist.odds.product import advantages

    if not config.advantage_alerts or state.variant.game is not Game.PUNTO_BANCO:
        return []
    remaining = state.account.remaining_by_card()
    left = sum(remaining.values())
    threshold = Fraction(config.advantage_threshold)
    alerts = []
    for found in advantages(state.variant, remaining, threshold=threshold):
        source = f"odds:{found.bet}"
        if source in state.advantage_alerted:
            continue
        alerts.append(
            AlertSpec(
                code="advantage_play",
                message=f"{found.bet} now favours the players: {found.percent:+.2f}% per unit "
                f"staked with {left} cards left",
                fix="Tell the pit: the bet may be closed for the rest of the shoe",
                hold=False,
                options=("acknowledge",),
                source=source,
            )
        )
    return alerts
