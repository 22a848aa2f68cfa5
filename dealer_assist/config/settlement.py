"""``[commission]`` and ``[limits]``: how commission is taken and what each bet may stake
(docs/rules-engine.md, "Settlement and commission boxes")."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from dealer_assist.config.reader import Section
from dealer_assist.rules.settlement import (
    CommissionMode,
    Limit,
    Rounding,
    RoundingMode,
    SettlementRules,
    TableLimits,
)
from dealer_assist.rules.variants import Variant

# The house defaults: commission in boxes, 1 to 10,000 on every bet. A limit that gives only
# its min or its max takes the other from the rules' widest limit (TableLimits().default).
HOUSE_SETTLEMENT = SettlementRules(
    commission_mode=CommissionMode.BOX,
    limits=TableLimits(default=Limit(minimum=Decimal(1), maximum=Decimal(10_000))),
)
_MODES = ("box", "immediate")
_ROUNDING_MODES = tuple(mode.value for mode in RoundingMode)


def read_settlement(document: Mapping[str, Any], variant: Variant, source: str) -> SettlementRules:
    commission = Section.of(document, "commission", source)
    commission.check_keys(("mode", "minimum", "rounding_unit", "rounding"))
    defaults = HOUSE_SETTLEMENT
    mode = commission.choice("mode", defaults.commission_mode.value, _MODES)
    rounding = commission.choice(
        "rounding", defaults.commission_rounding.mode.value, _ROUNDING_MODES
    )
    unit = commission.money("rounding_unit", defaults.commission_rounding.unit, positive=True)
    minimum = commission.money("minimum", defaults.minimum_commission)
    return SettlementRules(
        commission_mode=CommissionMode(mode),
        minimum_commission=minimum,
        commission_rounding=Rounding(unit=unit, mode=RoundingMode(rounding)),
        limits=_read_limits(Section.of(document, "limits", source), variant),
    )


def _read_limits(section: Section, variant: Variant) -> TableLimits:
    widest = TableLimits().default
    default_limit = HOUSE_SETTLEMENT.limits.default
    per_bet: dict[str, Limit] = {}
    for bet_name, spec in section.values.items():
        if not isinstance(spec, dict) or set(spec) - {"min", "max"} or not spec:
            raise section.fail(bet_name, 'write { min = "10", max = "5000" }')
        limit_section = Section(spec, section.where(bet_name), section.source)
        minimum = limit_section.money("min", widest.minimum, positive=True)
        maximum = limit_section.money("max", widest.maximum, positive=True)
        if minimum > maximum:
            raise section.fail(
                bet_name, f"the minimum {minimum} is more than the maximum {maximum}"
            )
        limit = Limit(minimum=minimum, maximum=maximum)
        if bet_name == "default":
            default_limit = limit
        elif bet_name not in variant.bets:
            bets = ", ".join(sorted(variant.bets))
            raise section.fail(bet_name, f"{variant.name} has no {bet_name!r} bet (bets: {bets})")
        else:
            per_bet[bet_name] = limit
    return TableLimits(default=default_limit, per_bet=MappingProxyType(per_bet))
