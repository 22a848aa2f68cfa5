"""The shuffle check: does the opening of a shoe look unshuffled?

In 2012 decks sold as pre-shuffled came out in factory order at an Atlantic City table and
players won about $1.5M in 41 hands (field.md); card-reading shoes flag runs that are too
regular. This check does it as a statistical test, so that its false alarms have a known
rate: each statistic of :mod:`dealer_assist.shoe.regularity` fires when its value reaches a
threshold computed from its tail under a well-shuffled shoe, and the target false-alarm rate
is split evenly (Bonferroni) over every statistic at every checkpoint. The checkpoints let a
shoe in factory order raise the alarm after 26 cards while subtler patterns get 104.

The check is a pure function of the cards seen so far, in the order they left the shoe (burn
cards included when the reader saw them), so it can run after every card: the verdict only
changes when a checkpoint is reached.

>>> from dealer_assist.cards import shoe_composition
>>> from dealer_assist.shoe.shuffles import factory_order
>>> verdict = check_shuffle(factory_order(decks=8)[:60], composition=shoe_composition(8))
>>> verdict.status, [f.test.value for f in verdict.fired][:2]
(<ShuffleStatus.SUSPICIOUS: 'suspicious'>, ['same_suit_pairs', 'rank_step_pairs'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from dealer_assist.cards import Card, one_deck
from dealer_assist.errors import ConfigError
from dealer_assist.shoe.regularity import NullModel, RegularityTest, regularity_statistics

ALL_TESTS: tuple[RegularityTest, ...] = tuple(RegularityTest)


@dataclass(frozen=True, slots=True, kw_only=True)
class ShuffleCheckSettings:
    # The check looks at the first 26, 52 and 104 cards; more looks cost a little power each.
    checkpoints: tuple[int, ...] = (26, 52, 104)
    # Target rate of alarms on properly shuffled shoes, over all looks together.
    false_alarm_rate: float = 1e-4
    tests: tuple[RegularityTest, ...] = ALL_TESTS

    def __post_init__(self) -> None:
        source = "shuffle check settings"
        points = self.checkpoints
        if not points or any(b <= a for a, b in pairwise(points)):
            raise ConfigError(source, "checkpoints", f"need rising card counts, not {points}")
        if points[0] < 8:
            raise ConfigError(source, "checkpoints", f"{points[0]} cards are too few to judge")
        if not 0 < self.false_alarm_rate < 1:
            raise ConfigError(source, "false_alarm_rate", f"{self.false_alarm_rate} not in (0, 1)")
        if not self.tests:
            raise ConfigError(source, "tests", "at least one test is needed")

    def within(self, cards: int) -> ShuffleCheckSettings:
        """These settings without the checkpoints a shoe of ``cards`` cards does not reach (a
        one-deck shoe is judged at 26 and 52 cards); unchanged when none would be left."""
        inside = tuple(n for n in self.checkpoints if n <= cards)
        return replace(self, checkpoints=inside) if inside else self

    @property
    def alpha_per_test(self) -> float:
        """The false-alarm budget of one statistic at one checkpoint."""
        return self.false_alarm_rate / (len(self.checkpoints) * len(self.tests))


class ShuffleStatus(Enum):
    PENDING = "pending"  # no alarm so far, checkpoints still to come
    CLEAN = "clean"  # every checkpoint passed
    SUSPICIOUS = "suspicious"  # at least one test fired: stop and check the shuffle


class RegularityFinding(NamedTuple):
    """One statistic at one checkpoint: it fired when ``value >= critical_value``."""

    test: RegularityTest
    cards: int
    value: int
    critical_value: int
    p_value: float
    fired: bool

    def describe(self) -> str:
        return (
            f"{self.test.description}: {self.value} in the first {self.cards} cards "
            f"(alarm at {self.critical_value}, p = {self.p_value:.2g})"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ShuffleVerdict:
    status: ShuffleStatus
    cards_seen: int
    alpha_per_test: float
    findings: tuple[RegularityFinding, ...]

    @property
    def suspicious(self) -> bool:
        return self.status is ShuffleStatus.SUSPICIOUS

    @property
    def fired(self) -> tuple[RegularityFinding, ...]:
        return tuple(finding for finding in self.findings if finding.fired)

    @property
    def message(self) -> str:
        if self.status is ShuffleStatus.SUSPICIOUS:
            reasons = "; ".join(finding.describe() for finding in self.fired)
            return f"the shoe looks unshuffled, stop and check the shuffle: {reasons}"
        if self.status is ShuffleStatus.CLEAN:
            return f"the first {self.findings[-1].cards} cards look shuffled"
        return f"no sign of an unshuffled shoe in {self.cards_seen} cards so far"


def check_shuffle(
    cards: Sequence[Card],
    *,
    composition: Mapping[Card, int],
    settings: ShuffleCheckSettings | None = None,
) -> ShuffleVerdict:
    """Judge the opening ``cards`` of a shoe holding ``composition`` at every checkpoint reached."""
    chosen = ShuffleCheckSettings() if settings is None else settings
    faces = tuple(composition.get(card, 0) for card in one_deck())
    tables = _critical_values(faces, chosen)
    findings: list[RegularityFinding] = []
    for cards_at, criticals in zip(chosen.checkpoints, tables, strict=True):
        if cards_at > len(cards):
            break
        values = regularity_statistics(cards[:cards_at])
        for test, critical in zip(chosen.tests, criticals, strict=True):
            value = values[test]
            fired = value >= critical
            p_value = _p_value(faces, cards_at, test, value)
            findings.append(RegularityFinding(test, cards_at, value, critical, p_value, fired))
    if any(finding.fired for finding in findings):
        status = ShuffleStatus.SUSPICIOUS
    elif len(cards) >= chosen.checkpoints[-1]:
        status = ShuffleStatus.CLEAN
    else:
        status = ShuffleStatus.PENDING
    return ShuffleVerdict(
        status=status,
        cards_seen=len(cards),
        alpha_per_test=chosen.alpha_per_test,
        findings=tuple(findings),
    )


def critical_values(
    *, composition: Mapping[Card, int], settings: ShuffleCheckSettings
) -> dict[int, dict[RegularityTest, int]]:
    """The alarm threshold of every test at every checkpoint: for documentation and reports."""
    faces = tuple(composition.get(card, 0) for card in one_deck())
    tables = _critical_values(faces, settings)
    return {
        cards: dict(zip(settings.tests, row, strict=True))
        for cards, row in zip(settings.checkpoints, tables, strict=True)
    }


def _model(faces: tuple[int, ...], cards: int) -> NullModel:
    composition = {card: count for card, count in zip(one_deck(), faces, strict=True) if count}
    return NullModel(cards=cards, composition=composition)


@lru_cache(maxsize=32)
def _critical_values(
    faces: tuple[int, ...], settings: ShuffleCheckSettings
) -> tuple[tuple[int, ...], ...]:
    total = sum(faces)
    if settings.checkpoints[-1] > total:
        raise ConfigError(
            "shuffle check settings",
            "checkpoints",
            f"{settings.checkpoints[-1]} cards is more than the shoe's {total}",
        )
    alpha = settings.alpha_per_test
    rows = []
    for cards in settings.checkpoints:
        model = _model(faces, cards)
        rows.append(tuple(model.critical_value(test, alpha) for test in settings.tests))
    return tuple(rows)


@lru_cache(maxsize=1024)
def _p_value(faces: tuple[int, ...], cards: int, test: RegularityTest, value: int) -> float:
    return _model(faces, cards).tail(test, value)
