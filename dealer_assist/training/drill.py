"""Drills: ask the item that is due, dealt from stacked cards, judge, reschedule, record.

:class:`Drill` is the loop a screen or a script drives; :func:`run_json` is the headless
protocol of ``dealer-assist train drill --json`` (docs/training.md): one JSON prompt per line
out, one JSON answer per line in, a verdict after each, a summary at the end.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from dealer_assist.errors import InputError
from dealer_assist.training.items import Kind
from dealer_assist.training.prompts import Prompt, PromptMaker, judge
from dealer_assist.training.scheduler import Review, Trainer


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    prompt: Prompt
    correct: bool
    ms: int
    review: Review

    def as_json(self) -> dict[str, Any]:
        return {
            "type": "verdict",
            "item": self.prompt.item.id,
            "correct": self.correct,
            "expected": self.prompt.expected_json(),
            "ms": self.ms,
            **({} if self.correct else {"rule": self.prompt.item.rule}),
        }


class Drill:
    """One session of ``count`` prompts of ``kinds`` for the trainer's trainee."""

    def __init__(
        self,
        *,
        trainer: Trainer,
        maker: PromptMaker,
        kinds: Sequence[Kind],
        seed: int | None,
        mode: str = "drill",
    ) -> None:
        self.trainer = trainer
        self.maker = maker
        self.kinds = tuple(kinds)
        self.session_id = trainer.records.start_session(
            trainee_id=trainer.trainee_id,
            mode=mode,
            kinds=",".join(kind.value for kind in self.kinds),
            seed=seed,
            now=trainer.now(),
        )
        self.verdicts: list[Verdict] = []

    def next_prompt(self) -> Prompt:
        return self.maker.prompt(self.trainer.next_item())

    def answer(self, prompt: Prompt, answer: Mapping[str, Any], *, ms: int) -> Verdict:
        correct = judge(prompt, answer)
        review = self.trainer.record(
            session_id=self.session_id,
            item=prompt.item,
            correct=correct,
            ms=ms,
            given=json.dumps(dict(answer), sort_keys=True, default=str),
            expected=json.dumps(prompt.expected_json(), sort_keys=True),
        )
        verdict = Verdict(prompt=prompt, correct=correct, ms=ms, review=review)
        self.verdicts.append(verdict)
        return verdict

    def finish(self) -> dict[str, Any]:
        self.trainer.records.end_session(self.session_id, now=self.trainer.now())
        right = sum(verdict.correct for verdict in self.verdicts)
        return {
            "type": "summary",
            "trainee": self.trainer.trainee,
            "prompts": len(self.verdicts),
            "correct": right,
            "leeches": self.trainer.leeches(),
        }


def _read_answer(line: str) -> dict[str, Any]:
    try:
        answer = json.loads(line)
    except json.JSONDecodeError:
        answer = None
    if not isinstance(answer, dict):
        raise InputError(
            f'an answer is one JSON object per line, such as {{"answer": "draw"}}, '
            f"not {line.strip()[:60]!r}"
        )
    return answer


def run_json(
    drill: Drill,
    *,
    count: int,
    stdin: TextIO,
    stdout: TextIO,
    ms_clock: Callable[[], float] = time.monotonic,
) -> dict[str, Any]:
    """The headless protocol: stops early (with its summary) when standard input ends."""
    for _ in range(count):
        prompt = drill.next_prompt()
        stdout.write(json.dumps(prompt.as_json()) + "\n")
        stdout.flush()
        asked = ms_clock()
        line = stdin.readline()
        if not line:
            break
        ms = round((ms_clock() - asked) * 1000)
        verdict = drill.answer(prompt, _read_answer(line), ms=ms)
        stdout.write(json.dumps(verdict.as_json()) + "\n")
        stdout.flush()
    summary = drill.finish()
    stdout.write(json.dumps(summary) + "\n")
    return summary
