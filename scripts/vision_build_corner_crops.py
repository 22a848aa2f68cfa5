#!/usr/bin/env python3
"""Index corners as many cameras would show them: the corner network's wide dataset (issue 28).

``scripts/vision_build_corners.py`` deals whole scenes and runs the finder on them (a few
thousand corners of 20 designs in ten minutes). This one goes straight to the corners, a
hundred times faster, so the network sees far more variety:

- faces: every building design (never a held-out one) and decks drawn from free fonts
  (:mod:`dealer_assist.vision.drawn_decks`: small and jumbo indices, tens printed as "10" in
  several ways or as "T", suits from fonts or from curves, two or four colours);
- the camera: the card 60-270 pixels wide, seen up to 35 degrees off vertical and turned any
  way, on a felt of any colour, with a neighbour card sometimes touching it; the light's
  gradient and colour cast, glare, a shadow; focus and motion blur, noise, JPEG 55-95;
- the finder's error: the outline the corner is warped from is off by a few percent;
- junk: the outline moved onto the picture, the pips or the felt, and an index corner covered
  by another card.

Each sample is the reader's own corner region (``index.warp_corner``) made into the network's
input (``corner_model.corner_patch``), stored as bytes like vision_build_corners.py's, so
scripts/vision_train_corners.py trains on either.

    scripts/vision_build_corner_crops.py [--samples 60] [--drawn 120] [--seed 11]
        [--widths 60,270] [--wide] [--small 0.3] [--dim 0.4] [--junk 0.25]
        [--out build/vision/crops.npz]

``--samples``: corners per card face (half from each end of the card); ``--drawn``: drawn deck
styles; ``--wide``: the drawn decks from more fonts and wider suit shapes (h-net18);
``--small``: a share of the corners from small cards; ``--dim``: a share of the corners seen in
the building scenes' dim light and through their sensor (``synthetic.DIM_NOISY``: light
30-100% and half the time a shadow, noise up to 24 levels, blur up to 2.5 pixels, JPEG 55-80,
cards 60-150 pixels wide; h-net25), drawn by a generator of its own so that without it the
corners are the same as before. On one core about 1-3 ms a corner.

``--scenes STYLES`` (h-net51) instead cuts the corners from whole scenes: the building check's
styles (``synthetic.CHECK_STYLES``: dim, noisy, wide, lens, harsh, ...) or, named
``camera:NAME``, the second generator's conditions (``lens_scenes.CONDITIONS``), of
``--scene-designs`` (building designs only), ``--scene-count`` seeds from ``--scene-seed``, the
cards ``--scene-widths`` pixels wide (50-100). Each index corner no card, chip or hand covers
(its region matches the clean face's: ``_shown``) is cut at the card's true outline and at
``--scene-jitter`` outlines off by 0.5-4% of its width, as the finder finds them; and
``--scene-junk`` corners a scene are junk (the outline on the picture or pips, or a card-sized
outline on the cloth, among chips, hands and the printed layout). Kinds 8 (an index) and 9
(junk): ``vision_train_corners.py --distil`` has them learn their labels.

    scripts/vision_build_corner_crops.py --scenes dim,noisy --scene-count 20 \
        --scene-seed 13700000 --out build/vision/crops-scenes.npz
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_assist.cards import Card, one_deck
from dealer_assist.vision import decks
from dealer_assist.vision.classifier import RANK_CLASSES, SUIT_CLASSES
from dealer_assist.vision.cores import one_core
from dealer_assist.vision.corner_model import CHANNEL_LOW, corner_patch
from dealer_assist.vision.drawn_decks import TEST_FONTS, random_style, render_drawn
from dealer_assist.vision.index import IndexSettings, warp_corner

CACHE = Path("build/vision-cache")
RANK_JUNK = len(RANK_CLASSES) - 1
SUIT_JUNK = len(SUIT_CLASSES) - 1
SETTINGS = IndexSettings()
SMALL_WIDTHS = (48.0, 72.0)  # ``--small``: the cards most often uncertain (docs/vision.md)
DIM_WIDTHS = (60.0, 150.0)  # ``--dim``: the dim style's cards (``synthetic.DIM_NOISY``)


def encode(patch: np.ndarray) -> np.ndarray:
    low = CHANNEL_LOW[:, None, None]
    return np.round((patch - low) / (1.0 - low) * 255).astype(np.uint8)


def _save(
    out: Path,
    x: list[np.ndarray],
    rank: list[int],
    suit: list[int],
    design: list[str],
    kind: list[int],
) -> None:
    """Write the patches and their labels as ``vision_train_corners.py`` reads them."""
    out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        out,
        x=np.array(x, np.uint8),
        rank=np.array(rank, np.int64),
        suit=np.array(suit, np.int64),
        design=np.array(design),
        kind=np.array(kind, np.int64),
    )


def _felt(rng: np.random.Generator, size: tuple[int, int]) -> np.ndarray:
    """A cloth of any colour (green, blue, red, grey, black, purple...), a little textured."""
    h, w = size
    if rng.random() < 0.25:
        level = rng.uniform(20, 150)
        colour = np.full(3, level) + rng.normal(0, 8, 3)
    else:
        hue = rng.uniform(0, 180)
        hsv = np.uint8([[[hue, rng.uniform(80, 255), rng.uniform(50, 190)]]])
        colour = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float64)
    felt = np.empty((h, w, 3), np.float32)
    felt[:] = colour
    grain = np.empty((h, w), np.float32)
    cv2.setRNGSeed(int(rng.integers(1 << 30)))
    cv2.randn(grain, 0.0, float(rng.uniform(2, 9)))
    felt += grain[:, :, None]
    if rng.random() < 0.3:  # a printed line of the layout
        thickness = int(rng.integers(2, 6))
        p0 = (int(rng.integers(0, w)), 0)
        p1 = (int(rng.integers(0, w)), h - 1)
        if rng.random() < 0.5:
            p0, p1 = (0, int(rng.integers(0, h))), (w - 1, int(rng.integers(0, h)))
        shade = float(rng.uniform(180, 250))
        cv2.line(felt, p0, p1, (shade, shade, shade), thickness)
    return felt


def _paste(canvas: np.ndarray, face: np.ndarray, matrix: np.ndarray) -> None:
    """The face (BGRA) drawn onto the canvas (float BGR) through ``matrix`` (face -> canvas)."""
    h, w = canvas.shape[:2]
    warped = cv2.warpPerspective(face, matrix, (w, h), flags=cv2.INTER_LINEAR, borderValue=0)
    alpha = warped[:, :, 3:4].astype(np.float32) / 255.0
    canvas *= 1 - alpha
    canvas += alpha * warped[:, :, :3].astype(np.float32)


def _camera(rng: np.random.Generator, face_w: int, face_h: int, card_px: float) -> np.ndarray:
    """Homography face pixels -> camera pixels: the card ``card_px`` wide, turned any way,
    foreshortened as a camera up to 35 degrees off vertical sees it (centred at the origin)."""
    s = card_px / face_w
    angle = rng.uniform(0, 2 * np.pi)
    cos, sin = np.cos(angle), np.sin(angle)
    centre = np.array([[1, 0, -face_w / 2], [0, 1, -face_h / 2], [0, 0, 1]])
    turn = np.array([[s * cos, -s * sin, 0], [s * sin, s * cos, 0], [0, 0, 1]])
    tilt = np.radians(rng.uniform(0, 35))
    direction = rng.uniform(0, 2 * np.pi)
    # Projective part: a plane seen tilted by ``tilt`` from a distance of ~4 card widths.
    k = np.tan(tilt) / (4.5 * card_px)
    perspective = np.array(
        [[1, 0, 0], [0, 1, 0], [k * np.cos(direction), k * np.sin(direction), 1]]
    )
    squash = np.array([[1, 0, 0], [0, np.cos(tilt), 0], [0, 0, 1]])
    spin = np.array(
        [
            [np.cos(direction), -np.sin(direction), 0],
            [np.sin(direction), np.cos(direction), 0],
            [0, 0, 1],
        ]
    )
    squash = spin @ squash @ spin.T
    result: np.ndarray = perspective @ squash @ turn @ centre
    return result


def _light_and_sensor(rng: np.random.Generator, image: np.ndarray, card_px: float) -> np.ndarray:
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)  # small: the window round one corner
    # Light: a gradient, a colour cast, glare, a shadow.
    gx, gy = rng.normal(0, 1, 2)
    strength = rng.uniform(0, 0.5)
    ramp = (gx * (xx / w - 0.5) + gy * (yy / h - 0.5)) * strength
    gain = rng.uniform(0.45, 1.2) * (1 + ramp)
    cast = (1 + rng.uniform(-0.2, 0.2, 3)).astype(np.float32)
    out = image * gain[:, :, None] * cast
    if rng.random() < 0.3:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(0.1, 0.6) * card_px
        spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
        out += (spot * rng.uniform(60, 300))[:, :, None]
    if rng.random() < 0.2:
        edge = rng.normal(0, 1, 2)
        side = (xx - rng.uniform(0, w)) * edge[0] + (yy - rng.uniform(0, h)) * edge[1] > 0
        soft = cv2.GaussianBlur(side.astype(np.float32), (0, 0), max(1.0, 0.05 * card_px))
        out *= (1 - rng.uniform(0.2, 0.6) * soft)[:, :, None]
    # Sensor: focus blur, motion blur, noise, JPEG.
    sigma = rng.uniform(0, 1.0) if rng.random() < 0.75 else rng.uniform(1.0, 2.2)
    sigma = min(sigma, 0.5 + card_px / 80)  # a small card blurred out of reading is no lesson
    if sigma > 0.3:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    if rng.random() < 0.3:
        length = int(rng.integers(2, 8))
        kernel = np.zeros((length * 2 + 1, length * 2 + 1), np.float32)
        a = rng.uniform(0, np.pi)
        c = length
        cv2.line(
            kernel,
            (int(c - length * np.cos(a)), int(c - length * np.sin(a))),
            (int(c + length * np.cos(a)), int(c + length * np.sin(a))),
            1.0,
            1,
        )
        out = cv2.filter2D(out, -1, kernel / max(kernel.sum(), 1.0))
    grain = np.empty(out.shape, np.float32)
    cv2.randn(grain, (0.0, 0.0, 0.0), (float(rng.uniform(1, 12)),) * 3)
    out = out + grain
    return _jpeg(out, int(rng.integers(55, 96)))


def _jpeg(image: np.ndarray, quality: int) -> np.ndarray:
    _ok, data = cv2.imencode(
        ".jpg", np.clip(image, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality]
    )
    result: np.ndarray = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return result


def _dim_light_and_sensor(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """The light and sensor of the building scenes' ``dim`` style (``synthetic.DIM_NOISY``,
    drawn as ``synthetic._lighting``, ``_shade`` and ``_finish`` draw it) round one corner:
    the table lit at 30-100% under a lamp's pool (0.85-1.05), half the time a soft shadow of
    35-75% over it (its edge now and then across the window), a cast up to 15%; glare as
    ``_light_and_sensor``'s; focus blur up to 2.5 pixels, sensor noise up to 24 levels
    (uniform, as the style draws it), JPEG 55-80. No cap on the blur by the card's size: the
    dim scenes' 70-130 pixel cards get it all."""
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gain = np.full((h, w), rng.uniform(0.3, 1.0) * rng.uniform(0.85, 1.05), np.float32)
    if rng.random() < 0.5:
        depth = rng.uniform(0.35, 0.75)
        if rng.random() < 0.3:  # the shadow's soft edge across the corner
            edge = rng.normal(0, 1, 2)
            side = (xx - rng.uniform(0, w)) * edge[0] + (yy - rng.uniform(0, h)) * edge[1] > 0
            soft = cv2.GaussianBlur(side.astype(np.float32), (0, 0), rng.uniform(2.0, 12.0))
            gain *= 1 - (1 - depth) * soft
        else:
            gain *= depth
    cast = (1 + rng.uniform(-0.15, 0.15, 3)).astype(np.float32)
    out = image * gain[:, :, None] * cast
    if rng.random() < 0.3:
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(15, 90)
        spot = np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * r * r))
        out += (spot * rng.uniform(60, 170) * gain)[:, :, None]
    sigma = rng.uniform(0, 2.5)
    if sigma > 0.2:
        out = cv2.GaussianBlur(out, (0, 0), sigma)
    grain = np.empty(out.shape, np.float32)
    cv2.randn(grain, (0.0, 0.0, 0.0), (float(rng.uniform(0, 24)),) * 3)
    return _jpeg(out + grain, int(rng.integers(55, 81)))


