"""Trainee records in SQLite: trainees, sessions, every answer with its time, the scheduler's
state of each item, and exam results with their seal.

One file per school (``--db``; by default ``training.sqlite3`` under the user's data folder,
:func:`default_database`). Every write is committed at once, so a drill stopped at any point
keeps what was answered, and the next process resumes the schedule from it.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from dealer_assist.errors import InputError

_SCHEMA = """
CREATE TABLE IF NOT EXISTS trainees (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY, trainee_id INTEGER NOT NULL REFERENCES trainees(id),
    mode TEXT NOT NULL, kinds TEXT NOT NULL, seed INTEGER, started TEXT NOT NULL, ended TEXT);
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL REFERENCES sessions(id),
    trainee_id INTEGER NOT NULL REFERENCES trainees(id), item TEXT NOT NULL,
    answered_at TEXT NOT NULL, ms INTEGER NOT NULL, correct INTEGER NOT NULL,
    given TEXT NOT NULL, expected TEXT NOT NULL, rating INTEGER NOT NULL, due TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS answers_by_trainee ON answers(trainee_id, item);
CREATE TABLE IF NOT EXISTS item_states (
    trainee_id INTEGER NOT NULL REFERENCES trainees(id), item TEXT NOT NULL,
    card TEXT NOT NULL, reviews INTEGER NOT NULL, lapses INTEGER NOT NULL,
    leech INTEGER NOT NULL, PRIMARY KEY (trainee_id, item));
CREATE TABLE IF NOT EXISTS exams (
    id INTEGER PRIMARY KEY, trainee_id INTEGER NOT NULL REFERENCES trainees(id),
    taken TEXT NOT NULL, record TEXT NOT NULL, seal TEXT NOT NULL);
"""


def default_database() -> Path:
    """``$XDG_DATA_HOME/dealer-assist/training.sqlite3`` (``~/.local/share`` without it)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "dealer-assist" / "training.sqlite3"


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemState:
    """The scheduler's card for one item (fsrs JSON), with counts the instructor reads."""

    item: str
    card: str
    reviews: int
    lapses: int
    leech: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerRow:
    session_id: int
    item: str
    answered_at: datetime
    ms: int
    correct: bool
    given: str
    expected: str
    rating: int
    due: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionRow:
    id: int
    mode: str
    kinds: str
    started: datetime
    ended: datetime | None


class TrainingRecords:
    """The school's training file. One connection; not shared between threads."""

    def __init__(self, *, path: Path) -> None:
        if path.exists() and not path.is_file():
            raise InputError(f"training records {path} is not a file: give a file path (--db)")
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        try:
            self._db = sqlite3.connect(path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as error:
            raise InputError(
                f"{path} is not a training records file ({error}): give another --db"
            ) from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> TrainingRecords:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- trainees and sessions -------------------------------------------------------------

    def trainee(self, name: str, *, create: bool = True, now: datetime | None = None) -> int:
        if not name.strip():
            raise InputError("a trainee needs a name (--trainee NAME)")
        row = self._db.execute("SELECT id FROM trainees WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return int(row[0])
        if not create:
            raise InputError(f"no trainee {name!r} in {self.path}: check the name or the --db")
        stamp = (now or datetime.now().astimezone()).isoformat()
        cursor = self._db.execute(
            "INSERT INTO trainees (name, created) VALUES (?, ?)", (name, stamp)
        )
        return int(cursor.lastrowid or 0)

    def trainees(self) -> list[str]:
        return [row[0] for row in self._db.execute("SELECT name FROM trainees ORDER BY name")]

    def start_session(
        self, *, trainee_id: int, mode: str, kinds: str, seed: int | None, now: datetime
    ) -> int:
        cursor = self._db.execute(
            "INSERT INTO sessions (trainee_id, mode, kinds, seed, started) VALUES (?,?,?,?,?)",
            (trainee_id, mode, kinds, seed, now.isoformat()),
        )
        return int(cursor.lastrowid or 0)

    def end_session(self, session_id: int, *, now: datetime) -> None:
        self._db.execute(
            "UPDATE sessions SET ended = ? WHERE id = ?", (now.isoformat(), session_id)
        )

    def sessions(self, trainee_id: int) -> list[SessionRow]:
        rows = self._db.execute(
            "SELECT id, mode, kinds, started, ended FROM sessions WHERE trainee_id = ? ORDER BY id",
            (trainee_id,),
        )
        return [
            SessionRow(
                id=row[0],
                mode=row[1],
                kinds=row[2],
                started=datetime.fromisoformat(row[3]),
                ended=None if row[4] is None else datetime.fromisoformat(row[4]),
            )
            for row in rows
        ]

    # --- answers and item states -----------------------------------------------------------

    def record_answer(self, *, trainee_id: int, answer: AnswerRow, state: ItemState) -> None:
        """The answer and the item's new state, in one transaction."""
        with self._transaction():
            self._db.execute(
                "INSERT INTO answers (session_id, trainee_id, item, answered_at, ms, correct,"
                " given, expected, rating, due) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (
                    answer.session_id,
                    trainee_id,
                    answer.item,
                    answer.answered_at.isoformat(),
                    answer.ms,
                    int(answer.correct),
                    answer.given,
                    answer.expected,
                    answer.rating,
                    answer.due.isoformat(),
                ),
            )
            self._db.execute(
                "INSERT OR REPLACE INTO item_states (trainee_id, item, card, reviews, lapses,"
                " leech) VALUES (?,?,?,?,?,?)",
                (trainee_id, state.item, state.card, state.reviews, state.lapses, int(state.leech)),
            )

    def item_states(self, trainee_id: int) -> dict[str, ItemState]:
        rows = self._db.execute(
            "SELECT item, card, reviews, lapses, leech FROM item_states WHERE trainee_id = ?",
            (trainee_id,),
        )
        return {
            row[0]: ItemState(
                item=row[0], card=row[1], reviews=row[2], lapses=row[3], leech=bool(row[4])
            )
            for row in rows
        }

    def answers(self, trainee_id: int) -> list[AnswerRow]:
        rows = self._db.execute(
            "SELECT session_id, item, answered_at, ms, correct, given, expected, rating, due"
            " FROM answers WHERE trainee_id = ? ORDER BY id",
            (trainee_id,),
        )
        return [
            AnswerRow(
                session_id=row[0],
                item=row[1],
                answered_at=datetime.fromisoformat(row[2]),
                ms=row[3],
                correct=bool(row[4]),
                given=row[5],
                expected=row[6],
                rating=row[7],
                due=datetime.fromisoformat(row[8]),
            )
            for row in rows
        ]

    # --- exams -----------------------------------------------------------------------------

    def save_exam(self, *, trainee_id: int, taken: datetime, record: str, seal: str) -> int:
        cursor = self._db.execute(
            "INSERT INTO exams (trainee_id, taken, record, seal) VALUES (?,?,?,?)",
            (trainee_id, taken.isoformat(), record, seal),
        )
        return int(cursor.lastrowid or 0)

    def exams(self, trainee_id: int) -> list[tuple[str, str]]:
        rows = self._db.execute(
            "SELECT record, seal FROM exams WHERE trainee_id = ? ORDER BY id", (trainee_id,)
        )
        return [(row[0], row[1]) for row in rows]

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")
