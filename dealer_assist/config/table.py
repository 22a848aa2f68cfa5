"""The table's whole configuration (:class:`TableConfig`) and its ``[table]`` section."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer_assist.config.bank import BankConfig
from dealer_assist.config.journal import JournalSettings
from dealer_assist.config.misdeal import MisdealRules
from dealer_assist.config.reader import Section, default_of
from dealer_assist.config.sources import source_role
from dealer_assist.config.training import TrainingSettings
from dealer_assist.pit.settings import PublishSettings
from dealer_assist.rules.settlement import SettlementRules
from dealer_assist.rules.variants import Variant
from dealer_assist.shoe.settings import ShoeSettings
from dealer_assist.vision.settings import CameraSettings

LANGUAGES = ("en", "zh_TW", "zh_CN")
KEYS = ("id", "name", "variant", "squeeze", "shuffle_check", "language", "confirm_coup")
DEFAULT_VARIANT = "punto-banco"


@dataclass(frozen=True, slots=True, kw_only=True)
class TableConfig:
    table_id: str = "T1"
    name: str = "Baccarat"
    variant: Variant
    shoe: ShoeSettings
    settlement: SettlementRules
    seats: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
    squeeze: bool = False
    # The croupier closes each coup (pays, then presses "next coup"); a card out before that is
    # an extra card. Off: the next card out starts the next coup.
    confirm_coup: bool = True
    shuffle_check: bool = True
    misdeal: MisdealRules = field(default_factory=MisdealRules)
    sources: tuple[str, ...] = ("mock://",)
    camera: CameraSettings | None = None  # the [camera] section, for camera:// without layout=
    bank: BankConfig = field(default_factory=BankConfig)  # Chemin de Fer and Banque
    journal: Path | None = None
    journal_key: str = ""
    journal_settings: JournalSettings = field(default_factory=JournalSettings)
    language: str = "en"
    # Live odds: after every coup, alert the pit when a bet favours the players by more than
    # ``advantage_threshold`` (expected value per unit staked).
    advantage_alerts: bool = True
    advantage_threshold: Decimal = Decimal("0.01")
    # A school's trainee records, pace target and exam (the ``train`` commands).
    training: TrainingSettings = field(default_factory=TrainingSettings)
    source_file: str = "<defaults>"
    # [publish]: the pit's broker (docs/pit.md); None: the table is not published.
    publish: PublishSettings | None = None

    @property
    def witness_sources(self) -> frozenset[str]:
        """The sources that check the cards instead of dealing them (see :func:`source_role`)."""
        return frozenset(url for url in self.sources if source_role(url, self.sources) == "witness")


def table_section(document: Mapping[str, Any], source: str) -> Section:
    section = Section.of(document, "table", source)
    section.check_keys(KEYS)
    return section


def read_table(section: Section) -> dict[str, Any]:
    """The ``[table]`` keys as :class:`TableConfig` fields (the variant is read with the rules)."""

    def default(name: str) -> Any:
        return default_of(TableConfig, name)

    return {
        "table_id": section.text("id", default("table_id"), longest=64),
        "name": section.text("name", default("name")),
        "squeeze": section.flag("squeeze", default("squeeze")),
        "confirm_coup": section.flag("confirm_coup", default("confirm_coup")),
        "shuffle_check": section.flag("shuffle_check", default("shuffle_check")),
        "language": section.choice("language", default("language"), LANGUAGES),
    }
