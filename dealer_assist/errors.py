"""The error tree. Every error the product raises derives from :class:`DealerAssistError`.

Messages are written for the person who must act: the croupier, the supervisor or the
technician. Rule violations carry a machine-readable ``code`` as well.
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


class RuleViolation(DealerAssistError):
    """An action the rules of the coup do not allow. The coup's state is unchanged."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"{code}: {message}")


class ConfigError(DealerAssistError, ValueError):
    """A configuration or data file that cannot be used: names the file, field and problem."""

    def __init__(self, source: str, field: str, problem: str) -> None:
        self.source = source
        self.field = field
        self.problem = problem
        where = f"{source}: {field}" if field else source
        super().__init__(f"{where}: {problem}")


class BetError(DealerAssistError, ValueError):
    """A bet the table cannot take: unknown to the variant, outside the limits, or malformed."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(message)


class DeviceError(DealerAssistError):
    """A card source or other device failed."""


class DeviceNotAvailableError(DeviceError):
    """The device is not there (unplugged, service not running, driver not installed)."""


class DeviceInitError(DeviceError):
    """The device is there but could not be set up."""


class DeviceIOError(DeviceError):
    """Reading from or writing to the device failed."""


class DeviceTimeoutError(DeviceError, TimeoutError):
    """The device did not answer in time (also a :class:`TimeoutError`)."""
