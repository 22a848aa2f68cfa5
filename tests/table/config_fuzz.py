"""Configuration files as a careless user or an attacker writes them, and the one property every
file must have: :func:`load_config` returns a configuration or raises :class:`ConfigError` naming
the file (and the key, when one is to blame) - never another exception, never a hang.

Shared by ``tests/table/test_config_fuzz.py`` (a few thousand cases) and
``benchmarks/bench_fuzz_config.py`` (many more).
"""

from __future__ import annotations

import json
import math
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from random import Random
from typing import Any

from hypothesis import strategies as st

from dealer_assist.config import TableConfig, load_config
from dealer_assist.config.loader import SECTIONS
from dealer_assist.errors import ConfigError
from dealer_assist.shoe import Shoe

# Every key of every section, with values that are right for it (the fuzz mixes in wrong ones).
KEYS: dict[str, dict[str, list[Any]]] = {
    "table": {
        "id": ["PB-07", "T1"],
        "name": ["Salon Privé 7"],
        "variant": ["punto-banco", "chemin-de-fer", "banque", "ez-baccarat", "no-commission"],
        "squeeze": [True, False],
        "shuffle_check": [True, False],
        "language": ["en", "zh_TW", "zh_CN"],
        "confirm_coup": [True, False],
    },
    "rules": {"commission": ["0.05", "0.04", 0], "tie_pays": ["8:1", "9:1"]},
    "shoe": {
        "decks": [1, 6, 8, 16],
        "cut_card_from_end": [14, 16, 7],
        "burn": ["first_card_value", "none", 3],
        "coups_after_cut_card": [0, 1],
        "min_cards_to_deal": [6, 7, 9],
    },
    "commission": {
        "mode": ["box", "immediate"],
        "minimum": ["0", "0.25"],
        "rounding_unit": ["0.01", "0.25"],
        "rounding": ["half_up", "up", "down"],
    },
    "limits": {
        "default": [{"min": "10", "max": "5000"}],
        "tie": [{"min": "5", "max": "500"}],
        "banker": [{"max": "1000"}],
    },
    "seats": {"count": [7, 14], "numbers": [[1, 2, 3, 5, 6, 7, 8]]},
    "misdeal": {"extra_card": ["burn", "alert"], "exposed_card": ["burn", "use"]},
    "odds": {"advantage_alerts": [True, False], "advantage_threshold": ["0.01", "-1"]},
    "journal": {
        "path": ["journal.db"],
        "key": ["00112233", ""],
        "rotate": ["shoe", "day", "none"],
        "max_file_mb": [64],
        "retention_days": [90, 365],
        "archive_dir": ["old"],
        "pin_file": ["pins.json"],
        "pin_attempts": [5],
        "lockout_minutes": [15],
        "clock_step_seconds": [60],
    },
    "bank": {
        "cagnotte_rate": ["0.05"],
        "assignment": ["auction", "first_on_list"],
        "house_rate": ["0.05"],
        "house_basis": ["coup_net", "winning_sides"],
        "rounding_unit": ["0.01"],
        "rounding": ["half_up"],
        "unit": ["1"],
        "minimum_stake": ["1"],
        "minimum_bank": ["10"],
    },
    "camera": {
        "card_width_mm": [63.0, 57],
        "card_height_mm": [88.0],
        "region_mm": [[0.0, 0.0, 600.0, 340.0]],
        "aruco_dictionary": ["DICT_4X4_50", "DICT_ARUCO_ORIGINAL"],
        "image_to_table": [[[0.5, 0, -10], [0, 0.5, -5], [0, 0, 1]]],
        "zone_tolerance_mm": [40.0],
        "markers": [[{"id": 7, "center_mm": [22, 22], "size_mm": 30}]],
        "zones": [[{"hand": "player", "polygon_mm": [[50, 50], [295, 50], [295, 330]]}]],
    },
}
TOP_VALUES: dict[str, list[Any]] = {
    "sources": [["mock://?seed=1"], ["serial:///dev/ttyACM0", "camera://0"], ["camera://0"]],
    "variants_dir": [[], "missing-folder"],
}

_NUMBER_TEXT = ["NaN", "nan", "-NaN", "inf", "-Infinity", "sNaN", "1e999999", "1e-30", "-0", "1_0"]
_NUMBER_TEXT += ["0x10", "", " ", "9" * 40, "0." + "0" * 30 + "1", "1E+26", "-5", "0", "1", "12:1"]
_TEXT = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8
) | st.sampled_from(_NUMBER_TEXT)
_SCALARS = st.one_of(
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.sampled_from([0, 1, -1, 52, 10_000, 100_000_000, 2**63 - 1, -(2**63)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 0.05, 1e300]),
    _TEXT,
)


