"""The table's one configuration file (TOML), read into typed, frozen settings.

Every key is documented in ``docs/configuration.md``. An invalid file raises
:class:`~dealer_assist.errors.ConfigError` naming the key and what is allowed. Nothing is read
from the environment or from home folders: what a table does is in its file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from types import MappingProxyType
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from dealer_assist.errors import ConfigError
from dealer_assist.pit.settings import PublishSettings, parse_publish
from dealer_assist.rules.coup import Game, Hand
from dealer_assist.rules.settlement import (
    CommissionMode,
    Limit,
    Rounding,
    RoundingMode,
    SettlementRules,
    TableLimits,
)
from dealer_assist.rules.variants import Catalog, Variant, load_catalog
from dealer_assist.shoe.settings import MIN_CARDS_TO_DEAL, BurnRule, ShoeSettings


@dataclass(frozen=True, slots=True, kw_only=True)
class MisdealRules:
    """House procedures for dealing errors (field.md, "Errors")."""

    # A card out of the shoe after the coup is complete: "burn" it and go on, or "alert".
    extra_card: str = "burn"
    # A card the croupier reports exposed: "burn" it (the next card takes its place) or "use".
    exposed_card: str = "burn"


@dataclass(frozen=True, slots=True, kw_only=True)
class JournalSettings:
    """The journal's rotation, retention, PIN file and clock watch (docs/journal.md)."""

    rotate: str = "shoe"  # a new file for each "shoe", each UTC "day", or "none"
    max_file_bytes: int = 64 * 1024 * 1024  # a file this big is closed at once, mid-shoe
    retention_days: int = 90  # closed files younger than this are never removed
    archive_dir: Path | None = None  # closed files; None: "archive" beside the journal
    pin_file: Path | None = None  # None: the journal's path with ".pins" added
    pin_attempts: int = 5  # wrong PINs in a row before the role is locked out
    lockout_minutes: int = 15
    clock_step_seconds: int = 60  # a forward jump larger than this is a clock step


Point = tuple[float, float]


@dataclass(frozen=True, slots=True, kw_only=True)
class CameraMarker:
    id: int
    center_mm: Point
    size_mm: float = 30.0


