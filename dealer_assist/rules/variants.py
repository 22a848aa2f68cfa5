"""Variants as data files: which game, which drawing options, which bets with which paytables.

Built-in files live in ``dealer_assist/rules/data``: ``paytables.toml`` names reusable bet
definitions and ``variants/*.toml`` one variant each. A casino adds its own in a folder of the
same shape (``paytables.toml`` and ``*.toml`` variants) passed to :func:`load_catalog`. A variant
may ``extends`` another and override or remove (``false``) bets. A malformed file raises
:class:`ConfigError` naming the file, the field and the problem.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

from dealer_assist.errors import BetError, ConfigError, InputError
from dealer_assist.rules.bets import (
    ALL_KINDS,
    FACT_KINDS,
    KIND_KEYS,
    SIDE_KINDS,
    BetDefinition,
    parse_payout,
)
from dealer_assist.rules.coup import CoupRules, Game, Hand
from dealer_assist.rules.tableau import DEFAULT_CHEMIN_DE_FER_OPTIONS

_GAMES = {game.value: game for game in Game}
_HANDS_BY_GAME = {
    Game.PUNTO_BANCO: {Hand.PLAYER, Hand.BANKER},
    Game.CHEMIN_DE_FER: {Hand.PLAYER, Hand.BANKER},
    Game.BANQUE: {Hand.RIGHT, Hand.LEFT, Hand.BANKER},
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Variant:
    name: str
    title: str
    game: Game
    rules: CoupRules
    decks: int
    min_cards_for_deal: int
    bets: Mapping[str, BetDefinition]
    source: str

    def bet(self, name: str) -> BetDefinition:
        try:
            return self.bets[name]
        except KeyError:
            offered = ", ".join(sorted(self.bets))
            raise BetError(
                "unknown_bet", f"{self.name} does not offer a {name!r} bet (it offers: {offered})"
            ) from None

    def with_commission(self, rate: Decimal) -> Variant:
        """The same variant with every commissioned bet at ``rate`` (e.g. 0.04)."""
        if not Decimal(0) <= rate < Decimal(1):
            raise InputError(f"a commission rate is a fraction from 0 to 1, not {rate}")
        bets = {
            name: replace(bet, commission=rate) if bet.commission else bet
            for name, bet in self.bets.items()
        }
        return replace(self, bets=MappingProxyType(bets))

    def with_tie_pays(self, ratio: str) -> Variant:
        """The same variant with the Tie bet paying ``ratio`` (e.g. ``"9:1"``)."""
        tie = self.bet("tie")
        pays = dict(tie.pays)
        pays["tie"] = parse_payout(ratio)
        bets = dict(self.bets)
        bets["tie"] = replace(tie, pays=MappingProxyType(pays))
        return replace(self, bets=MappingProxyType(bets))


@dataclass(frozen=True, slots=True)
class Catalog:
    """Every variant and paytable known: the built-in ones and the casino's own."""

    variants: Mapping[str, Variant]
    paytables: Mapping[str, Mapping[str, Any]]

    def variant(self, name: str) -> Variant:
        try:
            return self.variants[name]
        except KeyError:
            known = ", ".join(sorted(self.variants))
            raise ConfigError("variants", name, f"no such variant (known: {known})") from None


def _read_toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(source, "", f"not valid TOML: {error}") from None


def _builtin_files() -> tuple[tuple[str, str], list[tuple[str, str]]]:
    data = resources.files("dealer_assist.rules") / "data"
    paytables = data / "paytables.toml"
    variants = sorted(
        (entry for entry in (data / "variants").iterdir() if entry.name.endswith(".toml")),
        key=lambda entry: entry.name,
    )
    return (
        (f"<built-in>/{paytables.name}", paytables.read_text("utf-8")),
        [(f"<built-in>/variants/{entry.name}", entry.read_text("utf-8")) for entry in variants],
    )


