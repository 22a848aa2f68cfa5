"""Every screen state of ``dealer-assist screenshot``, at every touchscreen size a casino buys,
in every language: no text cut, nothing left in English on a Chinese screen.

The scenes are built once (the same seeded tables as the screenshots) and each is shown at each
size in each language: a language switch re-renders the same widgets, so each widget's Chinese
text is compared with its own English text. A label or button fails when its text, measured
with its font, needs more room than the widget's contents rectangle, or when the widget sticks
out of its window; painted text (the instruction, the recall's band and hands) is measured the
same way against the rectangle it is drawn in.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QLabel,
    QPushButton,
    QStyle,
    QStyleOptionButton,
    QTableView,
    QWidget,
)

from dealer_assist.ui.i18n import LANGUAGES, Translations
from dealer_assist.ui.screenshots import NAMES, SCREENS, Scene, build_scenes

SIZES = ((1024, 768), (1280, 800), (1366, 768), (1920, 1080))
CHINESE = ("zh_TW", "zh_CN")
# Words that are the same in every language: people's names (the bank games' players), the
# table's id, the scheme of a card source, the names of the languages on their button, and IT
# (the department, so called in Chinese casinos too).
SAME_IN_EVERY_LANGUAGE = {*NAMES, "Zoe", "Zed", "Lou", "T1", "mock", "English", "EZ", "IT"}
CARD = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]")


def shown(widget: QWidget, root: QWidget) -> bool:
    return widget.isVisible() and widget.isVisibleTo(root) and widget.window() is root.window()


def widgets(root: QWidget) -> Iterator[QWidget]:
    yield root
    for child in root.findChildren(QWidget):
        if shown(child, root):
            yield child


def label_needs(label: QLabel) -> tuple[float, float, QRectF]:
    """The room ``label``'s text needs (width, height) and the room it has."""
    metrics = QFontMetricsF(label.font())
    margin = label.margin()
    has = QRectF(label.contentsRect()).adjusted(margin, margin, -margin, -margin)
    text = label.text()
    if label.wordWrap():
        needed = metrics.boundingRect(
            QRectF(0, 0, has.width(), 100_000),
            int(Qt.TextFlag.TextWordWrap | label.alignment()),
            text,
        )
        return needed.width(), needed.height(), has
    lines = text.split("\n")
    width = max(metrics.horizontalAdvance(line) for line in lines)
    height = metrics.height() + metrics.lineSpacing() * (len(lines) - 1)
    return width, height, has


def button_needs(button: QPushButton) -> tuple[float, float, QRectF]:
    option = QStyleOptionButton()
    button.initStyleOption(option)
    has = QRectF(
        button.style().subElementRect(QStyle.SubElement.SE_PushButtonContents, option, button)
    )
    metrics = QFontMetricsF(button.font())
    lines = button.text().split("\n")
    width = max(metrics.horizontalAdvance(line) for line in lines)
    height = metrics.height() + metrics.lineSpacing() * (len(lines) - 1)
    return width, height, has


def inside_window(widget: QWidget, root: QWidget) -> bool:
    """The widget lies inside each of its parents up to ``root``, and ``root`` on the screen;
    inside a scroll area it need only lie inside the area's content (scrolled to, it is
    seen whole: the pit's tiles when more tables than fit the screen)."""
    area = QRect(widget.rect())
    current = widget
    while current is not root and current.parentWidget() is not None:
        area = area.translated(current.pos())
        parent = current.parentWidget()
        if isinstance(parent.parentWidget(), QAbstractScrollArea):
            return True  # the scroll area's viewport: the content scrolls under it
        if not parent.rect().contains(area):
            return False
        current = parent
    return True


def painted_texts(widget: QWidget) -> list[tuple[QFont, QRectF, str]]:
    boxes = getattr(widget, "text_boxes", None)
    return list(boxes()) if callable(boxes) else []


def cut_texts(root: QWidget, screen: tuple[int, int]) -> list[str]:
    """Every visible text in ``root`` that needs more room than it has."""
    found = []
    if root.width() > screen[0] or root.height() > screen[1]:
        found.append(f"{type(root).__name__} {root.size().toTuple()} is larger than the screen")
    for widget in widgets(root):
        if isinstance(widget, QLabel | QPushButton) and widget.text():
            if isinstance(widget, QLabel):
                width, height, has = label_needs(widget)
            else:
                width, height, has = button_needs(widget)
            if width > has.width() + 0.5 or height > has.height() + 0.5:
                found.append(
                    f"{widget.text()!r} needs {width:.0f}x{height:.0f}, "
                    f"has {has.width():.0f}x{has.height():.0f}"
                )
            if not inside_window(widget, root):
                found.append(f"{widget.text()!r} is outside its window")
        for font, rect, text in painted_texts(widget):
            metrics = QFontMetricsF(font)
            lines = text.split("\n")
            width = max(metrics.horizontalAdvance(line) for line in lines)
            if width > rect.width() + 0.5 or metrics.height() * len(lines) > rect.height() + 0.5:
                found.append(
                    f"{text!r} painted needs {width:.0f}, has {rect.width():.0f}x"
                    f"{rect.height():.0f}"
                )
    return found


