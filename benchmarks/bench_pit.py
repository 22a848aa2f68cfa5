"""The pit (issue 25) under load: many simulated tables dealing into one broker and one pit.

Three processes, as on a casino floor: a Mosquitto broker (a child, on a free loopback port),
the pit (its model, its MQTT client and its screen, offscreen) and the tables (each a real
:class:`~dealer_assist.table.controller.TableController` with its own
:class:`~dealer_assist.pit.publisher.TablePublisher` and MQTT connection, fed the cards of a
seeded, shuffled 8-deck shoe at ``--cards-per-second`` each; one process for all of them).

Measured:

- card event at the table to the event in the pit: the time the table journaled a card
  (``"type": "card"``, its ``at``) to the pit's model holding it (one clock: one machine);
- the pit screen's repaint after an event: for every message (event, summary, status), from
  the moment the pit's MQTT client read it (before parsing and storing) to the end of the first
  paint of the window (Qt's update request: every widget marked dirty painted) after the refresh
  that took it in; also for the messages whose tile was on screen, and for the oldest message of
  each repaint; and the refresh and the paint alone;
- the pit process's CPU while the tables deal (its own CPU-seconds over wall seconds) and its
  peak memory (VmHWM);
- the broker's CPU (share of one core), over the same window.

A croupier deals about 70 coups an hour, about 5 cards a coup: a card every 10 s. Ten times that
pace is one card a second at each table (the default).

    python benchmarks/bench_pit.py [--tables 200] [--cards-per-second 1] [--seconds 60]
        [--screen 1920x1080]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _common import emit, machine, percentile, section

HERE = Path(__file__).resolve()
REPO = HERE.parents[1]
TICKS = os.sysconf("SC_CLK_TCK")
#: The pit listens this long after the tables stopped dealing (their last messages arrive).
TAIL_S = 3.0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def peak_memory_mb(field: str = "VmHWM") -> float:
    """This process's peak resident memory (VmHWM), or its resident memory now (VmRSS)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# --- the pit ---------------------------------------------------------------------------------


def run_pit(args: argparse.Namespace) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QTimer

    from dealer_assist.pit.client import PitClient
    from dealer_assist.pit.model import PitModel
    from dealer_assist.pit.settings import parse_broker_url
    from dealer_assist.ui.app import application
    from dealer_assist.ui.pit_screen import PitWindow

    latencies: list[float] = []  # a card journaled at the table to the pit's model holding it
    after_event: list[float] = []  # each message's arrival to the end of the paint showing it
    in_view: list[float] = []  # the same, for the messages whose tile was on screen
    events_only: list[float] = []  # the same, for the event messages (not summary or status)
    worst_of_repaint: list[float] = []  # the oldest message a repaint showed
    refreshing: list[float] = []  # the refresh alone (the tiles' text set)
    painting: list[float] = []  # one paint of the window (Qt: the posted update request)
    lock = threading.Lock()
    measuring = threading.Event()
    taken: list[tuple[str, float, bool]] = []  # (table, arrival, an event?) the model took in
    unpainted: list[list[tuple[str, float, bool]]] = []  # what refreshes showed, not yet painted

    def on_emit(data: dict[str, Any]) -> None:
        if data.get("kind") == "event" and data.get("type") == "card" and measuring.is_set():
            now = time.time()
            latencies.append(now - datetime.fromisoformat(data["at"]).timestamp())

    class Client(PitClient):
        def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
            arrived = time.perf_counter()  # paho read it: before parsing, before the store
            super()._on_message(client, userdata, message)
            if measuring.is_set():
                _, table, kind = message.topic.rsplit("/", 2)
                with lock:  # in the model now: a refresh that begins after this shows it
                    taken.append((table, arrived, kind == "events"))

    class Window(PitWindow):
        def refresh(self) -> None:
            with lock:
                batch = taken[:]
                taken.clear()
            start = time.perf_counter()
            super().refresh()
            if batch:
                refreshing.append(time.perf_counter() - start)
                unpainted.append(batch)

        def event(self, event: QEvent) -> bool:
            if event.type() != QEvent.Type.UpdateRequest:
                return super().event(event)
            start = time.perf_counter()
            handled = super().event(event)  # every widget marked dirty painted, then flushed
            end = time.perf_counter()
            painting.append(end - start)
            for batch in unpainted:
                worst_of_repaint.append(end - min(arrived for _, arrived, _ in batch))
                for table, arrived, is_event in batch:
                    after_event.append(end - arrived)
                    if is_event:
                        events_only.append(end - arrived)
                    tile = self.tiles.get(table)
                    if tile is not None and not tile.visibleRegion().isEmpty():
                        in_view.append(end - arrived)
            unpainted.clear()
            return handled

    app = application()
    folder = tempfile.TemporaryDirectory()
    model = PitModel(Path(folder.name) / "pit.sqlite", emit=on_emit)  # as `pit simulate` keeps it
    client = Client(model, parse_broker_url(args.broker), name="bench")
    window = Window(model)
    width, height = (int(n) for n in args.screen.split("x"))
    window.resize(width, height)
    window.show()
    client.start()
    usage: dict[str, float] = {}

    def begin() -> None:
        measuring.set()
        usage["cpu"], usage["wall"] = _own_cpu(), time.perf_counter()
        usage["rss_start"] = peak_memory_mb("VmRSS")
        sys.stdout.write("measuring\n")
        sys.stdout.flush()

    def dealt() -> None:  # the pit's share of a core while the tables deal, not the tail after
        usage["cpu"], usage["wall"] = _own_cpu() - usage["cpu"], time.perf_counter() - usage["wall"]

    def finish() -> None:
        measuring.clear()
        cpu, wall = usage["cpu"], usage["wall"]
        in_sight = sum(not tile.visibleRegion().isEmpty() for tile in window.tiles.values())
        result = {
            "latencies": latencies,
            "after_event": after_event,
            "in_view": in_view,
            "events_only": events_only,
            "worst_of_repaint": worst_of_repaint,
            "refreshing": refreshing,
            "painting": painting,
            "cpu_seconds": cpu,
            "wall_seconds": wall,
            "peak_mb": peak_memory_mb(),
            "rss_start_mb": usage["rss_start"],
            "rss_end_mb": peak_memory_mb("VmRSS"),
            "tables": len(model.tables),
            "tiles_in_view": in_sight,
            "events": model_events(model),
        }
        Path(args.out).write_text(json.dumps(result))
        app.quit()

    sys.stdout.write("ready\n")
    sys.stdout.flush()
    QTimer.singleShot(int(args.warmup * 1000), begin)
    QTimer.singleShot(int((args.warmup + args.seconds - TAIL_S) * 1000), dealt)
    QTimer.singleShot(int((args.warmup + args.seconds) * 1000), finish)
    app.exec()
    client.close()
    model.close()
    folder.cleanup()
    return 0


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def model_events(model: Any) -> int:
    return sum(len(model.events_of(table)) for table in list(model.tables))


