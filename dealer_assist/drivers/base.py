"""The card-source interface every driver implements, and the events drivers emit.

Drivers only *emit* events (house style): a card read, a status change, a fault, a button. They
run their own threads and hand each event to the ``emit`` callback given to :meth:`start`; the
table controller queues them and handles them in its single thread. The table talks back to a
source only through :meth:`CardSource.indicate` (the shoe's draw lights; the mock shoe's
simulated croupier uses the same signal to know when to draw).
"""

from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from types import MappingProxyType, TracebackType
from urllib.parse import parse_qsl, urlsplit

from dealer_assist.cards import Card
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


@dataclass(frozen=True, slots=True)
class SourceUrl:
    """A parsed source URL: ``scheme://target?key=value&...``."""

    text: str
    scheme: str
    target: str
    options: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @staticmethod
    def parse(text: str) -> SourceUrl:
        parts = urlsplit(text)
        if not parts.scheme:
            raise ValueError(f"{text!r} is not a source URL: write scheme://..., e.g. mock://")
        target = (parts.netloc + parts.path) if parts.netloc else parts.path
        options = dict(parse_qsl(parts.query, keep_blank_values=True))
        return SourceUrl(text, parts.scheme, target, MappingProxyType(options))

    def option(self, key: str, default: str | None = None) -> str | None:
        return self.options.get(key, default)


class CardSource(ABC):
    """A device (or a stand-in) that reports cards. Start once; stop as often as you like."""

    def __init__(self, *, name: str) -> None:
        self.name = name
        self._emit: Emit | None = None
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._started = False

    @classmethod
    @abstractmethod
    def from_url(cls, url: SourceUrl) -> CardSource:
        """Build the source a URL names; raise ``ValueError`` naming a bad option."""

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
