"""Serial shoe driver: card latency over a real pty, and how much line noise it keeps up with.

Latency: this process plays the shoe on the master end of a pseudo-terminal (raw mode), the
``serial://`` driver (:class:`SerialShoe`, its port thread, pyserial) reads the slave end. Each
CARD frame is written with one ``os.write``; the clock starts just before that write and stops
when the driver's emit callback receives the :class:`CardRead`. Target: p99 ≤ 5 ms.

Noise: megabytes of noise are written into the same pty, then one genuine CARD; the rate is the
noise bytes divided by the time from the first write to that card reaching the emit callback,
so it covers the whole driver path (pty, pyserial reads, session, decoder). Target: ≥ 1 MB/s.

Run:  .venv/bin/python benchmarks/bench_serial.py [--cards 2000] [--megabytes 4]
"""

from __future__ import annotations

import argparse
import os
import queue
import random
import sys
import threading
import time
import tty
from collections.abc import Callable

from _common import emit, machine, median, percentile, section

from dealer_assist.cards import one_deck
from dealer_assist.drivers.base import CardRead as SourceCardRead
from dealer_assist.drivers.base import SourceEvent, StatusChanged
from dealer_assist.drivers.shoe.keys import ShoeKey
from dealer_assist.drivers.shoe.protocol import (
    Accepted,
    Capability,
    CardRead,
    Direction,
    EpochReason,
    FrameDecoder,
    FrameEncoder,
    Hello,
    QueryStatus,
    ShoeMode,
)
from dealer_assist.drivers.shoe.serial import SerialShoe

KEY = bytes(range(32))
TARGET_P99_MS = 5.0
TARGET_MB_S = 1.0
UID = bytes.fromhex("04a1b2c3d4e5f6")


