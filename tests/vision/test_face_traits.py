"""Border traits printed on building faces for the second generator (issue 28, h-relaid50):
a frame line inside the card's edge (``lens_scenes.framed``) and a wide plain margin
(``lens_scenes.bordered``), traits some decks have that the building designs lack."""

from __future__ import annotations

import numpy as np

from dealer_assist.cards import parse_card
from dealer_assist.vision.lens_scenes import bordered, framed


def _face() -> np.ndarray:
    """A 200 x 140 face (BGRA): cream paper, a black 1-pixel edge stroke, a dark index block at
    the top left (rows 10-39, columns 6-25), transparent corner pixels."""
    face = np.zeros((200, 140, 4), np.uint8)
    face[:, :, :3] = (230, 245, 250)
    face[:, :, 3] = 255
    face[0, :, :3] = face[-1, :, :3] = face[:, 0, :3] = face[:, -1, :3] = 10
    face[10:40, 6:26, :3] = (0, 0, 200)  # the index, red
    for y, x in ((0, 0), (0, 139), (199, 0), (199, 139)):
        face[y, x, 3] = 0
    return face


def test_a_frame_line_is_printed_on_the_paper_inside_the_edge() -> None:
    card = parse_card("AH")
    face = _face()
    out = framed({card: face}, inset=0.05, width=0.01, ink=(200, 0, 0))[card]
    changed = np.any(out != face, axis=2)
    assert (out[changed][:, :3] == (0, 0, 200)).all()  # B, G, R of the red ink
    # The line: 7 pixels in (0.05 of 140), 1 thick, along the middle of each side.
    assert changed[100, 7] and changed[100, 132] and changed[7, 70] and changed[192, 70]
    assert not changed[100, 6] and not changed[100, 9] and not changed[100, 70]
    assert not changed[10:40, 6:26].any()  # the index lies over it
    assert (out[:, :, 3] == face[:, :, 3]).all()
    assert changed.sum() > 2 * (140 + 200) - 8 * 40  # round the whole face but the index


def test_a_wide_border_moves_the_art_in_on_the_paper() -> None:
    card = parse_card("AH")
    face = _face()
    out = bordered({card: face}, border=0.1)[card]
    gap = 14  # 0.1 of 140
    assert (out[:, :, 3] == face[:, :, 3]).all()
    assert (out[0, 1:-1, :3] == 10).all() and (out[100, 0, :3] == 10).all()  # the edge kept
    paper = np.array((230, 245, 250), np.uint8)
    margin = np.ones((200, 140), bool)
    margin[gap : 200 - gap, gap : 140 - gap] = False
    margin[[0, -1], :] = margin[:, [0, -1]] = False
    assert (out[margin][:, :3] == paper).all()
    # The index, shrunk with the art, starts inside the margin now.
    red = np.all(out[:, :, :3] == (0, 0, 200), axis=2)
    rows, cols = np.nonzero(red)
    assert rows.min() > gap and cols.min() >= gap
    assert red.sum() < (30 * 20)
