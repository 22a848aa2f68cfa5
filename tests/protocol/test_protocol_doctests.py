"""The examples in the protocol package's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "dealer_assist.drivers.shoe.protocol",
    "dealer_assist.drivers.shoe.protocol.framing",
    "dealer_assist.drivers.shoe.protocol.tracker",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
