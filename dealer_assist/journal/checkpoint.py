"""A checkpoint's contents: the table's state as data that cannot run code, sealed and MAC'd.

A checkpoint holds everything the table knows, including the value of a face-down card that
is not turned yet, so it is protected like the journal's records:

* **data, not code.** The state is written as JSON by :func:`encode_state`: numbers, text,
  lists, dicts (as key/value pairs, so any key type survives), sets, deques, tuples,
  :class:`~decimal.Decimal`, datetimes, enums, and instances of the table's own classes (their
  attributes, ``__dict__`` and ``__slots__``), with shared objects written once and referred to
  after. :func:`decode_state` rebuilds it without running anything of the data's choosing:
  no ``pickle``, no constructor or ``__setstate__`` is called; an object is allocated with
  ``object.__new__`` and its attributes are set. A class is accepted only when it is defined
  in one of :data:`ALLOWED_PACKAGES` (the table's core: cards, rules, shoe, table) and already
  imported, or is one of the builtin containers listed here; anything else is refused.
* **sealed.** The JSON, compressed, is XORed with a keystream from the journal's seal key,
  under a fresh random nonce (see :meth:`JournalKey.seal_bytes`): a copy of the file does not
  show a face-down card.
* **authenticated.** The stored bytes are under an HMAC with the chain key, tied to the
  journal, the record the checkpoint follows and that record's hash
  (:func:`~dealer_assist.journal.rows.checkpoint_mac`); ``journal verify`` checks every one.

The codec is generic: it relies only on the state being made of the types above (plain
classes, dataclasses, slotted classes, enums, named tuples), not on the shape of
:class:`~dealer_assist.table.state.TableState`, so the state can change without touching
this module. A state holding something else (a lock, a function, a class from another
package) is refused by :func:`encode_state` (:class:`CheckpointError`): the table then writes
no checkpoint and a restart replays the records instead (slower, still exact).
"""

from __future__ import annotations

import enum
import json
import secrets
import sys
import zlib
from collections import Counter, OrderedDict, deque
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from types import MappingProxyType
from typing import Any

from dealer_assist.journal.keys import JournalKey
from dealer_assist.journal.rows import JournalError

MAGIC = b"dealer-assist checkpoint 2\n"
NONCE_BYTES = 16

#: Packages (or modules) whose classes may appear in a checkpoint (a class must be defined in one).
ALLOWED_PACKAGES = (
    "dealer_assist.cards",
    "dealer_assist.drivers.base",  # the device statuses the table keeps (SourceStatus)
    "dealer_assist.rules",
    "dealer_assist.shoe",
    "dealer_assist.table",
)
_DICTS: dict[str, type[dict[Any, Any]]] = {
    "dict": dict,
    "Counter": Counter,
    "OrderedDict": OrderedDict,
}
_TIMES: dict[str, Any] = {"datetime": datetime, "date": date, "time": time}


class CheckpointError(JournalError):
    """A state that cannot be written as a checkpoint, or a checkpoint that cannot be read."""


def is_sealed_checkpoint(blob: bytes) -> bool:
    """True for this format; False for anything else (e.g. an older pickled checkpoint)."""
    return blob.startswith(MAGIC)


def seal_state(data: Any, key: JournalKey, *, journal_id: str) -> bytes:
    """``data`` encoded, compressed and sealed: the bytes a checkpoint stores."""
    text = json.dumps(encode_state(data), separators=(",", ":"), ensure_ascii=False)
    nonce = secrets.token_bytes(NONCE_BYTES)
    sealed = key.seal_bytes(zlib.compress(text.encode("utf-8"), 6), label=_label(journal_id, nonce))
    return MAGIC + nonce + sealed


def unseal_state(blob: bytes, key: JournalKey, *, journal_id: str) -> Any:
    """The data :func:`seal_state` sealed (check the checkpoint's MAC first)."""
    if not is_sealed_checkpoint(blob):
        raise CheckpointError("this checkpoint is not in the sealed format")
    nonce = blob[len(MAGIC) : len(MAGIC) + NONCE_BYTES]
    sealed = blob[len(MAGIC) + NONCE_BYTES :]
    try:
        plain = zlib.decompress(key.unseal_bytes(sealed, label=_label(journal_id, nonce)))
        return decode_state(json.loads(plain.decode("utf-8")))
    except (zlib.error, UnicodeDecodeError, ValueError) as error:
        raise CheckpointError(f"the checkpoint cannot be read ({error})") from None