def sample(
    rng: np.random.Generator,
    face: np.ndarray,
    others: list[np.ndarray],
    *,
    moved: tuple[float, float] = (0.0, 0.0),
    widths: tuple[float, float] = (60.0, 270.0),
    small: float = 0.0,
    dim: bool = False,
) -> tuple[np.ndarray, bool]:
    """One card in one camera, and the corner region the reader warps from a jittered outline
    of it: (patch, shows the index). ``moved``: the outline moved by these shares of the
    card's width and height (onto the picture, the pips or the felt: junk). Only the part of
    the photograph round that corner is drawn."""
    face_h, face_w = face.shape[:2]
    # The card's width in the photograph; drawn at most 150 pixels wide (the corner network
    # sees 32 x 64 pixels: a larger card only costs time here).
    if small > 0 and rng.random() < small:  # a small card far from the camera, soft
        widths = SMALL_WIDTHS
    if dim:  # the dim style's cards: 70-130 pixels at the table's centre, tilted up to 30
        widths = DIM_WIDTHS
    card_px = min(float(np.exp(rng.uniform(np.log(widths[0]), np.log(widths[1])))), 150.0)
    to_camera = _camera(rng, face_w, face_h, card_px)
    corners = np.array([[0, 0], [face_w, 0], [face_w, face_h], [0, face_h]], np.float64)
    corners = corners + np.array([moved[0] * face_w, moved[1] * face_h])
    # The window drawn: the corner's region and a margin round it.
    window = np.array([[-0.3, -0.25], [0.65, -0.25], [0.65, 0.7], [-0.3, 0.7]]) * (face_w, face_h)
    window = window + corners[0]
    seen = cv2.perspectiveTransform(window.reshape(-1, 1, 2), to_camera).reshape(-1, 2)
    low, high = seen.min(axis=0), seen.max(axis=0)
    to_camera = np.array([[1, 0, -low[0]], [0, 1, -low[1]], [0, 0, 1]]) @ to_camera
    size = np.ceil(high - low).astype(int) + 1
    canvas = _felt(rng, (int(size[1]), int(size[0])))
    if others and rng.random() < 0.3:  # a neighbour card touching or overlapping, under it
        neighbour = others[int(rng.integers(len(others)))]
        side = rng.choice([-1.0, 1.0])
        offset = np.array(
            [
                [1, 0, side * face_w * rng.uniform(0.9, 1.05)],
                [0, 1, rng.uniform(-0.3, 0.3) * face_h],
                [0, 0, 1],
            ]
        )
        _paste(canvas, neighbour, to_camera @ offset)
    _paste(canvas, face, to_camera)
    covered = False
    if others and rng.random() < 0.1:  # a card dealt on top, over the index
        cover = others[int(rng.integers(len(others)))]
        turn = rng.uniform(-0.3, 0.3)
        place = np.array(
            [
                [np.cos(turn), -np.sin(turn), rng.uniform(-0.6, 0.0) * face_w],
                [np.sin(turn), np.cos(turn), rng.uniform(-0.7, -0.05) * face_h],
                [0, 0, 1],
            ]
        )
        _paste(canvas, cover, to_camera @ place)
        covered = True
    image = _dim_light_and_sensor(rng, canvas) if dim else _light_and_sensor(rng, canvas, card_px)
    outline = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), to_camera).reshape(-1, 2)
    error = rng.uniform(0.005, 0.04) * card_px
    found = outline + rng.normal(0, error, (4, 2)) + rng.normal(0, error * 0.5, 2)
    region = warp_corner(image, found, SETTINGS)
    return corner_patch(region), not covered and moved == (0.0, 0.0)


