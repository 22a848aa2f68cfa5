"""The building check's scenes, design by design, style by style and seed by seed, with the
cards wholly in the picture apart from those partly out of it: for the development scripts that
go through them (``vision_tilted.py``, ``vision_second_look.py``, ``vision_outlines.py``).
Building designs only: a held-out design is refused."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from dealer_assist.vision import decks, synthetic
from dealer_assist.vision.synthetic import PlacedCard, Scene, SceneStyle


@dataclass(frozen=True, slots=True)
class CheckScene:
    """One scene of the check: its design, style and seed, and its cards in two lists."""

    design: str
    style: str
    seed: int
    scene: Scene
    whole: list[PlacedCard]  # every corner in the picture
    partial: list[PlacedCard]  # partly out of it (counted neither way)

    @property
    def label(self) -> str:
        return f"{self.design}/{self.style}#{self.seed}"


def check_scenes(
    designs: str,
    styles: str,
    scenes: int,
    first_seed: int,
    cache: Path,
    style_table: Mapping[str, SceneStyle] = synthetic.CHECK_STYLES,
) -> Iterator[CheckScene]:
    """The scenes of ``designs`` and ``styles`` (comma-separated names), ``scenes`` seeds a
    style from ``first_seed``, each design's faces rendered once (``cache``)."""
    for name in designs.split(","):
        chosen = decks.design(name)
        assert chosen.family not in decks.HELD_OUT_FAMILIES, f"{name} is held out"
        faces = decks.render_design(chosen, height=320, cache=cache)
        for style_name in styles.split(","):
            style = style_table[style_name]
            for k in range(scenes):
                seed = first_seed + k
                scene = synthetic.random_scene(seed, faces, style=style)
                height, width = scene.image.shape[:2]
                whole = [
                    c
                    for c in scene.cards
                    if all(0 <= x < width and 0 <= y < height for x, y in c.corners)
                ]
                partial = [c for c in scene.cards if c not in whole]
                yield CheckScene(name, style_name, seed, scene, whole, partial)


def on_any(center: tuple[float, float], cards: list[PlacedCard]) -> bool:
    """Whether ``center`` lies on one of ``cards`` (a detection on a card partly out of the
    picture counts neither way)."""
    point = (float(center[0]), float(center[1]))
    return any(
        cv2.pointPolygonTest(np.array(c.corners, np.float32).reshape(-1, 1, 2), point, False) >= 0
        for c in cards
    )
