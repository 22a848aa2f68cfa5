"""``dealer-assist train ...``: drills, the exam, certificates and reports (docs/training.md).

Argument parsing and hand-over only; the work is in the library (training/drill.py, exam.py,
report.py, and ``dealer_assist/ui/training_report.py`` for the PDF and the plots). Added to the
command through ``add_parser`` like the other command modules.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path
from random import Random
from typing import Any, TextIO

from dealer_assist.errors import InputError
from dealer_assist.rules.variants import default_catalog
from dealer_assist.training.items import (
    ItemCatalog,
    Kind,
    build_catalog,
    default_payout_tables,
)
from dealer_assist.training.prompts import PromptMaker, judge
from dealer_assist.training.records import TrainingRecords, default_database

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_FAILED = 2
DRILL_KINDS = ("tableau", "payout", "commission", "winner", "shoe", "options", "mixed")


def default_key_file() -> Path:
    return default_database().with_name("training-exam.key")


def _decimal(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"give at least 1, not {value}")
    return value


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db", type=Path, default=None, help=f"training records (default {default_database()})"
    )
    parser.add_argument(
        "--variant", default="punto-banco", help="the table's variant (default %(default)s)"
    )
    parser.add_argument("--currency", default="", help="the table's currency, e.g. EUR")
    parser.add_argument("--seed", type=int, default=None, help="deal the same prompts again")


def add_parser(commands: Any) -> None:
    train = commands.add_parser(
        "train",
        help="trainee dealers: drills, the exam, certificates and reports",
        description="Drills that learn what each trainee gets wrong, an exam with a sealed "
        "result, and reports (docs/training.md).",
    )
    sub = train.add_subparsers(dest="train_command", metavar="SUBCOMMAND")
    train.set_defaults(handler=cmd_train)

    drill = sub.add_parser("drill", help="a drill of N prompts, as JSON lines")
    drill.add_argument("--trainee", required=True)
    drill.add_argument("--kind", choices=DRILL_KINDS, default="mixed")
    drill.add_argument("--count", type=_positive, default=20)
    drill.add_argument("--json", action="store_true", required=True, help="JSON lines protocol")
    _common(drill)
    drill.set_defaults(handler=cmd_drill)

    exam = sub.add_parser("exam", help="the exam, as JSON lines; writes a sealed certificate")
    exam.add_argument("--trainee", required=True)
    exam.add_argument("--json", action="store_true", required=True, help="JSON lines protocol")
    exam.add_argument("--out", type=Path, required=True, help="the certificate file to write")
    exam.add_argument("--key-file", type=Path, default=None, help="the school's exam key")
    exam.add_argument("--pass-draws", type=_decimal, default=Decimal(1))
    exam.add_argument("--pass-payouts", type=_decimal, default=Decimal("0.98"))
    exam.add_argument("--min-pace", type=_decimal, default=Decimal(0), help="hands per hour")
    _common(exam)
    exam.set_defaults(handler=cmd_exam)

    verify = sub.add_parser("verify", help="check an exam certificate's seal")
    verify.add_argument("certificate", type=Path)
    verify.add_argument("--key-file", type=Path, default=None, help="the school's exam key")
    verify.set_defaults(handler=cmd_verify)

    report = sub.add_parser("report", help="a trainee's report: HTML, PDF and PNG plots")
    report.add_argument("trainee")
    report.add_argument("--out", type=Path, required=True, help="a folder for the report")
    report.add_argument("--db", type=Path, default=None)
    report.set_defaults(handler=cmd_report)


def catalog_for(variant_name: str) -> tuple[ItemCatalog, PromptMaker, Random]:
    catalog = default_catalog()
    tables = default_payout_tables(catalog, variant_name)
    banker = tables[0].variant.bets.get("banker")
    rate = banker.commission if banker is not None and banker.commission else Decimal("0.05")
    return build_catalog(tables=tables, commission_rate=rate), PromptMaker(tables=tables), Random()


def _kinds(kind: str) -> list[Kind]:
    return list(Kind) if kind == "mixed" else [Kind(kind)]


def _records(args: argparse.Namespace) -> TrainingRecords:
    return TrainingRecords(path=args.db or default_database())


def cmd_train(args: argparse.Namespace) -> int:
    sys.stderr.write(
        "dealer-assist train: give a subcommand (drill, exam, verify, report); the practice "
        "mode at the table's touchscreen is not built yet (docs/training.md)\n"
    )
    return EXIT_ERROR


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

    key_path = args.key_file or default_key_file()
    out = OutputFile.checked(
        args.out,
        protected={key_path: "the exam key", args.db or default_database(): "training records"},
        replaceable=lambda head: head.startswith(b'{"answers":'),
        what="certificate",
    )
    pass_mark = PassMark(
        draws=args.pass_draws, payouts=args.pass_payouts, hands_per_hour=args.min_pace
    )
    seed = args.seed if args.seed is not None else secrets.randbits(32)
    catalog, maker, _ = catalog_for(args.variant)
    maker.rng = Random(seed)
    maker.currency = args.currency
    items = list(exam_items(catalog))
    Random(seed).shuffle(items)
    key = load_key(key_path, create=True)
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
    return EXIT_OK if record["passed"] else EXIT_FAILED


def cmd_verify(args: argparse.Namespace) -> int:
    from dealer_assist.training.exam import CertificateError, load_key, verify_certificate

    key = load_key(args.key_file or default_key_file(), create=False)
    try:
        data = args.certificate.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read the certificate {args.certificate}: {error}") from None
    try:
        record = verify_certificate(data, key)
    except CertificateError as error:
        sys.stdout.write(f"INVALID: {error}\n")
        return EXIT_FAILED
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
