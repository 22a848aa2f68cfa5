"""Prompts for items, dealt from stacked cards, with the answer the rules engine gives.

Every expected answer comes from the rules engine: the coup state machine says whether a hand
draws, :func:`~dealer_assist.rules.outcome.outcome_of` who won, :func:`settle` what a bet pays
and the commission it owes, :class:`CommissionBoxes` what a box holds at the shoe's end, the
:class:`~dealer_assist.shoe.shoe.Shoe` how many cards the burn takes and when the shoe ends.
Nothing here restates a rule: the generators only choose cards (or a live shoe's events) that
lead the engine to the item's situation, and check that they did.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from random import Random
from types import MappingProxyType
from typing import Any

from dealer_assist.cards import Card
from dealer_assist.errors import InputError
from dealer_assist.rules.coup import CardDealt, Coup, CoupRules, DealTo, DecisionDue, Hand
from dealer_assist.rules.outcome import Outcome, outcome_of
from dealer_assist.rules.settlement import (
    Bet,
    CommissionBoxes,
    CommissionMode,
    SettlementRules,
    settle,
    tidy,
)
from dealer_assist.rules.variants import Variant
from dealer_assist.shoe.events import CardBurned
from dealer_assist.shoe.settings import BurnRule, ShoeSettings
from dealer_assist.shoe.shoe import Shoe
from dealer_assist.training.items import Item, Kind, PayoutTable
from dealer_assist.training.stacking import CardPicker, deal_cell

Answer = Mapping[str, Any]
_MAX_TRIES = 200_000


@dataclass(frozen=True, slots=True, kw_only=True)
class Prompt:
    """A question on one item. ``fields`` is what the trainee sees (JSON-ready), ``expected``
    the rules engine's answer, ``cards`` the coup's cards in deal order (empty when none)."""

    item: Item
    question: str
    fields: Mapping[str, Any]
    expected: Mapping[str, Any]
    cards: tuple[Card, ...] = ()
    coups: tuple[tuple[Card, ...], ...] = field(default=())

    def as_json(self) -> dict[str, Any]:
        return {"type": "prompt", "item": self.item.id, "question": self.question, **self.fields}

    def expected_json(self) -> Any:
        """The expected answer as the protocol writes it: one value, or an object of several."""
        values = {key: _json_value(value) for key, value in self.expected.items()}
        return values["answer"] if list(values) == ["answer"] else values


def _json_value(value: Any) -> Any:
    if isinstance(value, Decimal):
        return str(tidy(value))
    return value


def judge(prompt: Prompt, answer: Answer) -> bool:
    """Whether ``answer`` (the trainee's JSON object) matches the rules engine's answer."""
    for key, expected in prompt.expected.items():
        given = answer.get(key)
        if given is None or isinstance(given, bool):
            return False
        if isinstance(expected, Decimal):
            if isinstance(given, float):
                return False
            try:
                if Decimal(str(given).replace(",", "")) != expected:
                    return False
            except InvalidOperation:
                return False
        elif isinstance(expected, int):
            try:
                if int(str(given)) != expected:
                    return False
            except ValueError:
                return False
        elif str(given).strip().lower() != str(expected):
            return False
    return True


def odd_stake(rng: Random) -> Decimal:
    """The stakes dealers meet: 35, 125, 1,275, 60, 2,350 - never a round 100 only."""
    form = rng.randrange(4)
    if form == 0:
        return Decimal(rng.randrange(1, 40) * 5)
    if form == 1:
        return Decimal(rng.randrange(1, 80) * 25)
    if form == 2:
        return Decimal(rng.randrange(2, 60) * 25 + rng.choice((5, 10, 15, 20)))
    return Decimal(rng.randrange(10, 100) * 5 + rng.randrange(0, 5) * 1000)


def _dealt(coup: Coup) -> tuple[Card, ...]:
    return tuple(op.card for op in coup.operations if isinstance(op, CardDealt))


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


def draws(coup: Coup, hand: Hand) -> str:
    """The engine's call for ``hand`` now: ``draw``, ``stand`` or ``option`` (its free choice)."""
    step = coup.next_step
    if isinstance(step, DealTo) and step.hand is hand:
        return "draw"
    if isinstance(step, DecisionDue) and step.hand is hand:
        return "option"
    return "stand"


@dataclass(kw_only=True)
class PromptMaker:
    """Deals prompts from an injected ``rng`` (the same seed, the same drill)."""

    tables: Sequence[PayoutTable]
    settlement: SettlementRules = field(default_factory=SettlementRules)
    shoe_settings: ShoeSettings = field(default_factory=ShoeSettings)
    cdf_rules: CoupRules = field(default_factory=CoupRules.chemin_de_fer)
    currency: str = ""
    rng: Random = field(default_factory=lambda: Random(0))

    def __post_init__(self) -> None:
        self._tables = MappingProxyType({table.label: table.variant for table in self.tables})

    # --- dispatch ------------------------------------------------------------------------

    def prompt(self, item: Item) -> Prompt:
        maker = {
            Kind.TABLEAU: self._tableau,
            Kind.OPTIONS: self._options,
            Kind.WINNER: self._winner,
            Kind.PAYOUT: self._payout,
            Kind.COMMISSION: self._commission,
            Kind.SHOE: self._shoe,
        }[item.kind]
        return maker(item)

    def _picker(self) -> CardPicker:
        return CardPicker(decks=self.shoe_settings.decks, rng=self.rng)

    # --- the tableau -----------------------------------------------------------------------

    def _tableau(self, item: Item) -> Prompt:
        return self._cell_prompt(item, CoupRules.punto_banco(), item.id.split(":")[1:])

    def _options(self, item: Item) -> Prompt:
        parts = item.id.split(":")[1:]
        if parts[0] == "punter":
            parts = ["player", parts[1]]
        return self._cell_prompt(item, self.cdf_rules, parts, game="chemin_de_fer")

    def _cell_prompt(
        self, item: Item, rules: CoupRules, parts: list[str], game: str = "punto_banco"
    ) -> Prompt:
        cards, question = deal_cell(rules, parts, self._picker())
        coup = Coup(rules)
        for card in cards:
            coup.deal(card)
        hand = Hand(question)
        fields: dict[str, Any] = {
            "player_cards": _codes(coup.cards(Hand.PLAYER)),
            "banker_cards": _codes(coup.cards(Hand.BANKER)),
        }
        if game != "punto_banco":
            fields = {"game": game, **fields}
        return Prompt(
            item=item,
            question=question,
            fields=fields,
            expected={"answer": draws(coup, hand)},
            cards=tuple(cards),
            coups=(tuple(cards),),
        )

    # --- complete coups --------------------------------------------------------------------

    def random_coup(self, rules: CoupRules) -> Coup:
        """A coup dealt from the picker, pairs made likelier so pair bets get their turn."""
        picker = self._picker()
        coup = Coup(rules)
        while not coup.is_complete:
            step = coup.next_step
            if isinstance(step, DecisionDue):
                coup.decide(step.hand, self.rng.choice(step.options))
                continue
            assert isinstance(step, DealTo)
            held = coup.cards(step.hand)
            if len(held) == 1 and self.rng.random() < 0.3:
                first = held[0]
                suit = first.suit if self.rng.random() < 0.5 else None
                coup.deal(picker.same_rank(first, suit=suit))
            else:
                coup.deal(picker.any())
        return coup

    def _search(self, rules: CoupRules, wanted: Any, what: str) -> tuple[Coup, Outcome]:
        for _ in range(_MAX_TRIES):
            coup = self.random_coup(rules)
            outcome = outcome_of(coup)
            if wanted(outcome):
                return coup, outcome
        raise InputError(f"found no coup for {what} in {_MAX_TRIES} deals: is it possible?")

    def _coup_fields(self, coup: Coup) -> dict[str, Any]:
        return {
            "player_cards": _codes(coup.cards(Hand.PLAYER)),
            "banker_cards": _codes(coup.cards(Hand.BANKER)),
        }

    def _winner(self, item: Item) -> Prompt:
        _, how, winner = item.id.split(":")

        def wanted(outcome: Outcome) -> bool:
            natural = "natural" if outcome.natural else "drawn"
            return natural == how and str(outcome.winner) == winner

        coup, outcome = self._search(CoupRules.punto_banco(), wanted, item.id)
        facts = outcome.facts
        assert facts is not None and outcome.winner is not None
        cards = _dealt(coup)
        return Prompt(
            item=item,
            question="winner",
            fields=self._coup_fields(coup),
            expected={
                "answer": outcome.winner.value,
                "player_total": facts.player_total,
                "banker_total": facts.banker_total,
            },
            cards=cards,
            coups=(cards,),
        )

    def variant(self, label: str) -> Variant:
        try:
            return self._tables[label]
        except KeyError:
            raise InputError(
                f"no payout table {label!r} (known: {', '.join(self._tables)})"
            ) from None

    def _payout(self, item: Item) -> Prompt:
        _, label, bet_name, key = item.id.split(":")
        variant = self.variant(label)
        bet = variant.bet(bet_name)

        def wanted(outcome: Outcome) -> bool:
            for listed in bet.keys(outcome):
                if listed in bet.pays:
                    return listed == key
            return False

        coup, outcome = self._search(variant.rules, wanted, item.id)
        stake = odd_stake(self.rng)
        settled = settle(
            variant, outcome, [Bet(seat=1, name=bet_name, stake=stake)], self.settlement
        )
        bet_settled = settled.bets[0]
        cards = _dealt(coup)
        return Prompt(
            item=item,
            question="pay",
            fields={
                "variant": variant.name,
                "bet": bet_name,
                "odds": {name: payout.text for name, payout in bet.pays.items()},
                "stake": str(stake),
                "currency": self.currency,
                "commission_mode": self.settlement.commission_mode.value,
                **self._coup_fields(coup),
            },
            expected={"answer": bet_settled.returned - bet_settled.stake},
            cards=cards,
            coups=(cards,),
        )

    # --- commission ----------------------------------------------------------------------

    def _commission_variant(self) -> Variant:
        for table in self.tables:
            banker = table.variant.bets.get("banker")
            if banker is not None and banker.commission:
                return table.variant
        raise InputError("no payout table has a Banker bet with commission")

    def _banker_win(self, variant: Variant, stake: Decimal, rules: SettlementRules) -> Any:
        bet = variant.bet("banker")

        def wanted(outcome: Outcome) -> bool:
            return bet.judge(outcome).ratio > 0

        coup, outcome = self._search(variant.rules, wanted, "a Banker win")
        return coup, settle(variant, outcome, [Bet(seat=1, name="banker", stake=stake)], rules)

    def _commission(self, item: Item) -> Prompt:
        question = item.id.split(":")[1]
        variant = self._commission_variant()
        rate = variant.bet("banker").commission
        mode = CommissionMode.IMMEDIATE if question == "take" else CommissionMode.BOX
        rules = SettlementRules(
            commission_mode=mode,
            minimum_commission=self.settlement.minimum_commission,
            commission_rounding=self.settlement.commission_rounding,
            payout_unit=self.settlement.payout_unit,
            limits=self.settlement.limits,
        )
        base = {"rate": str(rate), "currency": self.currency}
        if question in ("take", "mark"):
            stake = odd_stake(self.rng)
            coup, settled = self._banker_win(variant, stake, rules)
            bet = settled.bets[0]
            expected = bet.commission if question == "take" else bet.commission_to_box
            return Prompt(
                item=item,
                question="commission" if question == "take" else "mark",
                fields={**base, "bet": "banker", "stake": str(stake), **self._coup_fields(coup)},
                expected={"answer": expected},
            )
        boxes = CommissionBoxes()
        stakes = [odd_stake(self.rng) for _ in range(self.rng.randrange(3, 7))]
        for stake in stakes:
            _, settled = self._banker_win(variant, stake, rules)
            boxes = boxes.mark(settled.commission_to_boxes)
        _, collection = boxes.collect(1, rules.commission_rounding)
        return Prompt(
            item=item,
            question="collect",
            fields={
                **base,
                "banker_wins": [str(stake) for stake in stakes],
                "rounding_unit": str(rules.commission_rounding.unit),
                "rounding": rules.commission_rounding.mode.value,
            },
            expected={"answer": collection.due},
        )

    # --- the shoe ------------------------------------------------------------------------

    def _shoe(self, item: Item) -> Prompt:
        parts = item.id.split(":")
        if parts[1] == "burn":
            return self._burn(item, int(parts[2]))
        return self._cut_card(item, first_card=parts[2] == "first-card")

    def _burn(self, item: Item, count: int) -> Prompt:
        picker = self._picker()
        first = picker.burn_card(count)
        settings = ShoeSettings(
            decks=self.shoe_settings.decks,
            cut_card_from_end=self.shoe_settings.cut_card_from_end,
            burn=BurnRule.first_card_value(),
        )
        order = [first, *picker.take(settings.decks * 52 - 1)]
        shoe = Shoe.stacked(settings=settings, cards=order)
        burned = sum(1 for event in shoe.burn() if isinstance(event, CardBurned))
        return Prompt(
            item=item,
            question="burn",
            fields={"first_card": first.code},
            expected={"answer": burned},
        )

    def _cut_card(self, item: Item, *, first_card: bool) -> Prompt:
        settings = ShoeSettings(
            decks=self.shoe_settings.decks,
            cut_card_from_end=self.shoe_settings.cut_card_from_end,
            burn=BurnRule.none(),
            coups_after_cut_card=self.shoe_settings.coups_after_cut_card,
        )
        shoe = Shoe.observed(settings=settings)
        picker = self._picker()
        coup_number = self.rng.randrange(40, 70)
        for _ in range(coup_number - 1):
            shoe.start_coup()
            for _ in range(4):
                shoe.draw(picker.any())
            shoe.end_coup()
        shoe.start_coup()
        dealt = 0 if first_card else self.rng.randrange(1, 6)
        for _ in range(dealt):
            shoe.draw(picker.any())
        shoe.signal_cut_card()
        assert shoe.last_coup is not None
        return Prompt(
            item=item,
            question="coups_after",
            fields={"coup": shoe.coup, "cards_dealt_in_coup": dealt},
            expected={"answer": shoe.last_coup - shoe.coup},
        )