def _wrong(children: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["min", "max", "id", "hand", "x", "center_mm", "polygon_mm"]) | _TEXT,
        children,
        max_size=3,
    )


VALUES: st.SearchStrategy[Any] = st.recursive(_SCALARS, _wrong, max_leaves=8)
# Each key's values: twice as often right as wrong.
_KEY_VALUES = {
    section: {
        key: st.sampled_from(right) | st.sampled_from(right) | VALUES for key, right in keys.items()
    }
    for section, keys in KEYS.items()
}
_SECTION_KEYS = {
    section: st.lists(st.sampled_from(sorted(keys)), max_size=4, unique=True)
    for section, keys in KEYS.items()
}
_TOP_VALUES = {key: st.sampled_from(right) | VALUES for key, right in TOP_VALUES.items()}
_SECTIONS = st.lists(st.sampled_from(sorted(KEYS)), max_size=5, unique=True)


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    """A document of known sections and keys; each value right, wrong in type or in size."""
    document: dict[str, Any] = {}
    for section in draw(_SECTIONS):
        body: dict[str, Any] = {}
        for key in draw(_SECTION_KEYS[section]):
            body[key] = draw(_KEY_VALUES[section][key])
        if draw(st.integers(0, 9)) == 0:
            body[draw(_TEXT)] = draw(VALUES)  # an unknown key
        document[section] = body
    for key, values in _TOP_VALUES.items():
        if draw(st.booleans()):
            document[key] = draw(values)
    if draw(st.integers(0, 19)) == 0:
        document[draw(_TEXT)] = draw(VALUES)  # an unknown section
    if draw(st.integers(0, 9)) == 0:
        document[draw(st.sampled_from(sorted(KEYS)))] = draw(_SCALARS)  # a section that is not
    return document


def _toml_key(key: str) -> str:
    return json.dumps(key, ensure_ascii=False)


def to_toml(value: Any) -> str:
    """``value`` in TOML: inline tables and arrays, quoted keys, nan and inf as TOML writes them."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(to_toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{_toml_key(k)} = {to_toml(v)}" for k, v in value.items()) + "}"


def document_text(document: dict[str, Any]) -> str:
    """Top-level values first, then one ``[section]`` per table."""
    lines = [f"{_toml_key(k)} = {to_toml(v)}" for k, v in document.items() if not _is_table(v)]
    for name, body in document.items():
        if _is_table(body):
            lines.append(f"[{_toml_key(name)}]")
            lines += [f"{_toml_key(k)} = {to_toml(v)}" for k, v in body.items()]
    return "\n".join(lines) + "\n"


def _is_table(value: Any) -> bool:
    return isinstance(value, dict)


@st.composite
def files(draw: st.DrawFn) -> bytes:
    """The bytes of a configuration file: mostly a document, sometimes a broken one."""
    text = document_text(draw(documents()))
    kind = draw(st.integers(0, 19))
    if kind == 0:  # nested deeper than any parser recurses
        depth = draw(st.sampled_from([10, 500, 5000, 100_000]))
        opening, closing = draw(st.sampled_from([("[", "]"), ("{a = ", "}")]))
        return f"x = {opening * depth}{closing * depth}\n".encode()
    if kind == 1:  # not UTF-8
        cut = draw(st.integers(0, len(text)))
        bad = draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x80\x80"]))
        return text[:cut].encode() + bad + text[cut:].encode()
    if kind == 2:  # cut short
        return text[: draw(st.integers(0, len(text)))].encode()
    if kind == 3:
        return draw(st.binary(max_size=200))
    return text.encode()


_FILE_PROBLEMS = ("not valid TOML", "not UTF-8", "cannot read", "more than")


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Fail (in the main thread) a load that spends more than ``seconds`` of the process's CPU
    time: a hang that spins. CPU time, not the clock, so that a loaded machine is no hang."""

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"loading took more than {seconds} s of CPU time")

    previous = signal.signal(signal.SIGPROF, expired)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def check_file(path: Path, data: bytes, *, seconds: float = 10.0) -> TableConfig | ConfigError:
    """Load ``data`` from ``path``: a configuration, or a ConfigError naming the file and a key
    (when one is to blame); anything else (another exception, a hang) fails."""
    path.write_bytes(data)
    with time_limit(seconds):
        try:
            config = load_config(path)
        except ConfigError as error:
            assert error.source == str(path) and str(error).startswith(str(path)), error
            if error.field:  # a key: of a known section, or the unknown section itself
                top = error.field.split(".")[0].split("[")[0]
                assert top in SECTIONS or "unknown section" in error.problem, error
            else:  # the file as a whole
                assert error.problem.startswith(_FILE_PROBLEMS), error
            return error
        # What the table does first with it: the shoe and the witnesses.
        Shoe.shuffled(settings=config.shoe, rng=Random(0))
        assert config.witness_sources <= set(config.sources)
        return config
