"""Frames in and out: :class:`FrameEncoder` for a sender, :class:`FrameDecoder` for a receiver.

The decoder is the trust boundary of the shoe link. It takes any bytes, never raises on them,
and returns a message only from a frame that passed, in this order (spec section 8): size,
COBS, length, CRC, version, length byte, tag, direction, type and payload, replay guard.
"""

from __future__ import annotations

import hmac
from collections import Counter

from dealer_assist.drivers.shoe.protocol.framing import (
    CRC_SIZE,
    FRAME_OVERHEAD,
    HEADER,
    HEADER_SIZE,
    MAX_ENCODED_FRAME,
    MAX_PAYLOAD,
    MIN_ENCODED_FRAME,
    PAIRING_KEY,
    PROTOCOL_VERSION,
    TAG_SIZE,
    U32_MAX,
    Direction,
    FrameHeader,
    ShoeProtocolError,
    TagComputer,
    build_raw_frame,
    check_key,
    cobs_decode_or_none,
    crc16_ccitt_false,
    frame_to_wire,
)
from dealer_assist.drivers.shoe.protocol.messages import (
    PAIRING_TYPES,
    UNSEQUENCED_TYPES,
    Message,
    decode_message,
)
from dealer_assist.drivers.shoe.protocol.replay import ReplayGuard
from dealer_assist.drivers.shoe.protocol.results import (
    Accepted,
    DecodeResult,
    DecodeStats,
    Rejected,
    RejectReason,
)

_TAG_END = -CRC_SIZE
_TOO_SHORT = Rejected(
    RejectReason.MALFORMED, f"fewer than {MIN_ENCODED_FRAME} bytes between delimiters"
)
_BODY_END = -(CRC_SIZE + TAG_SIZE)


def encode_raw_frame(message: Message, *, key: bytes, epoch: int, seq: int) -> bytes:
    """The raw frame (before COBS) of ``message`` under ``key`` at ``(epoch, seq)``."""
    if not isinstance(key, bytes) or len(key) != len(PAIRING_KEY):
        raise ShoeProtocolError("a shoe key is exactly 32 bytes")
    if message.TYPE in UNSEQUENCED_TYPES:
        if (epoch, seq) != (0, 0):
            raise ShoeProtocolError(f"{message.TYPE.name} is sent with epoch 0 and seq 0")
    elif not (1 <= epoch <= U32_MAX and 1 <= seq <= U32_MAX):
        raise ShoeProtocolError(f"epoch {epoch} and seq {seq} must each be 1..2^32-1")
    if key == PAIRING_KEY and message.TYPE not in PAIRING_TYPES:
        raise ShoeProtocolError(f"{message.TYPE.name} cannot be sent under the pairing key")
    payload = message.encode_payload()
    if len(payload) > MAX_PAYLOAD:  # pragma: no cover - every message is validated smaller
        raise ShoeProtocolError(f"payload of {len(payload)} bytes exceeds {MAX_PAYLOAD}")
    return build_raw_frame(message.TYPE, payload, key=key, epoch=epoch, seq=seq)


def encode_frame(message: Message, *, key: bytes, epoch: int, seq: int) -> bytes:
    """The wire bytes (``00``, COBS, ``00``) of ``message`` under ``key`` at ``(epoch, seq)``."""
    return frame_to_wire(encode_raw_frame(message, key=key, epoch=epoch, seq=seq))


