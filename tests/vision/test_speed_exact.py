"""The camera's speed-ups change no answer (issue 28, speed): each shortcut against the longer
way it replaces, on the same inputs, equal to the last bit."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np
import pytest

from dealer_assist.cards import Card, one_deck
from dealer_assist.vision import decks, pipeline
from dealer_assist.vision.components import (
    compact_components,
    components_with_stats,
    most_components,
)
from dealer_assist.vision.corner_model import (
    CHANNELS,
    PATCH_HEIGHT,
    PATCH_WIDTH,
    corner_patch,
    corner_patches,
)
from dealer_assist.vision.crossing import CrossingSettings
from dealer_assist.vision.crossing import _edge_counts as edge_counts
from dealer_assist.vision.crossing import _lines as crossing_lines
from dealer_assist.vision.faces import (
    BORDER,
    FACE_SIZE,
    LIGHT_SIGMA,
    SHIFT,
    FaceMatcher,
)
from dealer_assist.vision.faces import _pictures as face_pictures
from dealer_assist.vision.faces import _weights as face_weights
from dealer_assist.vision.geometry import (
    CANONICAL_HEIGHT,
    CANONICAL_WIDTH,
    centre_of,
    following,
    preceding,
    signed_area,
    transform_points,
)
from dealer_assist.vision.index import (
    GLYPH_SIZE,
    CornerGlyphs,
    Glyph,
    IndexSettings,
    _boxes_and_areas,
    _components,
    _split_waists,
    corner_ink,
    glyph_vector,
    merged_index_cuts,
    segment_corner,
)
from dealer_assist.vision.lens_scenes import photograph
from dealer_assist.vision.paper import PaperSettings, _channel_max, _grey_floor, paper_blobs
from dealer_assist.vision.pipeline import (
    CENTRE_COVERED,
    GROWN_EDGE,
    MERGED_CUTS,
    RECUTS,
    CardDetector,
    FrameAnalysis,
    Recut,
    _evidence,
    _Finding,
    _Looks,
    _Reading,
)
from dealer_assist.vision.plane import (
    CARD_ASPECT,
    PlaneSettings,
    _homography,
    _lone_outlines,
    _residuals,
    fit_plane,
    lone_outlines,
)
from dealer_assist.vision.quads import (
    FinderSettings,
    _add_shadowed_paper,
    _clear_soft,
    _clear_soft_in,
    _enclosed_spots,
    _scaled_levels,
    card_mask,
    unfilled_mask,
)
from dealer_assist.vision.refit import LineFit, lines_quad, lines_quads, side_lines
from dealer_assist.vision.synthetic import (
    HARSH,
    NOISY,
    TABLE,
    TABLE_CLOSE,
    TILTED,
    SceneStyle,
    random_scene,
)


def _outlines(seed: int, count: int) -> np.ndarray:
    """Card-like quadrilaterals (normalised view coordinates), skewed as a tilted camera does."""
    rng = np.random.default_rng(seed)
    quads = []
    for _ in range(count):
        centre = rng.uniform(-0.6, 0.6, 2)
        angle = rng.uniform(0, math.pi)
        u = np.array([math.cos(angle), math.sin(angle)]) * 0.05
        v = np.array([-math.sin(angle), math.cos(angle)]) * 0.07
        corners = [centre + a * u + b * v for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        skew = np.array([[1.0, 0.15], [0.05, 0.8]])
        quads.append(np.array(corners) @ skew.T + rng.normal(0, 0.002, (4, 2)))
    return np.array(quads)


def _fit_plane_one_by_one(
    quads: list[np.ndarray], shape: tuple[int, int], settings: PlaneSettings
) -> np.ndarray:
    """``fit_plane`` as it was: every residual worked out alone, each derivative apart, the
    accepted trial's residuals found again at the next step."""
    height, width = shape
    half = max(width, height) / 2.0
    normalise = np.array(
        [[1 / half, 0, -width / 2 / half], [0, 1 / half, -height / 2 / half], [0, 0, 1]]
    )
    stacked = np.stack(quads)
    normal = (stacked - np.array([width / 2, height / 2])) / half
    areas = np.abs([signed_area(q) for q in normal])
    params = np.zeros(5)
    params[4] = 0.5 * math.log(float(np.median(areas)) / CARD_ASPECT)
    damping = 1e-3
    count = len(quads)
    weights = np.ones(count * 6)
    for iteration in range(settings.iterations):
        residual = _residuals(params, normal, settings)
        if iteration % 5 == 4:
            per_quad = np.sqrt((residual.reshape(count, 6) ** 2).mean(axis=1))
            weights = np.repeat(1.0 / (1.0 + (per_quad / 2.0) ** 2), 6)
        jacobian = np.empty((len(residual), 5))
        for k in range(5):
            step = np.zeros(5)
            step[k] = 1e-5
            jacobian[:, k] = (_residuals(params + step, normal, settings) - residual) / 1e-5
        weighted = jacobian * weights[:, None]
        normal_matrix = weighted.T @ jacobian
        gradient = weighted.T @ residual
        cost = float((weights * residual**2).sum())
        while True:
            update = np.linalg.solve(normal_matrix + damping * np.eye(5), -gradient)
            trial = params + update
            trial_cost = float((weights * _residuals(trial, normal, settings) ** 2).sum())
            if trial_cost <= cost:
                params = trial
                damping = max(1e-6, damping / 3)
                break
            damping *= 4
            if damping > 1e6:
                break
        if float(np.abs(update).max()) < 1e-7 or damping > 1e6:
            break
    result: np.ndarray = _homography(params) @ normalise
    return result


def test_the_plane_residuals_of_several_parameter_sets_at_once_are_each_ones_alone() -> None:
    settings = PlaneSettings()
    rng = np.random.default_rng(5)
    for seed in range(20):
        quads = _outlines(seed, 1 + seed % 6)
        params = rng.normal(0, 0.3, (6, 5))
        params[2, :2] = (-8.0, -8.0)  # outlines at the view's far side behind the camera
        together = _residuals(params, quads, settings)
        for row, alone in zip(together, params, strict=True):
            assert np.array_equal(row, _residuals(alone, quads, settings))
    behind = _residuals(np.array([-8.0, -8.0, 0.0, 0.0, 0.0]), _outlines(1, 3) + 0.5, settings)
    assert np.all(behind == 1e3)


def test_the_plane_fit_is_the_one_found_residual_by_residual() -> None:
    settings = PlaneSettings()
    for seed in range(12):
        half = 320.0
        quads = [q * half + np.array([320.0, 180.0]) for q in _outlines(100 + seed, 1 + seed % 5)]
        fitted = fit_plane(quads, (360, 640), settings)
        assert fitted is not None
        assert np.array_equal(fitted, _fit_plane_one_by_one(quads, (360, 640), settings))


