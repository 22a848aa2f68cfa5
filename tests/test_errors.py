"""The error tree: every exception class the package defines derives from DealerAssistError."""

from __future__ import annotations

import inspect

import pytest

from dealer_assist.errors import (
    BetError,
    CodedError,
    DealerAssistError,
    DeviceError,
    DeviceTimeoutError,
    RuleViolation,
)
from dealer_assist.rules.evaluate import CoupInputError
from dealer_assist.table.commands import CommandRejected
from tests.package_modules import load, module_names

# Modules another change is moving; their exception classes join the tree when it lands.
PENDING = {"dealer_assist.tags_cli": "tags_cli._Stopped: the cli package move rebases it"}


def exception_classes(module: object) -> list[type[BaseException]]:
    """The exception classes a module defines, nested ones in its classes included."""
    found: list[type[BaseException]] = []
    pending = [module]
    while pending:
        owner = pending.pop()
        for value in vars(owner).values():
            if inspect.isclass(value) and value.__module__ == getattr(module, "__name__", None):
                if issubclass(value, BaseException) and value not in found:
                    found.append(value)
                pending.append(value)
    return found


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xfail(reason=PENDING[name], strict=True))
        if name in PENDING
        else name
        for name in module_names()
    ],
)
def test_every_exception_class_is_a_dealer_assist_error(name: str) -> None:
    module = load(name)
    outside = [
        cls.__qualname__
        for cls in exception_classes(module)
        if not issubclass(cls, DealerAssistError)
    ]
    assert outside == []


@pytest.mark.parametrize("cls", [RuleViolation, BetError, CommandRejected, CoupInputError])
def test_coded_errors_share_one_base(cls: type[CodedError]) -> None:
    message = "what was given, what is allowed, what to do"
    error = cls("some_code", message)
    assert isinstance(error, CodedError) and isinstance(error, DealerAssistError)
    assert (error.code, error.message) == ("some_code", message)


def test_what_a_coded_error_says() -> None:
    # The texts stay as they were before the shared base: the code shows only in a violation.
    assert str(RuleViolation("coup_over", "start the next")) == "coup_over: start the next"
    assert str(BetError("bad_amount", "write a number")) == "write a number"
    assert str(CommandRejected("no_shoe", "start a shoe first")) == "start a shoe first"
    assert str(CoupInputError("bad_bet", "write NAME=AMOUNT")) == "write NAME=AMOUNT"
    assert isinstance(BetError("x", "y"), ValueError)


def test_a_device_timeout_is_a_timeout() -> None:
    error = DeviceTimeoutError("the reader did not answer within 2 s")
    assert isinstance(error, TimeoutError) and isinstance(error, DeviceError)
    assert str(error) == "the reader did not answer within 2 s"
    with pytest.raises(TimeoutError):
        raise error
