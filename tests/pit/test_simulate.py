"""``dealer-assist pit simulate``: a broker child, eight mock tables, the pit (Done when, 2)."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

from tests.pit.conftest import dealer_assist


@pytest.mark.slow
def test_eight_tables_thirty_coups_each_arrive_once_and_complete() -> None:
    pit = dealer_assist(
        ["pit", "simulate", "--tables", "8", "--coups", "30", "--json", "--timeout", "240"]
    )
    out, err = pit.communicate(timeout=300)
    assert pit.returncode == 0, err
    coups: dict[str, list[dict[str, object]]] = defaultdict(list)
    keys = set()
    for line in out.splitlines():
        data = json.loads(line)
        if data["kind"] != "event":
            continue
        key = (data["table"], data["journal"], data["seq"])
        assert key not in keys, f"doubled: {key}"
        keys.add(key)
        if data["type"] == "coup_completed":
            coups[str(data["table"])].append(data)
    assert sorted(coups) == [f"T{n:02d}" for n in range(1, 9)]
    for completed in coups.values():
        assert [c["coup"] for c in completed] == list(range(1, 31))
        for coup in completed:
            assert coup["journal"] and coup["winner"] in ("banker", "player", "tie")
            assert coup["player_cards"] and coup["banker_cards"]
            assert coup["player_total"] == coup["totals"]["player"]  # type: ignore[index]
        seqs = [c["seq"] for c in completed]
        assert seqs == sorted(seqs)
