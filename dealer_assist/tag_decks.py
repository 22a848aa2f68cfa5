"""Preparing and checking decks of NFC-tagged cards: encode, enrol, check a shoe.

The work behind ``dealer-assist tags encode | enroll | check`` (:mod:`dealer_assist.cli.tags`).
Each procedure talks to the operator through an output stream: it says which card to present
next, what it did with the tag, and what went wrong (write refused, wrong or duplicate tag, a
tag taken away too early). :func:`encode_deck`, :func:`enroll_deck` and :func:`check_shoe`
take any :class:`TagStation` (the PC/SC :class:`~dealer_assist.drivers.pcsc.reader.TagReader`, or a
stand-in in tests) and the stream, so they run the same way under test as at the pit.

The lines that ask for a tag start with ``Present``; the lines that ask to take it away start
with ``Take``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TextIO

from dealer_assist.cards import Card, one_deck
from dealer_assist.errors import DealerAssistError
from dealer_assist.tags import (
    DATA_LENGTH,
    DATA_PAGE,
    TagError,
    TagGoneError,
    TagImage,
    TagInfo,
    TagIOError,
    TagWriteError,
    UidTable,
    deck_position,
    decode_tag,
    encode_tag,
    identify_tag,
    uid_hex,
)


class TagStation(Protocol):
    """A reader the commands can use (:class:`dealer_assist.drivers.pcsc.reader.TagReader`)."""

    reader_name: str | None

    def next_tag(self, timeout: float | None = None) -> TagImage | None:
        """Wait for a tag presented after the last one returned, read it; None on timeout."""

    def wait_removed(self, timeout: float | None = None) -> bool:
        """Wait until the reader is empty; False on timeout."""

    def write_tag(self, uid: bytes, data: bytes, *, page: int = DATA_PAGE) -> TagImage:
        """Write whole pages to tag ``uid`` and read them back."""

    def lock_pages(self, uid: bytes, first: int, last: int) -> None:
        """Set the lock bits of pages ``first``-``last`` (irreversible)."""


class _Stopped(DealerAssistError):
    """No tag within the timeout."""


def _say(out: TextIO, text: str) -> None:
    out.write(text + "\n")
    out.flush()


def _say_stopped(out: TextIO, reason: BaseException, done: int, of: str) -> None:
    """How far a deck got when it stopped (a :class:`_Stopped`, or the operator's Ctrl-C)."""
    why = str(reason) if isinstance(reason, _Stopped) else "stopped by the operator"
    _say(out, f"Stopped ({why}) after {done} of {of}.")


def _take_away(station: TagStation, out: TextIO, timeout: float | None, why: str = "") -> None:
    _say(out, f"Take the tag away.{' ' + why if why else ''}")
    if not station.wait_removed(timeout):
        raise _Stopped("the tag was not taken away")


def _next(station: TagStation, out: TextIO, timeout: float | None) -> TagImage:
    while True:
        try:
            image = station.next_tag(timeout)
        except TagGoneError as error:
            _say(out, f"  {error}")
            _say(out, "Present the same tag again, and hold it still until it is done.")
            continue
        except TagIOError as error:
            _say(out, f"  cannot read the tag: {error}")
            _take_away(station, out, timeout, "Then present it again.")
            continue
        if image is None:
            raise _Stopped(f"no tag within {timeout:g} s" if timeout else "no tag")
        return image


# --- encode -----------------------------------------------------------------------------------


def encode_deck(
    station: TagStation,
    *,
    deck_serial: int,
    key: bytes,
    out: TextIO,
    cards: Sequence[Card] | None = None,
    lock: bool = False,
    overwrite: bool = False,
    timeout: float | None = None,
) -> bool:
    """Write one deck's tags card by card in new-deck order, each verified by reading it back.

    True when every tag was written; False when it stopped (no tag in time, or Ctrl-C)."""
    cards = list(one_deck() if cards is None else cards)
    where = f" on {station.reader_name!r}" if station.reader_name else ""
    _say(out, f"Encoding deck {deck_serial}: {len(cards)} tags{where}.")
    written: dict[bytes, Card] = {}
    try:
        for index, card in enumerate(cards, start=1):
            serial = deck_position(card)
            while True:
                _say(
                    out,
                    f"Present the tag of {card.pretty} "
                    f"({index}/{len(cards)}, deck {deck_serial} card {serial}).",
                )
                image = _next(station, out, timeout)
                refusal = _encode_refusal(image, card, deck_serial, key, written, overwrite)
                if refusal is not None:
                    _say(out, f"  {refusal}")
                    _take_away(station, out, timeout)
                    continue
                data = encode_tag(image.uid, card, deck_serial, serial, key)
                try:
                    if image.data[:DATA_LENGTH] != data:
                        station.write_tag(image.uid, data)
                    if lock:
                        station.lock_pages(image.uid, DATA_PAGE, DATA_PAGE + 3)
                except TagGoneError as error:
                    _say(out, f"  the write did not finish: {error}")
                    _say(out, "  Present the same tag again.")
                    continue
                except TagWriteError as error:
                    _say(out, f"  WRITE FAILED: {error}")
                    advice = f"Put it aside; use another tag for {card.pretty}."
                    _take_away(station, out, timeout, advice)
                    continue
                except TagIOError as error:
                    _say(out, f"  write failed: {error}")
                    _take_away(station, out, timeout, "Then present it again.")
                    continue
                written[image.uid] = card
                locked = ", locked" if lock else ""
                _say(
                    out, f"  {card.pretty}: tag {uid_hex(image.uid)} written and verified{locked}."
                )
                _take_away(station, out, timeout)
                break
    except (_Stopped, KeyboardInterrupt) as reason:
        _say_stopped(out, reason, len(written), f"{len(cards)} tags")
        return False
    _say(out, f"Deck {deck_serial}: {len(written)} tags written and verified.")
    return True


def _encode_refusal(
    image: TagImage,
    card: Card,
    deck_serial: int,
    key: bytes,
    written: dict[bytes, Card],
    overwrite: bool,
) -> str | None:
    """Why this tag must not become ``card``, or None to write it."""
    earlier = written.get(image.uid)
    if earlier is not None and earlier != card:
        return (
            f"DUPLICATE: tag {uid_hex(image.uid)} was just written as {earlier.pretty}; "
            f"present a new tag for {card.pretty}."
        )
    try:
        info = decode_tag(image.uid, image.data, key)
    except TagError as error:
        if error.code == "bad_mac" and not overwrite:
            return (
                f"tag {uid_hex(image.uid)} holds a card tag written with another key "
                "(or tampered with); use --overwrite to re-encode it, or another tag."
            )
        return None  # blank, or data of another format: write it
    if info.deck_serial == deck_serial and info.card == card:
        return None  # already this card (a repeated run): verify, rewrite if needed
    if info.deck_serial == deck_serial:
        return (
            f"WRONG TAG: tag {uid_hex(image.uid)} is already {info.card.pretty} of deck "
            f"{deck_serial}; present a new tag for {card.pretty}."
        )
    if not overwrite:
        return (
            f"tag {uid_hex(image.uid)} is {info.card.pretty} of deck {info.deck_serial}; "
            "use --overwrite to re-encode cards of another deck, or another tag."
        )
    return None


# --- enroll -----------------------------------------------------------------------------------


def enroll_deck(
    station: TagStation,
    *,
    deck_serial: int,
    table: UidTable,
    out: TextIO,
    save: Callable[[UidTable], None] | None = None,
    cards: Sequence[Card] | None = None,
    timeout: float | None = None,
) -> bool:
    """Add one deck's tags to ``table`` by UID, in new-deck order; ``save`` after every card.

    True when every card was enrolled; False when it stopped (no tag in time, or Ctrl-C)."""
    cards = list(one_deck() if cards is None else cards)
    _say(out, f"Enrolling deck {deck_serial}: {len(cards)} cards, in this order.")
    enrolled = 0
    try:
        for index, card in enumerate(cards, start=1):
            serial = deck_position(card)
            while True:
                _say(out, f"Present {card.pretty} ({index}/{len(cards)}, deck {deck_serial}).")
                image = _next(station, out, timeout)
                try:
                    table.add(image.uid, card, deck_serial=deck_serial, card_serial=serial)
                except TagError as error:
                    _say(out, f"  DUPLICATE: {error.message}; present {card.pretty}.")
                    _take_away(station, out, timeout)
                    continue
                enrolled += 1
                if save is not None:
                    save(table)
                _say(out, f"  {card.pretty}: tag {uid_hex(image.uid)} enrolled.")
                _take_away(station, out, timeout)
                break
    except (_Stopped, KeyboardInterrupt) as reason:
        _say_stopped(out, reason, enrolled, f"{len(cards)} cards")
        return False
    _say(out, f"Deck {deck_serial}: {enrolled} tags enrolled ({len(table)} in the table).")
    return True


# --- check ------------------------------------------------------------------------------------


@dataclass
class ShoeCheck:
    """The result of presenting a shoe: what was accepted, and every problem found."""

    decks: int
    deck_cards: tuple[Card, ...]
    accepted: dict[tuple[int, Card], TagInfo] = field(default_factory=dict)
    duplicates: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    presented: int = 0

    @property
    def expected(self) -> int:
        return self.decks * len(self.deck_cards)

    @property
    def ok(self) -> bool:
        return not (self.duplicates or self.foreign or self.missing)

    def deck_serials(self) -> list[int]:
        return sorted({deck for deck, _ in self.accepted})


def check_shoe(
    station: TagStation,
    *,
    decks: int,
    out: TextIO,
    key: bytes | None = None,
    uid_table: UidTable | None = None,
    deck_serials: Sequence[int] = (),
    deck_cards: Sequence[Card] | None = None,
    idle_timeout: float | None = None,
) -> ShoeCheck:
    """Take every card of a shoe once; report missing, duplicate and foreign cards.

    Ends when every expected card was accepted, after ``idle_timeout`` seconds without a tag,
    or on Ctrl-C. Without ``deck_serials`` the first ``decks`` deck serials seen make the shoe.
    """
    if key is None and uid_table is None:
        raise ValueError("checking a shoe needs the tag key, a UID table, or both")
    cards = tuple(one_deck() if deck_cards is None else deck_cards)
    wanted = set(cards)
    result = ShoeCheck(decks=decks, deck_cards=cards)
    allowed = set(deck_serials)
    seen_uids: dict[bytes, str] = {}
    _say(
        out,
        f"Checking a shoe of {decks} deck{'s' if decks != 1 else ''} ({result.expected} cards). "
        "Present the cards one by one, in any order; Ctrl-C ends the check.",
    )
    try:
        while len(result.accepted) < result.expected:
            _say(out, f"Present the next card ({len(result.accepted) + 1}/{result.expected}).")
            try:
                image = _next(station, out, idle_timeout)
            except _Stopped:
                _say(out, "No more cards presented.")
                break
            result.presented += 1
            verdict = _judge(image, result, key, uid_table, allowed, seen_uids, wanted)
            _say(out, f"  {verdict}")
            _take_away(station, out, None)
    except KeyboardInterrupt:
        _say(out, "Check ended by the operator.")
    except _Stopped:  # pragma: no cover - _take_away without a timeout never gives up
        pass
    _find_missing(result, allowed)
    _report(result, out)
    return result


def _judge(
    image: TagImage,
    result: ShoeCheck,
    key: bytes | None,
    uid_table: UidTable | None,
    allowed: set[int],
    seen_uids: dict[bytes, str],
    wanted: set[Card],
) -> str:
    shown = uid_hex(image.uid)
    earlier = seen_uids.get(image.uid)
    if earlier is not None:
        line = f"DUPLICATE: tag {shown} ({earlier}) was presented before; set it aside."
        result.duplicates.append(f"tag {shown} ({earlier}) presented twice")
        return line
    try:
        info = identify_tag(image.uid, image.data, key=key, uid_table=uid_table)
    except TagError as error:
        seen_uids[image.uid] = "foreign"
        result.foreign.append(f"tag {shown}: {error.message}")
        return f"FOREIGN: {error.message}; set it aside."
    name = f"{info.card.pretty} of deck {info.deck_serial}"
    seen_uids[image.uid] = name
    decks_seen = {deck for deck, _ in result.accepted}
    if allowed and info.deck_serial not in allowed:
        result.foreign.append(f"tag {shown}: {name}, a deck not in this shoe")
        return f"FOREIGN: {name} is not from this shoe's decks; set it aside."
    if not allowed and info.deck_serial not in decks_seen and len(decks_seen) >= result.decks:
        result.foreign.append(f"tag {shown}: {name}, one deck too many")
        return (
            f"FOREIGN: {name} would be deck {len(decks_seen) + 1} of {result.decks}; set it aside."
        )
    if info.card not in wanted:
        result.foreign.append(f"tag {shown}: {name}, not a card this shoe holds")
        return f"FOREIGN: {name} is not a card this shoe holds; set it aside."
    slot = (info.deck_serial, info.card)
    twin = result.accepted.get(slot)
    if twin is not None:
        result.duplicates.append(f"{name}: tags {twin.uid_hex} and {shown}")
        return f"DUPLICATE: {name} already came from tag {twin.uid_hex}; set this one aside."
    result.accepted[slot] = info
    return f"{name}: ok ({len(result.accepted)}/{result.expected})."


def _find_missing(result: ShoeCheck, allowed: set[int]) -> None:
    seen = set(result.deck_serials())
    decks = sorted(allowed) if allowed else sorted(seen)
    for deck in decks:
        absent = [card for card in result.deck_cards if (deck, card) not in result.accepted]
        if deck not in seen:
            result.missing.append(f"deck {deck}: never presented ({len(absent)} cards)")
        elif absent:
            listed = " ".join(card.pretty for card in absent)
            result.missing.append(f"deck {deck}: {len(absent)} missing: {listed}")
    if not allowed and len(seen) < result.decks:
        unseen = result.decks - len(seen)
        result.missing.append(
            f"{unseen} deck{'s' if unseen != 1 else ''} never presented "
            f"({unseen * len(result.deck_cards)} cards)"
        )


def _report(result: ShoeCheck, out: TextIO) -> None:
    _say(out, "")
    decks = ", ".join(map(str, result.deck_serials())) or "-"
    _say(
        out,
        f"Shoe check: {result.presented} tags presented, {len(result.accepted)} of "
        f"{result.expected} cards accepted, decks {decks}.",
    )
    sections = (
        ("Missing", result.missing),
        ("Duplicate", result.duplicates),
        ("Foreign", result.foreign),
    )
    for title, lines in sections:
        for line in lines:
            _say(out, f"  {title}: {line}")
    if result.ok:
        _say(out, f"SHOE OK: every one of the {result.expected} cards once, nothing foreign.")
    else:
        counts = {
            "missing": len(result.missing),
            "duplicate": len(result.duplicates),
            "foreign": len(result.foreign),
        }
        summary = ", ".join(f"{count} {kind}" for kind, count in counts.items() if count)
        _say(out, f"SHOE NOT OK: {summary}.")
