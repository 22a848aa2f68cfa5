"""The card-source interface every driver implements, and the events drivers emit.

Drivers only *emit* events (house style): a card read, a status change, a fault, a button. They
run their own threads and hand each event to the ``emit`` callback given to :meth:`start`; the
table controller queues them and handles them in its single thread. The table talks back to a
source only through :meth:`CardSource.indicate` (the shoe's draw lights; the mock shoe's
simulated croupier uses the same signal to know when to draw).
"""

from __future__ import annotations

import math
import re
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from types import MappingProxyType, TracebackType
from typing import Any, ClassVar, Generic, TypeVar, cast
from urllib.parse import parse_qsl, unquote_plus, urlsplit

from dealer_assist.cards import Card
from dealer_assist.errors import ConfigError
from dealer_assist.rules.coup import Hand


class SourceStatus(StrEnum):
    """What a source says of its device (its JSON and journal text is the value)."""

    CONNECTING = "connecting"
    CONNECTED = "connected"
    LOST = "lost"
    RECOVERING = "recovering"
    CLOSED = "closed"
    OPEN = "open"  # the journal, open for records (the table records it as a device)


@dataclass(frozen=True, slots=True, kw_only=True)
class CardRead:
    """A card left the shoe, crossed the reader, or landed on the layout.

    ``card`` is None when the device saw a card but could not tell which (an unknown or forged
    tag, an uncertain camera read); the table raises an alert and never guesses. ``raw`` keeps
    the device's own data for the journal. ``hand`` is set only by sources that see where a card
    lands (the camera).
    """

    source: str
    card: Card | None
    raw: bytes = b""
    hand: Hand | None = None
    confidence: float | None = None
    detail: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class StatusChanged:
    source: str
    status: SourceStatus
    detail: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class DeviceFault:
    """Something the device reported or the driver detected that a person must know about."""

    source: str
    code: str
    message: str
    raw: bytes = b""


class Button(Enum):
    RESULT_CHECK = "result_check"
    NEW_SHOE = "new_shoe"


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonPressed:
    source: str
    button: Button


@dataclass(frozen=True, slots=True, kw_only=True)
class CutCardDrawn:
    """The shoe (or the mock shoe) saw the cut card come out."""

    source: str


SourceEvent = CardRead | StatusChanged | DeviceFault | ButtonPressed | CutCardDrawn
Emit = Callable[[SourceEvent], None]


class Want(Enum):
    """What the table wants from the shoe now (the draw indicator)."""

    CARD = "card"  # the next card goes to ``hand``
    BURN = "burn"  # burn cards (``count`` more)
    STOP = "stop"  # no card may leave the shoe
    OFF = "off"  # no shoe in play


@dataclass(frozen=True, slots=True, kw_only=True)
class Indicator:
    """The draw indicator. ``serial`` changes whenever the table publishes a new one, so a
    simulated croupier draws exactly one card per indicator; ``shoe`` counts shoes."""

    want: Want
    hand: Hand | None = None
    count: int = 0
    serial: int = 0
    shoe: int = 0
    # Card reads the table has received so far: a simulated croupier with a card still in
    # flight waits until the table has caught up, so it never draws twice for one call.
    cards_received: int = 0
    # Cards the table has counted out of the current shoe (burned, dealt, set aside or held in an
    # alert), and whether the cut card is out: a restarted mock shoe resumes from there.
    shoe_cards_taken: int = 0
    cut_card_out: bool = False


STOP = Indicator(want=Want.STOP)


# --- source URLs ---------------------------------------------------------------------------

SECRET_OPTIONS = frozenset({"key", "password", "pin", "secret", "token"})
"""Options whose values never appear where a URL is shown or recorded (any scheme: a plug-in's
secrets are hidden too). A URL's ``user:password@`` is hidden as well."""
REDACTED = "REDACTED"

T = TypeVar("T")
V = TypeVar("V", int, float)


class SourceUrlError(ConfigError):
    """A source URL the drivers cannot use: no scheme, an unknown scheme or option, a value
    outside what an option allows. The message names the URL (redacted), the option, what was
    given and what is allowed."""

    def __init__(self, url: str, option: str, problem: str) -> None:
        self.url = url
        self.option = option
        super().__init__(url, "", problem)


@dataclass(frozen=True, slots=True)
class UrlOption(Generic[T]):
    """One option a source URL may carry. ``read`` turns the text into the value or raises
    ``ValueError`` saying what is wrong with it; ``allowed`` says in words what it accepts."""

    name: str
    default: T
    allowed: str
    read: Callable[[str], T]
    secret: bool = False