def load_catalog(extra_dirs: Iterable[Path] = ()) -> Catalog:
    """Load the built-in variants, then each folder of ``extra_dirs`` over them."""
    paytable_files: list[tuple[str, str]] = []
    variant_files: list[tuple[str, str]] = []
    builtin_paytables, builtin_variants = _builtin_files()
    paytable_files.append(builtin_paytables)
    variant_files.extend(builtin_variants)
    for folder in extra_dirs:
        if not folder.is_dir():
            raise ConfigError(str(folder), "", "not a folder")
        extra = folder / "paytables.toml"
        if extra.exists():
            paytable_files.append((str(extra), extra.read_text("utf-8")))
        for path in sorted(folder.glob("*.toml")):
            if path.name != "paytables.toml":
                variant_files.append((str(path), path.read_text("utf-8")))

    paytables: dict[str, tuple[str, Mapping[str, Any]]] = {}
    for source, text in paytable_files:
        for name, body in _read_toml(text, source).items():
            if not isinstance(body, dict):
                raise ConfigError(source, name, "a paytable is a table of fields")
            paytables[name] = (source, body)

    raw: dict[str, tuple[str, dict[str, Any]]] = {}
    for source, text in variant_files:
        document = _read_toml(text, source)
        variant_name = document.get("name")
        if not isinstance(variant_name, str) or not variant_name:
            raise ConfigError(source, "name", "each variant needs a name")
        raw[variant_name] = (source, document)

    variants = {name: _build_variant(name, raw, paytables, ()) for name in raw}
    return Catalog(
        variants=MappingProxyType(variants),
        paytables=MappingProxyType({name: body for name, (_, body) in paytables.items()}),
    )


def _merged(
    name: str, raw: Mapping[str, tuple[str, dict[str, Any]]], chain: tuple[str, ...]
) -> tuple[str, dict[str, Any]]:
    source, document = raw[name]
    parent_name = document.get("extends")
    if parent_name is None:
        return source, dict(document)
    if not isinstance(parent_name, str) or parent_name not in raw:
        raise ConfigError(source, "extends", f"no variant named {parent_name!r} to extend")
    if parent_name in chain:
        raise ConfigError(source, "extends", f"variants extend each other in a loop: {chain}")
    _, parent = _merged(parent_name, raw, (*chain, name))
    merged = {**parent, **{k: v for k, v in document.items() if k not in ("bets", "rules")}}
    merged["rules"] = {**parent.get("rules", {}), **document.get("rules", {})}
    merged["bets"] = {**parent.get("bets", {}), **document.get("bets", {})}
    return source, merged


def _build_variant(
    name: str,
    raw: Mapping[str, tuple[str, dict[str, Any]]],
    paytables: Mapping[str, tuple[str, Mapping[str, Any]]],
    chain: tuple[str, ...],
) -> Variant:
    source, document = _merged(name, raw, chain)
    known = {"name", "title", "game", "decks", "min_cards_for_deal", "rules", "bets", "extends"}
    for key in document:
        if key not in known:
            raise ConfigError(source, key, f"unknown field (allowed: {', '.join(sorted(known))})")
    game_text = document.get("game")
    if game_text not in _GAMES:
        raise ConfigError(source, "game", f"must be one of {', '.join(_GAMES)}, not {game_text!r}")
    game = _GAMES[game_text]
    decks = _positive_int(document.get("decks", 8), source, "decks")
    default_min = {Game.PUNTO_BANCO: 6, Game.CHEMIN_DE_FER: 7, Game.BANQUE: 9}[game]
    min_cards = _positive_int(
        document.get("min_cards_for_deal", default_min), source, "min_cards_for_deal"
    )
    rules = _build_rules(game, document.get("rules", {}), source)
    bets_table = document.get("bets", {})
    if not isinstance(bets_table, dict) or not bets_table:
        raise ConfigError(source, "bets", "a variant offers at least one bet")
    bets: dict[str, BetDefinition] = {}
    for bet_name, spec in bets_table.items():
        if spec is False:
            continue
        where = f"bets.{bet_name}"
        if isinstance(spec, str):
            if spec not in paytables:
                raise ConfigError(source, where, f"no paytable named {spec!r}")
            body_source, body = paytables[spec]
            try:
                bets[bet_name] = _build_bet(bet_name, body, body_source, spec, game)
            except ConfigError as error:
                raise ConfigError(
                    source, where, f"paytable {error.field} in {body_source}: {error.problem}"
                ) from None
        elif isinstance(spec, dict):
            bets[bet_name] = _build_bet(bet_name, spec, source, where, game)
        else:
            raise ConfigError(source, where, "give a paytable name, a table, or false")
    return Variant(
        name=name,
        title=str(document.get("title", name)),
        game=game,
        rules=rules,
        decks=decks,
        min_cards_for_deal=min_cards,
        bets=MappingProxyType(bets),
        source=source,
    )


