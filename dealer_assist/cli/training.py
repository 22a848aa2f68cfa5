"""``dealer-assist train ...``: drills, the exam, certificates and reports (docs/training.md).

Argument parsing and hand-over only; the work is in the library (training/drill.py, exam.py,
report.py, and ``dealer_assist/ui/training_report.py`` for the PDF and the plots). Added to the
command through ``add_parser`` like the other command modules.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from decimal import Decimal
from pathlib import Path
from random import Random
from typing import Any, TextIO

from dealer_assist.cli.common import (
    EXIT_OK,
    EXIT_REJECTED,
    existing_file,
    folder_for_output,
    has_display,
    number,
    qt_available,
    table_config,
    whole_number,
    writable_file,
)
from dealer_assist.config.training import TrainingSettings
from dealer_assist.errors import DealerAssistError, InputError
from dealer_assist.rules.variants import default_catalog
from dealer_assist.training.items import (
    ItemCatalog,
    Kind,
    build_catalog,
    default_payout_tables,
)
from dealer_assist.training.prompts import PromptMaker, judge
from dealer_assist.training.records import TrainingRecords, default_database

DRILL_KINDS = ("tableau", "payout", "commission", "winner", "shoe", "options", "mixed")
LANGUAGES = ("en", "zh_TW", "zh_CN")
#: The most prompts a drill asks (``--count``).
MAX_COUNT = 100_000
#: Hands an hour no dealer deals (``--target``, ``--min-pace``), as in ``[training]``.
MAX_PACE = 1000


def default_key_file() -> Path:
    return default_database().with_name("training-exam.key")


def _share(text: str) -> Decimal:
    """A share from 0 to 1, kept exact (``--pass-draws``, ``--pass-payouts``)."""
    number(0, 1)(text)
    return Decimal(text.strip())


def _pace(text: str) -> Decimal:
    """Hands (or answers) an hour, from 0 to :data:`MAX_PACE`, kept exact."""
    number(0, MAX_PACE)(text)
    return Decimal(text.strip())


def _target(text: str) -> Decimal:
    number(0, MAX_PACE, low_open=True)(text)
    return Decimal(text.strip())


def _name(text: str) -> str:
    if not text.strip() or len(text) > 200 or not text.isprintable():
        raise argparse.ArgumentTypeError(
            f"{text[:60]!r}: give the trainee's name (printable, at most 200 characters)"
        )
    return text


def _db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        type=writable_file,
        default=None,
        help=f"training records (default: [training] records, else {default_database()})",
    )


def _common(parser: argparse.ArgumentParser, *, variant: str | None = "punto-banco") -> None:
    _db_option(parser)
    parser.add_argument(
        "--variant",
        default=variant,
        help=f"the table's variant (default {variant or 'Punto Banco, or the configuration'})",
    )
    parser.add_argument("--currency", default="", help="the table's currency, e.g. EUR")
    parser.add_argument(
        "--seed", type=whole_number(0, 2**63 - 1), default=None, help="deal the same prompts again"
    )
    parser.add_argument(
        "--config",
        type=existing_file,
        default=None,
        help="the table's configuration: its [training] section (records, pass marks, key)",
    )


def add_parser(commands: Any) -> None:
    train = commands.add_parser(
        "train",
        help="trainee dealers: practice at the table, drills, the exam, certificates, reports",
        description="Alone: practice at the table's touchscreen, the mock shoe stacked with "
        "what the trainee needs (or a real shoe: --source). Subcommands: drills that learn what "
        "each trainee gets wrong, an exam with a sealed result, reports (docs/training.md).",
    )
    sub = train.add_subparsers(dest="train_command", metavar="SUBCOMMAND")
    train.add_argument("--trainee", type=_name, help="the trainee practising (required)")
    train.add_argument(
        "--source",
        action="append",
        default=[],
        metavar="URL",
        help="a real shoe the trainee deals from (default: the mock shoe, stacked)",
    )
    train.add_argument(
        "--target", type=_target, default=None, help="hands an hour (default [training])"
    )
    train.add_argument("--lang", choices=LANGUAGES, help="the screen's language at start")
    train.add_argument("--kiosk", action="store_true", help="full screen")
    train.add_argument("--size", type=_size, help="window size WIDTHxHEIGHT (default 1280x800)")
    train.add_argument("--quit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    _common(train, variant=None)
    train.set_defaults(handler=cmd_train)

    drill = sub.add_parser("drill", help="a drill of N prompts, as JSON lines")
    drill.add_argument("--trainee", type=_name, required=True)
    drill.add_argument("--kind", choices=DRILL_KINDS, default="mixed")
    drill.add_argument("--count", type=whole_number(1, MAX_COUNT), default=20)
    drill.add_argument("--json", action="store_true", required=True, help="JSON lines protocol")
    _common(drill)
    drill.set_defaults(handler=cmd_drill)

    exam = sub.add_parser("exam", help="the exam, as JSON lines; writes a sealed certificate")
    exam.add_argument("--trainee", type=_name, required=True)
    exam.add_argument("--json", action="store_true", required=True, help="JSON lines protocol")
    exam.add_argument("--out", type=writable_file, required=True, help="the certificate to write")
    exam.add_argument("--key-file", type=writable_file, default=None, help="the school's exam key")
    exam.add_argument("--pass-draws", type=_share, default=None, help="default [training]")
    exam.add_argument("--pass-payouts", type=_share, default=None, help="default [training]")
    exam.add_argument("--min-pace", type=_pace, default=None, help="answers an hour")
    _common(exam)
    exam.set_defaults(handler=cmd_exam)

    verify = sub.add_parser("verify", help="check an exam certificate's seal")
    verify.add_argument("certificate", type=existing_file)
    verify.add_argument("--key-file", type=existing_file, default=None, help="the exam key")
    verify.add_argument("--config", type=existing_file, default=None, help="[training] exam_key")
    verify.set_defaults(handler=cmd_verify)

    report = sub.add_parser("report", help="a trainee's report: HTML, PDF and PNG plots")
    report.add_argument("trainee", type=_name)
    report.add_argument("--out", type=folder_for_output, required=True, help="a folder")
    report.add_argument("--config", type=existing_file, default=None, help="[training] records")
    _db_option(report)
    report.set_defaults(handler=cmd_report)


def _size(text: str) -> tuple[int, int]:
    from dealer_assist.cli.screens import _size as size

    return size(text)


def _settings(args: argparse.Namespace) -> TrainingSettings:
    """The ``[training]`` section of ``--config`` (the defaults without one)."""
    path: Path | None = getattr(args, "config", None)
    if path is None:
        return TrainingSettings()
    from dealer_assist.config import load_config

    return load_config(path).training


def records_path(args: argparse.Namespace) -> Path:
    """``--db``, else ``[training] records``, else the default under the user's data folder."""
    db: Path | None = getattr(args, "db", None)
    return db or _settings(args).records or default_database()