def _faces(args: argparse.Namespace) -> list[tuple[str, dict[Card, np.ndarray]]]:
    sources: list[tuple[str, dict[Card, np.ndarray]]] = []
    if not args.test_fonts:
        for design in decks.building_designs():
            sources.append((design.name, decks.render_design(design, height=320, cache=CACHE)))
    rng = np.random.default_rng(args.seed)
    for k in range(args.drawn):
        if args.test_fonts:
            style = random_style(rng, fonts=TEST_FONTS)
        else:
            style = random_style(rng, wide=args.wide)
        sources.append((f"font:drawn-{k}", render_drawn(style, seed=args.seed * 1000 + k)))
        if (k + 1) % 20 == 0:
            print(f"drawn {k + 1} decks", flush=True)
    return sources


def prepare(
    args: argparse.Namespace,
) -> tuple[tuple[float, float], list[tuple[str, dict[Card, np.ndarray]]]] | None:
    """One core, the card widths asked for (``--widths``) and the faces (``_faces``); None
    when the renderer is missing."""
    low, _, high = args.widths.partition(",")
    one_core()
    if not decks.renderer_available():
        print("rsvg-convert is missing: apt-get install librsvg2-bin", file=sys.stderr)
        return None
    started = time.perf_counter()
    sources = _faces(args)
    print(f"{len(sources)} decks in {time.perf_counter() - started:.0f} s", flush=True)
    return (float(low), float(high)), sources


