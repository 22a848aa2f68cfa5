"""A seeded mock shoe with simulated players gives the same ``run --json`` record every time.

Training and the golden tests replay a seeded shoe: the simulated croupier and players submit
commands from the snapshot callback while the mock shoe deals cards when the draw indicator asks,
and both go into the table's one queue. Their order must be defined, not left to the threads.
"""

from __future__ import annotations

import io
import threading
from contextlib import redirect_stdout

import pytest

from dealer_assist.cards import parse_cards
from dealer_assist.cli import main
from dealer_assist.drivers.base import CardRead, SourceEvent, StatusChanged
from dealer_assist.drivers.mock import MockShoe
from dealer_assist.table.controller import TableController
from tests.table.helpers import make_config
from tests.test_cli_golden import without_times

RUNS = 5


def run_json(argv: list[str]) -> str:
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        assert main(argv) == 0
    return without_times(buffer.getvalue())


@pytest.mark.parametrize(
    "arguments",
    [
        ("--variant", "chemin-de-fer", "--source", "mock://?seed=3", "--coups", "8"),
        ("--variant", "banque", "--source", "mock://?seed=3", "--coups", "8"),
        ("--source", "mock://?seed=7", "--coups", "8", "--simulate-bets", "3"),
    ],
    ids=["chemin-de-fer", "banque", "punto-banco"],
)
def test_a_seeded_run_gives_the_same_record_every_time(arguments: tuple[str, ...]) -> None:
    outputs = {run_json(["run", "--json", *arguments]) for _ in range(RUNS)}
    assert len(outputs) == 1, f"{len(outputs)} different records from {RUNS} runs"
    (output,) = outputs
    assert '"type": "coup_closed"' in output


def test_a_mock_shoe_at_pace_0_deals_on_the_thread_that_shows_the_indicator() -> None:
    """Its card is emitted from ``indicate``, after what the caller queued before."""
    controller = TableController(make_config())
    controller.begin()
    shoe = MockShoe(cards=parse_cards(["9S 8H"]), cut_card_from_end=0)
    queued: list[object] = []
    threads: set[threading.Thread] = set()

    def sink(event: SourceEvent) -> None:
        queued.append(event)
        threads.add(threading.current_thread())

    shoe.start(sink)
    assert [type(event) for event in queued] == [StatusChanged]
    queued.append("a command the caller queued")
    shoe.indicate(controller.indicator)
    assert queued[1] == "a command the caller queued"
    assert [type(event) for event in queued[2:]] == [CardRead]
    read = queued[2]
    assert isinstance(read, CardRead) and read.card is not None and read.card.code == "9S"
    assert threads == {threading.current_thread()}
    shoe.indicate(controller.indicator)  # the same indicator again: nothing more
    assert len(queued) == 3
    shoe.stop()


def test_the_controller_tells_its_snapshot_listeners_before_the_sources() -> None:
    controller = TableController(make_config())
    heard: list[str] = []
    controller.on_indicator(lambda indicator: heard.append("indicator"))
    controller.on_snapshot(lambda snapshot: heard.append("snapshot"))
    controller.begin()
    assert heard[:2] == ["snapshot", "indicator"]
