"""The table's side of the pit: the journal's records, a summary and the status, over MQTT.

Records are read from the outbox (:mod:`.outbox`) in journal order and published at QoS 1 with
at most ``window`` unacknowledged at once; while the broker is away the table keeps dealing and
the records wait in the journal. paho-mqtt resends the unacknowledged ones after a reconnect;
after a restart of the table, the records after the last acknowledged one (kept beside the
journal) are sent again. A pit that finds a gap asks on the table's ``commands`` topic for the
records between two sequence numbers, and gets them again from the journal.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from dealer_assist import __version__
from dealer_assist.pit import topics
from dealer_assist.pit.mqtt import connect, new_client, properties
from dealer_assist.pit.outbox import Outbox, Progress
from dealer_assist.pit.settings import PublishSettings
from dealer_assist.pit.summary import ShiftTally, main_bet_limits, summary_json
from dealer_assist.table.events import Record
from dealer_assist.table.snapshot import Snapshot

log = logging.getLogger(__name__)

CommandHandler = Callable[[dict[str, Any]], None]


def _now() -> datetime:
    return datetime.now(UTC)


class TablePublisher:
    """Publishes one table. :meth:`attach` it to the controller, :meth:`start`, :meth:`close`."""

    def __init__(
        self,
        *,
        settings: PublishSettings,
        table: str,
        variant: str,
        limits: dict[str, str] | None = None,
        outbox: Outbox,
        progress: Progress,
        window: int = 100,
        summary_interval: float = 0.2,
        on_command: CommandHandler | None = None,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self.settings = settings
        self.table = table
        self.variant = variant
        self.limits = limits  # main_bet_limits: in every summary
        self.outbox = outbox
        self.progress = progress
        self.window = window
        self.summary_interval = summary_interval
        self.on_command = on_command
        self._clock = clock
        self._cond = threading.Condition()
        self._connected = False
        self._stopping = False
        self._cursor = progress.acked  # the last record handed to the client
        self._prev = progress.acked if progress.acked > progress.first else 0
        self._inflight: dict[int, int] = {}  # mid -> seq, the ordered stream only
        self._order: deque[list[int]] = deque()  # [seq, acked] in publishing order
        self._resends: deque[tuple[int, int]] = deque()
        self._early_acks: set[int] = set()
        self._other_mids: set[int] = set()
        self._snapshot: Snapshot | None = None
        self._summary_due = False
        self._summary_at = 0.0
        self._tally = ShiftTally()
        self._tallied = progress.first
        self._refused = 0
        self._thread: threading.Thread | None = None
        self._client = self._make_client()

    # --- the table's side ------------------------------------------------------------------

    def attach(self, controller: Any) -> None:
        controller.on_record(self.on_record)
        controller.on_snapshot(self.on_snapshot)

    def on_record(self, record: Record) -> None:
        self.outbox.note(record)

    def on_snapshot(self, snapshot: Snapshot) -> None:
        """Called after the journal's commit: the records up to ``snapshot.seq`` may go."""
        self.outbox.release(snapshot.seq)
        with self._cond:
            self._snapshot = snapshot
            self._summary_due = True
            self._cond.notify_all()

    # --- MQTT ------------------------------------------------------------------------------

    def _status(self, online: bool, *, will: bool = False) -> bytes:
        """The retained status; the last will's ``since`` is null (the pit stamps it)."""
        return json.dumps(
            {
                "table": self.table,
                "online": online,
                "since": None if will else self._clock().isoformat(),
                "variant": self.variant,
                "software": f"dealer-assist {__version__}",
                "journal": self.outbox.journal_id,
                "first": self.progress.first,
            }
        ).encode()

    def _make_client(self) -> Any:
        s = self.settings
        client = new_client(
            f"dealer-assist-table-{self.table}",
            s.broker,
            ca=str(s.ca) if s.ca else None,
            cert=str(s.cert) if s.cert else None,
            key=str(s.key) if s.key else None,
        )
        client.max_inflight_messages_set(self.window)
        client.max_queued_messages_set(0)
        client.will_set(
            topics.topic(self.table, "status"),
            self._status(False, will=True),
            qos=1,
            retain=True,
            properties=properties("WILLMESSAGE", WillDelayInterval=s.will_delay),
        )
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        client.on_message = self._on_message
        return client

    def _on_connect(self, client: Any, _: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            log.warning("table %s: the broker refused the connection: %s", self.table, reason)
            return
        self._send("status", self._status(True), retain=True)
        client.subscribe(topics.topic(self.table, "commands"), qos=1)
        with self._cond:
            self._connected = True
            self._summary_due = True
            self._cond.notify_all()

    def _on_disconnect(self, client: Any, _: Any, flags: Any, reason: Any, props: Any) -> None:
        with self._cond:
            self._connected = False

    def _on_publish(self, client: Any, _: Any, mid: int, reason: Any, props: Any) -> None:
        # paho holds its own lock here: never call the client while holding ours.
        with self._cond:
            self._cond.notify_all()
            if reason.is_failure:
                self._refused += 1
                log.warning("table %s: the broker refused message %d: %s", self.table, mid, reason)
            seq = self._inflight.pop(mid, None)
            if seq is not None:
                self._acked(seq)
            elif mid in self._other_mids:
                self._other_mids.discard(mid)
            else:
                self._early_acks.add(mid)  # acknowledged before publish() returned

    def _send(self, kind: str, payload: Any, *, retain: bool = False, seq: int = 0) -> None:
        """Publish at QoS 1; ``seq``: an event of the ordered stream (counted for progress)."""
        text = payload if isinstance(payload, bytes) else json.dumps(payload, ensure_ascii=False)
        info = self._client.publish(topics.topic(self.table, kind), text, qos=1, retain=retain)
        with self._cond:
            if info.mid in self._early_acks:
                self._early_acks.discard(info.mid)
                if seq:
                    self._acked(seq)
            elif seq:
                self._inflight[info.mid] = seq
            else:
                self._other_mids.add(info.mid)

    def _acked(self, seq: int) -> None:
        for entry in self._order:
            if entry[0] == seq:
                entry[1] = 1
                break
        while self._order and self._order[0][1]:
            self.progress.acked = self._order.popleft()[0]

    def _on_message(self, client: Any, _: Any, message: Any) -> None:
        try:
            command = json.loads(message.payload)
        except ValueError:
            log.warning("table %s: a command that is not JSON was ignored", self.table)
            return
        if not isinstance(command, dict):
            return
        if command.get("type") == "resend":
            if command.get("journal") != self.outbox.journal_id:
                return
            try:
                after, before = int(command["after"]), int(command["before"])
            except (KeyError, TypeError, ValueError):
                return
            with self._cond:
                self._resends.append((after, before))
                self._cond.notify_all()
        elif self.on_command is not None:
            self.on_command(command)

    # --- the sending thread ----------------------------------------------------------------

    def start(self) -> None:
        connect(self._client, self.settings.broker, keepalive=self.settings.keepalive)
        self._thread = threading.Thread(target=self._run, name=f"publish-{self.table}", daemon=True)
        self._thread.start()

    def _ready(self) -> bool:
        if not self._connected:
            return False
        if self._resends:
            return True
        if len(self._inflight) < self.window and self._cursor < self.outbox.last_seq():
            return True
        return self._summary_due and time.monotonic() >= self._summary_at + self.summary_interval

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._stopping and not self._ready():
                    wait = self.summary_interval if self._summary_due else None
                    self._cond.wait(timeout=wait)
                if self._stopping:
                    return
            self._pump()

    def _publish_event(self, record: Record, prev: int, *, ordered: bool) -> dict[str, Any]:
        payload = topics.event_message(
            record, table=self.table, journal=self.outbox.journal_id, prev=prev
        )
        self._send("events", payload, seq=record.seq if ordered else 0)
        return payload

    def _pump(self) -> None:
        with self._cond:
            resend = self._resends.popleft() if self._resends else None
            room = self.window - len(self._inflight)
        if resend is not None:
            self._resend(*resend)
        if room > 0:
            for record in self.outbox.after(self._cursor, room):
                if topics.published(record):
                    with self._cond:
                        self._order.append([record.seq, 0])
                    payload = self._publish_event(record, self._prev, ordered=True)
                    self._prev = record.seq
                    if record.seq > self._tallied:
                        self._tally.add(payload)
                        self._tallied = record.seq
                self._cursor = record.seq
        self.progress.save()
        self._maybe_summary()

    def _resend(self, after: int, before: int) -> None:
        prev = after if after > self.progress.first else 0
        seq = max(after, self.progress.first)
        while seq < before - 1 and seq < self._cursor:
            records = self.outbox.after(seq, self.window)
            if not records:
                return
            for record in records:
                if record.seq >= before or record.seq > self._cursor:
                    return
                if topics.published(record):
                    self._publish_event(record, prev, ordered=False)
                    prev = record.seq
                seq = record.seq

    def _maybe_summary(self) -> None:
        with self._cond:
            snapshot = self._snapshot
            due = self._summary_due and time.monotonic() >= self._summary_at + self.summary_interval
            if not due or snapshot is None:
                return
            self._summary_due = False
            self._summary_at = time.monotonic()
            seq = self._prev
        data = summary_json(
            snapshot,
            table=self.table,
            journal=self.outbox.journal_id,
            seq=seq,
            tally=self._tally,
            at=self._clock(),
            limits=self.limits,
        )
        self._send("summary", data, retain=True)

    # --- closing ---------------------------------------------------------------------------

    def drained(self) -> bool:
        with self._cond:
            return not self._inflight and self._cursor >= self.outbox.last_seq()

    def wait_drained(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._inflight or self._cursor < self.outbox.last_seq():
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(timeout=min(left, 0.1))
        return True

    def close(self, *, timeout: float = 5.0) -> bool:
        """Send what is left (within ``timeout``), say "offline", and disconnect.

        False: the broker did not acknowledge everything in time; those records go after the
        next start, from the journal.
        """
        self.outbox.settle()
        with self._cond:
            self._summary_at = 0.0
            self._cond.notify_all()
        drained = self.wait_drained(timeout)
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=timeout)
        if self._connected:
            info = self._client.publish(
                topics.topic(self.table, "status"), self._status(False), qos=1, retain=True
            )
            deadline = time.monotonic() + timeout
            while not info.is_published() and time.monotonic() < deadline and self._connected:
                with self._cond:
                    self._cond.wait(timeout=0.05)
            self._client.disconnect()
        self._client.loop_stop()
        self.progress.save()
        return drained


def table_commands(submit: Callable[[Any], Any]) -> CommandHandler:
    """What the table does with a command from the pit: ``acknowledge_alert`` resolves the
    alert with its ``acknowledge`` option as a supervisor (the table journals it; an alert that
    cannot be acknowledged, or is gone, is refused by the table and nothing happens);
    ``message`` is a message to the croupier, journaled (``pit_message``) and shown on the
    croupier's screen (a message that is empty or too long is refused by the table)."""
    from dealer_assist.table.commands import MessageFromPit, ResolveAlert, Role

    def handle(command: dict[str, Any]) -> None:
        kind = command.get("type")
        if kind == "acknowledge_alert" and isinstance(command.get("alert"), int):
            submit(ResolveAlert(alert=command["alert"], option="acknowledge", role=Role.SUPERVISOR))
        elif kind == "message" and isinstance(command.get("text"), str):
            by = command.get("by")
            submit(MessageFromPit(text=command["text"], by=by if isinstance(by, str) else "pit"))
        else:
            log.warning("a command from the pit this table does not know: %r", command.get("type"))

    return handle


def publish_table(
    controller: Any,
    config: Any,
    broker_url: str | None = None,
    *,
    on_command: CommandHandler | None = None,
) -> TablePublisher:
    """Publish a table that :func:`~dealer_assist.journal.recovery.open_table` (or a plain
    controller) gave: from its configuration's ``[publish]``, or ``broker_url`` (``--publish``).
    Call before the table begins; :meth:`TablePublisher.close` after it stops."""
    from dataclasses import replace

    from dealer_assist.pit.outbox import JournalOutbox, MemoryOutbox, progress_path
    from dealer_assist.pit.settings import parse_broker_url

    settings: PublishSettings | None = config.publish
    if broker_url is not None:
        broker = parse_broker_url(broker_url)
        settings = (
            PublishSettings(broker=broker) if settings is None else replace(settings, broker=broker)
        )
    if settings is None:
        raise ValueError("no broker: give --publish URL or a [publish] section")
    journal = getattr(controller, "journal", None)
    outbox: Outbox
    if journal is not None:
        outbox = JournalOutbox(journal)
        # Without a progress file, the whole journal is sent: the pit drops what it holds.
        progress = Progress(progress_path(journal.path), journal_id=outbox.journal_id, start=0)
    else:
        outbox = MemoryOutbox(first_seq=controller.seq)
        progress = Progress(None, journal_id=outbox.journal_id, start=controller.seq)
    publisher = TablePublisher(
        settings=settings,
        table=settings.table or config.table_id,
        variant=config.variant.name,
        limits=main_bet_limits(config.settlement.limits, config.variant.bets),
        outbox=outbox,
        progress=progress,
        on_command=on_command,
    )
    publisher.attach(controller)
    publisher.start()
    return publisher


def publish_runtime(
    runtime: Any, config: Any, broker_url: str | None = None
) -> TablePublisher | None:
    """Publish the table a :class:`~dealer_assist.table.runtime.TableRuntime` runs, and let the
    pit's commands reach it through the runtime (on the table's thread): the one attach code of
    ``dealer-assist run`` and of the touchscreen (``--publish URL`` or ``[publish]``). None when
    neither names a broker. Call before the runtime starts; close the publisher after it stops.
    """
    if broker_url is None and config.publish is None:
        return None
    return publish_table(
        runtime.controller, config, broker_url, on_command=table_commands(runtime.submit)
    )
