"""``dealer-assist coup``: evaluate one coup, or one per line of standard input."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from dealer_assist.cli.common import (
    EXIT_OK,
    EXIT_REJECTED,
    MAX_SEAT,
    MAX_STAKE,
    add_variant_options,
    variant_from_args,
)
from dealer_assist.errors import ConfigError


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    coup = commands.add_parser(
        "coup",
        help="evaluate one coup (or one per line of standard input with -)",
        description="Evaluate the cards of a coup given in deal order. Decisions where the "
        "rules leave a choice (Chemin de Fer, Banque) are written in the sequence as 'draw' "
        "or 'stand'. With '-' instead of cards, one coup per line is read from standard input "
        "and one JSON line written per coup.",
    )
    add_variant_options(coup)
    coup.add_argument(
        "--bet",
        action="append",
        default=[],
        metavar="NAME=AMOUNT",
        help="a bet (repeatable); SEAT:NAME=AMOUNT for another seat than 1",
    )
    coup.add_argument("--commission-mode", choices=("immediate", "box"), default="immediate")
    coup.add_argument("--json", action="store_true", help="print JSON")
    coup.add_argument("cards", nargs="+", metavar="CARD", help="cards in deal order, or -")
    coup.set_defaults(handler=cmd_coup)


def _print_text(report: dict[str, Any], out: TextIO) -> None:
    hands = [key[: -len("_cards")] for key in report if key.endswith("_cards")]
    for hand in hands:
        cards = " ".join(report[f"{hand}_cards"]) or "-"
        out.write(f"{hand.capitalize():<7} {cards:<12} total {report[f'{hand}_total']}\n")
    out.write(f"{report['instruction']}\n")
    if "call" in report:
        out.write(f"Call: {report['call']}\n")
    for bet in report["bets"]:
        out.write(
            f"  seat {bet['seat']} {bet['name']:<20} {bet['stake']:>10} {bet['result']:<5}"
            f" payout {bet['payout']} commission {bet['commission']} net {bet['net']}\n"
        )


def _check_bet(spec: str, bet: Any) -> None:
    """The seat and stake of a bet are within what any table takes."""
    from dealer_assist.rules.evaluate import CoupInputError

    if not 1 <= bet.seat <= MAX_SEAT:
        raise CoupInputError(
            "bad_bet", f"bet {spec!r}: seat {bet.seat} is not a seat (1 to {MAX_SEAT})"
        )
    if not bet.stake.is_finite() or abs(bet.stake) > MAX_STAKE:
        raise CoupInputError(
            "above_maximum",
            f"bet {spec!r}: a stake is at most {MAX_STAKE}, not {bet.stake}",
        )


def cmd_coup(args: argparse.Namespace) -> int:
    from dealer_assist.rules.evaluate import CoupInputError, parse_bets, report, split_tokens
    from dealer_assist.rules.settlement import CommissionMode, SettlementRules

    rules = SettlementRules(commission_mode=CommissionMode(args.commission_mode))
    setup: tuple[Any, list[Any]] | dict[str, Any]
    try:
        bets = parse_bets(args.bet)
        for spec, bet in zip(args.bet, bets, strict=True):
            _check_bet(spec, bet)
        setup = (variant_from_args(args), bets)
    except CoupInputError as error:
        setup = {"error": {"code": error.code, "message": error.message}}
    except ConfigError as error:
        setup = {"error": {"code": "bad_variant", "message": str(error)}}

    def one(tokens: Sequence[str]) -> tuple[int, dict[str, Any]]:
        if isinstance(setup, dict):
            return EXIT_REJECTED, setup
        if not tokens:
            message = "no cards given: write the cards in deal order, e.g. 4S 3H AD KC"
            return EXIT_REJECTED, {"error": {"code": "no_cards", "message": message}}
        variant, bets = setup
        try:
            return EXIT_OK, report(variant, tokens, bets, rules)
        except CoupInputError as error:
            return EXIT_REJECTED, {"error": {"code": error.code, "message": error.message}}

    if args.cards == ["-"]:
        worst = EXIT_OK
        for line in sys.stdin:
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            status, data = one(split_tokens([line]))
            worst = max(worst, status)
            sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        return worst
    status, data = one(split_tokens(args.cards))
    if args.json:
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    elif "error" in data:
        sys.stderr.write(f"rejected ({data['error']['code']}): {data['error']['message']}\n")
    else:
        _print_text(data, sys.stdout)
    return status
