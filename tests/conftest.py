"""Settings for the whole suite.

Every property test runs the same cases on every run (``derandomize``), and none has a deadline:
a case's time on a loaded machine says nothing about the code (benchmarks/ measures speed). A test
may still set its own settings.

``make test`` runs the suite on every core (pytest-xdist). Each worker is sent whole groups of
tests (:func:`test_group`): a module, or every module that shares something outside the process.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("suite", deadline=None, derandomize=True)
settings.load_profile("suite")

#: Test directories whose modules share something outside their process, so that their modules
#: must run one after the other on one worker; the value names the group.
SHARED_OUTSIDE = {
    # one pcscd, with the virtual readers on fixed ports
    "tests/pcsc/": "pcscd",
    # `make -C firmware` in the checkout (the image, the simulator), and `make -C hardware`
    "tests/firmware/": "make",
    "tests/hardware/": "make",
}


def test_group(nodeid: str) -> str:
    """The group a test is sent with: its directory's shared group, else its module."""
    module = nodeid.split("::", 1)[0]
    for directory, group in SHARED_OUTSIDE.items():
        if module.startswith(directory):
            return group
    return module


test_group.__test__ = False  # type: ignore[attr-defined]  # a helper, not a test


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Schedule by :func:`test_group` (xdist's own ``loadgroup`` marks no longer reach its
    scheduler with pytest 9.2, whose nodes ignore the ``_nodeid`` xdist sets)."""
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return test_group(nodeid)

    return GroupScheduling(config, log)
