"""The ``dealer-assist`` command: its parser, and :func:`main`.

Every command group is a module of this package with an ``add_parser(commands)`` that adds its
subcommands (each with a ``handler``); :data:`COMMANDS` lists them in the order ``--help``
shows them. Heavy parts (Qt, drivers, OpenCV) are imported only by the handlers that need them.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Sequence

from dealer_assist import __version__
from dealer_assist.cli import (
    coup,
    demo,
    deploy,
    journal,
    odds,
    pit,
    run,
    screens,
    shoe,
    tags,
    training,
    vision,
)
from dealer_assist.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    EXIT_REJECTED,
    has_display,
    qt_available,
)
from dealer_assist.errors import DealerAssistError, InputError

EXIT_CODES_HELP = (
    "Exit codes: 0 done; 1 the command could not do it or found a problem (a file or device "
    "it was given cannot be used, a broken journal, the time limit); 2 input refused (an "
    "argument, the table's configuration, a coup, a shoe; tags check: problems found); "
    "3 journal replay found differences."
)

#: The command groups, in the order of ``dealer-assist --help``.
COMMANDS = (coup, run, odds, journal, shoe, tags, vision, screens, training, deploy, demo, pit)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dealer-assist",
        description="Baccarat table assistant: deals, calls and pays every coup right.",
        epilog=EXIT_CODES_HELP,
    )
    parser.add_argument("--version", action="version", version=f"dealer-assist {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:
        module.add_parser(commands)
    return parser


def default_arguments() -> list[str]:
    """What ``dealer-assist`` alone runs: the touchscreen on a mock shoe when there is a screen
    (and PySide6), else the same table in the terminal, dealt at a croupier's pace when a person
    is watching."""
    if qt_available() and has_display():
        return ["touchscreen"]
    pace = "0.6" if sys.stdout.isatty() else "0"
    return ["run", "--source", f"mock://?pace={pace}"]


@functools.cache
def _parser() -> argparse.ArgumentParser:
    """The parser ``main`` parses with, built once a process: building it (every command's
    options, their help looked up in the translations) costs some 20 ms, and parsing changes
    nothing in it. Callers of ``main`` in one process (the tests, many thousand times) share
    it; ``build_parser`` still gives a new one to change."""
    return build_parser()


def _parsed(argv: Sequence[str] | None) -> argparse.Namespace:
    """The arguments, parsed by the shared parser. A repeatable option not given holds its
    default list itself (argparse does not copy it): each list is copied, so that a command
    adding to its arguments never changes the parser's defaults for the next call."""
    args = _parser().parse_args(argv)
    for name, value in vars(args).items():
        if isinstance(value, list):
            setattr(args, name, list(value))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _parsed(argv)
    if args.command is None:
        return main(default_arguments())
    try:
        status: int = args.handler(args)
    except BrokenPipeError:  # the reader (head, grep -m) has what it wanted
        sys.stderr.close()
        return EXIT_OK
    except InputError as error:  # an argument or the configuration refused before starting
        sys.stderr.write(f"dealer-assist: {error}\n")
        return EXIT_REJECTED
    except DealerAssistError as error:
        sys.stderr.write(f"dealer-assist: {error}\n")
        return EXIT_ERROR
    except OSError as error:  # a file or device the command was given cannot be used
        where = f"{error.filename}: " if error.filename else ""
        sys.stderr.write(f"dealer-assist: {where}{error.strerror or error}\n")
        return EXIT_ERROR
    return status
