"""``dealer-assist demo``: a few coups from a seeded shoe, in the terminal."""

from __future__ import annotations

import argparse
import sys

from dealer_assist.cli.common import EXIT_OK, add_variant_options, variant_from_args, whole_number

#: Enough for any demonstration; a larger number is a typing slip.
MAX_COUPS = 10_000


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    demo = commands.add_parser("demo", help="deal a few coups from a seeded shoe in the terminal")
    demo.add_argument(
        "--coups",
        type=whole_number(1, MAX_COUPS),
        default=10,
        help=f"1-{MAX_COUPS:,} (default 10; a fresh shoe is shuffled when one runs low)",
    )
    demo.add_argument("--seed", type=whole_number(0), default=42)
    add_variant_options(demo)
    demo.set_defaults(handler=cmd_demo)


def cmd_demo(args: argparse.Namespace) -> int:
    """Deal from a seeded shoe through the engine and show each coup."""
    from dealer_assist.table.demo import demo_lines

    sys.stdout.writelines(demo_lines(variant_from_args(args), coups=args.coups, seed=args.seed))
    return EXIT_OK
