"""Translations: complete, in step with the code, compiled or read directly alike, and drawable."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QFontDatabase, QImage, QPainter

from dealer_assist.ui import theme, wording
from dealer_assist.ui.i18n import (
    LANGUAGES,
    TsTranslator,
    compile_qm,
    lrelease_program,
    read_ts,
    ts_path,
)

CHINESE = ("zh_TW", "zh_CN")
UI = Path(wording.__file__).resolve().parent


@pytest.mark.parametrize("language", CHINESE)
def test_every_message_is_translated_with_its_placeholders(language: str) -> None:
    import xml.etree.ElementTree as ElementTree

    root = ElementTree.parse(ts_path(language)).getroot()
    assert root.get("language") == language
    messages = list(root.iter("message"))
    assert len(messages) > 150
    for message in messages:
        source = message.findtext("source") or ""
        translation = message.find("translation")
        assert translation is not None and translation.text, source
        assert translation.get("type") is None, f"unfinished: {source}"
        assert sorted(re.findall(r"%\d", source)) == sorted(re.findall(r"%\d", translation.text)), (
            source
        )


def test_both_languages_translate_the_same_messages() -> None:
    assert set(read_ts(ts_path("zh_TW"))) == set(read_ts(ts_path("zh_CN")))


@pytest.mark.skipif(lrelease_program() is None, reason="no pyside6-lupdate here")
def test_the_translations_are_in_step_with_the_code(tmp_path: Path) -> None:
    lupdate = Path(lrelease_program() or "").with_name("lupdate")
    if not lupdate.is_file():
        pytest.skip("no lupdate next to lrelease")
    fresh = tmp_path / "fresh.ts"
    sources = sorted(str(p) for p in UI.glob("*.py"))
    subprocess.run(
        [str(lupdate), "-silent", "-no-obsolete", *sources, "-ts", str(fresh)],
        check=True,
        timeout=60,
    )
    import xml.etree.ElementTree as ElementTree

    found = {
        (context.findtext("name"), message.findtext("source"))
        for context in ElementTree.parse(fresh).getroot().iter("context")
        for message in context.iter("message")
    }
    assert found == set(read_ts(ts_path("zh_TW"))), "run the lupdate command in docs/ui.md"


@pytest.mark.parametrize("language", CHINESE)
def test_compiled_and_direct_translators_agree(qapp: Any, tmp_path: Path, language: str) -> None:
    from PySide6.QtCore import QTranslator

    qm = compile_qm(language, folder=tmp_path)
    if qm is None:
        pytest.skip("no lrelease here")
    assert compile_qm(language, folder=tmp_path) == qm  # made once, kept by digest
    compiled = QTranslator()
    assert compiled.load(str(qm))
    direct = TsTranslator(ts_path(language))
    for (context, source), text in read_ts(ts_path(language)).items():
        assert compiled.translate(context, source) == text
        assert direct.translate(context, source) == text


def test_wording_reads_the_tables_english(translations: Any) -> None:
    cases = {
        "PLACE YOUR BETS": ("請下注", "请下注"),
        "BURN 3 MORE CARDS": ("再燒 3 張牌", "再烧 3 张牌"),
        "TURN THE BANKER CARDS": ("開莊的牌", "开庄的牌"),
        "CARD TO PLAYER": ("發牌給閒", "发牌给闲"),
        "PLAYER DRAWS": ("閒補牌", "闲补牌"),
        "BANKER: DRAW OR STAND?": ("莊：補牌還是停牌？", "庄：补牌还是停牌？"),
        "NATURAL 9, PLAYER WINS": ("例牌 9 點，閒贏", "例牌 9 点，闲赢"),
        "NATURAL EGALITE 8": ("例牌和局 8 點", "例牌和局 8 点"),
        "EGALITE 6": ("和局 6 點", "和局 6 点"),
        "BANKER WINS 7 TO 5": ("莊贏 7 比 5", "庄赢 7 比 5"),
        "RIGHT WINS, LEFT LOSES": ("右門贏，左門輸", "右门赢，左门输"),
        "HOLD: UNREADABLE CARD": ("暫停：無法讀取的牌", "暂停：无法读取的牌"),
        "SOMETHING NEW": ("SOMETHING NEW", "SOMETHING NEW"),
    }
    for text in cases:
        assert wording.instruction(text) == text  # English: the table's own words
    for index, language in enumerate(CHINESE):
        translations.set_language(language)
        for text, expected in cases.items():
            assert wording.instruction(text) == expected[index], text
    translations.set_language("zh_TW")
    assert wording.call("Player shows 6, Banker has 7") == "閒 6 點，莊 7 點"
    assert wording.call("Egalite, 5 each") == "和局，各 5 點"
    assert wording.call("Banker has 6; Right 5, Left 7") == "莊 6 點；右門 5，左門 7"
    assert wording.bet_name("egalite_3") == "和 3 點"
    advantage = "egalite_2 now favours the players: +1.36% per unit staked with 357 cards left"
    said = "和 2 點 現在對玩家有利：每單位投注 +1.36%，剩 357 張"
    assert wording.alert_message(advantage) == said
    assert wording.bet_name("mystery_bet") == "Mystery bet"
    assert wording.rejection("below_minimum", "seat 1: tie 5 is below the table minimum 10") == (
        "低於最低投注: seat 1: tie 5 is below the table minimum 10"
    )


def rendering(text: str) -> QImage:
    image = QImage(80, 80, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    painter.setFont(theme.font(48))
    painter.drawText(image.rect(), Qt.AlignmentFlag.AlignCenter, text)
    painter.end()
    return image


def test_the_chinese_characters_can_be_drawn(qapp: Any) -> None:
    """A font covers both scripts (the setup installs one), so no character is a blank box."""
    systems = {
        system
        for family in QFontDatabase.families()
        for system in QFontDatabase.writingSystems(family)
    }
    assert QFontDatabase.WritingSystem.TraditionalChinese in systems
    assert QFontDatabase.WritingSystem.SimplifiedChinese in systems
    missing = rendering("\U000f0000")  # a private-use character no font has: the "tofu" box
    for text in ("莊", "閒", "庄", "闲", "和", "♠", "♥"):
        assert rendering(text) != missing, text
    assert rendering("莊") != rendering("庄")


def test_languages_are_the_configured_ones() -> None:
    from dealer_assist.config import parse_config

    assert LANGUAGES == ("en", "zh_TW", "zh_CN")
    for language in LANGUAGES:
        assert parse_config({"table": {"language": language}}).language == language
    assert QCoreApplication.translate("Wording", "PLACE YOUR BETS") == "PLACE YOUR BETS"


def test_every_alert_the_table_raises_has_a_title() -> None:
    """Each alert code written in the table's code has a translated title on the screens."""
    table = Path(wording.__file__).resolve().parent.parent / "table"
    codes: set[str] = set()
    for path in table.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'self\._alert\(\s*"([a-z_]+)"', text))
        codes |= set(re.findall(r'\bcode="([a-z_]+)"', text))
    assert {"unreadable_card", "card_misplaced", "bets_open"} <= codes
    assert sorted(codes - set(wording.ALERTS)) == []