def _paper_blobs_in_floats(
    image: np.ndarray, mask: np.ndarray, settings: PaperSettings
) -> np.ndarray:
    """``paper_blobs`` as it was: the grey test and the shares in floating point."""
    count, labels = cv2.connectedComponents(mask, connectivity=8)
    if count <= 1:
        return mask
    b, g, r = cv2.split(image)
    brightest = cv2.max(cv2.max(b, g), r).astype(np.float32)
    darkest = cv2.min(cv2.min(b, g), r).astype(np.float32)
    grey = (brightest - darkest) <= settings.max_margin_colour * np.maximum(brightest, 1.0)
    flat = labels.ravel()
    areas = np.bincount(flat, minlength=count)
    greys = np.bincount(flat, weights=grey.ravel().astype(np.float64), minlength=count)
    share = greys / np.maximum(areas, 1)
    coloured = np.flatnonzero(share < settings.min_grey_share / 100.0)
    coloured = coloured[coloured > 0]
    drop = np.zeros(count, bool)
    drop[coloured] = True
    kept: np.ndarray = np.where(drop[labels], 0, mask).astype(np.uint8)
    return kept


def test_the_grey_table_is_the_floating_point_test_at_every_pair_of_levels() -> None:
    for share in (PaperSettings().max_margin_colour, 0.25, 0.5):
        brightest, darkest = np.meshgrid(np.arange(256), np.arange(256), indexing="ij")
        lit = brightest.astype(np.float32)
        floating = (lit - darkest.astype(np.float32)) <= share * np.maximum(lit, 1.0)
        table = darkest >= _grey_floor(share)[brightest]
        possible = darkest <= brightest
        assert np.array_equal(floating[possible], table[possible])


def test_paper_blobs_keeps_and_drops_the_blobs_the_floating_point_test_did() -> None:
    settings = PaperSettings()
    rng = np.random.default_rng(8)
    for seed in range(6):
        image = rng.integers(0, 256, (90, 160, 3)).astype(np.uint8)
        image[20:60, 10:50] = (200, 205, 210)  # paper
        image[30:70, 80:120] = (60, 120, 200)  # skin
        image[10:30, 130:150] = rng.integers(120, 256, (20, 20, 1))  # grey in every shade
        mask = np.zeros((90, 160), np.uint8)
        mask[18:62, 8:52] = 255
        mask[28:72, 78:122] = 255
        mask[8:32, 128:152] = 255
        mask[(rng.random((90, 160)) < 0.02 * seed)] = 255  # specks
        assert np.array_equal(
            paper_blobs(image, mask, settings), _paper_blobs_in_floats(image, mask, settings)
        )


def test_components_with_16bit_labels_are_opencvs_with_32bit_ones() -> None:
    rng = np.random.default_rng(11)
    for trial in range(300):
        height, width = (int(v) for v in rng.integers(2, 160, 2))
        binary = (rng.random((height, width)) < rng.uniform(0.05, 0.8)).astype(np.uint8)
        if trial % 2:
            binary = cv2.dilate(binary, np.ones((2, 2), np.uint8))
        for connectivity in (4, 8):
            count, labels, stats = components_with_stats(binary, connectivity)
            expected = cv2.connectedComponentsWithStats(binary, connectivity=connectivity)
            assert count == expected[0]
            assert labels.dtype == np.int32
            assert np.array_equal(labels, expected[1])
            assert np.array_equal(stats, expected[2])


def test_the_most_components_bound_holds_for_the_worst_patterns() -> None:
    for height, width in ((5, 7), (6, 6), (1, 9), (9, 1)):
        dots = np.zeros((height, width), np.uint8)
        dots[::2, ::2] = 1  # every pixel alone even 8-connected
        assert cv2.connectedComponents(dots, connectivity=8)[0] == most_components(dots.shape, 8)
        board = (np.indices((height, width)).sum(axis=0) % 2 == 0).astype(np.uint8)
        assert cv2.connectedComponents(board, connectivity=4)[0] == most_components(board.shape, 4)
    # An image too large for 16-bit labels is labelled as before.
    large = np.zeros((600, 600), np.uint8)
    large[::2, ::2] = 1
    count, labels, stats = components_with_stats(large, 8)
    assert count == 300 * 300 + 1 and labels.dtype == np.int32 and len(stats) == count


def test_enclosed_spots_are_the_ones_opencvs_boxes_show() -> None:
    rng = np.random.default_rng(13)
    for _ in range(200):
        height, width = (int(v) for v in rng.integers(3, 120, 2))
        felt = ((rng.random((height, width)) < rng.uniform(0.2, 0.9)) * 255).astype(np.uint8)
        limit = float(rng.uniform(1, 60))
        labels, spots = _enclosed_spots(felt, limit)
        _, expected_labels, stats, _ = cv2.connectedComponentsWithStats(felt, connectivity=4)
        x, y, w, h, area = (stats[:, k] for k in range(5))
        enclosed = (x > 0) & (y > 0) & (x + w < width) & (y + h < height)
        expected = enclosed & (area < limit)
        expected[0] = False
        assert np.array_equal(labels, expected_labels)
        assert np.array_equal(spots, expected)


def test_soft_glare_cleared_in_the_masks_box_is_the_one_cleared_over_the_whole_view() -> None:
    faces = decks.render_design(decks.design("anglo"), height=160)
    settings = FinderSettings()
    for seed, style in enumerate((TILTED, HARSH, SceneStyle())):
        image = random_scene(4_400 + seed, faces, style=style).image
        work = cv2.resize(image, (640, 360), interpolation=cv2.INTER_AREA)
        grey = cv2.cvtColor(work, cv2.COLOR_BGR2GRAY)
        for level in (120, 170, 210):
            mask = ((grey > level) * 255).astype(np.uint8)
            mask[:, : 40 + seed * 7] = 0  # the box off the view's edges (odd offsets too)
            mask[: 30 + seed * 5] = 0
            mask[-25:] = 0
            boxed, whole = mask.copy(), mask.copy()
            _clear_soft(boxed, work, (34.0, 47.5), settings)
            _clear_soft_in(whole, work, (34.0, 47.5), settings)
            assert np.array_equal(boxed, whole)
    empty = np.zeros((90, 160), np.uint8)
    _clear_soft(empty, np.zeros((90, 160, 3), np.uint8), (20.0, 28.0), settings)
    assert not empty.any()


def test_corner_patches_at_once_are_each_corners_patch() -> None:
    rng = np.random.default_rng(17)
    regions = [rng.integers(0, 256, (137, 70, 3)).astype(np.uint8) for _ in range(7)]
    regions[2][:] = 0  # no paper at all
    regions[3][:, :, 2] = 255  # a red cast
    together = corner_patches(regions)
    assert together.shape == (7, CHANNELS, PATCH_HEIGHT, PATCH_WIDTH)
    for region, patch in zip(regions, together, strict=True):
        assert np.array_equal(patch, corner_patch(region))
    assert corner_patches([]).shape == (0, CHANNELS, PATCH_HEIGHT, PATCH_WIDTH)