# --- corners cut from whole scenes (``--scenes``, h-net51) ---------------------------------------

SCENE_INDEX, SCENE_JUNK = 8, 9  # the kinds of ``--scenes``' corners (labels learnt by --distil)
# A corner is shown (no card, chip or hand over its index) when its region matches the clean
# face's at least this well, blurred (``_grey``) and its glyphs' detail alone (``_detail``).
VISIBLE_LEAST = 0.7
DETAIL_LEAST = 0.45


def _scene_style(name: str, widths: tuple[float, float]) -> tuple[str, object]:
    """A building check style (``synthetic.CHECK_STYLES``) or, as ``camera:NAME``, a condition
    of the second generator (``lens_scenes.CONDITIONS``), its cards ``widths`` pixels wide."""
    from dataclasses import replace

    from dealer_assist.vision import lens_scenes, synthetic

    if name.startswith("camera:"):
        return "camera", replace(
            lens_scenes.CONDITIONS[name.removeprefix("camera:")], card_px=widths
        )
    return "check", replace(synthetic.CHECK_STYLES[name], card_px=widths)


def _scene(
    kind: str, style: object, seed: int, faces: dict[Card, np.ndarray]
) -> tuple[np.ndarray, list[tuple[Card, np.ndarray]]]:
    """A scene's image and its cards' true outlines (the face's top-left first)."""
    from dealer_assist.vision import lens_scenes, synthetic

    if kind == "camera":
        assert isinstance(style, lens_scenes.Condition)
        photo = lens_scenes.photograph(seed, faces, style)
        return photo.image, [(c.card, np.array(c.corners, np.float64)) for c in photo.cards]
    assert isinstance(style, synthetic.SceneStyle)
    scene = synthetic.random_scene(seed, faces, style=style)
    return scene.image, [(c.card, np.array(c.corners, np.float64)) for c in scene.cards]


