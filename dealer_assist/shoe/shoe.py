"""The shoe as a state machine: burn, coups, the cut card, the last coup, the end of the shoe.

Every action comes as a triple (house style): ``verify_x`` raises a :class:`RuleViolation` that
says what is wrong and leaves the shoe unchanged, ``can_x`` answers yes or no, ``x`` does it and
records an immutable event (:mod:`dealer_assist.shoe.events`).

Two kinds of shoe run the same machine. A shoe whose card order is known (shuffled here, from a
seed, or stacked from a list) deals its own cards, and the cut card comes out by itself when the
draw reaches its index. A live shoe (:meth:`Shoe.observed`) does not know the order: each card is
the one the reader saw, and the dealer reports the cut card, whose exact place nobody knows.

>>> from dealer_assist.cards import parse_cards
>>> settings = ShoeSettings(decks=1, cut_card_from_end=7, burn=BurnRule.fixed(1))
>>> shoe = Shoe.stacked(settings=settings, cards=parse_cards(["2S"] + ["KH"] * 10))
>>> _ = shoe.burn()
>>> _ = shoe.start_coup()
>>> [str(shoe.draw().card) for _ in range(4)], shoe.is_cut_card_out, shoe.coups_remaining
(['KH', 'KH', 'KH', 'KH'], True, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from random import Random, SystemRandom

from dealer_assist.cards import Card, shoe_composition
from dealer_assist.errors import ConfigError, InputError, RuleViolation
from dealer_assist.shoe.events import (
    BurnCardTurned,
    CardBurned,
    CardDiscarded,
    CardDrawn,
    CoupEnded,
    CoupStarted,
    CutCardOut,
    ShoeEnded,
    ShoeEvent,
    ShoeStarted,
)
from dealer_assist.shoe.settings import BurnMode, BurnRule, ShoeSettings

__all__ = ["BurnRule", "Shoe", "ShoePhase", "ShoeSettings"]


class ShoePhase(Enum):
    BURN = "burn"
    BETWEEN_COUPS = "between_coups"
    IN_COUP = "in_coup"
    ENDED = "ended"


class Shoe:
    """One shoe, from the burn to its end. Not thread-safe: the table controller owns it."""

    __slots__ = (
        "_burn_left",
        "_card_count",
        "_coup",
        "_coup_cards",
        "_coups_played",
        "_cut_index",
        "_cut_out",
        "_events",
        "_last_coup",
        "_order",
        "_phase",
        "_position",
        "settings",
    )

    def __init__(
        self,
        *,
        settings: ShoeSettings,
        order: Sequence[Card] | None = None,
        card_count: int | None = None,
        seed: int | None = None,
    ) -> None:
        """Prefer the named constructors; ``order=None`` makes a live shoe of ``card_count``."""
        self.settings = settings
        self._order: tuple[Card, ...] | None = None if order is None else tuple(order)
        if self._order is not None:
            if card_count is not None and card_count != len(self._order):
                raise InputError(f"card_count {card_count} but {len(self._order)} cards given")
            count = len(self._order)
        else:
            count = settings.decks * 52 if card_count is None else card_count
        if count <= settings.cut_card_from_end:
            raise ConfigError(
                "shoe settings",
                "cut_card_from_end",
                f"{settings.cut_card_from_end} cards from the end leaves no room in a "
                f"{count}-card shoe",
            )
        self._card_count = count
        self._cut_index = None if self._order is None else count - settings.cut_card_from_end
        self._position = 0
        self._cut_out = False
        self._last_coup: int | None = None
        self._coup = 0
        self._coup_cards = 0
        self._coups_played = 0
        self._events: list[ShoeEvent] = []
        self._events.append(ShoeStarted(0, count, self._cut_index, self._order is not None, seed))
        mode = settings.burn.mode
        # None: the first card is still to be turned; it decides how many follow it.
        self._burn_left: int | None = settings.burn.count if mode is BurnMode.FIXED else None
        self._phase = ShoePhase.BETWEEN_COUPS if mode is BurnMode.NONE else ShoePhase.BURN

    # --- making shoes ----------------------------------------------------------------------

    @classmethod
    def shuffled(cls, *, settings: ShoeSettings, rng: Random | None = None) -> Shoe:
        """A shoe of ``settings.decks`` decks shuffled by ``rng``.

        Without ``rng`` the operating system's secure source shuffles: a production shoe must
        not be predictable from anything the process has seen.
        """
        source = SystemRandom() if rng is None else rng
        cards = list(shoe_composition(settings.decks).elements())
        source.shuffle(cards)
        return cls(settings=settings, order=cards)

    @classmethod
    def seeded(cls, *, settings: ShoeSettings, seed: int) -> Shoe:
        """A training shoe: the same seed gives the same shoe, and the seed is logged."""
        cards = list(shoe_composition(settings.decks).elements())
        Random(seed).shuffle(cards)
        return cls(settings=settings, order=cards, seed=seed)

    @classmethod
    def stacked(cls, *, settings: ShoeSettings, cards: Iterable[Card]) -> Shoe:
        """A shoe holding exactly ``cards``, first card first (``settings.decks`` is ignored)."""
        order = tuple(cards)
        if not order:
            raise InputError("a stacked shoe needs at least one card")
        return cls(settings=settings, order=order)

    @classmethod
    def observed(cls, *, settings: ShoeSettings, card_count: int | None = None) -> Shoe:
        """A live shoe: cards are given to :meth:`draw` as the reader sees them."""
        return cls(settings=settings, card_count=card_count)

    # --- reading ---------------------------------------------------------------------------

    @property
    def phase(self) -> ShoePhase:
        return self._phase

    @property
    def events(self) -> tuple[ShoeEvent, ...]:
        return tuple(self._events)

    @property
    def order_known(self) -> bool:
        return self._order is not None

    @property
    def card_count(self) -> int:
        return self._card_count

    @property
    def cards_out(self) -> int:
        """Cards that have left the shoe: burned and dealt."""
        return self._position

    @property
    def cards_left(self) -> int:
        return self._card_count - self._position

    @property
    def cut_card_index(self) -> int | None:
        """Index of the first card behind the cut card (None in a live shoe)."""
        return self._cut_index

    @property
    def is_cut_card_out(self) -> bool:
        return self._cut_out

    @property
    def burn_remaining(self) -> int | None:
        """Cards still to burn; None while the first card is still to be turned."""
        if self._phase is not ShoePhase.BURN:
            return 0
        return self._burn_left

    @property
    def coup(self) -> int:
        """The coup being dealt, or the last one started (0 before the first)."""
        return self._coup

    @property
    def coups_played(self) -> int:
        return self._coups_played

    @property
    def last_coup(self) -> int | None:
        """The number of the shoe's last coup, known once the cut card is out."""
        return self._last_coup

    @property
    def coups_remaining(self) -> int | None:
        """Coups still to finish, the one being dealt included; None before the cut card."""
        if self._phase is ShoePhase.ENDED:
            return 0
        if self._last_coup is None:
            return None
        if self._phase is ShoePhase.IN_COUP:
            return self._last_coup - self._coup + 1
        return max(self._last_coup - self._coups_played, 0)

    @property
    def is_last_coup(self) -> bool:
        """True when the coup being dealt (between coups: the next one) is the shoe's last."""
        if self._last_coup is None or self._phase is ShoePhase.ENDED:
            return False
        if self._phase is ShoePhase.IN_COUP:
            return self._coup == self._last_coup
        return self._coups_played + 1 == self._last_coup

    # --- the burn --------------------------------------------------------------------------

    def verify_burn_card(self, card: Card | None = None) -> None:
        if self._phase is not ShoePhase.BURN:
            raise RuleViolation("no_burn_due", f"no burn is due: the shoe is {self._describe()}")
        self._verify_next_card(card)

    def can_burn_card(self, card: Card | None = None) -> bool:
        return self._can(self.verify_burn_card, card)

    def burn_card(self, card: Card | None = None) -> BurnCardTurned | CardBurned:
        """Take the next burn card: the turned first card, or one that goes face down."""
        self.verify_burn_card(card)
        taken, position = self._take(card)
        event: BurnCardTurned | CardBurned
        if self._burn_left is None:
            count = taken.rank.burn_count
            event = BurnCardTurned(len(self._events), taken, position, count)
            self._burn_left = count
        else:
            event = CardBurned(len(self._events), taken, position)
            self._burn_left -= 1
        self._events.append(event)
        if self._burn_left == 0:
            self._phase = ShoePhase.BETWEEN_COUPS
            self._end_if_done()
        return event

    def burn(self) -> tuple[BurnCardTurned | CardBurned, ...]:
        """Run the whole burn on a shoe whose order is known."""
        if self._phase is ShoePhase.BURN and self._order is None:
            raise RuleViolation("card_required", "a live shoe burns card by card: use burn_card")
        self.verify_burn_card()
        events: list[BurnCardTurned | CardBurned] = []
        while self._phase is ShoePhase.BURN:
            events.append(self.burn_card())
        return tuple(events)

    # --- coups -----------------------------------------------------------------------------

    def verify_start_coup(self) -> None:
        phase = self._phase
        if phase is ShoePhase.BURN:
            raise RuleViolation("burn_due", "burn the new shoe before the first coup")
        if phase is ShoePhase.IN_COUP:
            raise RuleViolation("coup_in_progress", f"coup {self._coup} is still being dealt")
        if phase is ShoePhase.ENDED:
            raise RuleViolation("shoe_ended", "the shoe has ended: start a new shoe")
        if self._last_coup is not None and self._coups_played >= self._last_coup:
            raise RuleViolation("last_coup_played", "the last coup has been played: new shoe")
        minimum = self.settings.min_cards_to_deal
        if self.cards_left < minimum:
            raise RuleViolation(
                "too_few_cards",
                f"{self.cards_left} cards left, a coup needs {minimum}: end the shoe",
            )

    def can_start_coup(self) -> bool:
        return self._can(self.verify_start_coup)

    def start_coup(self) -> CoupStarted:
        self.verify_start_coup()
        self._coup = self._coups_played + 1
        self._coup_cards = 0
        self._phase = ShoePhase.IN_COUP
        event = CoupStarted(len(self._events), self._coup)
        self._events.append(event)
        return event

    def verify_draw(self, card: Card | None = None) -> None:
        if self._phase is not ShoePhase.IN_COUP:
            if self._phase is ShoePhase.BURN:
                raise RuleViolation("burn_due", "burn the new shoe before dealing")
            if self._phase is ShoePhase.ENDED:
                raise RuleViolation("shoe_ended", "the shoe has ended: start a new shoe")
            raise RuleViolation("no_coup", "start a coup before dealing a card")
        self._verify_next_card(card)

    def can_draw(self, card: Card | None = None) -> bool:
        return self._can(self.verify_draw, card)

    def draw(self, card: Card | None = None) -> CardDrawn:
        """Deal the next card of the coup; a cut card met on the way is recorded before it."""
        self.verify_draw(card)
        taken, position = self._take(card)
        self._coup_cards += 1
        event = CardDrawn(len(self._events), taken, position, self._coup)
        self._events.append(event)
        return event

    def discard(self, card: Card | None = None) -> CardDiscarded:
        """A card that left the shoe and plays no part (an extra card, one set aside).

        It never raises: the card is out whatever state the shoe is in. It counts as out while
        the shoe still has cards by its count (a foreign card can make one more come out).
        """
        if self._order is not None and self._position < self._card_count:
            taken, position = self._take(None)
        else:
            if card is None:
                raise RuleViolation("card_required", "a live shoe needs the card that was read")
            taken, position = card, self._position
            if self._position < self._card_count:
                self._position += 1
        event = CardDiscarded(len(self._events), taken, position, self._coup)
        self._events.append(event)
        return event

    def verify_end_coup(self) -> None:
        if self._phase is not ShoePhase.IN_COUP:
            raise RuleViolation("no_coup", "no coup is being dealt")

    def can_end_coup(self) -> bool:
        return self._can(self.verify_end_coup)

    def end_coup(self) -> CoupEnded:
        """Close the coup; the shoe ends by itself after its last coup or when too few remain."""
        self.verify_end_coup()
        event = CoupEnded(len(self._events), self._coup, self._coup_cards)
        self._events.append(event)
        self._coups_played += 1
        self._phase = ShoePhase.BETWEEN_COUPS
        self._end_if_done()
        return event

    # --- the cut card and the end ----------------------------------------------------------

    def verify_signal_cut_card(self) -> None:
        if self._order is not None:
            raise RuleViolation("cut_card_known", "this shoe knows where its cut card is")
        if self._cut_out:
            raise RuleViolation("cut_card_out", "the cut card is already out")
        if self._phase is ShoePhase.ENDED:
            raise RuleViolation("shoe_ended", "the shoe has ended")

    def can_signal_cut_card(self) -> bool:
        return self._can(self.verify_signal_cut_card)

    def signal_cut_card(self) -> CutCardOut:
        """The dealer (or the shoe's sensor) reports the cut card in a live shoe."""
        self.verify_signal_cut_card()
        return self._cut_card_appears()

    def verify_end_shoe(self) -> None:
        if self._phase is ShoePhase.IN_COUP:
            raise RuleViolation("coup_in_progress", f"finish or void coup {self._coup} first")
        if self._phase is ShoePhase.ENDED:
            raise RuleViolation("shoe_ended", "the shoe has already ended")

    def can_end_shoe(self) -> bool:
        return self._can(self.verify_end_shoe)

    def end_shoe(self, *, reason: str) -> ShoeEnded:
        """End the shoe early (a supervisor's call, a fault); ``reason`` goes in the log."""
        self.verify_end_shoe()
        return self._end(reason)

    # --- inside ----------------------------------------------------------------------------

    def _verify_next_card(self, card: Card | None) -> None:
        if self._position >= self._card_count:
            raise RuleViolation("shoe_empty", f"all {self._card_count} cards are out")
        if self._order is None:
            if card is None:
                raise RuleViolation("card_required", "a live shoe needs the card that was read")
            return
        expected = self._order[self._position]
        if card is not None and card != expected:
            raise RuleViolation(
                "unexpected_card",
                f"{card} read where the shoe holds {expected} (card {self._position + 1})",
            )

    def _take(self, card: Card | None) -> tuple[Card, int]:
        """Remove the next card, meeting the cut card first when the draw reaches it."""
        if self._order is not None:
            if not self._cut_out and self._position == self._cut_index:
                self._cut_card_appears()
            taken = self._order[self._position]
        else:
            assert card is not None
            taken = card
        position = self._position
        self._position += 1
        return taken, position

    def _cut_card_appears(self) -> CutCardOut:
        if self._phase is ShoePhase.IN_COUP:
            coup = self._coup
            in_place = self._coup_cards == 0
            last = coup if in_place else coup + self.settings.coups_after_cut_card
        elif self._phase is ShoePhase.BETWEEN_COUPS:
            # The next thing out of the shoe takes the place of the next coup's first card.
            coup = self._coups_played + 1
            in_place = True
            last = coup
        else:
            coup, in_place, last = 0, False, self._coups_played + 1
        self._cut_out = True
        self._last_coup = last
        event = CutCardOut(len(self._events), self._position, coup, in_place, last)
        self._events.append(event)
        return event

    def _end_if_done(self) -> None:
        if self._last_coup is not None and self._coups_played >= self._last_coup:
            self._end("the last coup after the cut card has been played")
        elif self.cards_left < self.settings.min_cards_to_deal:
            self._end(
                f"{self.cards_left} cards left, fewer than the "
                f"{self.settings.min_cards_to_deal} a coup needs"
            )

    def _end(self, reason: str) -> ShoeEnded:
        event = ShoeEnded(len(self._events), reason, self._coups_played, self.cards_left)
        self._events.append(event)
        self._phase = ShoePhase.ENDED
        return event

    def _describe(self) -> str:
        return {
            ShoePhase.BURN: "waiting for its burn",
            ShoePhase.BETWEEN_COUPS: "between coups",
            ShoePhase.IN_COUP: f"dealing coup {self._coup}",
            ShoePhase.ENDED: "ended",
        }[self._phase]

    @staticmethod
    def _can(verify: Callable[..., None], *args: Card | None) -> bool:
        try:
            verify(*args)
        except RuleViolation:
            return False
        return True
