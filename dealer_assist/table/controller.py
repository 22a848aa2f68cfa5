"""The table controller: the single owner of the shoe, the coup, the seats and the ledger.

Inputs are card-source events and croupier commands; each becomes zero or more
:mod:`table events <dealer_assist.table.events>`. Every event is recorded (journal first), then
applied by :meth:`TableController._apply`, the only code that changes the table's state. A
replayed journal goes through the same ``_apply``, so recovery rebuilds exactly what was there.
After each input the controller publishes an immutable :class:`Snapshot` and tells the sources
what the shoe's draw indicator must show.

Not thread-safe by design: one thread (see :mod:`dealer_assist.table.runtime`) feeds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, TypeVar

from dealer_assist.cards import Card
from dealer_assist.config import TableConfig
from dealer_assist.drivers.base import (
    ButtonPressed,
    CardRead,
    CutCardDrawn,
    DeviceFault,
    Indicator,
    SourceEvent,
    SourceStatus,
    StatusChanged,
    Want,
)
from dealer_assist.errors import BetError, RuleViolation
from dealer_assist.rules.bank import BanqueTable
from dealer_assist.rules.coup import Choice, DecisionDue, Hand
from dealer_assist.rules.settlement import Bet, money, verify_bet
from dealer_assist.shoe import Shoe, ShoePhase
from dealer_assist.table import analysis, bankgame, witness
from dealer_assist.table import commands as cmd
from dealer_assist.table.alerts import AlertSpec
from dealer_assist.table.events import (
    AlertRaised,
    AlertResolved,
    BankActed,
    BetPlaced,
    BetsCleared,
    Burned,
    BurnReason,
    CardCorrected,
    CardDealt,
    CardRevealed,
    CardWithdrawn,
    CommissionCollected,
    CoupClosed,
    CoupStarted,
    CoupVoided,
    CutCardOut,
    DeviceStatus,
    HandDecided,
    PitMessage,
    Record,
    ShoeEnded,
    ShoeStarted,
    SupervisorAction,
    TableEvent,
)
from dealer_assist.table.indicator import compute_indicator
from dealer_assist.table.settling import completion_events
from dealer_assist.table.snapshot import Snapshot
from dealer_assist.table.state import TableState
from dealer_assist.table.view import build_snapshot

Clock = Callable[[], datetime]
RecordSink = Callable[[Record], None]
#: Checks the installed program (dealer_assist.deploy.service): (all files match, what it found).
ProgramCheck = Callable[[], tuple[bool, str]]


def utc_now() -> datetime:
    return datetime.now(UTC)


# What the croupier does about a device's fault, where "check the device" is not it: the camera
# mends or reports these itself, and no card was refused.
DEVICE_FAULT_FIXES = {
    "camera_moved": "Deal on: the camera recalibrated itself; tell IT if it keeps moving",
    "camera_slow": "Deal on: cards are read later; tell IT the table computer is too slow",
}


# Squeeze: a card whose count is wrong is held face down; the alert says what is wrong without
# naming the card or its counts (which would narrow it down). The journal keeps it, sealed.
FACE_DOWN_ACCOUNT = {
    "duplicate": "a card came out more often than the shoe holds it (a duplicate); "
    "it stays face down",
    "foreign": "a card that is not in this shoe's decks came out; it stays face down",
}


# Program verification (issue 27): the holding alert only a technician's re-verification lifts.
PROGRAM_FAILED = "program_verification_failed"
# What the table PC's health monitor reports (cmd.ReportHealth): the fix for each problem.
HEALTH_PROBLEMS = {
    "clock_unsynchronised": "Deal on; tell IT: the table's clock is not synchronised "
    "(journal times may drift)",
    "journal_disk_full": "Deal on; tell IT now: the journal's disk is nearly full",
    "watchdog_restart": "Check the table and the last coup; tell IT: the table was restarted "
    "because it stopped answering",
}


class TableController:
    """One table. Feed it with :meth:`on_source_event` and :meth:`execute`."""

    def __init__(
        self,
        config: TableConfig,
        *,
        clock: Clock = utc_now,
        journal: RecordSink | None = None,
    ) -> None:
        self.config = config
        self._clock = clock
        self._journal = journal
        self._state = TableState(config)
        self._seq = 0
        self._record_listeners: list[RecordSink] = []
        self._snapshot_listeners: list[Callable[[Snapshot], None]] = []
        self._indicator_listeners: list[Callable[[Indicator], None]] = []
        self._snapshot: Snapshot | None = None
        self._indicator: Indicator | None = None
        self._cards_received = 0
        self._analysis_due = False
        # Sources that check the cards instead of dealing them (a camera beside a shoe).
        self._witnesses = config.witness_sources
        self._program_check: ProgramCheck | None = None

    def check_program_with(self, check: ProgramCheck) -> None:
        """Verify the installed program with ``check`` (cmd.VerifyProgram, the option
        ``reverify``); set before the table starts."""
        self._program_check = check

    def begin(self) -> None:
        """Open the table: start the first shoe unless a recovered journal already has one.

        The one-off costs of the checks (the shuffle check's thresholds, the paytables' odds)
        are paid here, before the first card, not on the first coup.
        """
        analysis.warm_up(self.config, self._state)
        if self._state.shoe is None:
            self._start_shoe()
        self._publish()

    # --- subscribing -----------------------------------------------------------------------

    def on_record(self, listener: RecordSink) -> None:
        self._record_listeners.append(listener)

    def on_snapshot(self, listener: Callable[[Snapshot], None]) -> None:
        self._snapshot_listeners.append(listener)

    def on_indicator(self, listener: Callable[[Indicator], None]) -> None:
        self._indicator_listeners.append(listener)

    @property
    def snapshot(self) -> Snapshot:
        if self._snapshot is None:
            self._snapshot = build_snapshot(self._state, self._seq)
        return self._snapshot

    @property
    def indicator(self) -> Indicator:
        return self._indicator or self._compute_indicator()

    def _compute_indicator(self) -> Indicator:
        return compute_indicator(self._state, serial=self._seq, cards_received=self._cards_received)

    @property
    def state(self) -> TableState:
        """The live state, for the journal's checks and tests; views use snapshots."""
        return self._state

    @property
    def seq(self) -> int:
        return self._seq

    # --- recording -------------------------------------------------------------------------

    def _record(self, event: TableEvent) -> None:
        for earlier in self._recording(event):
            self._write(earlier)
        self._write(event)

    def _write(self, event: TableEvent) -> None:
        self._seq += 1
        record = Record(seq=self._seq, at=self._clock(), table=self.config.table_id, event=event)
        if self._journal is not None:
            self._journal(record)  # durable before anyone sees it
        self._apply(event)
        for listener in self._record_listeners:
            listener(record)

    def replay(self, records: Iterable[Record]) -> None:
        """Rebuild the state from recorded events (recovery); nothing is journaled again."""
        for record in records:
            if record.seq != self._seq + 1:
                raise ValueError(f"record {record.seq} follows {self._seq}: the journal has a gap")
            self._seq = record.seq
            self._apply(record.event)
        self._publish()

    def resume(self, *, seq: int, state: TableState | None, records: Iterable[Record]) -> None:
        """Start part-way through a journal: from ``state`` as it was after record ``seq`` (a
        checkpoint), or with ``state=None`` from the start of a pruned chain whose first record
        is ``seq + 1``; then replay ``records``."""
        if state is not None:
            self._state = state
        self._seq = seq
        self.replay(records)

    def _apply(self, event: TableEvent) -> None:
        self._state.apply(event)

    def _publish(self) -> None:
        self._make_durable()
        self._publish_now()
        if self._analysis_due:
            self._analyse()
            self._make_durable()
            self._publish_now()
        self._published()

    # --- extension points ------------------------------------------------------------------
    # The journal's controller (dealer_assist.journal.recovery.JournaledController) uses these
    # three; nothing else overrides the controller. Each is called on the table's thread.

    def _recording(self, event: TableEvent) -> Iterable[TableEvent]:
        """Called before ``event`` is recorded: events to record first (a clock step)."""
        return ()

    def _make_durable(self) -> None:
        """Called before anything is published: what has been recorded must be kept now."""

    def _published(self) -> None:
        """Called after each publication (time for housekeeping: checkpoints, tidying)."""

    def _publish_now(self) -> None:
        self._snapshot = build_snapshot(self._state, self._seq)
        for listener in self._snapshot_listeners:
            listener(self._snapshot)
        indicator = self._compute_indicator()
        if indicator != self._indicator:
            self._indicator = indicator
            for indicator_listener in self._indicator_listeners:
                indicator_listener(indicator)

    # --- inputs: source events -------------------------------------------------------------

    def on_source_event(self, event: SourceEvent) -> None:
        if isinstance(event, CardRead) and event.source in self._witnesses:
            self._card_seen(event)
        elif isinstance(event, CardRead):
            self._card_read(event)
        elif isinstance(event, StatusChanged):
            self._record(
                DeviceStatus(source=event.source, status=event.status, detail=event.detail)
            )
            if event.status is SourceStatus.LOST:
                self._alert(
                    "device_lost",
                    f"{event.source} is lost: {event.detail or 'no answer'}",
                    "Deal no card until it is back, or deal by hand and enter cards",
                    hold=False,
                    options=("acknowledge",),
                    source=event.source,
                )
        elif isinstance(event, DeviceFault):
            self._alert(
                event.code,
                f"{event.source}: {self._device_says(event.message, raw=event.raw)}",
                DEVICE_FAULT_FIXES.get(event.code, "Check the device; the card was not taken"),
                hold=False,
                options=("acknowledge",),
                source=event.source,
                raw=event.raw.hex(),
            )
        elif isinstance(event, ButtonPressed):
            self._record(
                SupervisorAction(
                    action=f"button:{event.button.value}", role="croupier", detail=event.source
                )
            )
            if event.button.value == "new_shoe":
                self._try(lambda: self._new_shoe(cmd.NewShoe()))
            elif event.button.value == "result_check":
                self._try(lambda: self._close_coup("croupier"))
        elif isinstance(event, CutCardDrawn):
            source = event.source
            self._try(lambda: self._cut_card(source))
        self._judge_witnessed()
        self._publish()

    def _try(self, action: Callable[[], None]) -> None:
        try:
            action()
        except cmd.CommandRejected as rejected:
            self._alert(rejected.code, rejected.message, "", hold=False, options=("acknowledge",))

    def _card_read(self, read: CardRead) -> None:
        self._cards_received += 1
        raw = read.raw.hex()
        if read.card is None:
            waiting = self._compute_indicator()
            wanted = (
                f"; the tableau waits for the {witness.hand_name(waiting.hand)} card"
                if waiting.want is Want.CARD and waiting.hand is not None
                else ""
            )
            self._alert(
                "unreadable_card",
                f"{read.source} saw a card it could not read"
                + (f" ({self._device_says(read.detail, raw=read.raw)})" if read.detail else "")
                + wanted,
                "A supervisor keys in the card, or voids the coup",
                hold=True,
                options=("enter_card", "void_coup"),
                source=read.source,
                raw=raw,
            )
            return
        self._take_card(read.card, source=read.source, raw=raw, hand=read.hand)

    def _device_says(self, text: str, *, raw: bytes) -> str:
        """A device's words about a card read, for an alert. Under squeeze they may name a card
        on its way face down (the device cannot know): withheld; the device's data stays in
        the journal, sealed (see :meth:`_alert`)."""
        if self.config.squeeze and raw:
            return "the device's detail is withheld while cards are face down"
        return text

    # --- the witness camera (table/witness.py) --------------------------------------------

    def _card_seen(self, read: CardRead) -> None:
        """A witness saw a card land: record it (it deals nothing); judged by
        :meth:`_judge_witnessed` once the shoe's card is there to compare with."""
        seen = witness.sighting(self._state, read)
        self._record(seen)
        if seen.position == witness.NOT_A_COUP_CARD:
            self._record(witness.burned(seen))

    def _judge_witnessed(self) -> None:
        """Record the verdicts, in order, on what the witness saw as far as the shoe dealt."""
        for verdict, alert in witness.verdicts(self._state, check_order=not self.config.squeeze):
            self._record(verdict)  # the next verdict is worked out after this one is applied
            if alert is not None:
                self._raise(replace(alert, source=verdict.source))

    def _take_card(self, card: Card, *, source: str, raw: str, hand: Hand | None) -> None:
        """A card out of the shoe: set aside if the table cannot take it now (no shoe, a hold,
        bets still open), held for a supervisor if its count is wrong, else burned or dealt."""
        state = self._state
        if self._shoe_over(card, source=source, raw=raw):
            return
        if state.holding:
            self._set_aside(
                card,
                source=source,
                raw=raw,
                code="card_while_held",
                message=f"{card} came out while the table is held",
                fix="Set the card aside (it does not go back in the shoe); resolve the alert first",
            )
            return
        verdict = state.account.check(card)
        if not verdict.ok:
            self._hold_card(
                card,
                source=source,
                raw=raw,
                code=verdict.code.value,
                message=(
                    FACE_DOWN_ACCOUNT[verdict.code.value]
                    if self.config.squeeze
                    else verdict.message
                ),
                fix="Set the card aside and deal the next one, or a supervisor accepts it "
                "or voids the coup",
            )
            return
        if self._burn(card, source=source, raw=raw):
            return
        bank = state.bank_table
        between_coups = state.coup is None or state.coup_closed
        if between_coups and bank is not None and not bankgame.is_dealing(bank):
            self._set_aside(
                card,
                source=source,
                raw=raw,
                code="bets_open",
                message=f'{card} came out before "no more bets"',
                fix="Set the card aside; close the bank's calls and stakes, then deal",
            )
            return
        self._deal(card, source=source, raw=raw, hand=hand)

    def _take_accepted_card(self, card: Card, *, source: str, raw: str) -> None:
        """A card a supervisor accepted: past the checks that held it (the hold, its count,
        the bank's bets), but still burned in the burn and dealt as the tableau calls."""
        if self._shoe_over(card, source=source, raw=raw):
            return
        if self._burn(card, source=source, raw=raw):
            return
        self._deal(card, source=source, raw=raw, hand=None)

    def _shoe_over(self, card: Card, *, source: str, raw: str) -> bool:
        """No shoe is being dealt: the card is set aside (True)."""
        shoe = self._state.shoe
        if shoe is not None and shoe.phase is not ShoePhase.ENDED:
            return False
        self._set_aside(
            card,
            source=source,
            raw=raw,
            code="no_shoe",
            message=f"{card} read but the shoe has ended",
            fix="Set the card aside; start a new shoe",
        )
        return True

    def _burn(self, card: Card, *, source: str, raw: str) -> bool:
        """The shoe is in its burn: the card is burned (True)."""
        shoe = self._state.shoe
        if shoe is None or shoe.phase is not ShoePhase.BURN:
            return False
        turned = shoe.burn_remaining is None
        self._record(
            Burned(
                card=card,
                reason=BurnReason.BURN_TURNED if turned else BurnReason.BURN,
                source=source,
                raw=raw,
                burn_count=card.rank.burn_count if turned else 0,
            )
        )
        return True

    def _set_aside(
        self, card: Card, *, source: str, raw: str, code: str, message: str, fix: str
    ) -> None:
        """A card the table cannot take now goes to the discards, with a warning that says why."""
        self._record(Burned(card=card, reason=BurnReason.SET_ASIDE, source=source, raw=raw))
        self._alert(code, message, fix, hold=False, options=("acknowledge",))

    def _deal(self, card: Card, *, source: str, raw: str, hand: Hand | None) -> None:
        """Deal ``card`` into the coup (starting one if none is in play), where the tableau
        calls for it; a card the tableau refuses is a misdeal."""
        state = self._state
        shoe = state.shoe
        assert shoe is not None
        if state.coup is None or state.coup_closed:
            if not shoe.can_start_coup():
                self._set_aside(
                    card,
                    source=source,
                    raw=raw,
                    code="no_coup_due",
                    message=f"{card} came out but no coup may start ({shoe_reason(shoe)})",
                    fix="Set the card aside",
                )
                return
            self._record(CoupStarted(coup=shoe.coups_played + 1))
        coup = state.coup
        assert coup is not None
        if state.awaiting_turn:
            # Squeeze: whether this card may be dealt, and to which hand, depends on the cards
            # still face down; the tableau's answer (even its error) would tell them.
            self._hold_card(
                card,
                source=source,
                raw=raw,
                code="card_before_turn",
                message="a card came out before the face-down cards were turned",
                fix="Keep the card face down and apart; turn the cards, then a supervisor accepts "
                "it (the tableau places it) or sets it aside; or voids the coup",
            )
            return
        try:
            target = coup.verify_deal(card, hand)
        except RuleViolation as violation:
            self._misdeal(card, violation, source=source, raw=raw)
            return
        self._record(
            CardDealt(
                coup=state.coup_number,
                card=card,
                hand=target.value,
                source=source,
                raw=raw,
                face_down=self.config.squeeze,
            )
        )
        self._after_change()

    def _misdeal(self, card: Card, violation: RuleViolation, *, source: str, raw: str) -> None:
        message = violation.message
        if self.config.squeeze:  # the card goes face down: the message does not name it
            message = message.replace(str(card), "a face-down card", 1)
        if violation.code in ("natural", "coup_complete"):
            if self.config.misdeal.extra_card == "burn":
                self._record(Burned(card=card, reason=BurnReason.EXTRA, source=source, raw=raw))
                self._alert(
                    "extra_card",
                    message,
                    "Burn the extra card: it is out of play",
                    hold=False,
                    options=("acknowledge",),
                )
            else:
                self._alert(
                    "extra_card",
                    message,
                    "Set it aside, or a supervisor voids the coup",
                    hold=True,
                    options=("set_aside", "void_coup"),
                    card=card,
                    source=source,
                    raw=raw,
                )
            return
        if violation.code == "decision_due":
            fix = "A supervisor accepts the card (the hand draws), or sets it aside, or voids"
        else:
            fix = "Move the card to the hand the tableau calls, or a supervisor voids the coup"
        self._hold_card(card, source=source, raw=raw, code=violation.code, message=message, fix=fix)

    def _hold_card(
        self, card: Card, *, source: str, raw: str, code: str, message: str, fix: str
    ) -> None:
        """Hold the table with ``card`` kept by the alert, for a supervisor to set aside, accept
        or void (face down under squeeze: then ``message`` must not name it)."""
        self._alert(
            code,
            message,
            fix,
            hold=True,
            options=("set_aside", "accept_card", "void_coup"),
            card=card,
            source=source,
            raw=raw,
        )

    def _after_change(self) -> None:
        """Complete, settle and close the coup once its outcome is known and shown."""
        state = self._state
        coup = state.coup
        if coup is None or state.coup_finished or not coup.is_complete:
            return
        if any(state.reveal_pending(hand) for hand in state.rules.hands):
            return
        for event in completion_events(state, self.config.settlement):
            self._record(event)
        if not self.config.confirm_coup:
            self._record(CoupClosed(coup=state.coup_number, by="auto"))
        self._analysis_due = True
        self._end_shoe_if_done()

    def _analyse(self) -> None:
        """Checks that may take milliseconds run after the snapshot is out, never before it."""
        if not self._analysis_due:
            return
        self._analysis_due = False
        shoe = self._state.shoe
        if shoe is None or shoe.phase is ShoePhase.ENDED:
            return  # the shoe is over: nothing left to bet on or to shuffle-check
        checked = analysis.check_shuffle_now(self.config, self._state)
        if checked is not None:
            event, alert = checked
            self._record(event)
            if alert is not None:
                self._raise(alert)
        for alert in analysis.advantage_alerts(self.config, self._state):
            self._raise(alert)

    def _end_shoe_if_done(self) -> None:
        state = self._state
        shoe = state.shoe
        if shoe is None or shoe.phase is not ShoePhase.ENDED or state.shoe_end_recorded:
            return
        self._collect_all("shoe_end")
        bank = state.bank_table
        if bank is not None and isinstance(bank, BanqueTable) and bank.can_end_shoe():
            # Banque: the bank is held until the shoe is dealt out (source 000).
            self._record(BankActed(action="end_shoe", args={}, by="table"))
        self._record(
            ShoeEnded(
                shoe=state.shoe_number,
                cards_dealt=shoe.cards_out,
                cards_left=shoe.cards_left,
                coups=shoe.coups_played,
                reason=state.shoe_end_reason(),
            )
        )

    def _collect_all(self, reason: str) -> None:
        state = self._state
        for seat in sorted(state.boxes.owed):
            owed = state.boxes.balance(seat)
            due = self.config.settlement.commission_rounding.apply(owed)
            self._record(
                CommissionCollected(seat=seat, owed=str(owed), due=str(due), reason=reason)
            )

    def _raise(self, alert: AlertSpec) -> None:
        self._alert(
            alert.code,
            alert.message,
            alert.fix,
            hold=alert.hold,
            options=alert.options,
            source=alert.source,
            raw=alert.raw,
        )

    def _alert(
        self,
        code: str,
        message: str,
        fix: str,
        *,
        hold: bool,
        options: tuple[str, ...],
        card: Card | None = None,
        source: str = "",
        raw: str = "",
    ) -> None:
        self._record(
            AlertRaised(
                alert=self._state.next_alert_id,
                code=code,
                message=message,
                fix=fix,
                hold=hold,
                options=options,
                card=card,
                source=source,
                raw=raw,
                # Squeeze: a card held by the alert, or a device's data about a card read,
                # may be a face-down card's: sealed in the journal, left out of the stream.
                face_down=self.config.squeeze and (card is not None or bool(raw)),
            )
        )

    # --- inputs: commands ------------------------------------------------------------------

    def execute(self, command: cmd.Command) -> None:
        """Carry out ``command`` or raise :class:`CommandRejected`, changing nothing."""
        handler = COMMAND_HANDLERS.get(type(command))
        if handler is None:
            raise cmd.CommandRejected(
                "unknown_command",
                f"{type(command).__name__} is not a command this table takes: "
                f"send one of {', '.join(sorted(t.__name__ for t in COMMAND_HANDLERS))}",
            )
        handler(self, command)
        self._judge_witnessed()
        self._publish()

    def _require(self, role: cmd.Role, needed: cmd.Role, what: str) -> None:
        if needed is cmd.Role.SUPERVISOR and role is cmd.Role.CROUPIER:
            raise cmd.CommandRejected("supervisor_required", f"{what} needs a supervisor's PIN")
        if needed is cmd.Role.TECHNICIAN and role is not cmd.Role.TECHNICIAN:
            raise cmd.CommandRejected("technician_required", f"{what} needs the technician's PIN")

    def _check_program(self) -> tuple[bool, str]:
        if self._program_check is None:
            raise cmd.CommandRejected(
                "no_program_check",
                "this table was started without program verification: start it as installed "
                "(deploy/install.sh), with the release's public key",
            )
        return self._program_check()

    def _cmd_verify_program(self, command: cmd.VerifyProgram) -> None:
        """A failure holds the table (once: later failures are journaled under that alert); a
        pass is journaled, and does not lift the hold: only a technician's re-verification."""
        ok, detail = self._check_program()
        by = command.role.value if command.role is not None else "table"
        self._record(
            SupervisorAction(
                action="program_verified" if ok else "program_check_failed", role=by, detail=detail
            )
        )
        if not ok and not any(a.code == PROGRAM_FAILED for a in self._state.alerts.values()):
            self._alert(
                PROGRAM_FAILED,
                detail,
                "No card is dealt: the technician checks the table computer and re-verifies",
                hold=True,
                options=("reverify",),
            )

    def _reverify(self, alert: AlertRaised, role: cmd.Role) -> None:
        self._require(role, cmd.Role.TECHNICIAN, "Re-verifying the program")
        ok, detail = self._check_program()
        if not ok:
            raise cmd.CommandRejected(PROGRAM_FAILED, detail)
        self._record(SupervisorAction(action="program_verified", role=role.value, detail=detail))
        self._record(
            AlertResolved(alert=alert.alert, resolution="reverify", by=role.value, detail=detail)
        )

    def _cmd_report_health(self, command: cmd.ReportHealth) -> None:
        fix = HEALTH_PROBLEMS.get(command.problem)
        if fix is None:
            raise cmd.CommandRejected(
                "unknown_problem",
                f"health problem {command.problem!r}: report one of {', '.join(HEALTH_PROBLEMS)}",
            )
        if any(alert.code == command.problem for alert in self._state.alerts.values()):
            return  # already on the screen
        self._alert(command.problem, command.detail, fix, hold=False, options=("acknowledge",))

    def _cmd_new_shoe(self, command: cmd.NewShoe) -> None:
        self._new_shoe(command)

    def _new_shoe(self, command: cmd.NewShoe) -> None:
        state = self._state
        shoe = state.shoe
        if shoe is not None and shoe.phase is not ShoePhase.ENDED:
            if state.coup is not None and not state.coup_finished:
                raise cmd.CommandRejected(
                    "coup_in_progress", "finish or void the coup before a new shoe"
                )
            if shoe.cards_out > 0:
                self._require(command.role, cmd.Role.SUPERVISOR, "Ending a shoe early")
                self._record(
                    SupervisorAction(
                        action="end_shoe",
                        role=command.role.value,
                        detail="ended early for a new shoe",
                    )
                )
            self._end_shoe_if_done()
        self._start_shoe()

    def _start_shoe(self) -> None:
        settings = self.config.shoe
        self._record(
            ShoeStarted(
                shoe=self._state.shoe_number + 1,
                decks=settings.decks,
                cut_card_from_end=settings.cut_card_from_end,
                burn=settings.burn.describe(),
                card_count=settings.decks * 52,
            )
        )

    def _cmd_end_shoe(self, command: cmd.EndShoe) -> None:
        self._require(command.role, cmd.Role.SUPERVISOR, "Ending a shoe")
        state = self._state
        shoe = state.shoe
        if shoe is None or shoe.phase is ShoePhase.ENDED:
            raise cmd.CommandRejected("shoe_ended", "the shoe has already ended")
        if state.coup is not None and not state.coup_finished:
            raise cmd.CommandRejected("coup_in_progress", "void or finish the coup first")
        self._record(
            SupervisorAction(action="end_shoe", role=command.role.value, detail=command.reason)
        )
        self._end_shoe_if_done()

    def _cmd_place_bet(self, command: cmd.PlaceBet) -> None:
        state = self._state
        if command.seat not in self.config.seats:
            raise cmd.CommandRejected("bad_seat", f"there is no seat {command.seat}")
        if state.bank_table is not None:
            raise cmd.CommandRejected(
                "bank_game", "in this game stakes go against the bank: call or stake on the bank"
            )
        if not state.betting_open:
            raise cmd.CommandRejected("no_more_bets", "no more bets: the coup has started")
        try:
            stake = money(command.amount, what=f"seat {command.seat}: {command.name}")
            existing = state.bets.get(command.seat, {}).get(command.name, Decimal(0))
            bet = Bet(seat=command.seat, name=command.name, stake=existing + stake)
            verify_bet(state.variant, bet, self.config.settlement.limits)
        except BetError as error:
            raise cmd.CommandRejected(error.code, error.message) from None
        self._record(BetPlaced(seat=command.seat, name=command.name, stake=str(stake)))

    def _cmd_clear_bets(self, command: cmd.ClearBets) -> None:
        if not self._state.betting_open:
            raise cmd.CommandRejected("no_more_bets", "no more bets: the coup has started")
        if command.seat not in self.config.seats:
            raise cmd.CommandRejected("bad_seat", f"there is no seat {command.seat}")
        self._record(BetsCleared(seat=command.seat))

    def _cmd_repeat_bets(self, command: cmd.RepeatBets) -> None:
        state = self._state
        last = state.last_bets.get(command.seat)
        if not last:
            raise cmd.CommandRejected("no_last_bet", f"seat {command.seat} has no last bet")
        if state.bets.get(command.seat):
            self._cmd_clear_bets(cmd.ClearBets(seat=command.seat))
        for name, stake in last.items():
            self._cmd_place_bet(cmd.PlaceBet(seat=command.seat, name=name, amount=str(stake)))

    def _cmd_decide(self, command: cmd.Decide) -> None:
        state = self._state
        coup = state.coup
        if coup is None or state.coup_finished:
            raise cmd.CommandRejected("no_decision_due", "no coup is being dealt")
        try:
            hand, choice = Hand(command.hand), Choice(command.choice)
            coup.verify_decide(hand, choice)
        except ValueError:
            raise cmd.CommandRejected("bad_decision", f"{command.hand}/{command.choice}") from None
        except RuleViolation as violation:
            raise cmd.CommandRejected(violation.code, violation.message) from None
        if state.reveal_pending(hand):
            raise cmd.CommandRejected("reveal_first", f"turn the {hand} cards before deciding")
        self._record(
            HandDecided(
                coup=state.coup_number, hand=hand.value, choice=choice.value, by=command.role.value
            )
        )
        self._after_change()

    def _cmd_bank_action(self, command: cmd.BankAction) -> None:
        state = self._state
        bank = state.bank_table
        if bank is None:
            raise cmd.CommandRejected("no_bank", "Punto Banco has no bank to act on")
        if command.action == "settle":
            raise cmd.CommandRejected("settled_by_table", "the table settles from the cards")
        in_coup = state.coup is not None and not state.coup_closed
        if in_coup and command.action not in ("sit", "leave", "list_name"):
            raise cmd.CommandRejected("coup_in_progress", "the coup is being dealt")
        try:
            kwargs = bankgame.arguments(state.variant.game, command.action, command.args)
            bankgame.verify(bank, command.action, kwargs)
        except RuleViolation as violation:
            raise cmd.CommandRejected(violation.code, violation.message) from None
        plain = {
            key: str(value) if key == "amount" else value for key, value in command.args.items()
        }
        self._record(BankActed(action=command.action, args=plain, by=command.role.value))

    def _cmd_close_coup(self, command: cmd.CloseCoup) -> None:
        self._close_coup(command.role.value)

    def _close_coup(self, by: str) -> None:
        state = self._state
        if state.coup is None or not state.coup_finished or state.coup_closed:
            raise cmd.CommandRejected("no_coup_to_close", "no finished coup waits to be closed")
        self._record(CoupClosed(coup=state.coup_number, by=by))

    def _cmd_reveal_hand(self, command: cmd.RevealHand) -> None:
        state = self._state
        try:
            hand = Hand(command.hand)
        except ValueError:
            raise cmd.CommandRejected("bad_hand", f"no hand {command.hand!r}") from None
        if state.coup is None or not state.reveal_pending(hand):
            raise cmd.CommandRejected("nothing_to_reveal", f"no face-down {hand} card")
        self._record(CardRevealed(coup=state.coup_number, hand=hand.value))
        self._after_change()

    def _cmd_report_cut_card(self, command: cmd.ReportCutCard) -> None:
        self._cut_card("croupier")

    def _cut_card(self, source: str) -> None:
        shoe = self._state.shoe
        if shoe is None or not shoe.can_signal_cut_card():
            raise cmd.CommandRejected("cut_card_out", "the cut card is already out")
        last = _last_coup_after_cut(shoe)
        self._record(CutCardOut(coup=shoe.coup, last_coup=last, source=source))
        self._end_shoe_if_done()

    def _cmd_report_exposed_card(self, command: cmd.ReportExposedCard) -> None:
        state = self._state
        coup = state.coup
        if coup is None or state.coup_finished or not coup.operations:
            raise cmd.CommandRejected("no_card", "no card of this coup to report")
        last = state.coup_cards[-1]
        if self.config.misdeal.exposed_card == "use":
            self._record(
                SupervisorAction(action="exposed_card_used", role="croupier", detail=last.code)
            )
            return
        self._record(CardWithdrawn(coup=state.coup_number, card=last, reason="exposed"))

    def _cmd_void_coup(self, command: cmd.VoidCoup) -> None:
        self._require(command.role, cmd.Role.SUPERVISOR, "Voiding a coup")
        state = self._state
        if state.coup is None or state.coup_finished:
            raise cmd.CommandRejected("no_coup", "no coup is being dealt")
        self._void(command.reason, command.role.value)

    def _void(self, reason: str, by: str) -> None:
        state = self._state
        for alert in list(state.alerts.values()):
            if alert.code == PROGRAM_FAILED:
                continue  # voiding a coup does not lift it: only a technician's re-verification
            if alert.card is not None:
                self._record(
                    Burned(card=alert.card, reason=BurnReason.SET_ASIDE, source=alert.source)
                )
            self._record(AlertResolved(alert=alert.alert, resolution="void_coup", by=by))
        if state.coup is not None and not state.coup_finished:
            self._record(CoupVoided(coup=state.coup_number, reason=reason, by=by))
        self._end_shoe_if_done()

    def _cmd_correct_card(self, command: cmd.CorrectCard) -> None:
        self._require(command.role, cmd.Role.SUPERVISOR, "Correcting a card")
        state = self._state
        coup = state.coup
        if coup is None or state.coup_finished:
            raise cmd.CommandRejected("no_coup", "no coup is being dealt")
        cards = state.coup_cards
        if not 0 <= command.position < len(cards):
            raise cmd.CommandRejected("bad_position", f"the coup has {len(cards)} cards")
        if state.hidden(command.position):  # the correction would name it in the record
            hand = state.in_play[command.position].hand
            raise cmd.CommandRejected(
                "reveal_first", f"turn the {hand} cards before correcting one of them"
            )
        if state.replay_with(command.position, command.card) is None:
            raise cmd.CommandRejected(
                "correction_breaks_coup",
                f"with {command.card} in place of {cards[command.position]} the cards dealt "
                "no longer follow the tableau: void the coup instead",
            )
        self._record(
            CardCorrected(
                coup=state.coup_number,
                position=command.position,
                original=cards[command.position],
                corrected=command.card,
                by=command.role.value,
            )
        )
        self._after_change()

    def _cmd_collect_commission(self, command: cmd.CollectCommission) -> None:
        state = self._state
        owed = state.boxes.balance(command.seat)
        if owed == 0:
            raise cmd.CommandRejected("box_empty", f"seat {command.seat} owes no commission")
        due = self.config.settlement.commission_rounding.apply(owed)
        self._record(
            CommissionCollected(
                seat=command.seat, owed=str(owed), due=str(due), reason=command.reason
            )
        )

    def _cmd_message_from_pit(self, command: cmd.MessageFromPit) -> None:
        text, by = command.text.strip(), command.by.strip()
        for what, value, longest in (
            ("the message", text, cmd.MAX_PIT_MESSAGE),
            ("its sender", by, 64),
        ):
            if not 0 < len(value) <= longest or not value.isprintable():
                raise cmd.CommandRejected(
                    "bad_message",
                    f"{what} {value[:40]!r} cannot be shown: give 1 to {longest} printable "
                    "characters",
                )
        self._record(PitMessage(text=text, by=by))

    def _cmd_resolve_alert(self, command: cmd.ResolveAlert) -> None:
        state = self._state
        alert = state.alerts.get(command.alert)
        if alert is None:
            raise cmd.CommandRejected("no_alert", f"no open alert {command.alert}")
        if command.option not in alert.options:
            raise cmd.CommandRejected(
                "bad_option", f"alert {alert.alert} takes {', '.join(alert.options)}"
            )
        if command.option in cmd.SUPERVISOR_OPTIONS:
            self._require(command.role, cmd.Role.SUPERVISOR, command.option.replace("_", " "))
        if command.option == "reverify":
            self._reverify(alert, command.role)
            return
        by = command.role.value
        if command.option == "void_coup":
            self._void(f"alert {alert.alert}: {alert.code}", by)
            return
        if command.option == "enter_card":
            if command.card is None:
                raise cmd.CommandRejected("card_required", "key in the card to enter")
            self._record(
                AlertResolved(
                    alert=alert.alert, resolution="enter_card", by=by, detail=command.card.code
                )
            )
            self._take_card(command.card, source=f"entered by {by}", raw=alert.raw, hand=None)
            return
        if command.option == "set_aside" and alert.card is not None:
            self._record(AlertResolved(alert=alert.alert, resolution="set_aside", by=by))
            self._record(
                Burned(
                    card=alert.card, reason=BurnReason.SET_ASIDE, source=alert.source, raw=alert.raw
                )
            )
            return
        if command.option == "accept_card" and alert.card is not None:
            if state.awaiting_turn:
                raise cmd.CommandRejected(
                    "reveal_first", "turn the face-down cards before accepting the card"
                )
            self._record(AlertResolved(alert=alert.alert, resolution="accept_card", by=by))
            coup = state.coup
            step = coup.next_step if coup is not None else None
            if isinstance(step, DecisionDue):
                # A card dealt before the punter or banker chose: accepting it means the hand drew.
                self._record(
                    HandDecided(coup=state.coup_number, hand=step.hand.value, choice="draw", by=by)
                )
            self._take_accepted_card(alert.card, source=alert.source, raw=alert.raw)
            return
        self._record(AlertResolved(alert=alert.alert, resolution=command.option, by=by))