def _components_by_unique(binary: np.ndarray, split: int) -> tuple[int, np.ndarray, np.ndarray]:
    """``index._components`` as it was: numpy's masks, ``np.unique`` and ``ufunc.at``."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    if split <= 0 or count <= 1:
        return count, labels, stats
    kernel = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    eroded = cv2.erode(binary, kernel, iterations=split)
    seeds, markers = cv2.connectedComponents(eroded, connectivity=8)
    if seeds <= 2:
        return count, labels, stats
    grown = markers.astype(np.uint16)
    ink = binary > 0
    for _ in range(4 * split + 8):
        todo = ink & (grown == 0)
        if not todo.any():
            break
        spread = cv2.dilate(grown, kernel)
        fill = todo & (spread > 0)
        if not fill.any():
            break
        grown[fill] = spread[fill]
    rest = ink & (grown == 0)
    merged = grown.astype(np.int32)
    merged[rest] = labels[rest] + seeds - 1
    present, dense = np.unique(merged, return_inverse=True)
    dense = dense.reshape(merged.shape).astype(np.int32)
    if present[0] != 0:
        dense += 1
    total = int(dense.max()) + 1
    ys, xs = np.indices(dense.shape)
    flat = dense.ravel()
    area = np.bincount(flat, minlength=total)
    x0 = np.full(total, dense.shape[1], np.int64)
    y0 = np.full(total, dense.shape[0], np.int64)
    x1 = np.full(total, -1, np.int64)
    y1 = np.full(total, -1, np.int64)
    np.minimum.at(x0, flat, xs.ravel())
    np.minimum.at(y0, flat, ys.ravel())
    np.maximum.at(x1, flat, xs.ravel())
    np.maximum.at(y1, flat, ys.ravel())
    out = np.stack([x0, y0, x1 - x0 + 1, y1 - y0 + 1, area], axis=1).astype(np.int32)
    return total, dense, out


def test_ink_parted_at_its_necks_is_measured_as_before() -> None:
    rng = np.random.default_rng(19)
    for trial in range(150):
        height, width = (int(v) for v in rng.integers(1, 90, 2))
        binary = (rng.random((height, width)) < rng.uniform(0.1, 0.95)).astype(np.uint8)
        if trial % 3 == 0:
            binary = cv2.dilate(binary, np.ones((3, 3), np.uint8))
        if trial % 5 == 0:
            binary[:] = 1  # no background at all
        for split in (1, 2, 3):
            got = _components(binary.copy(), split)
            expected = _components_by_unique(binary.copy(), split)
            assert got[0] == expected[0]
            assert got[1].dtype == expected[1].dtype and np.array_equal(got[1], expected[1])
            assert got[2].dtype == expected[2].dtype and np.array_equal(got[2], expected[2])


def test_boxes_and_areas_are_opencvs_statistics() -> None:
    rng = np.random.default_rng(23)
    for _ in range(100):
        height, width = (int(v) for v in rng.integers(1, 60, 2))
        binary = (rng.random((height, width)) < rng.uniform(0.1, 0.9)).astype(np.uint8)
        count, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
        assert np.array_equal(_boxes_and_areas(labels, count), stats)


def test_a_mask_from_its_unfilled_mask_is_the_mask_found_afresh() -> None:
    faces = decks.render_design(decks.design("anglo"), height=160)
    settings = FinderSettings()
    open_holes = replace(settings, rough_hole_paper=None)
    for seed, style in enumerate((TILTED, HARSH, SceneStyle())):
        image = random_scene(4_500 + seed, faces, style=style).image
        work = cv2.resize(image, (640, 360), interpolation=cv2.INTER_AREA)
        for size in (None, (34.0, 47.5)):
            unfilled = unfilled_mask(work, size, settings)
            kept = unfilled.copy()
            for chosen in (settings, open_holes):
                assert np.array_equal(
                    card_mask(work, size, chosen, unfilled=unfilled),
                    card_mask(work, size, chosen),
                )
            assert np.array_equal(unfilled, kept)  # not filled in place
        assert not np.array_equal(
            card_mask(work, None, settings), card_mask(work, None, open_holes)
        )


def _shadowed_paper_whole(
    work: np.ndarray, distance: np.ndarray, felt_small: np.ndarray, settings: FinderSettings
) -> np.ndarray | None:
    """The paper in a shadow as it was found: every pixel of the shaded part of the view."""
    size = (work.shape[1], work.shape[0])
    level = cv2.max(cv2.max(*cv2.split(felt_small)[:2]), cv2.split(felt_small)[2])
    lit = float(np.percentile(level, settings.shadow_lit_percentile))
    dark_felt = (level.astype(np.float32) * settings.shadow_depth < lit).astype(np.uint8)
    if not dark_felt.any():
        return None
    grow = max(3, round(settings.shadow_grow * min(level.shape)) | 1)
    shaded_small = cv2.dilate(dark_felt, np.ones((grow, grow), np.uint8))
    shaded = cv2.resize(shaded_small * 255, size, interpolation=cv2.INTER_NEAREST)
    x, y, w, h = cv2.boundingRect(shaded)
    paper = np.zeros(shaded.shape, np.uint8)
    part = (slice(y, y + h), slice(x, x + w))
    wanted = cv2.convertScaleAbs(level, alpha=settings.shadow_paper)
    wanted = cv2.resize(wanted, size, interpolation=cv2.INTER_LINEAR)[part]
    b, g, r = cv2.split(work[part])
    bright = cv2.max(cv2.max(b, g), r)
    dark = cv2.min(cv2.min(b, g), r)
    found = cv2.compare(bright, wanted, cv2.CMP_GE)
    cv2.bitwise_and(found, shaded[part], dst=found)
    _, differs = cv2.threshold(distance[part], settings.min_contrast - 1, 255, cv2.THRESH_BINARY)
    cv2.bitwise_and(found, differs, dst=found)
    grey = cv2.compare(
        dark, cv2.convertScaleAbs(bright, alpha=1.0 - settings.shadow_paper_spread), cv2.CMP_GE
    )
    cv2.bitwise_and(found, grey, dst=found)
    paper[part] = found
    return paper


def test_paper_in_shadow_looked_for_where_it_could_be_added_is_all_of_it() -> None:
    faces = decks.render_design(decks.design("anglo"), height=160)
    settings = FinderSettings()
    added = 0
    for seed, style in enumerate((TILTED, HARSH, SceneStyle(), TILTED, HARSH)):
        image = random_scene(4_600 + seed, faces, style=style).image
        work = cv2.resize(image, (640, 360), interpolation=cv2.INTER_AREA)
        # A shadow over the left half: the felt's level there well under the lit felt's.
        work[:, :320] = (work[:, :320] * (0.45 + 0.05 * seed)).astype(np.uint8)
        small = cv2.resize(work, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
        felt_small = cv2.medianBlur(small, 21)
        felt = cv2.resize(felt_small, (640, 360), interpolation=cv2.INTER_LINEAR)
        distance = np.max(cv2.absdiff(work, felt), axis=2)
        for threshold in (30, 60):
            mask = ((distance > threshold) * 255).astype(np.uint8)
            expected = mask.copy()
            whole = _shadowed_paper_whole(work, distance, felt_small, settings)
            if whole is not None:
                cv2.bitwise_or(expected, whole, dst=expected)
            got = mask.copy()
            _add_shadowed_paper(got, work, distance, felt_small, settings)
            assert np.array_equal(got, expected)
            added += int(np.count_nonzero(got != mask))
    assert added > 0  # the shadow held paper the threshold missed


def test_the_scaled_levels_table_is_opencvs_scaling_anywhere_in_a_picture() -> None:
    rng = np.random.default_rng(29)
    picture = rng.integers(0, 256, (123, 457)).astype(np.uint8)
    for alpha in (0.7, 1.6, 0.55):
        assert np.array_equal(
            _scaled_levels(alpha)[picture], cv2.convertScaleAbs(picture, alpha=alpha)
        )


def test_the_channels_written_out_are_numpys_reductions() -> None:
    rng = np.random.default_rng(31)
    for trial in range(40):
        pixels = (rng.random((2240, 3)) * 255).astype(np.float32)
        if trial % 2:
            pixels = np.round(pixels) * np.float32(rng.uniform(0.8, 1.35))
        integers = rng.integers(0, 256, (997, 3)).astype(np.uint8)
        for values in (pixels, integers):
            assert np.array_equal(_channel_max(values), values.max(axis=1))
        assert np.array_equal((pixels[:, 0] + pixels[:, 1] + pixels[:, 2]) / 3, pixels.mean(axis=1))


def _residuals_as_they_were(
    params: np.ndarray, quads: np.ndarray, settings: PlaneSettings
) -> np.ndarray:
    """``plane._residuals`` of one parameter vector as it was first written."""
    from dealer_assist.vision.plane import SHAPES, SQUARE

    matrix = _homography(params)
    ones = np.ones((*quads.shape[:2], 1))
    mapped = np.concatenate([quads, ones], axis=2) @ matrix.T
    w = mapped[:, :, 2:]
    if (w <= 1e-6).any():
        return np.full(quads.shape[0] * 6, 1e3)
    points = mapped[:, :, :2] / w
    sides = np.roll(points, -1, axis=1) - points
    lengths = np.sqrt((sides * sides).sum(axis=2))
    units = sides / lengths[:, :, None]
    cosines = (units * np.roll(units, -1, axis=1)).sum(axis=2)
    across = (lengths[:, 0] + lengths[:, 2]) / 2
    along = (lengths[:, 1] + lengths[:, 3]) / 2
    proportion = np.abs(np.log(across / along))
    distances = np.abs(proportion[:, None] - np.log(np.array((*SHAPES, SQUARE)))[None, :])
    aspect = distances.min(axis=1)
    card_area = math.exp(2 * params[4]) * CARD_ASPECT
    size = 0.5 * np.log(across * along / card_area)
    size = np.minimum(np.abs(size), np.abs(size - 0.5 * math.log(2.0)))
    size[distances.argmin(axis=1) == len(SHAPES)] = 0.0
    return np.concatenate(
        [
            cosines / settings.angle_scale,
            aspect[:, None] / settings.aspect_scale,
            size[:, None] / settings.size_scale,
        ],
        axis=1,
    ).ravel()


def test_the_plane_residuals_are_the_ones_first_written() -> None:
    settings = PlaneSettings()
    rng = np.random.default_rng(37)
    for seed in range(30):
        quads = _outlines(200 + seed, 1 + seed % 7)
        for params in rng.normal(0, 0.3, (4, 5)):
            assert np.array_equal(
                _residuals(params, quads, settings),
                _residuals_as_they_were(params, quads, settings),
            )


def _same_glyphs(got: CornerGlyphs, expected: CornerGlyphs) -> bool:
    """Two cuts of a corner alike to the last bit (their glyphs, boxes and ink colour)."""

    def same(a: Glyph | None, b: Glyph | None) -> bool:
        if a is None or b is None:
            return a is b
        return (
            a.box == b.box
            and a.vector.dtype == b.vector.dtype
            and np.array_equal(a.vector, b.vector)
        )

    return (
        same(got.rank, expected.rank)
        and same(got.suit, expected.suit)
        and len(got.others) == len(expected.others)
        and all(same(a, b) for a, b in zip(got.others, expected.others, strict=True))
        and got.colour == expected.colour
    )


def test_a_corner_cut_again_from_its_shared_ink_is_the_cut_made_afresh() -> None:
    faces = decks.render_design(decks.design("anglo"), height=160)
    settings = IndexSettings()
    detector = CardDetector(layout=None)
    cuts = reused = 0
    for seed, style in enumerate((TILTED, HARSH, SceneStyle(), NOISY)):
        scene = random_scene(4_700 + seed, faces, style=style)
        for quad in [np.asarray(c.corners, np.float32) for c in scene.cards][:4]:
            for region in detector.warp_corners(scene.image, quad):
                shared = corner_ink(region, settings)
                # The first cut, the recuts in the order the reader makes them, the merged cuts,
                # and each of them once more: every one from the shared ink.
                ways = [Recut(), *RECUTS, Recut(), *RECUTS]
                for way in ways:
                    fresh = way.cut(CornerGlyphs(None, None, region), settings)
                    again = way.cut(CornerGlyphs(None, None, region, ink=shared), settings)
                    assert _same_glyphs(again, fresh)
                    cuts += 1
                for hysteresis, gutter in MERGED_CUTS * 2:
                    fresh_cuts = merged_index_cuts(
                        region, settings, hysteresis=hysteresis, gutter=gutter
                    )
                    shared_cuts = merged_index_cuts(
                        region, settings, hysteresis=hysteresis, gutter=gutter, prepared=shared
                    )
                    assert len(fresh_cuts) == len(shared_cuts)
                    assert all(
                        _same_glyphs(a, b) for a, b in zip(shared_cuts, fresh_cuts, strict=True)
                    )
                with_others = segment_corner(region, settings, with_others=True, prepared=shared)
                assert _same_glyphs(with_others, segment_corner(region, settings, with_others=True))
                reused += len(shared._cuts)
    assert cuts > 0 and reused < cuts  # some ways of cutting cut the ink alike


def _glyph_vector_as_it_was(
    ink: np.ndarray,
    labels: np.ndarray,
    members: list[int],
    box: tuple[int, int, int, int],
    card_height: float,
) -> np.ndarray:
    """``index.glyph_vector`` as it was: a copy of the crop cleared, then the square."""
    x, y, w, h = box
    crop = ink[y : y + h, x : x + w].copy()
    window = labels[y : y + h, x : x + w]
    keep = window == members[0]
    for member in members[1:]:
        keep |= window == member
    crop[~keep] = 0.0
    side = max(w, h)
    square = np.zeros((side, side), np.float32)
    oy, ox = (side - h) // 2, (side - w) // 2
    square[oy : oy + h, ox : ox + w] = crop
    glyph = cv2.resize(square, (GLYPH_SIZE, GLYPH_SIZE), interpolation=cv2.INTER_AREA).astype(
        np.float32
    )
    peak = float(glyph.max())
    if peak > 0:
        glyph = glyph / peak
    extra = np.array([np.log(h / max(w, 1)), h / card_height], np.float32)
    return np.concatenate([glyph.ravel(), extra]).astype(np.float32)


def test_a_glyph_vector_is_the_one_made_from_a_cleared_copy() -> None:
    rng = np.random.default_rng(41)
    for trial in range(400):
        height, width = (int(v) for v in rng.integers(4, 90, 2))
        ink = rng.random((height, width)).astype(np.float32)
        if trial % 4 == 0:
            ink[:] = 0.0  # no ink at all: no peak to divide by
        labels = rng.integers(0, 4, (height, width)).astype(np.int32)
        x, y = int(rng.integers(0, width)), int(rng.integers(0, height))
        box = (x, y, int(rng.integers(1, width - x + 1)), int(rng.integers(1, height - y + 1)))
        members = [1] if trial % 2 else [1, 3]  # a ten's two digits are one rank glyph
        got = glyph_vector(ink, labels, members, box, 112.0)
        expected = _glyph_vector_as_it_was(ink, labels, members, box, 112.0)
        assert got.dtype == expected.dtype and got.shape == expected.shape
        assert np.array_equal(got, expected)


def _split_waists_as_it_was(
    labels: np.ndarray, stats: np.ndarray, count: int, min_h: float, waist_share: float
) -> tuple[np.ndarray, np.ndarray, int]:
    """``index._split_waists`` as it was: every label looked at in turn."""
    rows: list[list[int]] = stats.tolist()
    for label in range(1, count):
        x, y, w, h, _ = rows[label]
        if h < 1.5 * min_h or h < 1.2 * w:
            continue
        window = labels[y : y + h, x : x + w] == label
        profile = window.sum(axis=1)
        low, high = int(0.35 * h), int(0.75 * h)
        if high <= low:
            continue
        waist = low + int(np.argmin(profile[low:high]))
        if profile[waist] > max(1.0, waist_share * float(profile.max())):
            continue
        lower = np.zeros_like(labels, bool)
        lower[y + waist + 1 : y + h, x : x + w] = window[waist + 1 :]
        labels[lower] = count
        ys, xs = np.nonzero(lower)
        if len(xs) == 0:
            continue
        upper_h = waist + 1
        rows[label] = [x, y, w, upper_h, int(window[:upper_h].sum())]
        x0, y0 = int(xs.min()), int(ys.min())
        rows.append([x0, y0, int(xs.max()) - x0 + 1, int(ys.max()) - y0 + 1, len(xs)])
        count += 1
    return labels, np.array(rows, np.int32).reshape(-1, 5), count


def test_waists_split_looking_at_tall_ink_only_are_split_as_before() -> None:
    rng = np.random.default_rng(43)
    split = 0
    for _ in range(300):
        height, width = (int(v) for v in rng.integers(8, 90, 2))
        binary = (rng.random((height, width)) < rng.uniform(0.05, 0.6)).astype(np.uint8)
        for _ in range(int(rng.integers(0, 4))):  # glyph pairs joined by a thin neck
            x, y = int(rng.integers(0, width - 4)), int(rng.integers(0, height - 8))
            w, h = int(rng.integers(2, 12)), min(int(rng.integers(6, 40)), height - y)
            binary[y : y + h, x : x + w] = 1
            binary[y + h // 2, x + 1 : x + w] = 0
        count, labels, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
        for min_h, waist in ((4.0, 0.15), (3.0, 0.35), (10.0, 0.15)):
            got = _split_waists(labels.copy(), stats, count, min_h, waist)
            expected = _split_waists_as_it_was(labels.copy(), stats, count, min_h, waist)
            assert got[2] == expected[2]
            assert np.array_equal(got[0], expected[0]) and np.array_equal(got[1], expected[1])
            split += got[2] - count
    assert split > 0


def test_waists_cut_in_the_labels_box_on_real_corners_are_cut_as_before() -> None:
    """h-speed15: ``_split_waists`` cutting in the label's box, its profile's extremes found in
    a list, on the ink of building corners every way the reader cuts them; the labels and
    statistics handed back as they came when nothing is cut."""
    settings = IndexSettings()
    min_h = settings.min_glyph_height * CANONICAL_HEIGHT * settings.scale
    faces = decks.render_design(decks.design("anglo"), height=160)
    detector = CardDetector(layout=None)
    cut = unchanged = 0
    for seed, style in enumerate((TILTED, NOISY)):
        scene = random_scene(7_850 + seed, faces, style=style)
        for card in scene.cards:
            for region in detector.warp_corners(scene.image, np.asarray(card.corners, np.float32)):
                ink = corner_ink(region, settings)
                for hysteresis, split, waist in (
                    (True, 0, 0.15),
                    (False, 0, 0.35),
                    (True, 2, 0.15),
                ):
                    count, labels, stats = _components(ink.binary(settings, hysteresis), split)
                    got = _split_waists(labels, stats, count, min_h, waist)
                    expected = _split_waists_as_it_was(labels.copy(), stats, count, min_h, waist)
                    assert got[2] == expected[2] and got[0].dtype == expected[0].dtype
                    assert np.array_equal(got[0], expected[0])
                    assert np.array_equal(got[1], expected[1]) and got[1].dtype == np.int32
                    cut += got[2] > count
                    unchanged += got[0] is labels and got[1] is stats
    assert cut > 0 and unchanged > 0


def _scores_of_faces_moved(
    matcher: FaceMatcher, face: np.ndarray, mask: np.ndarray | None, shift: int
) -> np.ndarray:
    """``FaceMatcher.scores`` as it was: every shift a warped copy of the whole face."""
    weights = face_weights(mask)
    height, width = face.shape[:2]
    best: np.ndarray | None = None
    for dx in range(-shift, shift + 1):
        for dy in range(-shift, shift + 1):
            matrix = np.array([[1, 0, dx], [0, 1, dy]], np.float32)
            moved = cv2.warpAffine(face, matrix, (width, height), borderMode=cv2.BORDER_REPLICATE)
            found = matcher._scores_once(moved, weights)
            best = found if best is None else np.maximum(best, found)
    assert best is not None
    return best


def test_a_face_compared_moved_is_compared_as_the_face_warped_there() -> None:
    rng = np.random.default_rng(47)
    width, height = FACE_SIZE
    enrolled = rng.integers(0, 256, (52, height, width, 3)).astype(np.uint8)
    matcher = FaceMatcher(enrolled, one_deck())
    mask = np.zeros((height, width), bool)
    mask[:30, :25] = True  # a corner under another card
    for trial in range(6):
        face = rng.integers(0, 256, (height, width, 3)).astype(np.uint8)
        if trial % 2:
            face = enrolled[trial] // 2 + face // 4  # darker, and like a card enrolled
        for covered_part in (None, mask):
            got = matcher.scores(face, covered_part)
            assert got is not None
            assert np.array_equal(got, _scores_of_faces_moved(matcher, face, covered_part, SHIFT))
            unshifted = matcher.scores(face, covered_part, shift=0)
            assert unshifted is not None
            assert np.array_equal(unshifted, _scores_of_faces_moved(matcher, face, covered_part, 0))


def test_a_faces_grey_is_its_channels_mean() -> None:
    rng = np.random.default_rng(53)
    width, height = FACE_SIZE
    for _ in range(10):
        face = rng.integers(0, 256, (height, width, 3)).astype(np.uint8)
        inner = face[BORDER:-BORDER, BORDER:-BORDER].astype(np.float32) + 1.0
        flat = inner / cv2.GaussianBlur(inner, (0, 0), LIGHT_SIGMA)
        grey, _ = face_pictures(face)
        assert grey.dtype == np.float32 and np.array_equal(grey, flat.mean(axis=2))


def test_the_lone_outlines_asked_again_are_the_ones_found_afresh() -> None:
    faces = decks.render_design(decks.design("anglo"), height=160)
    finder, settings = FinderSettings(), PlaneSettings()
    loose = replace(settings, min_fill=settings.loose_fill)
    outlines = 0
    for seed, style in enumerate((TILTED, SceneStyle(), TILTED)):
        image = random_scene(4_800 + seed, faces, style=style).image
        work = cv2.resize(image, (640, 360), interpolation=cv2.INTER_AREA)
        rough = card_mask(work, None, finder)
        for chosen, mask in ((settings, rough), (settings, rough.copy()), (loose, rough)):
            expected = _lone_outlines(mask, chosen)
            first = lone_outlines(mask, chosen)
            for quad in first:
                quad += 5.0  # a caller changing what it got changes nothing kept
            again = lone_outlines(mask, chosen)
            assert len(again) == len(expected)
            assert all(np.array_equal(a, b) for a, b in zip(again, expected, strict=True))
            outlines += len(again)
        other = rough.copy()
        other[:, : other.shape[1] // 2] = 0  # another mask: found afresh
        got = lone_outlines(other, settings)
        expected = _lone_outlines(other, settings)
        assert all(np.array_equal(a, b) for a, b in zip(got, expected, strict=True))
    assert outlines > 0


# Building scenes whose card size is searched long (table styles): findings skipped unread and
# the finding at the size the indices show made from the kept rough stage, both, on these.
_SEARCHED = ((TABLE, 4_801), (TABLE, 4_802), (TABLE_CLOSE, 4_802))


def test_a_finding_that_cannot_win_unread_leaves_the_choice_as_reading_it_did(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    faces = decks.render_design(decks.design("anglo"), height=160)
    images = [random_scene(seed, faces, style=style).image for style, seed in _SEARCHED]
    # Each shape adds its card's confidence at most: no finding read has more evidence than
    # shapes (the bound ``_cannot_win`` skips by), with or without the shapes' geometry.
    evidences: list[tuple[int, float, float]] = []
    original = CardDetector._analysis_of

    def analysis_of(
        self: CardDetector,
        frame: np.ndarray,
        found: _Finding,
        *,
        with_deck: bool,
        covering: Sequence[np.ndarray] = (),
        looks_of: list[list[_Reading]] | None = None,
        printed: bool = True,
        unread_of: list[int] | None = None,
        read: _Looks | None = None,
    ) -> FrameAnalysis:
        analysis = original(
            self,
            frame,
            found,
            with_deck=with_deck,
            covering=covering,
            looks_of=looks_of,
            printed=printed,
            unread_of=unread_of,
            read=read,
        )
        if not covering:  # not ``_recover``'s second look
            shapes = len(found.quads)
            evidences.append((shapes, _evidence(analysis), _evidence(analysis, geometry=False)))
        return analysis

    skipped = 0
    cannot_win = pipeline._cannot_win

    def counted(*args: object, **kwargs: object) -> bool:
        nonlocal skipped
        result = cannot_win(*args, **kwargs)  # type: ignore[arg-type]
        skipped += result
        return result

    answers = []
    with monkeypatch.context() as patch:
        patch.setattr(pipeline, "_cannot_win", counted)
        for geometry in (True, False):
            detector = CardDetector(layout=None, geometry_evidence=geometry)
            answers.append([[d.to_json() for d in detector.detect(i)] for i in images])
    assert skipped > 0
    # The way it replaces: every finding read.
    with monkeypatch.context() as patch:
        patch.setattr(pipeline, "_cannot_win", lambda *args, **kwargs: False)
        patch.setattr(CardDetector, "_analysis_of", analysis_of)
        for geometry, shortcut in zip((True, False), answers, strict=True):
            detector = CardDetector(layout=None, geometry_evidence=geometry)
            assert [[d.to_json() for d in detector.detect(i)] for i in images] == shortcut
    assert evidences and all(max(a, b) <= shapes for shapes, a, b in evidences)


def test_the_finding_at_the_size_the_indices_show_from_the_kept_rough_stage_is_found_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    faces = decks.render_design(decks.design("anglo"), height=160)
    detector = CardDetector(layout=None)
    compared = papered = 0
    for style, seed in _SEARCHED:
        image = random_scene(seed, faces, style=style).image
        kept: list[pipeline._RoughStage] = []
        findings = [f for f in detector._findings(image, kept=kept) if f is not None]
        assert len(kept) == 1
        assert kept[0].planes or not any(f.planar for f in findings)
        for found in findings:
            for ratio in (0.5, 0.8):
                # From the stage kept (the planes found there), and the way it replaces:
                # the view, the rough mask, the lone outlines and the plane found afresh.
                now = list(detector._findings(image, (found, ratio), kept))
                then = list(detector._findings(image, (found, ratio)))
                assert len(now) == len(then)
                for a, b in zip(now, then, strict=True):
                    assert a is not None and b is not None
                    assert (a.card_px, a.foreground, a.far, a.width, a.papered) == (
                        b.card_px,
                        b.foreground,
                        b.far,
                        b.width,
                        b.papered,
                    )
                    assert all(np.array_equal(p, q) for p, q in zip(a.quads, b.quads, strict=True))
                    # What ``_recover`` looks into: the view and the card mask.
                    assert a.mask is not None and b.mask is not None
                    assert np.array_equal(a.mask, b.mask)
                    assert a.view is not None and b.view is not None
                    assert np.array_equal(a.view.image, b.view.image)
                    assert np.array_equal(a.view.to_image, b.view.to_image)
                    compared += 1
                    papered += found.papered
        assert any(f.planar for f in findings) or style is TABLE_CLOSE
    assert compared > 0
    assert papered > 0  # findings on paper alone (h-finder7) made from the kept stage too


def test_a_finding_read_again_from_the_corners_it_cut_reads_as_cut_afresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    faces = decks.render_design(decks.design("anglo"), height=160)
    detector = CardDetector(layout=None)
    cut = 0
    original = pipeline.segment_corner

    def counted(*args: object, **kwargs: object) -> CornerGlyphs:
        nonlocal cut
        cut += 1
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "segment_corner", counted)
    read = 0
    for style, seed in ((TILTED, 4_810), *_SEARCHED):
        image = random_scene(seed, faces, style=style).image
        for found in detector._findings(image):
            if found is None or not found.quads:
                continue
            first = detector._analysis_of(image, found, with_deck=True)
            before = cut
            # Again from the corners it cut (as ``analyse`` reads the finding chosen with the
            # house's deck), and the way it replaces: every corner warped and cut afresh.
            again = detector._analysis_of(image, found, with_deck=True)
            kept, before = cut - before, cut
            fresh = detector._analysis_of(image, replace(found, regions=[]), with_deck=True)
            assert kept < cut - before  # the first cuts were not made again
            for analysis in (again, fresh):
                assert [d.to_json() for d in analysis.reported] == [
                    d.to_json() for d in first.reported
                ]
                assert analysis.shares == first.shares
                assert analysis.corners_agree == first.corners_agree
            read += 1
    assert read > 0


def test_a_polygons_next_and_previous_corners_gathered_are_np_rolls() -> None:
    """``geometry.following`` and ``preceding`` (h-speed47): ``np.roll``'s numbers, type and
    shape, for quadrilaterals (gathered) and other polygons, views turned round included."""
    rng = np.random.default_rng(47)
    for count in (1, 3, 4, 5, 9):
        for dtype in (np.float64, np.float32, np.int32):
            points = (rng.random((count, 2)) * 1000).astype(dtype)
            for shape in (points, points[::-1], points.reshape(count, 1, 2)):
                for mine, step in ((following(shape), -1), (preceding(shape), 1)):
                    rolled = np.roll(shape, step, axis=0)
                    assert mine.dtype == rolled.dtype and mine.shape == rolled.shape
                    assert mine.tobytes() == np.ascontiguousarray(rolled).tobytes()


def test_a_quads_centre_is_np_means() -> None:
    """``geometry.centre_of`` (h-speed47) is ``points.mean(axis=0)`` to the last bit, 64-bit
    floats (its own sum and division) and others alike, turned-round views included."""
    rng = np.random.default_rng(4747)
    for _ in range(300):
        count = int(rng.integers(2, 10))
        points = rng.normal(600.0, 300.0, (count, 2)) * rng.choice([1e-3, 1.0, 1e3])
        for shape in (points, points[::-1], points.astype(np.float32), points.astype(np.int64)):
            mine, theirs = centre_of(shape), shape.mean(axis=0)
            assert mine.dtype == theirs.dtype and mine.tobytes() == theirs.tobytes()


def test_points_mapped_in_place_are_the_hstacked_products() -> None:
    """``transform_points`` (h-speed47: its homogeneous points made in place) maps as the
    ``np.hstack``'d product it replaced, to the last bit."""
    rng = np.random.default_rng(470)
    for _ in range(200):
        matrix = np.eye(3) + rng.normal(0.0, 0.3, (3, 3)) * rng.choice([1e-4, 1e-2, 1.0])
        points = rng.random((int(rng.integers(1, 9)), 2)) * 1280
        array = np.asarray(points, np.float64).reshape(-1, 2)
        mapped = np.hstack([array, np.ones((len(array), 1))]) @ matrix.T
        before = mapped[:, :2] / mapped[:, 2:3]
        assert transform_points(matrix, points).tobytes() == before.tobytes()