def _label(journal_id: str, nonce: bytes) -> str:
    return f"checkpoint:{journal_id}:{nonce.hex()}"


# --- encoding ---------------------------------------------------------------------------------


def encode_state(value: Any) -> Any:
    """``value`` as JSON-ready data (see the module's description for what is accepted)."""
    return _Encoder().encode(value)


class _Encoder:
    def __init__(self) -> None:
        self._ids: dict[int, int] = {}
        self._keep: list[Any] = []  # keeps encoded objects alive, so ids are not reused

    def _ref(self, value: Any) -> tuple[int, bool]:
        known = self._ids.get(id(value))
        if known is not None:
            return known, True
        number = len(self._ids)
        self._ids[id(value)] = number
        self._keep.append(value)
        return number, False

    def encode(self, value: Any) -> Any:
        if isinstance(value, enum.Enum):  # first: an IntEnum is an int, a StrEnum a str
            return ["e", _class_name(type(value)), value.name]
        if value is None or isinstance(value, bool | str):
            return value
        kind = type(value)
        if kind is int:
            return value
        if kind is float:
            return ["f", repr(value)]
        if kind is Decimal:
            return ["D", str(value)]
        if kind in (datetime, date, time):
            return ["T", kind.__name__, value.isoformat()]
        if kind is timedelta:
            return ["td", value.days, value.seconds, value.microseconds]
        if kind is bytes:
            return ["b", value.hex()]
        if kind is tuple:
            return ["t", [self.encode(item) for item in value]]
        if kind is frozenset:
            return ["fs", [self.encode(item) for item in value]]
        if kind is MappingProxyType:
            return ["mp", self.encode(dict(value))]
        if isinstance(value, tuple) and hasattr(kind, "_fields"):  # a named tuple
            _check_class(kind)
            return ["nt", _class_name(kind), [self.encode(item) for item in value]]
        number, seen = self._ref(value)
        if seen:
            return ["r", number]
        if kind is list:
            return ["l", number, [self.encode(item) for item in value]]
        if kind is set:
            return ["s", number, [self.encode(item) for item in value]]
        if kind is deque:
            return ["q", number, value.maxlen, [self.encode(item) for item in value]]
        if kind in _DICTS.values():
            pairs = [[self.encode(k), self.encode(v)] for k, v in value.items()]
            return ["d", number, kind.__name__, pairs]
        _check_class(kind)
        if not _plain_class(kind):  # a subclass of a builtin container or number
            raise CheckpointError(f"{_class_name(kind)} cannot be rebuilt from its attributes")
        return ["o", number, _class_name(kind), self._attributes(value)]

    def _attributes(self, value: Any) -> dict[str, Any]:
        names: list[str] = list(getattr(value, "__dict__", {}))
        for cls in type(value).__mro__:
            slots = cls.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__dict__", "__weakref__") and name not in names:
                    names.append(name)
        attributes: dict[str, Any] = {}
        for name in names:
            try:
                item = object.__getattribute__(value, name)
            except AttributeError:
                continue  # a slot never set
            attributes[name] = self.encode(item)
        return attributes


def _class_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _plain_class(cls: type) -> bool:
    """An instance of ``cls`` is allocated by ``object.__new__`` (not a dict, tuple, int...)."""
    allocate: object = cls.__new__
    return allocate is object.__new__


def _allowed_module(module: str) -> bool:
    return any(module == p or module.startswith(p + ".") for p in ALLOWED_PACKAGES)


def _check_class(cls: type) -> None:
    if not _allowed_module(cls.__module__) or "<locals>" in cls.__qualname__:
        raise CheckpointError(
            f"{_class_name(cls)} cannot be part of a checkpoint: only the table's own classes "
            f"({', '.join(ALLOWED_PACKAGES)}) and plain data may be"
        )


