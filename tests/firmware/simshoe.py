"""The simulated smart shoe for tests and benchmarks: the real firmware image in simavr
(``firmware/build/shoe_sim``), its UART0 on a pty, and a small host that speaks the link
protocol with the reference implementation (:mod:`dealer_assist.drivers.shoe.protocol`).

``SimShoe`` starts the simulator with a scripted shoe of NFC-tagged cards and drives it (deal,
reset, ...); ``ProtocolHost`` opens the pty with pyserial, synchronises (QUERY_STATUS with a
nonce), acknowledges every CARD, keeps the link alive and records what the
:class:`CardEventTracker` makes of each event.
"""

from __future__ import annotations

import contextlib
import os
import queue
import secrets
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import serial  # type: ignore[import-untyped]

from dealer_assist.cards import Card, one_deck
from dealer_assist.drivers.shoe.protocol import (
    Accepted,
    Acknowledge,
    CardEventTracker,
    CardRead,
    Direction,
    FrameDecoder,
    FrameEncoder,
    Hello,
    HostReplayGuard,
    Indicator,
    QueryStatus,
    SensorFlag,
    SetIndicator,
    StatusReport,
    TrackerVerdict,
    UnlockExit,
)
from dealer_assist.tags import deck_position, encode_tag

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
SIM = FIRMWARE / "build" / "shoe_sim"
ELF = FIRMWARE / "build" / "shoe.elf"
LINK_KEY = bytes(range(32))
"""The shoe's pairing key in these tests (the protocol's test key)."""
TAG_KEY = bytes(range(0x40, 0x60))
"""The casino's card-tag key: the shoe never has it; the host checks the tags with it."""
DECK_SERIAL = 2024
SIM_SERIAL = 1234567
"""The serial number the simulator writes in a blank EEPROM's identity record."""