class FrameEncoder:
    """A sender: numbers its frames 1, 2, 3... within an epoch.

    The shoe's encoder uses its own boot epoch. The host's uses the shoe's epoch and starts
    after the ``host_seq_last`` the shoe reported in HELLO. QUERY_STATUS and PAIR go out with
    epoch 0 and seq 0 and do not use up a sequence number.
    """

    __slots__ = ("_epoch", "_key", "_next_seq", "_pairing", "_sending")

    def __init__(
        self,
        *,
        key: bytes,
        sending: Direction,
        epoch: int,
        next_seq: int = 1,
        pairing: bool = False,
    ) -> None:
        self._key = check_key(key, pairing=pairing)
        self._sending = sending
        self._pairing = pairing
        self._epoch = 0
        self._next_seq = 1
        self.restart(epoch=epoch, next_seq=next_seq)

    @property
    def epoch(self) -> int:
        return self._epoch

    @property
    def next_seq(self) -> int:
        return self._next_seq

    def restart(self, *, epoch: int, next_seq: int = 1) -> None:
        """A new epoch (the shoe booted or reset), or the host learnt where to continue."""
        if not (1 <= epoch <= U32_MAX and 1 <= next_seq <= U32_MAX):
            raise ShoeProtocolError(f"epoch {epoch} and next_seq {next_seq} must be 1..2^32-1")
        self._epoch = epoch
        self._next_seq = next_seq

    def encode(self, message: Message) -> bytes:
        """Wire bytes of ``message`` under the next sequence number."""
        if message.TYPE.direction is not self._sending:
            raise ShoeProtocolError(f"{message.TYPE.name} does not travel {self._sending.value}")
        if self._pairing and message.TYPE not in PAIRING_TYPES:
            raise ShoeProtocolError(f"{message.TYPE.name} is not sent in pairing mode")
        if message.TYPE in UNSEQUENCED_TYPES:
            return encode_frame(message, key=self._key, epoch=0, seq=0)
        if self._next_seq > U32_MAX:
            raise ShoeProtocolError("sequence numbers exhausted: start a new epoch")
        wire = encode_frame(message, key=self._key, epoch=self._epoch, seq=self._next_seq)
        self._next_seq += 1
        return wire


