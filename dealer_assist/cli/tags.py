"""``dealer-assist tags encode | enroll | check``: prepare and verify decks of NFC-tagged cards.

The procedures are :mod:`dealer_assist.tag_decks`; this module opens the reader and the files.
Exit codes: 0 done, 1 device or setup error or stopped by the operator, 2 the check found
problems.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from dealer_assist.cli.common import (
    EXIT_ERROR,
    EXIT_OK,
    EXIT_REJECTED,
    MAX_DECKS,
    existing_file,
    number,
    whole_number,
    writable_file,
)
from dealer_assist.errors import DealerAssistError, DeviceError
from dealer_assist.tag_decks import TagStation, check_shoe, encode_deck, enroll_deck
from dealer_assist.tags import MAX_DECK_SERIAL, UidTable, load_key

#: ``tags check``: the shoe has missing, duplicate or foreign cards.
EXIT_PROBLEMS = EXIT_REJECTED
DECK_SERIAL = whole_number(0, MAX_DECK_SERIAL)
DECK_SERIAL_HELP = f"this deck's serial, 0 to {MAX_DECK_SERIAL}"


# --- the command line -------------------------------------------------------------------------


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``tags`` and its subcommands to the ``dealer-assist`` command."""
    tags = subparsers.add_parser(
        "tags",
        help="encode, enroll and check NFC-tagged decks (needs pcscd and a reader)",
        description="Prepare and verify decks of cards with NFC tags, through a PC/SC reader.",
    )
    commands = tags.add_subparsers(dest="tags_command", metavar="TAGS_COMMAND", required=True)

    def reader_options(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--reader",
            default="",
            help="reader name pattern (substring or glob; default: the first reader)",
        )
        parser.add_argument(
            "--timeout",
            type=number(0, low_open=True),
            default=None,
            help="seconds to wait for each tag (default: no limit)",
        )

    encode = commands.add_parser(
        "encode", help="write a deck's tags, card by card in new-deck order, verified"
    )
    encode.add_argument("--deck-serial", type=DECK_SERIAL, required=True, help=DECK_SERIAL_HELP)
    encode.add_argument(
        "--key-file", type=existing_file, required=True, help="the casino's tag key"
    )
    encode.add_argument("--lock", action="store_true", help="lock the written pages (permanent)")
    encode.add_argument(
        "--overwrite", action="store_true", help="re-encode tags of another deck or key"
    )
    reader_options(encode)
    encode.set_defaults(handler=cmd_tags_encode)

    enroll = commands.add_parser(
        "enroll", help="record the UIDs of a deck's tags in a UID table, in new-deck order"
    )
    enroll.add_argument(
        "--out", type=writable_file, required=True, help="UID table (JSON); added to"
    )
    enroll.add_argument("--deck-serial", type=DECK_SERIAL, required=True, help=DECK_SERIAL_HELP)
    reader_options(enroll)
    enroll.set_defaults(handler=cmd_tags_enroll)

    check = commands.add_parser(
        "check", help="present a whole shoe: every card once, none missing, none foreign"
    )
    check.add_argument(
        "--decks",
        type=whole_number(1, MAX_DECKS),
        default=8,
        help=f"decks in the shoe, 1 to {MAX_DECKS} (default 8)",
    )
    check.add_argument("--key-file", type=existing_file, help="the casino's tag key")
    check.add_argument("--uid-table", type=existing_file, help="UID table of enrolled tags")
    check.add_argument(
        "--deck-serial",
        type=DECK_SERIAL,
        action="append",
        default=[],
        dest="deck_serials",
        help="a deck serial this shoe holds (repeatable; default: the first decks seen)",
    )
    check.add_argument(
        "--idle",
        type=number(0, low_open=True),
        default=30.0,
        help="end after this many seconds without a tag (default 30)",
    )
    check.add_argument("--reader", default="", help="reader name pattern")
    check.set_defaults(handler=cmd_tags_check)


def _open_reader(pattern: str) -> TagStation:
    from dealer_assist.drivers.pcsc.reader import TagReader  # pyscard only when a command runs

    reader = TagReader(pattern)
    reader.open()
    return reader


def _close(station: TagStation) -> None:
    close = getattr(station, "close", None)
    if callable(close):
        close()


def _on_reader(pattern: str, work: Callable[[TagStation], bool]) -> bool | None:
    """``work`` on the reader named by ``pattern``; None (said) when the device fails."""
    station = _open_reader(pattern)
    try:
        return work(station)
    except DeviceError as error:
        sys.stderr.write(f"dealer-assist: {error}\n")
        return None
    finally:
        _close(station)


def cmd_tags_encode(args: argparse.Namespace) -> int:
    key = load_key(args.key_file)
    done = _on_reader(
        args.reader,
        lambda station: encode_deck(
            station,
            deck_serial=args.deck_serial,
            key=key,
            out=sys.stdout,
            lock=args.lock,
            overwrite=args.overwrite,
            timeout=args.timeout,
        ),
    )
    return EXIT_OK if done else EXIT_ERROR


def cmd_tags_enroll(args: argparse.Namespace) -> int:
    table = UidTable.load(args.out) if args.out.exists() else UidTable()
    done = _on_reader(
        args.reader,
        lambda station: enroll_deck(
            station,
            deck_serial=args.deck_serial,
            table=table,
            out=sys.stdout,
            save=lambda current: current.save(args.out),
            timeout=args.timeout,
        ),
    )
    return EXIT_OK if done else EXIT_ERROR


def cmd_tags_check(args: argparse.Namespace) -> int:
    if args.key_file is None and args.uid_table is None:
        raise DealerAssistError("tags check needs --key-file, --uid-table, or both")
    key = load_key(args.key_file) if args.key_file else None
    table = UidTable.load(args.uid_table) if args.uid_table else None
    ok = _on_reader(
        args.reader,
        lambda station: (
            check_shoe(
                station,
                decks=args.decks,
                out=sys.stdout,
                key=key,
                uid_table=table,
                deck_serials=args.deck_serials,
                idle_timeout=args.idle,
            ).ok
        ),
    )
    if ok is None:
        return EXIT_ERROR
    return EXIT_OK if ok else EXIT_PROBLEMS
