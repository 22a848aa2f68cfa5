"""The exam: a fixed set of hands covering every tableau cell and payout kind, no hints, a pass
mark the school sets, and a result sealed with an HMAC so a certificate can be checked later.

The certificate is two lines of text: the result as canonical JSON, then ``hmac-sha256:HEX``
computed over the exact bytes of the first line with the school's key. Changing any byte of
either line makes :func:`verify_certificate` fail.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from dealer_assist.errors import DealerAssistError, InputError
from dealer_assist.training.items import Item, ItemCatalog, Kind

SEAL_PREFIX = "hmac-sha256:"
_DRAW_KINDS = (Kind.TABLEAU,)
_PAY_KINDS = (Kind.PAYOUT, Kind.COMMISSION)


class CertificateError(DealerAssistError):
    """A certificate that does not verify: altered, sealed with another key, or not one."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PassMark:
    """What the school asks: the share of draw calls right, of payouts right, and a pace."""

    draws: Decimal = Decimal(1)
    payouts: Decimal = Decimal("0.98")
    hands_per_hour: Decimal = Decimal(0)

    def __post_init__(self) -> None:
        for name in ("draws", "payouts"):
            value = getattr(self, name)
            if not Decimal(0) <= value <= Decimal(1):
                raise InputError(f"the pass mark for {name} is a share from 0 to 1, not {value}")
        if self.hands_per_hour < 0:
            raise InputError(f"a minimum pace is not negative: {self.hands_per_hour}")


def exam_items(catalog: ItemCatalog) -> tuple[Item, ...]:
    """Every tableau cell, each payout line's first win of every bet, and the commission
    questions: the same fixed set for every trainee of a table."""
    chosen = list(catalog.of_kinds([Kind.TABLEAU]))
    bets_seen: set[tuple[str, str]] = set()
    for item in catalog.of_kinds([Kind.PAYOUT]):
        _, label, bet, _ = item.id.split(":")
        if (label, bet) not in bets_seen:
            bets_seen.add((label, bet))
            chosen.append(item)
    chosen += catalog.of_kinds([Kind.COMMISSION])
    return tuple(chosen)


@dataclass(frozen=True, slots=True, kw_only=True)
class ExamAnswer:
    item: Item
    correct: bool
    ms: int


def _share(answers: Sequence[ExamAnswer], kinds: tuple[Kind, ...]) -> tuple[int, int]:
    asked = [answer for answer in answers if answer.item.kind in kinds]
    return sum(answer.correct for answer in asked), len(asked)


def exam_result(
    *,
    trainee: str,
    taken: datetime,
    answers: Sequence[ExamAnswer],
    pass_mark: PassMark,
    variant: str,
) -> dict[str, Any]:
    """The result as a JSON-ready record (amounts and shares as decimal strings)."""
    draws_right, draws_asked = _share(answers, _DRAW_KINDS)
    pays_right, pays_asked = _share(answers, _PAY_KINDS)
    total_ms = sum(answer.ms for answer in answers)
    pace = (
        (Decimal(len(answers)) * 3_600_000 / Decimal(total_ms)).quantize(Decimal(1))
        if total_ms
        else Decimal(0)
    )
    draw_share = Decimal(draws_right) / draws_asked if draws_asked else Decimal(1)
    pay_share = Decimal(pays_right) / pays_asked if pays_asked else Decimal(1)
    passed = (
        draw_share >= pass_mark.draws
        and pay_share >= pass_mark.payouts
        and pace >= pass_mark.hands_per_hour
    )
    return {
        "certificate": "dealer-assist training exam",
        "trainee": trainee,
        "taken": taken.isoformat(timespec="seconds"),
        "variant": variant,
        "draws": {"right": draws_right, "asked": draws_asked},
        "payouts": {"right": pays_right, "asked": pays_asked},
        "hands_per_hour": str(pace),
        "pass_mark": {
            "draws": str(pass_mark.draws),
            "payouts": str(pass_mark.payouts),
            "hands_per_hour": str(pass_mark.hands_per_hour),
        },
        "passed": passed,
        "answers": [
            {"item": answer.item.id, "correct": answer.correct, "ms": answer.ms}
            for answer in answers
        ],
    }


# --- sealing -------------------------------------------------------------------------------


def canonical(record: dict[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def seal(record_text: str, key: bytes) -> str:
    digest = hmac.new(key, record_text.encode("ascii"), hashlib.sha256).hexdigest()
    return SEAL_PREFIX + digest


def certificate_text(record: dict[str, Any], key: bytes) -> str:
    text = canonical(record)
    return f"{text}\n{seal(text, key)}\n"


def verify_certificate(data: bytes, key: bytes) -> dict[str, Any]:
    """The record of a certificate whose seal is right; raises :class:`CertificateError`."""
    lines = data.split(b"\n")
    if len(lines) != 3 or lines[2] != b"":
        raise CertificateError(
            "not a training certificate: expected the record and its seal on two lines"
        )
    record_bytes, seal_bytes = lines[0], lines[1]
    try:
        record_text = record_bytes.decode("ascii")
        given = seal_bytes.decode("ascii")
    except UnicodeDecodeError:
        raise CertificateError("the certificate has been altered (a byte is not text)") from None
    if not hmac.compare_digest(seal(record_text, key), given):
        raise CertificateError(
            "the certificate does not verify: it was altered, or sealed with another key"
        )
    record = json.loads(record_text)
    if not isinstance(record, dict):
        raise CertificateError("the certificate's record is not a result")
    return record


# --- the school's key ----------------------------------------------------------------------


def load_key(path: Path, *, create: bool) -> bytes:
    """The exam key (32 random bytes, a file of mode 0600). ``create`` makes it if missing."""
    if path.exists():
        key = path.read_bytes()
        if len(key) < 16:
            raise InputError(f"{path} is not an exam key (too short): give the school's key file")
        return key
    if not create:
        raise InputError(f"no exam key at {path}: give the school's key with --key-file")
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(key)
    return key
