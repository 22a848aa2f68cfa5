"""Baccarat Banque at the table: the bank for the whole shoe, two tableaux, bystanders, à cheval.

:class:`BanqueTable` works like the Chemin de Fer table (``verify_x`` / ``can_x`` / ``x``,
each action an immutable operation that
:func:`~dealer_assist.rules.bank.replay.rebuild_banque` replays). What differs (source 000):

* The bank is auctioned to whoever will risk the largest amount
  (:meth:`~BanqueTable.bid`, :meth:`~BanqueTable.close_auction`), or, by the
  ``FIRST_ON_LIST`` setting, goes to the first name on the list at any amount
  (:meth:`~BanqueTable.list_name`, :meth:`~BanqueTable.put_up_bank`).
* The banker holds it until the shoe is dealt out (:meth:`~BanqueTable.end_shoe`), he retires
  (:meth:`~BanqueTable.retire`) or the bank is exhausted (a settlement leaves it at 0).
* Ten seats: 1-5 are the right tableau and 6-10 the left, each numbered from the banker
  outward. A seated punter stakes on his own side or à cheval (half on each side).
  Bystanders stake on either side or à cheval, but only once the seated punters have finished
  (:meth:`~BanqueTable.close_seated_stakes`) and only what they left uncovered.
* All the stakes together never exceed the bank, so the bank can always pay.

>>> table = BanqueTable()
>>> _ = table.sit(1, "Ann"); _ = table.sit(6, "Bob")
>>> _ = table.bid("Zoe", 1000); _ = table.bid("Yan", 1500)
>>> table.close_auction().banker
'Yan'
>>> _ = table.stake("Ann", BanqueBet.RIGHT, 600)
>>> _ = table.stake("Bob", BanqueBet.A_CHEVAL, 400)
>>> _ = table.close_seated_stakes()
>>> table.may_stake_bystander()  # what the seated punters left uncovered
Decimal('500')
>>> _ = table.stake("Cy", BanqueBet.LEFT, 500)
>>> _ = table.no_more_bets()
>>> settled = table.settle((SideResult.WIN, SideResult.LOSE))
>>> settled.bank_winnings, settled.bank_after  # pays 600 right, wins 500 left, à cheval pushes
(Decimal('-100'), Decimal('1400.00'))
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from types import MappingProxyType

from dealer_assist.errors import RuleViolation
from dealer_assist.rules.bank.banque_record import (
    CROUPIER,
    AuctionWon,
    BankAssignment,
    BankClosed,
    BankEnd,
    BankRefused,
    BankTaken,
    BanqueBet,
    BanqueBetsClosed,
    BanqueCoupSettled,
    BanqueOpened,
    BanqueOperation,
    BanquePhase,
    BanquePunterSettled,
    BanqueSettings,
    BanqueStake,
    BanqueStaked,
    BanqueStakeWithdrawn,
    BanqueView,
    BidMade,
    CardsCut,
    HouseBasis,
    NameListed,
    SeatedStakesClosed,
    Shuffled,
)
from dealer_assist.rules.bank.common import cents, passes, read_amount
from dealer_assist.rules.bank.seats import BankTableBase
from dealer_assist.rules.coup import Game, Hand
from dealer_assist.rules.outcome import Outcome, SideResult
from dealer_assist.rules.settlement import ZERO

_SIGN = {SideResult.WIN: 1, SideResult.LOSE: -1, SideResult.STANDOFF: 0}
_TWO = Decimal(2)


class BanqueTable(BankTableBase[BanqueSettings, BanquePhase, BanqueOperation]):
    """One Baccarat Banque table. Not thread-safe: one owner (the table controller) feeds it."""

    def __init__(self, *, settings: BanqueSettings | None = None) -> None:
        settings = settings if settings is not None else BanqueSettings()
        super().__init__(
            settings=settings,
            phase=BanquePhase.ASSIGNING,
            opened=BanqueOpened(seq=0, settings=settings),
        )
        self._banker: str | None = None
        self._listed: list[str] = []
        self._bids: list[tuple[str, Decimal]] = []
        self._stakes: dict[tuple[str, BanqueBet], Decimal] = {}
        self._stake_seats: dict[str, int | None] = {}
        self._hands: dict[Hand, str | None] = {}
        self._coups_by_bank = 0
        self._last_settlement: BanqueCoupSettled | None = None
        self._last_end: BankEnd | None = None
        # This shoe's preparation (source 000): who shuffled, in order, and who cut.
        self._shuffled: list[str] = []
        self._cut_by: str | None = None

    # --- reading ---------------------------------------------------------------------------

    @property
    def banker(self) -> str | None:
        return self._banker

    def side_of(self, seat: int) -> Hand:
        """The tableau a seat plays on: seats 1-5 the right, 6-10 the left."""
        self._verify_seat_number(seat)
        return Hand.RIGHT if seat <= self.settings.seats_per_side else Hand.LEFT

    @property
    def offered_to(self) -> str | None:
        """The name the bank is offered to (the first on the list), when the list decides."""
        if self._phase is not BanquePhase.ASSIGNING:
            return None
        if self.settings.assignment is not BankAssignment.FIRST_ON_LIST:
            return None
        return self._listed[0] if self._listed else None

    @property
    def highest_bid(self) -> tuple[str, Decimal] | None:
        return self._bids[-1] if self._bids else None

    @property
    def covered(self) -> Decimal:
        return sum(self._stakes.values(), ZERO)

    @property
    def uncovered(self) -> Decimal:
        if self._phase not in (BanquePhase.STAKING, BanquePhase.BYSTANDERS):
            return ZERO
        return self._ledger.bank - self.covered

    def on_side(self, side: Hand) -> Decimal:
        """What rides on one tableau: its own stakes and half of every à cheval."""
        own = BanqueBet.RIGHT if side is Hand.RIGHT else BanqueBet.LEFT
        total = ZERO
        for (_, bet), amount in self._stakes.items():
            if bet is own:
                total += amount
            elif bet is BanqueBet.A_CHEVAL:
                total += amount / _TWO
        return total

    def may_stake(self, seat: int) -> Decimal:
        """What the punter at ``seat`` may still put down now."""
        if seat not in self._players or self._phase is not BanquePhase.STAKING:
            return ZERO
        return self.uncovered

    def may_stake_bystander(self) -> Decimal:
        """What the bystanders may still put down now: what the seated punters left uncovered."""
        return self.uncovered if self._phase is BanquePhase.BYSTANDERS else ZERO

    def decision_makers(self) -> Mapping[Hand, str | None]:
        """Who holds each hand's choices: the largest stake riding on each tableau (None: no
        stake rides on it, the croupier plays it); the banker draws or stands for himself."""
        if self._phase is not BanquePhase.DEALING:
            return MappingProxyType({})
        return MappingProxyType({**self._hands, Hand.BANKER: self._banker})

    def view(self) -> BanqueView:
        return BanqueView(
            phase=self._phase,
            players=self.players,
            banker=self._banker,
            bank=self._ledger.bank,
            assignment=self.settings.assignment,
            names_listed=tuple(self._listed),
            bids=tuple(self._bids),
            offered_to=self.offered_to,
            stakes=self._stake_list(),
            on_side=MappingProxyType(
                {side: self.on_side(side) for side in (Hand.RIGHT, Hand.LEFT)}
            ),
            covered=self.covered,
            uncovered=self.uncovered,
            may_stake=MappingProxyType(
                {seat: self.may_stake(seat) for seat in sorted(self._players)}
            ),
            bystanders_may_stake=self.may_stake_bystander(),
            decision_makers=self.decision_makers(),
            last_settlement=self._last_settlement,
            last_bank_end=self._last_end,
            coups_by_bank=self._coups_by_bank,
            money=self.money(),
            shuffled_by=tuple(self._shuffled),
            may_shuffle=self.may_shuffle,
            cut_by=self._cut_by,
        )

    # --- seats -----------------------------------------------------------------------------

    def verify_sit(self, seat: int, player: str) -> None:
        super().verify_sit(seat, player)
        if player == self._banker:
            raise RuleViolation("banker_seated", f"{player} holds the bank, midway down the table")
        if any(punter == player for punter, _ in self._stakes):
            raise RuleViolation("bystander_stake", f"{player} has a stake as a bystander")

    def verify_leave(self, seat: int) -> None:
        super().verify_leave(seat)
        player = self._players[seat]
        if any(punter == player for punter, _ in self._stakes):
            raise RuleViolation("stake_on_layout", f"{player} has a stake on the layout")

    # --- who holds the bank ----------------------------------------------------------------

    def verify_list_name(self, player: str) -> None:
        if self.settings.assignment is not BankAssignment.FIRST_ON_LIST:
            raise RuleViolation("auction", "the bank is auctioned at this table: bid for it")
        self._verify_name(player)
        if player in self._listed:
            raise RuleViolation("already_listed", f"{player} is already on the list")

    def can_list_name(self, player: str) -> bool:
        return passes(lambda: self.verify_list_name(player))

    def list_name(self, player: str) -> NameListed:
        """``player`` sets down his name on the list of players for the bank."""
        self.verify_list_name(player)
        self._listed.append(player)
        return self._record(NameListed(seq=self._seq, player=player))

    def verify_bid(self, bidder: str, amount: object) -> Decimal:
        if self.settings.assignment is not BankAssignment.AUCTION:
            raise RuleViolation(
                "first_on_list", "the bank goes to the first name on the list at this table"
            )
        if self._phase is not BanquePhase.ASSIGNING:
            raise RuleViolation("bank_held", f"{self._banker} holds the bank")
        self._verify_name(bidder)
        value = read_amount(amount, unit=self.settings.unit, what=f"{bidder}'s bid")
        if value < self.settings.minimum_bank:
            raise RuleViolation(
                "below_minimum",
                f"a bank of {value} is below the minimum {self.settings.minimum_bank}",
            )
        best = self.highest_bid
        if best is not None and value <= best[1]:
            raise RuleViolation(
                "bid_too_low", f"{best[0]} will risk {cents(best[1])}: bid more than that"
            )
        return value

    def can_bid(self, bidder: str, amount: object) -> bool:
        return passes(lambda: self.verify_bid(bidder, amount))

    def bid(self, bidder: str, amount: object) -> BidMade:
        """``bidder`` offers to risk ``amount`` for the bank; each bid must beat the last."""
        value = self.verify_bid(bidder, amount)
        self._bids.append((bidder, value))
        return self._record(BidMade(seq=self._seq, bidder=bidder, amount=value))

    def verify_close_auction(self) -> tuple[str, Decimal]:
        if self.settings.assignment is not BankAssignment.AUCTION:
            raise RuleViolation("first_on_list", "the bank is not auctioned at this table")
        if self._phase is not BanquePhase.ASSIGNING:
            raise RuleViolation("bank_held", f"{self._banker} holds the bank")
        best = self.highest_bid
        if best is None:
            raise RuleViolation("no_bid", "nobody has bid for the bank")
        return best

    def can_close_auction(self) -> bool:
        return passes(self.verify_close_auction)

    def close_auction(self) -> AuctionWon:
        """The bank goes to whoever will risk the largest amount, at that amount."""
        banker, amount = self.verify_close_auction()
        vacated = self._open_bank(banker, amount)
        return self._record(
            AuctionWon(seq=self._seq, banker=banker, amount=amount, vacated_seat=vacated)
        )

    def verify_put_up_bank(self, player: str, amount: object) -> Decimal:
        self._verify_first_on_list(player)
        value = read_amount(amount, unit=self.settings.unit, what=f"{player}'s bank")
        if value < self.settings.minimum_bank:
            raise RuleViolation(
                "below_minimum",
                f"a bank of {value} is below the minimum {self.settings.minimum_bank}",
            )
        return value

    def can_put_up_bank(self, player: str, amount: object) -> bool:
        return passes(lambda: self.verify_put_up_bank(player, amount))

    def put_up_bank(self, player: str, amount: object) -> BankTaken:
        """The first name on the list holds the bank, risking what he thinks proper."""
        value = self.verify_put_up_bank(player, amount)
        self._listed.pop(0)
        vacated = self._open_bank(player, value)
        return self._record(
            BankTaken(seq=self._seq, banker=player, amount=value, vacated_seat=vacated)
        )

    def verify_decline_bank(self, player: str) -> None:
        self._verify_first_on_list(player)

    def can_decline_bank(self, player: str) -> bool:
        return passes(lambda: self.verify_decline_bank(player))

    def decline_bank(self, player: str) -> BankRefused:
        self.verify_decline_bank(player)
        self._listed.pop(0)
        return self._record(BankRefused(seq=self._seq, player=player))

    def verify_retire(self) -> str:
        return self._verify_between_coups("retire")

    def can_retire(self) -> bool:
        return passes(self.verify_retire)

    def retire(self) -> BankClosed:
        """The banker retires of his own free will between coups and takes the bank back."""
        banker = self.verify_retire()
        return self._record(self._close_bank(banker, BankEnd.RETIRED))

    def verify_end_shoe(self) -> str:
        return self._verify_between_coups("end the shoe")

    def can_end_shoe(self) -> bool:
        return passes(self.verify_end_shoe)

    def end_shoe(self) -> BankClosed:
        """The whole shoe has been dealt: the banker's office ends; he takes the bank back."""
        banker = self.verify_end_shoe()
        self._shuffled.clear()  # the next shoe is shuffled and cut afresh
        self._cut_by = None
        return self._record(self._close_bank(banker, BankEnd.SHOE_DEALT_OUT))

    # --- the shuffle and the cut (source 000) ---------------------------------------------

    def beside_croupier(self) -> tuple[int, ...]:
        """The seats to the croupier's right and left: he faces the banker, so the outermost
        seat of each tableau (5 and 10)."""
        return (self.settings.seats_per_side, self.settings.seats)

    @property
    def may_shuffle(self) -> tuple[str, ...]:
        """Who may shuffle next: the croupier first, then the players beside him, the banker
        last; nobody once the cards are cut."""
        return tuple(name for name in self._shufflers() if self.can_shuffle(name))

    def verify_shuffle(self, by: str) -> int | None:
        """``by`` is ``"croupier"``, a seated player's name or the banker's. Returns the seat."""
        if self._phase is BanquePhase.DEALING:
            raise self._not_now("shuffle")
        self._verify_name(by)
        if self._cut_by is not None:
            raise RuleViolation(
                "cards_cut",
                f"{self._cut_by} has cut the cards: they are shuffled for the next shoe",
            )
        if by == CROUPIER:
            if self._shuffled:
                raise RuleViolation("shuffle_order", "the croupier shuffles first")
            return None
        if not self._shuffled:
            raise RuleViolation("shuffle_order", "the croupier shuffles first")
        if self._banker is not None and self._banker in self._shuffled:
            raise RuleViolation("shuffle_order", f"the banker {self._banker} shuffled last")
        if by in self._shuffled:
            raise RuleViolation("shuffle_order", f"{by} has shuffled already")
        if by == self._banker:
            return None
        seat = self._seat_of(by)
        if seat is None or seat not in self.beside_croupier():
            names = ", ".join(self._shufflers()[1:]) or "nobody seated there"
            raise RuleViolation(
                "not_a_shuffler",
                f"{by} does not shuffle: the croupier, the players to his right and left and "
                f"the banker do ({names})",
            )
        return seat

    def can_shuffle(self, by: str) -> bool:
        return passes(lambda: self.verify_shuffle(by))

    def shuffle(self, by: str) -> Shuffled:
        """The croupier confirms that ``by`` shuffled the cards."""
        seat = self.verify_shuffle(by)
        self._shuffled.append(by)
        return self._record(Shuffled(seq=self._seq, by=by, seat=seat))

    def verify_cut(self, player: str) -> str:
        """The banker, having shuffled last, names who cuts. Returns the banker's name."""
        if self._phase is BanquePhase.DEALING:
            raise self._not_now("cut")
        self._verify_name(player)
        if self._cut_by is not None:
            raise RuleViolation("cards_cut", f"{self._cut_by} has cut the cards already")
        banker = self._banker
        if banker is None:
            raise RuleViolation("no_bank", "the banker names who cuts: nobody holds the bank")
        if banker not in self._shuffled:
            raise RuleViolation(
                "shuffle_order", f"the banker {banker} shuffles last, then names who cuts"
            )
        return banker

    def can_cut(self, player: str) -> bool:
        return passes(lambda: self.verify_cut(player))

    def cut(self, player: str) -> CardsCut:
        """The croupier confirms that ``player``, named by the banker, cut the cards."""
        banker = self.verify_cut(player)
        self._cut_by = player
        return self._record(CardsCut(seq=self._seq, by=player, named_by=banker))

    def _shufflers(self) -> list[str]:
        names = [CROUPIER]
        names += [self._players[s] for s in self.beside_croupier() if s in self._players]
        if self._banker is not None:
            names.append(self._banker)
        return names

    # --- stakes ----------------------------------------------------------------------------

    def verify_stake(self, punter: str, bet: BanqueBet, amount: object) -> Decimal:
        phase = self._phase
        if phase not in (BanquePhase.STAKING, BanquePhase.BYSTANDERS):
            raise self._not_now("stake")
        self._verify_name(punter)
        if punter == self._banker:
            raise RuleViolation("banker_cannot_punt", f"{punter} holds the bank")
        seat = self._seat_of(punter)
        if phase is BanquePhase.STAKING and seat is None:
            raise RuleViolation(
                "bystanders_wait",
                f"{punter} is standing: bystanders stake only on what the seated punters leave "
                "uncovered, once they have finished",
            )
        if phase is BanquePhase.BYSTANDERS and seat is not None:
            raise RuleViolation(
                "seated_closed", f"the seated punters have finished staking (seat {seat})"
            )
        if seat is not None and bet is not BanqueBet.A_CHEVAL:
            side = BanqueBet.RIGHT if self.side_of(seat) is Hand.RIGHT else BanqueBet.LEFT
            if bet is not side:
                raise RuleViolation(
                    "wrong_side",
                    f"seat {seat} plays the {side} tableau: stake there or à cheval",
                )
        unit = self.settings.unit
        value = read_amount(amount, unit=unit, what=f"{punter}'s stake")
        if bet is BanqueBet.A_CHEVAL and value % (2 * unit) != 0:
            raise RuleViolation(
                "a_cheval_split", f"an à cheval stake of {value} does not split into two halves"
            )
        uncovered = self.uncovered
        if uncovered == 0:
            raise RuleViolation("bank_covered", "the bank is covered")
        if value > uncovered:
            raise RuleViolation(
                "exceeds_bank",
                f"{punter} stakes {value} but only {cents(uncovered)} of the bank is uncovered",
            )
        if value < self.settings.minimum_stake and value != uncovered:
            raise RuleViolation(
                "below_minimum",
                f"a stake of {value} is below the minimum {self.settings.minimum_stake}",
            )
        return value

    def can_stake(self, punter: str, bet: BanqueBet, amount: object) -> bool:
        return passes(lambda: self.verify_stake(punter, bet, amount))

    def stake(self, punter: str, bet: BanqueBet, amount: object) -> BanqueStaked:
        """``punter`` (seated, or a bystander once the seated have finished) stakes on a
        tableau or à cheval."""
        value = self.verify_stake(punter, bet, amount)
        seat = self._seat_of(punter)
        self._ledger.pay_in(punter, value)
        key = (punter, bet)
        self._stakes[key] = self._stakes.get(key, ZERO) + value
        self._stake_seats[punter] = seat
        return self._record(
            BanqueStaked(
                seq=self._seq,
                punter=punter,
                seat=seat,
                bet=bet,
                amount=value,
                stake=self._stakes[key],
            )
        )

    def verify_withdraw_stake(self, punter: str, bet: BanqueBet) -> Decimal:
        if self._phase not in (BanquePhase.STAKING, BanquePhase.BYSTANDERS):
            raise self._not_now("withdraw a stake")
        if (punter, bet) not in self._stakes:
            raise RuleViolation("no_stake", f"{punter} has no {bet} stake on the layout")
        return self._stakes[(punter, bet)]

    def can_withdraw_stake(self, punter: str, bet: BanqueBet) -> bool:
        return passes(lambda: self.verify_withdraw_stake(punter, bet))

    def withdraw_stake(self, punter: str, bet: BanqueBet) -> BanqueStakeWithdrawn:
        amount = self.verify_withdraw_stake(punter, bet)
        del self._stakes[(punter, bet)]
        if not any(name == punter for name, _ in self._stakes):
            del self._stake_seats[punter]
        self._ledger.pay_out(punter, amount)
        return self._record(
            BanqueStakeWithdrawn(seq=self._seq, punter=punter, bet=bet, amount=amount)
        )

    def verify_close_seated_stakes(self) -> None:
        if self._phase is not BanquePhase.STAKING:
            raise self._not_now("close the seated stakes")

    def can_close_seated_stakes(self) -> bool:
        return passes(self.verify_close_seated_stakes)

    def close_seated_stakes(self) -> SeatedStakesClosed:
        """The seated punters have finished; bystanders may take what is left uncovered."""
        self.verify_close_seated_stakes()
        self._phase = BanquePhase.BYSTANDERS
        return self._record(SeatedStakesClosed(seq=self._seq, uncovered=self.uncovered))

    def verify_no_more_bets(self) -> None:
        if self._phase not in (BanquePhase.STAKING, BanquePhase.BYSTANDERS):
            raise self._not_now("call no more bets")
        if not self._stakes:
            raise RuleViolation("no_stakes", "nobody has staked against the bank")

    def can_no_more_bets(self) -> bool:
        return passes(self.verify_no_more_bets)

    def no_more_bets(self) -> BanqueBetsClosed:
        """No more bets: the stakes are final; the largest stake on each tableau holds its
        hand and makes its calls."""
        self.verify_no_more_bets()
        banker = self._banker_name()
        self._hands = {side: self._hand_holder(side) for side in (Hand.RIGHT, Hand.LEFT)}
        self._phase = BanquePhase.DEALING
        return self._record(
            BanqueBetsClosed(
                seq=self._seq,
                banker=banker,
                stakes=self._stake_list(),
                covered=self.covered,
                right_hand=self._hands[Hand.RIGHT],
                left_hand=self._hands[Hand.LEFT],
            )
        )

    # --- settlement ------------------------------------------------------------------------

    def verify_settle(
        self, result: Outcome | tuple[SideResult, SideResult]
    ) -> tuple[SideResult, SideResult]:
        if self._phase is not BanquePhase.DEALING:
            raise RuleViolation(
                "not_dealing", "there is no coup to settle: call no more bets and deal it first"
            )
        if isinstance(result, Outcome):
            if result.game is not Game.BANQUE:
                raise RuleViolation(
                    "wrong_game", f"a {result.game.value} coup cannot settle a Banque bank"
                )
            return result.side(Hand.RIGHT), result.side(Hand.LEFT)
        right, left = result
        return right, left

    def can_settle(self, result: Outcome | tuple[SideResult, SideResult]) -> bool:
        return passes(lambda: self.verify_settle(result))

    def settle(self, result: Outcome | tuple[SideResult, SideResult]) -> BanqueCoupSettled:
        """Settle each tableau against the banker; à cheval is half on each side. The house
        takes its rate from what the bank won; an empty bank ends the banker's office."""
        right, left = self.verify_settle(result)
        banker = self._banker_name()
        ledger = self._ledger
        bank_before = ledger.bank
        punters: list[BanquePunterSettled] = []
        won_on_side = {Hand.RIGHT: ZERO, Hand.LEFT: ZERO}
        for stake in self._stake_list():
            amount = stake.amount
            if stake.bet is BanqueBet.A_CHEVAL:
                half = amount / _TWO
                net = half * (_SIGN[right] + _SIGN[left])
                won_on_side[Hand.RIGHT] += half if right is SideResult.LOSE else ZERO
                won_on_side[Hand.LEFT] += half if left is SideResult.LOSE else ZERO
            else:
                side = Hand.RIGHT if stake.bet is BanqueBet.RIGHT else Hand.LEFT
                side_result = right if side is Hand.RIGHT else left
                net = _SIGN[side_result] * amount
                won_on_side[side] += amount if side_result is SideResult.LOSE else ZERO
            ledger.pay_out(stake.punter, amount + net)
            punters.append(
                BanquePunterSettled(punter=stake.punter, bet=stake.bet, stake=amount, net=net)
            )
        bank_winnings = -sum((p.net for p in punters), ZERO)
        if self.settings.house_basis is HouseBasis.COUP_NET:
            taxed = max(bank_winnings, ZERO)
        else:
            taxed = won_on_side[Hand.RIGHT] + won_on_side[Hand.LEFT]
        house_take = self.settings.house_rounding.apply(taxed * self.settings.house_rate)
        ledger.house += house_take
        ledger.bank += bank_winnings - house_take
        exhausted = ledger.bank <= 0
        operation = BanqueCoupSettled(
            seq=self._seq,
            banker=banker,
            right=right,
            left=left,
            punters=tuple(punters),
            bank_before=bank_before,
            bank_winnings=bank_winnings,
            house_take=house_take,
            bank_after=ledger.bank,
            bank_exhausted=exhausted,
        )
        self._last_settlement = operation
        self._coups_by_bank += 1
        self._clear_coup()
        if exhausted:
            self._close_bank(banker, BankEnd.EXHAUSTED)
        else:
            self._phase = BanquePhase.STAKING
        return self._record(operation)

    # --- internals -------------------------------------------------------------------------

    def _banker_name(self) -> str:
        assert self._banker is not None
        return self._banker

    def _stake_list(self) -> tuple[BanqueStake, ...]:
        return tuple(
            BanqueStake(punter=punter, seat=self._stake_seats.get(punter), bet=bet, amount=amount)
            for (punter, bet), amount in self._stakes.items()
        )

    def _hand_holder(self, side: Hand) -> str | None:
        """The punter with the most riding on ``side``; among equals a punter seated on that
        side (nearest the banker first), then one seated on the other side, then the
        bystander who staked first."""
        own = BanqueBet.RIGHT if side is Hand.RIGHT else BanqueBet.LEFT
        riding: dict[str, Decimal] = {}
        for (punter, bet), amount in self._stakes.items():
            if bet is own:
                riding[punter] = riding.get(punter, ZERO) + amount
            elif bet is BanqueBet.A_CHEVAL:
                riding[punter] = riding.get(punter, ZERO) + amount / _TWO
        if not riding:
            return None
        order = list(riding)

        def rank(punter: str) -> tuple[Decimal, int, int]:
            seat = self._stake_seats.get(punter)
            if seat is None:
                return (-riding[punter], 2, order.index(punter))
            return (-riding[punter], 0 if self.side_of(seat) is side else 1, seat)

        return min(riding, key=rank)

    def _open_bank(self, banker: str, amount: Decimal) -> int | None:
        vacated = self._seat_of(banker)
        if vacated is not None:
            del self._players[vacated]
        if banker in self._listed:
            self._listed.remove(banker)
        self._ledger.pay_in(banker, amount)
        self._ledger.bank = amount
        self._banker = banker
        self._bids.clear()
        self._coups_by_bank = 0
        self._last_end = None
        self._phase = BanquePhase.STAKING
        return vacated

    def _close_bank(self, banker: str, reason: BankEnd) -> BankClosed:
        amount = self._ledger.bank
        self._ledger.pay_out(banker, amount)
        self._ledger.bank = ZERO
        self._banker = None
        self._last_end = reason
        self._phase = BanquePhase.ASSIGNING
        return BankClosed(seq=self._seq, banker=banker, amount=amount, reason=reason)

    def _clear_coup(self) -> None:
        self._stakes.clear()
        self._stake_seats.clear()
        self._hands = {}

    def _verify_between_coups(self, what: str) -> str:
        if self._phase is BanquePhase.ASSIGNING or self._banker is None:
            raise RuleViolation("no_bank", f"cannot {what}: nobody holds the bank")
        if self._phase is BanquePhase.DEALING or self._stakes:
            raise RuleViolation(
                "coup_under_way", f"cannot {what} with stakes on the layout: finish the coup"
            )
        return self._banker

    def _verify_first_on_list(self, player: str) -> None:
        if self.settings.assignment is not BankAssignment.FIRST_ON_LIST:
            raise RuleViolation("auction", "the bank is auctioned at this table: bid for it")
        if self._phase is not BanquePhase.ASSIGNING:
            raise RuleViolation("bank_held", f"{self._banker} holds the bank")
        offered = self.offered_to
        if offered != player:
            where = offered if offered is not None else "nobody (the list is empty)"
            raise RuleViolation("not_offered", f"the bank is offered to {where}, not {player}")

    def _not_now(self, what: str) -> RuleViolation:
        if self._phase is BanquePhase.DEALING:
            return RuleViolation(
                "no_more_bets",
                f'cannot {what}: "no more bets" was called; nothing is made, increased or '
                "withdrawn until the coup is settled",
            )
        if self._phase is BanquePhase.ASSIGNING:
            return RuleViolation("no_bank", f"cannot {what}: nobody holds the bank")
        return RuleViolation("bystanders_staking", f"cannot {what}: bystanders are staking")
