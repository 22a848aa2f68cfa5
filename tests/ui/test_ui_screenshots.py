"""``dealer-assist screenshot``: every screen is written, and shows what it should."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QColor, QImage

from dealer_assist.cli import main
from dealer_assist.ui import theme
from dealer_assist.ui.card_face import BACK, FACE
from dealer_assist.ui.presentation import Tone
from dealer_assist.ui.road_views import WINNER_COLOURS
from dealer_assist.ui.screenshots import SCREENS

SIZE = (1600, 900)


@pytest.fixture(scope="module")
def shots(qapp: Any, tmp_path_factory: pytest.TempPathFactory) -> dict[str, QImage]:
    out = tmp_path_factory.mktemp("screenshots")
    status = main(
        ["screenshot", "--out", str(out), "--coups", "14", "--size", f"{SIZE[0]}x{SIZE[1]}"]
    )
    assert status == 0
    return {name: QImage(str(out / f"{name}.png")) for name in SCREENS}


def near(found: QColor, expected: QColor, tolerance: int = 24) -> bool:
    return all(
        abs(a - b) <= tolerance
        for a, b in zip(found.getRgb()[:3], expected.getRgb()[:3], strict=True)
    )


def count(image: QImage, colour: QColor, *, step: int = 5) -> int:
    return sum(
        near(image.pixelColor(x, y), colour)
        for y in range(0, image.height(), step)
        for x in range(0, image.width(), step)
    )


def wide_runs(image: QImage, colour: QColor, *, length: int = 100, step: int = 4) -> int:
    """Rows (every ``step``) crossing ``length`` pixels of ``colour`` in a row: card faces,
    not letters."""
    found = 0
    for y in range(0, image.height(), step):
        run = 0
        for x in range(0, image.width(), 2):
            run = run + 2 if near(image.pixelColor(x, y), colour) else 0
            if run >= length:
                found += 1
                break
    return found


def colours(image: QImage, *, step: int = 7) -> Counter[int]:
    return Counter(
        image.pixel(x, y)
        for y in range(0, image.height(), step)
        for x in range(0, image.width(), step)
    )


TONES = [theme.TONE_COLOURS[tone] for tone in (Tone.BANKER, Tone.PLAYER, Tone.TIE)]


def band(image: QImage, x: int, *, height: int = 80) -> tuple[QColor, int, int] | None:
    """The first run in column ``x`` of a tone colour at least ``height`` pixels tall: the
    instruction."""
    start = 0
    for y in range(1, image.height() + 1):
        if y == image.height() or image.pixel(x, y) != image.pixel(x, start):
            colour = image.pixelColor(x, start)
            if y - start >= height and any(near(colour, tone, 2) for tone in TONES):
                return colour, start, y
            start = y
    return None


def test_every_screen_is_written_and_not_blank(shots: dict[str, QImage]) -> None:
    for name, image in shots.items():
        assert not image.isNull(), name
        assert len(colours(image)) > 8, f"{name} looks blank"
    assert shots["croupier"].size().toTuple() == SIZE
    assert shots["scoreboard"].size().toTuple() == SIZE


def test_the_croupier_screen_shows_the_result_in_its_colour(shots: dict[str, QImage]) -> None:
    image = shots["croupier"]
    found = band(image, 20)
    assert found is not None, "no instruction band"
    _colour, top, bottom = found
    text = sum(
        near(image.pixelColor(x, y), theme.TEXT, 40)
        for y in range(top, bottom, 2)
        for x in range(0, image.width(), 2)
    )
    assert text > 500, "the instruction has no text"
    assert wide_runs(image, FACE) > 30, "no card faces"


def test_the_scoreboard_shows_red_and_blue_beads(shots: dict[str, QImage]) -> None:
    image = shots["scoreboard"]
    assert count(image, WINNER_COLOURS[_winner("banker")]) > 300
    assert count(image, WINNER_COLOURS[_winner("player")]) > 300


def _winner(name: str) -> Any:
    from dealer_assist.roads import Winner

    return Winner(name)


def test_the_alert_takes_the_screen(shots: dict[str, QImage]) -> None:
    image = shots["alert"]
    assert count(image, theme.BAD) > 1000  # the holding alert's red frame
    dimmed = image.pixelColor(5, image.height() - 5)
    plain = shots["croupier"].pixelColor(5, image.height() - 5)
    assert dimmed.lightness() <= plain.lightness()


def test_recall_squeeze_and_decision_screens(shots: dict[str, QImage]) -> None:
    recall = shots["recall"]
    assert near(recall.pixelColor(recall.width() // 2, 20), theme.WARN)  # "past coup" band
    squeeze = shots["squeeze"]
    assert count(squeeze, BACK) > 1000
    assert wide_runs(squeeze, FACE) < 10  # no face (a white frame is a row or two)
    decision = band(shots["decision"], 20)
    assert decision is not None and near(decision[0], theme.TONE_COLOURS[Tone.PLAYER], 2)


def test_the_chinese_screens(qapp: Any, tmp_path: Path) -> None:
    from dealer_assist.ui.screenshots import take_screenshots

    written = take_screenshots(
        tmp_path,
        coups=3,
        language="zh_TW",
        size=(1280, 800),
        screens=("croupier", "scoreboard"),
    )
    assert sorted(written) == ["croupier", "scoreboard"]
    image = QImage(str(written["croupier"]))
    assert image.size().toTuple() == (1280, 800) and len(colours(image)) > 8


def bottom(image: QImage, colour: QColor, *, step: int = 3) -> int:
    """Pixels of ``colour`` in the bottom quarter: the bet panel, or the bank panel."""
    return sum(
        near(image.pixelColor(x, y), colour)
        for y in range(image.height() * 3 // 4, image.height(), step)
        for x in range(0, image.width(), step)
    )


def test_the_bank_games_screens(shots: dict[str, QImage]) -> None:
    chemin, banque, croupier = shots["chemin-de-fer"], shots["banque"], shots["croupier"]
    assert chemin.size().toTuple() == SIZE and banque.size().toTuple() == SIZE
    # The bank panel's headline ("BANK 494.32 · held by seat 1 Ana") and the banker's tile
    # are in the bank's gold, which no Punto Banco screen uses.
    assert count(chemin, theme.BANK, step=2) > 300
    assert count(banque, theme.BANK, step=2) > 300
    assert count(croupier, theme.BANK, step=2) == 0
    # No Punto Banco bet buttons under the seats: the Banker bet's red is only on the
    # Punto Banco screen.
    banker_red = theme.TONE_COLOURS[Tone.BANKER]
    assert bottom(croupier, banker_red) > 500
    assert bottom(chemin, banker_red) == 0 and bottom(banque, banker_red) == 0
    # Chemin de Fer stops on the punter's option: the instruction in the Player's blue.
    found = band(chemin, 20)
    assert found is not None and near(found[0], theme.TONE_COLOURS[Tone.PLAYER], 2)
    assert wide_runs(chemin, FACE) > 30, "no card faces"
    # Banque is staked: the croupier's green "No more bets" is in the bank panel.
    assert bottom(banque, theme.TONE_COLOURS[Tone.TIE]) > 300


def pit_detail_shows_its_parts(image: QImage) -> None:
    """The detail of the demo's first table: the five roads in red and blue, its
    acknowledged advantage-play alert in amber, its device and the message the table
    journaled in green."""
    assert count(image, WINNER_COLOURS[_winner("banker")], step=2) > 500
    assert count(image, WINNER_COLOURS[_winner("player")], step=2) > 500
    assert count(image, theme.WARN, step=2) > 15  # a line of small text: tens of samples
    assert count(image, theme.GOOD, step=2) > 60


def test_the_pit_grid_and_a_tables_detail(shots: dict[str, QImage]) -> None:
    grid, detail = shots["pit"], shots["pit-detail"]
    assert grid.size().toTuple() == SIZE and detail.size().toTuple() == SIZE
    pit_detail_shows_its_parts(detail)
    # The grid's tiles draw a small Big Road of their own: none of the detail's roads.
    assert count(grid, WINNER_COLOURS[_winner("banker")], step=2) == 0
    assert count(grid, theme.BAD, step=2) > 20  # the offline table's state, in red
    pit_grid_shows_alerts(grid)


def red_lines(image: QImage) -> int:
    """Lines of red text: runs of pixel rows with some of :data:`theme.BAD` in them."""
    import numpy as np

    image = image.convertToFormat(QImage.Format.Format_RGB32)
    rows = np.frombuffer(image.constBits(), dtype=np.uint8).reshape(
        image.height(), image.bytesPerLine() // 4, 4
    )[:, : image.width(), :3]
    bad = np.array([theme.BAD.blue(), theme.BAD.green(), theme.BAD.red()])  # BGRA in memory
    red = (np.abs(rows.astype(int) - bad) <= 24).all(axis=2).any(axis=1)
    return int(np.count_nonzero(red[1:] & ~red[:-1]) + red[0])


def pit_grid_shows_alerts(grid: QImage) -> None:
    """The demo pit's open alerts (an extra card at T04, a lost card shoe at T07) in red, in
    the list across the pit (the right fifth) and on their tiles (the left): three lines of
    red among the tiles, OFFLINE and the two alerts."""
    side = grid.width() * 4 // 5
    right = grid.copy(side, 0, grid.width() - side, grid.height())
    left = grid.copy(0, 0, side, grid.height())
    assert count(right, theme.BAD, step=2) > 60  # two alerts in the list, in red
    assert red_lines(left) >= 3


@pytest.mark.parametrize("language", ["zh_TW", "zh_CN"])
def test_the_pit_screens_in_chinese(qapp: Any, tmp_path: Path, language: str) -> None:
    from dealer_assist.ui.screenshots import PIT_SCREENS, take_screenshots

    written = take_screenshots(
        tmp_path, coups=14, language=language, size=(1280, 800), screens=PIT_SCREENS
    )
    assert sorted(written) == sorted(PIT_SCREENS)
    detail = QImage(str(written["pit-detail"]))
    assert detail.size().toTuple() == (1280, 800)
    pit_detail_shows_its_parts(detail)
    pit_grid_shows_alerts(QImage(str(written["pit"])))
