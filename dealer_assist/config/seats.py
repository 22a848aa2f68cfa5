"""``[seats]``: the seats at the table, ``count`` (1 to count) or their ``numbers``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dealer_assist.config.reader import Section

MAX_SEATS = 14
MAX_SEAT_NUMBER = 99
_NUMBERS = f"a list of different seat numbers from 1 to {MAX_SEAT_NUMBER}, e.g. [1, 2, 3, 5]"


def read_seats(
    document: Mapping[str, Any], default: tuple[int, ...], source: str
) -> tuple[int, ...]:
    section = Section.of(document, "seats", source)
    section.check_keys(("count", "numbers"))
    if "numbers" not in section:
        count = section.whole("count", len(default), low=1, high=MAX_SEATS, unit=" seats")
        return tuple(range(1, count + 1))
    numbers = section.raw("numbers")
    if (
        not isinstance(numbers, list)
        or not numbers
        or not all(
            isinstance(n, int) and not isinstance(n, bool) and 0 < n <= MAX_SEAT_NUMBER
            for n in numbers
        )
        or len(set(numbers)) != len(numbers)
    ):
        raise section.fail("numbers", _NUMBERS)
    if len(numbers) > MAX_SEATS:
        raise section.fail("numbers", f"at most {MAX_SEATS} seats, not {len(numbers)}")
    return tuple(numbers)
