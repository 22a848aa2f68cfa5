"""A camera beside a shoe: a witness that checks each card lands where the tableau called it.

The shoe says which card came out and the tableau says which hand it goes to; only the camera
sees where the croupier actually put it. A *witness* source (``role=witness``, the default for
``camera://`` beside a shoe: see :func:`dealer_assist.config.source_role`) deals nothing: each of
its reads is recorded as a :class:`~dealer_assist.table.events.CardSeen` and judged against the
coup's cards, in order - the camera's n-th card of the coup must be the shoe's n-th card, in the
hand the tableau called for it - and the verdict recorded as a
:class:`~dealer_assist.table.events.CardWitnessed` (every confirmation is in the record), with an
alert when something is wrong:

============== ================================================================ ======
verdict        what the camera saw                                              alert
============== ================================================================ ======
confirmed      the shoe's card, in its place, in the hand the tableau called    none
misplaced      one of the coup's cards in another hand (or outside every hand)  hold
different_card a card the shoe did not deal, where the shoe dealt another one   hold
not_dealt      a card beyond those the shoe dealt in a finished coup            hold
out_of_order   one of the coup's cards, in its hand, but not in the shoe's order warn
uncertain      a card it could not read                                         warn
burned         a card the shoe burned or set aside, shown on the layout         none
voided         any card of a voided coup                                        none
============== ================================================================ ======

A read the shoe has not caught up with yet (the card reached the layout before its read reached
the table) waits, recorded but unjudged, until the shoe's card comes or the coup ends. Pure
logic: :mod:`dealer_assist.table.state` folds the events into its ledger
(:class:`~dealer_assist.table.state.WitnessLedger`), the controller records them.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass

from dealer_assist.cards import Card
from dealer_assist.drivers.base import CardRead
from dealer_assist.rules.coup import Hand
from dealer_assist.table.alerts import AlertSpec
from dealer_assist.table.events import CameraVerdict, CardSeen, CardWitnessed
from dealer_assist.table.state import NOT_A_COUP_CARD, TableState, WitnessLedger

__all__ = ["NOT_A_COUP_CARD", "WitnessLedger", "burned", "judge", "place", "sighting", "verdicts"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Judgement:
    verdict: CameraVerdict
    expected: Card | None = None
    expected_hand: Hand | None = None
    dealt_position: int = -1
    alert: AlertSpec | None = None


def ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def hand_name(hand: Hand | str | None) -> str:
    if hand is None:
        return "no hand"
    return str(hand).capitalize()


def sighting(state: TableState, read: CardRead) -> CardSeen:
    """The event for a witness's read: which coup and which of its cards it is (:func:`place`)."""
    coup, position = place(
        card=read.card,
        order=layout_order(read.raw),
        coup=state.coup_number,
        in_coup=state.coup is not None and not state.coup_finished,
        dealt=len(state.in_play),
        ledger=state.witness,
        early=len(state.witness_early),
        loose=state.loose_cards,
    )
    return CardSeen(
        coup=coup,
        position=position,
        card=read.card,
        hand=read.hand.value if read.hand is not None else None,
        source=read.source,
        raw=read.raw.hex(),
        confidence="" if read.confidence is None else str(read.confidence),
    )


def burned(seen: CardSeen) -> CardWitnessed:
    """The verdict on a sighting of a card burned or set aside (no coup card)."""
    return CardWitnessed(
        coup=seen.coup,
        position=seen.position,
        verdict=CameraVerdict.BURNED,
        card=seen.card,
        hand=seen.hand,
        source=seen.source,
    )