def test_a_sure_card_judged_again_where_printed_is_the_card_judged_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``_read_where_printed`` judges no card again whose first judgement already stood by the
    ``printed`` rules (``_Unsure.printed_same``): each such card is the one a fresh judgement
    with ``printed`` gives, and the frames' answers are those of judging every card again."""
    faces = decks.render_design(decks.design("anglo"), height=160)
    images = [
        random_scene(seed, faces, style=style).image
        for style, seed in ((TILTED, 4_811), (TILTED, 4_812), (TABLE, 4_801))
    ]
    original_judged = CardDetector._judged
    original_printed = CardDetector._read_where_printed
    kept = 0

    def read_where_printed(
        self: CardDetector,
        frame: np.ndarray,
        analysis: FrameAnalysis,
        chosen: _Finding | None = None,
    ) -> None:
        nonlocal kept
        for detection in analysis.detections:
            record = analysis.unprinted.get(id(detection))
            if record is None or record.detection is not detection or not record.printed_same:
                continue
            kept += 1
            fresh = original_judged(
                self, frame, record.outlines, record.n, record.quad, record.looks, printed=True
            )
            assert fresh is not None
            assert fresh.to_json() == detection.to_json()
            assert fresh.confidence == detection.confidence
            assert fresh.candidate == detection.candidate
        original_printed(self, frame, analysis, chosen)

    with monkeypatch.context() as patch:
        patch.setattr(CardDetector, "_read_where_printed", read_where_printed)
        answers = [[d.to_json() for d in CardDetector(layout=None).detect(i)] for i in images]
    assert kept > 0

    def judged(self: CardDetector, *args: object, **kwargs: object) -> object:
        kwargs.pop("printed_same", None)  # never told: every sure card judged again
        return original_judged(self, *args, **kwargs)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(CardDetector, "_judged", judged)
        again = [[d.to_json() for d in CardDetector(layout=None).detect(i)] for i in images]
    assert again == answers


