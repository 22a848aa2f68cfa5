"""``[training]``: where a school keeps its trainee records, its pace target and the exam's pass
marks and key (docs/training.md, docs/configuration.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer_assist.config.reader import Section, read_decimal

KEYS = ("records", "pace_target", "pass_draws", "pass_payouts", "min_pace", "exam_key")
#: Hands an hour no dealer deals: the highest target or minimum pace a school may set.
MAX_PACE = Decimal(1000)


@dataclass(frozen=True, slots=True, kw_only=True)
class TrainingSettings:
    """The school's settings. ``records`` and ``exam_key`` None: the defaults under the user's
    data folder (``training.sqlite3`` and ``training-exam.key``)."""

    records: Path | None = None
    pace_target: Decimal = Decimal(60)  # hands an hour at practice, the school's target
    pass_draws: Decimal = Decimal(1)  # the exam: share of draw calls right to pass
    pass_payouts: Decimal = Decimal("0.98")  # share of payouts and commissions right
    min_pace: Decimal = Decimal(0)  # answers an hour (0: no minimum)
    exam_key: Path | None = None


def read_training(document: Mapping[str, Any], base: Path, source: str) -> TrainingSettings:
    section = Section.of(document, "training", source)
    section.check_keys(KEYS)
    defaults = TrainingSettings()
    records, key = section.path("records"), section.path("exam_key")

    def share(name: str, default: Decimal) -> Decimal:
        return read_decimal(
            section.raw(name, str(default)),
            where=section.where(name),
            source=source,
            low=Decimal(0),
            high=Decimal(1),
            example='"0.98"',
            allowed='a share from 0 to 1, e.g. "0.98"',
        )

    def pace(name: str, default: Decimal, *, above_zero: bool) -> Decimal:
        return read_decimal(
            section.raw(name, str(default)),
            where=section.where(name),
            source=source,
            low=Decimal(0),
            high=MAX_PACE,
            above_low=above_zero,
            example='"60"',
            allowed=f"hands an hour, {'above' if above_zero else 'from'} 0 up to {MAX_PACE}",
        )

    return TrainingSettings(
        records=base / records if records else None,
        pace_target=pace("pace_target", defaults.pace_target, above_zero=True),
        pass_draws=share("pass_draws", defaults.pass_draws),
        pass_payouts=share("pass_payouts", defaults.pass_payouts),
        min_pace=pace("min_pace", defaults.min_pace, above_zero=False),
        exam_key=base / key if key else None,
    )
