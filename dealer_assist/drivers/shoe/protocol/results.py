"""What the decoder hands back: an accepted frame, or a rejected one with its reason."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from dealer_assist.drivers.shoe.protocol.framing import FrameHeader
from dealer_assist.drivers.shoe.protocol.messages import Message


class RejectReason(Enum):
    """Why a frame was dropped, in the order the receiver checks (spec section 8)."""

    OVERSIZED = "oversized"
    """More than MAX_ENCODED_FRAME bytes before a delimiter."""
    MALFORMED = "malformed"
    """Bad COBS, too short, wrong length byte, unknown type, or a payload that breaks a rule."""
    BAD_CRC = "bad_crc"
    """Line noise, almost always."""
    BAD_VERSION = "bad_version"
    BAD_AUTH = "bad_auth"
    """Intact frame, wrong tag: another key, a forgery, or a non-pairing type under the
    pairing key. A security event: the host logs and alerts on it."""
    WRONG_DIRECTION = "wrong_direction"
    """A genuine frame of the other direction: an echoing line or a reflection."""
    REPLAYED = "replayed"
    UNSYNCED = "unsynced"
    """Genuine, but the host has no proof yet that it is fresh (spec 7.3)."""


@dataclass(frozen=True, slots=True)
class Accepted:
    """A genuine, fresh frame and its message."""

    header: FrameHeader
    message: Message


@dataclass(frozen=True, slots=True)
class Rejected:
    """A dropped frame. ``detail`` is for logs; never show raw bytes of a bad frame to players."""

    reason: RejectReason
    detail: str


DecodeResult = Accepted | Rejected


@dataclass(frozen=True, slots=True, kw_only=True)
class DecodeStats:
    """Counters of one decoder since it was made."""

    bytes_received: int = 0
    frames_accepted: int = 0
    oversized: int = 0
    malformed: int = 0
    bad_crc: int = 0
    bad_version: int = 0
    bad_auth: int = 0
    wrong_direction: int = 0
    replayed: int = 0
    unsynced: int = 0

    @property
    def frames_rejected(self) -> int:
        return sum(getattr(self, reason.value) for reason in RejectReason)

    def as_dict(self) -> dict[str, int]:
        return {f.name: int(getattr(self, f.name)) for f in fields(self)}
