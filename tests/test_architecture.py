"""Dependencies point inward: the core never imports Qt, pyserial, pyscard or OpenCV."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "dealer_assist"
HEAVY = ("PySide6", "serial", "smartcard", "cv2", "numpy")
CORE = ("cards.py", "errors.py", "config", "rules", "shoe", "table", "roads.py", "odds")


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def core_files() -> list[Path]:
    files: list[Path] = []
    for entry in CORE:
        target = PACKAGE / entry
        files.extend(sorted(target.rglob("*.py")) if target.is_dir() else [target])
    return [f for f in files if f.exists()]


def test_core_modules_import_nothing_heavy() -> None:
    offenders = {
        str(path.relative_to(PACKAGE)): sorted(imports_of(path) & set(HEAVY))
        for path in core_files()
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_only_ui_imports_qt() -> None:
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "PySide6" in imports_of(path) and path.relative_to(PACKAGE).parts[0] != "ui"
    ]
    assert offenders == []


def test_drivers_never_import_qt() -> None:
    drivers = PACKAGE / "drivers"
    assert [p.name for p in drivers.rglob("*.py") if "PySide6" in imports_of(p)] == []


def test_importing_the_core_loads_no_heavy_module() -> None:
    code = (
        "import sys\n"
        "import dealer_assist.cli, dealer_assist.rules.evaluate, dealer_assist.table.controller\n"
        "import dealer_assist.table.runtime, dealer_assist.table.headless, dealer_assist.roads\n"
        f"heavy = {HEAVY!r}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
