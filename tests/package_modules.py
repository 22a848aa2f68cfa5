"""Every module of the dealer_assist package, for tests that must hold in all of them.

Names come from the files, so listing them imports nothing: a test imports each module itself
(the screens' and the camera's modules bring in Qt and OpenCV only when that test runs).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parents[1] / "dealer_assist"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_files() -> list[Path]:
    """Every module but the ``__main__`` ones, which run the command when imported."""
    return sorted(path for path in PACKAGE.rglob("*.py") if path.name != "__main__.py")


def module_names() -> list[str]:
    return [module_name(path) for path in module_files()]


def load(name: str) -> ModuleType:
    """Import ``name``. A missing extra (Qt, OpenCV, pyserial, pyscard) fails the test, as
    everywhere else: ``make test`` installs every extra."""
    return importlib.import_module(name)
