"""The mock shoe: a shuffled (or stacked) shoe and a simulated croupier who draws from it.

``mock://?decks=8&seed=42`` deals a shoe shuffled from a seed (each new shoe of the session uses
the next seed); without ``seed`` the operating system's secure source shuffles. ``mock://?cards=
AS,9D,...`` deals exactly those cards. The simulated croupier draws one card each time the table's
draw indicator asks for one, after ``pace`` seconds (0 by default: as fast as the table goes), and
reports the cut card when it reaches it (``cut``, cards from the end, default 14).

Training and tests run the same pipeline as a real shoe: the mock only emits events.
"""

from __future__ import annotations

import random
import threading

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
    Want,
)


def _number(url: SourceUrl, key: str, default: float, *, minimum: float = 0) -> float:
    text = url.option(key)
    if text is None or text == "":
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{url.text}: {key}={text!r} is not a number") from None
    if value < minimum:
        raise ValueError(f"{url.text}: {key} must be at least {minimum}")
    return value


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
        self.decks = decks
        self.seed = seed
        self.stacked = cards
        self.cut_card_from_end = cut_card_from_end
        self.pace = pace
        self._condition = threading.Condition()
        self._indicator: Indicator | None = None
        self._served_serial: int | None = None
        self._shoe_number: int | None = None
        self._order: list[Card] = []
        self._position = 0
        self._cut_reported = False
        self._thread: threading.Thread | None = None
        self.cards_dealt = 0

    @classmethod
    def from_url(cls, url: SourceUrl) -> MockShoe:
        known = {"decks", "seed", "cards", "cut", "pace"}
        for key in url.options:
            if key not in known:
                raise ValueError(f"{url.text}: unknown option {key!r} ({', '.join(sorted(known))})")
        seed_text = url.option("seed")
        cards_text = url.option("cards")
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise ValueError(f"{url.text}: seed={seed_text!r} is not a whole number") from None
        return cls(
            name=url.text,
            decks=int(_number(url, "decks", 8, minimum=1)),
            seed=seed,
            cards=parse_cards([cards_text]) if cards_text else None,
            cut_card_from_end=int(_number(url, "cut", 14, minimum=0)),
            pace=_number(url, "pace", 0.0),
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

    def _start(self) -> None:
        self.emit(StatusChanged(source=self.name, status=SourceStatus.CONNECTED))
        self._thread = threading.Thread(target=self._run, name=f"mock {self.name}", daemon=True)
        self._thread.start()

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