def _grey(region: np.ndarray) -> np.ndarray:
    grey = cv2.cvtColor(region, cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey = cv2.GaussianBlur(grey, (0, 0), 1.5)
    grey -= grey.mean()
    return grey / max(float(np.linalg.norm(grey)), 1e-6)


def _detail(region: np.ndarray) -> np.ndarray:
    """The region's fine detail (a difference of Gaussians) over the index, normalised: a hand
    or a chip over the glyphs matches the clean face's paper well blurred, not in detail."""
    grey = cv2.cvtColor(region, cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey = cv2.GaussianBlur(grey, (0, 0), 1.5) - cv2.GaussianBlur(grey, (0, 0), 6.0)
    h, w = grey.shape
    grey = grey[int(h * 0.03) : int(h * 0.75), int(w * 0.05) : int(w * 0.95)]
    grey = grey - grey.mean()
    return grey / max(float(np.linalg.norm(grey)), 1e-6)


def _shown(region: np.ndarray, clean: tuple[np.ndarray, np.ndarray]) -> bool:
    """Whether ``region`` shows the index ``clean`` holds (``_clean_regions``' pair)."""
    return (
        float((_grey(region) * clean[0]).sum()) >= VISIBLE_LEAST
        and float((_detail(region) * clean[1]).sum()) >= DETAIL_LEAST
    )


def _clean_regions(
    faces: dict[Card, np.ndarray],
) -> dict[Card, tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]]:
    """Each face's two index corner regions as a flat card shows them (on white), blurred and
    normalised (``_grey``): what a corner cut from a scene is matched against."""
    clean = {}
    for card, face in faces.items():
        alpha = face[:, :, 3:4].astype(np.float32) / 255.0
        white = (face[:, :, :3] * alpha + 255 * (1 - alpha)).astype(np.uint8)
        fh, fw = face.shape[:2]
        quad = np.array([[0, 0], [fw, 0], [fw, fh], [0, fh]], np.float64)
        top = warp_corner(white, quad, SETTINGS)
        bottom = warp_corner(white, np.roll(quad, -2, axis=0), SETTINGS)
        clean[card] = ((_grey(top), _detail(top)), (_grey(bottom), _detail(bottom)))
    return clean


def _width(outline: np.ndarray) -> float:
    return float(
        (np.linalg.norm(outline[1] - outline[0]) + np.linalg.norm(outline[2] - outline[3])) / 2
    )


def scene_corners(
    rng: np.random.Generator,
    image: np.ndarray,
    cards: list[tuple[Card, np.ndarray]],
    clean: dict[Card, tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]],
    *,
    jittered: int,
    junk: int,
    widths: tuple[float, float],
) -> list[tuple[np.ndarray, Card | None]]:
    """The corners of one scene: each card's two index corners that no card, chip or hand
    covers (its region matches the clean face's, ``VISIBLE_LEAST``), cards ``widths`` wide
    (give or take a tenth), at the true outline and at ``jittered`` outlines off by 0.5-4% of
    the card's width (as the finder finds them); and ``junk`` corners: half an outline moved
    onto the card's picture or pips (builder's ``--junk``), half a card-sized outline on the
    cloth away from every card (felt, chips, hands, the printed layout). (patch, card or None)."""
    height, width = image.shape[:2]
    out: list[tuple[np.ndarray, Card | None]] = []
    mask = np.zeros((height, width), np.uint8)
    for _card, outline in cards:
        cv2.fillConvexPoly(mask, np.round(outline).astype(np.int32), 255)
    mask = cv2.dilate(mask, np.ones((9, 9), np.uint8))
    inside = [
        (card, outline)
        for card, outline in cards
        if (outline[:, 0] >= 0).all()
        and (outline[:, 0] < width).all()
        and (outline[:, 1] >= 0).all()
        and (outline[:, 1] < height).all()
        and 0.9 * widths[0] <= _width(outline) <= 1.1 * widths[1]
    ]
    for card, outline in inside:
        px = _width(outline)
        for end in (0, 1):
            ordered = np.roll(outline, -2 * end, axis=0)
            region = warp_corner(image, ordered, SETTINGS)
            if not _shown(region, clean[card][end]):
                continue
            out.append((corner_patch(region), card))
            for _ in range(jittered):
                error = rng.uniform(0.005, 0.04) * px
                found = ordered + rng.normal(0, error, (4, 2)) + rng.normal(0, error * 0.5, 2)
                out.append((corner_patch(warp_corner(image, found, SETTINGS)), card))
    for k in range(junk):
        if k % 2 == 0 and inside:  # onto the card's picture or pips
            card, outline = inside[int(rng.integers(len(inside)))]
            ordered = np.roll(outline, -2 * int(rng.integers(2)), axis=0)
            across, down = ordered[1] - ordered[0], ordered[3] - ordered[0]
            moved = ordered + rng.uniform(0.2, 0.55) * across + rng.uniform(0.2, 0.5) * down
            out.append((corner_patch(warp_corner(image, moved, SETTINGS)), None))
            continue
        for _attempt in range(20):  # a card-sized outline on the cloth, away from the cards
            px = float(np.exp(rng.uniform(np.log(widths[0]), np.log(widths[1]))))
            angle = rng.uniform(0, 2 * np.pi)
            centre = rng.uniform((px, px), (width - px, height - px))
            half = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * (px / 2, px * 0.7)
            turn = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
            quad = half @ turn.T + centre
            spot = np.zeros_like(mask)
            cv2.fillConvexPoly(spot, np.round(quad).astype(np.int32), 255)
            if not (spot & mask).any():
                out.append((corner_patch(warp_corner(image, quad, SETTINGS)), None))
                break
    return out