def whole_option(
    name: str, *, default: int, minimum: int, maximum: int, base: int = 10
) -> UrlOption[int]:
    """A whole number in ``minimum..maximum`` (``base=0`` also takes 0x... hexadecimal)."""
    return UrlOption(
        name, default, f"a whole number from {minimum} to {maximum}", _whole(minimum, maximum, base)
    )


def optional_whole_option(name: str, *, minimum: int, maximum: int) -> UrlOption[int | None]:
    """A whole number in ``minimum..maximum``, or None when the URL does not give it."""
    read: Callable[[str], int | None] = _whole(minimum, maximum, 10)
    return UrlOption(name, None, f"a whole number from {minimum} to {maximum}", read)


def _whole(minimum: int, maximum: int, base: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        try:
            value = int(text, base)
        except ValueError:
            raise ValueError("is not a whole number") from None
        return _in_range(value, minimum, maximum)

    return read


def number_option(
    name: str, *, default: float, minimum: float, maximum: float, unit: str = ""
) -> UrlOption[float]:
    """A finite number in ``minimum..maximum`` (``unit``: what it counts, for the message)."""

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError("is not a number") from None
        if not math.isfinite(value):
            raise ValueError("is not a finite number")
        return _in_range(value, minimum, maximum)

    what = f"a number of {unit}" if unit else "a number"
    return UrlOption(name, default, f"{what} from {minimum:g} to {maximum:g}", read)


def _in_range(value: V, minimum: V, maximum: V) -> V:
    if value < minimum:
        raise ValueError("is too small")
    if value > maximum:
        raise ValueError("is too large")
    return value


def choice_option(name: str, values: Sequence[str], *, default: str) -> UrlOption[str]:
    """One of ``values`` (``default``, when the URL does not give it, may be outside them)."""
    allowed = f"{values[0]} or {values[1]}" if len(values) == 2 else f"one of {', '.join(values)}"

    def read(text: str) -> str:
        if text not in values:
            raise ValueError("is not allowed")
        return text

    return UrlOption(name, default, allowed, read)


_YES = ("1", "true", "yes", "on")
_NO = ("0", "false", "no", "off")


def flag_option(name: str) -> UrlOption[bool]:
    """On or off: 1/0, true/false, yes/no, on/off (off when the URL does not give it)."""

    def read(text: str) -> bool:
        if text.lower() in _YES:
            return True
        if text.lower() in _NO:
            return False
        raise ValueError("is not on or off")

    return UrlOption(name, False, "1 or 0 (true/false, yes/no, on/off)", read)


def text_option(name: str, *, default: str = "", secret: bool = False) -> UrlOption[str]:
    """Free text (a path, a name, a pattern); a ``secret`` one is never shown."""
    return UrlOption(name, default, "text", str, secret=secret)


def parsed_option(name: str, read: Callable[[str], T], *, default: T, allowed: str) -> UrlOption[T]:
    """Text that ``read`` turns into a value (a list of cards, a key), raising ``ValueError``."""
    return UrlOption(name, default, allowed, read, secret=name in SECRET_OPTIONS)


UrlOptionList = tuple[UrlOption[Any], ...]
"""The options a driver's URL takes (:attr:`CardSource.OPTIONS`)."""


class UrlOptions:
    """A URL's options, checked: each one's value by :class:`UrlOption`, typed."""

    def __init__(self, values: Mapping[str, object], given: frozenset[str]) -> None:
        self._values = dict(values)
        self._given = given

    def __getitem__(self, option: UrlOption[T]) -> T:
        return cast(T, self._values[option.name])

    def given(self, option: UrlOption[Any]) -> bool:
        """Did the URL name this option (with a value)?"""
        return option.name in self._given


@dataclass(frozen=True, slots=True)
class SourceUrl:
    """A parsed source URL: ``scheme://target?key=value&...``.

    The one place a source URL's options are parsed and checked: each driver lists the options
    it takes (:class:`UrlOption`) and :meth:`check` refuses an unknown option (naming the known
    ones) and a value outside what its option allows. :meth:`redacted` is the URL as it may be
    shown, logged or recorded (a source's name): secret values (``key=``) hidden.
    """

    text: str
    scheme: str
    target: str
    options: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @staticmethod
    def parse(text: str) -> SourceUrl:
        parts = urlsplit(text)
        if not parts.scheme:
            raise SourceUrlError(
                redact(text), "", "this is not a source URL: write scheme://..., e.g. mock://"
            )
        target = (parts.netloc + parts.path) if parts.netloc else parts.path
        options = dict(parse_qsl(parts.query, keep_blank_values=True))
        return SourceUrl(text, parts.scheme, target, MappingProxyType(options))

    def option(self, key: str, default: str | None = None) -> str | None:
        return self.options.get(key, default)

    def redacted(self) -> str:
        """The URL with the values of secret options (and any password) hidden."""
        return redact(self.text)

    def check(self, options: Iterable[UrlOption[Any]]) -> UrlOptions:
        """The options checked against what the driver takes; an empty value is the default."""
        known = {option.name: option for option in options}
        values: dict[str, object] = {option.name: option.default for option in known.values()}
        given: set[str] = set()
        for name, text in self.options.items():
            option = known.get(name)
            if option is None:
                raise SourceUrlError(
                    self.redacted(),
                    name,
                    f"unknown option {name!r} (known: {', '.join(sorted(known)) or 'none'})",
                )
            if text == "":
                continue
            try:
                values[name] = option.read(text)
            except ValueError as error:
                shown = REDACTED if option.secret else text
                raise SourceUrlError(
                    self.redacted(),
                    name,
                    f"{name}={shown} {error} ({name} must be {option.allowed})",
                ) from None
            given.add(name)
        return UrlOptions(values, frozenset(given))

    def fail(self, problem: str, *, option: str = "") -> SourceUrlError:
        """An error about this URL (redacted) for a check :meth:`check` cannot make alone."""
        return SourceUrlError(self.redacted(), option, problem)


def redact(text: str) -> str:
    """``text`` with the values of :data:`SECRET_OPTIONS` and a ``user:password@`` hidden;
    unchanged, character for character, when it holds neither."""
    base, mark, query = text.partition("?")
    if mark:
        parts = query.split("&")
        for index, part in enumerate(parts):
            name, equals, _value = part.partition("=")
            if equals and unquote_plus(name).lower() in SECRET_OPTIONS:
                parts[index] = f"{name}={REDACTED}"
        query = "&".join(parts)
    base = re.sub(r"(://[^/?#@:]*:)[^/?#@]*@", rf"\g<1>{REDACTED}@", base)
    return base + mark + query


def check_whole(owner: str, name: str, value: int, *, minimum: int, maximum: int) -> int:
    """A device's or a source's whole-number parameter, refused (a :class:`ConfigError` naming
    ``owner`` and ``name``) outside ``minimum..maximum``: constructors check theirs so that a bad
    value fails where it is given, not later in a device thread."""
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise ConfigError(
            owner, name, f"{value!r} is not allowed: a whole number from {minimum} to {maximum}"
        )
    return value


def check_number(owner: str, name: str, value: float, *, minimum: float, maximum: float) -> float:
    """Like :func:`check_whole` for a finite number (seconds, a rate)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not minimum <= value <= maximum
    ):
        raise ConfigError(
            owner, name, f"{value!r} is not allowed: a number from {minimum:g} to {maximum:g}"
        )
    return float(value)


class CardSource(ABC):
    """A device (or a stand-in) that reports cards. Start once; stop as often as you like."""

    OPTIONS: ClassVar[UrlOptionList] = ()
    """The options its URL takes; ``from_url`` checks them with :meth:`SourceUrl.check`."""

    def __init__(self, *, name: str) -> None:
        self.name = name
        self._emit: Emit | None = None
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._started = False

    @classmethod
    @abstractmethod
    def from_url(cls, url: SourceUrl) -> CardSource:
        """Build the source a URL names: its options checked by ``url.check`` (a
        :class:`SourceUrlError` names a bad one), its name ``url.redacted()``."""

    def start(self, emit: Emit) -> None:
        with self._lock:
            if self._started:
                raise RuntimeError(f"{self.name} is already started")
            self._started = True
            self._emit = emit
        self._start()

    @abstractmethod
    def _start(self) -> None:
        """Open the device and begin emitting (usually by starting a thread)."""

    def stop(self) -> None:
        """Stop emitting and release the device. Safe to call twice, or before start."""
        if self._stopped.is_set():
            return
        self._stopped.set()
        if self._started:
            self._stop()
        self.emit(StatusChanged(source=self.name, status=SourceStatus.CLOSED))

    def _stop(self) -> None:  # noqa: B027 - optional hook
        """Release the device; the base class has already set ``_stopped``."""

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def emit(self, event: SourceEvent) -> None:
        emit = self._emit
        if emit is not None:
            emit(event)

    def indicate(self, indicator: Indicator) -> None:  # noqa: B027 - optional hook
        """The table's draw indicator after every change; sources with lights show it."""

    def resume(self, recorded: Sequence[bytes]) -> None:  # noqa: B027 - optional hook
        """Before :meth:`start`: the device data (``CardRead.raw``) of the last few reads the
        table recorded from this source, oldest first, from the journal of a table that is
        resuming. A source that numbers its events (the smart shoe) picks up where the table
        left off instead of treating the next event as a gap."""

    def __enter__(self) -> CardSource:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