@pytest.mark.parametrize(
    "settings",
    [CrossingSettings(), CENTRE_COVERED, GROWN_EDGE, CrossingSettings(reach=0.6, tilt=0.5)],
)
def test_a_lines_edges_counted_from_running_sums_are_the_pixels_gathered(
    settings: CrossingSettings,
) -> None:
    """``crossing._edge_counts`` (each line's rows with an edge, from the columns' running sums
    and the few pixels off its run's shift) over the mean of every line's pixels gathered, to
    the last bit: on random edges of every density and on a card's own edges, both ways round,
    lines leaving the card included (a wide reach and tilt)."""
    rng = np.random.default_rng(4_820)
    faces = decks.render_design(decks.design("anglo"), height=160)
    card = cv2.resize(next(iter(faces.values())), (CANONICAL_WIDTH, CANONICAL_HEIGHT))
    grey = cv2.GaussianBlur(cv2.cvtColor(card, cv2.COLOR_BGR2GRAY), (3, 3), 0)
    edges = cv2.Canny(grey, settings.low, settings.high) > 0
    masks = [edges, *(rng.random(edges.shape) < share for share in (0.0, 0.02, 0.2, 0.7, 1.0))]
    for mask in masks:
        for image in (mask, np.ascontiguousarray(mask.T)):
            length, across = image.shape
            _, _, flat = crossing_lines(
                length, across, settings.reach, settings.tilt, settings.tilts
            )
            gathered = np.append(image.ravel(), False)[flat][:, :, 2:-2].mean(axis=2)
            counted = edge_counts(image, settings) / (length - 4)
            assert np.array_equal(counted, gathered)