def key_path(args: argparse.Namespace) -> Path:
    key: Path | None = getattr(args, "key_file", None)
    return key or _settings(args).exam_key or default_key_file()


def catalog_for(variant_name: str) -> tuple[ItemCatalog, PromptMaker, Random]:
    catalog = default_catalog()
    tables = default_payout_tables(catalog, variant_name)
    banker = tables[0].variant.bets.get("banker")
    rate = banker.commission if banker is not None and banker.commission else Decimal("0.05")
    return build_catalog(tables=tables, commission_rate=rate), PromptMaker(tables=tables), Random()


def _kinds(kind: str) -> list[Kind]:
    return list(Kind) if kind == "mixed" else [Kind(kind)]


def _records(args: argparse.Namespace) -> TrainingRecords:
    return TrainingRecords(path=records_path(args))


def cmd_train(args: argparse.Namespace) -> int:
    """Practice at the table's touchscreen (docs/training.md, "Practice at the table")."""
    if not args.trainee:
        raise InputError(
            "give --trainee NAME to practise at the table, or a "
            "subcommand (drill, exam, verify, report)"
        )
    if not qt_available():
        raise DealerAssistError(
            "practice at the table needs PySide6: pip install 'dealer-assist[ui]'"
        )
    if not has_display() and os.environ.get("QT_QPA_PLATFORM") != "offscreen":
        raise DealerAssistError(
            "practice at the table needs a screen: no DISPLAY or WAYLAND_DISPLAY"
        )
    config = table_config(args)
    settings = config.training
    from dealer_assist.ui.training import run_practice

    seed = args.seed if args.seed is not None else secrets.randbits(32)
    with _records(args) as records:
        return run_practice(
            config,
            records=records,
            trainee=args.trainee,
            seed=seed,
            target=args.target or settings.pace_target,
            real_shoe=any(not url.startswith("mock://") for url in config.sources),
            language=args.lang,
            size=args.size,
            kiosk=args.kiosk,
            quit_after_first_frame=args.quit_after_first_frame,
        )