def build(*targets: str) -> str:
    """``make -C firmware TARGETS``; raises with the output if it fails."""
    done = subprocess.run(
        ["make", "-C", str(FIRMWARE), *targets],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if done.returncode != 0:
        raise AssertionError(f"make {' '.join(targets)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def card_uid(index: int) -> bytes:
    return bytes([0x04, 0x5A, 0x10, (index >> 8) & 0xFF, index & 0xFF, 0x3C, 0x80])


def scripted_shoe(cards: Sequence[Card]) -> list[tuple[bytes, bytes]]:
    """One tagged card per card: (UID, pages 4-7) written as `tags encode` does."""
    return [
        (
            card_uid(i),
            encode_tag(card_uid(i), card, DECK_SERIAL, deck_position(card), TAG_KEY),
        )
        for i, card in enumerate(cards)
    ]


def shuffled_deck(seed: int) -> list[Card]:
    import random

    deck = one_deck()
    random.Random(seed).shuffle(deck)
    return deck


@dataclass
class SimEvent:
    kind: str
    fields: dict[str, str]
    raw: str


class SimShoe:
    """The simulator process: ``@`` events from its stdout, commands to its stdin."""

    def __init__(
        self,
        workdir: Path,
        tags: Sequence[tuple[bytes, bytes]],
        *,
        speed: float = 1.0,
        dwell_ms: int = 200,
        gap_ms: int = 100,
        key: bytes | None = LINK_KEY,
        epoch: int = 0,
        wait_host_ms: int | None = None,
        ack_within_ms: int | None = None,
        extra: Sequence[str] = (),
    ) -> None:
        """``wait_host_ms``: at that simulated time (between two frames) the shoe's clock stands
        still until a host has opened the port and written to it; :meth:`start` returns once it
        does, so the host opens the port while the shoe is silent (see ``--wait-host``).

        ``ack_within_ms``: the host answers each CARD within that much simulated time, however
        slow the machine: the shoe's clock stands still until it has (see ``--ack-within``).
        The shoe sends a card only once the one before is acknowledged, so without it a host
        late by some wall time delays the next card in simulated time."""
        self.workdir = workdir
        self.shoe_file = workdir / "shoe.txt"
        self.shoe_file.write_text("".join(f"{uid.hex()} {data.hex()}\n" for uid, data in tags))
        self.eeprom = workdir / "eeprom.bin"
        self.stderr_path = workdir / "shoe_sim.stderr"
        self.args = [str(SIM), str(ELF), "--shoe", str(self.shoe_file)]
        self.args += ["--eeprom", str(self.eeprom), "--speed", str(speed)]
        self.args += ["--dwell-ms", str(dwell_ms), "--gap-ms", str(gap_ms), *extra]
        if key is not None:
            self.args += ["--key", key.hex(), "--epoch", str(epoch)]
        self.wait_host_ms = wait_host_ms
        if wait_host_ms is not None:
            self.args += ["--wait-host", str(wait_host_ms)]
        if ack_within_ms is not None:
            self.args += ["--ack-within", str(ack_within_ms)]
        self.events: queue.Queue[SimEvent] = queue.Queue()
        self.history: list[SimEvent] = []
        self.proc: subprocess.Popen[str] | None = None
        self.reader: threading.Thread | None = None
        self.pty = ""

    def start(self) -> SimShoe:
        with self.stderr_path.open("w") as err:
            self.proc = subprocess.Popen(
                self.args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
                bufsize=1,
            )
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.pty = self.wait("pty", 10).raw.split(" ", 1)[1]
        self.wait("ready", 10)
        if self.wait_host_ms is not None:
            self.wait("waiting-for-host", 10 + self.wait_host_ms / 1000)
        return self

    def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            line = line.strip()
            if not line.startswith("@"):
                continue
            kind, _, rest = line[1:].partition(" ")
            fields = dict(part.split("=", 1) for part in rest.split() if "=" in part)
            event = SimEvent(kind, fields, line[1:])
            self.history.append(event)
            self.events.put(event)

    def send(self, *commands: str) -> None:
        """Commands in one write: the simulator reads them at one simulated moment, so
        ``send("in", "after 40 reset")`` places the reset 40 simulated ms after the card."""
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write("".join(command + "\n" for command in commands))
        self.proc.stdin.flush()

    def wait(self, kind: str, timeout: float, pump: ProtocolHost | None = None) -> SimEvent:
        """The next event of this kind (others are kept in ``history``); pumps the host."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no @{kind} from the simulator in {timeout} s")
            try:
                event = self.events.get(timeout=min(left, 0.01 if pump else left))
            except queue.Empty:
                event = None
            if pump is not None:
                pump.pump()
            if event is not None and event.kind == kind:
                return event
            if event is not None and event.kind == "crashed":
                raise AssertionError("the firmware crashed in the simulator")

    def sim_time_us(self, pump: ProtocolHost | None = None) -> int:
        """The simulated time now (the simulator answers ``sync`` after earlier commands)."""
        self.send("sync")
        return int(self.wait("sync", 10, pump=pump).fields["t"])

    def advance(self, ms: float, pump: ProtocolHost | None = None) -> None:
        """Let ``ms`` of simulated time pass (whatever the wall clock does meanwhile): the
        simulator answers ``sync`` that much later in its own time."""
        self.send(f"after {ms:g} sync")
        self.wait("sync", 10 + ms / 1000, pump=pump)

    def of_kind(self, kind: str) -> list[SimEvent]:
        return [event for event in self.history if event.kind == kind]

    def stop(self) -> None:
        proc = self.proc
        if proc is None:
            return
        if proc.poll() is None:
            try:
                self.send("quit")
                proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()
        if self.reader is not None:
            self.reader.join(timeout=5)
        for stream in (proc.stdin, proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self.proc = None

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")


@dataclass
class HostLog:
    """What the host saw: every genuine CARD (with the tracker's verdict), in order."""

    cards: list[CardRead] = field(default_factory=list)
    verdicts: list[TrackerVerdict] = field(default_factory=list)
    hellos: list[Hello] = field(default_factory=list)
    statuses: list[StatusReport] = field(default_factory=list)

    def distinct_events(self) -> list[CardRead]:
        """Each event once, in arrival order; a repeat must be byte-identical."""
        seen: dict[tuple[int, int], CardRead] = {}
        order: list[CardRead] = []
        for card in self.cards:
            earlier = seen.get(card.event_id)
            if earlier is None:
                seen[card.event_id] = card
                order.append(card)
            elif earlier != card:
                raise AssertionError(f"event {card.event_id} arrived twice with other content")
        return order


class ProtocolHost:
    """A minimal host on the pty: what the serial driver does, with the reference codec."""

    def __init__(self, port: str, key: bytes = LINK_KEY, keepalive_s: float = 0.2) -> None:
        self.port_name = port
        self.key = key
        self.keepalive_s = keepalive_s
        self.log = HostLog()
        self.tracker = CardEventTracker()
        self.guard = HostReplayGuard()
        self.decoder = FrameDecoder(key=key, receiving=Direction.SHOE_TO_HOST, guard=self.guard)
        self.encoder = FrameEncoder(key=key, sending=Direction.HOST_TO_SHOE, epoch=1)
        self.port: serial.Serial | None = None
        self.epoch: int | None = None
        self.last_send = 0.0
        self.last_query = 0.0

    # -- the port
    def open(self) -> ProtocolHost:
        self.port = serial.Serial(self.port_name, 115200, timeout=0, write_timeout=1)
        self.epoch = None
        self.query()
        return self

    def close(self) -> None:
        if self.port is not None:
            self.port.close()
            self.port = None

    def _write(self, wire: bytes) -> None:
        assert self.port is not None
        self.port.write(wire)
        self.last_send = time.monotonic()

    # -- the protocol
    def query(self) -> None:
        """QUERY_STATUS with a fresh nonce; the HELLO echoing it (re)synchronises us."""
        nonce = secrets.token_bytes(8)
        self.guard = HostReplayGuard()  # no freshness proof until that HELLO
        self.decoder = FrameDecoder(
            key=self.key, receiving=Direction.SHOE_TO_HOST, guard=self.guard
        )
        self.guard.challenge(nonce)
        self._write(self.encoder.encode(QueryStatus(nonce=nonce)))
        self.last_query = time.monotonic()

    def pump(self) -> None:
        """Read what arrived, answer it, keep the link alive."""
        if self.port is None:
            return
        data = self.port.read(4096)
        for result in self.decoder.feed(data) if data else []:
            if isinstance(result, Accepted):
                self._accepted(result.message)
        now = time.monotonic()
        if self.epoch is None and now - self.last_query > 0.5:
            self.query()
        elif self.epoch is not None and now - self.last_send > self.keepalive_s:
            self._write(self.encoder.encode(SetIndicator(indicator=Indicator.OFF)))

    def _accepted(self, message: object) -> None:
        if isinstance(message, Hello):
            self.log.hellos.append(message)
            verdict = self.tracker.observe_hello(message)
            if verdict is not None:
                self.log.verdicts.append(verdict)
            if message.boot_epoch != self.epoch:
                self.epoch = message.boot_epoch
                self.encoder.restart(epoch=message.boot_epoch, next_seq=message.host_seq_last + 1)
        elif isinstance(message, CardRead):
            self.log.cards.append(message)
            self.log.verdicts.append(self.tracker.observe_card(message))
            if self.epoch is not None:
                self._write(self.encoder.encode(Acknowledge.of(message)))
        elif isinstance(message, StatusReport):
            self.log.statuses.append(message)
            if message.sensors & SensorFlag.EXIT_LOCKED and self.epoch is not None:
                self._write(self.encoder.encode(UnlockExit()))

    def run(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump()
            time.sleep(0.002)


def wait_until(condition: object, timeout: float, host: ProtocolHost | None = None) -> None:
    assert callable(condition)
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        if host is not None:
            host.pump()
        time.sleep(0.002)


def env_speed(default: float) -> float:
    return float(os.environ.get("SHOE_SIM_SPEED", default))
