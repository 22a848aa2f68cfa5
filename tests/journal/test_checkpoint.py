"""Checkpoints are sealed data, not pickles: a copy of the file shows no face-down card, an
altered one is caught by `journal verify`, and an old pickled one is never loaded."""

from __future__ import annotations

import pickle
import shutil
import sqlite3
from collections import Counter, deque
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from types import MappingProxyType

import pytest

from dealer_assist.cards import Card, parse_card
from dealer_assist.cli import main
from dealer_assist.journal import recovery, store
from dealer_assist.journal.checkpoint import (
    CheckpointError,
    decode_state,
    encode_state,
    unseal_state,
)
from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import checkpoint_mac
from dealer_assist.rules.coup import Hand
from dealer_assist.table.controller import TableController
from tests.journal.helpers import KEY, make_config, open_journaled, read_records
from tests.journal.test_recovery import mid_coup_table, picture
from tests.table.helpers import feed

NOT_STATE = ("config", "variant", "rules")  # from the configuration, not the checkpoint


def checkpoints(path: Path) -> list[tuple[int, bytes, str, str]]:
    connection = sqlite3.connect(path)
    rows = connection.execute(
        "SELECT seq, state, modules, mac FROM checkpoints ORDER BY seq"
    ).fetchall()
    connection.close()
    return [(int(seq), bytes(state), str(modules), str(mac)) for seq, state, modules, mac in rows]


def journal_id(path: Path) -> str:
    connection = sqlite3.connect(path)
    (value,) = connection.execute("SELECT value FROM meta WHERE key = 'journal_id'").fetchone()
    connection.close()
    return str(value)


def face_down_table(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A squeeze table whose last checkpoint was written with four cards face down."""
    monkeypatch.setattr(store, "CHECKPOINT_EVERY", 1)  # a checkpoint after every input
    config = make_config(folder / "t.journal", table={"squeeze": True}, shoe={"burn": "none"})
    controller = open_journaled(config)
    controller.begin()
    feed(controller, "4S 3H AD KC")
    assert controller.state.reveal_pending(Hand.BANKER)
    controller.journal.close()
    return folder / "t.journal"


def test_a_checkpoint_written_with_cards_face_down_does_not_show_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = face_down_table(tmp_path, monkeypatch)
    copy = tmp_path / "copy.journal"
    shutil.copy(path, copy)
    seq, blob, _, _ = checkpoints(copy)[-1]
    # Without the key: not a pickle, and neither the cards' codes nor their names are in it.
    with pytest.raises(pickle.UnpicklingError):
        pickle.loads(blob)
    # (the codes as the state's JSON writes them, quoted: two bare bytes such as 4S turn up by
    # chance in a few kilobytes of sealed random-looking bytes, about one run in ten)
    for text in (b'"4S"', b'"KC"', b"KING", b"CLUBS", b"in_play"):
        assert text not in blob
    # With another key: nothing comes out.
    with pytest.raises(CheckpointError):
        unseal_state(blob, JournalKey.from_text("another key, 16 chars+"), journal_id="x")
    # With the key: the table's state, face-down cards included.
    data = unseal_state(blob, JournalKey.from_text(KEY), journal_id=journal_id(copy))
    assert [item.card.code for item in data["state"]["in_play"]] == ["4S", "3H", "AD", "KC"]
    assert seq == max(r.seq for r in read_records(make_config(path)))


def test_verify_checks_every_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = face_down_table(tmp_path, monkeypatch)
    (tmp_path / "key").write_text(KEY + "\n", encoding="utf-8")
    command = ["journal", "verify", str(path), "--key-file", str(tmp_path / "key")]
    assert main(command) == 0
    out = capsys.readouterr().out
    stored = len(checkpoints(path))
    assert stored > 3 and f"{stored} checkpoint(s) checked" in out

    seq, blob, _, _ = checkpoints(path)[1]
    altered = blob[:-1] + bytes([blob[-1] ^ 1])
    connection = sqlite3.connect(path)
    connection.execute("UPDATE checkpoints SET state = ? WHERE seq = ?", (altered, seq))
    connection.commit()
    connection.close()
    assert main(command) == 1
    assert f"the checkpoint after record {seq} was altered" in capsys.readouterr().out


def test_an_old_pickled_checkpoint_is_never_loaded(tmp_path: Path) -> None:
    config, before = mid_coup_table(tmp_path)
    expected = picture(before)
    before.journal.close()
    key = JournalKey.from_text(KEY)
    path = tmp_path / "t.journal"
    ran = tmp_path / "the pickle ran"

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str, str]]:
            return open, (str(ran), "w")

    # What an old version would have stored, properly MAC'd, after the last record: if it were
    # unpickled it would create a file (it could as well run any command).
    blob = pickle.dumps({"state": Payload(), "configuration": ""}, protocol=5)
    seq = before.seq
    connection = sqlite3.connect(path)
    (record_hash,) = connection.execute("SELECT hash FROM records WHERE seq = ?", (seq,)).fetchone()
    modules = recovery.code_fingerprint()
    mac = checkpoint_mac(key, journal_id(path), seq, record_hash, blob, modules)
    connection.execute(
        "INSERT OR REPLACE INTO checkpoints (seq, state, modules, mac) VALUES (?, ?, ?, ?)",
        (seq, blob, modules, mac),
    )
    connection.commit()
    connection.close()

    controller, found = recovery.open_table(config, durable=False)
    controller.journal.close()
    assert not ran.exists()
    assert found.checkpoint is not None and found.checkpoint < seq  # the sealed one before it
    assert picture(controller) == expected


def test_the_checkpointed_state_is_the_replayed_state(tmp_path: Path) -> None:
    config, before = mid_coup_table(tmp_path)
    before.journal.close()
    controller, found = recovery.open_table(config, durable=False)
    controller.journal.close()
    assert found.checkpoint is not None
    full = TableController(config)
    full.replay(read_records(config))
    for state in (controller.state, full.state):
        for finished in state.history:
            finished.summary = None  # a view's cache, built when the screen needs it

    def saved(state: object) -> object:
        return encode_state({k: v for k, v in vars(state).items() if k not in NOT_STATE})

    assert saved(controller.state) == saved(full.state)


@dataclass(frozen=True, slots=True)
class _Foreign:
    value: int


def test_the_codec_round_trips_plain_data_and_refuses_the_rest() -> None:
    card = parse_card("9H")
    shared = [card]
    data = {
        "cards": (card, Card(card.rank, card.suit)),
        "money": {2: {"banker": Decimal("12.50")}},
        "shared": (shared, shared),
        "queue": deque([1, 2], maxlen=3),
        "counts": Counter("aab"),
        "proxy": MappingProxyType({Hand.PLAYER: 1}),
        "sets": ({1, 2}, frozenset({"x"})),
        "float": 0.1,
    }
    back = decode_state(encode_state(data))
    assert back == data
    assert back["cards"][0].value == 9 and back["queue"].maxlen == 3
    assert back["shared"][0] is back["shared"][1]
    with pytest.raises(CheckpointError, match="cannot be part of a checkpoint"):
        encode_state({"x": _Foreign(1)})
    for hostile in (
        ["o", 0, "os:_wrap_close", {}],
        ["o", 0, "dealer_assist.table.state:Decimal", {}],
        ["e", "builtins:print", "x"],
        ["nt", "subprocess:CompletedProcess", []],
    ):
        with pytest.raises(CheckpointError):
            decode_state(hostile)
