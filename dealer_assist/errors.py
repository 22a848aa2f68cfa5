"""The error tree. Every error the product raises derives from :class:`DealerAssistError`.

Messages are written for the person who must act: the croupier, the supervisor or the
technician. Errors a program must tell apart (rule violations, bets the table cannot take,
rejected commands, a coup that cannot be evaluated) derive from :class:`CodedError` and carry
a machine-readable ``code`` as well. Device errors (not available, set-up, input/output,
timeout) derive from :class:`DeviceError`. Errors that callers historically caught as
``ValueError`` are ``ValueError`` too. ``tests/test_errors.py`` checks that every exception
class the package defines is in this tree.
"""

from __future__ import annotations


class DealerAssistError(Exception):
    """Base of every dealer-assist error."""


class CardParseError(DealerAssistError, ValueError):
    """Text that does not name a card."""

    def __init__(self, text: str, reason: str) -> None:
        self.text = text
        self.reason = reason
        super().__init__(f"cannot read {text!r} as a card: {reason}")


class CodedError(DealerAssistError):
    """An error with a machine-readable ``code`` beside the ``message`` a person reads.

    The code is what programs match on (JSON output, the journal, tests); the message says
    what was wrong and what to do. ``str(error)`` is the message, unless a subclass
    overrides :meth:`text` (a rule violation shows its code as well).

    >>> error = CodedError("bad_bet", "bet 'banker': write NAME=AMOUNT")
    >>> error.code, str(error)
    ('bad_bet', "bet 'banker': write NAME=AMOUNT")
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(self.text())

    def text(self) -> str:
        """What ``str(error)`` shows."""
        return self.message


class InputError(DealerAssistError, ValueError):
    """A value typed on the command line or in a setting that cannot be used.

    The message says what was given and what is allowed. It is a ``ValueError`` too, for
    ``argparse`` type functions and callers that catch one.
    """


class RuleViolation(CodedError):
    """An action the rules of the coup do not allow. The coup's state is unchanged.

    >>> str(RuleViolation("coup_over", "the coup is over: start the next one"))
    'coup_over: the coup is over: start the next one'
    """

    def text(self) -> str:
        return f"{self.code}: {self.message}"


class ConfigError(DealerAssistError, ValueError):
    """A configuration or data file that cannot be used: names the file, field and problem."""

    def __init__(self, source: str, field: str, problem: str) -> None:
        self.source = source
        self.field = field
        self.problem = problem
        where = f"{source}: {field}" if field else source
        super().__init__(f"{where}: {problem}")


class ConfigurationRefused(ConfigError, InputError):
    """A table's configuration refused before anything starts: a setting unknown or out of
    range, a file that is not a configuration, options that contradict it. Input refused, as a
    bad argument is (``dealer-assist`` exits 2); a file that cannot be read at all is not
    refused but unusable (an ``OSError``, exit 1)."""


class BetError(CodedError, ValueError):
    """A bet the table cannot take: unknown to the variant, outside the limits, or malformed."""


class DeviceError(DealerAssistError):
    """A card source or other device failed."""


class DeviceNotAvailableError(DeviceError):
    """The device is not there (unplugged, service not running, driver not installed)."""


class DeviceInitError(DeviceError):
    """The device is there but could not be set up."""


class DeviceIOError(DeviceError):
    """Reading from or writing to the device failed."""


class DeviceTimeoutError(DeviceError, TimeoutError):
    """The device did not answer in time. A ``TimeoutError`` too, as Python's own timeouts are."""
