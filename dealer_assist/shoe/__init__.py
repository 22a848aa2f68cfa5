"""The shoe: its lifecycle (burn, cut card, last coup), card accounting and the shuffle check.

Three pieces the table controller composes, none of which reads a clock, does I/O or draws from
the global random generator:

- :class:`Shoe`, a state machine from the burn to the end of the shoe, recording each action
  as an immutable event;
- :class:`CardAccount`, which counts every card seen against the shoe's composition and names
  duplicates and foreign cards;
- :func:`check_shuffle`, a statistical test that flags a shoe whose opening is too regular to
  have been shuffled.
"""

from dealer_assist.shoe.accounting import AccountCode, CardAccount, CardVerdict
from dealer_assist.shoe.events import (
    BurnCardTurned,
    CardBurned,
    CardDiscarded,
    CardDrawn,
    CoupEnded,
    CoupStarted,
    CutCardOut,
    ShoeEnded,
    ShoeEvent,
    ShoeStarted,
)
from dealer_assist.shoe.regularity import RegularityTest, regularity_statistics
from dealer_assist.shoe.settings import (
    MIN_CARDS_TO_DEAL,
    BurnMode,
    BurnRule,
    ShoeSettings,
)
from dealer_assist.shoe.shoe import Shoe, ShoePhase
from dealer_assist.shoe.shuffle_check import (
    RegularityFinding,
    ShuffleCheckSettings,
    ShuffleStatus,
    ShuffleVerdict,
    check_shuffle,
    critical_values,
)

__all__ = [
    "MIN_CARDS_TO_DEAL",
    "AccountCode",
    "BurnCardTurned",
    "BurnMode",
    "BurnRule",
    "CardAccount",
    "CardBurned",
    "CardDiscarded",
    "CardDrawn",
    "CardVerdict",
    "CoupEnded",
    "CoupStarted",
    "CutCardOut",
    "RegularityFinding",
    "RegularityTest",
    "Shoe",
    "ShoeEnded",
    "ShoeEvent",
    "ShoePhase",
    "ShoeSettings",
    "ShoeStarted",
    "ShuffleCheckSettings",
    "ShuffleStatus",
    "ShuffleVerdict",
    "check_shuffle",
    "critical_values",
    "regularity_statistics",
]
