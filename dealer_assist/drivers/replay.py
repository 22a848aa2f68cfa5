"""``replay://PATH``: a recorded session played back as card reads, one per draw indicator.

The file is what ``dealer-assist run --json`` wrote (the ``burned`` and ``card`` lines are read,
in order, everything else skipped) or plain text with card codes separated by spaces, commas or
new lines. Lines starting with ``#`` are comments. Playing back a session reproduces its coups,
which is how a dispute or a training drill is replayed on the table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import ClassVar

from dealer_assist.cards import Card, parse_card, parse_cards
from dealer_assist.drivers.base import SourceUrl, UrlOptionList
from dealer_assist.drivers.mock import PACE, MockShoe
from dealer_assist.errors import CardParseError


def read_recording(path: Path) -> list[Card]:
    """The cards of a recorded session, in the order they came out of the shoe."""
    cards: list[Card] = []
    try:
        lines = path.read_text("utf-8").splitlines()
    except OSError as error:
        raise ValueError(f"cannot read the recording {path}: {error.strerror}") from None
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            if text.startswith("{"):
                record = json.loads(text)
                if record.get("type") == "burned":
                    cards.extend(parse_card(code) for code in record.get("cards", []))
                elif record.get("type") == "card" and record.get("card"):
                    cards.append(parse_card(record["card"]))
            else:
                cards.extend(parse_cards([text]))
        except (json.JSONDecodeError, CardParseError, TypeError) as error:
            raise ValueError(f"{path}, line {number}: {error}") from None
    return cards


class ReplaySource(MockShoe):
    """A mock shoe stacked with a recording's cards."""

    OPTIONS: ClassVar[UrlOptionList] = (PACE,)

    @classmethod
    def from_url(cls, url: SourceUrl) -> ReplaySource:
        options = url.check(cls.OPTIONS)
        if not url.target:
            raise url.fail("name the recording, replay:///path/to/session.jsonl")
        return cls(
            name=url.redacted(),
            cards=read_recording(Path(url.target)),
            pace=options[PACE],
            cut_card_from_end=0,
        )
