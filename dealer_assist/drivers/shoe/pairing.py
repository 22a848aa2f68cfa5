"""Pairing a smart shoe with this host: the host's side of docs/shoe-protocol.md, section 12.

:func:`pair_shoe` works on any open port (pyserial's, or a test's stand-in): it waits for a shoe
in pairing mode, has the operator confirm its serial number, sends a new key and waits for the
shoe to prove it took it. ``dealer-assist shoe pair`` (:mod:`dealer_assist.cli.shoe`) runs it
and saves the key.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any, TextIO

from dealer_assist.drivers.shoe.keys import ShoeKey
from dealer_assist.drivers.shoe.protocol import (
    PAIRING_KEY,
    Accepted,
    Direction,
    FrameDecoder,
    Hello,
    Pair,
    QueryStatus,
    ShoeMode,
    encode_frame,
)
from dealer_assist.drivers.shoe.protocol.framing import ERASED_KEY
from dealer_assist.drivers.shoe.session import random_nonce
from dealer_assist.errors import DeviceError


class PairingError(DeviceError):
    """Pairing did not complete; the message says what to do."""


def new_shoe_key() -> bytes:
    while True:
        key = secrets.token_bytes(32)
        if key not in (PAIRING_KEY, ERASED_KEY):
            return key


def pair_shoe(
    port: Any,
    *,
    confirm: Callable[[int], bool],
    out: TextIO,
    timeout: float = 60.0,
    expected_serial: int | None = None,
    make_key: Callable[[], bytes] = new_shoe_key,
    make_nonce: Callable[[], bytes] = random_nonce,
) -> ShoeKey:
    """The host's side of spec section 12 on an open port; returns the key the shoe took."""
    deadline = time.monotonic() + timeout

    def read() -> bytes:
        if time.monotonic() > deadline:
            raise PairingError(
                "timed out: no pairing happened. Switch the shoe off, then on while holding "
                "NEW SHOE, and run this again"
            )
        return bytes(port.read(port.in_waiting or 1))

    def say(text: str) -> None:
        out.write(text + "\n")
        out.flush()

    listener = FrameDecoder.for_pairing(receiving=Direction.SHOE_TO_HOST)
    say("Waiting for the shoe in pairing mode (switch it on while holding NEW SHOE)...")
    hello: Hello | None = None
    warned = False
    while hello is None:
        for result in listener.feed(read()):
            if not isinstance(result, Accepted) or not isinstance(result.message, Hello):
                continue
            if result.message.mode & ShoeMode.PAIRING:
                hello = result.message
            elif not warned:
                warned = True
                say(
                    f"Shoe {result.message.serial_number} is unpaired but not in pairing mode: "
                    "switch it off, then on while holding NEW SHOE."
                )
    serial_number = hello.serial_number
    say(f"Shoe in pairing mode: serial number {serial_number}.")
    if expected_serial is not None and serial_number != expected_serial:
        raise PairingError(
            f"shoe {serial_number} is in pairing mode, not {expected_serial}: is another shoe "
            "in pairing mode on this port?"
        )
    if expected_serial is None and not confirm(serial_number):
        raise PairingError("stopped: the serial number does not match the label")
    key = make_key()
    nonce = make_nonce()
    pair_wire = encode_frame(
        Pair(serial_number=serial_number, key=key, nonce=nonce), key=PAIRING_KEY, epoch=0, seq=0
    )
    confirmer = FrameDecoder(key=key, receiving=Direction.SHOE_TO_HOST)
    nonces = {nonce}
    port.write(pair_wire)
    retry_at = time.monotonic() + 1.0
    while True:
        for result in confirmer.feed(read()):
            message = result.message if isinstance(result, Accepted) else None
            if (
                isinstance(message, Hello)
                and message.nonce in nonces
                and message.serial_number == serial_number
                and message.mode is ShoeMode.NONE
            ):
                say(f"Shoe {serial_number} confirmed the new key.")
                return ShoeKey(key=key, serial_number=serial_number)
        if time.monotonic() >= retry_at:
            # The PAIR or the shoe's answer may have been lost: send PAIR again (the same one),
            # and ask a shoe that already took the key to prove it.
            retry_at = time.monotonic() + 1.0
            query = make_nonce()
            nonces.add(query)
            port.write(pair_wire)
            port.write(encode_frame(QueryStatus(nonce=query), key=key, epoch=0, seq=0))
