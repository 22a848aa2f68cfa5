"""The card tag format: what an NFC tag on a playing card holds, and the UID table.

A written tag holds 16 bytes in user pages 4-7 of an NTAG21x / MIFARE Ultralight tag: format
version, rank and suit, deck serial, card serial, and an 8-byte authentication code, a truncated
HMAC-SHA256 over the tag's UID and the 8 data bytes, keyed with the casino's 32-byte secret. A
copied tag (another UID) or an edited one fails the check. ``docs/card-tags.md`` is the
specification (the shoe firmware reads the same bytes); this module is its reference
implementation, pure and without I/O except for reading key and table files.

Tags that cannot be written are enrolled instead: a :class:`UidTable` maps each UID to its card.

>>> key = bytes(range(32))
>>> uid = bytes.fromhex("04A2245A6B3C80")
>>> data = encode_tag(uid, parse_card("QH"), deck_serial=1001, card_serial=25, key=key)
>>> data.hex(" ").upper()
'01 C1 00 00 03 E9 00 19 2B DD 24 E0 7D 5F 5C 9C'
>>> info = decode_tag(uid, data, key)
>>> str(info.card), info.deck_serial, info.card_serial
('QH', 1001, 25)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import struct
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from dealer_assist.cards import ALL_SUITS, Card, Rank, Suit, one_deck, parse_card
from dealer_assist.errors import (
    CardParseError,
    ConfigError,
    DealerAssistError,
    DeviceIOError,
    InputError,
)

FORMAT_VERSION = 1
DATA_PAGE = 4  # first page of NTAG user memory
PAGE_SIZE = 4
DATA_LENGTH = 16  # pages 4-7
DATA_PAGES = DATA_LENGTH // PAGE_SIZE
PAYLOAD_LENGTH = 8  # version, card, deck serial, card serial
MAC_LENGTH = 8
KEY_LENGTH = 32
UID_LENGTHS = (4, 7, 10)  # ISO/IEC 14443-3 single, double and triple size UIDs

_PAYLOAD = struct.Struct(">BBIH")  # version, card, deck serial, card serial; big-endian
_SUIT_CODE: dict[Suit, int] = {suit: index for index, suit in enumerate(ALL_SUITS)}
_EMPTY_NDEF = bytes.fromhex("0300FE")  # NDEF TLV with an empty message, then the terminator

MAX_DECK_SERIAL = 0xFFFF_FFFF
MAX_CARD_SERIAL = 0xFFFF

UID_TABLE_FORMAT = "dealer-assist-uid-table"
UID_TABLE_VERSION = 1


class TagError(DealerAssistError, ValueError):
    """A tag that does not name an authentic card. ``code`` is one of:

    ``blank`` (nothing written yet), ``bad_version`` (not this format, or a newer version),
    ``bad_mac`` (copied to another tag, edited, or written with another key), ``bad_card``
    (authentic bytes that name no card), ``not_enrolled`` (a UID missing from the UID table).
    """

    def __init__(self, code: str, message: str, *, uid: bytes = b"") -> None:
        self.code = code
        self.message = message
        self.uid = uid
        super().__init__(message)


@dataclass(frozen=True, slots=True, kw_only=True)
class TagInfo:
    """What an authentic tag (or the UID table) says about one card."""

    uid: bytes
    card: Card
    deck_serial: int
    card_serial: int
    version: int = FORMAT_VERSION
    enrolled: bool = False  # True when the UID table, not the tag's data, named the card

    @property
    def uid_hex(self) -> str:
        return self.uid.hex().upper()


def uid_hex(uid: bytes) -> str:
    """The UID as the documents and the UID table write it: upper-case hex, no spaces."""
    return uid.hex().upper()


def card_byte(card: Card) -> int:
    """Rank (1-13) in the high nibble, suit (0 S, 1 H, 2 D, 3 C) in the low nibble."""
    return (int(card.rank) << 4) | _SUIT_CODE[card.suit]


def card_from_byte(value: int) -> Card | None:
    rank, suit = value >> 4, value & 0x0F
    if not 1 <= rank <= 13 or suit >= len(ALL_SUITS):
        return None
    return Card(Rank(rank), ALL_SUITS[suit])


def deck_position(card: Card) -> int:
    """The card serial ``tags encode`` gives ``card``: 1-52 in new-deck order (A♠ = 1)."""
    return _DECK_POSITION[card]


_DECK_POSITION: dict[Card, int] = {card: index + 1 for index, card in enumerate(one_deck())}


def tag_mac(uid: bytes, payload: bytes, key: bytes) -> bytes:
    """The first 8 bytes of HMAC-SHA256(key, UID || payload)."""
    return hmac.new(key, uid + payload, hashlib.sha256).digest()[:MAC_LENGTH]


def _check_uid(uid: bytes) -> None:
    if len(uid) not in UID_LENGTHS:
        raise InputError(f"a tag UID has 4, 7 or 10 bytes, not {len(uid)}")


def _check_key(key: bytes) -> None:
    if len(key) != KEY_LENGTH:
        raise InputError(f"the tag key has {KEY_LENGTH} bytes, not {len(key)}")


def encode_tag(uid: bytes, card: Card, deck_serial: int, card_serial: int, key: bytes) -> bytes:
    """The 16 bytes to write at page 4 of the tag whose UID is ``uid``."""
    _check_uid(uid)
    _check_key(key)
    if not 0 <= deck_serial <= MAX_DECK_SERIAL:
        raise InputError(f"deck serial {deck_serial} is outside 0-{MAX_DECK_SERIAL}")
    if not 0 <= card_serial <= MAX_CARD_SERIAL:
        raise InputError(f"card serial {card_serial} is outside 0-{MAX_CARD_SERIAL}")
    payload = _PAYLOAD.pack(FORMAT_VERSION, card_byte(card), deck_serial, card_serial)
    return payload + tag_mac(uid, payload, key)


def is_blank(data: bytes) -> bool:
    """Factory-fresh or erased user memory: all 00, all FF, or an empty NDEF message."""
    return (
        not data
        or data == bytes(len(data))
        or data == b"\xff" * len(data)
        or data.startswith(_EMPTY_NDEF)
    )


def decode_tag(uid: bytes, data: bytes, key: bytes) -> TagInfo:
    """Check and read a tag's 16 data bytes; raises :class:`TagError` with a ``code``."""
    _check_uid(uid)
    _check_key(key)
    shown = uid_hex(uid)
    if len(data) < DATA_LENGTH:
        raise TagError("blank", f"tag {shown} holds only {len(data)} bytes", uid=uid)
    data = data[:DATA_LENGTH]
    if is_blank(data):
        raise TagError("blank", f"tag {shown} is blank (not encoded yet)", uid=uid)
    payload, mac = data[:PAYLOAD_LENGTH], data[PAYLOAD_LENGTH:]
    version, card_value, deck_serial, card_serial = _PAYLOAD.unpack(payload)
    if version != FORMAT_VERSION:
        raise TagError(
            "bad_version",
            f"tag {shown} is not a dealer-assist card tag of format {FORMAT_VERSION} "
            f"(its first byte is {version:#04x})",
            uid=uid,
        )
    if not hmac.compare_digest(mac, tag_mac(uid, payload, key)):
        raise TagError(
            "bad_mac",
            f"tag {shown} fails authentication: its data was copied from another tag, "
            "edited, or written with another key",
            uid=uid,
        )
    card = card_from_byte(card_value)
    if card is None:
        raise TagError(
            "bad_card", f"tag {shown} is authentic but names no card ({card_value:#04x})", uid=uid
        )
    return TagInfo(
        uid=uid, card=card, deck_serial=deck_serial, card_serial=card_serial, version=version
    )