@dataclass(frozen=True, slots=True, kw_only=True)
class CameraZone:
    hand: Hand
    polygon_mm: tuple[Point, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CameraSettings:
    """The ``[camera]`` section: the overhead camera's layout and calibration (docs/vision.md).

    Checked here in plain Python (the core imports no numpy); the camera driver turns it into a
    :class:`dealer_assist.vision.layout.Layout` with :meth:`as_document`.
    """

    card_width_mm: float = 63.0
    card_height_mm: float = 88.0
    region_mm: tuple[float, float, float, float] = (0.0, 0.0, 600.0, 340.0)
    aruco_dictionary: str = "DICT_4X4_50"
    image_to_table: tuple[tuple[float, float, float], ...] | None = None
    zone_tolerance_mm: float = 40.0
    markers: tuple[CameraMarker, ...] = ()
    zones: tuple[CameraZone, ...] = ()

    def as_document(self) -> dict[str, Any]:
        """The section as a parsed TOML document (``{"camera": {...}}``)."""
        camera: dict[str, Any] = {
            "card_width_mm": self.card_width_mm,
            "card_height_mm": self.card_height_mm,
            "region_mm": list(self.region_mm),
            "aruco_dictionary": self.aruco_dictionary,
            "zone_tolerance_mm": self.zone_tolerance_mm,
            "markers": [
                {"id": m.id, "center_mm": list(m.center_mm), "size_mm": m.size_mm}
                for m in self.markers
            ],
            "zones": [
                {"hand": z.hand.value, "polygon_mm": [list(p) for p in z.polygon_mm]}
                for z in self.zones
            ],
        }
        if self.image_to_table is not None:
            camera["image_to_table"] = [list(row) for row in self.image_to_table]
        return {"camera": camera}


@dataclass(frozen=True, slots=True, kw_only=True)
class BankConfig:
    """The ``[bank]`` section: the house settings of Chemin de Fer and Baccarat Banque
    (docs/bank-games.md). ``None`` fields keep the rules' defaults."""

    cagnotte_rate: Decimal = Decimal("0.05")  # Chemin de Fer: of each coup the bank wins
    # Chemin de Fer: the part of the bank nobody covered, at "no more bets": "kept" in the bank
    # for the next coup (source 000), or "withdrawn" by the banker for good (source 003 alone)
    uncovered: str = "kept"
    assignment: str = "auction"  # Banque: "auction" or "first_on_list"
    house_rate: Decimal = Decimal("0.05")  # Banque: what the house takes
    house_basis: str = "coup_net"  # Banque: "coup_net" or "winning_sides"
    rounding: Rounding = field(default_factory=Rounding)  # of the cagnotte / the house's take
    unit: Decimal = Decimal("0.01")  # stakes and banks are whole units of this
    minimum_stake: Decimal = Decimal("0.01")
    minimum_bank: Decimal = Decimal("0.01")


SOURCE_ROLES = ("deal", "witness")
_WITNESS_SCHEMES = frozenset({"camera"})  # sources that see where a card lands


def source_role(url: str, sources: tuple[str, ...]) -> str:
    """``"deal"`` or ``"witness"`` for one of the table's source URLs.

    A source's ``role=`` option decides. Without it a camera is a witness when another source
    (a shoe) is configured - it checks the cards, it does not deal them a second time - and the
    dealing source when it is alone (or only beside other cameras).
    """
    scheme, options = _scheme_and_options(url)
    role = options.get("role")
    if role in SOURCE_ROLES:
        return role
    if scheme not in _WITNESS_SCHEMES:
        return "deal"
    others = [s for s in sources if _scheme_and_options(s)[0] not in _WITNESS_SCHEMES]
    return "witness" if others else "deal"


def _scheme_and_options(url: str) -> tuple[str, dict[str, str]]:
    parts = urlsplit(url)
    return parts.scheme, dict(parse_qsl(parts.query, keep_blank_values=True))


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
    source_file: str = "<defaults>"
    # [publish]: the pit's broker (dealer_assist/pit/settings.py); None: not published.
    publish: PublishSettings | None = None

    @property
    def witness_sources(self) -> frozenset[str]:
        """The sources that check the cards instead of dealing them (see :func:`source_role`)."""
        return frozenset(url for url in self.sources if source_role(url, self.sources) == "witness")


_TOP_KEYS = {
    "bank",
    "camera",
    "table",
    "rules",
    "shoe",
    "commission",
    "limits",
    "seats",
    "misdeal",
    "sources",
    "journal",
    "variants_dir",
    "odds",
    "publish",  # the pit (dealer_assist/pit/settings.py)
}


def _fail(source: str, key: str, problem: str) -> ConfigError:
    return ConfigError(source, key, problem)


def _table(document: Mapping[str, Any], key: str, source: str) -> dict[str, Any]:
    value = document.get(key, {})
    if not isinstance(value, dict):
        raise _fail(source, key, "must be a table ([" + key + "])")
    return value


def _check_keys(table: Mapping[str, Any], allowed: set[str], prefix: str, source: str) -> None:
    for key in table:
        if key not in allowed:
            raise _fail(
                source, f"{prefix}.{key}", f"unknown key (allowed: {', '.join(sorted(allowed))})"
            )


def _str(table: Mapping[str, Any], key: str, default: str, where: str, source: str) -> str:
    value = table.get(key, default)
    if not isinstance(value, str) or not value.strip():
        raise _fail(source, where, f"must be non-empty text, not {value!r}")
    return value


def _int(table: Mapping[str, Any], key: str, default: int, where: str, source: str) -> int:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(source, where, f"must be a whole number, not {value!r}")
    return value


def _bool(table: Mapping[str, Any], key: str, default: bool, where: str, source: str) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise _fail(source, where, f"must be true or false, not {value!r}")
    return value


def _money(value: object, where: str, source: str) -> Decimal:
    if isinstance(value, bool | float):
        raise _fail(source, where, f"write money as text or a whole number, not {value!r}")
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise _fail(source, where, f"{value!r} is not an amount") from None
    if not amount.is_finite() or amount < 0:
        raise _fail(source, where, f"{value!r} is not an amount")
    return amount


def _choice(
    table: Mapping[str, Any],
    key: str,
    default: str,
    allowed: tuple[str, ...],
    where: str,
    source: str,
) -> str:
    value = table.get(key, default)
    if value not in allowed:
        raise _fail(source, where, f"must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


_BANK_KEYS = {
    "chemin-de-fer": {"cagnotte_rate", "uncovered"},
    "banque": {"assignment", "house_rate", "house_basis"},
}
_BANK_COMMON_KEYS = {"rounding_unit", "rounding", "unit", "minimum_stake", "minimum_bank"}


def _rate(table: Mapping[str, Any], key: str, source: str) -> Decimal:
    where = f"bank.{key}"
    value = table.get(key, "0.05")
    if isinstance(value, bool | float):
        raise _fail(source, where, f'write it as text, e.g. "0.05", not {value!r}')
    try:
        rate = Decimal(str(value))
    except InvalidOperation:
        raise _fail(source, where, f"{value!r} is not a number") from None
    if not rate.is_finite() or not 0 <= rate < 1:
        raise _fail(source, where, f'must be a fraction from 0 to 1, e.g. "0.05", not {value!r}')
    return rate


def _bank_config(document: Mapping[str, Any], game: Game, source: str) -> BankConfig:
    bank = _table(document, "bank", source)
    if not bank:
        return BankConfig()
    if game not in (Game.CHEMIN_DE_FER, Game.BANQUE):
        raise _fail(source, "bank", "is for chemin-de-fer and banque tables (the house banks here)")
    name = "chemin-de-fer" if game is Game.CHEMIN_DE_FER else "banque"
    for key in bank:
        if key in _BANK_COMMON_KEYS or key in _BANK_KEYS[name]:
            continue
        other = [n for n, keys in _BANK_KEYS.items() if key in keys]
        problem = (
            f"is a {other[0]} setting, not for {name}"
            if other
            else f"unknown key (allowed: {', '.join(sorted(_BANK_COMMON_KEYS | _BANK_KEYS[name]))})"
        )
        raise _fail(source, f"bank.{key}", problem)
    amounts = {}
    for key in ("unit", "minimum_stake", "minimum_bank", "rounding_unit"):
        amount = _money(bank.get(key, "0.01"), f"bank.{key}", source)
        if amount <= 0:
            raise _fail(source, f"bank.{key}", "must be more than 0, e.g. 0.01 or 1")
        amounts[key] = amount
    rounding_mode = _choice(
        bank, "rounding", "half_up", ("half_up", "up", "down"), "bank.rounding", source
    )
    return BankConfig(
        cagnotte_rate=_rate(bank, "cagnotte_rate", source),
        uncovered=_choice(
            bank, "uncovered", "kept", ("kept", "withdrawn"), "bank.uncovered", source
        ),
        assignment=_choice(
            bank, "assignment", "auction", ("auction", "first_on_list"), "bank.assignment", source
        ),
        house_rate=_rate(bank, "house_rate", source),
        house_basis=_choice(
            bank,
            "house_basis",
            "coup_net",
            ("coup_net", "winning_sides"),
            "bank.house_basis",
            source,
        ),
        rounding=Rounding(unit=amounts["rounding_unit"], mode=RoundingMode(rounding_mode)),
        unit=amounts["unit"],
        minimum_stake=amounts["minimum_stake"],
        minimum_bank=amounts["minimum_bank"],
    )


def _check_sources(sources: list[str], source: str) -> None:
    """Each source's ``role=``: only on a camera, ``deal`` or ``witness``; a witness needs a
    source that deals."""
    for index, url in enumerate(sources):
        scheme, options = _scheme_and_options(url)
        if "role" not in options:
            continue
        where = f"sources[{index}]"
        if scheme not in _WITNESS_SCHEMES:
            raise _fail(
                source, where, f"role= is for camera:// sources only, not {scheme}:// ({url})"
            )
        if options["role"] not in SOURCE_ROLES:
            raise _fail(
                source, where, f"role must be deal or witness, not {options['role']!r} ({url})"
            )
    roles = [source_role(url, tuple(sources)) for url in sources]
    if "deal" not in roles:
        raise _fail(
            source,
            "sources",
            "every source is a witness: a witness camera checks the cards a shoe deals; "
            "add the shoe, or make the camera deal (role=deal)",
        )


def _number(value: object, where: str, source: str, *, positive: bool = True) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _fail(source, where, f"must be a number, not {value!r}")
    if positive and value <= 0:
        raise _fail(source, where, f"must be a positive number, not {value!r}")
    return float(value)


def _point(value: object, where: str, source: str) -> Point:
    if not isinstance(value, list) or len(value) != 2:
        raise _fail(source, where, f"must be [x, y] in millimetres, not {value!r}")
    return (
        _number(value[0], where, source, positive=False),
        _number(value[1], where, source, positive=False),
    )


_CAMERA_KEYS = {
    "card_width_mm",
    "card_height_mm",
    "region_mm",
    "aruco_dictionary",
    "image_to_table",
    "zone_tolerance_mm",
    "markers",
    "zones",
}


def parse_camera_settings(camera: Mapping[str, Any], source: str) -> CameraSettings:
    """The ``[camera]`` section of a configuration or a layout file (docs/vision.md), checked;
    a :class:`ConfigError` names the field."""
    _check_keys(camera, _CAMERA_KEYS, "camera", source)
    defaults = CameraSettings()
    region_value = camera.get("region_mm", list(defaults.region_mm))
    if not isinstance(region_value, list) or len(region_value) != 4:
        raise _fail(source, "camera.region_mm", "must be [left, top, right, bottom] in mm")
    left, top, right, bottom = (
        _number(v, "camera.region_mm", source, positive=False) for v in region_value
    )
    if right <= left or bottom <= top:
        raise _fail(source, "camera.region_mm", "must be [left, top, right, bottom] in mm")
    dictionary = camera.get("aruco_dictionary", defaults.aruco_dictionary)
    if not isinstance(dictionary, str) or not dictionary.startswith("DICT_"):
        raise _fail(source, "camera.aruco_dictionary", "must name an ArUco dictionary, DICT_...")
    matrix: tuple[tuple[float, float, float], ...] | None = None
    matrix_value = camera.get("image_to_table")
    if matrix_value is not None:
        if (
            not isinstance(matrix_value, list)
            or len(matrix_value) != 3
            or not all(isinstance(row, list) and len(row) == 3 for row in matrix_value)
        ):
            raise _fail(
                source, "camera.image_to_table", "must be a 3x3 matrix (three rows of three)"
            )
        rows = [
            [_number(v, "camera.image_to_table", source, positive=False) for v in row]
            for row in matrix_value
        ]
        matrix = tuple((row[0], row[1], row[2]) for row in rows)
    markers_value = camera.get("markers", [])
    if not isinstance(markers_value, list):
        raise _fail(source, "camera.markers", "must be a list of [[camera.markers]] tables")
    markers = []
    for index, entry in enumerate(markers_value):
        where = f"camera.markers[{index}]"
        if not isinstance(entry, dict) or isinstance(entry.get("id"), bool):
            raise _fail(source, where, "needs id (a whole number), center_mm and size_mm")
        _check_keys(entry, {"id", "center_mm", "size_mm"}, where, source)
        if not isinstance(entry.get("id"), int):
            raise _fail(source, f"{where}.id", "must be a whole number (the ArUco id)")
        markers.append(
            CameraMarker(
                id=entry["id"],
                center_mm=_point(entry.get("center_mm"), f"{where}.center_mm", source),
                size_mm=_number(entry.get("size_mm", 30.0), f"{where}.size_mm", source),
            )
        )
    zones_value = camera.get("zones", [])
    if not isinstance(zones_value, list):
        raise _fail(source, "camera.zones", "must be a list of [[camera.zones]] tables")
    zones = []
    for index, entry in enumerate(zones_value):
        where = f"camera.zones[{index}]"
        if not isinstance(entry, dict):
            raise _fail(source, where, "must be a table with hand and polygon_mm")
        _check_keys(entry, {"hand", "polygon_mm"}, where, source)
        try:
            hand = Hand(entry.get("hand"))
        except ValueError:
            allowed = ", ".join(h.value for h in Hand)
            raise _fail(source, f"{where}.hand", f"must be one of {allowed}") from None
        polygon = entry.get("polygon_mm")
        if not isinstance(polygon, list) or len(polygon) < 3:
            raise _fail(source, f"{where}.polygon_mm", "needs at least three [x, y] points")
        points = tuple(_point(p, f"{where}.polygon_mm", source) for p in polygon)
        zones.append(CameraZone(hand=hand, polygon_mm=points))
    return CameraSettings(
        card_width_mm=_number(
            camera.get("card_width_mm", defaults.card_width_mm), "camera.card_width_mm", source
        ),
        card_height_mm=_number(
            camera.get("card_height_mm", defaults.card_height_mm),
            "camera.card_height_mm",
            source,
        ),
        region_mm=(left, top, right, bottom),
        aruco_dictionary=dictionary,
        image_to_table=matrix,
        zone_tolerance_mm=_number(
            camera.get("zone_tolerance_mm", defaults.zone_tolerance_mm),
            "camera.zone_tolerance_mm",
            source,
        ),
        markers=tuple(markers),
        zones=tuple(zones),
    )


def _shoe_settings(
    shoe_table: Mapping[str, Any], burn: BurnRule, variant: Variant, source: str
) -> ShoeSettings:
    decks = _int(shoe_table, "decks", variant.decks, "shoe.decks", source)
    return ShoeSettings(
        decks=decks,
        cut_card_from_end=_int(
            shoe_table, "cut_card_from_end", 14, "shoe.cut_card_from_end", source
        ),
        burn=burn,
        coups_after_cut_card=_int(
            shoe_table, "coups_after_cut_card", 1, "shoe.coups_after_cut_card", source
        ),
        min_cards_to_deal=_int(
            shoe_table,
            "min_cards_to_deal",
            max(variant.min_cards_for_deal, MIN_CARDS_TO_DEAL[variant.game]),
            "shoe.min_cards_to_deal",
            source,
        ),
    )


def _journal_settings(table: Mapping[str, Any], base: Path, source: str) -> JournalSettings:
    paths: dict[str, Path | None] = {}
    for key in ("archive_dir", "pin_file"):
        value = table.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise _fail(source, f"journal.{key}", "must be a path")
        paths[key] = base / value if value else None
    size = _int(table, "max_file_mb", 64, "journal.max_file_mb", source)
    if not 1 <= size <= 4096:
        raise _fail(source, "journal.max_file_mb", f"must be 1-4096 (MiB), not {size}")
    retention = _int(table, "retention_days", 90, "journal.retention_days", source)
    if retention < 90:
        raise _fail(source, "journal.retention_days", f"must be at least 90, not {retention}")
    attempts = _int(table, "pin_attempts", 5, "journal.pin_attempts", source)
    lockout = _int(table, "lockout_minutes", 15, "journal.lockout_minutes", source)
    step = _int(table, "clock_step_seconds", 60, "journal.clock_step_seconds", source)
    for key, value in (("pin_attempts", attempts), ("lockout_minutes", lockout)):
        if value < 1:
            raise _fail(source, f"journal.{key}", f"must be at least 1, not {value}")
    if step < 1:
        raise _fail(source, "journal.clock_step_seconds", f"must be at least 1, not {step}")
    return JournalSettings(
        rotate=_choice(table, "rotate", "shoe", ("shoe", "day", "none"), "journal.rotate", source),
        max_file_bytes=size * 1024 * 1024,
        retention_days=retention,
        archive_dir=paths["archive_dir"],
        pin_file=paths["pin_file"],
        pin_attempts=attempts,
        lockout_minutes=lockout,
        clock_step_seconds=step,
    )


def parse_config(
    document: Mapping[str, Any],
    *,
    source: str = "<config>",
    base_dir: Path | None = None,
    catalog: Catalog | None = None,
) -> TableConfig:
    """Build a :class:`TableConfig` from a parsed TOML document."""
    for key in document:
        if key not in _TOP_KEYS:
            raise _fail(source, key, f"unknown section (allowed: {', '.join(sorted(_TOP_KEYS))})")
    base = base_dir or Path.cwd()

    variants_dirs: list[Path] = []
    raw_dirs = document.get("variants_dir", [])
    if isinstance(raw_dirs, str):
        raw_dirs = [raw_dirs]
    if not isinstance(raw_dirs, list) or not all(isinstance(d, str) for d in raw_dirs):
        raise _fail(source, "variants_dir", "must be a folder path or a list of them")
    variants_dirs = [base / d for d in raw_dirs]
    if catalog is None:
        catalog = load_catalog(variants_dirs)

    table = _table(document, "table", source)
    _check_keys(
        table,
        {"id", "name", "variant", "squeeze", "shuffle_check", "language", "confirm_coup"},
        "table",
        source,
    )
    variant_name = _str(table, "variant", "punto-banco", "table.variant", source)
    if variant_name not in catalog.variants:
        raise _fail(
            source,
            "table.variant",
            f"no variant {variant_name!r} (known: {', '.join(sorted(catalog.variants))})",
        )
    variant = catalog.variants[variant_name]

    rules = _table(document, "rules", source)
    _check_keys(rules, {"commission", "tie_pays"}, "rules", source)
    if "commission" in rules:
        rate = _money(rules["commission"], "rules.commission", source)
        if rate >= 1:
            raise _fail(source, "rules.commission", "a rate is a fraction such as 0.05 or 0.04")
        variant = variant.with_commission(rate)
    if "tie_pays" in rules:
        try:
            variant = variant.with_tie_pays(str(rules["tie_pays"]))
        except ValueError as error:  # also BetError, for a variant without a Tie bet
            raise _fail(source, "rules.tie_pays", str(error)) from None

    shoe_table = _table(document, "shoe", source)
    _check_keys(
        shoe_table,
        {"decks", "cut_card_from_end", "burn", "coups_after_cut_card", "min_cards_to_deal"},
        "shoe",
        source,
    )
    burn_raw = shoe_table.get("burn", "first_card_value")
    if burn_raw == "first_card_value":
        burn = BurnRule.first_card_value()
    elif burn_raw == "none":
        burn = BurnRule.none()
    elif isinstance(burn_raw, int) and not isinstance(burn_raw, bool) and burn_raw > 0:
        burn = BurnRule.fixed(burn_raw)
    else:
        raise _fail(
            source,
            "shoe.burn",
            f'must be "first_card_value", "none" or a number of cards, not {burn_raw!r}',
        )
    try:
        shoe = _shoe_settings(shoe_table, burn, variant, source)
    except ConfigError as error:  # ShoeSettings checks combinations; name the file too
        raise _fail(source, f"shoe.{error.field}", error.problem) from None

    commission = _table(document, "commission", source)
    _check_keys(commission, {"mode", "minimum", "rounding_unit", "rounding"}, "commission", source)
    mode = _choice(commission, "mode", "box", ("box", "immediate"), "commission.mode", source)
    rounding_mode = _choice(
        commission, "rounding", "half_up", ("half_up", "up", "down"), "commission.rounding", source
    )
    unit = _money(commission.get("rounding_unit", "0.01"), "commission.rounding_unit", source)
    if unit <= 0:
        raise _fail(source, "commission.rounding_unit", "must be more than 0, e.g. 0.01 or 0.25")

    limits_table = _table(document, "limits", source)
    per_bet: dict[str, Limit] = {}
    default_limit = Limit(minimum=Decimal(1), maximum=Decimal(10_000))
    for bet_name, spec in limits_table.items():
        where = f"limits.{bet_name}"
        if not isinstance(spec, dict) or set(spec) - {"min", "max"} or not spec:
            raise _fail(source, where, 'write { min = "10", max = "5000" }')
        try:
            limit = Limit(
                minimum=_money(spec.get("min", "0.01"), f"{where}.min", source),
                maximum=_money(spec.get("max", "1000000000"), f"{where}.max", source),
            )
        except ValueError as error:
            raise _fail(source, where, str(error)) from None
        if bet_name == "default":
            default_limit = limit
        elif bet_name not in variant.bets:
            raise _fail(
                source,
                where,
                f"{variant.name} has no {bet_name!r} bet (bets: {', '.join(sorted(variant.bets))})",
            )
        else:
            per_bet[bet_name] = limit
    settlement = SettlementRules(
        commission_mode=CommissionMode(mode),
        minimum_commission=_money(commission.get("minimum", "0"), "commission.minimum", source),
        commission_rounding=Rounding(unit=unit, mode=RoundingMode(rounding_mode)),
        limits=TableLimits(default=default_limit, per_bet=MappingProxyType(per_bet)),
    )

    seats_table = _table(document, "seats", source)
    _check_keys(seats_table, {"count", "numbers"}, "seats", source)
    if "numbers" in seats_table:
        numbers = seats_table["numbers"]
        if (
            not isinstance(numbers, list)
            or not numbers
            or not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in numbers)
            or len(set(numbers)) != len(numbers)
        ):
            raise _fail(
                source, "seats.numbers", "a list of different seat numbers, e.g. [1, 2, 3, 5]"
            )
        seats = tuple(numbers)
    else:
        count = _int(seats_table, "count", 7, "seats.count", source)
        if not 1 <= count <= 14:
            raise _fail(source, "seats.count", f"must be 1-14, not {count}")
        seats = tuple(range(1, count + 1))

    misdeal_table = _table(document, "misdeal", source)
    _check_keys(misdeal_table, {"extra_card", "exposed_card"}, "misdeal", source)
    misdeal = MisdealRules(
        extra_card=_choice(
            misdeal_table, "extra_card", "burn", ("burn", "alert"), "misdeal.extra_card", source
        ),
        exposed_card=_choice(
            misdeal_table, "exposed_card", "burn", ("burn", "use"), "misdeal.exposed_card", source
        ),
    )

    sources_raw = document.get("sources", ["mock://"])
    if (
        not isinstance(sources_raw, list)
        or not sources_raw
        or not all(isinstance(s, str) and "://" in s for s in sources_raw)
    ):
        raise _fail(source, "sources", 'a list of source URLs, e.g. ["serial:///dev/ttyACM0"]')
    _check_sources(sources_raw, source)
    camera = (
        parse_camera_settings(_table(document, "camera", source), source)
        if "camera" in document
        else None
    )

    journal_table = _table(document, "journal", source)
    _check_keys(
        journal_table,
        {
            "path",
            "key",
            "rotate",
            "max_file_mb",
            "retention_days",
            "archive_dir",
            "pin_file",
            "pin_attempts",
            "lockout_minutes",
            "clock_step_seconds",
        },
        "journal",
        source,
    )
    journal_path = journal_table.get("path")
    if journal_path is not None and not isinstance(journal_path, str):
        raise _fail(source, "journal.path", "must be a file path")
    journal_key = journal_table.get("key", "")
    if not isinstance(journal_key, str):
        raise _fail(source, "journal.key", "must be text (a hex key or a passphrase)")
    journal_settings = _journal_settings(journal_table, base, source)

    odds_table = _table(document, "odds", source)
    _check_keys(odds_table, {"advantage_alerts", "advantage_threshold"}, "odds", source)
    threshold_raw = odds_table.get("advantage_threshold", "0.01")
    if isinstance(threshold_raw, bool | float):
        raise _fail(source, "odds.advantage_threshold", 'write it as text, e.g. "0.01"')
    try:
        threshold = Decimal(str(threshold_raw))
    except InvalidOperation:
        raise _fail(
            source, "odds.advantage_threshold", f"{threshold_raw!r} is not a number"
        ) from None

    return TableConfig(
        advantage_alerts=_bool(
            odds_table, "advantage_alerts", True, "odds.advantage_alerts", source
        ),
        advantage_threshold=threshold,
        table_id=_str(table, "id", "T1", "table.id", source),
        name=_str(table, "name", "Baccarat", "table.name", source),
        variant=variant,
        shoe=shoe,
        settlement=settlement,
        seats=seats,
        squeeze=_bool(table, "squeeze", False, "table.squeeze", source),
        confirm_coup=_bool(table, "confirm_coup", True, "table.confirm_coup", source),
        shuffle_check=_bool(table, "shuffle_check", True, "table.shuffle_check", source),
        misdeal=misdeal,
        sources=tuple(sources_raw),
        camera=camera,
        bank=_bank_config(document, variant.game, source),
        journal=(base / journal_path) if journal_path else None,
        journal_key=journal_key,
        journal_settings=journal_settings,
        language=_choice(
            table, "language", "en", ("en", "zh_TW", "zh_CN"), "table.language", source
        ),
        source_file=source,
        publish=_publish(document, source, base),
    )


def _publish(document: Mapping[str, Any], source: str, base: Path) -> PublishSettings | None:
    """The ``[publish]`` section, checked by the pit package (no MQTT library needed)."""
    if "publish" not in document:
        return None
    return parse_publish(_table(document, "publish", source), source=source, base_dir=base)


def load_config(path: Path) -> TableConfig:
    """Read a table configuration file."""
    try:
        text = path.read_text("utf-8")
    except OSError as error:
        raise ConfigError(str(path), "", f"cannot read the file: {error.strerror}") from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(str(path), "", f"not valid TOML: {error}") from None
    return parse_config(document, source=str(path), base_dir=path.parent)


def default_config(*, variant: str = "punto-banco", source: str = "mock://") -> TableConfig:
    """The configuration a table runs with when no file is given."""
    return parse_config({"table": {"variant": variant}, "sources": [source]}, source="<defaults>")
