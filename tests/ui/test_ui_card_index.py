"""Card faces show their corner indexes whole and clear of the edge, tens included: measured
on the rendered pixels of every rank at the sizes the screens draw cards."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter

from dealer_assist.cards import Card, Rank, Suit
from dealer_assist.table.snapshot import CardView
from dealer_assist.ui.card_face import FACE, paint_face

# The faces' widths on the screens: recall and scoreboard (small) to the croupier's hands.
WIDTHS = (50, 64, 76, 100, 124, 160)
MARGIN = 0.04  # of the card's width (3 px at least): the index never comes nearer the edge


def render(card: Card, width: int) -> np.ndarray:
    height = round(width * 1.4)
    image = QImage(width + 20, height + 20, QImage.Format.Format_RGB32)
    image.fill(Qt.GlobalColor.darkGray)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    view = CardView(code=card.code, pretty=card.pretty, red=card.suit.is_red, face_down=False)
    paint_face(painter, QRectF(10, 10, width, height), view)
    painter.end()
    bits = image.constBits()
    pixels = np.frombuffer(bits, dtype=np.uint8).reshape(image.height(), image.bytesPerLine())
    return pixels[:, : image.width() * 4].reshape(image.height(), image.width(), 4)[
        10 : 10 + height, 10 : 10 + width, :3
    ]


def ink(pixels: np.ndarray) -> np.ndarray:
    """Pixels of the card's ink: far from the face's white (anti-aliased edges included)."""
    face = np.array([FACE.blue(), FACE.green(), FACE.red()])  # the image is BGRA
    return np.abs(pixels.astype(int) - face).sum(axis=2) > 180


def components(mask: np.ndarray) -> list[tuple[int, int, int, int]]:
    """Bounding boxes (left, top, right, bottom) of the 8-connected ink regions."""
    seen = np.zeros_like(mask)
    boxes = []
    for y, x in zip(*np.nonzero(mask), strict=True):
        if seen[y, x]:
            continue
        stack, box = [(y, x)], [x, y, x, y]
        seen[y, x] = True
        while stack:
            cy, cx = stack.pop()
            box = [min(box[0], cx), min(box[1], cy), max(box[2], cx), max(box[3], cy)]
            for ny in range(max(0, cy - 1), min(mask.shape[0], cy + 2)):
                for nx in range(max(0, cx - 1), min(mask.shape[1], cx + 2)):
                    if mask[ny, nx] and not seen[ny, nx]:
                        seen[ny, nx] = True
                        stack.append((ny, nx))
        boxes.append((box[0], box[1], box[2], box[3]))
    return boxes


def corner(card: Card, width: int) -> list[tuple[int, int, int, int]]:
    """The top-left index's glyph boxes, top to bottom, inside the card's border."""
    pixels = render(card, width)
    height = pixels.shape[0]
    border = max(2, round(width * 0.03))  # the card's outline and its anti-aliasing
    mask = ink(pixels)
    mask[:border, :] = mask[-border:, :] = False
    mask[:, :border] = mask[:, -border:] = False
    found = [
        box
        for box in components(mask)
        if (box[0] + box[2]) / 2 < width * 0.35 and (box[1] + box[3]) / 2 < height * 0.38
    ]
    return sorted(found, key=lambda box: (box[1], box[0]))


@pytest.mark.parametrize("width", WIDTHS)
def test_every_corner_index_is_whole_and_clear_of_the_edge(qapp: Any, width: int) -> None:
    for rank in Rank:
        card = Card(rank, Suit.HEARTS)
        boxes = corner(card, width)
        glyphs = 3 if rank is Rank.TEN else 2  # the rank's characters and the suit
        assert len(boxes) >= glyphs, (rank, width, boxes)
        for left, top, right, _bottom in boxes:
            assert min(left, top) >= max(3, width * MARGIN), (rank, width, boxes)
            assert right < width * 0.45, (rank, width, boxes)  # clear of the centre rank
    # Whole: the "1" and the "0" of a ten are as tall as a king's K in the same corner.
    king = corner(Card(Rank.KING, Suit.HEARTS), width)[0]
    one, zero = sorted(corner(Card(Rank.TEN, Suit.HEARTS), width)[:2])
    for glyph in (one, zero):
        assert abs((glyph[3] - glyph[1]) - (king[3] - king[1])) <= max(2, width // 40), (
            width,
            glyph,
            king,
        )
    assert one[2] < zero[0], "the two digits of a ten stand apart"
