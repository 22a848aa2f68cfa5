"""Issue 28, h-speed28: a shape both of whose index corners the corner network calls junk has its
corners cut by the glyph reader once, not again (``RECUTS``, the merged-index cuts;
``CardDetector(blank_no_recut=...)``)."""

from __future__ import annotations

import numpy as np
import pytest

from dealer_assist.vision import decks
from dealer_assist.vision.index import CornerGlyphs, IndexSettings, segment_corner
from dealer_assist.vision.pipeline import RECUTS, CardDetector, Recut
from dealer_assist.vision.synthetic import TILTED, random_coup_cards, random_scene

# A tilted six-card frame of a building design (fresh seeds of h-speed28): its findings' corners
# were cut again 875 times, 481 with the rule (the shapes the network calls junk at both index
# corners: a calibration marker, the felt between cards); the answers are the same.
_SEED = 10_550_005


def _counting_recuts(monkeypatch: pytest.MonkeyPatch, cuts: list[int]) -> None:
    original = Recut.cut

    def cut(self: Recut, corner: CornerGlyphs, settings: IndexSettings) -> CornerGlyphs:
        cuts.append(id(corner))
        return original(self, corner, settings)

    monkeypatch.setattr(Recut, "cut", cut)


def _blank_corners() -> list[tuple[CornerGlyphs, CornerGlyphs]]:
    """Two corners of felt with a few dark specks: no whole index in any cut."""
    rng = np.random.default_rng(10_550_100)
    pairs = []
    for _ in range(2):
        pair = []
        for _side in (0, 1):
            region = np.full((137, 70, 3), (40, 110, 50), np.uint8)
            region += rng.integers(0, 12, region.shape, dtype=np.uint8)
            region[30:40, 20:28] = 10  # a speck of dark ink
            pair.append(segment_corner(region, IndexSettings()))
        pairs.append((pair[0], pair[1]))
    return pairs


def test_settled_corners_are_classified_and_never_cut_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    detector = CardDetector(layout=None)
    corners = _blank_corners()
    cuts: list[int] = []
    with monkeypatch.context() as patch:
        _counting_recuts(patch, cuts)
        free = detector._read_all(corners)
    # Without a whole index anywhere, every corner is cut again by every recut.
    assert len(cuts) == len(RECUTS) * 4
    cuts.clear()
    with monkeypatch.context() as patch:
        _counting_recuts(patch, cuts)
        settled = detector._read_all(corners, settled={0, 1})
    # The first card's two corners are settled: only the second card's are cut again.
    assert len(cuts) == len(RECUTS) * 2
    assert set(cuts) == {id(glyphs) for glyphs in corners[1]}
    # A settled corner keeps the reading of its first cut.
    first = detector._classify([corners[0][0], corners[0][1]])
    for got, want in zip(settled[0], first, strict=True):
        assert (got.rank is None) == (want.rank is None)
        assert (got.suit is None) == (want.suit is None)
    assert len(free) == len(settled) == 2


def test_shapes_the_network_calls_junk_are_cut_once_and_answers_stay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    faces = decks.render_design(decks.design("anglo"), height=160)
    cards = random_coup_cards(np.random.default_rng(_SEED), 6)
    image = random_scene(_SEED, faces, cards=cards, style=TILTED).image
    answers = {}
    cuts: dict[bool, list[int]] = {True: [], False: []}
    for on in (False, True):
        with monkeypatch.context() as patch:
            _counting_recuts(patch, cuts[on])
            detector = CardDetector(layout=None, blank_no_recut=on)
            answers[on] = [d.to_json() for d in detector.detect(image)]
    assert answers[True] == answers[False]
    assert sum(1 for d in answers[True] if d["card"] is not None) >= 4
    # A third of the frame's recuts and more were of shapes the network calls junk.
    assert 3 * len(cuts[True]) < 2 * len(cuts[False])


def test_the_rule_is_off_by_default() -> None:
    # On, the 30 dim building seeds showed a detection where no card is and a card twice more
    # (docs/benchmarks.md, h-speed28): off until they are understood.
    assert not CardDetector(layout=None).blank_no_recut