def _side_lines_gathered(
    gray: np.ndarray, quad: np.ndarray, fit: LineFit
) -> list[list[tuple[float, np.ndarray, np.ndarray]]]:
    """``refit.side_lines`` as it was: every line's offsets worked out for each side, its falls
    gathered by row and column, every line sorted."""
    quad = np.asarray(quad, np.float64).reshape(4, 2)
    centre = centre_of(quad)
    sides = np.hypot(*(following(quad) - quad).T)
    reach = fit.reach * float(min(sides))
    offsets = np.arange(-reach, reach + fit.step / 2, fit.step)
    ts = np.linspace(fit.ends[0], fit.ends[1], fit.samples)
    result: list[list[tuple[float, np.ndarray, np.ndarray]]] = []
    for n in range(4):
        a, b = quad[n], quad[(n + 1) % 4]
        span = b - a
        length = float(np.hypot(*span))
        u = span / length
        normal = np.array([-u[1], u[0]])
        if normal @ (centre - a) > 0:
            normal = -normal
        points = a + ts[:, None, None] * span + offsets[None, :, None] * normal
        both = np.concatenate([points - normal, points + normal], axis=0).astype(np.float32)
        values = cv2.remap(
            gray, both[..., 0], both[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        ).astype(np.float64)
        falls = np.clip(values[: len(ts)] - values[len(ts) :], 0.0, fit.cap)
        most = int(fit.turn * length / fit.step)
        count = len(offsets)
        first, last = np.meshgrid(np.arange(count), np.arange(count), indexing="ij")
        keep = np.abs(first - last) <= most
        first, last = first[keep], last[keep]
        at = np.rint(first[:, None] + ts[None, :] * (last - first)[:, None]).astype(np.int64)
        scores = falls[np.arange(len(ts))[None, :], at].mean(axis=1)
        chosen: list[tuple[float, np.ndarray, np.ndarray]] = []
        taken: list[tuple[float, float]] = []
        for k in np.argsort(-scores, kind="stable"):
            score = float(scores[k])
            if score < fit.least or len(chosen) >= fit.kept:
                break
            d0, d1 = float(offsets[first[k]]), float(offsets[last[k]])
            if any(abs(d0 - e0) < fit.apart and abs(d1 - e1) < fit.apart for e0, e1 in taken):
                continue
            taken.append((d0, d1))
            start, end = a + d0 * normal, b + d1 * normal
            direction = (end - start) / max(float(np.hypot(*(end - start))), 1e-9)
            chosen.append((score, start, direction))
        result.append(chosen or [(0.0, a, u)])
    return result


def test_a_sides_lines_from_the_kept_pixels_and_strong_lines_are_the_ones_gathered() -> None:
    """``refit.side_lines`` with its lines' pixels made once (``_side_line_pixels``), gathered
    flat and only the lines strong enough sorted: every side's lines, scores, points and
    directions as before, to the last bit, on a tilted table scene's cards and shapes off them,
    at the reader's settings and at looser ones that keep more lines."""
    faces = decks.render_design(decks.design("anglo"), height=160)
    scene = random_scene(4_811, faces, style=TILTED)
    gray = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY)
    rng = np.random.default_rng(4_821)
    quads = [np.asarray(card.corners, np.float64) for card in scene.cards]
    quads += [q + rng.normal(0, 4, (4, 2)) for q in quads]
    compared = 0
    for quad in quads:
        for fit in (LineFit(), LineFit(least=0.0), LineFit(least=2.0, kept=8)):
            kept = side_lines(gray, quad, fit)
            gathered = _side_lines_gathered(gray, quad, fit)
            for lines, before in zip(kept, gathered, strict=True):
                assert len(lines) == len(before)
                for (score, point, direction), (was, at, towards) in zip(
                    lines, before, strict=True
                ):
                    assert score == was
                    assert np.array_equal(point, at)
                    assert np.array_equal(direction, towards)
                    compared += 1
    assert compared > 4 * len(quads)


