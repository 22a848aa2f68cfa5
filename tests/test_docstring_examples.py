"""Every example in the package's docstrings runs and holds.

One parametrised test over every module whose source has a ``>>>`` prompt (names from the files,
see tests/package_modules.py), rather than pytest's ``--doctest-modules``: that would import every
module at collection, the screens' Qt and the camera's OpenCV included, in every test run, even
``pytest tests/rules``. Here a module is imported only when its own examples run.

The count of prompts in the source must equal the examples doctest ran, so an example doctest
cannot find (in a nested function, or a class imported from elsewhere) fails instead of being
skipped silently.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from tests.package_modules import load, module_files, module_name

PROMPT = re.compile(r"^\s*>>>", re.MULTILINE)


def with_examples() -> list[tuple[str, int]]:
    found = []
    for path in module_files():
        prompts = len(PROMPT.findall(Path(path).read_text("utf-8")))
        if prompts:
            found.append((module_name(path), prompts))
    return found


EXAMPLES = with_examples()


def test_examples_are_found() -> None:
    assert len(EXAMPLES) >= 20  # the walk itself works: modules with examples are seen


@pytest.mark.parametrize(("name", "prompts"), EXAMPLES, ids=[name for name, _ in EXAMPLES])
def test_docstring_examples(name: str, prompts: int) -> None:
    module = load(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
    ran = result.attempted
    assert ran == prompts, f"{name}: {prompts} examples written, {ran} ran"
