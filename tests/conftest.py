"""Settings for the whole suite.

Every property test runs the same cases on every run (``derandomize``), and none has a deadline:
a case's time on a loaded machine says nothing about the code (benchmarks/ measures speed). A test
may still set its own settings.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("suite", deadline=None, derandomize=True)
settings.load_profile("suite")
