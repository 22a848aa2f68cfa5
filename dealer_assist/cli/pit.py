"""``dealer-assist pit``: the pit boss's view of many tables (docs/pit.md).

``pit --broker URL --json`` follows the tables on a broker as JSON lines; ``pit simulate`` starts
a broker, mock tables and the pit; ``pit certs`` makes the CA and the certificates.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

from dealer_assist.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    existing_file,
    folder_for_output,
    has_display,
    number,
    qt_available,
    whole_number,
    writable_file,
)
from dealer_assist.cli.run import broker_url
from dealer_assist.cli.stopping import stop_on_signals
from dealer_assist.errors import InputError

MAX_TABLES = 500
#: The longest name a ``pit certs --broker-host`` takes (a DNS name's limit).
MAX_HOST = 253


def name_or_id(text: str) -> str:
    """A table id (``pit certs --tables``) or a pit's name (``pit --name``): one MQTT topic
    level and a certificate's CN, so letters, digits, ``-`` and ``_``, at most 64."""
    from dealer_assist.pit.settings import valid_table_id

    if not valid_table_id(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a name: give 1 to 64 letters, digits, - or _ (e.g. T1, pit-2)"
        )
    return text


def pem_file(text: str) -> Path:
    """An existing PEM file (a certificate or a private key)."""
    path = existing_file(text)
    try:
        content = path.read_bytes()
    except OSError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error.strerror or error}") from None
    if b"-----BEGIN " not in content:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a PEM file (no '-----BEGIN'): give one that "
            "'dealer-assist pit certs' wrote"
        )
    return path


def broker_host(text: str) -> str:
    """A name or an address of the broker, for its certificate."""
    import ipaddress

    try:
        ipaddress.ip_address(text)
        return text
    except ValueError:
        pass
    labels = text.split(".")
    if (
        not 0 < len(text) <= MAX_HOST
        or not all(0 < len(label) <= 63 for label in labels)
        or not all(c.isascii() and (c.isalnum() or c == "-") for c in text.replace(".", ""))
        or any(label.startswith("-") or label.endswith("-") for label in labels)
    ):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a host name or an address (e.g. pit.casino.lan, 10.0.0.5)"
        )
    return text


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
    pit.add_argument(
        "--name", type=name_or_id, default="pit", help="this pit's name (its MQTT session)"
    )
    pit.add_argument("--ca", type=pem_file, help="mqtts: the CA certificate")
    pit.add_argument("--cert", type=pem_file, help="mqtts: the pit's certificate")
    pit.add_argument("--key", type=pem_file, help="mqtts: the pit's private key")
    pit.add_argument(
        "--timeout", type=number(0, low_open=True), help="stop after this many seconds"
    )
    pit.add_argument(
        "--language", choices=("en", "zh_TW", "zh_CN"), default="en", help="the screen's language"
    )
    pit.add_argument(
        "--pins",
        type=existing_file,
        help="the pit boss's PIN file (set with 'dealer-assist pin set')",
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
    certs.add_argument(
        "--out", type=folder_for_output, required=True, help="the folder to write them to"
    )
    certs.add_argument(
        "--tables", type=name_or_id, nargs="+", required=True, metavar="ID", help="table ids"
    )
    certs.add_argument(
        "--broker-host",
        type=broker_host,
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
    broker = parse_broker_url(args.broker, where="--broker")
    _check_tls_files(args, tls=broker.tls)
    verifier = _verifier(args)
    if not args.json:
        _check_screen("pit")
    emit = _JsonLines() if args.json else None
    # No --store: SQLite's private temporary file, gone at exit (memory stays bounded all shift).
    model = PitModel(args.store or "", emit=emit, replay=args.json)
    client = PitClient(
        model,
        broker,
        name=args.name,
        ca=str(args.ca) if args.ca else None,
        cert=str(args.cert) if args.cert else None,
        key=str(args.key) if args.key else None,
    )
    client.start()
    try:
        if not args.json:
            return _screen(
                model, client.send, verifier, language=args.language, timeout=args.timeout
            )
        with stop_on_signals() as stop:  # SIGINT, SIGTERM: close the store in order
            stop.wait(args.timeout)
    except KeyboardInterrupt:
        pass
    finally:
        client.close()
        model.close()
    return EXIT_OK


def _check_tls_files(args: argparse.Namespace, *, tls: bool) -> None:
    """``--ca``, ``--cert`` and ``--key`` go with an mqtts:// broker; cert and key together."""
    given = [name for name in ("ca", "cert", "key") if getattr(args, name) is not None]
    if given and not tls:
        raise InputError(
            f"--{', --'.join(given)} {'is' if len(given) == 1 else 'are'} for an mqtts:// broker: "
            f"{args.broker!r} is plain MQTT (give mqtts://HOST:PORT, or leave them out)"
        )
    if (args.cert is None) != (args.key is None):
        raise InputError("give both --cert and --key (the pit's certificate and its key)")


def _check_screen(command: str) -> None:
    """The screen needs PySide6 and a display: say so before anything starts."""
    if not qt_available():
        raise InputError(
            f"{command}: the screen needs PySide6 (pip install 'dealer-assist[ui]'); "
            "or give --json for the same pit without a screen"
        )
    if not has_display() and not os.environ.get("QT_QPA_PLATFORM"):
        raise InputError(
            f"{command}: no display (DISPLAY or WAYLAND_DISPLAY); give --json for the same pit "
            "without a screen"
        )


def _verifier(args: argparse.Namespace) -> Any:
    """The pit boss's PINs: the PIN file given (authenticated with its key), or none (the
    screen then cannot acknowledge alerts). Both files or neither; only for the screen."""
    if args.pins is None and args.pin_key_file is None:
        return None
    if args.pins is None or args.pin_key_file is None:
        raise InputError("give both --pins and --pin-key-file (the PIN file and its key)")
    if args.json:
        raise InputError("--pins and --pin-key-file are for the screen: --json has none")
    from dealer_assist.journal.auth import PinBook
    from dealer_assist.journal.keys import JournalKey

    try:
        text = args.pin_key_file.read_text("utf-8")
    except UnicodeDecodeError:
        raise InputError(
            f"--pin-key-file {str(args.pin_key_file)!r} is not a key (not text): give the "
            "journal's key file"
        ) from None
    return PinBook(args.pins, key=JournalKey.from_text(text.strip()))


def _screen(model: Any, send: Any, verifier: Any, *, language: str, timeout: float | None) -> int:
    """The pit boss's screen until it is closed (or ``timeout`` seconds)."""
    from dealer_assist.ui.pit_screen import run_pit_screen

    run_pit_screen(model, send=send, verifier=verifier, language=language, timeout=timeout)
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    from dealer_assist.pit.simulate import Simulation, simulation_folder

    if not args.json:
        _check_screen("pit simulate")
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
            with stop_on_signals() as stop:
                stop.wait(args.timeout)
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
