"""``dealer-assist journal verify|export|replay`` and ``dealer-assist pin set``.

The journal tools need the journal key: ``--config FILE`` (its ``[journal] key``, archive folder
and rules) or ``--key-file FILE`` (the key alone, first line). Keys are never given on the
command line, where other users of the machine could read them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from dealer_assist.cli.common import (
    EXIT_DIFFERENT,
    EXIT_OK,
    existing_file,
    existing_folder,
    table_config,
    whole_number,
    writable_file,
)
from dealer_assist.cli.common import EXIT_ERROR as EXIT_BROKEN


def _key_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", type=existing_file, metavar="PATH", help="the live journal file")
    keys = parser.add_mutually_exclusive_group(required=True)
    keys.add_argument(
        "--config", type=existing_file, help="the table's configuration (its journal key)"
    )
    keys.add_argument("--key-file", type=existing_file, help="a file holding the journal key")
    parser.add_argument(
        "--archive-dir",
        type=existing_folder,
        help="where closed files are (default: from the config)",
    )


def add_parser(subparsers: Any) -> None:
    journal = subparsers.add_parser(
        "journal",
        help="check, export or replay a table's journal",
        description="Audit tools for the table's journal (docs/journal.md).",
    )
    actions = journal.add_subparsers(dest="journal_command", metavar="ACTION", required=True)

    verify = actions.add_parser(
        "verify",
        help="check the hash chain: exit 0 if intact, 1 and the first bad record if not",
    )
    _key_options(verify)
    verify.set_defaults(handler=cmd_verify)

    export = actions.add_parser("export", help="coups, cards and payouts as CSV or JSON lines")
    _key_options(export)
    export.add_argument("--format", choices=("csv", "jsonl"), default="csv")
    export.add_argument("--shoe", type=whole_number(1), help="only this shoe")
    export.add_argument("--output", type=Path, help="write here instead of standard output")
    export.set_defaults(handler=cmd_export)

    replay = actions.add_parser(
        "replay",
        help="replay into a headless table and report differences from the recorded outcomes",
    )
    _key_options(replay)
    replay.add_argument("--variant", help="the variant, if no --config gives it")
    replay.set_defaults(handler=cmd_replay)

    pin = subparsers.add_parser("pin", help="set a role's PIN")
    pin_actions = pin.add_subparsers(dest="pin_command", metavar="ACTION", required=True)
    set_pin = pin_actions.add_parser(
        "set",
        help="set the PIN of a role (asks for the technician's PIN once one is set)",
        description="Reads the new PIN twice, then the technician's PIN if one is set, from the "
        "terminal (or one per line from standard input). The change is journaled when the "
        "configuration names a journal and no table is using it.",
    )
    set_pin.add_argument("--role", choices=("croupier", "supervisor", "technician"), required=True)
    set_pin.add_argument("--config", type=existing_file, help="the table's configuration")
    set_pin.add_argument(
        "--pin-file", type=writable_file, help="the PIN file (default: from the config)"
    )
    set_pin.set_defaults(handler=cmd_pin_set)


def _context(args: argparse.Namespace) -> tuple[Any, Any, Path]:
    """The table configuration, the journal key and the archive folder for ``args``."""
    from dealer_assist.journal.keys import JournalKey
    from dealer_assist.journal.rows import archive_dir_for

    config = table_config(args)  # --variant (replay) only without --config
    if args.config is not None:
        key_text = config.journal_key
    else:
        try:
            lines = args.key_file.read_text("utf-8").splitlines()
        except OSError as error:
            from dealer_assist.errors import ConfigError

            raise ConfigError(str(args.key_file), "", f"cannot read: {error.strerror}") from None
        key_text = lines[0] if lines else ""
    key = JournalKey.from_text(key_text)
    archive = args.archive_dir or archive_dir_for(args.path, config.journal_settings)
    return config, key, archive


def cmd_verify(args: argparse.Namespace) -> int:
    from dealer_assist.journal.verify import walk_chain

    _, key, archive = _context(args)
    report = walk_chain(args.path, key, archive)
    if report.problem is not None:
        sys.stdout.write(f"BROKEN: {report.problem}\n")
        if report.problem.seq is not None:
            sys.stdout.write(f"first bad record: {report.problem.seq}\n")
        return EXIT_BROKEN
    pruned = f"; {len(report.pruned)} pruned file(s) ignored" if report.pruned else ""
    old = report.old_checkpoints
    old_text = f" ({old} of the old format, never read)" if old else ""
    sys.stdout.write(
        f"intact: records {report.first_seq} to {report.last_seq} in {len(report.files)} "
        f"file(s), {report.records_checked} records and {report.checkpoints_checked} "
        f"checkpoint(s) checked{old_text}{pruned}\n"
    )
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    from dealer_assist.journal.export import export_rows, export_target, write_csv, write_jsonl

    config, key, archive = _context(args)
    target = None
    if args.output is not None:  # checked first: never a journal, a key or a configuration
        target = export_target(
            args.output,
            journal=args.path,
            archive_dir=archive,
            config_file=args.config,
            key_file=args.key_file,
            pin_file=config.journal_settings.pin_file,
        )
    rows, problem = export_rows(args.path, key, archive, shoe=args.shoe)
    if problem is not None:
        sys.stderr.write(f"dealer-assist: not exported, the journal is broken: {problem}\n")
        return EXIT_BROKEN
    write = write_csv if args.format == "csv" else write_jsonl
    if target is None:
        write(rows, sys.stdout)
    else:
        with target.open() as out:
            write(rows, out)
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    from dealer_assist.journal.replay import replay_journal

    config, key, archive = _context(args)
    report = replay_journal(args.path, key, archive, config)
    if report.problem is not None:
        sys.stdout.write(f"BROKEN: {report.problem}\n")
        return EXIT_BROKEN
    for difference in report.differences:
        sys.stdout.write(f"DIFFERENCE {difference}\n")
    sys.stdout.write(
        f"replayed {report.records} records: {report.coups} coups, {report.settlements} "
        f"settlements, {report.collections} commission collections; "
        f"{len(report.differences)} difference(s)\n"
    )
    return EXIT_DIFFERENT if report.differences else EXIT_OK


def _read_secret(prompt: str) -> str:
    if sys.stdin.isatty():
        import getpass

        return getpass.getpass(prompt)
    line = sys.stdin.readline()
    return line.rstrip("\r\n")


def cmd_pin_set(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime

    from dealer_assist.errors import ConfigurationRefused
    from dealer_assist.journal.auth import (
        check_pin_format,
        pin_advice,
        pin_file_path,
        table_pin_book,
    )
    from dealer_assist.table.commands import Role
    from dealer_assist.table.events import Record, TableEvent

    config = table_config(args)
    path = args.pin_file or pin_file_path(config)
    if path is None:
        raise ConfigurationRefused(
            "pin set", "pin_file", "give --pin-file, or set [journal] pin_file or path"
        )
    journal = _open_journal_offline(config)
    try:
        events: list[TableEvent] = []
        book = table_pin_book(config, path, record=events.append)  # authenticated by the key
        role = Role(args.role)
        pin = _read_secret(f"New {role.value} PIN: ")
        check_pin_format(pin)
        advice = pin_advice(pin)
        if advice is not None:
            sys.stderr.write(f"dealer-assist: advice: {advice}\n")
        if _read_secret("Again: ") != pin:
            sys.stderr.write("dealer-assist: the two PINs differ; nothing changed\n")
            return EXIT_BROKEN
        by = "first setup"
        status = EXIT_OK
        if book.has_pin(Role.TECHNICIAN):
            answer = book.verify(Role.TECHNICIAN, _read_secret("Technician PIN: "))
            if not answer.ok:
                reason = answer.reason.replace("_", " ")
                sys.stderr.write(f"dealer-assist: {reason}; the PIN was not changed\n")
                status = EXIT_BROKEN
            by = "technician"
        if status == EXIT_OK:
            book.set_pin(role, pin, by=by)
            sys.stdout.write(f"{role.value} PIN set in {path}\n")
        if journal is not None:
            for event in events:
                record = Record(
                    seq=journal.last_seq + 1,
                    at=datetime.now(UTC),
                    table=config.table_id,
                    event=event,
                )
                journal.append(record)
        return status
    finally:
        if journal is not None:
            journal.close()


def _open_journal_offline(config: Any) -> Any:
    """The table's journal, to record PIN changes while the table is stopped (a running table
    holds it: then nothing is changed)."""
    from dealer_assist.journal.keys import JournalKey
    from dealer_assist.journal.store import Journal

    if config.journal is None:
        sys.stderr.write("dealer-assist: no journal is configured: this change is not recorded\n")
        return None
    return Journal.open(
        config.journal,
        key=JournalKey.from_text(config.journal_key),
        table_id=config.table_id,
        settings=config.journal_settings,
    )
