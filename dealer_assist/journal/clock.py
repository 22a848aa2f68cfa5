"""The table's one clock: UTC wall time, watched against a monotonic clock for steps.

Every record's time comes from :meth:`TableClock.now`. The wall clock can be stepped (an
operator setting it, a bad time sync, a dead CMOS battery after a power cut), and the record
must say so: :meth:`TableClock.check` compares how far the wall clock moved with how far the
monotonic clock moved since the last check and returns a
:class:`~dealer_assist.table.events.ClockStepped` event when they disagree by more than a
small tolerance backwards, or ``forward_limit`` forwards (a suspended PC also shows as a
forward step: the monotonic clock stops while the PC sleeps). Across a restart there is no
monotonic reference, so :meth:`check_restart` compares with the journal's last record: a time
before it is a backwards step.

Both clocks are injected, so tests step them at will:

>>> from datetime import datetime, UTC
>>> wall = [datetime(2026, 1, 1, 12, 0, tzinfo=UTC)]
>>> ticks = [0.0]
>>> clock = TableClock(wall=lambda: wall[0], monotonic=lambda: ticks[0])
>>> clock.check() is None
True
>>> wall[0] = datetime(2026, 1, 1, 11, 0, tzinfo=UTC); ticks[0] = 5.0
>>> clock.check().reason, clock.check()
('backwards', None)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from dealer_assist.table.events import ClockStepped

BACKWARD_TOLERANCE = timedelta(seconds=1)


def system_utc() -> datetime:
    return datetime.now(UTC)


def _seconds(delta: timedelta) -> str:
    micros = (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds
    return str(Decimal(micros).scaleb(-6).quantize(Decimal("0.001")))


class TableClock:
    """UTC time for the records, and the watch for steps."""

    def __init__(
        self,
        *,
        wall: Callable[[], datetime] = system_utc,
        monotonic: Callable[[], float] = time.monotonic,
        forward_limit: timedelta = timedelta(seconds=60),
    ) -> None:
        self._wall = wall
        self._monotonic = monotonic
        self.forward_limit = forward_limit
        self._last: tuple[datetime, float] | None = None

    def now(self) -> datetime:
        """The time now, in UTC (a time zone-aware datetime)."""
        moment = self._wall()
        if moment.tzinfo is None:
            raise ValueError("the table clock must give time zone-aware times")
        return moment.astimezone(UTC)

    def check(self) -> ClockStepped | None:
        """A step since the last check, or None. The first check only sets the reference."""
        wall, ticks = self.now(), self._monotonic()
        last = self._last
        self._last = (wall, ticks)
        if last is None:
            return None
        expected = last[0] + timedelta(seconds=ticks - last[1])
        step = wall - expected
        if step < -BACKWARD_TOLERANCE:
            reason = "backwards"
        elif step > self.forward_limit:
            reason = "forwards"
        else:
            return None
        return ClockStepped(
            previous=expected.isoformat(),
            current=wall.isoformat(),
            step_seconds=_seconds(step),
            reason=reason,
        )

    def check_restart(self, last_recorded: datetime | None) -> ClockStepped | None:
        """At start: the clock is behind the journal's last record (it went backwards while
        the table was off). Also sets the reference for :meth:`check`."""
        wall, ticks = self.now(), self._monotonic()
        self._last = (wall, ticks)
        if last_recorded is None or wall - last_recorded >= -BACKWARD_TOLERANCE:
            return None
        return ClockStepped(
            previous=last_recorded.astimezone(UTC).isoformat(),
            current=wall.isoformat(),
            step_seconds=_seconds(wall - last_recorded),
            reason="backwards_across_restart",
        )
