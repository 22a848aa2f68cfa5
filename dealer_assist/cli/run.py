"""``dealer-assist run``: a table without a screen, as a terminal view or JSON lines."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dealer_assist.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    MAX_COUPS,
    VARIANT_HELP,
    existing_file,
    number,
    table_config,
    whole_number,
    writable_file,
)
from dealer_assist.cli.stopping import StopRequest, stop_on_signals


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
    run.add_argument("--config", type=existing_file, help="the table's configuration file (TOML)")
    run.add_argument("--variant", help=VARIANT_HELP)
    run.add_argument("--coups", type=whole_number(1, MAX_COUPS), help="stop after this many coups")
    run.add_argument("--json", action="store_true", help="one JSON object per line")
    run.add_argument(
        "--journal", type=writable_file, help="the journal file (resumes it if it exists)"
    )
    run.add_argument(
        "--simulate-bets",
        type=whole_number(0),
        metavar="SEED",
        help="simulated players bet on each coup (a function of SEED, shoe, coup and seat)",
    )
    run.add_argument(
        "--timeout",
        type=number(0, low_open=True),
        default=None,
        help="give up after this many seconds",
    )
    add_publish_option(run)
    run.set_defaults(handler=cmd_run)


def add_publish_option(parser: argparse.ArgumentParser) -> None:
    """``--publish URL``: ``run`` and the touchscreen publish the table to the pit."""
    parser.add_argument(
        "--publish",
        metavar="URL",
        type=broker_url,
        help="publish to the pit's MQTT broker, e.g. mqtt://127.0.0.1:1883 (docs/pit.md)",
    )


def broker_url(text: str) -> str:
    """``--publish``: an MQTT broker's URL (checked by dealer_assist.pit.settings)."""
    from dealer_assist.errors import ConfigError
    from dealer_assist.pit.settings import parse_broker_url

    try:
        parse_broker_url(text)
    except ConfigError as error:
        raise argparse.ArgumentTypeError(error.problem) from None
    return text


def cmd_run(args: argparse.Namespace) -> int:
    # SIGINT and SIGTERM close the table in order (never a KeyboardInterrupt thrown into code
    # holding the publisher's locks: dealer_assist/cli/stopping.py).
    with stop_on_signals() as stop:
        return _run(args, stop)


def _run(args: argparse.Namespace, stop: StopRequest) -> int:
    from dealer_assist.deploy.service import attach as attach_service
    from dealer_assist.table import commands as cmd
    from dealer_assist.table.controller import TableController
    from dealer_assist.table.headless import JsonStream, TerminalView, coups_counter
    from dealer_assist.table.runtime import TableRuntime, build_source
    from dealer_assist.table.simulated import simulated_bank_action, simulated_choice

    config = table_config(args)
    controller: TableController
    journal: Any = None
    if config.journal is not None:
        from dealer_assist.journal.recovery import open_table

        # Rebuilt from the journal when it exists; a file that is not a journal, or a damaged
        # one, is a JournalError naming it.
        controller, _ = open_table(config)
        journal = controller.journal
    else:
        controller = TableController(config)
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
    publisher: Any = None
    if args.publish is not None or config.publish is not None:  # the pit (docs/pit.md)
        from dealer_assist.pit.publisher import publish_runtime

        publisher = publish_runtime(runtime, config, args.publish)
    # Installed as a service, headless as on a touchscreen: the program check at start and
    # hourly, the health checks, the watchdog (dealer_assist/deploy/service.py).
    service = attach_service(runtime, journal=config.journal)
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
        if stop.requested:
            return True
        if args.coups is not None and coups_done() >= args.coups:
            return True
        return finite and controller.snapshot.phase == "shoe_ended"

    try:
        runtime.open()
        service.start()  # READY=1 once the table is open; its thread is this one, below
        finished = runtime.run_until(done, timeout=args.timeout)
    finally:
        service.close()
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