# --- decoding ---------------------------------------------------------------------------------


def decode_state(data: Any) -> Any:
    """The value :func:`encode_state` gave ``data`` for; :class:`CheckpointError` if it holds
    anything else."""
    try:
        return _Decoder().decode(data)
    except CheckpointError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
        raise CheckpointError(f"the checkpoint's state is malformed ({error!r})") from None


def _resolve(name: str) -> type:
    """The class named ``module:qualname``, if it is allowed and already imported (nothing is
    imported here, so reading a checkpoint runs no module's code)."""
    module_name, _, qualname = str(name).partition(":")
    module = sys.modules.get(module_name)
    if not _allowed_module(module_name) or module is None:
        raise CheckpointError(f"the checkpoint names {name}, which is not a table class")
    found: Any = module
    for part in qualname.split("."):
        found = getattr(found, part, None)
    if (
        not isinstance(found, type)
        or found.__module__ != module_name
        or found.__qualname__ != qualname
    ):
        raise CheckpointError(f"the checkpoint names {name}, which is not a table class")
    return found


class _Decoder:
    def __init__(self) -> None:
        self._objects: dict[int, Any] = {}

    def _register(self, number: Any, value: Any) -> Any:
        if not isinstance(number, int) or number in self._objects:
            raise CheckpointError("the checkpoint's object numbers are inconsistent")
        self._objects[number] = value
        return value

    def decode(self, data: Any) -> Any:  # one case per tag
        if data is None or isinstance(data, bool | int | str):
            return data
        if not isinstance(data, list) or not data:
            raise CheckpointError(f"the checkpoint holds {type(data).__name__} where it may not")
        tag = data[0]
        if tag == "r":
            return self._objects[data[1]]
        if tag == "e":
            cls = _resolve(data[1])
            if not issubclass(cls, enum.Enum):
                raise CheckpointError(f"{data[1]} is not an enumeration")
            return cls[data[2]]
        if tag == "f":
            return float(data[1])
        if tag == "D":
            return Decimal(str(data[1]))
        if tag == "T":
            return _TIMES[data[1]].fromisoformat(str(data[2]))
        if tag == "td":
            return timedelta(days=int(data[1]), seconds=int(data[2]), microseconds=int(data[3]))
        if tag == "b":
            return bytes.fromhex(data[1])
        if tag == "t":
            return tuple(self.decode(item) for item in data[1])
        if tag == "fs":
            return frozenset(self.decode(item) for item in data[1])
        if tag == "mp":
            return MappingProxyType(self.decode(data[1]))
        if tag == "nt":
            cls = _resolve(data[1])
            if not (issubclass(cls, tuple) and hasattr(cls, "_fields")):
                raise CheckpointError(f"{data[1]} is not a named tuple")
            return tuple.__new__(cls, [self.decode(item) for item in data[2]])
        if tag == "l":
            items: list[Any] = self._register(data[1], [])
            items.extend(self.decode(item) for item in data[2])
            return items
        if tag == "s":
            members: set[Any] = self._register(data[1], set())
            members.update(self.decode(item) for item in data[2])
            return members
        if tag == "q":
            maxlen = data[2]
            queue: deque[Any] = self._register(
                data[1], deque(maxlen=None if maxlen is None else int(maxlen))
            )
            queue.extend(self.decode(item) for item in data[3])
            return queue
        if tag == "d":
            mapping = self._register(data[1], _DICTS[data[2]]())
            for key, value in data[3]:
                mapping[self.decode(key)] = self.decode(value)
            return mapping
        if tag == "o":
            cls = _resolve(data[2])
            if not _plain_class(cls) or issubclass(cls, BaseException):
                raise CheckpointError(f"{data[2]} cannot be rebuilt from its attributes")
            instance = self._register(data[1], object.__new__(cls))
            for name, value in dict(data[3]).items():
                object.__setattr__(instance, str(name), self.decode(value))
            return instance
        raise CheckpointError(f"the checkpoint holds an unknown kind of value ({tag!r})")
