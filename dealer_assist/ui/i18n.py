"""Languages: English, Traditional and Simplified Chinese, switchable while the table runs.

Translations are Qt Linguist sources (``translations/*.ts``, committed). At first use each is
compiled with ``lrelease`` (shipped in PySide6-Essentials as ``pyside6-lrelease``) into a
``.qm`` file in the user's cache folder, named after the source's digest so an edited ``.ts`` is
compiled again. Where no ``lrelease`` can be found the ``.ts`` is read directly by
:class:`TsTranslator`: the same words, a little slower to look up.

Switching installs the new translator on the application, and Qt sends every widget a
``LanguageChange`` event; widgets then re-render their texts from the last snapshot.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator

from dealer_assist.errors import InputError

LANGUAGES = ("en", "zh_TW", "zh_CN")
LANGUAGE_NAMES = {"en": "English", "zh_TW": "繁體中文", "zh_CN": "简体中文"}
TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def ts_path(language: str) -> Path:
    return TRANSLATIONS / f"dealer_assist_{language}.ts"


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "dealer-assist" / "translations"


def lrelease_program() -> str | None:
    """The ``lrelease`` that came with PySide6, or one on the PATH."""
    try:
        import PySide6
    except ImportError:  # pragma: no cover - this module needs PySide6 anyway
        return None
    bundled = Path(PySide6.__file__).resolve().parent / "lrelease"
    if bundled.is_file() and os.access(bundled, os.X_OK):
        return str(bundled)
    return shutil.which("pyside6-lrelease") or shutil.which("lrelease")


def compile_qm(language: str, *, folder: Path | None = None) -> Path | None:
    """The compiled translation for ``language``, made if needed; None if it cannot be made."""
    source = ts_path(language)
    program = lrelease_program()
    if program is None or not source.is_file():
        return None
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    folder = folder or cache_dir()
    target = folder / f"dealer_assist_{language}-{digest}.qm"
    if target.is_file():
        return target
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder) as scratch:
            made = Path(scratch) / target.name
            subprocess.run(
                [program, "-silent", str(source), "-qm", str(made)],
                check=True,
                capture_output=True,
                timeout=30,
            )
            os.replace(made, target)  # atomic: two screens starting at once both succeed
    except (OSError, subprocess.SubprocessError):
        return None
    return target


def read_ts(path: Path) -> dict[tuple[str, str], str]:
    """(context, source) → translation, for finished entries of a Linguist file."""
    messages: dict[tuple[str, str], str] = {}
    root = ElementTree.parse(path).getroot()
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            source = message.findtext("source")
            translation = message.find("translation")
            if source is None or translation is None or not translation.text:
                continue
            if translation.get("type") in ("unfinished", "obsolete", "vanished"):
                continue
            messages[(name, source)] = translation.text
    return messages


class TsTranslator(QTranslator):
    """A translator reading a ``.ts`` file directly (when ``lrelease`` is missing)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self._messages = read_ts(path)

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return self._messages.get((context, source), source)

    def isEmpty(self) -> bool:
        return not self._messages


def make_translator(language: str, *, compiled: bool = True) -> QTranslator | None:
    """A loaded translator for ``language``; None for English (the source language)."""
    if language == "en":
        return None
    if language not in LANGUAGES:
        raise InputError(f"no language {language!r} (known: {', '.join(LANGUAGES)})")
    if compiled:
        qm = compile_qm(language)
        if qm is not None:
            translator = QTranslator()
            if translator.load(str(qm)):
                return translator
    return TsTranslator(ts_path(language))


class Translations:
    """The application's current language."""

    def __init__(self, *, compiled: bool = True) -> None:
        self.language = "en"
        self._compiled = compiled
        self._translator: QTranslator | None = None
        self._cache: dict[str, QTranslator | None] = {}

    def set_language(self, language: str) -> None:
        if language == self.language and (language == "en" or self._translator is not None):
            return
        if language not in self._cache:
            self._cache[language] = make_translator(language, compiled=self._compiled)
        if self._translator is not None:
            QCoreApplication.removeTranslator(self._translator)
        self._translator = self._cache[language]
        self.language = language
        if self._translator is not None:
            QCoreApplication.installTranslator(self._translator)
        # Installing or removing a translator sends every widget a LanguageChange event.

    def next_language(self) -> str:
        index = LANGUAGES.index(self.language)
        return LANGUAGES[(index + 1) % len(LANGUAGES)]