# --- the tables ------------------------------------------------------------------------------


def run_tables(args: argparse.Namespace) -> int:
    from dealer_assist.cards import shoe_composition
    from dealer_assist.config import parse_config
    from dealer_assist.drivers.base import CardRead
    from dealer_assist.pit.publisher import publish_table
    from dealer_assist.table import commands as cmd
    from dealer_assist.table.controller import TableController

    base = parse_config(
        {"table": {"shuffle_check": False}, "odds": {"advantage_alerts": False}},
        source="<bench_pit>",
    )
    tables = []
    for index in range(args.tables):
        config = replace(base, table_id=f"T{index + 1:03d}", sources=())
        controller = TableController(config)
        publisher = publish_table(controller, config, args.broker)
        cards = sorted(shoe_composition(8).elements(), key=lambda card: card.code)
        random.Random(args.seed + index).shuffle(cards)
        controller.begin()
        tables.append((controller, publisher, cards))
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    sys.stdin.readline()  # the pit is measuring: deal
    interval = 1.0 / (args.tables * args.cards_per_second)
    start = time.perf_counter()
    deadline = start + args.seconds
    fed = coups = 0
    next_at = start
    index = 0
    while time.perf_counter() < deadline:
        controller, _, cards = tables[index]
        index = (index + 1) % len(tables)
        if cards and controller.snapshot.phase != "shoe_ended":
            controller.on_source_event(CardRead(source="bench://", card=cards.pop(), raw=b""))
            fed += 1
            if controller.snapshot.phase == "complete":
                controller.execute(cmd.CloseCoup())
                coups += 1
        next_at += interval
        pause = next_at - time.perf_counter()
        if pause > 0:
            time.sleep(pause)  # the pace of the cards, not a wait for a result
    seconds = time.perf_counter() - start
    for _, publisher, _ in tables:
        publisher.close(timeout=2)
    sys.stdout.write(json.dumps({"cards": fed, "coups": coups, "seconds": seconds}) + "\n")
    sys.stdout.flush()
    return 0


# --- the three together ----------------------------------------------------------------------


def child(role: str, args: argparse.Namespace, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, str(HERE), "--role", role, *extra],
        env=env,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )


def expect(process: subprocess.Popen[str], word: str) -> None:
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if line != word:
        raise SystemExit(f"a child said {line!r}, not {word!r}")


