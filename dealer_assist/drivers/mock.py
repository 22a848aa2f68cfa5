"""The mock shoe: a shuffled (or stacked) shoe and a simulated croupier who draws from it.

``mock://?decks=8&seed=42`` deals a shoe shuffled from a seed (each new shoe of the session uses
the next seed); without ``seed`` the operating system's secure source shuffles. ``mock://?cards=
AS,9D,...`` deals exactly those cards. The simulated croupier draws one card each time the table's
draw indicator asks for one, after ``pace`` seconds (0 by default: as fast as the table goes), and
reports the cut card when it reaches it (``cut``, cards from the end, default 14).

With ``pace`` 0 the croupier has no thread: the card is emitted from :meth:`MockShoe.indicate`,
on the thread that shows the indicator (the table's), so it follows in the table's queue
whatever that thread queued before (the controller tells its snapshot listeners, who submit the
simulated players' commands, before it shows the indicator to the sources). A seeded mock shoe
therefore gives the same record on every run, however the threads are scheduled. With a
``pace`` a thread waits between cards, and the order of its cards among other inputs follows
the clock.

Training and tests run the same pipeline as a real shoe: the mock only emits events.
"""

from __future__ import annotations

import random
import threading
from typing import ClassVar

from dealer_assist.cards import Card, parse_cards, shoe_composition
from dealer_assist.drivers.base import (
    CardRead,
    CardSource,
    CutCardDrawn,
    DeviceFault,
    Indicator,
    SourceStatus,
    SourceUrl,
    StatusChanged,
    UrlOptionList,
    Want,
    check_number,
    check_whole,
    number_option,
    optional_whole_option,
    parsed_option,
    whole_option,
)
from dealer_assist.errors import CardParseError

MAX_DECKS = 16
"""No baccarat shoe holds more. Opened for a table, a mock shoe must also hold the table's
number of decks (:func:`dealer_assist.table.runtime.build_source`)."""
MAX_PACE = 60.0
"""Seconds the simulated croupier waits before each card: a minute is slower than any croupier."""


def _stacked(text: str) -> list[Card]:
    try:
        return parse_cards([text])
    except CardParseError as error:
        raise ValueError(f"is not a list of cards: {error.reason}") from None


DECKS = whole_option("decks", default=8, minimum=1, maximum=MAX_DECKS)
SEED = optional_whole_option("seed", minimum=-(2**63), maximum=2**63 - 1)
CARDS = parsed_option(
    "cards", _stacked, default=None, allowed="card codes separated by commas, e.g. AS,9D,KH"
)
CUT = whole_option("cut", default=14, minimum=0, maximum=MAX_DECKS * 52)
PACE = number_option("pace", default=0.0, minimum=0.0, maximum=MAX_PACE, unit="seconds")


