"""``hand_index``'s shapes tested at once as arrays, made cheap and exact (issue 28, h-cheap45).

``CardDetector._between_indices`` lays a card at every bare cell of a blob holding cards read
surely, each turned as those cards lie, and keeps those whose centre lies clear of the cards
reported, that lie on the mask (``_paper_share``: a shape drawn for each) and whose index area
is on none of theirs: some 650 shapes a frame tested one at a time (``_index_shapes_each``).
``pipeline._index_shapes`` (``QUICK_INDEX_SHAPES``, on) tests every shape's centre at once and
bounds each one's share on the mask from the mask's running row counts, turning away only the
shapes ``_paper_share`` would turn away, then tests those left one at a time as before: the same
shapes pass, in the same order. The scenes are h-cheap45's fresh seeds (12,370,000-12,469,999).
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card
from dealer_assist.vision import pipeline, synthetic
from dealer_assist.vision.pipeline import CardDetector
from dealer_assist.vision.quads import FinderSettings
from tests.vision.found import tilted_coup

# ``hand_index`` is off by default since session 46: on here, so its shapes are laid.
LAYING = FinderSettings(hand_index=True)


def test_quick_index_shapes_ships_on() -> None:
    assert pipeline.QUICK_INDEX_SHAPES is True


@pytest.fixture
def both_paths(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int]]]:
    """Every blob's shapes laid by the quick path and by the old one, which must agree: per
    blob, how many shapes were laid and how many passed."""
    quick, each = pipeline._index_shapes, pipeline._index_shapes_each
    seen: list[tuple[int, int]] = []

    def compared(
        laying: pipeline._IndexCells, *, clear: float, least: float
    ) -> list[tuple[np.ndarray, np.ndarray]]:
        fast = quick(laying, clear=clear, least=least)
        slow = each(laying, clear=clear, least=least)
        assert len(fast) == len(slow)
        for (shape, at), (old_shape, old_at) in zip(fast, slow, strict=True):
            assert np.array_equal(shape, old_shape)
            assert np.array_equal(at, old_at)
        seen.append((len(laying.cells) * len(laying.turns), len(slow)))
        return fast

    monkeypatch.setattr(pipeline, "_index_shapes", compared)
    yield seen


def test_the_quick_path_lays_the_old_paths_shapes_on_tilted_frames(
    building_faces: dict[Card, np.ndarray], both_paths: list[tuple[int, int]]
) -> None:
    """The camera's tilted six-card frames (benchmarks/paired_vision.py ``--tilted``): hundreds
    of shapes laid, almost none passing."""
    for seed in (12_370_000, 12_370_001, 12_370_002):
        CardDetector(finder=LAYING).detect(tilted_coup(seed, building_faces))
    assert sum(laid for laid, _ in both_paths) > 300


def test_the_quick_path_lays_the_old_paths_shapes_on_tables(
    building_faces: dict[Card, np.ndarray], both_paths: list[tuple[int, int]]
) -> None:
    """The building check's table frames, whose blobs hold bare paper where many shapes pass."""
    for seed in (12_370_010, 12_370_011):
        style = synthetic.CHECK_STYLES["table"]
        scene = synthetic.random_scene(seed, building_faces, style=style)
        CardDetector(finder=LAYING).detect(scene.image)
    assert sum(passed for _, passed in both_paths) > 0


def _random_quads(rng: np.random.Generator, count: int, size: int) -> np.ndarray:
    """Card-like quads (some leaning, some off the picture, some on half pixels)."""
    quads = []
    for _ in range(count):
        corner = rng.uniform(-10, size + 10, 2)
        short = rng.uniform(2, 50)
        long = short * rng.uniform(1, 1.6)
        angle = rng.uniform(0, np.pi)
        u = np.array([np.cos(angle), np.sin(angle)])
        v = np.array([-u[1], u[0]])
        quad = np.array(
            [corner, corner + short * u, corner + short * u + long * v, corner + long * v]
        )
        if rng.random() < 0.4:
            quad = quad + rng.uniform(-2, 2, (4, 2))
        if rng.random() < 0.2:
            quad = np.round(quad * 2) / 2
        quads.append(quad)
    return np.array(quads)