def verdicts(
    state: TableState, *, check_order: bool
) -> Iterator[tuple[CardWitnessed, AlertSpec | None]]:
    """The verdicts due on what the witness saw of the coup, in order. Each must be recorded
    (and so applied to ``state``) before the next is asked for."""
    while True:
        ledger = state.witness
        if ledger is None or ledger.judged >= len(ledger.seen):
            return
        seen = ledger.seen[ledger.judged]
        judgement = judge(
            seen,
            cards=state.coup_cards,
            hands=state.coup_card_hands,
            matched=ledger.matched,
            finished=state.coup_finished,
            voided=ledger.voided,
            check_order=check_order,
            face_down=frozenset(p for p in range(len(state.in_play)) if state.hidden(p)),
        )
        if judgement is None:
            return
        verdict = CardWitnessed(
            coup=seen.coup,
            position=seen.position,
            verdict=judgement.verdict,
            card=seen.card,
            hand=seen.hand,
            expected=judgement.expected.code if judgement.expected is not None else "",
            expected_hand=(
                judgement.expected_hand.value if judgement.expected_hand is not None else None
            ),
            dealt_position=judgement.dealt_position,
            source=seen.source,
        )
        alert = judgement.alert
        if alert is not None:
            alert = AlertSpec(
                code=alert.code,
                message=alert.message,
                fix=alert.fix,
                hold=alert.hold,
                options=alert.options,
                raw=seen.raw,
            )
        judged = ledger.judged
        yield verdict, alert
        if state.witness is not ledger or ledger.judged == judged:
            return  # not recorded: stop rather than judge the same card again