_C = TypeVar("_C")
CommandHandler = Callable[[TableController, Any], None]


def _handler(
    kind: type[_C], handler: Callable[[TableController, _C], None]
) -> tuple[type[Any], CommandHandler]:
    """One entry of :data:`COMMAND_HANDLERS`: the type checker sees that ``handler`` takes a
    ``kind`` (the table itself is looked up by the command's type, so it cannot mix them)."""
    return kind, handler


#: Each command's handler (tests/table/test_controller.py checks every command has one).
COMMAND_HANDLERS: Mapping[type[Any], CommandHandler] = dict(
    (
        _handler(cmd.NewShoe, TableController._cmd_new_shoe),
        _handler(cmd.EndShoe, TableController._cmd_end_shoe),
        _handler(cmd.PlaceBet, TableController._cmd_place_bet),
        _handler(cmd.ClearBets, TableController._cmd_clear_bets),
        _handler(cmd.RepeatBets, TableController._cmd_repeat_bets),
        _handler(cmd.Decide, TableController._cmd_decide),
        _handler(cmd.BankAction, TableController._cmd_bank_action),
        _handler(cmd.CloseCoup, TableController._cmd_close_coup),
        _handler(cmd.RevealHand, TableController._cmd_reveal_hand),
        _handler(cmd.ReportCutCard, TableController._cmd_report_cut_card),
        _handler(cmd.ReportExposedCard, TableController._cmd_report_exposed_card),
        _handler(cmd.VoidCoup, TableController._cmd_void_coup),
        _handler(cmd.CorrectCard, TableController._cmd_correct_card),
        _handler(cmd.CollectCommission, TableController._cmd_collect_commission),
        _handler(cmd.ResolveAlert, TableController._cmd_resolve_alert),
        _handler(cmd.VerifyProgram, TableController._cmd_verify_program),
        _handler(cmd.ReportHealth, TableController._cmd_report_health),
        _handler(cmd.MessageFromPit, TableController._cmd_message_from_pit),
    )
)


def _last_coup_after_cut(shoe: Shoe) -> int:
    settings = shoe.settings
    if shoe.phase is ShoePhase.IN_COUP:
        return shoe.coup + settings.coups_after_cut_card
    return shoe.coups_played + 1


def shoe_reason(shoe: Shoe) -> str:
    try:
        shoe.verify_start_coup()
    except RuleViolation as violation:
        return violation.message
    return "ready"