def test_the_share_bound_turns_away_only_shapes_paper_share_turns_away() -> None:
    """On random masks (cards and speckle), a quad ``_shares_may_reach`` turns away lies on the
    mask less than the share asked by ``_paper_share``'s count; and it turns most away."""
    rng = np.random.default_rng(12_370_100)
    turned = tested = 0
    for _ in range(150):
        height, width = (int(n) for n in rng.integers(40, 120, 2))
        mask = np.zeros((height, width), np.uint8)
        for _ in range(int(rng.integers(1, 5))):
            centre = rng.uniform(0, (width, height))
            sides = rng.uniform(5, 60, 2)
            box = cv2.boxPoints(
                ((float(centre[0]), float(centre[1])), (float(sides[0]), float(sides[1])), 30.0)
            )
            cv2.fillConvexPoly(mask, np.round(box).astype(np.int32), 255)
        if rng.random() < 0.5:
            mask[rng.random((height, width)) < 0.2] = 255
        quads = _random_quads(rng, 40, max(height, width))
        counts = pipeline._row_counts(mask)
        for least in (0.5, 0.88, 1.0):
            for quad, may in zip(
                quads, pipeline._shares_may_reach(counts, quads, least), strict=True
            ):
                tested += 1
                if not may:
                    turned += 1
                    assert pipeline._paper_share(mask, quad) < least
    assert turned > tested / 4


def test_the_share_bound_keeps_a_quad_wholly_on_the_mask() -> None:
    """A quad whose drawn pixels are the mask (its share 1) is never turned away."""
    rng = np.random.default_rng(12_370_101)
    for quad in _random_quads(rng, 300, 100):
        mask = np.zeros((100, 100), np.uint8)
        cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 255)
        if pipeline._paper_share(mask, quad) == 1.0:
            assert pipeline._shares_may_reach(pipeline._row_counts(mask), quad[None], 1.0)[0]


def test_the_share_bound_keeps_a_quad_whose_outline_is_the_mask() -> None:
    """A quad on a mask that is only the outline of its drawn pixels (what lies farthest from
    its shape) is never turned away at its own share: the bound reaches every drawn pixel (a
    reach of a pixel or less misses some)."""
    rng = np.random.default_rng(12_370_104)
    tested = 0
    for quad in _random_quads(rng, 400, 60):
        drawn = np.zeros((60, 60), np.uint8)
        cv2.fillConvexPoly(drawn, np.round(quad).astype(np.int32), 255)
        mask = cv2.subtract(drawn, cv2.erode(drawn, np.ones((3, 3), np.uint8)))
        share = pipeline._paper_share(mask, quad)
        if share > 0:
            tested += 1
            assert pipeline._shares_may_reach(pipeline._row_counts(mask), quad[None], share)[0]
    assert tested > 200


def test_signed_distances_are_point_polygon_tests() -> None:
    """``_signed_distances`` measures as ``cv2.pointPolygonTest`` does, well within the slack
    the quick path leaves to it (``_CENTRE_SLACK``)."""
    rng = np.random.default_rng(12_370_102)
    quads = _random_quads(rng, 20, 800).astype(np.float32)
    points = rng.uniform(-50, 850, (500, 2))
    distances = pipeline._signed_distances(quads.astype(np.float64), points)
    for p, quad in enumerate(quads):
        contour = quad.reshape(-1, 1, 2)
        for n, point in enumerate(points):
            exact = cv2.pointPolygonTest(contour, (float(point[0]), float(point[1])), True)
            assert abs(distances[n, p] - exact) < pipeline._CENTRE_SLACK / 10


def test_cells_are_the_old_sets_cells() -> None:
    """The cells ``_between_indices`` lays from (``_cells_of``, at once) are the old sorted set
    of ``int(x // step)`` pairs, points on cells' edges included."""
    rng = np.random.default_rng(12_370_103)
    for _ in range(50):
        step = float(rng.uniform(2, 8))
        points = rng.uniform(-50, 1400, (3000, 2))
        points[:100] = np.round(points[:100] / step) * step
        old = sorted({(int(x // step), int(y // step)) for x, y in points})
        assert [tuple(c) for c in pipeline._cells_of(points, step).tolist()] == old