# --- reading and writing tags: the vocabulary every tag reader shares ----------------------


@dataclass(frozen=True, slots=True)
class TagImage:
    """What was read from one tag: its UID and its data pages from page 4."""

    uid: bytes
    data: bytes

    @property
    def raw(self) -> bytes:
        return self.uid + self.data


class TagGoneError(DeviceIOError):
    """The tag left the reader before the operation finished. ``uid`` is set if it was read."""

    def __init__(self, message: str, *, uid: bytes = b"") -> None:
        self.uid = uid
        super().__init__(message)


class TagIOError(DeviceIOError):
    """The reader or the tag answered with an error while the tag stayed on the reader."""

    def __init__(self, message: str, *, uid: bytes = b"", status: bytes = b"") -> None:
        self.uid = uid
        self.status = status
        super().__init__(message)


class TagWriteError(TagIOError):
    """A page could not be written (locked, not acknowledged) or read back other bytes."""


# --- the key ----------------------------------------------------------------------------------


def parse_key(text: str, *, source: str = "key") -> bytes:
    """A key written as 64 hex digits; spaces, colons and line breaks are ignored."""
    digits = "".join(text.split()).replace(":", "")
    try:
        key = bytes.fromhex(digits)
    except ValueError:
        raise ConfigError(source, "", f"the tag key must be {KEY_LENGTH * 2} hex digits") from None
    if len(key) != KEY_LENGTH:
        raise ConfigError(
            source,
            "",
            f"the tag key must be {KEY_LENGTH} bytes ({KEY_LENGTH * 2} hex digits), not {len(key)}",
        )
    return key


