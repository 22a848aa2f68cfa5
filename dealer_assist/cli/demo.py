"""``dealer-assist demo``: a few coups from a seeded shoe, in the terminal."""

from __future__ import annotations

import argparse
import sys

from dealer_assist.cli.common import EXIT_OK, add_variant_options, variant_from_args, whole_number


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    demo = commands.add_parser("demo", help="deal a few coups from a seeded shoe in the terminal")
    demo.add_argument("--coups", type=whole_number(1, 40), default=10, help="1-40 (default 10)")
    demo.add_argument("--seed", type=whole_number(0), default=42)
    add_variant_options(demo)
    demo.set_defaults(handler=cmd_demo)


def cmd_demo(args: argparse.Namespace) -> int:
    """Deal from a seeded 8-deck shoe through the engine and show each coup."""
    import random

    from dealer_assist.cards import one_deck
    from dealer_assist.rules.calls import call, instruction
    from dealer_assist.rules.coup import Choice, Coup, DealTo, DecisionDue, Hand

    variant = variant_from_args(args)
    rng = random.Random(args.seed)
    cards = one_deck() * variant.decks
    rng.shuffle(cards)
    out = sys.stdout
    out.write(
        f"{variant.title}: {args.coups} coups from a {variant.decks}-deck shoe, seed {args.seed}\n"
    )
    for number in range(1, args.coups + 1):
        coup = Coup(variant.rules)
        while not coup.is_complete:
            step = coup.next_step
            if isinstance(step, DealTo):
                coup.deal(cards.pop())
            elif isinstance(step, DecisionDue):
                # A demo punter draws on 5; a demo banker follows the Punto Banco tableau.
                coup.decide(
                    step.hand, Choice.DRAW if step.hand is not Hand.BANKER else Choice.STAND
                )
        hands = "  ".join(
            f"{hand.value.capitalize()} {' '.join(card.pretty for card in held)}"
            f" ({coup.totals[hand]})"
            for hand, held in coup.hands.items()
        )
        out.write(f"#{number:<3} {hands:<58} {instruction(coup)}\n      {call(coup)}\n")
    return EXIT_OK