def run_all(args: argparse.Namespace, argv: list[str]) -> int:
    from dealer_assist.pit.broker import Broker

    with tempfile.TemporaryDirectory() as folder, Broker.start(Path(folder) / "broker") as broker:
        out = Path(folder) / "pit.json"
        common = ["--broker", broker.url, "--seconds", str(args.seconds)]
        tables = child(
            "tables",
            args,
            *common,
            "--tables",
            str(args.tables),
            "--cards-per-second",
            str(args.cards_per_second),
            "--seed",
            str(args.seed),
        )
        expect(tables, "ready")  # every table opened and connecting
        pit = child(
            "pit",
            args,
            *common,
            "--warmup",
            str(args.warmup),
            "--out",
            str(out),
            "--screen",
            args.screen,
        )
        expect(pit, "ready")
        expect(pit, "measuring")
        assert broker.process is not None and tables.stdin is not None
        broker_cpu, wall = cpu_seconds(broker.process.pid), time.perf_counter()
        tables.stdin.write("go\n")
        tables.stdin.flush()
        pit.wait()
        broker_share = (cpu_seconds(broker.process.pid) - broker_cpu) / (time.perf_counter() - wall)
        assert tables.stdout is not None
        dealt = json.loads(tables.stdout.readline())
        tables.wait()
        result = json.loads(out.read_text())
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    ms = 1000.0
    latencies, after = result["latencies"], result["after_event"]

    def p(values: list[float], fraction: float) -> str:
        if not values:
            return "none"
        value = percentile(values, fraction) * ms
        return f"{value:.1f} ms" if value < 10 else f"{value:.0f} ms"

    def p50_p99(values: list[float]) -> str:
        return f"{p(values, 0.5)} / {p(values, 0.99)}"

    rate = dealt["cards"] / dealt["seconds"] / args.tables
    cpu, wall = result["cpu_seconds"], result["wall_seconds"]
    rows = [
        ("tables publishing / seen by the pit", f"{args.tables} / {result['tables']}", ""),
        (
            "cards dealt (rate per table)",
            f"{dealt['cards']} in {dealt['seconds']:.0f} s ({rate:.2f}/s; asked "
            f"{args.cards_per_second}/s)",
            "",
        ),
        ("coups completed", dealt["coups"], ""),
        (
            "card event at the table to the pit: p50 / p99",
            f"{p50_p99(latencies)} ({len(latencies)} cards)",
            "p99 ≤ 100 ms",
        ),
        (
            "a message's arrival at the pit to the end of the paint showing it: p50 / p99",
            f"{p50_p99(after)} ({len(after)} messages)",
            "p99 ≤ 50 ms",
        ),
        (
            "... the messages whose tile was on screen: p50 / p99",
            f"{p50_p99(result['in_view'])} ({len(result['in_view'])} messages; "
            f"{result['tiles_in_view']} of {result['tables']} tiles in view)",
            "p99 ≤ 50 ms",
        ),
        (
            "... the event messages only: p50 / p99",
            f"{p50_p99(result['events_only'])} ({len(result['events_only'])} events)",
            "p99 ≤ 50 ms",
        ),
        (
            "... the oldest message of each repaint: p50 / p99",
            f"{p50_p99(result['worst_of_repaint'])} ({len(result['worst_of_repaint'])} repaints)",
            "",
        ),
        ("the refresh alone: p50 / p99", p50_p99(result["refreshing"]), ""),
        ("one paint of the window: p50 / p99", p50_p99(result["painting"]), ""),
        (
            "pit process CPU while the tables deal (its CPU-seconds / wall seconds)",
            f"{cpu / wall * 100:.0f}% ({cpu:.1f} s / {wall:.1f} s)",
            "≤ 50%",
        ),
        ("pit process peak memory (VmHWM)", f"{result['peak_mb']:.0f} MB", "≤ 500 MB"),
        (
            "pit process memory when the measure began / ended (VmRSS)",
            f"{result['rss_start_mb']:.0f} MB / {result['rss_end_mb']:.0f} MB",
            "",
        ),
        ("broker CPU (share of one core)", f"{broker_share * 100:.0f}%", "recorded"),
    ]
    command = "python benchmarks/bench_pit.py" + ("".join(f" {a}" for a in argv) if argv else "")
    emit(
        section(
            f"Pit: {args.tables} tables into one broker and one pit (issue 25)",
            command,
            ("measure", "result", "target"),
            rows,
            f"{machine()}; load average {load} at the end (the machine is shared). The tables "
            "(one process, a controller and an MQTT connection each), the broker and the pit "
            "run on the same machine; the tables' shuffle check and advantage alerts are off "
            "to keep their side light. The pit keeps its store in a file (SQLite, as `pit "
            "simulate` does). The screen is offscreen (QT_QPA_PLATFORM=offscreen) at "
            f"{args.screen}, its tiles scrolling; it refreshes when the model signals a change.",
        )
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--role", choices=("all", "pit", "tables"), default="all")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--cards-per-second", type=float, default=1.0, help="at each table")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the tables deal")
    parser.add_argument("--warmup", type=float, default=2.0, help="pit: before measuring")
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--broker", help="pit and tables: the broker's URL")
    parser.add_argument("--out", help="pit: where its measures go")
    parser.add_argument("--screen", default="1920x1080", help="the pit window's size, WxH")
    arguments = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(arguments)
    if args.role == "pit":
        args.seconds += TAIL_S  # the last events of the tables arrive
        return run_pit(args)
    if args.role == "tables":
        return run_tables(args)
    return run_all(args, arguments)


if __name__ == "__main__":
    sys.exit(main())