def cmd_drill(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    from dealer_assist.training.drill import Drill, run_json
    from dealer_assist.training.scheduler import Trainer

    seed = args.seed if args.seed is not None else secrets.randbits(32)
    catalog, maker, _ = catalog_for(args.variant)
    maker.rng = Random(seed)
    maker.currency = args.currency
    kinds = _kinds(args.kind)
    with _records(args) as records:
        trainer = Trainer(
            records=records,
            trainee=args.trainee,
            items=catalog.of_kinds(kinds),
            rng=Random(seed + 1),
        )
        drill = Drill(trainer=trainer, maker=maker, kinds=kinds, seed=seed)
        run_json(drill, count=args.count, stdin=stdin or sys.stdin, stdout=sys.stdout)
    return EXIT_OK


def cmd_exam(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    from dealer_assist.output_files import OutputFile
    from dealer_assist.training.exam import (
        ExamAnswer,
        PassMark,
        certificate_text,
        exam_items,
        exam_result,
        load_key,
    )
    from dealer_assist.training.scheduler import utc_now

    key_file = key_path(args)
    settings = _settings(args)
    out = OutputFile.checked(
        args.out,
        protected={key_file: "the exam key", records_path(args): "training records"},
        replaceable=lambda head: head.startswith(b'{"answers":'),
        what="certificate",
    )
    pass_mark = PassMark(
        draws=settings.pass_draws if args.pass_draws is None else args.pass_draws,
        payouts=settings.pass_payouts if args.pass_payouts is None else args.pass_payouts,
        hands_per_hour=settings.min_pace if args.min_pace is None else args.min_pace,
    )
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    catalog, maker, _ = catalog_for(args.variant)
    maker.rng = Random(seed)
    maker.currency = args.currency
    items = list(exam_items(catalog))
    Random(seed).shuffle(items)
    key = load_key(key_file, create=True)
    source = stdin or sys.stdin
    answers: list[ExamAnswer] = []
    started = utc_now()
    for item in items:
        prompt = maker.prompt(item)
        sys.stdout.write(json.dumps(prompt.as_json()) + "\n")
        sys.stdout.flush()
        asked = time.monotonic()
        line = source.readline()
        if not line:
            raise InputError(
                f"the exam stopped after {len(answers)} of {len(items)} answers: an exam is "
                "taken whole, start it again"
            )
        ms = round((time.monotonic() - asked) * 1000)
        try:
            given = json.loads(line)
        except json.JSONDecodeError:
            given = None
        correct = isinstance(given, dict) and judge(prompt, given)
        answers.append(ExamAnswer(item=item, correct=correct, ms=ms))
        sys.stdout.write(json.dumps({"type": "recorded", "item": item.id, "ms": ms}) + "\n")
    record = exam_result(
        trainee=args.trainee,
        taken=started,
        answers=answers,
        pass_mark=pass_mark,
        variant=args.variant,
    )
    text = certificate_text(record, key)
    with _records(args) as records:
        trainee_id = records.trainee(args.trainee)
        record_line, seal_line = text.splitlines()
        records.save_exam(trainee_id=trainee_id, taken=started, record=record_line, seal=seal_line)
    with out.open() as handle:
        handle.write(text)
    summary = {key: record[key] for key in ("trainee", "draws", "payouts", "hands_per_hour")}
    sys.stdout.write(
        json.dumps({"type": "result", **summary, "passed": record["passed"], "out": str(args.out)})
        + "\n"
    )
    return EXIT_OK if record["passed"] else EXIT_REJECTED


def cmd_verify(args: argparse.Namespace) -> int:
    from dealer_assist.training.exam import CertificateError, load_key, verify_certificate

    key = load_key(key_path(args), create=False)
    try:
        data = args.certificate.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read the certificate {args.certificate}: {error}") from None
    try:
        record = verify_certificate(data, key)
    except CertificateError as error:
        sys.stdout.write(f"INVALID: {error}\n")
        return EXIT_REJECTED
    verdict = "passed" if record.get("passed") else "did not pass"
    sys.stdout.write(
        f"valid: {record.get('trainee')} {verdict} the exam taken {record.get('taken')}\n"
    )
    return EXIT_OK


def cmd_report(args: argparse.Namespace) -> int:
    from dealer_assist.training.report import build_report

    with _records(args) as records:
        report = build_report(records, args.trainee)
    render: Callable[..., Sequence[Path]]
    try:
        from dealer_assist.ui.training_report import write_report as render
    except ImportError as error:  # pragma: no cover - the ui extra is part of make's EXTRAS
        raise InputError(
            f"the report's PDF and plots need the ui extra (PySide6): {error}"
        ) from None
    written = render(report, args.out)
    for path in written:
        sys.stdout.write(f"{path}\n")
    return EXIT_OK