def build_from_scenes(args: argparse.Namespace) -> int:
    """``--scenes``: corners cut from whole scenes of the named designs and styles, seeds
    ``--scene-seed`` on (``--scene-count`` a design and style), kinds 8 (an index) and 9 (junk)."""
    low, _, high = args.scene_widths.partition(",")
    widths = (float(low), float(high))
    one_core()
    started = time.perf_counter()
    rng = np.random.default_rng(args.scene_seed)
    x: list[np.ndarray] = []
    rank: list[int] = []
    suit: list[int] = []
    design: list[str] = []
    kind: list[int] = []
    for name in args.scene_designs.split(","):
        chosen = decks.design(name)
        if chosen.family in decks.HELD_OUT_FAMILIES:
            print(f"{name} is held out", file=sys.stderr)
            return 1
        faces = decks.render_design(chosen, height=320, cache=CACHE)
        clean = _clean_regions(faces)
        for style_name in args.scenes.split(","):
            scene_kind, style = _scene_style(style_name, widths)
            for k in range(args.scene_count):
                image, cards = _scene(scene_kind, style, args.scene_seed + k, faces)
                for patch, card in scene_corners(
                    rng,
                    image,
                    cards,
                    clean,
                    jittered=args.scene_jitter,
                    junk=args.scene_junk,
                    widths=widths,
                ):
                    x.append(encode(patch))
                    rank.append(RANK_JUNK if card is None else RANK_CLASSES.index(card.rank))
                    suit.append(SUIT_JUNK if card is None else SUIT_CLASSES.index(card.suit))
                    design.append(name)
                    kind.append(SCENE_JUNK if card is None else SCENE_INDEX)
            print(
                f"{name}/{style_name}: {len(x)} patches ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    _save(args.out, x, rank, suit, design, kind)
    junk_count = sum(1 for value in kind if value == SCENE_JUNK)
    print(
        f"wrote {args.out}: {len(x)} patches ({junk_count} junk) in "
        f"{time.perf_counter() - started:.0f} s"
    )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--samples", type=int, default=60, help="corners per building face")
    parser.add_argument("--drawn-samples", type=int, default=12, help="corners per drawn face")
    parser.add_argument("--drawn", type=int, default=120, help="drawn deck styles")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--test-fonts",
        action="store_true",
        help="only decks drawn in the fonts kept out of building: a set to check a network on",
    )
    parser.add_argument(
        "--widths",
        default="60,270",
        help="the card's width in the photograph, pixels: drawn between these (log-uniform); "
        "45,100 for small cards far from a tilted camera",
    )
    parser.add_argument(
        "--wide",
        action="store_true",
        help="drawn decks with more rank and suit fonts, bold suits, heavier ranks and suit "
        "curves of wider proportions (drawn_decks.random_style(wide=True))",
    )
    parser.add_argument(
        "--small",
        type=float,
        default=0.0,
        help="this share of the corners from cards 48-72 pixels wide (the most often uncertain)",
    )
    parser.add_argument(
        "--dim",
        type=float,
        default=0.0,
        help="this share of the corners in the building scenes' dim light and sensor (light "
        "30-100%%, a shadow, noise up to 24 levels, blur up to 2.5 pixels, JPEG 55-80; cards "
        "60-150 pixels wide)",
    )
    parser.add_argument(
        "--junk",
        type=float,
        default=0.25,
        help="this share of the corners junk: the outline moved onto the picture, the pips or "
        "the felt (h-net35)",
    )
    parser.add_argument(
        "--scenes",
        default="",
        help="instead: corners cut from whole scenes of these styles (the building check's, "
        "synthetic.CHECK_STYLES, or camera:NAME, lens_scenes.CONDITIONS), h-net51",
    )
    parser.add_argument(
        "--scene-designs",
        default="anglo,tango,ornamental,simplistic",
        help="with --scenes: the building designs dealt",
    )
    parser.add_argument("--scene-seed", type=int, default=13_700_000, help="with --scenes")
    parser.add_argument(
        "--scene-count", type=int, default=20, help="with --scenes: scenes a design and style"
    )
    parser.add_argument(
        "--scene-widths", default="50,100", help="with --scenes: the cards' width, pixels"
    )
    parser.add_argument(
        "--scene-jitter",
        type=int,
        default=2,
        help="with --scenes: outlines off by 0.5-4%% of the card's width, per corner",
    )
    parser.add_argument(
        "--scene-junk", type=int, default=8, help="with --scenes: junk corners a scene"
    )
    parser.add_argument("--out", type=Path, default=Path("build/vision/crops.npz"))
    args = parser.parse_args()
    if args.scenes:
        return build_from_scenes(args)
    started = time.perf_counter()
    prepared = prepare(args)
    if prepared is None:
        return 1
    widths, sources = prepared
    rng = np.random.default_rng(args.seed + 1)
    dim_rng = np.random.default_rng(args.seed + 2)  # which corners are dim (``--dim``)
    x: list[np.ndarray] = []
    rank: list[int] = []
    suit: list[int] = []
    design: list[str] = []
    kind: list[int] = []
    for name, faces in sources:
        cards = [card for card in one_deck() if card in faces]  # one order, fresh or cached
        count = args.drawn_samples if name.startswith("font:") else args.samples
        for card in cards:
            face = faces[card]
            turned = cv2.rotate(face, cv2.ROTATE_180)
            others = [faces[cards[int(rng.integers(len(cards)))]] for _ in range(3)]
            for k in range(count):
                moved = (0.0, 0.0)
                if rng.random() < args.junk:  # junk: onto the picture or pips, or the felt
                    if rng.random() < 0.7:
                        moved = (rng.uniform(0.2, 0.55), rng.uniform(0.2, 0.5))
                    else:
                        moved = (
                            rng.uniform(-0.6, 0.6),
                            rng.choice([-1, 1]) * rng.uniform(0.5, 0.9),
                        )
                chosen = face if k % 2 == 0 else turned
                dim = args.dim > 0 and dim_rng.random() < args.dim
                for patch, is_index in [
                    sample(
                        rng, chosen, others, moved=moved, widths=widths, small=args.small, dim=dim
                    )
                ]:
                    x.append(encode(patch))
                    rank.append(RANK_CLASSES.index(card.rank) if is_index else RANK_JUNK)
                    suit.append(SUIT_CLASSES.index(card.suit) if is_index else SUIT_JUNK)
                    design.append(name)
                    kind.append((4 if is_index else 5) + (2 if dim else 0))
        print(f"{name}: {len(x)} patches ({time.perf_counter() - started:.0f} s)", flush=True)
    _save(args.out, x, rank, suit, design, kind)
    print(f"wrote {args.out}: {len(x)} patches in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