def texts(root: QWidget) -> dict[int, tuple[str, str]]:
    """Each visible widget's user-visible text (labels, buttons, painted text, the rows of item
    views), keyed by the widget and its place."""
    found: dict[int, tuple[str, str]] = {}

    def add(key: int, where: str, text: str) -> None:
        found[key] = (where, text)

    for widget in widgets(root):
        name = type(widget).__name__
        if widget.objectName() == "original":
            continue  # the table's own words, kept under their translation for IT
        if isinstance(widget, QLabel | QPushButton):
            add(id(widget), name, widget.text())
        for place, (_font, _rect, text) in enumerate(painted_texts(widget)):
            add(hash((id(widget), "painted", place)), name, text)
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            columns = [c for c in range(20) if model.index(0, c).isValid()]
            for row in range(min(model.rowCount(), 40)):
                for column in columns:
                    value = model.index(row, column).data()
                    if isinstance(value, str):
                        add(hash((id(widget), row, column)), name, value)
            if isinstance(widget, QTableView):
                for column in columns:
                    value = model.headerData(column, Qt.Orientation.Horizontal)
                    if isinstance(value, str):
                        add(hash((id(widget), "header", column)), name, value)
    return found


def english_left(text: str) -> bool:
    """Whether ``text`` still has words to translate: letters left once card codes, numbers
    and the words that are the same in every language are taken out."""
    rest = CARD.sub(" ", text)
    for word in SAME_IN_EVERY_LANGUAGE:
        rest = re.sub(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", " ", rest)
    rest = re.sub(r"\bPunter \d+\b", " ", rest)  # the name the croupier gives a new player
    return bool(re.search(r"[A-Za-z]{2,}", rest))


@dataclass
class Walk:
    cut: dict[tuple[tuple[int, int], str], list[str]] = field(default_factory=dict)
    english: dict[tuple[tuple[int, int], str], list[str]] = field(default_factory=dict)
    scenes: list[str] = field(default_factory=list)


def walk_scenes(scenes: list[Scene], translations: Translations) -> Walk:
    walk = Walk(scenes=[scene.name for scene in scenes])
    sources: dict[str, dict[int, tuple[str, str]]] = {}
    for size in SIZES:
        for language in LANGUAGES:
            translations.set_language(language)
            QApplication.processEvents()  # the LanguageChange events
            cut = walk.cut.setdefault((size, language), [])
            english = walk.english.setdefault((size, language), [])
            for scene in scenes:
                scene.show(size)
                root = scene.widget
                cut.extend(f"{scene.name}: {problem}" for problem in cut_texts(root, size))
                shown_texts = texts(root)
                if language == "en":
                    sources.setdefault(scene.name, shown_texts)
                else:
                    source = sources.get(scene.name, {})
                    for key, (where, text) in shown_texts.items():
                        if key in source and source[key][1] == text and english_left(text):
                            english.append(f"{scene.name}: {where} {text!r}")
                scene.hide()
    translations.set_language("en")
    QApplication.processEvents()
    return walk


@pytest.fixture(scope="module")
def walked(qapp: Any) -> Iterator[Walk]:
    translations = Translations()
    scenes = build_scenes(translations, coups=20)
    try:
        yield walk_scenes(list(scenes), translations)
    finally:
        scenes.close()
        translations.set_language("en")


def test_every_screen_of_the_screenshots_is_walked(walked: Walk) -> None:
    assert sorted(walked.scenes) == sorted(SCREENS)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_no_text_is_cut(walked: Walk, size: tuple[int, int], language: str) -> None:
    assert walked.cut[(size, language)] == []


@pytest.mark.parametrize("language", CHINESE)
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def test_no_english_on_a_chinese_screen(walked: Walk, size: tuple[int, int], language: str) -> None:
    assert walked.english[(size, language)] == []


def test_the_checks_see_what_a_person_sees(qapp: Any) -> None:
    """The checks themselves: a cut label, a cut button and words left in English are found."""
    window = QWidget()
    window.resize(400, 200)
    label = QLabel("Baccarat · Punto Banco (5% commission)", window)
    label.setGeometry(10, 10, 120, 40)
    button = QPushButton("Supervisor", window)
    button.setGeometry(10, 60, 40, 60)
    fits = QLabel("OK", window)
    fits.setGeometry(10, 130, 100, 40)
    window.show()
    QApplication.processEvents()
    found = cut_texts(window, (400, 200))
    assert len(found) == 2 and "Baccarat" in found[0] and "Supervisor" in found[1]
    window.close()
    assert english_left("Baccarat · Punto Banco (5% commission)")
    assert not english_left("第 1 靴 · 10♥ · Ana · T1 · 250")
    assert english_left("低於最低投注: seat 1 tie")
