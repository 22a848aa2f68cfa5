"""PINs (issue 23): what one offline guess at a PIN costs, and what a whole search costs.

Someone who copies the PIN file *and* knows the journal key can test PINs offline, without the
lockout: each guess is one ``HMAC`` and one scrypt with the stored parameters. Without the key
no guess can be tested at all (the PIN is keyed with it before scrypt). This measures the cost
of one guess on this machine, one core, and what that makes of a search of every PIN of 4, 6
and 8 digits (an attacker with many cores divides the time by their number).

    python benchmarks/bench_pins.py [--guesses 20]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import emit, machine, median, now, section

from dealer_assist.journal.auth import SCRYPT_N, SCRYPT_P, SCRYPT_R, PinBook, pin_hash
from dealer_assist.journal.keys import JournalKey
from dealer_assist.table.commands import Role


def _duration(seconds: float) -> str:
    for unit, size in (("years", 365 * 86400), ("days", 86400), ("hours", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds:.0f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--guesses", type=int, default=20)
    args = parser.parse_args(argv)
    key = JournalKey.from_text("benchmark key, not a secret one")
    salt = os.urandom(16)
    times = []
    for guess in range(args.guesses):  # what a search computes for each candidate PIN
        started = now()
        pin_hash(key, Role.SUPERVISOR, f"{guess:06d}", salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
        times.append(now() - started)
    per_guess = median(times)
    with tempfile.TemporaryDirectory() as folder:
        book = PinBook(Path(folder) / "pins", key=key, attempts=args.guesses + 1)
        book.set_pin(Role.SUPERVISOR, "482916", by="benchmark")
        sign_ins = []
        for guess in range(args.guesses):
            started = now()
            book.verify(Role.SUPERVISOR, f"{guess:06d}")
            sign_ins.append(now() - started)
    rows: list[tuple[str, str]] = [
        (
            "one offline guess (HMAC with the PIN key, then scrypt "
            f"n=2^{SCRYPT_N.bit_length() - 1}, r={SCRYPT_R}, p={SCRYPT_P}: "
            f"{128 * SCRYPT_R * SCRYPT_N // 2**20} MiB)",
            f"{per_guess * 1000:.0f} ms median of {len(times)}",
        ),
        (
            "one wrong sign-in at the table (the same, and the failure counted and saved)",
            f"{median(sign_ins) * 1000:.0f} ms median of {len(sign_ins)}",
        ),
    ]
    for digits in (4, 6, 8):
        rows.append(
            (
                f"every {digits}-digit PIN, one core (half that on average)",
                _duration(per_guess * 10**digits),
            )
        )
    rows.append(("any number of guesses with the PIN file but not the journal key", "impossible"))
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    notes = (
        f"{machine()}; load average {load} at the end (other work shares the machine: on an "
        "idle core a guess is faster). An attacker with many cores divides the search times by "
        "their number; a PIN of two more digits multiplies them by a hundred. At the table a "
        "role is locked out after `pin_attempts` wrong PINs, so only an offline search with "
        "the file and the key can try them all."
    )
    emit(
        section(
            "PINs: the cost of an offline guess (issue 23)",
            "python benchmarks/bench_pins.py",
            ("measure", "result"),
            rows,
            notes,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
