"""``dealer-assist odds``: exact odds of every bet for a full or a remaining shoe."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from dealer_assist.cli.common import EXIT_OK, EXIT_REJECTED, MAX_DECKS, whole_number


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "odds",
        help="exact probabilities, expected value and house edge of every bet",
        description="Exact combinatorial odds (no simulation) for N full decks or the cards "
        "left in a shoe. --remaining takes counts per rank (A=31,2=32,...,K=29) or per card "
        "(AS=8,AH=7,...; '*=N' sets every card or rank not named).",
    )
    shoe = parser.add_mutually_exclusive_group()
    shoe.add_argument(
        "--decks",
        type=whole_number(1, MAX_DECKS),
        default=8,
        help=f"full decks, 1 to {MAX_DECKS} (default 8)",
    )
    shoe.add_argument("--remaining", metavar="COUNTS", help="what is left, per rank or per card")
    parser.add_argument(
        "--variant",
        help="price this variant's own paytables (default: every standard bet of the reference)",
    )
    parser.add_argument("--bet", action="append", default=[], help="only these bets (repeatable)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(handler=cmd_odds)


def _table(report: dict[str, Any]) -> str:
    probabilities = report["probabilities"]
    lines = [
        f"{report['cards']} cards, counted by {report['counted_by']}",
        f"Banker {_percent(probabilities['banker'])}  Player {_percent(probabilities['player'])}"
        f"  Tie {_percent(probabilities['tie'])}",
        "",
        f"{'bet':<22}{'house edge':>12}  {'EV per unit':>12}",
    ]
    for name, bet in sorted(report["bets"].items(), key=lambda item: item[1]["house_edge_float"]):
        lines.append(f"{name:<22}{bet['house_edge_float'] * 100:>11.4f}%  {bet['ev_float']:>12.6f}")
    for name, reason in report.get("unavailable", {}).items():
        lines.append(f"{name:<22}  not priced: {reason}")
    return "\n".join(lines) + "\n"


def _percent(fraction_text: str) -> str:
    numerator, _, denominator = fraction_text.partition("/")
    value = int(numerator) / int(denominator or 1)
    return f"{value * 100:.4f}%"


def cmd_odds(args: argparse.Namespace) -> int:
    from dealer_assist.odds import (
        CompositionError,
        RemainingParseError,
        ShoeTooSmallError,
        full_shoe,
        odds_report,
        parse_remaining,
    )
    from dealer_assist.odds.product import odds_bets
    from dealer_assist.rules.variants import default_catalog

    try:
        if args.remaining is None:
            shoe = full_shoe(args.decks)
        elif not args.remaining.strip():
            raise ValueError("--remaining: empty; give the counts, e.g. A=31,2=32,...,K=29")
        else:
            shoe = parse_remaining(args.remaining)
    except (RemainingParseError, CompositionError, ValueError) as error:
        return _fail(args, "bad_remaining", str(error))
    if shoe.size > MAX_DECKS * 52:
        message = f"--remaining: {shoe.size} cards; a shoe holds at most {MAX_DECKS * 52}"
        return _fail(args, "bad_remaining", message)
    bets: Any = None
    if args.variant is not None:
        try:
            variant = default_catalog().variant(args.variant)
        except Exception as error:
            return _fail(args, "bad_variant", str(error))
        bets = [b for b in odds_bets(variant) if not args.bet or b.name in args.bet]
    elif args.bet:
        bets = args.bet
    try:
        report = odds_report(shoe, bets=bets)
    except (CompositionError, ShoeTooSmallError, KeyError, ValueError) as error:
        return _fail(args, "cannot_price", str(error))
    if args.json:
        sys.stdout.write(json.dumps(report) + "\n")
    else:
        sys.stdout.write(_table(report))
    return EXIT_OK


def _fail(args: argparse.Namespace, code: str, message: str) -> int:
    if args.json:
        sys.stdout.write(json.dumps({"error": {"code": code, "message": message}}) + "\n")
    else:
        sys.stderr.write(f"dealer-assist odds: {message}\n")
    return EXIT_REJECTED
