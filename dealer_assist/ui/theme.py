"""Colours, sizes and the style sheet: dark, high-contrast, readable at arm's length.

Banker red, Player blue, Tie green everywhere (instruction, hands, roads, buttons). White text
on every tone colour has a contrast ratio of at least 4.5:1. Every touch target is at least
:data:`TOUCH_PX` pixels, 9 mm on a screen of up to 169 pixels per inch (a 13" 1920×1080 panel).
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QGuiApplication
from PySide6.QtWidgets import QWidget

from dealer_assist.ui.presentation import Tone

#: 9 mm at 169 ppi; the smallest button on any screen.
TOUCH_PX = 60
MM_PER_INCH = 25.4

BACKGROUND = QColor("#0E1216")
PANEL = QColor("#1A2129")
PANEL_LIGHT = QColor("#26303B")
TEXT = QColor("#F4F6F8")
TEXT_DIM = QColor("#AEB8C2")
GOOD = QColor("#3DDC84")
WARN = QColor("#FFB300")
BAD = QColor("#FF5252")
#: Chemin de Fer and Banque: the bank and the seat that holds it.
BANK = QColor("#E8C15A")

TONE_COLOURS = {
    Tone.BANKER: QColor("#C62828"),
    Tone.PLAYER: QColor("#1E5BC6"),
    Tone.TIE: QColor("#15803D"),
    Tone.ALERT: QColor("#FFB300"),
    Tone.NEUTRAL: QColor("#26303B"),
}
#: Text on a tone's colour.
TONE_TEXT = {tone: QColor("#111111") if tone is Tone.ALERT else TEXT for tone in Tone}
#: The same tones, brighter, for marks drawn on the dark background (roads, totals).
TONE_BRIGHT = {
    Tone.BANKER: QColor("#FF4D4D"),
    Tone.PLAYER: QColor("#4D8DFF"),
    Tone.TIE: QColor("#2FCB6B"),
    Tone.ALERT: QColor("#FFB300"),
    Tone.NEUTRAL: QColor("#AEB8C2"),
}

FONT_FAMILIES = ["DejaVu Sans", "Noto Sans CJK SC", "WenQuanYi Micro Hei", "Sans Serif"]


def font(pixels: int, *, bold: bool = False) -> QFont:
    result = QFont()
    result.setFamilies(FONT_FAMILIES)
    result.setPixelSize(pixels)
    result.setBold(bold)
    return result


def set_text_colour(widget: QWidget, colour: QColor) -> None:
    """Colour a label's text; a style sheet is costly to apply, so only when it changes."""
    name = colour.name()
    if widget.property("textColour") != name:
        widget.setProperty("textColour", name)
        widget.setStyleSheet(f"color: {name};")


def min_touch_px() -> int:
    """9 mm in pixels on the primary screen, never less than :data:`TOUCH_PX`."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        return TOUCH_PX
    dpi = screen.physicalDotsPerInch()
    return max(TOUCH_PX, round(9 / MM_PER_INCH * dpi))


def relative_luminance(colour: QColor) -> float:
    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio, 1 to 21."""
    high, low = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def style_sheet(touch: int = TOUCH_PX) -> str:
    tones = "".join(
        f"""
QPushButton[tone="{tone.value}"] {{ background: {TONE_COLOURS[tone].name()};
    color: {TONE_TEXT[tone].name()}; border-color: {TONE_BRIGHT[tone].name()}; }}
QPushButton[tone="{tone.value}"]:checked {{ border: 4px solid #FFFFFF; }}
QPushButton[tone="{tone.value}"]:disabled {{ background: {PANEL_LIGHT.name()};
    color: #6B7682; border-color: #333C46; }}"""
        for tone in Tone
    )
    return f"""
QWidget {{ background: {BACKGROUND.name()}; color: {TEXT.name()}; }}
QLabel {{ background: transparent; }}
QFrame#panel, QFrame#seat {{ background: {PANEL.name()}; border-radius: 10px; }}
QFrame#seat[due="true"] {{ border: 4px solid {WARN.name()}; }}
QFrame#seat[selected="true"] {{ border: 4px solid #FFFFFF; }}
QPushButton {{ background: {PANEL_LIGHT.name()}; color: {TEXT.name()};
    border: 2px solid #5A6673; border-radius: 10px; padding: 4px 10px;
    min-height: {touch - 12}px; min-width: {touch - 24}px; font-size: 20px; font-weight: bold; }}
QPushButton:pressed {{ background: #3A4654; }}
QPushButton:checked {{ background: #F4F6F8; color: #0E1216; }}
QPushButton:disabled {{ color: #6B7682; border-color: #333C46; }}
QPushButton#chip {{ border-radius: {touch // 2}px; border: 4px dashed #F4F6F8;
    background: #37474F; }}
QPushButton#danger {{ background: #8E1B1B; border-color: {BAD.name()}; }}
QListView {{ font-size: 20px; background: {PANEL.name()}; border: none; }}
QListView::item {{ min-height: {touch}px; padding: 4px 10px; }}
QListView::item:selected {{ background: #F4F6F8; color: #0E1216; }}
QTableView {{ font-size: 18px; background: {PANEL.name()}; gridline-color: #333C46; }}
QHeaderView::section {{ background: {PANEL_LIGHT.name()}; color: {TEXT.name()};
    font-size: 16px; padding: 4px; border: none; }}
QScrollBar:vertical {{ width: {touch // 2}px; }}
{tones}
"""