def test_many_sets_of_lines_met_at_once_are_each_sets_quad() -> None:
    """``refit.lines_quads`` (``_line_fitted``'s choices of side lines solved at once) against
    ``lines_quad`` set by set: the same corners to the last bit, and None for the same sets
    (two sides beside each other parallel, or all but), on every choice of a tilted scene's
    cards' side lines and on random lines."""
    faces = decks.render_design(decks.design("anglo"), height=160)
    scene = random_scene(4_811, faces, style=TILTED)
    gray = cv2.cvtColor(scene.image, cv2.COLOR_BGR2GRAY)
    many: list[list[tuple[np.ndarray, np.ndarray]]] = []
    for card in scene.cards:
        lines = side_lines(gray, np.asarray(card.corners, np.float64), LineFit(least=2.0))
        many += [[(p, d) for _, p, d in choice] for choice in itertools.product(*lines)]
    rng = np.random.default_rng(4_822)
    for k in range(400):
        drawn: list[tuple[np.ndarray, np.ndarray]] = []
        for side in range(4):
            turn = rng.uniform(0, math.pi)
            direction = np.array([math.cos(turn), math.sin(turn)])
            if k % 5 == 0 and side == 1:
                direction = drawn[0][1] * (1 + 1e-9)  # parallel to the side before it
            drawn.append((rng.uniform(0, 1000, 2), direction))
        many.append(drawn)
    together = lines_quads(many)
    unsolved = 0
    for lines, quad in zip(many, together, strict=True):
        alone = lines_quad(lines)
        if alone is None:
            assert quad is None
            unsolved += 1
        else:
            assert quad is not None
            assert np.array_equal(quad, alone)
    assert 0 < unsolved < len(many)
    assert lines_quads([]) == []


