"""Chemin de Fer at the table: the bank, the calls, the coverage, the settlement, the shoe passing.

:class:`CheminDeFerTable` is a state machine that the croupier (through the table runtime) feeds
one action at a time. Every action comes as a triple (house style): ``verify_x`` raises a
:class:`~dealer_assist.errors.RuleViolation` saying what is wrong, ``can_x`` answers yes or no,
``x`` does it and returns an immutable operation. A refused action changes nothing. The
operations are the record: :func:`~dealer_assist.rules.bank.replay.rebuild_chemin_de_fer`
replays them into an identical table.

Seats are numbered 1..``seats`` counter-clockwise from the croupier's view, so the seat on a
player's right is the next number up (wrapping round). The banker's seat moves with the shoe.

One coup, as source 003 orders it:

1. The seat offered the shoe puts up the bank (:meth:`~CheminDeFerTable.put_up_bank`).
2. Calls (:meth:`~CheminDeFerTable.call`): "Banco Suivi" (or "Suivi") by the participant who
   equalled and lost the bank's last decided wager takes the whole bank at once; "Banco" by
   anyone else is heard until the croupier closes the calls
   (:meth:`~CheminDeFerTable.close_calls`), when the caller seated nearest the banker
   counter-clockwise takes the whole bank.
3. If nobody called, partial coverage seat by seat from the banker's right
   (:meth:`~CheminDeFerTable.stake`, :meth:`~CheminDeFerTable.pass_turn`); once every seat has
   had its turn, anyone may add to what is still uncovered.
4. "No more bets" (:meth:`~CheminDeFerTable.no_more_bets`): nothing is made, increased or
   withdrawn any more; the banker withdraws the uncovered part of the bank. The largest stake
   holds the Player hand and makes the option on 5; the banker makes the banker's options.
5. The coup engine deals; :meth:`~CheminDeFerTable.settle` settles it. The bank keeps the
   banker's winnings less the cagnotte; a losing bank passes to the next seat on the right.

>>> table = CheminDeFerTable(settings=CheminDeFerSettings(seats=5))
>>> for seat, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
...     _ = table.sit(seat, name)
>>> _ = table.give_shoe(1)
>>> _ = table.put_up_bank(1, 100)
>>> _ = table.call(3, Call.BANCO)
>>> _ = table.call(2, Call.BANCO)
>>> table.close_calls().banco  # two Banco calls: seat 2 sits nearer the banker
2
>>> _ = table.no_more_bets()
>>> table.settle(Winner.BANKER).bank_after  # 200 less the 5% cagnotte on 100
Decimal('195.00')
>>> table.view().suivi  # seat 2 equalled and lost the bank: he may follow it
2
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from dealer_assist.errors import RuleViolation
from dealer_assist.rules.bank.chemin_de_fer_record import (
    BancoCalled,
    BankDeclined,
    BankPutUp,
    BetsClosed,
    CallsClosed,
    CallWithdrawn,
    CheminDeFerOperation,
    CheminDeFerPhase,
    CheminDeFerSettings,
    CheminDeFerView,
    CoupSettled,
    DealPassed,
    PunterSettled,
    ShoeGiven,
    Staked,
    StakeWithdrawn,
    SupplyCut,
    TableOpened,
    TurnPassed,
)
from dealer_assist.rules.bank.common import Call, cents, passes, read_amount
from dealer_assist.rules.bank.seats import BankTableBase
from dealer_assist.rules.coup import Game, Hand
from dealer_assist.rules.outcome import Outcome, Winner
from dealer_assist.rules.settlement import ZERO
from dealer_assist.rules.settlement import money as parse_money

# --- the table -----------------------------------------------------------------------------


class CheminDeFerTable(BankTableBase[CheminDeFerSettings, CheminDeFerPhase, CheminDeFerOperation]):
    """One Chemin de Fer table. Not thread-safe: one owner (the table controller) feeds it."""

    def __init__(self, *, settings: CheminDeFerSettings | None = None) -> None:
        settings = settings if settings is not None else CheminDeFerSettings()
        super().__init__(
            settings=settings,
            phase=CheminDeFerPhase.AWAITING_BANK,
            opened=TableOpened(seq=0, settings=settings),
        )
        self._banker: int | None = None
        self._bank_as_offered = ZERO
        self._coups_by_bank = 0
        # The shoe's offer: seats in the order they are asked, and where the asking stands.
        self._offer: tuple[int, ...] = ()
        self._offer_index = 0
        self._same_amount: Decimal | None = None
        self._retiring: int | None = None
        # The coup being staked.
        self._calls: dict[int, Call] = {}
        self._banco: tuple[int, Call] | None = None
        self._order: tuple[int, ...] = ()
        self._turn_index = 0
        self._stakes: dict[int, Decimal] = {}
        self._held_back = ZERO  # the uncovered part kept in the bank, out of this coup's wager
        self._player_hand: int | None = None
        # The participant who equalled and lost the bank's last decided wager.
        self._suivi: int | None = None
        self._last_settlement: CoupSettled | None = None
        self._last_supply_cut: SupplyCut | None = None

    # --- reading ---------------------------------------------------------------------------

    @property
    def banker(self) -> int | None:
        return self._banker

    @property
    def offered_to(self) -> int | None:
        """The seat the shoe is offered to while nobody holds the bank."""
        if self._phase is not CheminDeFerPhase.AWAITING_BANK:
            return None
        return self._offer[self._offer_index] if self._offer_index < len(self._offer) else None

    @property
    def suivi(self) -> int | None:
        """The seat that may call "Banco Suivi" now, if any (source 003 ¶2, source 000): the
        right survives a change of banker, and ends when its holder takes the bank himself."""
        seat = self._suivi
        if seat is None or seat not in self._players:
            return None
        return seat

    @property
    def covered(self) -> Decimal:
        return sum(self._stakes.values(), ZERO)

    @property
    def uncovered(self) -> Decimal:
        if self._phase not in (CheminDeFerPhase.CALLS, CheminDeFerPhase.COVERAGE):
            return ZERO
        return self._ledger.bank - self.covered

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is to cover part of the bank; None once all had theirs."""
        if self._phase is not CheminDeFerPhase.COVERAGE or self._banco is not None:
            return None
        if self.uncovered == 0:
            return None
        for seat in self._order[self._turn_index :]:
            if seat in self._players:
                return seat
        return None

    def may_stake(self, seat: int) -> Decimal:
        """What ``seat`` may put down against the bank now (the whole bank by a call)."""
        if seat not in self._players or seat == self._banker:
            return ZERO
        if self._phase is CheminDeFerPhase.CALLS:
            return ZERO if seat in self._calls else self._ledger.bank
        if self._phase is CheminDeFerPhase.COVERAGE and self._banco is None:
            turn = self.turn
            if turn == seat or (turn is None and self.uncovered > 0):
                return self.uncovered
        return ZERO

    def decision_makers(self) -> Mapping[Hand, int]:
        """Who makes the coup's free choices: the largest stake the Player hand's option on 5,
        the banker the banker's options. Empty until "no more bets"."""
        if self._phase is not CheminDeFerPhase.DEALING:
            return MappingProxyType({})
        assert self._player_hand is not None and self._banker is not None
        return MappingProxyType({Hand.PLAYER: self._player_hand, Hand.BANKER: self._banker})

    def view(self) -> CheminDeFerView:
        phase = self._phase
        seats = sorted(self._players)
        to_act: tuple[int, ...] = ()
        if phase is CheminDeFerPhase.AWAITING_BANK:
            offered = self.offered_to
            to_act = (offered,) if offered is not None else ()
        elif phase in (CheminDeFerPhase.CALLS, CheminDeFerPhase.COVERAGE):
            rotation = self._rotation(self._banker_seat(), with_start=False)
            to_act = tuple(seat for seat in rotation if self.may_stake(seat))
        banco = self._banco
        return CheminDeFerView(
            phase=phase,
            players=self.players,
            banker=self._banker,
            bank=self._ledger.bank,
            offered_to=self.offered_to,
            same_amount=self._same_amount if phase is CheminDeFerPhase.AWAITING_BANK else None,
            suivi=self.suivi,
            calls=tuple(self._calls.items()),
            banco=banco,
            turn=self.turn,
            to_act=to_act,
            may_stake=MappingProxyType({seat: self.may_stake(seat) for seat in seats}),
            coverage=self._coverage(),
            covered=self.covered,
            uncovered=self.uncovered,
            held_back=self._held_back,
            withdraws_uncovered=self.settings.withdraw_uncovered,
            may_pass_deal=self.can_pass_deal(),
            decision_makers=self.decision_makers(),
            last_settlement=self._last_settlement,
            coups_by_bank=self._coups_by_bank,
            money=self.money(),
            supply_cutter=self.supply_cutter,
            last_supply_cut=self._last_supply_cut,
        )

    # --- the fresh supply ------------------------------------------------------------------

    @property
    def supply_cutter(self) -> int | None:
        """Who cuts a fresh supply: "the player on his [the croupier's] left" (source 000).
        Seats count counter-clockwise from the croupier's right, so it is the occupied seat
        with the highest number."""
        return max(self._players) if self._players else None

    def verify_cut_supply(self, seat: int) -> None:
        self._verify_seated(seat)
        if self._phase is CheminDeFerPhase.DEALING:
            raise self._not_now("cut a fresh supply")
        cutter = self.supply_cutter
        if seat != cutter:
            raise RuleViolation(
                "wrong_cutter",
                f"a fresh supply is cut by the player on the croupier's left, seat {cutter}, "
                f"not seat {seat}",
            )

    def can_cut_supply(self, seat: int) -> bool:
        return passes(lambda: self.verify_cut_supply(seat))

    def cut_supply(self, seat: int) -> SupplyCut:
        """The croupier confirms who cut the fresh supply before handing it to the banker."""
        self.verify_cut_supply(seat)
        operation = SupplyCut(seq=self._seq, seat=seat, player=self._players[seat])
        self._last_supply_cut = operation
        return self._record(operation)

    # --- seats -----------------------------------------------------------------------------

    def verify_leave(self, seat: int) -> None:
        super().verify_leave(seat)
        if seat == self._banker:
            raise RuleViolation(
                "banker_leaving", f"seat {seat} holds the bank: pass the deal first"
            )
        if seat == self.offered_to:
            raise RuleViolation(
                "shoe_offered", f"seat {seat} is offered the shoe: decline it first"
            )
        if seat in self._stakes:
            raise RuleViolation("stake_on_layout", f"seat {seat} has a stake on the layout")
        if seat in self._calls and self._phase is CheminDeFerPhase.CALLS:
            raise RuleViolation("call_made", f"seat {seat} called; withdraw the call first")

    def _left(self, seat: int) -> None:
        if self._suivi == seat:
            self._suivi = None

    # --- the bank --------------------------------------------------------------------------

    def verify_give_shoe(self, seat: int) -> None:
        self._verify_seated(seat)
        if self._phase is not CheminDeFerPhase.AWAITING_BANK:
            raise RuleViolation("bank_held", f"seat {self._banker} holds the bank")
        if self.offered_to is not None:
            raise RuleViolation(
                "shoe_offered", f"the shoe is offered to seat {self.offered_to} in rotation"
            )

    def can_give_shoe(self, seat: int) -> bool:
        return passes(lambda: self.verify_give_shoe(seat))

    def give_shoe(self, seat: int) -> ShoeGiven:
        """The croupier places the shoe before ``seat``: at the opening, or when every seat
        declined it."""
        self.verify_give_shoe(seat)
        self._set_offer((seat,), same_amount=None, retiring=None)
        return self._record(ShoeGiven(seq=self._seq, seat=seat))

    def verify_put_up_bank(self, seat: int, amount: object) -> Decimal:
        self._verify_offered(seat)
        if self._same_amount is not None and parse_money(amount) == self._same_amount:
            return self._same_amount  # the bank as it stood, even if not a whole unit
        value = read_amount(amount, unit=self.settings.unit, what=f"seat {seat}'s bank")
        if self._same_amount is not None:
            raise RuleViolation(
                "same_amount",
                f"the deal was passed with the bank at {cents(self._same_amount)}: seat {seat} "
                f"may take it at that amount only, or decline",
            )
        if value < self.settings.minimum_bank:
            raise RuleViolation(
                "below_minimum",
                f"a bank of {value} is below the minimum {self.settings.minimum_bank}",
            )
        return value

    def can_put_up_bank(self, seat: int, amount: object) -> bool:
        return passes(lambda: self.verify_put_up_bank(seat, amount))

    def put_up_bank(self, seat: int, amount: object) -> BankPutUp:
        """``seat`` takes the shoe and puts up a bank of ``amount``."""
        value = self.verify_put_up_bank(seat, amount)
        if self._suivi == seat:
            # He holds the bank now: the wager he lost is no longer the one before the next
            # banker's (source 003 ¶2), so the right to follow ends here for good.
            self._suivi = None
        self._ledger.pay_in(self._players[seat], value)
        self._ledger.bank = value
        self._banker = seat
        self._coups_by_bank = 0
        self._set_offer((), same_amount=None, retiring=None)
        self._start_coup()
        return self._record(BankPutUp(seq=self._seq, seat=seat, amount=value))

    def verify_decline_bank(self, seat: int) -> None:
        self._verify_offered(seat)

    def can_decline_bank(self, seat: int) -> bool:
        return passes(lambda: self.verify_decline_bank(seat))

    def decline_bank(self, seat: int) -> BankDeclined:
        """``seat`` declines the shoe; it is offered to the next in rotation.

        After "I pass the deal" the others are asked in rotation at the same amount; if all
        decline, the seat on the retiring banker's right may start a bank at any amount, the
        retiring banker last in rotation (source 000). When every seat has declined, nobody
        is offered the shoe until the croupier gives it (:meth:`give_shoe`).
        """
        self.verify_decline_bank(seat)
        self._offer_index += 1
        self._skip_empty_offers()
        if self._offer_index >= len(self._offer) and self._same_amount is not None:
            retiring = self._retiring
            assert retiring is not None
            rotation = self._rotation(retiring, with_start=True)
            self._set_offer(rotation, same_amount=None, retiring=retiring)
        return self._record(
            BankDeclined(
                seq=self._seq,
                seat=seat,
                offered_to=self.offered_to,
                same_amount=self._same_amount,
            )
        )

    def verify_pass_deal(self) -> int:
        """The banker may pass the deal between coups: before any call, or when the calls are
        closed and nobody has staked."""
        phase = self._phase
        if phase is CheminDeFerPhase.AWAITING_BANK or self._banker is None:
            raise RuleViolation("no_bank", "nobody holds the bank")
        if phase is CheminDeFerPhase.CALLS and self._calls:
            raise RuleViolation(
                "calls_made", "a call has been made on this coup: deal it before passing the deal"
            )
        if phase is CheminDeFerPhase.DEALING or self._stakes:
            raise RuleViolation(
                "coup_under_way", "the bank is staked against: deal the coup before passing"
            )
        return self._banker

    def can_pass_deal(self) -> bool:
        return passes(self.verify_pass_deal)

    def pass_deal(self) -> DealPassed:
        """The banker says "I pass the deal" and retires, taking the bank back; the others are asked
        in rotation to take it at the same amount."""
        seat = self.verify_pass_deal()
        amount = self._ledger.bank
        self._ledger.pay_out(self._players[seat], amount)
        self._ledger.bank = ZERO
        self._banker = None
        self._start_coup()
        self._phase = CheminDeFerPhase.AWAITING_BANK
        others = self._rotation(seat, with_start=False)
        if others:
            self._set_offer(others, same_amount=amount, retiring=seat)
        else:
            self._set_offer(self._rotation(seat, with_start=True), same_amount=None, retiring=seat)
        return self._record(DealPassed(seq=self._seq, seat=seat, amount=amount))

    # --- calls -----------------------------------------------------------------------------

    def verify_call(self, seat: int, call: Call) -> None:
        if self._phase is not CheminDeFerPhase.CALLS:
            raise self._not_now("call")
        self._verify_punter(seat)
        if seat in self._calls:
            raise RuleViolation("already_called", f"seat {seat} already called {self._calls[seat]}")
        if call.is_suivi and seat != self.suivi:
            if self.suivi is None:
                raise RuleViolation(
                    "not_suivi",
                    f"nobody equalled and lost the bank's last wager: seat {seat} may call Banco",
                )
            raise RuleViolation(
                "not_suivi",
                f"only seat {self.suivi}, who equalled and lost the bank's last wager, may call "
                f"{call}; seat {seat} may call Banco",
            )

    def can_call(self, seat: int, call: Call) -> bool:
        return passes(lambda: self.verify_call(seat, call))

    def call(self, seat: int, call: Call) -> BancoCalled:
        """``seat`` announces ``call``. "Banco Suivi" has the first option and takes the whole
        bank at once; "Banco" calls wait for :meth:`close_calls`."""
        self.verify_call(seat, call)
        self._calls[seat] = call
        if call.is_suivi:
            self._take_whole_bank(seat, call)
        return self._record(
            BancoCalled(seq=self._seq, seat=seat, call=call, takes_bank=call.is_suivi)
        )

    def verify_withdraw_call(self, seat: int) -> None:
        if self._phase is not CheminDeFerPhase.CALLS:
            raise self._not_now("withdraw a call")
        if seat not in self._calls:
            raise RuleViolation("no_call", f"seat {seat} has made no call")

    def can_withdraw_call(self, seat: int) -> bool:
        return passes(lambda: self.verify_withdraw_call(seat))

    def withdraw_call(self, seat: int) -> CallWithdrawn:
        self.verify_withdraw_call(seat)
        del self._calls[seat]
        return self._record(CallWithdrawn(seq=self._seq, seat=seat))

    def verify_close_calls(self) -> None:
        if self._phase is not CheminDeFerPhase.CALLS:
            raise self._not_now("close the calls")

    def can_close_calls(self) -> bool:
        return passes(self.verify_close_calls)

    def close_calls(self) -> CallsClosed:
        """The croupier closes the calls: the Banco caller seated nearest the banker
        counter-clockwise takes the whole bank (source 003 ¶4); without one, partial coverage
        opens seat by seat from the banker's right (¶5)."""
        self.verify_close_calls()
        banker = self._banker_seat()
        if self._calls:
            seat = min(self._calls, key=lambda s: self._distance(banker, s))
            call = self._calls[seat]
            self._take_whole_bank(seat, call)
            return self._record(CallsClosed(seq=self._seq, banco=seat, call=call, order=()))
        self._phase = CheminDeFerPhase.COVERAGE
        self._order = self._rotation(banker, with_start=False)
        self._turn_index = 0
        return self._record(CallsClosed(seq=self._seq, banco=None, call=None, order=self._order))

    # --- partial coverage ------------------------------------------------------------------

    def verify_stake(self, seat: int, amount: object) -> Decimal:
        if self._phase is not CheminDeFerPhase.COVERAGE:
            raise self._not_now("stake")
        self._verify_punter(seat)
        value = read_amount(amount, unit=self.settings.unit, what=f"seat {seat}'s stake")
        if self._banco is not None:
            taker, call = self._banco
            raise RuleViolation(
                "bank_taken", f"seat {taker} called {call} and holds the whole bank"
            )
        uncovered = self.uncovered
        if uncovered == 0:
            raise RuleViolation("bank_covered", "the bank is covered")
        turn = self.turn
        if turn is not None and turn != seat:
            raise RuleViolation(
                "not_your_turn",
                f"it is seat {turn}'s turn to cover (seat by seat from the banker's right)",
            )
        if value > uncovered:
            raise RuleViolation(
                "exceeds_bank",
                f"seat {seat} stakes {value} but only {cents(uncovered)} of the bank is uncovered",
            )
        if value < self.settings.minimum_stake and value != uncovered:
            raise RuleViolation(
                "below_minimum",
                f"a stake of {value} is below the minimum {self.settings.minimum_stake}",
            )
        return value

    def can_stake(self, seat: int, amount: object) -> bool:
        return passes(lambda: self.verify_stake(seat, amount))

    def stake(self, seat: int, amount: object) -> Staked:
        """``seat`` covers ``amount`` of the bank, on its turn or once all had theirs."""
        value = self.verify_stake(seat, amount)
        if self.turn == seat:
            self._turn_index = self._order.index(seat) + 1
        self._ledger.pay_in(self._players[seat], value)
        self._stakes[seat] = self._stakes.get(seat, ZERO) + value
        return self._record(
            Staked(seq=self._seq, seat=seat, amount=value, stake=self._stakes[seat])
        )

    def verify_pass_turn(self, seat: int) -> None:
        if self._phase is not CheminDeFerPhase.COVERAGE:
            raise self._not_now("pass")
        if self.turn != seat:
            raise RuleViolation("not_your_turn", f"it is not seat {seat}'s turn")

    def can_pass_turn(self, seat: int) -> bool:
        return passes(lambda: self.verify_pass_turn(seat))

    def pass_turn(self, seat: int) -> TurnPassed:
        self.verify_pass_turn(seat)
        self._turn_index = self._order.index(seat) + 1
        return self._record(TurnPassed(seq=self._seq, seat=seat))

    def verify_withdraw_stake(self, seat: int) -> Decimal:
        if self._phase is not CheminDeFerPhase.COVERAGE:
            raise self._not_now("withdraw a stake")
        if seat not in self._stakes:
            raise RuleViolation("no_stake", f"seat {seat} has no stake on the layout")
        if self._banco is not None:
            raise RuleViolation(
                "banco_given", f"seat {seat} holds the whole bank by {self._banco[1]}"
            )
        return self._stakes[seat]

    def can_withdraw_stake(self, seat: int) -> bool:
        return passes(lambda: self.verify_withdraw_stake(seat))

    def withdraw_stake(self, seat: int) -> StakeWithdrawn:
        """Before "no more bets" a punter may take his partial stake back."""
        amount = self.verify_withdraw_stake(seat)
        del self._stakes[seat]
        self._ledger.pay_out(self._players[seat], amount)
        return self._record(StakeWithdrawn(seq=self._seq, seat=seat, amount=amount))

    def verify_no_more_bets(self) -> None:
        if self._phase is not CheminDeFerPhase.COVERAGE:
            raise self._not_now("call no more bets")
        if not self._stakes:
            raise RuleViolation(
                "not_covered",
                "nobody has staked against the bank: wait for a stake, or the banker passes "
                "the deal",
            )

    def can_no_more_bets(self) -> bool:
        return passes(self.verify_no_more_bets)

    def no_more_bets(self) -> BetsClosed:
        """The croupier calls "no more bets": the coverage is final and the uncovered part leaves
        the coup's wager (source 003 ¶6): it stays in the bank for the next coup (source 000),
        or the banker withdraws it for good (``withdraw_uncovered``). The largest stake,
        nearest the banker among equals, holds the Player hand."""
        self.verify_no_more_bets()
        banker = self._banker_seat()
        uncovered = self.uncovered
        withdrawn = uncovered if self.settings.withdraw_uncovered else ZERO
        self._held_back = uncovered - withdrawn
        self._ledger.bank -= withdrawn
        self._ledger.pay_out(self._players[banker], withdrawn)
        self._player_hand = min(
            self._stakes, key=lambda s: (-self._stakes[s], self._distance(banker, s))
        )
        self._phase = CheminDeFerPhase.DEALING
        return self._record(
            BetsClosed(
                seq=self._seq,
                banker=banker,
                coverage=self._coverage(),
                covered=self.covered,
                withdrawn=withdrawn,
                held_back=self._held_back,
                player_hand=self._player_hand,
            )
        )

    # --- settlement ------------------------------------------------------------------------

    def verify_settle(self, result: Winner | Outcome) -> Winner:
        if self._phase is not CheminDeFerPhase.DEALING:
            raise RuleViolation(
                "not_dealing", "there is no coup to settle: call no more bets and deal it first"
            )
        if isinstance(result, Winner):
            return result
        if result.game is not Game.CHEMIN_DE_FER or result.winner is None:
            raise RuleViolation(
                "wrong_game", f"a {result.game.value} coup cannot settle a Chemin de Fer bank"
            )
        return result.winner

    def can_settle(self, result: Winner | Outcome) -> bool:
        return passes(lambda: self.verify_settle(result))

    def settle(self, result: Winner | Outcome) -> CoupSettled:
        """Settle the coup: punters win, lose, or stand off on equal points (source 003 ¶8).

        The bank keeps its winnings less the cagnotte; it passes to the seat on the banker's
        right when it loses, and the banker takes back the part that was held back.
        """
        winner = self.verify_settle(result)
        banker = self._banker_seat()
        ledger = self._ledger
        bank_before = ledger.bank
        covered = self.covered
        sign = {Winner.PLAYER: 1, Winner.BANKER: -1, Winner.TIE: 0}[winner]
        punters = tuple(
            PunterSettled(seat=seat, player=self._players[seat], stake=stake, net=sign * stake)
            for seat, stake in self._coverage()
        )
        for punter in punters:
            ledger.pay_out(punter.player, punter.stake + punter.net)
        cagnotte = ZERO
        if winner is Winner.BANKER:
            cagnotte = self.settings.cagnotte_rounding.apply(covered * self.settings.cagnotte_rate)
            ledger.house += cagnotte
        bank_winnings = -sign * covered
        ledger.bank += bank_winnings - cagnotte
        held_back = self._held_back
        self._held_back = ZERO
        if winner is Winner.PLAYER and held_back:
            ledger.bank -= held_back
            ledger.pay_out(self._players[banker], held_back)
        self._stakes.clear()
        if winner is Winner.BANKER:
            whole = len(punters) == 1 and punters[0].stake == self._bank_as_offered
            self._suivi = punters[0].seat if whole else None
        elif winner is Winner.PLAYER:
            self._suivi = None
        passes = winner is Winner.PLAYER
        operation = CoupSettled(
            seq=self._seq,
            winner=winner,
            banker=banker,
            bank_before=bank_before,
            punters=punters,
            bank_winnings=bank_winnings,
            cagnotte=cagnotte,
            held_back=held_back,
            bank_after=ledger.bank,
            bank_passes=passes,
        )
        self._last_settlement = operation
        self._coups_by_bank += 1
        if passes:
            assert ledger.bank == 0
            self._banker = None
            self._phase = CheminDeFerPhase.AWAITING_BANK
            rotation = self._rotation(banker, with_start=True)
            self._set_offer(rotation, same_amount=None, retiring=None)
        else:
            self._start_coup()
        return self._record(operation)

    # --- internals -------------------------------------------------------------------------

    def _banker_seat(self) -> int:
        assert self._banker is not None
        return self._banker

    def _distance(self, banker: int, seat: int) -> int:
        """How far ``seat`` sits from the banker, counter-clockwise (1 = his right)."""
        return (seat - banker) % self.settings.seats

    def _rotation(self, start: int, *, with_start: bool) -> tuple[int, ...]:
        """Seated players counter-clockwise from the right of ``start``; ``start`` last."""
        seats = self.settings.seats
        order = [(start - 1 + k) % seats + 1 for k in range(1, seats + 1)]
        if not with_start:
            order.pop()
        return tuple(seat for seat in order if seat in self._players)

    def _coverage(self) -> tuple[tuple[int, Decimal], ...]:
        if self._banker is None:
            return ()
        banker = self._banker
        seats = sorted(self._stakes, key=lambda s: self._distance(banker, s))
        return tuple((seat, self._stakes[seat]) for seat in seats)

    def _start_coup(self) -> None:
        self._phase = CheminDeFerPhase.CALLS
        self._calls.clear()
        self._banco = None
        self._order = ()
        self._turn_index = 0
        self._stakes.clear()
        self._player_hand = None
        self._bank_as_offered = self._ledger.bank

    def _take_whole_bank(self, seat: int, call: Call) -> None:
        amount = self._ledger.bank
        self._ledger.pay_in(self._players[seat], amount)
        self._stakes[seat] = amount
        self._banco = (seat, call)
        self._phase = CheminDeFerPhase.COVERAGE

    def _set_offer(
        self, seats: tuple[int, ...], *, same_amount: Decimal | None, retiring: int | None
    ) -> None:
        self._offer = seats
        self._offer_index = 0
        self._same_amount = same_amount
        self._retiring = retiring
        self._skip_empty_offers()

    def _skip_empty_offers(self) -> None:
        while self._offer_index < len(self._offer) and (
            self._offer[self._offer_index] not in self._players
        ):
            self._offer_index += 1

    def _verify_punter(self, seat: int) -> None:
        self._verify_seated(seat)
        if seat == self._banker:
            raise RuleViolation("banker_cannot_punt", f"seat {seat} holds the bank")

    def _verify_offered(self, seat: int) -> None:
        self._verify_seated(seat)
        if self._phase is not CheminDeFerPhase.AWAITING_BANK:
            raise RuleViolation("bank_held", f"seat {self._banker} holds the bank")
        offered = self.offered_to
        if offered != seat:
            where = f"seat {offered}" if offered is not None else "nobody (the croupier gives it)"
            raise RuleViolation("not_offered", f"the shoe is offered to {where}, not seat {seat}")

    def _not_now(self, what: str) -> RuleViolation:
        phase = self._phase
        if phase is CheminDeFerPhase.DEALING:
            return RuleViolation(
                "no_more_bets",
                f'cannot {what}: "no more bets" was called; nothing is made, increased or '
                "withdrawn until the coup is settled",
            )
        if phase is CheminDeFerPhase.AWAITING_BANK:
            return RuleViolation("no_bank", f"cannot {what}: nobody holds the bank")
        if phase is CheminDeFerPhase.CALLS:
            return RuleViolation(
                "calls_open", f"cannot {what} while the calls are open: close the calls first"
            )
        return RuleViolation("calls_closed", f"cannot {what}: the calls are closed")
