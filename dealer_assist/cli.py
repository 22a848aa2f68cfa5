"""The ``dealer-assist`` command and its subcommands.

Each subcommand lives in a small function here that parses its arguments and hands over to the
library; heavy parts (Qt, drivers) are imported only by the subcommands that need them.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any, TextIO

from dealer_assist import __version__
from dealer_assist.errors import ConfigError, DealerAssistError

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_REJECTED = 2


# Modules that add their own subcommands with ``add_parser(subparsers)``. Each keeps its heavy
# imports (Qt, pyscard, OpenCV) inside its handlers, so ``dealer-assist --help`` stays light.
_COMMAND_MODULES = (
    "dealer_assist.odds_cli",
    "dealer_assist.journal_cli",
    "dealer_assist.shoe_cli",
    "dealer_assist.tags_cli",
    "dealer_assist.vision_cli",
    "dealer_assist.ui.cli",
)


def _optional_module(name: str) -> Any:
    import importlib

    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name and (name == error.name or name.startswith(error.name + ".")):
            return None
        raise


def _add_variant_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant", default="punto-banco", help="variant name (default %(default)s)"
    )
    parser.add_argument(
        "--variants-dir",
        type=Path,
        action="append",
        default=[],
        help="a folder of the casino's own variant and paytable files (repeatable)",
    )
    parser.add_argument("--commission", help="commission rate on commissioned bets, e.g. 0.04")
    parser.add_argument("--tie-pays", help="what the Tie bet pays, e.g. 9:1")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dealer-assist",
        description="Baccarat table assistant: deals, calls and pays every coup right.",
    )
    parser.add_argument("--version", action="version", version=f"dealer-assist {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    coup = commands.add_parser(
        "coup",
        help="evaluate one coup (or one per line of standard input with -)",
        description="Evaluate the cards of a coup given in deal order. Decisions where the "
        "rules leave a choice (Chemin de Fer, Banque) are written in the sequence as 'draw' "
        "or 'stand'. With '-' instead of cards, one coup per line is read from standard input "
        "and one JSON line written per coup.",
    )
    _add_variant_options(coup)
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

    run = commands.add_parser(
        "run",
        help="run a table without a screen: a terminal view, or JSON lines",
        description="Run a table headless. Without --coups, a mock or replay source deals one "
        "whole shoe; other sources run until interrupted.",
    )
    run.add_argument(
        "--source",
        action="append",
        default=[],
        metavar="URL",
        help="a card source (repeatable), e.g. mock://?seed=42, serial:///dev/ttyACM0",
    )
    run.add_argument("--config", type=Path, help="the table's configuration file (TOML)")
    run.add_argument("--variant", help="variant name, overriding the configuration")
    run.add_argument("--coups", type=int, help="stop after this many coups")
    run.add_argument("--json", action="store_true", help="one JSON object per line")
    run.add_argument("--journal", type=Path, help="the journal file (resumes it if it exists)")
    run.add_argument(
        "--simulate-bets",
        type=int,
        metavar="SEED",
        help="simulated players bet on each coup (a function of SEED, shoe, coup and seat)",
    )
    run.add_argument("--timeout", type=float, default=None, help="give up after this many seconds")
    # The pit (issue 25): publish to an MQTT broker; dealer_assist/pit holds the logic.
    run.add_argument(
        "--publish",
        metavar="URL",
        help="publish to the pit's MQTT broker, e.g. mqtt://127.0.0.1:1883 (docs/pit.md)",
    )
    run.set_defaults(handler=cmd_run)

    for module_name in _COMMAND_MODULES:
        module = _optional_module(module_name)
        if module is not None:
            module.add_parser(commands)

    demo = commands.add_parser("demo", help="deal a few coups from a seeded shoe in the terminal")
    demo.add_argument("--coups", type=int, default=10)
    demo.add_argument("--seed", type=int, default=42)
    _add_variant_options(demo)
    demo.set_defaults(handler=cmd_demo)
    return parser


def _variant(args: argparse.Namespace) -> Any:
    from dealer_assist.rules.variants import load_catalog

    variant = load_catalog(args.variants_dir).variant(args.variant)
    if args.commission is not None:
        try:
            variant = variant.with_commission(Decimal(args.commission))
        except (InvalidOperation, ValueError):
            raise ConfigError("--commission", "", f"{args.commission!r} is not a rate") from None
    if args.tie_pays is not None:
        try:
            variant = variant.with_tie_pays(args.tie_pays)
        except ValueError as error:
            raise ConfigError("--tie-pays", "", str(error)) from None
    return variant


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


def cmd_coup(args: argparse.Namespace) -> int:
    from dealer_assist.rules.evaluate import CoupInputError, parse_bets, report, split_tokens
    from dealer_assist.rules.settlement import CommissionMode, SettlementRules

    rules = SettlementRules(commission_mode=CommissionMode(args.commission_mode))
    setup: tuple[Any, list[Any]] | dict[str, Any]
    try:
        setup = (_variant(args), parse_bets(args.bet))
    except CoupInputError as error:
        setup = {"error": {"code": error.code, "message": error.message}}
    except ConfigError as error:
        setup = {"error": {"code": "bad_variant", "message": str(error)}}

    def one(tokens: Sequence[str]) -> tuple[int, dict[str, Any]]:
        if isinstance(setup, dict):
            return EXIT_REJECTED, setup
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


def load_table_config(args: argparse.Namespace) -> Any:
    from dealer_assist.config import default_config, load_config, parse_config

    config = load_config(args.config) if args.config is not None else default_config()
    changes: dict[str, Any] = {}
    if getattr(args, "variant", None):
        document: dict[str, Any] = {"table": {"variant": args.variant}}
        config = parse_config(document, source="--variant")
    if getattr(args, "source", None):
        changes["sources"] = tuple(args.source)
    if getattr(args, "journal", None):
        changes["journal"] = args.journal
    if changes:
        from dataclasses import replace

        config = replace(config, **changes)
    return config


def cmd_run(args: argparse.Namespace) -> int:
    from dealer_assist.table import commands as cmd
    from dealer_assist.table.controller import TableController
    from dealer_assist.table.headless import JsonStream, TerminalView, coups_counter
    from dealer_assist.table.runtime import TableRuntime, build_source
    from dealer_assist.table.simulated import simulated_bank_action, simulated_choice

    config = load_table_config(args)
    controller: TableController
    journal: Any = None
    if config.journal is not None:
        from dealer_assist.journal.recovery import open_table

        controller, _ = open_table(config)  # rebuilt from the journal when it exists
        journal = controller.journal
    else:
        controller = TableController(config)
    publisher: Any = None
    if args.publish is not None or config.publish is not None:  # the pit (issue 25)
        from dealer_assist.pit.publisher import publish_table

        publisher = publish_table(controller, config, args.publish)
    if args.json:
        controller.on_record(JsonStream(sys.stdout).on_record)
    else:
        view = TerminalView(sys.stdout, live=sys.stdout.isatty())
        controller.on_snapshot(view.on_snapshot)
    counter, coups_done = coups_counter(args.coups)
    controller.on_record(counter)
    try:
        sources = [build_source(url, config) for url in config.sources]
    except ValueError as error:
        sys.stderr.write(f"dealer-assist: {error}\n")
        if journal is not None:
            journal.close()
        return EXIT_ERROR
    finite = all(url.split(":", 1)[0] in ("mock", "replay") for url in config.sources)
    runtime = TableRuntime(controller, sources)
    asked: set[tuple[int, int, str]] = set()
    players = None
    if args.simulate_bets is not None:
        from dealer_assist.journal.simulation import SimulatedPlayers

        players = SimulatedPlayers(
            args.simulate_bets, seats=config.seats, offered=config.variant.bets
        )

    bank_asked: set[int] = set()

    def on_snapshot(snapshot: Any) -> None:
        """The simulated croupier and players: decide when asked, close each paid coup."""
        for bet in players.bets_due(snapshot) if players is not None else ():
            runtime.submit(bet)
        if not finite:
            return
        key = (snapshot.shoe.shoe, snapshot.coup, snapshot.phase)
        if snapshot.phase == "complete" and key not in asked:
            asked.add(key)
            runtime.submit(cmd.CloseCoup())
        choice = simulated_choice(snapshot)
        if choice and snapshot.decision:
            decision_key = (snapshot.shoe.shoe, snapshot.coup, snapshot.decision.hand)
            if decision_key not in asked:
                asked.add(decision_key)
                runtime.submit(cmd.Decide(hand=snapshot.decision.hand, choice=choice))
        bank_action = simulated_bank_action(snapshot)
        if bank_action is not None and snapshot.seq not in bank_asked:
            bank_asked.add(snapshot.seq)  # one action per published state: the next follows it
            action, arguments = bank_action
            runtime.submit(cmd.BankAction(action=action, args=arguments))

    controller.on_snapshot(on_snapshot)

    def done() -> bool:
        if args.coups is not None and coups_done() >= args.coups:
            return True
        return finite and controller.snapshot.phase == "shoe_ended"

    try:
        finished = runtime.run_until(done, timeout=args.timeout)
    except KeyboardInterrupt:
        finished = True
    finally:
        runtime.close()
        if publisher is not None:
            publisher.close()
        if journal is not None:
            journal.close()
    if not finished:
        sys.stderr.write("dealer-assist: stopped: the time limit ran out\n")
        return EXIT_ERROR
    if not args.json and not sys.stdout.isatty():
        shoe = controller.snapshot.shoe
        sys.stdout.write(
            f"shoe {shoe.shoe}: {shoe.coups_played} coups, {shoe.cards_out} cards out, "
            f"{shoe.cards_left} left\n"
        )
    return EXIT_OK


def cmd_demo(args: argparse.Namespace) -> int:
    """Deal from a seeded shoe through the engine and show each coup."""
    from dealer_assist.table.demo import demo_lines

    sys.stdout.writelines(demo_lines(_variant(args), coups=args.coups, seed=args.seed))
    return EXIT_OK


def has_display() -> bool:
    import os

    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def default_command() -> int:
    """``dealer-assist`` alone: the touchscreen on a mock shoe when there is a screen, else the
    same table in the terminal, dealt at a croupier's pace when a person is watching."""
    ui = _optional_module("dealer_assist.ui.cli")
    if ui is not None and has_display() and hasattr(ui, "default_command"):
        status: int = ui.default_command()
        return status
    pace = "0.6" if sys.stdout.isatty() else "0"
    return main(["run", "--source", f"mock://?pace={pace}"])


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return default_command()
    try:
        status: int = args.handler(args)
    except BrokenPipeError:  # the reader (head, grep -m) has what it wanted
        sys.stderr.close()
        return EXIT_OK
    except DealerAssistError as error:
        sys.stderr.write(f"dealer-assist: {error}\n")
        return EXIT_ERROR
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
