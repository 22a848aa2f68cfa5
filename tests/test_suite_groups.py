"""The suite's grouping for the workers (tests/conftest.py): tests that share something outside
their process never run on two workers at once."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import SHARED_OUTSIDE, test_group

TESTS = Path(__file__).parent
REPO = TESTS.parent

#: What in a test file's text shows it shares something outside its process.
OUTSIDE_USES = ("Pcscd", "simshoe", '["make", "-C"')


def test_a_module_is_its_own_group_unless_its_directory_shares() -> None:
    assert test_group("tests/test_roads.py::test_x") == "tests/test_roads.py"
    assert test_group("tests/ui/test_ui_walk.py::test_y[a::b]") == "tests/ui/test_ui_walk.py"
    assert test_group("tests/pcsc/test_pcsc_stack.py::t") == "pcscd"
    assert test_group("tests/pcsc/test_tag_format.py::t") == "pcscd"
    assert test_group("tests/firmware/test_firmware_sim.py::t") == test_group(
        "tests/hardware/test_selftest_sim.py::t"
    )


def test_every_file_that_shares_an_outside_thing_is_in_a_shared_group() -> None:
    sharing = [
        path.relative_to(REPO).as_posix()
        for path in sorted(TESTS.rglob("*.py"))
        if path.parent != TESTS  # this file and the suite's conftest name them
        and any(use in path.read_text("utf-8") for use in OUTSIDE_USES)
    ]
    assert sharing  # the pcsc, firmware and hardware tests
    for module in sharing:
        assert test_group(f"{module}::t") in SHARED_OUTSIDE.values(), module


def test_every_shared_directory_exists() -> None:
    for directory in SHARED_OUTSIDE:
        assert (REPO / directory).is_dir(), directory