def _positive_int(value: object, source: str, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(source, field, f"must be a whole number of at least 1, not {value!r}")
    return value


def _build_rules(game: Game, table: object, source: str) -> CoupRules:
    if not isinstance(table, dict):
        raise ConfigError(source, "rules", "must be a table")
    allowed = {"player_option_on_five", "banker_options"}
    for key in table:
        if key not in allowed:
            raise ConfigError(
                source,
                f"rules.{key}",
                "unknown rule (allowed: banker_options, player_option_on_five)",
            )
    if game is Game.PUNTO_BANCO:
        if table:
            raise ConfigError(source, "rules", "Punto Banco has no options: the tableau decides")
        return CoupRules.punto_banco()
    option_on_five = table.get("player_option_on_five", True)
    if not isinstance(option_on_five, bool):
        raise ConfigError(source, "rules.player_option_on_five", "must be true or false")
    if game is Game.BANQUE:
        if "banker_options" in table:
            raise ConfigError(
                source, "rules.banker_options", "in Banque the banker's draw is always his choice"
            )
        return CoupRules.banque(player_option_on_five=option_on_five)
    cells_raw = table.get("banker_options", [list(cell) for cell in DEFAULT_CHEMIN_DE_FER_OPTIONS])
    cells: list[tuple[int, int | None]] = []
    if not isinstance(cells_raw, list):
        raise ConfigError(source, "rules.banker_options", "must be a list of [banker, third]")
    for index, cell in enumerate(cells_raw):
        where = f"rules.banker_options[{index}]"
        if not (isinstance(cell, list) and len(cell) == 2):
            raise ConfigError(source, where, "each option is [banker total, third card or -1]")
        total, third = cell
        if not isinstance(total, int) or not 0 <= total <= 7:
            raise ConfigError(source, where, f"banker total must be 0-7, not {total!r}")
        if not isinstance(third, int) or not -1 <= third <= 9:
            raise ConfigError(source, where, f"third card must be 0-9 or -1 (none), not {third!r}")
        cells.append((total, None if third == -1 else third))
    return CoupRules.chemin_de_fer(cells, player_option_on_five=option_on_five)


def _build_bet(
    name: str, body: Mapping[str, Any], source: str, where: str, game: Game
) -> BetDefinition:
    allowed = {"kind", "hand", "pays", "commission", "title"}
    for key in body:
        if key not in allowed:
            raise ConfigError(
                source, f"{where}.{key}", f"unknown field (allowed: {', '.join(sorted(allowed))})"
            )
    kind = body.get("kind")
    if kind not in ALL_KINDS:
        raise ConfigError(source, f"{where}.kind", f"must be one of {', '.join(sorted(ALL_KINDS))}")
    needs_hand = FACT_KINDS[kind] if kind in FACT_KINDS else SIDE_KINDS[kind][1]
    if (kind in FACT_KINDS) == (game is Game.BANQUE):
        raise ConfigError(source, f"{where}.kind", f"a {kind!r} bet does not fit {game.value}")
    hand: Hand | None = None
    hand_text = body.get("hand")
    if needs_hand:
        allowed_hands = sorted(h.value for h in _HANDS_BY_GAME[game])
        try:
            hand = Hand(hand_text)
        except ValueError:
            raise ConfigError(source, f"{where}.hand", f"must be one of {allowed_hands}") from None
        if hand not in _HANDS_BY_GAME[game] or (kind == "side" and hand is Hand.BANKER):
            raise ConfigError(source, f"{where}.hand", f"{hand_text!r} is not a hand to bet on")
    elif hand_text is not None:
        raise ConfigError(source, f"{where}.hand", f"a {kind!r} bet is not on one hand")
    pays_raw = body.get("pays")
    if not isinstance(pays_raw, dict) or not pays_raw:
        raise ConfigError(source, f"{where}.pays", "a paytable maps outcomes to payouts")
    pays = {}
    for key, text in pays_raw.items():
        if key not in KIND_KEYS[kind]:
            raise ConfigError(
                source,
                f"{where}.pays.{key}",
                f"a {kind!r} bet has no outcome {key!r} "
                f"(outcomes: {', '.join(sorted(KIND_KEYS[kind]))})",
            )
        try:
            pays[key] = parse_payout(text)
        except ValueError as error:
            raise ConfigError(source, f"{where}.pays.{key}", str(error)) from None
    commission_raw = body.get("commission", "0")
    try:
        commission = Decimal(str(commission_raw))
    except InvalidOperation:
        raise ConfigError(source, f"{where}.commission", "must be a number such as 0.05") from None
    if not Decimal(0) <= commission < Decimal(1):
        raise ConfigError(source, f"{where}.commission", "must be from 0 to less than 1")
    return BetDefinition(
        name=name,
        kind=kind,
        hand=hand,
        pays=MappingProxyType(pays),
        commission=commission,
        title=str(body.get("title", name)),
        source=source,
    )


_DEFAULT: Catalog | None = None


def default_catalog() -> Catalog:
    """The built-in variants, loaded once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load_catalog()
    return _DEFAULT
