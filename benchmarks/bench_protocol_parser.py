"""Shoe protocol parser speed: can the host keep up with a line full of noise?

Target: at least 1 MB/s of random noise (a 115200-baud line carries 0.0115 MB/s, so this is
about 90 times the worst a real line can deliver). Also measured: the noise shapes that make the
parser work hardest, a stream of valid CARD frames, and the cost of one CARD frame.

Run:  .venv/bin/python benchmarks/bench_protocol_parser.py [--megabytes 8] [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable

from dealer_assist.cards import one_deck
from dealer_assist.drivers.shoe.protocol import (
    CardRead,
    Direction,
    FrameDecoder,
    FrameEncoder,
    HostReplayGuard,
    encode_frame,
)

KEY = bytes(range(32))
READ_SIZE = 4096
"""Bytes per feed() call, as a serial driver reading a 4 KiB buffer would."""
TARGET_MB_S = 1.0
COMMAND = ".venv/bin/python benchmarks/bench_protocol_parser.py"


def best_of(repeat: int, run: Callable[[], None]) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


def feed_all(stream: bytes) -> Callable[[], None]:
    def run() -> None:
        decoder = FrameDecoder(key=KEY, receiving=Direction.SHOE_TO_HOST)
        for start in range(0, len(stream), READ_SIZE):
            decoder.feed(stream[start : start + READ_SIZE])

    return run


def noise_streams(size: int, rng: random.Random) -> dict[str, bytes]:
    uniform = rng.randbytes(size)
    # A 00 every 4th byte: the most chunks per megabyte (each one too short).
    short = bytearray(rng.randbytes(size).replace(b"\x00", b"\x01"))
    short[3::4] = bytes(len(short[3::4]))
    # Frame-sized chunks of non-zero bytes: each one goes through COBS and the CRC.
    sized = bytearray()
    while len(sized) < size:
        sized += b"\x00" + rng.randbytes(rng.randint(22, 86)).replace(b"\x00", b"\x07")
    return {
        "random noise (uniform bytes)": uniform,
        "noise, a 00 every 4th byte": bytes(short),
        "noise, frame-sized chunks (COBS + CRC run)": bytes(sized[:size]),
    }


def card_frames(count: int, rng: random.Random) -> list[bytes]:
    deck = one_deck() * 8
    rng.shuffle(deck)
    uid = bytes.fromhex("04a1b2c3d4e5f6")
    return [
        encode_frame(
            CardRead(event_epoch=7, event_seq=i + 1, card=deck[i % len(deck)], tag_data=uid),
            key=KEY,
            epoch=7,
            seq=i + 1,
        )
        for i in range(count)
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=8.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    size = int(args.megabytes * 1_000_000)
    rng = random.Random(20240601)
    rows: list[tuple[str, str, str]] = []
    slowest_noise = float("inf")

    for name, stream in noise_streams(size, rng).items():
        seconds = best_of(args.repeat, feed_all(stream))
        rate = len(stream) / seconds / 1e6
        slowest_noise = min(slowest_noise, rate)
        rows.append((name, f"{rate:,.1f} MB/s", f"{len(stream) / 1e6:.1f} MB in {seconds:.3f} s"))

    frames = card_frames(20_000, rng)
    stream = b"".join(frames)
    seconds = best_of(args.repeat, feed_all(stream))
    rows.append(
        (
            "valid CARD frames, back to back",
            f"{len(stream) / seconds / 1e6:,.2f} MB/s",
            f"{len(frames) / seconds:,.0f} frames/s",
        )
    )

    def one_by_one(guarded: bool) -> Callable[[], None]:
        def run() -> None:
            guard = HostReplayGuard(last=(7, 0)) if guarded else None
            decoder = FrameDecoder(key=KEY, receiving=Direction.SHOE_TO_HOST, guard=guard)
            for frame in frames:
                decoder.feed(frame)

        return run

    for guarded in (False, True):
        seconds = best_of(args.repeat, one_by_one(guarded))
        label = "with replay guard" if guarded else "no guard"
        rows.append(
            (
                f"decode one CARD frame ({label})",
                f"{seconds / len(frames) * 1e6:.1f} µs",
                f"feed() of one {len(frames[0])}-byte frame, mean of {len(frames):,}",
            )
        )

    def encode_run() -> None:
        encoder = FrameEncoder(key=KEY, sending=Direction.SHOE_TO_HOST, epoch=7)
        card = CardRead(event_epoch=7, event_seq=1, card=one_deck()[0], tag_data=b"\x04" * 7)
        for _ in range(len(frames)):
            encoder.encode(card)

    seconds = best_of(args.repeat, encode_run)
    rows.append(
        ("encode one CARD frame", f"{seconds / len(frames) * 1e6:.1f} µs", "FrameEncoder.encode")
    )

    verdict = "met" if slowest_noise >= TARGET_MB_S else "NOT MET"
    print(f"Command: `{COMMAND} --megabytes {args.megabytes:g} --repeat {args.repeat}`")
    print(
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"best of {args.repeat}, feed() in {READ_SIZE}-byte reads\n"
    )
    print("| Case | Speed | Detail |")
    print("|---|---|---|")
    for row in rows:
        print(f"| {row[0]} | {row[1]} | {row[2]} |")
    slowest = f"slowest shape {slowest_noise:,.1f} MB/s"
    print(f"\nTarget ≥ {TARGET_MB_S:g} MB/s of noise ({slowest}): {verdict}")
    return 0 if slowest_noise >= TARGET_MB_S else 1


if __name__ == "__main__":
    sys.exit(main())