def load_key(path: str | os.PathLike[str]) -> bytes:
    """Read the casino's tag key: a file of 64 hex digits, or of exactly 32 raw bytes."""
    source = os.fspath(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise ConfigError(source, "", f"cannot read the tag key: {error.strerror}") from None
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        text = None
    if text is not None and any(ch.strip() for ch in text):
        stripped = "".join(text.split())
        if len(stripped) == KEY_LENGTH * 2 or len(raw) != KEY_LENGTH:
            return parse_key(text, source=source)
    if len(raw) == KEY_LENGTH:
        return raw
    raise ConfigError(source, "", f"the tag key must be {KEY_LENGTH * 2} hex digits")


# --- the UID table ----------------------------------------------------------------------------


class UidTable(Mapping[bytes, TagInfo]):
    """Cards whose tags cannot be written, by UID (built by ``dealer-assist tags enroll``).

    Stored as JSON::

        {"format": "dealer-assist-uid-table", "version": 1,
         "tags": {"04A2245A6B3C80": {"card": "QH", "deck_serial": 1001, "card_serial": 25}}}
    """

    def __init__(self, entries: Mapping[bytes, TagInfo] | None = None) -> None:
        self._entries: dict[bytes, TagInfo] = dict(entries or {})

    def __getitem__(self, uid: bytes) -> TagInfo:
        return self._entries[bytes(uid)]

    def __iter__(self) -> Iterator[bytes]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def add(self, uid: bytes, card: Card, *, deck_serial: int, card_serial: int) -> TagInfo:
        """Enrol a tag; raises :class:`TagError` ``duplicate`` if the UID is enrolled already."""
        _check_uid(uid)
        existing = self._entries.get(uid)
        if existing is not None:
            raise TagError(
                "duplicate",
                f"tag {uid_hex(uid)} is already enrolled as {existing.card.pretty} "
                f"of deck {existing.deck_serial}",
                uid=uid,
            )
        info = TagInfo(
            uid=uid, card=card, deck_serial=deck_serial, card_serial=card_serial, enrolled=True
        )
        self._entries[uid] = info
        return info

    def lookup(self, uid: bytes) -> TagInfo:
        """The enrolled card, or :class:`TagError` ``not_enrolled``."""
        info = self._entries.get(bytes(uid))
        if info is None:
            raise TagError(
                "not_enrolled", f"tag {uid_hex(uid)} is not in the UID table", uid=bytes(uid)
            )
        return info

    def to_json(self) -> str:
        tags = {
            uid_hex(uid): {
                "card": info.card.code,
                "deck_serial": info.deck_serial,
                "card_serial": info.card_serial,
            }
            for uid, info in sorted(
                self._entries.items(), key=lambda item: (item[1].deck_serial, item[1].card_serial)
            )
        }
        document = {"format": UID_TABLE_FORMAT, "version": UID_TABLE_VERSION, "tags": tags}
        return json.dumps(document, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str, *, source: str = "UID table") -> UidTable:
        try:
            document = json.loads(text)
        except json.JSONDecodeError as error:
            raise ConfigError(source, "", f"not JSON: {error}") from None
        if not isinstance(document, dict) or document.get("format") != UID_TABLE_FORMAT:
            raise ConfigError(source, "format", f"expected {UID_TABLE_FORMAT!r}")
        if document.get("version") != UID_TABLE_VERSION:
            raise ConfigError(
                source, "version", f"version {document.get('version')!r} is not supported"
            )
        tags = document.get("tags")
        if not isinstance(tags, dict):
            raise ConfigError(source, "tags", "expected an object of UID: card entries")
        table = cls()
        for key, entry in tags.items():
            field = f"tags.{key}"
            try:
                uid = bytes.fromhex(key)
                _check_uid(uid)
            except ValueError as error:
                raise ConfigError(source, field, f"not a tag UID: {error}") from None
            if not isinstance(entry, dict):
                raise ConfigError(source, field, "expected an object")
            try:
                card = parse_card(entry["card"])
                deck_serial = int(entry["deck_serial"])
                card_serial = int(entry.get("card_serial", 0))
            except (KeyError, TypeError, ValueError, CardParseError) as error:
                raise ConfigError(source, field, f"bad entry: {error}") from None
            table.add(uid, card, deck_serial=deck_serial, card_serial=card_serial)
        return table

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> UidTable:
        source = os.fspath(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise ConfigError(source, "", f"cannot read the UID table: {error.strerror}") from None
        return cls.from_json(text, source=source)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write atomically: a crash never leaves half a table."""
        target = Path(path)
        handle, temporary = tempfile.mkstemp(
            dir=target.parent or Path("."), prefix=f".{target.name}.", suffix=".tmp"
        )
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(self.to_json())
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise


def identify_tag(
    uid: bytes, data: bytes, *, key: bytes | None, uid_table: UidTable | None
) -> TagInfo:
    """The card a tag names, from its data (with ``key``) or from the UID table.

    Authentic data wins; data that fails authentication is never overruled by the table (the tag
    was tampered with). A blank or foreign tag falls back to the table. Raises
    :class:`TagError`: the data's error when there is no table, else ``not_enrolled``.
    """
    if key is None and uid_table is None:
        raise InputError("identify_tag needs a key, a UID table, or both")
    data_error: TagError | None = None
    if key is not None:
        try:
            info = decode_tag(uid, data, key)
        except TagError as error:
            if error.code in ("bad_mac", "bad_card") or uid_table is None:
                raise
            data_error = error
        else:
            if uid_table is not None and uid in uid_table:
                enrolled = uid_table[uid]
                if enrolled.card != info.card or enrolled.deck_serial != info.deck_serial:
                    raise TagError(
                        "bad_mac",
                        f"tag {uid_hex(uid)} says {info.card.pretty} of deck "
                        f"{info.deck_serial} but the UID table says {enrolled.card.pretty} of "
                        f"deck {enrolled.deck_serial}",
                        uid=uid,
                    )
            return info
    assert uid_table is not None
    try:
        return uid_table.lookup(uid)
    except TagError as error:
        if data_error is not None and data_error.code != "blank":
            raise TagError(
                "not_enrolled", f"{data_error.message}, and it is not in the UID table", uid=uid
            ) from None
        raise error from None