class FrameDecoder:
    """A receiver: feed it bytes as they arrive, get back one result per frame seen.

    ``receiving`` is the direction of the frames it accepts (the host decodes
    ``SHOE_TO_HOST``). ``guard`` applies the replay rules of that direction; without one the
    decoder checks integrity and authenticity only (tools, tests). A pairing decoder
    (:meth:`for_pairing`) uses the public all-zero key and accepts only HELLO and PAIR: it can
    never deliver a card.
    """

    __slots__ = ("_buffer", "_counts", "_discarding", "_guard", "_pairing", "_receiving", "_tags")

    def __init__(
        self,
        *,
        key: bytes,
        receiving: Direction,
        guard: ReplayGuard | None = None,
        pairing: bool = False,
    ) -> None:
        self._tags = TagComputer(check_key(key, pairing=pairing))
        self._receiving = receiving
        self._guard = guard
        self._pairing = pairing
        self._buffer = bytearray()
        self._discarding = False
        self._counts: Counter[str] = Counter()

    @classmethod
    def for_pairing(cls, *, receiving: Direction, guard: ReplayGuard | None = None) -> FrameDecoder:
        return cls(key=PAIRING_KEY, receiving=receiving, guard=guard, pairing=True)

    @property
    def guard(self) -> ReplayGuard | None:
        return self._guard

    @property
    def stats(self) -> DecodeStats:
        return DecodeStats(**self._counts)

    def reset(self) -> None:
        """Forget a partial frame (after a reconnect); counters and guard are kept."""
        self._buffer.clear()
        self._discarding = False

    def feed(self, data: bytes | bytearray | memoryview) -> list[DecodeResult]:
        """Consume ``data``; return what the complete frames in it (and before it) decode to."""
        data = bytes(data)
        counts = self._counts
        counts["bytes_received"] += len(data)
        chunks = data.split(b"\x00")
        tail = chunks.pop()  # after the last delimiter: the start of a frame still arriving
        results: list[DecodeResult] = []
        if chunks:
            if self._discarding:  # the end of an oversized run
                self._discarding = False
                chunks[0] = b""
            elif self._buffer:
                chunks[0] = bytes(self._buffer) + chunks[0]
                self._buffer.clear()
            too_short = 0
            for chunk in chunks:
                size = len(chunk)
                if size >= MIN_ENCODED_FRAME:
                    results.append(self._chunk(chunk))
                elif size:  # noise: the cheapest path, since noise can come fast
                    results.append(_TOO_SHORT)
                    too_short += 1
            counts[RejectReason.MALFORMED.value] += too_short
        if tail:
            self._hold(tail, results)
        return results

    def _hold(self, tail: bytes, results: list[DecodeResult]) -> None:
        """Keep the start of a frame whose delimiter has not arrived yet."""
        if self._discarding:
            return
        if len(self._buffer) + len(tail) > MAX_ENCODED_FRAME:
            self._buffer.clear()
            self._discarding = True
            results.append(self._reject(RejectReason.OVERSIZED, "no delimiter in time"))
        else:
            self._buffer += tail

    def decode_chunk(self, encoded: bytes) -> DecodeResult:
        """Decode one COBS-encoded frame given without its delimiters."""
        if encoded.find(0) >= 0:
            return self._reject(RejectReason.MALFORMED, "0x00 inside a COBS frame")
        return self._chunk(encoded)

    def _reject(self, reason: RejectReason, detail: str) -> Rejected:
        self._counts[reason.value] += 1
        return Rejected(reason, detail)

    def _chunk(self, encoded: bytes) -> DecodeResult:
        size = len(encoded)
        if size > MAX_ENCODED_FRAME:
            return self._reject(RejectReason.OVERSIZED, f"{size} bytes between delimiters")
        if size < MIN_ENCODED_FRAME:
            return self._reject(RejectReason.MALFORMED, f"only {size} bytes between delimiters")
        raw = cobs_decode_or_none(encoded)
        if raw is None:
            return self._reject(RejectReason.MALFORMED, "invalid COBS encoding")
        return self.decode_raw(raw)

    def decode_raw(self, raw: bytes) -> DecodeResult:
        """Check and decode one raw (un-stuffed) frame."""
        size = len(raw)
        if not FRAME_OVERHEAD <= size <= FRAME_OVERHEAD + MAX_PAYLOAD:
            return self._reject(RejectReason.MALFORMED, f"raw frame of {size} bytes")
        if crc16_ccitt_false(raw[:_TAG_END]) != int.from_bytes(raw[_TAG_END:], "little"):
            return self._reject(RejectReason.BAD_CRC, "CRC mismatch")
        version, type_code, epoch, seq, length = HEADER.unpack_from(raw)
        if version != PROTOCOL_VERSION:
            return self._reject(RejectReason.BAD_VERSION, f"protocol version {version}")
        if length != size - FRAME_OVERHEAD:
            return self._reject(RejectReason.MALFORMED, f"length byte {length}, frame disagrees")
        body = raw[:_BODY_END]
        if not hmac.compare_digest(self._tags.tag(body), raw[_BODY_END:_TAG_END]):
            return self._reject(RejectReason.BAD_AUTH, f"tag mismatch on type 0x{type_code:02x}")
        # From here on the frame is genuine: whatever is wrong is the sender's bug or a replay.
        if Direction.of_type_code(type_code) is not self._receiving:
            return self._reject(RejectReason.WRONG_DIRECTION, f"type 0x{type_code:02x}")
        if self._pairing and type_code not in PAIRING_TYPES:
            return self._reject(
                RejectReason.BAD_AUTH, f"type 0x{type_code:02x} under the public pairing key"
            )
        try:
            message = decode_message(type_code, body[HEADER_SIZE:])
        except ShoeProtocolError as exc:
            return self._reject(RejectReason.MALFORMED, str(exc))
        unsequenced = message.TYPE in UNSEQUENCED_TYPES
        if (epoch == 0 or seq == 0) and not unsequenced:
            return self._reject(RejectReason.MALFORMED, f"{message.TYPE.name} with epoch/seq 0")
        header = FrameHeader(
            version=version, type_code=type_code, epoch=epoch, seq=seq, payload_length=length
        )
        if self._guard is not None:
            refusal = self._guard.check(header, message)
            if refusal is not None:
                self._counts[refusal.reason.value] += 1
                return refusal
            self._guard.commit(header, message)
        self._counts["frames_accepted"] += 1
        return Accepted(header, message)