class BenchShoe:
    """The shoe's end of a raw pty, and a driver on the other end."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.arrivals: queue.Queue[tuple[float, SourceEvent]] = queue.Queue()
        self.encoder = FrameEncoder(key=KEY, sending=Direction.SHOE_TO_HOST, epoch=3)
        self.event_seq = 0
        self.deck = one_deck() * 8
        self.source = SerialShoe(name="bench", key=ShoeKey(key=KEY), port=os.ttyname(self.slave))
        self._stop = threading.Event()
        self._drainer = threading.Thread(target=self._drain, daemon=True)

    def _emit(self, event: SourceEvent) -> None:
        self.arrivals.put((time.perf_counter(), event))

    def _drain(self) -> None:
        while not self._stop.is_set():
            try:
                os.read(self.master, 65536)  # ACKs and lights: take them off the line
            except OSError:
                return

    def start(self) -> None:
        self.source.start(self._emit)
        decoder = FrameDecoder(key=KEY, receiving=Direction.HOST_TO_SHOE)
        query = None
        while query is None:
            for result in decoder.feed(os.read(self.master, 4096)):
                if isinstance(result, Accepted) and isinstance(result.message, QueryStatus):
                    query = result.message
        hello = Hello(
            serial_number=1,
            firmware_version=(1, 0, 0),
            mode=ShoeMode.NONE,
            capabilities=Capability.RFID_READER,
            boot_epoch=3,
            epoch_reason=EpochReason.POWER_ON,
            host_seq_last=0,
            nonce=query.nonce,
        )
        os.write(self.master, self.encoder.encode(hello))
        self._drainer.start()
        self.wait_for(lambda e: isinstance(e, StatusChanged) and e.status.value == "connected")

    def card_frame(self) -> bytes:
        self.event_seq += 1
        card = self.deck[self.event_seq % len(self.deck)]
        event = CardRead(event_epoch=3, event_seq=self.event_seq, card=card, tag_data=UID)
        return self.encoder.encode(event)

    def wait_for(self, wanted: Callable[[SourceEvent], bool]) -> float:
        while True:
            at, event = self.arrivals.get(timeout=10)
            if wanted(event):
                return at

    def stop(self) -> None:
        self.source.stop()
        self._stop.set()
        os.write(self.slave, b"\x00")  # wake the drainer
        self._drainer.join(timeout=5)
        os.close(self.master)
        os.close(self.slave)


def is_card(event: SourceEvent) -> bool:
    return isinstance(event, SourceCardRead)


def latency(shoe: BenchShoe, count: int, rng: random.Random, noise: int = 0) -> list[float]:
    """Milliseconds from the write of a CARD frame to its CardRead, ``count`` times."""
    results = []
    for _ in range(count):
        if noise:
            os.write(shoe.master, rng.randbytes(noise))
        frame = shoe.card_frame()
        start = time.perf_counter()
        os.write(shoe.master, frame)
        arrived = shoe.wait_for(is_card)
        results.append((arrived - start) * 1000)
    return results


def noise_rate(shoe: BenchShoe, stream: bytes) -> float:
    """MB/s of ``stream`` through the driver, ended by one genuine card."""
    frame = shoe.card_frame()
    start = time.perf_counter()
    view = memoryview(stream)
    for offset in range(0, len(stream), 65536):
        os.write(shoe.master, view[offset : offset + 65536])
    os.write(shoe.master, frame)
    arrived = shoe.wait_for(is_card)
    return len(stream) / (arrived - start) / 1e6


def noise_streams(size: int, rng: random.Random) -> dict[str, bytes]:
    sized = bytearray()
    while len(sized) < size:
        sized += b"\x00" + rng.randbytes(rng.randint(22, 86)).replace(b"\x00", b"\x07")
    short = bytearray(rng.randbytes(size).replace(b"\x00", b"\x01"))
    short[3::4] = bytes(len(short[3::4]))
    return {
        "random bytes": rng.randbytes(size),
        "a 00 every 4th byte (most chunks)": bytes(short),
        "frame-sized chunks (COBS and CRC run)": bytes(sized[:size]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=2000)
    parser.add_argument("--megabytes", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=20261129)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    shoe = BenchShoe()
    shoe.start()
    try:
        latency(shoe, 50, rng)  # warm up
        quiet = latency(shoe, args.cards, rng)
        noisy = latency(shoe, args.cards // 4, rng, noise=2000)
        rates = {
            name: noise_rate(shoe, stream)
            for name, stream in noise_streams(int(args.megabytes * 1e6), rng).items()
        }
        stats = shoe.source.session.decoder.stats
    finally:
        shoe.stop()

    load = os.getloadavg()[0]
    p99 = percentile(quiet, 0.99)
    slowest = min(rates.values())
    ok_latency = "met" if p99 <= TARGET_P99_MS else "**not met**"
    ok_noise = "met" if slowest >= TARGET_MB_S else "**not met**"

    def ms(values: list[float]) -> str:
        return (
            f"p50 {median(values):.2f} ms, p99 {percentile(values, 0.99):.2f} ms, "
            f"max {max(values):.2f} ms"
        )

    rows: list[list[object]] = [
        [f"CARD frame written → CardRead, quiet line ({len(quiet)} cards)", ms(quiet),
         f"p99 ≤ {TARGET_P99_MS:g} ms: {ok_latency}"],
        [f"the same after 2 kB of noise each ({len(noisy)} cards)", ms(noisy), ""],
    ]  # fmt: skip
    for name, rate in rates.items():
        rows.append([f"noise through the driver: {name}", f"{rate:,.1f} MB/s", ""])
    target = f"≥ {TARGET_MB_S:g} MB/s: {ok_noise}"
    rows.append(["slowest noise shape", f"{slowest:,.1f} MB/s", target])
    emit(
        section(
            "Serial shoe driver (issue 6)",
            f".venv/bin/python benchmarks/bench_serial.py --cards {args.cards} "
            f"--megabytes {args.megabytes:g}",
            ["measure", "result", "target"],
            rows,
            notes=(
                f"Machine: {machine()}, load average {load:.1f} during the run (the tail "
                "is the operating system waking the driver's thread on a busy machine). "
                "A real pseudo-terminal in raw mode; this process writes "
                "the shoe's frames to the master end, the serial:// driver (SerialShoe: pyserial, "
                "its port thread, the host session and frame decoder) reads the slave end; the "
                "clock runs from just before the os.write of a CARD frame to the driver's emit "
                "callback. A 115200-baud line carries at most 0.0115 MB/s. Decoder counters "
                f"after the run: {stats.frames_accepted:,} frames accepted, "
                f"{stats.frames_rejected:,} chunks rejected."
            ),
        )
    )
    return 0 if p99 <= TARGET_P99_MS and slowest >= TARGET_MB_S else 1


if __name__ == "__main__":
    sys.exit(main())
