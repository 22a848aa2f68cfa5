"""Roles and PINs: who may void a coup, correct a card or end a shoe, proven by a PIN.

Three roles (:class:`~dealer_assist.table.commands.Role`): croupier, supervisor, technician.
A screen asks for a PIN before it sends a command that carries a role above the croupier's;
this module checks it.

* PINs are 4 to 12 digits; 6 or more are advised (:func:`pin_advice`). They are stored only as
  salted scrypt hashes of ``HMAC(PIN key, role:PIN)`` (a fresh 16-byte salt per PIN,
  ``n=2**15, r=8, p=1``: 32 MiB and some tens of milliseconds per try). The PIN key comes from
  the journal key (:class:`~dealer_assist.journal.keys.JournalKey`): a copy of the PIN file
  alone allows no guessing at all, and even with the key each guess costs one scrypt
  (``benchmarks/bench_pins.py`` measures it; docs/journal.md states it). The parameters are
  stored with each hash, so they can be raised later.
* The whole file is under an HMAC with the PIN key: a hash replaced (to set a role's PIN), a
  failure count or lockout removed, a role's hash copied to another role, are all caught, and
  every sign-in is refused (and journaled) until a technician restores the file or sets the
  PINs again. Each save counts up a ``generation``; a :class:`PinBook` refuses a file older
  than one it has seen (a copy put back to lift a lockout while the table runs).
* After ``pin_attempts`` wrong PINs in a row a role is locked out for ``lockout_minutes``;
  the count and the lock are kept in the PIN file, so a restart does not reset them.
* Every attempt and every PIN change is handed to ``record`` as a
  :class:`~dealer_assist.table.events.SupervisorAction` (``sign_in`` or ``pin_set``), to be
  journaled. The PIN itself is never recorded.

The PIN file is JSON, written atomically (a temporary file, fsync, rename) with mode 0600. A
file of the first format (``dealer-assist pins 1``, not authenticated) is refused: move it
aside and set each role's PIN again.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dealer_assist.errors import DealerAssistError
from dealer_assist.journal.keys import JournalKey
from dealer_assist.table.commands import Role
from dealer_assist.table.events import SupervisorAction, TableEvent

if TYPE_CHECKING:
    from dealer_assist.config import TableConfig

FORMAT = "dealer-assist pins 2"
OLD_FORMATS = ("dealer-assist pins 1",)
SCRYPT_N = 2**15
SCRYPT_R = 8
SCRYPT_P = 1
_DKLEN = 32


class PinError(DealerAssistError):
    """A PIN that cannot be set (too short, not digits) or a PIN file that cannot be read."""


@dataclass(frozen=True, slots=True)
class SignIn:
    """The answer to a PIN: ``ok``, or why not (``wrong_pin``, ``locked_out``, ``no_pin``,
    ``pin_file_altered``)."""

    role: Role
    ok: bool
    reason: str
    locked_until: datetime | None = None
    failures: int = 0


ADVISED_DIGITS = 6


def check_pin_format(pin: str) -> None:
    if not (pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 12):
        raise PinError(f"a PIN is 4 to 12 digits ({ADVISED_DIGITS} or more are advised)")


def pin_advice(pin: str) -> str | None:
    """A warning for a PIN shorter than :data:`ADVISED_DIGITS`, else None."""
    if len(pin) >= ADVISED_DIGITS:
        return None
    return (
        f"a {len(pin)}-digit PIN has only {10 ** len(pin):,} possibilities: whoever has the PIN "
        f"file and the journal key tries them all in minutes; {ADVISED_DIGITS} or more digits "
        "are advised (each digit multiplies that time by ten)"
    )


def pin_hash(key: JournalKey, role: Role, pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    keyed = hmac.digest(key.pin_key, f"{role.value}:{pin}".encode(), "sha256")
    return hashlib.scrypt(keyed, salt=salt, n=n, r=r, p=p, dklen=_DKLEN, maxmem=128 * r * n * 2)


def _file_mac(key: JournalKey, data: dict[str, Any]) -> str:
    body = {name: data[name] for name in ("format", "generation", "pins", "failures")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hmac.new(key.pin_key, b"pins:" + text.encode(), hashlib.sha256).hexdigest()


def _utc_now() -> datetime:
    return datetime.now(UTC)


def pin_file_path(config: TableConfig) -> Path | None:
    """The table's PIN file: ``[journal] pin_file``, else the journal's path with ``.pins``
    added, else None. The one rule: ``dealer-assist pin set`` writes the file the screens read.
    """
    settings = config.journal_settings
    if settings.pin_file is not None:
        return settings.pin_file
    if config.journal is not None:
        return config.journal.with_name(config.journal.name + ".pins")
    return None


def table_pin_book(
    config: TableConfig, path: Path, *, record: Callable[[TableEvent], None] | None = None
) -> PinBook:
    """The PIN file at ``path`` of the table ``config`` describes: authenticated with its
    journal key, its lockout settings."""
    settings = config.journal_settings
    return PinBook(
        path,
        key=JournalKey.from_text(config.journal_key),
        attempts=settings.pin_attempts,
        lockout=timedelta(minutes=settings.lockout_minutes),
        record=record,
    )


class PinBook:
    """The PIN file of a table, and the sign-in checks."""

    def __init__(
        self,
        path: Path,
        *,
        key: JournalKey,
        attempts: int = 5,
        lockout: timedelta = timedelta(minutes=15),
        clock: Callable[[], datetime] = _utc_now,
        record: Callable[[TableEvent], None] | None = None,
        cost: int = SCRYPT_N,
    ) -> None:
        self.path = path
        self._key = key
        self._generation = 0  # the newest this book has read or written
        self.attempts = attempts
        self.lockout = lockout
        self._clock = clock
        self._record = record
        self._cost = cost

    # --- the file ------------------------------------------------------------------------

    def _load(self) -> dict[str, Any]:
        """The file's contents, authenticated; else :class:`PinError` saying what to do."""
        if not self.path.exists():
            if self._generation:
                raise self._refused("is missing")
            return {"format": FORMAT, "generation": 0, "pins": {}, "failures": {}}
        try:
            data = json.loads(self.path.read_text("utf-8"))
        except (OSError, ValueError) as error:
            raise PinError(f"cannot read the PIN file {self.path}: {error}") from None
        if not isinstance(data, dict) or data.get("format") not in (FORMAT, *OLD_FORMATS):
            raise PinError(f"{self.path} is not a dealer-assist PIN file")
        if data["format"] in OLD_FORMATS:
            raise PinError(
                f"the PIN file {self.path} is of an old format that cannot be authenticated: "
                "move it aside and set each role's PIN again (dealer-assist pin set)"
            )
        try:
            intact = hmac.compare_digest(str(data.get("mac")), _file_mac(self._key, data))
            generation = int(data["generation"])
        except (KeyError, TypeError, ValueError):
            intact, generation = False, 0
        if (
            not intact
            or not isinstance(data["pins"], dict)
            or not isinstance(data["failures"], dict)
        ):
            raise self._refused("was altered, or written with another journal key")
        if generation < self._generation:
            raise self._refused("was replaced by an older copy")
        self._generation = generation
        return data

    def _refused(self, what: str) -> PinError:
        return PinError(
            f"the PIN file {self.path} {what}: every sign-in is refused until a technician "
            "restores it from a backup, or deletes it and sets each role's PIN again "
            "(dealer-assist pin set)"
        )

    def _save(self, data: dict[str, Any]) -> None:
        data["generation"] = self._generation + 1
        data["mac"] = _file_mac(self._key, data)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + f".{secrets.token_hex(4)}.tmp")
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(handle, json.dumps(data, indent=2, sort_keys=True).encode())
            os.fsync(handle)
        finally:
            os.close(handle)
        os.replace(temporary, self.path)
        self._generation = data["generation"]
        with contextlib.suppress(OSError):
            directory = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(directory)
            finally:
                os.close(directory)

    def _note(self, action: str, role: Role, detail: str) -> None:
        if self._record is not None:
            self._record(SupervisorAction(action=action, role=role.value, detail=detail))

    # --- reading -------------------------------------------------------------------------

    def has_pin(self, role: Role) -> bool:
        return role.value in self._load()["pins"]

    def locked_until(self, role: Role) -> datetime | None:
        failure = self._load()["failures"].get(role.value)
        if not failure or not failure.get("locked_until"):
            return None
        until = datetime.fromisoformat(failure["locked_until"])
        return until if until > self._clock() else None

    # --- changing ------------------------------------------------------------------------

    def set_pin(self, role: Role, pin: str, *, by: str) -> None:
        """Store a new PIN for ``role`` (``by`` says who set it, for the journal)."""
        check_pin_format(pin)
        salt = secrets.token_bytes(16)
        data = self._load()
        data["pins"][role.value] = {
            "salt": salt.hex(),
            "hash": pin_hash(self._key, role, pin, salt, self._cost, SCRYPT_R, SCRYPT_P).hex(),
            "n": self._cost,
            "r": SCRYPT_R,
            "p": SCRYPT_P,
            "set_at": self._clock().isoformat(),
        }
        data["failures"].pop(role.value, None)
        self._save(data)
        self._note("pin_set", role, f"set by {by}")

    def verify(self, role: Role, pin: str) -> SignIn:
        """Check ``pin`` for ``role``; the attempt is recorded whatever the answer. A PIN file
        that was altered refuses every sign-in (``pin_file_altered``)."""
        try:
            data = self._load()
        except PinError as error:
            self._note("sign_in", role, f"refused: {error}")
            return SignIn(role, False, "pin_file_altered")
        now = self._clock()
        failure = data["failures"].get(role.value) or {"count": 0, "locked_until": None}
        if failure.get("locked_until"):
            locked = datetime.fromisoformat(failure["locked_until"])
            if locked > now:
                self._note("sign_in", role, f"refused: locked out until {locked.isoformat()}")
                return SignIn(role, False, "locked_out", locked, int(failure["count"]))
            failure = {"count": 0, "locked_until": None}  # the lockout has run out
        stored = data["pins"].get(role.value)
        if stored is None:
            self._note("sign_in", role, "refused: no PIN is set for this role")
            return SignIn(role, False, "no_pin")
        expected = bytes.fromhex(stored["hash"])
        try:
            salt = bytes.fromhex(stored["salt"])
            given = pin_hash(self._key, role, pin, salt, stored["n"], stored["r"], stored["p"])
        except (ValueError, UnicodeError, TypeError, KeyError):
            given = b""
        if hmac.compare_digest(given, expected):
            if role.value in data["failures"]:
                data["failures"].pop(role.value)
                self._save(data)
            self._note("sign_in", role, "accepted")
            return SignIn(role, True, "accepted")
        count = int(failure["count"]) + 1
        until = now + self.lockout if count >= self.attempts else None
        data["failures"][role.value] = {
            "count": count,
            "locked_until": until.isoformat() if until else None,
        }
        self._save(data)
        if until is not None:
            detail = f"refused: wrong PIN ({count} of {self.attempts}), locked out until "
            self._note("sign_in", role, detail + until.isoformat())
            return SignIn(role, False, "locked_out", until, count)
        self._note("sign_in", role, f"refused: wrong PIN ({count} of {self.attempts})")
        return SignIn(role, False, "wrong_pin", None, count)