def test_a_pieces_pixels_taken_in_its_box_are_np_nonzeros_over_the_view() -> None:
    """``_component_pixels`` (``_bare_cards``' pieces, h-speed49): each component's rows and
    columns, looked for in its box, are ``np.nonzero(labels == label)``'s over the whole view,
    in the same order and type, with 16-bit labels (``compact_components``) and OpenCV's
    32-bit ones, on masks opened as ``_bare_cards`` opens the bare paper."""
    rng = np.random.default_rng(4_901)
    pieces = 0
    for trial in range(60):
        height, width = (int(v) for v in rng.integers(40, 260, 2))
        mask = np.zeros((height, width), np.uint8)
        for _ in range(int(rng.integers(1, 12))):
            centre = (float(rng.uniform(0, width)), float(rng.uniform(0, height)))
            size = (float(rng.uniform(4, width / 2)), float(rng.uniform(4, height / 2)))
            corners = cv2.boxPoints((centre, size, float(rng.uniform(0, 180))))
            cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 1)
        mask[rng.random((height, width)) < 0.02 * (trial % 3)] ^= 1  # speckle, some trials
        k = int(rng.choice([3, 5, 7, 9]))
        opened = cv2.morphologyEx(
            mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        )
        for count, labels, stats in (
            compact_components(opened, 8),
            cv2.connectedComponentsWithStats(opened)[:3],
        ):
            for label in range(count):
                ys, xs = pipeline._component_pixels(labels, stats, label)
                expected = np.nonzero(labels == label)
                assert ys.dtype == expected[0].dtype and xs.dtype == expected[1].dtype
                assert np.array_equal(ys, expected[0])
                assert np.array_equal(xs, expected[1])
                pieces += label > 0
    assert pieces > 100


def test_bare_cards_with_its_pieces_in_their_boxes_answers_as_over_the_whole_view(
    monkeypatch: pytest.MonkeyPatch,
    check_faces: dict[str, dict[Card, np.ndarray]],
    tango_faces: dict[Card, np.ndarray],
) -> None:
    """``_bare_cards`` as it was (h-merged47: OpenCV's 32-bit components, each piece's pixels
    compared over the whole view) and as it is answer the same (each frame's detections'
    ``repr``: card, outline and confidence to the last bit) on test_bare_cards' photographs,
    where it lays the QS read surely (simplistic/light#30493230) and the 7S kept uncertain
    (tango/clutter#11871312, ``hand_between`` and ``outlined_under`` off)."""
    unlaid = replace(FinderSettings(), hand_between=False, outlined_under=False)
    cases = [
        (photograph(30_493_230, check_faces["simplistic"], "light").image, FinderSettings()),
        (photograph(11_871_312, tango_faces, "clutter").image, unlaid),
    ]
    looked = 0
    original = pipeline._component_pixels

    def counted(labels: np.ndarray, stats: np.ndarray, label: int) -> tuple[np.ndarray, ...]:
        nonlocal looked
        looked += 1
        return original(labels, stats, label)

    with monkeypatch.context() as patch:
        patch.setattr(pipeline, "_component_pixels", counted)
        now = [CardDetector(finder=finder).detect(image) for image, finder in cases]
    assert looked >= len(cases)
    assert any(d.card is not None and d.card.code == "QS" for d in now[0])
    assert any(d.candidate is not None and d.candidate.code == "7S" for d in now[1])

    def whole_view(labels: np.ndarray, stats: np.ndarray, label: int) -> tuple[np.ndarray, ...]:
        return np.nonzero(labels == label)

    def opencvs(binary: np.ndarray, connectivity: int = 8) -> tuple[int, np.ndarray, np.ndarray]:
        count, labels, stats, _ = cv2.connectedComponentsWithStats(
            binary, connectivity=connectivity
        )
        return count, labels, stats

    with monkeypatch.context() as patch:
        patch.setattr(pipeline, "_component_pixels", whole_view)
        patch.setattr(pipeline, "compact_components", opencvs)
        before = [CardDetector(finder=finder).detect(image) for image, finder in cases]
    assert repr(now) == repr(before)