class MockShoe(CardSource):
    """A shoe and a croupier in software. Thread-safe: ``indicate`` may come from any thread."""

    def __init__(
        self,
        *,
        name: str = "mock://",
        decks: int = 8,
        seed: int | None = None,
        cards: list[Card] | None = None,
        cut_card_from_end: int = 14,
        pace: float = 0.0,
    ) -> None:
        super().__init__(name=name)
        self.decks = check_whole(name, "decks", decks, minimum=1, maximum=MAX_DECKS)
        self.seed = seed
        self.stacked = cards
        self.cut_card_from_end = check_whole(
            name, "cut_card_from_end", cut_card_from_end, minimum=0, maximum=MAX_DECKS * 52
        )
        self.pace = check_number(name, "pace", pace, minimum=0.0, maximum=MAX_PACE)
        self._condition = threading.Condition()
        self._indicator: Indicator | None = None
        self._served_serial: int | None = None
        self._shoe_number: int | None = None
        self._order: list[Card] = []
        self._position = 0
        self._cut_reported = False
        self._thread: threading.Thread | None = None
        self._serving = False  # pace 0: a thread is dealing in indicate()
        self.cards_dealt = 0

    OPTIONS: ClassVar[UrlOptionList] = (DECKS, SEED, CARDS, CUT, PACE)

    @classmethod
    def from_url(cls, url: SourceUrl) -> MockShoe:
        options = url.check(cls.OPTIONS)
        return cls(
            name=url.redacted(),
            decks=options[DECKS],
            seed=options[SEED],
            cards=options[CARDS],
            cut_card_from_end=options[CUT],
            pace=options[PACE],
        )

    # --- the shoe --------------------------------------------------------------------------

    def _load_shoe(self, number: int) -> None:
        if self.stacked is not None:
            self._order = list(self.stacked) if number <= 1 else []
        else:
            cards = list(shoe_composition(self.decks).elements())
            rng = (
                random.SystemRandom()
                if self.seed is None
                else random.Random(self.seed + number - 1)
            )
            rng.shuffle(cards)
            self._order = cards
        self._position = 0
        self._cut_reported = False
        self._shoe_number = number

    @property
    def cut_index(self) -> int:
        return max(0, len(self._order) - self.cut_card_from_end)

    # --- the croupier ----------------------------------------------------------------------

    def indicate(self, indicator: Indicator) -> None:
        with self._condition:
            self._indicator = indicator
            self._condition.notify_all()
        if not self.pace:
            self._serve()

    def _start(self) -> None:
        self.emit(StatusChanged(source=self.name, status=SourceStatus.CONNECTED))
        if not self.pace:
            self._serve()  # an indicator shown before the start
            return
        self._thread = threading.Thread(target=self._run, name=f"mock {self.name}", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        """Pace 0: deal what the indicator asks for now, on the caller's thread.

        One caller deals at a time; an indicator shown meanwhile (from the table a card's
        emission feeds straight into, or from another thread) is served by the same loop, so
        the stack does not grow with the shoe.
        """
        with self._condition:
            if self._serving or not self._started:
                return
            self._serving = True
        try:
            while True:
                with self._condition:
                    indicator = None if self.stopped else self._wanted()
                    if indicator is None:
                        self._serving = False
                        return
                    self._served_serial = indicator.serial
                self._deal_one(indicator)
        except BaseException:
            with self._condition:
                self._serving = False
            raise

    def _stop(self) -> None:
        with self._condition:
            self._condition.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def _wanted(self) -> Indicator | None:
        indicator = self._indicator
        if indicator is None or indicator.serial == self._served_serial:
            return None
        if indicator.want not in (Want.CARD, Want.BURN):
            return None
        if indicator.cards_received < self.cards_dealt:
            return None  # our last card is still on its way to the table
        return indicator

    def _run(self) -> None:
        while not self.stopped:
            with self._condition:
                self._condition.wait_for(lambda: self.stopped or self._wanted() is not None)
                if self.stopped:
                    return
                indicator = self._wanted()
                assert indicator is not None
                self._served_serial = indicator.serial
            if self.pace and self._stopped.wait(self.pace):
                return
            self._deal_one(indicator)

    def _deal_one(self, indicator: Indicator) -> None:
        if indicator.shoe != self._shoe_number:
            self._load_shoe(indicator.shoe)
            # A restarted table goes on with the same physical shoe: skip the cards it has
            # already counted. A card read but never journaled comes out again, like a real
            # shoe resending a card the host did not acknowledge.
            self._position = min(indicator.shoe_cards_taken, len(self._order))
            self._cut_reported = indicator.cut_card_out
        if self._position >= len(self._order):
            self.emit(
                DeviceFault(
                    source=self.name, code="shoe_empty", message="the mock shoe has no cards left"
                )
            )
            return
        if not self._cut_reported and self.cut_card_from_end and self._position >= self.cut_index:
            self._cut_reported = True
            self.emit(CutCardDrawn(source=self.name))
        card = self._order[self._position]
        self._position += 1
        self.cards_dealt += 1
        self.emit(CardRead(source=self.name, card=card, raw=card.code.encode()))
