"""h-speed7's and h-speed15's shortcuts change no answer (issue 28, speed): each against the way
it replaces, on the same inputs, equal to the last bit (docs/benchmarks.md, h-speed7, h-speed15)."""

from __future__ import annotations

import cv2
import numpy as np

from dealer_assist.vision import decks
from dealer_assist.vision.channels import brightest_channel, level_percentile
from dealer_assist.vision.components import compact_components
from dealer_assist.vision.geometry import CANONICAL_HEIGHT
from dealer_assist.vision.index import (
    CornerGlyphs,
    CornerInk,
    Glyph,
    IndexSettings,
    _components,
    _split_waists,
    corner_ink,
    glyph_vector,
    ink_colour,
    merged_index_cuts,
)
from dealer_assist.vision.paper import (
    PaperSettings,
    _bounded,
    _channel_max,
    _extremes,
    _grey_floor,
    mask_gains,
    paper_blobs,
)
from dealer_assist.vision.pipeline import MERGED_CUTS, CardDetector
from dealer_assist.vision.quads import FinderSettings, card_mask, make_view
from dealer_assist.vision.recover import RecoverySettings, _taken, unexplained
from dealer_assist.vision.synthetic import HARSH, NOISY, TABLE, TILTED, SceneStyle, random_scene


def _views(count: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Building scenes' views without a layout and their rough masks (cards, hands, chips)."""
    faces = decks.render_design(decks.design("anglo"), height=160)
    finder = FinderSettings()
    found = []
    for seed, style in enumerate((TILTED, TABLE, NOISY, HARSH, SceneStyle())[:count]):
        scene = random_scene(7_700 + seed, faces, style=style)
        view = make_view(scene.image, None, finder)
        found.append((view.image, card_mask(view.image, None, finder)))
    return found


def test_the_brightest_channel_is_opencvs_maximum_of_the_split_channels() -> None:
    rng = np.random.default_rng(71)
    for height, width in ((1, 1), (1, 7), (5, 1), (90, 160), (185, 142), (361, 641), (33, 568)):
        image = rng.integers(0, 256, (height, width, 3), dtype=np.uint8)
        b, g, r = cv2.split(image)
        assert np.array_equal(brightest_channel(image), cv2.max(cv2.max(b, g), r))
        # A view into a larger picture (not contiguous) too.
        window = np.pad(image, ((2, 3), (4, 5), (0, 0)))[2:-3, 4:-5]
        assert np.array_equal(brightest_channel(window), cv2.max(cv2.max(b, g), r))


def test_a_levels_percentile_from_its_histogram_is_numpys() -> None:
    rng = np.random.default_rng(72)
    shares = (75.0, 100 * (1 - PaperSettings().bright_share), 0.0, 50.0, 99.9, 100.0, 12.5)
    for trial in range(3000):
        size = int(rng.integers(1, 2000))
        shape = (size,) if trial % 2 else (int(rng.integers(1, 50)), int(rng.integers(1, 50)))
        low, high = sorted(int(v) for v in rng.integers(0, 256, 2))
        levels = rng.integers(low, high + 1, shape, dtype=np.uint8)
        for share in (*shares, float(rng.uniform(0, 100))):
            got = level_percentile(levels, share)
            assert isinstance(got, float)
            assert got == float(np.percentile(levels, share))


def test_compact_components_are_opencvs_with_32bit_labels() -> None:
    rng = np.random.default_rng(73)
    for height, width, connectivity in ((40, 60, 8), (300, 500, 8), (200, 300, 4), (700, 700, 8)):
        binary = (rng.random((height, width)) < 0.45).astype(np.uint8) * 255
        count, labels, stats = compact_components(binary, connectivity)
        expected = cv2.connectedComponentsWithStats(binary, connectivity=connectivity)
        assert count == expected[0]
        assert np.array_equal(labels, expected[1]) and np.array_equal(stats, expected[2])
    small = (rng.random((100, 100)) < 0.5).astype(np.uint8)
    assert compact_components(small, 8)[1].dtype == np.uint16  # 16-bit where every label fits
    large = (rng.random((600, 600)) < 0.5).astype(np.uint8)
    assert compact_components(large, 4)[1].dtype == np.int32  # a checkerboard would not fit


def _unexplained_as_it_was(
    mask: np.ndarray,
    quads: list[np.ndarray],
    card_px: tuple[float, float],
    settings: RecoverySettings,
) -> np.ndarray | None:
    """``recover.unexplained`` as it was: OpenCV's 32-bit labels."""
    taken = _taken(mask.shape[:2], quads)
    left = cv2.bitwise_and(mask, cv2.bitwise_not(taken))
    least = settings.min_unexplained_cards * card_px[0] * card_px[1]
    if cv2.countNonZero(left) < least:
        return None
    height, width = left.shape
    half = cv2.resize(left, (width // 2, height // 2), interpolation=cv2.INTER_NEAREST)
    k = max(3, int(settings.opening_cards * card_px[0] / 2) | 1)
    half = cv2.morphologyEx(half, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(half, connectivity=8)
    kept = [n for n in range(1, count) if 4 * stats[n, cv2.CC_STAT_AREA] >= least]
    if not kept:
        return None
    chosen = np.zeros(count, np.uint8)
    chosen[kept] = 255
    pieces: np.ndarray = cv2.resize(
        chosen[labels], (width, height), interpolation=cv2.INTER_NEAREST
    )
    return pieces


def _paper_blobs_as_it_was(
    image: np.ndarray, mask: np.ndarray, settings: PaperSettings, gains: object = None
) -> np.ndarray:
    """``paper.paper_blobs`` as it was: 32-bit labels, the areas counted with numpy."""
    count, labels = cv2.connectedComponents(mask, connectivity=8)
    if count <= 1:
        return mask
    brightest, darkest = _extremes(image, gains)  # type: ignore[arg-type]
    grey = cv2.compare(
        darkest, cv2.LUT(brightest, _grey_floor(settings.max_margin_colour)), cv2.CMP_GE
    )
    areas = np.bincount(labels.ravel(), minlength=count)
    greys = np.bincount(cv2.bitwise_and(labels, labels, mask=grey).ravel(), minlength=count)
    share = greys / np.maximum(areas, 1)
    coloured = np.flatnonzero(share < settings.min_grey_share / 100.0)
    coloured = coloured[coloured > 0]
    if len(coloured) == 0:
        return mask
    drop = np.zeros(count, bool)
    drop[coloured] = True
    kept: np.ndarray = np.where(drop[labels], 0, mask).astype(np.uint8)
    return kept


def _mask_gains_as_it_was(
    image: np.ndarray, mask: np.ndarray, settings: PaperSettings
) -> np.ndarray | None:
    """``paper.mask_gains`` as it was: the bright level by numpy's percentile."""
    pixels = image[::4, ::4][mask[::4, ::4] > 0]
    if len(pixels) < 20:
        return None
    brightest = _channel_max(pixels)
    pixels = pixels[brightest < settings.saturated]
    if len(pixels) < 20:
        return None
    brightest = _channel_max(pixels)
    level = np.percentile(brightest, 100 * (1 - settings.bright_share))
    top = pixels[brightest >= level].astype(np.float32)
    return _bounded(np.median(top, axis=0), settings)


def test_unexplained_pieces_paper_blobs_and_mask_gains_are_as_before() -> None:
    recovery, paper = RecoverySettings(), PaperSettings()
    rng = np.random.default_rng(74)
    pieces_found = 0
    blobs_dropped = 0  # the blobs that are no paper taken out through a table (h-speed15)
    for image, mask in _views(5):
        gains = mask_gains(image, mask, paper)
        for with_gains in (None, gains):
            got = paper_blobs(image, mask, paper, with_gains)
            assert np.array_equal(got, _paper_blobs_as_it_was(image, mask, paper, with_gains))
            blobs_dropped += not np.array_equal(got, mask)
        expected_gains = _mask_gains_as_it_was(image, mask, paper)
        assert (gains is None) == (expected_gains is None)
        if gains is not None:
            assert expected_gains is not None and np.array_equal(gains, expected_gains)
        # The cards found: some blobs' card-sized pieces (the rest unexplained).
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for card_px in ((20.0, 28.0), (30.0, 42.0)):
            quads = [
                cv2.boxPoints(cv2.minAreaRect(c)).astype(np.float64)
                for c in contours
                if rng.random() < 0.5 and cv2.contourArea(c) > 50
            ]
            got_pieces = unexplained(mask, quads, card_px, recovery)
            expected_pieces = _unexplained_as_it_was(mask, quads, card_px, recovery)
            assert (got_pieces is None) == (expected_pieces is None)
            if got_pieces is not None:
                assert expected_pieces is not None
                assert np.array_equal(got_pieces, expected_pieces)
                pieces_found += 1
    assert pieces_found > 0
    assert blobs_dropped > 0


def _merged_index_cuts_as_it_was(
    region: np.ndarray, settings: IndexSettings, *, hysteresis: bool, gutter: bool
) -> list[CornerGlyphs]:
    """``index.merged_index_cuts`` as it was: each cut's parts looked at row by row, each cut
    labelled on a whole new picture."""
    from dealer_assist.vision.index import cut_gutter

    prepared = corner_ink(region, settings)
    ink = prepared.ink
    binary = prepared.binary(settings, hysteresis)
    if gutter:
        cut_gutter(binary, settings)
    count, labels, stats = prepared.components(binary, 0)
    card_height = CANONICAL_HEIGHT * settings.scale
    min_h = settings.min_glyph_height * card_height
    max_h = settings.max_glyph_height * card_height
    height, width = binary.shape
    tall = []
    for label in range(1, count):
        x, y, w, h, area = stats[label].tolist()
        if x == 0 or y == 0 or x + w >= width or y + h >= height:
            continue
        if area < settings.min_glyph_px * settings.scale**2 or w > max_h:
            continue
        if 1.6 * min_h <= h <= 2.2 * max_h and h >= 1.3 * w:
            tall.append((label, x, y, w, h))
    if not tall:
        return []
    label, x, y, w, h = min(tall, key=lambda c: c[2] + 0.5 * c[1])
    blob = labels[y : y + h, x : x + w] == label
    colour = ink_colour(region, ink, labels == label, prepared.paper)
    step = max(1, h // 24)
    cuts = []
    for row in range(int(0.3 * h), int(0.75 * h) + 1, step):
        parts = []
        for piece in (blob[:row], blob[row:]):
            rows = np.nonzero(piece.any(axis=1))[0]
            cols = np.nonzero(piece.any(axis=0))[0]
            if len(rows) < 0.5 * min_h or len(cols) == 0:
                break
            parts.append((rows, cols))
        if len(parts) < 2:
            continue
        split = np.zeros_like(labels)
        window = split[y : y + h, x : x + w]
        window[:row][blob[:row]] = 1
        window[row:][blob[row:]] = 2
        glyphs = []
        for member, offset, (rows, cols) in zip((1, 2), (0, row), parts, strict=True):
            box = (
                x + int(cols[0]),
                y + offset + int(rows[0]),
                int(cols[-1] - cols[0] + 1),
                int(rows[-1] - rows[0] + 1),
            )
            glyphs.append(Glyph(glyph_vector(ink, split, [member], box, card_height), box))
        cuts.append(CornerGlyphs(glyphs[0], glyphs[1], region, colour=colour, ink=prepared))
    return cuts


def _same_glyph(a: Glyph | None, b: Glyph | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.box == b.box and np.array_equal(a.vector, b.vector)


def _corner_regions(count: int) -> list[np.ndarray]:
    faces = decks.render_design(decks.design("anglo"), height=160)
    detector = CardDetector(layout=None)
    regions: list[np.ndarray] = []
    for seed, style in enumerate((TILTED, HARSH, SceneStyle(), NOISY)):
        scene = random_scene(7_800 + seed, faces, style=style)
        for quad in [np.asarray(c.corners, np.float32) for c in scene.cards][:count]:
            regions.extend(detector.warp_corners(scene.image, quad))
    return regions


def test_merged_cuts_from_one_picture_of_the_blob_are_the_cuts_made_row_by_row() -> None:
    settings = IndexSettings()
    cuts = 0
    for region in _corner_regions(5):
        for hysteresis, gutter in (*MERGED_CUTS, (False, False), (False, True)):
            got = merged_index_cuts(region, settings, hysteresis=hysteresis, gutter=gutter)
            expected = _merged_index_cuts_as_it_was(
                region, settings, hysteresis=hysteresis, gutter=gutter
            )
            assert len(got) == len(expected)
            for a, b in zip(got, expected, strict=True):
                assert _same_glyph(a.rank, b.rank) and _same_glyph(a.suit, b.suit)
                assert a.colour == b.colour
            cuts += len(got)
    assert cuts > 0


def test_waists_cut_once_per_ink_leave_the_shared_labels_alone() -> None:
    settings = IndexSettings()
    card_height = CANONICAL_HEIGHT * settings.scale
    min_h = settings.min_glyph_height * card_height
    split_any = 0
    for region in _corner_regions(5):
        ink: CornerInk = corner_ink(region, settings)
        for hysteresis in (True, False):
            binary = ink.binary(settings, hysteresis)
            for split, waist in ((0, 0.15), (0, 0.35), (2, 0.15)):
                count, labels, stats = ink.components(binary, split)
                before = labels.copy(), stats.copy()
                fresh = _split_waists(labels.copy(), stats.copy(), count, min_h, waist)
                shared = ink.waisted(binary, split, min_h, waist)
                assert shared is ink.waisted(binary, split, min_h, waist)  # found once
                assert shared[2] == fresh[2]
                assert np.array_equal(shared[0], fresh[0]) and np.array_equal(shared[1], fresh[1])
                # The components the ink keeps are as they were.
                assert np.array_equal(labels, before[0]) and np.array_equal(stats, before[1])
                split_any += shared[2] - count
        assert np.array_equal(ink.dark, ink.ink > ink.strong)
    assert split_any > 0


def test_a_corners_ink_labelled_in_16_bits_is_labelled_as_in_32() -> None:
    rng = np.random.default_rng(75)
    for height, width in ((137, 70), (1, 1), (40, 90), (200, 120)):
        binary = (rng.random((height, width)) < 0.5).astype(np.uint8)
        count, labels, stats = _components(binary, 0)
        expected = cv2.connectedComponentsWithStats(binary, connectivity=8)
        assert count == expected[0] and labels.dtype == np.uint16
        assert np.array_equal(labels, expected[1]) and np.array_equal(stats, expected[2])


def test_the_tilts_homographies_are_made_once_as_afresh_and_kept_read_only() -> None:
    """h-speed15: ``plane._tilt_homographies`` kept per view size and settings."""
    from dataclasses import replace

    from dealer_assist.vision.plane import PlaneSettings, _tilt_homographies

    settings = PlaneSettings()
    kept = _tilt_homographies((360, 640), settings)
    assert _tilt_homographies((360, 640), settings) is kept
    assert np.array_equal(kept, _tilt_homographies.__wrapped__((360, 640), settings))
    assert not kept.flags.writeable
    coarser = replace(settings, tilt_step_deg=6.0)
    other = _tilt_homographies((300, 500), coarser)
    assert np.array_equal(other, _tilt_homographies.__wrapped__((300, 500), coarser))
    assert len(other) < len(kept)


def test_glare_and_the_edge_share_are_as_before() -> None:
    """h-speed15: ``quads._clear_glare`` subtracts its 8-bit half views into 16 bits (every
    pair of levels gives the difference of the two widened first, and glare is still cleared),
    and ``quads.edge_share``'s grey levels are the channels' mean (``_grey_at``)."""
    from dealer_assist.vision.quads import _clear_glare, _grey_at, edge_share

    levels = np.arange(256, dtype=np.uint8)
    first, second = (
        np.ascontiguousarray(np.repeat(v[..., None], 3, axis=2))
        for v in np.meshgrid(levels, levels)
    )
    widened = cv2.subtract(first.astype(np.int16), second.astype(np.int16))
    assert np.array_equal(cv2.subtract(first, second, dtype=cv2.CV_16S), widened)
    finder = FinderSettings()
    glared = 0
    for image, mask in _views(5):
        for felt in ((70, 120, 40), (40, 30, 140)):  # coloured felt: glare keeps its colour
            felt_small = np.empty((image.shape[0] // 4, image.shape[1] // 4, 3), np.uint8)
            felt_small[:] = felt
            got = mask.copy()
            _clear_glare(got, image, felt_small, finder)
            glared += not np.array_equal(got, mask)
    assert glared > 0
    faces = decks.render_design(decks.design("anglo"), height=160)
    rng = np.random.default_rng(77)
    for seed, style in enumerate((TILTED, TABLE, NOISY)):
        scene = random_scene(7_900 + seed, faces, style=style)
        for card in scene.cards:
            corners = np.asarray(card.corners, np.float64) + rng.normal(0, 3, (4, 2))
            points = rng.random((4, 16, 9, 2)) * [scene.image.shape[1], scene.image.shape[0]]
            values = scene.image[
                np.clip(np.rint(points[..., 1]).astype(np.intp), 0, scene.image.shape[0] - 1),
                np.clip(np.rint(points[..., 0]).astype(np.intp), 0, scene.image.shape[1] - 1),
            ].astype(np.float32)
            assert np.array_equal(_grey_at(scene.image, points), values.mean(axis=-1))
            assert 0.0 <= edge_share(scene.image, corners, finder) <= 1.0
