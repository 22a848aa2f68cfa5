"""``dealer-assist pit``: the pit boss's view of many tables (docs/pit.md).

``pit --broker URL --json`` follows the tables on a broker as JSON lines; ``pit simulate`` starts
a broker, mock tables and the pit; ``pit certs`` makes the CA and the certificates.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path
from typing import Any

from dealer_assist.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    existing_file,
    number,
    whole_number,
    writable_file,
)
from dealer_assist.cli.run import broker_url

MAX_TABLES = 500


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    pit = commands.add_parser(
        "pit",
        help="the pit boss's view of many tables over MQTT (simulate, certs)",
        description="Follow every table publishing to an MQTT broker: one JSON line per table "
        "update or event with --json. 'pit simulate' starts a broker, mock tables and the pit; "
        "'pit certs' makes the CA and the certificates for a TLS broker.",
    )
    pit.add_argument("--broker", type=broker_url, metavar="URL", help="the pit's broker")
    pit.add_argument("--json", action="store_true", help="JSON lines instead of the screen")
    pit.add_argument(
        "--store", type=writable_file, help="the pit's store (kept across restarts; SQLite)"
    )
    pit.add_argument("--name", default="pit", help="this pit's name (its MQTT session)")
    pit.add_argument("--ca", type=existing_file, help="mqtts: the CA certificate")
    pit.add_argument("--cert", type=existing_file, help="mqtts: the pit's certificate")
    pit.add_argument("--key", type=existing_file, help="mqtts: the pit's private key")
    pit.add_argument(
        "--timeout", type=number(0, low_open=True), help="stop after this many seconds"
    )
    pit.add_argument(
        "--language", choices=("en", "zh_TW", "zh_CN"), default="en", help="the screen's language"
    )
    pit.add_argument(
        "--pins", type=Path, help="the pit boss's PIN file (set with 'dealer-assist pin set')"
    )
    pit.add_argument(
        "--pin-key-file", type=existing_file, help="the key that authenticates the PIN file"
    )
    pit.set_defaults(handler=cmd_pit)
    actions = pit.add_subparsers(dest="pit_command", metavar="ACTION")

    simulate = actions.add_parser(
        "simulate",
        help="a Mosquitto broker, N mock tables with simulated players, and the pit",
    )
    simulate.add_argument(
        "--tables", type=whole_number(1, MAX_TABLES), default=4, help="how many tables"
    )
    simulate.add_argument(
        "--coups", type=whole_number(1, 10_000), help="each table stops after this many coups"
    )
    simulate.add_argument("--json", action="store_true", help="JSON lines instead of the screen")
    simulate.add_argument(
        "--pace",
        type=number(0, 10),
        help="seconds between cards (default 0 with --json, else 0.5)",
    )
    simulate.add_argument(
        "--timeout", type=number(0, low_open=True), help="stop after this many seconds"
    )
    simulate.add_argument(
        "--language", choices=("en", "zh_TW", "zh_CN"), default="en", help="the screen's language"
    )
    simulate.set_defaults(handler=cmd_simulate)

    certs = actions.add_parser(
        "certs", help="make a CA, the broker's and the pit's certificates, one per table"
    )
    certs.add_argument("--out", type=Path, required=True, help="the folder to write them to")
    certs.add_argument("--tables", nargs="+", required=True, metavar="ID", help="table ids")
    certs.add_argument(
        "--broker-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a name or address of the broker (repeatable; default localhost and 127.0.0.1)",
    )
    certs.add_argument("--days", type=whole_number(1, 3650), default=825)
    certs.set_defaults(handler=cmd_certs)


class _JsonLines:
    def __init__(self) -> None:
        self._lock = threading.Lock()

    def __call__(self, data: dict[str, Any]) -> None:
        with self._lock:
            sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
            sys.stdout.flush()


def cmd_pit(args: argparse.Namespace) -> int:
    from dealer_assist.pit.client import PitClient
    from dealer_assist.pit.model import PitModel
    from dealer_assist.pit.settings import parse_broker_url

    if args.broker is None:
        sys.stderr.write("dealer-assist: pit: give --broker URL (or try 'pit simulate')\n")
        return EXIT_ERROR
    emit = _JsonLines() if args.json else None
    model = PitModel(args.store or ":memory:", emit=emit, replay=args.json)
    client = PitClient(
        model,
        parse_broker_url(args.broker, where="--broker"),
        name=args.name,
        ca=str(args.ca) if args.ca else None,
        cert=str(args.cert) if args.cert else None,
        key=str(args.key) if args.key else None,
    )
    client.start()
    try:
        if not args.json:
            verifier = _verifier(args)
            return _screen(
                model, client.send, verifier, language=args.language, timeout=args.timeout
            )
        threading.Event().wait(args.timeout)
    except KeyboardInterrupt:
        pass
    finally:
        client.close()
        model.close()
    return EXIT_OK


def _verifier(args: argparse.Namespace) -> Any:
    """The pit boss's PINs: the PIN file given (authenticated with its key), or none (the
    screen then cannot acknowledge alerts)."""
    if args.pins is None or args.pin_key_file is None:
        return None
    from dealer_assist.journal.auth import PinBook
    from dealer_assist.journal.keys import JournalKey

    key = JournalKey.from_text(args.pin_key_file.read_text("utf-8").strip())
    return PinBook(args.pins, key=key)


def _screen(model: Any, send: Any, verifier: Any, *, language: str, timeout: float | None) -> int:
    """The pit boss's screen until it is closed (or ``timeout`` seconds)."""
    from dealer_assist.ui.pit_screen import run_pit_screen

    run_pit_screen(model, send=send, verifier=verifier, language=language, timeout=timeout)
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    from dealer_assist.pit.simulate import Simulation, simulation_folder

    pace = args.pace if args.pace is not None else (0.0 if args.json else 0.5)
    simulation = Simulation(
        folder=simulation_folder(),
        tables=args.tables,
        coups=args.coups,
        pace=pace,
        emit=_JsonLines() if args.json else None,
    )
    try:
        simulation.start()
        if not args.json:
            assert simulation.model is not None and simulation.pit is not None
            from dealer_assist.ui.auth import DemoPinVerifier  # mock tables: the demo PINs

            return _screen(
                simulation.model,
                simulation.pit.send,
                DemoPinVerifier(),
                language=args.language,
                timeout=args.timeout,
            )
        if args.coups is None:
            threading.Event().wait(args.timeout)
            return EXIT_OK
        done = simulation.wait(timeout=args.timeout)
    except KeyboardInterrupt:
        return EXIT_OK
    finally:
        simulation.close()
    if not done:
        sys.stderr.write("dealer-assist: pit simulate: the tables did not all finish in time\n")
        return EXIT_ERROR
    return EXIT_OK


def cmd_certs(args: argparse.Namespace) -> int:
    from dealer_assist.pit.certs import make_certificates

    written = make_certificates(
        args.out,
        tables=args.tables,
        broker_hosts=args.broker_host or ["localhost", "127.0.0.1"],
        days=args.days,
    )
    for path in written:
        sys.stdout.write(f"{path}\n")
    return EXIT_OK