def layout_order(raw: bytes) -> int | None:
    """The camera's count of the cards on the layout (its raw JSON ``order``), if it gave one."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    order = data.get("order") if isinstance(data, dict) else None
    return order if isinstance(order, int) and not isinstance(order, bool) else None


def place(
    *,
    card: Card | None,
    order: int | None,
    coup: int,
    in_coup: bool,
    dealt: int,
    ledger: WitnessLedger | None,
    early: int,
    loose: Sequence[Card],
) -> tuple[int, int]:
    """Which coup, and which of its cards, a witness's read is: ``(coup, position)``.

    ``coup``: the table's coup number; ``in_coup``: it is being dealt; ``dealt``: its cards so
    far; ``ledger``: what the witness saw of it (None before the shoe's first coup); ``early``:
    reads already waiting for the next coup; ``loose``: cards burned or set aside since the coup
    started; ``order``: the camera's own count of the cards on the layout (1: the layout was
    cleared before this card), if it gives one.

    A read belongs to the coup being dealt; after the coup, to that coup while its cards are
    not all seen, or while the camera says the layout was not cleared (a card laid after the
    coup); otherwise it is the next coup's, and waits for its first card.
    """
    if ledger is not None and ledger.coup == coup:
        seen = len(ledger.seen)
        same_layout = order is not None and order > 1
        if in_coup or seen < dealt or same_layout:
            if seen >= dealt and card is not None and card in loose and not ledger.voided:
                return coup, NOT_A_COUP_CARD
            return coup, seen
    if card is not None and card in loose:
        return coup, NOT_A_COUP_CARD
    return coup + 1, early


def judge(
    seen: CardSeen,
    *,
    cards: Sequence[Card],
    hands: Sequence[Hand],
    matched: set[int],
    finished: bool,
    voided: bool,
    check_order: bool = True,
    face_down: Collection[int] = frozenset(),
) -> Judgement | None:
    """The verdict on ``seen`` against the coup's ``cards`` (dealt to ``hands``); None while
    the shoe has not dealt as many cards and the coup goes on (the shoe's read is on its way).
    ``check_order`` is off under squeeze: cards are seen when they are turned, hand by hand;
    ``face_down``: the positions of cards not yet turned, which a verdict must not name."""
    position = seen.position
    if voided:
        return Judgement(verdict=CameraVerdict.VOIDED)
    if position >= len(cards) and not finished:
        return None
    here = position < len(cards)
    expected = cards[position] if here else None
    expected_hand = hands[position] if here else None
    if position in face_down:  # the shoe's card there is still face down: no verdict names it
        expected = None
    seen_hand = Hand(seen.hand) if seen.hand is not None else None
    nth = ordinal(position + 1)
    if seen.card is None:
        if not here:
            return Judgement(
                verdict=CameraVerdict.UNCERTAIN,
                alert=AlertSpec(
                    code="camera_uncertain",
                    message=f"the camera saw a card it could not read on {hand_name(seen_hand)}, "
                    f"beyond the {len(cards)} cards the shoe dealt",
                    fix="Check the layout: no other card belongs to this coup",
                    hold=False,
                    options=("acknowledge",),
                ),
            )
        where = ""
        if seen_hand is not expected_hand:
            where = (
                f"; it lies on {hand_name(seen_hand)}, "
                f"the tableau called {hand_name(expected_hand)}"
            )
        return Judgement(
            verdict=CameraVerdict.UNCERTAIN,
            expected=expected,
            expected_hand=expected_hand,
            dealt_position=position,
            alert=AlertSpec(
                code="camera_uncertain",
                message=f"the camera cannot confirm the {nth} card"
                + (f", {expected}" if expected is not None else "")
                + f": it could not read it{where}",
                fix="Check the card on the layout; the shoe's card stands",
                hold=False,
                options=("acknowledge",),
            ),
        )
    found = _dealt_position(seen.card, position, cards, matched)
    if found is not None:
        belongs = hands[found]
        if seen_hand is not belongs:
            went = f"went to {hand_name(seen_hand)}" if seen_hand else "landed outside the hands"
            return Judgement(
                verdict=CameraVerdict.MISPLACED,
                expected=seen.card,
                expected_hand=belongs,
                dealt_position=found,
                alert=AlertSpec(
                    code="card_misplaced",
                    message=f"the {ordinal(found + 1)} card, {seen.card}, {went}; it belongs to "
                    f"{hand_name(belongs)}: move it",
                    fix=f"Move {seen.card} to {hand_name(belongs)}, then acknowledge; "
                    "or a supervisor voids the coup",
                    hold=True,
                    options=("acknowledge", "void_coup"),
                ),
            )
        if found != position and check_order:
            return Judgement(
                verdict=CameraVerdict.OUT_OF_ORDER,
                expected=seen.card,
                expected_hand=belongs,
                dealt_position=found,
                alert=AlertSpec(
                    code="card_out_of_order",
                    message=f"{seen.card} landed {nth} on the layout; the shoe dealt it "
                    f"{ordinal(found + 1)} (it is in the right hand, {hand_name(belongs)})",
                    fix="Lay each card on the layout as it comes out of the shoe",
                    hold=False,
                    options=("acknowledge",),
                ),
            )
        return Judgement(
            verdict=CameraVerdict.CONFIRMED,
            expected=seen.card,
            expected_hand=belongs,
            dealt_position=found,
        )
    if here:
        shoe_read = (
            f"the shoe read {expected} for {hand_name(expected_hand)}"
            if expected is not None
            else f"the shoe dealt another card there, still face down on {hand_name(expected_hand)}"
        )
        return Judgement(
            verdict=CameraVerdict.DIFFERENT_CARD,
            expected=expected,
            expected_hand=expected_hand,
            dealt_position=position,
            alert=AlertSpec(
                code="camera_card_differs",
                message=f"the camera sees {seen.card} as the {nth} card (on "
                f"{hand_name(seen_hand)}); {shoe_read}",
                fix="A supervisor checks the card on the layout: if the shoe is right, override; "
                f"if the camera is right, correct card {position + 1}, then override; "
                "or void the coup",
                hold=True,
                options=("override", "void_coup"),
            ),
        )
    return Judgement(
        verdict=CameraVerdict.NOT_DEALT,
        alert=AlertSpec(
            code="card_not_dealt",
            message=f"the camera sees {seen.card} on {hand_name(seen_hand)}, a card the shoe did "
            f"not deal in this coup ({len(cards)} cards dealt)",
            fix="Take the card off the layout and call the supervisor; or a supervisor voids "
            "the coup",
            hold=True,
            options=("set_aside", "void_coup"),
        ),
    )


def _dealt_position(
    card: Card, position: int, cards: Sequence[Card], matched: set[int]
) -> int | None:
    """Where the shoe dealt ``card`` in the coup: its expected place first (a coup from a
    multi-deck shoe may hold the same card twice), else the first place not yet seen."""
    if position < len(cards) and cards[position] == card and position not in matched:
        return position
    for index, dealt in enumerate(cards):
        if dealt == card and index not in matched:
            return index
    return None
